// Seeded random streams, bit-identical in the Wasm and JS builds: xoshiro128** on
// 32-bit integers, seeded by splitmix32 from (seed, stream). Each mechanism owns a
// stream, so changing one mechanism never reshuffles another's draws.
import { imul, ushr, u32ToF64, mulHiU32, ltU32, lemireThreshold, i32Base, i32Set } from "./glue";

/** Stream ids (one per mechanism). Keep numbers stable: they are part of reproducibility. */
export const STREAM_ARRIVALS: i32 = 1;
export const STREAM_TASKS: i32 = 2;
export const STREAM_PLACEMENT: i32 = 3;
export const STREAM_STEALING: i32 = 4;
export const STREAM_ESTIMATES: i32 = 5;
export const STREAM_HEARTBEAT: i32 = 6;
// (7-11: the workload generators' streams, src/trace/tracelike.ts)
export const STREAM_DISTRIBUTORS: i32 = 12;
export const STREAM_SHUFFLE: i32 = 13;
// (20-29: Yaq, assembly/schedulers/yaq/ and src/trace/yaq.ts)
/** Yaq: each node manager's heartbeat phase, uniform in [0, τ). */
export const STREAM_YAQ_PHASE: i32 = 20;
/** Yaq: each job manager's (AM's) heartbeat phase, uniform in [0, AM period). */
export const STREAM_YAQ_AM: i32 = 21;
/** Yaq: random placement, Mercury's top-k choice, batch sampling's probes. */
export const STREAM_YAQ_PLACE: i32 = 22;
// 30-39: Dice (seed-dice.md): OP's request targets, ES's random blacklist.
export const STREAM_DICE_OP: i32 = 30;
export const STREAM_DICE_ES: i32 = 31;
// Fregata (issue #20; ids 40-49): the masters' shuffle (A4), the noisy oracle's label flips (A2,
// drawn by the host through the engine's Rng), the fregata generator (src/trace/fregata.ts, 42-44).
export const STREAM_FREGATA_MASTERS: i32 = 40;
export const STREAM_FREGATA_NOISE: i32 = 41;

function rotl(x: i32, k: i32): i32 { return (x << k) | ushr(x, 32 - k); }

function mix32(z: i32): i32 {
  z = imul(z ^ ushr(z, 16), -2048144789); // 0x85ebca6b
  z = imul(z ^ ushr(z, 13), -1028477387); // 0xc2b2ae35
  return z ^ ushr(z, 16);
}

/** r.nextU32(), inlined where it is called (hot loops draw through it: a call per draw
 *  otherwise). */
// @ts-ignore: decorator
@inline export function nextBits(r: Rng): i32 {
  const s1 = r.s1;
  const result = imul(rotl(imul(s1, 5), 7), 9);
  const t = s1 << 9;
  r.s2 ^= r.s0;
  r.s3 ^= s1;
  r.s1 = s1 ^ r.s2;
  r.s0 ^= r.s3;
  r.s2 ^= t;
  r.s3 = rotl(r.s3, 11);
  return result;
}

/** r.nextInt(n), inlined where it is called: a uniform integer in [0, n), 1 <= n < 2^24, by
 *  Lemire's multiply-shift draw from one 32-bit step, exactly uniform (a product whose low word
 *  falls below (2^32 - n) mod n is drawn again: for 15,000 nodes one draw in 286,000). */
// @ts-ignore: decorator
@inline export function drawBelow(r: Rng, n: i32): i32 {
  let x = nextBits(r);
  let lo = imul(x, n);
  if (ltU32(lo, n)) {
    const thr = lemireThreshold(n);
    while (ltU32(lo, thr)) { x = nextBits(r); lo = imul(x, n); }
  }
  return mulHiU32(x, n);
}

/** out[i] = lo + r.nextInt(n) for i in [0, count): the same draws, in order, as count calls of
 *  drawBelow, with the generator's state in locals for the whole batch (a probe batch's nodes:
 *  toolkit/sampler.ts drawNodes). */
export function drawBelowInto(r: Rng, n: i32, lo: i32, count: i32, out: Int32Array): void {
  let s0 = r.s0;
  let s1 = r.s1;
  let s2 = r.s2;
  let s3 = r.s3;
  const op = i32Base(out);
  for (let i = 0; i < count; i++) {
    let x = imul(rotl(imul(s1, 5), 7), 9);
    const t = s1 << 9;
    s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
    const low = imul(x, n);
    if (ltU32(low, n) && ltU32(low, lemireThreshold(n))) {
      // Rejected (one draw in about 2^32 / n): drawn again as drawBelow does, the state through r.
      r.s0 = s0; r.s1 = s1; r.s2 = s2; r.s3 = s3;
      x = redrawBelow(r, n);
      s0 = r.s0; s1 = r.s1; s2 = r.s2; s3 = r.s3;
    }
    i32Set(op, i, lo + mulHiU32(x, n));
  }
  r.s0 = s0; r.s1 = s1; r.s2 = s2; r.s3 = s3;
}

/** drawBelowInto's redraw after a rejected draw: the next steps' bits until one is accepted
 *  (returns those bits; the caller takes mulHiU32(x, n)). */
function redrawBelow(r: Rng, n: i32): i32 {
  const thr = lemireThreshold(n);
  let x = nextBits(r);
  while (ltU32(imul(x, n), thr)) x = nextBits(r);
  return x;
}

export class Rng {
  s0: i32 = 0;
  s1: i32 = 0;
  s2: i32 = 0;
  s3: i32 = 0;

  constructor(seed: i32, stream: i32) {
    let x: i32 = seed ^ imul(stream + 1, -1640531527); // golden ratio 0x9e3779b9
    x = (x + -1640531527) | 0; this.s0 = mix32(x);
    x = (x + -1640531527) | 0; this.s1 = mix32(x);
    x = (x + -1640531527) | 0; this.s2 = mix32(x);
    x = (x + -1640531527) | 0; this.s3 = mix32(x);
    if ((this.s0 | this.s1 | this.s2 | this.s3) == 0) this.s0 = 1;
  }

  /** Next 32 random bits (as an i32 bit pattern). */
  nextU32(): i32 { return nextBits(this); }

  /** Uniform double in [0, 1) with 53 random bits: the high 27 and 26 bits of two nextU32()
   *  steps. The state stays in locals for both steps (one load and one store per word, where
   *  two calls of nextU32 would store and reload each word). */
  nextFloat(): f64 {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    const a = ushr(imul(rotl(imul(s1, 5), 7), 9), 5); // 27 bits
    let t = s1 << 9;
    s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
    const b = ushr(imul(rotl(imul(s1, 5), 7), 9), 6); // 26 bits
    t = s1 << 9;
    s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
    this.s0 = s0; this.s1 = s1; this.s2 = s2; this.s3 = s3;
    return (u32ToF64(a) * 67108864.0 + u32ToF64(b)) / 9007199254740992.0;
  }

  /** out[i] = scale x nextFloat() for i in [0, n): the same draws, in order, as n calls (the
   *  state stays in locals for the whole loop; DLWL's heartbeat noise, one value per node). */
  fillScaled(out: Float64Array, n: i32, scale: f64): void {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    for (let i = 0; i < n; i++) {
      const a = ushr(imul(rotl(imul(s1, 5), 7), 9), 5); // 27 bits
      let t = s1 << 9;
      s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
      const b = ushr(imul(rotl(imul(s1, 5), 7), 9), 6); // 26 bits
      t = s1 << 9;
      s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
      out[i] = scale * ((u32ToF64(a) * 67108864.0 + u32ToF64(b)) / 9007199254740992.0);
    }
    this.s0 = s0; this.s1 = s1; this.s2 = s2; this.s3 = s3;
  }

  /** Uniform integer in [0, n), 1 <= n < 2^24 (drawBelow). */
  nextInt(n: i32): i32 { return drawBelow(this, n); }

  /** Draws made by the last nextIntWithBit. */
  draws: i32 = 0;

  /** Up to `maxDraws` draws of lo + nextInt(n), stopping at the first value x other than `skip`
   *  whose bit (x & 31) of bits[x >> 5] is set; returns it, or -1 when every draw failed. The
   *  draws made are in `draws`. The same draws as nextInt in a loop, with the state in locals
   *  (Hawk's steal attempts: a victim without long work is a failed attempt). The loop repeats
   *  nextIntBelowOrClear's on purpose: one routine for both with the tests as parameters was not
   *  inlined and cost a call per target (docs/perf-log.md). */
  nextIntWithBit(n: i32, lo: i32, bits: Int32Array, skip: i32, maxDraws: i32): i32 {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    let found = -1;
    let k = 0;
    while (k < maxDraws) {
      // nextInt(n), step for step
      const r = imul(rotl(imul(s1, 5), 7), 9);
      const t = s1 << 9;
      s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
      const low = imul(r, n);
      if (ltU32(low, n) && ltU32(low, lemireThreshold(n))) continue; // drawn again
      const x = lo + mulHiU32(r, n);
      k++;
      if (x != skip && (bits[x >> 5] & (1 << (x & 31))) != 0) { found = x; break; }
    }
    this.s0 = s0; this.s1 = s1; this.s2 = s2; this.s3 = s3;
    this.draws = k;
    return found;
  }

  /** Floyd's draw of `m` distinct values of [0, range) (0 < m <= range < 2^24): for j = range - m
   *  .. range - 1, t = nextInt(j + 1), or j when t was drawn already; each is marked in the bitset
   *  `mark` (bit t & 31 of mark[t >> 5]) and written to picks[0 .. m - 1] in drawing order. The
   *  same draws as nextInt in that loop, with the state in locals for the whole loop (Dice's
   *  request targets, thousands a tick). */
  floyd(m: i32, range: i32, mark: Int32Array, picks: Int32Array): void {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    let c = 0;
    for (let j = range - m; j < range; j++) {
      const n = j + 1;
      let r = 0;
      let low = 0;
      do {
        // nextInt(n), step for step
        r = imul(rotl(imul(s1, 5), 7), 9);
        const t = s1 << 9;
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
        low = imul(r, n);
      } while (ltU32(low, n) && ltU32(low, lemireThreshold(n))); // (drawn again)
      let x = mulHiU32(r, n);
      if ((mark[x >> 5] & (1 << (x & 31))) != 0) x = j;
      mark[x >> 5] |= 1 << (x & 31);
      picks[c++] = x;
    }
    this.s0 = s0; this.s1 = s1; this.s2 = s2; this.s3 = s3;
  }

  /** Rejection sampling over [0, n): draws nextInt(n) until the value x is below `lo` or has
   *  bit (x & 31) of bits[base + (x >> 5)] clear, and returns it: uniform over those values
   *  (at least one must exist). The same draws as nextInt in a loop, with the state in locals
   *  for the whole loop (Eagle's re-sent probes: several draws per target). */
  nextIntBelowOrClear(n: i32, lo: i32, bits: Int32Array, base: i32): i32 {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    let x = 0;
    while (true) {
      // nextInt(n), step for step
      const r = imul(rotl(imul(s1, 5), 7), 9);
      const t = s1 << 9;
      s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
      const low = imul(r, n);
      if (ltU32(low, n) && ltU32(low, lemireThreshold(n))) continue; // drawn again
      x = mulHiU32(r, n);
      if (x < lo || (bits[base + (x >> 5)] & (1 << (x & 31))) == 0) break;
    }
    this.s0 = s0; this.s1 = s1; this.s2 = s2; this.s3 = s3;
    return x;
  }

  /** Fisher-Yates from the end over a[0..n): for i = n - 1 down to 1, swaps a[i] with
   *  a[nextInt(i + 1)]. The same draws as that loop of nextInt, with the state in locals for
   *  the whole loop (Fregata shuffles its masters per job). */
  shuffle(a: Int32Array, n: i32): void {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    for (let i = n - 1; i > 0; i--) {
      const m = i + 1;
      let r = 0;
      while (true) {
        // nextInt(m), step for step
        r = imul(rotl(imul(s1, 5), 7), 9);
        const t = s1 << 9;
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
        const low = imul(r, m);
        if (!(ltU32(low, m) && ltU32(low, lemireThreshold(m)))) break; // else drawn again
      }
      const j = mulHiU32(r, m);
      const x = a[i]; a[i] = a[j]; a[j] = x;
    }
    this.s0 = s0; this.s1 = s1; this.s2 = s2; this.s3 = s3;
  }
}
