// The committed golden results (test/golden/results.json): a hash of every scheduler's results
// (per-job finish times and counters, bench/result-hash.ts) on a generated workload and, when
// ../shared is beside the project, two sample traces — and of the deterministic part of its JSON
// summary (every field but engine, wallSeconds and eventsPerSecond; the trace's name without its
// folder).
//
//   node dist/bench/golden.js --check [--engine wasm|js|both]   exit 1 listing the moved rows
//   node dist/bench/golden.js --write                          after a change that moves results
//
// A change that moves results updates the file in the same commit, with a sentence why in the
// commit message (README, "Determinism"). test/golden.test.ts checks it on both engines, whole
// and streamed; CI checks it again under Node 22 (.ci/run).
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import { loadEngine, loadEngineRng, packageRoot, type EngineKind } from "../src/engine/node.js";
import { join } from "node:path";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation, type SimResult } from "../src/simulate.js";
import { summarize, type RunSummary } from "../src/metrics/summary.js";
import { findPreset, presetParamsFor } from "../src/config/presets.js";
import { SCHEDULERS, type SchedulerSpec } from "../src/config/schedulers.js";
import { generateWorkload } from "../src/workloads.js";
import { readTraceFile } from "../src/trace/node.js";
import { resultDigest } from "./result-hash.js";
import type { Trace } from "../src/trace/types.js";
import type { EngineFactory } from "../src/engine/types.js";

export const GOLDEN_FILE = join(packageRoot(), "test/golden/results.json");
const SHARED = join(packageRoot(), "../shared/traces/");

export interface GoldenSetup { name: string; trace: Trace; nodes: number; preset: string }

/** The set-ups: always the generated one; the sample traces when ../shared/traces is there. */
export async function goldenSetups(): Promise<GoldenSetup[]> {
  const { Rng } = await loadEngineRng();
  const setups: GoldenSetup[] = [{
    name: "google-like 3000 jobs, 1500 nodes",
    trace: generateWorkload("google-like", { jobs: 3000 }, { nodes: 1500, slots: 1, seed: 1 }, (s) => new Rng(1, s)),
    nodes: 1500, preset: "google",
  }];
  if (existsSync(`${SHARED}YH1_sub.tr`)) {
    setups.push({ name: "YH1_sub.tr, 4000 nodes", trace: await readTraceFile(`${SHARED}YH1_sub.tr`), nodes: 4000, preset: "yahoo" });
  }
  if (existsSync(`${SHARED}NGO_trace90.tr`)) {
    setups.push({ name: "NGO_trace90.tr, 120 nodes", trace: await readTraceFile(`${SHARED}NGO_trace90.tr`), nodes: 120, preset: "pigeon-ec2" });
  }
  return setups;
}

/** The summary's fields that the determinism promise covers (all but engine and timings). */
export function deterministicSummary(s: RunSummary): string {
  const { engine, wallSeconds, eventsPerSecond, ...rest } = s;
  void engine; void wallSeconds; void eventsPerSecond;
  return JSON.stringify(rest);
}

/** The same without the trace's name (a path, which depends on where the file was read from). */
function placeFreeSummary(s: RunSummary): string {
  return deterministicSummary({ ...s, trace: { ...s.trace, name: s.trace.name.replace(/^.*[\\/]/, "") } });
}

export function goldenRow(r: SimResult, cutoff: number | undefined): string {
  const summary = createHash("sha1").update(placeFreeSummary(summarize(r, cutoff))).digest("hex").slice(0, 12);
  return `${resultDigest(r)} ${summary}`;
}

export function goldenConfig(spec: SchedulerSpec, setup: GoldenSetup) {
  const preset = findPreset(setup.preset);
  return { config: resolveConfig({ scheduler: spec.name, nodes: setup.nodes, seed: 1, params: presetParamsFor(preset, spec) }), cutoff: preset.cutoff };
}

/** Every row: "SCHEDULER @ SETUP" -> "RESULTS-HASH SUMMARY-HASH". */
export async function computeGolden(factory: EngineFactory, setups: GoldenSetup[]): Promise<Record<string, string>> {
  const rows: Record<string, string> = {};
  for (const setup of setups) {
    for (const spec of SCHEDULERS) {
      const { config, cutoff } = goldenConfig(spec, setup);
      rows[`${spec.name} @ ${setup.name}`] = goldenRow(runSimulation(factory, setup.trace, config), cutoff);
    }
  }
  return rows;
}

export function readGolden(): Record<string, string> {
  return JSON.parse(readFileSync(GOLDEN_FILE, "utf8")).rows;
}

/** Rows of `got` that differ from (or are missing in) the golden file. */
export function goldenDiff(got: Record<string, string>, golden = readGolden()): string[] {
  return Object.entries(got).filter(([k, v]) => golden[k] !== v)
    .map(([k, v]) => (golden[k] === undefined ? `${k}: ${v}, and the golden file has no such row` : `${k}: ${v}, golden ${golden[k]}`));
}

/** What to do when rows are missing or moved (the tests' and --check's message). */
export const GOLDEN_HINT = "test/golden/results.json disagrees: a new scheduler (or set-up) needs its rows, and a change that "
  + "moves results needs new ones — run `npm run build && node dist/bench/golden.js --write` and commit the file with a "
  + "sentence saying why the results moved (README, \"Determinism\"); if results should not have moved, the change is wrong";

async function main(): Promise<void> {
  const arg = (name: string) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined; };
  const setups = await goldenSetups();
  if (process.argv.includes("--write")) {
    const rows = await computeGolden(await loadEngine("wasm"), setups);
    writeFileSync(GOLDEN_FILE, JSON.stringify({
      note: "bench/golden.ts: hashes of every scheduler's results (per-job finish times and counters) and of its JSON summary without engine and timings; regenerate with node dist/bench/golden.js --write only in a commit that says why results moved",
      rows,
    }, null, 2) + "\n");
    console.log(`wrote ${Object.keys(rows).length} rows to ${GOLDEN_FILE}`);
    return;
  }
  const which = arg("--engine") ?? "both";
  const kinds: EngineKind[] = which === "both" ? ["wasm", "js"] : [which as EngineKind];
  let bad = 0;
  for (const kind of kinds) {
    const t0 = performance.now();
    const rows = await computeGolden(await loadEngine(kind), setups);
    const diff = goldenDiff(rows);
    bad += diff.length;
    console.log(`${kind} engine, Node ${process.version}: ${Object.keys(rows).length} rows on ${setups.length} set-ups, `
      + `${diff.length} moved (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    for (const d of diff) console.log(`  moved: ${d}`);
  }
  if (bad > 0) console.log(GOLDEN_HINT);
  process.exitCode = bad === 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
