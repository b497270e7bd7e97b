// Per-node state, split by how often it is touched. nodeState (NS i32, 16 bytes: 240 KB for
// 15,000 nodes) is what every message, serve and task end reads: the node's queue position and
// length, its busy slots and its queue region (queues.ts owns the queue fields, slots.ts the busy
// count). nodeLong holds the long-work counters only class-aware policies change, and the
// longWork bitset mirrors them for quick tests. (One 32-byte record for all of it cost more
// misses: docs/perf-log.md.) Only queues.ts, slots.ts and serve.ts read these layouts; policies
// use the accessors.
import { nNodes } from "./config";
import { I32Ptr, i32Base, i32Get, i32Set } from "./glue";

export const NS: i32 = 4;
export const N_QFIRST: i32 = 0;    // arena index of the first queued record
export const N_QLEN: i32 = 1;      // queue length
export const N_BUSY: i32 = 2;      // occupied slots
export const N_QEND: i32 = 3;      // the queue's region: one past its last arena index (bits 0-26)
                                   // and the log2 of its capacity (bits 27-31)
const NLS: i32 = 2;
const NL_RUN: i32 = 0;             // long tasks running
const NL_QUEUED: i32 = 1;          // queue entries of long jobs

export let nodeState: Int32Array = new Int32Array(0);
/** nodeState's elements (glue.ts i32Base; read with i32Get/i32Set): the array does not move
 *  during a run, so its accesses need not load the array's data pointer each time. */
export let nodeP: I32Ptr = i32Base(nodeState);
let nodeLong: Int32Array = new Int32Array(0);
/** Bit n set iff node n holds long work (running or queued): 2 KB for 15,000 nodes, so a policy
 *  that tests random nodes (Eagle's rejections, Hawk's victims) does not miss on their records. */
export let longWork: Int32Array = new Int32Array(0);
// nodeLong's and longWork's elements (as nodeP).
let nodeLongP: I32Ptr = i32Base(nodeLong);
let longWorkP: I32Ptr = i32Base(longWork);
/** Nodes whose bit in longWork is set: while none is (every run without long jobs), a test of
 *  holdsLongWork on the message path reads nothing (longWorkAnywhere). */
let longWorkNodes: i32 = 0;

export function initializeNodes(): void {
  nodeState = new Int32Array(nNodes * NS);
  nodeP = i32Base(nodeState);
  nodeLong = new Int32Array(nNodes * NLS);
  longWork = new Int32Array((nNodes + 31) >> 5);
  nodeLongP = i32Base(nodeLong);
  longWorkP = i32Base(longWork);
  longWorkNodes = 0;
}

/** Occupied slots of `node`. */
export function nodeBusy(node: i32): i32 { return i32Get(nodeP, node * NS + N_BUSY); }
/** Records queued at `node`. */
export function queueLength(node: i32): i32 { return i32Get(nodeP, node * NS + N_QLEN); }
/** Long tasks running at `node`. */
export function longRunning(node: i32): i32 { return i32Get(nodeLongP, node * NLS + NL_RUN); }
/** Queued records of long jobs at `node`. */
export function longQueued(node: i32): i32 { return i32Get(nodeLongP, node * NLS + NL_QUEUED); }

/** Whether `node` runs or queues long work. */
export function holdsLongWork(node: i32): bool { return (i32Get(longWorkP, node >> 5) & (1 << (node & 31))) != 0; }
/** Whether any node runs or queues long work (holdsLongWork is false for every node if not). */
// @ts-ignore: decorator
@inline export function longWorkAnywhere(): bool { return longWorkNodes > 0; }

/** Adds `d` to the long tasks running at `node`. */
// @ts-ignore: decorator
@inline export function addLongRunning(node: i32, d: i32): void {
  i32Set(nodeLongP, node * NLS + NL_RUN, i32Get(nodeLongP, node * NLS + NL_RUN) + d);
  noteLongWork(node);
}

/** Adds `d` to the queued long records at `node`. */
// @ts-ignore: decorator
@inline export function addLongQueued(node: i32, d: i32): void {
  i32Set(nodeLongP, node * NLS + NL_QUEUED, i32Get(nodeLongP, node * NLS + NL_QUEUED) + d);
  noteLongWork(node);
}

/** Brings `node`'s bit in longWork up to date after its long counters changed. */
function noteLongWork(node: i32): void {
  const l = node * NLS;
  const w = node >> 5;
  const bit = 1 << (node & 31);
  const x = i32Get(longWorkP, w);
  const y = i32Get(nodeLongP, l + NL_RUN) > 0 || i32Get(nodeLongP, l + NL_QUEUED) > 0 ? x | bit : x & ~bit;
  i32Set(longWorkP, w, y);
  longWorkNodes += ((y & bit) != 0 ? 1 : 0) - ((x & bit) != 0 ? 1 : 0);
}
