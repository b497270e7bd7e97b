// Result digests for refactoring the engine: every scheduler on three setups, each run reduced
// to a hash of its per-job finish times and counters.
//
//   node dist/bench/digest.js [--engine wasm|js]
//
// Setups: a 30,000-job google-like workload at 15,000 nodes x 1 slot and at 4,000 nodes x 4
// slots, and the sample trace ../shared/traces/YH1_sub.tr at 4,000 nodes (skipped, with a
// note, when ../shared is absent). Run it before and after a change that must not alter
// results (a layout or speed change) and compare the last line, ALL <hash>; the per-run lines
// show which run moved. The JS engine gives the same hashes as the Wasm engine.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { resultDigest } from "./result-hash.js";
import { fileURLToPath } from "node:url";
import { loadEngine, loadEngineRng, type EngineKind } from "../src/engine/node.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation } from "../src/simulate.js";
import { generateWorkload } from "../src/workloads.js";
import { readTraceFile } from "../src/trace/node.js";
import { SCHEDULERS } from "../src/config/schedulers.js";
import type { Trace } from "../src/trace/types.js";

const i = process.argv.indexOf("--engine");
const kind = (i >= 0 ? process.argv[i + 1] : "wasm") as EngineKind;
if (kind !== "wasm" && kind !== "js") {
  console.error("digest: --engine must be wasm or js");
  process.exit(2);
}
const { Rng } = await loadEngineRng();
const factory = await loadEngine(kind);
const google = generateWorkload("google-like", { jobs: 30000 }, { nodes: 15000, slots: 1, seed: 1 }, (s) => new Rng(1, s));
const setups: Array<[string, Trace, number, number, number]> = [
  ["google30k 15000x1", google, 15000, 1, 1129.532],
  ["google30k 4000x4", google, 4000, 4, 1129.532],
];
const yh1 = fileURLToPath(new URL("../../../shared/traces/YH1_sub.tr", import.meta.url));
if (existsSync(yh1)) setups.push(["YH1_sub 4000x1", await readTraceFile(yh1), 4000, 1, 90.5811]);
else console.log(`(${yh1} is absent: its setup is skipped, so ALL differs from a run that has it)`);

const all = createHash("sha1");
for (const spec of SCHEDULERS) {
  for (const [name, trace, nodes, slots, cutoff] of setups) {
    const hasCutoff = spec.params.some((p) => p.name === "cutoff");
    const config = resolveConfig({ scheduler: spec.name, nodes, slots, seed: 1, params: hasCutoff ? { cutoff } : {} });
    const t0 = performance.now();
    const r = runSimulation(factory, trace, config);
    const h = resultDigest(r);
    all.update(h);
    console.log(`${spec.name.padEnd(10)} ${name.padEnd(18)} ${h}  ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  }
}
console.log(`ALL ${all.digest("hex").slice(0, 12)}`);
