// Wasm engine instances from a compiled module (browser-safe: no node imports).
// One instance per run: the engine uses AssemblyScript's stub runtime (a bump
// allocator sized for one simulation), so a run never pays for a collector.
//
// A run's memory outlives its instance, though: a disposed run's linear memory is kept (one per
// factory) and the next run's instance imports it (asconfig.json importMemory). Every instance
// starts afresh (its globals, the allocator's offset, its data segments), and the engine clears
// what it allocates there (engine/glue.ts noteReusedMemory); what a later run saves is the first
// touch of those pages, tens of microseconds each on a VM (a 5 M-task DAG run touches 60-100k of
// them). A memory near the 4 GB limit is not kept (isOutOfMemory reads a run's memory size).
import { instantiateSync } from "@assemblyscript/loader";
import type { EngineApi, EngineFactory } from "./types.js";

type Raw = Record<string, any>;

/** The largest memory kept for the next run. */
const KEEP_BYTES = 2 * 2 ** 30;

export function wasmEngineFactory(module: WebAssembly.Module): EngineFactory {
  // (a module built before the engine imported its memory defines its own)
  const importsMemory = WebAssembly.Module.imports(module).some((i) => i.kind === "memory" && i.module === "env" && i.name === "memory");
  const kept: WebAssembly.Memory[] = [];
  return () => {
    const reused = importsMemory ? kept.pop() : undefined;
    const memory = reused ?? (importsMemory ? new WebAssembly.Memory({ initial: 1 }) : undefined);
    const dirtyPages = reused ? reused.buffer.byteLength >>> 16 : 0;
    const inst = instantiateSync(module, memory ? { env: { memory } } : {}) as unknown as { exports: Raw };
    const x = inst.exports;
    if (reused) x.reuseMemory(dirtyPages);
    let disposed = false;
    const f64 = (ptr: number): Float64Array => x.__getFloat64ArrayView(ptr);
    const i32 = (ptr: number): Int32Array => x.__getInt32ArrayView(ptr);
    const api: EngineApi = {
      kind: "wasm",
      setup: (j, t, n, s, d, seed, np, rec) => x.setup(j, t, n, s, d, seed, np, rec),
      arrivalColumn: () => f64(x.arrivalColumn()),
      firstTaskColumn: () => i32(x.firstTaskColumn()),
      durationColumn: () => f64(x.durationColumn()),
      estimateColumn: () => f64(x.estimateColumn()),
      paramColumn: () => f64(x.paramColumn()),
      setupColumns: (c, d, e, k) => x.setupColumns(c, d, e, k),
      taskEstimateColumn: () => f64(x.taskEstimateColumn()),
      stageColumn: () => i32(x.stageColumn()),
      demandColumn: () => f64(x.demandColumn()),
      demandStageColumn: (r, d) => f64(x.demandStageColumn(r, d)),
      scanDemands: (f, n) => x.scanDemands(f, n),
      packDemands: (f, n) => x.packDemands(f, n),
      jobClassColumn: () => i32(x.jobClassColumn()),
      priorityColumn: () => i32(x.priorityColumn()),
      userColumn: () => i32(x.userColumn()),
      parentOffsetColumn: () => i32(x.parentOffsetColumn()),
      parentColumn: () => i32(x.parentColumn()),
      setupCluster: () => x.setupCluster(),
      capacityColumn: () => f64(x.capacityColumn()),
      slotCapColumn: () => i32(x.slotCapColumn()),
      allocAreaColumn: () => f64(x.allocAreaColumn()),
      setupJobPredictions: () => x.setupJobPredictions(),
      predictionColumn: () => i32(x.predictionColumn()),
      start: (id) => x.start(id),
      addJobs: (n) => x.addJobs(n),
      run: (max) => x.run(max),
      finishColumn: () => f64(x.finishColumn()),
      firstStartColumn: () => f64(x.firstStartColumn()),
      counterColumn: () => f64(x.counterColumn()),
      counterNames: () => x.__getString(x.counterNames()),
      taskStartColumn: () => f64(x.taskStartColumn()),
      taskEndColumn: () => f64(x.taskEndColumn()),
      taskNodeColumn: () => i32(x.taskNodeColumn()),
      taskRunsColumn: () => i32(x.taskRunsColumn()),
      taskServiceColumn: () => f64(x.taskServiceColumn()),
      preemptionColumn: () => i32(x.preemptionColumn()),
      seriesColumn: () => f64(x.seriesColumn()).slice(),
      seriesFields: () => x.seriesFields(),
      busySlotSeconds: () => x.busySlotSeconds(),
      busySlotsNow: () => x.busySlotsNow(),
      completedJobs: () => x.completedJobs(),
      simTime: () => x.simTime(),
      lastFinishTime: () => x.lastFinishTime(),
      failureCode: () => x.failureCode(),
      failureDetail: () => x.failureDetailValue(),
      rngDraws: (seed, stream, n) => f64(x.rngDraws(seed, stream, n)).slice(),
      rngIntDraws: (seed, stream, n, bound) => i32(x.rngIntDraws(seed, stream, n, bound)).slice(),
      dispose: () => {
        if (disposed) return;
        disposed = true;
        if (memory && kept.length === 0 && memory.buffer.byteLength <= KEEP_BYTES) kept.push(memory);
      },
      // (a reused memory's size is an earlier run's unless this run grew it: then, or with a
      // fresh memory, its size; else where this run's allocations reach)
      memoryBytes: () => {
        const bytes = (x as unknown as { memory: WebAssembly.Memory }).memory.buffer.byteLength;
        return reused && bytes <= dirtyPages * 65536 ? x.heapBytes() : bytes;
      },
    };
    return api;
  };
}
