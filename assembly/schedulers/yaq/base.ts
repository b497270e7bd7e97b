// Yaq (Rasley et al., EuroSys 2016; spec seed-yaq.md) and its baselines, on multi-slot nodes
// (r = --slots) whose queues the engine keeps. docs/models/yaq.md records every choice. The
// folder: base.ts (what every variant shares, below), order.ts (the node queues' order,
// Algorithm 3), central.ts with heartbeats.ts, dispatch.ts and capacity.ts (the RM: `yarn`,
// `yarn-q`, `yaq-c`), distributed.ts (the job managers: `yaq-d`, `mercury`, `mercury-sampling`),
// minima.ts (indexed minima), factories.ts (the catalogue's factories).
//
// Shared (YaqBase):
//  - Admission (spec §1.5, §7 #2): at most `maxJobs` jobs admitted at once; the others wait in
//    submission order and are admitted as admitted jobs finish.
//  - Estimates (§1.8, §7 #11): each task's estimate is the trace's per-task estimate (the stage
//    mean for the yaq-* workloads) or else its job's estimate; with `estPrior` = none every task
//    starts at `estDefault` (10 s: no previous runs). Options (off by default): `estNoise` = σ
//    multiplies each job-stage's estimates by one factor exp(σ Z), Z standard normal (Marsaglia's
//    polar method on stream 27, one draw per stage in job order; log and exp by + − × ÷ only,
//    toolkit/libm.ts, so both builds agree bit for bit); `estRefine` = k replaces a stage's
//    estimate, once k of its tasks completed, by the running mean of their observed durations
//    (updated at each completion; SRJF's remaining work follows in O(1) per completion). A stage
//    is a job's tasks with one `stage` label (the trace's column, or one stage per job without it).
//  - Node queues use YaqOrder (order.ts: SRJF, LRTF, STF, EJF with Algorithm 3's starvation
//    rule, or FIFO). Job-level keys (remaining work, remaining tasks) are read as of the node's
//    last heartbeat (`progressStaleness` = heartbeat, the default: spec §1.4 [R], §7 #12-#13)
//    or current (exact).
//  - Task queuing delay (§4.1 [R]): from the task's arrival in a node queue to its start, for
//    every task (0 for one that starts at once); counters queueDelayMean / Stdev / Median
//    (nearest rank), set when the last task starts.
import {
  Scheduler, nNodes, nTasks, nJobs, slotsPerNode, jobUnlaunched, taskEst, jobTasksLeft, stream, registerCounter,
  setCounter, nodeBusy, queueFirst, queueEnd, entryTask, entryJob, jobFirstTask, jobEstimate, counterValue,
  taskEstimate, taskStage,
} from "../../policy";
import { Rng } from "../../toolkit/rng";
import { portableExp, normalDraw } from "../../toolkit/libm";
import { kthSmallest } from "../../toolkit/select";
import { YaqOrder, OrderSettings, ORDER_SRJF, ORDER_LRTF } from "./order";

function taskEstColumn(): Float64Array { return taskEstimate; }

/** Yaq's estimate-noise stream (20-29 are Yaq's, rng.ts; 23-26 its workload generators'). */
export const STREAM_YAQ_NOISE: i32 = 27;

/** How a node's load is judged when a task is placed (Algorithm 1's load, or a baseline's rule). */
export const LOAD_WAIT: i32 = 0;      // the wait-time estimate (Algorithm 2)
export const LOAD_LENGTH: i32 = 1;    // the queue length
export const LOAD_RANDOM: i32 = 2;    // none: a random node with room
export const LOAD_HEARTBEAT: i32 = 3; // yarn-q: the heartbeating node
export const LOAD_TOPK: i32 = 4;      // mercury
export const LOAD_SAMPLING: i32 = 5;  // mercury-sampling

/** The estimate options (§7 #11; off by default: the trace's estimates as they are). */
export class EstimateSettings {
  /** σ of the per-stage lognormal estimate noise (0: off). */
  noise: f64 = 0.0;
  /** k: a stage's estimate becomes the mean of its observed durations after k completions
   *  (Infinity: off). */
  refineAfter: f64 = Infinity;
  /** No prior estimates: every task starts at `fallback` seconds (`estDefault`). */
  noPrior: bool = false;
  fallback: f64 = 10.0;
}

/** What every variant reads: the node queues' order, admission, the heartbeat period and the
 *  estimate options (the defaults: exact estimates from the trace, no staleness). */
export class YaqSettings {
  queueOrder: OrderSettings = new OrderSettings();
  /** Jobs admitted at once (`maxConcurrentJobs`; Infinity: no cap). */
  maxJobs: f64 = Infinity;
  /** τ: the node managers' heartbeat period (centralized), the usage monitor's refresh period
   *  (distributed), in seconds. */
  heartbeat: f64 = 3.0;
  /** The estimate options (§7 #11). */
  estimates: EstimateSettings = new EstimateSettings();
  /** Job-level keys as of the node's last heartbeat (`progressStaleness` = heartbeat). */
  staleProgress: bool = false;
}

/** Shared: estimates, admission, queue order, queuing delays. */
export class YaqBase extends Scheduler {
  /** r: slots per node. */
  slots: i32 = slotsPerNode;
  /** Estimates (YaqOrder.est): per job, or per task when a job's tasks may differ (the trace's
   *  per-task estimates, noise or refinement); set by the first onJobsAdded. */
  est: Float64Array = new Float64Array(0);
  remaining: Float64Array;
  /** Per task: when it joined its node queue; from its start on, its queuing delay (the median
   *  is taken over this column once every task started: no separate column of delays). */
  queuedAt: Float64Array;
  nodeOrder: YaqOrder;
  maxJobs: f64;
  admitted: i32 = 0;
  nextAdmit: i32 = 0;
  arrived: i32 = 0;
  started: i32 = 0;
  delaySum: f64 = 0.0;
  delaySquares: f64 = 0.0;
  // Counters are registered in the constructors' bodies: the two builds run field initializers
  // of a subclass and its base in different orders, and the order of registration is the output's.
  delayMeanCounter: i32;
  delayStdevCounter: i32;
  delayMedianCounter: i32;
  delayMaxCounter: i32;
  scratch: Float64Array = new Float64Array(slotsPerNode);
  /** The task on each slot of each node (-1: free), its job and its start: Algorithm 2 reads
   *  the running tasks (per slot, not per task: the run's memory is per-task columns' pages). */
  running: Int32Array = new Int32Array(nNodes * slotsPerNode);
  runJob: Int32Array = new Int32Array(nNodes * slotsPerNode);
  runStart: Float64Array = new Float64Array(nNodes * slotsPerNode);

  /** The estimate options (YaqSettings.estimates, set by setUpEstimates). */
  estimates: EstimateSettings = new EstimateSettings();
  noiseRng: Rng = stream(STREAM_YAQ_NOISE);
  /** Stages (with noise or refinement): the label of each, and per stage the current estimates
   *  of its non-completed tasks summed, their number, its completions and their durations. */
  nStages: i32 = 0;
  stageLabel: Int32Array = new Int32Array(0);
  stageContrib: Float64Array = new Float64Array(0);
  stageLeft: Int32Array = new Int32Array(0);
  stageDone: Int32Array = new Int32Array(0);
  stageSum: Float64Array = new Float64Array(0);

  constructor(s: YaqSettings) {
    super();
    this.delayMeanCounter = registerCounter("queueDelayMean");
    this.delayStdevCounter = registerCounter("queueDelayStdev");
    this.delayMedianCounter = registerCounter("queueDelayMedian");
    this.delayMaxCounter = registerCounter("queueDelayMax");
    const remaining = new Float64Array(nJobs);
    const queuedAt = new Float64Array(nTasks);
    queuedAt.fill(-1.0);
    const discipline = new YaqOrder(s.queueOrder, queuedAt, remaining);
    this.remaining = remaining;
    this.queuedAt = queuedAt;
    this.nodeOrder = discipline;
    this.dagAware = true;
    this.watchesStarts = true;
    this.maxJobs = s.maxJobs;
    this.discipline = discipline;
    this.running.fill(-1);
  }

  /** The estimate options (§7 #11) and job-progress staleness (§7 #12-#13; `phase`: each node's
   *  heartbeat phase, period s.heartbeat). Called by the subclasses' constructors once the
   *  phases are known, before any job is added. */
  setUpEstimates(s: YaqSettings, phase: Float64Array): void {
    const noise = s.estimates.noise;
    const refineAfter = s.estimates.refineAfter;
    this.estimates = s.estimates;
    const o = this.nodeOrder;
    if (noise > 0.0 || refineAfter < Infinity) {
      this.stageLabel = new Int32Array(nTasks);
      this.stageContrib = new Float64Array(nTasks);
      this.stageLeft = new Int32Array(nTasks);
      this.stageDone = new Int32Array(nTasks);
      this.stageSum = new Float64Array(nTasks);
      o.stageOf = new Int32Array(nTasks);
      o.stageRef = new Float64Array(nTasks);
      o.stageRef.fill(-1.0);
      o.refine = refineAfter < Infinity;
    }
    if (s.staleProgress && (o.strategy == ORDER_SRJF || o.strategy == ORDER_LRTF)) {
      o.setupStale(nJobs, s.heartbeat, phase);
    }
  }

  onJobsAdded(from: i32, to: i32): void {
    const hasTaskEst = taskEstColumn().length > 0;
    const staged = this.stageLabel.length > 0;
    const labels = taskStage;
    const o = this.nodeOrder;
    if (from == 0) {
      // Per-job estimates unless a job's tasks may differ (no per-task column otherwise).
      const perTask = hasTaskEst || staged;
      this.est = new Float64Array(perTask ? nTasks : nJobs);
      o.est = this.est;
      o.perTask = perTask;
    }
    const perTask = o.perTask;
    const noPrior = this.estimates.noPrior;
    const fallback = this.estimates.fallback;
    const noise = this.estimates.noise;
    for (let j = from; j < to; j++) {
      let w = 0.0;
      const s0 = this.nStages;
      for (let t = jobFirstTask[j]; t < jobFirstTask[j + 1]; t++) {
        // (jobEst is sealed only after onJobsAdded: read the trace's columns here)
        let e = noPrior ? fallback : (hasTaskEst ? taskEst(t, j) : jobEstimate[j]);
        if (staged) {
          // The task's stage: the job's stage with its label, else a new one (its noise drawn now).
          const label = labels.length > 0 ? labels[t] : 0;
          let s = s0;
          while (s < this.nStages && this.stageLabel[s] != label) s++;
          if (s == this.nStages) {
            this.stageLabel[s] = label;
            this.nStages++;
            // The stage's noise factor, kept in stageSum until the job's tasks are set.
            this.stageSum[s] = noise > 0.0 && !noPrior ? portableExp(noise * normalDraw(this.noiseRng)) : 1.0;
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
      if (o.stale) o.initialWork[j] = w;
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
    let k = node * this.slots;
    while (this.running[k] >= 0) k++;
    this.running[k] = task;
    this.runJob[k] = job;
    this.runStart[k] = now;
    const d = now - this.queuedAt[task];
    this.queuedAt[task] = d; // (no longer queued: the column now holds its delay)
    this.started++;
    this.delaySum += d;
    this.delaySquares += d * d;
    if (d > counterValue(this.delayMaxCounter)) setCounter(this.delayMaxCounter, d);
    if (this.started == nTasks) this.finishDelays();
  }

  finishDelays(): void {
    const n = <f64>this.started;
    const mean = this.delaySum / n;
    const v = this.delaySquares / n - mean * mean;
    setCounter(this.delayMeanCounter, mean);
    setCounter(this.delayStdevCounter, Math.sqrt(v > 0.0 ? v : 0.0));
    const rank = <i32>Math.ceil(0.5 * n);
    // Every task started: queuedAt holds every delay (the k-th smallest value does not depend
    // on the order they were stored in).
    setCounter(this.delayMedianCounter, kthSmallest(this.queuedAt, this.started, (rank < 1 ? 1 : rank) - 1));
  }

  /** A task of `job` ended at `node` (bookkeeping; subclasses add theirs). */
  taskDone(node: i32, task: i32, job: i32, now: f64): void {
    let k = node * this.slots;
    while (this.running[k] != task) k++;
    this.running[k] = -1;
    const started = this.runStart[k];
    const o = this.nodeOrder;
    const e = o.estOf(task, job);
    this.remaining[job] -= e;
    if (o.refine) {
      // Runtime refinement (§7 #11): the stage's running mean of observed durations after k.
      const s = o.stageOf[task];
      this.stageContrib[s] -= e;
      this.stageLeft[s]--;
      const d = ++this.stageDone[s];
      this.stageSum[s] += now - started;
      if (<f64>d >= this.estimates.refineAfter) {
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
    const r = this.slots;
    if (nodeBusy(n) < r) return 0.0;
    const s = this.scratch;
    let k = 0;
    for (let i = 0; i < r; i++) {
      const t = this.running[n * r + i];
      if (t < 0) continue;
      const left = this.nodeOrder.estOf(t, this.runJob[n * r + i]) - (now - this.runStart[n * r + i]);
      s[k++] = left > 0.0 ? left : 0.0;
    }
    if (k == 0) return 0.0;
    const end = queueEnd(n);
    for (let e = queueFirst(n); e < end; e++) {
      let m = 0;
      for (let i = 1; i < k; i++) if (s[i] < s[m]) m = i;
      s[m] += this.nodeOrder.estOf(entryTask(e), entryJob(e));
    }
    let m = s[0];
    for (let i = 1; i < k; i++) if (s[i] < m) m = s[i];
    return m;
  }
}
