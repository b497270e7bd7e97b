// The event calendar of the run, the current time, and the kinds of events the loop dispatches.
import { EventQueue, laneEvent, taskEndEvent } from "./events";
import { counters, C_EVENTS } from "./config";

export const EV_ARRIVAL: i32 = 0;   // a = job
export const EV_DELIVER: i32 = 1;   // a = number of ring entries delivered now (messages.ts)
export const EV_REPLY: i32 = 2;     // a = node, b = the probe's record word or a request record (its reply reaches the node; serve.ts requestTask)
export const EV_TASK_END: i32 = 3;  // a = node, b = task, c = job (a run that cannot be preempted)
export const EV_RUN_END: i32 = 4;   // a = task: a preemptible run ends (cancellable; preempt.ts)
/** Timers (timers.ts): kind EV_TIMER + k is a timer of timer kind k, a and b its owner's. (The
 *  timer kind rides in the event kind, so a timer needs no third integer.) */
export const EV_TIMER: i32 = 5;

export let events: EventQueue = new EventQueue(16);
/** The time of the event being processed. */
export let now: f64 = 0.0;

export function resetClock(): void {
  events = new EventQueue(1024);
  now = 0.0;
}

/** events.pushLane(lane, t, kind, a, b), inlined (events.ts laneEvent): the engine's commonest
 *  push (deliveries, get-task replies). */
// @ts-ignore: decorator
@inline export function pushLaneEvent(lane: i32, t: f64, kind: i32, a: i32, b: i32): void { laneEvent(events, lane, t, kind, a, b); }

/** events.pushEnd(node, t, task, job, tag), inlined (events.ts taskEndEvent): a task start's push. */
// @ts-ignore: decorator
@inline export function pushTaskEnd(node: i32, t: f64, task: i32, job: i32, tag: i32): void { taskEndEvent(events, node, t, task, job, tag); }

// @ts-ignore: decorator
@inline export function setNow(t: f64): void { now = t; }

/** Takes back a pending event of events.pushCancellable. It counts as retired (C_EVENTS), as it
 *  would have been had it stayed and been skipped at its time. */
export function cancelEvent(handle: i32): void {
  events.cancel(handle);
  counters[C_EVENTS] += 1.0;
}

/** Takes back the pending slot-stored end of `slot` (events.pushEnd); counted as retired like
 *  cancelEvent. Returns its task's job. */
export function cancelTaskEnd(slot: i32): i32 {
  counters[C_EVENTS] += 1.0;
  return events.cancelEnd(slot);
}
