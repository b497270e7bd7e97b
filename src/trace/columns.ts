// The columns of a DAG trace with demands (trace schema v2: offsets, durations, parents, demands,
// ids, per-job mean estimates), accumulated job by job into growable typed arrays. Shared by
// `aviary gen fregata` (src/trace/fregata.ts) and the converters (src/trace/convert.ts), which
// used to keep two copies of this bookkeeping in plain arrays. Browser-safe.
import type { Trace } from "./types.js";

class Grow<T extends Float64Array | Int32Array> {
  n = 0;
  constructor(public a: T, private readonly make: (n: number) => T) {}
  push(x: number): void {
    if (this.n === this.a.length) {
      const b = this.make(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = x;
  }
  done(): T { return this.a.slice(0, this.n) as T; }
}

const f64 = (n: number) => new Float64Array(n);
const i32 = (n: number) => new Int32Array(n);

export class DagTraceBuilder {
  private readonly offsets = new Grow(i32(64), i32);
  private readonly durations = new Grow(f64(1024), f64);
  private readonly demands: Grow<Float64Array>;
  private readonly parentOffsets = new Grow(i32(1024), i32);
  private readonly parents = new Grow(i32(1024), i32);
  private readonly arrivals = new Grow(f64(64), f64);
  private readonly estimates = new Grow(f64(64), f64);
  private readonly jobIds: string[] = [];
  private readonly taskIds: string[] = [];
  private jobSum = 0;

  /** `demandNames`: the demand dimensions, each task giving one value per name. */
  constructor(readonly demandNames: string[]) {
    this.demands = new Grow(f64(1024 * Math.max(1, demandNames.length)), f64);
    this.offsets.push(0);
    this.parentOffsets.push(0);
  }

  /** Tasks added so far (the global index of the next task). */
  get tasks(): number { return this.durations.n; }

  /** A parent (global task index) of the task about to be added. */
  addParent(p: number): void { this.parents.push(p); }

  /** Adds a task of the current job (after its addParent calls); returns its global index. */
  addTask(duration: number, demand: ArrayLike<number>, id: string): number {
    this.parentOffsets.push(this.parents.n);
    this.durations.push(duration);
    this.jobSum += duration;
    for (let d = 0; d < this.demandNames.length; d++) this.demands.push(demand[d]);
    this.taskIds.push(id);
    return this.durations.n - 1;
  }

  /** Closes the current job (its tasks are those added since the last endJob): its submission
   *  time, label and estimate (the mean of its task durations). */
  endJob(arrival: number, id: string): void {
    const first = this.offsets.a[this.offsets.n - 1];
    this.arrivals.push(arrival);
    this.estimates.push(this.jobSum / (this.durations.n - first));
    this.jobSum = 0;
    this.jobIds.push(id);
    this.offsets.push(this.durations.n);
  }

  build(name: string): Trace {
    return {
      name, arrivals: this.arrivals.done(), taskOffsets: this.offsets.done(), durations: this.durations.done(),
      estimates: this.estimates.done(), parentOffsets: this.parentOffsets.done(), parents: this.parents.done(),
      demandNames: this.demandNames, demands: this.demands.done(), jobIds: this.jobIds, taskIds: this.taskIds,
    };
  }
}
