// Capacity queues at Yaq's RM (spec §4.5, §7 #23, experiment E9; `capacityA`, off by default): a
// job's queue is A for the trace's first user (or no user column), B for every other user.
// Whenever the RM assigns a task (a free slot or a node queue), it serves the queue with pending
// tasks whose running + queued tasks in its view are the smallest multiple of its capacity
// (Hadoop's capacity scheduler: the least-served queue first; elastic: a queue without pending
// tasks leaves its share to the other), EJF within the queue (central.ts keeps a pending-job tree
// per queue). While both queues have waiting tasks, counters record queue A's time-averaged share
// of the occupied slots and the time-averaged absolute deviation of that share from A's capacity
// (B's deviation is the same).
import { nNodes, jobUser, registerCounter, setCounter } from "../../policy";

function userColumn(): Int32Array { return jobUser; }

export class CapacityQueues {
  /** Queue A's and B's capacities, as fractions of the cluster. */
  share: Float64Array = new Float64Array(2);
  /** Per queue: tasks pending at the RM; running + queued tasks in the RM's view (assigned minus
   *  the completions learnt at heartbeats); running tasks; waiting (released, not started) tasks. */
  pending: Int32Array = new Int32Array(2);
  used: Int32Array = new Int32Array(2);
  running: Int32Array = new Int32Array(2);
  waiting: Int32Array = new Int32Array(2);
  /** Per node and queue (2 n + q): completions, and those the RM learnt (empty when off). */
  completed: Int32Array;
  reported: Int32Array;
  /** The share measurement: measured up to this time; seconds with both queues waiting, and of
   *  those with occupied slots; A's share and its deviation integrated over the latter. */
  measuredTo: f64 = 0.0;
  windowTime: f64 = 0.0;
  occupiedTime: f64 = 0.0;
  shareSum: f64 = 0.0;
  deviationSum: f64 = 0.0;
  windowCounter: i32 = -1;
  shareCounter: i32 = -1;
  deviationCounter: i32 = -1;

  /** Queue A's capacity `shareA` as a fraction (above 1: no capacity queues; nothing is sized or
   *  registered then). */
  constructor(shareA: f64) {
    const on = shareA <= 1.0;
    this.completed = new Int32Array(on ? 2 * nNodes : 0);
    this.reported = new Int32Array(on ? 2 * nNodes : 0);
    this.share[0] = on ? shareA : 1.0;
    this.share[1] = on ? 1.0 - shareA : 0.0;
    if (on) {
      this.windowCounter = registerCounter("capacityWindow");
      this.shareCounter = registerCounter("capacityShareA");
      this.deviationCounter = registerCounter("capacityDeviation");
    }
  }

  /** Queue A (0): the trace's first user or no user column; B (1): every other user. */
  queueOf(job: i32): i32 {
    const u = userColumn();
    return u.length > 0 && u[job] != 0 ? 1 : 0;
  }

  /** The capacity scheduler's choice (§7 #23): the queue with pending tasks whose running +
   *  queued tasks (RM view) are the smallest multiple of its capacity; ties: A. */
  pick(): i32 {
    if (this.pending[1] == 0) return 0;
    if (this.pending[0] == 0) return 1;
    const a = this.share[0] > 0.0 ? <f64>this.used[0] / this.share[0] : Infinity;
    const b = this.share[1] > 0.0 ? <f64>this.used[1] / this.share[1] : Infinity;
    return b < a ? 1 : 0;
  }

  /** The RM assigns a task: from the queue pick() chooses (returned). */
  take(): i32 {
    const q = this.pick();
    this.pending[q]--;
    this.used[q]++;
    return q;
  }

  /** `count` tasks of queue `q` were released at `now`. */
  released(q: i32, count: i32, now: f64): void {
    this.measure(now);
    this.pending[q] += count;
    this.waiting[q] += count;
  }

  started(job: i32, now: f64): void {
    const q = this.queueOf(job);
    this.measure(now);
    this.running[q]++;
    this.waiting[q]--;
  }

  ended(node: i32, job: i32, now: f64): void {
    const q = this.queueOf(job);
    this.measure(now);
    this.running[q]--;
    this.completed[2 * node + q]++;
  }

  /** The RM learns node n's completions. */
  report(n: i32): void {
    for (let q = 0; q < 2; q++) {
      this.used[q] -= this.completed[2 * n + q] - this.reported[2 * n + q];
      this.reported[2 * n + q] = this.completed[2 * n + q];
    }
  }

  /** The share measurement up to `now` (while both queues have waiting tasks). */
  measure(now: f64): void {
    const dt = now - this.measuredTo;
    this.measuredTo = now;
    if (!(dt > 0.0) || this.waiting[0] <= 0 || this.waiting[1] <= 0) return;
    this.windowTime += dt;
    const occupied = this.running[0] + this.running[1];
    if (occupied > 0) {
      const a = <f64>this.running[0] / <f64>occupied;
      this.occupiedTime += dt;
      this.shareSum += dt * a;
      this.deviationSum += dt * Math.abs(a - this.share[0]);
      setCounter(this.shareCounter, this.shareSum / this.occupiedTime);
      setCounter(this.deviationCounter, this.deviationSum / this.occupiedTime);
    }
    setCounter(this.windowCounter, this.windowTime);
  }
}
