// Yaq (Rasley et al., EuroSys 2016; spec seed-yaq.md) and its baselines, on multi-slot nodes
// (r = --slots) whose queues the engine keeps. docs/models/yaq.md records every choice.
//
// Shared (YaqBase):
//  - Admission (spec §1.5, §7 #2): at most `maxJobs` jobs admitted at once; the others wait in
//    submission order and are admitted as admitted jobs finish.
//  - Estimates (§1.8, §7 #11): each task's estimate is the trace's per-task estimate (the stage
//    mean for the yaq-* workloads) or else its job's estimate; with `estPrior` = none every task
//    starts at `estDefault` (10 s: no previous runs). Options (off by default): `estNoise` = σ
//    multiplies each job-stage's estimates by one factor exp(σ Z), Z standard normal (Marsaglia's
//    polar method on stream 27, one draw per stage in job order; log and exp by + − × ÷ only,
//    so both builds agree bit for bit); `estRefine` = k replaces a stage's estimate, once k of
//    its tasks completed, by the running mean of their observed durations (updated at each
//    completion; SRJF's remaining work follows in O(1) per completion). A stage is a job's
//    tasks with one `stage` label (the trace's column, or one stage per job without it).
//  - Node queues use YaqOrder (yaqorder.ts: SRJF, LRTF, STF, EJF with Algorithm 3's starvation
//    rule, or FIFO). Job-level keys (remaining work, remaining tasks) are read as of the node's
//    last heartbeat (`progressStaleness` = heartbeat, the default: spec §1.4 [R], §7 #12-#13)
//    or current (exact). `yaq-c`'s RM orders pending jobs by `globalOrder` (§2.7): EJF (job
//    index), SRJF, LRTF (current values, updated at completions) or SJF (total estimated work).
//  - Task queuing delay (§4.1 [R]): from the task's arrival in a node queue to its start, for
//    every task (0 for one that starts at once); counters queueDelayMean / Stdev / Median
//    (nearest rank), set when the last task starts.
//
// Centralized (YaqCentral: `yarn`, `yarn-q`, `yaq-c`; spec §5.1-§5.3, §7 #7):
//  - Node managers heartbeat every τ at a random phase per node (stream 20). At node n's
//    heartbeat the RM learns n's completions, then (a) fills n's free slots with pending tasks in
//    job order (EJF: job index), then (b) queues: `yarn-q` fills n's queue up to b (the
//    heartbeating node, FIFO); `yaq-c`, if the free fraction of slots in its view is <= Rf_min,
//    places pending tasks by Algorithm 1 over all nodes with queue room (bound b and/or
//    WT_max) in its view, the load being the queue length or the wait-time estimate
//    (Algorithm 2) from each node's last heartbeat plus the RM's own placements since (WT +=
//    est / r, §7 #6), or a random node with room. `yarn` has b = 0.
//  - The RM counts a node's tasks as assigned − completions learnt at heartbeats, so it never
//    places more than r + b on a node. An assignment reaches the job's AM at the AM's next
//    heartbeat (period `amPeriod`, random phase per job, stream 21), which launches it after
//    `launch` seconds; the task then reaches the node one network delay later.
//  - Capacity queues (spec §4.5, §7 #23, E9; `capacityA`, off by default): a job's queue is A for
//    the trace's first user (or no user column), B for every other user. Whenever the RM assigns a
//    task (a free slot or a node queue), it serves the queue with pending tasks whose running +
//    queued tasks in its view are the smallest multiple of its capacity (Hadoop's capacity
//    scheduler: the least-served queue first; elastic: a queue without pending tasks leaves its
//    share to the other), EJF within the queue. While both queues have waiting tasks, counters
//    record queue A's time-averaged share of the occupied slots and the time-averaged absolute
//    deviation of that share from A's capacity (B's deviation is the same).
//  - Only heartbeats that can change something are simulated: a node's heartbeat is an event
//    when the node will have room (a free slot, or queue room for yarn-q) and tasks are pending,
//    or (yaq-c) when its state changed since its last heartbeat (its view must be refreshed), or
//    (yaq-c) when Algorithm 1 can queue pending tasks (then the next heartbeat of any node). A
//    heartbeat learns everything up to its time, so skipping the others changes nothing.
//
// Distributed (YaqDist: `yaq-d`, `mercury`, `mercury-sampling`; spec §1.6, §5.4-§5.6):
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
  Scheduler, Params, nNodes, nTasks, nJobs, slotsPerNode, netDelay, jobArrival, jobUnlaunched, nextUnlaunchedTask,
  taskEst, jobTasksLeft, sendBegin, sendTo, sendEnd, setTimer, setCancellableTimer, cancelTimer, timerKind,
  stream, registerCounter, setCounter, nodeBusy, queueLength, queueFirst, queueEnd, entryTask, entryJob, removeAt,
  jobFirstTask, count, jobEstimate, counterValue, fail, taskEstimate, jobUser, taskStage, failUnlessAdvances,
  E_SLOT_OVERSUBSCRIBED,
} from "../policy";
function taskEstColumn(): Float64Array { return taskEstimate; }
function userColumn(): Int32Array { return jobUser; }
import { MinTree } from "../toolkit/mintree";
import { WideMin } from "./yaqmin";
import { Rng, STREAM_YAQ_PHASE, STREAM_YAQ_AM, STREAM_YAQ_PLACE } from "../toolkit/rng";
import { NextSet, LevelIndex, MAX_LEVELS } from "../toolkit/nextset";
import { YaqOrder, ORDER_FIFO, ORDER_EJF, ORDER_SRJF, ORDER_LRTF, ORDER_STF } from "./yaqorder";

/** Yaq's estimate-noise stream (20-29 are Yaq's, rng.ts; 23-26 its workload generators'). */
export const STREAM_YAQ_NOISE: i32 = 27;

/** Global job order at the RM (yaq-c, spec §2.7): the pending job served next. */
export const GLOBAL_EJF: i32 = 0;
export const GLOBAL_SRJF: i32 = 1;
export const GLOBAL_LRTF: i32 = 2;
export const GLOBAL_SJF: i32 = 3;

export function globalByName(s: string): i32 {
  if (s == "srjf") return GLOBAL_SRJF;
  if (s == "lrtf") return GLOBAL_LRTF;
  if (s == "sjf") return GLOBAL_SJF;
  return GLOBAL_EJF;
}

const LN2_HI: f64 = 6.93147180369123816490e-01; // fdlibm's split of ln 2 (k x LN2_HI is exact)
const LN2_LO: f64 = 1.90821492927058770002e-10;

/** ln x for x > 0 by + − × ÷ only (identical in both builds): x = 2^e m, m in [√½, √2), then
 *  ln m = 2 atanh(f), f = (m − 1)/(m + 1), |f| <= 0.172, by its series to f^27 (error < 1e-21). */
export function portableLog(x: f64): f64 {
  let m = x;
  let e = 0;
  while (m < 0.7071067811865476) { m *= 2.0; e--; }
  while (m >= 1.4142135623730951) { m *= 0.5; e++; }
  const f = (m - 1.0) / (m + 1.0);
  const f2 = f * f;
  let sum = 0.0;
  for (let k = 27; k >= 1; k -= 2) sum = sum * f2 + 1.0 / <f64>k;
  return <f64>e * LN2_LO + (2.0 * f * sum + <f64>e * LN2_HI);
}

/** e^y by + − × ÷ only: y = k ln 2 + r, |r| <= 0.35, e^r by Taylor to r^22 (error < 1e-25),
 *  times 2^k by exact doublings. For |y| < 700. */
export function portableExp(y: f64): f64 {
  const k = Math.floor(y / 0.6931471805599453 + 0.5);
  const r = (y - k * LN2_HI) - k * LN2_LO;
  let p = 1.0;
  for (let i = 22; i >= 1; i--) p = 1.0 + p * r / <f64>i;
  let n = <i32>k;
  while (n > 0) { p *= 2.0; n--; }
  while (n < 0) { p *= 0.5; n++; }
  return p;
}

/** A standard normal draw (Marsaglia's polar method; the second value is discarded). */
export function normalDraw(rng: Rng): f64 {
  while (true) {
    const u = 2.0 * rng.nextFloat() - 1.0;
    const v = 2.0 * rng.nextFloat() - 1.0;
    const s = u * u + v * v;
    if (s >= 1.0 || s == 0.0) continue;
    return u * Math.sqrt(-2.0 * portableLog(s) / s);
  }
  return 0.0;
}

export const LOAD_WAIT: i32 = 0;
export const LOAD_LENGTH: i32 = 1;
export const LOAD_RANDOM: i32 = 2;
export const LOAD_HEARTBEAT: i32 = 3; // yarn-q: the heartbeating node
export const LOAD_TOPK: i32 = 4;      // mercury
export const LOAD_SAMPLING: i32 = 5;  // mercury-sampling

export function orderByName(s: string): i32 {
  if (s == "srjf") return ORDER_SRJF;
  if (s == "lrtf") return ORDER_LRTF;
  if (s == "stf") return ORDER_STF;
  if (s == "ejf") return ORDER_EJF;
  return ORDER_FIFO;
}

export function loadByName(s: string): i32 {
  if (s == "length") return LOAD_LENGTH;
  if (s == "random") return LOAD_RANDOM;
  return LOAD_WAIT;
}

/** Shared: estimates, admission, queue order, queuing delays. */
export class YaqBase extends Scheduler {
  r: i32 = slotsPerNode;
  /** Estimates (YaqOrder.est): per job, or per task when a job's tasks may differ (the trace's
   *  per-task estimates, noise or refinement); set by the first onJobsAdded. */
  est: Float64Array = new Float64Array(0);
  remaining: Float64Array;
  /** Per task: when it joined its node queue; from its start on, its queuing delay (the median
   *  is taken over this column once every task started: no separate column of delays). */
  queuedAt: Float64Array;
  order: YaqOrder;
  maxJobs: f64;
  admitted: i32 = 0;
  nextAdmit: i32 = 0;
  arrived: i32 = 0;
  started: i32 = 0;
  delaySum: f64 = 0.0;
  delaySq: f64 = 0.0;
  // Counters are registered in the constructors' bodies: the two builds run field initializers
  // of a subclass and its base in different orders, and the order of registration is the output's.
  cMean: i32;
  cStdev: i32;
  cMedian: i32;
  cMax: i32;
  scratch: Float64Array = new Float64Array(slotsPerNode);
  /** The task on each slot of each node (-1: free), its job and its start: Algorithm 2 reads
   *  the running tasks (per slot, not per task: the run's memory is per-task columns' pages). */
  running: Int32Array = new Int32Array(nNodes * slotsPerNode);
  runJob: Int32Array = new Int32Array(nNodes * slotsPerNode);
  runStart: Float64Array = new Float64Array(nNodes * slotsPerNode);

  /** Estimate options (§7 #11; estimation()): noise σ (0: off), refinement after k completions
   *  (Infinity: off), no prior estimates (each task starts at estDefault). */
  noise: f64 = 0.0;
  refineK: f64 = Infinity;
  noPrior: bool = false;
  estDefault: f64 = 10.0;
  noiseRng: Rng = stream(STREAM_YAQ_NOISE);
  /** Stages (with noise or refinement): the label of each, and per stage the current estimates
   *  of its non-completed tasks summed, their number, its completions and their durations. */
  nStages: i32 = 0;
  stageLabel: Int32Array = new Int32Array(0);
  stageContrib: Float64Array = new Float64Array(0);
  stageLeft: Int32Array = new Int32Array(0);
  stageDone: Int32Array = new Int32Array(0);
  stageSum: Float64Array = new Float64Array(0);

  constructor(order: i32, st: f64, stR: f64, maxJobs: f64) {
    super();
    this.cMean = registerCounter("queueDelayMean");
    this.cStdev = registerCounter("queueDelayStdev");
    this.cMedian = registerCounter("queueDelayMedian");
    this.cMax = registerCounter("queueDelayMax");
    const remaining = new Float64Array(nJobs);
    const queuedAt = new Float64Array(nTasks);
    queuedAt.fill(-1.0);
    const discipline = new YaqOrder(order, st, stR, queuedAt, remaining);
    this.remaining = remaining;
    this.queuedAt = queuedAt;
    this.order = discipline;
    this.dagAware = true;
    this.watchesStarts = true;
    this.maxJobs = maxJobs;
    this.discipline = discipline;
    this.running.fill(-1);
  }

  /** The estimate options (§7 #11) and job-progress staleness (§7 #12-#13; `phase`: each node's
   *  heartbeat phase, period tau). Called by the factories before any job is added. */
  estimation(noise: f64, refineK: f64, noPrior: bool, estDefault: f64, stale: bool, tau: f64, phase: Float64Array): void {
    this.noise = noise;
    this.refineK = refineK;
    this.noPrior = noPrior;
    this.estDefault = estDefault;
    const o = this.order;
    if (noise > 0.0 || refineK < Infinity) {
      this.stageLabel = new Int32Array(nTasks);
      this.stageContrib = new Float64Array(nTasks);
      this.stageLeft = new Int32Array(nTasks);
      this.stageDone = new Int32Array(nTasks);
      this.stageSum = new Float64Array(nTasks);
      o.stageOf = new Int32Array(nTasks);
      o.stageRef = new Float64Array(nTasks);
      o.stageRef.fill(-1.0);
      o.refine = refineK < Infinity;
    }
    if (stale && (o.order == ORDER_SRJF || o.order == ORDER_LRTF)) {
      o.setupStale(nJobs, tau, phase);
    }
  }

  onJobsAdded(from: i32, to: i32): void {
    const hasTaskEst = taskEstColumn().length > 0;
    const staged = this.stageLabel.length > 0;
    const labels = taskStage;
    const o = this.order;
    if (from == 0) {
      // Per-job estimates unless a job's tasks may differ (8 bytes a task saved at full size).
      const perTask = hasTaskEst || staged;
      this.est = new Float64Array(perTask ? nTasks : nJobs);
      o.est = this.est;
      o.perTask = perTask;
    }
    const perTask = o.perTask;
    for (let j = from; j < to; j++) {
      let w = 0.0;
      const s0 = this.nStages;
      for (let t = jobFirstTask[j]; t < jobFirstTask[j + 1]; t++) {
        // (jobEst is sealed only after onJobsAdded: read the trace's columns here)
        let e = this.noPrior ? this.estDefault : (hasTaskEst ? taskEst(t, j) : jobEstimate[j]);
        if (staged) {
          // The task's stage: the job's stage with its label, else a new one (its noise drawn now).
          const label = labels.length > 0 ? labels[t] : 0;
          let s = s0;
          while (s < this.nStages && this.stageLabel[s] != label) s++;
          if (s == this.nStages) {
            this.stageLabel[s] = label;
            this.nStages++;
            // The stage's noise factor, kept in stageSum until the job's tasks are set.
            this.stageSum[s] = this.noise > 0.0 && !this.noPrior ? portableExp(this.noise * normalDraw(this.noiseRng)) : 1.0;
          }
          o.stageOf[t] = s;
          e *= this.stageSum[s];
          this.stageContrib[s] += e;
          this.stageLeft[s]++;
        }
        if (perTask) this.est[t] = e;
        else this.est[j] = e; // (the same e for every task of the job)
        w += e;
      }
      if (staged) for (let s = s0; s < this.nStages; s++) this.stageSum[s] = 0.0;
      this.remaining[j] = w; // SRJF: every non-completed task of the job, released or not (§7 #12)
      if (o.stale) o.rem0[j] = w;
    }
  }

  onJobArrival(job: i32, now: f64): void {
    this.arrived = job + 1;
    this.admitWaiting(now);
  }

  admitWaiting(now: f64): void {
    while (this.nextAdmit < this.arrived && <f64>this.admitted < this.maxJobs) {
      const j = this.nextAdmit++;
      this.admitted++;
      this.admit(j, now);
    }
  }

  /** Job `job` is admitted: its ready tasks are released. */
  admit(job: i32, now: f64): void { this.release(job, jobUnlaunched(job), now); }

  /** `count` more tasks of `job` may be placed (nextUnlaunchedTask hands them out). */
  release(job: i32, count: i32, now: f64): void {}

  onTasksReady(job: i32, count: i32, now: f64): void { this.release(job, count, now); }

  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {
    let k = node * this.r;
    while (this.running[k] >= 0) k++;
    this.running[k] = task;
    this.runJob[k] = job;
    this.runStart[k] = now;
    const d = now - this.queuedAt[task];
    this.queuedAt[task] = d; // (no longer queued: the column now holds its delay)
    this.started++;
    this.delaySum += d;
    this.delaySq += d * d;
    if (d > counterValue(this.cMax)) setCounter(this.cMax, d);
    if (this.started == nTasks) this.finishDelays();
  }

  finishDelays(): void {
    const n = <f64>this.started;
    const mean = this.delaySum / n;
    const v = this.delaySq / n - mean * mean;
    setCounter(this.cMean, mean);
    setCounter(this.cStdev, Math.sqrt(v > 0.0 ? v : 0.0));
    const rank = <i32>Math.ceil(0.5 * n);
    // Every task started: queuedAt holds every delay (the k-th smallest value does not depend
    // on the order they were stored in).
    setCounter(this.cMedian, select(this.queuedAt, this.started, (rank < 1 ? 1 : rank) - 1));
  }

  /** A task of `job` ended at `node` (bookkeeping; subclasses add theirs). */
  taskDone(node: i32, task: i32, job: i32, now: f64): void {
    let k = node * this.r;
    while (this.running[k] != task) k++;
    this.running[k] = -1;
    const started = this.runStart[k];
    const o = this.order;
    const e = o.estOf(task, job);
    this.remaining[job] -= e;
    if (o.refine) {
      // Runtime refinement (§7 #11): the stage's running mean of observed durations after k.
      const s = o.stageOf[task];
      this.stageContrib[s] -= e;
      this.stageLeft[s]--;
      const d = ++this.stageDone[s];
      this.stageSum[s] += now - started;
      if (<f64>d >= this.refineK) {
        const m = this.stageSum[s] / <f64>d;
        o.stageRef[s] = m;
        const c = m * <f64>this.stageLeft[s];
        this.remaining[job] += c - this.stageContrib[s];
        this.stageContrib[s] = c;
      }
    }
    if (o.stale) o.noteDone(job, now);
    if (jobTasksLeft(job) == 0) {
      this.admitted--;
      this.admitWaiting(now);
    }
  }

  noteQueued(task: i32, now: f64): void {
    if (this.queuedAt[task] < 0.0) this.queuedAt[task] = now;
  }

  /** Algorithm 2 (spec §2.3) on node `n` now: 0 with a free slot; else the estimated wait of the
   *  next task sent there — running tasks' remaining estimates max(0, est − elapsed), queued
   *  tasks in stored (arrival) order each taking the earliest slot to free. */
  waitTime(n: i32, now: f64): f64 {
    const r = this.r;
    if (nodeBusy(n) < r) return 0.0;
    const s = this.scratch;
    let k = 0;
    for (let i = 0; i < r; i++) {
      const t = this.running[n * r + i];
      if (t < 0) continue;
      const left = this.order.estOf(t, this.runJob[n * r + i]) - (now - this.runStart[n * r + i]);
      s[k++] = left > 0.0 ? left : 0.0;
    }
    if (k == 0) return 0.0;
    const end = queueEnd(n);
    for (let e = queueFirst(n); e < end; e++) {
      let m = 0;
      for (let i = 1; i < k; i++) if (s[i] < s[m]) m = i;
      s[m] += this.order.estOf(entryTask(e), entryJob(e));
    }
    let m = s[0];
    for (let i = 1; i < k; i++) if (s[i] < m) m = s[i];
    return m;
  }
}

/** The k-th smallest of a[0, n) (Hoare's quickselect, median-of-three pivots; reorders a):
 *  sorted(a)[k] in O(n) expected. */
export function select(a: Float64Array, n: i32, k: i32): f64 {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const mid = lo + ((hi - lo) >> 1);
    // median of three into a[mid]
    if (a[mid] < a[lo]) swap(a, mid, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[hi] < a[mid]) swap(a, hi, mid);
    const pivot = a[mid];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) { swap(a, i, j); i++; j--; }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

function swap(a: Float64Array, i: i32, j: i32): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

export class YaqCentral extends YaqBase {
  tau: f64;
  amPeriod: f64;
  launch: f64;
  bound: f64;     // b (Infinity: unbounded)
  wtMax: f64;     // WT_max (Infinity: off)
  placement: i32;
  rfMin: f64;
  /** Views of all nodes are read (Algorithm 1, the free fraction): refresh them at heartbeats. */
  views: bool;
  phase: Float64Array = new Float64Array(nNodes);
  byPhase: Int32Array = new Int32Array(nNodes);
  sortedPhase: Float64Array = new Float64Array(nNodes);
  rankOf: Int32Array = new Int32Array(nNodes);
  amPhase: Float64Array = new Float64Array(nJobs);
  amRng: Rng = stream(STREAM_YAQ_AM);
  placeRng: Rng = stream(STREAM_YAQ_PLACE);
  assigned: Int32Array = new Int32Array(nNodes);
  completed: Int32Array = new Int32Array(nNodes);
  reported: Int32Array = new Int32Array(nNodes);
  lastBeat: Float64Array = new Float64Array(nNodes);
  wtView: Float64Array = new Float64Array(nNodes);
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
  /** planCursor's search of the first phase after a time: bucketFirst[b] = the ranks whose
   *  phase's bucket (phaseBucket) is below b (buckets are monotone in the phase). */
  bucketFirst: Int32Array = new Int32Array(nNodes + 1);
  bucketScale: f64 = 0.0;
  room: NextSet = new NextSet(nNodes);
  /** yaq-c: nodes whose state changed since their view was refreshed, due at the first heartbeat
   *  after the change (cycle K: time K x τ + phase), as bits by phase rank for cycles of each
   *  parity (due cycles are always within {pc, pc + 1}); refreshed when a decision reads views.
   *  (pc, pr): the due heartbeats before this position are processed. */
  dueBits0: NextSet;
  dueBits1: NextSet;
  dueCycle: Float64Array = new Float64Array(nNodes);
  dueCount: i32 = 0;
  /** While due heartbeats wait: a time before which refreshDue has nothing to do (no due
   *  heartbeat has passed and (pc, pr) stay), a lower bound kept by refreshDue and dirty. */
  dueX: f64 = -Infinity;
  pc: f64 = 0.0;
  pr: i32 = 0;
  /** Dispatch batches: tasks assigned to a job for the same AM heartbeat travel together, as
   *  lists of pooled records (task, node, next; a free list through next) taken at the
   *  assignment and given back at the dispatch. A task in flight to node n is assigned and not
   *  completed, so at most outstanding(n) <= r + ceil(b) of them (every assignment needs
   *  outstanding < r, or outstanding - r < b): the pool holds nNodes x (r + ceil(b)) records
   *  (at most one per task; one per task when b is unbounded), not two columns per task. */
  batchNext: Int32Array;
  batchNode: Int32Array;
  batchTask: Int32Array;
  batchFree: i32 = -1;
  batchTop: i32 = 0;
  batchTail: Int32Array = new Int32Array(nJobs);
  batchAt: Float64Array = new Float64Array(nJobs);
  cursorSet: bool = false;
  cursorHandle: i32 = 0;
  cursorTime: f64 = 0.0;
  dispatchKind: i32;
  cursorKind: i32;
  cBeats: i32;
  /** Capacity queues (E9): on, queue A's and B's shares, per queue: pending tasks at the RM,
   *  running + queued tasks in the RM's view, completions per node (known and reported), running
   *  tasks and waiting (released, not started) tasks; the share measurement. */
  capacity: bool;
  capOf: Float64Array = new Float64Array(2);
  pendingJobsB: WideMin;
  pendQ: Int32Array = new Int32Array(2);
  usedQ: Int32Array = new Int32Array(2);
  completedQ: Int32Array;
  reportedQ: Int32Array;
  runQ: Int32Array = new Int32Array(2);
  waitQ: Int32Array = new Int32Array(2);
  lastT: f64 = 0.0;
  windowT: f64 = 0.0;
  occT: f64 = 0.0;
  shareSum: f64 = 0.0;
  devSum: f64 = 0.0;
  cWindow: i32 = -1;
  cShareA: i32 = -1;
  cDev: i32 = -1;

  /** Global job order (§2.7): EJF (job index) or SRJF / LRTF / SJF (then job index). */
  globalOrder: i32 = GLOBAL_EJF;
  jobWork: Float64Array = new Float64Array(0);

  constructor(order: i32, st: f64, stR: f64, maxJobs: f64, tau: f64, amPeriod: f64, launch: f64, bound: f64,
              wtMax: f64, placement: i32, rfMin: f64, capA: f64) {
    super(order, st, stR, maxJobs);
    this.cBeats = registerCounter("heartbeats");
    const perNode = <f64>slotsPerNode + Math.ceil(bound);
    const pool = perNode * <f64>nNodes < <f64>nTasks ? <i32>(perNode * <f64>nNodes) : nTasks;
    this.batchNext = new Int32Array(pool);
    this.batchNode = new Int32Array(pool);
    this.batchTask = new Int32Array(pool);
    const views = placement != LOAD_HEARTBEAT && bound > 0.0;
    this.candidates = new WideMin(views ? nNodes : 1, 0.0);
    this.candKey = new Float64Array(views ? nNodes : 1);
    this.candQueued = new Uint8Array(views ? nNodes : 1);
    this.candList = new Int32Array(views ? nNodes : 1);
    this.dueBits0 = new NextSet(views ? nNodes : 1);
    this.dueBits1 = new NextSet(views ? nNodes : 1);
    this.views = views;
    const cap = capA <= 1.0;
    this.pendingJobsB = new WideMin(cap ? nJobs : 1, Infinity);
    this.completedQ = new Int32Array(cap ? 2 * nNodes : 0);
    this.reportedQ = new Int32Array(cap ? 2 * nNodes : 0);
    this.capacity = cap;
    this.capOf[0] = cap ? capA : 1.0;
    this.capOf[1] = cap ? 1.0 - capA : 0.0;
    if (cap) {
      this.cWindow = registerCounter("capacityWindow");
      this.cShareA = registerCounter("capacityShareA");
      this.cDev = registerCounter("capacityDeviation");
    }
    this.tau = tau;
    this.amPeriod = amPeriod;
    this.launch = launch;
    this.bound = bound;
    this.wtMax = wtMax;
    this.placement = placement;
    this.rfMin = rfMin;
    this.dispatchKind = timerKind(this);
    this.cursorKind = timerKind(this);
    const rng = stream(STREAM_YAQ_PHASE);
    for (let n = 0; n < nNodes; n++) this.phase[n] = rng.nextFloat() * tau;
    // Nodes in phase order (equal phases: lower id first), by repeated argmin on a min-tree.
    const tmp = new MinTree(nNodes);
    for (let n = 0; n < nNodes; n++) tmp.set(n, this.phase[n]);
    for (let k = 0; k < nNodes; k++) {
      const n = tmp.minIndex();
      tmp.set(n, Infinity);
      this.byPhase[k] = n;
      this.sortedPhase[k] = this.phase[n];
      this.rankOf[n] = k;
    }
    this.bucketScale = <f64>nNodes / tau;
    for (let k = 0; k < nNodes; k++) this.bucketFirst[this.phaseBucket(this.sortedPhase[k]) + 1]++;
    for (let b = 0; b < nNodes; b++) this.bucketFirst[b + 1] += this.bucketFirst[b];
    this.lastBeat.fill(-Infinity);
    this.batchTail.fill(-1);
    this.dueCycle.fill(-1.0);
    this.freeView = nNodes * this.r;
    for (let n = 0; n < nNodes; n++) {
      this.room.set(this.rankOf[n], true);
      if (this.views) {
        const v = this.key(n);
        this.candKey[n] = v;
        this.candidates.set(n, v);
      }
    }
  }

  /** The bucket of a phase (or of a time within a cycle) in [0, nNodes): monotone in x. */
  phaseBucket(x: f64): i32 {
    const b = Math.floor(x * this.bucketScale);
    if (!(b >= 0.0)) return 0;
    return b >= <f64>nNodes ? nNodes - 1 : <i32>b;
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
    this.amPhase[job] = this.amRng.nextFloat() * this.amPeriod;
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
      const q = this.queueOf(job);
      this.measure(now);
      this.pendQ[q] += count;
      this.waitQ[q] += count;
      (q == 0 ? this.pendingJobs : this.pendingJobsB).set(job, this.jobKey(job));
    } else {
      this.pendingJobs.set(job, this.jobKey(job));
    }
    this.planCursor(now);
  }

  // ---- capacity queues (E9) -----------------------------------------------------------------
  /** Queue A (0): the trace's first user or no user column; B (1): every other user. */
  queueOf(job: i32): i32 {
    const u = userColumn();
    return u.length > 0 && u[job] != 0 ? 1 : 0;
  }

  /** The capacity scheduler's choice (§7 #23): the queue with pending tasks whose running +
   *  queued tasks (RM view) are the smallest multiple of its capacity; ties: A. */
  pickQueue(): i32 {
    if (this.pendQ[1] == 0) return 0;
    if (this.pendQ[0] == 0) return 1;
    const a = this.capOf[0] > 0.0 ? <f64>this.usedQ[0] / this.capOf[0] : Infinity;
    const b = this.capOf[1] > 0.0 ? <f64>this.usedQ[1] / this.capOf[1] : Infinity;
    return b < a ? 1 : 0;
  }

  /** The share measurement up to `now` (while both queues have waiting tasks). */
  measure(now: f64): void {
    const dt = now - this.lastT;
    this.lastT = now;
    if (!(dt > 0.0) || this.waitQ[0] <= 0 || this.waitQ[1] <= 0) return;
    this.windowT += dt;
    const occ = this.runQ[0] + this.runQ[1];
    if (occ > 0) {
      const a = <f64>this.runQ[0] / <f64>occ;
      this.occT += dt;
      this.shareSum += dt * a;
      this.devSum += dt * Math.abs(a - this.capOf[0]);
      setCounter(this.cShareA, this.shareSum / this.occT);
      setCounter(this.cDev, this.devSum / this.occT);
    }
    setCounter(this.cWindow, this.windowT);
  }

  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {
    if (this.capacity) {
      const q = this.queueOf(job);
      this.measure(now);
      this.runQ[q]++;
      this.waitQ[q]--;
    }
    super.onTaskStart(node, task, job, now);
  }

  // ---- the RM's view of a node ----------------------------------------------------------
  outstanding(n: i32): i32 { return this.assigned[n] - this.reported[n]; }

  hasQueueRoom(n: i32): bool {
    const out = this.outstanding(n);
    if (out < this.r) return true;
    return <f64>(out - this.r) < this.bound && this.wtView[n] < this.wtMax;
  }

  /** Candidate key (Algorithm 1's load; smaller is better): −free slots, else the queue length
   *  or the wait-time estimate; Infinity without room; random placement: 0 for every node with
   *  room (the draw is made in pick). */
  key(n: i32): f64 {
    if (!this.hasQueueRoom(n)) return Infinity;
    const out = this.outstanding(n);
    if (out < this.r) return <f64>(out - this.r);
    if (this.placement == LOAD_RANDOM) return 0.0;
    if (this.placement == LOAD_LENGTH) return <f64>(out - this.r);
    return this.wtView[n];
  }

  /** Actual room: the node's next heartbeat will find a free slot (yarn-q: a free slot or queue
   *  room), counting every task assigned to it that has not completed. */
  updateRoom(n: i32): void {
    const out = this.assigned[n] - this.completed[n];
    const cap = this.placement == LOAD_HEARTBEAT ? <f64>this.r + this.bound : <f64>this.r;
    this.room.set(this.rankOf[n], <f64>out < cap);
  }

  // ---- heartbeats -------------------------------------------------------------------------
  /** Time of node n's last heartbeat at or before t (rounding corrected). */
  beatAtOrBefore(n: i32, t: f64): f64 {
    const k = Math.floor((t - this.phase[n]) / this.tau);
    const next = this.phase[n] + (k + 1.0) * this.tau;
    return next <= t ? next : this.phase[n] + k * this.tau;
  }

  /** Time of node n's first heartbeat strictly after t. */
  nextBeat(n: i32, t: f64): f64 {
    failUnlessAdvances(t, this.tau);
    let at = this.beatAtOrBefore(n, t) + this.tau;
    if (at <= t) at += this.tau;
    return at;
  }

  dueBits(cycle: f64): NextSet { return cycle - 2.0 * Math.floor(0.5 * cycle) == 0.0 ? this.dueBits0 : this.dueBits1; }

  /** A change at node n (yaq-c): its view must be refreshed at its next heartbeat. */
  dirty(n: i32, now: f64): void {
    if (!this.views || this.dueCycle[n] >= 0.0) return;
    this.refreshDue(now); // keeps every due cycle within {pc, pc + 1}
    const tau = this.tau;
    const ph = this.phase[n];
    let k = Math.floor((now - ph) / tau) + 1.0;
    if (k * tau + ph <= now) k += 1.0;
    else if ((k - 1.0) * tau + ph > now) k -= 1.0;
    this.dueCycle[n] = k;
    const rank = this.rankOf[n];
    this.dueBits(k).set(rank, true);
    // refreshDue's next work: this heartbeat if it is in cycle pc (at a rank >= pr: earlier ones
    // have passed), else (the first due one) the end of cycle pc; never after the end of cycle pc
    // (rounding: the loop's tests are its own expressions).
    const end = (this.pc + 1.0) * tau;
    let at = k == this.pc ? this.pc * tau + this.sortedPhase[rank] : (this.dueCount == 0 ? end : Infinity);
    if (at > end) at = end;
    if (this.dueCount == 0 || at < this.dueX) this.dueX = at;
    this.dueCount++;
  }

  clearDue(n: i32): void {
    const k = this.dueCycle[n];
    if (k < 0.0) return;
    this.dueBits(k).set(this.rankOf[n], false);
    this.dueCycle[n] = -1.0;
    this.dueCount--;
  }

  /** yaq-c: the nodes whose heartbeat after a change has passed report (their state now), in
   *  heartbeat order. */
  refreshDue(now: f64): void {
    if (!this.views) return;
    if (this.dueCount > 0 && now < this.dueX) return; // (the loop below would break at once)
    const tau = this.tau;
    while (this.dueCount > 0) {
      const bits = this.dueBits(this.pc);
      const r = bits.next(this.pr);
      if (r >= 0) {
        const at = this.pc * tau + this.sortedPhase[r];
        if (at > now) {
          const end = (this.pc + 1.0) * tau;
          this.dueX = at < end ? at : end;
          break;
        }
        const n = this.byPhase[r];
        this.clearDue(n);
        this.report(n, now);
        this.pr = r + 1;
        continue;
      }
      const end = (this.pc + 1.0) * tau;
      if (end > now) { this.dueX = end; break; }
      this.pc += 1.0;
      this.pr = 0;
    }
    if (this.dueCount == 0) {
      const c = Math.floor(now / tau);
      if (c > this.pc) { this.pc = c; this.pr = 0; }
    }
  }

  /** yaq-c: the earliest due heartbeat's node (its time in dueAt), or -1. */
  dueAt: f64 = Infinity;
  nextDue(): i32 {
    this.dueAt = Infinity;
    if (this.dueCount == 0) return -1;
    let r = this.dueBits(this.pc).next(this.pr);
    if (r >= 0) { this.dueAt = this.pc * this.tau + this.sortedPhase[r]; return this.byPhase[r]; }
    r = this.dueBits(this.pc + 1.0).next(0);
    if (r >= 0) { this.dueAt = (this.pc + 1.0) * this.tau + this.sortedPhase[r]; return this.byPhase[r]; }
    return -1;
  }

  /** The RM learns node n's completions and (yaq-c) its wait-time estimate. */
  report(n: i32, now: f64): void {
    const before = this.freeOf(n);
    this.reported[n] = this.completed[n];
    if (this.capacity) {
      for (let q = 0; q < 2; q++) {
        this.usedQ[q] -= this.completedQ[2 * n + q] - this.reportedQ[2 * n + q];
        this.reportedQ[2 * n + q] = this.completedQ[2 * n + q];
      }
    }
    this.freeView += this.freeOf(n) - before;
    if (this.views) {
      this.wtView[n] = this.placement == LOAD_WAIT || this.wtMax < Infinity ? this.waitTime(n, now) : 0.0;
      this.setCandidate(n, this.key(n));
    }
  }

  /** Whether the next heartbeat of any node can place pending tasks into queues (yaq-c). */
  queueingOpen(): bool {
    if (!this.views) return false;
    if (<f64>this.freeView > this.rfMin * <f64>(nNodes * this.r)) return false;
    this.flushCandidates();
    return this.candidates.minValue() < Infinity;
  }

  /** Plans the next heartbeat that can place pending tasks (see the header). */
  planCursor(now: f64): void {
    if (this.pending == 0) {
      if (this.cursorSet) { cancelTimer(this.cursorHandle); this.cursorSet = false; }
      return;
    }
    const tau = this.tau;
    failUnlessAdvances(now, tau);
    this.refreshDue(now);
    const cycle = Math.floor(now / tau);
    const f = now - cycle * tau;
    // First rank whose phase is after f: every rank below bucketFirst[bucket of f] has a phase
    // in a lower bucket, so below f; the few of f's bucket are stepped over.
    let lo = this.bucketFirst[this.phaseBucket(f)];
    const sp = this.sortedPhase;
    while (lo < nNodes && sp[lo] <= f) lo++;
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
      at = c * tau + this.sortedPhase[rank];
      if (at <= now) at += tau;
      node = this.byPhase[rank];
    }
    // yaq-c: a changed node's next heartbeat refreshes its view, which may open queue room.
    if (this.views) {
      const d = this.nextDue();
      if (d >= 0 && this.dueAt < at) { at = this.dueAt; node = d; }
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
    if (kind == this.dispatchKind) {
      // A batch (head record a, job b) launched: its tasks leave for their nodes.
      if (this.batchAt[b] == now) this.batchTail[b] = -1; // closed: later ones start a new batch
      sendBegin();
      let rec = a;
      while (rec >= 0) {
        const next = this.batchNext[rec];
        sendTo(this.batchNode[rec], b, this.batchTask[rec]);
        this.batchNext[rec] = this.batchFree;
        this.batchFree = rec;
        rec = next;
      }
      sendEnd(now);
      return;
    }
    this.cursorSet = false;
    this.refreshDue(now);
    this.beat(a, now);
    this.planCursor(now);
  }

  /** Node n's heartbeat at `now`. */
  beat(n: i32, now: f64): void {
    const bt = this.beatAtOrBefore(n, now);
    if (this.lastBeat[n] > bt - 0.5 * this.tau) return; // this heartbeat was simulated already
    this.lastBeat[n] = bt;
    count(this.cBeats, 1.0);
    // The RM learns n's completions and (yaq-c) its wait-time estimate.
    if (this.views) this.clearDue(n);
    this.report(n, now);
    // (a) n's free slots, YARN-style.
    while (this.pending > 0 && this.outstanding(n) < this.r) this.assign(n, now);
    if (this.pending == 0) return;
    // (b) queues.
    if (this.placement == LOAD_HEARTBEAT) {
      while (this.pending > 0 && <f64>(this.outstanding(n) - this.r) < this.bound) this.assign(n, now);
    } else if (this.views) {
      while (this.pending > 0 && this.queueingOpen()) this.assign(this.pick(), now);
    }
  }

  freeOf(n: i32): i32 {
    const f = this.r - this.outstanding(n);
    return f > 0 ? f : 0;
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

  /** The next pending task (EJF over jobs) goes to node n. */
  assign(n: i32, now: f64): void {
    let q = 0;
    if (this.capacity) {
      q = this.pickQueue();
      this.pendQ[q]--;
      this.usedQ[q]++;
    }
    const tree = q == 0 ? this.pendingJobs : this.pendingJobsB;
    const job = tree.minIndex();
    const task = nextUnlaunchedTask(job);
    this.pending--;
    if (jobUnlaunched(job) == 0) tree.set(job, Infinity);
    const out = this.outstanding(n);
    if (out < this.r) this.freeView--;
    else this.wtView[n] += this.order.estOf(task, job) / <f64>this.r; // §7 #6
    this.assigned[n]++;
    if (this.views) this.setCandidate(n, this.key(n));
    this.updateRoom(n);
    // RM -> AM (its next heartbeat) -> launch -> node.
    let wait = 0.0;
    const p = this.amPeriod;
    if (p > 0.0) {
      const ph = this.amPhase[job];
      let at = ph + Math.ceil((now - ph) / p) * p;
      if (at < now) at += p;
      wait = at - now;
    }
    const at = now + wait + this.launch;
    let rec = this.batchFree;
    if (rec >= 0) this.batchFree = this.batchNext[rec];
    else {
      rec = this.batchTop++;
      if (rec >= this.batchTask.length) fail(E_SLOT_OVERSUBSCRIBED, n); // (the bound above)
    }
    this.batchTask[rec] = task;
    this.batchNode[rec] = n;
    this.batchNext[rec] = -1;
    const tail = this.batchTail[job];
    if (tail >= 0 && this.batchAt[job] == at) {
      this.batchNext[tail] = rec;
    } else {
      this.batchAt[job] = at;
      setTimer(at, this.dispatchKind, rec, job);
    }
    this.batchTail[job] = rec;
  }

  accept(node: i32, job: i32, task: i32, now: f64): bool {
    this.noteQueued(task, now);
    this.dirty(node, now);
    return true;
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    if (this.capacity) {
      const q = this.queueOf(job);
      this.measure(now);
      this.runQ[q]--;
      this.completedQ[2 * node + q]++;
    }
    this.completed[node]++;
    this.updateRoom(node);
    this.dirty(node, now);
    this.taskDone(node, task, job, now);
    if (this.globalOrder == GLOBAL_SRJF || this.globalOrder == GLOBAL_LRTF) {
      // The job's remaining work or tasks changed: its place in the RM's order, if pending.
      const tree = this.capacity && this.queueOf(job) == 1 ? this.pendingJobsB : this.pendingJobs;
      if (tree.get(job) < Infinity) tree.set(job, this.jobKey(job));
    }
    if (this.pending > 0) this.planCursor(now);
  }
}


/** The answers of a MinTree over the nodes' loads (the lowest load, then the lowest id) where a
 *  load is either −(free slots), an integer in [−r, −1], or ≥ 0 (or +Infinity). The negative
 *  ones are kept in a LevelIndex by their level (O(1) per change: many nodes tie there, and a
 *  change of a tree's lowest tied id climbs to its root); every negative load is below every
 *  other, so the lowest level's lowest id, if any, is the answer. The others are in a segment
 *  tree (a node with free slots holds +Infinity there), which is read only when no node has a
 *  free slot: changes are noted (val, a list of changed nodes) and enter the tree when it is
 *  read (the tree is a function of its leaves, whatever the order of the sets). */
export class LoadMin {
  n: i32;
  r: i32;
  split: bool;
  val: Float64Array;
  tree: WideMin;
  free: LevelIndex;
  queued: Uint8Array;
  changed: Int32Array;
  nChanged: i32 = 0;

  /** `n` nodes, every one at −r (all slots free). */
  constructor(n: i32, r: i32) {
    const split = r <= MAX_LEVELS;
    this.n = n;
    this.r = r;
    this.split = split;
    const val = new Float64Array(n);
    const tree = new WideMin(n, split ? Infinity : <f64>(-r));
    this.val = val;
    this.tree = tree;
    this.free = new LevelIndex(split ? n : 0, split ? r : 0, split ? 0 : -1);
    this.queued = new Uint8Array(n);
    this.changed = new Int32Array(n);
    val.fill(<f64>(-r));
  }

  get(i: i32): f64 { return this.val[i]; }

  /** The value node i holds in the tree. */
  private treeValue(v: f64): f64 { return this.split && v < 0.0 ? Infinity : v; }

  set(i: i32, v: f64): void {
    const old = this.val[i];
    this.val[i] = v;
    if (this.split && (v < 0.0 || old < 0.0)) this.free.set(i, v < 0.0 ? <i32>v + this.r : -1);
    if (this.treeValue(v) != this.treeValue(old) && this.queued[i] == 0) {
      this.queued[i] = 1;
      this.changed[this.nChanged++] = i;
    }
  }

  minIndex(): i32 {
    if (this.split) {
      const m = this.free.minIndex();
      if (m >= 0) return m;
    }
    const c = this.nChanged;
    if (c > 0) {
      const tree = this.tree;
      const list = this.changed;
      for (let k = 0; k < c; k++) {
        const i = list[k];
        tree.set(i, this.treeValue(this.val[i]));
        this.queued[i] = 0;
      }
      this.nChanged = 0;
    }
    return this.tree.minIndex();
  }
}

export class YaqDist extends YaqBase {
  placement: i32;
  tau: f64;
  topK: i32;
  probeRatio: f64;
  rebalance: bool;
  rng: Rng = stream(STREAM_YAQ_PLACE);
  /** The job managers' view of every node's load (wait, length, topK placement); hasTree. */
  tree: LoadMin;
  hasTree: bool;
  /** The usage monitor's epoch of each node's view, and nodes changed since it. */
  epoch: Float64Array = new Float64Array(nNodes);
  stale: Uint8Array = new Uint8Array(nNodes);
  staleList: Int32Array = new Int32Array(nNodes);
  staleCount: i32 = 0;
  view: Float64Array = new Float64Array(nNodes);
  inFlight: Int32Array = new Int32Array(nNodes);
  topNodes: Int32Array;
  probed: Int32Array;
  probeLoad: Float64Array;
  perm: Int32Array = new Int32Array(nNodes);
  probeHeap: Int32Array = new Int32Array(nNodes);
  queued: i32 = 0;
  rebalanceKind: i32;
  replaceKind: i32;
  rebalancing: bool = false;
  cEvicted: i32;

  constructor(order: i32, st: f64, stR: f64, maxJobs: f64, placement: i32, tau: f64, topK: i32, probeRatio: f64,
              rebalance: bool) {
    super(order, st, stR, maxJobs);
    this.cEvicted = registerCounter("rebalanced");
    const hasTree = placement != LOAD_SAMPLING && placement != LOAD_RANDOM;
    this.hasTree = hasTree;
    this.tree = new LoadMin(hasTree ? nNodes : 1, slotsPerNode);
    this.placement = placement;
    this.tau = tau;
    this.topK = topK;
    this.probeRatio = probeRatio;
    this.rebalance = rebalance;
    this.topNodes = new Int32Array(topK > 0 ? topK : 1);
    this.probed = new Int32Array(nNodes);
    this.probeLoad = new Float64Array(nNodes);
    for (let n = 0; n < nNodes; n++) this.perm[n] = n;
    this.epoch.fill(-1.0);
    this.rebalanceKind = timerKind(this);
    this.replaceKind = timerKind(this);
    // Every node starts empty: r free slots (LoadMin's start; the engine's node state is not set
    // up yet here).
  }

  /** The load a node reports now: −free slots, else its wait-time estimate (yaq-d wait) or its
   *  queue length (length, mercury); tasks in flight to it count as placed. */
  stateLoad(n: i32, now: f64): f64 {
    const tasks = nodeBusy(n) + queueLength(n) + this.inFlight[n];
    if (tasks < this.r) return <f64>(tasks - this.r);
    if (this.placement == LOAD_WAIT) return this.waitTime(n, now);
    return <f64>(tasks - this.r);
  }

  /** The UM's refresh epoch of time t (refreshes at k x τ). */
  epochOf(t: f64): f64 { return Math.floor(t / this.tau); }

  /** Node n is about to change at `now`: if a refresh passed since its view was taken, the view
   *  becomes its state now (before the change), which is its state at that refresh. */
  beforeChange(n: i32, now: f64): void {
    if (!this.hasTree) return;
    const e = this.epochOf(now);
    if (this.epoch[n] < e) {
      this.epoch[n] = e;
      this.view[n] = this.stateLoad(n, now);
      this.tree.set(n, this.view[n]);
    }
    if (this.stale[n] == 0) { this.stale[n] = 1; this.staleList[this.staleCount++] = n; }
  }

  /** A decision at `now`: nodes changed before the last refresh get their state as view. */
  refreshViews(now: f64): void {
    const e = this.epochOf(now);
    let i = 0;
    while (i < this.staleCount) {
      const n = this.staleList[i];
      if (this.epoch[n] < e) {
        this.epoch[n] = e;
        this.view[n] = this.stateLoad(n, now);
        this.tree.set(n, this.view[n]);
        this.stale[n] = 0;
        this.staleList[i] = this.staleList[--this.staleCount];
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
      if (this.hasTree) this.refreshViews(now);
      for (let i = 0; i < count; i++) this.placeOne(nextUnlaunchedTask(job), job);
    }
    sendEnd(now);
  }

  placeOne(task: i32, job: i32): void {
    let n = 0;
    if (this.placement == LOAD_RANDOM) n = this.rng.nextInt(nNodes);
    else if (this.placement == LOAD_TOPK) n = this.pickTopK();
    else n = this.tree.minIndex();
    this.sendTask(n, task, job);
  }

  sendTask(n: i32, task: i32, job: i32): void {
    this.inFlight[n]++;
    if (this.hasTree) {
      // The job manager's own placement since the refresh (§7 #6): a free slot, or WT += est / r.
      const v = this.tree.get(n);
      let nv = v + 1.0;
      if (v >= 0.0 && this.placement == LOAD_WAIT) nv = v + this.order.estOf(task, job) / <f64>this.r;
      if (v < 0.0 && nv > 0.0) nv = 0.0;
      this.tree.set(n, nv);
    }
    sendTo(n, job, task);
  }

  /** Mercury: a uniformly random node among the topK least loaded in the view. */
  pickTopK(): i32 {
    const k = this.topK < nNodes ? this.topK : nNodes;
    const tree = this.tree;
    const saved = this.probeLoad;
    for (let i = 0; i < k; i++) {
      const n = tree.minIndex();
      this.topNodes[i] = n;
      saved[i] = tree.get(n);
      tree.set(n, Infinity);
    }
    for (let i = 0; i < k; i++) tree.set(this.topNodes[i], saved[i]);
    return this.topNodes[this.rng.nextInt(k)];
  }

  /** Batch sampling (Sparrow, d = probeRatio): min(d x m, N) distinct random nodes probed now;
   *  the m tasks go greedily to the least loaded (running + queued + in flight), the load
   *  counted up after each. */
  sample(job: i32, m: i32): void {
    let p = toI32c(Math.ceil(this.probeRatio * <f64>m));
    if (p > nNodes) p = nNodes;
    const perm = this.perm;
    for (let i = 0; i < p; i++) {
      const j = i + this.rng.nextInt(nNodes - i);
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
    this.queued++;
    if (this.rebalance && !this.rebalancing) {
      this.rebalancing = true;
      setTimer((this.epochOf(now) + 1.0) * this.tau, this.rebalanceKind, 0, 0);
    }
    return true;
  }

  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {
    this.queued--;
    super.onTaskStart(node, task, job, now);
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    this.beforeChange(node, now);
    this.taskDone(node, task, job, now);
  }

  onTimer(kind: i32, a: i32, b: i32, now: f64): void {
    if (kind == this.replaceKind) {
      // A task given up by rebalancing is placed again by its job manager (Algorithm 1, fresh).
      if (this.hasTree) this.refreshViews(now);
      sendBegin();
      this.placeAgain(a, b);
      sendEnd(now);
      return;
    }
    this.rebalanceStep(now);
  }

  placeAgain(task: i32, job: i32): void {
    let n = 0;
    if (this.placement == LOAD_RANDOM) n = this.rng.nextInt(nNodes);
    else if (this.placement == LOAD_TOPK) n = this.pickTopK();
    else if (this.placement == LOAD_SAMPLING) n = this.rng.nextInt(nNodes);
    else n = this.tree.minIndex();
    this.sendTask(n, task, job);
  }

  /** Load shedding (spec §2.4 [R]): mean + 1.0 x stdev of the nodes' loads (queue wait or
   *  length, from their state now), queued tasks evicted from the lowest-priority end of each
   *  node above it. */
  rebalanceStep(now: f64): void {
    if (this.queued <= 0) { this.rebalancing = false; return; }
    let sum = 0.0;
    let sq = 0.0;
    const load = this.probeLoad;
    for (let n = 0; n < nNodes; n++) {
      const tasks = nodeBusy(n) + queueLength(n);
      const l = tasks <= this.r ? 0.0 : (this.placement == LOAD_WAIT ? this.waitTime(n, now) : <f64>(tasks - this.r));
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
        const e = this.order.evictAt(n, now);
        if (e < 0) break;
        const task = entryTask(e);
        const job = entryJob(e);
        this.beforeChange(n, now);
        removeAt(n, e);
        this.queued--;
        l -= this.placement == LOAD_WAIT ? this.order.estOf(task, job) / <f64>this.r : 1.0;
        count(this.cEvicted, 1.0);
        setTimer(now + netDelay, this.replaceKind, task, job);
      }
    }
    setTimer(now + this.tau, this.rebalanceKind, 0, 0);
  }
}

function toI32c(x: f64): i32 { return <i32>x; }

function common(p: Params): f64 { return p.num("maxConcurrentJobs"); }

export function createYarn(p: Params): Scheduler {
  return new YaqCentral(ORDER_FIFO, Infinity, Infinity, common(p), p.num("heartbeat"), p.num("amPeriod"),
    p.num("launch"), 0.0, Infinity, LOAD_HEARTBEAT, 0.0, Infinity);
}

export function createYarnQ(p: Params): Scheduler {
  return new YaqCentral(ORDER_FIFO, Infinity, Infinity, common(p), p.num("heartbeat"), p.num("amPeriod"),
    p.num("launch"), p.num("queue"), Infinity, LOAD_HEARTBEAT, 0.0, Infinity);
}

export function createYaqC(p: Params): Scheduler {
  const c = new YaqCentral(orderByName(p.choice("order")), p.num("ST"), p.num("STr"), common(p), p.num("heartbeat"),
    p.num("amPeriod"), p.num("launch"), p.num("queue"), p.num("maxWait"), loadByName(p.choice("placement")),
    p.num("rfMin") / 100.0, capacityA(p));
  const g = globalByName(p.choice("globalOrder"));
  c.globalOrder = g;
  if (g == GLOBAL_SJF) c.jobWork = new Float64Array(nJobs);
  estimation(c, p, c.phase);
  return c;
}

/** The estimate options and job-progress staleness (§7 #11-#13). */
function estimation(s: YaqBase, p: Params, phase: Float64Array): void {
  s.estimation(p.num("estNoise"), p.num("estRefine"), p.choice("estPrior") == "none", p.num("estDefault"),
    p.choice("progressStaleness") == "heartbeat", p.num("heartbeat"), phase);
}

/** Queue A's capacity as a fraction (Infinity: no capacity queues). */
function capacityA(p: Params): f64 { return p.num("capacityA") / 100.0; }

export function createYaqD(p: Params): Scheduler {
  const d = new YaqDist(orderByName(p.choice("order")), p.num("ST"), p.num("STr"), common(p),
    loadByName(p.choice("placement")), p.num("heartbeat"), 0, 0.0, p.flag("rebalance"));
  // The usage monitor's refreshes (k x τ) are the nodes' heartbeats: phase 0.
  estimation(d, p, p.choice("progressStaleness") == "heartbeat" ? new Float64Array(nNodes) : new Float64Array(0));
  return d;
}

export function createMercury(p: Params): Scheduler {
  return new YaqDist(ORDER_FIFO, Infinity, Infinity, common(p), LOAD_TOPK, p.num("heartbeat"), p.int("topK"), 0.0,
    p.flag("rebalance"));
}

export function createMercurySampling(p: Params): Scheduler {
  return new YaqDist(ORDER_FIFO, Infinity, Infinity, common(p), LOAD_SAMPLING, p.num("heartbeat"), 0,
    p.num("probeRatio"), false);
}
