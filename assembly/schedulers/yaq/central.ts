// Yaq's centralized variants (YaqCentral: `yarn`, `yarn-q`, `yaq-c`; spec §5.1-§5.3, §7 #7):
//  - Node managers heartbeat every τ at a random phase per node (heartbeats.ts). At node n's
//    heartbeat the RM learns n's completions, then (a) fills n's free slots with pending tasks in
//    job order, then (b) queues: `yarn-q` fills n's queue up to b (the heartbeating node, FIFO);
//    `yaq-c`, if the free fraction of slots in its view is <= Rf_min, places pending tasks by
//    Algorithm 1 over all nodes with queue room (bound b and/or WT_max) in its view, the load
//    being the queue length or the wait-time estimate (Algorithm 2) from each node's last
//    heartbeat plus the RM's own placements since (WT += est / r, §7 #6), or a random node with
//    room. `yarn` has b = 0.
//  - Job order at the RM (`globalOrder`, §2.7): EJF (job index), SRJF, LRTF (current values,
//    updated at completions) or SJF (total estimated work); per capacity queue with capacity
//    queues (capacity.ts).
//  - The RM counts a node's tasks as assigned − completions learnt at heartbeats, so it never
//    places more than r + b on a node. An assignment reaches the node through the job's AM
//    (dispatch.ts).
//  - Only heartbeats that can change something are simulated: a node's heartbeat is an event
//    when the node will have room (a free slot, or queue room for yarn-q) and tasks are pending,
//    or (yaq-c) when its state changed since its last heartbeat (its view must be refreshed), or
//    (yaq-c) when Algorithm 1 can queue pending tasks (then the next heartbeat of any node). A
//    heartbeat learns everything up to its time, so skipping the others changes nothing.
import {
  nNodes, nJobs, nextUnlaunchedTask, jobUnlaunched, jobTasksLeft, setCancellableTimer, cancelTimer, timerKind,
  registerCounter, count, failUnlessAdvances, stream,
} from "../../policy";
import { Rng, STREAM_YAQ_PLACE } from "../../toolkit/rng";
import { NextSet } from "../../toolkit/nextset";
import { WideMin } from "./minima";
import { YaqBase, YaqSettings, LOAD_WAIT, LOAD_LENGTH, LOAD_RANDOM, LOAD_HEARTBEAT } from "./base";
import { NodeHeartbeats } from "./heartbeats";
import { AmDispatch } from "./dispatch";
import { CapacityQueues } from "./capacity";

/** Global job order at the RM (yaq-c, spec §2.7): the pending job served next. */
export const GLOBAL_EJF: i32 = 0;
export const GLOBAL_SRJF: i32 = 1;
export const GLOBAL_LRTF: i32 = 2;
export const GLOBAL_SJF: i32 = 3;

export class CentralSettings extends YaqSettings {
  /** The AMs' heartbeat period and the launch time of an assignment, seconds (dispatch.ts). */
  amPeriod: f64 = 1.0;
  launch: f64 = 0.75;
  /** b: tasks the RM may queue at a node beyond its r slots (Infinity: unbounded). */
  queueBound: f64 = 0.0;
  /** WT_max: a node queues only while the RM's wait-time estimate of it is below this. */
  maxWait: f64 = Infinity;
  /** Where queued tasks go: LOAD_HEARTBEAT (yarn-q), or Algorithm 1 by LOAD_WAIT / LOAD_LENGTH /
   *  LOAD_RANDOM (yaq-c). */
  placement: i32 = LOAD_HEARTBEAT;
  /** Rf_min: Algorithm 1 queues only while the free fraction of slots in the view is at most
   *  this. */
  freeFractionMin: f64 = 0.0;
  /** Queue A's capacity as a fraction (above 1: no capacity queues). */
  capacityA: f64 = Infinity;
  globalOrder: i32 = GLOBAL_EJF;
}

export class YaqCentral extends YaqBase {
  queueBound: f64;
  maxWait: f64;
  placement: i32;
  freeFractionMin: f64;
  /** Views of all nodes are read (Algorithm 1, the free fraction): refresh them at heartbeats. */
  views: bool;
  beats: NodeHeartbeats;
  dispatch: AmDispatch;
  placeRng: Rng = stream(STREAM_YAQ_PLACE);
  /** The RM's view, per node: tasks assigned, completions (all, and those learnt), the wait-time
   *  estimate of the last report plus the RM's placements since; free slots over all nodes. */
  assigned: Int32Array = new Int32Array(nNodes);
  completed: Int32Array = new Int32Array(nNodes);
  reported: Int32Array = new Int32Array(nNodes);
  waitView: Float64Array = new Float64Array(nNodes);
  freeView: i32 = 0;
  pendingJobs: WideMin = new WideMin(nJobs, Infinity);
  pending: i32 = 0;
  /** Algorithm 1's candidates by key (key()). The tree is read only when queueing may be open
   *  (no free slot in the view: rare below full load), so keys are written to candKey and the
   *  changed nodes enter the tree when it is read (flushCandidates: the tree is a function of
   *  its leaves, whatever the order of the sets). */
  candidates: WideMin;
  candKey: Float64Array;
  candQueued: Uint8Array;
  candList: Int32Array;
  candCount: i32 = 0;
  /** Nodes whose next heartbeat will find room (actual state), by phase rank. */
  room: NextSet = new NextSet(nNodes);
  /** The planned heartbeat event (a cancellable timer). */
  cursorSet: bool = false;
  cursorHandle: i32 = 0;
  cursorTime: f64 = 0.0;
  cursorKind: i32;
  beatsCounter: i32;
  /** Capacity queues (E9): on, the queues' counts (capacity.ts), queue B's pending jobs. */
  capacity: bool;
  queues: CapacityQueues;
  pendingJobsB: WideMin;

  /** Global job order (§2.7): EJF (job index) or SRJF / LRTF / SJF (then job index). */
  globalOrder: i32;
  jobWork: Float64Array = new Float64Array(0);

  constructor(s: CentralSettings) {
    super(s);
    this.beatsCounter = registerCounter("heartbeats");
    const views = s.placement != LOAD_HEARTBEAT && s.queueBound > 0.0;
    this.candidates = new WideMin(views ? nNodes : 1, 0.0);
    this.candKey = new Float64Array(views ? nNodes : 1);
    this.candQueued = new Uint8Array(views ? nNodes : 1);
    this.candList = new Int32Array(views ? nNodes : 1);
    this.views = views;
    const cap = s.capacityA <= 1.0;
    this.pendingJobsB = new WideMin(cap ? nJobs : 1, Infinity);
    this.queues = new CapacityQueues(s.capacityA);
    this.capacity = cap;
    this.queueBound = s.queueBound;
    this.maxWait = s.maxWait;
    this.placement = s.placement;
    this.freeFractionMin = s.freeFractionMin;
    const beats = new NodeHeartbeats(s.heartbeat, views);
    this.beats = beats;
    this.dispatch = new AmDispatch(s.amPeriod, s.launch, s.queueBound);
    this.dispatch.kind = timerKind(this);
    this.cursorKind = timerKind(this);
    this.freeView = nNodes * this.slots;
    for (let n = 0; n < nNodes; n++) {
      this.room.set(beats.rankOf[n], true);
      if (this.views) {
        const v = this.key(n);
        this.candKey[n] = v;
        this.candidates.set(n, v);
      }
    }
    const g = s.globalOrder;
    this.globalOrder = g;
    if (g == GLOBAL_SJF) this.jobWork = new Float64Array(nJobs);
    this.setUpEstimates(s, beats.phase);
  }

  /** Node n's candidate key changed to v (it reaches the tree at the next flush). */
  setCandidate(n: i32, v: f64): void {
    this.candKey[n] = v;
    if (this.candQueued[n] == 0) {
      this.candQueued[n] = 1;
      this.candList[this.candCount++] = n;
    }
  }

  /** The changed candidates' keys into the tree (before it is read). */
  flushCandidates(): void {
    const c = this.candCount;
    if (c == 0) return;
    const tree = this.candidates;
    const keys = this.candKey;
    const list = this.candList;
    const queued = this.candQueued;
    for (let i = 0; i < c; i++) {
      const n = list[i];
      tree.set(n, keys[n]);
      queued[n] = 0;
    }
    this.candCount = 0;
  }

  admit(job: i32, now: f64): void {
    this.dispatch.admit(job);
    super.admit(job, now);
  }

  onJobsAdded(from: i32, to: i32): void {
    super.onJobsAdded(from, to);
    if (this.globalOrder == GLOBAL_SJF) for (let j = from; j < to; j++) this.jobWork[j] = this.remaining[j];
  }

  /** The pending job's key in the RM's job order (smaller first; ties: the earlier job). */
  jobKey(job: i32): f64 {
    const g = this.globalOrder;
    if (g == GLOBAL_SRJF) return this.remaining[job];
    if (g == GLOBAL_LRTF) return <f64>jobTasksLeft(job);
    if (g == GLOBAL_SJF) return this.jobWork[job];
    return <f64>job;
  }

  release(job: i32, count: i32, now: f64): void {
    if (count <= 0) return;
    this.pending += count;
    if (this.capacity) {
      const q = this.queues.queueOf(job);
      this.queues.released(q, count, now);
      (q == 0 ? this.pendingJobs : this.pendingJobsB).set(job, this.jobKey(job));
    } else {
      this.pendingJobs.set(job, this.jobKey(job));
    }
    this.planCursor(now);
  }

  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {
    if (this.capacity) this.queues.started(job, now);
    super.onTaskStart(node, task, job, now);
  }

  // ---- the RM's view of a node ----------------------------------------------------------
  outstanding(n: i32): i32 { return this.assigned[n] - this.reported[n]; }

  hasQueueRoom(n: i32): bool {
    const out = this.outstanding(n);
    if (out < this.slots) return true;
    return <f64>(out - this.slots) < this.queueBound && this.waitView[n] < this.maxWait;
  }

  /** Candidate key (Algorithm 1's load; smaller is better): −free slots, else the queue length
   *  or the wait-time estimate; Infinity without room; random placement: 0 for every node with
   *  room (the draw is made in pick). */
  key(n: i32): f64 {
    if (!this.hasQueueRoom(n)) return Infinity;
    const out = this.outstanding(n);
    if (out < this.slots) return <f64>(out - this.slots);
    if (this.placement == LOAD_RANDOM) return 0.0;
    if (this.placement == LOAD_LENGTH) return <f64>(out - this.slots);
    return this.waitView[n];
  }

  /** Actual room: the node's next heartbeat will find a free slot (yarn-q: a free slot or queue
   *  room), counting every task assigned to it that has not completed. */
  updateRoom(n: i32): void {
    const out = this.assigned[n] - this.completed[n];
    const cap = this.placement == LOAD_HEARTBEAT ? <f64>this.slots + this.queueBound : <f64>this.slots;
    this.room.set(this.beats.rankOf[n], <f64>out < cap);
  }

  freeOf(n: i32): i32 {
    const f = this.slots - this.outstanding(n);
    return f > 0 ? f : 0;
  }

  /** The RM learns node n's completions and (yaq-c) its wait-time estimate. */
  report(n: i32, now: f64): void {
    const before = this.freeOf(n);
    this.reported[n] = this.completed[n];
    if (this.capacity) this.queues.report(n);
    this.freeView += this.freeOf(n) - before;
    if (this.views) {
      this.waitView[n] = this.placement == LOAD_WAIT || this.maxWait < Infinity ? this.waitTime(n, now) : 0.0;
      this.setCandidate(n, this.key(n));
    }
  }

  /** Whether the next heartbeat of any node can place pending tasks into queues (yaq-c). */
  queueingOpen(): bool {
    if (!this.views) return false;
    if (<f64>this.freeView > this.freeFractionMin * <f64>(nNodes * this.slots)) return false;
    this.flushCandidates();
    return this.candidates.minValue() < Infinity;
  }

  // ---- heartbeats -------------------------------------------------------------------------
  /** A change at node n (yaq-c): its view must be refreshed at its next heartbeat. */
  dirty(n: i32, now: f64): void {
    if (!this.views || this.beats.isDue(n)) return;
    this.refreshDue(now); // keeps every due cycle within {scanCycle, scanCycle + 1}
    this.beats.markDue(n, now);
  }

  /** yaq-c: the nodes whose heartbeat after a change has passed report (their state now), in
   *  heartbeat order. */
  refreshDue(now: f64): void {
    if (!this.views) return;
    const beats = this.beats;
    if (beats.quiet(now)) return;
    while (true) { // (one call of takePassed: the compiler inlines it)
      const n = beats.takePassed(now);
      if (n < 0) return;
      this.report(n, now);
    }
  }

  /** Plans the next heartbeat that can place pending tasks (see the header). */
  planCursor(now: f64): void {
    if (this.pending == 0) {
      if (this.cursorSet) { cancelTimer(this.cursorHandle); this.cursorSet = false; }
      return;
    }
    const beats = this.beats;
    const tau = beats.period;
    failUnlessAdvances(now, tau);
    this.refreshDue(now);
    const cycle = Math.floor(now / tau);
    const lo = beats.firstRankAfter(now - cycle * tau);
    let rank = -1;
    let c = cycle;
    if (this.queueingOpen()) {
      rank = lo < nNodes ? lo : 0;
      if (lo >= nNodes) c = cycle + 1.0;
    } else {
      rank = this.room.next(lo);
      if (rank < 0) { rank = this.room.next(0); c = cycle + 1.0; }
    }
    let at: f64 = Infinity;
    let node = -1;
    if (rank >= 0) {
      at = c * tau + beats.sortedPhase[rank];
      if (at <= now) at += tau;
      node = beats.byPhase[rank];
    }
    // yaq-c: a changed node's next heartbeat refreshes its view, which may open queue room.
    if (this.views) {
      const d = beats.nextDue();
      if (d >= 0 && beats.dueAt < at) { at = beats.dueAt; node = d; }
    }
    if (node < 0) { // nothing can take a task until a completion
      if (this.cursorSet) { cancelTimer(this.cursorHandle); this.cursorSet = false; }
      return;
    }
    if (this.cursorSet) {
      if (this.cursorTime <= at) return;
      cancelTimer(this.cursorHandle);
    }
    this.cursorSet = true;
    this.cursorTime = at;
    this.cursorHandle = setCancellableTimer(at, this.cursorKind, node, 0);
  }

  onTimer(kind: i32, a: i32, b: i32, now: f64): void {
    if (kind == this.dispatch.kind) {
      this.dispatch.deliver(a, b, now); // a batch (head record a, job b) leaves
      return;
    }
    this.cursorSet = false;
    this.refreshDue(now);
    this.beat(a, now);
    this.planCursor(now);
  }

  /** Node n's heartbeat at `now`. */
  beat(n: i32, now: f64): void {
    if (!this.beats.takeBeat(n, now)) return; // this heartbeat was simulated already
    count(this.beatsCounter, 1.0);
    // The RM learns n's completions and (yaq-c) its wait-time estimate.
    if (this.views) this.beats.clearDue(n);
    this.report(n, now);
    // (a) n's free slots, YARN-style.
    while (this.pending > 0 && this.outstanding(n) < this.slots) this.assign(n, now);
    if (this.pending == 0) return;
    // (b) queues.
    if (this.placement == LOAD_HEARTBEAT) {
      while (this.pending > 0 && <f64>(this.outstanding(n) - this.slots) < this.queueBound) this.assign(n, now);
    } else if (this.views) {
      while (this.pending > 0 && this.queueingOpen()) this.assign(this.pick(), now);
    }
  }

  /** Algorithm 1 over the candidates (argmin load; ties: lowest node id), or a random one. */
  pick(): i32 {
    if (this.placement == LOAD_RANDOM) {
      for (let i = 0; i < 64; i++) {
        const n = this.placeRng.nextInt(nNodes);
        if (this.candKey[n] < Infinity) return n;
      }
    }
    this.flushCandidates();
    return this.candidates.minIndex();
  }

  /** The next pending task (in the RM's job order) goes to node n. */
  assign(n: i32, now: f64): void {
    const q = this.capacity ? this.queues.take() : 0;
    const tree = q == 0 ? this.pendingJobs : this.pendingJobsB;
    const job = tree.minIndex();
    const task = nextUnlaunchedTask(job);
    this.pending--;
    if (jobUnlaunched(job) == 0) tree.set(job, Infinity);
    const out = this.outstanding(n);
    if (out < this.slots) this.freeView--;
    else this.waitView[n] += this.nodeOrder.estOf(task, job) / <f64>this.slots; // §7 #6
    this.assigned[n]++;
    if (this.views) this.setCandidate(n, this.key(n));
    this.updateRoom(n);
    // RM -> AM (its next heartbeat) -> launch -> node.
    this.dispatch.send(job, task, n, now);
  }

  accept(node: i32, job: i32, task: i32, now: f64): bool {
    this.noteQueued(task, now);
    this.dirty(node, now);
    return true;
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    if (this.capacity) this.queues.ended(node, job, now);
    this.completed[node]++;
    this.updateRoom(node);
    this.dirty(node, now);
    this.taskDone(node, task, job, now);
    if (this.globalOrder == GLOBAL_SRJF || this.globalOrder == GLOBAL_LRTF) {
      // The job's remaining work or tasks changed: its place in the RM's order, if pending.
      const tree = this.capacity && this.queues.queueOf(job) == 1 ? this.pendingJobsB : this.pendingJobs;
      if (tree.get(job) < Infinity) tree.set(job, this.jobKey(job));
    }
    if (this.pending > 0) this.planCursor(now);
  }
}
