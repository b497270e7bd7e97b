// Preemptive node disciplines on preemptible runs (preempt.ts): Kairos' Least Attained Service
// with a quantum (seed-kairos-related.md §1.2, Algorithm 2) and Big-C's class priority (§2.2).
// Only bound tasks reach them. A task arriving at a node runs at once: on a free slot, or by
// preempting the victim the discipline names (the suspended victim waits in the node's queue);
// with no victim it waits there, never having run. When a run completes, the discipline names the
// queued task that resumes on the freed slot (or the slot is released).
import { NodeDiscipline } from "./discipline";
import { slotsPerNode } from "./config";
import { taskJob, jobLong } from "./jobs";
import { completeTask } from "./dag";
import { nodeBusy, queueLength } from "./nodestate";
import { queueFirst, queueEnd, entryTask, entryWord, wordIsLong } from "./queues";
import { occupySlot, releaseSlot, freeSlotOf, slotRun } from "./slots";
import { beginRun, suspendRun, queueSuspended, waitAtNode, takeQueued, finishRun, firstStart, chargeProgress,
  currentAttained, attained, runStart, runEnd, runSlot, runState, setRunState, setRunNode, runNode, suspendCost,
  resumeCost, RS_RUNNING, RS_PROTECTED, RS_WAITING } from "./preempt";
import { timerKind, setCancellableTimer, cancelTimer, failUnlessAdvances } from "./timers";
import { scheduler } from "./scheduler";
import { notifyIfIdle } from "./serve";
import { fail, E_PROBE_AT_BOUND_DISCIPLINE } from "./errors";

/** The common skeleton: arrival, suspension, resumption and the end of a run. */
export class PreemptiveDiscipline extends NodeDiscipline {
  constructor() {
    super();
    this.preemptive = true;
  }

  /** The running task that an arrival of `task` at `node` preempts, or -1 (every slot is busy). */
  victim(node: i32, task: i32, t: f64): i32 { return -1; }
  /** The queued record whose task runs next on a freed slot of `node`, or -1. */
  pick(node: i32): i32 { return -1; }
  /** The record to run on a slot of `node` freed by a completion (pick, unless a starvation rule
   *  says otherwise). */
  nextOnFreedSlot(node: i32): i32 { return this.pick(node); }
  /** After the decision at a completion. */
  decided(): void {}

  /** Starts a run of `task` on slot `pos` after `overhead` seconds. */
  startRun(pos: i32, task: i32, t: f64, overhead: f64): void {
    setRunState(task, RS_RUNNING);
    beginRun(pos, task, t, overhead);
  }

  /** Suspends running `task` into the queue of `node`. */
  suspend(node: i32, task: i32, t: f64): void {
    suspendRun(task, t);
    queueSuspended(node, task);
  }

  /** Runs `task`, taken from the queue, on slot `pos` of `node`: a first start, or a resumption
   *  (after resumeCost); `overhead` is what the slot owes first (a suspension's). */
  resume(node: i32, pos: i32, task: i32, t: f64, overhead: f64): void {
    const fresh = runState(task) == RS_WAITING;
    if (fresh) firstStart(node, task, t);
    this.startRun(pos, task, t, fresh ? overhead : overhead + resumeCost);
  }

  arrive(node: i32, job: i32, task: i32, t: f64): void {
    if (task < 0) fail(E_PROBE_AT_BOUND_DISCIPLINE, node); // late-bound probes need a queue
    if (scheduler.watchesNodeChanges) scheduler.beforeNodeChange(node, t);
    setRunNode(task, node);
    if (nodeBusy(node) < slotsPerNode) {
      const pos = freeSlotOf(node);
      occupySlot(node, t);
      firstStart(node, task, t);
      this.startRun(pos, task, t, 0.0);
      return;
    }
    const victim = this.victim(node, task, t);
    if (victim < 0) {
      waitAtNode(node, task, t);
      return;
    }
    const pos = runSlot(victim);
    this.suspend(node, victim, t);
    firstStart(node, task, t);
    this.startRun(pos, task, t, suspendCost);
  }

  runEnded(node: i32, task: i32, job: i32, t: f64): void {
    if (scheduler.watchesNodeChanges) scheduler.beforeNodeChange(node, t);
    const pos = finishRun(task, t);
    const ready = completeTask(task, job, t);
    const e = this.nextOnFreedSlot(node);
    if (e >= 0) this.resume(node, pos, takeQueued(node, e, t), t, 0.0); else releaseSlot(node, t);
    this.decided();
    scheduler.onTaskEnd(node, task, job, t);
    if (ready > 0) scheduler.onTasksReady(job, ready, t);
    notifyIfIdle(node, t);
  }
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
 * The quantum is a cancellable timer of this discipline's, taken back when its run is suspended.
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
  passedOver: Int32Array;  // per task: suspensions since its last protected run (waitMode: decisions waited)
  quantumTimer: Int32Array; // per task: handle of its pending quantum timer, -1 if none

  constructor(nTasks: i32, quantum: f64, starveAfter: i32, starveQuanta: f64, swapMargin: f64, victimStale: bool,
              starveByWaits: bool) {
    super();
    this.quantum = quantum;
    this.starveAfter = starveAfter;
    this.protect = starveQuanta * quantum;
    this.swapMargin = swapMargin;
    this.victimStale = victimStale;
    this.waitMode = starveByWaits && starveAfter > 0;
    this.passedOver = new Int32Array(nTasks);
    this.quantumTimer = new Int32Array(nTasks);
    this.quantumTimer.fill(-1);
    this.quantumKind = timerKind(this);
  }

  startRun(pos: i32, task: i32, t: f64, overhead: f64): void {
    let window = this.quantum;
    if (this.waitMode ? this.forced : this.starveAfter > 0 && this.passedOver[task] >= this.starveAfter) {
      setRunState(task, RS_PROTECTED);
      this.passedOver[task] = 0;
      window = this.protect;
    } else {
      setRunState(task, RS_RUNNING);
      if (this.waitMode) this.passedOver[task] = 0; // it runs: its wait ends
    }
    this.forced = false;
    const end = beginRun(pos, task, t, overhead);
    failUnlessAdvances(runStart(task), window); // (a quantum lost to rounding would swap runs for ever)
    const q = runStart(task) + window;
    if (q < end) this.quantumTimer[task] = setCancellableTimer(q, this.quantumKind, task, 0);
  }

  suspend(node: i32, task: i32, t: f64): void {
    const h = this.quantumTimer[task];
    if (h >= 0) { cancelTimer(h); this.quantumTimer[task] = -1; }
    suspendRun(task, t);
    this.passedOver[task] = this.waitMode ? 0 : this.passedOver[task] + 1; // (waits restart from 0)
    queueSuspended(node, task);
  }

  victim(node: i32, task: i32, t: f64): i32 {
    const base = node * slotsPerNode;
    let victim = -1;
    let best: f64 = -1.0;
    for (let k = 0; k < slotsPerNode; k++) {
      const x = slotRun[base + k];
      if (runState(x) == RS_PROTECTED) continue;
      const a = this.victimStale ? attained(x) : currentAttained(x, t);
      if (victim < 0 || a > best || (a == best && x < victim)) { victim = x; best = a; }
    }
    return victim;
  }

  /** The queued task with the least attained service (first in queue order among equals, i.e.
   *  earliest suspended). */
  pick(node: i32): i32 {
    let best = -1;
    let bestA: f64 = Infinity;
    for (let r = queueFirst(node); r < queueEnd(node); r++) {
      const a = attained(entryTask(r));
      if (a < bestA) { bestA = a; best = r; }
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
    for (let r = queueFirst(node); r < queueEnd(node); r++) {
      const a = attained(entryTask(r));
      if (a >= worstA) { worstA = a; worst = r; }
    }
    return worst;
  }

  /** waitMode: the queued task passed over at least `starveAfter` times (the longest-waiting;
   *  ties: queue order), or -1. */
  starving(node: i32): i32 {
    let best = -1;
    let most = this.starveAfter - 1;
    for (let r = queueFirst(node); r < queueEnd(node); r++) {
      const w = this.passedOver[entryTask(r)];
      if (w > most) { most = w; best = r; }
    }
    return best;
  }

  /** waitMode: every task queued at `node` was passed over at a quantum end. */
  countWaits(node: i32): void {
    for (let r = queueFirst(node); r < queueEnd(node); r++) {
      const x = entryTask(r);
      this.passedOver[x] = this.passedOver[x] + 1;
    }
  }

  /** A quantum of `task`'s run ended. */
  onTimer(kind: i32, task: i32, b: i32, t: f64): void {
    this.quantumTimer[task] = -1;
    const node = runNode(task);
    if (scheduler.watchesNodeChanges) scheduler.beforeNodeChange(node, t);
    chargeProgress(task, t);
    let e = this.waitMode ? this.starving(node) : -1;
    const forced = e >= 0;
    if (!forced) e = this.pick(node);
    // (with margin 0 this is the listing's "suspended <= runner")
    if (e >= 0 && (forced || attained(task) - attained(entryTask(e)) >= this.swapMargin)) {
      const pos = runSlot(task);
      const next = takeQueued(node, e, t);
      if (this.waitMode) this.countWaits(node); // the others were passed over (before the runner joins them)
      this.suspend(node, task, t);
      this.forced = forced;
      this.resume(node, pos, next, t, suspendCost);
      return;
    }
    if (this.waitMode) this.countWaits(node);
    // Keep running: another quantum (a protected run ends here). The end event stays.
    setRunState(task, RS_RUNNING);
    failUnlessAdvances(t, this.quantum);
    const q = t + this.quantum;
    if (q < runEnd(task)) this.quantumTimer[task] = setCancellableTimer(q, this.quantumKind, task, 0);
  }
}

/** Big-C's class priority (seed-kairos-related.md §2.2, §8 #19): only a short task preempts, and
 *  only a long one — the most recently started (least sunk progress; ties: lowest task id); a
 *  freed slot goes to the first queued short task, else the first queued (FIFO by suspension
 *  within a class). */
export class ClassPriorityDiscipline extends PreemptiveDiscipline {
  victim(node: i32, task: i32, t: f64): i32 {
    if (jobLong[taskJob[task]] != 0) return -1;
    const base = node * slotsPerNode;
    let victim = -1;
    let latest: f64 = -Infinity;
    for (let k = 0; k < slotsPerNode; k++) {
      const x = slotRun[base + k];
      if (jobLong[taskJob[x]] == 0) continue;
      const started = runStart(x);
      if (started > latest || (started == latest && x < victim)) { victim = x; latest = started; }
    }
    return victim;
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
    const x = slotRun[base + k];
    if (x >= 0) {
      sum += currentAttained(x, t); n++;
      const s = runStart(x);
      if (s <= t) r++; else if (s < later) later = s;
    }
  }
  const first = queueFirst(node);
  const end = queueEnd(node);
  for (let q = first; q < end; q++) { sum += attained(entryTask(q)); n++; }
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
    const x = slotRun[base + k];
    if (x >= 0) {
      const d = currentAttained(x, t) - mean;
      sq += d * d;
      if (runStart(x) <= t) lead += d;
    }
  }
  for (let q = first; q < end; q++) { const d = attained(entryTask(q)) - mean; sq += d * d; }
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
    const x = slotRun[base + k];
    if (x >= 0) sum += currentAttained(x, t);
  }
  for (let r = queueFirst(node); r < queueEnd(node); r++) sum += attained(entryTask(r));
  return sum;
}
