// Per-job class predictions computed by the host (issue #20; seed-fregata.md §2.1, §7 A2): the
// job classifier (logistic regression on a prefix, oracle, noisy oracle) runs in TypeScript
// (src/config/classify.ts) before the run, and policies that use it (fregata; pigeon with
// classifier != cutoff) read each job's predicted class here. Absent unless the host sets it up.
import { nJobs } from "./jobs";

export let predictedLong: Int32Array = new Int32Array(0);

/** Sizes the column (before start); the host fills it (1: long / low priority). */
export function setupPredictions(on: bool): void { predictedLong = new Int32Array(on ? nJobs : 0); }

/** Whether the host gave predictions. */
export function hasPredictions(): bool { return predictedLong.length > 0; }

/** The predicted class of `job` (true: long), or the fallback when there are none. */
export function predictedIsLong(job: i32, fallback: bool): bool {
  return predictedLong.length > 0 ? predictedLong[job] != 0 : fallback;
}
