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
//  - A heartbeat touches only the nodes whose report can differ from the last one: a node with
//    fewer than two tasks has variance 0 (fewer than one: attained sum 0), so only the nodes
//    holding enough tasks, or whose last reported value was not 0, are recomputed (a watch
//    set, joined when a task arrives); with staleCounts only the nodes that completed tasks
//    since the last heartbeat report new counts. The view (a min-tree) gets exactly the keys
//    a full sweep would give, so results are the same; the Random tie-break still draws for
//    every node at every heartbeat, as defined.
//  - `oracle` (spec §8 #6's option): the tie value is computed at each decision from the nodes'
//    current tasks, not sampled at heartbeats; heartbeats then carry only counts (staleCounts)
//    or are not needed at all. A decision evaluates only the nodes tied at the lowest count
//    that hold enough tasks for a non-zero value (the others are 0 for sure). When most nodes
//    hold 2+ tasks that is still thousands of nodes per decision, so it is not faster than the
//    sampled reading on loaded clusters (docs/models/kairos.md, "Heartbeat cost").
import {
  Scheduler, Params, LasDiscipline, NodeDiscipline, FifoDiscipline, setRunOverheads, nTasks, nNodes, nJobs, slotsPerNode,
  jobArrival, jobUnlaunched, unlaunchedTaskAt, taskJob, nextUnlaunchedTask, sendBegin, sendTo, sendEnd, setTimer, timerKind,
  nodeAttainedVariance, nodeAttainedSum, nodeTasks, netDelay, stream,
} from "../policy";
import { MinTree } from "../mintree";
import { Rng, STREAM_PLACEMENT } from "../rng";
import { TaskQueue } from "./taskqueue";
import { Heartbeat } from "./heartbeat";

/** Tie-breaks among nodes with equal task counts (spec §1.3 and its §4.5.3 ablation). */
export const TIE_VARIANCE: i32 = 0; // lowest attained-service variance (Kairos' "Var")
export const TIE_RANDOM: i32 = 1;   // a uniformly random node among the tied ones
export const TIE_SUM: i32 = 2;      // lowest cumulative attained service ("Sum")

export class Kairos extends Scheduler {
  cap: i32;
  heartbeat: Heartbeat;
  queue: TaskQueue = new TaskQueue(1);
  assigned: Int32Array = new Int32Array(nNodes);   // tasks placed on each node, ever
  completed: Int32Array = new Int32Array(nNodes);  // completions at each node (node-side)
  reported: Int32Array = new Int32Array(nNodes);   // completions known from heartbeats
  variance: Float64Array = new Float64Array(nNodes); // attained-service variance at the last heartbeat
  view: MinTree = new MinTree(nNodes);             // key(): count first, then variance
  keys: Float64Array = new Float64Array(nNodes);
  arrived: i32 = 0;     // jobs submitted so far
  /** Break count ties by attained-service variance (false: by node id only; `yarn-fifo`). */
  useVariance: bool = true;
  /** Completions known only from heartbeats (false: from a notice one network delay later). */
  staleCounts: bool;
  tieBreak: i32 = TIE_VARIANCE;
  tieRng: Rng = stream(STREAM_PLACEMENT);
  // Heartbeat work lists (see the header): nodes whose variance may be non-zero, nodes with
  // unreported completions, and the nodes whose key a heartbeat changed.
  watch: Int32Array = new Int32Array(nNodes);
  watchCount: i32 = 0;
  inWatch: Uint8Array = new Uint8Array(nNodes);
  dirty: Int32Array = new Int32Array(nNodes);
  dirtyCount: i32 = 0;
  isDirty: Uint8Array = new Uint8Array(nNodes);
  changed: Int32Array = new Int32Array(2 * nNodes); // a node can change by both lists
  // Oracle mode (spec §8 #6): the tie value is computed fresh at each decision instead of read
  // from the last heartbeat. Nodes holding enough tasks for a non-zero value ("A") and the rest
  // ("B", value 0 for sure) sit in two min-trees keyed by 2 x count; a decision evaluates only
  // the A nodes tied at the lowest count.
  oracle: bool = false;
  inA: Uint8Array = new Uint8Array(0);
  treeA: MinTree = new MinTree(0);
  treeB: MinTree = new MinTree(0);
  tied: Int32Array = new Int32Array(0);
  stack: Int32Array = new Int32Array(64);

  /** Timer kind: a completion notice (a = node). */
  noticeKind: i32;

  /** `nodes`: the nodes' discipline (LAS for Kairos, FIFO for yarn-fifo). */
  constructor(q: i32, heartbeat: f64, staleCounts: bool, nodes: NodeDiscipline) {
    super();
    this.discipline = nodes;
    this.staleCounts = staleCounts;
    this.taskJobs = true;
    this.dagAware = true;
    this.cap = slotsPerNode + q;
    this.heartbeat = new Heartbeat(heartbeat);
    this.noticeKind = timerKind(this);
    this.heartbeat.attach(this);
  }

  start(): void { this.heartbeat.begin(jobArrival[0]); }

  /** Tree key: 2 x count + a tie value in [0, 1], so counts always dominate (even when the
   *  fraction rounds to 1): v / (1 + v) of the heartbeat's variance or attained-service sum, or
   *  a fresh uniform draw (the random tie-break). Remaining ties: lowest node id. */
  key(n: i32): f64 {
    const count = 2.0 * <f64>(this.assigned[n] - this.reported[n]);
    if (this.tieBreak == TIE_RANDOM) return count + this.tieRng.nextFloat();
    const v = this.variance[n];
    return count + v / (1.0 + v);
  }

  /** Places queued tasks while some node has room (one message batch). */
  place(now: f64): void {
    const queue = this.queue;
    if (queue.isEmpty(0)) return;
    const view = this.view;
    sendBegin();
    while (!queue.isEmpty(0)) {
      const n = this.oracle ? this.pick(now) : view.minIndex();
      if (this.assigned[n] - this.reported[n] >= this.cap) break;
      this.assigned[n] = this.assigned[n] + 1;
      if (this.oracle) this.refresh(n, -1); else view.set(n, this.key(n));
      const job = taskJob[queue.pop(0)];
      sendTo(n, job, nextUnlaunchedTask(job)); // == the task popped: the queue is FIFO in each job's order
    }
    sendEnd(now);
  }

  /** Turns on oracle mode (before the first event). */
  useOracle(): void {
    this.oracle = true;
    this.inA = new Uint8Array(nNodes);
    this.treeA = new MinTree(nNodes);
    this.treeB = new MinTree(nNodes);
    this.tied = new Int32Array(nNodes);
    for (let n = 0; n < nNodes; n++) this.treeA.set(n, Infinity); // every node starts in B, count 0
  }

  /** Oracle mode: re-files node `n` after its count or its task count (`tasks`; -1: unchanged)
   *  changed. */
  refresh(n: i32, tasks: i32): void {
    if (tasks >= 0) this.inA[n] = tasks >= this.watchFrom() ? 1 : 0;
    const k = 2.0 * <f64>(this.assigned[n] - this.reported[n]);
    if (this.inA[n] != 0) { this.treeA.set(n, k); this.treeB.set(n, Infinity); }
    else { this.treeB.set(n, k); this.treeA.set(n, Infinity); }
  }

  /** Oracle mode: the node with the fewest tasks in the view; ties by the value computed now
   *  (variance or attained sum, as v / (1 + v)), then by the lowest id. */
  pick(now: f64): i32 {
    const kb = this.treeB.minValue();
    const ka = this.treeA.minValue();
    if (ka > kb) return this.treeB.minIndex(); // A nodes all have more tasks in the view
    let best = -1;
    let bestF: f64 = Infinity;
    if (kb == ka) { best = this.treeB.minIndex(); bestF = 0.0; }
    const k = this.treeA.collectMin(ka, this.tied, this.stack);
    for (let i = 0; i < k; i++) {
      const n = this.tied[i];
      const v = this.tieBreak == TIE_SUM ? nodeAttainedSum(n, now) : nodeAttainedVariance(n, now);
      const f = v / (1.0 + v);
      if (f < bestF || (f == bestF && n < best)) { best = n; bestF = f; }
    }
    return best;
  }

  onJobArrival(job: i32, now: f64): void {
    const ready = jobUnlaunched(job);
    for (let i = 0; i < ready; i++) this.queue.push(0, unlaunchedTaskAt(job, i));
    this.arrived = job + 1;
    this.place(now);
    this.planBeat(now);
  }

  /** A DAG trace: tasks whose parents finished join the central queue. */
  onTasksReady(job: i32, count: i32, now: f64): void {
    const ready = jobUnlaunched(job);
    for (let i = ready - count; i < ready; i++) this.queue.push(0, unlaunchedTaskAt(job, i));
    this.place(now);
    this.planBeat(now);
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    this.completed[node] = this.completed[node] + 1;
    if (this.oracle) this.refresh(node, nodeTasks(node));
    if (!this.staleCounts) setTimer(now + netDelay, this.noticeKind, node, 0);
    else if (this.isDirty[node] == 0) {
      this.isDirty[node] = 1;
      this.dirty[this.dirtyCount++] = node;
    }
  }

  /** Fewest tasks at a node for its heartbeat value to be non-zero. */
  watchFrom(): i32 { return this.tieBreak == TIE_SUM ? 1 : 2; }

  accept(node: i32, job: i32, task: i32, now: f64): bool {
    if (this.oracle) { this.refresh(node, nodeTasks(node) + 1); return true; }
    // The task joins `node` right after this: watch the node once it can report non-zero.
    if (this.useVariance && this.inWatch[node] == 0 && nodeTasks(node) + 1 >= this.watchFrom()) {
      this.inWatch[node] = 1;
      this.watch[this.watchCount++] = node;
    }
    return true;
  }

  onTimer(kind: i32, a: i32, b: i32, now: f64): void {
    if (kind == this.noticeKind) {
      // A completion notice: node `a` has room again.
      this.reported[a] = this.reported[a] + 1;
      if (this.oracle) this.refresh(a, -1); else this.view.set(a, this.key(a));
      this.place(now);
      this.planBeat(now);
      return;
    }
    // Heartbeat: every node reports the variance of attained service (and, with staleCounts,
    // its completions). Only the nodes whose report can change are visited (see the header).
    this.heartbeat.fired();
    if (this.oracle) {
      const k = this.reportCompletions(0);
      for (let c = 0; c < k; c++) this.refresh(this.changed[c], -1);
    } else if (this.tieBreak == TIE_RANDOM) {
      for (let n = 0; n < nNodes; n++) {
        if (this.staleCounts) this.reported[n] = this.completed[n];
        this.keys[n] = this.key(n);
      }
      this.dirtyCount = 0;
      this.isDirty.fill(0);
      this.view.setAll(this.keys);
    } else {
      let k = 0;
      const from = this.watchFrom();
      let i = 0;
      while (i < this.watchCount) {
        const n = this.watch[i];
        const tasks = nodeTasks(n);
        const v = tasks < from ? 0.0 : (this.tieBreak == TIE_SUM ? nodeAttainedSum(n, now) : nodeAttainedVariance(n, now));
        if (v != this.variance[n]) { this.variance[n] = v; this.changed[k++] = n; }
        if (tasks < from && v == 0.0) { // leaves the watch set until a task arrives again
          this.inWatch[n] = 0;
          this.watch[i] = this.watch[--this.watchCount];
        } else {
          i++;
        }
      }
      k = this.reportCompletions(k);
      if (k * 16 > nNodes) { // many keys changed: rebuild the tree in O(nodes)
        for (let n = 0; n < nNodes; n++) this.keys[n] = this.view.get(n);
        for (let c = 0; c < k; c++) this.keys[this.changed[c]] = this.key(this.changed[c]);
        this.view.setAll(this.keys);
      } else {
        for (let c = 0; c < k; c++) this.view.set(this.changed[c], this.key(this.changed[c]));
      }
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
  const nodes = new LasDiscipline(nTasks, p.num("quantum"), p.int("starvationPreemptions"), p.num("starvationQuanta"),
    p.num("swapMargin"), p.flag("victimUsesStaleAttained"), p.flag("starvationWaits"));
  setRunOverheads(p.num("suspendCost"), p.num("resumeCost"));
  const k = new Kairos(p.int("Q"), p.num("delta"), p.flag("staleCounts"), nodes);
  const tie = p.choice("tieBreak");
  k.tieBreak = tie == "random" ? TIE_RANDOM : tie == "sum" ? TIE_SUM : TIE_VARIANCE;
  if (p.flag("oracle")) k.useOracle();
  return k;
}

export function createYarnFifo(p: Params): Scheduler { return new YarnFifo(p.num("delta")); }
