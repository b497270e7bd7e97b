// The speed target of issue #20: a DAG workload of 2,500 jobs x 2,000 tasks (5 M tasks, `aviary
// gen fregata`'s shapes and demands with every job at 2,000 tasks) on the 50-server
// fregata-cluster, for fregata, pigeon and sparrow in one process (ratios within one run, as
// docs/performance.md asks: the machine is shared).
//
//   node dist/bench/fregata-speed.js [--jobs 2500] [--tasks 2000] [--engine wasm|js] [--schedulers a,b]
import { loadEngine, loadEngineRng } from "../src/engine/node.js";
import { resolveConfig } from "../src/config/config.js";
import { findCluster } from "../src/config/cluster.js";
import { findPreset, paramsForScheduler } from "../src/config/presets.js";
import { runSimulation } from "../src/simulate.js";
import { summarize } from "../src/metrics/summary.js";
import { generateFregata } from "../src/trace/fregata.js";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
}

const jobs = Number(arg("jobs", "2500"));
const tasks = Number(arg("tasks", "2000"));
const engine = arg("engine", "wasm") as "wasm" | "js";
const schedulers = arg("schedulers", "fregata,pigeon,sparrow").split(",");
const { Rng } = await loadEngineRng();
let t0 = performance.now();
const trace = generateFregata(jobs, (s) => new Rng(1, s), 1, tasks);
console.log(`generated ${jobs} jobs x ${tasks} tasks (${trace.durations.length} tasks, ${trace.parents!.length} edges) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const factory = await loadEngine(engine);
const preset = findPreset("fregata-cluster");
const base: Record<string, number> = {};
for (const s of schedulers) {
  const config = resolveConfig({ scheduler: s, seed: 1, cluster: findCluster("fregata-cluster"),
    params: paramsForScheduler(s, { preset }) as Record<string, number> });
  t0 = performance.now();
  const r = runSimulation(factory, trace, config);
  const wall = (performance.now() - t0) / 1000;
  base[s] = wall;
  const sum = summarize(r, preset.cutoff);
  console.log(`${s.padEnd(8)} ${wall.toFixed(1)} s wall (engine ${r.wallSeconds.toFixed(1)} s, ${r.counters.events} events), `
    + `makespan ${sum.makespan.toFixed(0)} s, utilisation mean ${(100 * sum.resources!.mean).toFixed(1)} %`
    + (s !== schedulers[0] ? `; ${schedulers[0]} / ${s} = ${(base[schedulers[0]] / wall).toFixed(2)}` : ""));
}
