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
  jobTasksLeft, jobFirstTask } from "../../policy";

/** Strategies (the key of a non-starved task). */
export const ORDER_FIFO: i32 = 0;
export const ORDER_EJF: i32 = 1;
export const ORDER_SRJF: i32 = 2;
export const ORDER_LRTF: i32 = 3;
export const ORDER_STF: i32 = 4;

/** Algorithm 3's settings: the strategy and the starvation thresholds (§2.5, §7 #14). */
export class OrderSettings {
  strategy: i32 = ORDER_FIFO;
  /** ST: a task that waited longer than this (seconds) in its queue is starved. */
  starveAfter: f64 = Infinity;
  /** ST_r: ... or longer than this multiple of its estimate. */
  starveRatio: f64 = Infinity;
}

export class YaqOrder extends NodeDiscipline {
  strategy: i32;
  starveAfter: f64;
  starveRatio: f64;
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
  /** Heartbeat-stale job progress (§7 #12-#13): node n's heartbeats at phase[n] + k × τ
   *  (beatPeriod); each job's initial work and its recent completions, a window (see noteDone). */
  stale: bool = false;
  beatPeriod: f64 = 0.0;
  phase: Float64Array = new Float64Array(0);
  initialWork: Float64Array = new Float64Array(0);
  /** Per job, the last heartbeat time read and the completions known at it and the remaining
   *  work then (Yaq-d's nodes share the usage monitor's refresh times, so a long queue's reads
   *  mostly hit). */
  cacheBeat: Float64Array = new Float64Array(0);
  cacheDone: Int32Array = new Int32Array(0);
  cacheRemaining: Float64Array = new Float64Array(0);
  /** Per job, its window of recent completions: a ring of 2^winLog entries (time, remaining work
   *  after it) at entry winBase (-1: none yet, or freed at the job's end), its oldest at winHead,
   *  winCount of them. Windows are regions of an arena (`win`, two f64 an entry) that grows by
   *  doubling; freed regions are reused by size (a free list through a region's first f64). */
  winBase: Int32Array = new Int32Array(0);
  winLog: Int32Array = new Int32Array(0);
  winHead: Int32Array = new Int32Array(0);
  winCount: Int32Array = new Int32Array(0);
  win: Float64Array = new Float64Array(0);
  winTop: i32 = 0;
  winFree: Int32Array = new Int32Array(32);
  /** What the last staleRead found: the known completions and the remaining work. */
  readDone: i32 = 0;
  readRemaining: f64 = 0.0;

  /** Stale progress on: per-job state for `jobs` jobs; heartbeats every `period` at `phase`. */
  setupStale(jobs: i32, period: f64, phase: Float64Array): void {
    this.stale = true;
    this.beatPeriod = period;
    this.phase = phase;
    this.initialWork = new Float64Array(jobs);
    this.cacheBeat = new Float64Array(jobs);
    this.cacheBeat.fill(NaN);
    this.cacheDone = new Int32Array(jobs);
    this.cacheRemaining = new Float64Array(jobs);
    this.winBase = new Int32Array(jobs);
    this.winBase.fill(-1);
    this.winLog = new Int32Array(jobs);
    this.winHead = new Int32Array(jobs);
    this.winCount = new Int32Array(jobs);
    this.win = new Float64Array(2 << 16);
    this.winTop = 0;
    this.winFree.fill(-1);
  }

  /** `queuedAt` (per task) and `remaining` (per job) are the policy's columns, read here. */
  constructor(s: OrderSettings, queuedAt: Float64Array, remaining: Float64Array) {
    super();
    this.strategy = s.strategy;
    this.starveAfter = s.starveAfter;
    this.starveRatio = s.starveRatio;
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
    if (this.strategy == ORDER_FIFO) return false;
    const limit = Math.min(this.starveAfter, this.estOf(task, job) * this.starveRatio);
    return t - this.queuedAt[task] > limit;
  }

  /** The strategy's key of a non-starved task of `job` queued at `node` (smaller first); `h`:
   *  the node's last heartbeat at or before t (beatOf: read only with stale progress). */
  key(task: i32, job: i32, h: f64, t: f64): f64 {
    const o = this.strategy;
    if (o == ORDER_SRJF) return this.stale ? this.staleRemaining(job, h, t) : this.remaining[job];
    if (o == ORDER_LRTF) return this.stale ? this.staleLeft(job, h, t) : <f64>jobTasksLeft(job);
    if (o == ORDER_STF) return this.estOf(task, job);
    return jobArrival[job]; // EJF
  }

  /** The time of node n's last heartbeat at or before t. */
  lastBeat(n: i32, t: f64): f64 {
    const ph = this.phase[n];
    const tau = this.beatPeriod;
    let h = ph + Math.floor((t - ph) / tau) * tau;
    if (h > t) h -= tau;
    else if (h + tau <= t) h += tau;
    return h;
  }

  /** With stale progress, node n's last heartbeat at or before t (what key() reads), else 0. */
  beatOf(node: i32, t: f64): f64 { return this.stale ? this.lastBeat(node, t) : 0.0; }

  /** The job's completions at or before h, a node's last heartbeat at or before t (h > t − τ),
   *  and its remaining work after them, into readDone and readRemaining. */
  staleRead(job: i32, h: f64, t: f64): void {
    // Completions at or before h < t are all recorded and no later one can be at or before h:
    // what is read at h holds for every read at h (at h == t a completion at t may follow).
    if (h < t && this.cacheBeat[job] == h) {
      this.readDone = this.cacheDone[job];
      this.readRemaining = this.cacheRemaining[job];
      return;
    }
    const done = jobFirstTask[job + 1] - jobFirstTask[job] - jobTasksLeft(job); // completions so far
    let c = 0;
    let v = this.initialWork[job];
    if (done > 0) {
      // The window holds the job's last m completions, and every one before them is at or before
      // h (noteDone): the first in the window after h, by binary search over its ring.
      const base = this.winBase[job];
      const mask = (1 << this.winLog[job]) - 1;
      const head = this.winHead[job];
      const m = this.winCount[job];
      const w = this.win;
      let lo = 0;
      let hi = m;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (w[2 * (base + ((head + mid) & mask))] <= h) lo = mid + 1; else hi = mid;
      }
      c = done - m + lo;
      if (lo > 0) v = w[2 * (base + ((head + lo - 1) & mask)) + 1];
    }
    if (h < t) { this.cacheBeat[job] = h; this.cacheDone[job] = c; this.cacheRemaining[job] = v; }
    this.readDone = c;
    this.readRemaining = v;
  }

  staleRemaining(job: i32, h: f64, t: f64): f64 {
    this.staleRead(job, h, t);
    return this.readRemaining;
  }

  staleLeft(job: i32, h: f64, t: f64): f64 {
    this.staleRead(job, h, t);
    return <f64>(jobFirstTask[job + 1] - jobFirstTask[job] - this.readDone);
  }

  /** A task of `job` completed at `t` (after the policy updated its remaining work): it joins the
   *  job's window. Every read comes after t from a heartbeat h > (its time) − τ, so a completion
   *  followed by another at or before t − 2τ is at or before every later read's h (a margin of τ
   *  for rounding) and leaves the window: the window keeps the completions after t − 2τ and the
   *  one before them. The job's last completion frees its window (no task of it is left to be
   *  queued, so none is read again). */
  noteDone(job: i32, t: f64): void {
    if (jobTasksLeft(job) == 0) {
      if (this.winBase[job] >= 0) this.freeRegion(this.winBase[job], this.winLog[job]);
      this.winBase[job] = -1;
      return;
    }
    let base = this.winBase[job];
    if (base < 0) {
      base = this.takeRegion(2);
      this.winBase[job] = base;
      this.winLog[job] = 2;
      this.winHead[job] = 0;
      this.winCount[job] = 0;
    }
    let log = this.winLog[job];
    let mask = (1 << log) - 1;
    let head = this.winHead[job];
    let m = this.winCount[job];
    const limit = t - 2.0 * this.beatPeriod;
    while (m >= 2 && this.win[2 * (base + ((head + 1) & mask))] <= limit) {
      head = (head + 1) & mask;
      m--;
    }
    if (m > mask) {
      // Full: a region twice the size, the entries in order from its start.
      const nb = this.takeRegion(log + 1);
      const w = this.win; // (takeRegion may have grown the arena)
      for (let i = 0; i < m; i++) {
        const from = 2 * (base + ((head + i) & mask));
        w[2 * (nb + i)] = w[from];
        w[2 * (nb + i) + 1] = w[from + 1];
      }
      this.freeRegion(base, log);
      base = nb;
      log++;
      mask = (1 << log) - 1;
      head = 0;
      this.winBase[job] = base;
      this.winLog[job] = log;
    }
    const at = 2 * (base + ((head + m) & mask));
    this.win[at] = t;
    this.win[at + 1] = this.remaining[job];
    this.winHead[job] = head;
    this.winCount[job] = m + 1;
  }

  /** A region of 2^log entries of the window arena (grown by doubling when full). */
  takeRegion(log: i32): i32 {
    const f = this.winFree[log];
    if (f >= 0) {
      this.winFree[log] = <i32>this.win[2 * f];
      return f;
    }
    const size = 1 << log;
    const start = this.winTop;
    if (2 * (start + size) > this.win.length) {
      let cap = this.win.length;
      while (cap < 2 * (start + size)) cap *= 2;
      const grown = new Float64Array(cap);
      grown.set(this.win);
      this.win = grown;
    }
    this.winTop = start + size;
    return start;
  }

  freeRegion(base: i32, log: i32): void {
    this.win[2 * base] = <f64>this.winFree[log];
    this.winFree[log] = base;
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
    if (this.strategy == ORDER_FIFO) return firstReadyEntry(node);
    // Algorithm 3 as compare() defines it, with the best record's values kept (one evaluation
    // per record): starved first; non-starved by key; starved by job submission; then the
    // longer wait; ties keep the record nearer the head.
    const end = queueEnd(node);
    const first = queueFirst(node);
    if (end - first == 1) return first; // (the only record: nothing to compare)
    let best = -1;
    let bStarved = false;
    let bKey = 0.0;
    let bQueued = 0.0;
    const starveAfter = this.starveAfter;
    const starveRatio = this.starveRatio;
    const h = this.beatOf(node, t); // (the same for every record)
    for (let r = first; r < end; r++) {
      const task = entryTask(r);
      const job = entryJob(r);
      const q = this.queuedAt[task];
      const limit = Math.min(starveAfter, this.estOf(task, job) * starveRatio);
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
    if (this.strategy == ORDER_FIFO) return lastReadyEntry(node);
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
