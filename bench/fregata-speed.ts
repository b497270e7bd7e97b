// The speed target of issue #20: a DAG workload of 2,500 jobs x 2,000 tasks (5 M tasks, `aviary
// gen fregata`'s shapes and demands with every job at 2,000 tasks) on the 50-server
// fregata-cluster, for fregata, pigeon and sparrow in one process (ratios within one run, as
// docs/performance.md asks: the machine is shared).
//
//   node dist/bench/fregata-speed.js [--jobs 2500] [--tasks 2000] [--engine wasm|js] [--schedulers a,b]
//                                    [--base ROOT [--rounds R]] [--fresh]
//
// The Wasm engine's runs in one process reuse the linear memory of the run before (engine/wasm.ts:
// its pages are not touched for the first time again), so a run after the first pays fewer page
// faults than a single CLI run does; --fresh gives each run a factory (and so a memory) of its
// own, as in a process that runs once — this build's and ROOT's alike. (ROOT's build imports no
// memory before that change, and always runs on a fresh one.)
//
// Each row also gives the run's process CPU seconds (user + sys: wall time on a shared VM is
// inflated by the others' load), its minor page faults (each fresh 4 KB page the run touches;
// on this VM a fault costs several microseconds of system time) and the Wasm engine's memory.
// With --base ROOT (another built checkout, e.g. `git worktree add /tmp/base <commit>`, its
// node_modules linked, `node scripts/build.mjs`), each scheduler runs R rounds on ROOT's engine
// and host code (its dist/src/simulate.js: the host's side of the engine's API may differ) and on
// this one's, interleaved (the order alternating), on the same trace; the per-job finish times
// must be identical, and the minima of CPU seconds are compared.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import { loadEngine, loadEngineFrom, loadEngineRng, packageRoot } from "../src/engine/node.js";
import { wasmEngineFactory } from "../src/engine/wasm.js";
import type { EngineFactory } from "../src/engine/types.js";
import { resolveConfig } from "../src/config/config.js";
import { findCluster } from "../src/config/cluster.js";
import { findPreset, paramsForScheduler } from "../src/config/presets.js";
import { runSimulation, type SimResult } from "../src/simulate.js";
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
const baseRoot = arg("base", "");
const rounds = Number(arg("rounds", "1"));
const { Rng } = await loadEngineRng();
let t0 = performance.now();
const trace = generateFregata(jobs, (s) => new Rng(1, s), 1, tasks);
console.log(`generated ${jobs} jobs x ${tasks} tasks (${trace.durations.length} tasks, ${trace.parents!.length} edges) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

/** A factory that notes the engine's memory when the run disposes of it. */
let lastMemory = 0;
function noting(loaded: EngineFactory): EngineFactory {
  return () => {
    const e = loaded();
    const dispose = e.dispose;
    e.dispose = () => { lastMemory = e.memoryBytes?.() ?? 0; dispose(); };
    return e;
  };
}
const fresh = process.argv.includes("--fresh") && engine === "wasm";
const wasmModule = fresh ? new WebAssembly.Module(readFileSync(join(packageRoot(), "build/aviary.wasm"))) : undefined;
const shared = noting(await loadEngine(engine));
/** This build's engine: the process's factory, or with --fresh one of its own per run. */
const factory: EngineFactory = () => (wasmModule ? noting(wasmEngineFactory(wasmModule)) : shared)();
/** ROOT's engine: its process factory, or with --fresh (and a ROOT whose engine/wasm.ts exports
 *  wasmEngineFactory) one of its own per run, so that both builds' runs pay a single run's fresh
 *  pages (ROOT's shared factory reuses its last run's memory: its runs after the first would
 *  touch no fresh page). */
let baseFactory: EngineFactory | undefined;
if (baseRoot) {
  const baseShared = noting(await loadEngineFrom(join(resolve(baseRoot), "build"), engine));
  const baseWasm = fresh ? (await import(pathToFileURL(join(resolve(baseRoot), "dist/src/engine/wasm.js")).href)).wasmEngineFactory : undefined;
  if (fresh && typeof baseWasm === "function") {
    const baseModule = new WebAssembly.Module(readFileSync(join(resolve(baseRoot), "build/aviary.wasm")));
    baseFactory = () => noting(baseWasm(baseModule))();
  } else baseFactory = baseShared;
}
type Runner = typeof runSimulation;
const baseRun: Runner | undefined = baseRoot
  ? (await import(pathToFileURL(join(resolve(baseRoot), "dist/src/simulate.js")).href)).runSimulation : undefined;
const preset = findPreset("fregata-cluster");

interface Timed { r: SimResult; wall: number; cpu: number; sys: number; faults: number; memory: number }
function timed(f: EngineFactory, s: string, run: Runner = runSimulation): Timed {
  const config = resolveConfig({ scheduler: s, seed: 1, cluster: findCluster("fregata-cluster"),
    params: paramsForScheduler(s, { preset }) as Record<string, number> });
  lastMemory = 0;
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  const faults0 = process.resourceUsage().minorPageFault;
  const r = run(f, trace, config);
  const wall = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { r, wall, cpu: (cpu.user + cpu.system) / 1e6, sys: cpu.system / 1e6,
    faults: process.resourceUsage().minorPageFault - faults0, memory: lastMemory };
}
function describe(x: Timed): string {
  return `${x.wall.toFixed(1)} s wall, ${x.cpu.toFixed(1)} s CPU (${x.sys.toFixed(1)} s sys, ${(x.faults / 1000).toFixed(0)}k page faults`
    + `${x.memory ? `, engine memory ${(x.memory / 2 ** 20).toFixed(0)} MB` : ""}; engine ${x.r.wallSeconds.toFixed(1)} s, ${x.r.counters.events} events)`;
}

if (!baseFactory) {
  const base: Record<string, Timed> = {};
  for (const s of schedulers) {
    const x = timed(factory, s);
    base[s] = x;
    const sum = summarize(x.r, preset.cutoff);
    const first = base[schedulers[0]];
    console.log(`${s.padEnd(8)} ${describe(x)}, makespan ${sum.makespan.toFixed(0)} s, utilisation mean ${(100 * sum.resources!.mean).toFixed(1)} %`
      + (s !== schedulers[0] ? `; ${schedulers[0]} / ${s} = ${(first.wall / x.wall).toFixed(2)} wall, ${(first.cpu / x.cpu).toFixed(2)} CPU` : ""));
  }
} else {
  for (const s of schedulers) {
    const cpu: [number[], number[]] = [[], []];
    for (let k = 0; k < rounds; k++) {
      const order = k % 2 === 0 ? [0, 1] : [1, 0];
      const results: SimResult[] = [];
      for (const which of order) {
        const x = which === 0 ? timed(baseFactory, s, baseRun) : timed(factory, s);
        cpu[which].push(x.cpu);
        results[which] = x.r;
        console.log(`${s.padEnd(8)} ${which === 0 ? "base" : "this"} round ${k + 1}: ${describe(x)}`);
      }
      const [a, b] = results;
      let same = a.finish.length === b.finish.length && a.counters.events === b.counters.events;
      for (let j = 0; same && j < a.finish.length; j++) same = Object.is(a.finish[j], b.finish[j]);
      if (!same) { console.log(`${s}: results DIFFER between ${baseRoot} and this build`); process.exitCode = 1; }
    }
    const minA = Math.min(...cpu[0]);
    const minB = Math.min(...cpu[1]);
    console.log(`${s.padEnd(8)} CPU min base ${minA.toFixed(2)} s, this ${minB.toFixed(2)} s: this / base = ${(minB / minA).toFixed(3)}`);
  }
}
