// Indexed minimum over per-node values (a segment tree): update O(log n), argmin O(1).
// Ties go to the lowest index, as the reference LWL does (seed-hawk-eagle.md §2.2(e), A9).
import { alignedInt32Array, f64View } from "./glue";

export class MinTree {
  n: i32;
  size: i32;
  // Tree node p is 16 bytes: its value (an f64) and the index it comes from (an i32 at 4 p + 2).
  // Line-aligned, so two siblings (2q, 2q + 1) share a line and a pull reads one line for the
  // children; a climb's next pull finds the parent's pair on that line again. (Separate value
  // and index columns read two or three lines per level.)
  e: Int32Array;
  ev: Float64Array; // view of e: ev[2 p] is node p's value

  constructor(n: i32) {
    let size = 1;
    while (size < n) size = size << 1;
    this.n = n;
    this.size = size;
    const e = alignedInt32Array(8 * size, 64);
    this.e = e;
    this.ev = f64View(e);
    for (let i = 0; i < size; i++) {
      this.ev[2 * (size + i)] = i < n ? 0.0 : Infinity;
      this.e[4 * (size + i) + 2] = i;
    }
    for (let p = size - 1; p >= 1; p--) this.pull(p);
  }

  private val(p: i32): f64 { return this.ev[2 * p]; }
  private idx(p: i32): i32 { return this.e[4 * p + 2]; }

  /** Recomputes node p from its children; returns whether its (value, index) changed. */
  private pull(p: i32): bool {
    const ev = this.ev;
    const e = this.e;
    const l = 2 * p;
    const r = l + 1;
    const vl = ev[2 * l];
    const vr = ev[2 * r];
    const c = vr < vl ? r : l;
    const v = vr < vl ? vr : vl;
    const i = e[4 * c + 2];
    if (ev[2 * p] == v && e[4 * p + 2] == i) return false;
    ev[2 * p] = v; e[4 * p + 2] = i;
    return true;
  }

  get(i: i32): f64 { return this.val(this.size + i); }

  /** Replaces every value at once (O(n)). */
  setAll(values: Float64Array): void {
    const size = this.size;
    for (let i = 0; i < this.n; i++) this.ev[2 * (size + i)] = values[i];
    for (let p = size - 1; p >= 1; p--) this.pull(p);
  }

  /** Stops climbing at the first ancestor whose (value, index) does not change: the ones
   *  above it depend only on it and its unchanged siblings. */
  set(i: i32, v: f64): void {
    // pull(), written out: a call per level cost as much as the level's work.
    const ev = this.ev;
    const e = this.e;
    let p = this.size + i;
    ev[2 * p] = v;
    p = p >> 1;
    while (p >= 1) {
      const l = 2 * p;
      const vl = ev[2 * l];
      const vr = ev[2 * l + 2];
      const right = vr < vl;
      const m = right ? vr : vl;
      const k = e[4 * (right ? l + 1 : l) + 2];
      if (ev[2 * p] == m && e[4 * p + 2] == k) return;
      ev[2 * p] = m;
      e[4 * p + 2] = k;
      p = p >> 1;
    }
  }

  /** Index of the minimum over [lo, hi) (lowest index among equals); -1 if empty. */
  minIndexIn(lo: i32, hi: i32): i32 {
    if (lo <= 0 && hi >= this.n) return this.idx(1);
    let best = -1;
    let bestVal: f64 = Infinity;
    // Bottom-up walk over the canonical cover of [lo, hi); candidates are compared by
    // (value, index), so the result does not depend on the order the cover is visited.
    // A suffix [lo, n) is walked as [lo, size): the leaves past n hold +inf, which never wins (an
    // empty or all-+inf range still gives -1), and the right end 2 size then adds no node, so
    // only the left boundary is walked (Dice's moved partition boundary: the central LWL's
    // placements over [generalStart, n)).
    let l = lo + this.size;
    let r = (hi >= this.n ? this.size : hi) + this.size;
    while (l < r) {
      if ((l & 1) != 0) {
        const v = this.val(l);
        const i = this.idx(l);
        if (v < bestVal || (v == bestVal && i < best)) { bestVal = v; best = i; }
        l++;
      }
      if ((r & 1) != 0) {
        r--;
        const v = this.val(r);
        const i = this.idx(r);
        if (v < bestVal || (v == bestVal && i < best)) { bestVal = v; best = i; }
      }
      l = l >> 1;
      r = r >> 1;
    }
    return best;
  }

  /** Index of the minimum value (lowest index among equals). */
  minIndex(): i32 { return this.idx(1); }
  minValue(): f64 { return this.val(1); }

  /** Writes the indices of all values equal to `target` (which must be the minimum) into
   *  `out` (capacity n) using `stack` (capacity 64) and returns their number: a depth-first
   *  walk that skips every subtree whose minimum is larger, O(k log n) for k matches. */
  collectMin(target: f64, out: Int32Array, stack: Int32Array): i32 {
    let k = 0;
    let top = 0;
    if (this.val(1) != target) return 0;
    stack[top++] = 1;
    while (top > 0) {
      const p = stack[--top];
      if (p >= this.size) {
        if (p - this.size < this.n) out[k++] = p - this.size;
        continue;
      }
      const r = 2 * p + 1;
      if (this.val(r) == target) stack[top++] = r;
      if (this.val(2 * p) == target) stack[top++] = 2 * p;
    }
    return k;
  }
}
