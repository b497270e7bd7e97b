// Yaq's distributed variants (YaqDist: `yaq-d`, `mercury`, `mercury-sampling`; spec §1.6,
// §5.4-§5.6):
//  - The job manager places every ready task straight into a node queue when the job is admitted
//    or its tasks become ready (no bound, no late binding). `yaq-d`: the node with the least
//    wait-time estimate (or queue length, or random); `mercury`: a random node among the topK
//    least loaded by queue length; views from the usage monitor, refreshed every τ, plus the
//    job manager's own placements since. `mercury-sampling`: batch sampling, d x m distinct
//    random nodes probed (fresh) for a batch of m tasks, the m least loaded taken.
//  - Rebalancing (§2.4 [R], optional): every τ while tasks are queued, the limit L = mean +
//    1.0 x stdev of the nodes' loads; a node above L gives up queued tasks from its
//    lowest-priority end until it is at most L; they are placed again one network delay later
//    (keeping their first queuing time).
import {
  nNodes, slotsPerNode, netDelay, nextUnlaunchedTask, sendBegin, sendTo, sendEnd, setTimer, timerKind, stream,
  registerCounter, nodeBusy, queueLength, entryTask, entryJob, removeAt, count,
} from "../../policy";
import { toI32 } from "../../toolkit/glue";
import { Rng, STREAM_YAQ_PLACE } from "../../toolkit/rng";
import { LoadMin } from "./minima";
import { YaqBase, YaqSettings, LOAD_WAIT, LOAD_RANDOM, LOAD_TOPK, LOAD_SAMPLING } from "./base";

export class DistSettings extends YaqSettings {
  /** The job managers' rule: LOAD_WAIT / LOAD_LENGTH / LOAD_RANDOM (yaq-d), LOAD_TOPK (mercury),
   *  LOAD_SAMPLING (mercury-sampling). */
  placement: i32 = LOAD_WAIT;
  /** mercury: the task goes to a random one of the topK least loaded nodes. */
  topK: i32 = 0;
  /** mercury-sampling: d, nodes probed per task of a batch. */
  probeRatio: f64 = 0.0;
  /** Load shedding every τ (§2.4 [R]). */
  rebalance: bool = false;
}

export class YaqDist extends YaqBase {
  placement: i32;
  /** τ: the usage monitor's refresh period, seconds (refreshes at k τ). */
  period: f64;
  topK: i32;
  probeRatio: f64;
  rebalance: bool;
  placeRng: Rng = stream(STREAM_YAQ_PLACE);
  /** The job managers' view of every node's load (wait, length, topK placement: keepsLoads). */
  loads: LoadMin;
  keepsLoads: bool;
  /** The usage monitor's epoch of each node's view, and the nodes changed since it (a flag per
   *  node and their list). */
  epoch: Float64Array = new Float64Array(nNodes);
  changed: Uint8Array = new Uint8Array(nNodes);
  changedList: Int32Array = new Int32Array(nNodes);
  changedCount: i32 = 0;
  view: Float64Array = new Float64Array(nNodes);
  inFlight: Int32Array = new Int32Array(nNodes);
  /** Scratch: Mercury's top nodes; batch sampling's probed nodes, their loads (also the saved
   *  loads of pickTopK and rebalancing's per-node loads), a partial shuffle of the nodes and a
   *  heap of probes. */
  topNodes: Int32Array;
  probed: Int32Array;
  probeLoad: Float64Array;
  shuffled: Int32Array = new Int32Array(nNodes);
  probeHeap: Int32Array = new Int32Array(nNodes);
  queuedTasks: i32 = 0;
  rebalanceKind: i32;
  replaceKind: i32;
  rebalancing: bool = false;
  rebalancedCounter: i32;

  constructor(s: DistSettings) {
    super(s);
    this.rebalancedCounter = registerCounter("rebalanced");
    const placement = s.placement;
    const keepsLoads = placement != LOAD_SAMPLING && placement != LOAD_RANDOM;
    this.keepsLoads = keepsLoads;
    this.loads = new LoadMin(keepsLoads ? nNodes : 1, slotsPerNode);
    this.placement = placement;
    this.period = s.heartbeat;
    this.topK = s.topK;
    this.probeRatio = s.probeRatio;
    this.rebalance = s.rebalance;
    this.topNodes = new Int32Array(s.topK > 0 ? s.topK : 1);
    this.probed = new Int32Array(nNodes);
    this.probeLoad = new Float64Array(nNodes);
    for (let n = 0; n < nNodes; n++) this.shuffled[n] = n;
    this.epoch.fill(-1.0);
    this.rebalanceKind = timerKind(this);
    this.replaceKind = timerKind(this);
    // Every node starts empty: r free slots (LoadMin's start; the engine's node state is not set
    // up yet here). The usage monitor's refreshes (k x τ) are the nodes' heartbeats: phase 0.
    this.setUpEstimates(s, s.staleProgress ? new Float64Array(nNodes) : new Float64Array(0));
  }

  /** The load a node reports now: −free slots, else its wait-time estimate (yaq-d wait) or its
   *  queue length (length, mercury); tasks in flight to it count as placed. */
  stateLoad(n: i32, now: f64): f64 {
    const tasks = nodeBusy(n) + queueLength(n) + this.inFlight[n];
    if (tasks < this.slots) return <f64>(tasks - this.slots);
    if (this.placement == LOAD_WAIT) return this.waitTime(n, now);
    return <f64>(tasks - this.slots);
  }

  /** The UM's refresh epoch of time t (refreshes at k x τ). */
  epochOf(t: f64): f64 { return Math.floor(t / this.period); }

  /** Node n is about to change at `now`: if a refresh passed since its view was taken, the view
   *  becomes its state now (before the change), which is its state at that refresh. */
  beforeChange(n: i32, now: f64): void {
    if (!this.keepsLoads) return;
    const e = this.epochOf(now);
    if (this.epoch[n] < e) {
      this.epoch[n] = e;
      this.view[n] = this.stateLoad(n, now);
      this.loads.set(n, this.view[n]);
    }
    if (this.changed[n] == 0) { this.changed[n] = 1; this.changedList[this.changedCount++] = n; }
  }

  /** A decision at `now`: nodes changed before the last refresh get their state as view. */
  refreshViews(now: f64): void {
    const e = this.epochOf(now);
    let i = 0;
    while (i < this.changedCount) {
      const n = this.changedList[i];
      if (this.epoch[n] < e) {
        this.epoch[n] = e;
        this.view[n] = this.stateLoad(n, now);
        this.loads.set(n, this.view[n]);
        this.changed[n] = 0;
        this.changedList[i] = this.changedList[--this.changedCount];
      } else {
        i++;
      }
    }
  }

  release(job: i32, count: i32, now: f64): void {
    if (count <= 0) return;
    sendBegin();
    if (this.placement == LOAD_SAMPLING) this.sample(job, count);
    else {
      if (this.keepsLoads) this.refreshViews(now);
      for (let i = 0; i < count; i++) this.placeOne(nextUnlaunchedTask(job), job);
    }
    sendEnd(now);
  }

  placeOne(task: i32, job: i32): void {
    let n = 0;
    if (this.placement == LOAD_RANDOM) n = this.placeRng.nextInt(nNodes);
    else if (this.placement == LOAD_TOPK) n = this.pickTopK();
    else n = this.loads.minIndex();
    this.sendTask(n, task, job);
  }

  sendTask(n: i32, task: i32, job: i32): void {
    this.inFlight[n]++;
    if (this.keepsLoads) {
      // The job manager's own placement since the refresh (§7 #6): a free slot, or WT += est / r.
      const v = this.loads.get(n);
      let nv = v + 1.0;
      if (v >= 0.0 && this.placement == LOAD_WAIT) nv = v + this.nodeOrder.estOf(task, job) / <f64>this.slots;
      if (v < 0.0 && nv > 0.0) nv = 0.0;
      this.loads.set(n, nv);
    }
    sendTo(n, job, task);
  }

  /** Mercury: a uniformly random node among the topK least loaded in the view. */
  pickTopK(): i32 {
    const k = this.topK < nNodes ? this.topK : nNodes;
    const tree = this.loads;
    const saved = this.probeLoad;
    for (let i = 0; i < k; i++) {
      const n = tree.minIndex();
      this.topNodes[i] = n;
      saved[i] = tree.get(n);
      tree.set(n, Infinity);
    }
    for (let i = 0; i < k; i++) tree.set(this.topNodes[i], saved[i]);
    return this.topNodes[this.placeRng.nextInt(k)];
  }

  /** Batch sampling (Sparrow, d = probeRatio): min(d x m, N) distinct random nodes probed now;
   *  the m tasks go greedily to the least loaded (running + queued + in flight), the load
   *  counted up after each. */
  sample(job: i32, m: i32): void {
    const wanted = Math.ceil(this.probeRatio * <f64>m);
    const p = wanted < <f64>nNodes ? toI32(wanted) : nNodes;
    const perm = this.shuffled;
    for (let i = 0; i < p; i++) {
      const j = i + this.placeRng.nextInt(nNodes - i);
      const v = perm[j]; perm[j] = perm[i]; perm[i] = v;
      this.probed[i] = v;
      this.probeLoad[i] = <f64>(nodeBusy(v) + queueLength(v) + this.inFlight[v]);
    }
    // The least loaded probe, lowest probe index among equals (a scan's first minimum), from a
    // heap: O(m log m) per job instead of a scan of the 2m probes per task.
    const heap = this.probeHeap;
    for (let i = 0; i < p; i++) heap[i] = i;
    for (let i = (p >> 1) - 1; i >= 0; i--) this.probeSift(i, p);
    for (let t = 0; t < m; t++) {
      const best = heap[0];
      this.probeLoad[best] += 1.0;
      this.probeSift(0, p);
      this.sendTask(this.probed[best], nextUnlaunchedTask(job), job);
    }
  }

  /** Sifts probe-heap position `i` down among `size` entries (order: load, then probe index). */
  probeSift(i: i32, size: i32): void {
    const heap = this.probeHeap;
    const load = this.probeLoad;
    while (true) {
      const l = 2 * i + 1;
      if (l >= size) return;
      let c = l;
      const r = l + 1;
      if (r < size) {
        const lr = load[heap[r]];
        const ll = load[heap[l]];
        if (lr < ll || (lr == ll && heap[r] < heap[l])) c = r;
      }
      const lc = load[heap[c]];
      const li = load[heap[i]];
      if (!(lc < li || (lc == li && heap[c] < heap[i]))) return;
      const x = heap[i]; heap[i] = heap[c]; heap[c] = x;
      i = c;
    }
  }

  accept(node: i32, job: i32, task: i32, now: f64): bool {
    this.beforeChange(node, now);
    this.inFlight[node]--;
    this.noteQueued(task, now);
    this.queuedTasks++;
    if (this.rebalance && !this.rebalancing) {
      this.rebalancing = true;
      setTimer((this.epochOf(now) + 1.0) * this.period, this.rebalanceKind, 0, 0);
    }
    return true;
  }

  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {
    this.queuedTasks--;
    super.onTaskStart(node, task, job, now);
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    this.beforeChange(node, now);
    this.taskDone(node, task, job, now);
  }

  onTimer(kind: i32, a: i32, b: i32, now: f64): void {
    if (kind == this.replaceKind) {
      // A task given up by rebalancing is placed again by its job manager (Algorithm 1, fresh).
      if (this.keepsLoads) this.refreshViews(now);
      sendBegin();
      this.placeAgain(a, b);
      sendEnd(now);
      return;
    }
    this.rebalanceStep(now);
  }

  placeAgain(task: i32, job: i32): void {
    let n = 0;
    if (this.placement == LOAD_RANDOM) n = this.placeRng.nextInt(nNodes);
    else if (this.placement == LOAD_TOPK) n = this.pickTopK();
    else if (this.placement == LOAD_SAMPLING) n = this.placeRng.nextInt(nNodes);
    else n = this.loads.minIndex();
    this.sendTask(n, task, job);
  }

  /** Load shedding (spec §2.4 [R]): mean + 1.0 x stdev of the nodes' loads (queue wait or
   *  length, from their state now), queued tasks evicted from the lowest-priority end of each
   *  node above it. */
  rebalanceStep(now: f64): void {
    if (this.queuedTasks <= 0) { this.rebalancing = false; return; }
    let sum = 0.0;
    let sq = 0.0;
    const load = this.probeLoad;
    for (let n = 0; n < nNodes; n++) {
      const tasks = nodeBusy(n) + queueLength(n);
      const l = tasks <= this.slots ? 0.0 : (this.placement == LOAD_WAIT ? this.waitTime(n, now) : <f64>(tasks - this.slots));
      load[n] = l;
      sum += l;
      sq += l * l;
    }
    const mean = sum / <f64>nNodes;
    const v = sq / <f64>nNodes - mean * mean;
    const limit = mean + Math.sqrt(v > 0.0 ? v : 0.0);
    for (let n = 0; n < nNodes; n++) {
      let l = load[n];
      while (l > limit && queueLength(n) > 0) {
        const e = this.nodeOrder.evictAt(n, now);
        if (e < 0) break;
        const task = entryTask(e);
        const job = entryJob(e);
        this.beforeChange(n, now);
        removeAt(n, e);
        this.queuedTasks--;
        l -= this.placement == LOAD_WAIT ? this.nodeOrder.estOf(task, job) / <f64>this.slots : 1.0;
        count(this.rebalancedCounter, 1.0);
        setTimer(now + netDelay, this.replaceKind, task, job);
      }
    }
    setTimer(now + this.period, this.rebalanceKind, 0, 0);
  }
}
