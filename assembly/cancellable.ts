// Cancellable events of the event queue (events.ts).
import { EventQueue } from "./events";
import { fail, E_EVENT_NOT_PENDING } from "./errors";
import { alignedInt32Array, f64View } from "./glue";

/** Events that may be cancelled before their time (the ends of preemptible runs, a discipline's
 *  quantum): a binary heap over (time, sequence) that knows each handle's position, so cancel()
 *  removes an event in O(log n) instead of leaving a stale one to be skipped later. It stands
 *  apart from the calendar (whose buckets have no delete); runs that cannot be preempted never
 *  use it, and next() merges its head with the others' by (time, sequence). */
export class CancellableHeap {
  size: i32 = 0;
  // By heap position 1 .. size (one more than handles), 16 bytes each, line-aligned like the
  // calendar's heap (events.ts) so that two siblings share a line: the time (f64 index 2p), the
  // sequence number (int 4p + 2) and the handle (int 4p + 3). A level of a sift reads one line.
  e: Int32Array;
  eF: Float64Array;
  // By handle: heap position (0: not pending) and payload.
  pos: Int32Array = new Int32Array(64);
  kind: Int32Array = new Int32Array(64);
  a: Int32Array = new Int32Array(64);
  b: Int32Array = new Int32Array(64);
  free: Int32Array = new Int32Array(64);
  freeTop: i32 = 0;

  constructor() {
    const e = alignedInt32Array(65 * 4, 64);
    this.e = e;
    this.eF = f64View(e);
    for (let i = 0; i < 64; i++) this.free[i] = 63 - i;
    this.freeTop = 64;
  }

  /** The earliest event's time and sequence number (size > 0). */
  headTime(): f64 { return this.eF[2]; }
  headSeq(): i32 { return this.e[6]; }

  private grow(): void {
    const cap = this.pos.length;
    const c = cap * 2;
    const e = alignedInt32Array((c + 1) * 4, 64);
    const pos = new Int32Array(c); const kind = new Int32Array(c); const a = new Int32Array(c);
    const b = new Int32Array(c); const free = new Int32Array(c);
    for (let i = 0; i < (cap + 1) * 4; i++) e[i] = this.e[i];
    for (let i = 0; i < cap; i++) { pos[i] = this.pos[i]; kind[i] = this.kind[i]; a[i] = this.a[i]; b[i] = this.b[i]; }
    // Every handle is in use (the stack is empty): the new ones become the free ones.
    for (let i = 0; i < cap; i++) free[i] = c - 1 - i;
    this.e = e; this.eF = f64View(e); this.pos = pos; this.kind = kind; this.a = a; this.b = b;
    this.free = free;
    this.freeTop = cap;
  }

  private before(i: i32, j: i32): bool {
    const ti = this.eF[2 * i];
    const tj = this.eF[2 * j];
    return ti < tj || (ti == tj && this.e[4 * i + 2] < this.e[4 * j + 2]);
  }

  private place(p: i32, t: f64, s: i32, h: i32): void {
    this.eF[2 * p] = t; this.e[4 * p + 2] = s; this.e[4 * p + 3] = h; this.pos[h] = p;
  }

  private up(p: i32): void {
    let i = p;
    const t = this.eF[2 * i];
    const s = this.e[4 * i + 2];
    const h = this.e[4 * i + 3];
    while (i > 1) {
      const q = i >> 1;
      const tq = this.eF[2 * q];
      if (tq < t || (tq == t && this.e[4 * q + 2] < s)) break;
      this.place(i, tq, this.e[4 * q + 2], this.e[4 * q + 3]);
      i = q;
    }
    this.place(i, t, s, h);
  }

  private down(p: i32): void {
    let i = p;
    const n = this.size;
    const t = this.eF[2 * i];
    const s = this.e[4 * i + 2];
    const h = this.e[4 * i + 3];
    for (;;) {
      let c = 2 * i;
      if (c > n) break;
      if (c + 1 <= n && this.before(c + 1, c)) c++;
      const tc = this.eF[2 * c];
      if (t < tc || (t == tc && s < this.e[4 * c + 2])) break;
      this.place(i, tc, this.e[4 * c + 2], this.e[4 * c + 3]);
      i = c;
    }
    this.place(i, t, s, h);
  }

  /** Adds an event; returns its handle (valid until it is taken or cancelled). */
  push(t: f64, s: i32, kind: i32, a: i32, b: i32): i32 {
    if (this.freeTop == 0) this.grow();
    this.freeTop--;
    const h = this.free[this.freeTop];
    this.kind[h] = kind; this.a[h] = a; this.b[h] = b;
    const p = this.size + 1;
    this.size = p;
    this.place(p, t, s, h);
    this.up(p);
    return h;
  }

  /** Whether the event of handle `h` is still to come. */
  pending(h: i32): bool { return h >= 0 && h < this.pos.length && this.pos[h] > 0; }

  /** Removes the event of handle `h` (it must be pending). */
  cancel(h: i32): void {
    if (!this.pending(h)) fail(E_EVENT_NOT_PENDING, h);
    this.remove(this.pos[h]);
  }

  private remove(p: i32): void {
    const h = this.e[4 * p + 3];
    this.pos[h] = 0;
    this.free[this.freeTop] = h;
    this.freeTop++;
    const n = this.size;
    this.size = n - 1;
    if (p == n) return;
    this.place(p, this.eF[2 * n], this.e[4 * n + 2], this.e[4 * n + 3]);
    if (p > 1 && this.before(p, p >> 1)) this.up(p); else this.down(p);
  }

  /** Moves the earliest event into the queue's current-event fields. */
  take(q: EventQueue): void {
    const h = this.e[7];
    q.curTime = this.eF[2]; q.curKind = this.kind[h]; q.curA = this.a[h]; q.curB = this.b[h];
    this.remove(1);
  }
}
