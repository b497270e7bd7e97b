// Yaq's queue reordering at the nodes (spec seed-yaq.md §2.5-§2.6, Algorithm 3): a node with a
// free slot starts the queued task of highest priority —
//   1. a starved task before a non-starved one; starved = waited in this queue longer than
//      min(ST, ST_r x its duration estimate);
//   2. two non-starved tasks: the strategy's key (smaller first): SRJF the job's remaining work,
//      LRTF the job's remaining tasks, STF the task's estimate, EJF the job's submission time;
//      FIFO: the order of arrival at the node (no key, no starvation rule: Yaq-c "no reorder",
//      YARN+Q, Mercury);
//   3. two starved tasks: the earlier job first (EJF among starved);
//   4. then the task that has waited longer, then (for determinism, spec §2.5 [R]) the one nearer
//      the queue's head.
// Starvation status changes as time passes, so there is no static heap: every selection scans
// the queue (spec §2.5 [R]; Yaq-c's queues are short, Yaq-d's O(q) per start is fine). Tasks are
// never preempted (spec §7 #15). The job-level values (remaining work and tasks) are the
// scheduler's current ones pushed to the nodes without delay (`progressStaleness` = exact), or
// (= heartbeat, spec §1.3, §1.4 [R], §7 #12-#13) the values as of the node's last heartbeat:
// every change of a job's values happens at one of its completions, so each job keeps the
// history of its completions (time and remaining work after it, in its own tasks' index range)
// and a node reads the value after the completions at or before its last heartbeat (a binary
// search). A task's estimate is its stage's refined one once refinement set it (§7 #11).
import { NodeDiscipline, queueFirst, queueEnd, entryTask, entryJob, firstReadyEntry, lastReadyEntry, jobArrival,
  jobTasksLeft, jobFirstTask } from "../policy";

export const ORDER_FIFO: i32 = 0;
export const ORDER_EJF: i32 = 1;
export const ORDER_SRJF: i32 = 2;
export const ORDER_LRTF: i32 = 3;
export const ORDER_STF: i32 = 4;

export class YaqOrder extends NodeDiscipline {
  order: i32;
  st: f64;
  stR: f64;
  /** When each task joined its current node queue (set by the policy in accept; a task
   *  re-placed by rebalancing keeps its first time, spec §2.4 [R]). */
  queuedAt: Float64Array;
  /** The duration estimates (the policy's): per task when perTask, else per job (a job's tasks
   *  then share one). */
  est: Float64Array = new Float64Array(0);
  perTask: bool = false;
  /** SRJF: each job's remaining estimated work (the policy keeps it). */
  remaining: Float64Array;

  /** Runtime refinement (§7 #11): each task's stage and each stage's refined estimate (< 0: not
   *  refined yet); empty when off. */
  refine: bool = false;
  stageOf: Int32Array = new Int32Array(0);
  stageRef: Float64Array = new Float64Array(0);
  /** Heartbeat-stale job progress (§7 #12-#13): node n's heartbeats at phase[n] + k x tau; each
   *  job's completions (time, remaining work after it) at jobFirstTask[j] + i; its initial work. */
  stale: bool = false;
  tau: f64 = 0.0;
  phase: Float64Array = new Float64Array(0);
  histTime: Float64Array = new Float64Array(0);
  histRem: Float64Array = new Float64Array(0);
  rem0: Float64Array = new Float64Array(0);
  /** Per job, the last heartbeat time read and the completions known at it (Yaq-d's nodes share
   *  the usage monitor's refresh times, so a long queue's reads mostly hit). */
  cacheH: Float64Array = new Float64Array(0);
  cacheC: Int32Array = new Int32Array(0);

  constructor(order: i32, st: f64, stR: f64, queuedAt: Float64Array, remaining: Float64Array) {
    super();
    this.order = order;
    this.st = st;
    this.stR = stR;
    this.queuedAt = queuedAt;
    this.remaining = remaining;
  }

  /** The current estimate of `task` (of `job`): its stage's refined one, else its own. */
  estOf(task: i32, job: i32): f64 {
    if (this.refine) {
      const r = this.stageRef[this.stageOf[task]];
      if (r >= 0.0) return r;
    }
    return this.est[this.perTask ? task : job];
  }

  isStarved(task: i32, job: i32, t: f64): bool {
    if (this.order == ORDER_FIFO) return false;
    const limit = Math.min(this.st, this.estOf(task, job) * this.stR);
    return t - this.queuedAt[task] > limit;
  }

  /** The strategy's key of a non-starved task of `job` queued at `node` (smaller first); `h`:
   *  the node's last heartbeat at or before t (beatOf: read only with stale progress). */
  key(task: i32, job: i32, h: f64, t: f64): f64 {
    const o = this.order;
    if (o == ORDER_SRJF) return this.stale ? this.staleRemaining(job, h, t) : this.remaining[job];
    if (o == ORDER_LRTF) return this.stale ? this.staleLeft(job, h, t) : <f64>jobTasksLeft(job);
    if (o == ORDER_STF) return this.estOf(task, job);
    return jobArrival[job]; // EJF
  }

  /** The time of node n's last heartbeat at or before t. */
  lastBeat(n: i32, t: f64): f64 {
    const ph = this.phase[n];
    const tau = this.tau;
    let h = ph + Math.floor((t - ph) / tau) * tau;
    if (h > t) h -= tau;
    else if (h + tau <= t) h += tau;
    return h;
  }

  /** With stale progress, node n's last heartbeat at or before t (what key() reads), else 0. */
  beatOf(node: i32, t: f64): f64 { return this.stale ? this.lastBeat(node, t) : 0.0; }

  /** The job's completions at or before h, a node's last heartbeat at or before t. */
  knownDone(job: i32, h: f64, t: f64): i32 {
    // Completions at or before h < t are all recorded and no later one can be at or before h:
    // the count read at h holds for every read at h (at h == t a completion at t may follow).
    if (h < t && this.cacheH[job] == h) return this.cacheC[job];
    const f = jobFirstTask[job];
    let lo = 0;
    let hi = jobFirstTask[job + 1] - f - jobTasksLeft(job); // completions so far
    const ht = this.histTime;
    while (lo < hi) { // the first completion after h
      const mid = (lo + hi) >> 1;
      if (ht[f + mid] <= h) lo = mid + 1; else hi = mid;
    }
    if (h < t) { this.cacheH[job] = h; this.cacheC[job] = lo; }
    return lo;
  }

  staleRemaining(job: i32, h: f64, t: f64): f64 {
    const c = this.knownDone(job, h, t);
    return c == 0 ? this.rem0[job] : this.histRem[jobFirstTask[job] + c - 1];
  }

  staleLeft(job: i32, h: f64, t: f64): f64 {
    return <f64>(jobFirstTask[job + 1] - jobFirstTask[job] - this.knownDone(job, h, t));
  }

  /** A task of `job` completed at `t` (after the policy updated its remaining work). */
  noteDone(job: i32, t: f64): void {
    const i = jobFirstTask[job + 1] - jobTasksLeft(job) - 1;
    this.histTime[i] = t;
    this.histRem[i] = this.remaining[job];
  }

  /** Algorithm 3: > 0 when (task a, job ja) has the higher priority than (b, jb) at `t`, both
   *  queued at `node`. */
  compare(a: i32, ja: i32, b: i32, jb: i32, node: i32, t: f64): i32 {
    const sa = this.isStarved(a, ja, t);
    const sb = this.isStarved(b, jb, t);
    if (sa != sb) return sa ? 1 : -1;
    if (!sa) {
      const h = this.beatOf(node, t);
      const ka = this.key(a, ja, h, t);
      const kb = this.key(b, jb, h, t);
      if (ka < kb) return 1;
      if (ka > kb) return -1;
    } else {
      const aa = jobArrival[ja];
      const ab = jobArrival[jb];
      if (aa < ab) return 1;
      if (aa > ab) return -1;
    }
    const qa = this.queuedAt[a];
    const qb = this.queuedAt[b];
    if (qa < qb) return 1; // waited longer
    if (qa > qb) return -1;
    return 0;
  }

  select(node: i32, t: f64): i32 {
    if (this.order == ORDER_FIFO) return firstReadyEntry(node);
    // Algorithm 3 as compare() defines it, with the best record's values kept (one evaluation
    // per record): starved first; non-starved by key; starved by job submission; then the
    // longer wait; ties keep the record nearer the head.
    const end = queueEnd(node);
    let best = -1;
    let bStarved = false;
    let bKey = 0.0;
    let bQueued = 0.0;
    const st = this.st;
    const stR = this.stR;
    const h = this.beatOf(node, t); // (the same for every record)
    for (let r = queueFirst(node); r < end; r++) {
      const task = entryTask(r);
      const job = entryJob(r);
      const q = this.queuedAt[task];
      const limit = Math.min(st, this.estOf(task, job) * stR);
      const starved = t - q > limit;
      const key = starved ? jobArrival[job] : this.key(task, job, h, t);
      let better = false;
      if (best < 0) better = true;
      else if (starved != bStarved) better = starved;
      else if (key != bKey) better = key < bKey;
      else better = q < bQueued;
      if (better) { best = r; bStarved = starved; bKey = key; bQueued = q; }
    }
    return best;
  }

  /** The lowest-priority record (rebalancing evicts from this end, spec §2.4 [R]); ties: the one
   *  nearer the tail. */
  evictAt(node: i32, t: f64): i32 {
    if (this.order == ORDER_FIFO) return lastReadyEntry(node);
    const end = queueEnd(node);
    let worst = -1;
    let wt = 0;
    let wj = 0;
    for (let r = queueFirst(node); r < end; r++) {
      const task = entryTask(r);
      const job = entryJob(r);
      if (worst < 0 || this.compare(task, job, wt, wj, node, t) <= 0) { worst = r; wt = task; wj = job; }
    }
    return worst;
  }
}
