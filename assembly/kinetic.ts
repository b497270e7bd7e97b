// A kinetic tournament: the minimum of n keys that move with time, each (level, value(t)) where
// the level is a number that changes only when set and value(t) = v0 + b0 u + c0 u², u = t - t0,
// a quadratic in time (Kairos' attained-service variance between a node's changes is one:
// docs/models/kairos.md#heartbeat-cost). Lowest level first, then lowest value, then lowest
// index. Queries come at non-decreasing times.
//
// Each internal node of a complete binary tree keeps the winner of its two children and a
// certificate: the last time through which that comparison is sure to hold (the earliest root,
// after now, of the winners' difference minus a rounding tolerance; +Infinity when the order
// can no longer change). A subtree's earliest certificate is kept beside it, so advancing to a
// time t re-compares only the nodes whose certificates (or a descendant's) expired before t:
// O(changes x log n) instead of O(n) per query.
//
// Values are computed in floating point: the tournament's order is exact only up to a small
// tolerance (`tol`, relative to the sizes of the polynomial's terms). A caller that needs the
// exact minimum of some other computation of the same values collects every key near the
// minimum (`gather`) and decides among those itself.

/** Relative rounding tolerance of a value (times the sizes of its polynomial's terms). */
export const KINETIC_REL: f64 = 1e-11;
/** How much further than its own tolerance a subtree's minimum may lie below its winner's
 *  value (each comparison on the way up may be off by a tolerance of its own). */
export const KINETIC_SLACK: f64 = 1000.0;

export class KineticMin {
  n: i32;
  size: i32;           // leaves: a power of two >= n; leaf x is tree node size + x
  level: Float64Array; // per leaf: +Infinity when absent
  t0: Float64Array;
  v0: Float64Array;
  b0: Float64Array;
  c0: Float64Array;
  win: Int32Array;     // per tree node: the winning leaf (-1: none)
  cert: Float64Array;  // per internal node: its comparison holds through this time
  sub: Float64Array;   // per tree node: the earliest certificate in its subtree
  now: f64 = -Infinity;
  recompares: f64 = 0.0; // comparisons made (a cost counter for tests and benchmarks)

  constructor(n: i32) {
    let size = 1;
    while (size < n) size = size << 1;
    const level = new Float64Array(n);
    level.fill(Infinity);
    const win = new Int32Array(2 * size);
    win.fill(-1);
    for (let x = 0; x < n; x++) win[size + x] = x;
    const cert = new Float64Array(2 * size);
    cert.fill(Infinity);
    const sub = new Float64Array(2 * size);
    sub.fill(Infinity);
    this.n = n;
    this.size = size;
    this.level = level;
    this.t0 = new Float64Array(n);
    this.v0 = new Float64Array(n);
    this.b0 = new Float64Array(n);
    this.c0 = new Float64Array(n);
    this.win = win;
    this.cert = cert;
    this.sub = sub;
    for (let p = size - 1; p >= 1; p--) this.compare(p, 0.0);
  }

  /** Leaf x's value at time t. */
  value(x: i32, t: f64): f64 {
    const u = t - this.t0[x];
    return this.v0[x] + u * (this.b0[x] + this.c0[x] * u);
  }

  /** Rounding tolerance of leaf x's value at time t. */
  tol(x: i32, t: f64): f64 {
    const u = Math.abs(t - this.t0[x]);
    return KINETIC_REL * (Math.abs(this.v0[x]) + Math.abs(this.b0[x]) * u + this.c0[x] * u * u);
  }

  /** The winning leaf (-1 if every leaf is absent) and its level, as of the last advance. */
  winner(): i32 { return this.win[1]; }
  winnerLevel(): f64 { const w = this.win[1]; return w < 0 ? Infinity : this.level[w]; }

  /** Sets leaf x's polynomial: value v at time t, slope b there, curvature c. */
  setPolynomial(x: i32, t: f64, v: f64, b: f64, c: f64): void {
    this.t0[x] = t; this.v0[x] = v; this.b0[x] = b; this.c0[x] = c;
    if (this.level[x] != Infinity) this.climb(x);
  }

  /** Sets leaf x's level (+Infinity: absent) and polynomial at once: one climb. */
  set(x: i32, level: f64, t: f64, v: f64, b: f64, c: f64): void {
    const was = this.level[x];
    this.level[x] = level;
    this.t0[x] = t; this.v0[x] = v; this.b0[x] = b; this.c0[x] = c;
    if (was != Infinity || level != Infinity) this.climb(x);
  }

  /** Sets leaf x's level (+Infinity: absent). */
  setLevel(x: i32, level: f64): void {
    if (this.level[x] == level) return;
    this.level[x] = level;
    this.climb(x);
  }

  /** Re-compares the ancestors of leaf x at the current time, up to the first whose winner,
   *  certificate and subtree minimum all stay the same and whose winner is another leaf (the
   *  ones above depend on nothing else that changed). */
  climb(x: i32): void {
    const t = this.now == -Infinity ? 0.0 : this.now;
    for (let p = (this.size + x) >> 1; p >= 1; p = p >> 1) {
      const w = this.win[p];
      const c = this.cert[p];
      const m = this.sub[p];
      this.compare(p, t);
      if (w != x && this.win[p] == w && this.cert[p] == c && this.sub[p] == m) return;
    }
  }

  /** Brings the tournament to time t (t >= the last time; earlier times are taken as the last). */
  advance(t: f64): void {
    if (t <= this.now) return;
    this.now = t;
    if (this.sub[1] < t) this.fix(1, t);
  }

  private fix(p: i32, t: f64): void {
    if (p >= this.size || this.sub[p] >= t) return;
    this.fix(2 * p, t);
    this.fix(2 * p + 1, t);
    this.compare(p, t);
  }

  /** Node p's winner at time t and how long it stays so. */
  private compare(p: i32, t: f64): void {
    this.recompares += 1.0;
    const l = 2 * p;
    const r = l + 1;
    const a = this.win[l];
    const b = this.win[r];
    let w = a;
    let until: f64 = Infinity;
    if (a < 0 || b < 0) w = a < 0 ? b : a;
    else {
      const la = this.level[a];
      const lb = this.level[b];
      if (la != lb) w = lb < la ? b : a;
      else if (la != Infinity) {
        const va = this.value(a, t);
        const vb = this.value(b, t);
        const tol = this.tol(a, t) + this.tol(b, t);
        const d = vb - va;
        if (Math.abs(d) <= tol) {
          // A near-tie: the lower index; re-compared at any later time unless the two
          // polynomials are the same one.
          w = a < b ? a : b;
          until = this.same(a, b, t) ? Infinity : t;
        } else {
          w = d > 0.0 ? a : b;
          const o = d > 0.0 ? b : a; // the loser
          // The loser's lead over the winner, as a polynomial in s = time - t: the comparison
          // holds while it stays above the tolerance.
          const ua = t - this.t0[w];
          const uo = t - this.t0[o];
          const slope = (this.b0[o] + 2.0 * this.c0[o] * uo) - (this.b0[w] + 2.0 * this.c0[w] * ua);
          const curve = this.c0[o] - this.c0[w];
          const s = firstNonPositive(Math.abs(d) - tol, slope, curve);
          until = s == Infinity ? Infinity : t + s * (1.0 - 1e-12);
          if (until < t) until = t;
        }
      }
    }
    this.win[p] = w;
    this.cert[p] = until;
    const sl = this.sub[l];
    const sr = this.sub[r];
    let m = sl < sr ? sl : sr;
    if (until < m) m = until;
    this.sub[p] = m;
  }

  /** Whether leaves a and b have the same polynomial (at time t). */
  private same(a: i32, b: i32, t: f64): bool {
    if (this.c0[a] != this.c0[b]) return false;
    if (this.t0[a] == this.t0[b]) return this.v0[a] == this.v0[b] && this.b0[a] == this.b0[b];
    return this.b0[a] + 2.0 * this.c0[a] * (t - this.t0[a]) == this.b0[b] + 2.0 * this.c0[b] * (t - this.t0[b])
      && this.value(a, t) == this.value(b, t);
  }

  /** Collects into `out` every leaf at `level` whose value at the current time may be at most
   *  `bound` (all of them, and maybe a few more); returns their number. `stack` needs 2 x log2
   *  (size) + 2 entries. */
  gather(level: f64, bound: f64, out: Int32Array, stack: Int32Array): i32 {
    const t = this.now;
    let k = 0;
    let top = 0;
    stack[top++] = 1;
    while (top > 0) {
      const p = stack[--top];
      const w = this.win[p];
      if (w < 0 || this.level[w] != level) continue; // (a winner's level is its subtree's lowest)
      if (this.value(w, t) - KINETIC_SLACK * this.tol(w, t) > bound) continue;
      if (p >= this.size) { out[k++] = w; continue; }
      stack[top++] = 2 * p + 1;
      stack[top++] = 2 * p;
    }
    return k;
  }
}

/** The smallest s > 0 where a + b s + c s² <= 0, given a > 0 (+Infinity if none; a <= 0: 0). */
export function firstNonPositive(a: f64, b: f64, c: f64): f64 {
  if (a <= 0.0) return 0.0;
  if (c == 0.0) return b < 0.0 ? a / -b : Infinity;
  const disc = b * b - 4.0 * a * c;
  if (disc < 0.0) return Infinity; // (then c > 0: it stays positive)
  const q = -0.5 * (b + (b >= 0.0 ? Math.sqrt(disc) : -Math.sqrt(disc)));
  // The roots are q / c and a / q; the first positive one is where it turns non-positive.
  let s: f64 = Infinity;
  const r1 = q / c;
  if (r1 > 0.0) s = r1;
  if (q != 0.0) {
    const r2 = a / q;
    if (r2 > 0.0 && r2 < s) s = r2;
  }
  return s;
}
