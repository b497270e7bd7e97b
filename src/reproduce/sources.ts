// An experiment's jobs (issue #38): a sample trace (read by the caller: Node reads the traces
// folder, the page an uploaded file), a named generated workload, Fregata's DAG workload, or a
// small inline `.tr` text. Generated sources take the engine's random generator, so the CLI and
// the page generate the same jobs. Browser-safe.
import { generateWorkload } from "../workloads.js";
import { generateFregata, type Draws } from "../trace/fregata.js";
import { parseTr } from "../trace/tr.js";
import type { Trace } from "../trace/types.js";
import type { Experiment, Source } from "./types.js";

/** The engine's generator for a seed and a stream (engine/node.ts loadEngineRng, web engineRng). */
export type SeededRng = (seed: number, stream: number) => Draws;

/** The sample trace a source reads, if any (NAME of NAME.tr). */
export function sourceTrace(s: Source): string | undefined {
  return "trace" in s ? s.trace : undefined;
}

/** A one-line description of the source (report, --list). */
export function describeSource(s: Source, quickJobs?: number): string {
  if ("trace" in s) return `${s.trace}.tr`;
  if ("workload" in s) {
    const jobs = quickJobs ?? s.jobs;
    return `--workload ${s.workload}${jobs !== undefined ? ` --jobs ${jobs}` : ""}${s.load !== undefined ? ` --load ${s.load}` : ""}`;
  }
  if ("fregata" in s) {
    return `aviary gen fregata --jobs ${quickJobs ?? s.fregata.jobs}${s.fregata.testbed === "ec2" ? " --testbed ec2" : ""}`;
  }
  return `${s.name} (inline)`;
}

/** A generated (or inline) source's jobs for `seed` (the workload's seed), sized for `nodes` x
 *  `slots` as `aviary compare --workload` sizes them; `jobs` overrides the source's (--quick). */
export function generateSource(s: Source, seed: number, nodes: number, slots: number, rng: SeededRng, jobs?: number): Trace {
  if ("workload" in s) {
    const t = generateWorkload(s.workload, { jobs: jobs ?? s.jobs, load: s.load }, { nodes, slots, seed }, (stream) => rng(seed, stream));
    return t;
  }
  if ("fregata" in s) {
    const t = generateFregata(jobs ?? s.fregata.jobs, (stream) => rng(seed, stream), seed, undefined, s.fregata.testbed ?? "cluster");
    return t;
  }
  if ("inline" in s) return parseTr(new TextEncoder().encode(s.inline), s.name);
  throw new Error(`source ${describeSource(s)} is a trace file, not generated`);
}

/** The seed a generated source is drawn with for scheduling seed `seed`: the seed itself with
 *  `workloadPerSeed`, else the source's own (default 1, as `aviary compare --workload-seed`). */
export function workloadSeed(e: Experiment, seed: number): number {
  if (e.workloadPerSeed) return seed;
  return "workload" in e.source ? e.source.seed ?? 1 : "fregata" in e.source ? e.source.fregata.seed ?? 1 : 1;
}
