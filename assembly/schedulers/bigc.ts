// `big-c`: the Big-C baseline of the Kairos chapter (seed-kairos-related.md §2.2, the [rec]
// simulator model), its nodes running the class-priority discipline (assembly/las.ts). Jobs are
// short or long by their runtime estimate against `cutoff`; short
// tasks have priority and a guaranteed share of the slots (`shortShare`, 95%), long tasks may
// use every free slot.
//  - A central scheduler keeps one FIFO queue per class (taskqueue.ts) and places tasks early-bound: short
//    tasks first, each on the node with the fewest tasks if it has a free slot; when no slot
//    is free and short tasks hold less than their share, a short task goes to the node running
//    the most long tasks, where it preempts the most recently started long task (node side:
//    the engine's class-priority discipline). Long tasks are placed only on
//    free slots. Within a class the order is FIFO and nothing is preempted.
//  - A suspended long task resumes on its node when a slot there frees and no short task waits
//    at that node.
//  - The scheduler counts its own placements at once and learns completions from a notice one
//    network delay after each task ends (as `kairos` does by default).
import {
  Scheduler, Params, nNodes, slotsPerNode, jobFirstTask, jobLong, taskJob, netDelay,
  nextUnlaunchedTask, sendBegin, sendTo, sendEnd, setTimer, timerKind, ClassPriorityDiscipline,
} from "../policy";
import { IntKeyMin } from "../toolkit/nextset";
import { ClassAwareScheduler } from "./classes";
import { TaskQueue } from "../toolkit/taskqueue";

const SHORT: i32 = 0; // the central queue's classes
const LONG: i32 = 1;
import { toI32 } from "../toolkit/glue";

export class BigC extends ClassAwareScheduler {
  shortCap: i32;                                  // slots short tasks may hold before preempting stops
  tasksAt: Int32Array = new Int32Array(nNodes);   // placed and not known finished
  longAt: Int32Array = new Int32Array(nNodes);
  shortHeld: i32 = 0;                             // short tasks placed and not known finished
  // (both keys are small integers: tasksAt <= 2 x slots, longAt <= slots; bins of node ids)
  load: IntKeyMin = new IntKeyMin(nNodes, 0.0, 1.0, 2 * slotsPerNode + 1, 0.0); // key: tasksAt
  victims: IntKeyMin = new IntKeyMin(nNodes, -<f64>slotsPerNode, 1.0, slotsPerNode, Infinity); // key: -longAt where a short task may preempt
  queue: TaskQueue = new TaskQueue(2);

  /** Timer kind: a completion notice reaches the scheduler (a = node, b = task). */
  noticeKind: i32;

  constructor(cutoff: f64, shortSharePercent: f64) {
    super(cutoff, false);
    this.discipline = new ClassPriorityDiscipline();
    this.taskJobs = true;
    this.noticeKind = timerKind(this);
    this.shortCap = toI32(Math.floor(shortSharePercent * <f64>(nNodes * slotsPerNode) / 100.0));
  }

  /** Re-keys node `n`: a preemption target needs long work and a slot not held by a short task. */
  refresh(n: i32): void {
    this.load.set(n, <f64>this.tasksAt[n]);
    const long = this.longAt[n];
    const eligible = long > 0 && this.tasksAt[n] - long < slotsPerNode;
    this.victims.set(n, eligible ? -<f64>long : Infinity);
  }

  onJobArrival(job: i32, now: f64): void {
    const c = jobLong[job] != 0 ? LONG : SHORT;
    for (let t = jobFirstTask[job]; t < jobFirstTask[job + 1]; t++) this.queue.push(c, t);
    this.place(now);
  }

  place(now: f64): void {
    sendBegin();
    const queue = this.queue;
    while (!queue.isEmpty(SHORT)) {
      let n = this.load.minIndex();
      if (this.tasksAt[n] >= slotsPerNode) {
        // No free slot: preempt long work while short tasks hold less than their share.
        if (this.shortHeld >= this.shortCap) break;
        n = this.victims.minIndex();
        if (this.victims.minValue() == Infinity) break;
      }
      this.assign(n, queue.pop(SHORT), false);
    }
    while (!queue.isEmpty(LONG)) {
      const n = this.load.minIndex();
      if (this.tasksAt[n] >= slotsPerNode) break;
      this.assign(n, queue.pop(LONG), true);
    }
    sendEnd(now);
  }

  assign(n: i32, task: i32, long: bool): void {
    this.tasksAt[n] = this.tasksAt[n] + 1;
    if (long) this.longAt[n] = this.longAt[n] + 1; else this.shortHeld++;
    this.refresh(n);
    const job = taskJob[task];
    sendTo(n, job, nextUnlaunchedTask(job)); // == task: each class queue is FIFO in each job's order
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void { setTimer(now + netDelay, this.noticeKind, node, task); }

  /** A completion notice reaches the scheduler. */
  onTimer(kind: i32, node: i32, task: i32, now: f64): void {
    this.tasksAt[node] = this.tasksAt[node] - 1;
    if (jobLong[taskJob[task]] != 0) this.longAt[node] = this.longAt[node] - 1; else this.shortHeld--;
    this.refresh(node);
    this.place(now);
  }
}

export function createBigC(p: Params): Scheduler { return new BigC(p.num("cutoff"), p.num("shortShare")); }
