// `fregata` (seed-fregata.md §2; choices in docs/models/fregata.md): a scheduler layer, masters
// each owning a group of workers, complementary packing and best-fit placement.
//  - Classes (§2.1, A1/A2): a job is HIGH (short) or LOW (long) by the host's classifier
//    (predict.ts: logistic regression on a prefix, oracle, noisy oracle); without predictions,
//    by its estimate against `cutoff` (the oracle). The class never changes.
//  - A job reaches the masters one network delay after its submission (A18). Its DAG is analysed
//    once (jobdag.ts, O(tasks + edges)): a topological order, tail(T) (the longest duration path
//    from T to a sink), the critical path, the §2.4 priority P(T) = base(T) + γ x sum P(children)
//    with base = ω1 (1 - sat(duration/τ)) + ω3 (1 - sat(max(0, D - tail)/τ)) at submission (τ =
//    cutoff, D = κ x critical path; the waiting term ω2 x sat(t_w) enters as linear ageing,
//    below), and Algorithm 1's partition (packing.ts: greedy disjoint path cover, or wcc).
//  - Groups go to masters (masters.ts, A4): the masters with load < loadThreshold (A5: max over
//    dimensions of (allocated + assigned-not-placed) / capacity of the group), shuffled,
//    round-robin with the largest group first; none eligible: the least loaded. `perTask`
//    spreads tasks instead. A task that fits no worker of the chosen master's group
//    (heterogeneous clusters) goes to the first master whose group can hold it.
//  - A master keeps its tasks; a task enters its class queue (window.ts) when it is ready (the
//    master hears of it one network delay after its last parent ended), keyed
//    P(T) - ω2 x t_ready / τ: a static key that ranks as P(T) + ω2 x (now - t_ready) / τ (linear
//    ageing, §2.4 note).
//  - Dispatch (dispatch.ts; §2.7, A8, A9, A16): HIGH before LOW (strict priority, W = inf). The
//    top K tasks of a class are packed (packing.ts packList: complementary pairs by DV, A7
//    normalisation, guard against the largest capacities); each entity in priority order goes
//    to the feasible worker of the group with the smallest unused volume (workers.ts, Eq. 2;
//    ties to the lowest id): HIGH tries the non-reserved workers, then the reserved; LOW only
//    the non-reserved. A pair that fits nowhere is tried as two singles. Unplaced tasks stay
//    queued (bounded backfill within the window). A master places only what fits its view of
//    the workers (resources and slots, reserved at placement and freed when the end notice
//    arrives one network delay after the task ends), so nothing waits at a worker (A11).
//  - Dispatches run when tasks reach a master, become ready, or resources are freed.
import {
  Scheduler, Params, nTasks, nJobs, netDelay, jobFirstTask, jobTaskCount, jobUnlaunched, nextUnlaunchedTask,
  jobEstimate, setTimer, timerKind, registerCounter, counterValue, setCounter, predictedIsLong,
} from "../../policy";
import { freshInt32Array, f64View } from "../../toolkit/glue";
import { FregataSettings } from "./settings";
import { Workers } from "./workers";
import { Masters } from "./masters";
import { JobDag } from "./jobdag";
import { Windows } from "./window";
import { Dispatcher } from "./dispatch";

export class Fregata extends Scheduler {
  s: FregataSettings;
  /** τ: the priority's time scale (FregataSettings#tau). */
  tau: f64;
  /** The counter maxMasterQueue (the others are counted where they happen). */
  cMaxQueue: i32;
  workers: Workers;
  masters: Masters;
  windows: Windows;
  dispatcher: Dispatcher;
  dag: JobDag = new JobDag();
  // Per task, for the tasks with parents only (written at the job's arrival, read when the task
  // is ready: enqueue). A job's sources (no parents: the first level of `aviary gen fregata`'s
  // DAGs) are enqueued at its arrival from the per-job scratch, so their entries are never
  // written; the columns are not zero-filled, so their pages are never touched (see
  // toolkit/glue.ts freshInt32Array).
  taskMaster: Int32Array = freshInt32Array(nTasks);
  taskPriority: Float64Array = f64View(freshInt32Array(2 * nTasks));
  jobIsLow: Uint8Array = new Uint8Array(nJobs);
  /** The masters a job's sources went to (each dispatches once): a list marked by stamp. */
  touched: Int32Array = new Int32Array(0);
  touchMark: Int32Array = new Int32Array(0);
  touchStamp: i32 = 0;
  arriveKind: i32 = 0;
  readyKind: i32 = 0;
  releaseKind: i32 = 0;

  constructor(s: FregataSettings) {
    super();
    // (the counters in this order: the results list them so; wfqLowTurns only with WFQ, so that a
    // strict run's counters stay those of earlier versions)
    const cPairs = registerCounter("packedPairs");
    const cReserved = registerCounter("reservedDispatches");
    const cFallback = registerCounter("masterFallbacks");
    this.cMaxQueue = registerCounter("maxMasterQueue");
    const cBackfill = registerCounter("backfills");
    const cLowTurns = s.wfqWeight == Infinity ? 0 : registerCounter("wfqLowTurns");
    this.s = s;
    this.tau = s.tau();
    this.dagAware = true;
    // (the parents' counts and lists come from the child lists, in arrive: the engine reuses the
    // parent columns' memory for its own per-task state, dag.ts buildDag)
    this.readsParents = false;
    const workers = new Workers(s.groupSize, s.reservedPercent, cReserved);
    const masters = new Masters(workers, s.loadThreshold, cFallback);
    const windows = new Windows(workers, masters, s);
    this.workers = workers;
    this.masters = masters;
    this.windows = windows;
    this.dispatcher = new Dispatcher(workers, windows, s.wfqWeight, cPairs, cBackfill, cLowTurns);
    this.touched = new Int32Array(workers.groups);
    this.touchMark = new Int32Array(workers.groups);
    this.arriveKind = timerKind(this);
    this.readyKind = timerKind(this);
    this.releaseKind = timerKind(this);
  }

  start(): void { this.windows.start(); }

  onJobsAdded(from: i32, to: i32): void {
    for (let j = from; j < to; j++) this.jobIsLow[j] = predictedIsLong(j, jobEstimate[j] > this.s.cutoff) ? 1 : 0;
  }

  onJobArrival(job: i32, now: f64): void { setTimer(now + netDelay, this.arriveKind, job, 0); }

  onTasksReady(job: i32, n: i32, now: f64): void {
    // (the job rides with the task: no task -> job column is built)
    for (let i = 0; i < n; i++) setTimer(now + netDelay, this.readyKind, nextUnlaunchedTask(job), job);
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void { setTimer(now + netDelay, this.releaseKind, task, node); }

  onTimer(kind: i32, a: i32, b: i32, now: f64): void {
    if (kind == this.releaseKind) this.release(a, b, now);
    else if (kind == this.readyKind) {
      // (a task with parents: its master and priority are in the columns)
      const g = this.taskMaster[a];
      this.enqueue(a, b, now, g, this.taskPriority[a]);
      this.dispatcher.dispatch(g, now, -1);
    } else this.arrive(a, now);
  }

  /** A job reaches the masters: its DAG analysed, its groups (or tasks) given to masters, its
   *  sources queued and their masters dispatching. */
  arrive(job: i32, now: f64): void {
    const s = this.s;
    const dag = this.dag;
    const masters = this.masters;
    // (the masters' loads as the releases left them, before this job's groups are assigned)
    masters.newJob();
    const f = jobFirstTask[job];
    const n = jobTaskCount(job);
    dag.analyse(f, n, s);
    const low = this.jobIsLow[job] != 0;
    if (s.perTask) masters.assignEach(dag, f, n, low);
    else masters.assignGroups(dag, f, dag.formGroups(n, s.componentGroups), low);
    // The tasks with parents keep their master and priority until they are ready.
    const isSource = dag.isSource;
    const masterOf = dag.masterOf;
    const priority = dag.priority;
    for (let t = 0; t < n; t++) {
      if (isSource[t] != 0) continue;
      this.taskMaster[f + t] = masterOf[t];
      this.taskPriority[f + t] = priority[t];
    }
    // The ready tasks (those without parents) enter their masters' queues.
    const ready = jobUnlaunched(job);
    this.touchStamp++;
    let nt = 0;
    for (let i = 0; i < ready; i++) {
      const t = nextUnlaunchedTask(job);
      const g = masterOf[t - f];
      this.enqueue(t, job, now, g, priority[t - f]);
      if (this.touchMark[g] != this.touchStamp) { this.touchMark[g] = this.touchStamp; this.touched[nt++] = g; }
    }
    for (let i = 0; i < nt; i++) this.dispatcher.dispatch(this.touched[i], now, -1);
  }

  /** `task` (of `job`, with master g and priority P(T) `priority`) is ready at its master: it
   *  enters queue 2 x g + its class with key P(T) - ω2 x now / τ (linear ageing). */
  enqueue(task: i32, job: i32, now: f64, g: i32, priority: f64): void {
    const q = 2 * g + this.jobIsLow[job];
    const key = priority - this.s.waitingWeight * now / this.tau;
    this.windows.insert(q, task, key, job);
    const queued = <f64>this.windows.queuedAt(g);
    if (queued > counterValue(this.cMaxQueue)) setCounter(this.cMaxQueue, queued);
  }

  /** The end notice of `task` on `node` reaches its master (the node's group's): the resources
   *  return to its view and it dispatches, `node` being the worker that gained. */
  release(task: i32, node: i32, now: f64): void {
    const g = this.workers.give(task, node);
    this.masters.markStale(g);
    this.dispatcher.dispatch(g, now, node);
  }
}

export function createFregata(p: Params): Scheduler {
  return new Fregata(FregataSettings.read(p));
}
