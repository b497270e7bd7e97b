// Per-job completion times and reporting classes: what the run summary (summary.ts) and the
// completion-time distributions (cdf.ts) both start from.
import type { SimResult } from "../simulate.js";

/** The time from a job's last task end to its completion: one network delay when the
 *  scheduler's `completion` is `result` (Pigeon: the last result reaches the distributor,
 *  seed-pigeon.md §5.1, §7 #8), else 0 (the job completes with its last task). */
export function resultDelay(r: Pick<SimResult, "config">): number {
  return r.config.params.completion === "result" ? r.config.networkDelay : 0;
}

/** Completion time of every job: its last task's end (plus resultDelay) minus its submission. */
export function completionTimes(r: SimResult): Float64Array {
  const out = new Float64Array(r.finish.length);
  const hop = resultDelay(r);
  for (let j = 0; j < out.length; j++) out[j] = r.finish[j] + hop - r.trace.arrivals[j];
  return out;
}

/** Reporting class: long when the job's estimated task duration exceeds the cutoff.
 *  Without a cutoff every job is short. */
export function isLong(estimate: number, cutoff: number | undefined): boolean {
  return cutoff !== undefined && estimate > cutoff;
}

/** Completion times of each reporting class, in job order. */
export function classCompletionTimes(r: SimResult, cutoff?: number): { short: Float64Array; long: Float64Array } {
  const ct = completionTimes(r);
  const est = r.trace.estimates;
  const short: number[] = [];
  const long: number[] = [];
  for (let j = 0; j < ct.length; j++) (isLong(est[j], cutoff) ? long : short).push(ct[j]);
  return { short: Float64Array.from(short), long: Float64Array.from(long) };
}
