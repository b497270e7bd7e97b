// Preemptible runs, shared by every discipline or policy that suspends a running task (Kairos'
// LAS, Big-C's class priority, next Dice): a task's service is split into runs; a run holds a
// slot, may begin with an overhead (suspend or resume latency: the slot is busy, the task gets no
// service) and ends either when the task has received its whole duration (an EV_RUN_END event)
// or when it is suspended, which cancels that event. Progress is kept (checkpoint, not restart):
// a task completes after exactly its duration of service. Suspended tasks hold no slot; the
// discipline keeps them (LAS queues them as bound records) and decides who runs next.
import { events, cancelEvent, EV_RUN_END } from "./clock";
import { counters, countStart, recordTasks, nNodes, slotsPerNode, C_PREEMPTIONS, C_SUSPENDED_SECONDS, C_RESUME_SECONDS } from "./config";
import { nTasks, nJobs, taskJob, taskDuration, noteTaskStart } from "./jobs";
import { slotRun, recordStart, recordEnd } from "./slots";
import { enqueue, removeAt, entryTask } from "./queues";
import { fail, E_SLOT_BUSY, E_RUN_RECORD_UNNAMED } from "./errors";
import { alignedInt32Array, f64View } from "./glue";

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

// Per task (dense records: sized only when runs are preemptible; the record of a task is the
// task). Sparse and pooled records (below) keep the same fields in one line per record instead.
let state: Int32Array = new Int32Array(0);
let runNodeOf: Int32Array = new Int32Array(0);
let runSlotOf: Int32Array = new Int32Array(0);   // slot while running
let attainedOf: Float64Array = new Float64Array(0); // service before the current run
let runStartOf: Float64Array = new Float64Array(0); // the current run's service starts here
let runEndOf: Float64Array = new Float64Array(0);   // the current run's completion time
let runCostOf: Float64Array = new Float64Array(0);  // overhead of the current run not yet counted
let suspendedAtOf: Float64Array = new Float64Array(0);
let endEvent: Int32Array = new Int32Array(0);     // handle of the pending EV_RUN_END
let runJobOf: Int32Array = new Int32Array(0);     // (empty: sparse records keep the job, RI_JOB; no taskJob then)
/** Service received per task (recorded runs only). */
export let taskService: Float64Array = new Float64Array(0);
/** Suspensions of each job's tasks. */
export let jobPreemptions: Int32Array = new Int32Array(0);

// Pooled records (initializeRuns(on, false, pooled = true)): a preemptive discipline (las.ts) holds
// each of its tasks on a slot or in its node's queue, so a task needs a record only while it is at
// a node: one line (the sparse layout, below) per task at a node (at most 45,000 for Kairos at full
// size) instead of dense records for every task of the trace (56 bytes per task of the trace,
// zero-filled: fresh pages, glue.ts freshInt32Array; and an operation on a run touched a line in
// each of six arrays). A record is taken at the task's arrival (newRunRecord,
// with its job: no taskJob) and given back at its end (freeRunRecord); it rides beside the run
// (slotRec), in the task's queue record (the discipline's f64) and in the run's end event and
// quantum timer, so that nothing maps a task to its record: the task-based functions below act on
// the record last named (newRunRecord, knownRecord), and the discipline reads fields through the
// record-based ones (rec*). Records are reused at once (a stack), so the ones alive stay few lines.
// (So a policy with a preemptive discipline may not also suspend tasks itself by task, with
// suspendAt/resumeAt: nothing maps its task to a record. No policy does.)
let pooled: bool = false;
let lines: bool = false; // sparse || pooled: records are lines (sp, spF)
/** Pooled records: the record of the run on each slot position (valid while slotRun holds a task). */
export let slotRec: Int32Array = new Int32Array(0);
let poolFree: Int32Array = new Int32Array(0); // free records: poolFree[0 .. poolFreeTop - 1]
let poolFreeTop: i32 = 0;

/** Sets the overheads (a policy or discipline, at construction). */
export function setRunOverheads(suspendSeconds: f64, resumeSeconds: f64): void {
  suspendCost = suspendSeconds;
  resumeCost = resumeSeconds;
}

export function resetRunOverheads(): void { setRunOverheads(0.0, 0.0); }

// Sparse records (initializeRuns(on, sparse = true)): a policy whose runs are seldom preempted
// (Dice: long tasks only, and only when a preemption request is honoured) starts its tasks with
// the slot-stored end (serve.ts) and gives a task a record only when it is first suspended
// (adoptRun); the record is freed at the task's end. Nothing maps a task to its record: it rides
// beside the run (serve.ts longPos, a run position's) and with the suspended task (the policy
// keeps what suspendAt returns and gives it back to resumeAt), and the caller names it
// (knownRecord) before the task-based functions below act on it; an unnamed task fails
// (E_RUN_RECORD_UNNAMED). (A task -> record table cost two cold lines per suspension cycle, an
// insertion and a deletion.) The dense layout (every task's record at its index) would be 56
// bytes x every task of the trace, written at set-up.
let sparse: bool = false;
let recFree: Int32Array = new Int32Array(0);  // free records: recFree[0 .. recFreeTop - 1]
let recFreeTop: i32 = 0;
/** The task the caller named last and its record (-1: none): knownRecord, adoptRun (sparse);
 *  newRunRecord, knownRecord (pooled). Cleared when that record is freed. */
let lastTask: i32 = -1;
let lastRec: i32 = -1;

// Sparse records: one 64-byte line each, RI ints: five f64 fields (f64 index 8r + RF_*), then
// five i32 fields (int index 16r + RI_*). An operation on a run reads and writes most of its
// fields, and at full size the records alive (thousands) are out of cache: one line instead of
// one per field array.
const RI: i32 = 16;
const RF_ATT: i32 = 0;
const RF_START: i32 = 1;
const RF_END: i32 = 2; // (sparse records: the task's duration instead, adoptRun; only LAS reads a run's end)
const RF_COST: i32 = 3;
const RF_SUSP: i32 = 4;
const RI_STATE: i32 = 10;
const RI_NODE: i32 = 11;
const RI_SLOT: i32 = 12;
const RI_EVENT: i32 = 13;
const RI_JOB: i32 = 14;
const RI_MARK: i32 = 15; // the discipline's or policy's own int (LAS: its quantum timer's handle; Dice: the task's suspensions)
let sp: Int32Array = new Int32Array(0);
let spF: Float64Array = new Float64Array(0);

// Field r of a record: the dense array's element, or the sparse or pooled record's field k.
// @ts-ignore: decorator
@inline function getF(dense: Float64Array, r: i32, k: i32): f64 { return lines ? spF[(r << 3) + k] : dense[r]; }
// @ts-ignore: decorator
@inline function setF(dense: Float64Array, r: i32, k: i32, v: f64): void { if (lines) spF[(r << 3) + k] = v; else dense[r] = v; }
// @ts-ignore: decorator
@inline function getI(dense: Int32Array, r: i32, k: i32): i32 { return lines ? sp[(r << 4) + k] : dense[r]; }
// @ts-ignore: decorator
@inline function setI(dense: Int32Array, r: i32, k: i32, v: i32): void { if (lines) sp[(r << 4) + k] = v; else dense[r] = v; }

/** Room for n records (dense: per task; sparse, pooled: lines), the other layout empty. */
function allocateRecords(n: i32): void {
  const d = lines ? 0 : n;
  state = new Int32Array(d);
  runNodeOf = new Int32Array(d);
  runSlotOf = new Int32Array(d);
  attainedOf = new Float64Array(d);
  runStartOf = new Float64Array(d);
  runEndOf = new Float64Array(d);
  runCostOf = new Float64Array(d);
  suspendedAtOf = new Float64Array(d);
  endEvent = new Int32Array(d);
  runJobOf = new Int32Array(0);
  sp = alignedInt32Array(lines ? n * RI : 0, 64);
  spF = f64View(sp);
}

export function initializeRuns(on: bool, sparseRecords: bool = false, pooledRecords: bool = false): void {
  sparse = on && sparseRecords;
  pooled = on && !sparse && pooledRecords;
  lines = sparse || pooled;
  lastTask = -1;
  lastRec = -1;
  slotRec = new Int32Array(pooled ? nNodes * slotsPerNode : 0);
  if (pooled) {
    // Room for every slot's run and two queued tasks per slot to start with (Kairos: N + Q tasks
    // per node, Q = 2 by default); doubled when every record is in use.
    const n = nNodes * slotsPerNode * 3;
    allocateRecords(n);
    poolFree = new Int32Array(n);
    for (let i = 0; i < n; i++) poolFree[i] = n - 1 - i;
    poolFreeTop = n;
  } else if (sparse) {
    // Records for the runs of every slot and one suspended task per node to start with; they
    // double when every one is in use.
    const n = nNodes * (slotsPerNode + 1);
    allocateRecords(n);
    recFree = new Int32Array(n);
    for (let i = 0; i < n; i++) recFree[i] = n - 1 - i;
    recFreeTop = n;
  } else {
    allocateRecords(on ? nTasks : 0);
  }
  taskService = new Float64Array(on && recordTasks ? nTasks : 0);
  jobPreemptions = new Int32Array(on ? nJobs : 0);
}

/** Sparse records: a fresh record for `task`, named for the task-based functions. */
function newSparseRecord(task: i32): i32 {
  if (recFreeTop == 0) growRecords();
  recFreeTop--;
  const r = recFree[recFreeTop];
  lastTask = task;
  lastRec = r;
  return r;
}

/** Sparse records: loads the line of the record the c-th next adoptRun will take (a policy's
 *  look-ahead; only speed depends on it); returns a value to sink. */
export function touchFreeRecord(c: i32): i32 {
  const i = recFreeTop - 1 - c;
  return i >= 0 ? sp[recFree[i] << 4] : 0;
}

/** Sparse records: record `r` is free again. */
function freeSparseRecord(r: i32): void {
  recFree[recFreeTop] = r;
  recFreeTop++;
  if (lastRec == r) { lastTask = -1; lastRec = -1; }
}

/** Sparse records: the record of `task`, which its caller named (knownRecord, adoptRun). */
function namedRecord(task: i32): i32 {
  if (task != lastTask) fail(E_RUN_RECORD_UNNAMED, task);
  return lastRec;
}

/** Sparse records: doubles them (amortized; every record is in use). */
function growRecords(): void {
  const n = sp.length / RI;
  const c = n * 2;
  const old = sp;
  allocateRecords(c);
  for (let i = 0; i < n * RI; i++) sp[i] = old[i];
  recFree = new Int32Array(c);
  for (let i = 0; i < n; i++) recFree[i] = c - 1 - i; // (every old record is in use)
  recFreeTop = n;
}

/** Sparse and pooled records: the task-based functions below act on record `r` of `task` until
 *  the next call (the caller keeps it beside the run: an end event's payload, a run position, a
 *  suspended task's place). Dense: nothing. */
export function knownRecord(task: i32, r: i32): void {
  if (sparse || pooled) { lastTask = task; lastRec = r; }
}

/** Pooled records: the record last named (loop.ts names a run's record from its end event before
 *  the discipline's runEnded). */
export function lastRecord(): i32 { return lastRec; }

/** Pooled records: a fresh record for `task` of `job`, which arrives at a node (every other field
 *  as a dense record's before the task's first run: zero, RS_NONE); named for the task-based
 *  functions. */
export function newRunRecord(task: i32, job: i32): i32 {
  if (poolFreeTop == 0) growPool();
  poolFreeTop--;
  const r = poolFree[poolFreeTop];
  const i = r << 4;
  for (let k = 0; k < RI; k++) sp[i + k] = 0;
  sp[i + RI_JOB] = job;
  lastTask = task;
  lastRec = r;
  return r;
}

/** Pooled records: record `r`'s task ended (after finishRun); the record is free again. */
export function freeRunRecord(r: i32): void {
  poolFree[poolFreeTop] = r;
  poolFreeTop++;
  if (lastRec == r) { lastTask = -1; lastRec = -1; }
}

/** Pooled records: how many records there are (a discipline's own per-record arrays follow it). */
export function runRecordCapacity(): i32 { return sp.length / RI; }

/** Pooled records: doubles them (amortized; every record is in use). */
function growPool(): void {
  const n = sp.length / RI;
  const c = n > 0 ? n * 2 : 1024;
  const old = sp;
  allocateRecords(c);
  for (let i = 0; i < n * RI; i++) sp[i] = old[i];
  poolFree = new Int32Array(c);
  for (let i = 0; i < c - n; i++) poolFree[i] = c - 1 - i; // (every old record is in use)
  poolFreeTop = c - n;
}

// Record-based access for a preemptive discipline (pooled records: `r` is a slot's slotRec, a
// queue record's f64, or a run event's payload).
// @ts-ignore: decorator
@inline export function recState(r: i32): i32 { return sp[(r << 4) + RI_STATE]; }
// @ts-ignore: decorator
@inline export function recNode(r: i32): i32 { return sp[(r << 4) + RI_NODE]; }
// @ts-ignore: decorator
@inline export function recSlot(r: i32): i32 { return sp[(r << 4) + RI_SLOT]; }
// @ts-ignore: decorator
@inline export function recJob(r: i32): i32 { return sp[(r << 4) + RI_JOB]; }
/** The discipline's own int of record r (0 in a fresh record). */
// @ts-ignore: decorator
@inline export function recMark(r: i32): i32 { return sp[(r << 4) + RI_MARK]; }
// @ts-ignore: decorator
@inline export function setRecMark(r: i32, v: i32): void { sp[(r << 4) + RI_MARK] = v; }
/** Service before the current run. */
// @ts-ignore: decorator
@inline export function recAttained(r: i32): f64 { return spF[(r << 3) + RF_ATT]; }
// @ts-ignore: decorator
@inline export function recRunStart(r: i32): f64 { return spF[(r << 3) + RF_START]; }
// @ts-ignore: decorator
@inline export function recRunEnd(r: i32): f64 { return spF[(r << 3) + RF_END]; }
/** Service by `t`, the current run's progress included (currentAttained). */
// @ts-ignore: decorator
@inline export function recCurrentAttained(r: i32, t: f64): f64 {
  const s = t - spF[(r << 3) + RF_START];
  return spF[(r << 3) + RF_ATT] + (s > 0.0 ? s : 0.0);
}

/** The record index of `task` (dense: the task; sparse and pooled: the record named last), for a
 *  caller that keeps it beside the run (knownRecord). */
export function recordIndex(task: i32): i32 { return rec(task); }

/** The record index of `task`: the task itself (dense), or the record named last (sparse: checked
 *  to be `task`'s). */
// @ts-ignore: decorator
@inline function rec(task: i32): i32 { return sparse ? namedRecord(task) : pooled ? lastRec : task; }

/** The job of `task`, which has a run (taskJob; sparse and pooled records keep it in the record,
 *  and taskJob is then not built: loop.ts). */
export function runJob(task: i32): i32 { return lines ? getI(runJobOf, rec(task), RI_JOB) : taskJob[task]; }

export function runState(task: i32): i32 { return getI(state, rec(task), RI_STATE); }
export function setRunState(task: i32, s: i32): void { setI(state, rec(task), RI_STATE, s); }
export function runNode(task: i32): i32 { return getI(runNodeOf, rec(task), RI_NODE); }
export function setRunNode(task: i32, node: i32): void { setI(runNodeOf, rec(task), RI_NODE, node); }
export function runSlot(task: i32): i32 { return getI(runSlotOf, rec(task), RI_SLOT); }
/** Service `task` received before its current run. */
export function attained(task: i32): f64 { return getF(attainedOf, rec(task), RF_ATT); }
/** When the current run's service started (after its overhead). */
export function runStart(task: i32): f64 { return getF(runStartOf, rec(task), RF_START); }

/** Service `task` has received by `t` (its current run's progress included). */
export function currentAttained(task: i32, t: f64): f64 {
  const r = rec(task);
  const s = t - getF(runStartOf, r, RF_START);
  return getF(attainedOf, r, RF_ATT) + (s > 0.0 ? s : 0.0);
}

/** `task` starts for the first time at `node` (counted and recorded as a task start). */
export function firstStart(node: i32, task: i32, t: f64): void {
  countStart();
  noteTaskStart(runJob(task), t);
  recordStart(task, node, t);
}

/** Starts a run of `task` on slot `pos` (already counted busy) whose service begins after
 *  `overhead` seconds; schedules its end. Returns the end time. The caller sets the run state. */
export function beginRun(pos: i32, task: i32, t: f64, overhead: f64): f64 {
  const r = rec(task);
  const end = openRun(pos, task, r, t, overhead);
  setI(endEvent, r, RI_EVENT, events.pushCancellable(end, EV_RUN_END, task, r)); // (b: the record, knownRecord)
  return end;
}

/** The common part of beginRun and beginSlotRun: `task` (record `r`) takes slot `pos`, its service
 *  starting after `overhead`; returns the end time (start + the service it still needs). */
// @ts-ignore: decorator
@inline function openRun(pos: i32, task: i32, r: i32, t: f64, overhead: f64): f64 {
  if (slotRun[pos] >= 0) fail(E_SLOT_BUSY, pos);
  slotRun[pos] = task;
  setI(runSlotOf, r, RI_SLOT, pos);
  setF(runCostOf, r, RF_COST, overhead);
  const start = t + overhead;
  setF(runStartOf, r, RF_START, start);
  // (A sparse record holds the task's duration where the others hold the run's end, which no
  // reader of sparse records needs: a resumption then reads no cold line beside its record.)
  let rem = (sparse ? spF[(r << 3) + RF_END] : taskDuration[task]) - getF(attainedOf, r, RF_ATT);
  if (rem < 0.0) rem = 0.0;
  const end = start + rem;
  if (!sparse) setF(runEndOf, r, RF_END, end);
  return end;
}

/** beginRun for a run whose end the caller stores against its slot (events.pushEnd) rather than
 *  as a cancellable event: a resumed run of a policy that preempts long tasks only (serve.ts
 *  longOnlyRuns), taken back again by cancelTaskEnd if it is suspended once more.
 *  Returns the end time, which the caller pushes at once (so it takes the sequence number
 *  beginRun's event would have had). */
export function beginSlotRun(pos: i32, task: i32, t: f64, overhead: f64): f64 {
  const r = rec(task);
  const end = openRun(pos, task, r, t, overhead);
  setI(endEvent, r, RI_EVENT, -1);
  return end;
}

/** Sparse records: `task` of `job`, running on `node` since `start` with a slot-stored end that the
 *  caller has just taken back (events.cancelEnd), becomes a preemptible run on run position `pos`
 *  (slotRun[pos] == task already): as if begun at `start` without overhead and without an end
 *  event (the caller suspends it next). Its record is fresh (named, its mark 0) and keeps the
 *  task's `duration` (taskDuration[task], which the caller has at hand) for its later runs. */
export function adoptRun(node: i32, task: i32, job: i32, pos: i32, start: f64, duration: f64): void {
  const r = newSparseRecord(task);
  sp[(r << 4) + RI_MARK] = 0; // (the policy's own int: Dice's suspensions of the task)
  setI(runJobOf, r, RI_JOB, job);
  setI(state, r, RI_STATE, RS_RUNNING);
  setI(runNodeOf, r, RI_NODE, node);
  setI(runSlotOf, r, RI_SLOT, pos);
  setF(attainedOf, r, RF_ATT, 0.0);
  setF(runCostOf, r, RF_COST, 0.0);
  setF(runStartOf, r, RF_START, start);
  setI(endEvent, r, RI_EVENT, -1);
  spF[(r << 3) + RF_END] = duration; // (sparse: the duration, openRun)
}

/** Credits the running `task` with its progress up to `t` (a quantum check); its run goes on. */
export function chargeProgress(task: i32, t: f64): void {
  const r = rec(task);
  setF(attainedOf, r, RF_ATT, getF(attainedOf, r, RF_ATT) + (t - getF(runStartOf, r, RF_START)));
  setF(runStartOf, r, RF_START, t);
  counters[C_RESUME_SECONDS] += getF(runCostOf, r, RF_COST);
  setF(runCostOf, r, RF_COST, 0.0);
}

/** Suspends running `task` at `t`: its progress is kept, its end event cancelled, its slot left
 *  for the caller to fill (the next run pays suspendCost) or release; the caller keeps the task
 *  (queueSuspended puts it in its node's queue). */
export function suspendRun(task: i32, t: f64): void {
  const r = rec(task);
  const s = t - getF(runStartOf, r, RF_START);
  if (s > 0.0) {
    setF(attainedOf, r, RF_ATT, getF(attainedOf, r, RF_ATT) + (s));
    counters[C_RESUME_SECONDS] += getF(runCostOf, r, RF_COST);
  } else {
    counters[C_RESUME_SECONDS] += getF(runCostOf, r, RF_COST) + s; // interrupted during its overhead
  }
  setF(runCostOf, r, RF_COST, 0.0);
  const h = getI(endEvent, r, RI_EVENT);
  if (h >= 0) cancelEvent(h); // (an adopted run's slot-stored end is already gone)
  slotRun[getI(runSlotOf, r, RI_SLOT)] = -1;
  setI(state, r, RI_STATE, RS_SUSPENDED);
  setF(suspendedAtOf, r, RF_SUSP, t);
  const job = runJob(task);
  jobPreemptions[job] = jobPreemptions[job] + 1;
  counters[C_PREEMPTIONS] += 1.0;
}

/** Queues suspended `task` at `node` as a bound record. */
export function queueSuspended(node: i32, task: i32): void { enqueue(node, runJob(task), task, 0); }

/** Suspended `task` is about to run again at `t` (a policy's resumeAt): its time aside counts. */
export function noteResumed(task: i32, t: f64): void {
  counters[C_SUSPENDED_SECONDS] += t - getF(suspendedAtOf, rec(task), RF_SUSP);
}

/** `task` arrived at `node` but cannot run yet: it waits in the node's queue. */
export function waitAtNode(node: i32, task: i32, t: f64): void {
  const r = rec(task);
  setI(state, r, RI_STATE, RS_WAITING);
  setF(suspendedAtOf, r, RF_SUSP, t);
  enqueue(node, runJob(task), task, 0);
}

/** Removes the suspended or waiting task of queue record `r` of `node` at `t`; returns it. */
export function takeQueued(node: i32, r: i32, t: f64): i32 {
  const task = entryTask(r);
  removeAt(node, r);
  counters[C_SUSPENDED_SECONDS] += t - getF(suspendedAtOf, rec(task), RF_SUSP);
  return task;
}

/** Sparse records: the run of `task` (record `r`, begun by beginSlotRun on run position `pos`) ended
 *  at `t` with its slot-stored end: finishRun's accounting without reading the record, which is
 *  cold by then (the task was resumed hours before). Its overhead not yet counted is resumeCost
 *  (beginSlotRun's overhead: only a suspension, which ends the run, or LAS's chargeProgress
 *  changes it), so the counter gets the same value; its attained service is read only for the
 *  per-task record. */
export function finishSlotRun(task: i32, r: i32, pos: i32, t: f64): void {
  counters[C_RESUME_SECONDS] += resumeCost;
  slotRun[pos] = -1;
  recordEnd(task, t);
  if (recordTasks) taskService[task] = spF[(r << 3) + RF_ATT] + (t - spF[(r << 3) + RF_START]);
  freeSparseRecord(r);
}

/** The run of `task` completed at `t` (its EV_RUN_END): accounts it and frees its slot entry
 *  (and, sparse, its record). Returns the slot. */
export function finishRun(task: i32, t: f64): i32 {
  const r = rec(task);
  const pos = getI(runSlotOf, r, RI_SLOT);
  setF(attainedOf, r, RF_ATT, getF(attainedOf, r, RF_ATT) + (t - getF(runStartOf, r, RF_START)));
  counters[C_RESUME_SECONDS] += getF(runCostOf, r, RF_COST);
  setF(runCostOf, r, RF_COST, 0.0);
  setI(state, r, RI_STATE, RS_DONE);
  slotRun[pos] = -1;
  recordEnd(task, t);
  if (recordTasks) taskService[task] = getF(attainedOf, r, RF_ATT);
  if (sparse) freeSparseRecord(r);
  return pos;
}
