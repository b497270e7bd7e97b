// A/B timing of engine builds, for performance work on a noisy machine.
//
//   node dist/bench/ab.js [--trace FILE | --jobs N] [--schedulers a,b] [--nodes N] [--rounds R]
//                         [--engine wasm|js] [--preset P | --preset s=P,s=P] [--fresh] [--different] ROOT [ROOT ...]
//
// Each ROOT is a built checkout of this package (its dist/ and build/), e.g. a `git worktree`
// of an older commit after `node scripts/build.mjs`. All roots run in one process on the same
// trace (read or generated once), interleaved round by round (the order flips each round), so a
// slow spell of a shared VM hits every root alike; the minimum and median per root are printed.
// Timings on this class of machine swing by up to 2x over minutes: compare minima over several
// rounds, not single runs. Each run gives its wall seconds and its process CPU seconds (user + sys
// over the run, `process.cpuUsage`: the engine's thread plus the GC's helpers, as `time` counts
// them), which a busy neighbour inflates less than wall time. The schedulers' order flips each
// round too; with several schedulers, each one's minima and medians are also given as ratios to
// the first's in the same roots (e.g. `--schedulers hawk,hawk-dice --preset
// hawk=google,hawk-dice=dice-google .`: one build's Dice cost against its host). --preset names
// the parameter preset (default google), for all schedulers or per scheduler. A build whose Wasm
// runs reuse a finished run's memory (src/engine/wasm.ts) touches fewer fresh pages from its
// second run on than a single CLI run does; --fresh gives every Wasm run a factory, and so a
// memory, of its own (the comparison then leaves the reuse out). Every run's per-job finish times and counters are hashed, and the
// tool fails if two roots disagree: a speed-up must not change results.
//
// With one ROOT and --rounds 1 it is a plain single run, e.g. under a cache simulator:
//   valgrind --tool=cachegrind --cache-sim=yes --LL=524288,8,64 --D1=32768,8,64 \
//     --smc-check=all-non-file node --no-liftoff dist/bench/ab.js --trace /tmp/g30.tr \
//     --rounds 1 --schedulers eagle .
// (use a trace file there: a generated workload's garbage is collected during the run)
// (the LL line then models this machine's 512 KB L2; see docs/performance.md, "Profiling"). With
// --rounds 0 it only reads or generates the trace and loads the engines: the baseline to
// subtract from such a count.
import { resultDigest } from "./result-hash.js";
import { setFlagsFromString } from "node:v8";
import { resolve } from "node:path";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

// V8's Wasm inlining as the product sets it (src/engine/node.ts compileEngineModule), before any
// root's module is compiled, so that every root runs with the same flag (AVIARY_WASM_INLINING=0:
// without it, for both).
if (process.env.AVIARY_WASM_INLINING !== "0") setFlagsFromString("--experimental-wasm-inlining");

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
}
const valued = new Set(["--trace", "--jobs", "--schedulers", "--nodes", "--rounds", "--engine", "--preset"]);
const roots = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && !valued.has(all[i - 1]));
if (roots.length === 0) {
  console.error("usage: node dist/bench/ab.js [--trace FILE | --jobs N] [--schedulers a,b] [--nodes N] [--rounds R] [--engine wasm|js] [--preset P | --preset s=P,s=P] [--different] ROOT [ROOT ...]");
  process.exit(2);
}
const schedulers = arg("schedulers", "sparrow,eagle").split(",");
const nodes = Number(arg("nodes", "15000"));
const rounds = Number(arg("rounds", "4"));
const engine = arg("engine", "wasm");
const traceFile = arg("trace", "");
// --different: the roots may give different results (a change of random draws, say); the digests
// are printed but not compared.
const different = process.argv.includes("--different");
const fresh = process.argv.includes("--fresh") && engine === "wasm";
const jobs = Number(arg("jobs", "120000"));
// The preset per scheduler: `--preset dice-google` for all, or `hawk=google,hawk-dice=dice-google`.
const presetArg = arg("preset", "google");
const presetOf = new Map<string, string>();
for (const part of presetArg.split(",")) {
  const eq = part.indexOf("=");
  if (eq < 0) for (const s of schedulers) presetOf.set(s, part);
  else presetOf.set(part.slice(0, eq), part.slice(eq + 1));
}
for (const s of schedulers) {
  if (!presetOf.has(s)) {
    console.error(`ab: --preset: no preset given for scheduler '${s}' (give one for every scheduler, or one for all)`);
    process.exit(2);
  }
}
if (!Number.isInteger(nodes) || nodes < 1 || !Number.isInteger(rounds) || rounds < 0 || !Number.isInteger(jobs) || jobs < 1) {
  console.error("ab: --nodes and --jobs must be positive integers, --rounds an integer >= 0");
  process.exit(2);
}

interface Root {
  name: string;
  run: (scheduler: string) => { seconds: number; cpu: number; digest: string; events: number };
}

async function load(dir: string): Promise<Root> {
  const at = (p: string) => import(pathToFileURL(resolve(dir, "dist/src", p)).href);
  const { loadEngine } = await at("engine/node.js");
  const { resolveConfig } = await at("config/config.js");
  const { runSimulation } = await at("simulate.js");
  const { findPreset, presetParamsFor } = await at("config/presets.js");
  const { findScheduler } = await at("config/schedulers.js");
  const shared = await loadEngine(engine);
  // --fresh: a factory per run from the root's own module (no memory handed from run to run)
  let factory = shared;
  let perRun: (() => unknown) | undefined;
  if (fresh) {
    const { wasmEngineFactory } = await at("engine/wasm.js");
    const module = new WebAssembly.Module(readFileSync(resolve(dir, "build/aviary.wasm")));
    perRun = () => wasmEngineFactory(module);
  }
  for (const s of schedulers) {
    try {
      findPreset(presetOf.get(s)!);
      findScheduler(s);
    } catch (e) {
      console.error(`ab: ${dir}: ${(e as Error).message}`);
      process.exit(2);
    }
  }
  return {
    name: dir,
    run: (scheduler) => {
      const config = resolveConfig({ scheduler, nodes, slots: 1, seed: 1,
        params: presetParamsFor(findPreset(presetOf.get(scheduler)!), findScheduler(scheduler)) });
      if (perRun) factory = perRun();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = runSimulation(factory, trace, config);
      const seconds = (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      const cpu = (c.user + c.system) / 1e6;
      const digest = resultDigest(r);
      return { seconds, cpu, digest, events: r.counters.events };
    },
  };
}

// The trace comes from the first root's reader or generator (every root gets the same columns).
const first = (p: string) => import(pathToFileURL(resolve(roots[0], "dist/src", p)).href);
let trace: unknown;
if (traceFile) {
  const { readTraceFile } = await first("trace/node.js");
  trace = await readTraceFile(traceFile);
} else {
  const { generateWorkload } = await first("workloads.js");
  const { loadEngineRng } = await first("engine/node.js");
  const { Rng } = await loadEngineRng();
  trace = generateWorkload("google-like", { jobs }, { nodes, slots: 1, seed: 1 }, (s: number) => new Rng(1, s));
}
const loaded: Root[] = [];
for (const r of roots) loaded.push(await load(r));

const times = new Map<string, number[]>();
const cpus = new Map<string, number[]>();
const digests = new Map<string, string>();
for (let i = 0; i < rounds; i++) {
  const order = i % 2 === 0 ? loaded : [...loaded].reverse();
  for (const s of i % 2 === 0 ? schedulers : [...schedulers].reverse()) {
    for (const root of order) {
      const { seconds, cpu, digest, events } = root.run(s);
      const key = `${s}  ${root.name}`;
      (times.get(key) ?? times.set(key, []).get(key)!).push(seconds);
      (cpus.get(key) ?? cpus.set(key, []).get(key)!).push(cpu);
      const seen = digests.get(s);
      if (seen === undefined) digests.set(s, digest);
      else if (seen !== digest && !different) {
        console.error(`ab: ${s}: ${root.name} gives different results (digest ${digest}, first root ${seen})`);
        process.exit(1);
      }
      console.log(`round ${i + 1}  ${s.padEnd(8)} ${root.name}  ${seconds.toFixed(2)} s  cpu ${cpu.toFixed(2)} s  ${events} events  ${digest}`);
    }
  }
}
if (rounds === 0) process.exit(0);
const sorted = (t: number[]) => [...t].sort((a, b) => a - b);
const min = (t: number[]) => sorted(t)[0];
const median = (t: number[]) => sorted(t)[t.length >> 1];
console.log("");
for (const [key, t] of times) {
  const c = cpus.get(key)!;
  console.log(`${key.padEnd(40)} wall min ${min(t).toFixed(2)} s  median ${median(t).toFixed(2)} s   cpu min ${min(c).toFixed(2)} s  median ${median(c).toFixed(2)} s`);
}
if (schedulers.length > 1) {
  console.log("");
  for (const root of loaded) {
    const base = `${schedulers[0]}  ${root.name}`;
    for (const s of schedulers.slice(1)) {
      const key = `${s}  ${root.name}`;
      const r = (m: Map<string, number[]>, f: (t: number[]) => number) => (f(m.get(key)!) / f(m.get(base)!)).toFixed(3);
      console.log(`${s} / ${schedulers[0]}  ${root.name}  wall min/min ${r(times, min)}  median/median ${r(times, median)}   cpu min/min ${r(cpus, min)}  median/median ${r(cpus, median)}`);
    }
  }
}
