// Checks of the optional (schema v2) columns of a `Trace` built by a program, and the cycle
// search the CSV reader shares. Browser-safe. The base columns are `checkTrace`'s job
// (src/simulate.ts); these checks assume they passed.
import { InputError } from "../errors.js";
import type { Trace } from "./types.js";

/** What a resource dimension may be called (the CSV header declares them as `demand[a;b]`). */
export const DIMENSION_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * Throws an `InputError` (one line, `trace 'NAME': ...`) if an optional column of `t` is
 * malformed: a pair with one half missing, a wrong length, a value out of its range, a parent
 * outside its task's job, a duplicate parent, a cycle. Returns at once when `t` has none of
 * them; otherwise linear in tasks + parent edges.
 */
export function checkTraceV2(t: Trace): void {
  if (t.taskEstimates === undefined && t.stages === undefined && t.parentOffsets === undefined &&
      t.parents === undefined && t.demandNames === undefined && t.demands === undefined &&
      t.jobClasses === undefined && t.classNames === undefined && t.priorities === undefined &&
      t.users === undefined && t.userNames === undefined && t.jobIds === undefined && t.taskIds === undefined) {
    return;
  }
  const bad = (what: string): never => { throw new InputError(`trace '${t.name}': ${what}`); };
  const jobs = t.arrivals.length;
  const tasks = t.durations.length;
  const pair = (a: string, b: string, x: unknown, y: unknown) => {
    if (x === undefined && y !== undefined) bad(`${b} without ${a}: give both or neither`);
    if (y === undefined && x !== undefined) bad(`${a} without ${b}: give both or neither`);
  };
  pair("parentOffsets", "parents", t.parentOffsets, t.parents);
  pair("demandNames", "demands", t.demandNames, t.demands);
  pair("jobClasses", "classNames", t.jobClasses, t.classNames);
  pair("users", "userNames", t.users, t.userNames);
  const length = (what: string, a: ArrayLike<unknown> | undefined, n: number, of: string) => {
    if (a !== undefined && a.length !== n) bad(`${what} has ${a.length} entries, expected ${n} (${of})`);
  };
  length("taskEstimates", t.taskEstimates, tasks, "one per task");
  length("stages", t.stages, tasks, "one per task");
  length("parentOffsets", t.parentOffsets, tasks + 1, "tasks + 1");
  length("jobClasses", t.jobClasses, jobs, "one per job");
  length("priorities", t.priorities, jobs, "one per job");
  length("users", t.users, jobs, "one per job");
  length("jobIds", t.jobIds, jobs, "one per job");
  length("taskIds", t.taskIds, tasks, "one per task");

  if (t.taskEstimates) {
    const e = t.taskEstimates;
    for (let k = 0; k < tasks; k++) {
      if (!(e[k] >= 0 && e[k] < Infinity)) bad(`task ${k}: estimate ${e[k]} is not a finite number >= 0`);
    }
  }
  if (t.stages) {
    const s = t.stages;
    for (let k = 0; k < tasks; k++) if (s[k] < 0) bad(`task ${k}: stage ${s[k]} is negative`);
  }
  if (t.demandNames && t.demands) {
    const names = t.demandNames;
    const dims = names.length;
    if (dims === 0) bad("demandNames is empty: name at least one dimension");
    labels("demandNames", names, bad);
    for (const n of names) if (!DIMENSION_NAME.test(n)) bad(`demandNames: '${n}' may only have letters, digits, _ and -`);
    length("demands", t.demands, tasks * dims, `tasks x ${dims} dimensions`);
    const d = t.demands;
    for (let i = 0; i < d.length; i++) {
      if (!(d[i] >= 0 && d[i] < Infinity)) {
        bad(`task ${Math.floor(i / dims)}: demand ${names[i % dims]} = ${d[i]} is not a finite number >= 0`);
      }
    }
  }
  if (t.jobClasses && t.classNames) labelIndices("jobClasses", t.jobClasses, "classNames", t.classNames, bad);
  if (t.users && t.userNames) labelIndices("users", t.users, "userNames", t.userNames, bad);
  if (t.parentOffsets && t.parents) checkParents(t, t.parentOffsets, t.parents, bad);
}

/** Label tables name each index once, with a non-empty name. */
function labels(what: string, names: string[], bad: (what: string) => never): void {
  const seen = new Set<string>();
  for (let i = 0; i < names.length; i++) {
    if (typeof names[i] !== "string" || names[i] === "") bad(`${what}[${i}] is not a non-empty string`);
    if (seen.has(names[i])) bad(`${what}: '${names[i]}' appears twice`);
    seen.add(names[i]);
  }
}

function labelIndices(what: string, index: Int32Array, namesWhat: string, names: string[],
                      bad: (what: string) => never): void {
  labels(namesWhat, names, bad);
  for (let j = 0; j < index.length; j++) {
    if (!(index[j] >= 0 && index[j] < names.length)) bad(`job ${j}: ${what} ${index[j]} is not an index into ${namesWhat} (${names.length} names)`);
  }
}

function checkParents(t: Trace, offsets: Int32Array, parents: Int32Array, bad: (what: string) => never): void {
  const tasks = t.durations.length;
  const taskOffsets = t.taskOffsets;
  if (offsets[0] !== 0 || offsets[tasks] !== parents.length) bad(`parentOffsets must start at 0 and end at parents.length (${parents.length})`);
  for (let k = 0; k < tasks; k++) {
    if (offsets[k + 1] < offsets[k]) bad(`task ${k}: parentOffsets decrease (${offsets[k]} then ${offsets[k + 1]})`);
  }
  // `seen[p - lo] === k` while task k's list is read: a duplicate shows as a mark already
  // there. Parents are in their task's job, so one row as long as the largest job serves every
  // job (marks left by an earlier job name its tasks, never k).
  let largest = 0;
  for (let j = 0; j < taskOffsets.length - 1; j++) largest = Math.max(largest, taskOffsets[j + 1] - taskOffsets[j]);
  const seen = new Int32Array(largest).fill(-1);
  for (let j = 0; j < taskOffsets.length - 1; j++) {
    const lo = taskOffsets[j], hi = taskOffsets[j + 1];
    for (let k = lo; k < hi; k++) {
      for (let e = offsets[k]; e < offsets[k + 1]; e++) {
        const p = parents[e];
        if (p < lo || p >= hi) {
          if (!(p >= 0 && p < tasks)) bad(`task ${k}: parent ${p} is not a task index (${tasks} tasks)`);
          bad(`task ${k}: parent ${p} belongs to job ${jobOf(taskOffsets, p)}, not job ${j}`);
        }
        if (seen[p - lo] === k) bad(`task ${k}: parent ${p} is listed twice`);
        seen[p - lo] = k;
      }
    }
  }
  const cycle = findCycle(offsets, parents);
  if (cycle) {
    const names = startAtLeast(cycle, (k) => k).map(String);
    bad(`task ${names[0]}: ${cycleText(names)}`);
  }
}

function jobOf(taskOffsets: Int32Array, k: number): number {
  let lo = 0, hi = taskOffsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (taskOffsets[mid] <= k) lo = mid; else hi = mid - 1;
  }
  return lo;
}

/** The cycle `c` (as `findCycle` gives it) read from its task of least `key`, so that
 *  messages name the same task whichever task the search started from. */
export function startAtLeast(c: number[], key: (k: number) => number): number[] {
  let i = 0;
  for (let m = 1; m < c.length; m++) if (key(c[m]) < key(c[i])) i = m;
  return c.slice(i).concat(c.slice(0, i));
}

/**
 * A cycle of the parent graph (task c[0] has parent c[1], ..., the last has parent c[0]), or
 * null when it is acyclic. Iterative and linear (no recursion: a million-task chain is fine):
 * Kahn's algorithm marks every task whose ancestors are all cycle-free; each task left has a
 * parent left, so following such parents from one of them must come back on itself.
 */
export function findCycle(parentOffsets: Int32Array, parents: Int32Array): number[] | null {
  const n = parentOffsets.length - 1;
  let ordered = true;
  for (let k = 0; k < n && ordered; k++) {
    for (let e = parentOffsets[k]; e < parentOffsets[k + 1]; e++) if (parents[e] >= k) { ordered = false; break; }
  }
  if (ordered) return null; // every parent comes before its child (the usual layout): no cycle possible

  const left = new Int32Array(n); // parents not yet known to be cycle-free
  const childStart = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) left[k] = parentOffsets[k + 1] - parentOffsets[k];
  for (let e = 0; e < parents.length; e++) childStart[parents[e] + 1]++;
  for (let k = 0; k < n; k++) childStart[k + 1] += childStart[k];
  const children = new Int32Array(parents.length);
  const fill = childStart.slice(0, n);
  for (let k = 0; k < n; k++) {
    for (let e = parentOffsets[k]; e < parentOffsets[k + 1]; e++) children[fill[parents[e]]++] = k;
  }
  const queue = new Int32Array(n);
  let head = 0, tail = 0;
  for (let k = 0; k < n; k++) if (left[k] === 0) queue[tail++] = k;
  while (head < tail) {
    const p = queue[head++];
    for (let e = childStart[p]; e < childStart[p + 1]; e++) if (--left[children[e]] === 0) queue[tail++] = children[e];
  }
  if (tail === n) return null;

  let k = 0;
  while (left[k] === 0) k++;
  const step = queue.fill(-1); // position of each task on the walk
  const walk: number[] = [];
  while (step[k] < 0) {
    step[k] = walk.length;
    walk.push(k);
    let e = parentOffsets[k];
    while (left[parents[e]] === 0) e++;
    k = parents[e];
  }
  return walk.slice(step[k]);
}

/** "cycle of 3 tasks`where`: A has parent B, which has parent C, which has parent A" for the
 *  labels of a cycle as `findCycle` orders it; long cycles show their first four tasks. */
export function cycleText(labels: string[], where = ""): string {
  const n = labels.length;
  const head = `cycle of ${n} task${n === 1 ? "" : "s"}${where}: ${labels[0]} has parent `;
  if (n <= 6) return head + labels.slice(1).concat(labels[0]).join(", which has parent ");
  return head + labels.slice(1, 4).join(", which has parent ") +
    `, which has parent ${n - 4} more tasks in turn, the last of which has parent ${labels[0]}`;
}
