// `lwl`: fully centralized least-work-left for every job (seed-hawk-eagle.md §2.3,
// §2.2(e) pseudo-code). The central view W[n] is the sum of the estimates of the
// tasks assigned to n and not yet finished; each task goes to argmin W (ties: lowest
// node id) and W is updated after every single assignment. A placement is a one-task
// probe served FIFO; the job's tasks are late-bound among its chosen nodes (the first
// to ask gets the next task in trace order). The reference simulator also subtracts the
// elapsed time of a running task (A9); that refinement is not modelled here.
import { Scheduler, nNodes, jobFirstTask, jobEstimate, taskJob, sendBegin, sendTo, sendEnd } from "../sim";
import { MinTree } from "../mintree";

export class LeastWorkLeft extends Scheduler {
  work: MinTree = new MinTree(nNodes);
  assigned: Int32Array = new Int32Array(nNodes); // tasks assigned and not finished

  onJobArrival(job: i32, now: f64): void {
    const tasks = jobFirstTask[job + 1] - jobFirstTask[job];
    const est = jobEstimate[job];
    const work = this.work;
    sendBegin();
    for (let i = 0; i < tasks; i++) {
      const n = work.minIndex();
      work.set(n, work.get(n) + est);
      this.assigned[n] = this.assigned[n] + 1;
      sendTo(n, job, -1);
    }
    sendEnd(now);
  }

  onTaskEnd(node: i32, task: i32, now: f64): void {
    const left = this.assigned[node] - 1;
    this.assigned[node] = left;
    // Exactly zero when idle, so rounding residues never reorder empty nodes.
    this.work.set(node, left == 0 ? 0.0 : this.work.get(node) - jobEstimate[taskJob[task]]);
  }
}
