// Node queues. A node's queue is a contiguous run of records in a shared arena, so scanning a
// queue reads memory in order: at full trace size the engine is bound by cache misses, and a
// linked list made every step of a queue scan (SRPT) a dependent miss. A node's queue occupies
// arena indices queueFirst(node) .. queueEnd(node) - 1, inside its region of 2^k records.
// Removing a record moves its neighbours, so an index is valid only until the queue changes.
//
// A record is 8 or 16 bytes, everything a scan reads on one stream of lines:
//   i32 0: the job index | flag bits 27-30 (the "word": read it once with entryWord and test it
//          with wordJob, wordIsLong, wordFetching);
//   i32 1: the task of a bound task, or a negative code for a late-bound probe: -1 - serial for
//          a sticky one (serials are unique and find it again, serve.ts onReply), -1 for the
//          others (nothing looks for them by code);
//   i32 2-3: an f64 the node discipline owns (SRPT's bypassed work, an enqueue time ...), only
//          when the discipline declares `usesValue` (the others' records are 8 bytes).
// Policies and disciplines use the functions below, never the layout.
import { nodeP, NS, N_QFIRST, N_QLEN, N_QEND, addLongQueued } from "./nodestate";
import { nNodes, counters, C_MAX_QUEUE } from "./config";
import { jobIsLong, nTasks } from "./jobs";
import { fail, E_QUEUE_ARENA_FULL, E_SEQUENCE_OVERFLOW, E_PROBE_LOST, E_VALUE_UNDECLARED } from "./errors";
import { f64View, imul, ushr, freshInt32Array, copyInt32Range, onReusedMemory, I32Ptr, F64Ptr, i32Base, f64Base, i32Get, i32Set, f64Get,
  f64Set } from "./glue";

let QR: i32 = 4;
const R_JOBFLAGS: i32 = 0;
const R_TASK: i32 = 1;
const JOB_MASK: i32 = 0x07FFFFFF;
/** Flag bits of a record's word. */
export const F_BEHIND_LONG: i32 = 1 << 27; // a short probe that arrived behind long work
export const F_STICKY: i32 = 1 << 28;      // stays queued while its job has unlaunched tasks
export const F_FETCHING: i32 = 1 << 29;    // a get-task request of this record is in flight
const F_LONG: i32 = 1 << 30;               // the record belongs to a long job (saves a job lookup in scans)
/** Mask of the region end in N_QEND; the arena holds at most MAX_ARENA records. */
const END_MASK: i32 = 0x07FFFFFF;
const MAX_ARENA: i32 = 1 << 26; // 67 M queued records
const MIN_REGION_LOG: i32 = 2;  // regions hold 4, 8, 16, ... records
const SHRINK_LOG: i32 = 4;      // an emptied queue keeps a region of at most 2^SHRINK_LOG records

let qRec: Int32Array = new Int32Array(0);
let qRecF: Float64Array = new Float64Array(0); // view of qRec: element 2 r + 1 is record r's value
/** qRec's and qRecF's elements (glue.ts i32Base, f64Base), read and written through these: set
 *  again whenever the arena moves (moveArena), so no access loads the array's data pointer. */
let qP: I32Ptr = i32Base(qRec);
let qPF: F64Ptr = f64Base(qRecF);
let useValue: bool = false;
let arenaCap: i32 = 0;             // records the arena can hold
let arenaTop: i32 = 0;             // arena indices below this belong to some region
let regionFree: Int32Array = new Int32Array(32); // per size class: a freed region, -1 if none
let nextSerial: i32 = 0;
/** The longest queue so far (counters[C_MAX_QUEUE] holds it as an f64, written when it grows). */
let longest: i32 = 0;

/** Empty queues for every node; records carry the discipline's f64 when `withValue`. */
export function initializeQueues(withValue: bool): void {
  const initial = 1 << MIN_REGION_LOG;
  arenaTop = nNodes * initial;
  let arena = 1024;
  while (arena < arenaTop * 2) arena *= 2;
  // On fresh memory a large trace's arena starts at a quarter of its task count or more (at most
  // 2^22 records): its pages are first touched as regions are handed out (freshInt32Array), and
  // an arena that does not move does not touch the pages of every queued record again in a new
  // one (moveArena). (On a reused memory, whose allocations are filled, it grows as needed.)
  // Only speed depends on it.
  const byTasks = onReusedMemory() ? 0 : (nTasks < (1 << 24) ? nTasks : 1 << 24) >> 2;
  while (arena < byTasks) arena *= 2;
  QR = withValue ? 4 : 2;
  const rec = freshInt32Array(arena * QR);
  qRec = rec;
  qRecF = f64View(rec);
  qP = i32Base(rec);
  qPF = f64Base(qRecF);
  useValue = withValue;
  arenaCap = arena;
  for (let n = 0; n < nNodes; n++) setRegion(n, n * initial, MIN_REGION_LOG);
  regionFree.fill(-1);
  nextSerial = 0;
  longest = 0;
}

// ---- reading a queue --------------------------------------------------------------------------
/** Arena index of the first record queued at `node`. */
export function queueFirst(node: i32): i32 { return i32Get(nodeP, node * NS + N_QFIRST); }
/** One past the last record queued at `node`. */
export function queueEnd(node: i32): i32 { return i32Get(nodeP, node * NS + N_QFIRST) + i32Get(nodeP, node * NS + N_QLEN); }
/** The word of record r: its job and flags, to test with the word* functions. */
export function entryWord(r: i32): i32 { return i32Get(qP, r * QR + R_JOBFLAGS); }
export function wordJob(w: i32): i32 { return w & JOB_MASK; }
export function wordIsLong(w: i32): bool { return (w & F_LONG) != 0; }
export function wordFetching(w: i32): bool { return (w & F_FETCHING) != 0; }
export function wordSticky(w: i32): bool { return (w & F_STICKY) != 0; }
export function wordBehindLong(w: i32): bool { return (w & F_BEHIND_LONG) != 0; }
/** The job of record r. */
export function entryJob(r: i32): i32 { return i32Get(qP, r * QR + R_JOBFLAGS) & JOB_MASK; }
export function entryIsLong(r: i32): bool { return (i32Get(qP, r * QR + R_JOBFLAGS) & F_LONG) != 0; }
/** The task of record r (a bound task), or a negative code (a late-bound probe). */
export function entryTask(r: i32): i32 { return i32Get(qP, r * QR + R_TASK); }
export function entryIsProbe(r: i32): bool { return i32Get(qP, r * QR + R_TASK) < 0; }
/** The discipline's f64 of record r (0 when queued; the discipline must declare usesValue: 8-byte
 *  records have no room for it, and a write would land on the next record). */
export function entryValue(r: i32): f64 { return f64Get(qPF, r * 2 + 1); }
export function setEntryValue(r: i32, v: f64): void {
  if (!useValue) fail(E_VALUE_UNDECLARED);
  f64Set(qPF, r * 2 + 1, v);
}
/** Sets flag bits on record r's word. */
export function setEntryFlags(r: i32, flags: i32): void { i32Set(qP, r * QR + R_JOBFLAGS, i32Get(qP, r * QR + R_JOBFLAGS) | flags); }
/** Clears flag bits of record r's word; returns the new word. */
export function clearEntryFlags(r: i32, flags: i32): i32 {
  const w = i32Get(qP, r * QR + R_JOBFLAGS) & ~flags;
  i32Set(qP, r * QR + R_JOBFLAGS, w);
  return w;
}

/** The first record of `node` not waiting for a get-task reply, or -1. (Inlined: serve's choice
 *  under the plain FIFO.) */
// @ts-ignore: decorator
@inline export function firstReadyEntry(node: i32): i32 {
  const first = i32Get(nodeP, node * NS + N_QFIRST);
  const end = first + i32Get(nodeP, node * NS + N_QLEN);
  for (let r = first; r < end; r++) if ((i32Get(qP, r * QR + R_JOBFLAGS) & F_FETCHING) == 0) return r;
  return -1;
}

/** The last record of `node` not waiting for a get-task reply, or -1. */
export function lastReadyEntry(node: i32): i32 {
  const first = i32Get(nodeP, node * NS + N_QFIRST);
  for (let r = first + i32Get(nodeP, node * NS + N_QLEN) - 1; r >= first; r--) {
    if ((i32Get(qP, r * QR + R_JOBFLAGS) & F_FETCHING) == 0) return r;
  }
  return -1;
}

/** The record of `node`'s queue with task code `code` (a probe's serial; it must be there). */
export function findCode(node: i32, code: i32): i32 {
  const first = i32Get(nodeP, node * NS + N_QFIRST);
  const end = first + i32Get(nodeP, node * NS + N_QLEN);
  for (let r = first; r < end; r++) if (i32Get(qP, r * QR + R_TASK) == code) return r;
  fail(E_PROBE_LOST, node);
  return -1;
}

// ---- changing a queue --------------------------------------------------------------------------
/** Appends a record to the queue of `node`: bound `task` (>= 0) of `job`, or a late-bound probe
 *  of `job` (task < 0); `flags` among F_BEHIND_LONG, F_STICKY. */
export function enqueue(node: i32, job: i32, task: i32, flags: i32): void { enqueueOf(node, job, task, flags, jobIsLong(job)); }

/** enqueue when the caller knows whether `job` is long (`long`). (Inlined: the message path's
 *  enqueue, serve.ts receive.) */
// @ts-ignore: decorator
@inline export function enqueueOf(node: i32, job: i32, task: i32, flags: i32, long: bool): void {
  const r = tailSlot(node);
  let code = task;
  if (task < 0 && (flags & F_STICKY) != 0) {
    const serial = nextSerial;
    if (serial == 2147483647) fail(E_SEQUENCE_OVERFLOW); // more than 2^31 queued sticky probes in one run
    nextSerial = serial + 1;
    code = -1 - serial;
  }
  let f = flags;
  if (long) {
    f |= F_LONG;
    addLongQueued(node, 1);
  }
  i32Set(qP, r * QR + R_JOBFLAGS, job | f);
  i32Set(qP, r * QR + R_TASK, code);
  if (useValue) f64Set(qPF, r * 2 + 1, 0.0);
  noteQueueLength(node, i32Get(nodeP, node * NS + N_QLEN) + 1);
}

/** Removes record `r` from the queue of `node`; other records may move. The queue's first
 *  record (a FIFO's serve) moves nothing: that case is written out here, inlined, and is what
 *  removeRange does for it. */
// @ts-ignore: decorator
@inline export function removeAt(node: i32, r: i32): void {
  const o = node * NS;
  const first = i32Get(nodeP, o + N_QFIRST);
  if (r != first) { removeRange(node, r, 1); return; }
  removeFirst(node, first, i32Get(nodeP, o + N_QLEN), i32Get(qP, r * QR + R_JOBFLAGS));
}

/** Removes the first record of `node`'s queue, given the queue's first index and length and the
 *  record's word (serve.ts read them). */
// @ts-ignore: decorator
@inline export function removeFirst(node: i32, first: i32, len: i32, w: i32): void {
  if ((w & F_LONG) != 0) addLongQueued(node, -1);
  const o = node * NS;
  i32Set(nodeP, o + N_QFIRST, first + 1);
  i32Set(nodeP, o + N_QLEN, len - 1);
  if (len == 1) restartQueue(node);
}

/** Removes the `count` records r .. r + count - 1 from the queue of `node`, keeping the order
 *  of the others (the shorter side moves). */
function removeRange(node: i32, r: i32, count: i32): void {
  const o = node * NS;
  const first = i32Get(nodeP, o + N_QFIRST);
  const len = i32Get(nodeP, o + N_QLEN);
  let longs = 0;
  for (let x = r; x < r + count; x++) if ((i32Get(qP, x * QR + R_JOBFLAGS) & F_LONG) != 0) longs++;
  if (longs > 0) addLongQueued(node, -longs);
  const before = r - first;
  const after = first + len - (r + count);
  if (before <= after) {
    for (let x = r - 1; x >= first; x--) copyRecordTo(x, x + count);
    i32Set(nodeP, o + N_QFIRST, first + count);
  } else {
    const end = first + len;
    for (let x = r + count; x < end; x++) copyRecordTo(x, x - count);
  }
  i32Set(nodeP, o + N_QLEN, len - count);
  if (len == count) restartQueue(node);
}

/** For a scan that compacts a queue in place: copies record `from` over `to` (to < from). */
export function keepEntryAt(from: i32, to: i32): void { copyRecordTo(from, to); }

/** For a scan that compacts a queue in place: the records r .. end of the queue move to
 *  w .. (w < r), dropping the r - w records the scan left out. They must not be long entries. */
export function closeGap(node: i32, w: i32, r: i32): void {
  const o = node * NS;
  const end = i32Get(nodeP, o + N_QFIRST) + i32Get(nodeP, o + N_QLEN);
  for (let x = r; x < end; x++) copyRecordTo(x, w + x - r);
  const len = i32Get(nodeP, o + N_QLEN) - (r - w);
  i32Set(nodeP, o + N_QLEN, len);
  if (len == 0) restartQueue(node);
}

/** Moves the `count` consecutive records from `r` of the queue of `from` to the back of the
 *  queue of `to` (task stealing). Moved probes no longer count as waiting behind long work.
 *  Records waiting for a get-task reply must not be moved. */
export function moveRun(from: i32, r: i32, count: i32, to: i32): void {
  let longs = 0;
  for (let k = 0; k < count; k++) {
    const src = r + k;
    const d = tailSlot(to);
    copyRecordTo(src, d);
    const f = i32Get(qP, d * QR + R_JOBFLAGS) & ~F_BEHIND_LONG;
    i32Set(qP, d * QR + R_JOBFLAGS, f);
    if ((f & F_LONG) != 0) longs++;
    i32Set(nodeP, to * NS + N_QLEN, i32Get(nodeP, to * NS + N_QLEN) + 1);
  }
  if (longs > 0) addLongQueued(to, longs);
  noteQueueLength(to, i32Get(nodeP, to * NS + N_QLEN));
  removeRange(from, r, count);
}

// ---- the arena ---------------------------------------------------------------------------------
function noteQueueLength(node: i32, len: i32): void {
  i32Set(nodeP, node * NS + N_QLEN, len);
  if (len > longest) {
    longest = len;
    counters[C_MAX_QUEUE] = <f64>len;
  }
}

/** A record was served as it arrived at an empty queue (serve.ts receive): for the longest
 *  queue, as if it had been queued. */
// @ts-ignore: decorator
@inline export function noteQueuedAtOnce(): void {
  if (longest < 1) {
    longest = 1;
    counters[C_MAX_QUEUE] = 1.0;
  }
}

/** Copies record `from` over record `to`. */
// @ts-ignore: decorator
@inline function copyRecordTo(from: i32, to: i32): void {
  const f = from * QR;
  const d = to * QR;
  i32Set(qP, d, i32Get(qP, f));
  i32Set(qP, d + 1, i32Get(qP, f + 1));
  if (QR == 4) {
    i32Set(qP, d + 2, i32Get(qP, f + 2));
    i32Set(qP, d + 3, i32Get(qP, f + 3));
  }
}

/** A free region of 2^k records: a freed one of that size, or fresh space at the arena top. */
function allocRegion(k: i32): i32 {
  const r = regionFree[k];
  if (r >= 0) { regionFree[k] = i32Get(qP, r * QR); return r; }
  const size = 1 << k;
  const base = arenaTop;
  if (base + size > arenaCap) {
    let c = arenaCap * 2;
    while (base + size > c) c *= 2;
    if (c > MAX_ARENA) fail(E_QUEUE_ARENA_FULL); // region ends must fit N_QEND's 27 bits
    moveArena(c);
  }
  arenaTop = base + size;
  return base;
}

/** Moves the arena to a new one of `c` records, copying only what is read later: each node's
 *  queued records and each free region's link. The rest of the arena (records of regions no
 *  queue holds, those beyond a queue's end) is never read before it is written, and a fresh
 *  arena is not zero-filled (glue.ts freshInt32Array): only the pages of queued records are
 *  touched now, not the whole arena twice (fresh pages: glue.ts freshInt32Array). */
function moveArena(c: i32): void {
  const rec = freshInt32Array(c * QR);
  for (let n = 0; n < nNodes; n++) {
    const first = i32Get(nodeP, n * NS + N_QFIRST);
    const len = i32Get(nodeP, n * NS + N_QLEN);
    if (len > 0) copyInt32Range(rec, qRec, first * QR, (first + len) * QR);
  }
  for (let k = 0; k < regionFree.length; k++) {
    for (let r = regionFree[k]; r >= 0; r = qRec[r * QR]) rec[r * QR] = qRec[r * QR];
  }
  qRec = rec;
  qRecF = f64View(rec);
  qP = i32Base(rec);
  qPF = f64Base(qRecF);
  arenaCap = c;
}

/** The region of `node`: one past its last arena index, log2 of its size, its first index
 *  (exported for the arena's tests). */
function regionEnd(node: i32): i32 { return i32Get(nodeP, node * NS + N_QEND) & END_MASK; }
export function regionLog(node: i32): i32 { return ushr(i32Get(nodeP, node * NS + N_QEND), 27); }
export function regionBase(node: i32): i32 { return regionEnd(node) - (1 << regionLog(node)); }

/** Gives `node` the empty region of 2^log records at `base`, its queue at the region's start. */
function setRegion(node: i32, base: i32, log: i32): void {
  i32Set(nodeP, node * NS + N_QFIRST, base);
  i32Set(nodeP, node * NS + N_QEND, base + (1 << log) | (log << 27));
}

/** Puts the region of 2^log records at `base` on its size class's free list. */
function freeRegion(base: i32, log: i32): void {
  i32Set(qP, base * QR, regionFree[log]);
  regionFree[log] = base;
}

/** Arena index for a new record at the back of `node`'s queue (the length is not yet counted):
 *  slides the queue to the front of its region when at most three quarters full, else moves it
 *  to a region twice the size (both amortized O(1): a slide leaves at least a quarter of the
 *  region free, so at most three records move per record queued). Sliding up to half full only
 *  sent a queue that drains from the front while it grows (Sparrow's probes) into a region of
 *  twice its longest length (a 2^18-record region for a queue of under 2^17), and an arena about
 *  twice the size it needs. */
// @ts-ignore: decorator
@inline function tailSlot(node: i32): i32 {
  const o = node * NS;
  const tail = i32Get(nodeP, o + N_QFIRST) + i32Get(nodeP, o + N_QLEN);
  return tail < regionEnd(node) ? tail : growTail(node);
}

/** tailSlot when the queue reaches its region's end: slide or move it. */
function growTail(node: i32): i32 {
  const o = node * NS;
  const first = i32Get(nodeP, o + N_QFIRST);
  const len = i32Get(nodeP, o + N_QLEN);
  const log = regionLog(node);
  const base = regionBase(node);
  if (len * 4 <= (3 << log)) {
    qRec.copyWithin(base * QR, first * QR, (first + len) * QR); // (one block move; the ranges may overlap)
    i32Set(nodeP, o + N_QFIRST, base);
    return base + len;
  }
  const region = allocRegion(log + 1); // may move the arena: indices stay valid
  qRec.copyWithin(region * QR, first * QR, (first + len) * QR);
  freeRegion(base, log);
  setRegion(node, region, log + 1);
  return region + len;
}

/** An emptied queue starts again near the start of a small region. Otherwise a queue's records
 *  slide through its whole region (sized for the longest the queue ever was) and nearly every
 *  message lands on a line not touched for a long time. A region larger than 2^SHRINK_LOG
 *  records goes back to the free lists for a minimal one (nothing to move: the queue is empty),
 *  so the arena's lines in use stay close to the records queued. Other queues' records do not
 *  move; this queue's indices are void anyway. */
function restartQueue(node: i32): void {
  const log = regionLog(node);
  if (log > SHRINK_LOG) {
    freeRegion(regionBase(node), log);
    setRegion(node, allocRegion(MIN_REGION_LOG), MIN_REGION_LOG);
    return;
  }
  // Regions of one size class sit at multiples of their size, so their first lines would all
  // fall in a few cache sets: each node restarts at its own line-aligned offset in the region's
  // first half instead.
  const half = (1 << log) >> 1;
  i32Set(nodeP, node * NS + N_QFIRST, regionBase(node) + (imul(node, 0x9E3779B1 | 0) & (half - 1) & ~3));
}
