// A/B timing of engine builds, for performance work on a noisy machine.
//
//   node dist/bench/ab.js [--trace FILE | --jobs N] [--schedulers a,b] [--nodes N] [--rounds R]
//                         [--engine wasm|js] [--different] ROOT [ROOT ...]
//
// Each ROOT is a built checkout of this package (its dist/ and build/), e.g. a `git worktree`
// of an older commit after `node scripts/build.mjs`. All roots run in one process on the same
// trace (read or generated once), interleaved round by round (the order flips each round), so a
// slow spell of a shared VM hits every root alike; the minimum and median per root are printed.
// Timings on this class of machine swing by up to 2x over minutes: compare minima over several
// rounds, not single runs. Every run's per-job finish times and counters are hashed, and the
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
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
}
const valued = new Set(["--trace", "--jobs", "--schedulers", "--nodes", "--rounds", "--engine"]);
const roots = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && !valued.has(all[i - 1]));
if (roots.length === 0) {
  console.error("usage: node dist/bench/ab.js [--trace FILE | --jobs N] [--schedulers a,b] [--nodes N] [--rounds R] [--engine wasm|js] [--different] ROOT [ROOT ...]");
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
const jobs = Number(arg("jobs", "120000"));
if (!Number.isInteger(nodes) || nodes < 1 || !Number.isInteger(rounds) || rounds < 0 || !Number.isInteger(jobs) || jobs < 1) {
  console.error("ab: --nodes and --jobs must be positive integers, --rounds an integer >= 0");
  process.exit(2);
}

interface Root {
  name: string;
  run: (scheduler: string) => { seconds: number; digest: string; events: number };
}

async function load(dir: string): Promise<Root> {
  const at = (p: string) => import(pathToFileURL(resolve(dir, "dist/src", p)).href);
  const { loadEngine } = await at("engine/node.js");
  const { resolveConfig } = await at("config/config.js");
  const { runSimulation } = await at("simulate.js");
  const { findPreset, presetParamsFor } = await at("config/presets.js");
  const { findScheduler } = await at("config/schedulers.js");
  const factory = await loadEngine(engine);
  return {
    name: dir,
    run: (scheduler) => {
      const config = resolveConfig({ scheduler, nodes, slots: 1, seed: 1,
        params: presetParamsFor(findPreset("google"), findScheduler(scheduler)) });
      const t0 = performance.now();
      const r = runSimulation(factory, trace, config);
      const seconds = (performance.now() - t0) / 1000;
      const digest = resultDigest(r);
      return { seconds, digest, events: r.counters.events };
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
const digests = new Map<string, string>();
for (let i = 0; i < rounds; i++) {
  const order = i % 2 === 0 ? loaded : [...loaded].reverse();
  for (const s of schedulers) {
    for (const root of order) {
      const { seconds, digest, events } = root.run(s);
      const key = `${s}  ${root.name}`;
      (times.get(key) ?? times.set(key, []).get(key)!).push(seconds);
      const seen = digests.get(s);
      if (seen === undefined) digests.set(s, digest);
      else if (seen !== digest && !different) {
        console.error(`ab: ${s}: ${root.name} gives different results (digest ${digest}, first root ${seen})`);
        process.exit(1);
      }
      console.log(`round ${i + 1}  ${s.padEnd(8)} ${root.name}  ${seconds.toFixed(2)} s  ${events} events  ${digest}`);
    }
  }
}
console.log("");
for (const [key, t] of times) {
  const s = [...t].sort((a, b) => a - b);
  console.log(`${key.padEnd(40)} min ${s[0].toFixed(2)} s  median ${s[s.length >> 1].toFixed(2)} s`);
}
