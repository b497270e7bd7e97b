// Timers with an owner and a kind. A component that needs timers (a policy, a heartbeat, a
// discipline's quantum) takes a kind at construction with timerKind(this); its timers reach its
// onTimer with that kind and two integers, so two mechanisms on one policy never read each
// other's timers.
import { events, pushLaneEvent, now, EV_TIMER, cancelEvent } from "./clock";
import { netDelay } from "./config";
import { fail, E_TIMER_OWNER, E_TIME_RESOLUTION } from "./errors";

export class TimerOwner {
  /** A timer of kind `kind` (from timerKind(this)) fired with the integers it was set with. */
  onTimer(kind: i32, a: i32, b: i32, now: f64): void {}
}

let owners: TimerOwner[] = [];

export function resetTimers(): void { owners = []; }

/** A new timer kind whose timers reach `owner` (call once per kind, at construction). */
export function timerKind(owner: TimerOwner): i32 {
  owners.push(owner);
  return owners.length - 1;
}

/** Stops the run when a periodic step (a heartbeat period, a quantum; > 0) no longer advances
 *  the clock at `t`: t + step == t where doubles are spaced wider than the step (times of 1e20 s
 *  with a 100 s quantum). A mechanism that repeats the step would repeat it at one instant for
 *  ever. The detail is the step in microseconds (capped at 2^31 - 1). */
export function failUnlessAdvances(t: f64, step: f64): void {
  if (!(t + step > t)) failTimeResolution(step);
}

/** Stops the run: a periodic step of `step` seconds no longer advances the clock. */
export function failTimeResolution(step: f64): void {
  const us = step * 1e6;
  fail(E_TIME_RESOLUTION, us < 2147483647.0 ? <i32>Math.max(1.0, Math.round(us)) : 2147483647);
}

/** A timer at `at` of `kind` with payload (a, b). One that fires a network delay from now (a
 *  reply reaching the scheduler) joins the deliveries' FIFO lane, whose events are all created
 *  at now + netDelay, instead of a sift through the heap; the order of events is the same either
 *  way (time, then creation). */
export function setTimer(at: f64, kind: i32, a: i32, b: i32): void {
  if (at == now + netDelay) pushLaneEvent(1, at, EV_TIMER + kind, a, b);
  else events.push(at, EV_TIMER + kind, a, b);
}

/** A mark of the events created so far (the next sequence number): equal marks mean no event was
 *  created in between. A component that folds timers of one instant into one event checks it
 *  (Dice's checkpoints), since timers created one after the other then fire one after the other. */
export function eventMark(): i32 { return events.nextSeq; }

/** setTimer that cancelTimer may take back; returns the handle, valid until the timer fires or is
 *  cancelled (then forget it: handles are reused). */
export function setCancellableTimer(at: f64, kind: i32, a: i32, b: i32): i32 {
  return events.pushCancellable(at, EV_TIMER + kind, a, b);
}

/** Removes a pending timer of setCancellableTimer. */
export function cancelTimer(handle: i32): void { cancelEvent(handle); }

/** Whether a timer of setCancellableTimer is still to fire. */
export function timerPending(handle: i32): bool { return events.cancellable.pending(handle); }

/** Dispatches a timer event of timer kind `kind` (the loop: event kind EV_TIMER + kind). */
// @ts-ignore: decorator
@inline export function fireTimer(kind: i32, a: i32, b: i32, t: f64): void {
  if (kind < 0 || kind >= owners.length) fail(E_TIMER_OWNER, kind);
  owners[kind].onTimer(kind, a, b, t);
}
