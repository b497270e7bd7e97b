// Cancellable events of the event queue (events.ts).
import { fail, E_EVENT_NOT_PENDING } from "./errors";
import { MinHeap } from "./toolkit/heap";

/** Events that may be cancelled before their time (the ends of preemptible runs, a discipline's
 *  quantum): a heap over (time, sequence) (toolkit/heap.ts; value: the event's handle) and each
 *  handle's position in it, so cancel() removes an event in O(log n) instead of leaving a stale
 *  one to be skipped later. It stands apart from the calendar (whose buckets have no delete);
 *  runs that cannot be preempted never use it, and nextEvent() merges its head with the others' by
 *  (time, sequence). */
export class CancellableHeap {
  heap: MinHeap = new MinHeap(64);
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

  /** The earliest event's time, sequence number and handle (some event pending). */
  headTime(): f64 { return this.heap.topKey(); }
  headSeq(): i32 { return this.heap.topTie(); }
  headHandle(): i32 { return this.heap.topValue(); }

  /** Doubles the handles (every one is in use). */
  private grow(): void {
    const cap = this.pos.length;
    const c = cap * 2;
    const pos = new Int32Array(c); const kind = new Int32Array(c); const a = new Int32Array(c);
    const b = new Int32Array(c); const free = new Int32Array(c);
    for (let i = 0; i < cap; i++) { pos[i] = this.pos[i]; kind[i] = this.kind[i]; a[i] = this.a[i]; b[i] = this.b[i]; }
    // Every handle is in use (the stack is empty): the new ones become the free ones.
    for (let i = 0; i < cap; i++) free[i] = c - 1 - i;
    this.pos = pos; this.kind = kind; this.a = a; this.b = b;
    this.free = free;
    this.freeTop = cap;
  }

  /** Records the positions of the entries on the chain of ancestors from position `low` up to
   *  position `high` (where a sift moved entries). */
  private repost(low: i32, high: i32): void {
    const heap = this.heap;
    const pos = this.pos;
    for (let i = low; i >= high; i >>= 1) pos[heap.valueAt(i)] = i;
  }

  /** Adds an event; returns its handle (valid until it is taken or cancelled). */
  push(t: f64, s: i32, kind: i32, a: i32, b: i32): i32 {
    if (this.freeTop == 0) this.grow();
    this.freeTop--;
    const h = this.free[this.freeTop];
    this.kind[h] = kind; this.a[h] = a; this.b[h] = b;
    const p = this.heap.push(t, h, s);
    this.repost(this.heap.size, p);
    return h;
  }

  /** Whether the event of handle `h` is still to come. */
  pending(h: i32): bool { return h >= 0 && h < this.pos.length && this.pos[h] > 0; }

  /** Removes the event of handle `h` (it must be pending). */
  cancel(h: i32): void {
    if (!this.pending(h)) fail(E_EVENT_NOT_PENDING, h);
    this.remove(this.pos[h]);
  }

  /** Removes the earliest event (its payload stays readable until the next push). */
  removeHead(): void { this.remove(1); }

  private remove(p: i32): void {
    const heap = this.heap;
    const h = heap.valueAt(p);
    this.pos[h] = 0;
    this.free[this.freeTop] = h;
    this.freeTop++;
    const q = heap.removeAt(p);
    if (q > p) this.repost(q, p);
    else if (q > 0) this.repost(p, q);
  }
}
