// The fixed-delay lanes of the event queue (events.ts): events created in non-decreasing time
// order (one constant delay after their creation: deliveries, get-task replies) wait in a FIFO
// instead of the heap, O(1) instead of a sift; EventQueue.next() merges the lanes' heads with
// the heap's by (time, sequence) and reads the head it takes from the columns.

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

  /** Removes the head event (count > 0; its record stays readable until the next push). */
  shift(): void {
    const h = this.head + 1;
    this.head = h == this.time.length ? 0 : h;
    this.count--;
  }
}
