// The Scheduler interface every policy implements. Override what the policy needs; the defaults
// do nothing except late binding, which hands out the job's next task. The node side of a policy
// (which queued record a node serves, preemption) is its NodeDiscipline (discipline.ts), chosen
// in the constructor; the policy's own timers come from timerKind(this) (timers.ts).
import { TimerOwner } from "./timers";
import { nextUnlaunchedTask } from "./jobs";
import { NodeDiscipline, FifoDiscipline } from "./discipline";

export class Scheduler extends TimerOwner {
  /** How nodes serve their queues (FIFO unless the policy sets another in its constructor). */
  discipline: NodeDiscipline = new FifoDiscipline();
  /** The policy reads `taskJob` (the job of each task: 4 bytes per task, built only when asked
   *  for; preemptible runs always have it). Read once by initialize(). */
  taskJobs: bool = false;
  /** Sticky Batch Probing: short probes stay queued and keep pulling tasks of their job. */
  sticky: bool = false;
  /** The policy's jobs may have task dependencies (a DAG trace): it places tasks as they become
   *  ready (onTasksReady). A policy without it rejects such a trace (E_DAG_UNSUPPORTED). */
  dagAware: bool = false;
  /** DAG traces: the policy reads parentCount/parentAt. Without it the engine reuses the parent
   *  lists' memory once the child lists are built (dag.ts buildDag: 8 bytes per task fewer fresh
   *  pages). Read once, when the first jobs are added. */
  readsParents: bool = true;
  /** Calls onTaskStart at every task start (off by default: one call per task costs). */
  watchesStarts: bool = false;
  /** Calls claimFreedSlot before a node serves its queue with a freed slot (serve.ts
   *  claimFreedSlots and claimFreedSlotsOf turn it on and off, and limit it to some nodes). */
  claimsFreedSlots: bool = false;
  /** The policy suspends running tasks itself (serve.ts suspendAt/resumeAt): every run's end is
   *  a cancellable event (preempt.ts). Read once by initialize(). */
  preemptsRuns: bool = false;
  /** Calls beforeNodeChange before a preemptive discipline changes what a node runs or holds. */
  watchesNodeChanges: bool = false;
  /** With preemptsRuns: only long jobs' tasks are ever suspended (Dice), so short tasks keep the
   *  cheaper slot-stored end (not in slotRun/runningTask). Read once by initialize(). */
  preemptsLongOnly: bool = false;

  /** The columns of jobs [from, to) are in (they come in order, in one or more batches): derive
   *  per-job state (classes, estimates). Before start() for the first batch. */
  onJobsAdded(from: i32, to: i32): void {}
  /** Called once, after the first batch of jobs is in and before the first event. Job data may
   *  be read only for the jobs in so far (always at least the next one to arrive). */
  start(): void {}
  /** A job is submitted. In a DAG trace only its tasks without parents are ready then. */
  onJobArrival(job: i32, now: f64): void {}
  /** DAG traces (dagAware): `count` more tasks of `job` became ready (their parents finished);
   *  nextUnlaunchedTask hands them out. */
  onTasksReady(job: i32, count: i32, now: f64): void {}
  /** A probe of `job` at `node` asks for a task; return a task index or -1 (cancel). */
  handOut(job: i32, node: i32, now: f64): i32 { return nextUnlaunchedTask(job); }
  /** A message reaches `node`; return false to reject it (it is then not queued). (The default
   *  accepts everything and notes that it ran: see hearsAccept.) */
  accept(node: i32, job: i32, task: i32, now: f64): bool {
    hearsAccept = false;
    return true;
  }
  /** `task` of `job` starts at `node` (watchesStarts). */
  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {}
  /** A task of `job` finished at `node` (its slot is already released or reused). (The default
   *  does nothing and notes that it ran: see hearsTaskEnds.) */
  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void { hearsTaskEnds = false; }
  /** A slot of `node` is free and the node is about to serve its queue (claimsFreedSlots): the
   *  policy may use it first (e.g. resumeAt a task it suspended). */
  claimFreedSlot(node: i32, now: f64): void {}
  /** A preemptive discipline is about to change `node`'s tasks or runs (an arrival, a run's
   *  end, a quantum check) at `now` (watchesNodeChanges): what the node holds is still as before. */
  beforeNodeChange(node: i32, now: f64): void {}
  /** `node` has a free slot and an empty queue after serving. */
  onNodeIdle(node: i32, now: f64): void {}
}

/** The run's policy (loop.ts sets it). */
export let scheduler: Scheduler = new Scheduler();

// Hooks learned to be the defaults. A call of scheduler.onTaskEnd or .accept dispatches on the
// policy's class (a chain of class-id tests, then the body); the run's policy never changes
// class, so once the base class's default body has run, every later call would reach it too,
// and the engine skips the call: the default clears its flag, the engine tests it. This is why
// a policy's own onTaskEnd or accept must not call super.onTaskEnd or super.accept (the base's
// body would clear the flag for the override too): test/policy-walls.test.ts enforces it, and a
// policy that wants the default's effect (none, or accepting) simply does not override.
/** Whether the engine calls scheduler.onTaskEnd (false once the default body has run). */
export let hearsTaskEnds: bool = true;
/** Whether the engine calls scheduler.accept (false once the default, which accepts, has run). */
export let hearsAccept: bool = true;

export function setScheduler(s: Scheduler): void {
  scheduler = s;
  hearsTaskEnds = true;
  hearsAccept = true;
}
