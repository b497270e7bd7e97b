// The node side of the cost model (seed-hawk-eagle.md §1.4, A4, A5): a node with a free slot
// serves its queue through its discipline; a bound task starts at once; a late-bound probe holds
// the slot while the node asks the job's scheduler for a task, whose reply arrives 2 x netDelay
// later (a cancel releases the slot then). The scheduler hands out the task when the reply is
// sent: with one constant delay the order of hand-outs equals the order of requests, so deciding
// at reply time is exact. Also the end of a run and what follows it.
import { events, pushLaneEvent, pushTaskEnd, EV_REPLY, cancelTaskEnd } from "./clock";
import { nNodes, roundTrip, slotsPerNode, recordTasks, count, countFetch, countStart, countStale, C_PROBES_BEHIND_LONG,
  C_SHORT_AFTER_LONG } from "./config";
import { taskDuration, taskJob, jobIsLong, noteTaskStart } from "./jobs";
import { completeTask, dag } from "./dag";
import { nodeP, NS, N_BUSY, N_QLEN, N_QFIRST, holdsLongWork, longWorkAnywhere, addLongRunning } from "./nodestate";
import { enqueueOf, removeAt, removeFirst, entryWord, entryTask, wordJob, wordSticky, wordBehindLong, wordFetching,
  setEntryFlags, clearEntryFlags, findCode, noteQueuedAtOnce, F_BEHIND_LONG, F_STICKY, F_FETCHING } from "./queues";
import { occupySlot, occupyFreeSlot, releaseSlot, passSlot, recordStart, recordEnd, freeSlotOf, slotRun } from "./slots";
import { taskService, beginRun, beginSlotRun, setRunNode, setRunState, runState, firstStart, finishRun, finishSlotRun, suspendRun,
  noteResumed, resumeCost, adoptRun, runJob, knownRecord, recordIndex, jobPreemptions, recMark, RS_NONE, RS_RUNNING } from "./preempt";
import { scheduler, hearsTaskEnds } from "./scheduler";
import { NodeDiscipline, FifoDiscipline } from "./discipline";
import { resourcesOn, admit, release, popAdmissible, poppedJob } from "./resources";
import { alignedInt32Array, f64View, sameClass, I32Ptr, i32Base, i32Get, i32Set } from "./glue";

/** The policy's discipline (loop.ts sets it at initialize). */
export let discipline: NodeDiscipline = new NodeDiscipline();
/** Runs are preemptible (their ends are cancellable EV_RUN_END events). */
export let preemptibleRuns: bool = false;
let notesSelection: bool = false;
/** The discipline is exactly the engine's FIFO (an instance of NodeDiscipline or FifoDiscipline
 *  themselves, not of a subclass, which may override anything): serve takes the first ready record
 *  without the virtual select, and a message that reaches a node with a free slot and an empty
 *  queue is served without being queued (receive). A class test, not a flag a subclass could
 *  inherit while overriding select. */
let plainFifo: bool = false;
const fifoSample: NodeDiscipline = new FifoDiscipline();
const baseSample: NodeDiscipline = new NodeDiscipline();
let watchStarts: bool = false;
let claimSlots: bool = false;
/** The nodes whose freed slots the policy claims, a bit per node (the policy's own array, read
 *  in place; claimFreedSlotsOf), or empty: every node. */
let claimNodes: Int32Array = new Int32Array(0);
let longOnlyRuns: bool = false;    // preemptible runs for long tasks only (Scheduler.preemptsLongOnly)
let everyRunPreemptible: bool = false; // preemptibleRuns && !longOnlyRuns: every start is a preemptible run
/** longOnlyRuns: per run position (slotRun), 32 bytes (LP ints) on one line: when its long task
 *  started and the task's duration (f64 LP/2 pos and LP/2 pos + 1: read when a run never
 *  suspended is suspended, which then reads neither the task's duration nor anything else cold;
 *  the duration is in cache at the start, which pushes the end), and the run record of its task
 *  when that is a preemptible run (a resumption; int LP pos + LP_REC), -1 for a run never
 *  suspended: suspendAt knows which without a lookup. (Both kinds keep the slot-stored end; a
 *  resumed run's end carries its record in the calendar, so the end reads nothing here.) One
 *  line, written at every long task's start: two arrays cost two misses there. LP pos + LP_MARK
 *  is a copy of the record's mark (preempt.ts recMark, the policy's own int) as the run began, 0
 *  for a run never suspended: Dice's count of the task's suspensions, which its requests read
 *  without the record (runMarkOn). */
const LP: i32 = 8;
const LP_REC: i32 = 4;
const LP_MARK: i32 = 5;
let longPos: Int32Array = new Int32Array(0);
let longPosF: Float64Array = new Float64Array(0);
/** resumeAt is starting a suspended task (a preemptible run even when longOnlyRuns). */
let resuming: bool = false;
/** A task end may pass its slot to the node's next record (taskEnded) as far as the run's set-up
 *  goes: the plain FIFO, no DAG, no resources (the policy's hooks are tested per end). */
let passAtEnd: bool = false;

// Get-task requests in flight: what the reply needs (the probe's record may have left its queue).
// The reply event carries the record's word (its job and flags, >= 0) itself; a sticky probe's,
// which also needs its task code (its serial, to find it again), is a request record instead,
// the event carrying -1 - f: FR ints per request f on one array, FR f + 0 the word, FR f + 1 the
// code. A free request's word links the free list.
const FR: i32 = 2;
let fetchRec: Int32Array = new Int32Array(0);
let fetchP: I32Ptr = i32Base(fetchRec); // (its elements, as nodestate.ts nodeP)
let fetchFree: i32 = -1;

export function initializeServe(d: NodeDiscipline, preemptible: bool): void {
  discipline = d;
  preemptibleRuns = preemptible;
  plainFifo = sameClass(d, fifoSample) || sameClass(d, baseSample);
  notesSelection = d.notesSelection && !plainFifo; // (the plain FIFO's selected() does nothing)
  watchStarts = scheduler.watchesStarts;
  passAtEnd = plainFifo && !dag && !resourcesOn;
  claimSlots = scheduler.claimsFreedSlots;
  claimNodes = new Int32Array(0);
  longOnlyRuns = preemptible && !d.preemptive && scheduler.preemptsLongOnly;
  everyRunPreemptible = preemptible && !longOnlyRuns;
  longPos = alignedInt32Array(longOnlyRuns ? LP * nNodes * slotsPerNode : 0, 64);
  longPosF = f64View(longPos);
  resuming = false;
  const fetches = nNodes * slotsPerNode + 1; // each request in flight holds a slot
  fetchRec = new Int32Array(FR * fetches);
  for (let f = 0; f < fetches; f++) fetchRec[FR * f] = f + 1;
  fetchRec[FR * (fetches - 1)] = -1;
  fetchP = i32Base(fetchRec);
  fetchFree = 0;
}

/** A message the policy accepted arrives at `node` (whose discipline does not take arrivals
 *  itself): it is queued, noting a short probe that lands behind long work, and the node serves
 *  its queue. Under the plain FIFO a message that finds a free slot and an empty queue is served
 *  as it arrives, without its record: the node would select that record at once and nothing
 *  else reads it (not for a sticky probe, which stays queued). The queue's state afterwards is
 *  the same either way (an emptied queue restarts where it was); probe serials are not drawn for
 *  such probes (they only find a sticky probe again). */
// @ts-ignore: decorator
@inline export function receive(node: i32, job: i32, task: i32, t: f64): void {
  let flags = 0;
  const long = jobIsLong(job);
  if (!long) {
    if (longWorkAnywhere() && holdsLongWork(node)) {
      count(C_PROBES_BEHIND_LONG, 1.0);
      flags = F_BEHIND_LONG;
    }
    if (task < 0) flags |= stickyProbeFlag(long);
  }
  receiveWith(node, job, task, long, flags, t);
}

/** receive(node, job, -1, t) for a message of a batch of late-bound probes of one job
 *  (messages.ts deliverProbes), with what depends on the job alone found once per batch: `long`
 *  (jobIsLong(job)) and `sticky` (stickyProbeFlag(long)). (Inlined: its one caller.) */
// @ts-ignore: decorator
@inline export function receiveProbe(node: i32, job: i32, long: bool, sticky: i32, t: f64): void {
  let flags = sticky;
  if (!long && longWorkAnywhere() && holdsLongWork(node)) {
    count(C_PROBES_BEHIND_LONG, 1.0);
    flags |= F_BEHIND_LONG;
  }
  receiveWith(node, job, -1, long, flags, t);
}

/** F_STICKY for a late-bound probe of a job that is `long` or not: short jobs' probes, when the
 *  policy's probes are sticky; else 0. */
// @ts-ignore: decorator
@inline export function stickyProbeFlag(long: bool): i32 { return !long && scheduler.sticky ? F_STICKY : 0; }

/** receive's steps once the message's record word flags are known. */
// @ts-ignore: decorator
@inline function receiveWith(node: i32, job: i32, task: i32, long: bool, flags: i32, t: f64): void {
  const o = node * NS;
  const busy = i32Get(nodeP, o + N_BUSY);
  if (busy < slotsPerNode && i32Get(nodeP, o + N_QLEN) == 0 && plainFifo && (flags & F_STICKY) == 0) {
    noteQueuedAtOnce();
    occupyFreeSlot(node, busy, t);
    if (task >= 0) startTask(node, task, job, t);
    else requestTask(node, job | flags, task, t);
    return;
  }
  enqueueOf(node, job, task, flags, long);
  if (busy < slotsPerNode) serve(node, t); // (most messages find every slot busy)
}

/** Starts queued work on `node` while it has free slots. */
export function serve(node: i32, t: f64): void {
  const o = node * NS;
  for (;;) {
    const busy = i32Get(nodeP, o + N_BUSY);
    if (busy >= slotsPerNode) return;
    if (plainFifo) {
      // The first record not waiting for a get-task reply (firstReadyEntry), the queue's bounds
      // kept for its removal.
      const len = i32Get(nodeP, o + N_QLEN);
      if (len == 0) return;
      const first = i32Get(nodeP, o + N_QFIRST);
      let r = first;
      while (wordFetching(entryWord(r))) {
        if (++r == first + len) return;
      }
      const w = entryWord(r);
      const task = entryTask(r);
      occupyFreeSlot(node, busy, t);
      if (task < 0 && wordSticky(w)) setEntryFlags(r, F_FETCHING); // (a sticky probe stays queued)
      else if (r == first) removeFirst(node, first, len, w);
      else removeAt(node, r);
      if (task >= 0) startTask(node, task, wordJob(w), t); else requestTask(node, w, task, t);
    } else {
      const r = discipline.select(node, t);
      if (r < 0) return;
      if (notesSelection) discipline.selected(node, r, t);
      const w = entryWord(r);
      const task = entryTask(r);
      occupySlot(node, t); // (checked: a policy's select might change slots)
      if (task >= 0) {
        removeAt(node, r);
        startTask(node, task, wordJob(w), t);
      } else {
        // A probe: ask its job's scheduler for a task. A sticky probe stays queued.
        if (!wordSticky(w)) removeAt(node, r); else setEntryFlags(r, F_FETCHING);
        requestTask(node, w, task, t);
      }
    }
  }
}

/** A probe (its record's word `w`, task code `code`) that took a slot of `node` asks its job's
 *  scheduler for a task: the reply arrives 2 x netDelay later (onReply). */
// @ts-ignore: decorator
@inline function requestTask(node: i32, w: i32, code: i32, t: f64): void {
  let b = w;
  if (wordSticky(w)) {
    const f = fetchFree;
    fetchFree = i32Get(fetchP, FR * f);
    i32Set(fetchP, FR * f, w);
    i32Set(fetchP, FR * f + 1, code);
    b = -1 - f;
  }
  countFetch();
  pushLaneEvent(2, t + roundTrip, EV_REPLY, node, b);
}


/** Runs `task` on a slot of `node` that is already occupied for it. (Inlined: a call that only
 *  tests resourcesOn otherwise.) */
// @ts-ignore: decorator
@inline export function startTask(node: i32, task: i32, job: i32, t: f64): void {
  if (resourcesOn) admitTask(node, task, job, t); else runTask(node, task, job, t);
}

/** startTask with a cluster (resources.ts, seed-fregata.md A15): a task whose demand does not
 *  fit waits at the node, holding its slot, until released resources let it start. */
function admitTask(node: i32, task: i32, job: i32, t: f64): void {
  if (admit(node, task, job, t)) runTask(node, task, job, t);
}

/** Starts `task` on its slot of `node` (resources, if modelled, are allocated). (Inlined: a call
 *  per task start otherwise.) */
// @ts-ignore: decorator
@inline function runTask(node: i32, task: i32, job: i32, t: f64): void {
  if (everyRunPreemptible) {
    startRun(node, task, job, t);
  } else if (longOnlyRuns && resuming) {
    resumeRun(node, task, job, t);
  } else {
    // A run that cannot be preempted (yet): its end is stored against its slot. With
    // longOnlyRuns a long task also holds a run position (slotRun, as a preemptible run would),
    // and suspendAt turns it into a preemptible run if it is ever suspended (most never are).
    countStart();
    const long = noteTaskStart(job, t);
    const d = taskDuration[task];
    if (long) {
      addLongRunning(node, 1);
      if (longOnlyRuns) {
        const pos = freeSlotOf(node);
        slotRun[pos] = task;
        longPosF[(LP >> 1) * pos] = t;
        longPosF[(LP >> 1) * pos + 1] = d;
        longPos[LP * pos + LP_REC] = -1;
        longPos[LP * pos + LP_MARK] = 0;
      }
    }
    recordStart(task, node, t);
    pushTaskEnd(node, t + d, task, job, -1); // the job rides along: no lookup at the end
  }
  if (watchStarts) scheduler.onTaskStart(node, task, job, t);
}

/** startTask for a preemptible run: a first start or a resumption (after resumeCost). */
function startRun(node: i32, task: i32, job: i32, t: f64): void {
  const fresh = runState(task) == RS_NONE;
  if (fresh) firstStart(node, task, t);
  setRunNode(task, node);
  setRunState(task, RS_RUNNING);
  if (jobIsLong(job)) addLongRunning(node, 1);
  const pos = freeSlotOf(node);
  beginRun(pos, task, t, fresh ? 0.0 : resumeCost);
}

/** longOnlyRuns: suspended `task` resumes on `node` (after resumeCost) as a preemptible run whose
 *  end is slot-stored like any other task's: a run preempted seldom keeps the calendar's cheap
 *  end, and suspendAt takes it back (cancelTaskEnd) in the rare case it is suspended again. The
 *  end takes the sequence number a cancellable end would have had, so the order of events is
 *  the same. */
function resumeRun(node: i32, task: i32, job: i32, t: f64): void {
  setRunNode(task, node);
  setRunState(task, RS_RUNNING);
  if (jobIsLong(job)) addLongRunning(node, 1);
  const pos = freeSlotOf(node);
  const r = recordIndex(task);
  pushTaskEnd(node, beginSlotRun(pos, task, t, resumeCost), task, job, r); // (the end carries its record)
  longPos[LP * pos + LP_REC] = r;
  longPos[LP * pos + LP_MARK] = recMark(r); // (the record is in cache: beginSlotRun wrote it)
}

/** A get-task reply reaches `node`: `b`, what requestTask sent, is the probe's record word, or
 *  -1 - the request record of a sticky probe. (Inlined into the event loop, its one caller: the
 *  commonest event, which otherwise pays a call's frame and spills.) */
// @ts-ignore: decorator
@inline export function onReply(node: i32, b: i32, t: f64): void {
  let flags = b;
  let r = -1;
  if (b < 0) {
    const f = -1 - b;
    flags = i32Get(fetchP, FR * f);
    const serial = i32Get(fetchP, FR * f + 1);
    i32Set(fetchP, FR * f, fetchFree);
    fetchFree = f;
    r = findCode(node, serial);
    flags = clearEntryFlags(r, F_FETCHING);
  }
  const job = wordJob(flags);
  const sticky = b < 0;
  const task = scheduler.handOut(job, node, t);
  if (task >= 0) {
    if (wordBehindLong(flags)) count(C_SHORT_AFTER_LONG, 1.0);
    if (sticky) discipline.stickyTask(node, r, task, job, t);
    startTask(node, task, job, t);
  } else {
    // A cancel: the job has no unlaunched task; the probe is gone after one round trip.
    if (sticky) removeAt(node, r);
    countStale();
    if (plainFifo && !claimSlots && !sticky && passToFirst(node, t)) return;
    releaseSlot(node, t);
    afterSlotFreed(node, t);
  }
}

/** A cancelled probe's slot of `node` under the plain FIFO, no policy claiming freed slots: when
 *  the queue's first record is ready (neither waiting for a reply nor sticky), the slot passes to
 *  it directly — what releaseSlot, afterSlotFreed and serve would do (serve takes the first ready
 *  record), without the release, the call and the re-occupation. With more slots than one, any
 *  still free are served and the idle check made as afterSlotFreed would. Returns false, having
 *  done nothing, when the general path must run. (Most replies are cancels that end this way:
 *  the node's next probe asks for a task.) */
// @ts-ignore: decorator
@inline function passToFirst(node: i32, t: f64): bool {
  const o = node * NS;
  const len = i32Get(nodeP, o + N_QLEN);
  if (len == 0) return false;
  const first = i32Get(nodeP, o + N_QFIRST);
  const w = entryWord(first);
  if ((w & (F_FETCHING | F_STICKY)) != 0) return false;
  const task = entryTask(first);
  passSlot(t);
  removeFirst(node, first, len, w);
  if (task >= 0) startTask(node, task, wordJob(w), t); else requestTask(node, w, task, t);
  if (i32Get(nodeP, o + N_BUSY) < slotsPerNode) {
    serve(node, t);
    notifyIfIdle(node, t);
  }
  return true;
}

/** A run that could not be preempted ended (EV_TASK_END); `r` is what its end carried: under
 *  longOnlyRuns the run record of a resumed run, else -1. */
// @ts-ignore: decorator
@inline export function onTaskEnd(node: i32, task: i32, job: i32, t: f64, r: i32): void {
  if (longOnlyRuns && jobIsLong(job)) {
    const pos = runPosition(node, task);
    if (r >= 0) {
      finishSlotRun(task, r, pos, t); // (a resumed run: its record's accounting, as finishRun's; frees pos)
    } else {
      recordEnd(task, t);
      if (recordTasks) taskService[task] = taskDuration[task]; // (a run never preempted)
      slotRun[pos] = -1;
    }
  } else {
    recordEnd(task, t);
    if (longOnlyRuns && recordTasks) taskService[task] = taskDuration[task]; // (a run never preempted)
  }
  taskEnded(node, task, job, t);
}

/** A preemptible run ended (EV_RUN_END) under a discipline that does not preempt itself (the
 *  policy does): as onTaskEnd. */
export function onRunEnd(node: i32, task: i32, job: i32, t: f64): void {
  finishRun(task, t);
  taskEnded(node, task, job, t);
}

/** What follows the end of a task that held a slot of `node` (the slot is still counted busy).
 *  Under the plain FIFO, with nothing that may look at the node between the slot's release and
 *  its serve (no policy hears task ends or claims freed slots, no task becomes ready: no DAG, no
 *  resources), the slot passes to the queue's first ready record as passToFirst does for a
 *  cancelled probe's — the commonest end under load — and is released only if it does not. */
// @ts-ignore: decorator
@inline function taskEnded(node: i32, task: i32, job: i32, t: f64): void {
  if (resourcesOn) {
    // Its resources back; parked tasks of the node that now fit start (in FIFO order).
    release(node, task, t);
    for (;;) {
      const k = popAdmissible(node, t);
      if (k < 0) break;
      runTask(node, k, poppedJob, t);
    }
  }
  let passing = false;
  if (passAtEnd) passing = !claimSlots && !hearsTaskEnds; // (passAtEnd false: one test, as in a DAG run)
  if (!passing) releaseSlot(node, t);
  if (jobIsLong(job)) addLongRunning(node, -1);
  const ready = completeTask(task, job, t);
  if (hearsTaskEnds) scheduler.onTaskEnd(node, task, job, t);
  if (ready > 0) scheduler.onTasksReady(job, ready, t);
  if (passing) {
    if (passToFirst(node, t)) return;
    releaseSlot(node, t);
  }
  afterSlotFreed(node, t);
}

/** A slot of `node` became free: the policy may claim it first, then the node serves its queue;
 *  the policy hears of a node left idle. */
// @ts-ignore: decorator
@inline export function afterSlotFreed(node: i32, t: f64): void {
  if (claimSlots && (claimNodes.length == 0 || (claimNodes[node >> 5] & (1 << (node & 31))) != 0)) scheduler.claimFreedSlot(node, t);
  serve(node, t);
  notifyIfIdle(node, t);
}

/** A policy that preempts (Scheduler.preemptsRuns) suspends running `task` of `node` at `t`. Its
 *  progress is kept and the policy keeps the task (resumeAt brings it back); its slot stays
 *  occupied: release it now, or after a suspension delay, with releaseSlot and afterSlotFreed.
 *  Returns the task's run record, which resumeAt may be given back (sparse records: no lookup). */
export function suspendAt(node: i32, task: i32, t: f64): i32 {
  if (longOnlyRuns) {
    const pos = runPosition(node, task);
    const r = longPos[LP * pos + LP_REC];
    let slot = node * slotsPerNode;
    while (events.slotTask(slot) != task) slot++;
    const job = cancelTaskEnd(slot); // (its slot-stored end goes: events.cancelEnd, O(1))
    if (r < 0) {
      // A run never suspended becomes a preemptible run that began when the task started (same
      // service, same accounting as if it had been one all along).
      adoptRun(node, task, job, pos, longPosF[(LP >> 1) * pos], longPosF[(LP >> 1) * pos + 1]);
    } else {
      knownRecord(task, r); // (a resumed run)
    }
  }
  suspendRun(task, t);
  if (jobIsLong(runJob(task))) addLongRunning(node, -1);
  return recordIndex(task); // (sparse: the record just used, no probe)
}

/** Resumes suspended `task` on a free slot of `node` at `t` (after resumeCost); `record`, if not
 *  -1, is what suspendAt returned for it. */
export function resumeAt(node: i32, task: i32, t: f64, record: i32 = -1): void {
  if (record >= 0) knownRecord(task, record);
  noteResumed(task, t);
  occupySlot(node, t);
  resuming = true;
  startTask(node, task, runJob(task), t);
  resuming = false;
}

/** longOnlyRuns: the run record of the task running on slot k of `node` (runningTask), or -1 for
 *  one never suspended (a policy keeps its own int in the record: preempt.ts recMark). */
export function runRecordOn(node: i32, k: i32): i32 { return longPos[LP * (node * slotsPerNode + k) + LP_REC]; }

/** longOnlyRuns: the mark of the run record of the task running on slot k of `node` as its run
 *  began (preempt.ts recMark; a policy changes it only while the task is suspended), 0 for one
 *  never suspended: on the run position's line, so the record is not read. */
export function runMarkOn(node: i32, k: i32): i32 { return longPos[LP * (node * slotsPerNode + k) + LP_MARK]; }

/** longOnlyRuns: loads what suspending the long task running on `node` reads first (its end's slot
 *  line, its job's count of suspensions), for a policy's look-ahead (only speed depends on it);
 *  returns a value to sink. */
export function touchSuspension(node: i32): i32 {
  const job = events.slotJob(node * slotsPerNode);
  return job >= 0 ? jobPreemptions[job] : 0;
}

/** longOnlyRuns: the run position (slotRun) of `task`, running on `node`. */
function runPosition(node: i32, task: i32): i32 {
  if (slotsPerNode == 1) return node; // (a long task's end read this cold line only to find it)
  let pos = node * slotsPerNode;
  while (slotRun[pos] != task) pos++;
  return pos;
}

/** Turns the policy's claimFreedSlot calls on or off from now on (Scheduler.claimsFreedSlots
 *  gives the setting at the start): a policy that claims slots only while it holds suspended
 *  tasks (Dice) saves a call per freed slot the rest of the time. */
export function claimFreedSlots(on: bool): void { claimSlots = on; }

/** Limits the policy's claimFreedSlot calls to the nodes whose bit is set in `nodes` (a bit per
 *  node, the policy's array: read in place, so the policy's updates count at once): Dice claims
 *  only the slots of nodes in their suspension window, a few dozen of thousands, where every
 *  freed slot of every node would cost a call. */
export function claimFreedSlotsOf(nodes: Int32Array): void { claimNodes = nodes; }

/** Tells the policy when `node` has a free slot and an empty queue. */
// @ts-ignore: decorator
@inline export function notifyIfIdle(node: i32, t: f64): void {
  if (i32Get(nodeP, node * NS + N_BUSY) < slotsPerNode && i32Get(nodeP, node * NS + N_QLEN) == 0) scheduler.onNodeIdle(node, t);
}
