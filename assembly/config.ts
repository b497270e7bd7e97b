// The run's configuration (cluster, network delay, seed, flags), the policy's parameters by
// name, the counters, and the random streams. Set once per run by the loop's allocate().
import { Rng } from "./toolkit/rng";
import { fail, E_UNKNOWN_PARAMETER } from "./errors";
import { toI32, F64Ptr, f64Base, f64Get, f64Set } from "./glue";

// ---- cluster and run flags ----------------------------------------------------------------
export let nNodes: i32 = 0;
export let slotsPerNode: i32 = 1;
export let netDelay: f64 = 0.0005;
/** 2 x netDelay: a get-task request's round trip (the same double: a product by 2 is exact). */
export let roundTrip: f64 = 0.001;
export let seed: i32 = 0;
export let recordTasks: bool = false;
/** Reproduce the reference simulator's quirks where a policy has them (seed-hawk-eagle.md §2.5(d) [CODE]). */
export let compatMode: bool = false;

export function configure(nodes: i32, slots: i32, delay: f64, seedValue: i32, record: bool, compat: bool): void {
  nNodes = nodes;
  slotsPerNode = slots;
  netDelay = delay;
  roundTrip = 2.0 * delay;
  seed = seedValue;
  recordTasks = record;
  compatMode = compat;
}

/** A random stream of this run (see rng.ts for stream ids). */
export function stream(id: i32): Rng { return new Rng(seed, id); }

// ---- parameters ------------------------------------------------------------------------------
/** The policy's parameter values, filled by the host in the order of its description
 *  (src/config/catalog.ts): numbers as they are, flags as 0/1, a choice as its position in the
 *  parameter's list of values. */
export let params: Float64Array = new Float64Array(0);

export function allocateParams(n: i32): void { params = new Float64Array(n < 1 ? 1 : n); }

/** The parameters of one policy by name. The registry (generated from the descriptions by
 *  scripts/build.mjs) gives each policy's factory its names and choice lists, so no policy
 *  reads a slot by position. Read at construction, not on hot paths (a name is a search). */
export class Params {
  names: string[];
  choices: string[][];

  constructor(names: string[], choices: string[][]) {
    this.names = names;
    this.choices = choices;
  }

  private slot(name: string): i32 {
    for (let i = 0; i < this.names.length; i++) if (this.names[i] == name) return i;
    fail(E_UNKNOWN_PARAMETER, -1);
    return -1;
  }

  num(name: string): f64 { return params[this.slot(name)]; }
  int(name: string): i32 { return toI32(params[this.slot(name)]); }
  flag(name: string): bool { return params[this.slot(name)] != 0.0; }
  /** The chosen value of an enum parameter, by name. */
  choice(name: string): string {
    const i = this.slot(name);
    return this.choices[i][toI32(params[i])];
  }
}

// ---- counters (indices into `counters`; names in src/engine/counters.ts) ----------------------
export const C_EVENTS: i32 = 0;         // events retired: processed, or cancelled before their time
export const C_MESSAGES: i32 = 1;       // messages sent to nodes (probes + placements)
export const C_PROBES: i32 = 2;         // late-bound reservations sent
export const C_BOUND_TASKS: i32 = 3;    // early-bound task placements sent
export const C_FETCHES: i32 = 4;        // get-task round trips (each holds a slot 2 x delay)
export const C_STALE_PROBES: i32 = 5;   // round trips answered with a cancel
export const C_TASKS_STARTED: i32 = 6;
export const C_MAX_QUEUE: i32 = 7;      // longest node queue seen
// Head-of-line statistics of the Hawk/Eagle papers (seed-hawk-eagle.md §4, Table 3.2);
// they need a scheduling class, so they stay 0 for class-blind policies.
export const C_PROBES_BEHIND_LONG: i32 = 8;  // short probes that arrived (not by stealing) at a node running or holding long work
export const C_SHORT_AFTER_LONG: i32 = 9;    // short tasks started by a probe that had waited behind long work
export const C_RESCHEDULED: i32 = 10;        // probes moved again: stolen (Hawk) or re-sent after a rejection (Eagle)
export const C_STEAL_ATTEMPTS: i32 = 11;
export const C_STEALS: i32 = 12;             // successful steals (batches)
export const C_REJECTED: i32 = 13;           // probes rejected at a node holding long work (Eagle SSS)
export const C_PURGED: i32 = 14;             // exhausted sticky probes dropped without a round trip
export const C_MAX_BYPASS: i32 = 15;         // largest bypassed work / bound seen by any queued entry (SRPT)
// Preemptible runs (preempt.ts).
export const C_PREEMPTIONS: i32 = 16;        // suspensions of a running task
export const C_SUSPENDED_SECONDS: i32 = 17;  // total time tasks spent suspended in node queues
export const C_RESUME_SECONDS: i32 = 18;     // slot-seconds spent on resume overheads (busy, no service)
/** The counters every run reports, in this order (their names are stable output). */
export const N_CORE_COUNTERS: i32 = 19;

export let counters: Float64Array = new Float64Array(N_CORE_COUNTERS);
/** counters' elements (glue.ts f64Base), set again whenever `counters` is replaced (here only):
 *  count() adds without loading the array's data pointer. */
let countersP: F64Ptr = f64Base(counters);
/** Names of the counters policies and mechanisms registered, for indices N_CORE_COUNTERS on. */
let extraNames: string[] = [];

export function resetCounters(): void {
  counters = new Float64Array(N_CORE_COUNTERS);
  countersP = f64Base(counters);
  fetchCount = 0; startCount = 0; staleCount = 0;
  extraNames = [];
}

/** A counter reported under `name` (after the core ones), e.g. a policy's own statistic; call
 *  at construction. The same name twice gives the same counter. */
export function registerCounter(name: string): i32 {
  for (let i = 0; i < extraNames.length; i++) if (extraNames[i] == name) return N_CORE_COUNTERS + i;
  extraNames.push(name);
  const grown = new Float64Array(N_CORE_COUNTERS + extraNames.length);
  for (let i = 0; i < counters.length; i++) grown[i] = counters[i];
  counters = grown;
  countersP = f64Base(counters);
  return N_CORE_COUNTERS + extraNames.length - 1;
}

/** The registered counters' names, one per line (the host reads them with the values). */
export function extraCounterNames(): string { return extraNames.join("\n"); }

/** Adds `amount` to a counter. (Inlined: the engine counts on its hot paths.) */
// @ts-ignore: decorator
@inline export function count(index: i32, amount: f64): void { f64Set(countersP, index, f64Get(countersP, index) + amount); }
export function counterValue(index: i32): f64 { return counters[index]; }

// The commonest core counters, one or two per event on the hot paths (a probe's get-task request,
// a task's start, a cancel), are counted in integer globals since the last flushCounts — an
// increment, where an f64 add in memory loads, converts and stores — and added into `counters`
// when the event loop returns (loop.ts runEvents) and when the host reads them (index.ts
// counterColumn); policies cannot name them (policy.ts exports other core counters only), so
// nothing else reads them in between (as C_EVENTS, added when the loop returns). Within one call
// each stays below 2^32: at most one per event, plus one request per slot.
let fetchCount: i32 = 0;
let startCount: i32 = 0;
let staleCount: i32 = 0;
/** count(C_FETCHES, 1), count(C_TASKS_STARTED, 1), count(C_STALE_PROBES, 1). */
// @ts-ignore: decorator
@inline export function countFetch(): void { fetchCount++; }
// @ts-ignore: decorator
@inline export function countStart(): void { startCount++; }
// @ts-ignore: decorator
@inline export function countStale(): void { staleCount++; }
/** Adds the integer counts into `counters`. */
export function flushCounts(): void {
  counters[C_FETCHES] += <f64><u32>fetchCount;
  counters[C_TASKS_STARTED] += <f64><u32>startCount;
  counters[C_STALE_PROBES] += <f64><u32>staleCount;
  fetchCount = 0; startCount = 0; staleCount = 0;
}
/** Sets a counter (a maximum or a level rather than a sum). */
export function setCounter(index: i32, value: f64): void { counters[index] = value; }
