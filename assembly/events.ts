// Event queue: a binary min-heap ordered by (time, sequence number) over
// structure-of-arrays pools. Ties in time are broken only by the sequence number,
// i.e. FIFO by creation (ARCHITECTURE.md "Engine"; seed-hawk-eagle.md A24).
// Nothing is allocated per event; the pools double when full (amortized, rare).
import { fail } from "./glue";

export class EventQueue {
  time: Float64Array;
  seq: Int32Array;
  kind: Int32Array;
  a: Int32Array;
  b: Int32Array;
  size: i32 = 0;
  nextSeq: i32 = 0;

  constructor(capacity: i32) {
    const c = capacity < 16 ? 16 : capacity;
    this.time = new Float64Array(c);
    this.seq = new Int32Array(c);
    this.kind = new Int32Array(c);
    this.a = new Int32Array(c);
    this.b = new Int32Array(c);
  }

  private grow(): void {
    const c = this.time.length * 2;
    const time = new Float64Array(c);
    const seq = new Int32Array(c);
    const kind = new Int32Array(c);
    const a = new Int32Array(c);
    const b = new Int32Array(c);
    for (let i = 0; i < this.size; i++) {
      time[i] = this.time[i]; seq[i] = this.seq[i]; kind[i] = this.kind[i];
      a[i] = this.a[i]; b[i] = this.b[i];
    }
    this.time = time; this.seq = seq; this.kind = kind; this.a = a; this.b = b;
  }

  push(t: f64, kind: i32, a: i32, b: i32): void {
    if (this.size == this.time.length) this.grow();
    const s = this.nextSeq;
    if (s == 2147483647) fail(1); // more than 2^31 events in one run
    this.nextSeq = s + 1;
    const time = this.time;
    const seq = this.seq;
    let i = this.size;
    this.size = i + 1;
    // Sift the hole up.
    while (i > 0) {
      const p = (i - 1) >> 1;
      const tp = time[p];
      if (tp < t || (tp == t && seq[p] < s)) break;
      time[i] = tp; seq[i] = seq[p]; this.kind[i] = this.kind[p];
      this.a[i] = this.a[p]; this.b[i] = this.b[p];
      i = p;
    }
    time[i] = t; seq[i] = s; this.kind[i] = kind; this.a[i] = a; this.b[i] = b;
  }

  topTime(): f64 { return this.time[0]; }
  topKind(): i32 { return this.kind[0]; }
  topA(): i32 { return this.a[0]; }
  topB(): i32 { return this.b[0]; }

  /** Removes the minimum (read it with top*() first). */
  pop(): void {
    const n = this.size - 1;
    this.size = n;
    if (n == 0) return;
    const time = this.time;
    const seq = this.seq;
    const kind = this.kind;
    const a = this.a;
    const b = this.b;
    const t = time[n];
    const s = seq[n];
    let i = 0;
    while (true) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const r = c + 1;
      if (r < n) {
        const tc = time[c];
        const tr = time[r];
        if (tr < tc || (tr == tc && seq[r] < seq[c])) c = r;
      }
      const tc = time[c];
      if (t < tc || (t == tc && s < seq[c])) break;
      time[i] = tc; seq[i] = seq[c]; kind[i] = kind[c]; a[i] = a[c]; b[i] = b[c];
      i = c;
    }
    time[i] = t; seq[i] = s; kind[i] = kind[n]; a[i] = a[n]; b[i] = b[n];
  }
}
