// A job's DAG analysed once at its arrival at the masters (seed-fregata.md §2.3, §2.4, A3), in
// O(tasks + edges), on per-job scratch grown to the largest job: its child (and, for
// `partition=wcc`, parent) lists, a topological order, tail(T) (the longest duration path from
// T to a sink, T included), the critical path, the §2.4 priority P(T) of every task, and
// Algorithm 1's groups (packing.ts partition) ordered for the masters. Local task t is the job's
// task f + t.
import { taskDuration, childEdgesOf, copyJobChildren } from "../../policy";
import { f64Base, i32Base, f64Get, f64Set, i32Get, i32Set } from "../../toolkit/glue";
import { priorities, partition } from "./packing";
import { FregataSettings } from "./settings";

export class JobDag {
  /** Tasks the scratch holds. */
  capacity: i32 = 0;
  /** Children of local task t: children[childStart[t] .. childStart[t + 1]). */
  childStart: Int32Array = new Int32Array(1);
  children: Int32Array = new Int32Array(0);
  /** Parents, the same way (built only for `partition=wcc`). */
  parentStart: Int32Array = new Int32Array(1);
  parents: Int32Array = new Int32Array(0);
  /** Parents per task, counted down by the topological sort. */
  parentsLeft: Int32Array = new Int32Array(0);
  /** Non-zero for a task without parents (ready at the job's arrival). */
  isSource: Int32Array = new Int32Array(0);
  topoOrder: Int32Array = new Int32Array(0);
  /** topoOrder reversed (children before parents). */
  reverseOrder: Int32Array = new Int32Array(0);
  /** tail(T): the longest duration path from T to a sink (T included). */
  tail: Float64Array = new Float64Array(0);
  /** §2.4's base(T) at submission (t_w = 0), and P(T) = base(T) + γ x sum of the children's P. */
  basePriority: Float64Array = new Float64Array(0);
  priority: Float64Array = new Float64Array(0);
  /** Per task: its group (Algorithm 1) and its master (the masters' answer). */
  groupOf: Int32Array = new Int32Array(0);
  masterOf: Int32Array = new Int32Array(0);
  /** Scratch of a task per entry: the parent lists' fill positions, the components' traversal,
   *  then the tasks ordered by group (group g's at groupFirst[g] .. groupFirst[g + 1)). */
  stack: Int32Array = new Int32Array(0);
  /** Per group: its size, its first task in `stack` (ng + 1 entries); the groups largest first. */
  groupSize: Int32Array = new Int32Array(0);
  groupFirst: Int32Array = new Int32Array(0);
  groupOrder: Int32Array = new Int32Array(0);
  /** The counting sort's buckets (sizes up to the job's tasks, + 2). */
  sizeCount: Int32Array = new Int32Array(0);

  grow(n: i32): void {
    if (n <= this.capacity) return;
    let c = this.capacity > 0 ? this.capacity : 16;
    while (c < n) c *= 2;
    this.capacity = c;
    this.childStart = new Int32Array(c + 1);
    this.parentStart = new Int32Array(c + 1);
    this.parentsLeft = new Int32Array(c);
    this.topoOrder = new Int32Array(c);
    this.reverseOrder = new Int32Array(c);
    this.tail = new Float64Array(c);
    this.basePriority = new Float64Array(c);
    this.priority = new Float64Array(c);
    this.isSource = new Int32Array(c);
    this.masterOf = new Int32Array(c);
    this.groupOf = new Int32Array(c);
    this.stack = new Int32Array(c);
    this.groupSize = new Int32Array(c);
    this.groupOrder = new Int32Array(c);
    this.sizeCount = new Int32Array(c + 2);
    this.groupFirst = new Int32Array(c + 1);
  }

  /** The job's n tasks from task f: their lists, order, tails and priorities. */
  analyse(f: i32, n: i32, s: FregataSettings): void {
    this.grow(n);
    this.readEdges(f, n, s.componentGroups);
    this.sortTopologically(n);
    const criticalPath = this.computeTails(f, n);
    this.computeBasePriorities(f, n, criticalPath, s);
    priorities(n, this.reverseOrder, this.childStart, this.children, this.basePriority, s.childShare, this.priority);
  }

  /** Local child lists, and each task's parent count from them (the same edges: dag.ts builds
   *  the child lists from the parent lists); with `withParents`, the parent lists too. */
  readEdges(f: i32, n: i32, withParents: bool): void {
    const edges = childEdgesOf(f, n);
    if (this.children.length < edges) this.children = new Int32Array(edges * 2);
    if (withParents && this.parents.length < edges) this.parents = new Int32Array(edges * 2);
    const childStart = this.childStart;
    const children = this.children;
    const parentsLeft = this.parentsLeft;
    copyJobChildren(f, n, childStart, children, parentsLeft);
    for (let t = 0; t < n; t++) this.isSource[t] = parentsLeft[t] == 0 ? 1 : 0;
    if (!withParents) return;
    // The parent lists, for partition's components (parents in increasing order: the trace's
    // order may differ, but a component and its number — its lowest task's turn — do not
    // depend on the order of a traversal).
    const parentStart = this.parentStart;
    const fill = this.stack;
    parentStart[0] = 0;
    for (let t = 0; t < n; t++) parentStart[t + 1] = parentStart[t] + parentsLeft[t];
    for (let t = 0; t < n; t++) fill[t] = parentStart[t];
    for (let t = 0; t < n; t++) {
      for (let e = childStart[t]; e < childStart[t + 1]; e++) {
        const c = children[e];
        this.parents[fill[c]] = t;
        fill[c] = fill[c] + 1;
      }
    }
  }

  // (the per-task loops below go through raw pointers: V8 reloads a typed array's data pointer
  // after every store; none of these arrays is reallocated during a job's analysis)
  /** Kahn's topological order (FIFO, sources in index order). */
  sortTopologically(n: i32): void {
    const start = i32Base(this.childStart);
    const children = i32Base(this.children);
    const left = i32Base(this.parentsLeft);
    const order = i32Base(this.topoOrder);
    let head = 0;
    let end = 0;
    for (let t = 0; t < n; t++) if (i32Get(left, t) == 0) i32Set(order, end++, t);
    while (head < end) {
      const t = i32Get(order, head++);
      const e1 = i32Get(start, t + 1);
      for (let e = i32Get(start, t); e < e1; e++) {
        const c = i32Get(children, e);
        const k = i32Get(left, c) - 1;
        i32Set(left, c, k);
        if (k == 0) i32Set(order, end++, c);
      }
    }
  }

  /** Tails and the reverse order, in one reverse topological pass; returns the critical path. */
  computeTails(f: i32, n: i32): f64 {
    const start = i32Base(this.childStart);
    const children = i32Base(this.children);
    const order = i32Base(this.topoOrder);
    const reverse = i32Base(this.reverseOrder);
    const tail = f64Base(this.tail);
    const dur = f64Base(taskDuration);
    let cp = 0.0;
    for (let i = n - 1; i >= 0; i--) {
      const t = i32Get(order, i);
      i32Set(reverse, n - 1 - i, t);
      let m = 0.0;
      const e1 = i32Get(start, t + 1);
      for (let e = i32Get(start, t); e < e1; e++) { const x = f64Get(tail, i32Get(children, e)); if (x > m) m = x; }
      const x = f64Get(dur, f + t) + m;
      f64Set(tail, t, x);
      if (x > cp) cp = x;
    }
    return cp;
  }

  /** §2.4's base at submission (t_w = 0; the waiting term enters as linear ageing in the queue
   *  key): ω1 (1 - sat(duration / τ)) + ω3 (1 - sat(max(0, κ x critical path - tail) / τ)). */
  computeBasePriorities(f: i32, n: i32, criticalPath: f64, s: FregataSettings): void {
    const tau = s.tau();
    const deadline = s.deadlineFactor * criticalPath;
    const remainingWeight = s.remainingWeight;
    const slackWeight = s.slackWeight;
    const tail = f64Base(this.tail);
    const base = f64Base(this.basePriority);
    const dur = f64Base(taskDuration);
    for (let t = 0; t < n; t++) {
      const rem = sat(f64Get(dur, f + t) / tau);
      let slack = deadline - f64Get(tail, t);
      if (slack < 0.0) slack = 0.0;
      f64Set(base, t, remainingWeight * (1.0 - rem) + slackWeight * (1.0 - sat(slack / tau)));
    }
  }

  /** Algorithm 1's groups of the job's n tasks (A3: the path cover, or `componentGroups`), each
   *  group's tasks in index order in `stack`, the groups largest first (ties: the group found
   *  first) in groupOrder; returns their number. */
  formGroups(n: i32, componentGroups: bool): i32 {
    const ng = partition(n, this.topoOrder, this.childStart, this.children, this.tail, this.isSource, componentGroups,
      this.groupOf, this.parentStart, this.parents, this.stack);
    const groupOf = this.groupOf;
    const size = this.groupSize;
    for (let g = 0; g < ng; g++) size[g] = 0;
    for (let t = 0; t < n; t++) size[groupOf[t]] = size[groupOf[t]] + 1;
    sortBySizeDesc(this.groupOrder, size, ng, this.sizeCount);
    // Tasks by group: a counting pass (stack = tasks ordered by group, groupFirst = group starts).
    const first = this.groupFirst;
    const byGroup = this.stack;
    for (let g = 0; g <= ng; g++) first[g] = 0;
    for (let t = 0; t < n; t++) first[groupOf[t] + 1]++;
    for (let g = 0; g < ng; g++) first[g + 1] += first[g];
    for (let t = 0; t < n; t++) { const g = groupOf[t]; byGroup[first[g]] = t; first[g]++; }
    for (let g = ng; g > 0; g--) first[g] = first[g - 1];
    first[0] = 0;
    return ng;
  }
}

function sat(x: f64): f64 { return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x; }

/** Orders groups 0..n-1 into `order` by size descending, ties by index ascending: a stable
 *  counting sort (sizes are at most the job's tasks, `sizeCount` has room for them + 2). */
function sortBySizeDesc(order: Int32Array, size: Int32Array, n: i32, sizeCount: Int32Array): void {
  let maxS = 0;
  for (let i = 0; i < n; i++) if (size[i] > maxS) maxS = size[i];
  for (let s = 0; s <= maxS + 1; s++) sizeCount[s] = 0;
  for (let i = 0; i < n; i++) sizeCount[maxS - size[i] + 1]++; // bucket 0 = the largest size
  for (let s = 1; s <= maxS + 1; s++) sizeCount[s] += sizeCount[s - 1];
  for (let i = 0; i < n; i++) {
    const b = maxS - size[i];
    order[sizeCount[b]] = i;
    sizeCount[b]++;
  }
}
