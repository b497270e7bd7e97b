// Per-class completion-time statistics and the run summary (ARCHITECTURE.md output schema).
import type { SimResult } from "../simulate.js";
import type { CompletionCdf } from "./cdf.js";
import type { UsageSeries } from "../plot/series.js";
import type { PolicySeries } from "../simulate.js";
import { completionTimes, isLong, resultDelay } from "./completion.js";
import { knownLongestTasks, longestTasksInto, knownLongestTaskRanks, longestTaskRanks, type ClassRanks } from "./longest.js";
import { quantileNearestRank, nearestRanks } from "./ranks.js";
import { takeSummaryScratch } from "./scratch.js";

export { quantileNearestRank } from "./ranks.js";

// The per-job completion times and reporting classes that the summary and the CDFs share.
export { resultDelay, completionTimes, isLong, classCompletionTimes } from "./completion.js";

/** A class's job count and completion-time mean and nearest-rank percentiles (seconds). */
export interface ClassStats { jobs: number; mean: number; p50: number; p90: number; p99: number }

/** The Pigeon paper's slowdown (seed-pigeon.md §5.1, §7 #10): the class's x-th percentile of
 *  completion time over its x-th percentile of job execution time (the job's longest task) — a
 *  ratio of percentiles, not a percentile of per-job ratios. */
export interface Slowdown { p50: number; p90: number; p99: number }

/** Count, mean and nearest-rank p50/p90/p99 of `values`. */
export function classStats(values: Float64Array): ClassStats {
  return sortedStats(Float64Array.from(values).sort());
}

/** classStats of values already in ascending order (the mean sums them in that order). */
function sortedStats(sorted: Float64Array): ClassStats {
  let sum = 0;
  for (let i = 0; i < sorted.length; i++) sum += sorted[i];
  const n = sorted.length;
  return {
    jobs: n,
    mean: n ? sum / n : NaN,
    p50: quantileNearestRank(sorted, 50),
    p90: quantileNearestRank(sorted, 90),
    p99: quantileNearestRank(sorted, 99),
  };
}

/** One run's summary: `aviary run --format json`'s object (stable field names; times in seconds). */
export interface RunSummary {
  scheduler: string;
  engine: "wasm" | "js";
  nodes: number;
  slots: number;
  seed: number;
  cutoff: number | null;
  params: Record<string, number | boolean | string>;
  trace: { name: string; jobs: number; tasks: number };
  short: ClassStats;
  long: ClassStats;
  /** Per class: percentile of completion time / the same percentile of the longest task. */
  slowdown: { short: Slowdown; long: Slowdown };
  utilization: number;
  makespan: number;
  counters: Record<string, number>;
  wallSeconds: number;
  eventsPerSecond: number;
  /** Completion times per class at fixed quantiles (src/metrics/cdf.ts): only when asked
   *  (`aviary run --cdf`), so the default output is unchanged. */
  cdf?: CompletionCdf;
  /** With a cluster (trace demands): each dimension's time-integrated allocation over its
   *  capacity during the makespan, and their mean (seed-fregata.md §4.1). */
  resources?: { utilization: Record<string, number>; mean: number; cluster: string };
  /** The job classifier's report (fregata). */
  classifier?: import("../config/classify.js").ClassifierReport;
  /** Yaq's metrics (spec seed-yaq.md §4.1), for the Yaq systems only (their engine reports the
   *  queuing-delay counters): see yaqMetrics. */
  yaq?: YaqMetrics;
  /** Utilization and queue length over time (src/plot/series.ts): only when asked
   *  (`aviary run --series`; the run records every task's start and end). */
  series?: UsageSeries;
  /** The policy's own time series by name (hawk-dice, eagle-dice: `dice`, the controller per
   *  window; the fields are in the scheduler's description): with `--series` only. */
  policySeries?: PolicySeries;
}

/** Each job's execution time with unlimited resources: its longest task. */
export function longestTasks(r: Pick<SimResult, "trace">): Float64Array {
  const known = knownLongestTasks(r.trace);
  if (known) return Float64Array.from(known);
  return longestTasksInto(r.trace.taskOffsets, r.trace.durations, new Float64Array(r.trace.taskOffsets.length - 1));
}

function ratio(a: number, b: number): number { return b > 0 ? a / b : NaN; }

/** The slowdown of one class from its completion times and its jobs' longest tasks. */
export function slowdown(completion: Float64Array, longest: Float64Array): Slowdown {
  return sortedSlowdown(Float64Array.from(completion).sort(), Float64Array.from(longest));
}

/** slowdown from the class's completion times in ascending order and its longest tasks in any
 *  order (reordered here). */
function sortedSlowdown(sorted: Float64Array, longest: Float64Array): Slowdown {
  return rankedSlowdown(sorted, nearestRanks(longest));
}

/** slowdown from the class's completion times in ascending order and its longest tasks' ranks. */
function rankedSlowdown(sorted: Float64Array, [l50, l90, l99]: ClassRanks): Slowdown {
  return {
    p50: ratio(quantileNearestRank(sorted, 50), l50),
    p90: ratio(quantileNearestRank(sorted, 90), l90),
    p99: ratio(quantileNearestRank(sorted, 99), l99),
  };
}

/** Yaq's metrics (seed-yaq.md §4.1): JCT "from the moment a job started its execution" —
 *  read as its admission (its job manager starts; admission waits only under the cap
 *  `maxConcurrentJobs`, docs/models/yaq.md) — and from submission, and from its first task's
 *  start, over all jobs; task queuing delay (node queue arrival to start, every task; mean,
 *  stdev, median); job throughput = jobs / (last finish − first submission) per minute; slot
 *  utilization (time average of busy slots / slots over the same span). */
export interface YaqMetrics {
  jctExec: ClassStats;
  jctSubmit: ClassStats;
  jctFirstTask: ClassStats;
  queueDelay: { mean: number; stdev: number; median: number };
  jobsPerMinute: number;
  utilization: number;
  /** Capacity queues (yaq-c `capacityA`, E9): while both queues had waiting tasks (`window` s),
   *  queue A's time-averaged share of the occupied slots and its mean absolute deviation from
   *  A's capacity. Absent without capacity queues. */
  capacity?: { shareA: number; deviation: number; window: number };
}

/** When each job was admitted under Yaq's admission cap (schedulers/yaq/base.ts YaqBase): in submission order,
 *  as soon as fewer than `cap` admitted jobs are unfinished ("inf": at submission). */
export function admissionTimes(arrivals: Float64Array, finish: Float64Array, cap: number): Float64Array {
  const n = arrivals.length;
  const out = Float64Array.from(arrivals);
  if (!(cap < n)) return out;
  const heap: number[] = []; // finish times of admitted, unfinished jobs (a binary min-heap)
  const push = (v: number) => {
    heap.push(v);
    for (let i = heap.length - 1; i > 0;) { const p = (i - 1) >> 1; if (heap[p] <= heap[i]) break; [heap[p], heap[i]] = [heap[i], heap[p]]; i = p; }
  };
  const pop = (): number => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < heap.length && heap[l] < heap[m]) m = l;
        if (r < heap.length && heap[r] < heap[m]) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i], heap[m]]; i = m;
      }
    }
    return top;
  };
  let t = -Infinity;
  for (let j = 0; j < n; j++) {
    t = Math.max(t, arrivals[j]);
    while (heap.length > 0 && heap[0] <= t) pop();
    if (heap.length >= cap) t = Math.max(t, pop());
    out[j] = t;
    push(finish[j]);
  }
  return out;
}

export function yaqMetrics(r: SimResult): YaqMetrics | undefined {
  const c = r.counters;
  if (c.queueDelayMean === undefined) return undefined;
  const n = r.finish.length;
  const admitted = admissionTimes(r.trace.arrivals, r.finish, Number(r.config.params.maxConcurrentJobs ?? Infinity));
  const exec = new Float64Array(n);
  const first = new Float64Array(n);
  for (let j = 0; j < n; j++) { exec[j] = r.finish[j] - admitted[j]; first[j] = r.finish[j] - r.firstStart[j]; }
  const makespan = r.lastFinish - r.firstArrival;
  const capacity = r.config.nodes * r.config.slots * makespan;
  return {
    jctExec: classStats(exec),
    jctSubmit: classStats(completionTimes(r)),
    jctFirstTask: classStats(first),
    queueDelay: { mean: c.queueDelayMean, stdev: c.queueDelayStdev, median: c.queueDelayMedian },
    jobsPerMinute: makespan > 0 ? (60 * n) / makespan : NaN,
    utilization: capacity > 0 ? r.busySlotSeconds / capacity : 0,
    ...(c.capacityWindow !== undefined
      ? { capacity: { shareA: c.capacityShareA, deviation: c.capacityDeviation, window: c.capacityWindow } } : {}),
  };
}

/** The summary of a run; `cutoff` (seconds) splits jobs into short and long by mean task duration. */
export function summarize(r: SimResult, cutoff?: number): RunSummary {
  // One pass over the jobs: each one's completion time (completionTimes) and longest task
  // (longestTasks: computed here unless the trace's reader did), into its class's columns in job
  // order.
  const { arrivals, estimates: est, taskOffsets, durations } = r.trace;
  const ranks = knownLongestTaskRanks(r.trace, cutoff);
  const known = knownLongestTasks(r.trace);
  const finish = r.finish;
  const jobs = finish.length;
  const hop = resultDelay(r);
  let nLong = 0;
  if (cutoff !== undefined) for (let j = 0; j < jobs; j++) if (isLong(est[j], cutoff)) nLong++;
  // (in memory a trace's reader thread touched for this run, if it lent some: metrics/scratch.ts)
  const scratch = takeSummaryScratch(finish);
  const lent = scratch && scratch.length >= jobs ? scratch : undefined;
  const shortT = lent ? lent.subarray(0, jobs - nLong) : new Float64Array(jobs - nLong);
  const longT = lent ? lent.subarray(jobs - nLong, jobs) : new Float64Array(nLong);
  // The slowdown's denominators: the trace's reader thread computed them for this cutoff, or
  // they are computed here from each job's longest task.
  const x = ranks ?? longestTaskRanks(known ?? longestTasksInto(taskOffsets, durations, new Float64Array(jobs)), est, cutoff);
  let s = 0;
  let l = 0;
  for (let j = 0; j < jobs; j++) {
    const ct = finish[j] + hop - arrivals[j];
    if (nLong > 0 && isLong(est[j], cutoff)) longT[l++] = ct; else shortT[s++] = ct;
  }
  // Each class's times sorted once, for its statistics and its slowdown.
  shortT.sort();
  longT.sort();
  const makespan = r.lastFinish - r.firstArrival;
  const capacity = r.config.nodes * r.config.slots * makespan;
  const events = r.counters.events;
  const extra: Partial<RunSummary> = {};
  if (r.resources) {
    const u: Record<string, number> = {};
    let sum = 0;
    r.resources.dims.forEach((d, i) => {
      const c = r.resources!.capacity[i] * makespan;
      u[d] = c > 0 ? r.resources!.area[i] / c : 0;
      sum += u[d];
    });
    extra.resources = { utilization: u, mean: r.resources.dims.length ? sum / r.resources.dims.length : 0, cluster: r.config.cluster?.name ?? "" };
  }
  if (r.classifier) extra.classifier = r.classifier;
  const yaq = yaqMetrics(r);
  return {
    ...(yaq ? { yaq } : {}),
    scheduler: r.config.scheduler,
    engine: r.engine,
    nodes: r.config.nodes,
    slots: r.config.slots,
    seed: r.config.seed,
    cutoff: cutoff ?? null,
    params: r.config.params,
    trace: { name: r.trace.name, jobs: r.trace.arrivals.length, tasks: r.trace.durations.length },
    short: sortedStats(shortT),
    long: sortedStats(longT),
    slowdown: { short: rankedSlowdown(shortT, x.short), long: rankedSlowdown(longT, x.long) },
    utilization: capacity > 0 ? r.busySlotSeconds / capacity : 0,
    makespan,
    counters: r.counters,
    wallSeconds: r.wallSeconds,
    eventsPerSecond: r.wallSeconds > 0 ? Math.round(events / r.wallSeconds) : 0,
    ...extra,
  };
}
