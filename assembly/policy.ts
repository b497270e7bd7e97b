// What a policy may use: the engine's API for schedulers (assembly/schedulers/*). Policies import
// from here only, never the layouts behind it (docs/architecture.md, docs/adding-a-scheduler.md).
export { Scheduler } from "./scheduler";
export { NodeDiscipline, FifoDiscipline } from "./discipline";
export { SrptDiscipline } from "./srpt";
export { PreemptiveDiscipline, LasDiscipline, ClassPriorityDiscipline, nodeTasks, nodeAttainedVariance,
  nodeAttainedSum, nodeAttainedMoments, momentTasks, momentRunning, momentOverheadEnd, momentSum, momentLead } from "./las";
export { TimerOwner, timerKind, setTimer, setCancellableTimer, cancelTimer, timerPending, eventMark, failUnlessAdvances,
  failTimeResolution } from "./timers";
export { nNodes, slotsPerNode, netDelay, compatMode, stream, count, counterValue, setCounter, registerCounter, Params,
  C_RESCHEDULED, C_STEAL_ATTEMPTS, C_STEALS, C_REJECTED, C_PURGED, C_RESUME_SECONDS, C_EVENTS } from "./config";
export { nJobs, nTasks, jobArrival, jobFirstTask, taskDuration, jobEstimate, taskJob, jobLong, jobTaskCount, jobEst,
  jobUnlaunched, jobWaitingCount, jobTasksLeft, setJobClass, jobIsLong, jobHandOut, setJobHandOut,
  nextUnlaunchedTask, unlaunchedTaskAt, taskEst, taskDemand, taskDemands, demandDims, demandIndex, taskStage, jobClass, jobPriority,
  jobUser, jobsDone, taskEstimate, demandBase, demandMul } from "./jobs";
export { dag, parentCount, parentAt, childCount, childAt, childEdgesOf, copyJobChildren } from "./dag";
export { nodeBusy, queueLength, longRunning, longQueued, holdsLongWork, longWork } from "./nodestate";
export { queueFirst, queueEnd, entryWord, wordJob, wordIsLong, wordFetching, wordSticky, wordBehindLong, entryJob,
  entryIsLong, entryTask, entryIsProbe, entryValue, setEntryValue, firstReadyEntry, lastReadyEntry, removeAt,
  moveRun, keepEntryAt, closeGap } from "./queues";
export { hasFreeSlot, releaseSlot, runningTask } from "./slots";
export { sendBegin, sendTo, sendProbesTo, sendEnd } from "./messages";
export { serve, suspendAt, resumeAt, afterSlotFreed, claimFreedSlots, claimFreedSlotsOf, runRecordOn, runMarkOn, touchSuspension } from "./serve";
export { setRunOverheads, runState, attained, currentAttained, recMark, setRecMark, touchFreeRecord, RS_NONE, RS_RUNNING, RS_PROTECTED, RS_SUSPENDED,
  RS_WAITING, RS_DONE } from "./preempt";
export { fail, E_RANGE_OUTSIDE_VIEW, E_EVENT_NOT_PENDING, E_SLOT_OVERSUBSCRIBED, E_POLICY_STATE, E_KEY_RANGE } from "./errors";
export { resourcesOn, resourceDims, nodeSlots, capacityOf, maxCapacity, totalCapacity, parkedAt } from "./resources";
export { hasPredictions, predictedIsLong } from "./predict";
export { openSeries, seriesValue } from "./series";
