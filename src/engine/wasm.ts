// Wasm engine instances from a compiled module (browser-safe: no node imports).
// One instance per run: the engine uses AssemblyScript's stub runtime (a bump
// allocator sized for one simulation), so a run never pays for a collector.
import { instantiateSync } from "@assemblyscript/loader";
import type { EngineApi, EngineFactory } from "./types.js";

type Raw = Record<string, any>;

export function wasmEngineFactory(module: WebAssembly.Module): EngineFactory {
  return () => {
    const inst = instantiateSync(module, {}) as unknown as { exports: Raw };
    const x = inst.exports;
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
      diceSeriesColumn: () => f64(x.diceSeriesColumn()).slice(),
      busySlotSeconds: () => x.busySlotSeconds(),
      busySlotsNow: () => x.busySlotsNow(),
      completedJobs: () => x.completedJobs(),
      simTime: () => x.simTime(),
      lastFinishTime: () => x.lastFinishTime(),
      failureCode: () => x.failureCode(),
      failureDetail: () => x.failureDetailValue(),
      rngDraws: (seed, stream, n) => f64(x.rngDraws(seed, stream, n)).slice(),
      rngIntDraws: (seed, stream, n, bound) => i32(x.rngIntDraws(seed, stream, n, bound)).slice(),
      dispose: () => {},
      memoryBytes: () => (x as unknown as { memory: WebAssembly.Memory }).memory.buffer.byteLength,
    };
    return api;
  };
}
