// Centralized least-work-left placement (seed-hawk-eagle.md §2.2(e), §2.3, A9).
// The central view W[n] is the sum of the estimates of the tasks it assigned to n that have
// not finished; each task goes to argmin W over the allowed node range (ties: lowest node id)
// and W is updated after every single assignment. A placement is a one-task probe served FIFO;
// the job's tasks are late-bound among its chosen nodes (the first to ask gets the next task in
// trace order).
// A job whose estimate is 0 adds nothing to W, so argmin would put all its tasks on one node:
// its tasks go one each to the nodes tied at the least load (the idle ones, lowest id first),
// and round again over them when there are more tasks, as the reference takes idle nodes one
// task each first (issue #21, difference 5; reference `find_workers_long_job_prio`, which puts
// the tasks left over when the idle nodes run out all on one of them).
// `lwlElapsed` (the reference's load, issue #21 difference 1; `find_workers_long_job_prio`): a
// node running a task this scheduler placed looks lighter by what that task has run,
//   W[n] + 2 x delay - min(elapsed, its estimate),   elapsed counted from the request,
// and a node with W = 0 is taken first. The estimate-only view (A9's pseudo-code) is the default.
import { Scheduler, Params, nNodes, netDelay, compatMode, jobLong, jobUnlaunched, jobEstimate, jobEst, sendBegin, sendTo, sendEnd, fail,
  E_RANGE_OUTSIDE_VIEW } from "../policy";
import { MinTree } from "../toolkit/mintree";
import { ClassAwareScheduler } from "./classes";
import { Partition } from "../toolkit/partition";

/** The least key of a node with work in the elapsed view (the smallest positive double). */
const TINY: f64 = 5e-324;

/** Node states of the elapsed view. */
const S_IDLE: i32 = 0;    // no running task of ours: key W (in `work`)
const S_RUNNING: i32 = 1; // our task within its estimate: key W + 2d + from - now (in `running`)
const S_OVERRUN: i32 = 2; // our task past its estimate: key W + 2d - estimate (in `work`)

/** The central scheduler's state and placement, shared by every LWL-based policy. */
export class CentralLwl {
  /** The first node this scheduler may place on: the tree covers nodes base .. nNodes - 1
   *  only, so a placement over all of them reads the root (no range walk). */
  base: i32;
  work: MinTree;
  /** W per node (the tree holds W, or W adjusted in elapsed mode, or +inf while excluded). */
  load: Float64Array;
  assigned: Int32Array = new Int32Array(nNodes); // tasks assigned and not finished
  /** Succinct state (Eagle's SSS, §2.5(c)): bit n set iff node n has assigned work. */
  bits: Int32Array = new Int32Array((nNodes + 31) >> 5);
  ones: i32 = 0;
  // Elapsed mode (empty trees otherwise).
  elapsed: bool = false;
  running: MinTree = new MinTree(0);
  due: MinTree = new MinTree(0);   // request time + estimate of S_RUNNING nodes
  state: Int32Array = new Int32Array(0);
  runFrom: Float64Array = new Float64Array(0);
  runEst: Float64Array = new Float64Array(0);
  // Zero-estimate jobs: nodes taken out of the trees for the rest of one placement.
  excluded: Int32Array = new Int32Array(64);

  constructor(base: i32 = 0) {
    this.base = base;
    this.work = new MinTree(nNodes - base);
    this.load = new Float64Array(nNodes - base);
  }

  /** Turns on the elapsed view (call once, before any placement; the policy then reports its
   *  tasks' starts with started()). */
  useElapsed(): CentralLwl {
    const n = nNodes - this.base;
    this.elapsed = true;
    this.running = new MinTree(n);
    this.due = new MinTree(n);
    for (let k = 0; k < n; k++) { this.running.set(k, Infinity); this.due.set(k, Infinity); }
    this.state = new Int32Array(n);
    this.runFrom = new Float64Array(n);
    this.runEst = new Float64Array(n);
    return this;
  }

  /** Places `tasks` more tasks of `job` on nodes [lo, hi) (one message batch; lo >= base). */
  place(job: i32, tasks: i32, lo: i32, hi: i32, now: f64): void {
    const est = jobEstimate[job];
    const base = this.base;
    if (lo < base) fail(E_RANGE_OUTSIDE_VIEW, lo);
    if (this.elapsed) this.advance(now);
    const spread = est == 0.0;
    let out = 0;
    let least: f64 = 0.0;
    sendBegin();
    for (let i = 0; i < tasks; i++) {
      let k = this.argmin(lo - base, hi - base, now);
      if (spread) {
        if (i == 0) least = this.minKey;
        else if (k < 0 || this.minKey > least) {
          // Every node tied at the least load took one task of this job: again over them.
          for (let x = 0; x < out; x++) this.rekey(this.excluded[x]);
          out = 0;
          k = this.argmin(lo - base, hi - base, now);
        }
      }
      this.load[k] = this.load[k] + est;
      this.rekey(k);
      if (spread) {
        if (out == this.excluded.length) this.growExcluded();
        this.excluded[out++] = k;
        this.work.set(k, Infinity);
        if (this.elapsed) this.running.set(k, Infinity);
      }
      const n = k + base;
      const a = this.assigned[n];
      this.assigned[n] = a + 1;
      if (a == 0) { this.bits[n >> 5] |= 1 << (n & 31); this.ones++; }
      sendTo(n, job, -1);
    }
    sendEnd(now);
    for (let x = 0; x < out; x++) this.rekey(this.excluded[x]);
  }

  growExcluded(): void {
    const grown = new Int32Array(this.excluded.length * 2);
    for (let i = 0; i < this.excluded.length; i++) grown[i] = this.excluded[i];
    this.excluded = grown;
  }

  /** The key of the node argmin returned last. */
  minKey: f64 = 0.0;

  /** The least loaded node (tree index) of [lo, hi), or -1 when every one is excluded. */
  argmin(lo: i32, hi: i32, now: f64): i32 {
    // (minIndexIn gives -1 when every value of a part of the range is +inf: no node there)
    const a = this.work.minIndexIn(lo, hi);
    const va = a < 0 ? Infinity : this.work.get(a);
    this.minKey = va;
    if (!this.elapsed) return va == Infinity ? -1 : a;
    const b = this.running.minIndexIn(lo, hi);
    const vb = b < 0 ? Infinity : this.running.get(b);
    if (vb == Infinity) return va == Infinity ? -1 : a;
    let kb = vb - now;
    if (kb < TINY) kb = TINY; // (a node with work comes after every idle one)
    if (kb < va || kb == va && b < a) { this.minKey = kb; return b; }
    return a;
  }

  /** Nodes closed to placements (Dice's random blacklist, seed-dice.md §8 #5), by tree index. */
  blocked: Uint8Array = new Uint8Array(0);
  anyBlocked: bool = false;

  /** Closes node `node` to placements (or opens it again): its key is +inf while closed. */
  block(node: i32, on: bool): void {
    if (this.blocked.length == 0) this.blocked = new Uint8Array(nNodes - this.base);
    this.anyBlocked = true;
    const k = node - this.base;
    this.blocked[k] = on ? 1 : 0;
    this.rekey(k);
  }

  /** Writes node k's key from its state. */
  rekey(k: i32): void {
    if (this.anyBlocked && this.blocked[k] != 0) {
      this.work.set(k, Infinity);
      if (this.elapsed) this.running.set(k, Infinity);
      return;
    }
    const w = this.load[k];
    if (!this.elapsed) { this.work.set(k, w); return; }
    const st = this.state[k];
    if (st == S_RUNNING && w > 0.0) {
      this.work.set(k, Infinity);
      this.running.set(k, w + 2.0 * netDelay + this.runFrom[k]);
    } else {
      this.running.set(k, Infinity);
      // The reference takes the idle nodes (W = 0) before any other: a node with work never
      // looks as light as 0, even with no delay and a task that has overrun its estimate.
      this.work.set(k, st == S_OVERRUN && w > 0.0 ? Math.max(w + 2.0 * netDelay - this.runEst[k], TINY) : w);
    }
  }

  /** Elapsed mode: nodes whose task has run its estimate by `now` leave the running view. */
  advance(now: f64): void {
    const due = this.due;
    while (due.minValue() <= now) {
      const k = due.minIndex();
      due.set(k, Infinity);
      this.state[k] = S_OVERRUN;
      this.rekey(k);
    }
  }

  /** Elapsed mode: a task of `job` this scheduler placed starts on `node` at `now`; it was
   *  requested one round trip before. */
  started(node: i32, job: i32, now: f64): void {
    const k = node - this.base;
    const from = now - 2.0 * netDelay;
    const e = jobEst(job); // (jobEstimate[job], from the job's record: in cache at a start)
    this.runFrom[k] = from;
    this.runEst[k] = e;
    if (now - from < e) {
      this.state[k] = S_RUNNING;
      this.due.set(k, from + e);
    } else {
      this.state[k] = S_OVERRUN;
      this.due.set(k, Infinity);
    }
    this.rekey(k);
  }

  /** A task of `job` this scheduler placed finished on `node`. */
  finished(node: i32, job: i32): void {
    const left = this.assigned[node] - 1;
    this.assigned[node] = left;
    if (left == 0) { this.bits[node >> 5] &= ~(1 << (node & 31)); this.ones--; }
    // Exactly zero when idle, so rounding residues never reorder empty nodes.
    const k = node - this.base;
    // (the estimate from the job's record, in cache at a task's end, jobEst: jobEstimate[job] is a
    // line of its own, a miss at most long tasks' ends at full size)
    this.load[k] = left == 0 ? 0.0 : this.load[k] - jobEst(job);
    if (this.elapsed) {
      this.state[k] = S_IDLE; // (the reference clears the running task at every task end)
      this.due.set(k, Infinity);
    }
    this.rekey(k);
  }
}

/** Whether the reference's elapsed-time LWL load is on: `lwlElapsed` (auto|on|off), auto
 *  following compat. */
export function elapsedOn(p: Params): bool {
  const v = p.choice("lwlElapsed");
  return v == "on" || v == "auto" && compatMode;
}

/** `lwl`: fully centralized LWL for every job over the whole cluster (§2.3). In a DAG trace each
 *  task is placed when it becomes ready. */
export class LeastWorkLeft extends Scheduler {
  central: CentralLwl = new CentralLwl();

  constructor() {
    super();
    this.dagAware = true;
  }

  onJobArrival(job: i32, now: f64): void { this.central.place(job, jobUnlaunched(job), 0, nNodes, now); }
  onTasksReady(job: i32, count: i32, now: f64): void { this.central.place(job, count, 0, nNodes, now); }
  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void { this.central.finished(node, job); }
}

/** `clwl`: the omniscient centralized LWL of §2.7 ("upper bound"): every task, short and long,
 *  placed by LWL on exact live state that covers all tasks, with Eagle's static partition:
 *  short jobs on any node, long jobs on the general partition; FIFO queues. */
export class OmniscientLwl extends ClassAwareScheduler {
  central: CentralLwl = new CentralLwl();
  partition: Partition;

  constructor(cutoff: f64, shortPercent: f64) {
    super(cutoff, false);
    this.partition = new Partition(shortPercent);
  }

  onJobArrival(job: i32, now: f64): void {
    this.central.place(job, jobUnlaunched(job), jobLong[job] != 0 ? this.partition.generalStart() : 0, nNodes, now);
  }
  onTaskStart(node: i32, task: i32, job: i32, now: f64): void { this.central.started(node, job, now); }
  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void { this.central.finished(node, job); }

  /** The elapsed-time load (lwlElapsed) over every task. */
  elapsedLoad(): OmniscientLwl {
    this.central.useElapsed();
    this.watchesStarts = true;
    return this;
  }
}

export function createLwl(p: Params): Scheduler { return new LeastWorkLeft(); }

export function createClwl(p: Params): Scheduler {
  const c = new OmniscientLwl(p.num("cutoff"), p.num("shortPartition"));
  c.estimationError(p.num("estErrorLow"), p.num("estErrorHigh"), p.flag("classifyByNoisy"));
  return elapsedOn(p) ? c.elapsedLoad() : c;
}
