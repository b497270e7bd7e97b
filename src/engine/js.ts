// The pure-JS engine: the same assembly/ sources compiled by tsc (build/engine-js). Its state
// lives in module variables, so one instance of the engine runs one simulation at a time. The
// build also bundles the engine into `instantiate()` (build/engine-js/instance.js): each call
// evaluates it afresh, an instance with state of its own. A factory made from `instantiate`
// keeps a pool: a run takes a free instance (a fresh one when all are busy) and gives it back
// when disposed, so one process may run several simulations at once (a server or a page running
// two comparisons) while sequential runs reuse one warm instance.
import type { EngineApi, EngineFactory } from "./types.js";
import { stateColumns } from "./state.js";

/** The JS engine as jsEngineFactory takes it: `instantiate` (a pool of instances) or one module namespace. */
export type JsEngineSource = Record<string, any> | (() => Record<string, any>);

/** A factory over `instantiate` (a pool of instances), or over one module namespace (the engine's
 *  modules imported as they are: one run at a time, a second concurrent one gets a clear error). */
export function jsEngineFactory(source: JsEngineSource): EngineFactory {
  if (typeof source === "function") {
    const free: Array<Record<string, any>> = [];
    return () => {
      const mod = free.pop() ?? source();
      let disposed = false;
      return api(mod, () => {
        if (!disposed) { disposed = true; free.push(mod); }
      });
    };
  }
  let busy = false;
  return () => {
    if (busy) {
      throw new Error("this JS engine instance runs one simulation at a time; finish (or dispose) the current run first, "
        + "or build the factory from build/engine-js/instance.js's instantiate");
    }
    busy = true;
    return api(source, () => { busy = false; });
  };
}

function api(mod: Record<string, any>, dispose: () => void): EngineApi {
  return {
    kind: "js",
    setup: mod.setup, arrivalColumn: mod.arrivalColumn, firstTaskColumn: mod.firstTaskColumn,
    durationColumn: mod.durationColumn, estimateColumn: mod.estimateColumn, paramColumn: mod.paramColumn,
    setupColumns: mod.setupColumns, taskEstimateColumn: mod.taskEstimateColumn, stageColumn: mod.stageColumn,
    demandColumn: mod.demandColumn, demandStageColumn: mod.demandStageColumn, scanDemands: mod.scanDemands,
    packDemands: mod.packDemands, jobClassColumn: mod.jobClassColumn, priorityColumn: mod.priorityColumn,
    userColumn: mod.userColumn, parentOffsetColumn: mod.parentOffsetColumn, parentColumn: mod.parentColumn,
    setupCluster: mod.setupCluster, capacityColumn: mod.capacityColumn, slotCapColumn: mod.slotCapColumn,
    allocAreaColumn: mod.allocAreaColumn, setupJobPredictions: mod.setupJobPredictions,
    predictionColumn: mod.predictionColumn,
    start: mod.start, addJobs: mod.addJobs, run: mod.run, finishColumn: mod.finishColumn,
    firstStartColumn: mod.firstStartColumn, counterColumn: mod.counterColumn, counterNames: mod.counterNames,
    stateColumns: () => stateColumns(mod.jobStateI32Column, mod.jobStateF64Column, mod.taskStateI32Column),
    taskStartColumn: mod.taskStartColumn, taskEndColumn: mod.taskEndColumn,
    taskNodeColumn: mod.taskNodeColumn, taskRunsColumn: mod.taskRunsColumn,
    taskServiceColumn: mod.taskServiceColumn,
    preemptionColumn: mod.preemptionColumn,
    seriesColumn: mod.seriesColumn, seriesFields: mod.seriesFields,
    busySlotSeconds: mod.busySlotSeconds, busySlotsNow: mod.busySlotsNow,
    completedJobs: mod.completedJobs, simTime: mod.simTime, lastFinishTime: mod.lastFinishTime,
    failureCode: mod.failureCode, failureDetail: mod.failureDetailValue,
    rngDraws: mod.rngDraws, rngIntDraws: mod.rngIntDraws,
    dispose,
  };
}
