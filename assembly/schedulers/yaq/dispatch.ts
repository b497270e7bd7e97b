// The way of an assignment from Yaq's RM to its node (spec §5.1 [R]): it reaches the job's
// application master (AM) at the AM's next heartbeat (period amPeriod, a random phase per job on
// stream 21), which launches it after `launch` seconds; the task then reaches the node one
// network delay later (the engine's send).
//
// Dispatch batches: tasks assigned to a job for the same AM heartbeat travel together (one timer),
// as lists of pooled records (task, node, next; a free list through next) taken at the
// assignment and given back at the dispatch. A task in flight to node n is assigned and not
// completed, so at most outstanding(n) <= r + ceil(b) of them (every assignment needs
// outstanding < r, or outstanding - r < b): the pool holds nNodes x (r + ceil(b)) records (at
// most one per task; one per task when b is unbounded), not two columns per task.
import { nJobs, nNodes, nTasks, slotsPerNode, stream, setTimer, sendBegin, sendTo, sendEnd, fail,
  E_SLOT_OVERSUBSCRIBED } from "../../policy";
import { Rng, STREAM_YAQ_AM } from "../../toolkit/rng";

export class AmDispatch {
  /** The AMs' heartbeat period (0: an assignment reaches its AM at once) and launch time, s. */
  amPeriod: f64;
  launch: f64;
  amPhase: Float64Array = new Float64Array(nJobs);
  amRng: Rng = stream(STREAM_YAQ_AM);
  /** The timer kind of a batch's departure (the RM's, set by it). */
  kind: i32 = -1;
  batchNext: Int32Array;
  batchNode: Int32Array;
  batchTask: Int32Array;
  batchFree: i32 = -1;
  batchTop: i32 = 0;
  /** Per job, its open batch's last record (-1: none) and departure time. */
  batchTail: Int32Array = new Int32Array(nJobs);
  batchAt: Float64Array = new Float64Array(nJobs);

  /** `queueBound`: b, the RM's bound on a node's queued tasks (it sizes the pool). */
  constructor(amPeriod: f64, launch: f64, queueBound: f64) {
    const perNode = <f64>slotsPerNode + Math.ceil(queueBound);
    const pool = perNode * <f64>nNodes < <f64>nTasks ? <i32>(perNode * <f64>nNodes) : nTasks;
    this.batchNext = new Int32Array(pool);
    this.batchNode = new Int32Array(pool);
    this.batchTask = new Int32Array(pool);
    this.amPeriod = amPeriod;
    this.launch = launch;
    this.batchTail.fill(-1);
  }

  /** Job `job`'s AM starts: its heartbeat phase. */
  admit(job: i32): void { this.amPhase[job] = this.amRng.nextFloat() * this.amPeriod; }

  /** The RM assigned `task` of `job` to `node` at `now`: it joins the job's batch leaving at the
   *  AM's next heartbeat plus the launch time. */
  send(job: i32, task: i32, node: i32, now: f64): void {
    let wait = 0.0;
    const p = this.amPeriod;
    if (p > 0.0) {
      const ph = this.amPhase[job];
      let at = ph + Math.ceil((now - ph) / p) * p;
      if (at < now) at += p;
      wait = at - now;
    }
    const at = now + wait + this.launch;
    let rec = this.batchFree;
    if (rec >= 0) this.batchFree = this.batchNext[rec];
    else {
      rec = this.batchTop++;
      if (rec >= this.batchTask.length) fail(E_SLOT_OVERSUBSCRIBED, node); // (the bound above)
    }
    this.batchTask[rec] = task;
    this.batchNode[rec] = node;
    this.batchNext[rec] = -1;
    const tail = this.batchTail[job];
    if (tail >= 0 && this.batchAt[job] == at) {
      this.batchNext[tail] = rec;
    } else {
      this.batchAt[job] = at;
      setTimer(at, this.kind, rec, job);
    }
    this.batchTail[job] = rec;
  }

  /** The batch of `job` whose first record is `head` leaves now: its tasks go to their nodes. */
  deliver(head: i32, job: i32, now: f64): void {
    if (this.batchAt[job] == now) this.batchTail[job] = -1; // closed: later ones start a new batch
    sendBegin();
    let rec = head;
    while (rec >= 0) {
      const next = this.batchNext[rec];
      sendTo(this.batchNode[rec], job, this.batchTask[rec]);
      this.batchNext[rec] = this.batchFree;
      this.batchFree = rec;
      rec = next;
    }
    sendEnd(now);
  }
}
