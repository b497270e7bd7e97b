// Preemptible runs, shared by every discipline or policy that suspends a running task (Kairos'
// LAS, Big-C's class priority, next Dice): a task's service is split into runs; a run holds a
// slot, may begin with an overhead (suspend or resume latency: the slot is busy, the task gets no
// service) and ends either when the task has received its whole duration (an EV_RUN_END event)
// or when it is suspended, which cancels that event. Progress is kept (checkpoint, not restart):
// a task completes after exactly its duration of service. Suspended tasks hold no slot; the
// discipline keeps them (LAS queues them as bound records) and decides who runs next.
import { events, cancelEvent, EV_RUN_END } from "./clock";
import { counters, recordTasks, C_TASKS_STARTED, C_PREEMPTIONS, C_SUSPENDED_SECONDS, C_RESUME_SECONDS } from "./config";
import { nTasks, nJobs, taskJob, taskDuration, noteTaskStart } from "./jobs";
import { slotRun, recordStart, recordEnd } from "./slots";
import { enqueue, removeAt, entryTask } from "./queues";
import { fail, E_SLOT_BUSY } from "./errors";

/** Overheads (seconds, slot busy, no service): before the run that follows a suspension on the
 *  same slot, and before a suspended task's run resumes (spec seed-kairos-related.md §8 #14). */
export let suspendCost: f64 = 0.0;
export let resumeCost: f64 = 0.0;

/** Run states of a task. */
export const RS_NONE: i32 = 0;       // not at a node yet
export const RS_RUNNING: i32 = 1;
export const RS_PROTECTED: i32 = 2;  // running, may not be preempted (a discipline's starvation guard)
export const RS_SUSPENDED: i32 = 3;  // preempted, in its node's queue
export const RS_WAITING: i32 = 4;    // at its node's queue, never ran yet
export const RS_DONE: i32 = 5;

// Per task (sized only when runs are preemptible).
let state: Int32Array = new Int32Array(0);
let runNodeOf: Int32Array = new Int32Array(0);
let runSlotOf: Int32Array = new Int32Array(0);   // slot while running
let attainedOf: Float64Array = new Float64Array(0); // service before the current run
let runStartOf: Float64Array = new Float64Array(0); // the current run's service starts here
let runEndOf: Float64Array = new Float64Array(0);   // the current run's completion time
let runCostOf: Float64Array = new Float64Array(0);  // overhead of the current run not yet counted
let suspendedAtOf: Float64Array = new Float64Array(0);
let endEvent: Int32Array = new Int32Array(0);     // handle of the pending EV_RUN_END
/** Service received per task (recorded runs only). */
export let taskService: Float64Array = new Float64Array(0);
/** Suspensions of each job's tasks. */
export let jobPreemptions: Int32Array = new Int32Array(0);

/** Sets the overheads (a policy or discipline, at construction). */
export function setRunOverheads(suspendSeconds: f64, resumeSeconds: f64): void {
  suspendCost = suspendSeconds;
  resumeCost = resumeSeconds;
}

export function resetRunOverheads(): void { setRunOverheads(0.0, 0.0); }

export function initializeRuns(on: bool): void {
  const n = on ? nTasks : 0;
  state = new Int32Array(n);
  runNodeOf = new Int32Array(n);
  runSlotOf = new Int32Array(n);
  attainedOf = new Float64Array(n);
  runStartOf = new Float64Array(n);
  runEndOf = new Float64Array(n);
  runCostOf = new Float64Array(n);
  suspendedAtOf = new Float64Array(n);
  endEvent = new Int32Array(n);
  taskService = new Float64Array(on && recordTasks ? nTasks : 0);
  jobPreemptions = new Int32Array(on ? nJobs : 0);
}

export function runState(task: i32): i32 { return state[task]; }
export function setRunState(task: i32, s: i32): void { state[task] = s; }
export function runNode(task: i32): i32 { return runNodeOf[task]; }
export function setRunNode(task: i32, node: i32): void { runNodeOf[task] = node; }
export function runSlot(task: i32): i32 { return runSlotOf[task]; }
/** Service `task` received before its current run. */
export function attained(task: i32): f64 { return attainedOf[task]; }
/** When the current run's service started (after its overhead). */
export function runStart(task: i32): f64 { return runStartOf[task]; }
/** When the current run will complete the task. */
export function runEnd(task: i32): f64 { return runEndOf[task]; }

/** Service `task` has received by `t` (its current run's progress included). */
export function currentAttained(task: i32, t: f64): f64 {
  const s = t - runStartOf[task];
  return attainedOf[task] + (s > 0.0 ? s : 0.0);
}

/** `task` starts for the first time at `node` (counted and recorded as a task start). */
export function firstStart(node: i32, task: i32, t: f64): void {
  counters[C_TASKS_STARTED] += 1.0;
  noteTaskStart(taskJob[task], t);
  recordStart(task, node, t);
}

/** Starts a run of `task` on slot `pos` (already counted busy) whose service begins after
 *  `overhead` seconds; schedules its end. Returns the end time. The caller sets the run state. */
export function beginRun(pos: i32, task: i32, t: f64, overhead: f64): f64 {
  if (slotRun[pos] >= 0) fail(E_SLOT_BUSY, pos);
  slotRun[pos] = task;
  runSlotOf[task] = pos;
  runCostOf[task] = overhead;
  const start = t + overhead;
  runStartOf[task] = start;
  let rem = taskDuration[task] - attainedOf[task];
  if (rem < 0.0) rem = 0.0;
  const end = start + rem;
  runEndOf[task] = end;
  endEvent[task] = events.pushCancellable(end, EV_RUN_END, task, 0);
  return end;
}

/** Credits the running `task` with its progress up to `t` (a quantum check); its run goes on. */
export function chargeProgress(task: i32, t: f64): void {
  attainedOf[task] += t - runStartOf[task];
  runStartOf[task] = t;
  counters[C_RESUME_SECONDS] += runCostOf[task];
  runCostOf[task] = 0.0;
}

/** Suspends running `task` at `t`: its progress is kept, its end event cancelled, its slot left
 *  for the caller to fill (the next run pays suspendCost) or release; the caller keeps the task
 *  (queueSuspended puts it in its node's queue). */
export function suspendRun(task: i32, t: f64): void {
  const s = t - runStartOf[task];
  if (s > 0.0) {
    attainedOf[task] += s;
    counters[C_RESUME_SECONDS] += runCostOf[task];
  } else {
    counters[C_RESUME_SECONDS] += runCostOf[task] + s; // interrupted during its overhead
  }
  runCostOf[task] = 0.0;
  cancelEvent(endEvent[task]);
  slotRun[runSlotOf[task]] = -1;
  state[task] = RS_SUSPENDED;
  suspendedAtOf[task] = t;
  const job = taskJob[task];
  jobPreemptions[job] = jobPreemptions[job] + 1;
  counters[C_PREEMPTIONS] += 1.0;
}

/** Queues suspended `task` at `node` as a bound record. */
export function queueSuspended(node: i32, task: i32): void { enqueue(node, taskJob[task], task, 0); }

/** Suspended `task` is about to run again at `t` (a policy's resumeAt): its time aside counts. */
export function noteResumed(task: i32, t: f64): void {
  counters[C_SUSPENDED_SECONDS] += t - suspendedAtOf[task];
}

/** `task` arrived at `node` but cannot run yet: it waits in the node's queue. */
export function waitAtNode(node: i32, task: i32, t: f64): void {
  state[task] = RS_WAITING;
  suspendedAtOf[task] = t;
  enqueue(node, taskJob[task], task, 0);
}

/** Removes the suspended or waiting task of queue record `r` of `node` at `t`; returns it. */
export function takeQueued(node: i32, r: i32, t: f64): i32 {
  const task = entryTask(r);
  removeAt(node, r);
  counters[C_SUSPENDED_SECONDS] += t - suspendedAtOf[task];
  return task;
}

/** The run of `task` completed at `t` (its EV_RUN_END): accounts it and frees its slot entry.
 *  Returns the slot. */
export function finishRun(task: i32, t: f64): i32 {
  const pos = runSlotOf[task];
  attainedOf[task] += t - runStartOf[task];
  counters[C_RESUME_SECONDS] += runCostOf[task];
  runCostOf[task] = 0.0;
  state[task] = RS_DONE;
  slotRun[pos] = -1;
  recordEnd(task, t);
  if (recordTasks) taskService[task] = attainedOf[task];
  return pos;
}
