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
// scheduler's current ones, pushed to the nodes without delay (docs/models/yaq.md).
import { NodeDiscipline, queueFirst, queueEnd, entryTask, entryJob, firstReadyEntry, lastReadyEntry, jobArrival,
  jobTasksLeft } from "../policy";

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
  /** Each task's duration estimate (the policy's). */
  est: Float64Array;
  /** SRJF: each job's remaining estimated work (the policy keeps it). */
  remaining: Float64Array;

  constructor(order: i32, st: f64, stR: f64, queuedAt: Float64Array, est: Float64Array, remaining: Float64Array) {
    super();
    this.order = order;
    this.st = st;
    this.stR = stR;
    this.queuedAt = queuedAt;
    this.est = est;
    this.remaining = remaining;
  }

  isStarved(task: i32, t: f64): bool {
    if (this.order == ORDER_FIFO) return false;
    const limit = Math.min(this.st, this.est[task] * this.stR);
    return t - this.queuedAt[task] > limit;
  }

  /** The strategy's key of a non-starved task (smaller first). */
  key(task: i32, job: i32): f64 {
    const o = this.order;
    if (o == ORDER_SRJF) return this.remaining[job];
    if (o == ORDER_LRTF) return <f64>jobTasksLeft(job);
    if (o == ORDER_STF) return this.est[task];
    return jobArrival[job]; // EJF
  }

  /** Algorithm 3: > 0 when (task a, job ja) has the higher priority than (b, jb) at `t`. */
  compare(a: i32, ja: i32, b: i32, jb: i32, t: f64): i32 {
    const sa = this.isStarved(a, t);
    const sb = this.isStarved(b, t);
    if (sa != sb) return sa ? 1 : -1;
    if (!sa) {
      const ka = this.key(a, ja);
      const kb = this.key(b, jb);
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
    for (let r = queueFirst(node); r < end; r++) {
      const task = entryTask(r);
      const job = entryJob(r);
      const q = this.queuedAt[task];
      const limit = Math.min(st, this.est[task] * stR);
      const starved = t - q > limit;
      const key = starved ? jobArrival[job] : this.key(task, job);
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
      if (worst < 0 || this.compare(task, job, wt, wj, t) <= 0) { worst = r; wt = task; wj = job; }
    }
    return worst;
  }
}
