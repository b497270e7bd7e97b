// Preemptive node disciplines on preemptible runs (preempt.ts): Kairos' Least Attained Service
// with a quantum (seed-kairos-related.md §1.2, Algorithm 2) and Big-C's class priority (§2.2).
// Only bound tasks reach them. A task arriving at a node runs at once: on a free slot, or by
// preempting the victim the discipline names (the suspended victim waits in the node's queue);
// with no victim it waits there, never having run. When a run completes, the discipline names the
// queued task that resumes on the freed slot (or the slot is released).
import { NodeDiscipline } from "./discipline";
import { slotsPerNode } from "./config";
import { jobLong } from "./jobs";
import { completeTask } from "./dag";
import { nodeBusy, queueLength } from "./nodestate";
import { queueFirst, queueEnd, entryTask, entryWord, wordIsLong, entryValue, setEntryValue } from "./queues";
import { occupySlot, releaseSlot, freeSlotOf, slotRun } from "./slots";
import { beginRun, suspendRun, queueSuspended, waitAtNode, takeQueued, finishRun, firstStart, chargeProgress,
  setRunState, setRunNode, suspendCost, resumeCost, knownRecord, lastRecord, newRunRecord, freeRunRecord,
  runRecordCapacity, slotRec, recState, recNode, recSlot, recJob, recMark, setRecMark, recAttained, recRunStart, recRunEnd,
  recCurrentAttained,
  RS_RUNNING, RS_PROTECTED, RS_WAITING } from "./preempt";
import { timerKind, setCancellableTimer, cancelTimer, failUnlessAdvances } from "./timers";
import { scheduler, hearsTaskEnds } from "./scheduler";
import { notifyIfIdle } from "./serve";
import { fail, E_PROBE_AT_BOUND_DISCIPLINE } from "./errors";
import { toI32 } from "./glue";

/** The run record (preempt.ts, pooled) of the task queued in record `e`: its queue record's f64. */
// @ts-ignore: decorator
@inline export function entryRecord(e: i32): i32 { return toI32(entryValue(e)); }

/** The common skeleton: arrival, suspension, resumption and the end of a run. Every task at a node
 *  has a run record (pooled: preempt.ts) from its arrival to its end, reached through its slot
 *  (slotRec) or its queue record (entryRecord), never through the task. */
export class PreemptiveDiscipline extends NodeDiscipline {
  constructor() {
    super();
    this.preemptive = true;
    this.usesValue = true; // (a queued task's run record)
  }

  /** The slot position whose running task an arrival of a task of `job` at `node` preempts, or -1. */
  victim(node: i32, job: i32, t: f64): i32 { return -1; }
  /** The queued record whose task runs next on a freed slot of `node`, or -1. */
  pick(node: i32): i32 { return -1; }
  /** The record to run on a slot of `node` freed by a completion (pick, unless a starvation rule
   *  says otherwise). */
  nextOnFreedSlot(node: i32): i32 { return this.pick(node); }
  /** After the decision at a completion. */
  decided(): void {}
  /** A task arrived with run record `r` (fresh: its fields as a never-run task's). */
  opened(r: i32): void {}

  /** Starts a run of `task` (run record `r`) on slot `pos` after `overhead` seconds. */
  startRun(pos: i32, task: i32, r: i32, t: f64, overhead: f64): void {
    knownRecord(task, r);
    setRunState(task, RS_RUNNING);
    slotRec[pos] = r;
    beginRun(pos, task, t, overhead);
  }

  /** Suspends running `task` (record `r`) into the queue of `node`. */
  suspend(node: i32, task: i32, r: i32, t: f64): void {
    knownRecord(task, r);
    suspendRun(task, t);
    queueRun(node, task, r);
  }

  /** Runs `task` (record `r`), taken from the queue, on slot `pos` of `node`: a first start, or
   *  a resumption (after resumeCost); `overhead` is what the slot owes first (a suspension's). */
  resume(node: i32, pos: i32, task: i32, r: i32, t: f64, overhead: f64): void {
    const fresh = recState(r) == RS_WAITING;
    knownRecord(task, r);
    if (fresh) firstStart(node, task, t);
    this.startRun(pos, task, r, t, fresh ? overhead : overhead + resumeCost);
  }

  /** Takes queued record `e` of `node` out of the queue at `t` and runs its task on slot `pos`. */
  resumeQueued(node: i32, e: i32, pos: i32, t: f64, overhead: f64): void {
    const task = entryTask(e);
    const r = entryRecord(e);
    knownRecord(task, r);
    takeQueued(node, e, t);
    this.resume(node, pos, task, r, t, overhead);
  }

  arrive(node: i32, job: i32, task: i32, t: f64): void {
    if (task < 0) fail(E_PROBE_AT_BOUND_DISCIPLINE, node); // late-bound probes need a queue
    if (scheduler.watchesNodeChanges) scheduler.beforeNodeChange(node, t);
    const r = newRunRecord(task, job);
    this.opened(r);
    setRunNode(task, node);
    if (nodeBusy(node) < slotsPerNode) {
      const pos = freeSlotOf(node);
      occupySlot(node, t);
      firstStart(node, task, t);
      this.startRun(pos, task, r, t, 0.0);
      return;
    }
    const pos = this.victim(node, job, t);
    if (pos < 0) {
      knownRecord(task, r);
      waitAtNode(node, task, t);
      setEntryValue(queueEnd(node) - 1, <f64>r); // (the record enqueue appended)
      return;
    }
    this.suspend(node, slotRun[pos], slotRec[pos], t);
    knownRecord(task, r);
    firstStart(node, task, t);
    this.startRun(pos, task, r, t, suspendCost);
  }

  runEnded(node: i32, task: i32, job: i32, t: f64): void {
    const r = lastRecord(); // (named from the run's end event: loop.ts)
    if (scheduler.watchesNodeChanges) scheduler.beforeNodeChange(node, t);
    knownRecord(task, r);
    const pos = finishRun(task, t);
    freeRunRecord(r);
    const ready = completeTask(task, job, t);
    const e = this.nextOnFreedSlot(node);
    if (e >= 0) this.resumeQueued(node, e, pos, t, 0.0); else releaseSlot(node, t);
    this.decided();
    if (hearsTaskEnds) scheduler.onTaskEnd(node, task, job, t);
    if (ready > 0) scheduler.onTasksReady(job, ready, t);
    notifyIfIdle(node, t);
  }
}

/** Queues suspended `task` (record `r`) at `node`, its record in the queue record's f64. */
function queueRun(node: i32, task: i32, r: i32): void {
  queueSuspended(node, task);
  setEntryValue(queueEnd(node) - 1, <f64>r); // (the record enqueue appended)
}

/**
 * Least Attained Service for nodes with N = slotsPerNode cores (Kairos' node scheduler):
 *  - an arrival preempts the running task with the most attained service (current value: stored
 *    + this run's progress; ties: lowest task id). Two slips of the printed listing are fixed
 *    (spec §8 #1): the newcomer is not a candidate victim, and the victim leaves the running set.
 *    Tasks in a protected run are never victims; if every slot is protected the newcomer waits in
 *    the node queue with attained service 0 (§8 #3);
 *  - after W (`quantum`) seconds of a task's run, the suspended task with the least attained
 *    service replaces it if its attained service is <= the runner's (the listing's `<=`, §8 #2),
 *    or, with a `swapMargin` m > 0, at least m below it (the prototype's hysteresis, m = W/2);
 *    otherwise the runner gets another quantum;
 *  - when a task completes, the suspended task with the least attained service — LAS's
 *    "youngest" — resumes on the freed slot (ties: FIFO by suspension, §8 #22);
 *  - starvation guard (§1.2, §8 #3, the prototype's counting): a task suspended `starveAfter`
 *    times gets, at its next run, a protected run of starveQuanta x W that neither an arrival nor
 *    a quantum check can interrupt; its count then restarts. With `starveByWaits` (the thesis
 *    text, §8 #3 "waitQuanta") the count is of quantum-end decisions a suspended task was passed
 *    over at; at `starveAfter` it is forced in at the next decision point, for a protected run;
 *  - `victimStale`: the victim is chosen by stored attained service, without the current run's
 *    progress (the printed listing's reading, §8 #1).
 * The quantum is a cancellable timer of this discipline's (its payload: the task and its run
 * record), taken back when its run is suspended.
 */
export class LasDiscipline extends PreemptiveDiscipline {
  quantum: f64;
  starveAfter: i32;
  protect: f64;       // length of a protected run (starveQuanta x quantum)
  swapMargin: f64;
  victimStale: bool;
  waitMode: bool;     // starvation counted in quantum-end decisions waited
  forced: bool = false; // the run startRun starts next is a forced (protected) one
  quantumKind: i32;
  // Per run record (preempt.ts; grown with the records): suspensions since its last protected run
  // (waitMode: decisions waited). The handle of its pending quantum timer (-1: none) is the
  // record's own int (recMark).
  passedOver: Int32Array = new Int32Array(0);

  constructor(quantum: f64, starveAfter: i32, starveQuanta: f64, swapMargin: f64, victimStale: bool,
              starveByWaits: bool) {
    super();
    this.quantum = quantum;
    this.starveAfter = starveAfter;
    this.protect = starveQuanta * quantum;
    this.swapMargin = swapMargin;
    this.victimStale = victimStale;
    this.waitMode = starveByWaits && starveAfter > 0;
    this.quantumKind = timerKind(this);
  }

  opened(r: i32): void {
    if (r >= this.passedOver.length) this.grow();
    this.passedOver[r] = 0;
    setRecMark(r, -1);
  }

  /** The per-record array, as long as the run records (its contents kept). */
  grow(): void {
    const p = new Int32Array(runRecordCapacity());
    for (let i = 0; i < this.passedOver.length; i++) p[i] = this.passedOver[i];
    this.passedOver = p;
  }

  startRun(pos: i32, task: i32, r: i32, t: f64, overhead: f64): void {
    let window = this.quantum;
    knownRecord(task, r);
    if (this.waitMode ? this.forced : this.starveAfter > 0 && this.passedOver[r] >= this.starveAfter) {
      setRunState(task, RS_PROTECTED);
      this.passedOver[r] = 0;
      window = this.protect;
    } else {
      setRunState(task, RS_RUNNING);
      if (this.waitMode) this.passedOver[r] = 0; // it runs: its wait ends
    }
    this.forced = false;
    slotRec[pos] = r;
    const end = beginRun(pos, task, t, overhead);
    const start = recRunStart(r);
    failUnlessAdvances(start, window); // (a quantum lost to rounding would swap runs for ever)
    const q = start + window;
    if (q < end) setRecMark(r, setCancellableTimer(q, this.quantumKind, task, r));
  }

  suspend(node: i32, task: i32, r: i32, t: f64): void {
    const h = recMark(r);
    if (h >= 0) { cancelTimer(h); setRecMark(r, -1); }
    knownRecord(task, r);
    suspendRun(task, t);
    this.passedOver[r] = this.waitMode ? 0 : this.passedOver[r] + 1; // (waits restart from 0)
    queueRun(node, task, r);
  }

  victim(node: i32, job: i32, t: f64): i32 {
    const base = node * slotsPerNode;
    let victim = -1;
    let at = -1;
    let best: f64 = -1.0;
    for (let k = 0; k < slotsPerNode; k++) {
      const x = slotRun[base + k];
      const r = slotRec[base + k];
      if (recState(r) == RS_PROTECTED) continue;
      const a = this.victimStale ? recAttained(r) : recCurrentAttained(r, t);
      if (victim < 0 || a > best || (a == best && x < victim)) { victim = x; best = a; at = base + k; }
    }
    return at;
  }

  /** The queued task with the least attained service (first in queue order among equals, i.e.
   *  earliest suspended). */
  pick(node: i32): i32 {
    let best = -1;
    let bestA: f64 = Infinity;
    for (let e = queueFirst(node); e < queueEnd(node); e++) {
      const a = recAttained(entryRecord(e));
      if (a < bestA) { bestA = a; best = e; }
    }
    return best;
  }

  nextOnFreedSlot(node: i32): i32 {
    let e = this.waitMode ? this.starving(node) : -1;
    this.forced = e >= 0;
    if (e < 0) e = this.pick(node);
    return e;
  }

  decided(): void { this.forced = false; }

  /** The queued task most attained service says goes first on eviction. */
  evict(node: i32): i32 {
    let worst = -1;
    let worstA: f64 = -1.0;
    for (let e = queueFirst(node); e < queueEnd(node); e++) {
      const a = recAttained(entryRecord(e));
      if (a >= worstA) { worstA = a; worst = e; }
    }
    return worst;
  }

  /** waitMode: the queued task passed over at least `starveAfter` times (the longest-waiting;
   *  ties: queue order), or -1. */
  starving(node: i32): i32 {
    let best = -1;
    let most = this.starveAfter - 1;
    for (let e = queueFirst(node); e < queueEnd(node); e++) {
      const w = this.passedOver[entryRecord(e)];
      if (w > most) { most = w; best = e; }
    }
    return best;
  }

  /** waitMode: every task queued at `node` was passed over at a quantum end. */
  countWaits(node: i32): void {
    for (let e = queueFirst(node); e < queueEnd(node); e++) {
      const r = entryRecord(e);
      this.passedOver[r] = this.passedOver[r] + 1;
    }
  }

  /** A quantum of `task`'s run (record `r`) ended. */
  onTimer(kind: i32, task: i32, r: i32, t: f64): void {
    setRecMark(r, -1);
    const node = recNode(r);
    if (scheduler.watchesNodeChanges) scheduler.beforeNodeChange(node, t);
    knownRecord(task, r);
    chargeProgress(task, t);
    let e = this.waitMode ? this.starving(node) : -1;
    const forced = e >= 0;
    if (!forced) e = this.pick(node);
    // (with margin 0 this is the listing's "suspended <= runner")
    if (e >= 0 && (forced || recAttained(r) - recAttained(entryRecord(e)) >= this.swapMargin)) {
      const pos = recSlot(r);
      const next = entryTask(e);
      const rn = entryRecord(e);
      knownRecord(next, rn);
      takeQueued(node, e, t);
      if (this.waitMode) this.countWaits(node); // the others were passed over (before the runner joins them)
      this.suspend(node, task, r, t);
      this.forced = forced;
      this.resume(node, pos, next, rn, t, suspendCost);
      return;
    }
    if (this.waitMode) this.countWaits(node);
    // Keep running: another quantum (a protected run ends here). The end event stays.
    knownRecord(task, r);
    setRunState(task, RS_RUNNING);
    failUnlessAdvances(t, this.quantum);
    const q = t + this.quantum;
    if (q < recRunEnd(r)) setRecMark(r, setCancellableTimer(q, this.quantumKind, task, r));
  }
}

/** Big-C's class priority (seed-kairos-related.md §2.2, §8 #19): only a short task preempts, and
 *  only a long one — the most recently started (least sunk progress; ties: lowest task id); a
 *  freed slot goes to the first queued short task, else the first queued (FIFO by suspension
 *  within a class). */
export class ClassPriorityDiscipline extends PreemptiveDiscipline {
  victim(node: i32, job: i32, t: f64): i32 {
    if (jobLong[job] != 0) return -1;
    const base = node * slotsPerNode;
    let victim = -1;
    let at = -1;
    let latest: f64 = -Infinity;
    for (let k = 0; k < slotsPerNode; k++) {
      const x = slotRun[base + k];
      const r = slotRec[base + k];
      if (jobLong[recJob(r)] == 0) continue;
      const started = recRunStart(r);
      if (started > latest || (started == latest && x < victim)) { victim = x; latest = started; at = base + k; }
    }
    return at;
  }

  pick(node: i32): i32 {
    const first = queueFirst(node);
    const end = queueEnd(node);
    if (end == first) return -1;
    for (let r = first; r < end; r++) if (!wordIsLong(entryWord(r))) return r;
    return first;
  }

  /** The last queued long task, else the last queued. */
  evict(node: i32): i32 {
    const first = queueFirst(node);
    const end = queueEnd(node);
    for (let r = end - 1; r >= first; r--) if (wordIsLong(entryWord(r))) return r;
    return end > first ? end - 1 : -1;
  }
}

// ---- what a LAS policy reads of its nodes (Kairos' heartbeats and oracle) ---------------------------
/** Tasks at `node`: running plus queued (suspended or waiting). */
export function nodeTasks(node: i32): i32 { return nodeBusy(node) + queueLength(node); }

// What nodeAttainedMoments found besides the variance (module state: a function returns one value).
/** Tasks at the node (running plus queued). */
export let momentTasks: i32 = 0;
/** Runs in service at t (past their start overhead): their attained service grows at rate 1. */
export let momentRunning: i32 = 0;
/** The earliest start of service among runs still in their start overhead at t (+Infinity: none). */
export let momentOverheadEnd: f64 = Infinity;
/** Total current attained service (nodeAttainedSum). */
export let momentSum: f64 = 0.0;
/** Sum over the runs in service of (attained service - mean): the variance's slope is 2/m x this. */
export let momentLead: f64 = 0.0;

/** Population variance of the current attained service of the tasks at `node` at `t` (0 if
 *  fewer than two; two passes: the mean, then the squares), and the terms above: Kairos' tie
 *  value and, for its kinetic argmin, how it moves while the node does not change
 *  (docs/models/kairos.md#heartbeat-cost). */
export function nodeAttainedMoments(node: i32, t: f64): f64 {
  const base = node * slotsPerNode;
  let n = 0;
  let r = 0;
  let later: f64 = Infinity;
  let sum: f64 = 0.0;
  for (let k = 0; k < slotsPerNode; k++) {
    if (slotRun[base + k] >= 0) {
      const x = slotRec[base + k];
      sum += recCurrentAttained(x, t); n++;
      const s = recRunStart(x);
      if (s <= t) r++; else if (s < later) later = s;
    }
  }
  const first = queueFirst(node);
  const end = queueEnd(node);
  for (let q = first; q < end; q++) { sum += recAttained(entryRecord(q)); n++; }
  momentTasks = n;
  momentRunning = r;
  momentOverheadEnd = later;
  momentSum = sum;
  momentLead = 0.0;
  if (n < 2) return 0.0;
  const mean = sum / <f64>n;
  let sq: f64 = 0.0;
  let lead: f64 = 0.0;
  for (let k = 0; k < slotsPerNode; k++) {
    if (slotRun[base + k] >= 0) {
      const x = slotRec[base + k];
      const d = recCurrentAttained(x, t) - mean;
      sq += d * d;
      if (recRunStart(x) <= t) lead += d;
    }
  }
  for (let q = first; q < end; q++) { const d = recAttained(entryRecord(q)) - mean; sq += d * d; }
  momentLead = lead;
  return sq / <f64>n;
}

/** Population variance of the current attained service of the tasks at `node` (0 if fewer
 *  than two). */
export function nodeAttainedVariance(node: i32, t: f64): f64 { return nodeAttainedMoments(node, t); }

/** Total current attained service of the tasks at `node` (running plus queued). */
export function nodeAttainedSum(node: i32, t: f64): f64 {
  const base = node * slotsPerNode;
  let sum: f64 = 0.0;
  for (let k = 0; k < slotsPerNode; k++) {
    if (slotRun[base + k] >= 0) sum += recCurrentAttained(slotRec[base + k], t);
  }
  for (let e = queueFirst(node); e < queueEnd(node); e++) sum += recAttained(entryRecord(e));
  return sum;
}
