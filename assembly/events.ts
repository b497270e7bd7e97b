// Event queue: a binary min-heap ordered by (time, sequence number) over
// structure-of-arrays pools. Ties in time are broken only by the sequence number,
// i.e. FIFO by creation (ARCHITECTURE.md "Engine"; seed-hawk-eagle.md A24).
// Nothing is allocated per event; the pools double when full (amortized, rare).
//
// Events that fire a fixed delay after they are created (message deliveries, get-task
// replies) are created in time order, so each such delay gets a FIFO lane instead of the
// heap: O(1) instead of a sift through the heap. `next()` takes the earliest of the heap top
// and the lane heads by (time, sequence), so the order of events is exactly the one a single
// heap would give.
import { f64Base, i32Base, f64Get, f64Set, i32Get, i32Set, f64View, toI32, alignedInt32Array, i32PairCopy, ctz32 } from "./glue";
import { fail, E_SEQUENCE_OVERFLOW, E_SLOT_OVERSUBSCRIBED, E_CALENDAR, E_EVENT_NOT_PENDING } from "./errors";
import { Lane } from "./lanes";
import { CancellableHeap } from "./cancellable";

/** Pool fields per event id: kind, a, b, c. */
const PS: i32 = 4;
/** Ints per heap entry: the time (an f64), x, y. x >= 0: the end of the task on slot x; x < 0:
 *  the event with pool id -1 - x. y: the event's sequence number (an entry's key, (time, y), is
 *  in the entry and never changes: a slot's end taken back may stay in the calendar, below). */
const ES: i32 = 4;
const E_X: i32 = 2;
const E_Y: i32 = 3;
/** Ints per slot (slots): the task whose end is pending (-1: none), its job, the sequence number
 *  of that end (-1: none) and the caller's int that rides with it (pushEnd's `tag`), on one
 *  line: a task end's pop reads them together. */
const SLS: i32 = 4;
const SL_TASK: i32 = 0;
const SL_JOB: i32 = 1;
const SL_SEQ: i32 = 2;
const SL_TAG: i32 = 3;

/** Windows in the calendar's ring (a power of two), and its occupancy bitmap's words. */
const NB: i32 = 8192;
const NBW: i32 = NB >> 5;
/** The last window index: later windows are all this one. Indices stay exact integers, and
 *  horizon + NB + 1 too, far below 2^53; past 2^53 `horizon += 1` would not move and a window
 *  would never be reached (times of 1e20 s with windows of 1 s, or 1e-300 s windows). Clamping
 *  keeps k(t) monotone (not strictly: the events of the clamped window are ordered by the heap),
 *  so the order of events is unchanged; runs whose times stay below 2^52 windows never see it. */
const KMAX: f64 = 4503599627370496.0; // 2^52
const BM: i32 = 4;
const B_OFF: i32 = 0;
const B_LEN: i32 = 1;
const B_LOG: i32 = 2;
/** log2 of a bucket's first region (16 entries). */
const B_FIRST_LOG: i32 = 4;

/** The heap plus the two fixed-delay lanes. Heap entries are 16 bytes, time, payload and sequence
 *  number together, at positions 1 .. size (the children of p are 2p and 2p + 1, side by side),
 *  so a level of a sift reads one place, ties included. A task end, the commonest event, carries
 *  its slot in the entry; its task and job sit in the slot's line (slots). Other events keep
 *  their payload (kind, a, b, c) in a pool slot that stays put (a stack of free pool ids). */
export class EventQueue {
  size: i32 = 0;
  nextSeq: i32 = 0;
  heap: Int32Array;     // per position: ES ints (position 0 unused); line-aligned, so the
                        // two children of a position share one cache line
  heapF: Float64Array;  // view: heapF[2 p] is the time at position p
  pool: Int32Array;     // per id: PS fields
  free: Int32Array;     // free pool ids: free[0 .. freeTop - 1]
  freeTop: i32 = 0;
  /** Task ends (pushEnd): per slot, SLS ints (line-aligned): the task whose end is pending (-1:
   *  none), its job and the end's sequence number; taken as events of kind `endKind` with a =
   *  node, b = task, c = job. An end taken back (cancelEnd) leaves its entry where it waits, and
   *  the entry's sequence number, no longer its slot's, marks it dead when it comes out. */
  slots: Int32Array = new Int32Array(0);
  /** Dead entries (ends taken back) still in the calendar: pending() leaves them out. */
  dead: i32 = 0;
  slotsPerNode: i32 = 1;
  endKind: i32 = -1;
  /** Lanes for the two fixed delays: one network delay, and a round trip. */
  lane1: Lane;
  lane2: Lane;
  /** Events that may be cancelled (pushCancellable), and how many are pending (a field of its
   *  own: next() tests it for every event). */
  cancellable: CancellableHeap = new CancellableHeap();
  cancellablePending: i32 = 0;
  /** The event removed by next(). */
  curTime: f64 = 0.0;
  curKind: i32 = 0;
  curA: i32 = 0;
  curB: i32 = 0;
  curC: i32 = 0;     // heap events only (lanes carry a and b)
  curD: i32 = 0;     // task ends only: the end's tag (pushEnd)
  /** Written by pop's look-ahead loads so they are not optimized away. */
  touchSink: i32 = 0;
  // Calendar (useCalendar): time is cut into windows of width W, window k(t) = floor(t / W).
  // The heap holds only the events of windows below `horizon` (a few dozen, so its walks stay
  // in the L1 cache where a heap of every pending task end, 15,000 at full trace size, missed at
  // its lower levels); the events of the next NB windows wait unsorted in a ring of buckets, one
  // per window, and later ones in a second heap (`far`). When the heap runs empty the next
  // non-empty bucket is poured into it. k is monotone in t, so every event in the heap precedes
  // every event outside it, and the order of events (time, then creation) is the one a single
  // heap gives, whatever W is: W only decides the speed.
  invW: f64 = 0.0;            // 1 / W; 0 with horizon 1: every event goes to the heap
  horizon: f64 = 1.0;         // the window of ring slot ringHead; the heap holds windows below it
  ringHead: i32 = 0;
  bucketed: i32 = 0;          // events in the ring
  // Per slot, BM ints: the first entry of its region in bArena, its entries, and log2 of the
  // region's capacity (-1: no region). A drained bucket gives its region back (most recently
  // freed first out, so a new bucket gets lines still in cache), and the arena stays close to the
  // events pending.
  bMeta: Int32Array = new Int32Array(NB * BM);
  bUsed: Int32Array = new Int32Array(NBW); // bit per slot: its bucket is not empty
  bArena: Int32Array = new Int32Array(0);  // entries of 4 ints, laid out like the heap's
  bArenaF: Float64Array = new Float64Array(0);
  bTop: i32 = 0;                           // arena entries below this belong to some region
  bFree: Int32Array = new Int32Array(32);  // per size class: a free region, -1 if none
  far: Int32Array = new Int32Array(0);     // heap of the events beyond the ring (same layout)
  farF: Float64Array = new Float64Array(0);
  farSize: i32 = 0;
  /** The entries (bArena offset, count) last poured into the heap, for the engine to load what
   *  their events will read while they wait there (loop.ts touchPoured, through pouredSlot and
   *  pouredJob); the engine sets pouredLen to 0 once done. */
  pouredOff: i32 = 0;
  pouredLen: i32 = 0;

  constructor(capacity: i32) {
    this.lane1 = new Lane(1024);
    this.lane2 = new Lane(1024);
    const c = capacity < 16 ? 16 : capacity;
    const heap = alignedInt32Array((c + 1) * ES, 64);
    this.heap = heap;
    this.heapF = f64View(heap);
    const ids = 1024;
    this.pool = new Int32Array(ids * PS);
    const free = new Int32Array(ids);
    for (let i = 0; i < ids; i++) free[i] = ids - 1 - i;
    this.free = free;
    this.freeTop = ids;
  }

  /** Poured entry i (< pouredLen): the slot of a task end, or -1 for another event. */
  pouredSlot(i: i32): i32 {
    const x = this.bArena[4 * (this.pouredOff + i) + E_X];
    return x < 0 ? -1 : x;
  }

  /** Poured entry i, a task end: its job (of the end now pending on its slot, if it was taken
   *  back: the engine only loads what it names). */
  pouredJob(i: i32): i32 { return this.slots[SLS * this.bArena[4 * (this.pouredOff + i) + E_X] + SL_JOB]; }

  /** The task whose end is pending on `slot`, or -1. */
  slotTask(slot: i32): i32 { return this.slots[SLS * slot + SL_TASK]; }

  /** The job of the end last pushed on `slot` (-1: none yet). */
  slotJob(slot: i32): i32 { return this.slots[SLS * slot + SL_JOB]; }

  /** Task ends on `slots` slots (`perNode` per node) come as events of kind `kind`. */
  useSlots(slots: i32, perNode: i32, kind: i32): void {
    this.slots = alignedInt32Array(SLS * slots, 64);
    this.slots.fill(-1);
    this.dead = 0;
    this.slotsPerNode = perNode;
    this.endKind = kind;
  }

  /** Turns the calendar on with windows of `width` seconds (> 0); call before any push. The
   *  order of events does not depend on the width; the speed does (a few dozen events per
   *  window is best). */
  useCalendar(width: f64): void {
    if (!(width > 0.0) || this.pending() > 0) fail(E_CALENDAR);
    this.invW = 1.0 / width;
    this.horizon = 0.0;
    this.ringHead = 0;
    this.bucketed = 0;
    for (let b = 0; b < NB; b++) { this.bMeta[b * BM + B_LEN] = 0; this.bMeta[b * BM + B_LOG] = -1; }
    this.bUsed.fill(0);
    this.bFree.fill(-1);
    this.bTop = 0;
    const arena = alignedInt32Array(4 * 4096, 64);
    this.bArena = arena;
    this.bArenaF = f64View(arena);
    const far = alignedInt32Array(4 * 64, 64);
    this.far = far;
    this.farF = f64View(far);
    this.farSize = 0;
  }

  /** Appends (t, x, y) to the bucket of ring slot b. */
  private bucketAdd(b: i32, t: f64, x: i32, y: i32): void {
    const m = b * BM;
    const len = this.bMeta[m + B_LEN];
    if (len == 0) {
      this.bucketRegion(b, B_FIRST_LOG);
      this.bUsed[b >> 5] |= 1 << (b & 31);
    } else if (len == 1 << this.bMeta[m + B_LOG]) {
      this.bucketRegion(b, this.bMeta[m + B_LOG] + 1);
    }
    const e = this.bMeta[m + B_OFF] + len;
    this.bArenaF[2 * e] = t;
    this.bArena[4 * e + 2] = x;
    this.bArena[4 * e + 3] = y;
    this.bMeta[m + B_LEN] = len + 1;
    this.bucketed++;
  }

  /** Gives slot b a region of 2^log entries, moving its entries there from its old region. */
  private bucketRegion(b: i32, log: i32): void {
    let e = this.bFree[log];
    if (e >= 0) {
      this.bFree[log] = this.bArena[4 * e];
    } else {
      e = this.bTop;
      const need = (e + (1 << log)) * 4;
      if (need > this.bArena.length) {
        let c = this.bArena.length * 2;
        while (c < need) c *= 2;
        const arena = alignedInt32Array(c, 64);
        for (let i = 0; i < this.bTop * 4; i++) arena[i] = this.bArena[i];
        this.bArena = arena;
        this.bArenaF = f64View(arena);
      }
      this.bTop = e + (1 << log);
    }
    const m = b * BM;
    const len = this.bMeta[m + B_LEN];
    if (len > 0) {
      const from = this.bMeta[m + B_OFF];
      for (let i = 0; i < 4 * len; i++) this.bArena[4 * e + i] = this.bArena[4 * from + i];
      this.freeBucketRegion(from, this.bMeta[m + B_LOG]);
    }
    this.bMeta[m + B_OFF] = e;
    this.bMeta[m + B_LOG] = log;
  }

  private freeBucketRegion(e: i32, log: i32): void {
    this.bArena[4 * e] = this.bFree[log];
    this.bFree[log] = e;
  }

  /** The heap is empty and events wait in the ring or the far heap: moves the horizon to the
   *  next non-empty window and pours its bucket into the heap. */
  private advance(): void {
    if (this.bucketed == 0) {
      // The ring is empty: restart it at the far heap's first window.
      this.horizon = this.windowOf(f64Get(f64Base(this.farF), 2));
      this.refill();
      if (this.bucketed == 0) return; // (not reached: the far heap's first entry is now in the ring)
    }
    // The first non-empty slot from ringHead on (circularly), by the occupancy bitmap.
    const head = this.ringHead;
    let w = head >> 5;
    let bits = this.bUsed[w] & (-1 << (head & 31));
    while (bits == 0) {
      w = (w + 1) & (NBW - 1);
      bits = this.bUsed[w];
    }
    const b = (w << 5) + ctz32(bits);
    this.horizon += <f64>((b - head) & (NB - 1));
    // Pour the bucket into the heap.
    const m = b * BM;
    const len = this.bMeta[m + B_LEN];
    const off = this.bMeta[m + B_OFF];
    const af = this.bArenaF;
    const a = this.bArena;
    // (Dead entries, ends taken back, go into the heap too and are dropped when they reach its
    // top (next()): testing them here read each poured end's slot line, a miss per entry that the
    // engine's look-ahead (loop.ts touchPoured) makes anyway, overlapped with the node's.)
    for (let i = 0; i < len; i++) {
      const e = off + i;
      this.heapPush(af[2 * e], a[4 * e + 2], a[4 * e + 3]);
    }
    this.pouredOff = off;
    this.pouredLen = len;
    this.bucketed -= len;
    this.bMeta[m + B_LEN] = 0;
    this.freeBucketRegion(off, this.bMeta[m + B_LOG]);
    this.bUsed[b >> 5] &= ~(1 << (b & 31));
    this.ringHead = (b + 1) & (NB - 1);
    this.horizon += 1.0;
    this.refill();
  }

  /** Moves the far heap's events of windows the ring now covers into their buckets. */
  private refill(): void {
    const limit = this.horizon + <f64>NB;
    while (this.farSize > 0) {
      const t = f64Get(f64Base(this.farF), 2);
      const k = this.windowOf(t);
      if (!(k < limit)) return;
      const x = this.far[ES + E_X];
      const y = this.far[ES + E_Y];
      this.farRemove(1);
      this.add(t, x, y); // (to its bucket; a dead one too: next() drops it)
    }
  }

  /** A heap array of twice the length of `h`, holding its entries. */
  private static doubled(h: Int32Array): Int32Array {
    const heap = alignedInt32Array(h.length * 2, 64);
    for (let i = 0; i < h.length; i++) heap[i] = h[i];
    return heap;
  }

  /** Adds (t, x, y) to the heap. */
  private heapPush(t: f64, x: i32, y: i32): void {
    const i = this.size + 1;
    if ((i + 1) * ES > this.heap.length) {
      this.heap = EventQueue.doubled(this.heap);
      this.heapF = f64View(this.heap);
    }
    this.size = i;
    this.siftUp(this.heap, this.heapF, i, t, x, y);
  }

  private growPool(): void {
    const cap = this.free.length;
    const c = cap * 2;
    const pool = new Int32Array(c * PS);
    for (let i = 0; i < cap * PS; i++) pool[i] = this.pool[i];
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

  /** Adds an event at `t` to lane 1 or 2; `t` must not precede the lane's last event. */
  pushLane(lane: i32, t: f64, kind: i32, a: i32, b: i32): void {
    // (seqNumber written out: the engine's commonest push, and binaryen keeps the call)
    const s = this.nextSeq;
    if (s == 2147483647) fail(E_SEQUENCE_OVERFLOW); // more than 2^31 events in one run
    this.nextSeq = s + 1;
    (lane == 1 ? this.lane1 : this.lane2).push(t, s, kind, a, b);
  }

  /** Events not yet taken. */
  pending(): i32 {
    return this.size + this.bucketed + this.farSize + this.lane1.count + this.lane2.count + this.cancellablePending - this.dead;
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

  /** The sequence number of the first event of source `src` (0 heap, 1 and 2 lanes, 3 the
   *  cancellable heap). */
  private headSeq(src: i32): i32 {
    if (src == 1) return this.lane1.seq[this.lane1.head];
    if (src == 2) return this.lane2.seq[this.lane2.head];
    if (src == 3) return this.cancellable.headSeq();
    return this.heap[ES + E_Y];
  }

  /** Removes the earliest event into cur*; returns false when none is left. Sequence numbers
   *  are compared only between equal times. */
  next(): bool {
    const l1 = this.lane1;
    const l2 = this.lane2;
    // 0: heap, 1: lane 1, 2: lane 2
    let src = -1;
    let bt: f64 = 0.0;
    while (this.size == 0 && this.bucketed + this.farSize > 0) this.advance();
    if (this.size > 0) { src = 0; bt = this.heapF[2]; }
    if (l1.count > 0) {
      const t = l1.time[l1.head];
      if (src < 0 || t < bt || (t == bt && l1.seq[l1.head] < this.headSeq(src))) { src = 1; bt = t; }
    }
    if (l2.count > 0) {
      const t = l2.time[l2.head];
      if (src < 0 || t < bt || (t == bt && l2.seq[l2.head] < this.headSeq(src))) { src = 2; bt = t; }
    }
    if (this.cancellablePending > 0) {
      const ch = this.cancellable;
      const t = ch.headTime();
      if (src < 0 || t < bt || (t == bt && ch.headSeq() < this.headSeq(src))) { src = 3; bt = t; }
    }
    if (src < 0) return false;
    if (src == 1) { l1.take(this); return true; }
    if (src == 2) { l2.take(this); return true; }
    if (src == 3) { this.cancellable.take(this); this.cancellablePending--; return true; }
    const x = this.heap[ES + E_X];
    if (x >= 0) {
      const sl = this.slots;
      const b = SLS * x;
      if (sl[b + SL_SEQ] != this.heap[ES + E_Y]) {
        // A dead entry (an end taken back, cancelEnd; every one is dropped here): it leaves the
        // heap, and the sources are compared again, nothing else having been taken.
        this.dead--;
        this.size = this.popIn(this.heap, this.heapF, this.size);
        return this.next();
      }
      this.curTime = bt;
      this.curKind = this.endKind;
      this.curA = this.slotsPerNode == 1 ? x : toI32(<f64>x / <f64>this.slotsPerNode); // exact for these magnitudes
      this.curB = sl[b + SL_TASK];
      this.curC = sl[b + SL_JOB];
      this.curD = sl[b + SL_TAG];
      sl[b + SL_TASK] = -1;
    } else {
      this.curTime = bt;
      const id = -1 - x;
      const p = id * PS;
      this.curKind = this.pool[p]; this.curA = this.pool[p + 1]; this.curB = this.pool[p + 2];
      this.curC = this.pool[p + 3];
      this.free[this.freeTop] = id;
      this.freeTop++;
    }
    this.size = this.popIn(this.heap, this.heapF, this.size);
    return true;
  }

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
    const p = id * PS;
    const pool = this.pool;
    pool[p] = kind; pool[p + 1] = a; pool[p + 2] = b; pool[p + 3] = c;
    this.add(t, -1 - id, s);
  }

  /** Takes back the pending end of slot `slot` (pushEnd): its task leaves the slot before that
   *  end, e.g. a policy suspends it (serve.ts suspendAt turns such a run into a preemptible one
   *  only then). O(1): the entry stays where it waits (heap, ring bucket or far heap), dead — its
   *  sequence number is no longer the slot's — and next() drops it when it reaches the heap's
   *  top, before any event is taken; its key never changes, so the others keep their order.
   *  (Finding it — a bucket's scan or the far heap's removal — cost a few cold lines per end
   *  taken back: 2 M of them in Hawk-Dice's full-size run.) Returns the end's job. */
  cancelEnd(slot: i32): i32 {
    const sl = this.slots;
    const b = SLS * slot;
    if (sl[b + SL_TASK] < 0) fail(E_EVENT_NOT_PENDING, slot);
    sl[b + SL_TASK] = -1;
    sl[b + SL_SEQ] = -1;
    this.dead++;
    return sl[b + SL_JOB];
  }

  /** Far heap: the entry (t, x, y) at position p. */
  private farPlace(p: i32, t: f64, x: i32, y: i32): void {
    this.farF[2 * p] = t;
    this.far[ES * p + E_X] = x;
    this.far[ES * p + E_Y] = y;
  }

  /** Far heap: whether entry (t, sequence y) precedes the entry at position p. */
  private farBefore(t: f64, y: i32, p: i32): bool {
    const tp = this.farF[2 * p];
    return t < tp || (t == tp && y < this.far[ES * p + E_Y]);
  }

  /** Far heap: adds (t, x, y). */
  private farPush(t: f64, x: i32, y: i32): void {
    const i = this.farSize + 1;
    if ((i + 1) * ES > this.far.length) {
      this.far = EventQueue.doubled(this.far);
      this.farF = f64View(this.far);
    }
    this.farSize = i;
    this.farUp(i, t, x, y);
  }

  /** Far heap: moves the hole at `hole` up past the entries after (t, x), and puts (t, x, y) there. */
  private farUp(hole: i32, t: f64, x: i32, y: i32): void {
    let i = hole;
    while (i > 1) {
      const q = i >> 1;
      if (!this.farBefore(t, y, q)) break;
      this.farPlace(i, this.farF[2 * q], this.far[ES * q + E_X], this.far[ES * q + E_Y]);
      i = q;
    }
    this.farPlace(i, t, x, y);
  }

  /** Far heap: removes position p (the last entry fills it, sifted up or down). */
  private farRemove(p: i32): void {
    const n = this.farSize;
    this.farSize = n - 1;
    if (p == n) return;
    const t = this.farF[2 * n];
    const x = this.far[ES * n + E_X];
    const y = this.far[ES * n + E_Y];
    if (p > 1 && this.farBefore(t, y, p >> 1)) { this.farUp(p, t, x, y); return; }
    const m = n - 1;
    let i = p;
    for (;;) {
      let c = 2 * i;
      if (c > m) break;
      if (c + 1 <= m && this.farBefore(this.farF[2 * (c + 1)], this.far[ES * (c + 1) + E_Y], c)) c++;
      if (this.farBefore(t, y, c)) break;
      this.farPlace(i, this.farF[2 * c], this.far[ES * c + E_X], this.far[ES * c + E_Y]);
      i = c;
    }
    this.farPlace(i, t, x, y);
  }

  /** Adds the end of `task` (of `job`) at `t` on a slot of `node` without a pending end; `tag`, the
   *  caller's, comes back with it (curD; serve.ts: a resumed run's record, so that its end reads
   *  no line of its own to find it). */
  pushEnd(node: i32, t: f64, task: i32, job: i32, tag: i32 = -1): void {
    let slot = node;
    const per = this.slotsPerNode;
    if (per > 1) {
      slot = node * per;
      const last = slot + per - 1;
      while (this.slots[SLS * slot + SL_TASK] >= 0) { if (slot == last) fail(E_SLOT_OVERSUBSCRIBED, node); slot++; }
    }
    const s = this.seqNumber();
    const sl = this.slots;
    const b = SLS * slot;
    sl[b + SL_TASK] = task;
    sl[b + SL_JOB] = job;
    sl[b + SL_SEQ] = s;
    sl[b + SL_TAG] = tag;
    this.add(t, slot, s);
  }

  /** The calendar window of time t (>= 0): floor(t / W), at most KMAX (an infinite product
   *  too). */
  private windowOf(t: f64): f64 { return Math.min(Math.floor(t * this.invW), KMAX); }

  /** Files the entry (t, x, y) by its window: the heap, a bucket of the ring, or the far heap
   *  (its sequence number y decides between equal times). */
  private add(t: f64, x: i32, y: i32): void {
    const k = this.windowOf(t);
    if (k < this.horizon) {
      this.heapPush(t, x, y);
    } else if (k < this.horizon + <f64>NB) {
      this.bucketAdd((this.ringHead + toI32(k - this.horizon)) & (NB - 1), t, x, y);
    } else {
      this.farPush(t, x, y);
    }
  }

  /** Moves the hole at position `hole` of heap (heap, heapF) up past the entries after (t, x)
   *  and puts the entry (t, x, y) there. */
  private siftUp(heap: Int32Array, heapF: Float64Array, hole: i32, t: f64, x: i32, y: i32): void {
    const hf = f64Base(heapF);
    const h = i32Base(heap);
    let i = hole;
    while (i > 1) {
      const q = i >> 1;
      const tq = f64Get(hf, 2 * q);
      if (tq < t || (tq == t && i32Get(h, ES * q + E_Y) < y)) break;
      f64Set(hf, 2 * i, tq);
      i32PairCopy(h, ES * q + E_X, ES * i + E_X);
      i = q;
    }
    f64Set(hf, 2 * i, t); i32Set(h, ES * i + E_X, x); i32Set(h, ES * i + E_Y, y);
  }

  /** Removes the minimum (position 1) of the heap (heap, heapF) of n entries; returns n - 1.
   *  Bottom-up: the hole at the root walks down to a leaf
   *  along the smaller children (one comparison per level), then the last entry sifts up from
   *  there, which is short since it came from the bottom. Keys (time, sequence) are unique, so
   *  the order of pops is the one any heap gives. (A 4-ary heap was measured and lost:
   *  docs/perf-log.md.) */
  private popIn(heap: Int32Array, heapF: Float64Array, n: i32): i32 {
    if (n == 1) return 0;
    const hf = f64Base(heapF);
    const h = i32Base(heap);
    const t = f64Get(hf, 2 * n);
    const x = i32Get(h, ES * n + E_X);
    const y = i32Get(h, ES * n + E_Y);
    // The last entry is held in (t, x, y); an infinite time in its place means a right child
    // at position n is never taken, so the loop needs no test for a missing right child.
    f64Set(hf, 2 * n, Infinity);
    let i = 1;
    let c = 2;
    let acc = 0;
    while (c < n) {
      // Look-ahead: the walk is one dependent load per level (which child is smaller decides
      // where the next level is), and below the top levels each is a miss. The children of the
      // level after next lie among the great-grandchildren of i, positions 8i .. 8i + 7: two
      // cache lines (entries are 16 bytes and the heap line-aligned), loaded here before this
      // level's comparison, so two levels of work overlap their misses. (One level ahead, one
      // line, gained less; three levels, four lines, lost to the extra loads.)
      const g = c << 2;
      const g2 = g + 4;
      acc ^= i32Get(h, ES * (g < n ? g : n)) ^ i32Get(h, ES * (g2 < n ? g2 : n));
      // Which child is smaller is a coin flip: computed as a value and applied with a
      // conditional move, not a branch that mispredicts half the time. Equal (finite) times
      // are rare, so that branch is predictable.
      const r = c + 1;
      const tc = f64Get(hf, 2 * c);
      const tr = f64Get(hf, 2 * r);
      let right = tr < tc;
      if (tr == tc) right = i32Get(h, ES * r + E_Y) < i32Get(h, ES * c + E_Y);
      c = right ? r : c;
      f64Set(hf, 2 * i, f64Get(hf, 2 * c));
      i32PairCopy(h, ES * c + E_X, ES * i + E_X);
      i = c;
      c = 2 * i;
    }
    this.touchSink = acc;
    this.siftUp(heap, heapF, i, t, x, y);
    return n - 1;
  }
}
