// Writers for traces (browser-safe). Numbers are written with `String(x)`, the shortest
// text that reads back as the same double, so writing then reading gives identical columns.
import type { Trace } from "./types.js";

/** One `.tr` line (without newline): `submission_time num_tasks mean d_1 ... d_n`. */
export function formatTrLine(arrival: number, estimate: number, durations: ArrayLike<number>): string {
  let s = `${arrival} ${durations.length} ${estimate}`;
  for (let i = 0; i < durations.length; i++) s += " " + durations[i];
  return s;
}

/** Lines of the `.tr` text of jobs [from, to), each followed by "\n". */
export function traceToTrRange(trace: Trace, from: number, to: number): string {
  const { arrivals, estimates, taskOffsets, durations } = trace;
  const parts: string[] = [];
  for (let j = from; j < to; j++) {
    parts.push(formatTrLine(arrivals[j], estimates[j], durations.subarray(taskOffsets[j], taskOffsets[j + 1])));
  }
  parts.push("");
  return parts.join("\n");
}

/** The whole trace in `.tr` format, one line per job, newline-terminated. */
export function traceToTr(trace: Trace): string {
  return traceToTrRange(trace, 0, trace.arrivals.length);
}

/** Rows `job_id,submit_time,duration` of jobs [from, to) (job_id = 0-based job index),
 *  each followed by "\n"; with `header`, the header row first. */
export function traceToCsvRange(trace: Trace, from: number, to: number, header: boolean): string {
  const { arrivals, taskOffsets, durations } = trace;
  const parts: string[] = header ? ["job_id,submit_time,duration"] : [];
  for (let j = from; j < to; j++) {
    const a = String(arrivals[j]);
    for (let t = taskOffsets[j]; t < taskOffsets[j + 1]; t++) parts.push(`${j},${a},${durations[t]}`);
  }
  parts.push("");
  return parts.join("\n");
}

/** The whole trace as CSV (with header). Note that CSV has no estimate column: reading it
 *  back gives estimates = the mean task duration. */
export function traceToCsv(trace: Trace): string {
  return traceToCsvRange(trace, 0, trace.arrivals.length, true);
}
