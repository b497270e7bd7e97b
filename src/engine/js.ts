// The pure-JS engine: the same assembly/ sources compiled by tsc (build/engine-js).
// Its state lives in module variables, so one JS engine module runs one simulation at a
// time; a second concurrent run gets a clear error instead of corrupting the first.
import type { EngineApi, EngineFactory } from "./types.js";

export function jsEngineFactory(mod: Record<string, any>): EngineFactory {
  let busy = false;
  return () => {
    if (busy) {
      throw new Error("the JS engine runs one simulation at a time; finish (or dispose) the current run first, or use the Wasm engine");
    }
    busy = true;
    const api: EngineApi = {
      kind: "js",
      setup: mod.setup, arrivalColumn: mod.arrivalColumn, firstTaskColumn: mod.firstTaskColumn,
      durationColumn: mod.durationColumn, estimateColumn: mod.estimateColumn, paramColumn: mod.paramColumn,
      setupColumns: mod.setupColumns, taskEstimateColumn: mod.taskEstimateColumn, stageColumn: mod.stageColumn,
      demandColumn: mod.demandColumn, jobClassColumn: mod.jobClassColumn, priorityColumn: mod.priorityColumn,
      userColumn: mod.userColumn, parentOffsetColumn: mod.parentOffsetColumn, parentColumn: mod.parentColumn,
      start: mod.start, addJobs: mod.addJobs, run: mod.run, finishColumn: mod.finishColumn,
      firstStartColumn: mod.firstStartColumn, counterColumn: mod.counterColumn, counterNames: mod.counterNames,
      taskStartColumn: mod.taskStartColumn, taskEndColumn: mod.taskEndColumn,
      taskNodeColumn: mod.taskNodeColumn, taskRunsColumn: mod.taskRunsColumn,
      taskServiceColumn: mod.taskServiceColumn,
      preemptionColumn: mod.preemptionColumn,
      busySlotSeconds: mod.busySlotSeconds, busySlotsNow: mod.busySlotsNow,
      completedJobs: mod.completedJobs, simTime: mod.simTime, lastFinishTime: mod.lastFinishTime,
      failureCode: mod.failureCode, failureDetail: mod.failureDetailValue,
      rngDraws: mod.rngDraws, rngIntDraws: mod.rngIntDraws,
      dispose: () => { busy = false; },
    };
    return api;
  };
}
