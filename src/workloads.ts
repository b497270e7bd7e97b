// Named workloads that `aviary run --workload NAME` (and `compare`) generate in memory (no file
// needed).
// - Poisson workloads (`default`, `mm1`, `heavy-tail`) are sized against the run's cluster so that
//   `load` means the offered fraction of its slot capacity.
// - Trace-like workloads (`google-like`, `yahoo-like`, `cloudera-like`; src/trace/tracelike.ts)
//   keep a trace's fixed arrival rate by default: `load` of their reference cluster (`nodes` x 1
//   slot), whatever the run's --nodes, so that --nodes sweeps the load as in the papers (§3.4).
//   Given an explicit --load, they are sized against the run's cluster like the Poisson ones.
import { InputError } from "./errors.js";
import { generatePoisson, type RngFactory } from "./trace/gen.js";
import { TRACE_GENERATORS, generateTraceLike } from "./trace/tracelike.js";
import type { Trace } from "./trace/types.js";
import { YAQ_WORKLOADS, generateYaq } from "./trace/yaq.js";
import { KAIROS_WORKLOADS, generateKairos } from "./trace/kairos.js";
import { groupDigits } from "./report/numbers.js";

interface WorkloadBase {
  name: string;
  description: string;
  jobs: number;
  load: number;
}

/** A named Poisson workload (default, mm1, heavy-tail). */
export interface PoissonWorkload extends WorkloadBase {
  kind: "poisson";
  tasks: number;
  duration: string;
}

/** A named workload with a published trace's statistics (google-like, yahoo-like, cloudera-like). */
export interface TraceLikeWorkload extends WorkloadBase {
  kind: "trace-like";
  /** Reference cluster (one-slot nodes) the default load refers to. */
  nodes: number;
}

/** Yaq's workloads (src/trace/yaq.ts): backlogged unless --load is given. */
export interface YaqWorkloadSpec extends Omit<WorkloadBase, "jobs" | "load"> {
  kind: "yaq";
  jobs?: number;
  load?: number;
}

/** The Kairos testbed's WordCount mixes (src/trace/kairos.ts): the paper's own arrival rate. */
export interface KairosWorkloadSpec extends WorkloadBase {
  kind: "kairos";
}

/** A named workload (`--workload`). */
export type WorkloadSpec = PoissonWorkload | TraceLikeWorkload | YaqWorkloadSpec | KairosWorkloadSpec;

/** Every named workload. */
export const WORKLOADS: WorkloadSpec[] = [
  {
    kind: "poisson", name: "default", jobs: 20_000, tasks: 20, duration: "exp:1", load: 0.85,
    description: "the embedded main job: 20,000 Poisson jobs of 20 exp(1 s) tasks at 85% load",
  },
  {
    kind: "poisson", name: "mm1", jobs: 200_000, tasks: 1, duration: "exp:1", load: 0.8,
    description: "single-task jobs, exp(1 s) service, 80% load (each node under `random` is an M/M/1 queue)",
  },
  {
    kind: "poisson", name: "heavy-tail", jobs: 20_000, tasks: 20, duration: "pareto:1.5:1", load: 0.8,
    description: "20-task jobs with Pareto(alpha 1.5, mean 1 s) task durations at 80% load",
  },
  ...TRACE_GENERATORS.map((g): TraceLikeWorkload => ({
    kind: "trace-like", name: g.name, jobs: g.defaultJobs, load: g.defaultLoad, nodes: g.defaultNodes,
    description: `${g.description}; ${groupDigits(g.defaultJobs)} jobs, offered load ${g.defaultLoad} of ` +
      `${groupDigits(g.defaultNodes)} nodes unless --load is given`,
  })),
  ...YAQ_WORKLOADS.map((w): YaqWorkloadSpec => ({
    kind: "yaq", name: w.name,
    description: `${w.description}; backlogged (all jobs at t = 0) unless --load is given; default jobs: ${w.name === "yaq-hive" ? "185" : "30 minutes of the cluster's slots"}`,
  })),
  ...KAIROS_WORKLOADS.map((w): KairosWorkloadSpec => ({
    kind: "kairos", name: w.name, jobs: w.jobs, load: 0, description: `${w.description} (its arrival rate is the paper's: --load does not apply)`,
  })),
];

/** The workload named `name`; InputError (one line naming the known ones) otherwise. */
export function findWorkload(name: string): WorkloadSpec {
  const w = WORKLOADS.find((x) => x.name === name);
  if (!w) throw new InputError(`unknown workload '${name}' (known: ${WORKLOADS.map((x) => x.name).join(", ")})`);
  return w;
}

/** Generates the named workload for a cluster of `nodes` x `slots` (the run's), with `jobs` and
 *  `load` overriding the workload's defaults (see the header for what `load` refers to).
 *  `rng(stream)` must return the engine's generator for `seed` and that stream. Named
 *  `workload:NAME`. */
export function generateWorkload(name: string, input: { jobs?: number; load?: number },
                                 cluster: { nodes: number; slots: number; seed: number }, rng: RngFactory): Trace {
  const w = findWorkload(name);
  if (w.kind === "kairos") {
    const t = generateKairos({ workload: w.name, jobs: input.jobs }, rng);
    return { ...t, name: `workload:${t.name}` };
  }
  if (w.kind === "yaq") {
    const t = generateYaq({ workload: w.name, jobs: input.jobs, load: input.load, ...cluster }, rng);
    return { ...t, name: `workload:${t.name}` };
  }
  if (w.kind === "trace-like") {
    const sizing = input.load !== undefined ? { load: input.load, nodes: cluster.nodes, slots: cluster.slots }
      : { load: w.load, nodes: w.nodes, slots: 1 };
    const r = generateTraceLike({ generator: w.name, jobs: input.jobs ?? w.jobs, seed: cluster.seed, ...sizing }, rng);
    return { ...r.trace, name: `workload:${w.name}` };
  }
  const t = generatePoisson({
    jobs: input.jobs ?? w.jobs, tasks: w.tasks, duration: w.duration, load: input.load ?? w.load,
    nodes: cluster.nodes, slots: cluster.slots, seed: cluster.seed,
  }, rng);
  return { ...t, name: `workload:${w.name}` };
}
