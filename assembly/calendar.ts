// The calendar of the event queue (events.ts): entries (time, value, sequence number) in the
// order of the heap (toolkit/heap.ts: time, then sequence number), held so that the heap the
// queue pops from stays small. Time is cut into windows of width W, window k(t) = floor(t / W).
// The near heap holds only the entries of windows below `horizon` (a few dozen, so its walks
// stay in the L1 cache where a heap of every pending task end missed at its lower levels); the
// entries of the next RING_WINDOWS windows wait unsorted in a ring of buckets, one per window,
// and later ones in a second heap (`far`). When the near heap runs empty the next non-empty
// bucket (found by an occupancy bitmap) is poured into it. k is monotone in t, so every entry
// in the near heap precedes every entry outside it, and the order of entries is the one a
// single heap gives, whatever W is: W only decides the speed. Without useWindows(), W is
// infinite in effect: every entry goes to the near heap.
//
// The calendar's first entries wait in the run: a short sorted array taken from the front,
// every entry of which precedes every entry of the near heap. The queue reads and takes only
// the run's first entry (events.ts); when the run is empty, fillRun() moves the near heap's top
// into it, or, with the near heap empty too, pours the next window: a pour of at most RUN_POUR
// entries (the common case: a window holds a few dozen) is sorted by insertion straight into the
// run — a sort of so few costs less than a push and a pop of the heap per entry — and a larger
// one goes to the near heap. An entry added to the current window goes into the run when it
// precedes the run's last entry or the near heap is empty (at its place), into the near heap
// otherwise; when the run has no room left, the run moves into the near heap.
import { f64View, toI32, alignedInt32Array, ctz32, f64Base, i32Base, f64Get, f64Set, i32Get, i32Set, i32PairCopy, F64Ptr, I32Ptr } from "./glue";
import { fail, E_CALENDAR } from "./errors";
import { MinHeap, ENTRY_INTS, ENTRY_VALUE, ENTRY_TIE, entryBefore } from "./toolkit/heap";

/** Windows in the ring (a power of two), and its occupancy bitmap's words. */
const RING_WINDOWS: i32 = 8192;
const RING_WORDS: i32 = RING_WINDOWS >> 5;
/** The last window index: later windows are all this one. Indices stay exact integers, and
 *  horizon + RING_WINDOWS + 1 too, far below 2^53; past 2^53 `horizon += 1` would not move and a
 *  window would never be reached (times of 1e20 s with windows of 1 s, or 1e-300 s windows).
 *  Clamping keeps k(t) monotone (not strictly: the entries of the clamped window are ordered by
 *  the heap), so the order is unchanged; runs whose times stay below 2^52 windows never see it. */
const LAST_WINDOW: f64 = 4503599627370496.0; // 2^52
/** Ints per ring slot in bMeta: the first entry of its bucket's region in the arena, the
 *  bucket's entries, and log2 of the region's capacity (-1: no region). */
const BUCKET_INTS: i32 = 4;
const BUCKET_OFF: i32 = 0;
const BUCKET_LEN: i32 = 1;
const BUCKET_LOG: i32 = 2;
/** log2 of a bucket's first region (16 entries). */
const BUCKET_FIRST_LOG: i32 = 4;
/** The most entries a pour sorts into the run (a larger one goes to the near heap), and the
 *  run's positions (1 .. RUN_ROOM - 1; the rest is for entries added to the current window
 *  while it lasts). */
const RUN_POUR: i32 = 64;
const RUN_ROOM: i32 = 128;

export class Calendar {
  /** The entries of the windows below the horizon. */
  near: MinHeap;
  /** The entries beyond the ring's windows. */
  far: MinHeap = new MinHeap(0);
  invW: f64 = 0.0;            // 1 / W; 0 with horizon 1: every entry goes to the near heap
  horizon: f64 = 1.0;         // the window of ring slot ringHead; the near heap holds windows below it
  ringHead: i32 = 0;
  bucketed: i32 = 0;          // entries in the ring
  // Per ring slot, BUCKET_INTS ints (above). A drained bucket gives its region back (most
  // recently freed first out, so a new bucket gets lines still in cache), and the arena stays
  // close to the entries pending.
  bMeta: Int32Array = new Int32Array(RING_WINDOWS * BUCKET_INTS);
  bMetaP: I32Ptr = i32Base(this.bMeta);       // its elements (calendarAdd reads through them)
  bUsed: Int32Array = new Int32Array(RING_WORDS); // bit per ring slot: its bucket is not empty
  bArena: Int32Array = new Int32Array(0);  // entries of ENTRY_INTS ints, laid out like the heap's
  bArenaF: Float64Array = new Float64Array(0);
  bArenaP: I32Ptr = i32Base(this.bArena);     // the arena's elements, as ints and as f64s (set
  bArenaFP: F64Ptr = f64Base(this.bArenaF);   // with the arena: calendarAdd writes through them)
  bTop: i32 = 0;                           // arena entries below this belong to some region
  bFree: Int32Array = new Int32Array(32);  // per size class: a free region, -1 if none
  /** The run (see above): entries at positions runHead .. runEnd - 1 (from 1: position 0
   *  holds a key of -Infinity, which ends a pour's insertion without a bound test), laid out
   *  like the heap's (ENTRY_INTS ints each, the key the f64 at 2 p), in (time, sequence) order.
   *  Its storage never grows, so the base pointers stay valid. */
  runInts: Int32Array;
  runK: F64Ptr;
  runI: I32Ptr;
  runHead: i32 = 1;
  runEnd: i32 = 1;

  constructor(capacity: i32) {
    this.near = new MinHeap(capacity);
    const ints = alignedInt32Array(ENTRY_INTS * RUN_ROOM, 64);
    const keys = f64View(ints);
    keys[0] = -Infinity;
    this.runInts = ints;
    this.runK = f64Base(keys);
    this.runI = i32Base(ints);
  }

  /** Entries held (run, near heap, ring and far heap). */
  count(): i32 { return this.runEnd - this.runHead + this.near.size + this.bucketed + this.far.size; }

  /** The run is empty: moves the calendar's first entry into it (the near heap's top, or from the
   *  next window's pour); leaves it empty when the calendar is. */
  fillRun(): void {
    const near = this.near;
    while (near.size == 0 && this.runHead == this.runEnd && this.bucketed + this.far.size > 0) this.advance();
    if (this.runHead == this.runEnd && near.size > 0) {
      f64Set(this.runK, 2, near.topKey());
      i32Set(this.runI, ENTRY_INTS + ENTRY_VALUE, near.topValue());
      i32Set(this.runI, ENTRY_INTS + ENTRY_TIE, near.topTie());
      near.pop();
      this.runHead = 1;
      this.runEnd = 2;
    }
  }

  /** Cuts time into windows of `width` seconds (> 0); call before any add. */
  useWindows(width: f64): void {
    if (!(width > 0.0) || this.count() > 0) fail(E_CALENDAR);
    this.invW = 1.0 / width;
    this.near.lookAhead = false; // (a few dozen entries, in the L1 cache: toolkit/heap.ts)
    this.horizon = 0.0;
    this.ringHead = 0;
    this.bucketed = 0;
    this.runHead = 1;
    this.runEnd = 1;
    for (let b = 0; b < RING_WINDOWS; b++) { this.bMeta[b * BUCKET_INTS + BUCKET_LEN] = 0; this.bMeta[b * BUCKET_INTS + BUCKET_LOG] = -1; }
    this.bUsed.fill(0);
    this.bFree.fill(-1);
    this.bTop = 0;
    const arena = alignedInt32Array(ENTRY_INTS * 4096, 64);
    this.pointArena(arena);
    this.far = new MinHeap(64);
  }

  private pointArena(arena: Int32Array): void {
    this.bArena = arena;
    this.bArenaF = f64View(arena);
    this.bArenaP = i32Base(arena);
    this.bArenaFP = f64Base(this.bArenaF);
  }

  /** The calendar window of time t (>= 0): floor(t / W), at most LAST_WINDOW (an infinite
   *  product too). */
  windowOf(t: f64): f64 { return Math.min(Math.floor(t * this.invW), LAST_WINDOW); }

  /** Files the entry (t, value, seq) by its window: the near heap, a bucket of the ring, or the
   *  far heap. */
  add(t: f64, value: i32, seq: i32): void { this.addIn(this.windowOf(t), t, value, seq); }

  /** add() of an entry whose window is k (windowOf(t)). */
  addIn(k: f64, t: f64, value: i32, seq: i32): void {
    if (k < this.horizon) {
      const last = this.runEnd - 1;
      if (this.runHead <= last && (this.near.size == 0 || entryBefore(t, seq, f64Get(this.runK, 2 * last), i32Get(this.runI, ENTRY_INTS * last + ENTRY_TIE)))) {
        this.runAdd(t, value, seq);
      } else {
        this.near.push(t, value, seq);
      }
    } else if (k < this.horizon + <f64>RING_WINDOWS) {
      this.bucketAdd((this.ringHead + toI32(k - this.horizon)) & (RING_WINDOWS - 1), t, value, seq);
    } else {
      this.far.push(t, value, seq);
    }
  }

  /** Inserts (t, value, seq) into the run (not empty) at its place; with no room at the run's
   *  end, moves the run into the near heap and pushes it there (the next fillRun takes the
   *  first back). */
  private runAdd(t: f64, value: i32, seq: i32): void {
    let i = this.runEnd;
    if (i == RUN_ROOM) {
      const near = this.near;
      for (let p = this.runHead; p < i; p++) {
        near.push(f64Get(this.runK, 2 * p), i32Get(this.runI, ENTRY_INTS * p + ENTRY_VALUE), i32Get(this.runI, ENTRY_INTS * p + ENTRY_TIE));
      }
      this.runHead = 1;
      this.runEnd = 1;
      near.push(t, value, seq);
      return;
    }
    // The position before the run's first holds the sentinel or an entry already taken, read
    // never again: a key of -Infinity there bounds the walk.
    f64Set(this.runK, 2 * this.runHead - 2, -Infinity);
    runInsert(this.runK, this.runI, i, t, value, seq);
    this.runEnd = i + 1;
  }

  /** Appends (t, value, seq) to the bucket of ring slot b. */
  private bucketAdd(b: i32, t: f64, value: i32, seq: i32): void {
    const m = b * BUCKET_INTS;
    const len = this.bMeta[m + BUCKET_LEN];
    if (len == 0) {
      this.bucketRegion(b, BUCKET_FIRST_LOG);
      this.bUsed[b >> 5] |= 1 << (b & 31);
    } else if (len == 1 << this.bMeta[m + BUCKET_LOG]) {
      this.bucketRegion(b, this.bMeta[m + BUCKET_LOG] + 1);
    }
    appendToBucket(this, m, len, t, value, seq);
  }

  /** Gives slot b a region of 2^log entries, moving its entries there from its old region. */
  private bucketRegion(b: i32, log: i32): void {
    let e = this.bFree[log];
    if (e >= 0) {
      this.bFree[log] = this.bArena[ENTRY_INTS * e];
    } else {
      e = this.bTop;
      const need = (e + (1 << log)) * ENTRY_INTS;
      if (need > this.bArena.length) {
        let c = this.bArena.length * 2;
        while (c < need) c *= 2;
        const arena = alignedInt32Array(c, 64);
        for (let i = 0; i < this.bTop * ENTRY_INTS; i++) arena[i] = this.bArena[i];
        this.pointArena(arena);
      }
      this.bTop = e + (1 << log);
    }
    const m = b * BUCKET_INTS;
    const len = this.bMeta[m + BUCKET_LEN];
    if (len > 0) {
      const from = this.bMeta[m + BUCKET_OFF];
      for (let i = 0; i < ENTRY_INTS * len; i++) this.bArena[ENTRY_INTS * e + i] = this.bArena[ENTRY_INTS * from + i];
      this.freeBucketRegion(from, this.bMeta[m + BUCKET_LOG]);
    }
    this.bMeta[m + BUCKET_OFF] = e;
    this.bMeta[m + BUCKET_LOG] = log;
  }

  private freeBucketRegion(e: i32, log: i32): void {
    this.bArena[ENTRY_INTS * e] = this.bFree[log];
    this.bFree[log] = e;
  }

  /** The run and the near heap are empty and entries wait in the ring or the far heap: moves the
   *  horizon to the next non-empty window and pours its bucket into the run or the near heap. */
  private advance(): void {
    if (this.bucketed == 0) {
      // The ring is empty: restart it at the far heap's first window.
      this.horizon = this.windowOf(this.far.topKey());
      this.refill();
      if (this.bucketed == 0) return; // (not reached: the far heap's first entry is now in the ring)
    }
    // The first non-empty slot from ringHead on (circularly), by the occupancy bitmap.
    const head = this.ringHead;
    let w = head >> 5;
    let bits = this.bUsed[w] & (-1 << (head & 31));
    while (bits == 0) {
      w = (w + 1) & (RING_WORDS - 1);
      bits = this.bUsed[w];
    }
    const b = (w << 5) + ctz32(bits);
    this.horizon += <f64>((b - head) & (RING_WINDOWS - 1));
    // Pour the bucket into the near heap. (The queue's dead entries, ends taken back, go in too
    // and are dropped when they reach its top: testing them here would read each poured end's
    // slot line, a miss per entry, long before the end's own event reads it.)
    const m = b * BUCKET_INTS;
    const len = this.bMeta[m + BUCKET_LEN];
    const off = this.bMeta[m + BUCKET_OFF];
    const af = this.bArenaF;
    const a = this.bArena;
    if (len <= RUN_POUR) {
      // Insertion sort into the run (empty, as the near heap: positions 1 .. len; the key of
      // -Infinity at position 0 stops every walk).
      const rk = this.runK;
      const ri = this.runI;
      const bf = f64Base(af);
      const bi = i32Base(a);
      for (let n = 1; n <= len; n++) {
        const e = off + n - 1;
        runInsert(rk, ri, n, f64Get(bf, 2 * e), i32Get(bi, ENTRY_INTS * e + ENTRY_VALUE), i32Get(bi, ENTRY_INTS * e + ENTRY_TIE));
      }
      this.runHead = 1;
      this.runEnd = len + 1;
    } else {
      const near = this.near;
      for (let i = 0; i < len; i++) {
        const e = off + i;
        near.push(af[2 * e], a[ENTRY_INTS * e + ENTRY_VALUE], a[ENTRY_INTS * e + ENTRY_TIE]);
      }
    }
    this.bucketed -= len;
    this.bMeta[m + BUCKET_LEN] = 0;
    this.freeBucketRegion(off, this.bMeta[m + BUCKET_LOG]);
    this.bUsed[b >> 5] &= ~(1 << (b & 31));
    this.ringHead = (b + 1) & (RING_WINDOWS - 1);
    this.horizon += 1.0;
    this.refill();
  }

  /** Moves the far heap's entries of windows the ring now covers into their buckets. */
  private refill(): void {
    const limit = this.horizon + <f64>RING_WINDOWS;
    const far = this.far;
    while (far.size > 0) {
      const t = far.topKey();
      if (!(this.windowOf(t) < limit)) return;
      const value = far.topValue();
      const seq = far.topTie();
      far.pop();
      this.add(t, value, seq); // (to its bucket)
    }
  }
}

/** Appends (t, value, seq) to the bucket whose ints in bMeta start at m, which holds `len` entries
 *  and has room for one more. */
// @ts-ignore: decorator
@inline function appendToBucket(c: Calendar, m: i32, len: i32, t: f64, value: i32, seq: i32): void {
  const mp = c.bMetaP;
  const e = i32Get(mp, m + BUCKET_OFF) + len;
  f64Set(c.bArenaFP, 2 * e, t);
  const ap = c.bArenaP;
  i32Set(ap, ENTRY_INTS * e + ENTRY_VALUE, value);
  i32Set(ap, ENTRY_INTS * e + ENTRY_TIE, seq);
  i32Set(mp, m + BUCKET_LEN, len + 1);
  c.bucketed++;
}

/** c.add(t, value, seq), its commonest case inlined: an entry appended to a ring bucket that has
 *  room (a few loads and stores to lines in cache), where add is a call with a large frame (the
 *  other cases: a bucket's first entry or its region full, the near heap or run, the far heap). */
// @ts-ignore: decorator
@inline export function calendarAdd(c: Calendar, t: f64, value: i32, seq: i32): void {
  const k = c.windowOf(t);
  const h = c.horizon;
  let done = false;
  if (k >= h && k < h + <f64>RING_WINDOWS) {
    const mp = c.bMetaP;
    const m = BUCKET_INTS * ((c.ringHead + toI32(k - h)) & (RING_WINDOWS - 1));
    const len = i32Get(mp, m + BUCKET_LEN);
    if (len != 0 && len != 1 << i32Get(mp, m + BUCKET_LOG)) {
      appendToBucket(c, m, len, t, value, seq);
      done = true;
    }
  }
  if (!done) c.addIn(k, t, value, seq);
}

/** Inserts (t, value, seq) among the run's positions below `i`, which are in order down to a
 *  key of -Infinity: the entries after it move up one position, from position i - 1 down.
 *  (Indexed by h, the key's f64 index 2 p of position p: its ints are at 2 h.) */
// @ts-ignore: decorator
@inline function runInsert(rk: F64Ptr, ri: I32Ptr, i: i32, t: f64, value: i32, seq: i32): void {
  let h = 2 * i;
  for (;;) {
    const kq = f64Get(rk, h - 2);
    if (kq <= t) {
      if (kq < t) break;
      if (i32Get(ri, 2 * h - ENTRY_INTS + ENTRY_TIE) < seq) break;
    }
    f64Set(rk, h, kq);
    i32PairCopy(ri, 2 * h - ENTRY_INTS + ENTRY_VALUE, 2 * h + ENTRY_VALUE);
    h -= 2;
  }
  f64Set(rk, h, t); i32Set(ri, 2 * h + ENTRY_VALUE, value); i32Set(ri, 2 * h + ENTRY_TIE, seq);
}
