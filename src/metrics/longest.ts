// Each job's longest task (its execution time with unlimited resources), which the run summary's
// slowdowns divide by. A thread that reads a trace file can compute them while a run uses the
// trace (src/trace/tr-feed-worker.ts) and leave them here for the summary.
import type { Trace } from "../trace/types.js";

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
