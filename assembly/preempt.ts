// Preemptible runs, shared by every discipline or policy that suspends a running task (Kairos'
// LAS, Big-C's class priority, next Dice): a task's service is split into runs; a run holds a
// slot, may begin with an overhead (suspend or resume latency: the slot is busy, the task gets no
// service) and ends either when the task has received its whole duration (an EV_RUN_END event)
// or when it is suspended, which cancels that event. Progress is kept (checkpoint, not restart):
// a task completes after exactly its duration of service. Suspended tasks hold no slot; the
// discipline keeps them (LAS queues them as bound records) and decides who runs next.
import { events, cancelEvent, EV_RUN_END } from "./clock";
import { counters, recordTasks, nNodes, slotsPerNode, C_TASKS_STARTED, C_PREEMPTIONS, C_SUSPENDED_SECONDS, C_RESUME_SECONDS } from "./config";
import { nTasks, nJobs, taskJob, taskDuration, noteTaskStart } from "./jobs";
import { slotRun, recordStart, recordEnd } from "./slots";
import { enqueue, removeAt, entryTask } from "./queues";
import { fail, E_SLOT_BUSY } from "./errors";
import { imul, ushr } from "./glue";

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
let runJobOf: Int32Array = new Int32Array(0);     // sparse records: the task's job (no taskJob then)
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

// Sparse records (initializeRuns(on, sparse = true)): a policy whose runs are seldom preempted
// (Dice: long tasks only, and only when a preemption request is honoured) starts its tasks with
// the slot-stored end (serve.ts) and gives a task a record only when it is first suspended
// (adoptRun); the records live in small arrays indexed through an open-addressing table
// task -> record, freed at the task's end. The dense layout (every task's record at its index)
// would be 56 bytes x every task of the trace, written at set-up.
let sparse: bool = false;
const HASH: i32 = -1640531535; // 0x9E3779B1 (Fibonacci hashing: the top bits of task x HASH)
// The table: per position h, the task at 2h (-1: empty) and its record at 2h + 1, so that a
// probe reads one line; a power of two of positions, at most half full. It starts small and
// doubles with the records alive (a few thousand at full size), not with the records allocated.
let table: Int32Array = new Int32Array(0);
let tableMask: i32 = 0;
let tableShift: i32 = 32;
/** Positions the table starts with. */
const TABLE_FIRST_LOG: i32 = 10;
let recFree: Int32Array = new Int32Array(0);  // free records: recFree[0 .. recFreeTop - 1]
let recFreeTop: i32 = 0;
let recLive: i32 = 0;
/** The last task found or given a record, and its record (-1: none): one operation on a run
 *  (a suspension, a resumption, an end) reads its record several times through the task-based
 *  accessors, and at full size each table probe can miss. Cleared when that record is freed. */
let lastTask: i32 = -1;
let lastRec: i32 = -1;

function allocateRecords(n: i32): void {
  state = new Int32Array(n);
  runNodeOf = new Int32Array(n);
  runSlotOf = new Int32Array(n);
  attainedOf = new Float64Array(n);
  runStartOf = new Float64Array(n);
  runEndOf = new Float64Array(n);
  runCostOf = new Float64Array(n);
  suspendedAtOf = new Float64Array(n);
  endEvent = new Int32Array(n);
  runJobOf = new Int32Array(sparse ? n : 0);
}

export function initializeRuns(on: bool, sparseRecords: bool = false): void {
  sparse = on && sparseRecords;
  lastTask = -1;
  lastRec = -1;
  if (sparse) {
    // Records for the runs of every slot and one suspended task per node to start with; both
    // the records and the table double when full.
    const n = nNodes * (slotsPerNode + 1);
    allocateRecords(n);
    recFree = new Int32Array(n);
    for (let i = 0; i < n; i++) recFree[i] = n - 1 - i;
    recFreeTop = n;
    recLive = 0;
    newTable(TABLE_FIRST_LOG);
  } else {
    allocateRecords(on ? nTasks : 0);
  }
  taskService = new Float64Array(on && recordTasks ? nTasks : 0);
  jobPreemptions = new Int32Array(on ? nJobs : 0);
}

/** An empty table of 2^log positions. */
function newTable(log: i32): void {
  const cap = 1 << log;
  table = new Int32Array(2 * cap);
  for (let h = 0; h < cap; h++) table[2 * h] = -1;
  tableMask = cap - 1;
  tableShift = 32 - log;
}

/** Sparse records: the table position of `task`, or of the empty place where it would go. */
function tablePos(task: i32): i32 {
  const mask = tableMask;
  let h = ushr(imul(task, HASH), tableShift);
  let k = table[2 * h];
  while (k != task && k >= 0) {
    h = (h + 1) & mask;
    k = table[2 * h];
  }
  return h;
}

/** Sparse records: the record of `task`, or -1. */
function findRecord(task: i32): i32 {
  if (task == lastTask) return lastRec;
  const h = tablePos(task);
  if (table[2 * h] != task) return -1;
  const r = table[2 * h + 1];
  lastTask = task;
  lastRec = r;
  return r;
}

/** Sparse records: the record of `task`, made if it has none. */
function recordOf(task: i32): i32 {
  if (task == lastTask) return lastRec;
  let h = tablePos(task);
  let r = 0;
  if (table[2 * h] == task) {
    r = table[2 * h + 1];
  } else {
    if (recFreeTop == 0) growRecords();
    recFreeTop--;
    r = recFree[recFreeTop];
    table[2 * h] = task;
    table[2 * h + 1] = r;
    recLive++;
    if (2 * recLive > tableMask + 1) rehash();
  }
  lastTask = task;
  lastRec = r;
  return r;
}

/** Sparse records: `task` ended, its record is free again (backward-shift deletion). */
function dropRecord(task: i32): void {
  if (task == lastTask) { lastTask = -1; lastRec = -1; }
  const mask = tableMask;
  let h = tablePos(task);
  if (table[2 * h] != task) return;
  recFree[recFreeTop] = table[2 * h + 1];
  recFreeTop++;
  recLive--;
  let j = h;
  for (;;) {
    table[2 * h] = -1;
    for (;;) {
      j = (j + 1) & mask;
      const k = table[2 * j];
      if (k < 0) return;
      const home = ushr(imul(k, HASH), tableShift);
      // k may fill the hole h unless its home lies cyclically in (h, j]
      if (h <= j ? (home <= h || home > j) : (home <= h && home > j)) break;
    }
    table[2 * h] = table[2 * j];
    table[2 * h + 1] = table[2 * j + 1];
    h = j;
  }
}

/** Doubles the table (amortized: it grows with the records alive, a handful of times a run). */
function rehash(): void {
  const old = table;
  const oldCap = tableMask + 1;
  newTable(32 - tableShift + 1);
  for (let i = 0; i < oldCap; i++) {
    const k = old[2 * i];
    if (k < 0) continue;
    const h = tablePos(k);
    table[2 * h] = k;
    table[2 * h + 1] = old[2 * i + 1];
  }
}

function growRecords(): void {
  const n = state.length;
  const c = n * 2;
  const st = state; const nd = runNodeOf; const sl = runSlotOf; const at = attainedOf; const rs = runStartOf;
  const re = runEndOf; const rc = runCostOf; const sa = suspendedAtOf; const ev = endEvent; const jb = runJobOf;
  allocateRecords(c);
  for (let i = 0; i < n; i++) {
    state[i] = st[i]; runNodeOf[i] = nd[i]; runSlotOf[i] = sl[i]; attainedOf[i] = at[i]; runStartOf[i] = rs[i];
    runEndOf[i] = re[i]; runCostOf[i] = rc[i]; suspendedAtOf[i] = sa[i]; endEvent[i] = ev[i]; runJobOf[i] = jb[i];
  }
  recFree = new Int32Array(c);
  for (let i = 0; i < n; i++) recFree[i] = c - 1 - i; // (every old record is in use)
  recFreeTop = n;
}

/** Sparse records: `task`'s record is `r` (kept by the caller beside the run: an end event's
 *  payload, a run position), so the next lookups need no table probe. Dense: nothing. */
export function knownRecord(task: i32, r: i32): void {
  if (sparse) { lastTask = task; lastRec = r; }
}

/** The record index of `task` (dense: the task; sparse: its record, made if none), for a caller
 *  that keeps it beside the run (knownRecord). */
export function recordIndex(task: i32): i32 { return rec(task); }

/** The record index of `task`: the task itself (dense), or its sparse record (made if none). */
// @ts-ignore: decorator
@inline function rec(task: i32): i32 { return sparse ? recordOf(task) : task; }

/** The job of `task`, which has a run (taskJob; sparse records keep it in the record, and
 *  taskJob is then not built: loop.ts). */
export function runJob(task: i32): i32 { return sparse ? runJobOf[recordOf(task)] : taskJob[task]; }

export function runState(task: i32): i32 {
  if (sparse) { const r = findRecord(task); return r < 0 ? RS_NONE : state[r]; }
  return state[task];
}
export function setRunState(task: i32, s: i32): void { state[rec(task)] = s; }
export function runNode(task: i32): i32 { return runNodeOf[rec(task)]; }
export function setRunNode(task: i32, node: i32): void { runNodeOf[rec(task)] = node; }
export function runSlot(task: i32): i32 { return runSlotOf[rec(task)]; }
/** Service `task` received before its current run. */
export function attained(task: i32): f64 { return attainedOf[rec(task)]; }
/** When the current run's service started (after its overhead). */
export function runStart(task: i32): f64 { return runStartOf[rec(task)]; }
/** When the current run will complete the task. */
export function runEnd(task: i32): f64 { return runEndOf[rec(task)]; }

/** Service `task` has received by `t` (its current run's progress included). */
export function currentAttained(task: i32, t: f64): f64 {
  const r = rec(task);
  const s = t - runStartOf[r];
  return attainedOf[r] + (s > 0.0 ? s : 0.0);
}

/** `task` starts for the first time at `node` (counted and recorded as a task start). */
export function firstStart(node: i32, task: i32, t: f64): void {
  counters[C_TASKS_STARTED] += 1.0;
  noteTaskStart(runJob(task), t);
  recordStart(task, node, t);
}

/** Starts a run of `task` on slot `pos` (already counted busy) whose service begins after
 *  `overhead` seconds; schedules its end. Returns the end time. The caller sets the run state. */
export function beginRun(pos: i32, task: i32, t: f64, overhead: f64): f64 {
  if (slotRun[pos] >= 0) fail(E_SLOT_BUSY, pos);
  const r = rec(task);
  slotRun[pos] = task;
  runSlotOf[r] = pos;
  runCostOf[r] = overhead;
  const start = t + overhead;
  runStartOf[r] = start;
  let rem = taskDuration[task] - attainedOf[r];
  if (rem < 0.0) rem = 0.0;
  const end = start + rem;
  runEndOf[r] = end;
  endEvent[r] = events.pushCancellable(end, EV_RUN_END, task, r); // (b: the record, knownRecord)
  return end;
}

/** Sparse records: `task` of `job`, running on `node` since `start` with a slot-stored end that the
 *  caller has just removed (events.cancelEnd), becomes a preemptible run on run position `pos`
 *  (slotRun[pos] == task already): as if begun at `start` without overhead and without an end
 *  event (the caller suspends it next). */
export function adoptRun(node: i32, task: i32, job: i32, pos: i32, start: f64): void {
  const r = rec(task);
  runJobOf[r] = job;
  state[r] = RS_RUNNING;
  runNodeOf[r] = node;
  runSlotOf[r] = pos;
  attainedOf[r] = 0.0;
  runCostOf[r] = 0.0;
  runStartOf[r] = start;
  runEndOf[r] = start + taskDuration[task];
  endEvent[r] = -1;
}

/** Credits the running `task` with its progress up to `t` (a quantum check); its run goes on. */
export function chargeProgress(task: i32, t: f64): void {
  const r = rec(task);
  attainedOf[r] += t - runStartOf[r];
  runStartOf[r] = t;
  counters[C_RESUME_SECONDS] += runCostOf[r];
  runCostOf[r] = 0.0;
}

/** Suspends running `task` at `t`: its progress is kept, its end event cancelled, its slot left
 *  for the caller to fill (the next run pays suspendCost) or release; the caller keeps the task
 *  (queueSuspended puts it in its node's queue). */
export function suspendRun(task: i32, t: f64): void {
  const r = rec(task);
  const s = t - runStartOf[r];
  if (s > 0.0) {
    attainedOf[r] += s;
    counters[C_RESUME_SECONDS] += runCostOf[r];
  } else {
    counters[C_RESUME_SECONDS] += runCostOf[r] + s; // interrupted during its overhead
  }
  runCostOf[r] = 0.0;
  const h = endEvent[r];
  if (h >= 0) cancelEvent(h); // (an adopted run's slot-stored end is already gone)
  slotRun[runSlotOf[r]] = -1;
  state[r] = RS_SUSPENDED;
  suspendedAtOf[r] = t;
  const job = runJob(task);
  jobPreemptions[job] = jobPreemptions[job] + 1;
  counters[C_PREEMPTIONS] += 1.0;
}

/** Queues suspended `task` at `node` as a bound record. */
export function queueSuspended(node: i32, task: i32): void { enqueue(node, taskJob[task], task, 0); }

/** Suspended `task` is about to run again at `t` (a policy's resumeAt): its time aside counts. */
export function noteResumed(task: i32, t: f64): void {
  counters[C_SUSPENDED_SECONDS] += t - suspendedAtOf[rec(task)];
}

/** `task` arrived at `node` but cannot run yet: it waits in the node's queue. */
export function waitAtNode(node: i32, task: i32, t: f64): void {
  const r = rec(task);
  state[r] = RS_WAITING;
  suspendedAtOf[r] = t;
  enqueue(node, taskJob[task], task, 0);
}

/** Removes the suspended or waiting task of queue record `r` of `node` at `t`; returns it. */
export function takeQueued(node: i32, r: i32, t: f64): i32 {
  const task = entryTask(r);
  removeAt(node, r);
  counters[C_SUSPENDED_SECONDS] += t - suspendedAtOf[rec(task)];
  return task;
}

/** The run of `task` completed at `t` (its EV_RUN_END): accounts it and frees its slot entry
 *  (and, sparse, its record). Returns the slot. */
export function finishRun(task: i32, t: f64): i32 {
  const r = rec(task);
  const pos = runSlotOf[r];
  attainedOf[r] += t - runStartOf[r];
  counters[C_RESUME_SECONDS] += runCostOf[r];
  runCostOf[r] = 0.0;
  state[r] = RS_DONE;
  slotRun[pos] = -1;
  recordEnd(task, t);
  if (recordTasks) taskService[task] = attainedOf[r];
  if (sparse) dropRecord(task);
  return pos;
}
