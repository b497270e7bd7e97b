// `aviary stats`: the workload statistics the Hawk/Eagle papers quote for their traces (spec
// seed-hawk-eagle.md §3.2-§3.3), computed for any trace. Browser-safe.
//
// Definitions:
// - task-seconds: the sum of all task durations; span: last submission - first submission;
// - offered load: task-seconds / span, i.e. the average number of busy slots the trace asks for;
//   `loadPer1000Nodes` is that divided by 1,000 (the load on 1,000 one-slot nodes: divide by
//   N/1000 for N nodes); null when the span is 0 (a single submission time);
// - long jobs: estimate (the .tr mean field) > cutoff, as in the simulator's reporting classes;
//   shares of jobs, of task-seconds and of tasks held by long jobs;
// - mean task duration of a class: its task-seconds / its tasks (task-weighted, as "their
//   average task duration is 7.34x that of the other 90%" of §3.2); the ratio long / short;
// - task-count percentiles: nearest rank over jobs.
import { quantileNearestRank } from "../metrics/summary.js";
import type { Trace } from "./types.js";
import { groupDigits } from "../report/numbers.js";

/** One class's totals in TraceStats. */
export interface ClassTotals {
  jobs: number;
  tasks: number;
  taskSeconds: number;
  /** Task-seconds / tasks (null without tasks). */
  meanTaskDuration: number | null;
  /** Share of this class's jobs that have one task (null without jobs). */
  oneTaskJobShare: number | null;
}

/** A trace's workload statistics (`aviary stats`). */
export interface TraceStats {
  trace: string;
  jobs: number;
  tasks: number;
  taskSeconds: number;
  firstSubmission: number;
  lastSubmission: number;
  span: number;
  /** Task-seconds / span: average busy slots (null when span is 0). */
  taskSecondsPerSecond: number | null;
  /** The same per 1,000 nodes: the offered load on 1,000 one-slot nodes. */
  loadPer1000Nodes: number | null;
  /** Jobs / span (null when span is 0). */
  jobsPerSecond: number | null;
  meanTaskDuration: number;
  tasksPerJob: { mean: number; p50: number; p90: number; p99: number; max: number };
  oneTaskJobShare: number;
  cutoff: number | null;
  /** With a cutoff: per-class totals and the long jobs' shares; null without one. */
  classes: { short: ClassTotals; long: ClassTotals } | null;
  long: {
    jobShare: number;
    taskSecondsShare: number | null;
    taskShare: number;
    /** Mean task duration of long jobs / that of short jobs (null if a class is empty). */
    meanTaskDurationRatio: number | null;
  } | null;
}

function totals(jobs: number, tasks: number, taskSeconds: number, oneTask: number): ClassTotals {
  return {
    jobs, tasks, taskSeconds,
    meanTaskDuration: tasks > 0 ? taskSeconds / tasks : null,
    oneTaskJobShare: jobs > 0 ? oneTask / jobs : null,
  };
}

/** The statistics of `t`; with `cutoff`, the long jobs' shares. */
export function traceStats(t: Trace, cutoff?: number): TraceStats {
  const jobs = t.arrivals.length;
  const { taskOffsets: off, durations: d, estimates: est } = t;
  const counts = new Int32Array(jobs);
  let ts = 0, one = 0;
  let lJobs = 0, lTasks = 0, lTs = 0, lOne = 0;
  for (let j = 0; j < jobs; j++) {
    const n = off[j + 1] - off[j];
    let s = 0;
    for (let k = off[j]; k < off[j + 1]; k++) s += d[k];
    counts[j] = n;
    ts += s;
    if (n === 1) one++;
    if (cutoff !== undefined && est[j] > cutoff) {
      lJobs++; lTasks += n; lTs += s; if (n === 1) lOne++;
    }
  }
  const tasks = d.length;
  counts.sort();
  const first = jobs > 0 ? t.arrivals[0] : 0;
  const last = jobs > 0 ? t.arrivals[jobs - 1] : 0;
  const span = last - first;
  const perSecond = span > 0 ? ts / span : null;
  let classes: TraceStats["classes"] = null;
  let long: TraceStats["long"] = null;
  if (cutoff !== undefined) {
    const short = totals(jobs - lJobs, tasks - lTasks, ts - lTs, one - lOne);
    const lng = totals(lJobs, lTasks, lTs, lOne);
    classes = { short, long: lng };
    long = {
      jobShare: jobs > 0 ? lJobs / jobs : 0,
      taskSecondsShare: ts > 0 ? lTs / ts : null,
      taskShare: tasks > 0 ? lTasks / tasks : 0,
      meanTaskDurationRatio: lng.meanTaskDuration !== null && short.meanTaskDuration !== null && short.meanTaskDuration > 0
        ? lng.meanTaskDuration / short.meanTaskDuration : null,
    };
  }
  return {
    trace: t.name, jobs, tasks, taskSeconds: ts, firstSubmission: first, lastSubmission: last, span,
    taskSecondsPerSecond: perSecond, loadPer1000Nodes: perSecond === null ? null : perSecond / 1000,
    jobsPerSecond: span > 0 ? jobs / span : null,
    meanTaskDuration: tasks > 0 ? ts / tasks : 0,
    tasksPerJob: {
      mean: jobs > 0 ? tasks / jobs : 0,
      p50: quantileNearestRank(counts, 50), p90: quantileNearestRank(counts, 90), p99: quantileNearestRank(counts, 99),
      max: jobs > 0 ? counts[jobs - 1] : 0,
    },
    oneTaskJobShare: jobs > 0 ? one / jobs : 0,
    cutoff: cutoff ?? null, classes, long,
  };
}

const int = (x: number): string => groupDigits(Math.round(x));
const pct = (x: number | null): string => (x === null ? "-" : `${(100 * x).toFixed(2)}%`);
function num(x: number | null): string {
  if (x === null || !Number.isFinite(x)) return "-";
  const a = Math.abs(x);
  if (a >= 1e7) return x.toExponential(3);
  if (a >= 1000) return int(x);
  if (a >= 10) return x.toFixed(1);
  return x.toFixed(3);
}

/** The statistics as aligned `label  value` lines. */
export function formatTraceStats(s: TraceStats): string {
  const rows: Array<[string, string]> = [
    ["jobs", int(s.jobs)],
    ["tasks", `${int(s.tasks)} (mean ${num(s.tasksPerJob.mean)} per job)`],
    ["tasks per job", `p50 ${int(s.tasksPerJob.p50)}, p90 ${int(s.tasksPerJob.p90)}, p99 ${int(s.tasksPerJob.p99)}, max ${int(s.tasksPerJob.max)}`],
    ["one-task jobs", pct(s.oneTaskJobShare)],
    ["task-seconds", `${num(s.taskSeconds)} (mean task duration ${num(s.meanTaskDuration)} s)`],
    ["span", `${num(s.span)} s (${(s.span / 86400).toFixed(2)} days; submissions ${num(s.firstSubmission)} .. ${num(s.lastSubmission)} s)`],
    ["arrival rate", s.jobsPerSecond === null ? "-" : `${num(s.jobsPerSecond)} jobs/s (mean inter-arrival ${num(1 / s.jobsPerSecond)} s)`],
    ["offered load", s.taskSecondsPerSecond === null ? "- (span 0)"
      : `${num(s.loadPer1000Nodes)} per 1,000 nodes (task-seconds / span = ${num(s.taskSecondsPerSecond)} busy slots)`],
  ];
  if (s.long && s.classes) {
    const { short, long } = s.classes;
    rows.push(
      ["long jobs", `mean task duration > ${s.cutoff} s`],
      ["  share of jobs", `${pct(s.long.jobShare)} (${int(long.jobs)} long, ${int(short.jobs)} short)`],
      ["  share of task-seconds", pct(s.long.taskSecondsShare)],
      ["  share of tasks", pct(s.long.taskShare)],
      ["  mean task duration", `long ${num(long.meanTaskDuration)} s, short ${num(short.meanTaskDuration)} s: ratio ${s.long.meanTaskDurationRatio === null ? "-" : s.long.meanTaskDurationRatio.toFixed(2) + "x"}`],
      ["  one-task jobs", `${pct(short.oneTaskJobShare)} of short, ${pct(long.oneTaskJobShare)} of long jobs`],
    );
  } else {
    rows.push(["long jobs", "- (give --cutoff SECONDS or --preset NAME)"]);
  }
  const w = Math.max(...rows.map(([k]) => k.length));
  return [`trace ${s.trace}`, ...rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`)].join("\n");
}
