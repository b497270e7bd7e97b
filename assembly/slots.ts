// The slot table: how many slots of each node are busy, busy slot-seconds integrated exactly at
// every change, which task runs on each slot when runs are preemptible (preempt.ts), and the
// optional per-task record (start, end, node, runs) the invariants checker reads. Slots of node
// n are n x slotsPerNode .. n x slotsPerNode + slotsPerNode - 1.
import { nodeP, NS, N_BUSY } from "./nodestate";
import { nNodes, slotsPerNode, recordTasks } from "./config";
import { nTasks } from "./jobs";
import { fail, E_SLOT_OVERSUBSCRIBED } from "./errors";
import { i32Get, i32Set } from "./glue";

export let busySlots: i32 = 0;
export let busyArea: f64 = 0.0;
let lastBusyChange: f64 = 0.0;

/** Per slot: the task of its preemptible run, -1 when free (empty unless runs are preemptible). */
export let slotRun: Int32Array = new Int32Array(0);

// Per task, when recordTasks: first start, end, node of the first start, starts (1 for a task
// that ran once; a preempted task's resumptions are not starts).
export let taskStart: Float64Array = new Float64Array(0);
export let taskEnd: Float64Array = new Float64Array(0);
export let taskNode: Int32Array = new Int32Array(0);
export let taskRuns: Int32Array = new Int32Array(0);

export function initializeSlots(preemptible: bool): void {
  busySlots = 0;
  busyArea = 0.0;
  lastBusyChange = 0.0;
  const recorded = recordTasks ? nTasks : 0;
  taskStart = new Float64Array(recorded);
  taskEnd = new Float64Array(recorded);
  taskNode = new Int32Array(recorded);
  taskRuns = new Int32Array(recorded);
  slotRun = new Int32Array(preemptible ? nNodes * slotsPerNode : 0);
  slotRun.fill(-1);
}

/** Takes a free slot of `node` at `t` (the caller knows one is free). (Inlined, as releaseSlot:
 *  one per probe or task on every policy's hot path, and binaryen keeps a call to a function
 *  that calls, here fail().) */
// @ts-ignore: decorator
@inline export function occupySlot(node: i32, t: f64): void {
  busyArea += <f64>busySlots * (t - lastBusyChange);
  lastBusyChange = t;
  busySlots++;
  const b = i32Get(nodeP, node * NS + N_BUSY) + 1;
  if (b > slotsPerNode) fail(E_SLOT_OVERSUBSCRIBED, node);
  i32Set(nodeP, node * NS + N_BUSY, b);
}

/** occupySlot when the caller read `busy`, the slots of `node` busy now, and knows it is below
 *  slotsPerNode. */
// @ts-ignore: decorator
@inline export function occupyFreeSlot(node: i32, busy: i32, t: f64): void {
  busyArea += <f64>busySlots * (t - lastBusyChange);
  lastBusyChange = t;
  busySlots++;
  i32Set(nodeP, node * NS + N_BUSY, busy + 1);
}

/** A busy slot passes from one holder to the next at `t` (a cancelled probe's slot to its node's
 *  next record): releaseSlot and occupySlot at one instant, which leave the counts as they were
 *  and add exactly 0 to the integral after the first's step; only that step is taken. */
// @ts-ignore: decorator
@inline export function passSlot(t: f64): void {
  busyArea += <f64>busySlots * (t - lastBusyChange);
  lastBusyChange = t;
}

/** Gives back a slot of `node` at `t`. */
// @ts-ignore: decorator
@inline export function releaseSlot(node: i32, t: f64): void {
  busyArea += <f64>busySlots * (t - lastBusyChange);
  lastBusyChange = t;
  busySlots--;
  i32Set(nodeP, node * NS + N_BUSY, i32Get(nodeP, node * NS + N_BUSY) - 1);
}

/** Whether `node` has a slot free. */
export function hasFreeSlot(node: i32): bool { return i32Get(nodeP, node * NS + N_BUSY) < slotsPerNode; }

/** Preemptible runs: the task running on slot k (< slotsPerNode) of `node`, or -1. */
export function runningTask(node: i32, k: i32): i32 { return slotRun[node * slotsPerNode + k]; }

/** Preemptible runs: the first slot of `node` without a run (one must be free). */
export function freeSlotOf(node: i32): i32 {
  if (slotsPerNode == 1) return node; // (the node's only slot: no read of a line that may be cold)
  let pos = node * slotsPerNode;
  while (slotRun[pos] >= 0) pos++;
  return pos;
}

/** Records the first start of `task` at `node` (recordTasks). */
// @ts-ignore: decorator
@inline export function recordStart(task: i32, node: i32, t: f64): void {
  if (recordTasks) {
    taskStart[task] = t;
    taskNode[task] = node;
    taskRuns[task] = taskRuns[task] + 1;
  }
}

/** Records the end of `task` (recordTasks). */
// @ts-ignore: decorator
@inline export function recordEnd(task: i32, t: f64): void {
  if (recordTasks) taskEnd[task] = t;
}
