// Node-queue disciplines: how a node orders what waits in its queue, chosen by the policy
// (Scheduler.discipline). The engine asks the discipline which record a node with a free slot
// serves next (select, then selected), tells it when a sticky probe obtained a task, and asks it
// which record a bounded queue gives up first (evict). A preemptive discipline (preemptive =
// true: LAS, class priority; las.ts) also takes every arriving task itself (arrive) and decides
// what follows the end of a run (runEnded); its runs are the preemptible runs of preempt.ts.
// Implementations: this FIFO base, SRPT with a bypass bound (srpt.ts), preemptive LAS with a
// quantum and class priority with preemption (las.ts).
import { firstReadyEntry, lastReadyEntry } from "./queues";
import { TimerOwner } from "./timers";

/** A discipline may own timers (timerKind(this)), e.g. LAS's quantum. */
export class NodeDiscipline extends TimerOwner {
  /** Queue records carry this discipline's f64 (queues.ts entryValue: a bypass, an enqueue time). */
  usesValue: bool = false;
  /** Takes arrivals itself and suspends runs (arrive, runEnded). */
  preemptive: bool = false;
  /** Wants selected() calls (they cost a call per task served; off when it does nothing). */
  notesSelection: bool = false;

  /** Preemptive disciplines: a task the policy accepted arrives at `node`. (Others: the engine
   *  queues the message and serves the node.) */
  arrive(node: i32, job: i32, task: i32, t: f64): void {}
  /** The queued record `node` serves next, or -1. FIFO: the first record not waiting for a
   *  get-task reply. */
  select(node: i32, t: f64): i32 { return firstReadyEntry(node); }
  /** `node` chose record `e` (before a bound task starts or a probe asks for a task); called only
   *  when `notesSelection`. */
  selected(node: i32, e: i32, t: f64): void {}
  /** A sticky probe (record `e`, still queued) obtained `task` of `job`. */
  stickyTask(node: i32, e: i32, task: i32, job: i32, t: f64): void {}
  /** Preemptive disciplines: the run of `task` (of `job`) at `node` completed the task. */
  runEnded(node: i32, task: i32, job: i32, t: f64): void {}
  /** The record a full queue gives up first (its lowest-priority end), or -1 if none may go
   *  (records waiting for a get-task reply stay). FIFO: the last one. */
  evict(node: i32): i32 { return lastReadyEntry(node); }
}

/** First in, first out (the default). */
export class FifoDiscipline extends NodeDiscipline {}
