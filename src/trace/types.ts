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
  /** Per-job estimate of task duration (the `.tr` mean field; for CSV the mean of the job's
   *  `estimate` column if there is one, else of its durations; the mean for generators). */
  estimates: Float64Array;

  // Optional columns (trace schema v2, docs/trace-formats.md); `checkTraceV2` validates them.
  /** Per-task runtime estimate the policies see (seconds >= 0). Absent: every task of a job has the job's `estimates` value. */
  taskEstimates?: Float64Array;
  /** Per-task stage index (integer >= 0), a label policies may read (e.g. map = 0, reduce = 1). No implied dependency. */
  stages?: Int32Array;
  /** DAG: parents of task k are parents[parentOffsets[k] .. parentOffsets[k+1]) — global task indices (positions in `durations`), always of the same job, acyclic, no duplicates, no self-edge. Both present or both absent; parentOffsets.length = tasks + 1. */
  parentOffsets?: Int32Array;
  parents?: Int32Array;
  /** Resource demand per task: `demands[k * D + d]` for dimension d of task k, D = demandNames.length >= 1; finite, >= 0. Both present or both absent. */
  demandNames?: string[];
  demands?: Float64Array;
  /** Per-job class label: index into classNames. Both present or both absent. */
  jobClasses?: Int32Array;
  classNames?: string[];
  /** Per-job integer priority (larger = more important); any finite integer in [-2^31, 2^31-1]. */
  priorities?: Int32Array;
  /** Per-job user: index into userNames. Both present or both absent. */
  users?: Int32Array;
  userNames?: string[];
  /** Per-job and per-task labels as written in the file (CSV job_id / task_id), for messages and per-job output. Optional. */
  jobIds?: string[];
  taskIds?: string[];
}

export function jobCount(t: Trace): number { return t.arrivals.length; }
export function taskCount(t: Trace): number { return t.durations.length; }
