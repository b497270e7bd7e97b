// Cancellable events of the event queue (events.ts).
import { EventQueue } from "./events";
import { fail, E_EVENT_NOT_PENDING } from "./errors";

/** Events that may be cancelled before their time (the ends of preemptible runs, a discipline's
 *  quantum): a binary heap over (time, sequence) that knows each handle's position, so cancel()
 *  removes an event in O(log n) instead of leaving a stale one to be skipped later. It stands
 *  apart from the calendar (whose buckets have no delete); runs that cannot be preempted never
 *  use it, and next() merges its head with the others' by (time, sequence). */
export class CancellableHeap {
  size: i32 = 0;
  // By heap position 1 .. size (one more than handles).
  time: Float64Array = new Float64Array(65);
  seq: Int32Array = new Int32Array(65);
  id: Int32Array = new Int32Array(65);
  // By handle: heap position (0: not pending) and payload.
  pos: Int32Array = new Int32Array(64);
  kind: Int32Array = new Int32Array(64);
  a: Int32Array = new Int32Array(64);
  b: Int32Array = new Int32Array(64);
  free: Int32Array = new Int32Array(64);
  freeTop: i32 = 0;

  constructor() {
    for (let i = 0; i < 64; i++) this.free[i] = 63 - i;
    this.freeTop = 64;
  }

  private grow(): void {
    const cap = this.pos.length;
    const c = cap * 2;
    const time = new Float64Array(c + 1); const seq = new Int32Array(c + 1); const id = new Int32Array(c + 1);
    const pos = new Int32Array(c); const kind = new Int32Array(c); const a = new Int32Array(c);
    const b = new Int32Array(c); const free = new Int32Array(c);
    for (let i = 0; i <= cap; i++) { time[i] = this.time[i]; seq[i] = this.seq[i]; id[i] = this.id[i]; }
    for (let i = 0; i < cap; i++) { pos[i] = this.pos[i]; kind[i] = this.kind[i]; a[i] = this.a[i]; b[i] = this.b[i]; }
    // Every handle is in use (the stack is empty): the new ones become the free ones.
    for (let i = 0; i < cap; i++) free[i] = c - 1 - i;
    this.time = time; this.seq = seq; this.id = id; this.pos = pos; this.kind = kind; this.a = a; this.b = b;
    this.free = free;
    this.freeTop = cap;
  }

  private before(i: i32, j: i32): bool {
    const ti = this.time[i];
    const tj = this.time[j];
    return ti < tj || (ti == tj && this.seq[i] < this.seq[j]);
  }

  private place(p: i32, t: f64, s: i32, h: i32): void {
    this.time[p] = t; this.seq[p] = s; this.id[p] = h; this.pos[h] = p;
  }

  private up(p: i32): void {
    let i = p;
    const t = this.time[i];
    const s = this.seq[i];
    const h = this.id[i];
    while (i > 1) {
      const q = i >> 1;
      const tq = this.time[q];
      if (tq < t || (tq == t && this.seq[q] < s)) break;
      this.place(i, tq, this.seq[q], this.id[q]);
      i = q;
    }
    this.place(i, t, s, h);
  }

  private down(p: i32): void {
    let i = p;
    const n = this.size;
    const t = this.time[i];
    const s = this.seq[i];
    const h = this.id[i];
    for (;;) {
      let c = 2 * i;
      if (c > n) break;
      if (c + 1 <= n && this.before(c + 1, c)) c++;
      const tc = this.time[c];
      if (t < tc || (t == tc && s < this.seq[c])) break;
      this.place(i, tc, this.seq[c], this.id[c]);
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
    const h = this.id[p];
    this.pos[h] = 0;
    this.free[this.freeTop] = h;
    this.freeTop++;
    const n = this.size;
    this.size = n - 1;
    if (p == n) return;
    this.place(p, this.time[n], this.seq[n], this.id[n]);
    if (p > 1 && this.before(p, p >> 1)) this.up(p); else this.down(p);
  }

  /** Moves the earliest event into the queue's current-event fields. */
  take(q: EventQueue): void {
    const h = this.id[1];
    q.curTime = this.time[1]; q.curKind = this.kind[h]; q.curA = this.a[h]; q.curB = this.b[h];
    this.remove(1);
  }
}
