// Indexed minimum over per-node values (a segment tree): update O(log n), argmin O(1).
// Ties go to the lowest index, as the reference LWL does (seed-hawk-eagle.md §2.2(e), A9).

export class MinTree {
  n: i32;
  size: i32;
  val: Float64Array;
  idx: Int32Array;

  constructor(n: i32) {
    let size = 1;
    while (size < n) size = size << 1;
    this.n = n;
    this.size = size;
    this.val = new Float64Array(2 * size);
    this.idx = new Int32Array(2 * size);
    for (let i = 0; i < size; i++) {
      this.val[size + i] = i < n ? 0.0 : Infinity;
      this.idx[size + i] = i;
    }
    for (let p = size - 1; p >= 1; p--) this.pull(p);
  }

  /** Recomputes node p from its children; returns whether its (value, index) changed. */
  private pull(p: i32): bool {
    const l = 2 * p;
    const r = l + 1;
    const c = this.val[r] < this.val[l] ? r : l;
    const v = this.val[c];
    const i = this.idx[c];
    if (this.val[p] == v && this.idx[p] == i) return false;
    this.val[p] = v; this.idx[p] = i;
    return true;
  }

  get(i: i32): f64 { return this.val[this.size + i]; }

  /** Replaces every value at once (O(n)). */
  setAll(values: Float64Array): void {
    const size = this.size;
    for (let i = 0; i < this.n; i++) this.val[size + i] = values[i];
    for (let p = size - 1; p >= 1; p--) this.pull(p);
  }

  /** Stops climbing at the first ancestor whose (value, index) does not change: the ones
   *  above it depend only on it and its unchanged siblings. */
  set(i: i32, v: f64): void {
    let p = this.size + i;
    this.val[p] = v;
    p = p >> 1;
    while (p >= 1 && this.pull(p)) p = p >> 1;
  }

  /** Index of the minimum over [lo, hi) (lowest index among equals); -1 if empty. */
  minIndexIn(lo: i32, hi: i32): i32 {
    if (lo <= 0 && hi >= this.n) return this.idx[1];
    let best = -1;
    let bestVal: f64 = Infinity;
    // Bottom-up walk over the canonical cover of [lo, hi); candidates are compared by
    // (value, index), so the result does not depend on the order the cover is visited.
    let l = lo + this.size;
    let r = hi + this.size;
    while (l < r) {
      if ((l & 1) != 0) {
        const v = this.val[l];
        const i = this.idx[l];
        if (v < bestVal || (v == bestVal && i < best)) { bestVal = v; best = i; }
        l++;
      }
      if ((r & 1) != 0) {
        r--;
        const v = this.val[r];
        const i = this.idx[r];
        if (v < bestVal || (v == bestVal && i < best)) { bestVal = v; best = i; }
      }
      l = l >> 1;
      r = r >> 1;
    }
    return best;
  }

  /** Index of the minimum value (lowest index among equals). */
  minIndex(): i32 { return this.idx[1]; }
  minValue(): f64 { return this.val[1]; }

  /** Writes the indices of all values equal to `target` (which must be the minimum) into
   *  `out` (capacity n) using `stack` (capacity 64) and returns their number: a depth-first
   *  walk that skips every subtree whose minimum is larger, O(k log n) for k matches. */
  collectMin(target: f64, out: Int32Array, stack: Int32Array): i32 {
    let k = 0;
    let top = 0;
    if (this.val[1] != target) return 0;
    stack[top++] = 1;
    while (top > 0) {
      const p = stack[--top];
      if (p >= this.size) {
        if (p - this.size < this.n) out[k++] = p - this.size;
        continue;
      }
      const r = 2 * p + 1;
      if (this.val[r] == target) stack[top++] = r;
      if (this.val[2 * p] == target) stack[top++] = 2 * p;
    }
    return k;
  }
}
