/** A workload in columnar form: what every reader and generator produces, and what the
 *  engine copies into its memory once. Job ids are 0-based positions in these columns
 *  (line order for `.tr` files). */
export interface Trace {
  /** A label for reports (file name or generator description). */
  name: string;
  /** Submission time of each job, seconds, non-decreasing. */
  arrivals: Float64Array;
  /** Index of each job's first task in `durations`; length = jobs + 1, last = tasks. */
  taskOffsets: Int32Array;
  /** Duration of every task, seconds, grouped by job. */
  durations: Float64Array;
  /** Per-job estimate of task duration (the `.tr` mean field; the mean for CSV and generators). */
  estimates: Float64Array;
}

export function jobCount(t: Trace): number { return t.arrivals.length; }
export function taskCount(t: Trace): number { return t.durations.length; }
