// Dice (seed-dice.md §3): elastic sizing of the short partition (ES, §3.2) and opportunistic
// preemption (OP, §3.3) driven by one monitor of the short tasks' mean waiting time (§3.1), one
// mechanism shared by two hosts: `hawk-dice` and `eagle-dice` (Hawk and Eagle with Dice on).
//
//  - Monitor (§3.1, §8 #1-#2): windows of `diceWindow` s from the first arrival; at each tick
//    t_k = t0 + k x window the mean of (start - submission) over the short tasks that started
//    in [t_k - window, t_k), per task (0 when none started: no action). Option: the short
//    tasks still waiting count too, with their current age (`waitIncludesQueued`).
//  - Response models (§3.1): p = x, x^2 or sqrt(x), x = min(Curr / MaxTaskWaitingTime, 1).
//  - ES (§3.2, §8 #4-#6): k = floor(pES(x) x (Max - Min)) general nodes are closed to newly
//    arriving long jobs for the window: by default the contiguous block next to the short
//    partition (the partition's boundary moves to Min + k), or k nodes re-drawn at random from
//    the general partition each window (`esBlacklist=random`). Queued long work stays.
//  - OP (§3.3, §8 #8-#9): n = floor(pOP(x) x CurrShort x multiplier), CurrShort = Min + k,
//    requests to n distinct random nodes of the general partition minus the blacklist (n capped
//    at its size), each reaching its node one network delay later. ES is computed first.
//  - Node side (§3.3, §8 #10-#12): a request is honoured when (1) a long task runs there, (2)
//    no task of the node is suspended (nor being suspended), (3) the running task was suspended
//    fewer than `maxSuspensions` times, (4) a short probe waits in the node's queue; otherwise
//    it is dropped (counted by the first failing condition; no retries). The long task's
//    progress freezes at once (checkpoint); its slot stays busy for `suspendDelay` s; then the
//    suspension counts, the `suspendTimer` s timer starts and the node serves short probes only
//    (FIFO under Hawk, Eagle's SRPT restricted to short probes), no long probes, no stealing.
//    When the timer has expired and the running short task ends, or (`earlyResume`) no short
//    probe is left to serve, the long task resumes on the same node: `resumeDelay` s of
//    overhead (slot busy, no service), then its remaining work.
import {
  SrptDiscipline, TimerOwner, timerKind, setTimer, eventMark, nNodes, slotsPerNode, netDelay, queueLength,
  longQueued, longRunning, holdsLongWork, jobLong, jobArrival, jobTaskCount, queueFirst, queueEnd, entryWord, wordIsLong,
  wordFetching, runningTask, hasFreeSlot, releaseSlot, afterSlotFreed, suspendAt, resumeAt, claimFreedSlots,
  claimFreedSlotsOf, setRunOverheads, runRecordOn, runMarkOn, recMark, setRecMark, touchSuspension, touchFreeRecord,
  registerCounter, count, setCounter, stream, fail, jobsDone, resourcesOn, C_RESUME_SECONDS, C_EVENTS,
  failUnlessAdvances, E_POLICY_STATE, openSeries, seriesValue,
} from "../../policy";
import { Rng, STREAM_DICE_OP, STREAM_DICE_ES } from "../../toolkit/rng";
import { toI32, alignedInt32Array, f64View } from "../../toolkit/glue";
import { Partition } from "../../toolkit/partition";
import { SortedDraws } from "../../toolkit/sampler";
import { CentralLwl } from "../lwl";
import { DiceSettings, esNodes, opRequests } from "./settings";

// The controller's time series (one row per tick simulated, series.ts): time, short partition
// size, mean wait, samples, requests, honoured — the fields of the description's `series`
// (src/config/schedulers.ts), in this order.
const SERIES_FIELDS: i32 = 6;

function pushRow(t: f64, size: f64, wait: f64, samples: f64, requests: f64, honoured: f64): void {
  seriesValue(t);
  seriesValue(size);
  seriesValue(wait);
  seriesValue(samples);
  seriesValue(requests);
  seriesValue(honoured);
}

/** The controller (in the central scheduler) and the node side, for one host. */
export class Dice extends TimerOwner {
  s: DiceSettings;
  partition: Partition;
  central: CentralLwl;
  tickKind: i32 = 0;
  requestKind: i32 = 0;
  nodeKind: i32 = 0;
  opRng: Rng = stream(STREAM_DICE_OP);
  esRng: Rng = stream(STREAM_DICE_ES);
  /** Short partition bounds in nodes (Min = the host's static partition, Max). */
  minShort: i32 = 0;
  maxShort: i32 = 0;

  // Monitor.
  t0: f64 = 0.0;
  started: bool = false;
  tickPending: bool = false;
  lastTick: f64 = 0.0;
  waitSum: f64 = 0.0;
  waitCount: i32 = 0;
  arrivedJobs: i32 = 0;
  queuedShort: f64 = 0.0;     // short tasks submitted, not started (waitIncludesQueued)
  queuedSubmitSum: f64 = 0.0; // their submission times summed
  converted: i32 = 0;         // k of the current window
  convertedArea: f64 = 0.0;
  convertedFrom: f64 = 0.0;

  // Blacklist (random mode) and draws without replacement.
  blocked: Uint8Array = new Uint8Array(0);
  blockedList: Int32Array = new Int32Array(0);
  blockedCount: i32 = 0;
  eligible: Int32Array = new Int32Array(0); // random mode: general nodes not blacklisted
  eligibleCount: i32 = 0;
  /** ES's random blacklist and OP's request targets: distinct node indices, sorted. */
  draws: SortedDraws = new SortedDraws(nNodes);

  // Node side.
  /** A bit per node that holds a suspended task or is suspending one: tested wherever the phase
   *  matters (a freed slot, a selection, an idle node); at any time only a few dozen of 15,000
   *  nodes hold one, and the bits (2 KB) stay in cache. */
  held: Int32Array = new Int32Array((nNodes + 31) >> 5);
  /** A bit per node in its window (a subset of held). */
  inWindow: Int32Array = new Int32Array((nNodes + 31) >> 5);
  /** Some queue record may wait for a get-task reply (a sticky host: Eagle). Otherwise none can,
   *  and condition (4) is the node's counters alone (hasShortProbe). */
  recordsMayFetch: bool = true;
  /** Per node, 16 bytes on one line: the suspended task (-1: none; int 4n), its run record (int
   *  4n + 1: resumeAt needs no lookup) and its window's expiry (f64 2n + 1). */
  heldRec: Int32Array = new Int32Array(0);
  heldRecF: Float64Array = new Float64Array(0);
  /** Checkpoints being taken, in the order they complete: the nodes (a ring), and the batches
   *  (a ring of sizes), one timer each. The suspensions a request batch honours start at one
   *  instant and their timers would be created one after the other, so they would fire one after
   *  the other suspendDelay later: one timer fires the batch instead, in the same order. */
  ckptNodes: Int32Array = new Int32Array(nNodes);
  ckptNodesHead: i32 = 0;
  ckptNodesCount: i32 = 0;
  ckptSizes: Int32Array = new Int32Array(nNodes);
  ckptSizesHead: i32 = 0;
  ckptSizesCount: i32 = 0;
  /** The open batch: eventMark() just after its timer was set (-1: none), and the instant. A
   *  suspension joins it only at that instant with no event created since. */
  ckptMark: i32 = -1;
  ckptTime: f64 = 0.0;
  /** A resumption is starting (the host's onTaskStart is not a new start). */
  resuming: bool = false;
  srpt: SrptDiscipline | null = null;

  // Counters.
  cWindows: i32 = registerCounter("diceWindows");
  cActive: i32 = registerCounter("diceWindowsActive");
  cConverted: i32 = registerCounter("diceConvertedNodesMean");
  cSent: i32 = registerCounter("diceRequestsSent");
  cHonoured: i32 = registerCounter("diceRequestsHonoured");
  cDrop1: i32 = registerCounter("diceDroppedNoLongRunning");
  cDrop2: i32 = registerCounter("diceDroppedAlreadySuspended");
  cDrop3: i32 = registerCounter("diceDroppedMaxSuspensions");
  cDrop4: i32 = registerCounter("diceDroppedNoShortProbe");
  cSuspensions: i32 = registerCounter("diceSuspensions");
  cEarly: i32 = registerCounter("diceEarlyResumes");
  cSuspendSeconds: i32 = registerCounter("diceSuspendOverheadSeconds");
  cResumeSeconds: i32 = registerCounter("diceResumeOverheadSeconds");
  honouredThisWindow: i32 = 0;

  constructor(s: DiceSettings, partition: Partition, central: CentralLwl) {
    super();
    this.s = s;
    this.partition = partition;
    this.central = central;
    this.minShort = partition.min;
    const mx = toI32(Math.floor(s.maxShortPercent * <f64>nNodes / 100.0));
    this.maxShort = mx < partition.min ? partition.min : mx;
    partition.max = this.maxShort;
    this.tickKind = timerKind(this);
    this.requestKind = timerKind(this);
    this.nodeKind = timerKind(this);
    const random = s.randomBlacklist;
    this.blocked = new Uint8Array(random ? nNodes : 0);
    this.blockedList = new Int32Array(random ? nNodes : 0);
    this.eligible = new Int32Array(random ? nNodes : 0);
    this.heldRec = alignedInt32Array(4 * nNodes, 64);
    this.heldRecF = f64View(this.heldRec);
    for (let n = 0; n < nNodes; n++) this.heldRec[4 * n] = -1;
    if (s.op) setRunOverheads(0.0, s.resumeDelay);
    openSeries(SERIES_FIELDS);
  }

  // ---- monitor --------------------------------------------------------------------------
  /** A job arrived (before the host places it). */
  arrived(job: i32, now: f64): void {
    if (!this.started) {
      this.started = true;
      this.t0 = now;
      this.lastTick = now;
      this.convertedFrom = now;
    }
    this.arrivedJobs++;
    if (this.s.countQueued && jobLong[job] == 0) {
      const n = <f64>jobTaskCount(job);
      this.queuedShort += n;
      this.queuedSubmitSum += n * jobArrival[job];
    }
    if (!this.tickPending) this.planTick(now);
  }

  /** Plans the next tick after `now` (t0 + k x window, §8 #2). */
  planTick(now: f64): void {
    const w = this.s.window;
    failUnlessAdvances(now, w);
    let at = this.t0 + (Math.floor((now - this.t0) / w) + 1.0) * w;
    if (!(at > now)) at = now + w;
    this.tickPending = true;
    setTimer(at, this.tickKind, 0, 0);
  }

  /** A task starts (the host's onTaskStart; every start, resumptions flagged by `resuming`). */
  taskStarted(job: i32, now: f64): void {
    if (this.resuming || jobLong[job] != 0) return;
    this.waitSum += now - jobArrival[job];
    this.waitCount++;
    if (this.s.countQueued) {
      this.queuedShort -= 1.0;
      this.queuedSubmitSum -= jobArrival[job];
    }
  }

  /** CurrMeanTaskWaitingTime of the window ending now (§3.1, §8 #1). */
  meanWait(now: f64): f64 {
    let sum = this.waitSum;
    let n = <f64>this.waitCount;
    if (this.s.countQueued && this.queuedShort > 0.0) {
      sum += this.queuedShort * now - this.queuedSubmitSum;
      n += this.queuedShort;
    }
    return n > 0.0 ? sum / n : 0.0;
  }

  tick(now: f64): void {
    this.tickPending = false;
    const s = this.s;
    const samples = <f64>this.waitCount;
    const curr = this.meanWait(now);
    this.waitSum = 0.0;
    this.waitCount = 0;
    this.convertedArea += <f64>this.converted * (now - this.lastTick);
    this.lastTick = now;
    count(this.cWindows, 1.0);
    // ES first (§3.4, §8 #8).
    let k = 0;
    if (s.es) k = esNodes(s.esModel, curr, s.maxWait, this.minShort, this.maxShort);
    this.convert(k);
    // OP.
    let n = 0;
    if (s.op) {
      const general = nNodes - this.minShort - k;
      n = opRequests(s.opModel, curr, s.maxWait, this.minShort + k, s.multiplier, general);
      if (n > 0) this.sendRequests(n, general, now);
    }
    if (k > 0 || n > 0) count(this.cActive, 1.0);
    if (now > this.convertedFrom) setCounter(this.cConverted, this.convertedArea / (now - this.convertedFrom));
    pushRow(now, <f64>(this.minShort + k), curr, samples, <f64>n, <f64>this.honouredThisWindow);
    this.honouredThisWindow = 0;
    // Keep ticking while work is in the system; an empty system resumes at the next arrival.
    if (jobsDone < this.arrivedJobs) this.planTick(now);
  }

  /** Nodes holding a suspended task (none when the system is empty). */
  waitingNodes: i32 = 0;

  /** The contiguous block is also closed in the central LWL's view (keys +inf, CentralLwl.block),
   *  so that the host may place long jobs over [minShort, n) — the same choices, the closed nodes
   *  never winning — which reads the view's root, where [generalStart, n) walked the moving
   *  boundary down the tree at every placement (MinTree.minIndexIn). Set by HawkDice. */
  closesBlock: bool = false;

  /** Applies this window's ES decision: k converted general nodes. */
  convert(k: i32): void {
    this.converted = k;
    if (!this.s.randomBlacklist) {
      const before = this.partition.size;
      const size = this.partition.resize(this.minShort + k); // the contiguous block: the boundary moves (§8 #5)
      if (this.closesBlock) {
        const central = this.central;
        for (let x = size; x < before; x++) central.block(x, false);
        for (let x = before; x < size; x++) central.block(x, true);
      }
      return;
    }
    // Random re-draw (§8 #5 option): unblock the old list, draw k of the general partition.
    const central = this.central;
    for (let i = 0; i < this.blockedCount; i++) {
      const x = this.blockedList[i];
      this.blocked[x] = 0;
      central.block(x, false);
    }
    const lo = this.minShort;
    const general = nNodes - lo;
    const m = this.draws.draw(k, general, this.esRng);
    for (let i = 0; i < m; i++) {
      const x = lo + this.draws.picks[i];
      this.blocked[x] = 1;
      this.blockedList[i] = x;
      central.block(x, true);
    }
    this.blockedCount = m;
    let e = 0;
    for (let x = lo; x < nNodes; x++) if (this.blocked[x] == 0) this.eligible[e++] = x;
    this.eligibleCount = e;
  }

  // Requests in flight, in sending order (a ring): a tick's requests all reach their nodes one
  // network delay later, so one event delivers the batch, in the order separate events would.
  pending: Int32Array = new Int32Array(0);
  pendingHead: i32 = 0;
  pendingCount: i32 = 0;
  /** Written by deliver's and resume's look-ahead loads so that they are not optimized away. */
  touchSink: i32 = 0;
  touchSinkF: f64 = 0.0;

  sendRequests(n: i32, general: i32, now: f64): void {
    const m = this.draws.draw(n, general, this.opRng);
    if (m == 0) return;
    // (in node order: they arrive at one instant, and the nodes' records are then read in order;
    // at 15,000 nodes a tick sends thousands, and in drawing order each was a cache miss)
    const lo = this.partition.generalStart();
    if (this.pendingCount + m > this.pending.length) this.growPending(this.pendingCount + m);
    const cap = this.pending.length;
    for (let i = 0; i < m; i++) {
      const node = this.s.randomBlacklist ? this.eligible[this.draws.picks[i]] : lo + this.draws.picks[i];
      this.pending[(this.pendingHead + this.pendingCount) % cap] = node;
      this.pendingCount++;
    }
    setTimer(now + netDelay, this.requestKind, m, 0);
    count(this.cSent, <f64>m);
  }

  growPending(need: i32): void {
    let cap = this.pending.length < 64 ? 64 : this.pending.length;
    while (cap < need) cap *= 2;
    const grown = new Int32Array(cap);
    for (let i = 0; i < this.pendingCount; i++) grown[i] = this.pending[(this.pendingHead + i) % this.pending.length];
    this.pending = grown;
    this.pendingHead = 0;
  }

  /** A batch of `m` requests reaches its nodes. */
  deliver(m: i32, now: f64): void {
    // First load what condition (3) will read, the suspension count of the long task running
    // on each node that may pass (1), (2) and (4) (on its run position's line), and for a node
    // that passes (3) too what a suspension reads next (the task's run record if it was
    // suspended before, else the record it will take; the node's suspension line; the task's
    // end and job): loads independent of each other, whose misses overlap here rather than
    // stall one by one in request() (most such nodes are suspended). Only speed depends on it.
    const cap = this.pending.length;
    const max = this.s.maxSuspensions;
    let acc = 0;
    let c = 0;
    let at = this.pendingHead;
    for (let i = 0; i < m; i++) {
      const node = this.pending[at];
      at = at + 1 == cap ? 0 : at + 1;
      if (!holdsLongWork(node) || longRunning(node) == 0 || queueLength(node) == longQueued(node)) continue;
      const k = this.runningLongSlot(node);
      if (k < 0) continue;
      if (runMarkOn(node, k) >= max) continue; // (dropped by (3): nothing more to read)
      const r = runRecordOn(node, k);
      acc ^= (r >= 0 ? recMark(r) : touchFreeRecord(c++)) ^ this.heldRec[4 * node] ^ touchSuspension(node);
    }
    this.touchSink = acc;
    for (let i = 0; i < m; i++) {
      const node = this.pending[this.pendingHead];
      this.pendingHead = (this.pendingHead + 1) % this.pending.length;
      this.pendingCount--;
      this.request(node, now);
    }
  }

  // ---- node side --------------------------------------------------------------------------
  /** The slot k of the first run position of `node` holding a task, or -1. Run positions hold
   *  running long tasks only (Scheduler.preemptsLongOnly): a long task never suspended, with its
   *  slot-stored end, or one resumed, as a preemptible run (serve.ts); a suspended one has left
   *  its position. */
  runningLongSlot(node: i32): i32 {
    for (let k = 0; k < slotsPerNode; k++) if (runningTask(node, k) >= 0) return k;
    return -1;
  }

  /** How many times the task running on slot k of `node` was suspended (condition 3): the count
   *  lives in its run record (recMark), which a task has only once it was suspended, and the run
   *  position keeps a copy from the run's start (it changes only while the task is suspended):
   *  runMarkOn, so a request dropped by (3) reads no record. */
  suspensionsOn(node: i32, k: i32): i32 { return runMarkOn(node, k); }

  /** Whether `node` holds a suspended task (or is suspending one). */
  isHeld(node: i32): bool { return (this.held[node >> 5] & (1 << (node & 31))) != 0; }

  /** Whether `node` is in its suspension window. */
  isInWindow(node: i32): bool { return (this.inWindow[node >> 5] & (1 << (node & 31))) != 0; }

  /** A short probe waits in `node`'s queue (condition 4). */
  hasShortProbe(node: i32): bool {
    if (queueLength(node) == longQueued(node)) return false; // (every queued record is long)
    // Without sticky probes no record waits for a reply (serve.ts removes a probe when it asks
    // for a task), so a record that is not long is a short probe waiting: no need to read the
    // queue (a random node's queue is a cache miss per request).
    if (!this.recordsMayFetch) return true;
    const end = queueEnd(node);
    for (let r = queueFirst(node); r < end; r++) {
      const w = entryWord(r);
      if (!wordIsLong(w) && !wordFetching(w)) return true;
    }
    return false;
  }

  /** A preemption request reaches `node` (§3.3's four-condition gate). The conditions are
   *  checked in the order (1), (2), (4), (3) and the first that fails is counted: (3) needs the
   *  running task's record, the others only the node's (docs/models/dice.md). */
  request(node: i32, now: f64): void {
    // (1); a node without the long-work bit (2 KB for all nodes, in cache) runs no long task, and
    // its counters, a miss at most requests, are not read
    if (!holdsLongWork(node) || longRunning(node) == 0) { count(this.cDrop1, 1.0); return; }
    if (this.isHeld(node)) { count(this.cDrop2, 1.0); return; }                // (2)
    if (!this.hasShortProbe(node)) { count(this.cDrop4, 1.0); return; }        // (4)
    const k = this.runningLongSlot(node);
    if (k < 0) fail(E_POLICY_STATE, node); // (longRunning counts exactly the running long tasks)
    if (this.suspensionsOn(node, k) >= this.s.maxSuspensions) { count(this.cDrop3, 1.0); return; } // (3)
    const task = runningTask(node, k);
    count(this.cHonoured, 1.0);
    this.honouredThisWindow++;
    // Progress frozen now (checkpoint, §8 #10); the slot stays busy for the suspension delay.
    const record = suspendAt(node, task, now);
    this.heldRec[4 * node] = task;
    this.heldRec[4 * node + 1] = record;
    this.held[node >> 5] |= 1 << (node & 31);
    if (this.waitingNodes++ == 0) {
      // (claim() matters only then, and only at nodes in their window: the others' freed slots
      // are not offered)
      claimFreedSlotsOf(this.inWindow);
      claimFreedSlots(true);
    }
    count(this.cSuspendSeconds, this.s.suspendDelay);
    count(C_RESUME_SECONDS, this.s.suspendDelay); // (the core counter: slot-seconds of both overheads)
    this.checkpoint(node, now);
  }

  /** `node`'s checkpoint completes suspendDelay from now: its own timer, or the open batch's when
   *  that timer was set at this instant and no event was created since (the node's own timer
   *  would then have the next sequence number and fire right after the batch's last one, as
   *  the batch handles it; it still counts as an event retired, so the counters do not move). */
  checkpoint(node: i32, now: f64): void {
    const cap = nNodes;
    if (this.ckptMark == eventMark() && this.ckptTime == now) {
      count(C_EVENTS, 1.0);
    } else {
      setTimer(now + this.s.suspendDelay, this.nodeKind, 0, 0);
      let i = this.ckptSizesHead + this.ckptSizesCount;
      if (i >= cap) i -= cap;
      this.ckptSizes[i] = 0;
      this.ckptSizesCount++;
      this.ckptMark = eventMark();
      this.ckptTime = now;
    }
    let last = this.ckptSizesHead + this.ckptSizesCount - 1;
    if (last >= cap) last -= cap;
    this.ckptSizes[last]++;
    let j = this.ckptNodesHead + this.ckptNodesCount;
    if (j >= cap) j -= cap;
    this.ckptNodes[j] = node;
    this.ckptNodesCount++;
  }

  /** The first batch of checkpoints completes: each node's, in the order they started. */
  checkpointsDone(now: f64): void {
    const cap = nNodes;
    this.ckptMark = -1; // (a later suspension at this instant starts a batch of its own)
    const k = this.ckptSizes[this.ckptSizesHead];
    this.ckptSizesHead = this.ckptSizesHead + 1 == cap ? 0 : this.ckptSizesHead + 1;
    this.ckptSizesCount--;
    // First load what each node's checkpoint will read (its suspension line, its counters and
    // then its run record and queue head: a slot freed in the window serves a short probe), loads
    // independent of each other whose misses overlap here rather than stall one node after the
    // other (a batch holds dozens of nodes). Only speed depends on it.
    let acc = 0;
    let at = this.ckptNodesHead;
    for (let i = 0; i < k; i++) {
      const node = this.ckptNodes[at];
      at = at + 1 == cap ? 0 : at + 1;
      acc ^= this.heldRec[4 * node + 1] ^ queueLength(node) ^ longQueued(node);
    }
    at = this.ckptNodesHead;
    for (let i = 0; i < k; i++) {
      const node = this.ckptNodes[at];
      at = at + 1 == cap ? 0 : at + 1;
      acc ^= recMark(this.heldRec[4 * node + 1]) ^ entryWord(queueFirst(node));
    }
    this.touchSink = acc;
    for (let i = 0; i < k; i++) {
      const node = this.ckptNodes[this.ckptNodesHead];
      this.ckptNodesHead = this.ckptNodesHead + 1 == cap ? 0 : this.ckptNodesHead + 1;
      this.ckptNodesCount--;
      this.suspensionDone(node, now);
    }
  }

  /** The suspension of `node`'s long task completed: the timer starts, short probes are served. */
  suspensionDone(node: i32, now: f64): void {
    const task = this.heldRec[4 * node];
    if (task < 0 || !this.isHeld(node) || this.isInWindow(node)) fail(E_POLICY_STATE, node);
    const record = this.heldRec[4 * node + 1];
    setRecMark(record, recMark(record) + 1); // (the task's suspensions, condition 3)
    count(this.cSuspensions, 1.0);
    this.inWindow[node >> 5] |= 1 << (node & 31);
    const at = now + this.s.suspendTimer;
    this.heldRecF[2 * node + 1] = at;
    if (this.windowTimerMatters()) setTimer(at, this.nodeKind, node, 1);
    else count(C_EVENTS, 1.0); // (the model's timer, retired unsimulated: see windowTimerMatters)
    releaseSlot(node, now);
    afterSlotFreed(node, now); // claim() may resume at once (nothing to serve)
  }

  /** Whether the window's timer can change anything. It resumes the long task only on a node in
   *  its window with a free slot. With one slot per node, FIFO short probes (srpt null: the
   *  choice is a pure scan of the queue) and earlyResume, a node in its window never has a free
   *  slot between events: the window starts at a freed slot, and every slot freed in it (a short
   *  task's end, an empty reply) reaches claim(), which resumes the long task unless a short probe
   *  waits, and the node's serve() then starts that probe at once (resources off: nothing parks).
   *  The timer then always fires as a no-op, so it is not simulated but still counted as an
   *  event retired: the counters and, since dropping an event
   *  leaves every other's relative sequence, the order of events stay as they were. */
  windowTimerMatters(): bool {
    return !this.s.earlyResume || slotsPerNode != 1 || this.srpt !== null || resourcesOn;
  }

  /** The host's claimFreedSlot: a node in its window resumes its long task when the timer has
   *  expired or (earlyResume) no short probe is left to serve. */
  claim(node: i32, now: f64): void {
    if (!this.isInWindow(node) || !hasFreeSlot(node)) return;
    const expiry = this.heldRecF[2 * node + 1];
    if (now >= expiry) { this.resume(node, now); return; }
    if (this.s.earlyResume && this.srpt === null) {
      // FIFO's choice reads nothing but the queue and changes nothing, so whether it finds a
      // short probe is hasShortProbe: without sticky probes the node's counters (no queue read;
      // serve() reads the queue next if a probe is there). (The resumption's lines are not
      // loaded here: most calls in a window resume nothing.)
      if (!this.hasShortProbe(node)) {
        count(this.cEarly, 1.0);
        this.resume(node, now);
      }
      return;
    }
    if (this.s.earlyResume && this.selectShort(node, now) < 0) {
      count(this.cEarly, 1.0);
      this.resume(node, now);
    }
  }

  resume(node: i32, now: f64): void {
    const task = this.heldRec[4 * node];
    const record = this.heldRec[4 * node + 1];
    // What the resumption reads, cold since the suspension: the run record (which holds the
    // task's duration too), loaded here first (only speed depends on it).
    this.touchSink = recMark(record);
    this.heldRec[4 * node] = -1;
    this.held[node >> 5] &= ~(1 << (node & 31));
    this.inWindow[node >> 5] &= ~(1 << (node & 31));
    if (--this.waitingNodes == 0) claimFreedSlots(false);
    count(this.cResumeSeconds, this.s.resumeDelay);
    this.resuming = true;
    resumeAt(node, task, now, record); // resumeDelay of overhead, then the frozen remaining work (§8 #12)
    this.resuming = false;
  }

  onTimer(kind: i32, a: i32, b: i32, now: f64): void {
    if (kind == this.tickKind) { this.tick(now); return; }
    if (kind == this.requestKind) { this.deliver(a, now); return; }
    if (b == 0) { this.checkpointsDone(now); return; }
    // The timer of a window expired: resume now if the node is idle (else when its task ends).
    if (this.isInWindow(a) && now >= this.heldRecF[2 * a + 1] && hasFreeSlot(a)) this.resume(a, now);
  }

  /** The record a node in its window serves: a short probe only (FIFO under Hawk; Eagle's
   *  SRPT restricted to short probes, §8 #16), or -1. */
  selectShort(node: i32, t: f64): i32 {
    const srpt = this.srpt;
    if (srpt !== null) {
      srpt.shortOnly = true;
      const r = srpt.select(node, t);
      srpt.shortOnly = false;
      if (r >= 0 && !wordIsLong(entryWord(r)) && !wordFetching(entryWord(r))) return r;
    }
    const end = queueEnd(node);
    for (let r = queueFirst(node); r < end; r++) {
      const w = entryWord(r);
      if (!wordIsLong(w) && !wordFetching(w)) return r;
    }
    return -1;
  }
}
