// Parametric Cloudera-c-like workload (`aviary gen cloudera-like`). NOT derived from data: there
// is no Cloudera sample in ../shared/traces and the papers do not give their cluster centroids
// (spec seed-hawk-eagle.md §3.3). The method is the papers' (§3.3): the workload is a set of
// k-means-like clusters, the first one short and all others long; per job, the cluster is drawn
// by its job share, the number of tasks ~ Exponential(cluster's task centroid) rounded up, the
// mean task duration ~ Exponential(cluster's duration centroid), and each task's duration ~
// Normal(mean, 2 x mean) excluding negative values (A17: a truncated normal).
//
// Our choices, where the method leaves room:
// - The centroids below are hand-picked so that, in expectation, 5.02% of the jobs are long and
//   they hold 92% of the task-seconds (Table 2.1 gives 92.79%, Table 3.1 91%; spec §3.3 table),
//   with the Cloudera-c cutoff of 272.783 s separating the clusters: a short job's mean is the
//   exponential conditioned to be <= the cutoff, a long job's is the cutoff + 1 ms + the
//   exponential (the exponential conditioned to exceed the cutoff, by memorylessness). Every
//   job's class by the cutoff is therefore its cluster's, as k-means clusters would be.
// - Task durations: ratios r ~ Normal(1, 2) truncated to r >= 0, rescaled per job so that they
//   average exactly 1 (the job's mean stays the drawn one; see src/trace/tracelike.ts).
// - Default size 21,030 jobs (the Cloudera-c trace, §3.3 table).
import { exp } from "../libm.js";
export interface Cluster {
  name: string;
  /** Fraction of all jobs. */
  share: number;
  long: boolean;
  /** Scale (mean) of the exponential number of tasks, before rounding up to an integer >= 1. */
  tasks: number;
  /** Scale (mean) of the exponential mean task duration, seconds (conditioned on the class). */
  duration: number;
}

export interface ParametricSpec {
  name: string;
  cutoff: number;
  /** Standard deviation of a task's duration, as a multiple of its job's mean. */
  sdFactor: number;
  clusters: Cluster[];
}

const LONG = 0.0502;

export const CLOUDERA_SPEC: ParametricSpec = {
  name: "cloudera",
  cutoff: 272.783,
  sdFactor: 2,
  clusters: [
    { name: "short", share: 1 - LONG, long: false, tasks: 15, duration: 40 },
    { name: "long-1", share: 0.6 * LONG, long: true, tasks: 60, duration: 300 },
    { name: "long-2", share: 0.3 * LONG, long: true, tasks: 150, duration: 700 },
    { name: "long-3", share: 0.1 * LONG, long: true, tasks: 400, duration: 1500 },
  ],
};

/** Expected tasks per job of a cluster: E[ceil(Exp(scale))] = 1 / (1 - e^(-1/scale)). */
export function expectedTasks(c: Cluster): number {
  return 1 / (1 - exp(-1 / c.tasks));
}

/** Expected mean task duration of a cluster's jobs, seconds. */
export function expectedMean(c: Cluster, cutoff: number): number {
  if (c.long) return cutoff + 0.001 + c.duration;
  // Exponential(theta) conditioned on <= c: theta - c e^(-c/theta) / (1 - e^(-c/theta)).
  const e = exp(-cutoff / c.duration);
  return c.duration - (cutoff * e) / (1 - e);
}

/** The expected shares the centroids give (jobs, task-seconds and tasks of long jobs). */
export function expectedShares(spec: ParametricSpec): { longJobs: number; longTaskSeconds: number; longTasks: number; taskSecondsPerJob: number } {
  let ts = 0, lts = 0, t = 0, lt = 0, lj = 0;
  for (const c of spec.clusters) {
    const n = c.share * expectedTasks(c);
    const s = n * expectedMean(c, spec.cutoff);
    ts += s; t += n;
    if (c.long) { lts += s; lt += n; lj += c.share; }
  }
  return { longJobs: lj, longTaskSeconds: lts / ts, longTasks: lt / t, taskSecondsPerJob: ts };
}
