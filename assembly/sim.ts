// The simulation core: trace columns, nodes with slots and queues, network
// messages, the event loop, and the Scheduler interface every policy implements.
// Policies live in assembly/schedulers/ and only call the mechanisms exported here.
//
// Cost model (seed-hawk-eagle.md §1.4, A4, A5):
//  - a message (probe or placement) reaches its node after `netDelay`;
//  - a late-bound probe at the head of a queue holds a slot while the node asks the
//    job's scheduler for a task: the reply arrives 2 x netDelay later; if the job has
//    no unlaunched task the reply is a cancel and the slot is released then;
//  - an early-bound task (a placement carrying the task) starts as soon as a slot is free.
// The scheduler hands out the task when the reply is sent. With one constant delay the
// order of hand-outs equals the order of requests, so deciding at reply time is exact.
import { EventQueue } from "./events";
import { Rng } from "./rng";
import { fail, f64View, imul, ushr, alignedInt32Array, toI32 } from "./glue";

// ---- event kinds -----------------------------------------------------------------
export const EV_ARRIVAL: i32 = 0;   // a = job
export const EV_DELIVER: i32 = 1;   // a = number of ring entries delivered now
export const EV_REPLY: i32 = 2;     // a = node, b = queue entry of the probe (get-task reply reaches the node)
export const EV_TASK_END: i32 = 3;  // a = node, b = task, c = job
export const EV_TIMER: i32 = 4;     // a, b: scheduler-defined
export const EV_LAS_END: i32 = 5;   // a = task, b = run version (preemptive discipline)
export const EV_QUANTUM: i32 = 6;   // a = task, b = run version (preemptive discipline)

// ---- counters (indices into `counters`; names live in src/engine/counters.ts) ------
export const C_EVENTS: i32 = 0;
export const C_MESSAGES: i32 = 1;       // messages sent to nodes (probes + placements)
export const C_PROBES: i32 = 2;         // late-bound reservations sent
export const C_BOUND_TASKS: i32 = 3;    // early-bound task placements sent
export const C_FETCHES: i32 = 4;        // get-task round trips (each holds a slot 2 x delay)
export const C_STALE_PROBES: i32 = 5;   // round trips answered with a cancel
export const C_TASKS_STARTED: i32 = 6;
export const C_MAX_QUEUE: i32 = 7;      // longest node queue seen
// Head-of-line statistics of the Hawk/Eagle papers (seed-hawk-eagle.md §4, Table 3.2);
// they need a scheduling class (jobLong), so they stay 0 for class-blind policies.
export const C_PROBES_BEHIND_LONG: i32 = 8;  // short probes that arrived (not by stealing) at a node running or holding long work
export const C_SHORT_AFTER_LONG: i32 = 9;    // short tasks started by a probe that had waited behind long work
export const C_RESCHEDULED: i32 = 10;        // probes moved again: stolen (Hawk) or re-sent after a rejection (Eagle)
export const C_STEAL_ATTEMPTS: i32 = 11;
export const C_STEALS: i32 = 12;             // successful steals (batches)
export const C_REJECTED: i32 = 13;           // probes rejected at a node holding long work (Eagle SSS)
export const C_PURGED: i32 = 14;             // exhausted sticky probes dropped without a round trip
export const C_MAX_BYPASS: i32 = 15;         // largest bypassed work / bound seen by any queued entry (SRPT)
// Preemptive LAS discipline (see "Preemptive LAS" below).
export const C_PREEMPTIONS: i32 = 16;        // suspensions of a running task (by an arrival or at a quantum end)
export const C_SUSPENDED_SECONDS: i32 = 17;  // total time tasks spent suspended in node queues
export const C_RESUME_SECONDS: i32 = 18;     // slot-seconds spent on the resume cost (busy, no service)
export const N_CORE_COUNTERS: i32 = 19;
export const N_COUNTERS: i32 = 32;      // schedulers use indices from N_CORE_COUNTERS on

// ---- the Scheduler interface -------------------------------------------------------
/** Base class of every policy. Override what the policy needs; defaults do nothing
 *  except late binding, which hands out the job's next unlaunched task (trace order). */
export class Scheduler {
  /** The columns of jobs [from, to) are in (they come in order, in one or more batches, see
   *  addJobs): derive per-job state (classes, estimates). Before start() for the first batch. */
  onJobsAdded(from: i32, to: i32): void {}
  /** Called once, after the first batch of jobs is in and before the first event. Job data may
   *  be read only for the jobs in so far (always at least the next one to arrive). */
  start(): void {}
  /** A job is submitted. */
  onJobArrival(job: i32, now: f64): void {}
  /** A probe of `job` at `node` asks for a task; return a task index or -1 (cancel). */
  handOut(job: i32, node: i32, now: f64): i32 { return nextUnlaunchedTask(job); }
  /** A message reaches `node`; return false to reject it (it is then not queued). */
  accept(node: i32, job: i32, task: i32, now: f64): bool { return true; }
  /** The queue record (arena index, see "node queues") `node` serves next, or -1 (queue
   *  discipline). Default: FIFO over the records not waiting for a get-task reply. */
  selectEntry(node: i32, now: f64): i32 { return firstReadyEntry(node); }
  /** `node` chose record `e` to serve next (before a bound task starts or a probe fetches). */
  onSelected(node: i32, e: i32, now: f64): void {}
  /** A sticky probe (record `e`, still queued) obtained `task` of `job` (Sticky Batch Probing, seed-hawk-eagle.md §2.5(e)). */
  onStickyTask(node: i32, e: i32, task: i32, job: i32, now: f64): void {}
  /** The policy reads `taskJob` (the job of each task: 4 bytes per task, built only when
   *  asked for, and always for the preemptive discipline). Read once by initialize(). */
  taskJobs: bool = false;
  /** A hint for the message path: accept() rejects most short probes that reach a node holding
   *  long work, so deliver does not load such a node's queue in advance. Only speed depends on it. */
  rejectsShortAtLongWork: bool = false;
  /** Sticky Batch Probing: short probes stay queued and keep pulling tasks of their job. */
  sticky: bool = false;
  /** The policy reads and writes the records' bypass field (SRPT bypass bounds); without it
   *  the field is not kept up to date. Read once by initialize(). */
  bypass: bool = false;
  /** A task of `job` finished at `node` (its slot is already released). */
  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {}
  /** `node` has a free slot and an empty queue after serving. */
  onNodeIdle(node: i32, now: f64): void {}
  /** A timer set with setTimer fired. */
  onTimer(a: i32, b: i32, now: f64): void {}
  /** Nodes use the preemptive Least-Attained-Service discipline (early-bound tasks only;
   *  see "Preemptive LAS" below). Read once by initialize(). */
  preemptive: bool = false;
  /** LAS quantum W (s of a task's run); Infinity: no quantum checks. */
  quantum: f64 = Infinity;
  /** Seconds added to a resumed task's run (suspend/resume cost; busy, no service). */
  resumeCost: f64 = 0.0;
  /** Starvation guard: after this many preemptions a task's next run is protected (0: off). */
  starveAfter: i32 = 0;
  /** Length of the protected run, in quanta. */
  starveQuanta: f64 = 2.0;
  /** Class-priority preemption instead of LAS (Big-C): only a short task preempts, and only a
   *  long one (the most recently started); freed slots go to short tasks first, FIFO. */
  priorityPreemption: bool = false;
  /** Quantum-end hysteresis: the runner yields only if its attained service exceeds the least
   *  attained suspended task's by at least this many seconds (0: the listing's `<=`; the
   *  prototype uses W/2, spec §8 #2). */
  swapMargin: f64 = 0.0;
  /** The arrival's victim is chosen by stored attained service, without the current run's
   *  progress (the printed listing's reading, spec §8 #1); default: the current value. */
  victimStale: bool = false;
  /** Starvation counted as the thesis text has it (spec §8 #3 "waitQuanta"): a suspended task
   *  passed over at `starveAfter` consecutive quantum-end decisions on its node is forced in at
   *  the next decision point (quantum end or completion), for a protected run. Default: the
   *  prototype's count of the task's own suspensions. */
  starveByWaits: bool = false;
}

// ---- trace (filled by the host through the views exported in index.ts) -----------
export let nJobs: i32 = 0;
export let nTasks: i32 = 0;
export let jobArrival: Float64Array = new Float64Array(0);
export let jobFirstTask: Int32Array = new Int32Array(0);  // nJobs + 1 offsets
export let taskDuration: Float64Array = new Float64Array(0);
export let jobEstimate: Float64Array = new Float64Array(0); // per-job task-duration estimate
/** Job of each task; empty unless the policy sets `taskJobs` or is preemptive. */
export let taskJob: Int32Array = new Int32Array(0);
/** Scheduling class per job (1 = long), set by class-aware policies in start(). */
export let jobLong: Int32Array = new Int32Array(0);

// ---- configuration -----------------------------------------------------------------
export let nNodes: i32 = 0;
export let slotsPerNode: i32 = 1;
export let netDelay: f64 = 0.0005;
export let seed: i32 = 0;
export let params: Float64Array = new Float64Array(0);
export let recordTasks: bool = false;
/** Reproduce the reference simulator's quirks where a policy has them (seed-hawk-eagle.md §2.5(d) [CODE]). */
export let compatMode: bool = false;
export let scheduler: Scheduler = new Scheduler();

// ---- dynamic state -------------------------------------------------------------------
export let events: EventQueue = new EventQueue(16);
export let counters: Float64Array = new Float64Array(N_COUNTERS);
// The per-job fields the hot paths touch together, one record of JR i32 per job (one cache
// miss instead of one per column when a cold job is looked up).
export const JR: i32 = 8;
export const J_NEXT: i32 = 0;   // next unlaunched task
export const J_END: i32 = 1;    // one past the job's last task
export const J_LEFT: i32 = 2;   // tasks not finished
export const J_WAIT: i32 = 3;   // tasks not started (bits 0-29) | W_LONG
/** Bit of J_WAIT: the job is long (a copy of jobLong, set by addJobs after the policy's onJobsAdded). */
export const W_LONG: i32 = 1 << 30;
// i32 fields 4-5: f64 jobRecF[job * 4 + 2], the time a policy last handed out one of the job's
// tasks (policies that note it: setJobHandOut);
// i32 fields 6-7: f64 jobRecF[job * 4 + 3], a copy of jobEstimate (after the policy's onJobsAdded:
// read it with jobEst). So an SRPT scan finds a queued job's estimate, its task counts and its
// last hand-out on one line (records are line-aligned, so none straddles two lines).
export let jobRec: Int32Array = new Int32Array(0);
export let jobRecF: Float64Array = new Float64Array(0);
export let jobFinish: Float64Array = new Float64Array(0);
export let jobsDone: i32 = 0;
/** Jobs whose columns the host has filled and addJobs has taken in (streamed input: the run
 *  starts before the whole trace is read). */
export let jobsAvailable: i32 = 0;
/** An arrival held back until the job after it is in (policies may read the next job when one
 *  arrives), with the sequence number it was given when it would have been pushed; -1: none. */
let deferredArrival: i32 = -1;
let deferredSeq: i32 = 0;
export let now: f64 = 0.0;
export let lastFinish: f64 = 0.0;

// Nodes: busy slots and a FIFO queue per node. A node's queue is a contiguous run of records
// in a shared arena (QR i32 fields per record, see the record layout below), so scanning a queue
// reads memory in order: at full trace size the engine is bound by cache misses, and a linked
// list made every step of a queue scan (SRPT) a dependent miss. Records are addressed by arena
// index r; a node's queue occupies r = N_QFIRST .. N_QFIRST + N_QLEN - 1, inside its region
// regionBase(node) .. regionEnd(node) - 1 (2^regionLog(node) records, all three from N_QEND).
// Removing a record moves its neighbours, so an index is valid only until the queue changes.
// A node's fields are split by how often they are touched. nodeState (NS fields, 16 bytes: 240 KB
// for 15,000 nodes) is what every message, serve and task end reads; nodeLong (NLS fields)
// holds the long-work counters that only class-aware policies change, and the `longWork` bitset
// mirrors them for quick tests. One 32-byte record for all of it cost sparrow 16% more L2 misses.
export const NS: i32 = 4;
export const N_QFIRST: i32 = 0;    // arena index of the first queued record
export const N_QLEN: i32 = 1;      // queue length
export const N_BUSY: i32 = 2;      // occupied slots
export const N_QEND: i32 = 3;      // the region: one past its last arena index (bits 0-26) and the
                                   // log2 of its capacity (bits 27-31); read with regionEnd/regionLog
/** Mask of the region end in N_QEND; the arena holds at most MAX_ARENA records. */
export const END_MASK: i32 = 0x07FFFFFF;
const MAX_ARENA: i32 = 1 << 26; // 67 M queued records (a run that needs more stops with invariant 8)
export const NLS: i32 = 2;
export const NL_RUN: i32 = 0;      // long tasks running
export const NL_QUEUED: i32 = 1;   // queue entries of long jobs
export let nodeState: Int32Array = new Int32Array(0);
export let nodeLong: Int32Array = new Int32Array(0);
/** Bit n set iff node n holds long work (NL_RUN + NL_QUEUED > 0): 2 KB for 15,000 nodes, so
 *  a policy that tests random nodes (Eagle's rejections) does not miss on their node records. */
export let longWork: Int32Array = new Int32Array(0);
// A queue record is 8 or 16 bytes, everything a scan reads on one stream of lines:
//   i32 0 (R_JOBFLAGS): job index | flag bits (F_*, bits 27-30; test them on the word as it is);
//   i32 1 (R_TASK):     task index of an early-bound task, or -1 - serial for a late-bound probe
//                       (serials are unique per probe and find a sticky probe again);
//   i32 2-3:            f64 qRecF[2 r + 1], the SRPT bypass (only policies with `bypass` have
//                       these two fields: the others' records are 8 bytes).
// An earlier layout had separate job, task, flags and serial fields plus a parallel bypass
// column: 24 bytes on two streams per Eagle record.
/** Record size in i32 fields: 4 (16 bytes) for policies that keep the SRPT bypass, else 2 (the
 *  job word and the task word: 8 bytes, eight records per cache line). Set by initialize(). */
export let QR: i32 = 4;
export const R_JOBFLAGS: i32 = 0;
export const R_TASK: i32 = 1;
export const JOB_MASK: i32 = 0x07FFFFFF;
/** Jobs a run can hold (job indices share their word with the flags). */
export const MAX_JOBS: i32 = 0x08000000;
export let qRec: Int32Array = new Int32Array(0);
let qRecF: Float64Array = new Float64Array(0); // view of qRec: qRecF[2 r + 1] is record r's bypass (read it with recBypass)
let useBypass: bool = false;
let arenaCap: i32 = 0;             // records the arena can hold
let arenaTop: i32 = 0;             // arena indices below this belong to some region
const MIN_REGION_LOG: i32 = 2;     // regions hold 4, 8, 16, ... records
const SHRINK_LOG: i32 = 4;         // an emptied queue keeps a region of at most 2^SHRINK_LOG records
let regionFree: Int32Array = new Int32Array(32); // per size class: a freed region, -1 if none
let nextSerial: i32 = 0;
// Get-task requests in flight: what the reply needs (the probe record may have left its queue).
let fetchJob: Int32Array = new Int32Array(0);
let fetchFlags: Int32Array = new Int32Array(0);
let fetchSerial: Int32Array = new Int32Array(0);
let fetchFree: i32 = -1;           // free list through fetchJob
export const F_BEHIND_LONG: i32 = 1 << 27; // a short probe that arrived behind long work
export const F_STICKY: i32 = 1 << 28;      // stays queued while its job has unlaunched tasks
export const F_FETCHING: i32 = 1 << 29;    // a get-task request of this entry is in flight
export const F_LONG: i32 = 1 << 30;        // the entry belongs to a long job (saves a job lookup in scans)

/** The job of queue record `r`. */
export function recJob(r: i32): i32 { return qRec[r * QR + R_JOBFLAGS] & JOB_MASK; }
/** The bypassed work recorded for queue record `r` (policies with `bypass`). */
export function recBypass(r: i32): f64 { return qRecF[r * 2 + 1]; }

// Messages in flight: a FIFO ring of (node, job, task); one EV_DELIVER per batch.
let ringNode: Int32Array = new Int32Array(0);
let ringJob: Int32Array = new Int32Array(0);
let ringTask: Int32Array = new Int32Array(0);
let ringHead: i32 = 0;   // next entry to deliver
let ringCount: i32 = 0;  // entries in flight
let batchStart: i32 = 0; // ringCount when the current batch began
let batchBound: i32 = 0; // bound tasks in the current batch (counted at sendEnd)

// Utilization: busy slot-seconds integrated exactly at every change.
export let busySlots: i32 = 0;
export let busyArea: f64 = 0.0;
let lastBusyChange: f64 = 0.0;

// Optional per-task record for the invariants checker.
export let taskStart: Float64Array = new Float64Array(0);
export let taskEnd: Float64Array = new Float64Array(0);
export let taskNode: Int32Array = new Int32Array(0);
export let taskRuns: Int32Array = new Int32Array(0);
export let taskService: Float64Array = new Float64Array(0); // service received (preemptive discipline)
export let jobPreemptions: Int32Array = new Int32Array(0);  // suspensions of the job's tasks (preemptive discipline)

// Preemptive LAS state (sized at initialize only when the policy is preemptive).
let lasMode: bool = false;
let lasQuantum: f64 = Infinity;
let lasCost: f64 = 0.0;
let lasStarveAfter: i32 = 0;
let lasProtect: f64 = 0.0;
let lasSwapMargin: f64 = 0.0;
let lasVictimStale: bool = false;
let lasWaitMode: bool = false;   // starvation counted in quantum-end decisions waited
let lasForced: bool = false;     // the run lasRun starts next is a forced (protected) one
const LS_RUNNING: i32 = 1;
const LS_PROTECTED: i32 = 2;  // running, may not be preempted (starvation guard)
const LS_SUSPENDED: i32 = 3;  // preempted, in its node's queue
const LS_WAITING: i32 = 4;    // arrived at a node whose slots were all protected; never ran yet
const LS_DONE: i32 = 5;
let lasState: Int32Array = new Int32Array(0);
let lasNode: Int32Array = new Int32Array(0);
let lasPos: Int32Array = new Int32Array(0);        // slot (node * slots + k) while running
let lasVersion: Int32Array = new Int32Array(0);    // bumped whenever a run starts or stops
let lasPreempted: Int32Array = new Int32Array(0);  // suspensions since the last protected run (waitQuanta: decisions waited)
let lasAttained: Float64Array = new Float64Array(0); // service before the current run
let lasRunStart: Float64Array = new Float64Array(0); // service of the current run starts here
let lasRunEnd: Float64Array = new Float64Array(0);   // the current run's completion time
let lasRunCost: Float64Array = new Float64Array(0);  // resume cost of the current run not yet counted
let lasSuspendedAt: Float64Array = new Float64Array(0);
let lasSlot: Int32Array = new Int32Array(0);        // running task per slot, -1 when free
let lasPriority: bool = false;                      // Big-C's class priorities instead of LAS

// ---- setup ------------------------------------------------------------------------------
export function allocate(jobs: i32, tasks: i32, nodes: i32, slots: i32, delay: f64,
                         seedValue: i32, nParams: i32, record: bool, compat: bool): void {
  if (jobs >= MAX_JOBS) fail(7); // the host checks this first (simulate.ts ENGINE_MAX_JOBS)
  nJobs = jobs;
  nTasks = tasks;
  nNodes = nodes;
  slotsPerNode = slots;
  netDelay = delay;
  seed = seedValue;
  recordTasks = record;
  compatMode = compat;
  jobArrival = new Float64Array(jobs);
  jobFirstTask = new Int32Array(jobs + 1);
  taskDuration = new Float64Array(tasks);
  jobEstimate = new Float64Array(jobs);
  params = new Float64Array(nParams < 1 ? 1 : nParams);
}

/** Builds derived state once the host filled the trace columns and parameters. */
export function initialize(policy: Scheduler): void {
  scheduler = policy;
  const withTaskJob = policy.taskJobs || policy.preemptive;
  taskJob = new Int32Array(withTaskJob ? nTasks : 0);
  jobRec = alignedInt32Array(nJobs * JR, JR * 4);
  jobRecF = f64View(jobRec);
  jobFinish = new Float64Array(nJobs);
  jobLong = new Int32Array(nJobs);
  jobsAvailable = 0;
  deferredArrival = -1;
  // Module state outlives a run in the JS build: reset everything here.
  const initial = 1 << MIN_REGION_LOG;
  nodeState = new Int32Array(nNodes * NS);
  nodeLong = new Int32Array(nNodes * NLS);
  longWork = new Int32Array((nNodes + 31) >> 5);
  arenaTop = nNodes * initial;
  let arena = 1024;
  while (arena < arenaTop * 2) arena *= 2;
  QR = policy.bypass ? 4 : 2;
  const rec = new Int32Array(arena * QR);
  qRec = rec;
  qRecF = f64View(rec);
  useBypass = policy.bypass;
  arenaCap = arena;
  for (let n = 0; n < nNodes; n++) {
    setRegion(n, n * initial, MIN_REGION_LOG);
  }
  regionFree.fill(-1);
  nextSerial = 0;
  const fetches = nNodes * slotsPerNode + 1; // each request in flight holds a slot
  fetchJob = new Int32Array(fetches);
  fetchFlags = new Int32Array(fetches);
  fetchSerial = new Int32Array(fetches);
  for (let f = 0; f < fetches; f++) fetchJob[f] = f + 1;
  fetchJob[fetches - 1] = -1;
  fetchFree = 0;
  const ring = 4096;
  ringNode = new Int32Array(ring);
  ringJob = new Int32Array(ring);
  ringTask = new Int32Array(ring);
  ringHead = 0; ringCount = 0; batchStart = 0;
  events = new EventQueue(1024);
  events.useSlots(nNodes * slotsPerNode, slotsPerNode, EV_TASK_END);
  counters = new Float64Array(N_COUNTERS);
  jobsDone = 0; now = 0.0; lastFinish = 0.0;
  busySlots = 0; busyArea = 0.0; lastBusyChange = 0.0;
  const recorded = recordTasks ? nTasks : 0;
  taskStart = new Float64Array(recorded);
  taskEnd = new Float64Array(recorded);
  taskNode = new Int32Array(recorded);
  taskRuns = new Int32Array(recorded);
  lasMode = policy.preemptive;
  lasQuantum = policy.quantum;
  lasCost = policy.resumeCost;
  lasStarveAfter = policy.starveAfter;
  lasPriority = policy.priorityPreemption;
  lasProtect = policy.starveQuanta * policy.quantum;
  lasSwapMargin = policy.swapMargin;
  lasVictimStale = policy.victimStale;
  lasWaitMode = policy.starveByWaits && policy.starveAfter > 0;
  lasForced = false;
  const lt = lasMode ? nTasks : 0;
  taskService = new Float64Array(lasMode ? recorded : 0);
  jobPreemptions = new Int32Array(lasMode ? nJobs : 0);
  lasState = new Int32Array(lt);
  lasNode = new Int32Array(lt);
  lasPos = new Int32Array(lt);
  lasVersion = new Int32Array(lt);
  lasPreempted = new Int32Array(lt);
  lasAttained = new Float64Array(lt);
  lasRunStart = new Float64Array(lt);
  lasRunEnd = new Float64Array(lt);
  lasRunCost = new Float64Array(lt);
  lasSuspendedAt = new Float64Array(lt);
  lasSlot = new Int32Array(lasMode ? nNodes * slotsPerNode : 0);
  for (let k = 0; k < lasSlot.length; k++) lasSlot[k] = -1;
}

/** The host filled the columns of jobs [jobsAvailable, upTo) (arrivals, first tasks up to
 *  jobFirstTask[upTo], their durations, estimates): builds their per-job state. The first
 *  batch also starts the policy and the arrivals; a run stopped for want of jobs (runEvents
 *  returns 2) goes on once the next arrival's successor is in. */
export function addJobs(upTo: i32): void {
  const from = jobsAvailable;
  if (upTo < from || upTo > nJobs) fail(11);
  if (upTo == from) return;
  const withTaskJob = taskJob.length > 0;
  for (let j = from; j < upTo; j++) {
    const first = jobFirstTask[j];
    const end = jobFirstTask[j + 1];
    jobRec[j * JR + J_NEXT] = first;
    jobRec[j * JR + J_END] = end;
    jobRec[j * JR + J_LEFT] = end - first;
    jobRec[j * JR + J_WAIT] = end - first;
    jobFinish[j] = -1.0;
    if (withTaskJob) for (let t = first; t < end; t++) taskJob[t] = j;
  }
  scheduler.onJobsAdded(from, upTo);
  for (let j = from; j < upTo; j++) {
    setJobClass(j, jobLong[j] != 0);
    jobRecF[j * (JR >> 1) + 3] = jobEstimate[j];
  }
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

/** Window width of the event calendar (events.ts): at full load the slots finish about
 *  nNodes x slotsPerNode / mean task duration tasks per second; a window of CALENDAR_ENDS such
 *  ends keeps the heap small. 0 (no calendar) when the durations give no scale. Only speed
 *  depends on it (so a streamed run, which sees only the first batch here, gives the same
 *  results). */
function calendarWidth(tasks: i32): f64 {
  if (tasks == 0) return 0.0;
  // The mean duration from at most about 65,536 evenly spaced tasks of the first `tasks` (the
  // ones in when the run starts; a full pass over 15.6 M durations is a cold loop in set-up).
  const step = tasks > 65536 ? tasks >> 16 : 1;
  let total = 0.0;
  let k = 0;
  for (let t = 0; t < tasks; t += step) { total += taskDuration[t]; k++; }
  const w = CALENDAR_ENDS * (total / <f64>k) / (<f64>nNodes * <f64>slotsPerNode);
  return w > 0.0 && w < Infinity ? w : 0.0;
}

// ---- job helpers used by policies ---------------------------------------------------
export function jobTaskCount(job: i32): i32 { return jobFirstTask[job + 1] - jobFirstTask[job]; }
/** The job's task-duration estimate as the policy sees it (jobEstimate after onJobsAdded). */
export function jobEst(job: i32): f64 { return jobRecF[job * (JR >> 1) + 3]; }
export function jobUnlaunched(job: i32): i32 { return jobRec[job * JR + J_END] - jobRec[job * JR + J_NEXT]; }
/** Tasks of `job` not started yet. */
export function jobWaitingCount(job: i32): i32 { return jobRec[job * JR + J_WAIT] & ~W_LONG; }
/** Sets the class of `job` in jobLong and in its record (addJobs does it for every job after
 *  the policy's onJobsAdded). */
export function setJobClass(job: i32, long: bool): void {
  jobLong[job] = long ? 1 : 0;
  const w = jobRec[job * JR + J_WAIT];
  jobRec[job * JR + J_WAIT] = long ? w | W_LONG : w & ~W_LONG;
}
/** Whether `job` is long (jobLong, read from the job's record). */
export function jobIsLong(job: i32): bool { return (jobRec[job * JR + J_WAIT] & W_LONG) != 0; }
/** The time a policy last handed out a task of `job` (0 until setJobHandOut). */
export function jobHandOut(job: i32): f64 { return jobRecF[job * (JR >> 1) + 2]; }
export function setJobHandOut(job: i32, t: f64): void { jobRecF[job * (JR >> 1) + 2] = t; }

/** Late binding: the job's next unlaunched task in trace order, or -1. */
export function nextUnlaunchedTask(job: i32): i32 {
  const t = jobRec[job * JR + J_NEXT];
  if (t >= jobRec[job * JR + J_END]) return -1;
  jobRec[job * JR + J_NEXT] = t + 1;
  return t;
}

export function count(index: i32, amount: f64): void { counters[index] += amount; }

/** A timer at `at`: EV_TIMER reaches scheduler.onTimer(a, b). One that fires a network delay
 *  from now (a reply reaching the scheduler) joins the deliveries' FIFO lane, whose events are
 *  all created at now + netDelay, instead of a sift through the heap; the order of events is
 *  the same either way (time, then creation). */
export function setTimer(at: f64, a: i32, b: i32): void {
  if (at == now + netDelay) events.pushLane(1, at, EV_TIMER, a, b);
  else events.push(at, EV_TIMER, a, b);
}

// ---- messages -----------------------------------------------------------------------------
/** Starts a batch of messages sent at the same instant (one delivery event). */
export function sendBegin(): void { batchStart = ringCount; batchBound = 0; }

/** Queues a message to `node`: a late-bound probe of `job` (task = -1) or a bound task of `job`. */
export function sendTo(node: i32, job: i32, task: i32): void {
  if (ringCount == ringNode.length) growRing();
  let i = ringHead + ringCount;
  const cap = ringNode.length;
  if (i >= cap) i -= cap;
  ringNode[i] = node; ringJob[i] = job; ringTask[i] = task;
  ringCount++;
  if (task >= 0) batchBound++;
}

/** Sends the batch: every message of it reaches its node after the network delay.
 *  Messages are sent at the current time (`sentAt` = now), which keeps delivery order FIFO. */
export function sendEnd(sentAt: f64): void {
  const k = ringCount - batchStart;
  if (k > 0) {
    events.pushLane(1, sentAt + netDelay, EV_DELIVER, k, 0);
    counters[C_MESSAGES] += <f64>k;
    counters[C_BOUND_TASKS] += <f64>batchBound;
    counters[C_PROBES] += <f64>(k - batchBound);
  }
}

function growRing(): void {
  const cap = ringNode.length;
  const c = cap * 2;
  const rn = new Int32Array(c);
  const rj = new Int32Array(c);
  const rt = new Int32Array(c);
  for (let k = 0; k < ringCount; k++) {
    let i = ringHead + k;
    if (i >= cap) i -= cap;
    rn[k] = ringNode[i]; rj[k] = ringJob[i]; rt[k] = ringTask[i];
  }
  ringNode = rn; ringJob = rj; ringTask = rt;
  ringHead = 0;
}

/** Written by deliver's touch pass so the loads are not optimized away. */
let touchSink: i32 = 0;

function deliver(k: i32, t: f64): void {
  if (k > ringCount) fail(2);
  const cap = ringNode.length;
  // Touch pass: load each target node's state and the record where its queue's tail will go.
  // These loads do not depend on each other, so the processor overlaps their cache misses
  // (a batch goes to random nodes of a large arena); handled one by one below, each message
  // would wait for its own miss.
  // A short probe that the policy will reject (it reaches a node holding long work) never
  // touches the queue: loading its tail line would be a wasted miss.
  if (k > 1) {
    const rejects = scheduler.rejectsShortAtLongWork;
    let acc = 0;
    let i = ringHead;
    for (let m = 0; m < k; m++) {
      const node = ringNode[i];
      if (!rejects || !holdsLongWork(node) || jobIsLong(ringJob[i])) {
        const tail = nodeState[node * NS + N_QFIRST] + nodeState[node * NS + N_QLEN];
        const end = regionEnd(node);
        acc ^= qRec[(tail < end ? tail : end - 1) * QR];
      }
      i++;
      if (i == cap) i = 0;
    }
    touchSink = acc;
  }
  for (let m = 0; m < k; m++) {
    const node = ringNode[ringHead];
    const job = ringJob[ringHead];
    const task = ringTask[ringHead];
    ringHead++;
    if (ringHead == cap) ringHead = 0;
    ringCount--;
    if (scheduler.accept(node, job, task, t)) {
      if (lasMode) {
        lasArrive(node, task, t);
      } else {
        receive(node, job, task);
        serve(node, t);
      }
    }
  }
}

/** A message arrives at `node`: queue it, noting a short probe that lands behind long work. */
function receive(node: i32, job: i32, task: i32): void {
  let flags = 0;
  if (!jobIsLong(job)) {
    if (holdsLongWork(node)) {
      counters[C_PROBES_BEHIND_LONG] += 1.0;
      flags = F_BEHIND_LONG;
    }
    if (task < 0 && scheduler.sticky) flags |= F_STICKY;
  }
  enqueue(node, job, task, flags);
}

// ---- node queues (FIFO discipline) ---------------------------------------------------------
/** A free region of 2^k records: a freed one of that size, or fresh space at the arena top. */
function allocRegion(k: i32): i32 {
  const r = regionFree[k];
  if (r >= 0) { regionFree[k] = qRec[r * QR]; return r; }
  const size = 1 << k;
  const base = arenaTop;
  if (base + size > arenaCap) {
    let c = arenaCap * 2;
    while (base + size > c) c *= 2;
    if (c > MAX_ARENA) fail(8); // region ends must fit N_QEND's 27 bits
    const rec = new Int32Array(c * QR);
    for (let i = 0; i < base * QR; i++) rec[i] = qRec[i];
    qRec = rec;
    qRecF = f64View(rec);
    arenaCap = c;
  }
  arenaTop = base + size;
  return base;
}

/** The region of `node`: its first arena index, one past its last, and log2 of its size. */
export function regionEnd(node: i32): i32 { return nodeState[node * NS + N_QEND] & END_MASK; }
export function regionLog(node: i32): i32 { return ushr(nodeState[node * NS + N_QEND], 27); }
export function regionBase(node: i32): i32 { return regionEnd(node) - (1 << regionLog(node)); }

/** Gives `node` the empty region of 2^log records at `base`, its queue at the region's start. */
function setRegion(node: i32, base: i32, log: i32): void {
  nodeState[node * NS + N_QFIRST] = base;
  nodeState[node * NS + N_QEND] = base + (1 << log) | (log << 27);
}

/** Puts the region of 2^log records at `base` on its size class's free list. */
function freeRegion(base: i32, log: i32): void {
  qRec[base * QR] = regionFree[log];
  regionFree[log] = base;
}

/** Copies record `from` over record `to` (queue moves; compacting scans). */
export function copyRecordTo(from: i32, to: i32): void {
  const f = from * QR;
  const d = to * QR;
  qRec[d] = qRec[f];
  qRec[d + 1] = qRec[f + 1];
  if (QR == 4) {
    qRec[d + 2] = qRec[f + 2];
    qRec[d + 3] = qRec[f + 3];
  }
}

/** Arena index for a new record at the back of `node`'s queue (the length is not yet counted):
 *  slides the queue to the front of its region when at most half full, else moves it to a
 *  region twice the size (both amortized O(1)). */
function tailSlot(node: i32): i32 {
  const o = node * NS;
  const first = nodeState[o + N_QFIRST];
  const len = nodeState[o + N_QLEN];
  if (first + len < regionEnd(node)) return first + len;
  const log = regionLog(node);
  const base = regionBase(node);
  if (len * 2 <= (1 << log)) {
    for (let i = 0; i < len; i++) copyRecordTo(first + i, base + i);
    nodeState[o + N_QFIRST] = base;
    return base + len;
  }
  const region = allocRegion(log + 1); // may move the arena: indices stay valid
  for (let i = 0; i < len; i++) copyRecordTo(first + i, region + i);
  freeRegion(base, log);
  setRegion(node, region, log + 1);
  return region + len;
}

/** Appends a message to the queue of `node`. */
export function enqueue(node: i32, job: i32, task: i32, flags: i32): void {
  const r = tailSlot(node);
  let code = task;
  if (task < 0) {
    const serial = nextSerial;
    if (serial == 2147483647) fail(1); // more than 2^31 queued probes in one run
    nextSerial = serial + 1;
    code = -1 - serial;
  }
  let f = flags;
  if (jobIsLong(job)) {
    f |= F_LONG;
    nodeLong[node * NLS + NL_QUEUED] = nodeLong[node * NLS + NL_QUEUED] + 1;
    noteLongWork(node);
  }
  qRec[r * QR + R_JOBFLAGS] = job | f;
  qRec[r * QR + R_TASK] = code;
  if (useBypass) qRecF[r * 2 + 1] = 0.0;
  noteQueueLength(node, nodeState[node * NS + N_QLEN] + 1);
}

/** Whether `node` runs or queues long work. */
export function holdsLongWork(node: i32): bool { return (longWork[node >> 5] & (1 << (node & 31))) != 0; }

/** Brings `node`'s bit in longWork up to date after its long counters changed. */
function noteLongWork(node: i32): void {
  const l = node * NLS;
  const w = node >> 5;
  const bit = 1 << (node & 31);
  if (nodeLong[l + NL_RUN] > 0 || nodeLong[l + NL_QUEUED] > 0) longWork[w] |= bit; else longWork[w] &= ~bit;
}

function noteQueueLength(node: i32, len: i32): void {
  nodeState[node * NS + N_QLEN] = len;
  if (<f64>len > counters[C_MAX_QUEUE]) counters[C_MAX_QUEUE] = <f64>len;
}

/** Removes the `count` records r .. r + count - 1 from the queue of `node`, keeping the order
 *  of the others (the shorter side moves). */
function removeRange(node: i32, r: i32, count: i32): void {
  const o = node * NS;
  const first = nodeState[o + N_QFIRST];
  const len = nodeState[o + N_QLEN];
  let longs = 0;
  for (let x = r; x < r + count; x++) if ((qRec[x * QR + R_JOBFLAGS] & F_LONG) != 0) longs++;
  if (longs > 0) { nodeLong[node * NLS + NL_QUEUED] = nodeLong[node * NLS + NL_QUEUED] - longs; noteLongWork(node); }
  const before = r - first;
  const after = first + len - (r + count);
  if (before <= after) {
    for (let x = r - 1; x >= first; x--) copyRecordTo(x, x + count);
    nodeState[o + N_QFIRST] = first + count;
  } else {
    const end = first + len;
    for (let x = r + count; x < end; x++) copyRecordTo(x, x - count);
  }
  nodeState[o + N_QLEN] = len - count;
  if (len == count) restartQueue(node);
}

/** An emptied queue starts again near the start of a small region. Otherwise a queue's records
 *  slide through its whole region (sized for the longest the queue ever was) and nearly every
 *  message lands on a line not touched for a long time. A region larger than 2^SHRINK_LOG
 *  records goes back to the free lists for a minimal one (nothing to move: the queue is empty),
 *  so the arena's lines in use stay close to the records queued. Other queues' records do not
 *  move; this queue's indices are void anyway. */
function restartQueue(node: i32): void {
  const log = regionLog(node);
  if (log > SHRINK_LOG) {
    freeRegion(regionBase(node), log);
    setRegion(node, allocRegion(MIN_REGION_LOG), MIN_REGION_LOG);
    return;
  }
  // Regions of one size class sit at multiples of their size, so their first lines would all
  // fall in a few cache sets: each node restarts at its own line-aligned offset in the region's
  // first half instead.
  const half = (1 << log) >> 1;
  nodeState[node * NS + N_QFIRST] = regionBase(node) + (imul(node, 0x9E3779B1 | 0) & (half - 1) & ~3);
}

/** Removes record `r` from the queue of `node`; other records may move. */
export function removeAt(node: i32, r: i32): void { removeRange(node, r, 1); }

/** For a scan that compacts a queue in place: the records r .. end of the queue move to
 *  w .. (w < r), dropping the r - w records the scan left out. They must not be long entries. */
export function closeGap(node: i32, w: i32, r: i32): void {
  const o = node * NS;
  const end = nodeState[o + N_QFIRST] + nodeState[o + N_QLEN];
  for (let x = r; x < end; x++) copyRecordTo(x, w + x - r);
  const len = nodeState[o + N_QLEN] - (r - w);
  nodeState[o + N_QLEN] = len;
  if (len == 0) restartQueue(node);
}

/** Moves the `count` consecutive records from `r` of the queue of `from` to the back of the
 *  queue of `to` (task stealing). Moved probes no longer count as waiting behind long work. */
export function moveRun(from: i32, r: i32, count: i32, to: i32): void {
  let longs = 0;
  for (let k = 0; k < count; k++) {
    const src = r + k;
    const d = tailSlot(to);
    copyRecordTo(src, d);
    const f = qRec[d * QR + R_JOBFLAGS] & ~F_BEHIND_LONG;
    qRec[d * QR + R_JOBFLAGS] = f;
    if ((f & F_LONG) != 0) longs++;
    nodeState[to * NS + N_QLEN] = nodeState[to * NS + N_QLEN] + 1;
  }
  // (entries waiting for a reply are never moved: stealing takes only ready probes)
  if (longs > 0) { nodeLong[to * NLS + NL_QUEUED] = nodeLong[to * NLS + NL_QUEUED] + longs; noteLongWork(to); }
  noteQueueLength(to, nodeState[to * NS + N_QLEN]);
  removeRange(from, r, count);
}

/** The first queued record of `node` not waiting for a get-task reply, or -1. */
export function firstReadyEntry(node: i32): i32 {
  const first = nodeState[node * NS + N_QFIRST];
  const end = first + nodeState[node * NS + N_QLEN];
  for (let r = first; r < end; r++) if ((qRec[r * QR + R_JOBFLAGS] & F_FETCHING) == 0) return r;
  return -1;
}

/** The record of `node`'s queue whose R_TASK field is `code` (a probe's serial; it must be there). */
function findSerial(node: i32, code: i32): i32 {
  const first = nodeState[node * NS + N_QFIRST];
  const end = first + nodeState[node * NS + N_QLEN];
  for (let r = first; r < end; r++) if (qRec[r * QR + R_TASK] == code) return r;
  fail(5);
  return -1;
}

/** SRPT bookkeeping: work `est` chosen from behind records of `node` ahead of `r` bypassed
 *  them; each records it (only short ones when `shortOnly`), and the largest ratio of
 *  bypassed work to its bound (factor x its own estimate) is kept for checking. */
export function recordBypass(node: i32, r: i32, est: f64, factor: f64, shortOnly: bool): void {
  if (!useBypass) fail(6); // the policy must declare `bypass`
  const first = nodeState[node * NS + N_QFIRST];
  let maxRatio = counters[C_MAX_BYPASS];
  for (let x = first; x < r; x++) {
    const word = qRec[x * QR + R_JOBFLAGS];
    if (shortOnly && (word & F_LONG) != 0) continue;
    const b = qRecF[x * 2 + 1] + est;
    qRecF[x * 2 + 1] = b;
    const bound = factor * jobEst(word & JOB_MASK);
    const ratio = bound > 0.0 ? b / bound : Infinity;
    if (ratio > maxRatio) maxRatio = ratio;
  }
  counters[C_MAX_BYPASS] = maxRatio;
}

/** Starts queued work on `node` while it has free slots. */
export function serve(node: i32, t: f64): void {
  while (nodeState[node * NS + N_BUSY] < slotsPerNode) {
    const r = scheduler.selectEntry(node, t);
    if (r < 0) return;
    scheduler.onSelected(node, r, t);
    const task = qRec[r * QR + R_TASK];
    occupySlot(node, t);
    if (task >= 0) {
      const job = qRec[r * QR + R_JOBFLAGS] & JOB_MASK;
      removeAt(node, r);
      startTask(node, task, job, t);
    } else {
      // A probe: ask its job's scheduler for a task. A sticky probe stays queued.
      const flags = qRec[r * QR + R_JOBFLAGS]; // (the job's bits come along; only flags are tested)
      const f = fetchFree;
      fetchFree = fetchJob[f];
      fetchJob[f] = flags & JOB_MASK;
      fetchFlags[f] = flags;
      fetchSerial[f] = task;
      if ((flags & F_STICKY) == 0) removeAt(node, r); else qRec[r * QR + R_JOBFLAGS] = flags | F_FETCHING;
      counters[C_FETCHES] += 1.0;
      events.pushLane(2, t + 2.0 * netDelay, EV_REPLY, node, f);
    }
  }
}

function occupySlot(node: i32, t: f64): void {
  busyArea += <f64>busySlots * (t - lastBusyChange);
  lastBusyChange = t;
  busySlots++;
  const b = nodeState[node * NS + N_BUSY] + 1;
  if (b > slotsPerNode) fail(3);
  nodeState[node * NS + N_BUSY] = b;
}

function releaseSlot(node: i32, t: f64): void {
  busyArea += <f64>busySlots * (t - lastBusyChange);
  lastBusyChange = t;
  busySlots--;
  nodeState[node * NS + N_BUSY] = nodeState[node * NS + N_BUSY] - 1;
}

/** Runs `task` on a slot of `node` that is already occupied for it. */
function startTask(node: i32, task: i32, job: i32, t: f64): void {
  counters[C_TASKS_STARTED] += 1.0;
  jobRec[job * JR + J_WAIT] = jobRec[job * JR + J_WAIT] - 1;
  if (jobIsLong(job)) { nodeLong[node * NLS + NL_RUN] = nodeLong[node * NLS + NL_RUN] + 1; noteLongWork(node); }
  if (recordTasks) {
    taskStart[task] = t;
    taskNode[task] = node;
    taskRuns[task] = taskRuns[task] + 1;
  }
  events.pushEnd(node, t + taskDuration[task], task, job); // the job rides along: no lookup at the end
}

// ---- event handlers -------------------------------------------------------------------------
function onReply(node: i32, f: i32, t: f64): void {
  const job = fetchJob[f];
  let flags = fetchFlags[f];
  const serial = fetchSerial[f];
  fetchJob[f] = fetchFree;
  fetchFree = f;
  const sticky = (flags & F_STICKY) != 0;
  let r = -1;
  if (sticky) {
    r = findSerial(node, serial);
    flags = qRec[r * QR + R_JOBFLAGS] & ~F_FETCHING;
    qRec[r * QR + R_JOBFLAGS] = flags;
  }
  const task = scheduler.handOut(job, node, t);
  if (task >= 0) {
    if ((flags & F_BEHIND_LONG) != 0) counters[C_SHORT_AFTER_LONG] += 1.0;
    if (sticky) scheduler.onStickyTask(node, r, task, job, t);
    startTask(node, task, job, t);
  } else {
    // A cancel: the job has no unlaunched task; the probe is gone after one round trip.
    if (sticky) removeAt(node, r);
    counters[C_STALE_PROBES] += 1.0;
    releaseSlot(node, t);
    afterSlotFreed(node, t);
  }
}

function onTaskEnd(node: i32, task: i32, job: i32, t: f64): void {
  if (recordTasks) taskEnd[task] = t;
  releaseSlot(node, t);
  if (jobIsLong(job)) { nodeLong[node * NLS + NL_RUN] = nodeLong[node * NLS + NL_RUN] - 1; noteLongWork(node); }
  taskFinished(job, t);
  scheduler.onTaskEnd(node, task, job, t);
  afterSlotFreed(node, t);
}

/** A task of `job` finished at `t`: the job completes with its last task. */
function taskFinished(job: i32, t: f64): void {
  const left = jobRec[job * JR + J_LEFT] - 1;
  jobRec[job * JR + J_LEFT] = left;
  if (left == 0) {
    jobFinish[job] = t;
    jobsDone++;
  }
  lastFinish = t;
}

function afterSlotFreed(node: i32, t: f64): void {
  serve(node, t);
  if (nodeState[node * NS + N_BUSY] < slotsPerNode && nodeState[node * NS + N_QLEN] == 0) scheduler.onNodeIdle(node, t);
}

/** The calendar just poured a window's events into its heap: load the node state, the job
 *  record and then the queue head each of its task ends will read, loads independent of each
 *  other whose misses overlap while the events wait their turn (a serve after a task end
 *  otherwise stalls on its queue head, last touched when the task started). Only speed depends
 *  on it: full size, 4 interleaved rounds, min (median): eagle 7.68 -> 7.59 s (7.86 -> 7.66),
 *  sparrow 4.51 -> 4.42 s (4.60 -> 4.55), hawk 5.53 -> 5.50 s (equal). */
function touchPoured(q: EventQueue): void {
  const off = q.pouredOff;
  const len = q.pouredLen;
  q.pouredLen = 0;
  const a = q.bArena;
  const per = slotsPerNode;
  let acc = 0;
  for (let i = 0; i < len; i++) {
    const x = a[4 * (off + i) + 2];
    if (x < 0) continue; // not a task end
    const node = per == 1 ? x : toI32(<f64>x / <f64>per); // (exact at these magnitudes)
    acc ^= nodeState[node * NS + N_QLEN] ^ jobRec[a[4 * (off + i) + 3] * JR];
  }
  for (let i = 0; i < len; i++) {
    const x = a[4 * (off + i) + 2];
    if (x < 0) continue;
    const node = per == 1 ? x : toI32(<f64>x / <f64>per); // (exact at these magnitudes)
    acc ^= qRec[nodeState[node * NS + N_QFIRST] * QR];
  }
  touchSink = acc;
}

/** Processes up to `maxEvents` events. Returns 1 when the simulation is finished, 2 when it
 *  waits for jobs (addJobs), 0 otherwise. */
export function runEvents(maxEvents: i32): i32 {
  if (deferredArrival >= 0 || jobsAvailable == 0 && nJobs > 0) return 2;
  const q = events;
  let n = 0;
  for (; n < maxEvents; n++) {
    if (!q.next()) break;
    if (q.pouredLen > 0) touchPoured(q);
    const t = q.curTime;
    const kind = q.curKind;
    const a = q.curA;
    const b = q.curB;
    now = t;
    if (kind == EV_TASK_END) {
      onTaskEnd(a, b, q.curC, t);
    } else if (kind == EV_REPLY) {
      onReply(a, b, t);
    } else if (kind == EV_DELIVER) {
      deliver(a, t);
    } else if (kind == EV_LAS_END) {
      lasEnd(a, b, t);
    } else if (kind == EV_QUANTUM) {
      lasQuantumEnd(a, b, t);
    } else if (kind == EV_ARRIVAL) {
      const held = a + 1 < nJobs && pushArrival(a + 1);
      scheduler.onJobArrival(a, t);
      if (held) { n++; break; } // nothing may run before that arrival: wait for jobs
    } else {
      scheduler.onTimer(a, b, t);
    }
  }
  counters[C_EVENTS] += <f64>n;
  if (deferredArrival >= 0) return 2;
  return n < maxEvents || q.pending() == 0 ? 1 : 0;
}

/** A random stream of this run (see rng.ts for stream ids). */
export function stream(id: i32): Rng { return new Rng(seed, id); }

// ---- Preemptive LAS (Least Attained Service) node discipline --------------------------------
// Kairos' node scheduler (seed-kairos-related.md §1.2, Algorithm 2) as an engine mechanism for
// nodes with N = slotsPerNode cores. Only early-bound tasks (sendTo with a task index) reach it.
//  - A task arriving at a node runs at once: on a free slot, or by preempting the running task
//    with the most attained service (current value: stored + this run's progress; ties: lowest
//    task id). Two slips of the printed listing are fixed (spec §8 #1): the newcomer is not a
//    candidate victim (it could otherwise "preempt itself" when every runner is at 0), and the
//    victim leaves the running set (it is suspended and stays in this node's queue).
//    Tasks in a protected run are never victims; if every slot is protected the newcomer waits
//    in the node queue with attained service 0 (§8 #3).
//  - After W (`quantum`) seconds of a task's run, the suspended task with the least attained
//    service replaces it if its attained service is <= the runner's (the listing's `<=`, §8 #2),
//    or, with a `swapMargin` m > 0, at least m below it (the prototype's hysteresis, m = W/2);
//    otherwise the runner gets another quantum.
//  - When a task completes, the suspended task with the least attained service — LAS's
//    "youngest" — resumes on the freed slot (ties: FIFO by suspension, §8 #22).
//  - Starvation guard (§1.2, §8 #3, the prototype's counting): a task suspended `starveAfter`
//    times gets, at its next run, a protected run of starveQuanta x W that neither an arrival nor
//    a quantum check can interrupt; its count then restarts.
//  - A resumed task's run is lengthened by `resumeCost` (slot busy, no service).
// Preempted work is conserved: a task completes after exactly its duration of service.
// The heap has no delete: a run's end and quantum events carry the task's run version and
// are ignored when it has changed. Suspended tasks hold no slot (busy slots stay exact).

function lasFirstStart(node: i32, task: i32, t: f64): void {
  counters[C_TASKS_STARTED] += 1.0;
  const job = taskJob[task];
  jobRec[job * JR + J_WAIT] = jobRec[job * JR + J_WAIT] - 1;
  if (recordTasks) {
    taskStart[task] = t;
    taskNode[task] = node;
    taskRuns[task] = taskRuns[task] + 1;
  }
}

/** Starts a run of `task` on slot `pos` (already counted busy); `resumed` adds the cost. */
function lasRun(pos: i32, task: i32, t: f64, resumed: bool): void {
  lasSlot[pos] = task;
  lasPos[task] = pos;
  const cost = resumed ? lasCost : 0.0;
  lasRunCost[task] = cost;
  const start = t + cost;
  lasRunStart[task] = start;
  const v = lasVersion[task] + 1;
  lasVersion[task] = v;
  let window = lasQuantum;
  if (lasWaitMode ? lasForced : lasStarveAfter > 0 && lasPreempted[task] >= lasStarveAfter) {
    lasState[task] = LS_PROTECTED;
    lasPreempted[task] = 0;
    window = lasProtect;
  } else {
    lasState[task] = LS_RUNNING;
    if (lasWaitMode) lasPreempted[task] = 0; // it runs: its wait ends
  }
  lasForced = false;
  let rem = taskDuration[task] - lasAttained[task];
  if (rem < 0.0) rem = 0.0;
  const end = start + rem;
  lasRunEnd[task] = end;
  events.push(end, EV_LAS_END, task, v);
  const q = start + window;
  if (q < end) events.push(q, EV_QUANTUM, task, v);
}

/** Suspends running `task` into its node's queue. */
function lasSuspend(node: i32, task: i32, t: f64): void {
  const s = t - lasRunStart[task];
  if (s > 0.0) {
    lasAttained[task] += s;
    counters[C_RESUME_SECONDS] += lasRunCost[task];
  } else {
    counters[C_RESUME_SECONDS] += lasRunCost[task] + s; // interrupted while resuming
  }
  lasRunCost[task] = 0.0;
  lasVersion[task] = lasVersion[task] + 1;
  lasState[task] = LS_SUSPENDED;
  lasSuspendedAt[task] = t;
  lasPreempted[task] = lasWaitMode ? 0 : lasPreempted[task] + 1; // (waits restart from 0)
  const job = taskJob[task];
  jobPreemptions[job] = jobPreemptions[job] + 1;
  counters[C_PREEMPTIONS] += 1.0;
  enqueue(node, job, task, 0);
}

/** The queue record of the suspended task of `node` with the least attained service (first in
 *  queue order among equals, i.e. earliest suspended), or -1. */
function lasPick(node: i32): i32 {
  if (lasPriority) return priorityPick(node);
  let best = -1;
  let bestA: f64 = Infinity;
  const first = nodeState[node * NS + N_QFIRST];
  const end = first + nodeState[node * NS + N_QLEN];
  for (let r = first; r < end; r++) {
    const a = lasAttained[qRec[r * QR + R_TASK]];
    if (a < bestA) { bestA = a; best = r; }
  }
  return best;
}

/** waitQuanta starvation: the suspended record of `node` that has been passed over at least
 *  `starveAfter` times (the longest-waiting; ties: queue order), or -1. */
function lasStarving(node: i32): i32 {
  let best = -1;
  let most = lasStarveAfter - 1;
  const first = nodeState[node * NS + N_QFIRST];
  const end = first + nodeState[node * NS + N_QLEN];
  for (let r = first; r < end; r++) {
    const w = lasPreempted[qRec[r * QR + R_TASK]];
    if (w > most) { most = w; best = r; }
  }
  return best;
}

/** waitQuanta starvation: every task queued at `node` was passed over at a quantum end. */
function lasCountWaits(node: i32): void {
  const first = nodeState[node * NS + N_QFIRST];
  const end = first + nodeState[node * NS + N_QLEN];
  for (let r = first; r < end; r++) {
    const x = qRec[r * QR + R_TASK];
    lasPreempted[x] = lasPreempted[x] + 1;
  }
}

/** Removes picked record `r` from the queue of `node` and returns its task. */
function lasTake(node: i32, r: i32, t: f64): i32 {
  const task = qRec[r * QR + R_TASK];
  removeAt(node, r);
  counters[C_SUSPENDED_SECONDS] += t - lasSuspendedAt[task];
  return task;
}

/** Resumes (or first starts) a task taken from the queue on slot `pos`. */
function lasResume(node: i32, pos: i32, task: i32, t: f64): void {
  const fresh = lasState[task] == LS_WAITING;
  if (fresh) lasFirstStart(node, task, t);
  lasRun(pos, task, t, !fresh);
}

function lasArrive(node: i32, task: i32, t: f64): void {
  if (task < 0) fail(4); // late-bound probes have no preemptive discipline
  lasNode[task] = node;
  const base = node * slotsPerNode;
  if (nodeState[node * NS + N_BUSY] < slotsPerNode) {
    let pos = base;
    while (lasSlot[pos] >= 0) pos++;
    occupySlot(node, t);
    lasFirstStart(node, task, t);
    lasRun(pos, task, t, false);
    return;
  }
  const victim = lasPriority ? priorityVictim(base, task) : lasVictim(base, t);
  if (victim < 0) {
    lasState[task] = LS_WAITING;
    lasSuspendedAt[task] = t;
    enqueue(node, taskJob[task], task, 0);
    return;
  }
  const pos = lasPos[victim];
  lasSuspend(node, victim, t);
  lasFirstStart(node, task, t);
  lasRun(pos, task, t, false);
}

function lasQuantumEnd(task: i32, v: i32, t: f64): void {
  if (lasVersion[task] != v) return; // the run it belonged to has ended
  const node = lasNode[task];
  lasAttained[task] += t - lasRunStart[task];
  lasRunStart[task] = t;
  counters[C_RESUME_SECONDS] += lasRunCost[task];
  lasRunCost[task] = 0.0;
  let e = lasWaitMode ? lasStarving(node) : -1;
  const forced = e >= 0;
  if (!forced) e = lasPick(node);
  // (with margin 0 this is the listing's "suspended <= runner")
  if (e >= 0 && (forced || lasAttained[task] - lasAttained[qRec[e * QR + R_TASK]] >= lasSwapMargin)) {
    const pos = lasPos[task];
    const next = lasTake(node, e, t);
    if (lasWaitMode) lasCountWaits(node); // the others were passed over (before the runner joins them)
    lasSuspend(node, task, t);
    lasForced = forced;
    lasResume(node, pos, next, t);
    return;
  }
  if (lasWaitMode) lasCountWaits(node);
  // Keep running: another quantum (a protected run ends here). The end event stays valid.
  lasState[task] = LS_RUNNING;
  const q = t + lasQuantum;
  if (q < lasRunEnd[task]) events.push(q, EV_QUANTUM, task, v);
}

function lasEnd(task: i32, v: i32, t: f64): void {
  if (lasVersion[task] != v) return; // a preempted run
  const node = lasNode[task];
  const pos = lasPos[task];
  lasAttained[task] += t - lasRunStart[task];
  counters[C_RESUME_SECONDS] += lasRunCost[task];
  lasRunCost[task] = 0.0;
  lasState[task] = LS_DONE;
  lasVersion[task] = v + 1;
  lasSlot[pos] = -1;
  if (recordTasks) { taskEnd[task] = t; taskService[task] = lasAttained[task]; }
  const job = taskJob[task];
  taskFinished(job, t);
  let e = lasWaitMode ? lasStarving(node) : -1;
  lasForced = e >= 0;
  if (e < 0) e = lasPick(node);
  if (e >= 0) lasResume(node, pos, lasTake(node, e, t), t); else releaseSlot(node, t);
  lasForced = false;
  scheduler.onTaskEnd(node, task, job, t);
  if (nodeState[node * NS + N_BUSY] < slotsPerNode && nodeState[node * NS + N_QLEN] == 0) scheduler.onNodeIdle(node, t);
}

/** Tasks at `node` under the preemptive discipline: running plus suspended. */
export function lasNodeTasks(node: i32): i32 { return nodeState[node * NS + N_BUSY] + nodeState[node * NS + N_QLEN]; }

/** Population variance of the current attained service of the tasks at `node` (0 if none). */
export function lasNodeVariance(node: i32, t: f64): f64 {
  const base = node * slotsPerNode;
  let n = 0;
  let sum: f64 = 0.0;
  for (let k = 0; k < slotsPerNode; k++) {
    const x = lasSlot[base + k];
    if (x >= 0) { sum += lasCurrent(x, t); n++; }
  }
  const first = nodeState[node * NS + N_QFIRST];
  const end = first + nodeState[node * NS + N_QLEN];
  for (let r = first; r < end; r++) { sum += lasAttained[qRec[r * QR + R_TASK]]; n++; }
  if (n < 2) return 0.0;
  const mean = sum / <f64>n;
  let sq: f64 = 0.0;
  for (let k = 0; k < slotsPerNode; k++) {
    const x = lasSlot[base + k];
    if (x >= 0) { const d = lasCurrent(x, t) - mean; sq += d * d; }
  }
  for (let r = first; r < end; r++) { const d = lasAttained[qRec[r * QR + R_TASK]] - mean; sq += d * d; }
  return sq / <f64>n;
}

/** LAS: the running (unprotected) task with the most attained service (ties: lowest task id);
 *  the newcomer is not a candidate. -1 when every slot is protected. With `victimStale` the
 *  stored value (before the current run) is compared instead. */
function lasVictim(base: i32, t: f64): i32 {
  let victim = -1;
  let best: f64 = -1.0;
  for (let k = 0; k < slotsPerNode; k++) {
    const x = lasSlot[base + k];
    if (lasState[x] == LS_PROTECTED) continue;
    const s = t - lasRunStart[x];
    const a = lasVictimStale ? lasAttained[x] : lasAttained[x] + (s > 0.0 ? s : 0.0);
    if (victim < 0 || a > best || (a == best && x < victim)) { victim = x; best = a; }
  }
  return victim;
}

/** Big-C: the first short record of `node`'s queue, else the first (FIFO within a class). */
function priorityPick(node: i32): i32 {
  const first = nodeState[node * NS + N_QFIRST];
  const len = nodeState[node * NS + N_QLEN];
  if (len == 0) return -1;
  for (let r = first; r < first + len; r++) if ((qRec[r * QR + R_JOBFLAGS] & F_LONG) == 0) return r;
  return first;
}

/** Big-C: a short arrival preempts the most recently started running long task (ties: lowest
 *  task id); a long arrival preempts nothing. -1 when there is no victim. */
function priorityVictim(base: i32, task: i32): i32 {
  if (jobLong[taskJob[task]] != 0) return -1;
  let victim = -1;
  let latest: f64 = -Infinity;
  for (let k = 0; k < slotsPerNode; k++) {
    const x = lasSlot[base + k];
    if (jobLong[taskJob[x]] == 0) continue;
    const started = lasRunStart[x];
    if (started > latest || (started == latest && x < victim)) { victim = x; latest = started; }
  }
  return victim;
}

/** Total current attained service of the tasks at `node` (running plus suspended). */
export function lasNodeAttained(node: i32, t: f64): f64 {
  const base = node * slotsPerNode;
  let sum: f64 = 0.0;
  for (let k = 0; k < slotsPerNode; k++) {
    const x = lasSlot[base + k];
    if (x >= 0) sum += lasCurrent(x, t);
  }
  const first = nodeState[node * NS + N_QFIRST];
  const end = first + nodeState[node * NS + N_QLEN];
  for (let r = first; r < end; r++) sum += lasAttained[qRec[r * QR + R_TASK]];
  return sum;
}

function lasCurrent(task: i32, t: f64): f64 {
  const s = t - lasRunStart[task];
  return lasAttained[task] + (s > 0.0 ? s : 0.0);
}
