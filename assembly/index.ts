// Engine entry points, identical in the Wasm and JS builds. The host:
//   setup(...)  -> fills the views returned by the *Column()/paramColumn() getters
//   start(id)   -> addJobs(n) -> run(maxEvents) until it returns 1 -> reads results.
// Typed arrays cross the boundary as pointers in Wasm (the host makes views on the
// module's memory) and as themselves in JS.
import { allocate, initialize, addJobs as addJobsToRun, runEvents } from "./loop";
import { jobArrival, jobFirstTask, taskDuration, jobEstimate, jobFinish, jobFirstStart, jobsDone, lastFinish,
  allocateOptionalColumns, taskEstimate, taskStage, taskDemands, jobClass, jobPriority, jobUser, demandStageFor,
  scanDemandStage, packDemandStage, jobStateI32, jobStateF64, taskStateI32 } from "./jobs";
import { allocateDag, parentOffsets, parents } from "./dag";
import { params, counters, extraCounterNames, flushCounts } from "./config";
import { taskStart, taskEnd, taskNode, taskRuns, busyArea, busySlots } from "./slots";
import { taskService, jobPreemptions } from "./preempt";
import { now } from "./clock";
import { failure, failureDetail } from "./errors";
import { setupResources, nodeCapacity, nodeSlotCap, allocArea } from "./resources";
import { setupPredictions, predictedLong } from "./predict";
import { createScheduler } from "./registry.gen";
import { keepSeries, resetSeries, seriesValues, seriesWidth } from "./series";
import { Rng } from "./toolkit/rng";
import { noteReusedMemory, heapTop } from "./glue";

/** The Wasm host gave this instance the memory of a finished run, `pages` pages of it possibly
 *  written (before setup; src/engine/wasm.ts). */
export function reuseMemory(pages: i32): void { noteReusedMemory(pages); }
/** Bytes of linear memory the run's allocations reach (Wasm; 0 in the JS build). */
export function heapBytes(): f64 { return heapTop(); }

/** flags: bit 0 records per-task start/end/node; bit 1 is the reference-simulator
 *  compatibility mode (`compat`); bit 2 drops the policy's own series (series.ts). */
export function setup(jobs: i32, tasks: i32, nodes: i32, slots: i32, delay: f64, seed: i32,
                      nParams: i32, flags: i32): void {
  allocate(jobs, tasks, nodes, slots, delay, seed, nParams, (flags & 1) != 0, (flags & 2) != 0);
  keepSeries((flags & 4) == 0);
}

/** The trace's optional columns (after setup, before start): `columns` has the COL_* bits of
 *  jobs.ts, `dims` demand dimensions; `edges` parent links (-1: no task dependencies);
 *  `constantDims` bit d (d < 30): dimension d has one value for every task (from scanDemands).
 *  Without constant dimensions the host fills demandColumn (tasks x dims); with some, it stages
 *  the demands again and calls packDemands (jobs.ts taskDemands). */
export function setupColumns(columns: i32, dims: i32, edges: i32, constantDims: i32): void {
  allocateOptionalColumns(columns, dims, constantDims);
  allocateDag(edges);
}

/** A cluster with per-node capacities over the trace's demand dimensions and per-node slot
 *  counts (after setupColumns, before start): the host then fills capacityColumn (node x dims + d)
 *  and slotCapColumn. */
export function setupCluster(): void { setupResources(true); }
export function capacityColumn(): Float64Array { return nodeCapacity; }
export function slotCapColumn(): Int32Array { return nodeSlotCap; }
/** Per dimension: allocated amount integrated over time (resource-seconds). */
export function allocAreaColumn(): Float64Array { return allocArea; }

/** Per-job predicted classes (1: long) from the host's classifier (before start). */
export function setupJobPredictions(): void { setupPredictions(true); }
export function predictionColumn(): Int32Array { return predictedLong; }

export function arrivalColumn(): Float64Array { return jobArrival; }
export function firstTaskColumn(): Int32Array { return jobFirstTask; }
export function durationColumn(): Float64Array { return taskDuration; }
export function estimateColumn(): Float64Array { return jobEstimate; }
export function paramColumn(): Float64Array { return params; }
export function taskEstimateColumn(): Float64Array { return taskEstimate; }
export function stageColumn(): Int32Array { return taskStage; }
/** Task k's demand in dimension d at k x dims + d. */
export function demandColumn(): Float64Array { return taskDemands; }
/** The demands' staging area: `rows` rows of `dims` values, filled by the host with tasks
 *  [first, first + n) before scanDemands(first, n) (every task, in order, from 0, before
 *  setupColumns: returns the constant dimensions) or packDemands(first, n) (after it). */
export function demandStageColumn(rows: i32, dims: i32): Float64Array { return demandStageFor(rows, dims); }
export function scanDemands(first: i32, n: i32): i32 { return scanDemandStage(first, n); }
export function packDemands(first: i32, n: i32): void { packDemandStage(first, n); }
export function jobClassColumn(): Int32Array { return jobClass; }
export function priorityColumn(): Int32Array { return jobPriority; }
export function userColumn(): Int32Array { return jobUser; }
export function parentOffsetColumn(): Int32Array { return parentOffsets; }
export function parentColumn(): Int32Array { return parents; }

export function start(schedulerId: i32): void {
  resetSeries();
  initialize(createScheduler(schedulerId));
}
/** Jobs [0, n) are in their columns (n grows over calls; the run starts at the first call). */
export function addJobs(n: i32): void { addJobsToRun(n); }
export function run(maxEvents: i32): i32 { return runEvents(maxEvents); }

/** The run's per-job and per-task state (after start): jobs.ts jobStateI32. */
export function jobStateI32Column(i: i32): Int32Array { return jobStateI32(i); }
export function jobStateF64Column(i: i32): Float64Array { return jobStateF64(i); }
export function taskStateI32Column(i: i32): Int32Array { return taskStateI32(i); }

export function finishColumn(): Float64Array { return jobFinish; }
/** When each job's first task started (-1 if none did). */
export function firstStartColumn(): Float64Array { return jobFirstStart; }
/** The core counters (config.ts C_*), then the registered ones (counterNames). */
export function counterColumn(): Float64Array { flushCounts(); return counters; }
/** Names of the registered counters after the core ones, one per line. */
export function counterNames(): string { return extraCounterNames(); }
export function taskStartColumn(): Float64Array { return taskStart; }
export function taskEndColumn(): Float64Array { return taskEnd; }
export function taskNodeColumn(): Int32Array { return taskNode; }
export function taskRunsColumn(): Int32Array { return taskRuns; }
/** Service received per task (recorded runs of a preemptive policy; empty otherwise). */
export function taskServiceColumn(): Float64Array { return taskService; }
/** Per-job preemption counts (empty unless the policy preempts). */
export function preemptionColumn(): Int32Array { return jobPreemptions; }
/** The policy's own time series (series.ts): seriesFields() values per row, named by the
 *  scheduler's description; empty when the policy declared none. */
export function seriesColumn(): Float64Array { return seriesValues(); }
export function seriesFields(): i32 { return seriesWidth; }
export function busySlotSeconds(): f64 { return busyArea; }
export function busySlotsNow(): i32 { return busySlots; }
export function completedJobs(): i32 { return jobsDone; }
export function simTime(): f64 { return now; }
export function lastFinishTime(): f64 { return lastFinish; }
/** The failure code that stopped the run (errors.ts; 0: none) and its detail. */
export function failureCode(): i32 { return failure; }
export function failureDetailValue(): i32 { return failureDetail; }

/** `n` uniform draws of stream `stream` under `seed` (for cross-build RNG tests). */
export function rngDraws(seed: i32, stream: i32, n: i32): Float64Array {
  const rng = new Rng(seed, stream);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = rng.nextFloat();
  return out;
}

/** `n` draws of nextInt(bound) of stream `stream` under `seed` (for cross-build RNG tests). */
export function rngIntDraws(seed: i32, stream: i32, n: i32, bound: i32): Int32Array {
  const rng = new Rng(seed, stream);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = rng.nextInt(bound);
  return out;
}
