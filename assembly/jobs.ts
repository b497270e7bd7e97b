// Jobs and tasks: the trace's columns (filled by the host through the views of index.ts), the
// per-job record the hot paths read, and the accessors policies use. Tasks are numbered by job
// (job j owns tasks jobFirstTask[j] .. jobFirstTask[j + 1] - 1). A job's tasks are handed out
// in trace order, or, in a trace with dependencies (dag.ts), in the order they became ready.
import { fail, E_TOO_MANY_JOBS } from "./errors";
import { f64View, alignedFreshInt32Array, I32Ptr, F64Ptr, i32Base, f64Base, i32Get, i32Set, f64Get, f64Set } from "./glue";
import { freshFloat64Array, freshInt32Array } from "./glue";

// ---- trace columns ------------------------------------------------------------------------------
export let nJobs: i32 = 0;
export let nTasks: i32 = 0;
export let jobArrival: Float64Array = new Float64Array(0);
export let jobFirstTask: Int32Array = new Int32Array(0);  // nJobs + 1 offsets
export let taskDuration: Float64Array = new Float64Array(0);
export let jobEstimate: Float64Array = new Float64Array(0); // per-job task-duration estimate
/** Job of each task; empty unless the policy or its discipline asks for it (Scheduler.taskJobs). */
export let taskJob: Int32Array = new Int32Array(0);
/** Scheduling class per job (1 = long), set by class-aware policies in onJobsAdded. */
export let jobLong: Int32Array = new Int32Array(0);

/** Jobs a run can hold (a queue record shares a job index's word with flag bits). */
export const MAX_JOBS: i32 = 0x08000000;

// ---- optional columns (trace schema v2, docs/trace-formats.md): allocated only when present ------
/** Bits of allocateOptionalColumns' `columns`. */
export const COL_TASK_ESTIMATES: i32 = 1;
export const COL_STAGES: i32 = 2;
export const COL_DEMANDS: i32 = 4;
export const COL_CLASSES: i32 = 8;
export const COL_PRIORITIES: i32 = 16;
export const COL_USERS: i32 = 32;
/** Per-task runtime estimate (empty: each task has its job's estimate; read with taskEst). */
export let taskEstimate: Float64Array = new Float64Array(0);
/** Per-task stage label (e.g. map 0, reduce 1). */
export let taskStage: Int32Array = new Int32Array(0);
/** Per-task resource demand (read with taskDemand or demandIndex): of the demandDims
 *  dimensions, those whose value varies between tasks are stored, demandStored values per task in
 *  dimension order; a dimension with the same value for every task (the host says which) is
 *  stored once, after the tasks' values. Dimension d of task k is at demandBase[d] +
 *  k x demandMul[d] (demandMul 0 for a constant dimension): the same doubles as a full
 *  tasks x dims column, in fewer fresh pages (the cost model: glue.ts freshInt32Array). */
export let taskDemands: Float64Array = new Float64Array(0);
export let demandDims: i32 = 0;
export let demandStored: i32 = 0;
export let demandBase: Int32Array = new Int32Array(0);
export let demandMul: Int32Array = new Int32Array(0);
/** Per-job class label, priority (larger: more important) and user, as numbered by the host. */
export let jobClass: Int32Array = new Int32Array(0);
export let jobPriority: Int32Array = new Int32Array(0);
export let jobUser: Int32Array = new Int32Array(0);

// ---- the per-job record ---------------------------------------------------------------------------
// The fields the hot paths touch together, one line-aligned record of JR i32 per job (one cache
// miss instead of one per column when a cold job is looked up):
//   0 J_NEXT  next task to hand out (an index into the job's tasks, or into the ready list)
//   1 J_END   one past the last task that may be handed out now (all of them, or the ready ones)
//   2 J_LEFT  tasks not finished
//   3 J_WAIT  tasks not started (bits 0-29) | W_LONG | W_STARTED
//   4-5       f64: the time a policy last handed out one of the job's tasks (setJobHandOut)
//   6-7       f64: the estimate as the policy sees it (jobEstimate after onJobsAdded; jobEst)
// So an SRPT scan finds a queued job's estimate, its task counts and its last hand-out on one line.
const JR: i32 = 8;
const J_NEXT: i32 = 0;
const J_END: i32 = 1;
const J_LEFT: i32 = 2;
const J_WAIT: i32 = 3;
const W_COUNT: i32 = (1 << 30) - 1;
/** Bit of J_WAIT: the job is long (a copy of jobLong). */
const W_LONG: i32 = 1 << 30;
/** Bit of J_WAIT: a task of the job has started (the first start is recorded in jobFirstStart). */
const W_STARTED: i32 = 1 << 31;
let jobRec: Int32Array = new Int32Array(0);
let jobRecF: Float64Array = new Float64Array(0);
/** jobRec's and jobRecF's elements (glue.ts i32Base, f64Base): the records do not move during a
 *  run, so the accessors below need not load the arrays' data pointers each time. */
let jobP: I32Ptr = i32Base(jobRec);
let jobPF: F64Ptr = f64Base(jobRecF);
/** Jobs with task dependencies (dag.ts): job j's tasks in the order they became ready, at
 *  jobFirstTask[j] ..; J_NEXT and J_END then index this list. */
let readyList: Int32Array = new Int32Array(0);
let readyOrder: bool = false;

// ---- results ------------------------------------------------------------------------------------
export let jobFinish: Float64Array = new Float64Array(0);
/** When the job's first task started (Yaq's completion time counts from it). */
export let jobFirstStart: Float64Array = new Float64Array(0);
export let jobsDone: i32 = 0;
export let lastFinish: f64 = 0.0;

/** Sizes the trace columns (the host fills them). */
export function allocateJobColumns(jobs: i32, tasks: i32): void {
  if (jobs >= MAX_JOBS) fail(E_TOO_MANY_JOBS, jobs); // the host checks this first (simulate.ts ENGINE_MAX_JOBS)
  nJobs = jobs;
  nTasks = tasks;
  // (zeros without a fill of fresh memory, glue.ts freshInt32Array: a streamed trace's reader
  // thread writes these four into a shared memory, src/trace/tr-feed-worker.ts, and this thread
  // then never touches their pages before the run reads them)
  jobArrival = freshFloat64Array(jobs);
  jobFirstTask = freshInt32Array(jobs + 1);
  taskDuration = freshFloat64Array(tasks);
  jobEstimate = freshFloat64Array(jobs);
  allocateOptionalColumns(0, 0);
  readyList = new Int32Array(0);
  readyOrder = false;
}

/** Sizes the optional columns the trace has (`columns`: COL_* bits; `dims` demand dimensions, of
 *  which those with bit d of `constantDims` set, d < 30, have one value for every task). */
export function allocateOptionalColumns(columns: i32, dims: i32, constantDims: i32 = 0): void {
  taskEstimate = new Float64Array((columns & COL_TASK_ESTIMATES) != 0 ? nTasks : 0);
  taskStage = new Int32Array((columns & COL_STAGES) != 0 ? nTasks : 0);
  const D = (columns & COL_DEMANDS) != 0 ? dims : 0;
  demandDims = D;
  let S = 0;
  for (let d = 0; d < D; d++) if (d >= 30 || ((constantDims >> d) & 1) == 0) S++;
  demandStored = S;
  demandBase = new Int32Array(D);
  demandMul = new Int32Array(D);
  let k = 0;
  for (let d = 0; d < D; d++) {
    if (d >= 30 || ((constantDims >> d) & 1) == 0) {
      demandBase[d] = k++;
      demandMul[d] = S;
    } else {
      demandBase[d] = nTasks * S + d;
      demandMul[d] = 0;
    }
  }
  taskDemands = new Float64Array(S < D ? nTasks * S + D : nTasks * D);
  jobClass = new Int32Array((columns & COL_CLASSES) != 0 ? nJobs : 0);
  jobPriority = new Int32Array((columns & COL_PRIORITIES) != 0 ? nJobs : 0);
  jobUser = new Int32Array((columns & COL_USERS) != 0 ? nJobs : 0);
}

// ---- the demands' layout: a staging area the host fills with rows of the trace's demands ----
// (so that neither the full tasks x dims column — fresh pages, glue.ts freshInt32Array — nor a
// per-value loop on the host, which runs cold and unoptimized, is needed)
/** `demandStageRows` rows of `stageDims` values: the host's demands of tasks [first, first + n). */
let demandStage: Float64Array = new Float64Array(0);
let stageDims: i32 = 0;
let stageConstant: i32 = 0;
let stageFirst: Float64Array = new Float64Array(0);

/** The staging area for `rows` rows of `dims` demand values (kept while its size fits). */
export function demandStageFor(rows: i32, dims: i32): Float64Array {
  if (demandStage.length != rows * dims) demandStage = new Float64Array(rows * dims);
  stageDims = dims;
  return demandStage;
}

/** The staged rows are tasks [first, first + n) (in order, from task 0): returns the dimensions
 *  (bit d, d < 30) whose value is the same double in every task seen so far. */
export function scanDemandStage(first: i32, n: i32): i32 {
  const D = stageDims;
  if (first == 0) {
    stageFirst = new Float64Array(D);
    for (let d = 0; d < D; d++) stageFirst[d] = demandStage[d];
    stageConstant = D >= 30 ? (1 << 30) - 1 : (1 << D) - 1;
  }
  for (let d = 0; d < D && d < 30; d++) {
    if (((stageConstant >> d) & 1) == 0) continue;
    const v = stageFirst[d];
    const vz = v == 0.0 ? 1.0 / v : 0.0; // (the sign of a zero: +0 and -0 differ)
    for (let i = 0; i < n; i++) {
      const x = demandStage[i * D + d];
      if (x != v || (v == 0.0 && 1.0 / x != vz)) { stageConstant &= ~(1 << d); break; }
    }
  }
  return stageConstant;
}

/** Copies the staged rows, tasks [first, first + n), into taskDemands' layout (after
 *  allocateOptionalColumns); the first call also stores the constant dimensions' values. */
export function packDemandStage(first: i32, n: i32): void {
  const D = demandDims;
  if (first == 0) for (let d = 0; d < D; d++) if (demandMul[d] == 0) taskDemands[demandBase[d]] = demandStage[d];
  for (let d = 0; d < D; d++) {
    const mul = demandMul[d];
    if (mul == 0) continue;
    let o = demandBase[d] + first * mul;
    for (let i = 0; i < n; i++) {
      taskDemands[o] = demandStage[i * D + d];
      o += mul;
    }
  }
}

/** Fresh per-run job state; `withTaskJob` builds the task -> job column. */
export function initializeJobs(withTaskJob: bool): void {
  // (zeros without a fill of fresh memory, glue.ts freshInt32Array: openJobs writes a job's
  // entries once the job is in, and for a streamed trace the reader thread touches their pages
  // first, src/trace/tr-feed-worker.ts, so that this thread does not take their page faults)
  taskJob = freshInt32Array(withTaskJob ? nTasks : 0);
  jobRec = alignedFreshInt32Array(nJobs * JR, JR * 4);
  jobRecF = f64View(jobRec);
  jobP = i32Base(jobRec);
  jobPF = f64Base(jobRecF);
  jobFinish = freshFloat64Array(nJobs);
  jobFirstStart = freshFloat64Array(nJobs);
  jobLong = freshInt32Array(nJobs);
  jobsDone = 0;
  lastFinish = 0.0;
}

/** The records of jobs [from, to), from their columns (before the policy's onJobsAdded). */
export function openJobs(from: i32, to: i32): void {
  const withTaskJob = taskJob.length > 0;
  for (let j = from; j < to; j++) {
    const first = jobFirstTask[j];
    const end = jobFirstTask[j + 1];
    jobRec[j * JR + J_NEXT] = first;
    jobRec[j * JR + J_END] = readyOrder ? first : end; // (dag.ts marks the ready ones)
    jobRec[j * JR + J_LEFT] = end - first;
    jobRec[j * JR + J_WAIT] = end - first;
    jobFinish[j] = -1.0;
    jobFirstStart[j] = -1.0;
    if (withTaskJob) for (let t = first; t < end; t++) taskJob[t] = j;
  }
}

/** The per-job state columns start() allocated, Int32 ones (i = 0, 1, ...; an empty array past
 *  the last): each holds job j's entries at [j x k, (j + 1) x k) for k = length / jobs. A
 *  streamed trace's reader thread touches their pages ahead of the jobs it hands in
 *  (src/trace/tr-feed-worker.ts); openJobs writes a job's entries only once it is in. */
export function jobStateI32(i: i32): Int32Array {
  return i == 0 ? jobRec : i == 1 ? jobLong : new Int32Array(0);
}
/** The Float64 ones (as jobStateI32). */
export function jobStateF64(i: i32): Float64Array {
  return i == 0 ? jobFinish : i == 1 ? jobFirstStart : new Float64Array(0);
}
/** The per-task one (as jobStateI32, by task): each task's job, when the policy wants it. */
export function taskStateI32(i: i32): Int32Array {
  return i == 0 ? taskJob : new Int32Array(0);
}

/** Copies what the policy derived in onJobsAdded (class, estimate) into the records. */
export function sealJobs(from: i32, to: i32): void {
  for (let j = from; j < to; j++) {
    setJobClass(j, jobLong[j] != 0);
    jobRecF[j * (JR >> 1) + 3] = jobEstimate[j];
  }
}

// ---- accessors policies use ------------------------------------------------------------------------
export function jobTaskCount(job: i32): i32 { return jobFirstTask[job + 1] - jobFirstTask[job]; }
/** The job's task-duration estimate as the policy sees it (jobEstimate after onJobsAdded). */
export function jobEst(job: i32): f64 { return f64Get(jobPF, job * (JR >> 1) + 3); }
/** Tasks of `job` that may be handed out now and were not. */
export function jobUnlaunched(job: i32): i32 { return i32Get(jobP, job * JR + J_END) - i32Get(jobP, job * JR + J_NEXT); }
/** Tasks of `job` not started yet. */
export function jobWaitingCount(job: i32): i32 { return i32Get(jobP, job * JR + J_WAIT) & W_COUNT; }
/** Tasks of `job` not finished yet. */
export function jobTasksLeft(job: i32): i32 { return i32Get(jobP, job * JR + J_LEFT); }
/** Sets the class of `job` in jobLong and in its record (sealJobs does it for every job after
 *  the policy's onJobsAdded). A class changed while the run goes on counts from the next delivery
 *  on: a batch of the job's probes reads the class once, when it reaches its nodes (messages.ts
 *  deliverProbes). */
export function setJobClass(job: i32, long: bool): void {
  jobLong[job] = long ? 1 : 0;
  const w = i32Get(jobP, job * JR + J_WAIT);
  i32Set(jobP, job * JR + J_WAIT, long ? w | W_LONG : w & ~W_LONG);
}
/** Whether `job` is long (jobLong, read from the job's record). */
export function jobIsLong(job: i32): bool { return (i32Get(jobP, job * JR + J_WAIT) & W_LONG) != 0; }
/** The time a policy last handed out a task of `job` (0 until setJobHandOut). */
export function jobHandOut(job: i32): f64 { return f64Get(jobPF, job * (JR >> 1) + 2); }
export function setJobHandOut(job: i32, t: f64): void { f64Set(jobPF, job * (JR >> 1) + 2, t); }

/** Late binding: the job's next task that may be handed out (trace order, or readiness order in
 *  a DAG), or -1. */
export function nextUnlaunchedTask(job: i32): i32 {
  const t = i32Get(jobP, job * JR + J_NEXT);
  if (t >= i32Get(jobP, job * JR + J_END)) return -1;
  i32Set(jobP, job * JR + J_NEXT, t + 1);
  return readyOrder ? readyList[t] : t;
}

/** The i-th task nextUnlaunchedTask would hand out next (i < jobUnlaunched(job)). */
export function unlaunchedTaskAt(job: i32, i: i32): i32 {
  const k = i32Get(jobP, job * JR + J_NEXT) + i;
  return readyOrder ? readyList[k] : k;
}

/** The estimate of `task` (of `job`): its own if the trace has per-task estimates, else its
 *  job's as the policy sees it (jobEst). */
export function taskEst(task: i32, job: i32): f64 { return taskEstimate.length > 0 ? taskEstimate[task] : jobEst(job); }

/** Dimension `d` of the resource demand of `task` (0 when the trace has no demands). */
export function taskDemand(task: i32, d: i32): f64 { return d < demandDims ? taskDemands[demandIndex(task, d)] : 0.0; }
/** Where dimension d (< demandDims) of `task`'s demand is in taskDemands. */
// @ts-ignore: decorator
@inline export function demandIndex(task: i32, d: i32): i32 { return demandBase[d] + task * demandMul[d]; }

// ---- task dependencies (dag.ts) --------------------------------------------------------------------
/** Jobs hand out their tasks in the order they become ready (a DAG trace), listed in `list`
 *  (nTasks entries or more, written by markReady before they are read). */
export function useReadyOrder(list: Int32Array): void {
  readyOrder = true;
  readyList = list;
}

/** `task` of `job` may be handed out (its parents finished). */
export function markReady(job: i32, task: i32): void {
  const e = i32Get(jobP, job * JR + J_END);
  readyList[e] = task;
  i32Set(jobP, job * JR + J_END, e + 1);
}

// ---- the engine's bookkeeping ----------------------------------------------------------------------
/** A task of `job` starts at `t`. Returns whether the job is long (jobIsLong: the same word). */
// @ts-ignore: decorator
@inline export function noteTaskStart(job: i32, t: f64): bool {
  let w = i32Get(jobP, job * JR + J_WAIT);
  if (w >= 0) { // (W_STARTED is the sign bit)
    jobFirstStart[job] = t;
    w |= W_STARTED;
  }
  i32Set(jobP, job * JR + J_WAIT, w - 1);
  return (w & W_LONG) != 0;
}

/** A task of `job` finished at `t`: the job completes with its last task. */
// @ts-ignore: decorator
@inline export function taskFinished(job: i32, t: f64): void {
  const left = i32Get(jobP, job * JR + J_LEFT) - 1;
  i32Set(jobP, job * JR + J_LEFT, left);
  if (left == 0) {
    jobFinish[job] = t;
    jobsDone++;
  }
  lastFinish = t;
}
