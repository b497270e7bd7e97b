// Messages from schedulers to nodes: a probe (late-bound reservation) or a bound task. A policy
// sends a batch of messages at one instant (sendBegin, sendTo..., sendEnd); they wait in a FIFO
// ring of (node, job, task) and reach their nodes after netDelay as one EV_DELIVER event. There
// the policy may reject each (Scheduler.accept); an accepted message goes to the node's
// discipline: queued and served, or taken by a preemptive discipline.
import { pushLaneEvent, EV_DELIVER } from "./clock";
import { netDelay, count, C_MESSAGES, C_BOUND_TASKS, C_PROBES } from "./config";
import { scheduler, hearsAccept } from "./scheduler";
import { discipline, receive, receiveProbe, stickyProbeFlag } from "./serve";
import { jobIsLong } from "./jobs";
import { fail, E_DELIVERY } from "./errors";
import { I32Ptr, i32Base, i32Get, i32Set } from "./glue";

let ringNode: Int32Array = new Int32Array(0);
let ringJob: Int32Array = new Int32Array(0);
let ringTask: Int32Array = new Int32Array(0);
// The three arrays' elements (glue.ts i32Base), set again when the ring grows, and its capacity:
// sendTo and deliver read and write through these without loading the arrays' data pointers.
let ringNodeP: I32Ptr = i32Base(ringNode);
let ringJobP: I32Ptr = i32Base(ringJob);
let ringTaskP: I32Ptr = i32Base(ringTask);
let ringCap: i32 = 0;
let ringHead: i32 = 0;   // next entry to deliver
let ringCount: i32 = 0;  // entries in flight
let batchStart: i32 = 0; // ringCount when the current batch began
let batchBound: i32 = 0; // bound tasks in the current batch (counted at sendEnd)
let takenByDiscipline: bool = false;
/** The current batch's messages so far: -2 none, a job when all are late-bound probes of it
 *  (sendProbesTo), -1 otherwise. sendEnd puts it in the delivery event (its b), so that deliver
 *  finds what depends on the job once per batch (deliverProbes). */
let batchJob: i32 = -2;

export function initializeMessages(): void {
  const ring = 4096;
  ringNode = new Int32Array(ring);
  ringJob = new Int32Array(ring);
  ringTask = new Int32Array(ring);
  pointRing();
  ringHead = 0; ringCount = 0; batchStart = 0;
  takenByDiscipline = discipline.preemptive;
}

/** Starts a batch of messages sent at the same instant (one delivery event). */
export function sendBegin(): void { batchStart = ringCount; batchBound = 0; batchJob = -2; }

/** Queues a message to `node`: a late-bound probe of `job` (task = -1) or bound `task` of `job`.
 *  (Inlined: a call per message otherwise; growRing stays a call.) */
// @ts-ignore: decorator
@inline export function sendTo(node: i32, job: i32, task: i32): void {
  if (ringCount == ringCap) growRing();
  let i = ringHead + ringCount;
  if (i >= ringCap) i -= ringCap;
  i32Set(ringNodeP, i, node); i32Set(ringJobP, i, job); i32Set(ringTaskP, i, task);
  ringCount++;
  if (task >= 0) batchBound++;
  batchJob = -1; // (a batch of sendTo's probes takes deliver's general path: tracking them cost more)
}

/** Queues late-bound probes of `job` to nodes[0 .. count - 1], in that order: count calls of
 *  sendTo(nodes[i], job, -1), with one check of the ring's room for all of them. */
export function sendProbesTo(nodes: Int32Array, count: i32, job: i32): void {
  while (ringCap - ringCount < count) growRing();
  let i = ringHead + ringCount;
  if (i >= ringCap) i -= ringCap;
  for (let k = 0; k < count; k++) {
    i32Set(ringNodeP, i, nodes[k]); i32Set(ringJobP, i, job); i32Set(ringTaskP, i, -1);
    if (++i == ringCap) i = 0;
  }
  ringCount += count;
  batchJob = batchJob == -2 || batchJob == job ? job : -1;
}

/** Sends the batch: every message of it reaches its node after the network delay. Messages are
 *  sent at the current time (`sentAt` = now), which keeps delivery order FIFO. */
export function sendEnd(sentAt: f64): void {
  const k = ringCount - batchStart;
  if (k > 0) {
    pushLaneEvent(1, sentAt + netDelay, EV_DELIVER, k, batchJob >= 0 ? batchJob : -1);
    count(C_MESSAGES, <f64>k);
    count(C_BOUND_TASKS, <f64>batchBound);
    count(C_PROBES, <f64>(k - batchBound));
  }
}

function growRing(): void {
  const cap = ringNode.length;
  const c = cap * 2;
  const rn = new Int32Array(c);
  const rj = new Int32Array(c);
  const rt = new Int32Array(c);
  for (let k = 0; k < ringCount; k++) {
    let i = ringHead + k;
    if (i >= cap) i -= cap;
    rn[k] = ringNode[i]; rj[k] = ringJob[i]; rt[k] = ringTask[i];
  }
  ringNode = rn; ringJob = rj; ringTask = rt;
  pointRing();
  ringHead = 0;
}

function pointRing(): void {
  ringNodeP = i32Base(ringNode);
  ringJobP = i32Base(ringJob);
  ringTaskP = i32Base(ringTask);
  ringCap = ringNode.length;
}

/** EV_DELIVER: the next `k` messages reach their nodes at `t`; `job` >= 0: they are late-bound
 *  probes of that job (sendEnd). */
export function deliver(k: i32, job: i32, t: f64): void {
  if (k > ringCount) fail(E_DELIVERY, k);
  if (!hearsAccept && !takenByDiscipline) {
    if (job >= 0) deliverProbes(k, job, t); else deliverPlain(k, t);
    return;
  }
  for (let m = 0; m < k; m++) {
    // (the ring is read afresh for each message: the policy may send, and so grow it, meanwhile)
    const h = ringHead;
    const node = i32Get(ringNodeP, h);
    const job = i32Get(ringJobP, h);
    const task = i32Get(ringTaskP, h);
    ringHead = h + 1 == ringCap ? 0 : h + 1;
    ringCount--;
    if (!hearsAccept || scheduler.accept(node, job, task, t)) {
      if (takenByDiscipline) {
        discipline.arrive(node, job, task, t);
      } else {
        receive(node, job, task, t);
      }
    }
  }
}

/** deliver without a hook between the ring and the nodes (no policy accept, a discipline that does
 *  not take arrivals itself: the commonest set-up): each message is received, without the tests
 *  per message. (The ring is read afresh for each message here too: a policy may send, and so
 *  grow it, meanwhile, e.g. when a task starts.) */
function deliverPlain(k: i32, t: f64): void {
  for (let m = 0; m < k; m++) {
    const h = ringHead;
    ringHead = h + 1 == ringCap ? 0 : h + 1;
    ringCount--;
    receive(i32Get(ringNodeP, h), i32Get(ringJobP, h), i32Get(ringTaskP, h), t);
  }
}

/** deliverPlain for a batch of late-bound probes of `job`: the ring's nodes only, and what depends
 *  on the job (its class, the sticky flag) found once (serve.ts receiveProbe). */
function deliverProbes(k: i32, job: i32, t: f64): void {
  const long = jobIsLong(job);
  const sticky = stickyProbeFlag(long);
  for (let m = 0; m < k; m++) {
    const h = ringHead;
    ringHead = h + 1 == ringCap ? 0 : h + 1;
    ringCount--;
    receiveProbe(i32Get(ringNodeP, h), job, long, sticky, t);
  }
}
