/** The engine's entry points (assembly/index.ts), as seen by the host in either build.
 *  Column getters return live typed arrays: views on Wasm memory, or the arrays
 *  themselves in the JS build. A view is valid until the next call that may allocate
 *  (setup, start, run), so fetch views right before use. */
export interface EngineApi {
  readonly kind: "wasm" | "js";
  setup(jobs: number, tasks: number, nodes: number, slots: number, delay: number, seed: number,
        nParams: number, flags: number): void;
  arrivalColumn(): Float64Array;
  firstTaskColumn(): Int32Array;
  durationColumn(): Float64Array;
  estimateColumn(): Float64Array;
  paramColumn(): Float64Array;
  /** The trace's optional columns (after setup, before start): COL_* bits (src/simulate.ts),
   *  demand dimensions, parent links (-1: no task dependencies), and `constantDims`: bit d
   *  (d < 30) says demand dimension d has one value for every task, stored once (the demand column
   *  then holds the other dimensions task by task, then one value per dimension). */
  setupColumns(columns: number, dims: number, edges: number, constantDims: number): void;
  taskEstimateColumn(): Float64Array;
  stageColumn(): Int32Array;
  demandColumn(): Float64Array;
  /** The demands' staging area (`rows` rows of `dims` values; assembly/index.ts): the host
   *  stages tasks [first, first + n) for scanDemands (before setupColumns: the constant
   *  dimensions) and packDemands (after it, with constant dimensions). */
  demandStageColumn(rows: number, dims: number): Float64Array;
  scanDemands(first: number, n: number): number;
  packDemands(first: number, n: number): void;
  jobClassColumn(): Int32Array;
  priorityColumn(): Int32Array;
  userColumn(): Int32Array;
  parentOffsetColumn(): Int32Array;
  parentColumn(): Int32Array;
  /** A cluster (after setupColumns, before start): then capacityColumn (node x dims + d over
   *  the trace's demand dimensions) and slotCapColumn (slots per node) are filled. */
  setupCluster(): void;
  capacityColumn(): Float64Array;
  slotCapColumn(): Int32Array;
  /** Per demand dimension: allocated amount integrated over the run (with a cluster). */
  allocAreaColumn(): Float64Array;
  /** Per-job predicted classes from the host's classifier (before start; 1 = long). */
  setupJobPredictions(): void;
  predictionColumn(): Int32Array;
  start(schedulerId: number): void;
  /** Jobs [0, n) are in the columns (n only grows; the first call starts the run). */
  addJobs(n: number): void;
  /** Runs up to maxEvents events: 1 finished, 2 waiting for addJobs, 0 more to run. */
  run(maxEvents: number): number;
  finishColumn(): Float64Array;
  /** When each job's first task started (-1 for a job none of whose tasks started). */
  firstStartColumn(): Float64Array;
  /** The core counters (CORE_COUNTERS), then the ones the policy registered (counterNames). */
  counterColumn(): Float64Array;
  /** Names of the registered counters after the core ones (one per line; "" if none). */
  counterNames(): string;
  taskStartColumn(): Float64Array;
  taskEndColumn(): Float64Array;
  taskNodeColumn(): Int32Array;
  taskRunsColumn(): Int32Array;
  /** Service received per task (recorded runs of a preemptive policy; empty otherwise). */
  taskServiceColumn(): Float64Array;
  /** Per-job preemption counts (empty unless the policy preempts). */
  preemptionColumn(): Int32Array;
  /** The policy's own time series (assembly/series.ts): rows of seriesFields() values, named by
   *  the scheduler description's `series`; empty when the policy declared none. */
  seriesColumn(): Float64Array;
  seriesFields(): number;
  busySlotSeconds(): number;
  busySlotsNow(): number;
  completedJobs(): number;
  simTime(): number;
  lastFinishTime(): number;
  /** After the engine stopped a run: its failure code (assembly/errors.ts; 0 none) and detail. */
  failureCode(): number;
  failureDetail(): number;
  /** `n` uniform draws of a random stream (cross-build RNG checks). */
  rngDraws(seed: number, stream: number, n: number): Float64Array;
  /** `n` draws of the stream's nextInt(bound), 1 <= bound < 2^24 (node draws). */
  rngIntDraws(seed: number, stream: number, n: number, bound: number): Int32Array;
  /** Frees the instance (Wasm: keeps its memory for the factory's next run; JS: returns the
   *  instance to its pool). */
  dispose(): void;
  /** Bytes of the engine's linear memory (Wasm; undefined for the JS engine, whose arrays live
   *  in the JS heap); for a run given a finished run's memory (engine/wasm.ts), the bytes its
   *  own allocations reach in it. */
  memoryBytes?(): number;
}

/** Creates a fresh engine instance for one run. */
export type EngineFactory = () => EngineApi;
