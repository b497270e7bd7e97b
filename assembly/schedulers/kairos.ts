// `kairos`: Kairos' central scheduler (seed-kairos-related.md §1.3, Algorithm 3) over nodes
// running the engine's preemptive LAS discipline (§1.2, Algorithm 2; assembly/las.ts). No
// runtime estimates are used.
//  - Central queue (taskqueue.ts): every task of a job joins a FIFO queue on submission.
//  - Placement (Algorithm 3's water-filling): the head task goes to the node with the fewest
//    tasks (running + suspended) in the scheduler's view, ties broken by the lowest variance of
//    attained service at the last heartbeat, then by the lowest node id; the view is updated
//    after every single assignment. Admission control: a node takes at most N + Q tasks
//    (N = slots per node; the listing's inclusive loop bound 0..N+Q would admit N+Q+1, §8 #4);
//    when no node has room the tasks wait in the central queue.
//  - Counts: Algorithm 3 as printed only overwrites counts at heartbeats, so between two
//    heartbeats it would keep placing on the same nodes (§8 #5). Fixed: the scheduler counts
//    its own assignments at once (tasks in flight included). Completions: by default (§8 #5's
//    recommended "exact" mode for simulation) each completion notice reaches the scheduler one
//    network delay after the task ends, frees the node's admission slot and triggers placement
//    (§8 #6: dispatch on events); with `staleCounts` they are learnt only from heartbeats.
//    Variances always come from heartbeats.
//  - Heartbeats every Δ (`heartbeat`) from the first submission (heartbeat.ts); a heartbeat is
//    taken as instantaneous (no network delay). Placement runs at each submission and each
//    heartbeat. While tasks wait centrally every heartbeat is simulated; otherwise only the last
//    heartbeat before the next submission is (no decision reads the ones between), and none
//    after the last job is placed, so the timers stop.
//  - Placements are early-bound tasks delivered after the network delay.
//  - Exact view at O(changes): a heartbeat computes nothing; it starts a new sample. A node's
//    value for decisions until the next heartbeat is its state's value at that heartbeat: the
//    scheduler computes it when a decision needs it, from the node's current state if the node
//    has not changed since, or from a copy taken just before its first change (an arrival, a
//    run's end, a quantum check: the discipline calls beforeNodeChange). Nodes with fewer than
//    two tasks (Sum: one) have value 0 for sure and sit in a count-keyed tree ("B", lowest id
//    first); the others ("A") in another, and a placement pass computes the values of the A
//    nodes at the lowest count once (a heap for the pass: nothing a node holds changes during
//    a pass). Decisions are those of a full sweep of every node at every heartbeat (same keys,
//    2 x count + v / (1 + v), same lowest-id ties) at a cost of one value per tied candidate;
//    the random tie-break keeps the full sweep (a fresh draw per node per heartbeat, as defined).
//  - The kinetic argmin (`argmin=kinetic`, default; issue #23): between its changes a node's
//    value is a quadratic in time, so the A nodes sit in a kinetic tournament (kinetic.ts) keyed
//    by (count key, value); a decision compares exactly only the nodes within rounding of the
//    tournament's minimum. A full node (N + Q tasks in the view) is in neither the tournament nor
//    tree B until a completion frees it. `argmin=sweep` keeps the per-pass heap of every A node at the lowest
//    count, the reference the tests hold it to (docs/models/kairos.md#heartbeat-cost).
//  - `oracle` (spec §8 #6's option): the tie value is computed at each decision from the nodes'
//    current tasks, not sampled at heartbeats; heartbeats then carry only counts (staleCounts)
//    or are not needed at all. Same trees and per-pass heap, with the current values.
import {
  Scheduler, Params, LasDiscipline, NodeDiscipline, FifoDiscipline, setRunOverheads, nNodes, nJobs, slotsPerNode,
  jobArrival, jobUnlaunched, nextUnlaunchedTask, sendBegin, sendTo, sendEnd, setTimer, timerKind,
  nodeAttainedVariance, nodeAttainedSum, nodeTasks, netDelay, stream,
  nodeAttainedMoments, momentTasks, momentRunning, momentOverheadEnd, momentSum, momentLead,
} from "../policy";
import { MinTree } from "../toolkit/mintree";
import { KineticMin, KINETIC_SLACK } from "../toolkit/kinetic";
import { IntKeyMin } from "../toolkit/nextset";
import { Rng, STREAM_PLACEMENT } from "../toolkit/rng";
import { TaskQueue } from "../toolkit/taskqueue";
import { Heartbeat } from "../toolkit/heartbeat";
import { MinHeap } from "../toolkit/heap";

/** Tie-breaks among nodes with equal task counts (spec §1.3 and its §4.5.3 ablation). */
export const TIE_VARIANCE: i32 = 0; // lowest attained-service variance (Kairos' "Var")
export const TIE_RANDOM: i32 = 1;   // a uniformly random node among the tied ones
export const TIE_SUM: i32 = 2;      // lowest cumulative attained service ("Sum")

export class Kairos extends Scheduler {
  cap: i32;
  heartbeat: Heartbeat;
  queue: TaskQueue = new TaskQueue(1); // (the job of each waiting task: no taskJob)
  assigned: Int32Array = new Int32Array(nNodes);   // tasks placed on each node, ever
  completed: Int32Array = new Int32Array(nNodes);  // completions at each node (node-side)
  reported: Int32Array = new Int32Array(nNodes);   // completions known to the scheduler
  arrived: i32 = 0;     // jobs submitted so far
  /** Break count ties by attained-service variance (false: by node id only; `yarn-fifo`). */
  useVariance: bool = true;
  /** Completions known only from heartbeats (false: from a notice one network delay later). */
  staleCounts: bool;
  tieBreak: i32 = TIE_VARIANCE;
  tieRng: Rng = stream(STREAM_PLACEMENT);
  changed: Int32Array = new Int32Array(nNodes);    // nodes whose count a heartbeat changed
  dirty: Int32Array = new Int32Array(nNodes);      // staleCounts: nodes with unreported completions
  dirtyCount: i32 = 0;
  isDirty: Uint8Array = new Uint8Array(nNodes);
  stack: Int32Array = new Int32Array(64);

  // The view (see the header, "Exact view at O(changes)"): nodes whose tie value may be non-zero
  // ("A") and the rest ("B", value 0 for sure), each in a min-tree keyed by 2 x count; a node is
  // in one tree (the other holds Infinity for it).
  inA: Uint8Array = new Uint8Array(nNodes);
  treeA: MinTree = new MinTree(nNodes);
  // (tree B's keys, 2 x count for counts 0..cap, are few: bins of ids, O(1) updates)
  treeB: IntKeyMin = new IntKeyMin(0, 0.0, 2.0, 1, 0.0);
  // Candidates of one placement pass: the A nodes at the lowest count, a heap of (comparison
  // value, id, id) by (value, id); built when a pass first needs that level.
  heap: MinHeap = new MinHeap(nNodes);
  heapLevel: f64 = -1.0; // count key of the heap's nodes; -1: none built in this pass
  collected: Int32Array = new Int32Array(nNodes); // (buildHeap's scratch)
  // Sampled tie values (not oracle): a heartbeat only advances `epoch` and `sampledAt`; a node's
  // value for the current epoch is its state's value at `sampledAt`, frozen into `sample` just
  // before the node's state first changes after that heartbeat (beforeNodeChange).
  epoch: i32 = 0; // heartbeats simulated so far (0: none, every value is 0)
  sampledAt: f64 = 0.0;
  frozenEpoch: Int32Array = new Int32Array(nNodes);
  sample: Float64Array = new Float64Array(nNodes);
  frozen: Int32Array = new Int32Array(nNodes);
  frozenCount: i32 = 0;
  valueEpoch: Int32Array = new Int32Array(nNodes); // epoch of valueCache (the value of an unchanged node)
  valueCache: Float64Array = new Float64Array(nNodes);
  // Random tie-break: a fresh draw per node at every heartbeat (keys in one min-tree).
  view: MinTree = new MinTree(0);
  keys: Float64Array = new Float64Array(0);
  /** Tie value computed fresh at each decision (spec §8 #6's oracle option). */
  oracle: bool = false;
  // The kinetic argmin (`argmin=kinetic`, docs/models/kairos.md#heartbeat-cost): every A node's
  // tie value as a polynomial in time since its state last changed, in a kinetic tournament
  // keyed by (count key, value); a decision gathers the A nodes near the tournament's minimum
  // and compares those exactly. `argmin=sweep` computes the value of every A node at the lowest
  // count instead (the heap above): the same decisions, kept as the reference.
  kinetic: bool = false;
  kin: KineticMin = new KineticMin(0);
  until: MinTree = new MinTree(0);       // per node: the last time its polynomial holds (a run's overhead ends)
  stale: Int32Array = new Int32Array(0); // oracle: nodes changed since their polynomial was set
  isStale: Uint8Array = new Uint8Array(0);
  unset: Uint8Array = new Uint8Array(0); // its tournament polynomial waits until it comes back in (refile)
  staleCount: i32 = 0;
  near: Int32Array = new Int32Array(0);  // the candidates a decision compares exactly
  nearKey: f64 = 0.0;                    // the chosen candidate's comparison value
  polyV: f64 = 0.0;                      // polynomial(): a node's value, slope and curvature
  polyB: f64 = 0.0;
  polyC: f64 = 0.0;

  /** Timer kind: a completion notice (a = node). */
  noticeKind: i32;

  /** `nodes`: the nodes' discipline (LAS for Kairos, FIFO for yarn-fifo). */
  constructor(q: i32, heartbeat: f64, staleCounts: bool, nodes: NodeDiscipline) {
    super();
    this.discipline = nodes;
    this.staleCounts = staleCounts;
    this.dagAware = true;
    this.watchesNodeChanges = true;
    this.cap = slotsPerNode + q;
    this.heartbeat = new Heartbeat(heartbeat);
    this.noticeKind = timerKind(this);
    this.heartbeat.attach(this);
    this.treeB = new IntKeyMin(nNodes, 0.0, 2.0, this.cap + 1, 0.0); // every node starts in B, count 0
    this.frozenEpoch.fill(-1);
    this.valueEpoch.fill(-1);
    for (let n = 0; n < nNodes; n++) this.treeA.set(n, Infinity); // every node starts in B, count 0
  }

  start(): void { this.heartbeat.begin(jobArrival[0]); }

  /** Turns on the kinetic argmin (before the first event). */
  useKinetic(): void {
    if (this.tieBreak == TIE_RANDOM || !this.useVariance) return;
    this.kinetic = true;
    this.kin = new KineticMin(nNodes);
    this.until = new MinTree(nNodes);
    for (let n = 0; n < nNodes; n++) this.until.set(n, Infinity);
    this.stale = new Int32Array(nNodes);
    this.isStale = new Uint8Array(nNodes);
    this.unset = new Uint8Array(nNodes);
    this.near = new Int32Array(nNodes);
  }

  /** Node `n`'s polynomial for the kinetic tournament from its state at time `t`, into polyV,
   *  polyB, polyC: its tie value then, and how it moves while the node does not change. With r of its m tasks in
   *  service (each gaining attained service at rate 1), the variance is
   *  V + (2/m) sum_running(a_i - mean) s + r (m - r) / m² s² after s seconds; the sum is
   *  S + r s. A run still in its start overhead is not in service yet: the polynomial holds until
   *  that overhead ends (`until`). In the sampled view, a node that changed since the heartbeat
   *  keeps the value frozen then, as a constant (it is set again at the next heartbeat). */
  polynomial(n: i32, t: f64): void {
    if (!this.oracle && this.frozenEpoch[n] == this.epoch) {
      this.polyV = this.sample[n]; this.polyB = 0.0; this.polyC = 0.0;
      if (this.until.get(n) != Infinity) this.until.set(n, Infinity);
      return;
    }
    const v = nodeAttainedMoments(n, t); // (the same computation as valueAt's)
    const last = momentOverheadEnd;
    if (this.until.get(n) != last) this.until.set(n, last);
    const m = momentTasks;
    const r = momentRunning;
    if (m < this.watchFrom()) { this.polyV = 0.0; this.polyB = 0.0; this.polyC = 0.0; return; }
    if (this.tieBreak == TIE_SUM) { this.polyV = momentSum; this.polyB = <f64>r; this.polyC = 0.0; return; }
    const fm = <f64>m;
    this.polyV = v;
    this.polyB = 2.0 * momentLead / fm;
    this.polyC = <f64>r * <f64>(m - r) / (fm * fm);
  }

  /** Sets node `n`'s polynomial in the tournament from its state at `t` (polynomial()). */
  setPolynomial(n: i32, t: f64): void {
    this.unset[n] = 0;
    this.polynomial(n, t);
    this.kin.setPolynomial(n, t, this.polyV, this.polyB, this.polyC);
  }

  /** A heartbeat, kinetic argmin: node `n`, frozen in the last epoch, is in A (`a`) or not from
   *  now on, with its polynomial from its state now: both set before one climb of the
   *  tournament (setPolynomial, then setInA, would climb twice). A node out of the tournament
   *  (full, or in B) gets its polynomial only when it comes back in (file): the one computed
   *  then, at the heartbeat decisions read, from its state then (unchanged since, or frozen). */
  refile(n: i32, t: f64, a: bool): void {
    const x: u8 = a ? 1 : 0;
    const k = this.openKey(n);
    if (this.inA[n] != x) {
      this.inA[n] = x;
      this.heapLevel = -1.0;
      this.treeB.set(n, a ? Infinity : k);
    }
    if (!a || k == Infinity) {
      this.unset[n] = 1;
      this.kin.setLevel(n, Infinity);
      return;
    }
    this.unset[n] = 0;
    this.polynomial(n, t);
    this.kin.set(n, k, t, this.polyV, this.polyB, this.polyC);
  }

  /** Brings the kinetic tournament to the time decisions now read (the heartbeat's, or now in
   *  oracle mode): polynomials of changed nodes and of ended overheads are set again first. */
  advanceKinetic(now: f64): f64 {
    const t = this.oracle ? now : this.sampledAt;
    for (let i = 0; i < this.staleCount; i++) {
      const n = this.stale[i];
      this.isStale[n] = 0;
      this.setPolynomial(n, t);
    }
    this.staleCount = 0;
    while (this.until.minValue() < t) this.setPolynomial(this.until.minIndex(), t);
    this.kin.advance(t);
    return t;
  }

  /** Among the A nodes at count key `level`, the one a sweep would choose (lowest comparison
   *  value, then lowest id): the tournament's winner and every node whose value may lie within
   *  rounding of it, compared exactly. Sets `nearKey`. */
  nearest(level: f64, t: f64, now: f64): i32 {
    const kin = this.kin;
    const w = kin.winner();
    const v = kin.value(w, t);
    const vp = v > 0.0 ? v : 0.0;
    // Comparison values 2 x count + v / (1 + v) (sampled) or v / (1 + v) (oracle) that round to
    // the same double tie; v / (1 + v) moves by dv / (1 + v)² for a change dv in v.
    const key = this.oracle ? 0.0 : level;
    const ulps = 8.0 * 2.220446049250313e-16 * (key + 2.0);
    const bound = v + KINETIC_SLACK * kin.tol(w, t) + 2.0 * ulps * (1.0 + vp) * (1.0 + vp);
    const k = kin.gather(level, bound, this.near, this.stack);
    let best = -1;
    let bestKey: f64 = Infinity;
    for (let i = 0; i < k; i++) {
      const n = this.near[i];
      const c = this.compared(n, now);
      if (best < 0 || c < bestKey || (c == bestKey && n < best)) { best = n; bestKey = c; }
    }
    this.nearKey = bestKey;
    return best;
  }

  /** Turns on the random tie-break (before the first event). */
  useRandomTies(): void {
    this.tieBreak = TIE_RANDOM;
    this.view = new MinTree(nNodes);
    this.keys = new Float64Array(nNodes);
  }

  /** Count key of node `n` in the scheduler's view: 2 x (placed - completions known). */
  countKey(n: i32): f64 { return 2.0 * <f64>(this.assigned[n] - this.reported[n]); }

  /** Random tie-break: count key + a fresh uniform draw in [0, 1). */
  randomKey(n: i32): f64 { return this.countKey(n) + this.tieRng.nextFloat(); }

  /** Fewest tasks at a node for its tie value to be non-zero (no tie value: never). */
  watchFrom(): i32 { return !this.useVariance ? 0x7fffffff : this.tieBreak == TIE_SUM ? 1 : 2; }

  /** Node `n`'s tie value from its current state at time `t` (0 below watchFrom tasks). */
  valueAt(n: i32, t: f64): f64 {
    if (nodeTasks(n) < this.watchFrom()) return 0.0;
    return this.tieBreak == TIE_SUM ? nodeAttainedSum(n, t) : nodeAttainedVariance(n, t);
  }

  /** The tie value a decision now reads for node `n`: the current one (oracle) or the last
   *  heartbeat's (0 before the first). */
  value(n: i32, now: f64): f64 {
    if (this.oracle) return this.valueAt(n, now);
    if (this.frozenEpoch[n] == this.epoch) return this.sample[n];
    if (this.epoch == 0) return 0.0;
    if (this.valueEpoch[n] != this.epoch) {
      this.valueCache[n] = this.valueAt(n, this.sampledAt);
      this.valueEpoch[n] = this.epoch;
    }
    return this.valueCache[n];
  }

  /** What candidates at one count are compared on (lowest wins, then the lowest id): the
   *  sampled view's tree key, 2 x count + v / (1 + v) (so counts always dominate, even when the
   *  fraction rounds to 1), or, in oracle mode, the fraction alone (as its decisions compare). */
  compared(n: i32, now: f64): f64 {
    const v = this.value(n, now);
    const f = v / (1.0 + v);
    return this.oracle ? f : this.countKey(n) + f;
  }

  /** Kinetic argmin: node `n`'s count key, or +Infinity if it is full (N + Q tasks in the view).
   *  A full node is in neither the tournament nor tree B: no task goes to it (place() stops at a
   *  full node, and one that has room always has a lower key), and its changes cost no climbs
   *  while it stays full; while tasks wait centrally nearly every node is full. */
  openKey(n: i32): f64 {
    const c = this.assigned[n] - this.reported[n];
    return c < this.cap ? 2.0 * <f64>c : Infinity;
  }

  /** Files node `n` in tree A or B at its current count. An A node that comes down to the
   *  heap's level joins the heap. */
  file(n: i32): void {
    if (this.kinetic) {
      const o = this.openKey(n);
      const level = this.inA[n] != 0 ? o : Infinity;
      if (level != Infinity && this.unset[n] != 0) { // back in: its polynomial (refile)
        this.unset[n] = 0;
        this.polynomial(n, this.sampledAt);
        this.kin.set(n, level, this.sampledAt, this.polyV, this.polyB, this.polyC);
      } else this.kin.setLevel(n, level);
      this.treeB.set(n, this.inA[n] != 0 ? Infinity : o);
      return;
    }
    const k = this.countKey(n);
    if (this.inA[n] != 0) {
      if (!this.oracle && k == this.heapLevel && this.treeA.get(n) != k) this.heap.push(this.compared(n, this.sampledAt), n, n); // (sampled view: its value is the epoch's, fixed)
      this.treeA.set(n, k); this.treeB.set(n, Infinity);
    } else {
      this.treeB.set(n, k);
      if (this.treeA.get(n) != Infinity) this.treeA.set(n, Infinity);
    }
  }

  /** Sets whether node `n`'s tie value may be non-zero. */
  setInA(n: i32, a: bool): void {
    const x: u8 = a ? 1 : 0;
    if (this.inA[n] == x) return;
    this.inA[n] = x;
    this.heapLevel = -1.0; // (the heap may hold it)
    this.file(n);
  }

  /** The node the next task goes to: the fewest tasks in the view, ties by the tie value, then
   *  the lowest id (kinetic argmin: -1 if every node is full). */
  best(now: f64): i32 {
    if (this.tieBreak == TIE_RANDOM) return this.view.minIndex();
    const kb = this.treeB.minValue();
    if (this.kinetic) {
      const t = this.advanceKinetic(now);
      const la = this.kin.winnerLevel();
      if (la == Infinity && kb == Infinity) return -1; // every node is full
      if (la > kb) return this.treeB.minIndex();
      const n = this.nearest(la, t, now);
      if (la < kb) return n;
      const m = this.treeB.minIndex();
      return this.nearKey == (this.oracle ? 0.0 : la) && n < m ? n : m;
    }
    const ka = this.treeA.minValue();
    if (ka > kb) return this.treeB.minIndex(); // A nodes all have more tasks in the view
    if (this.heapLevel != ka) this.buildHeap(ka, now);
    const a = this.heap.topValue();
    if (ka < kb) return a;
    // B's lowest id has value 0; an A node wins only with value 0 too and a lower id.
    const b = this.treeB.minIndex();
    const zero = this.oracle ? 0.0 : ka;
    return this.heap.topKey() == zero && a < b ? a : b;
  }

  /** Collects the A nodes at count key `level` with their comparison values into the heap. */
  buildHeap(level: f64, now: f64): void {
    const nodes = this.collected;
    const k = this.treeA.collectMin(level, nodes, this.stack);
    const heap = this.heap;
    heap.clear();
    for (let i = 0; i < k; i++) heap.append(this.compared(nodes[i], now), nodes[i], nodes[i]);
    heap.heapify();
    this.heapLevel = level;
  }

  /** Places queued tasks while some node has room (one message batch). Nothing a node holds
   *  changes during a pass (placements arrive a network delay later), so the candidates' values
   *  are computed once per count level per pass; in the sampled view they hold until the next
   *  heartbeat, and so does the heap (rebuilt when a node leaves A or the lowest level changes). */
  place(now: f64): void {
    const queue = this.queue;
    if (queue.isEmpty(0)) return;
    if (this.oracle) this.heapLevel = -1.0;
    sendBegin();
    while (!queue.isEmpty(0)) {
      const n = this.best(now);
      if (n < 0 || this.assigned[n] - this.reported[n] >= this.cap) break;
      this.assigned[n] = this.assigned[n] + 1;
      if (this.tieBreak == TIE_RANDOM) this.view.set(n, this.randomKey(n));
      else {
        if (this.heapLevel >= 0.0 && this.heap.size > 0 && this.heap.topValue() == n) this.heap.pop(); // it leaves this level
        this.file(n);
      }
      const job = queue.pop(0);
      sendTo(n, job, nextUnlaunchedTask(job)); // (the queue holds each waiting task's job, FIFO: its next task)
    }
    sendEnd(now);
  }

  /** Kinetic argmin, sampled view: places queued tasks on node `n`, the only node with room (a
   *  completion notice freed it while tasks wait centrally: every node was full), as place()
   *  would — each decision would find n alone in the view — without filing n in the tournament
   *  and taking it out again for every task (two climbs, an advance and a gather per task while
   *  tasks wait). n is filed only if it still has room when the queue runs empty; if it fills up
   *  it stays out, as it was (its polynomial still waits for its return: `unset`). The tournament
   *  is brought to the epoch's time at the next decision instead, which moves no decision: in the
   *  sampled view every decision of an epoch reads the tournament at the same time. */
  placeOn(n: i32, now: f64): void {
    const queue = this.queue;
    sendBegin();
    while (!queue.isEmpty(0) && this.assigned[n] - this.reported[n] < this.cap) {
      this.assigned[n] = this.assigned[n] + 1;
      const job = queue.pop(0);
      sendTo(n, job, nextUnlaunchedTask(job));
    }
    sendEnd(now);
    if (this.assigned[n] - this.reported[n] < this.cap) this.file(n);
  }

  /** Turns on oracle mode (before the first event). */
  useOracle(): void { this.oracle = true; }

  onJobArrival(job: i32, now: f64): void {
    const ready = jobUnlaunched(job);
    for (let i = 0; i < ready; i++) this.queue.push(0, job); // (one entry per task)
    this.arrived = job + 1;
    this.place(now);
    this.planBeat(now);
  }

  /** A DAG trace: tasks whose parents finished join the central queue. */
  onTasksReady(job: i32, count: i32, now: f64): void {
    const ready = jobUnlaunched(job);
    for (let i = 0; i < count; i++) this.queue.push(0, job); // (one entry per task)
    this.place(now);
    this.planBeat(now);
  }

  /** A task is about to arrive at `node`, end there, or reach a quantum end: in the sampled
   *  view, the node's value for this heartbeat is taken from its state now, before it changes. */
  beforeNodeChange(node: i32, now: f64): void {
    if (this.tieBreak == TIE_RANDOM || !this.useVariance) return;
    if (this.oracle) {
      if (this.kinetic && this.isStale[node] == 0) { this.isStale[node] = 1; this.stale[this.staleCount++] = node; }
      return;
    }
    if (this.frozenEpoch[node] == this.epoch) return;
    const v = this.epoch == 0 ? 0.0 : this.valueAt(node, this.sampledAt);
    this.frozenEpoch[node] = this.epoch;
    this.sample[node] = v;
    this.frozen[this.frozenCount++] = node;
    this.setInA(node, v != 0.0); // until the next heartbeat
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    this.completed[node] = this.completed[node] + 1;
    if (this.oracle) this.setInA(node, nodeTasks(node) >= this.watchFrom());
    if (!this.staleCounts) setTimer(now + netDelay, this.noticeKind, node, 0);
    else if (this.isDirty[node] == 0) {
      this.isDirty[node] = 1;
      this.dirty[this.dirtyCount++] = node;
    }
  }

  accept(node: i32, job: i32, task: i32, now: f64): bool {
    if (this.oracle) this.setInA(node, nodeTasks(node) + 1 >= this.watchFrom()); // the task joins it next
    return true;
  }

  onTimer(kind: i32, a: i32, b: i32, now: f64): void {
    if (kind == this.noticeKind) {
      // A completion notice: node `a` has room again.
      this.reported[a] = this.reported[a] + 1;
      if (this.kinetic && !this.oracle && !this.queue.isEmpty(0) && this.kin.winnerLevel() == Infinity
          && this.treeB.minValue() == Infinity) this.placeOn(a, now); // (it was full, like every other node)
      else {
        if (this.tieBreak == TIE_RANDOM) this.view.set(a, this.randomKey(a)); else this.file(a);
        this.place(now);
      }
      this.planBeat(now);
      return;
    }
    // Heartbeat: every node reports its tie value (and, with staleCounts, its completions).
    this.heartbeat.fired();
    const k = this.reportCompletions(0);
    if (this.tieBreak == TIE_RANDOM) {
      for (let n = 0; n < nNodes; n++) this.keys[n] = this.randomKey(n);
      this.view.setAll(this.keys);
    } else {
      if (!this.oracle && this.useVariance) {
        // A new sample: the nodes frozen at the last one read their current state again.
        this.epoch++;
        this.sampledAt = now;
        this.heapLevel = -1.0;
        const from = this.watchFrom();
        for (let i = 0; i < this.frozenCount; i++) {
          const n = this.frozen[i];
          // (its state now is its state at this heartbeat)
          if (this.kinetic) this.refile(n, now, nodeTasks(n) >= from); else this.setInA(n, nodeTasks(n) >= from);
        }
        this.frozenCount = 0;
      }
      for (let c = 0; c < k; c++) this.file(this.changed[c]);
    }
    this.place(now);
    this.planBeat(now);
  }

  /** staleCounts: the nodes with completions since the last heartbeat report them; each whose
   *  count changed is appended to `changed` from position `k`. Returns the new length. */
  reportCompletions(k: i32): i32 {
    for (let d = 0; d < this.dirtyCount; d++) {
      const n = this.dirty[d];
      this.isDirty[n] = 0;
      if (this.reported[n] != this.completed[n]) { this.reported[n] = this.completed[n]; this.changed[k++] = n; }
    }
    this.dirtyCount = 0;
    return k;
  }

  /** Schedules the next heartbeat that a decision will read, if any. */
  planBeat(now: f64): void {
    if (this.oracle && !this.staleCounts) return; // nothing is learnt from heartbeats
    // Tasks wait centrally: the next periodic heartbeat may admit them. Otherwise only the last
    // heartbeat at or before the next submission matters; none once every task is placed.
    if (!this.queue.isEmpty(0)) this.heartbeat.planNext(now);
    else if (this.arrived < nJobs) this.heartbeat.planLatestBefore(jobArrival[this.arrived], now);
  }
}

/** `yarn-fifo`: the YARN FIFO baseline of seed-kairos-related.md §2.1 (the [rec] reading, §8 #20):
 *  Kairos' central queue and heartbeat-learnt counts with Q = 0 and plain non-preemptive nodes,
 *  so a task is placed only where the scheduler's view has a free slot (the view never
 *  under-counts: completions are learnt at heartbeats), never waits in a node queue and runs to
 *  completion. Placement at submissions and heartbeats, on the node with the fewest tasks
 *  (ties: lowest id). */
export class YarnFifo extends Kairos {
  constructor(heartbeat: f64) {
    super(0, heartbeat, true, new FifoDiscipline());
    this.useVariance = false;
  }
}

export function createKairos(p: Params): Scheduler {
  const nodes = new LasDiscipline(p.num("quantum"), p.int("starvationPreemptions"), p.num("starvationQuanta"),
    p.num("swapMargin"), p.flag("victimUsesStaleAttained"), p.flag("starvationWaits"));
  setRunOverheads(p.num("suspendCost"), p.num("resumeCost"));
  const k = new Kairos(p.int("Q"), p.num("delta"), p.flag("staleCounts"), nodes);
  const tie = p.choice("tieBreak");
  if (tie == "random") k.useRandomTies(); else k.tieBreak = tie == "sum" ? TIE_SUM : TIE_VARIANCE;
  if (p.flag("oracle")) k.useOracle();
  if (p.choice("argmin") == "kinetic") k.useKinetic();
  return k;
}

export function createYarnFifo(p: Params): Scheduler { return new YarnFifo(p.num("delta")); }
