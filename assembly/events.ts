// The event queue: every pending event of a run, taken in the order of (time, sequence number).
// The sequence number is taken when an event is created (reserveSeq can take it earlier), so
// events at equal times run in creation order (ARCHITECTURE.md "Engine"; seed-hawk-eagle.md
// A24) and nothing else ever breaks a tie; every source below is ordered by that pair
// (toolkit/heap.ts `entryBefore`), and nextEvent() merges their heads by it.
//
// Four sources, each where its events are cheapest to keep:
//  - the calendar (calendar.ts, which the queue extends: its fields are the hottest, read
//    without an indirection): entries (time, value, sequence) in windows, the current ones in a
//    sorted run (whose first entry is the calendar's) and a small near heap. A task end that
//    cannot be preempted, the commonest event, is an entry whose value is its slot (>= 0), its
//    task and job in the slot-end table (slotends.ts); another event's value is -1 - its id in
//    the payload pool (kind, a, b, c), whose ids stay put (a stack of free ids);
//  - two fixed-delay lanes (lanes.ts): events a constant delay after their creation (message
//    deliveries, get-task replies) are created in time order, so each delay gets a FIFO: O(1)
//    instead of a sift;
//  - the cancellable events (cancellable.ts), which cancel() removes.
// Nothing is allocated per event; the pools double when full (amortized, rare).
import { toI32, f64Get, i32Get } from "./glue";
import { fail, E_SEQUENCE_OVERFLOW, E_CALENDAR } from "./errors";
import { Lane, lanePush, LANE_INTS, LANE_KIND, LANE_A, LANE_B } from "./lanes";
import { CancellableHeap } from "./cancellable";
import { Calendar, calendarAdd } from "./calendar";
import { ENTRY_INTS, ENTRY_VALUE, ENTRY_TIE } from "./toolkit/heap";
import { SlotEnds, SLOT_INTS, SLOT_TASK, SLOT_JOB, SLOT_SEQ, SLOT_TAG } from "./slotends";

/** Payload pool fields per event id: kind, a, b, c. */
const POOL_FIELDS: i32 = 4;

export class EventQueue extends Calendar {
  nextSeq: i32 = 0;
  pool: Int32Array;     // per id: POOL_FIELDS fields
  free: Int32Array;     // free pool ids: free[0 .. freeTop - 1]
  freeTop: i32 = 0;
  /** Task ends (pushEnd), taken as events of kind `endKind` with a = node, b = task, c = job,
   *  d = the tag. */
  ends: SlotEnds = new SlotEnds();
  endKind: i32 = -1;
  /** Lanes for the two fixed delays: one network delay, and a round trip. */
  lane1: Lane;
  lane2: Lane;
  /** Events that may be cancelled (pushCancellable), and how many are pending (a field of its
   *  own: nextEvent() tests it for every event). */
  cancellable: CancellableHeap = new CancellableHeap();
  cancellablePending: i32 = 0;
  /** The event removed by nextEvent(). */
  curTime: f64 = 0.0;
  curKind: i32 = 0;
  curA: i32 = 0;
  curB: i32 = 0;
  curC: i32 = 0;     // calendar events only (lanes carry a and b)
  curD: i32 = 0;     // task ends only: the end's tag (pushEnd)

  constructor(capacity: i32) {
    super(capacity);
    this.lane1 = new Lane(1024);
    this.lane2 = new Lane(1024);
    const ids = 1024;
    this.pool = new Int32Array(ids * POOL_FIELDS);
    const free = new Int32Array(ids);
    for (let i = 0; i < ids; i++) free[i] = ids - 1 - i;
    this.free = free;
    this.freeTop = ids;
  }

  /** The task whose end is pending on `slot`, or -1. */
  slotTask(slot: i32): i32 { return this.ends.task(slot); }

  /** The job of the end last pushed on `slot` (-1: none yet). */
  slotJob(slot: i32): i32 { return this.ends.job(slot); }

  /** Task ends on `slots` slots (`perNode` per node) come as events of kind `kind`. */
  useSlots(slots: i32, perNode: i32, kind: i32): void {
    this.ends.use(slots, perNode);
    this.endKind = kind;
  }

  /** Turns the calendar's windows on, `width` seconds wide (> 0); call before any push. The
   *  order of events does not depend on the width; the speed does (a few dozen events per
   *  window is best). */
  useCalendar(width: f64): void {
    if (this.pending() > 0) fail(E_CALENDAR);
    this.useWindows(width);
  }

  private growPool(): void {
    const cap = this.free.length;
    const c = cap * 2;
    const pool = new Int32Array(c * POOL_FIELDS);
    for (let i = 0; i < cap * POOL_FIELDS; i++) pool[i] = this.pool[i];
    const free = new Int32Array(c);
    // The stack is empty (every id is in use): the new ids become the free ones.
    for (let i = 0; i < cap; i++) free[i] = c - 1 - i;
    this.pool = pool;
    this.free = free;
    this.freeTop = cap;
  }

  private seqNumber(): i32 {
    const s = this.nextSeq;
    if (s == 2147483647) fail(E_SEQUENCE_OVERFLOW); // more than 2^31 events in one run
    this.nextSeq = s + 1;
    return s;
  }

  /** Adds an event at `t` to lane 1 or 2; `t` must not precede the lane's last event
   *  (laneEvent, which the engine's own callers inline). */
  pushLane(lane: i32, t: f64, kind: i32, a: i32, b: i32): void { laneEvent(this, lane, t, kind, a, b); }

  /** Events not yet taken. */
  pending(): i32 {
    return this.count() + this.lane1.count + this.lane2.count + this.cancellablePending - this.ends.dead;
  }

  /** Adds an event that cancel() may remove before its time; returns its handle. */
  pushCancellable(t: f64, kind: i32, a: i32, b: i32): i32 {
    this.cancellablePending++;
    return this.cancellable.push(t, this.seqNumber(), kind, a, b);
  }

  /** Removes a pending event of pushCancellable. */
  cancel(handle: i32): void {
    this.cancellable.cancel(handle);
    this.cancellablePending--;
  }

  /** The sequence number of the first event of source `src` (0 the calendar, 1 and 2 lanes, 3
   *  the cancellable heap). */
  headSeq(src: i32): i32 {
    if (src == 1) return this.lane1.headSeq();
    if (src == 2) return this.lane2.headSeq();
    if (src == 3) return this.cancellable.headSeq();
    return i32Get(this.runI, ENTRY_INTS * this.runHead + ENTRY_TIE);
  }

  /** Removes the earliest event into cur*; returns false when none is left (nextEvent, for
   *  callers off the event loop: the unit tests, a mechanism's own test harness). */
  next(): bool { return nextEvent(this); }

  /** A sequence number for an event pushed later with pushWithSeq (it then sorts among equal
   *  times as if pushed now). */
  reserveSeq(): i32 { return this.seqNumber(); }

  push(t: f64, kind: i32, a: i32, b: i32, c: i32 = 0): void {
    this.pushWithSeq(t, this.seqNumber(), kind, a, b, c);
  }

  /** push() with a sequence number from reserveSeq. */
  pushWithSeq(t: f64, s: i32, kind: i32, a: i32, b: i32, c: i32 = 0): void {
    if (this.freeTop == 0) this.growPool();
    const top = this.freeTop - 1;
    const id = this.free[top];
    this.freeTop = top;
    const p = id * POOL_FIELDS;
    const pool = this.pool;
    pool[p] = kind; pool[p + 1] = a; pool[p + 2] = b; pool[p + 3] = c;
    this.add(t, -1 - id, s);
  }

  /** Takes back the pending end of slot `slot` (pushEnd): its task leaves the slot before that
   *  end, e.g. a policy suspends it (serve.ts suspendAt turns such a run into a preemptible one
   *  only then). O(1): the entry stays where it waits (run, near heap, ring bucket or far heap),
   *  dead — its sequence number is no longer the slot's — and nextEvent() drops it when it is the
   *  calendar's first, before any event is taken; its key never changes, so the others keep their
   *  order. (Finding it instead — a bucket's scan or the far heap's removal — would cost a few
   *  cold lines per end taken back.) Returns the end's job. */
  cancelEnd(slot: i32): i32 { return this.ends.cancel(slot); }

  /** Adds the end of `task` (of `job`) at `t` on a slot of `node` without a pending end; `tag`, the
   *  caller's, comes back with it (curD; serve.ts: a resumed run's record, so that its end reads
   *  no line of its own to find it). */
  pushEnd(node: i32, t: f64, task: i32, job: i32, tag: i32 = -1): void { taskEndEvent(this, node, t, task, job, tag); }
}

/** q.pushEnd: the end of `task` (of `job`) at `t` on a slot of `node`. (A task start's push,
 *  inlined where it is made, as laneEvent.) */
// @ts-ignore: decorator
@inline export function taskEndEvent(q: EventQueue, node: i32, t: f64, task: i32, job: i32, tag: i32): void {
  const ends = q.ends;
  const slot = ends.perNode == 1 ? node : ends.freeSlot(node); // (one slot a node: no call)
  const s = q.nextSeq;
  q.nextSeq = s + 1;
  ends.set(slot, task, job, s, tag);
  calendarAdd(q, t, slot, s);
  if (s == 2147483647) fail(E_SEQUENCE_OVERFLOW); // more than 2^31 events in one run
}

/** q.pushLane: adds an event at `t` to lane 1 or 2 of `q`. (The engine's commonest push, inlined
 *  where it is made. Its calls, the overflow's and the lane's growth, come after the record is
 *  written, so that nothing is held across them: the run ends at the overflow.) */
// @ts-ignore: decorator
@inline export function laneEvent(q: EventQueue, lane: i32, t: f64, kind: i32, a: i32, b: i32): void {
  const s = q.nextSeq;
  q.nextSeq = s + 1;
  lanePush(lane == 1 ? q.lane1 : q.lane2, t, s, kind, a, b);
  if (s == 2147483647) fail(E_SEQUENCE_OVERFLOW); // more than 2^31 events in one run
}

/** Removes the earliest event of `q` into its cur* fields; returns false when none is left. */
export function nextEvent(q: EventQueue): bool {
  for (;;) {
    const got = takeEvent(q);
    if (got >= 0) return got == 1;
  }
}

/** nextEvent's step: removes the earliest event of `q` into its cur* fields and returns 1, or
 *  returns 0 when none is left, or -1 when the earliest was a dead task end (an end taken back,
 *  cancelEnd), which it dropped: nothing was taken, call again. Sequence numbers are compared only
 *  between equal times. (Inlined into the event loop, which retries itself: a loop here would cost
 *  the event loop a second loop header per event, and a call per event its frame and spills.) */
// @ts-ignore: decorator
@inline export function takeEvent(q: EventQueue): i32 {
  const l1 = q.lane1;
  const l2 = q.lane2;
  // 0: the calendar, 1: lane 1, 2: lane 2, 3: the cancellable heap
  let src = -1;
  let bt: f64 = 0.0;
  let rh = q.runHead;
  if (rh == q.runEnd) { q.fillRun(); rh = q.runHead; } // (the calendar's first entry is the run's)
  if (rh < q.runEnd) { src = 0; bt = f64Get(q.runK, 2 * rh); }
  if (l1.count > 0) {
    const t = l1.headTime();
    if (src < 0 || t < bt || (t == bt && l1.headSeq() < q.headSeq(src))) { src = 1; bt = t; }
  }
  if (l2.count > 0) {
    const t = l2.headTime();
    if (src < 0 || t < bt || (t == bt && l2.headSeq() < q.headSeq(src))) { src = 2; bt = t; }
  }
  if (q.cancellablePending > 0) {
    const ch = q.cancellable;
    const t = ch.headTime();
    if (src < 0 || t < bt || (t == bt && ch.headSeq() < q.headSeq(src))) { src = 3; bt = t; }
  }
  if (src < 0) return 0;
  if (src == 1) { takeLane(q, l1, bt); return 1; }
  if (src == 2) { takeLane(q, l2, bt); return 1; }
  if (src == 3) {
    const ch = q.cancellable;
    const h = ch.headHandle();
    q.curTime = bt; q.curKind = ch.kind[h]; q.curA = ch.a[h]; q.curB = ch.b[h];
    ch.removeHead();
    q.cancellablePending--;
    return 1;
  }
  const ri = q.runI;
  const x = i32Get(ri, ENTRY_INTS * rh + ENTRY_VALUE);
  if (x >= 0) {
    const ends = q.ends;
    const sl = ends.table;
    const b = SLOT_INTS * x;
    if (sl[b + SLOT_SEQ] != i32Get(ri, ENTRY_INTS * rh + ENTRY_TIE)) {
      // A dead entry (an end taken back, cancelEnd; every one is dropped here): it leaves the
      // calendar, and the caller compares the sources again, nothing else having been taken.
      ends.dead--;
      q.runHead = rh + 1;
      return -1;
    }
    // (Every load before the first store: a load after a store reloads its array's pointer.)
    const per = ends.perNode;
    const kind = q.endKind;
    const task = sl[b + SLOT_TASK];
    const job = sl[b + SLOT_JOB];
    const tag = sl[b + SLOT_TAG];
    q.curTime = bt;
    q.curKind = kind;
    q.curA = per == 1 ? x : toI32(<f64>x / <f64>per); // exact for these magnitudes
    q.curB = task;
    q.curC = job;
    q.curD = tag;
    sl[b + SLOT_TASK] = -1;
  } else {
    const id = -1 - x;
    const p = id * POOL_FIELDS;
    const pool = q.pool;
    const kind = pool[p];
    const a = pool[p + 1];
    const b = pool[p + 2];
    const c = pool[p + 3];
    q.curTime = bt;
    q.curKind = kind; q.curA = a; q.curB = b; q.curC = c;
    q.free[q.freeTop] = id;
    q.freeTop++;
  }
  q.runHead = rh + 1;
  return 1;
}

/** Moves the head event of lane `l` (at time t) into q's cur* fields. (A function of its own,
 *  inlined, keeps nextEvent()'s two lane branches apart, as the merge's hot path wants.) */
// @ts-ignore: decorator
@inline function takeLane(q: EventQueue, l: Lane, t: f64): void {
  const ip = l.ip;
  const i = LANE_INTS * l.head;
  const kind = i32Get(ip, i + LANE_KIND);
  const a = i32Get(ip, i + LANE_A);
  const b = i32Get(ip, i + LANE_B);
  q.curTime = t; q.curKind = kind; q.curA = a; q.curB = b;
  l.shift();
}
