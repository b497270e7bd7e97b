/** The engine's entry points (assembly/index.ts), as seen by the host in either build.
 *  Column getters return live typed arrays: views on Wasm memory, or the arrays
 *  themselves in the JS build. A view is valid until the next call that may allocate
 *  (setup, start, run), so fetch views right before use. */
export interface EngineApi {
  readonly kind: "wasm" | "js";
  /** Sizes a run: jobs, tasks, cluster, network delay, seed, parameter count, recording flags. */
  setup(jobs: number, tasks: number, nodes: number, slots: number, delay: number, seed: number,
        nParams: number, flags: number): void;
  /** Jobs' submission times (seconds), filled by the host. */
  arrivalColumn(): Float64Array;
  /** Each job's first task index (jobs + 1 offsets). */
  firstTaskColumn(): Int32Array;
  /** Tasks' durations (seconds). */
  durationColumn(): Float64Array;
  /** Jobs' estimated mean task durations (seconds). */
  estimateColumn(): Float64Array;
  /** The scheduler's parameters, in its description's order. */
  paramColumn(): Float64Array;
  /** The trace's optional columns (after setup, before start): COL_* bits (src/simulate.ts),
   *  demand dimensions, parent links (-1: no task dependencies), and `constantDims`: bit d
   *  (d < 30) says demand dimension d has one value for every task, stored once (the demand column
   *  then holds the other dimensions task by task, then one value per dimension). */
  setupColumns(columns: number, dims: number, edges: number, constantDims: number): void;
  /** Per-task estimates (seconds), when the trace has them. */
  taskEstimateColumn(): Float64Array;
  /** Per-task stage numbers, when the trace has them. */
  stageColumn(): Int32Array;
  /** Per-task resource demands, when the trace has them (see setupColumns). */
  demandColumn(): Float64Array;
  /** The demands' staging area (`rows` rows of `dims` values; assembly/index.ts): the host
   *  stages tasks [first, first + n) for scanDemands (before setupColumns: the constant
   *  dimensions) and packDemands (after it, with constant dimensions). */
  demandStageColumn(rows: number, dims: number): Float64Array;
  /** Scans staged demand rows for dimensions with one value for every task; returns the bits of those found so far. */
  scanDemands(first: number, n: number): number;
  /** Stores staged demand rows into the demand column. */
  packDemands(first: number, n: number): void;
  /** Per-job classes, when the trace has them. */
  jobClassColumn(): Int32Array;
  /** Per-job priorities, when the trace has them. */
  priorityColumn(): Int32Array;
  /** Per-job users, when the trace has them. */
  userColumn(): Int32Array;
  /** Each task's first parent link (tasks + 1 offsets into parentColumn). */
  parentOffsetColumn(): Int32Array;
  /** The parent tasks, by index within the job (task dependencies). */
  parentColumn(): Int32Array;
  /** A cluster (after setupColumns, before start): then capacityColumn (node x dims + d over
   *  the trace's demand dimensions) and slotCapColumn (slots per node) are filled. */
  setupCluster(): void;
  /** With a cluster: each worker's capacity per demand dimension. */
  capacityColumn(): Float64Array;
  /** With a cluster: each worker's slot count. */
  slotCapColumn(): Int32Array;
  /** Per demand dimension: allocated amount integrated over the run (with a cluster). */
  allocAreaColumn(): Float64Array;
  /** Per-job predicted classes from the host's classifier (before start; 1 = long). */
  setupJobPredictions(): void;
  /** Jobs' predicted classes (the host's classifier), for policies that read them. */
  predictionColumn(): Int32Array;
  /** Starts the run with the scheduler at this registry index. */
  start(schedulerId: number): void;
  /** Jobs [0, n) are in the columns (n only grows; the first call starts the run). */
  addJobs(n: number): void;
  /** Runs up to maxEvents events: 1 finished, 2 waiting for addJobs, 0 more to run. */
  run(maxEvents: number): number;
  /** Each job's finish time: its last task's end (seconds). */
  finishColumn(): Float64Array;
  /** When each job's first task started (-1 for a job none of whose tasks started). */
  firstStartColumn(): Float64Array;
  /** The run's per-job state (after start; assembly/jobs.ts jobStateI32): each column holds job
   *  j's entries at [j x k, (j + 1) x k) for k = length / jobs, and the per-task ones task t's at
   *  [t x k, (t + 1) x k). The engine writes a job's entries only once the job is in (addJobs),
   *  so a thread that hands jobs in may touch their pages first (src/trace/tr-feed-worker.ts). */
  stateColumns(): EngineStateColumns;
  /** The core counters (CORE_COUNTERS), then the ones the policy registered (counterNames). */
  counterColumn(): Float64Array;
  /** Names of the registered counters after the core ones (one per line; "" if none). */
  counterNames(): string;
  /** Recorded runs: each task's start (seconds). */
  taskStartColumn(): Float64Array;
  /** Recorded runs: each task's end (seconds). */
  taskEndColumn(): Float64Array;
  /** Recorded runs: the node each task ran on. */
  taskNodeColumn(): Int32Array;
  /** Recorded runs: how many times each task started (resumes included). */
  taskRunsColumn(): Int32Array;
  /** Service received per task (recorded runs of a preemptive policy; empty otherwise). */
  taskServiceColumn(): Float64Array;
  /** Per-job preemption counts (empty unless the policy preempts). */
  preemptionColumn(): Int32Array;
  /** The policy's own time series (assembly/series.ts): rows of seriesFields() values, named by
   *  the scheduler description's `series`; empty when the policy declared none. */
  seriesColumn(): Float64Array;
  /** Values per row of seriesColumn (0: no series). */
  seriesFields(): number;
  /** Busy slot-seconds so far (get-task round trips included). */
  busySlotSeconds(): number;
  /** Slots busy at the current simulated time. */
  busySlotsNow(): number;
  /** Jobs finished so far. */
  completedJobs(): number;
  /** The current simulated time (seconds). */
  simTime(): number;
  /** The latest job finish so far (seconds). */
  lastFinishTime(): number;
  /** After the engine stopped a run: its failure code (assembly/errors.ts; 0 none) and detail. */
  failureCode(): number;
  /** The failure's detail value (its meaning: FAILURES). */
  failureDetail(): number;
  /** `n` uniform draws of a random stream (cross-build RNG checks). */
  rngDraws(seed: number, stream: number, n: number): Float64Array;
  /** `n` draws of the stream's nextInt(bound), 1 <= bound < 2^24 (node draws). */
  rngIntDraws(seed: number, stream: number, n: number, bound: number): Int32Array;
  /** Frees the instance (Wasm: keeps its memory for the factory's next run unless `reuse` is
   *  false — another thread may still write to it; JS: returns the instance to its pool). */
  dispose(reuse?: boolean): void;
  /** Bytes of the engine's linear memory (Wasm; undefined for the JS engine, whose arrays live
   *  in the JS heap); for a run given a finished run's memory (engine/wasm.ts), the bytes its
   *  own allocations reach in it. */
  memoryBytes?(): number;
}

/** Creates a fresh engine instance for one run. */
export type EngineFactory = (() => EngineApi) & {
  /** Wasm: touches the first `bytes` of the memory the next run will take (growing it to
   *  `reserve` bytes the first time, if larger), which stays all zeros: the run sees a fresh
   *  memory whose first allocations do not pay for first touches; for a host waiting on
   *  something else (engine/wasm.ts). False when there is nothing to prepare (the next run
   *  reuses a finished run's memory). */
  warmMemory?(bytes: number, reserve?: number): boolean;
};

/** EngineApi.stateColumns: views of the engine's per-job and per-task state. */
export interface EngineStateColumns {
  /** Columns indexed by job (k entries a job). */
  perJob: Array<Int32Array | Float64Array>;
  /** Columns indexed by task (k entries a task). */
  perTask: Int32Array[];
}
