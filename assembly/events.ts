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
import { fail, f64Base, i32Base, f64Get, f64Set, i32Get, i32Set } from "./glue";

/** Structure-of-arrays storage for event records: time, sequence number, kind, a, b. */
export class EventColumns {
  time: Float64Array;
  seq: Int32Array;
  kind: Int32Array;
  a: Int32Array;
  b: Int32Array;

  constructor(capacity: i32) {
    this.time = new Float64Array(capacity);
    this.seq = new Int32Array(capacity);
    this.kind = new Int32Array(capacity);
    this.a = new Int32Array(capacity);
    this.b = new Int32Array(capacity);
  }

  /** Doubles the capacity, moving `count` records that start at `start` (wrapping around the
   *  end) to positions 0 .. count - 1. */
  protected grow(start: i32, count: i32): void {
    const cap = this.time.length;
    const c = cap * 2;
    const time = new Float64Array(c);
    const seq = new Int32Array(c);
    const kind = new Int32Array(c);
    const a = new Int32Array(c);
    const b = new Int32Array(c);
    for (let k = 0; k < count; k++) {
      let i = start + k;
      if (i >= cap) i -= cap;
      time[k] = this.time[i]; seq[k] = this.seq[i]; kind[k] = this.kind[i]; a[k] = this.a[i]; b[k] = this.b[i];
    }
    this.time = time; this.seq = seq; this.kind = kind; this.a = a; this.b = b;
  }
}

/** A FIFO of events created in non-decreasing time order (one constant delay). */
export class Lane extends EventColumns {
  head: i32 = 0;
  count: i32 = 0;

  push(t: f64, s: i32, kind: i32, a: i32, b: i32): void {
    if (this.count == this.time.length) { this.grow(this.head, this.count); this.head = 0; }
    let i = this.head + this.count;
    const cap = this.time.length;
    if (i >= cap) i -= cap;
    this.time[i] = t; this.seq[i] = s; this.kind[i] = kind; this.a[i] = a; this.b[i] = b;
    this.count++;
  }

  /** Moves the head event into the queue's current-event fields. */
  take(q: EventQueue): void {
    const i = this.head;
    q.curTime = this.time[i]; q.curKind = this.kind[i]; q.curA = this.a[i]; q.curB = this.b[i];
    const h = i + 1;
    this.head = h == this.time.length ? 0 : h;
    this.count--;
  }
}

/** Pool fields per event id: kind, a, b, c, sequence number. */
const PS: i32 = 5;
const P_SEQ: i32 = 4;

/** The heap plus the two fixed-delay lanes. The heap's columns hold only the time and a payload
 *  id (12 bytes moved per level of a sift); the payload (kind, a, b, c) and the sequence number
 *  sit in a pool slot that stays put, and the sequence number is read only when two times are
 *  equal. Free pool ids are parked in the id column past the heap's end, so taking and
 *  returning one costs nothing. */
export class EventQueue {
  size: i32 = 0;
  nextSeq: i32 = 0;
  time: Float64Array;
  id: Int32Array;
  pool: Int32Array;  // per id: PS fields
  /** Lanes for the two fixed delays: one network delay, and a round trip. */
  lane1: Lane;
  lane2: Lane;
  /** The event removed by next(). */
  curTime: f64 = 0.0;
  curKind: i32 = 0;
  curA: i32 = 0;
  curB: i32 = 0;
  curC: i32 = 0;     // heap events only (lanes carry a and b)

  constructor(capacity: i32) {
    this.lane1 = new Lane(1024);
    this.lane2 = new Lane(1024);
    const c = capacity < 16 ? 16 : capacity;
    this.time = new Float64Array(c);
    this.id = new Int32Array(c);
    this.pool = new Int32Array(c * PS);
    for (let i = 0; i < c; i++) this.id[i] = i;
  }

  private grow(): void {
    const cap = this.id.length;
    const c = cap * 2;
    const time = new Float64Array(c);
    const id = new Int32Array(c);
    const pool = new Int32Array(c * PS);
    for (let i = 0; i < cap; i++) { time[i] = this.time[i]; id[i] = this.id[i]; }
    for (let i = cap; i < c; i++) id[i] = i;
    for (let i = 0; i < cap * PS; i++) pool[i] = this.pool[i];
    this.time = time; this.id = id; this.pool = pool;
  }

  private seqNumber(): i32 {
    const s = this.nextSeq;
    if (s == 2147483647) fail(1); // more than 2^31 events in one run
    this.nextSeq = s + 1;
    return s;
  }

  /** Adds an event at `t` to lane 1 or 2; `t` must not precede the lane's last event. */
  pushLane(lane: i32, t: f64, kind: i32, a: i32, b: i32): void {
    (lane == 1 ? this.lane1 : this.lane2).push(t, this.seqNumber(), kind, a, b);
  }

  /** Events not yet taken. */
  pending(): i32 { return this.size + this.lane1.count + this.lane2.count; }

  /** Removes the earliest event into cur*; returns false when none is left. Sequence numbers
   *  are compared only between equal times. */
  next(): bool {
    const l1 = this.lane1;
    const l2 = this.lane2;
    // 0: heap, 1: lane 1, 2: lane 2
    let src = -1;
    let bt: f64 = 0.0;
    if (this.size > 0) { src = 0; bt = this.time[0]; }
    if (l1.count > 0) {
      const t = l1.time[l1.head];
      if (src < 0 || t < bt || (t == bt && l1.seq[l1.head] < this.pool[this.id[0] * PS + P_SEQ])) { src = 1; bt = t; }
    }
    if (l2.count > 0) {
      const t = l2.time[l2.head];
      if (src < 0 || t < bt || (t == bt && l2.seq[l2.head] < (src == 1 ? l1.seq[l1.head] : this.pool[this.id[0] * PS + P_SEQ]))) {
        src = 2; bt = t;
      }
    }
    if (src < 0) return false;
    if (src == 1) { l1.take(this); return true; }
    if (src == 2) { l2.take(this); return true; }
    const p = this.id[0] * PS;
    this.curTime = bt; this.curKind = this.pool[p]; this.curA = this.pool[p + 1]; this.curB = this.pool[p + 2];
    this.curC = this.pool[p + 3];
    this.pop();
    return true;
  }

  push(t: f64, kind: i32, a: i32, b: i32, c: i32 = 0): void {
    if (this.size == this.id.length) this.grow();
    const s = this.seqNumber();
    const ids = this.id;
    const pool = this.pool;
    const i = this.size;
    const id = ids[i]; // a free pool id parked past the end
    this.size = i + 1;
    const p = id * PS;
    pool[p] = kind; pool[p + 1] = a; pool[p + 2] = b; pool[p + 3] = c; pool[p + P_SEQ] = s;
    this.siftUp(i, t, s, id);
  }

  /** Moves the hole at heap position `i` up past the entries after (t, s) and puts event `id`
   *  (time t, sequence number s) there. */
  private siftUp(hole: i32, t: f64, s: i32, id: i32): void {
    const time = f64Base(this.time);
    const ids = i32Base(this.id);
    const pool = i32Base(this.pool);
    let i = hole;
    while (i > 0) {
      const q = (i - 1) >> 1;
      const tq = f64Get(time, q);
      if (tq < t || (tq == t && i32Get(pool, i32Get(ids, q) * PS + P_SEQ) < s)) break;
      f64Set(time, i, tq); i32Set(ids, i, i32Get(ids, q));
      i = q;
    }
    f64Set(time, i, t); i32Set(ids, i, id);
  }

  topTime(): f64 { return this.time[0]; }
  topKind(): i32 { return this.pool[this.id[0] * PS]; }
  topA(): i32 { return this.pool[this.id[0] * PS + 1]; }
  topB(): i32 { return this.pool[this.id[0] * PS + 2]; }

  /** Removes the minimum (read it with top*() first). Bottom-up: the hole at the root walks
   *  down to a leaf along the smaller children (one comparison per level), then the last
   *  element sifts up from there, which is short since it came from the bottom. Keys (time,
   *  sequence) are unique, so the order of pops is the one any heap gives. (A 4-ary version
   *  halved the L1 misses but ran 27% more instructions: no gain.) */
  pop(): void {
    const n = this.size - 1;
    this.size = n;
    const ids = i32Base(this.id);
    const freed = i32Get(ids, 0);
    if (n == 0) return; // the freed id is already parked at position 0 == size
    const time = f64Base(this.time);
    const pool = i32Base(this.pool);
    const t = f64Get(time, n);
    const x = i32Get(ids, n);
    let i = 0;
    let c = 1;
    while (c < n) {
      const r = c + 1;
      if (r < n) {
        // Which child is smaller is a coin flip: computed as a value and applied with a
        // conditional move, not a branch that mispredicts half the time. Equal times are
        // rare, so that branch is predictable.
        const tc = f64Get(time, c);
        const tr = f64Get(time, r);
        let right = tr < tc;
        if (tr == tc) right = i32Get(pool, i32Get(ids, r) * PS + P_SEQ) < i32Get(pool, i32Get(ids, c) * PS + P_SEQ);
        c = right ? r : c;
      }
      f64Set(time, i, f64Get(time, c)); i32Set(ids, i, i32Get(ids, c));
      i = c;
      c = 2 * i + 1;
    }
    this.siftUp(i, t, i32Get(pool, x * PS + P_SEQ), x);
    i32Set(ids, n, freed); // park the freed id past the new end
  }
}
