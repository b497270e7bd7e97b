// Policies that exist only to test the engine's composition mechanisms end to end (compiled into
// the test engine by test/setup/test-engine.ts; described in ./catalogue.ts). Each is small and
// its behaviour is hand-computable; none is a scheduler of the papers.
import {
  Scheduler, Params, LasDiscipline, FifoDiscipline, lastReadyEntry, nNodes, nTasks, nJobs, jobArrival, jobPriority, jobUnlaunched, jobTasksLeft, taskJob,
  nextUnlaunchedTask, sendBegin, sendTo, sendEnd, queueLength, hasFreeSlot, releaseSlot, runningTask, suspendAt, resumeAt,
  setRunOverheads, registerCounter, count, counterValue, setCounter, timerKind, setCancellableTimer, cancelTimer,
  timerPending, slotsPerNode, fail, E_EVENT_NOT_PENDING,
} from "../policy";

/** Binds every ready task of `job` to node `job % nNodes` (one batch). */
function bindToOwnNode(job: i32, tasks: i32, now: f64): void {
  sendBegin();
  for (let i = 0; i < tasks; i++) sendTo(job % nNodes, job, nextUnlaunchedTask(job));
  sendEnd(now);
}

/** `test-preempt`: FIFO nodes whose policy preempts. A bound task reaching a node with no free slot
 *  suspends the running task of the lowest priority below its own (trace column `priority`); the
 *  suspended tasks wait aside (not in the queue) and take back a freed slot when the node's queue
 *  is empty (claimFreedSlot), after `resumeCost`. Exercises preemptible runs on a non-preemptive
 *  discipline, suspendAt/resumeAt, the claim hook and cancellable run ends. */
export class PreemptByPriority extends Scheduler {
  aside: Int32Array = new Int32Array(nTasks * nNodes); // per node, a stack of suspended tasks (LIFO)
  asideTop: Int32Array = new Int32Array(nNodes);
  asideBase: i32 = nTasks;

  constructor(resumeCost: f64) {
    super();
    this.preemptsRuns = true;
    this.claimsFreedSlots = true;
    this.taskJobs = true;
    setRunOverheads(0.0, resumeCost);
  }

  priority(job: i32): i32 { return jobPriority.length > 0 ? jobPriority[job] : 0; }

  onJobArrival(job: i32, now: f64): void { bindToOwnNode(job, jobUnlaunched(job), now); }

  accept(node: i32, job: i32, task: i32, now: f64): bool {
    if (hasFreeSlot(node)) return true;
    let victim = -1;
    for (let k = 0; k < slotsPerNode; k++) {
      const x = runningTask(node, k);
      if (x >= 0 && this.priority(taskJob[x]) < this.priority(job)
          && (victim < 0 || this.priority(taskJob[x]) < this.priority(taskJob[victim]))) victim = x;
    }
    if (victim >= 0) {
      suspendAt(node, victim, now);
      releaseSlot(node, now);
      this.aside[node * this.asideBase + this.asideTop[node]] = victim;
      this.asideTop[node] = this.asideTop[node] + 1;
    }
    return true; // queued and served: it takes the freed slot
  }

  claimFreedSlot(node: i32, now: f64): void {
    if (queueLength(node) == 0 && this.asideTop[node] > 0 && hasFreeSlot(node)) {
      const top = this.asideTop[node] - 1;
      this.asideTop[node] = top;
      resumeAt(node, this.aside[node * this.asideBase + top], now);
    }
  }
}

export function createPreemptByPriority(p: Params): Scheduler { return new PreemptByPriority(p.num("resumeCost")); }

/** `test-watch`: binds tasks to node `job % nNodes`; counts task starts and the longest wait
 *  (start - submission) through the task-start hook; sets a cancellable deadline per job at
 *  submission + `deadline`, cancelled when the job's last task ends and counted when it fires. */
export class WatchStarts extends Scheduler {
  deadline: f64;
  deadlineKind: i32;
  timer: Int32Array;
  starts: i32 = registerCounter("starts");
  maxWait: i32 = registerCounter("maxWait");
  missed: i32 = registerCounter("deadlinesMissed");

  constructor(deadline: f64, jobs: i32) {
    super();
    this.deadline = deadline;
    this.watchesStarts = true;
    this.dagAware = true;
    this.timer = new Int32Array(jobs);
    this.deadlineKind = timerKind(this);
  }

  onJobArrival(job: i32, now: f64): void {
    this.timer[job] = setCancellableTimer(now + this.deadline, this.deadlineKind, job, 0);
    bindToOwnNode(job, jobUnlaunched(job), now);
  }

  onTasksReady(job: i32, n: i32, now: f64): void { bindToOwnNode(job, n, now); }

  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {
    count(this.starts, 1.0);
    const wait = now - jobArrival[job];
    if (wait > counterValue(this.maxWait)) setCounter(this.maxWait, wait);
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    const h = this.timer[job];
    if (jobTasksLeft(job) == 0 && h >= 0) {
      if (!timerPending(h)) fail(E_EVENT_NOT_PENDING, h); // (a handle kept must be pending)
      cancelTimer(h);
      this.timer[job] = -1;
    }
  }

  onTimer(kind: i32, job: i32, b: i32, now: f64): void {
    this.timer[job] = -1; // fired: the handle is free again
    count(this.missed, 1.0);
  }
}

export function createWatchStarts(p: Params): Scheduler { return new WatchStarts(p.num("deadline"), nJobs); }

/** `test-probe-las`: sends late-bound probes to nodes with a preemptive LAS discipline, which
 *  take bound tasks only: the engine stops the run with E_PROBE_AT_BOUND_DISCIPLINE. */
export class ProbeToLas extends Scheduler {
  constructor() {
    super();
    this.discipline = new LasDiscipline(10.0, 0, 2.0, 0.0, false, false);
  }

  onJobArrival(job: i32, now: f64): void {
    sendBegin();
    sendTo(0, job, -1);
    sendEnd(now);
  }
}

export function createProbeToLas(p: Params): Scheduler { return new ProbeToLas(); }

/** The newest ready record first: a subclass of FifoDiscipline that overrides `select` only. */
class NewestFirst extends FifoDiscipline {
  select(node: i32, t: f64): i32 { return lastReadyEntry(node); }
}

/** `test-newest-first`: binds tasks to node `job % nNodes`, whose discipline (NewestFirst) serves
 *  the newest record first. The engine takes the FIFO's choice itself only for FifoDiscipline and
 *  NodeDiscipline themselves (serve.ts plainFifo): a subclass must still be asked. */
export class BindNewestFirst extends Scheduler {
  constructor() {
    super();
    this.discipline = new NewestFirst();
  }

  onJobArrival(job: i32, now: f64): void { bindToOwnNode(job, jobUnlaunched(job), now); }
}

export function createBindNewestFirst(p: Params): Scheduler { return new BindNewestFirst(); }
