// The engine's deterministic elementary functions: ln and e^x by + − × ÷ and exact scalings by
// 2 only, so that the Wasm build and the JS build (V8's Math.log and Math.exp differ from
// AssemblyScript's, and between JavaScript engines) give the same bits. The engine calls no
// transcendental function otherwise (docs/architecture.md, "Portability and determinism").
//
// The host's generators have their own, src/trace/libm.ts: fdlibm's algorithms, which read and
// write the words of a double (Node 20's Math bit for bit). The two sides compute ln and e^x by
// different algorithms (they agree to within an ulp, not bit for bit) and neither can take the
// other's without moving results: every generated workload depends on the host's, Yaq's estimate
// noise (`estNoise`) on these. What they share is the split of ln 2 below;
// test/libm.test.ts checks those constants against the host's and these functions' bits in both
// builds over many inputs.
import { Rng } from "./rng";

/** ln 2 = LN2_HI + LN2_LO, fdlibm's split: LN2_HI has 32 significant bits, so k × LN2_HI is
 *  exact for |k| < 2^20 (the same constants as src/trace/libm.ts). */
export const LN2_HI: f64 = 6.93147180369123816490e-01;
export const LN2_LO: f64 = 1.90821492927058770002e-10;

/** ln x for x > 0 by + − × ÷ only: x = 2^e m, m in [√½, √2), then ln m = 2 atanh(f),
 *  f = (m − 1)/(m + 1), |f| <= 0.172, by its series to f^27 (truncation error < 1e-21). */
export function portableLog(x: f64): f64 {
  let m = x;
  let e = 0;
  while (m < 0.7071067811865476) { m *= 2.0; e--; }
  while (m >= 1.4142135623730951) { m *= 0.5; e++; }
  const f = (m - 1.0) / (m + 1.0);
  const f2 = f * f;
  let sum = 0.0;
  for (let k = 27; k >= 1; k -= 2) sum = sum * f2 + 1.0 / <f64>k;
  return <f64>e * LN2_LO + (2.0 * f * sum + <f64>e * LN2_HI);
}

/** e^y by + − × ÷ only: y = k ln 2 + r, |r| <= 0.35, e^r by Taylor to r^22 (truncation error
 *  < 1e-25), times 2^k by exact doublings. For |y| < 700. */
export function portableExp(y: f64): f64 {
  const k = Math.floor(y / 0.6931471805599453 + 0.5);
  const r = (y - k * LN2_HI) - k * LN2_LO;
  let p = 1.0;
  for (let i = 22; i >= 1; i--) p = 1.0 + p * r / <f64>i;
  let n = <i32>k;
  while (n > 0) { p *= 2.0; n--; }
  while (n < 0) { p *= 0.5; n++; }
  return p;
}

/** A standard normal draw from `rng` (Marsaglia's polar method; the second value of each pair
 *  is discarded). Math.sqrt is correctly rounded in both builds. */
export function normalDraw(rng: Rng): f64 {
  while (true) {
    const u = 2.0 * rng.nextFloat() - 1.0;
    const v = 2.0 * rng.nextFloat() - 1.0;
    const s = u * u + v * v;
    if (s >= 1.0 || s == 0.0) continue;
    return u * Math.sqrt(-2.0 * portableLog(s) / s);
  }
  return 0.0;
}
