// Scheduler registry: id -> policy, with its parameters read from the parameter vector in
// the slot order declared by src/config/schedulers.ts (names, defaults, units, ranges).
import { Scheduler, LasDiscipline, setRunOverheads, nTasks } from "../policy";
import { params } from "../config";
import { toI32 } from "../glue";
import { RandomPlacement } from "./random";
import { Sparrow } from "./sparrow";
import { LeastWorkLeft } from "./lwl";
import { Hawk } from "./hawk";
import { Eagle } from "./eagle";
import { OmniscientLwl } from "./lwl";
import { DistributedLwl } from "./dlwl";
import { Kairos, YarnFifo } from "./kairos";
import { BigC } from "./bigc";

export const SCHED_RANDOM: i32 = 0;
export const SCHED_SPARROW: i32 = 1;
export const SCHED_LWL: i32 = 2;
export const SCHED_HAWK: i32 = 3;
export const SCHED_SPLIT: i32 = 4;
export const SCHED_EAGLE: i32 = 5;
export const SCHED_CLWL: i32 = 6;
export const SCHED_DLWL: i32 = 7;
export const SCHED_KAIROS: i32 = 8;
export const SCHED_YARN_FIFO: i32 = 9;
export const SCHED_BIG_C: i32 = 10;

function flag(i: i32): bool { return params[i] != 0.0; }

export function createScheduler(id: i32): Scheduler {
  if (id == SCHED_RANDOM) return new RandomPlacement();
  if (id == SCHED_SPARROW) return new Sparrow(params[0], flag(1));
  if (id == SCHED_LWL) return new LeastWorkLeft();
  // hawk: cutoff, shortPartition, probeRatio, stealing, stealAttempts, centralLong, partition,
  //       estErrorLow, estErrorHigh, classifyByNoisy
  if (id == SCHED_HAWK) {
    return new Hawk(params[0], params[1], params[2], flag(3) ? toI32(params[4]) : 0, flag(5), flag(6), false)
      .estimationError(params[7], params[8], flag(9));
  }
  // split: cutoff, shortPartition, probeRatio
  if (id == SCHED_SPLIT) return new Hawk(params[0], params[1], params[2], 0, true, true, true);
  // eagle: cutoff, shortPartition, probeRatio, minProbes, sss, sbpSrpt, bypassFactor,
  //        estErrorLow, estErrorHigh, classifyByNoisy, withoutReplacement
  if (id == SCHED_EAGLE) {
    return new Eagle(params[0], params[1], params[2], toI32(params[3]), flag(4), flag(5), params[6], flag(10))
      .estimationError(params[7], params[8], flag(9));
  }
  // clwl: cutoff, shortPartition, estErrorLow, estErrorHigh, classifyByNoisy
  if (id == SCHED_CLWL) return new OmniscientLwl(params[0], params[1]).estimationError(params[2], params[3], flag(4));
  // dlwl: cutoff, shortPartition, heartbeat, bypassFactor, estErrorLow, estErrorHigh, classifyByNoisy
  if (id == SCHED_DLWL) {
    return new DistributedLwl(params[0], params[1], params[2], params[3]).estimationError(params[4], params[5], flag(6));
  }
  // kairos: Q, quantum, heartbeat, resumeCost, starvationPreemptions, starvationQuanta
  if (id == SCHED_KAIROS) {
    const las = new LasDiscipline(nTasks, params[1], toI32(params[4]), params[5], params[9], flag(10), flag(11));
    setRunOverheads(0.0, params[3]);
    const k = new Kairos(toI32(params[0]), params[2], flag(6), las);
    k.tieBreak = toI32(params[7]);
    if (flag(8)) k.useOracle();
    return k;
  }
  // yarn-fifo: heartbeat
  if (id == SCHED_YARN_FIFO) return new YarnFifo(params[0]);
  // big-c: cutoff, shortShare
  if (id == SCHED_BIG_C) return new BigC(params[0], params[1]);
  return new Scheduler();
}
