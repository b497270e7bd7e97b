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

/** Pool fields per event id: kind, a, b, c, sequence number. */
const PS: i32 = 5;
const P_SEQ: i32 = 4;
/** Ints per heap entry: the time (an f64), x, y. x >= 0: the end of the task on slot x, whose
 *  job is y. x < 0: the event with pool id -1 - x. */
const ES: i32 = 4;
const E_X: i32 = 2;
const E_Y: i32 = 3;

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

/** The heap plus the two fixed-delay lanes. Heap entries are 16 bytes, time and payload
 *  together, at positions 1 .. size (the children of p are 2p and 2p + 1, side by side), so a
 *  level of a sift reads one place. A task end, the commonest event, carries its slot and job in
 *  the entry; its task and sequence number sit in per-slot columns, and the sequence number is
 *  read only when two times are equal. Other events keep their payload (kind, a, b, c) and
 *  sequence number in a pool slot that stays put (a stack of free pool ids). */
export class EventQueue {
  size: i32 = 0;
  nextSeq: i32 = 0;
  heap: Int32Array;     // per position: ES ints (position 0 unused); line-aligned, so the
                        // two children of a position share one cache line
  heapF: Float64Array;  // view: heapF[2 p] is the time at position p
  pool: Int32Array;     // per id: PS fields
  free: Int32Array;     // free pool ids: free[0 .. freeTop - 1]
  freeTop: i32 = 0;
  /** Task ends (pushEnd): per slot, the task whose end is pending (-1: none) and its sequence
   *  number; taken as events of kind `endKind` with a = node, b = task, c = job. */
  slotTask: Int32Array = new Int32Array(0);
  slotSeq: Int32Array = new Int32Array(0);
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
  /** Per slot: the far-heap position of its pending end while that end is in the far heap (kept
   *  by the far heap's own sifts, farPlace), so that cancelEnd takes it out in O(log n): a task
   *  suspended hours before its end (Dice) had it searched among a thousand far entries. */
  farPos: Int32Array = new Int32Array(0);
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

  /** Poured entry i, a task end: its job. */
  pouredJob(i: i32): i32 { return this.bArena[4 * (this.pouredOff + i) + E_Y]; }

  /** Task ends on `slots` slots (`perNode` per node) come as events of kind `kind`. */
  useSlots(slots: i32, perNode: i32, kind: i32): void {
    this.slotTask = new Int32Array(slots);
    this.slotTask.fill(-1);
    this.slotSeq = new Int32Array(slots);
    this.farPos = new Int32Array(slots);
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
      this.add(t, x, y); // (to its bucket)
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

  /** The sequence number of heap entry payload x. */
  private seqOf(x: i32): i32 { return x >= 0 ? this.slotSeq[x] : this.pool[(-1 - x) * PS + P_SEQ]; }

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
    return this.size + this.bucketed + this.farSize + this.lane1.count + this.lane2.count + this.cancellablePending;
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
    return this.seqOf(this.heap[ES + E_X]);
  }

  /** Removes the earliest event into cur*; returns false when none is left. Sequence numbers
   *  are compared only between equal times. */
  next(): bool {
    const l1 = this.lane1;
    const l2 = this.lane2;
    // 0: heap, 1: lane 1, 2: lane 2
    let src = -1;
    let bt: f64 = 0.0;
    if (this.size == 0 && this.bucketed + this.farSize > 0) this.advance();
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
    this.curTime = bt;
    const x = this.heap[ES + E_X];
    if (x >= 0) {
      this.curKind = this.endKind;
      this.curA = this.slotsPerNode == 1 ? x : toI32(<f64>x / <f64>this.slotsPerNode); // exact for these magnitudes
      this.curB = this.slotTask[x];
      this.curC = this.heap[ES + E_Y];
      this.slotTask[x] = -1;
    } else {
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
    pool[p] = kind; pool[p + 1] = a; pool[p + 2] = b; pool[p + 3] = c; pool[p + P_SEQ] = s;
    this.add(t, -1 - id, 0);
  }

  /** Removes the pending end of slot `slot` (pushEnd), due at `t` (the time it was pushed
   *  with): its task leaves the slot before that end, e.g. a policy suspends it (serve.ts
   *  suspendAt turns such a run into a preemptible one only then). Its window says where the
   *  entry is: the heap (scanned, a few dozen entries), the ring bucket of its window (scanned),
   *  or the far heap (its position is kept per slot: O(log n)); the others keep their order.
   *  Returns the end's job. */
  cancelEnd(slot: i32, t: f64): i32 {
    const job = this.slotTask[slot] < 0 ? -1 : this.removeEnd(slot, t);
    if (job < 0) fail(E_EVENT_NOT_PENDING, slot);
    this.slotTask[slot] = -1;
    return job;
  }

  /** Removes the entry of slot x (its window is that of t); returns its job, or -1. Where the
   *  entry is follows from its window k (add, advance and refill keep it so): k < horizon in the
   *  heap (a few dozen entries, scanned), the next NB windows in k's bucket (scanned: about 16
   *  entries), later ones in the far heap at farPos[x]. */
  private removeEnd(x: i32, t: f64): i32 {
    const k = this.windowOf(t);
    if (k >= this.horizon) {
      if (k < this.horizon + <f64>NB) {
        const b = (this.ringHead + toI32(k - this.horizon)) & (NB - 1);
        const m = b * BM;
        const len = this.bMeta[m + B_LEN];
        const off = this.bMeta[m + B_OFF];
        for (let i = 0; i < len; i++) {
          const e = off + i;
          if (this.bArena[4 * e + E_X] != x) continue;
          const job = this.bArena[4 * e + E_Y];
          // (a bucket is unordered: the last entry takes its place)
          const last = off + len - 1;
          for (let j = 0; j < 4; j++) this.bArena[4 * e + j] = this.bArena[4 * last + j];
          this.bMeta[m + B_LEN] = len - 1;
          this.bucketed--;
          if (len == 1) {
            this.freeBucketRegion(off, this.bMeta[m + B_LOG]);
            this.bUsed[b >> 5] &= ~(1 << (b & 31));
          }
          return job;
        }
        return -1;
      }
      const p = this.farPos[x];
      if (p < 1 || p > this.farSize || this.far[ES * p + E_X] != x) return -1;
      const job = this.far[ES * p + E_Y];
      this.farRemove(p);
      return job;
    }
    for (let p = 1; p <= this.size; p++) {
      if (this.heap[ES * p + E_X] != x) continue;
      const job = this.heap[ES * p + E_Y];
      this.size = this.removeAt(this.heap, this.heapF, this.size, p);
      return job;
    }
    return -1;
  }

  /** Far heap: the entry (t, x, y) at position p (a slot's end notes its position). */
  private farPlace(p: i32, t: f64, x: i32, y: i32): void {
    this.farF[2 * p] = t;
    this.far[ES * p + E_X] = x;
    this.far[ES * p + E_Y] = y;
    if (x >= 0) this.farPos[x] = p;
  }

  /** Far heap: whether entry (t, x) precedes the entry at position p. */
  private farBefore(t: f64, x: i32, p: i32): bool {
    const tp = this.farF[2 * p];
    return t < tp || (t == tp && this.seqOf(x) < this.seqOf(this.far[ES * p + E_X]));
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
      if (!this.farBefore(t, x, q)) break;
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
    if (p > 1 && this.farBefore(t, x, p >> 1)) { this.farUp(p, t, x, y); return; }
    const m = n - 1;
    let i = p;
    for (;;) {
      let c = 2 * i;
      if (c > m) break;
      if (c + 1 <= m && this.farBefore(this.farF[2 * (c + 1)], this.far[ES * (c + 1) + E_X], c)) c++;
      if (this.farBefore(t, x, c)) break;
      this.farPlace(i, this.farF[2 * c], this.far[ES * c + E_X], this.far[ES * c + E_Y]);
      i = c;
    }
    this.farPlace(i, t, x, y);
  }

  /** Removes position p of heap (heap, heapF) of n entries; returns n - 1. */
  private removeAt(heap: Int32Array, heapF: Float64Array, n: i32, p: i32): i32 {
    if (p == n) return n - 1;
    const t = heapF[2 * n];
    const x = heap[ES * n + E_X];
    const y = heap[ES * n + E_Y];
    const m = n - 1;
    const q = p >> 1;
    if (p > 1 && (t < heapF[2 * q] || (t == heapF[2 * q] && this.seqOf(x) < this.seqOf(heap[ES * q + E_X])))) {
      this.siftUp(heap, heapF, p, t, x, y);
      return m;
    }
    // Down: the hole at p walks along the smaller children while one precedes (t, x).
    let i = p;
    for (;;) {
      let c = 2 * i;
      if (c > m) break;
      if (c + 1 <= m) {
        const tc = heapF[2 * c];
        const tr = heapF[2 * (c + 1)];
        if (tr < tc || (tr == tc && this.seqOf(heap[ES * (c + 1) + E_X]) < this.seqOf(heap[ES * c + E_X]))) c++;
      }
      const tc = heapF[2 * c];
      if (t < tc || (t == tc && this.seqOf(x) < this.seqOf(heap[ES * c + E_X]))) break;
      heapF[2 * i] = tc;
      heap[ES * i + E_X] = heap[ES * c + E_X];
      heap[ES * i + E_Y] = heap[ES * c + E_Y];
      i = c;
    }
    heapF[2 * i] = t;
    heap[ES * i + E_X] = x;
    heap[ES * i + E_Y] = y;
    return m;
  }

  /** Adds the end of `task` (of `job`) at `t` on a slot of `node` without a pending end. */
  pushEnd(node: i32, t: f64, task: i32, job: i32): void {
    let slot = node;
    const per = this.slotsPerNode;
    if (per > 1) {
      slot = node * per;
      const last = slot + per - 1;
      while (this.slotTask[slot] >= 0) { if (slot == last) fail(E_SLOT_OVERSUBSCRIBED, node); slot++; }
    }
    const s = this.seqNumber();
    this.slotTask[slot] = task;
    this.slotSeq[slot] = s;
    this.add(t, slot, job);
  }

  /** The calendar window of time t (>= 0): floor(t / W), at most KMAX (an infinite product
   *  too). */
  private windowOf(t: f64): f64 { return Math.min(Math.floor(t * this.invW), KMAX); }

  /** Files the entry (t, x, y) by its window: the heap, a bucket of the ring, or the far heap
   *  (its sequence number is read back through seqOf(x) when times tie). */
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
      if (tq < t || (tq == t && this.seqOf(i32Get(h, ES * q + E_X)) < this.seqOf(x))) break;
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
      if (tr == tc) right = this.seqOf(i32Get(h, ES * r + E_X)) < this.seqOf(i32Get(h, ES * c + E_X));
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
