// `fregata` (seed-fregata.md §2; choices in docs/models/fregata.md): a scheduler layer, masters
// each owning a group of workers, complementary packing and best-fit placement.
//  - Classes (§2.1, A1/A2): a job is HIGH (short) or LOW (long) by the host's classifier
//    (predict.ts: logistic regression on a prefix, oracle, noisy oracle); without predictions,
//    by its estimate against `cutoff` (the oracle). The class never changes.
//  - A job reaches the masters one network delay after its submission (A18). Its DAG is analysed
//    once (O(tasks + edges)): a topological order, tail(T) (the longest duration path from T to
//    a sink), the critical path, the §2.4 priority P(T) = base(T) + gamma x sum P(children) with
//    base = w1 (1 - sat(est/tau)) + w3 (1 - sat(max(0, D - tail)/tau)) at submission (tau =
//    cutoff, D = kappa x critical path; the waiting term w2 x sat(t_w) enters as linear ageing,
//    below), and Algorithm 1's partition (packing.ts: greedy disjoint path cover, or wcc).
//  - Groups go to masters (A4): the masters with load < loadThreshold (A5: max over dimensions
//    of (allocated + assigned-not-placed) / capacity of the group), shuffled, round-robin with
//    the largest group first; none eligible: the least loaded. `perTask` spreads tasks instead.
//    A task that fits no worker of the chosen master's group (heterogeneous clusters) goes to
//    the first master whose group can hold it.
//  - A master keeps its tasks; a task enters its class queue when it is ready (the master hears
//    of it one network delay after its last parent ended), keyed P(T) - w2 x t_ready / tau: a
//    static key that ranks as P(T) + w2 x (now - t_ready) / tau (linear ageing, §2.4 note).
//  - Dispatch (§2.7, A8, A9, A16): HIGH before LOW (strict priority, W = inf). The top `window`
//    tasks of a class are packed (packing.ts packList: complementary pairs by DV, A7
//    normalisation, guard against the largest capacities); each entity in priority order goes
//    to the feasible worker of the group with the smallest unused volume (Eq. 2; ties to the
//    lowest id): HIGH tries the non-reserved workers, then the reserved; LOW only the
//    non-reserved. A pair that fits nowhere is tried as two singles. Unplaced tasks stay queued
//    (bounded backfill within the window). A master places only what fits its view of the
//    workers (resources and slots, reserved at placement and freed when the end notice arrives
//    one network delay after the task ends), so nothing waits at a worker (A11: resource-fit).
//  - Dispatches run when tasks reach a master, become ready, or resources are freed.
import {
  Scheduler, Params, nNodes, nTasks, nJobs, netDelay, jobFirstTask, jobTaskCount, jobUnlaunched, nextUnlaunchedTask,
  taskDuration, taskDemands, demandIndex, jobArrival, jobEstimate, sendBegin, sendTo, sendEnd,
  setTimer, timerKind, stream, registerCounter, count, counterValue, setCounter, resourceDims, nodeSlots, capacityOf,
  predictedIsLong,
  demandMul, demandBase, childEdgesOf, copyJobChildren,
} from "../policy";
import { Rng, STREAM_FREGATA_MASTERS } from "../toolkit/rng";
import { toI32, f64Base, i32Base, f64Get, f64Set, i32Get, i32Set, ctz32, ushr, I32Ptr, freshInt32Array, f64View } from "../toolkit/glue";
import { MinTree } from "../toolkit/mintree";
import { priorities, partition, volume } from "./packing";
import { Wfq } from "../toolkit/wfq";
import { TaskQueue, ChunkPool, ranksBefore } from "./taskbands";

const HIGH: i32 = 0;
const LOW: i32 = 1;
const FIT_EPS: f64 = 1e-9;

export class Fregata extends Scheduler {
  cutoff: f64 = 0.0;
  w1: f64 = 0.0; w2: f64; w3: f64; gamma: f64; kappa: f64;
  wcc: bool = false;
  perTask: bool = false;
  window: i32 = 0;
  packing: bool = false;
  normalize: bool = false;
  loadThreshold: f64 = 0.0;
  D: i32 = 0;
  groups: i32 = 0;
  groupStart: Int32Array = new Int32Array(0);
  nodeGroup: Int32Array = new Int32Array(nNodes);
  reserved: Uint8Array = new Uint8Array(nNodes);
  cmax: Float64Array = new Float64Array(0);
  // The masters' view of their workers (reserved at placement, freed at the end notice).
  free: Float64Array = new Float64Array(0);
  freeSlots: Int32Array = new Int32Array(nNodes);
  /** FIT_EPS x capacity per worker and dimension (the feasibility tolerance, precomputed). */
  eps: Float64Array = new Float64Array(0);
  /** free + eps per worker and dimension, kept current (the same sum the feasibility tests
   *  computed at each test: a demand fits where it is at most this). */
  room: Float64Array = new Float64Array(0);
  /** Per group: its first non-reserved worker (a group's reserved workers come first). */
  lowStart: Int32Array = new Int32Array(0);
  groupFreeSlots: Int32Array = new Int32Array(0);
  /** Free slots of each group's non-reserved workers (what LOW may use). */
  lowFreeSlots: Int32Array = new Int32Array(0);
  /** Per queue q = 2 x group + class, the state of maxFree's values for that group and class:
   *  0 stale (computed again when a fresh window entry needs them), 2 exact, 1 an upper bound
   *  (a worker holding a maximum took a task since; see mfTake). Either is a necessary
   *  condition for a placement, so the decisions are those of exact values. */
  mfValid: Uint8Array = new Uint8Array(0);
  /** Per worker: its unused volume (Eq. 2, packing.ts volume), kept current. */
  vol: Float64Array = new Float64Array(0);
  groupCap: Float64Array = new Float64Array(0);       // per group and dimension (slots in the last column)
  groupLoad: Float64Array = new Float64Array(0);      // allocated + assigned-not-placed, same layout
  lowMax: Float64Array = new Float64Array(0);         // largest non-reserved capacity per group and dimension
  allMax: Float64Array = new Float64Array(0);         // largest capacity per group and dimension
  /** lowMax and allMax x (1 + FIT_EPS): the bounds fitsGroup tests (the same products). */
  lowMaxE: Float64Array = new Float64Array(0);
  allMaxE: Float64Array = new Float64Array(0);
  /** The groups with a non-reserved worker whose lowMaxE differ from every earlier one's (a
   *  homogeneous cluster: one), in group order: lowFitsSomewhere's candidates. */
  lowDistinct: Int32Array = new Int32Array(0);
  nLowDistinct: i32 = 0;
  lowMaxSlots: Int32Array = new Int32Array(0);
  allMaxSlots: Int32Array = new Int32Array(0);
  /** Per queue q = 2 x master + class: the tasks beyond its window (taskbands.ts), in chunks
   *  of one pool. */
  heaps: TaskQueue[] = [];
  chunks: ChunkPool = new ChunkPool();
  winSize: Int32Array = new Int32Array(0);
  /** Bit masks over each queue's window positions (bit i of word i >> 5 is position i), NM
   *  masks of WW = ceil(K / 32) words per queue, at (q x NM + m) x WW, kept in step with the
   *  window's order (an entry's bits move with it; no bit at or beyond winSize):
   *   - m = 0, known: the task could not be placed at its last check (the scan's result is then
   *     known until a worker of its group frees resources: see dispatchClass);
   *   - m = 1 + b (b <= D): the entry's kmin bucket (poolBkt) is b;
   *   - m = domBase + d (d < D): the entry's dominant resource for pairing (poolDom) is d. With
   *     A7's normalisation that is the bucket's resource (poolBkt = 1 + poolDom), so these are
   *     the bucket masks 2 .. D + 1 (domBase = 2, NM = D + 2); raw demands have their own
   *     (domBase = D + 2, NM = 2 D + 2). Without packing no partner is searched.
   *  The scan visits only the entries that can be placed (fresh ones, and known ones whose
   *  bucket the released worker can hold) and the partner search only the candidates of
   *  another dominant resource, in window order, by their bits. */
  wm: Int32Array = new Int32Array(0);
  NM: i32 = 0;
  WW: i32 = 0;
  domBase: i32 = 0;
  /** Scan scratch (WW words each): entries taken (placed, or taken as a partner), entries
   *  placed (to leave the window), known entries whose bucket the released worker can hold. */
  takenW: Int32Array = new Int32Array(0);
  goneW: Int32Array = new Int32Array(0);
  okW: Int32Array = new Int32Array(0);
  /** Per window position (q x K + i, in key order): the entry's slot in the queue's pool
   *  (below), which holds its task and key: the window's order is this array alone. */
  winSlot: Int32Array = new Int32Array(0);
  // The window entries' data a scan reads, in a pool of `window` slots per queue (slot s of
  // queue q at q x K + s), filled when a task enters the window and left in place while the
  // entry moves: the scan reads these few lines instead of per-task columns all over memory.
  /** Demand per dimension, and as packing sees it (normDemand: / C'_k with A7, else raw). */
  poolDem: Float64Array = new Float64Array(0);
  poolNorm: Float64Array = new Float64Array(0);
  /** The dominant resource (packing.ts dominant; -1: none, or packing off). */
  poolDom: Int32Array = new Int32Array(0);
  /** The task may use reserved workers (anyTier: a HIGH task, or a LOW one that no group's
   *  non-reserved workers can hold; see assign). */
  poolAny: Int32Array = new Int32Array(0);
  /** The task, its queue key and its job. */
  poolTask: Int32Array = new Int32Array(0);
  poolKey: Float64Array = new Float64Array(0);
  poolJob: Int32Array = new Int32Array(0);
  /** The entry's bucket for kmin: 1 + its dominant resource (normalised), 0 with none. */
  poolBkt: Int32Array = new Int32Array(0);
  /** Per queue and bucket (D + 1 buckets of D values at (q x (D + 1) + b) x D): a lower bound
   *  of the demand per dimension over the queue's known entries in that bucket (their minimum,
   *  or less: entries that left still count until the bounds are rebuilt, after half of
   *  the window's worth of known entries left, kminLeft[q]; amortised O(D) per entry). A released
   *  worker that cannot hold a bucket's bound in some dimension cannot hold any of its entries,
   *  so their exact checks are skipped (speed only: the decisions are the exact checks'). */
  kmin: Float64Array = new Float64Array(0);
  kminLeft: Int32Array = new Int32Array(0);
  /** The dimensions whose demand differs between tasks (jobs.ts demandMul != 0), in order. A
   *  dimension with one value x for every task (disk and bandwidth in `aviary gen fregata`'s
   *  workloads) gives every pair the same term in DV (0) and in the guard (x + x against C'),
   *  every bucket with known entries the bound x (kmin: set once, at start), and so a known
   *  entry in okW fits gain there: the scan's loops run over these dimensions only (speed
   *  only: the same doubles decide). */
  vary: Int32Array = new Int32Array(0);
  nVary: i32 = 0;
  /** Every constant dimension holds two tasks (x + x <= C'): the guard's answer there. */
  pairConst: bool = true;
  /** Free pool slots of each queue: a stack of poolFreeN[q] slots at q x K. */
  poolFree: Int32Array = new Int32Array(0);
  poolFreeN: Int32Array = new Int32Array(0);
  /** Per queue (D + 1 values at q x (D + 1)): the largest free amount per dimension (plus the
   *  feasibility tolerance) and the most free slots over the workers the class may use. */
  maxFree: Float64Array = new Float64Array(0);
  /** Per queue: window entries not known to be unplaceable (winKnown 0, or LOW and anyTier),
   *  kept current. */
  nFresh: Int32Array = new Int32Array(0);
  // Per task, for the tasks with parents only (written at the job's arrival, read when the task
  // is ready: enqueue). A job's sources (no parents: its first level in `aviary gen fregata`'s
  // DAGs, ~45 % of the tasks) are enqueued at its arrival from the per-job scratch, so their
  // entries are never written; the columns are not zero-filled (glue.ts freshInt32Array), so
  // their pages are never touched (a fresh page costs ~20 us of CPU on a VM).
  taskMaster: Int32Array = freshInt32Array(nTasks);
  prio: Float64Array = f64View(freshInt32Array(2 * nTasks));
  jobLow: Uint8Array = new Uint8Array(nJobs);
  rng: Rng = stream(STREAM_FREGATA_MASTERS);
  // Per-job scratch (grown to the largest job).
  cap: i32 = 0;
  kidOff: Int32Array = new Int32Array(1);
  kids: Int32Array = new Int32Array(0);
  parOff: Int32Array = new Int32Array(1);
  pars: Int32Array = new Int32Array(0);
  indeg: Int32Array = new Int32Array(0);
  topo: Int32Array = new Int32Array(0);
  rev: Int32Array = new Int32Array(0);
  tail: Float64Array = new Float64Array(0);
  base: Float64Array = new Float64Array(0);
  pj: Float64Array = new Float64Array(0);
  isSource: Int32Array = new Int32Array(0);
  /** Per local task: its master (assign's answer; copied to taskMaster unless a source). */
  lmaster: Int32Array = new Int32Array(0);
  group: Int32Array = new Int32Array(0);
  stack: Int32Array = new Int32Array(0);
  gsize: Int32Array = new Int32Array(0);
  gorder: Int32Array = new Int32Array(0);
  gmaster: Int32Array = new Int32Array(0);
  cnt: Int32Array = new Int32Array(0);
  eligible: Int32Array = new Int32Array(0);
  rr: i32 = 0;
  /** Each master's load (A5), kept current: the least loaded in O(1). */
  loads: MinTree = new MinTree(1);
  /** Masters whose load changed at a release since the tree was last brought up to date: the
   *  tree is read only when a job arrives (nextMaster), and its state is a function of its
   *  values, so the releases' updates wait for that (one per master instead of one per task). */
  loadDirty: Uint8Array = new Uint8Array(0);
  dirtyList: Int32Array = new Int32Array(0);
  nDirty: i32 = 0;
  // Window scratch.
  dem: Float64Array = new Float64Array(0);
  /** assign's copy of a task's demand (read once per task at its job's arrival). */
  adem: Float64Array = new Float64Array(0);
  touched: Int32Array = new Int32Array(0);
  touchMark: Int32Array = new Int32Array(0);
  touchStamp: i32 = 0;
  arriveKind: i32 = 0;
  readyKind: i32 = 0;
  releaseKind: i32 = 0;
  cPairs: i32 = registerCounter("packedPairs");
  cReserved: i32 = registerCounter("reservedDispatches");
  cFallback: i32 = registerCounter("masterFallbacks");
  cMaxQueue: i32 = registerCounter("maxMasterQueue");
  cBackfill: i32 = registerCounter("backfills");
  /** Strict priority (W = inf), or WFQ(W) at each master (Pigeon's rule, wfq.ts). */
  strict: bool = true;
  wfq: Wfq[] = [];
  cLowTurns: i32 = 0;

  constructor(cutoff: f64, w1: f64, w2: f64, w3: f64, gamma: f64, kappa: f64, wcc: bool, perTask: bool, window: i32,
              maxPack: i32, normalize: bool, loadThreshold: f64, groupSize: i32, reservedPercent: f64, weight: f64) {
    super();
    this.strict = weight == Infinity;
    // (registered only with WFQ: a strict run's counters stay those of earlier versions)
    if (!this.strict) this.cLowTurns = registerCounter("wfqLowTurns");
    this.dagAware = true;
    // (the parents' counts and lists come from the child lists, in arrive: the engine reuses the
    // parent columns' memory for its own per-task state, dag.ts buildDag)
    this.readsParents = false;
    this.cutoff = cutoff;
    this.w1 = w1; this.w2 = w2; this.w3 = w3; this.gamma = gamma; this.kappa = kappa;
    this.wcc = wcc;
    this.perTask = perTask;
    this.window = window;
    this.packing = maxPack >= 2;
    this.normalize = normalize;
    this.loadThreshold = loadThreshold;
    const D = resourceDims();
    this.D = D;
    const W = D + 1; // dimensions, then slots
    let G = toI32(Math.floor(<f64>(2 * nNodes + groupSize) / <f64>(2 * groupSize)));
    if (G < 1) G = 1;
    if (G > nNodes) G = nNodes;
    this.groups = G;
    this.groupStart = new Int32Array(G + 1);
    const base = toI32(<f64>nNodes / <f64>G);
    const extra = nNodes % G;
    for (let g = 0; g < G; g++) this.groupStart[g + 1] = this.groupStart[g] + base + (g < extra ? 1 : 0);
    this.cmax = new Float64Array(D);
    // C'_k (§2.6) from the capacities (the engine's own maxima are built after the policy).
    for (let n = 0; n < nNodes; n++) for (let d = 0; d < D; d++) if (capacityOf(n, d) > this.cmax[d]) this.cmax[d] = capacityOf(n, d);
    this.free = new Float64Array(nNodes * D);
    this.eps = new Float64Array(nNodes * D);
    this.room = new Float64Array(nNodes * D);
    this.lowStart = new Int32Array(G);
    this.groupFreeSlots = new Int32Array(G);
    this.lowFreeSlots = new Int32Array(G);
    this.groupCap = new Float64Array(G * W);
    this.groupLoad = new Float64Array(G * W);
    this.lowMax = new Float64Array(G * D);
    this.allMax = new Float64Array(G * D);
    this.lowMaxSlots = new Int32Array(G);
    this.allMaxSlots = new Int32Array(G);
    for (let g = 0; g < G; g++) {
      const s = this.groupStart[g];
      const size = this.groupStart[g + 1] - s;
      // Reserved workers (A16): ceil(rho x size), at least 1, leaving at least one ordinary worker.
      let r = toI32(Math.ceil(reservedPercent * <f64>size / 100.0 - 1e-9));
      if (reservedPercent > 0.0 && r < 1) r = 1;
      if (r > size - 1) r = size - 1;
      this.lowStart[g] = s + r;
      for (let n = s; n < s + size; n++) {
        this.nodeGroup[n] = g;
        this.reserved[n] = n < s + r ? 1 : 0;
        const slots = nodeSlots(n);
        this.freeSlots[n] = slots;
        this.groupFreeSlots[g] += slots;
        if (this.reserved[n] == 0) this.lowFreeSlots[g] += slots;
        this.groupCap[g * W + D] += <f64>slots;
        if (slots > this.allMaxSlots[g]) this.allMaxSlots[g] = slots;
        if (this.reserved[n] == 0 && slots > this.lowMaxSlots[g]) this.lowMaxSlots[g] = slots;
        for (let d = 0; d < D; d++) {
          const c = capacityOf(n, d);
          this.free[n * D + d] = c;
          this.eps[n * D + d] = FIT_EPS * c;
          this.room[n * D + d] = c + this.eps[n * D + d];
          this.groupCap[g * W + d] += c;
          if (c > this.allMax[g * D + d]) this.allMax[g * D + d] = c;
          if (this.reserved[n] == 0 && c > this.lowMax[g * D + d]) this.lowMax[g * D + d] = c;
        }
      }
      this.heaps.push(new TaskQueue(this.chunks));
      this.heaps.push(new TaskQueue(this.chunks));
      this.wfq.push(new Wfq(2).setWeight(LOW, weight));
    }
    this.lowMaxE = new Float64Array(G * D);
    this.allMaxE = new Float64Array(G * D);
    for (let k = 0; k < G * D; k++) {
      this.lowMaxE[k] = this.lowMax[k] * (1.0 + FIT_EPS);
      this.allMaxE[k] = this.allMax[k] * (1.0 + FIT_EPS);
    }
    this.lowDistinct = new Int32Array(G);
    for (let g = 0; g < G; g++) {
      if (this.lowMaxSlots[g] < 1) continue;
      let seen = false;
      for (let i = 0; i < this.nLowDistinct && !seen; i++) {
        const h = this.lowDistinct[i];
        let same = true;
        for (let d = 0; d < D; d++) if (this.lowMaxE[h * D + d] != this.lowMaxE[g * D + d]) same = false;
        seen = same;
      }
      if (!seen) this.lowDistinct[this.nLowDistinct++] = g;
    }
    this.eligible = new Int32Array(G);
    this.loads = new MinTree(G);
    this.loadDirty = new Uint8Array(G);
    this.dirtyList = new Int32Array(G);
    this.touched = new Int32Array(G);
    this.touchMark = new Int32Array(G);
    const K = window;
    this.winSize = new Int32Array(2 * G);
    this.domBase = normalize ? 2 : D + 2;
    this.NM = normalize ? D + 2 : 2 * D + 2;
    this.WW = (K + 31) >> 5;
    this.wm = new Int32Array(2 * G * this.NM * this.WW);
    this.takenW = new Int32Array(this.WW);
    this.goneW = new Int32Array(this.WW);
    this.okW = new Int32Array(this.WW);
    this.winSlot = new Int32Array(2 * G * K);
    this.poolDem = new Float64Array(2 * G * K * D);
    this.poolNorm = new Float64Array(2 * G * K * D);
    this.poolDom = new Int32Array(2 * G * K);
    this.poolAny = new Int32Array(2 * G * K);
    this.poolTask = new Int32Array(2 * G * K);
    this.poolKey = new Float64Array(2 * G * K);
    this.poolJob = new Int32Array(2 * G * K);
    this.poolBkt = new Int32Array(2 * G * K);
    this.kmin = new Float64Array(2 * G * (D + 1) * D);
    this.kmin.fill(Infinity);
    this.vary = new Int32Array(D);
    for (let d = 0; d < D; d++) if (demandMul[d] != 0) this.vary[this.nVary++] = d;
    this.kminLeft = new Int32Array(2 * G);
    this.poolFree = new Int32Array(2 * G * K);
    this.poolFreeN = new Int32Array(2 * G);
    for (let q = 0; q < 2 * G; q++) {
      for (let k = 0; k < K; k++) this.poolFree[q * K + k] = K - 1 - k;
      this.poolFreeN[q] = K;
    }
    this.maxFree = new Float64Array(2 * G * (D + 1));
    this.mfValid = new Uint8Array(2 * G);
    this.nFresh = new Int32Array(2 * G);
    this.vol = new Float64Array(nNodes);
    for (let n = 0; n < nNodes; n++) this.vol[n] = volume(this.free, n * D, this.cmax, D);
    this.dem = new Float64Array(D > 0 ? D : 1);
    this.adem = new Float64Array(D > 0 ? D : 1);
    this.arriveKind = timerKind(this);
    this.readyKind = timerKind(this);
    this.releaseKind = timerKind(this);
  }

  start(): void {
    // (the constant dimensions' values are in from the first batch of jobs on: jobs.ts
    // packDemandStage; a bucket without known entries is never read, computeOk)
    const D = this.D;
    for (let d = 0; d < D; d++) {
      if (demandMul[d] != 0) continue;
      const x = taskDemands[demandBase[d]];
      if (x + x > this.cmax[d]) this.pairConst = false;
      for (let k = d; k < this.kmin.length; k += D) this.kmin[k] = x;
    }
  }

  onJobsAdded(from: i32, to: i32): void {
    for (let j = from; j < to; j++) this.jobLow[j] = predictedIsLong(j, jobEstimate[j] > this.cutoff) ? 1 : 0;
  }

  onJobArrival(job: i32, now: f64): void { setTimer(now + netDelay, this.arriveKind, job, 0); }

  onTasksReady(job: i32, n: i32, now: f64): void {
    // (the job rides with the task: no task -> job column is built)
    for (let i = 0; i < n; i++) setTimer(now + netDelay, this.readyKind, nextUnlaunchedTask(job), job);
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void { setTimer(now + netDelay, this.releaseKind, task, node); }

  onTimer(kind: i32, a: i32, b: i32, now: f64): void {
    if (kind == this.releaseKind) this.release(a, b, now);
    else if (kind == this.readyKind) {
      // (a task with parents: its master and priority are in the columns)
      const g = this.taskMaster[a];
      this.enqueue(a, b, now, g, this.prio[a]);
      this.dispatch(g, now, -1);
    } else this.arrive(a, now);
  }

  // ---- a job reaches the masters ----
  grow(n: i32): void {
    if (n <= this.cap) return;
    let c = this.cap > 0 ? this.cap : 16;
    while (c < n) c *= 2;
    this.cap = c;
    this.kidOff = new Int32Array(c + 1);
    this.parOff = new Int32Array(c + 1);
    this.indeg = new Int32Array(c);
    this.topo = new Int32Array(c);
    this.rev = new Int32Array(c);
    this.tail = new Float64Array(c);
    this.base = new Float64Array(c);
    this.pj = new Float64Array(c);
    this.isSource = new Int32Array(c);
    this.lmaster = new Int32Array(c);
    this.group = new Int32Array(c);
    this.stack = new Int32Array(c);
    this.gsize = new Int32Array(c);
    this.gorder = new Int32Array(c);
    this.cnt = new Int32Array(c + 2);
    this.gmaster = new Int32Array(c + 1);
  }

  arrive(job: i32, now: f64): void {
    // (the masters' loads as the releases left them, before this job's groups are assigned)
    for (let i = 0; i < this.nDirty; i++) {
      const m = this.dirtyList[i];
      this.loadDirty[m] = 0;
      this.loads.set(m, this.load(m));
    }
    this.nDirty = 0;
    const f = jobFirstTask[job];
    const n = jobTaskCount(job);
    this.grow(n);
    // Local child lists, and each task's parent count from them (the same edges: dag.ts builds
    // the child lists from the parent lists).
    const edges = childEdgesOf(f, n);
    if (this.kids.length < edges) this.kids = new Int32Array(edges * 2);
    if (this.wcc && this.pars.length < edges) this.pars = new Int32Array(edges * 2);
    const kidOff = this.kidOff;
    const parOff = this.parOff;
    const kids = this.kids;
    const indeg = this.indeg;
    copyJobChildren(f, n, kidOff, kids, indeg);
    for (let t = 0; t < n; t++) this.isSource[t] = indeg[t] == 0 ? 1 : 0;
    if (this.wcc) {
      // The parent lists, for partition's components (parents in increasing order: the trace's
      // order may differ, but a component and its number — its lowest task's turn — do not
      // depend on the order of a traversal).
      parOff[0] = 0;
      for (let t = 0; t < n; t++) parOff[t + 1] = parOff[t] + indeg[t];
      for (let t = 0; t < n; t++) this.stack[t] = parOff[t];
      for (let t = 0; t < n; t++) {
        for (let e = kidOff[t]; e < kidOff[t + 1]; e++) {
          const c = kids[e];
          this.pars[this.stack[c]] = t;
          this.stack[c] = this.stack[c] + 1;
        }
      }
    }
    // Kahn's topological order (FIFO, sources in index order).
    // (the per-task loops through raw pointers: V8 reloads a typed array's data pointer after
    // every store; none of these arrays is reallocated below)
    const ko = i32Base(kidOff);
    const kp = i32Base(this.kids);
    const dg = i32Base(this.indeg);
    const tp = i32Base(this.topo);
    const rv = i32Base(this.rev);
    const tl = f64Base(this.tail);
    const bs = f64Base(this.base);
    const dur = f64Base(taskDuration);
    let head = 0;
    let tailI = 0;
    for (let t = 0; t < n; t++) if (i32Get(dg, t) == 0) i32Set(tp, tailI++, t);
    while (head < tailI) {
      const t = i32Get(tp, head++);
      const e1 = i32Get(ko, t + 1);
      for (let e = i32Get(ko, t); e < e1; e++) {
        const c = i32Get(kp, e);
        const k = i32Get(dg, c) - 1;
        i32Set(dg, c, k);
        if (k == 0) i32Set(tp, tailI++, c);
      }
    }
    // Tails and the critical path (reverse topological order).
    let cp = 0.0;
    for (let i = n - 1; i >= 0; i--) {
      const t = i32Get(tp, i);
      i32Set(rv, n - 1 - i, t);
      let m = 0.0;
      const e1 = i32Get(ko, t + 1);
      for (let e = i32Get(ko, t); e < e1; e++) { const x = f64Get(tl, i32Get(kp, e)); if (x > m) m = x; }
      const x = f64Get(dur, f + t) + m;
      f64Set(tl, t, x);
      if (x > cp) cp = x;
    }
    // §2.4 base at submission (t_w = 0) and the recursion.
    const tau = this.cutoff > 0.0 ? this.cutoff : 1.0;
    const kappa = this.kappa;
    const w1 = this.w1;
    const w3 = this.w3;
    for (let t = 0; t < n; t++) {
      const rem = sat(f64Get(dur, f + t) / tau);
      let aw = kappa * cp - f64Get(tl, t);
      if (aw < 0.0) aw = 0.0;
      f64Set(bs, t, w1 * (1.0 - rem) + w3 * (1.0 - sat(aw / tau)));
    }
    priorities(n, this.rev, kidOff, this.kids, this.base, this.gamma, this.pj);
    // Algorithm 1 and the masters (A4): the masters in a random order (shuffled per job); each
    // group in turn (largest first) goes to the next master in that order whose load is below
    // the threshold, or, when none is, to the least loaded one — loads counting the groups
    // assigned so far, so a job's groups spread even when every master is loaded.
    const low = this.jobLow[job] != 0;
    const G = this.groups;
    for (let g = 0; g < G; g++) this.eligible[g] = g;
    this.rng.shuffle(this.eligible, G); // (i = G - 1 .. 1: swap with nextInt(i + 1))
    this.rr = 0;
    if (this.perTask) {
      for (let i = 0; i < n; i++) {
        const t = this.topo[i];
        const m = this.nextMaster();
        const a = this.assign(f + t, m, low);
        this.lmaster[t] = a;
        this.loads.set(a, this.load(a));
      }
    } else {
      const ng = partition(n, this.topo, kidOff, this.kids, this.tail, this.isSource, this.wcc, this.group, parOff,
        this.pars, this.stack);
      for (let g = 0; g < ng; g++) this.gsize[g] = 0;
      for (let t = 0; t < n; t++) this.gsize[this.group[t]] = this.gsize[this.group[t]] + 1;
      // Largest group first (ties: the group found first); each group's tasks in index order.
      sortBySizeDesc(this.gorder, this.gsize, ng, this.cnt);
      // Tasks by group: a counting pass (stack = tasks ordered by group, gmaster = group starts).
      for (let g = 0; g <= ng; g++) this.gmaster[g] = 0;
      for (let t = 0; t < n; t++) this.gmaster[this.group[t] + 1]++;
      for (let g = 0; g < ng; g++) this.gmaster[g + 1] += this.gmaster[g];
      for (let t = 0; t < n; t++) { const g = this.group[t]; this.stack[this.gmaster[g]] = t; this.gmaster[g]++; }
      for (let g = ng; g > 0; g--) this.gmaster[g] = this.gmaster[g - 1];
      this.gmaster[0] = 0;
      for (let i = 0; i < ng; i++) {
        const g = this.gorder[i];
        const m = this.nextMaster();
        // (the loads are read only by nextMaster: each master's load is updated once per group,
        // after its tasks, to the value the last of them would have set — the tree's state is a
        // function of its values)
        let other = false;
        for (let k = this.gmaster[g]; k < this.gmaster[g + 1]; k++) {
          const t = this.stack[k];
          const a = this.assign(f + t, m, low);
          this.lmaster[t] = a;
          if (a != m) other = true;
        }
        this.loads.set(m, this.load(m));
        if (other) for (let h = 0; h < G; h++) if (h != m) this.loads.set(h, this.load(h));
      }
    }
    // The tasks with parents keep their master and priority until they are ready.
    const isSource = this.isSource;
    const lmaster = this.lmaster;
    const pj = this.pj;
    for (let t = 0; t < n; t++) {
      if (isSource[t] != 0) continue;
      this.taskMaster[f + t] = lmaster[t];
      this.prio[f + t] = pj[t];
    }
    // The ready tasks (those without parents) enter their masters' queues.
    const ready = jobUnlaunched(job);
    this.touchStamp++;
    let nt = 0;
    for (let i = 0; i < ready; i++) {
      const t = nextUnlaunchedTask(job);
      const g = lmaster[t - f];
      this.enqueue(t, job, now, g, pj[t - f]);
      if (this.touchMark[g] != this.touchStamp) { this.touchMark[g] = this.touchStamp; this.touched[nt++] = g; }
    }
    for (let i = 0; i < nt; i++) this.dispatch(this.touched[i], now, -1);
  }

  /** The next master for a group (A4): from the round-robin pointer over this job's shuffled
   *  order, the first below the load threshold; else the least loaded (ties: the lowest id). */
  nextMaster(): i32 {
    const G = this.groups;
    const loads = this.loads;
    if (loads.minValue() < this.loadThreshold) {
      for (let k = 0; k < G; k++) {
        const m = this.eligible[(this.rr + k) % G];
        if (loads.get(m) < this.loadThreshold) {
          this.rr = (this.rr + k + 1) % G;
          return m;
        }
      }
    }
    count(this.cFallback, 1.0);
    return loads.minIndex();
  }

  /** Master load (A5): max over dimensions (and slots) of (allocated + assigned) / capacity. */
  load(g: i32): f64 {
    const W = this.D + 1;
    let m = 0.0;
    for (let d = 0; d < W; d++) {
      const c = this.groupCap[g * W + d];
      if (c > 0.0) {
        const x = this.groupLoad[g * W + d] / c;
        if (x > m) m = x;
      }
    }
    return m;
  }

  /** Whether the demand in `adem` (assign's task) fits the largest worker of g's tier. */
  fitsGroup(g: i32, wide: bool): bool {
    const D = this.D;
    const mx = f64Base(wide ? this.allMaxE : this.lowMaxE);
    if ((wide ? this.allMaxSlots[g] : this.lowMaxSlots[g]) < 1) return false;
    const dem = f64Base(this.adem);
    for (let d = 0; d < D; d++) if (f64Get(dem, d) > f64Get(mx, g * D + d)) return false;
    return true;
  }

  /** Assigns `task` to master g (or, if it cannot hold it, another: returned) and adds it to
   *  that master's load sums (the caller updates `loads`). */
  assign(task: i32, g: i32, low: bool): i32 {
    // A task that no worker of g's tier can hold goes to the first group that can (heterogeneous
    // clusters); a task only a reserved worker can hold may use reserved workers.
    // (the task's demand, read once: taskDemand's doubles)
    const D = this.D;
    const dem = f64Base(this.adem);
    const td = f64Base(taskDemands);
    for (let d = 0; d < D; d++) f64Set(dem, d, f64Get(td, demandIndex(task, d)));
    let m = g;
    let wide = !low;
    if (!this.fitsGroup(m, wide)) {
      m = -1;
      for (let h = 0; h < this.groups && m < 0; h++) if (this.fitsGroup(h, wide)) m = h;
      if (m < 0) {
        wide = true;
        for (let h = 0; h < this.groups && m < 0; h++) if (this.fitsGroup(h, true)) m = h;
        if (m < 0) m = g; // (the host refuses such a trace: a demand no worker can hold)
      }
    }
    // (wide is the task's anyTier: !low, or no group's non-reserved workers can hold it — what
    // takeSlot finds again from the demands, instead of a byte per task kept from here)
    const W = D + 1;
    const gl = f64Base(this.groupLoad);
    for (let d = 0; d < D; d++) f64Set(gl, m * W + d, f64Get(gl, m * W + d) + f64Get(dem, d));
    f64Set(gl, m * W + D, f64Get(gl, m * W + D) + 1.0);
    return m;
  }

  /** `a` ranks before `b` in a queue: higher key, then the lower task index. */
  static before(ka: f64, ta: i32, kb: f64, tb: i32): bool { return ranksBefore(ka, ta, kb, tb); }

  /** `task` (of `job`, with master g and priority P(T) `prio`) is ready at its master. Queue
   *  q = 2 x master + class: its top `window` tasks in order in the window (persistent), the rest
   *  in heaps[q]; the window is full whenever the heap is not. */
  enqueue(task: i32, job: i32, now: f64, g: i32, prio: f64): void {
    const tau = this.cutoff > 0.0 ? this.cutoff : 1.0;
    const q = 2 * g + this.jobLow[job];
    const key = prio - this.w2 * now / tau;
    const K = this.window;
    const base = q * K;
    let n = this.winSize[q];
    if (n == K) {
      // Full: the task enters the window only if it ranks before the window's last.
      const ls = q * K + this.winSlot[base + K - 1];
      const lt = this.poolTask[ls];
      const lk = this.poolKey[ls];
      if (!Fregata.before(key, task, lk, lt)) {
        this.heaps[q].push(task, key, job);
        this.noteQueue(g);
        return;
      }
      this.heaps[q].push(lt, lk, this.poolJob[ls]);
      if (this.isFresh(q, base + K - 1)) this.nFresh[q]--;
      else this.kminLeft[q]++;
      this.freeSlot(q, this.winSlot[base + K - 1]);
      this.clearPos(q, K - 1);
      n = K - 1;
    }
    let i = n;
    while (i > 0) {
      const s = this.winSlot[base + i - 1];
      if (!Fregata.before(key, task, this.poolKey[base + s], this.poolTask[base + s])) break;
      this.winSlot[base + i] = s;
      i--;
    }
    if (i < n) this.insertPos(q, i);
    this.winSlot[base + i] = this.takeSlot(q, task, key, job, i);
    this.nFresh[q]++;
    this.winSize[q] = n + 1;
    this.noteQueue(g);
  }

  /** A pool slot of queue q for `task` entering the window at position `pos` (its mask bits
   *  there are clear), filled with the task's data; sets the entry's bits. */
  takeSlot(q: i32, task: i32, key: f64, job: i32, pos: i32): i32 {
    const K = this.window;
    const n = this.poolFreeN[q] - 1;
    this.poolFreeN[q] = n;
    const s = this.poolFree[q * K + n];
    const e = q * K + s;
    const D = this.D;
    // One pass: the demands, as packing sees them, and both dominant resources (packing.ts
    // dominant: argmax, ties to the lowest dimension, -1 when all are 0) — of the normalised
    // demands (normDemand with A7) and of the raw ones — from the same quotients.
    const dem = f64Base(taskDemands);
    const cmax = f64Base(this.cmax);
    const pd = f64Base(this.poolDem);
    const pn = f64Base(this.poolNorm);
    let domN = -1;
    let bestN = 0.0;
    let domR = -1;
    let bestR = 0.0;
    for (let d = 0; d < D; d++) {
      const x = f64Get(dem, demandIndex(task, d));
      const c = f64Get(cmax, d);
      const v = c > 0.0 ? x / c : 0.0;
      f64Set(pd, e * D + d, x);
      f64Set(pn, e * D + d, this.normalize ? v : x);
      if (v > bestN) { bestN = v; domN = d; }
      if (x > bestR) { bestR = x; domR = d; }
    }
    // (A7: each task's dominant resource, as packList computes it)
    const pdom = this.packing && D > 0 ? (this.normalize ? domN : domR) : -1;
    this.poolDom[e] = pdom;
    this.poolAny[e] = (q & 1) == HIGH || !this.lowFitsSomewhere(e) ? 1 : 0;
    this.poolTask[e] = task;
    this.poolKey[e] = key;
    this.poolJob[e] = job;
    const bkt = D > 0 ? 1 + domN : 0;
    this.poolBkt[e] = bkt;
    // (its bits: not known; its bucket; its dominant resource for pairing, unless that is the
    // bucket's)
    const wm = i32Base(this.wm);
    const o = q * this.NM * this.WW + (pos >> 5);
    const bit = 1 << (pos & 31);
    const y = o + (1 + bkt) * this.WW;
    i32Set(wm, y, i32Get(wm, y) | bit);
    if (pdom >= 0 && !this.normalize) { const x = o + (this.domBase + pdom) * this.WW; i32Set(wm, x, i32Get(wm, x) | bit); }
    return s;
  }

  // ---- the window's bit masks (see wm) ----
  /** Clears every mask's bit at position `pos` of queue q (the window's last entry leaves). */
  clearPos(q: i32, pos: i32): void {
    const wm = i32Base(this.wm);
    const WW = this.WW;
    const keep = ~(1 << (pos & 31));
    let x = q * this.NM * WW + (pos >> 5);
    for (let m = 0; m < this.NM; m++) { i32Set(wm, x, i32Get(wm, x) & keep); x += WW; }
  }

  /** Moves every mask's bits at positions >= `pos` of queue q up by one (an entry is inserted
   *  at pos: its bits are left clear). The top position is free (no bit beyond the window). */
  insertPos(q: i32, pos: i32): void {
    const wm = i32Base(this.wm);
    const WW = this.WW;
    const w0 = pos >> 5;
    const low = ~(-1 << (pos & 31));
    let o = q * this.NM * WW;
    if (WW == 1) {
      // (K <= 32, the default: one word per mask)
      for (let m = 0; m < this.NM; m++) { const x = i32Get(wm, o + m); i32Set(wm, o + m, (x & low) | ((x & ~low) << 1)); }
      return;
    }
    for (let m = 0; m < this.NM; m++) {
      for (let k = WW - 1; k > w0; k--) i32Set(wm, o + k, (i32Get(wm, o + k) << 1) | ushr(i32Get(wm, o + k - 1), 31));
      const x = i32Get(wm, o + w0);
      i32Set(wm, o + w0, (x & low) | ((x & ~low) << 1));
      o += WW;
    }
  }

  /** Removes position `pos` from every mask of queue q: the bits above move down by one. */
  removePos(q: i32, pos: i32): void {
    const wm = i32Base(this.wm);
    const WW = this.WW;
    const w0 = pos >> 5;
    const low = ~(-1 << (pos & 31));
    let o = q * this.NM * WW;
    if (WW == 1) {
      for (let m = 0; m < this.NM; m++) { const x = i32Get(wm, o + m); i32Set(wm, o + m, (x & low) | (ushr(x, 1) & ~low)); }
      return;
    }
    for (let m = 0; m < this.NM; m++) {
      const x = i32Get(wm, o + w0);
      let y = (x & low) | (ushr(x, 1) & ~low);
      for (let k = w0 + 1; k < WW; k++) {
        const z = i32Get(wm, o + k);
        i32Set(wm, o + k - 1, y | (z << 31));
        y = ushr(z, 1);
      }
      i32Set(wm, o + WW - 1, y);
      o += WW;
    }
  }

  /** Positions below `w` in word k of a mask. */
  validWord(k: i32, w: i32): i32 {
    const r = w - (k << 5);
    return r >= 32 ? -1 : r <= 0 ? 0 : ~(-1 << r);
  }

  /** Queue q's known entries that `gain` might hold, into okW: those of the kmin buckets whose
   *  bound (kmin) fits gain's room in every dimension (a known entry of another bucket cannot
   *  fit it: its demand is at least the bound); every known entry with no dimensions. Returns
   *  whether there is any. */
  computeOk(q: i32, gain: i32): bool {
    const WW = this.WW;
    const D = this.D;
    const wm = i32Base(this.wm);
    const ok = i32Base(this.okW);
    const ko = q * this.NM * WW;
    if (WW == 1) {
      // (K <= 32, the default: one word per mask)
      const known = i32Get(wm, ko);
      let okm = D == 0 ? known : 0;
      if (known != 0 && D > 0) {
        const kmin = f64Base(this.kmin);
        const room = f64Base(this.room);
        const o = q * (D + 1) * D;
        const go = gain * D;
        for (let b = 0; b <= D; b++) {
          const m = known & i32Get(wm, ko + 1 + b);
          if (m == 0) continue;
          let fits = true;
          for (let d = 0; d < D; d++) {
            if (f64Get(kmin, o + b * D + d) > f64Get(room, go + d)) { fits = false; break; }
          }
          if (fits) okm |= m;
        }
      }
      i32Set(ok, 0, okm);
      return okm != 0;
    }
    let any = 0;
    if (D == 0) {
      for (let k = 0; k < WW; k++) { const x = i32Get(wm, ko + k); i32Set(ok, k, x); any |= x; }
      return any != 0;
    }
    for (let k = 0; k < WW; k++) i32Set(ok, k, 0);
    const kmin = f64Base(this.kmin);
    const room = f64Base(this.room);
    const o = q * (D + 1) * D;
    const go = gain * D;
    for (let b = 0; b <= D; b++) {
      const bo = ko + (1 + b) * WW;
      let present = 0;
      for (let k = 0; k < WW; k++) present |= i32Get(wm, ko + k) & i32Get(wm, bo + k);
      if (present == 0) continue;
      let fits = true;
      for (let d = 0; d < D; d++) {
        if (f64Get(kmin, o + b * D + d) > f64Get(room, go + d)) { fits = false; break; }
      }
      if (!fits) continue;
      for (let k = 0; k < WW; k++) i32Set(ok, k, i32Get(ok, k) | (i32Get(wm, ko + k) & i32Get(wm, bo + k)));
      any = 1;
    }
    return any != 0;
  }

  /** The scan's next entry of queue q at or after `from` (below w) that is not taken and is
   *  fresh, or known with its bucket in okW (unless skipKnown); w when none. */
  nextCand(q: i32, from: i32, w: i32, skipKnown: bool): i32 {
    const WW = this.WW;
    const wm = i32Base(this.wm);
    const taken = i32Base(this.takenW);
    const ok = i32Base(this.okW);
    const ko = q * this.NM * WW;
    if (WW == 1) {
      if (from >= w) return w;
      const known = i32Get(wm, ko);
      let sel = ~known;
      if (!skipKnown) sel |= known & i32Get(ok, 0);
      const bits = sel & ~i32Get(taken, 0) & this.validWord(0, w) & (-1 << from);
      return bits != 0 ? ctz32(bits) : w;
    }
    for (let k = from >> 5; (k << 5) < w; k++) {
      const known = i32Get(wm, ko + k);
      let sel = ~known;
      if (!skipKnown) sel |= known & i32Get(ok, k);
      let bits = sel & ~i32Get(taken, k) & this.validWord(k, w);
      if (k == from >> 5) bits &= -1 << (from & 31);
      if (bits != 0) return (k << 5) + ctz32(bits);
    }
    return w;
  }

  /** Whether an entry before position i was not taken (it was checked and could not be placed:
   *  the scan's "a task before failed", for the backfill count). */
  failedBefore(i: i32): bool {
    const taken = i32Base(this.takenW);
    const k0 = i >> 5;
    if (this.WW == 1) return (~i32Get(taken, 0) & ~(-1 << i)) != 0;
    for (let k = 0; k < k0; k++) if (~i32Get(taken, k) != 0) return true;
    return (~i32Get(taken, k0) & ~(-1 << (i & 31))) != 0;
  }

  /** Whether the demand in pool entry e fits the largest non-reserved worker of some group
   *  (fitsGroup(task, h, false) for some h, on the same doubles). */
  lowFitsSomewhere(e: i32): bool {
    const D = this.D;
    const pd = f64Base(this.poolDem);
    const mx = f64Base(this.lowMaxE);
    // (the groups with distinct bounds: the others give the same answers)
    for (let i = 0; i < this.nLowDistinct; i++) {
      const h = this.lowDistinct[i];
      let fits = true;
      for (let d = 0; d < D; d++) if (f64Get(pd, e * D + d) > f64Get(mx, h * D + d)) { fits = false; break; }
      if (fits) return true;
    }
    return false;
  }

  /** Window entry at x (q x K + index) of queue q is fresh: its task was not found unplaceable
   *  at its last check, or it is a LOW task that may use reserved workers (always checked: its
   *  winKnown stays 0). */
  isFresh(q: i32, x: i32): bool { return !this.knownAt(q, x - q * this.window); }

  /** Window position i of queue q is known (its bit in the known mask). */
  knownAt(q: i32, i: i32): bool { return (ushr(this.wm[q * this.NM * this.WW + (i >> 5)], i & 31) & 1) != 0; }

  /** Marks entry x of queue q known to be unplaceable (until a release in its group). */
  markKnown(q: i32, x: i32): void {
    const i = x - q * this.window;
    if (this.knownAt(q, i)) return;
    const e = q * this.window + this.winSlot[x];
    if ((q & 1) == LOW && this.poolAny[e] != 0) return; // (stays fresh: never takes the known path)
    this.wm[q * this.NM * this.WW + (i >> 5)] |= 1 << (i & 31);
    this.nFresh[q]--;
    // (into its bucket's bound)
    const D = this.D;
    const o = (q * (D + 1) + this.poolBkt[e]) * D;
    // (a constant dimension's bound stays its value: start)
    const nv = this.nVary;
    const vary = i32Base(this.vary);
    const kmin = f64Base(this.kmin);
    const pd = f64Base(this.poolDem);
    for (let k = 0; k < nv; k++) {
      const d = i32Get(vary, k);
      const x = f64Get(pd, e * D + d);
      if (x < f64Get(kmin, o + d)) f64Set(kmin, o + d, x);
    }
  }

  /** Recomputes queue q's bounds from its known entries (after known entries left). */
  rebuildKmin(q: i32): void {
    const D = this.D;
    const K = this.window;
    const base = q * K;
    const o = q * (D + 1) * D;
    // (the varying dimensions: a constant one's bound stays its value, start)
    const nv = this.nVary;
    const vary = i32Base(this.vary);
    const kmin = f64Base(this.kmin);
    const pd = f64Base(this.poolDem);
    for (let b = 0; b <= D; b++) for (let k = 0; k < nv; k++) f64Set(kmin, o + b * D + i32Get(vary, k), Infinity);
    // (the known entries, by their bits; none at or beyond winSize)
    const WW = this.WW;
    const ko = q * this.NM * WW;
    for (let k = 0; k < WW; k++) for (let bits = this.wm[ko + k]; bits != 0; bits &= bits - 1) {
      const i = (k << 5) + ctz32(bits);
      const e = base + this.winSlot[base + i];
      if ((q & 1) == LOW && this.poolAny[e] != 0) continue;
      const ob = o + this.poolBkt[e] * D;
      for (let v = 0; v < nv; v++) {
        const d = i32Get(vary, v);
        const x = f64Get(pd, e * D + d);
        if (x < f64Get(kmin, ob + d)) f64Set(kmin, ob + d, x);
      }
    }
    this.kminLeft[q] = 0;
  }

  freeSlot(q: i32, s: i32): void {
    const n = this.poolFreeN[q];
    this.poolFree[q * this.window + n] = s;
    this.poolFreeN[q] = n + 1;
  }

  noteQueue(g: i32): void {
    const q = <f64>(this.heaps[2 * g].size + this.heaps[2 * g + 1].size + this.winSize[2 * g] + this.winSize[2 * g + 1]);
    if (q > counterValue(this.cMaxQueue)) setCounter(this.cMaxQueue, q);
  }

  // ---- placement ----
  /** `gain`: the worker whose resources were just freed (a release), or -1. */
  dispatch(g: i32, now: f64, gain: i32): void {
    if (this.groupFreeSlots[g] == 0) return;
    sendBegin();
    if (this.strict) {
      for (let cls = HIGH; cls <= LOW; cls++) {
        this.dispatchClass(g, cls, now, gain, 0);
        if (this.groupFreeSlots[g] == 0) break;
      }
    } else {
      // WFQ(W) (A16's option; Pigeon's rule, wfq.ts): one entity per turn from the class the rule
      // picks among those with queued tasks; a class that can place nothing now sits out the rest
      // of this dispatch (work-conserving: the other class goes on, and the waiting class's count
      // keeps growing, so it is served first once something of it fits). Every task placed is a
      // counted dispatch (a pair counts two).
      const rule = this.wfq[g];
      let stuck = 0;
      while (this.groupFreeSlots[g] > 0) {
        let mask = 0;
        if (this.winSize[2 * g + HIGH] > 0 && (stuck & 1) == 0) mask |= 1;
        if (this.winSize[2 * g + LOW] > 0 && (stuck & 2) == 0) mask |= 2;
        const c = rule.choose(mask);
        if (c < 0) break;
        const n = this.dispatchClass(g, c, now, gain, 1);
        if (n == 0) { stuck |= 1 << c; continue; }
        if (c == LOW && (mask & 1) != 0) count(this.cLowTurns, <f64>n);
        for (let k = 0; k < n; k++) rule.served(c);
      }
    }
    sendEnd(now);
  }

  /** The largest free amount per dimension (and free slots) over the workers class `cls` may
   *  use in group g, into maxFree at q = 2 g + cls: a necessary condition for any placement there. */
  groupMaxFree(g: i32, cls: i32): void {
    const D = this.D;
    const o = (2 * g + cls) * (D + 1);
    const mf = f64Base(this.maxFree);
    const room = f64Base(this.room);
    const freeSlots = i32Base(this.freeSlots);
    for (let d = 0; d <= D; d++) f64Set(mf, o + d, 0.0);
    // (LOW: the non-reserved workers; a group's reserved workers come first)
    const from = cls == LOW ? this.lowStart[g] : this.groupStart[g];
    const to = this.groupStart[g + 1];
    for (let n = from; n < to; n++) {
      const fs = i32Get(freeSlots, n);
      if (fs == 0) continue;
      for (let d = 0; d < D; d++) {
        const x = f64Get(room, n * D + d);
        if (x > f64Get(mf, o + d)) f64Set(mf, o + d, x);
      }
      if (<f64>fs > f64Get(mf, o + D)) f64Set(mf, o + D, <f64>fs);
    }
    // (the slots are read only as "at least 1" and "at least 2": kept at most 2, so that a
    // placement on a worker with more free slots leaves them exact)
    if (f64Get(mf, o + D) > 2.0) f64Set(mf, o + D, 2.0);
  }

  /** Whether the window task in pool entry e (q x K + slot) might fit a worker now (its demand
   *  within the largest free amounts). */
  mightFit(e: i32, g: i32, cls: i32): bool {
    const D = this.D;
    const q = 2 * g + cls;
    if (this.mfValid[q] == 0) { this.groupMaxFree(g, cls); this.mfValid[q] = 2; }
    const o = q * (D + 1);
    // (through raw pointers: see dispatchClass)
    const mf = f64Base(this.maxFree);
    const pd = f64Base(this.poolDem);
    if (f64Get(mf, o + D) < 1.0) return false;
    const od = e * D;
    for (let d = 0; d < D; d++) if (f64Get(pd, od + d) > f64Get(mf, o + d)) return false;
    return true;
  }

  /** Whether worker `gain` (-1: none) has a free slot class `cls` may use. */
  usableGain(gain: i32, cls: i32): bool { return gain >= 0 && this.freeSlots[gain] > 0 && !(cls == LOW && this.reserved[gain] != 0); }

  /** Free slots in group g on the workers class `cls` may use (LOW: the non-reserved). */
  usableSlots(g: i32, cls: i32): i32 { return cls == HIGH ? this.groupFreeSlots[g] : this.lowFreeSlots[g]; }

  /** Scans class `cls`'s window of master g and places what fits (`limit` > 0: stops after the
   *  first entity placed); returns the number of tasks placed. */
  dispatchClass(g: i32, cls: i32, now: f64, gain: i32, limit: i32): i32 {
    const q = 2 * g + cls;
    const w = this.winSize[q];
    if (w == 0) return 0;
    const K = this.window;
    const base = q * K;
    const D = this.D;
    // Known entries (speed; the decisions are those of checking every entry): a window task
    // that could not be placed at its last check stays unplaceable until a worker of the group
    // frees resources, since placements only take. A release triggers this scan with `gain` =
    // that worker (every release does, and a scan that stops early stops because no worker
    // has a free slot the class may use), so a known task needs checking against `gain` only;
    // on other events it is skipped (nFresh counts the others). New and refilled entries are
    // checked in full. (The entries' demands, dominant resources and tiers are read from the
    // queue's pool.)
    if (this.nFresh[q] == 0 && gain < 0) return 0;
    // (anyTier tasks of LOW may use reserved workers: they skip the bound, mightFit)
    // No free slot the class may use: nothing to place.
    if (this.usableSlots(g, cls) == 0) return 0;
    // packList (packing.ts) evaluated lazily over the window: entity i's partner is chosen when
    // the scan reaches i, among the later tasks not yet taken (ties to the earlier), but only for
    // a task that can be placed alone now (a quick bound — its demand within the group's largest
    // free amounts — then best fit): a task that cannot be placed now takes no partner, and the
    // partner it would have had stays free for a later task. The scan stops when the group is full.
    // (typed arrays through raw pointers: V8 reloads an array's data pointer after every
    // store, the pointers taken once here are loaded once; none of these arrays is reallocated
    // during a scan)
    const WW = this.WW;
    const taken = i32Base(this.takenW);
    const gone = i32Base(this.goneW);
    for (let k = 0; k < WW; k++) { i32Set(taken, k, 0); i32Set(gone, k, 0); }
    const packs = this.packing && D > 0 && w > 1;
    let gainUsable = this.usableGain(gain, cls);
    // (after half a window of known entries left: a quarter rebuilt twice as often for ~1 % more
    // instructions in all, callgrind on 60 x 2,000 tasks; the bounds only filter)
    if (gainUsable && D > 0 && this.kminLeft[q] * 2 >= K) this.rebuildKmin(q);
    // Known entries all fail when `gain` cannot take any (no usable slot, or no bucket's bound
    // fits it): the scan then only looks at the fresh ones. Otherwise it looks at the known
    // entries whose bucket's bound fits `gain` (okW; the others fail the exact test).
    let skipKnown = !gainUsable || !this.computeOk(q, gain);
    const pd = f64Base(this.poolDem);
    const pn = f64Base(this.poolNorm);
    const pAny = i32Base(this.poolAny);
    const pDom = i32Base(this.poolDom);
    const slot = i32Base(this.winSlot);
    const wm = i32Base(this.wm);
    const mo = q * this.NM * WW; // (this queue's masks)
    const cmax = f64Base(this.cmax);
    const room = f64Base(this.room);
    const dem = f64Base(this.dem);
    const gainOff = gain * D;
    const vary = i32Base(this.vary);
    const nv = this.nVary;
    // (the two varying dimensions and their bounds, when there are two: the pair search's loop)
    const v0 = nv == 2 ? i32Get(vary, 0) : 0;
    const v1 = nv == 2 ? i32Get(vary, 1) : 0;
    const c0 = nv == 2 ? f64Get(cmax, v0) : 0.0;
    const c1 = nv == 2 ? f64Get(cmax, v1) : 0.0;
    let placedAny = false;
    let placedN = 0;
    let noSlot = false; // (usableSlots > 0 here; recomputed after each placement)
    let i = -1;
    for (;;) {
      if (limit > 0 && placedN > 0) break; // (WFQ: one entity per turn)
      if (noSlot) break; // (no free slot in the group, or none the class may use)
      // The next entry not taken that may be placeable: fresh, or known with a bucket that fits
      // `gain` (the entries passed over fail: known ones whose bound does not fit, or all known
      // ones when skipKnown).
      i = this.nextCand(q, i + 1, w, skipKnown);
      if (i >= w) break;
      const isKnown = (ushr(i32Get(wm, mo + (i >> 5)), i & 31) & 1) != 0;
      const ei = base + i32Get(slot, base + i);
      const anyI = i32Get(pAny, ei) != 0;
      const anyT = cls == LOW && anyI;
      const oi = ei * D;
      if (isKnown) {
        // (a LOW anyTier entry is never known: anyT is false here)
        // (fitsNode(gain, task, cls), inlined: the slot and tier test once per placement on
        // gain, the bucket's bound in okW)
        // (the constant dimensions fit: the bucket's bound there is the entry's demand)
        if (nv == 2) {
          // (the two varying dimensions from locals: the loop below unrolled, the same tests)
          if (f64Get(pd, oi + v0) > f64Get(room, gainOff + v0) || f64Get(pd, oi + v1) > f64Get(room, gainOff + v1)) continue;
        } else {
          let fits = true;
          for (let k = 0; k < nv; k++) {
            const d = i32Get(vary, k);
            if (f64Get(pd, oi + d) > f64Get(room, gainOff + d)) { fits = false; break; }
          }
          if (!fits) continue;
        }
      } else {
        if (!anyT && !this.mightFit(ei, g, cls)) { this.markKnown(q, base + i); continue; }
      }
      // A task that cannot be placed alone now takes no partner (and waits).
      for (let d = 0; d < D; d++) f64Set(dem, d, f64Get(pd, oi + d));
      const alone = this.bestFit(g, cls == HIGH || anyI, 1);
      if (alone < 0) {
        // (a bound that let it through is computed again when next needed)
        if (!isKnown && !anyT && this.mfValid[q] == 1) this.mfValid[q] = 0;
        this.markKnown(q, base + i);
        continue;
      }
      // (an entry before i was not taken: it was checked and failed, so this placement and
      // those of i's partner are backfills)
      const backfill = this.failedBefore(i);
      let p = -1;
      // With one free slot left in the group no worker has two, so a pair cannot be placed;
      // task i then takes that slot alone, the scan ends and the partner is never tried alone:
      // the choice of a partner changes nothing, and the search is skipped.
      // (no pair passes the guard when a constant dimension cannot hold two tasks)
      const di = packs && this.pairConst && this.groupFreeSlots[g] > 1 ? i32Get(pDom, ei) : -1;
      if (di >= 0) {
        // The candidates: later entries not taken with a dominant resource other than di, in
        // window order (their bits).
        let bestDv = -1.0;
        const from = i + 1;
        for (let k = from >> 5; (k << 5) < w; k++) {
          let other = 0;
          for (let d = 0; d < D; d++) if (d != di) other |= i32Get(wm, mo + (this.domBase + d) * WW + k);
          let bits = other & ~i32Get(taken, k) & this.validWord(k, w);
          if (k == from >> 5) bits &= -1 << (from & 31);
          if (nv == 2) {
            // (two varying dimensions, `aviary gen fregata`'s cpu and memory: the loop below with
            // task i's values and the bounds in locals, the candidates' reads alone in the loop;
            // the same doubles in the same order: (0 + y0 x y0) + y1 x y1 is y0 x y0 + y1 x y1,
            // a square being never -0)
            const ni0 = f64Get(pn, oi + v0);
            const ni1 = f64Get(pn, oi + v1);
            const di0 = f64Get(pd, oi + v0);
            const di1 = f64Get(pd, oi + v1);
            while (bits != 0) {
              const j = (k << 5) + ctz32(bits);
              bits &= bits - 1;
              const oj = (base + i32Get(slot, base + j)) * D;
              const y0 = f64Get(pn, oj + v0) - ni0;
              const y1 = f64Get(pn, oj + v1) - ni1;
              const dv = 0.5 * (y0 * y0 + y1 * y1);
              if (!(dv > bestDv)) continue;
              if (di0 + f64Get(pd, oj + v0) > c0 || di1 + f64Get(pd, oj + v1) > c1) continue;
              bestDv = dv;
              p = j;
            }
            continue;
          }
          while (bits != 0) {
            const j = (k << 5) + ctz32(bits);
            bits &= bits - 1;
            const oj = (base + i32Get(slot, base + j)) * D;
            // DV (packing.ts deviation: 1/2 |d_i - d_j|^2 over the demands as packing sees them)
            // and the A9 guard (packing.ts pairFits), on the pool's copies: the same numbers. (The
            // guard is tested only for a candidate that would beat the best so far: both tests are
            // pure, so the partner is the same.)
            // (over the varying dimensions: a constant one adds +0 to DV, and its guard term
            // passed, pairConst)
            let dv = 0.0;
            for (let k = 0; k < nv; k++) {
              const x = i32Get(vary, k);
              const y = f64Get(pn, oj + x) - f64Get(pn, oi + x);
              dv += y * y;
            }
            dv = 0.5 * dv;
            if (!(dv > bestDv)) continue;
            let fitsPair = true;
            for (let k = 0; k < nv; k++) {
              const x = i32Get(vary, k);
              if (f64Get(pd, oi + x) + f64Get(pd, oj + x) > f64Get(cmax, x)) { fitsPair = false; break; }
            }
            if (!fitsPair) continue;
            bestDv = dv;
            p = j;
          }
        }
      }
      let gainHit = false; // (a placement on `gain`: its slot and bounds are tested again)
      if (p > i) {
        // Taken as i's partner whether or not the pair is placed now (packList's `used`).
        setBit(taken, p);
        const ep = base + i32Get(slot, base + p);
        const op = ep * D;
        for (let d = 0; d < D; d++) f64Set(dem, d, f64Get(pd, oi + d) + f64Get(pd, op + d));
        const wide = cls == HIGH || (anyI && i32Get(pAny, ep) != 0);
        const node = this.maxFreeMightHold(g, cls, wide, 2) ? this.bestFit(g, wide, 2) : -1;
        if (node >= 0) {
          this.place(node, ei, now);
          this.place(node, ep, now);
          setBit(taken, i);
          setBit(gone, i);
          setBit(gone, p);
          noSlot = this.groupFreeSlots[g] == 0 || this.usableSlots(g, cls) == 0;
          placedAny = true;
          placedN += 2;
          count(this.cPairs, 1.0);
          if (backfill) count(this.cBackfill, 1.0);
          if (node == gain) {
            gainUsable = this.usableGain(gain, cls);
            skipKnown = !gainUsable || !this.computeOk(q, gain);
          }
          continue;
        }
      }
      // A single, or a pair that fits nowhere now tried as two singles (A9): task i goes to
      // `alone` (nothing has changed since it was found; the best-fit search that found it is
      // counted again, as when it was repeated here).
      if (this.reserved[alone] != 0) count(this.cReserved, 1.0);
      this.place(alone, ei, now);
      setBit(taken, i);
      setBit(gone, i);
      noSlot = this.groupFreeSlots[g] == 0 || this.usableSlots(g, cls) == 0;
      placedAny = true;
      placedN++;
      if (backfill) count(this.cBackfill, 1.0);
      if (alone == gain) gainHit = true;
      if (p > i && this.groupFreeSlots[g] > 0) {
        // The partner alone (best fit).
        const ep = base + i32Get(slot, base + p);
        const op = ep * D;
        for (let d = 0; d < D; d++) f64Set(dem, d, f64Get(pd, op + d));
        // (most partners fit nowhere once task i is placed: the bound spares that best fit)
        const wideP = cls == HIGH || i32Get(pAny, ep) != 0;
        const node = this.maxFreeMightHold(g, cls, wideP, 1) ? this.bestFit(g, wideP, 1) : -1;
        if (node < 0) this.markKnown(q, base + p);
        else {
          this.place(node, ep, now);
          setBit(gone, p);
          noSlot = this.groupFreeSlots[g] == 0 || this.usableSlots(g, cls) == 0;
          placedN++;
          if (backfill) count(this.cBackfill, 1.0);
          if (node == gain) gainHit = true;
        }
      }
      if (gainHit) {
        // (placements elsewhere leave gain's slots and room, so these stay as they were)
        gainUsable = this.usableGain(gain, cls);
        skipKnown = !gainUsable || !this.computeOk(q, gain);
      }
    }
    if (!placedAny) return 0;
    // The window without the placed tasks (in order), refilled from the heap: the runs of
    // entries between placed ones move down over them (the placed positions by their bits, in
    // order), and the masks lose the placed positions.
    let fresh = this.nFresh[q];
    let left = this.kminLeft[q];
    let k = -1; // (where the next run goes: the first placed position, then after each run)
    let src = 0;
    let removed = 0;
    for (let x = 0; x < WW; x++) {
      for (let bits = i32Get(gone, x); bits != 0; bits &= bits - 1) {
        const p = (x << 5) + ctz32(bits);
        if (k < 0) k = p;
        else for (let j = src; j < p; j++) { i32Set(slot, base + k, i32Get(slot, base + j)); k++; }
        const pm = p - removed; // (its position in the masks, the earlier placed ones removed)
        if ((ushr(i32Get(wm, mo + (pm >> 5)), pm & 31) & 1) == 0) fresh--;
        else left++;
        this.freeSlot(q, i32Get(slot, base + p));
        this.removePos(q, pm);
        removed++;
        src = p + 1;
      }
    }
    for (let j = src; j < w; j++) { i32Set(slot, base + k, i32Get(slot, base + j)); k++; }
    this.kminLeft[q] = left;
    const heap = this.heaps[q];
    while (k < K && heap.size > 0) {
      const t = heap.pop();
      i32Set(slot, base + k, this.takeSlot(q, t, heap.lastKey, heap.lastJob, k));
      fresh++;
      k++;
    }
    this.nFresh[q] = fresh;
    this.winSize[q] = k;
    return placedN;
  }

  /** The feasible worker of group g with the smallest unused volume for `dem` and `k` slots:
   *  non-reserved first, then (reservedToo) reserved; -1 if none. */
  bestFit(g: i32, reservedToo: bool, k: i32): i32 {
    const best = this.bestIn(g, 0, k);
    if (best >= 0 || !reservedToo) return best;
    const r = this.bestIn(g, 1, k);
    if (r >= 0) count(this.cReserved, 1.0);
    return r;
  }

  bestIn(g: i32, tier: u8, k: i32): i32 {
    const D = this.D;
    let best = -1;
    let bestV = 0.0;
    // (the tier's workers: a group's reserved workers come first)
    const from = tier != 0 ? this.groupStart[g] : this.lowStart[g];
    const to = tier != 0 ? this.lowStart[g] : this.groupStart[g + 1];
    const freeSlots = i32Base(this.freeSlots);
    const room = f64Base(this.room);
    const dem = f64Base(this.dem);
    const vol = f64Base(this.vol);
    // (the tests are pure, so their order does not change which worker wins: the first
    // dimension first, where most workers fail, then the slots, the volume and the rest)
    const d0 = D > 0 ? f64Get(dem, 0) : 0.0;
    for (let n = from; n < to; n++) {
      if (D > 0 && d0 > f64Get(room, n * D)) continue;
      if (i32Get(freeSlots, n) < k) continue;
      // (a worker that cannot beat the best so far is not tested for fit)
      const v = f64Get(vol, n);
      if (best >= 0 && !(v < bestV)) continue;
      let ok = true;
      for (let d = 1; d < D; d++) {
        if (f64Get(dem, d) > f64Get(room, n * D + d)) { ok = false; break; }
      }
      if (!ok) continue;
      best = n;
      bestV = v;
    }
    return best;
  }

  /** Worker `node`'s unused volume (packing.ts volume: the same sum in the same order). */
  volumeOf(node: i32): f64 {
    const D = this.D;
    const free = f64Base(this.free);
    const cmax = f64Base(this.cmax);
    let v = 0.0;
    for (let k = 0; k < D; k++) {
      const c = f64Get(cmax, k);
      if (c > 0.0) v += f64Get(free, node * D + k) / c;
    }
    return v;
  }

  /** Places the window task in pool entry e (its demands and job from the pool: the same
   *  values as the task's columns, on lines the scan just read). */
  place(node: i32, e: i32, now: f64): void {
    const D = this.D;
    const g = this.nodeGroup[node];
    const pd = f64Base(this.poolDem);
    this.mfTake(node, g);
    const free = f64Base(this.free);
    const room = f64Base(this.room);
    const eps = f64Base(this.eps);
    const o = node * D;
    for (let d = 0; d < D; d++) {
      const x = f64Get(free, o + d) - f64Get(pd, e * D + d);
      f64Set(free, o + d, x);
      f64Set(room, o + d, x + f64Get(eps, o + d));
    }
    this.freeSlots[node] = this.freeSlots[node] - 1;
    this.groupFreeSlots[g] = this.groupFreeSlots[g] - 1;
    if (this.reserved[node] == 0) this.lowFreeSlots[g] = this.lowFreeSlots[g] - 1;
    this.vol[node] = this.volumeOf(node);
    // (its load moves from assigned to allocated: the sum is unchanged until it ends)
    sendTo(node, this.poolJob[e], this.poolTask[e]);
  }

  // maxFree (groupMaxFree's maxima) kept exact across placements and releases where it is
  // cheap: a maximum is a maximum whatever the order, so these give the values groupMaxFree
  // would compute (speed only: mightFit and the pair test read them).
  /** Worker `node` of group g is about to take a task (it has a free slot): its room and free
   *  slots can only go down (free - demand, demands >= 0: the trace check refuses negative
   *  ones), so a class's maxima stay exact unless the worker holds one of them (its slots count
   *  only at 2 or fewer: maxFree keeps at most 2); then they stay an upper bound. */
  mfTake(node: i32, g: i32): void {
    const D = this.D;
    const mf = f64Base(this.maxFree);
    const room = f64Base(this.room);
    const fs = this.freeSlots[node];
    for (let cls = HIGH; cls <= LOW; cls++) {
      const q = 2 * g + cls;
      if (this.mfValid[q] != 2) continue;
      if (cls == LOW && this.reserved[node] != 0) continue; // (not among LOW's workers)
      const o = q * (D + 1);
      let top = fs <= 2 && <f64>fs == f64Get(mf, o + D);
      for (let d = 0; d < D && !top; d++) if (f64Get(room, node * D + d) == f64Get(mf, o + d)) top = true;
      if (top) this.mfValid[q] = 1;
    }
  }

  /** Worker `node` of group g freed a task (it has a free slot now, its room grew): its room and
   *  free slots join the maxima (or bounds) of the classes that may use it. */
  mfGive(node: i32, g: i32): void {
    const D = this.D;
    const mf = f64Base(this.maxFree);
    const room = f64Base(this.room);
    const f = this.freeSlots[node];
    const fs = <f64>(f < 2 ? f : 2);
    for (let cls = HIGH; cls <= LOW; cls++) {
      const q = 2 * g + cls;
      if (this.mfValid[q] == 0) continue;
      if (cls == LOW && this.reserved[node] != 0) continue;
      const o = q * (D + 1);
      for (let d = 0; d < D; d++) {
        const x = f64Get(room, node * D + d);
        if (x > f64Get(mf, o + d)) f64Set(mf, o + d, x);
      }
      if (fs > f64Get(mf, o + D)) f64Set(mf, o + D, fs);
    }
  }

  /** Whether a pair (k = 2, its summed demand in `dem`) or a task tried alone (k = 1, its demand
   *  in `dem`) might fit a worker that bestFit(g, wide, k) searches: false only when class cls's
   *  maxima (exact or an upper bound) are current and cover those workers (HIGH's are the whole
   *  group; LOW's the non-reserved, what a LOW entry that is not anyTier may use), and no worker
   *  has k free slots or the demand exceeds a maximum (bestFit would find none, and count
   *  nothing). */
  maxFreeMightHold(g: i32, cls: i32, wide: bool, k: i32): bool {
    const q = 2 * g + cls;
    if ((cls == LOW && wide) || this.mfValid[q] == 0) return true;
    const D = this.D;
    const o = q * (D + 1);
    const mf = f64Base(this.maxFree);
    const dem = f64Base(this.dem);
    if (f64Get(mf, o + D) < <f64>k) return false;
    for (let d = 0; d < D; d++) if (f64Get(dem, d) > f64Get(mf, o + d)) return false;
    return true;
  }

  release(task: i32, node: i32, now: f64): void {
    const D = this.D;
    // (the task's master is the node's group: a master places on its own group's workers)
    const m = this.nodeGroup[node];
    const g = m;
    const W = D + 1;
    const td = f64Base(taskDemands);
    const free = f64Base(this.free);
    const room = f64Base(this.room);
    const eps = f64Base(this.eps);
    const gl = f64Base(this.groupLoad);
    const o = node * D;
    for (let d = 0; d < D; d++) {
      const x = f64Get(td, demandIndex(task, d));
      const f = f64Get(free, o + d) + x;
      f64Set(free, o + d, f);
      f64Set(room, o + d, f + f64Get(eps, o + d));
      f64Set(gl, m * W + d, f64Get(gl, m * W + d) - x);
    }
    f64Set(gl, m * W + D, f64Get(gl, m * W + D) - 1.0);
    if (this.loadDirty[m] == 0) { this.loadDirty[m] = 1; this.dirtyList[this.nDirty++] = m; }
    this.freeSlots[node] = this.freeSlots[node] + 1;
    this.groupFreeSlots[g] = this.groupFreeSlots[g] + 1;
    if (this.reserved[node] == 0) this.lowFreeSlots[g] = this.lowFreeSlots[g] + 1;
    this.vol[node] = this.volumeOf(node);
    this.mfGive(node, g);
    this.dispatch(g, now, node);
  }
}

/** Sets bit i of the word array at p. */
function setBit(p: I32Ptr, i: i32): void { i32Set(p, i >> 5, i32Get(p, i >> 5) | (1 << (i & 31))); }

function sat(x: f64): f64 { return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x; }

/** Orders groups 0..n-1 into `order` by size descending, ties by index ascending: a stable
 *  counting sort (sizes are at most the job's tasks, `cnt` has room for them + 2). */
function sortBySizeDesc(order: Int32Array, size: Int32Array, n: i32, cnt: Int32Array): void {
  let maxS = 0;
  for (let i = 0; i < n; i++) if (size[i] > maxS) maxS = size[i];
  for (let s = 0; s <= maxS + 1; s++) cnt[s] = 0;
  for (let i = 0; i < n; i++) cnt[maxS - size[i] + 1]++; // bucket 0 = the largest size
  for (let s = 1; s <= maxS + 1; s++) cnt[s] += cnt[s - 1];
  for (let i = 0; i < n; i++) {
    const b = maxS - size[i];
    order[cnt[b]] = i;
    cnt[b]++;
  }
}

export function createFregata(p: Params): Scheduler {
  return new Fregata(p.num("cutoff"), p.num("w1"), p.num("w2"), p.num("w3"), p.num("gamma"), p.num("kappa"),
    p.choice("partition") == "wcc", p.choice("masterDispatch") == "perTask", p.int("packWindow"), p.int("maxPack"),
    p.flag("normalizeDemands"), p.num("loadThreshold"), p.int("groupSize"), p.num("rho"), p.num("W"));
}
