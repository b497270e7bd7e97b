// Task dependencies (trace schema v2: each task's parents, always of its own job). A task becomes
// ready — nextUnlaunchedTask may hand it out — when its last parent finishes; a job's tasks
// without parents are ready when it arrives. Policies that declare `dagAware` place tasks as they
// become ready (Scheduler.onTasksReady); a bag-of-tasks trace never enters this file's paths.
import { nTasks, jobFirstTask, taskFinished, useReadyOrder, markReady } from "./jobs";
import { fail, E_PARENTS_UNDECLARED } from "./errors";
import { i32Base, i32Get, i32Set } from "./glue";

export let dag: bool = false;
/** The parents of task k: parents[parentOffsets[k] .. parentOffsets[k + 1]) (global task indices),
 *  filled by the host. */
export let parentOffsets: Int32Array = new Int32Array(0);
export let parents: Int32Array = new Int32Array(0);
let childOffsets: Int32Array = new Int32Array(0);
let children: Int32Array = new Int32Array(0);
let parentsLeft: Int32Array = new Int32Array(0);
/** buildDag reused the parent lists (a policy that does not read them). */
let parentsGone: bool = false;

/** Sizes the parent lists (`edges` parent links in all), or turns dependencies off (-1). */
export function allocateDag(edges: i32): void {
  dag = edges >= 0;
  parentOffsets = new Int32Array(dag ? nTasks + 1 : 0);
  parents = new Int32Array(dag ? edges : 0);
  childOffsets = new Int32Array(0);
  children = new Int32Array(0);
  parentsLeft = new Int32Array(0);
  parentsGone = false;
}

/** Builds the child lists once the host filled the parents (before the first jobs open). With
 *  `keepParents` false (no parentAt/parentCount after this: Scheduler.readsParents), the parent
 *  lists' memory is reused: the offsets become the parents-left counts (in place) and the
 *  parents the ready list (when it has room for one entry per task): two columns of 4 bytes per
 *  task fewer fresh pages (the cost model: glue.ts freshInt32Array; the stub runtime never
 *  frees). */
export function buildDag(keepParents: bool): void {
  childOffsets = new Int32Array(nTasks + 1);
  // childOffsets[p] counts p's children, then (a running sum) ends p's list; the lists are
  // filled backwards from those ends, tasks in decreasing order, which leaves each list in
  // increasing task order with childOffsets[p] at its start. (No scratch column: it would be 4
  // bytes per task of fresh pages, glue.ts freshInt32Array.)
  const edges = parents.length;
  for (let e = 0; e < edges; e++) childOffsets[parents[e]]++;
  for (let t = 0; t < nTasks; t++) childOffsets[t + 1] += childOffsets[t];
  children = new Int32Array(childOffsets[nTasks]);
  for (let t = nTasks - 1; t >= 0; t--) {
    for (let e = parentOffsets[t + 1] - 1; e >= parentOffsets[t]; e--) {
      const p = parents[e];
      const k = childOffsets[p] - 1;
      childOffsets[p] = k;
      children[k] = t;
    }
  }
  if (keepParents) {
    parentsLeft = new Int32Array(nTasks);
    for (let t = 0; t < nTasks; t++) parentsLeft[t] = parentOffsets[t + 1] - parentOffsets[t];
    useReadyOrder(new Int32Array(nTasks));
    return;
  }
  // (in increasing t, entry t + 1 is still an offset when entry t becomes a count)
  for (let t = 0; t < nTasks; t++) parentOffsets[t] = parentOffsets[t + 1] - parentOffsets[t];
  parentsLeft = parentOffsets;
  // (the ready list is written before it is read: jobs.ts markReady, nextUnlaunchedTask)
  useReadyOrder(parents.length >= nTasks ? parents : new Int32Array(nTasks));
  parentOffsets = new Int32Array(0);
  parents = new Int32Array(0);
  parentsGone = true;
}

/** Jobs [from, to) opened: their tasks without parents are ready (in task order). */
export function openDagJobs(from: i32, to: i32): void {
  for (let j = from; j < to; j++) {
    for (let t = jobFirstTask[j]; t < jobFirstTask[j + 1]; t++) if (parentsLeft[t] == 0) markReady(j, t);
  }
}

/** `task` of `job` finished at `t`: the job's bookkeeping (jobs.ts taskFinished) and, in a DAG,
 *  its children whose last parent it was become ready (in child order). Returns how many did. */
// @ts-ignore: decorator
@inline export function completeTask(task: i32, job: i32, t: f64): i32 {
  taskFinished(job, t);
  if (!dag) return 0;
  let ready = 0;
  for (let e = childOffsets[task]; e < childOffsets[task + 1]; e++) {
    const c = children[e];
    const left = parentsLeft[c] - 1;
    parentsLeft[c] = left;
    if (left == 0) { markReady(job, c); ready++; }
  }
  return ready;
}

/** Parents of `task`: parentAt(task, i) for i < parentCount(task) (none outside a DAG trace). */
export function parentCount(task: i32): i32 {
  if (parentsGone) fail(E_PARENTS_UNDECLARED);
  return dag ? parentOffsets[task + 1] - parentOffsets[task] : 0;
}
export function parentAt(task: i32, i: i32): i32 { return parents[parentOffsets[task] + i]; }
/** Children of `task` (the tasks it is a parent of). */
export function childCount(task: i32): i32 { return dag ? childOffsets[task + 1] - childOffsets[task] : 0; }
export function childAt(task: i32, i: i32): i32 { return children[childOffsets[task] + i]; }

/** Child links of tasks [first, first + n) (0 outside a DAG trace). */
export function childEdgesOf(first: i32, n: i32): i32 { return dag ? childOffsets[first + n] - childOffsets[first] : 0; }

/** One job's child lists (tasks [first, first + n), whose children are of the same job: the
 *  host checks it) as local indices: kids[kidOff[t] .. kidOff[t + 1]) are task first + t's
 *  children minus `first`, in childAt's order; indeg[t] counts the links into t (its parents:
 *  the same edges). kids has room for childEdgesOf(first, n), kidOff for n + 1, indeg for n.
 *  (One pass over the job's contiguous lists: a policy's per-job copy without a call per link.) */
export function copyJobChildren(first: i32, n: i32, kidOff: Int32Array, kids: Int32Array, indeg: Int32Array): void {
  const off = i32Base(kidOff);
  const deg = i32Base(indeg);
  for (let t = 0; t < n; t++) i32Set(deg, t, 0);
  if (!dag) {
    for (let t = 0; t <= n; t++) i32Set(off, t, 0);
    return;
  }
  const co = i32Base(childOffsets);
  const base = i32Get(co, first);
  for (let t = 0; t <= n; t++) i32Set(off, t, i32Get(co, first + t) - base);
  const ch = i32Base(children);
  const out = i32Base(kids);
  const m = i32Get(co, first + n) - base;
  for (let e = 0; e < m; e++) {
    const k = i32Get(ch, base + e) - first;
    i32Set(out, e, k);
    i32Set(deg, k, i32Get(deg, k) + 1);
  }
}
