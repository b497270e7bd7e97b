// Utilisation and queue length over time, from one run's per-task records. Browser-safe (no
// Node imports): the CLI (`aviary run --series`) and the web page both use it.
//
// Stable API (other modules build on it; only additions from here on):
//
//   interface IntervalSet { from: ArrayLike<number>; to: ArrayLike<number> }
//       n half-open intervals [from[i], to[i]); an interval with to <= from counts for nothing.
//   binnedOccupancy(intervals, t0, t1, bins): Float64Array
//       For the step function c(t) = number of intervals containing t, the exact integral of c
//       over each of `bins` equal bins of [t0, t1) (unit: count x seconds). Not sampled: every
//       interval adds exactly its overlap with each bin. O(n + bins).
//   interface SeriesInput {
//     arrivals: ArrayLike<number>;    // per job: submission time (s) (Trace.arrivals)
//     taskOffsets: ArrayLike<number>; // per job j: its tasks are taskOffsets[j] .. taskOffsets[j+1]-1
//     start: ArrayLike<number>;       // per task: first start (s) (TaskRecord.start)
//     end: ArrayLike<number>;         // per task: end (s) (TaskRecord.end)
//     slots: number;                  // slots of the whole cluster (nodes x slots per node)
//     bins?: number;                  // default DEFAULT_SERIES_BINS
//     t0?: number; t1?: number;       // window; default first arrival .. last task end
//     preemptive?: boolean;           // the run's policy preempts (see `exact` below)
//     busyFrom?: ArrayLike<number>;   // per task: start of its busy interval [busyFrom, end)
//                                     // (default `start`)
//   }
//   interface UsageSeries {
//     bins: number; t0: number; t1: number; width: number;  // width = (t1 - t0) / bins, seconds
//     time: number[];          // start of each bin (s)
//     utilization: number[];   // mean busy slots / slots over the bin, 0..1
//     queue: number[];         // mean number of tasks submitted (their job arrived) and not yet
//                              // started over the bin
//     running: number[];       // mean busy slots over the bin
//     exact: boolean;          // false for a preemptive policy: the run records a task's first
//                              // start, end and service, not its spells; runSeries counts it
//                              // busy on [end - service, end) (its last spell, extended back
//                              // over earlier ones), which keeps the busy total = task-seconds
//   }
//   usageSeries(input: SeriesInput): UsageSeries
//   DEFAULT_SERIES_BINS = 200, MAX_SERIES_BINS = 100000
//   runSeries(r: SimResult, bins?: number): UsageSeries   // a run made with recordTasks
//   checkSeries(x: unknown, where: string): UsageSeries   // validates a parsed `series` field;
//                                                          // InputError (one line) otherwise
//
// A task is busy on [start, end) and queued on [arrival of its job, start). Dependent tasks of
// a DAG job count as queued from their job's arrival (submitted with it).
import { InputError } from "../errors.js";
import type { SimResult } from "../simulate.js";

/** Time bins of a utilization/queue series unless given. */
export const DEFAULT_SERIES_BINS = 200;
/** The most time bins a series may have. */
export const MAX_SERIES_BINS = 100_000;

/** Intervals [from[i], to[i]) (binnedOccupancy). */
export interface IntervalSet { from: ArrayLike<number>; to: ArrayLike<number> }

/**
 * Exact per-bin integrals of the number of intervals alive. An interval [a, b) contributes
 * overlap([a, b), bin) to each bin. Computed with the step function's jumps: a +1 at max(a, t0)
 * and a -1 at b (when b < t1); a jump of weight w at x inside bin k adds w x (end of bin k - x)
 * to bin k and w x width to every later bin (a prefix sum).
 */
export function binnedOccupancy(intervals: IntervalSet, t0: number, t1: number, bins: number): Float64Array {
  if (!(Number.isInteger(bins) && bins >= 1)) throw new InputError(`series: bins must be an integer >= 1, got ${bins}`);
  if (!(Number.isFinite(t0) && Number.isFinite(t1) && t1 > t0)) {
    throw new InputError(`series: the window [${t0}, ${t1}) is empty or not finite`);
  }
  const width = (t1 - t0) / bins;
  const partial = new Float64Array(bins); // sum of w x (bin end - x) of the jumps in bin k
  const jumps = new Float64Array(bins + 1); // sum of the weights of the jumps in bin k
  const binOf = (x: number): number => Math.min(bins - 1, Math.max(0, Math.floor((x - t0) / width)));
  const binEnd = (k: number): number => (k === bins - 1 ? t1 : t0 + (k + 1) * width);
  const jump = (x: number, w: number): void => {
    const k = binOf(x);
    // floor() may put x one bin off at a bin edge by rounding: move it to the bin holding x.
    let kk = k;
    if (x >= binEnd(kk) && kk < bins - 1) kk++;
    else if (kk > 0 && x < binEnd(kk - 1)) kk--;
    partial[kk] += w * (binEnd(kk) - x);
    jumps[kk] += w;
  };
  const n = intervals.from.length;
  if (intervals.to.length !== n) throw new InputError("series: interval columns differ in length");
  for (let i = 0; i < n; i++) {
    const a = Math.max(intervals.from[i], t0);
    const b = Math.min(intervals.to[i], t1);
    if (!(b > a)) continue; // empty, outside the window, or NaN
    jump(a, 1);
    if (b < t1) jump(b, -1);
  }
  const out = new Float64Array(bins);
  let alive = 0; // intervals alive at the start of bin k
  for (let k = 0; k < bins; k++) {
    const w = binEnd(k) - (t0 + k * width);
    out[k] = alive * w + partial[k];
    alive += jumps[k];
  }
  return out;
}

/** What usageSeries needs of a run: jobs' arrivals and task offsets, tasks' start and end, slots, bins and window. */
export interface SeriesInput {
  arrivals: ArrayLike<number>;
  taskOffsets: ArrayLike<number>;
  start: ArrayLike<number>;
  end: ArrayLike<number>;
  slots: number;
  bins?: number;
  t0?: number;
  t1?: number;
  preemptive?: boolean;
  busyFrom?: ArrayLike<number>;
}

/** Utilization and queued tasks over time, per bin (`aviary run --series`). */
export interface UsageSeries {
  bins: number;
  t0: number;
  t1: number;
  width: number;
  time: number[];
  utilization: number[];
  queue: number[];
  running: number[];
  exact: boolean;
}

/** Utilisation and queue length of one run in `bins` equal bins (see the header). */
export function usageSeries(input: SeriesInput): UsageSeries {
  const { arrivals, taskOffsets, start, end, slots } = input;
  const jobs = arrivals.length;
  const tasks = start.length;
  if (taskOffsets.length !== jobs + 1 || taskOffsets[jobs] !== tasks || end.length !== tasks) {
    throw new InputError(`series: ${jobs} jobs, ${taskOffsets.length} task offsets, ${tasks} starts and ${end.length} ends do not match`);
  }
  if (!(Number.isInteger(slots) && slots >= 1)) throw new InputError(`series: slots must be an integer >= 1, got ${slots}`);
  const bins = input.bins ?? DEFAULT_SERIES_BINS;
  if (!(Number.isInteger(bins) && bins >= 1 && bins <= MAX_SERIES_BINS)) {
    throw new InputError(`series: bins must be an integer in [1, ${MAX_SERIES_BINS}], got ${bins}`);
  }
  let lastEnd = -Infinity;
  for (let t = 0; t < tasks; t++) if (end[t] > lastEnd) lastEnd = end[t];
  const t0 = input.t0 ?? (jobs > 0 ? arrivals[0] : 0);
  let t1 = input.t1 ?? lastEnd;
  if (!(t1 > t0)) t1 = t0 + 1; // an empty or instantaneous run: one second of nothing
  // Queued: [arrival of the task's job, start); busy: [start, end).
  const queuedFrom = new Float64Array(tasks);
  for (let j = 0; j < jobs; j++) queuedFrom.fill(arrivals[j], taskOffsets[j], taskOffsets[j + 1]);
  if (input.busyFrom !== undefined && input.busyFrom.length !== tasks) throw new InputError("series: busyFrom and start differ in length");
  const busy = binnedOccupancy({ from: input.busyFrom ?? start, to: end }, t0, t1, bins);
  const queued = binnedOccupancy({ from: queuedFrom, to: start }, t0, t1, bins);
  const width = (t1 - t0) / bins;
  const time: number[] = [], utilization: number[] = [], queue: number[] = [], running: number[] = [];
  for (let k = 0; k < bins; k++) {
    const lo = t0 + k * width;
    const w = (k === bins - 1 ? t1 : t0 + (k + 1) * width) - lo;
    time.push(lo);
    running.push(busy[k] / w);
    utilization.push(busy[k] / w / slots);
    queue.push(queued[k] / w);
  }
  return { bins, t0, t1, width, time, utilization, queue, running, exact: input.preemptive !== true };
}

/** The series of a run made with `recordTasks` (window: first arrival .. last finish). A
 *  preemptive run's tasks are busy on [end - service, end) (see UsageSeries.exact). */
export function runSeries(r: SimResult, bins?: number): UsageSeries {
  if (!r.tasks) throw new Error("runSeries: the run did not record its tasks (RunOptions.recordTasks)");
  const preemptive = r.config.spec.preemptive === true;
  const { end, service } = r.tasks;
  let busyFrom: Float64Array | undefined;
  if (preemptive && service.length === end.length) {
    busyFrom = new Float64Array(end.length);
    for (let t = 0; t < end.length; t++) busyFrom[t] = end[t] - service[t];
  }
  return usageSeries({ busyFrom,
    arrivals: r.trace.arrivals, taskOffsets: r.trace.taskOffsets, start: r.tasks.start, end: r.tasks.end,
    slots: r.config.nodes * r.config.slots, bins, t0: r.firstArrival, t1: r.lastFinish,
    preemptive,
  });
}

function numbers(x: unknown, n: number, what: string): x is number[] {
  if (!Array.isArray(x) || x.length !== n) throw new InputError(`${what} must be an array of ${n} numbers`);
  for (const v of x) if (typeof v !== "number" || !Number.isFinite(v)) throw new InputError(`${what} holds a value that is not a finite number`);
  return true;
}

/** A parsed `series` field checked against UsageSeries; InputError naming `where` otherwise. */
export function checkSeries(x: unknown, where: string): UsageSeries {
  if (typeof x !== "object" || x === null || Array.isArray(x)) throw new InputError(`${where}: 'series' is not an object`);
  const s = x as Record<string, unknown>;
  const bins = s.bins;
  if (typeof bins !== "number" || !Number.isInteger(bins) || bins < 1 || bins > MAX_SERIES_BINS) {
    throw new InputError(`${where}: series.bins is not an integer in [1, ${MAX_SERIES_BINS}]`);
  }
  for (const k of ["t0", "t1", "width"]) {
    if (typeof s[k] !== "number" || !Number.isFinite(s[k])) throw new InputError(`${where}: series.${k} is not a finite number`);
  }
  for (const k of ["time", "utilization", "queue", "running"]) numbers(s[k], bins, `${where}: series.${k}`);
  if (typeof s.exact !== "boolean") throw new InputError(`${where}: series.exact is not a boolean`);
  return s as unknown as UsageSeries;
}
