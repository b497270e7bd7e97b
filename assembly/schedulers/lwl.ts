// Centralized least-work-left placement (seed-hawk-eagle.md §2.2(e), §2.3, A9).
// The central view W[n] is the sum of the estimates of the tasks it assigned to n that have
// not finished; each task goes to argmin W over the allowed node range (ties: lowest node id)
// and W is updated after every single assignment. A placement is a one-task probe served FIFO;
// the job's tasks are late-bound among its chosen nodes (the first to ask gets the next task in
// trace order). The reference simulator also subtracts the elapsed time of a running task (A9);
// that refinement is not modelled.
import { Scheduler, Params, nNodes, jobLong, jobUnlaunched, jobEstimate, sendBegin, sendTo, sendEnd, fail, E_RANGE_OUTSIDE_VIEW } from "../policy";
import { MinTree } from "../mintree";
import { ClassAwareScheduler } from "./classes";
import { Partition } from "./partition";

/** The central scheduler's state and placement, shared by every LWL-based policy. */
export class CentralLwl {
  /** The first node this scheduler may place on: the tree covers nodes base .. nNodes - 1
   *  only, so a placement over all of them reads the root (no range walk). */
  base: i32;
  work: MinTree;
  assigned: Int32Array = new Int32Array(nNodes); // tasks assigned and not finished
  /** Succinct state (Eagle's SSS, §2.5(c)): bit n set iff node n has assigned work. */
  bits: Int32Array = new Int32Array((nNodes + 31) >> 5);
  ones: i32 = 0;

  constructor(base: i32 = 0) {
    this.base = base;
    this.work = new MinTree(nNodes - base);
  }

  /** Places `tasks` more tasks of `job` on nodes [lo, hi) (one message batch; lo >= base). */
  place(job: i32, tasks: i32, lo: i32, hi: i32, now: f64): void {
    const est = jobEstimate[job];
    const work = this.work;
    const base = this.base;
    if (lo < base) fail(E_RANGE_OUTSIDE_VIEW, lo);
    sendBegin();
    for (let i = 0; i < tasks; i++) {
      const k = work.minIndexIn(lo - base, hi - base);
      work.set(k, work.get(k) + est);
      const n = k + base;
      const a = this.assigned[n];
      this.assigned[n] = a + 1;
      if (a == 0) { this.bits[n >> 5] |= 1 << (n & 31); this.ones++; }
      sendTo(n, job, -1);
    }
    sendEnd(now);
  }

  /** A task of `job` this scheduler placed finished on `node`. */
  finished(node: i32, job: i32): void {
    const left = this.assigned[node] - 1;
    this.assigned[node] = left;
    if (left == 0) { this.bits[node >> 5] &= ~(1 << (node & 31)); this.ones--; }
    // Exactly zero when idle, so rounding residues never reorder empty nodes.
    const k = node - this.base;
    this.work.set(k, left == 0 ? 0.0 : this.work.get(k) - jobEstimate[job]);
  }
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
  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void { this.central.finished(node, job); }
}

export function createLwl(p: Params): Scheduler { return new LeastWorkLeft(); }

export function createClwl(p: Params): Scheduler {
  return new OmniscientLwl(p.num("cutoff"), p.num("shortPartition"))
    .estimationError(p.num("estErrorLow"), p.num("estErrorHigh"), p.flag("classifyByNoisy"));
}
