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

import { alignedInt32Array, f64View } from "./glue";

export class KineticMin {
  n: i32;
  size: i32;           // leaves: a power of two >= n; leaf x is tree node size + x
  // Tree node p: 32 bytes at f64 index 4 p, line-aligned so that two siblings share a line: its
  // winner's level (a leaf: its own, +Infinity when absent), its certificate (the comparison
  // holds through this time; +Infinity for a leaf), the earliest certificate in its subtree, and
  // the winning leaf (an i32 at index 8 p + 6; -1: none). A comparison reads its children's
  // levels and winners from one line, and their polynomials only when the levels tie.
  e: Int32Array;
  ev: Float64Array;    // view of e
  // Leaf x's polynomial: 32 bytes at f64 index 4 x: t0, v0, b0, c0 (one line holds two leaves).
  poly: Float64Array;
  now: f64 = -Infinity;
  recompares: f64 = 0.0; // comparisons made (a cost counter for tests and benchmarks)

  constructor(n: i32) {
    let size = 1;
    while (size < n) size = size << 1;
    const e = alignedInt32Array(16 * size, 64);
    const ev = f64View(e);
    for (let p = 1; p < 2 * size; p++) {
      ev[4 * p] = Infinity;
      ev[4 * p + 1] = Infinity;
      ev[4 * p + 2] = Infinity;
      e[8 * p + 6] = p >= size && p - size < n ? p - size : -1;
    }
    this.n = n;
    this.size = size;
    this.e = e;
    this.ev = ev;
    this.poly = f64View(alignedInt32Array(8 * (n > 0 ? n : 1), 64));
    for (let p = size - 1; p >= 1; p--) this.compare(p, 0.0);
  }

  /** Leaf x's value at time t. */
  value(x: i32, t: f64): f64 {
    const q = this.poly;
    const u = t - q[4 * x];
    return q[4 * x + 1] + u * (q[4 * x + 2] + q[4 * x + 3] * u);
  }

  /** Rounding tolerance of leaf x's value at time t. */
  tol(x: i32, t: f64): f64 {
    const q = this.poly;
    const u = Math.abs(t - q[4 * x]);
    return KINETIC_REL * (Math.abs(q[4 * x + 1]) + Math.abs(q[4 * x + 2]) * u + q[4 * x + 3] * u * u);
  }

  /** The winning leaf (-1 if every leaf is absent) and its level, as of the last advance. */
  winner(): i32 { return this.e[8 + 6]; }
  winnerLevel(): f64 { return this.e[8 + 6] < 0 ? Infinity : this.ev[4]; }

  /** Leaf x's level. */
  level(x: i32): f64 { return this.ev[4 * (this.size + x)]; }

  private put(x: i32, t: f64, v: f64, b: f64, c: f64): void {
    const q = this.poly;
    q[4 * x] = t; q[4 * x + 1] = v; q[4 * x + 2] = b; q[4 * x + 3] = c;
  }

  /** Sets leaf x's polynomial: value v at time t, slope b there, curvature c. */
  setPolynomial(x: i32, t: f64, v: f64, b: f64, c: f64): void {
    this.put(x, t, v, b, c);
    if (this.level(x) != Infinity) this.climb(x);
  }

  /** Sets leaf x's level (+Infinity: absent) and polynomial at once: one climb. */
  set(x: i32, level: f64, t: f64, v: f64, b: f64, c: f64): void {
    const i = 4 * (this.size + x);
    const was = this.ev[i];
    this.ev[i] = level;
    this.put(x, t, v, b, c);
    if (was != Infinity || level != Infinity) this.climb(x);
  }

  /** Sets leaf x's level (+Infinity: absent). */
  setLevel(x: i32, level: f64): void {
    const i = 4 * (this.size + x);
    if (this.ev[i] == level) return;
    this.ev[i] = level;
    this.climb(x);
  }

  /** Re-compares the ancestors of leaf x at the current time up to the first whose winner stays
   *  the same other leaf: the comparisons above it see the same two winners as before, so their
   *  winners and certificates hold (a certificate made earlier stays valid); only the subtree
   *  minima above may move, and those are brought up to date until one stays the same. */
  climb(x: i32): void {
    const t = this.now == -Infinity ? 0.0 : this.now;
    const e = this.e;
    const ev = this.ev;
    let p = (this.size + x) >> 1;
    for (; p >= 1; p = p >> 1) {
      const w = e[8 * p + 6];
      const m = ev[4 * p + 2];
      this.compare(p, t);
      if (w != x && e[8 * p + 6] == w) {
        if (ev[4 * p + 2] == m) return;
        p = p >> 1;
        break;
      }
    }
    for (; p >= 1; p = p >> 1) {
      const sl = ev[4 * (2 * p) + 2];
      const sr = ev[4 * (2 * p + 1) + 2];
      let m = sl < sr ? sl : sr;
      const c = ev[4 * p + 1];
      if (c < m) m = c;
      if (ev[4 * p + 2] == m) return;
      ev[4 * p + 2] = m;
    }
  }

  /** Brings the tournament to time t (t >= the last time; earlier times are taken as the last). */
  advance(t: f64): void {
    if (t <= this.now) return;
    this.now = t;
    if (this.ev[4 + 2] < t) this.fix(1, t);
  }

  private fix(p: i32, t: f64): void {
    if (p >= this.size || this.ev[4 * p + 2] >= t) return;
    this.fix(2 * p, t);
    this.fix(2 * p + 1, t);
    this.compare(p, t);
  }

  /** Node p's winner at time t and how long it stays so. */
  private compare(p: i32, t: f64): void {
    this.recompares += 1.0;
    const e = this.e;
    const ev = this.ev;
    const l = 2 * p;
    const r = l + 1;
    const a = e[8 * l + 6];
    const b = e[8 * r + 6];
    const la = ev[4 * l];
    const lb = ev[4 * r];
    let w = a;
    let lw = la;
    let until: f64 = Infinity;
    if (a < 0 || b < 0) { if (a < 0) { w = b; lw = lb; } }
    else if (la != lb) { if (lb < la) { w = b; lw = lb; } }
    else if (la != Infinity) {
      const q = this.poly;
      const ta = t - q[4 * a];
      const tb = t - q[4 * b];
      const va0 = q[4 * a + 1];
      const ba = q[4 * a + 2];
      const ca = q[4 * a + 3];
      const vb0 = q[4 * b + 1];
      const bb = q[4 * b + 2];
      const cb = q[4 * b + 3];
      const va = va0 + ta * (ba + ca * ta);
      const vb = vb0 + tb * (bb + cb * tb);
      const ua = Math.abs(ta);
      const ub = Math.abs(tb);
      const tol = KINETIC_REL * (Math.abs(va0) + Math.abs(ba) * ua + ca * ua * ua)
        + KINETIC_REL * (Math.abs(vb0) + Math.abs(bb) * ub + cb * ub * ub);
      const d = vb - va;
      if (Math.abs(d) <= tol) {
        // A near-tie: the lower index; re-compared at any later time unless the two
        // polynomials are the same one.
        w = a < b ? a : b;
        until = this.same(a, b, t) ? Infinity : t;
      } else {
        // The loser's lead over the winner, as a polynomial in s = time - t: the comparison
        // holds while it stays above the tolerance.
        let slope: f64;
        let curve: f64;
        if (d > 0.0) { // a wins
          slope = (bb + 2.0 * cb * tb) - (ba + 2.0 * ca * ta);
          curve = cb - ca;
        } else {
          w = b;
          slope = (ba + 2.0 * ca * ta) - (bb + 2.0 * cb * tb);
          curve = ca - cb;
        }
        const s = firstNonPositive(Math.abs(d) - tol, slope, curve);
        until = s == Infinity ? Infinity : t + s * (1.0 - 1e-12);
        if (until < t) until = t;
      }
    }
    e[8 * p + 6] = w;
    ev[4 * p] = lw;
    ev[4 * p + 1] = until;
    const sl = ev[4 * l + 2];
    const sr = ev[4 * r + 2];
    let m = sl < sr ? sl : sr;
    if (until < m) m = until;
    ev[4 * p + 2] = m;
  }

  /** Whether leaves a and b have the same polynomial (at time t). */
  private same(a: i32, b: i32, t: f64): bool {
    const q = this.poly;
    const ta0 = q[4 * a]; const va0 = q[4 * a + 1]; const ba = q[4 * a + 2]; const ca = q[4 * a + 3];
    const tb0 = q[4 * b]; const vb0 = q[4 * b + 1]; const bb = q[4 * b + 2]; const cb = q[4 * b + 3];
    if (ca != cb) return false;
    if (ta0 == tb0) return va0 == vb0 && ba == bb;
    return ba + 2.0 * ca * (t - ta0) == bb + 2.0 * cb * (t - tb0) && this.value(a, t) == this.value(b, t);
  }

  /** Collects into `out` every leaf at `level` whose value at the current time may be at most
   *  `bound` (all of them, and maybe a few more: the overall winner if it is at `level`);
   *  returns their number. `stack` needs 2 x log2
   *  (size) + 2 entries. */
  gather(level: f64, bound: f64, out: Int32Array, stack: Int32Array): i32 {
    const t = this.now;
    const e = this.e;
    const ev = this.ev;
    let k = 0;
    let top = 0;
    stack[top++] = 1;
    const w0 = e[8 + 6]; // (the overall winner: taken without evaluating it, down its path)
    while (top > 0) {
      const p = stack[--top];
      const w = e[8 * p + 6];
      if (w < 0 || ev[4 * p] != level) continue; // (a winner's level is its subtree's lowest)
      if (w != w0 && this.value(w, t) - KINETIC_SLACK * this.tol(w, t) > bound) continue;
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
