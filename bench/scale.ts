// Full-scale benchmark (issues "500,000-job scale" and #23): a 506,460-job google-like workload
// (~15.6 M tasks) at 15,000 nodes with the google preset (dice-google for the Dice schedulers),
// for every registered scheduler on the Wasm engine and for sparrow, hawk, eagle and pigeon on
// the JS engine too (one timed run each, a row printed as it ends), with each run's time as a
// multiple of an Eagle run made just before it, plus parsing the workload as a .tr file.
// Options: --jobs N, --nodes N, --engines wasm,js, --schedulers a,b|all, --js a,b (JS-engine
// rows; none: --js ''). Every scheduler at full size takes about 20 minutes on this VM.
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
import { findScheduler, SCHEDULERS } from "../src/config/schedulers.js";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
}
const jobs = Number(arg("jobs", "506460"));
const nodes = Number(arg("nodes", "15000"));
const engines = arg("engines", "wasm,js").split(",") as EngineKind[];
const wanted = arg("schedulers", "all");
const schedulers = wanted === "all" ? SCHEDULERS.map((s) => s.name) : wanted.split(",");
const jsRows = new Set(arg("js", "sparrow,hawk,eagle,pigeon").split(",").filter((s) => s !== ""));
/** The preset a scheduler runs under: its system's google-trace preset where it has one. */
const presetOf = (s: string) => (s.endsWith("-dice") ? "dice-google" : "google");

const { Rng } = await loadEngineRng();
const trace = generateWorkload("google-like", { jobs }, { nodes, slots: 1, seed: 1 }, (s) => new Rng(1, s));
console.log(`machine: ${os.cpus()[0]?.model ?? "?"} x${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log(`workload: google-like, ${trace.arrivals.length} jobs, ${trace.durations.length} tasks; ${nodes} nodes; google preset (dice-google for *-dice)\n`);

const dir = mkdtempSync(join(tmpdir(), "aviary-bench-"));
const file = join(dir, "google-like.tr");
await writeTraceFile(file, trace);
const bytes = statSync(file).size;

// One timed run each (a run takes seconds to minutes), a row printed as soon as it ends, so a
// long benchmark shows its progress and a killed one keeps its rows. On a shared VM whose speed
// drifts over minutes, each scheduler's multiple of Eagle's time is taken against an Eagle run
// made just before it on the same engine (`eagle s`), not one run at the start.
const header = ["run", "events", "wall s", "events/s", "wasm/js", "eagle s", "x eagle"];
const width = [22, 12, 9, 9, 8, 8, 8];
const line = (r: string[]) => console.log(r.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join("  "));
line(header);
const rate = new Map<string, number>();
const order = [...new Set(["eagle", ...schedulers])].filter((s) => schedulers.includes(s));
const configOf = (s: string) =>
  resolveConfig({ scheduler: s, nodes, seed: 1, params: presetParamsFor(findPreset(presetOf(s)), findScheduler(s)) });
for (const kind of engines) {
  const factory = await loadEngine(kind);
  const timed = (s: string) => {
    const t0 = performance.now();
    const r = runSimulation(factory, trace, configOf(s));
    return { sec: (performance.now() - t0) / 1000, events: r.counters.events };
  };
  for (const s of order) {
    if (kind === "js" && !jsRows.has(s)) continue;
    const eagle = s === "eagle" ? undefined : timed("eagle").sec;
    const { sec, events: ev } = timed(s);
    const name = `${s}/${kind}`;
    rate.set(name, ev / sec);
    const w = rate.get(`${s}/wasm`);
    line([name, ev.toLocaleString("en-US"), sec.toFixed(2), `${(ev / sec / 1e6).toFixed(2)} M`,
      kind === "js" && w ? `${(w / (ev / sec)).toFixed(2)}x` : "", eagle ? eagle.toFixed(2) : "", eagle ? (sec / eagle).toFixed(2) : "1.00"]);
  }
}
for (const [name, opts] of [["parse .tr", {}], ["parse .tr (one pass)", { parallelBytes: Infinity }]] as const) {
  const t0 = performance.now();
  await readTraceFile(file, opts); // (two threads at this size unless one pass)
  const sec = (performance.now() - t0) / 1000;
  line([name, `${(bytes / 1e6).toFixed(0)} MB`, sec.toFixed(2), `${(bytes / 1e6 / sec).toFixed(0)} MB/s`, "", ""]);
}
rmSync(dir, { recursive: true, force: true });
console.log(`\npeak RSS of this process: ${(process.resourceUsage().maxRSS / 1024 / 1024).toFixed(2)} GB (all runs and the trace in one process)`);
