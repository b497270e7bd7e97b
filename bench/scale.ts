// Full-scale benchmark (issue "500,000-job scale"): a 506,460-job google-like workload
// (~15.6 M tasks) at 15,000 nodes with the google preset, for sparrow, hawk, eagle and pigeon on
// both engines (tinybench, one timed iteration each: a run takes seconds), plus parsing the
// same workload as a .tr file. Options: --jobs N, --nodes N, --engines wasm,js, --schedulers a,b.
import { Bench } from "tinybench";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import os from "node:os";
import { loadEngine, loadEngineRng, type EngineKind } from "../src/engine/node.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation } from "../src/simulate.js";
import { generateWorkload } from "../src/workloads.js";
import { readTraceFile, writeTraceFile } from "../src/trace/node.js";
import { findPreset, presetParamsFor } from "../src/config/presets.js";
import { findScheduler } from "../src/config/schedulers.js";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
}
const jobs = Number(arg("jobs", "506460"));
const nodes = Number(arg("nodes", "15000"));
const engines = arg("engines", "wasm,js").split(",") as EngineKind[];
const schedulers = arg("schedulers", "sparrow,hawk,eagle,pigeon").split(",");

const { Rng } = await loadEngineRng();
const trace = generateWorkload("google-like", { jobs }, { nodes, slots: 1, seed: 1 }, (s) => new Rng(1, s));
const preset = findPreset("google");
console.log(`machine: ${os.cpus()[0]?.model ?? "?"} x${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log(`workload: google-like, ${trace.arrivals.length} jobs, ${trace.durations.length} tasks; ${nodes} nodes; google preset\n`);

const dir = mkdtempSync(join(tmpdir(), "aviary-bench-"));
const file = join(dir, "google-like.tr");
await writeTraceFile(file, trace);
const bytes = statSync(file).size;

const bench = new Bench({ iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 });
const events = new Map<string, number>();
for (const s of schedulers) {
  const config = resolveConfig({ scheduler: s, nodes, seed: 1, params: presetParamsFor(preset, findScheduler(s)) });
  for (const kind of engines) {
    const factory = await loadEngine(kind);
    bench.add(`${s}/${kind}`, () => {
      const r = runSimulation(factory, trace, config);
      events.set(`${s}/${kind}`, r.counters.events);
    });
  }
}
bench.add("parse .tr", async () => { await readTraceFile(file); }); // two threads at this size
bench.add("parse .tr (one pass)", async () => { await readTraceFile(file, { parallelBytes: Infinity }); });
await bench.run();
rmSync(dir, { recursive: true, force: true });

const rows: string[][] = [["run", "events", "wall s", "events/s", "wasm/js"]];
const rate = new Map<string, number>();
for (const t of bench.tasks) {
  const res = t.result as { state: string; latency?: { mean: number }; error?: Error };
  if (res.state !== "completed" || !res.latency) throw new Error(`${t.name}: ${res.state} ${res.error?.message ?? ""}`);
  const sec = res.latency.mean / 1000;
  if (t.name.startsWith("parse .tr")) {
    rows.push([t.name, `${(bytes / 1e6).toFixed(0)} MB`, sec.toFixed(2), `${(bytes / 1e6 / sec).toFixed(0)} MB/s`, ""]);
    continue;
  }
  const ev = events.get(t.name)!;
  rate.set(t.name, ev / sec);
  const [s, kind] = t.name.split("/");
  const w = rate.get(`${s}/wasm`);
  rows.push([t.name, ev.toLocaleString("en-US"), sec.toFixed(2), `${(ev / sec / 1e6).toFixed(2)} M`,
    kind === "js" && w ? `${(w / (ev / sec)).toFixed(2)}x` : ""]);
}
const width = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join("  "));
console.log(`\npeak RSS of this process: ${(process.resourceUsage().maxRSS / 1024 / 1024).toFixed(2)} GB (all runs and the trace in one process)`);
