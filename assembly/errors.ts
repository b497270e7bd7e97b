// Failure codes. The engine stops a run it cannot continue with fail(code, detail): the code
// and detail stay readable (failureCode, failureDetail in index.ts) after the trap, and the host
// decodes them into one line (src/engine/failures.ts keeps a message per name below; a test
// checks that the two lists agree). Bad input is rejected by the host before a run starts, so a
// failure here is a limit of the engine or a broken invariant, never a user's typo.
import { halt } from "./glue";

/** More than 2^31 events or probe serials in one run. */
export const E_SEQUENCE_OVERFLOW: i32 = 1;
/** A delivery event asked for more messages than are in flight. */
export const E_DELIVERY: i32 = 2;
/** A node would run more tasks than it has slots (detail: node). */
export const E_SLOT_OVERSUBSCRIBED: i32 = 3;
/** A late-bound probe reached a node discipline that needs bound tasks (detail: node). */
export const E_PROBE_AT_BOUND_DISCIPLINE: i32 = 4;
/** A sticky probe's record was not found in its node's queue (detail: node). */
export const E_PROBE_LOST: i32 = 5;
/** A discipline wrote the records' f64 (entryValue) without declaring usesValue. */
export const E_VALUE_UNDECLARED: i32 = 6;
/** More jobs than a queue record can name (detail: jobs). */
export const E_TOO_MANY_JOBS: i32 = 7;
/** The node queues outgrew the arena's 2^26 records. */
export const E_QUEUE_ARENA_FULL: i32 = 8;
/** A placement range starts below the nodes a central LWL view covers (detail: first node). */
export const E_RANGE_OUTSIDE_VIEW: i32 = 9;
/** The event calendar was configured after events were queued. */
export const E_CALENDAR: i32 = 10;
/** Jobs were added out of order (detail: jobs given). */
export const E_JOB_ORDER: i32 = 11;
/** The host started an engine without a scheduler of that index (detail: index). */
export const E_UNKNOWN_SCHEDULER: i32 = 12;
/** A policy read a parameter its description does not declare. */
export const E_UNKNOWN_PARAMETER: i32 = 13;
/** A cancelled event was not pending (detail: handle). */
export const E_EVENT_NOT_PENDING: i32 = 14;
/** A timer fired for an owner that is not registered (detail: owner). */
export const E_TIMER_OWNER: i32 = 15;
/** A task was handed to a slot that holds a run (detail: slot). */
export const E_SLOT_BUSY: i32 = 16;
/** The policy cannot run jobs with task dependencies (DAG traces). */
export const E_DAG_UNSUPPORTED: i32 = 17;
/** A periodic step (a heartbeat period) is lost to rounding at the run's times: t + step == t,
 *  so the run would repeat the step at one instant for ever (detail: the step in microseconds,
 *  at most 2^31 - 1). */
export const E_TIME_RESOLUTION: i32 = 18;
/** An integer-keyed index (nextset.ts IntKeyMin) got a key outside the range it was built for
 *  (detail: the key's level). */
export const E_KEY_RANGE: i32 = 19;
/** A policy read a task's parents (parentCount/parentAt) without declaring readsParents: their
 *  memory was reused (dag.ts buildDag). */
export const E_PARENTS_UNDECLARED: i32 = 20;
/** A policy found its own state inconsistent, a bug of the policy (detail: the node or item it
 *  was looking at; the policy's comment at the call says which). */
export const E_POLICY_STATE: i32 = 30;
/** A sparse run record (preempt.ts, Dice's suspended long tasks) was asked for by a task that the
 *  caller had not named with its record (detail: task). */
export const E_RUN_RECORD_UNNAMED: i32 = 31;
/** Multi-resource workers (resources.ts): a node would run more than its capacity on some
 *  dimension or more tasks than its own slot count (detail: node). */
export const E_RESOURCE_OVERSUBSCRIBED: i32 = 40;
/** A cluster with resources was given to a policy whose runs are preemptible (resources are
 *  modelled for non-preemptive runs only). */
export const E_RESOURCES_PREEMPTIVE: i32 = 41;

/** The code of the failure that stopped the run (0: none). */
export let failure: i32 = 0;
/** A number that locates it (a node, a slot, a job count), as the code's comment says. */
export let failureDetail: i32 = 0;

/** Stops the run: records the code and traps (Wasm) or throws (JS). Never returns normally. */
export function fail(code: i32, detail: i32 = 0): void {
  failure = code;
  failureDetail = detail;
  halt(code);
}

/** Clears the record of a failure (a new run). */
export function clearFailure(): void {
  failure = 0;
  failureDetail = 0;
}
