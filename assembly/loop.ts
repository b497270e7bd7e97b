// The run: set-up, job intake (in one or more batches), and the event loop that dispatches each
// event to its mechanism. Events at equal times run in creation order (A24).
import { events, setNow, resetClock, EV_ARRIVAL, EV_DELIVER, EV_REPLY, EV_TASK_END, EV_RUN_END, EV_TIMER } from "./clock";
import { configure, allocateParams, resetCounters, flushCounts, nNodes, slotsPerNode, counters, C_EVENTS } from "./config";
import { nJobs, jobArrival, jobFirstTask, taskDuration, taskJob, allocateJobColumns, initializeJobs, openJobs,
  sealJobs } from "./jobs";
import { dag, allocateDag, buildDag, openDagJobs } from "./dag";
import { initializeNodes } from "./nodestate";
import { initializeQueues } from "./queues";
import { initializeSlots } from "./slots";
import { setupResources, initializeResources } from "./resources";
import { setupPredictions } from "./predict";
import { initializeRuns, resetRunOverheads, runNode, runJob, knownRecord } from "./preempt";
import { Scheduler, setScheduler, scheduler } from "./scheduler";
import { initializeServe, onReply, onTaskEnd, onRunEnd, discipline } from "./serve";
import { initializeMessages, deliver } from "./messages";
import { resetTimers, fireTimer } from "./timers";
import { takeEvent } from "./events";
import { clearFailure, fail, E_JOB_ORDER, E_DAG_UNSUPPORTED } from "./errors";

/** Jobs whose columns the host has filled and addJobs has taken in (streamed input: the run
 *  starts before the whole trace is read). */
export let jobsAvailable: i32 = 0;
/** An arrival held back until the job after it is in (policies may read the next job when one
 *  arrives), with the sequence number it was given when it would have been pushed; -1: none. */
let deferredArrival: i32 = -1;
let deferredSeq: i32 = 0;

/** Sizes the trace columns and parameters for a run; the policy is created next (its
 *  constructor may register counters and timer kinds), then initialize(). */
export function allocate(jobs: i32, tasks: i32, nodes: i32, slots: i32, delay: f64,
                         seedValue: i32, nParams: i32, record: bool, compat: bool): void {
  clearFailure();
  configure(nodes, slots, delay, seedValue, record, compat);
  allocateJobColumns(jobs, tasks);
  allocateDag(-1);
  setupResources(false);
  setupPredictions(false);
  allocateParams(nParams);
  resetCounters();
  resetTimers();
  resetRunOverheads();
}

/** Builds derived state once the host filled the trace columns and parameters. Module state
 *  outlives a run in the JS build: everything is reset here. */
export function initialize(policy: Scheduler): void {
  setScheduler(policy);
  if (dag && !policy.dagAware) fail(E_DAG_UNSUPPORTED);
  const d = policy.discipline;
  const preemptible = d.preemptive || policy.preemptsRuns;
  const sparseRuns = preemptible && policy.preemptsLongOnly && !d.preemptive;
  initializeJobs(policy.taskJobs || preemptible && !sparseRuns && !d.preemptive); // (sparse and pooled run records keep their job)
  jobsAvailable = 0;
  deferredArrival = -1;
  initializeNodes();
  initializeQueues(d.usesValue);
  initializeServe(d, preemptible);
  initializeMessages();
  resetClock();
  events.useSlots(nNodes * slotsPerNode, slotsPerNode, EV_TASK_END);
  initializeSlots(preemptible);
  initializeRuns(preemptible, sparseRuns, d.preemptive); // (serve.ts longOnlyRuns; pooled records: las.ts)
  initializeResources(preemptible);
}

/** The host filled the columns of jobs [jobsAvailable, upTo) (arrivals, first tasks up to
 *  jobFirstTask[upTo], their durations, estimates): builds their per-job state. The first
 *  batch also starts the policy and the arrivals; a run stopped for want of jobs (runEvents
 *  returns 2) goes on once the next arrival's successor is in. */
export function addJobs(upTo: i32): void {
  const from = jobsAvailable;
  if (upTo < from || upTo > nJobs) fail(E_JOB_ORDER, upTo);
  if (upTo == from) return;
  if (from == 0 && dag) buildDag(scheduler.readsParents);
  openJobs(from, upTo);
  if (dag) openDagJobs(from, upTo);
  scheduler.onJobsAdded(from, upTo);
  sealJobs(from, upTo);
  jobsAvailable = upTo;
  if (from == 0) {
    const width = calendarWidth(jobFirstTask[upTo]);
    if (width > 0.0) events.useCalendar(width);
    scheduler.start();
    pushArrival(0);
  } else if (deferredArrival >= 0 && mayArrive(deferredArrival)) {
    const a = deferredArrival;
    deferredArrival = -1;
    events.pushWithSeq(jobArrival[a], deferredSeq, EV_ARRIVAL, a, 0);
  }
}

/** Whether the arrival of `job` may be processed: its successor's data is in (or all are). */
function mayArrive(job: i32): bool { return job + 1 < jobsAvailable || jobsAvailable == nJobs; }

/** Queues the arrival of `job` (< nJobs), or holds it back (with its sequence number) until
 *  the job after it is in. Returns whether it was held back. */
function pushArrival(job: i32): bool {
  if (mayArrive(job)) {
    events.push(jobArrival[job], EV_ARRIVAL, job, 0);
    return false;
  }
  deferredArrival = job;
  deferredSeq = events.reserveSeq();
  return true;
}

/** Task ends per calendar window at full load. */
const CALENDAR_ENDS: f64 = 16.0;

/** Window width of the event calendar (calendar.ts): at full load the slots finish about
 *  nNodes x slotsPerNode / mean task duration tasks per second; a window of CALENDAR_ENDS such
 *  ends keeps the heap small. 0 (no calendar) when the durations give no scale. Only speed
 *  depends on it (so a streamed run, which sees only the first batch here, gives the same
 *  results). */
function calendarWidth(tasks: i32): f64 {
  if (tasks == 0) return 0.0;
  // The mean duration from at most about 65,536 evenly spaced tasks of the first `tasks` (the
  // ones in when the run starts; a full pass over every duration would be a cold loop in set-up).
  const step = tasks > 65536 ? tasks >> 16 : 1;
  let total = 0.0;
  let k = 0;
  for (let t = 0; t < tasks; t += step) { total += taskDuration[t]; k++; }
  const w = CALENDAR_ENDS * (total / <f64>k) / (<f64>nNodes * <f64>slotsPerNode);
  return w > 0.0 && w < Infinity ? w : 0.0;
}

/** Processes up to `maxEvents` events. Returns 1 when the simulation is finished, 2 when it
 *  waits for jobs (addJobs), 0 otherwise. */
export function runEvents(maxEvents: i32): i32 {
  if (deferredArrival >= 0 || jobsAvailable == 0 && nJobs > 0) return 2;
  const q = events;
  let n = 0;
  for (; n < maxEvents; n++) {
    const got = takeEvent(q);
    if (got <= 0) {
      if (got == 0) break;
      n--; // (a dead task end dropped: no event taken)
      continue;
    }
    const t = q.curTime;
    const kind = q.curKind;
    const a = q.curA;
    const b = q.curB;
    setNow(t);
    if (kind == EV_TASK_END) {
      onTaskEnd(a, b, q.curC, t, q.curD);
    } else if (kind == EV_REPLY) {
      onReply(a, b, t);
    } else if (kind == EV_DELIVER) {
      deliver(a, b, t);
    } else if (kind == EV_RUN_END) {
      knownRecord(a, b); // (the run's record rides in the event: preempt.ts beginRun)
      const node = runNode(a);
      const job = runJob(a);
      if (discipline.preemptive) discipline.runEnded(node, a, job, t); else onRunEnd(node, a, job, t);
    } else if (kind == EV_ARRIVAL) {
      const held = a + 1 < nJobs && pushArrival(a + 1);
      scheduler.onJobArrival(a, t);
      if (held) { n++; break; } // nothing may run before that arrival: wait for jobs
    } else {
      fireTimer(kind - EV_TIMER, a, b, t);
    }
  }
  counters[C_EVENTS] += <f64>n;
  flushCounts();
  if (deferredArrival >= 0) return 2;
  return n < maxEvents || q.pending() == 0 ? 1 : 0;
}
