// Fregata's masters (seed-fregata.md §2.2, A4, A5, A6): which master gets a job's groups (or
// tasks), by their loads (kept in an indexed minimum) and a per-job random order, and which
// groups can hold a task at all (heterogeneous clusters).
import { count, stream, taskDemands, demandIndex, nodeSlots, capacityOf } from "../../policy";
import { Rng, STREAM_FREGATA_MASTERS } from "../../toolkit/rng";
import { f64Base, f64Get, f64Set, F64Ptr } from "../../toolkit/glue";
import { MinTree } from "../../toolkit/mintree";
import { FIT_EPS } from "./settings";
import { Workers } from "./workers";
import { JobDag } from "./jobdag";

export class Masters {
  workers: Workers;
  groups: i32 = 0;
  dims: i32 = 0;
  loadThreshold: f64 = 0.0;
  /** Per group and dimension (at g x dims + d): the largest capacity of its non-reserved
   *  workers (what a LOW task may use) and of all its workers. */
  lowMax: Float64Array = new Float64Array(0);
  allMax: Float64Array = new Float64Array(0);
  /** lowMax and allMax x (1 + FIT_EPS): the bounds fitsGroup tests (the same products). */
  lowMaxTol: Float64Array = new Float64Array(0);
  allMaxTol: Float64Array = new Float64Array(0);
  /** The most slots of a group's non-reserved workers, and of all its workers. */
  lowMaxSlots: Int32Array = new Int32Array(0);
  allMaxSlots: Int32Array = new Int32Array(0);
  /** The groups with a non-reserved worker whose lowMaxTol differ from every earlier one's (a
   *  homogeneous cluster: one), in group order: lowFitsSomewhere's candidates. */
  lowDistinct: Int32Array = new Int32Array(0);
  nLowDistinct: i32 = 0;
  /** Each master's load (A5): the least loaded in O(1). */
  loads: MinTree = new MinTree(1);
  /** Masters whose load changed at a release since the tree was last brought up to date: the
   *  tree is read only when a job arrives (nextMaster), and its state is a function of its
   *  values, so the releases' updates wait for that (one per master instead of one per task). */
  loadStale: Uint8Array = new Uint8Array(0);
  staleList: Int32Array = new Int32Array(0);
  nStale: i32 = 0;
  /** The masters in this job's random order (shuffled per job), and the position in it where
   *  the round-robin search for the next group's master starts. */
  order: Int32Array = new Int32Array(0);
  nextTurn: i32 = 0;
  rng: Rng = stream(STREAM_FREGATA_MASTERS);
  /** assign's copy of a task's demand (read once per task at its job's arrival). */
  taskDemand: Float64Array = new Float64Array(0);
  /** The counter of groups sent to the least loaded master (masterFallbacks). */
  cFallback: i32;

  constructor(workers: Workers, loadThreshold: f64, cFallback: i32) {
    this.workers = workers;
    this.loadThreshold = loadThreshold;
    this.cFallback = cFallback;
    const D = workers.dims;
    const G = workers.groups;
    this.dims = D;
    this.groups = G;
    this.lowMax = new Float64Array(G * D);
    this.allMax = new Float64Array(G * D);
    this.lowMaxSlots = new Int32Array(G);
    this.allMaxSlots = new Int32Array(G);
    for (let g = 0; g < G; g++) {
      for (let n = workers.groupStart[g]; n < workers.groupStart[g + 1]; n++) {
        const low = workers.reserved[n] == 0;
        const slots = nodeSlots(n);
        if (slots > this.allMaxSlots[g]) this.allMaxSlots[g] = slots;
        if (low && slots > this.lowMaxSlots[g]) this.lowMaxSlots[g] = slots;
        for (let d = 0; d < D; d++) {
          const c = capacityOf(n, d);
          if (c > this.allMax[g * D + d]) this.allMax[g * D + d] = c;
          if (low && c > this.lowMax[g * D + d]) this.lowMax[g * D + d] = c;
        }
      }
    }
    this.lowMaxTol = new Float64Array(G * D);
    this.allMaxTol = new Float64Array(G * D);
    for (let k = 0; k < G * D; k++) {
      this.lowMaxTol[k] = this.lowMax[k] * (1.0 + FIT_EPS);
      this.allMaxTol[k] = this.allMax[k] * (1.0 + FIT_EPS);
    }
    this.lowDistinct = new Int32Array(G);
    for (let g = 0; g < G; g++) {
      if (this.lowMaxSlots[g] < 1) continue;
      let seen = false;
      for (let i = 0; i < this.nLowDistinct && !seen; i++) {
        const h = this.lowDistinct[i];
        let same = true;
        for (let d = 0; d < D; d++) if (this.lowMaxTol[h * D + d] != this.lowMaxTol[g * D + d]) same = false;
        seen = same;
      }
      if (!seen) this.lowDistinct[this.nLowDistinct++] = g;
    }
    this.order = new Int32Array(G);
    this.loads = new MinTree(G);
    this.loadStale = new Uint8Array(G);
    this.staleList = new Int32Array(G);
    this.taskDemand = new Float64Array(D > 0 ? D : 1);
  }

  /** Master g's load changed at a release (the tree catches up at the next arrival). */
  markStale(g: i32): void {
    if (this.loadStale[g] == 0) { this.loadStale[g] = 1; this.staleList[this.nStale++] = g; }
  }

  /** A job arrives: the loads as the releases left them, and the masters in a new random order
   *  (a full shuffle, i = G - 1 .. 1: swap with nextInt(i + 1)). */
  newJob(): void {
    const workers = this.workers;
    for (let i = 0; i < this.nStale; i++) {
      const m = this.staleList[i];
      this.loadStale[m] = 0;
      this.loads.set(m, workers.load(m));
    }
    this.nStale = 0;
    const G = this.groups;
    for (let g = 0; g < G; g++) this.order[g] = g;
    this.rng.shuffle(this.order, G);
    this.nextTurn = 0;
  }

  /** `masterDispatch=perTask`: the job's tasks (first task f) one by one in topological order,
   *  each to the next master, as Pigeon spreads them; their masters into dag.masterOf. */
  assignEach(dag: JobDag, f: i32, n: i32, low: bool): void {
    const workers = this.workers;
    for (let i = 0; i < n; i++) {
      const t = dag.topoOrder[i];
      const m = this.nextMaster();
      const a = this.assign(f + t, m, low);
      dag.masterOf[t] = a;
      this.loads.set(a, workers.load(a));
    }
  }

  /** Algorithm 1's `ng` groups of the job (dag.formGroups), largest first, each to the next
   *  master in this job's order whose load is below the threshold, or, when none is, to the
   *  least loaded one — loads counting the groups assigned so far, so a job's groups spread even
   *  when every master is loaded; their masters into dag.masterOf. */
  assignGroups(dag: JobDag, f: i32, ng: i32, low: bool): void {
    const workers = this.workers;
    const G = this.groups;
    const byGroup = dag.stack;
    const groupFirst = dag.groupFirst;
    for (let i = 0; i < ng; i++) {
      const g = dag.groupOrder[i];
      const m = this.nextMaster();
      // (the loads are read only by nextMaster: each master's load is updated once per group,
      // after its tasks, to the value the last of them would have set — the tree's state is a
      // function of its values)
      let other = false;
      for (let k = groupFirst[g]; k < groupFirst[g + 1]; k++) {
        const t = byGroup[k];
        const a = this.assign(f + t, m, low);
        dag.masterOf[t] = a;
        if (a != m) other = true;
      }
      this.loads.set(m, workers.load(m));
      if (other) for (let h = 0; h < G; h++) if (h != m) this.loads.set(h, workers.load(h));
    }
  }

  /** The next master for a group (A4): from the round-robin position in this job's shuffled
   *  order, the first below the load threshold; else the least loaded (ties: the lowest id). */
  nextMaster(): i32 {
    const G = this.groups;
    const loads = this.loads;
    if (loads.minValue() < this.loadThreshold) {
      for (let k = 0; k < G; k++) {
        const m = this.order[(this.nextTurn + k) % G];
        if (loads.get(m) < this.loadThreshold) {
          this.nextTurn = (this.nextTurn + k + 1) % G;
          return m;
        }
      }
    }
    count(this.cFallback, 1.0);
    return loads.minIndex();
  }

  /** Whether the demand in `taskDemand` (assign's task) fits the largest worker of g's tier. */
  fitsGroup(g: i32, wide: bool): bool {
    const D = this.dims;
    const mx = f64Base(wide ? this.allMaxTol : this.lowMaxTol);
    if ((wide ? this.allMaxSlots[g] : this.lowMaxSlots[g]) < 1) return false;
    const dem = f64Base(this.taskDemand);
    for (let d = 0; d < D; d++) if (f64Get(dem, d) > f64Get(mx, g * D + d)) return false;
    return true;
  }

  /** Assigns `task` to master g (or, if it cannot hold it, another: returned) and adds it to
   *  that master's load sums (the caller updates `loads`). */
  assign(task: i32, g: i32, low: bool): i32 {
    // A task that no worker of g's tier can hold goes to the first group that can (heterogeneous
    // clusters); a task only a reserved worker can hold may use reserved workers.
    // (the task's demand, read once: taskDemand's doubles)
    const D = this.dims;
    const dem = f64Base(this.taskDemand);
    const td = f64Base(taskDemands);
    for (let d = 0; d < D; d++) f64Set(dem, d, f64Get(td, demandIndex(task, d)));
    let m = g;
    let wide = !low;
    if (!this.fitsGroup(m, wide)) {
      m = -1;
      for (let h = 0; h < this.groups && m < 0; h++) if (this.fitsGroup(h, wide)) m = h;
      if (m < 0) {
        wide = true;
        for (let h = 0; h < this.groups && m < 0; h++) if (this.fitsGroup(h, true)) m = h;
        if (m < 0) m = g; // (the host refuses such a trace: a demand no worker can hold)
      }
    }
    // (wide is the task's anyTier: !low, or no group's non-reserved workers can hold it — what
    // the window finds again from the demands when the task enters it, instead of a byte per
    // task kept from here)
    this.workers.addAssigned(m, dem);
    return m;
  }

  /** Whether the demand at `off` in `demands` fits the largest non-reserved worker of some
   *  group (fitsGroup(h, false) for some h, on the same doubles). */
  lowFitsSomewhere(demands: F64Ptr, off: i32): bool {
    const D = this.dims;
    const mx = f64Base(this.lowMaxTol);
    // (the groups with distinct bounds: the others give the same answers)
    for (let i = 0; i < this.nLowDistinct; i++) {
      const h = this.lowDistinct[i];
      let fits = true;
      for (let d = 0; d < D; d++) if (f64Get(demands, off + d) > f64Get(mx, h * D + d)) { fits = false; break; }
      if (fits) return true;
    }
    return false;
  }
}
