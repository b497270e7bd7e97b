// Multi-resource workers (issue #20; seed-fregata.md §6 items 4-5, §7 A15): each node has a
// capacity vector over the trace's demand dimensions and a slot count of its own (at most the
// run's slotsPerNode). A task that is about to start on a node holds its slot either way; it runs
// when its demand vector fits the node's free vector on every dimension and a slot of the node's
// own count is free, otherwise it waits, holding the slot, in the node's FIFO of parked tasks
// (head-of-line: a later task never overtakes a parked one). A task's resources are allocated
// when it starts and released when it ends; the allocated amount per dimension is integrated
// over time exactly (utilisation = area / (capacity x horizon), computed by the host).
// Off unless the host gives a cluster (setupResources): bag-of-tasks and demand traces without a
// cluster never enter this file's paths.
import { nNodes, slotsPerNode, registerCounter, counters } from "./config";
import { taskDemands, demandDims, demandIndex } from "./jobs";
import { fail, E_RESOURCE_OVERSUBSCRIBED, E_RESOURCES_PREEMPTIVE } from "./errors";
import { f64Base, f64Get, f64Set } from "./glue";

/** Resources are modelled (the host gave a cluster). */
export let resourcesOn: bool = false;
/** Dimensions modelled: the trace's demand dimensions (0 with a cluster and no demands: slots only). */
export let rDims: i32 = 0;
/** Capacity of node n in dimension d at n x rDims + d (filled by the host). */
export let nodeCapacity: Float64Array = new Float64Array(0);
/** Slots of node n (<= slotsPerNode; filled by the host). */
export let nodeSlotCap: Int32Array = new Int32Array(0);
/** Free resources per node and dimension; tasks running per node. */
export let nodeFree: Float64Array = new Float64Array(0);
export let nodeRunning: Int32Array = new Int32Array(0);
/** Per dimension: the largest capacity of any node (C' of seed-fregata.md §2.6), the cluster's
 *  total capacity, the amount allocated now and its integral over time. */
export let capMax: Float64Array = new Float64Array(0);
export let capTotal: Float64Array = new Float64Array(0);
let allocatedNow: Float64Array = new Float64Array(0);
export let allocArea: Float64Array = new Float64Array(0);
let lastChange: f64 = 0.0;
// Parked tasks: a ring of slotsPerNode entries per node (each parked task holds a slot).
let parkTask: Int32Array = new Int32Array(0);
let parkJob: Int32Array = new Int32Array(0);
let parkHead: Int32Array = new Int32Array(0);
let parkCount: Int32Array = new Int32Array(0);
/** The job of the task popAdmissible returned last. */
export let poppedJob: i32 = 0;
let cParked: i32 = 0;
let cParkedSeconds: i32 = 0;
let parkSince: Float64Array = new Float64Array(0);

/** Tolerance of the feasibility test, relative to the capacity: the free vector is kept by
 *  additions and subtractions, so it may drift by a few ulps from the exact value. */
const FIT_EPS: f64 = 1e-9;

/** Sizes the cluster's columns (after setupColumns: the trace's dimensions are known), or turns
 *  resources off. */
export function setupResources(on: bool): void {
  resourcesOn = on;
  rDims = on ? demandDims : 0;
  nodeCapacity = new Float64Array(on ? nNodes * rDims : 0);
  nodeSlotCap = new Int32Array(on ? nNodes : 0);
}

/** Builds the run's state from the capacities (at initialize). */
export function initializeResources(preemptible: bool): void {
  const D = rDims;
  capMax = new Float64Array(D);
  capTotal = new Float64Array(D);
  allocatedNow = new Float64Array(D);
  allocArea = new Float64Array(D);
  lastChange = 0.0;
  if (!resourcesOn) {
    nodeFree = new Float64Array(0);
    nodeRunning = new Int32Array(0);
    parkTask = new Int32Array(0);
    parkJob = new Int32Array(0);
    parkHead = new Int32Array(0);
    parkCount = new Int32Array(0);
    parkSince = new Float64Array(0);
    return;
  }
  if (preemptible) fail(E_RESOURCES_PREEMPTIVE);
  nodeFree = new Float64Array(nNodes * D);
  nodeRunning = new Int32Array(nNodes);
  for (let i = 0; i < nNodes * D; i++) nodeFree[i] = nodeCapacity[i];
  for (let n = 0; n < nNodes; n++) {
    for (let d = 0; d < D; d++) {
      const c = nodeCapacity[n * D + d];
      if (c > capMax[d]) capMax[d] = c;
      capTotal[d] += c;
    }
  }
  parkTask = new Int32Array(nNodes * slotsPerNode);
  parkJob = new Int32Array(nNodes * slotsPerNode);
  parkSince = new Float64Array(nNodes * slotsPerNode);
  parkHead = new Int32Array(nNodes);
  parkCount = new Int32Array(nNodes);
  cParked = registerCounter("resourceParked");
  cParkedSeconds = registerCounter("resourceParkedSeconds");
}

/** Whether `task`'s demand fits node `node`'s free resources and slots now. */
export function fitsNow(node: i32, task: i32): bool {
  if (nodeRunning[node] >= nodeSlotCap[node]) return false;
  // (raw loads, once per start: the same doubles as the columns' accessors)
  const D = rDims;
  const td = f64Base(taskDemands);
  const free = f64Base(nodeFree);
  const cap = f64Base(nodeCapacity);
  for (let d = 0; d < D; d++) {
    const i = node * D + d;
    if (f64Get(td, demandIndex(task, d)) > f64Get(free, i) + FIT_EPS * f64Get(cap, i)) return false;
  }
  return true;
}

function integrate(t: f64): void {
  const dt = t - lastChange;
  if (dt != 0.0) {
    const area = f64Base(allocArea);
    const alloc = f64Base(allocatedNow);
    for (let d = 0; d < rDims; d++) f64Set(area, d, f64Get(area, d) + f64Get(alloc, d) * dt);
    lastChange = t;
  }
}

function allocate(node: i32, task: i32, t: f64): void {
  integrate(t);
  const D = rDims;
  nodeRunning[node] = nodeRunning[node] + 1;
  if (nodeRunning[node] > nodeSlotCap[node]) fail(E_RESOURCE_OVERSUBSCRIBED, node);
  const td = f64Base(taskDemands);
  const free = f64Base(nodeFree);
  const cap = f64Base(nodeCapacity);
  const alloc = f64Base(allocatedNow);
  for (let d = 0; d < D; d++) {
    const i = node * D + d;
    const x = f64Get(td, demandIndex(task, d));
    const f = f64Get(free, i) - x;
    f64Set(free, i, f);
    f64Set(alloc, d, f64Get(alloc, d) + x);
    if (f < -1e-6 * f64Get(cap, i)) fail(E_RESOURCE_OVERSUBSCRIBED, node);
  }
}

/** `task` is about to start on `node` (its slot is taken): allocates and returns true if it
 *  fits and nothing is parked ahead of it; otherwise parks it (FIFO) and returns false. */
export function admit(node: i32, task: i32, job: i32, t: f64): bool {
  if (parkCount[node] == 0 && fitsNow(node, task)) {
    allocate(node, task, t);
    return true;
  }
  let i = parkHead[node] + parkCount[node];
  if (i >= slotsPerNode) i -= slotsPerNode;
  const k = node * slotsPerNode + i;
  parkTask[k] = task;
  parkJob[k] = job;
  parkSince[k] = t;
  parkCount[node] = parkCount[node] + 1;
  counters[cParked] += 1.0;
  return false;
}

/** `task` ended on `node`: gives its resources back. */
export function release(node: i32, task: i32, t: f64): void {
  integrate(t);
  const D = rDims;
  nodeRunning[node] = nodeRunning[node] - 1;
  const td = f64Base(taskDemands);
  const free = f64Base(nodeFree);
  const alloc = f64Base(allocatedNow);
  for (let d = 0; d < D; d++) {
    const x = f64Get(td, demandIndex(task, d));
    f64Set(free, node * D + d, f64Get(free, node * D + d) + x);
    f64Set(alloc, d, f64Get(alloc, d) - x);
  }
}

/** The head of `node`'s parked tasks if it fits now (allocated, removed; its job in poppedJob),
 *  else -1. */
export function popAdmissible(node: i32, t: f64): i32 {
  if (parkCount[node] == 0) return -1;
  const k = node * slotsPerNode + parkHead[node];
  const task = parkTask[k];
  if (!fitsNow(node, task)) return -1;
  allocate(node, task, t);
  counters[cParkedSeconds] += t - parkSince[k];
  poppedJob = parkJob[k];
  parkHead[node] = parkHead[node] + 1 == slotsPerNode ? 0 : parkHead[node] + 1;
  parkCount[node] = parkCount[node] - 1;
  return task;
}

/** Tasks parked at `node` (holding slots, waiting for resources). */
export function parkedAt(node: i32): i32 { return resourcesOn ? parkCount[node] : 0; }
/** Slots of `node` (its own count with a cluster, else slotsPerNode). */
export function nodeSlots(node: i32): i32 { return resourcesOn ? nodeSlotCap[node] : slotsPerNode; }
/** Capacity and free amount of `node` in dimension d (< rDims). */
export function capacityOf(node: i32, d: i32): f64 { return nodeCapacity[node * rDims + d]; }
export function freeOf(node: i32, d: i32): f64 { return nodeFree[node * rDims + d]; }
/** Modelled dimensions (0 without a cluster). */
export function resourceDims(): i32 { return rDims; }
/** The largest capacity in dimension d (C'_d). */
export function maxCapacity(d: i32): f64 { return capMax[d]; }
export function totalCapacity(d: i32): f64 { return capTotal[d]; }
