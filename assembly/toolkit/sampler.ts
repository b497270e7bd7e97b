// Uniform node sampling over a range of nodes [lo, hi), with replacement (the
// reference simulator's choice, seed-hawk-eagle.md A3) or without replacement within
// one job's batch (Sparrow proper). Without replacement uses a partial Fisher-Yates
// shuffle over a persistent permutation; when a batch needs more nodes than the range
// holds, a new round over the whole range starts.
import { Rng, drawBelow, drawBelowInto } from "./rng";
import { ctz32 } from "./glue";

export class NodeSampler {
  lo: i32;
  n: i32;
  distinct: bool;
  perm: Int32Array;
  used: i32 = 0;
  /** drawNodes' output (grown to the largest batch). */
  drawn: Int32Array = new Int32Array(64);

  constructor(lo: i32, hi: i32, distinct: bool) {
    const n = hi - lo;
    this.lo = lo;
    this.n = n;
    this.distinct = distinct;
    this.perm = new Int32Array(distinct ? n : 0);
    for (let i = 0; i < this.perm.length; i++) this.perm[i] = lo + i;
  }

  /** Starts a new batch (the next draws are distinct until the range is exhausted). */
  begin(): void { this.used = 0; }

  next(rng: Rng): i32 { return sampleNode(this, rng); }
}

/** `count` draws of s.next(rng), in order, into s.drawn (returned; valid until the next call):
 *  a batch's nodes drawn in one loop (with replacement, the generator's state in locals:
 *  rng.ts drawBelowInto). */
export function drawNodes(s: NodeSampler, rng: Rng, count: i32): Int32Array {
  if (s.drawn.length < count) s.drawn = new Int32Array(count > 2 * s.drawn.length ? count : 2 * s.drawn.length);
  const out = s.drawn;
  if (!s.distinct) {
    drawBelowInto(rng, s.n, s.lo, count, out);
  } else {
    for (let i = 0; i < count; i++) out[i] = sampleNode(s, rng);
  }
  return out;
}

/** s.next(rng), inlined where it is called (a probe batch draws through it: a call per probe
 *  otherwise). */
// @ts-ignore: decorator
@inline export function sampleNode(s: NodeSampler, rng: Rng): i32 {
  if (!s.distinct) return s.lo + drawBelow(rng, s.n);
  if (s.used == s.n) s.used = 0;
  const i = s.used;
  const j = i + drawBelow(rng, s.n - i);
  const perm = s.perm;
  const v = perm[j];
  perm[j] = perm[i];
  perm[i] = v;
  s.used = i + 1;
  return v;
}

/** Distinct values of [0, range) in increasing order (Floyd's algorithm, Rng.floyd: the same
 *  draws as nextInt in that loop), e.g. the random nodes a controller contacts at one instant.
 *  The buffers are sized once for ranges up to `capacity`; nothing is allocated per draw. */
export class SortedDraws {
  /** A bit per value of the range (cleared again after each draw). */
  mark: Int32Array;
  /** The values of the last draw. */
  picks: Int32Array;

  constructor(capacity: i32) {
    this.mark = new Int32Array((capacity + 31) >> 5);
    this.picks = new Int32Array(capacity);
  }

  /** Draws m distinct indices of [0, range) (m capped at range) into picks[0 .. m - 1], in
   *  increasing order; returns m. */
  draw(m: i32, range: i32, rng: Rng): i32 {
    if (m > range) m = range;
    if (m <= 0) return 0;
    const mark = this.mark; // a bit per index
    const picks = this.picks;
    rng.floyd(m, range, mark, picks);
    let c = m;
    if (<f64>c * <f64>c >= <f64>range * 0.125) {
      // Many: read them back in order from the bits (range / 32 words beat a sort of c).
      c = 0;
      const words = (range + 31) >> 5;
      for (let w = 0; w < words; w++) {
        let x = mark[w];
        if (x == 0) continue;
        mark[w] = 0;
        while (x != 0) {
          picks[c++] = (w << 5) + ctz32(x);
          x &= x - 1;
        }
      }
    } else {
      for (let i = 0; i < c; i++) mark[picks[i] >> 5] = 0;
      // Few: insertion sort (about c^2 / 4 steps).
      for (let i = 1; i < c; i++) {
        const v = picks[i];
        let k = i - 1;
        while (k >= 0 && picks[k] > v) { picks[k + 1] = picks[k]; k--; }
        picks[k + 1] = v;
      }
    }
    return c;
  }
}
