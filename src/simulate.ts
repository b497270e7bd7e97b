// Runs one simulation on an engine instance: copies the trace columns into engine
// memory once, runs in slices (progress callbacks between slices), reads results back.
// Environment-neutral: Node and browsers both use this with their own engine factory.
import type { EngineApi, EngineFactory, EngineStateColumns } from "./engine/types.js";
import { counterRecord } from "./engine/counters.js";
import { describeFailure, FAILURES } from "./engine/failures.js";
import type { ResolvedConfig } from "./config/config.js";
import type { Trace } from "./trace/types.js";
import { lendSummaryScratch } from "./metrics/scratch.js";
import { referenceQuirks } from "./trace/compat.js";
import { checkTraceV2 } from "./trace/check.js";
import { SCHEDULERS, type SeriesSpec } from "./config/schedulers.js";
import { InputError, ResourceError } from "./errors.js";
import { isOutOfMemory, formatBytes } from "./engine/memory.js";
import { clusterColumns } from "./config/cluster.js";
import { JobClassifier, type ClassifierMode, type ClassifierReport } from "./config/classify.js";

/** A run's progress: jobs done, simulated time, events, wall time. */
export interface Progress {
  jobsDone: number;
  jobs: number;
  simTime: number;
  events: number;
  wallSeconds: number;
}

/** How a run is carried out: task recording, slice size, progress callback. */
export interface RunOptions {
  /** Record per-task start/end/node (for the invariants checker; costs 24 bytes/task). */
  recordTasks?: boolean;
  /** Keep the policy's own time series (`policySeries`; default true). False drops its rows in
   *  the engine: a run of very many controller ticks then holds no memory for them. */
  policySeries?: boolean;
  /** Events per slice between progress callbacks. */
  sliceEvents?: number;
  /** Called between slices. */
  onProgress?: (p: Progress) => void;
}

/** Per-task records of a run (RunOptions.recordTasks). */
export interface TaskRecord {
  start: Float64Array;
  end: Float64Array;
  node: Int32Array;
  runs: Int32Array;
  /** Service received per task (preemptive policies; empty otherwise). */
  service: Float64Array;
}

/** A finished run: its configuration, per-job finish times, counters and what the summary is computed from. */
export interface SimResult {
  config: ResolvedConfig;
  engine: "wasm" | "js";
  trace: Trace;
  /** Finish time of each job's last task (seconds). */
  finish: Float64Array;
  /** Start of each job's first task (seconds): Yaq's completion time counts from it. */
  firstStart: Float64Array;
  /** Per-job preemption counts; present for preemptive policies (kairos). */
  preemptions?: Int32Array;
  counters: Record<string, number>;
  busySlotSeconds: number;
  firstArrival: number;
  lastFinish: number;
  wallSeconds: number;
  tasks?: TaskRecord;
  /** With a cluster: the demand dimensions, each one's allocated resource-seconds and the
   *  cluster's total capacity (utilisation = area / (capacity x makespan)). */
  resources?: { dims: string[]; area: Float64Array; capacity: Float64Array };
  /** The job classifier's report (fregata: src/config/classify.ts). */
  classifier?: ClassifierReport;
  /** The policy's own time series, by its description's `series` name (the catalogue's
   *  `series`; src/config/schedulers.ts). */
  policySeries?: PolicySeries;
}

/** What a run needs beside the trace's columns: the cluster's columns and the jobs' predicted
 *  classes (both computed before the engine is taken, so bad input leaves nothing behind). */
interface RunExtras {
  cluster?: { capacity: Float64Array; slots: Int32Array };
  /** The job classifier and the predictions made so far (filled as jobs go to the engine). */
  classifier?: JobClassifier;
  predicted?: Int32Array;
}

function prepareExtras(trace: Trace, config: ResolvedConfig, draws: (stream: number, n: number) => Float64Array): RunExtras {
  const out: RunExtras = {};
  if (config.cluster) {
    out.cluster = clusterColumns(config.cluster, trace);
    if (config.spec.resources) out.cluster.slots.fill(config.slots);
  }
  const mode = config.params.classifier;
  if (config.spec.resources && typeof mode === "string") {
    const jobs = trace.arrivals.length;
    out.classifier = new JobClassifier(mode as ClassifierMode, Number(config.params.cutoff), Number(config.params.trainFraction),
      Number(config.params.noisyP), mode === "noisyOracle" ? draws(41, jobs) : undefined);
    out.predicted = new Int32Array(jobs);
  }
  return out;
}

/** A policy's time series by its description's name: each field's values, one per row. */
export type PolicySeries = Record<string, Record<string, number[]>>;

/** The engine's series rows (`width` values each) named by `spec`'s fields. */
export function decodeSeries(spec: SeriesSpec, rows: Float64Array, width: number): PolicySeries {
  if (width !== spec.fields.length) {
    throw new Error(`the policy writes series rows of ${width} values, its description names ${spec.fields.length} fields (engine and catalogue disagree: rebuild)`);
  }
  const columns: Record<string, number[]> = {};
  for (const f of spec.fields) columns[f.name] = [];
  for (let i = 0; i + width <= rows.length; i += width) {
    spec.fields.forEach((f, k) => columns[f.name].push(rows[i + k]));
  }
  return { [spec.name]: columns };
}

/** Jobs one run can hold (assembly/jobs.ts MAX_JOBS - 1: a job number shares a word with flags). */
export const ENGINE_MAX_JOBS = 0x07FFFFFF;

/** Rejects a trace the engine cannot run (sorted, non-negative, consistent columns). */
export function checkTrace(t: Trace): void {
  const jobs = t.arrivals.length;
  const bad = (what: string) => { throw new InputError(`trace '${t.name}': ${what}`); };
  if (t.taskOffsets.length !== jobs + 1 || t.estimates.length !== jobs) bad("column lengths do not match the number of jobs");
  // The engine packs a job index and four flag bits into one 32-bit word of a queue record.
  if (jobs > ENGINE_MAX_JOBS) bad(`${jobs} jobs: the engine runs at most ${ENGINE_MAX_JOBS} jobs per run`);
  if (t.taskOffsets[0] !== 0 || t.taskOffsets[jobs] !== t.durations.length) bad("task offsets do not cover the durations");
  for (let j = 0; j < jobs; j++) {
    if (!(t.taskOffsets[j + 1] > t.taskOffsets[j])) bad(`job ${j} has no task`);
    if (!(t.arrivals[j] >= 0) || !Number.isFinite(t.arrivals[j])) bad(`job ${j}: submission time ${t.arrivals[j]} is not a finite number >= 0`);
    if (j > 0 && t.arrivals[j] < t.arrivals[j - 1]) bad(`job ${j}: submission time ${t.arrivals[j]} is earlier than job ${j - 1}'s ${t.arrivals[j - 1]}`);
    if (!(t.estimates[j] >= 0) || !Number.isFinite(t.estimates[j])) bad(`job ${j}: estimate ${t.estimates[j]} is not a finite number >= 0`);
  }
  for (let k = 0; k < t.durations.length; k++) {
    if (!(t.durations[k] >= 0) || !Number.isFinite(t.durations[k])) bad(`task ${k}: duration ${t.durations[k]} is not a finite number >= 0`);
  }
  checkTraceV2(t);
}

/** The traces `runSimulation` has checked, each with the columns it was checked with: a trace run
 *  again (a benchmark, a sweep, a comparison of schedulers) is not read through again — for a
 *  DAG trace of 5 M tasks the checks read ~300 MB, 0.1-0.45 s a run, the first read slow on this
 *  VM. Like the engine, the checks take a trace's columns as immutable: a trace whose column is
 *  replaced (another array, or another name) is checked again; one changed in place is not. */
const checkedTraces = new WeakMap<Trace, unknown[]>();

function traceParts(t: Trace): unknown[] {
  return [t.name, t.arrivals, t.taskOffsets, t.durations, t.estimates, t.taskEstimates, t.stages, t.parentOffsets,
    t.parents, t.demandNames, t.demands, t.jobClasses, t.classNames, t.priorities, t.users, t.userNames, t.jobIds,
    t.taskIds];
}

/** checkTrace, once per trace object and columns (checkedTraces). */
function checkTraceOnce(t: Trace): void {
  const parts = traceParts(t);
  const seen = checkedTraces.get(t);
  if (seen !== undefined && seen.length === parts.length && seen.every((x, i) => x === parts[i])) return;
  checkTrace(t);
  checkedTraces.set(t, parts);
}

/** Rejects a trace with task dependencies for a scheduler that places bag-of-tasks jobs only. */
export function checkDagSupport(t: Trace, config: Pick<ResolvedConfig, "scheduler" | "spec">): void {
  if (t.parents === undefined || config.spec.dag) return;
  const able = SCHEDULERS.filter((s) => s.dag).map((s) => s.name).join(", ");
  throw new InputError(`trace '${t.name}' has task dependencies (parents), and scheduler '${config.scheduler}' `
    + `places bag-of-tasks jobs only (schedulers that run DAG traces: ${able})`);
}

/** Bits of the engine's setupColumns (assembly/jobs.ts COL_*). */
const COL_TASK_ESTIMATES = 1, COL_STAGES = 2, COL_DEMANDS = 4, COL_CLASSES = 8, COL_PRIORITIES = 16, COL_USERS = 32;

/** Rows of demands the host stages at a time (assembly/jobs.ts demandStage). */
const STAGE_ROWS = 16384;

/** Passes `t`'s demands through the engine's staging area, `STAGE_ROWS` tasks at a time: each
 *  batch is copied in, then `each(first, n)` runs on it. */
function stageDemands(engine: EngineApi, t: Trace, each: (first: number, n: number) => void): void {
  const a = t.demands!;
  const dims = t.demandNames!.length;
  const tasks = t.durations.length;
  const rows = Math.min(STAGE_ROWS, tasks);
  for (let k = 0; k < tasks; k += rows) {
    const n = Math.min(rows, tasks - k);
    // (the view fetched per batch: an allocation in the engine may have moved it)
    engine.demandStageColumn(rows, dims).set(a.subarray(k * dims, (k + n) * dims));
    each(k, n);
  }
}

/** Bit d (d < 30) set: demand dimension d has the same value (the same double) for every task
 *  of `t`, found by the engine on staged batches; the engine then stores it once
 *  (assembly/jobs.ts taskDemands). */
function constantDemandDims(engine: EngineApi, t: Trace): number {
  const dims = t.demandNames?.length ?? 0;
  if (!t.demands || dims === 0 || t.durations.length === 0) return 0;
  let mask = 0;
  stageDemands(engine, t, (first, n) => { mask = engine.scanDemands(first, n); });
  return mask;
}

/** Tells the engine which optional columns `t` has (before start); returns the constant demand
 *  dimensions it was told of. */
function setupOptionalColumns(engine: EngineApi, t: Trace): number {
  const columns = (t.taskEstimates ? COL_TASK_ESTIMATES : 0) | (t.stages ? COL_STAGES : 0)
    | (t.demands ? COL_DEMANDS : 0) | (t.jobClasses ? COL_CLASSES : 0) | (t.priorities ? COL_PRIORITIES : 0)
    | (t.users ? COL_USERS : 0);
  const constant = constantDemandDims(engine, t);
  engine.setupColumns(columns, t.demandNames?.length ?? 0, t.parents ? t.parents.length : -1, constant);
  return constant;
}

/** Copies the demands into the engine: whole, or, with constant dimensions (`constant`), staged
 *  batches the engine packs. */
function copyDemands(engine: EngineApi, t: Trace, constant: number): void {
  if (constant === 0) engine.demandColumn().set(t.demands!);
  else stageDemands(engine, t, (first, n) => engine.packDemands(first, n));
}

/** Copies the optional columns `t` has into the engine (whole: traces with them are not streamed). */
function copyOptionalColumns(engine: EngineApi, t: Trace, constant: number): void {
  if (t.taskEstimates) engine.taskEstimateColumn().set(t.taskEstimates);
  if (t.stages) engine.stageColumn().set(t.stages);
  if (t.demands) copyDemands(engine, t, constant);
  if (t.jobClasses) engine.jobClassColumn().set(t.jobClasses);
  if (t.priorities) engine.priorityColumn().set(t.priorities);
  if (t.users) engine.userColumn().set(t.users);
  if (t.parentOffsets && t.parents) {
    engine.parentOffsetColumn().set(t.parentOffsets);
    engine.parentColumn().set(t.parents);
  }
}

/** Whether `t` has any optional column the engine reads. */
function hasOptionalColumns(t: Trace): boolean {
  return t.taskEstimates !== undefined || t.stages !== undefined || t.demands !== undefined || t.jobClasses !== undefined
    || t.priorities !== undefined || t.users !== undefined || t.parents !== undefined;
}

const now = (): number => (typeof performance !== "undefined" ? performance.now() : Date.now());

/**
 * A trace that arrives while a run uses it: columns sized for the whole trace from the start,
 * whose first `available()` jobs are filled (rows and their tasks) and checked. A run starts on
 * the first jobs and stops for more only when the next arrival's successor is not in yet.
 */
export interface TraceFeed {
  trace: Trace;
  /** Jobs filled so far (never decreases); once the feed fills the engine's columns
   *  (fillEngine), the jobs filled there. */
  available(): number;
  /** Resolves when more jobs may be in or the feed has ended; rejects with the input's problem. */
  more(): Promise<void>;
  /** A feed that can write its jobs into the engine's trace columns itself (another thread,
   *  when the engine's memory is shared: src/trace/tr-feed-worker.ts): runSimulationFed calls
   *  this once, after the engine's set-up, with those columns, or undefined when it copies the
   *  jobs itself (an engine whose memory is not shared). True: the feed fills them, and
   *  available() counts the jobs filled there. */
  fillEngine?(columns: EngineTraceColumns | undefined): boolean;
  /** Memory the feed's thread has first-touched for the run's results: 3 x jobs doubles, or
   *  undefined when it has not (yet). runSimulationFed takes it once, at the run's end: the
   *  finish and first-start columns, and a block lent to the summary (metrics/scratch.ts). */
  resultMemory?(): Float64Array | undefined;
}

/** The engine's columns of a trace's four streamed columns (a TraceFeed fills them). */
export interface EngineTraceColumns {
  /** Each job's submission time (the engine's arrivalColumn). */
  arrivals: Float64Array;
  /** Each job's first task, and the task count at the end (firstTaskColumn). */
  taskOffsets: Int32Array;
  /** Each task's duration (durationColumn). */
  durations: Float64Array;
  /** Each job's estimate (estimateColumn). */
  estimates: Float64Array;
  /** The engine's per-job and per-task state (stateColumns), which the feed may touch — write
   *  a zero to one element of each page — for jobs it has not handed in yet, before it hands
   *  them in: the engine writes a job's state only once the job is in, so its thread then finds
   *  those pages already mapped (the first touch of a page is the dear part of memory: a page
   *  fault, assembly/glue.ts freshInt32Array). */
  state?: EngineStateColumns;
}

/** The engine's trace columns when they live in a shared memory (engine/wasm.ts sharedMemory),
 *  which another thread can write; else undefined. (Taken after the set-up: the engine never
 *  moves them during the run, and a shared memory's views stay valid when it grows.) */
function sharedTraceColumns(engine: EngineApi): EngineTraceColumns | undefined {
  if (typeof SharedArrayBuffer === "undefined") return undefined;
  const arrivals = engine.arrivalColumn();
  if (!(arrivals.buffer instanceof SharedArrayBuffer)) return undefined;
  return { arrivals, taskOffsets: engine.firstTaskColumn(), durations: engine.durationColumn(), estimates: engine.estimateColumn(),
    state: engine.stateColumns() };
}

/** A whole-trace run under way: its engine, started with every job in. */
interface WholeRun { engine: EngineApi; trace: Trace; jobs: number; t0: number; extras: RunExtras }

/** Checks `input`, takes an engine and starts it on the whole trace (the caller disposes it). */
function beginWhole(factory: EngineFactory, input: Trace, config: ResolvedConfig, options: RunOptions): WholeRun {
  const compat = config.params.compat === true;
  checkTraceOnce(input);
  checkDagSupport(input, config);
  const trace = compat ? referenceQuirks(input) : input;
  const jobs = trace.arrivals.length;
  const engine = factory();
  try {
    const extras = prepareExtras(trace, config, (stream, n) => engine.rngDraws(config.seed, stream, n));
    const t0 = now();
    startRun(engine, trace, config, options, compat, extras)(0, jobs);
    return { engine, trace, jobs, t0, extras };
  } catch (e) {
    engine.dispose();
    throw e;
  }
}

/** One slice of a whole-trace run; true when the run is over. */
function stepWhole(r: WholeRun, options: RunOptions): boolean {
  const done = runSlice(r.engine, r.jobs, options, r.t0);
  if (done === 2) throw new Error(`engine waits for jobs with all ${r.jobs} in`);
  return done === 1;
}

/** Runs `config` on `input` with an engine instance from `factory` (resolveConfig validates the configuration). */
export function runSimulation(factory: EngineFactory, input: Trace, config: ResolvedConfig,
                              options: RunOptions = {}): SimResult {
  const r = beginWhole(factory, input, config, options);
  try {
    while (!stepWhole(r, options)) { /* the next slice */ }
    return finishRun(r.engine, r.trace, config, options, r.t0, r.extras);
  } finally {
    r.engine.dispose();
  }
}

/** Resolves after the host's other work has had a turn (timers, I/O, messages, rendering). */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === "function") setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}

/** `runSimulation` that hands the event loop back between slices (`sliceEvents` each), so a
 *  server or a page stays responsive and several runs proceed side by side in one process, each
 *  on an engine instance of its own (Wasm: one instance per run; JS: a pool of instances).
 *  Results are exactly runSimulation's. */
export async function runSimulationAsync(factory: EngineFactory, input: Trace, config: ResolvedConfig,
                                         options: RunOptions = {}): Promise<SimResult> {
  const r = beginWhole(factory, input, config, options);
  try {
    while (!stepWhole(r, options)) await yieldToEventLoop();
    return finishRun(r.engine, r.trace, config, options, r.t0, r.extras);
  } finally {
    r.engine.dispose();
  }
}

/** `runSimulation` on a trace that is still being read (`TraceFeed`): the engine takes the jobs
 *  as they come — copied in here, or written into its columns by the feed itself (fillEngine).
 *  The results are exactly those of `runSimulation` on the whole trace. */
export async function runSimulationFed(factory: EngineFactory, feed: TraceFeed, config: ResolvedConfig,
                                       options: RunOptions = {}): Promise<SimResult> {
  let filled: boolean | undefined;
  const fill = (columns: EngineTraceColumns | undefined): boolean => (filled ??= feed.fillEngine?.(columns) ?? false);
  try {
    if (config.params.compat === true) throw new Error("runSimulationFed: compat runs need the whole trace (runSimulation)");
    const trace = feed.trace;
    const jobs = trace.arrivals.length;
    checkShape(trace);
    if (hasOptionalColumns(trace)) throw new Error("runSimulationFed: a trace with optional columns runs whole (runSimulation)");
    const engine = factory();
    let complete = false;
    try {
      const extras = prepareExtras(trace, config, (stream, n) => engine.rngDraws(config.seed, stream, n));
      const t0 = now();
      const add = startRun(engine, trace, config, options, false, extras);
      // (a classifier predicts on the host: its jobs are copied)
      const inPlace = !extras.classifier && fill(sharedTraceColumns(engine));
      // A classifier trains on a prefix of the jobs before the first go to the engine (which has
      // run nothing yet, so the results are those of a whole-trace run).
      const need = extras.classifier ? extras.classifier.prefix(jobs) : 0;
      let added = 0;
      for (;;) {
        const k = added === 0 && feed.available() < need ? 0 : feed.available();
        if (k > added) { add(added, k, inPlace); added = k; }
        if (added === 0) { await feed.more(); continue; }
        const done = runSlice(engine, jobs, options, t0);
        if (done === 1) break;
        if (done === 2 && feed.available() === added) {
          if (added === jobs) throw new Error(`engine waits for jobs with all ${jobs} in`);
          await feed.more();
        }
      }
      complete = true;
      return finishRun(engine, trace, config, options, t0, extras, feed.resultMemory?.());
    } finally {
      // (a run that stopped before every job was in: the feed may still be writing into the
      // engine's memory, which must then not go to a later run)
      engine.dispose(complete || filled !== true);
    }
  } finally {
    fill(undefined); // (a feed waiting for the word goes on)
  }
}

/** The checks of `checkTrace` that do not read the columns' values (a feed checks those). */
function checkShape(t: Trace): void {
  const jobs = t.arrivals.length;
  const bad = (what: string) => { throw new InputError(`trace '${t.name}': ${what}`); };
  if (t.taskOffsets.length !== jobs + 1 || t.estimates.length !== jobs) bad("column lengths do not match the number of jobs");
  if (jobs > ENGINE_MAX_JOBS) bad(`${jobs} jobs: the engine runs at most ${ENGINE_MAX_JOBS} jobs per run`);
}

/** Sets the engine up for `trace` and starts the policy; returns the function that copies the
 *  columns of jobs [from, to) in (unless `inPlace`: a feed wrote the four trace columns there)
 *  and hands them to the engine (the first call starts the run). */
function startRun(engine: EngineApi, trace: Trace, config: ResolvedConfig, options: RunOptions,
                  compat: boolean, extras: RunExtras): (from: number, to: number, inPlace?: boolean) => void {
  const jobs = trace.arrivals.length;
  const tasks = trace.durations.length;
  engine.setup(jobs, tasks, config.nodes, config.slots, config.networkDelay, config.seed,
    config.paramVector.length, (options.recordTasks ? 1 : 0) | (compat ? 2 : 0) | (options.policySeries === false ? 4 : 0));
  const constant = setupOptionalColumns(engine, trace);
  if (extras.cluster) {
    engine.setupCluster();
    engine.capacityColumn().set(extras.cluster.capacity);
    engine.slotCapColumn().set(extras.cluster.slots);
  }
  if (extras.predicted) engine.setupJobPredictions();
  engine.paramColumn().set(config.paramVector);
  // The policy's constructor runs here: a failure it records (e.g. a parameter its description
  // does not declare) is decoded as a run's would be.
  try {
    engine.start(config.engineIndex);
  } catch (e) {
    throw engineStopped(engine, jobs, e, "while starting the scheduler");
  }
  return (from, to, inPlace = false) => {
    if (from === 0) copyOptionalColumns(engine, trace, constant);
    if (extras.classifier && extras.predicted) {
      if (from === 0) extras.classifier.train(trace);
      extras.classifier.predict(trace, from, to, extras.predicted);
      engine.predictionColumn().set(extras.predicted.subarray(from, to), from);
    }
    if (!inPlace) {
      // Views are fetched now: an allocation in the engine (start, run) may have moved them.
      const off = trace.taskOffsets;
      engine.arrivalColumn().set(trace.arrivals.subarray(from, to), from);
      engine.firstTaskColumn().set(off.subarray(from, to + 1), from);
      engine.durationColumn().set(trace.durations.subarray(off[from], off[to]), off[from]);
      engine.estimateColumn().set(trace.estimates.subarray(from, to), from);
    }
    try {
      engine.addJobs(to);
    } catch (e) {
      throw engineStopped(engine, jobs, e, `while adding jobs ${from}-${to - 1}`);
    }
  };
}

/** Events per slice (RunOptions.sliceEvents unset): a run's first slice runs FIRST_SLICE_EVENTS,
 *  each later one as many as the run has taken so far, up to SLICE_EVENTS. V8 compiles the Wasm
 *  engine's event loop in two tiers and a call runs to its end in the tier it began in: the
 *  optimized code, compiled while the first slice runs, takes over at the next call, so a short
 *  first slice leaves less of the run to the baseline code. Only speed depends on it. */
const FIRST_SLICE_EVENTS = 1 << 16;
const SLICE_EVENTS = 2_000_000;

/** The error for an engine call that threw: the failure code the engine recorded, decoded into
 *  one line, or the trap, with where the run was (`during`: what the host was doing, when not
 *  running events), since a trap's message alone ("unreachable", "Invalid length") names no
 *  cause. Out-of-memory is the usual trap: a Wasm instance holds at most 4 GB of pending events
 *  and queued records. A limit of the input or configuration is bad input (InputError, exit 2);
 *  anything else is a bug. */
function engineStopped(engine: EngineApi, jobs: number, e: unknown, during?: string): Error {
  const c = engine.counterColumn();
  const code = engine.failureCode();
  if (code === 0 && isOutOfMemory(e, engine.memoryBytes?.())) {
    const mem = engine.memoryBytes?.();
    return new ResourceError(`the ${engine.kind} engine ran out of memory after more than ${c[0]} events, at simulated time `
      + `${engine.simTime()} s with ${engine.completedJobs()} of ${jobs} jobs done`
      + `${mem !== undefined ? ` (it held ${formatBytes(mem)}; a Wasm engine holds at most 4 GB: --engine js has no such cap)` : ""}`
      + "; run a smaller trace or cluster, or lower what multiplies events (a tiny quantum or heartbeat period)");
  }
  const what = code !== 0 ? describeFailure(code, engine.failureDetail())
    : `${e instanceof Error ? e.message : String(e)}; if the run outgrew the engine's memory, a parameter `
      + "that multiplies events (e.g. a tiny quantum or heartbeat period) is the likely cause";
  const message = `the ${engine.kind} engine stopped ${during ? `${during} ` : ""}${c[0] > 0 ? `after more than ${c[0]} events, ` : ""}`
    + `at simulated time ${engine.simTime()} s with ${engine.completedJobs()} of ${jobs} jobs done: ${what}`;
  if (code !== 0 && FAILURES[code]?.input) return new InputError(message);
  return new Error(message, { cause: e });
}

/** One slice of events; 1 finished, 2 waiting for jobs, 0 more to run. */
function runSlice(engine: EngineApi, jobs: number, options: RunOptions, t0: number): number {
  let done: number;
  try {
    done = engine.run(options.sliceEvents ?? Math.min(SLICE_EVENTS, Math.max(FIRST_SLICE_EVENTS, engine.counterColumn()[0])));
  } catch (e) {
    throw engineStopped(engine, jobs, e);
  }
  if (options.onProgress) {
    options.onProgress({
      jobsDone: engine.completedJobs(), jobs, simTime: engine.simTime(),
      events: engine.counterColumn()[0], wallSeconds: (now() - t0) / 1000,
    });
  }
  return done;
}

function finishRun(engine: EngineApi, trace: Trace, config: ResolvedConfig, options: RunOptions, t0: number,
                   extras: RunExtras = {}, memory?: Float64Array): SimResult {
  const jobs = trace.arrivals.length;
  const wallSeconds = (now() - t0) / 1000;
  if (engine.completedJobs() !== jobs) {
    throw new Error(`engine finished with ${engine.completedJobs()} of ${jobs} jobs complete`);
  }
  // (in memory a feed's thread touched, when there is enough: TraceFeed.resultMemory)
  const lent = memory && memory.length >= 3 * jobs ? memory : undefined;
  const copy = (column: Float64Array, k: number): Float64Array => {
    if (!lent) return column.slice();
    const out = lent.subarray(k * jobs, (k + 1) * jobs);
    out.set(column);
    return out;
  };
  const finish = copy(engine.finishColumn(), 0);
  if (lent) lendSummaryScratch(finish, lent.subarray(2 * jobs, 3 * jobs));
  const result: SimResult = {
    config, engine: engine.kind, trace,
    finish,
    firstStart: copy(engine.firstStartColumn(), 1),
    counters: counterRecord(engine.counterColumn(), engine.counterNames()),
    busySlotSeconds: engine.busySlotSeconds(),
    firstArrival: jobs > 0 ? trace.arrivals[0] : 0,
    lastFinish: engine.lastFinishTime(),
    wallSeconds,
  };
  if (extras.cluster && trace.demandNames) {
    const dims = trace.demandNames;
    const capacity = new Float64Array(dims.length);
    for (let k = 0; k < extras.cluster.capacity.length; k++) capacity[k % dims.length] += extras.cluster.capacity[k];
    result.resources = { dims: [...dims], area: engine.allocAreaColumn().slice(), capacity };
  }
  if (extras.classifier && extras.predicted) result.classifier = extras.classifier.report(trace, extras.predicted);
  const preemptions = engine.preemptionColumn();
  if (preemptions.length === jobs && jobs > 0) result.preemptions = preemptions.slice();
  const width = engine.seriesFields();
  if (width > 0 && config.spec.series && options.policySeries !== false) result.policySeries = decodeSeries(config.spec.series, engine.seriesColumn(), width);
  if (options.recordTasks) {
    result.tasks = {
      start: engine.taskStartColumn().slice(), end: engine.taskEndColumn().slice(),
      node: engine.taskNodeColumn().slice(), runs: engine.taskRunsColumn().slice(),
      service: engine.taskServiceColumn().slice(),
    };
  }
  return result;
}

export type { EngineApi };
