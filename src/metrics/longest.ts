// Each job's longest task (its execution time with unlimited resources), which the run summary's
// slowdowns divide by. A thread that reads a trace file can compute them while a run uses the
// trace (src/trace/tr-feed-worker.ts) and leave them here for the summary.
import type { Trace } from "../trace/types.js";
import { isLong } from "./completion.js";
import { nearestRanks } from "./ranks.js";

/** Fills out[j] with the longest of job j's durations (0 for none longer than 0). */
export function longestTasksInto(taskOffsets: Int32Array, durations: Float64Array, out: Float64Array): Float64Array {
  for (let j = 0; j < out.length; j++) {
    let m = 0;
    for (let t = taskOffsets[j], e = taskOffsets[j + 1]; t < e; t++) if (durations[t] > m) m = durations[t];
    out[j] = m;
  }
  return out;
}

/** Longest tasks computed elsewhere, by the durations column they were computed from (with its
 *  offsets): like the engine, readers of a trace take its columns as immutable. */
const known = new WeakMap<Float64Array, { taskOffsets: Int32Array; longest: Float64Array }>();

/** Records `longest` as the longest tasks of the trace with these columns. */
export function rememberLongestTasks(t: Pick<Trace, "taskOffsets" | "durations">, longest: Float64Array): void {
  if (longest.length === t.taskOffsets.length - 1) known.set(t.durations, { taskOffsets: t.taskOffsets, longest });
}

/** The longest tasks recorded for this trace's columns, if any. */
export function knownLongestTasks(t: Pick<Trace, "taskOffsets" | "durations">): Float64Array | undefined {
  const k = known.get(t.durations);
  return k && k.taskOffsets === t.taskOffsets ? k.longest : undefined;
}

/** Nearest-rank p50, p90 and p99 of a class's longest tasks (NaN for an empty class). */
export type ClassRanks = [number, number, number];

/** The slowdown's denominators under a reporting cutoff: the nearest-rank percentiles of the
 *  longest tasks of each class (a job is long when its estimate exceeds the cutoff; none is
 *  without one), in job order as the summary forms them. */
export interface LongestTaskRanks { cutoff: number | undefined; short: ClassRanks; long: ClassRanks }

/** LongestTaskRanks of a trace's jobs from their longest tasks and estimates. */
export function longestTaskRanks(longest: Float64Array, estimates: Float64Array, cutoff: number | undefined): LongestTaskRanks {
  const jobs = longest.length;
  let nLong = 0;
  if (cutoff !== undefined) for (let j = 0; j < jobs; j++) if (isLong(estimates[j], cutoff)) nLong++;
  const short = new Float64Array(jobs - nLong);
  const long = new Float64Array(nLong);
  for (let j = 0, s = 0, l = 0; j < jobs; j++) {
    if (nLong > 0 && isLong(estimates[j], cutoff)) long[l++] = longest[j]; else short[s++] = longest[j];
  }
  return { cutoff, short: nearestRanks(short), long: nearestRanks(long) };
}

/** Ranks computed elsewhere (a trace file's reader thread), by the durations column they were
 *  computed from, with the estimates and offsets. */
const knownRanks = new WeakMap<Float64Array, { taskOffsets: Int32Array; estimates: Float64Array; ranks: LongestTaskRanks }>();

/** Records `ranks` as this trace's LongestTaskRanks under `ranks.cutoff`. */
export function rememberLongestTaskRanks(t: Pick<Trace, "taskOffsets" | "durations" | "estimates">, ranks: LongestTaskRanks): void {
  if (ranks.short.length === 3 && ranks.long.length === 3) {
    knownRanks.set(t.durations, { taskOffsets: t.taskOffsets, estimates: t.estimates, ranks });
  }
}

/** The LongestTaskRanks recorded for this trace's columns under this cutoff, if any. */
export function knownLongestTaskRanks(t: Pick<Trace, "taskOffsets" | "durations" | "estimates">,
                                      cutoff: number | undefined): LongestTaskRanks | undefined {
  const k = knownRanks.get(t.durations);
  return k && k.taskOffsets === t.taskOffsets && k.estimates === t.estimates && k.ranks.cutoff === cutoff ? k.ranks : undefined;
}
