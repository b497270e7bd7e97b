// Scheduler registry: id -> policy. The ids and parameter slots are mirrored by
// src/config/schedulers.ts (names, defaults, units, ranges).
import { Scheduler } from "../sim";
import { RandomPlacement } from "./random";
import { Sparrow } from "./sparrow";
import { LeastWorkLeft } from "./lwl";

export const SCHED_RANDOM: i32 = 0;
export const SCHED_SPARROW: i32 = 1;
export const SCHED_LWL: i32 = 2;

export function createScheduler(id: i32): Scheduler {
  if (id == SCHED_RANDOM) return new RandomPlacement();
  if (id == SCHED_SPARROW) return new Sparrow();
  if (id == SCHED_LWL) return new LeastWorkLeft();
  return new Scheduler();
}
