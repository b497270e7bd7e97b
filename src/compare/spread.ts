// Spread over seeds (issue #38): for a value measured once per seed, its mean, standard deviation
// (n − 1), the 95 % confidence interval of the mean by Student's t, and n; for a value normalized
// to a baseline, the same of the per-seed ratios (the two schedulers of one seed run the same
// trace: the ratio is paired by seed). docs/cli.md "Spread over seeds" says why these estimators.
// Browser-safe, deterministic: the t quantile is computed with the project's fdlibm ports
// (src/trace/libm.ts), so Node and a browser print the same digits.
import { exp, log } from "../trace/libm.js";

/** A value over seeds: the mean, the sample standard deviation (n − 1; 0 for one seed), the 95 %
 *  t interval of the mean ([mean, mean] for one seed: no interval from one draw) and n. */
export interface Spread { mean: number; sd: number; ci: [number, number]; n: number }

export const CONFIDENCE = 0.95;

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 digits). */
function lnGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  const z = x - 1;
  let a = c[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (z + i);
  return 0.5 * log(2 * Math.PI) + (z + 0.5) * log(t) - t + log(a);
}

/** The continued fraction of the regularized incomplete beta function (modified Lentz). */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d; h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return h;
}

/** I_x(a, b), the regularized incomplete beta function. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * log(x) + b * log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** P(T <= t) for Student's t with `df` degrees of freedom. */
export function studentCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

const quantiles = new Map<number, number>();

/** The two-sided 95 % quantile t(0.975, df): 12.706 for df = 1, 4.303 for 2, 2.776 for 4,
 *  2.262 for 9, → 1.960. Bisection to the last bit of the double, cached per df. */
export function tQuantile975(df: number): number {
  if (!(Number.isInteger(df) && df >= 1)) throw new RangeError(`degrees of freedom must be an integer >= 1, got ${df}`);
  const hit = quantiles.get(df);
  if (hit !== undefined) return hit;
  let lo = 1.959, hi = 12.71;
  for (let i = 0; i < 200 && hi - lo > 0; i++) {
    const mid = lo + (hi - lo) / 2;
    if (mid === lo || mid === hi) break;
    if (studentCdf(mid, df) < 0.975) lo = mid; else hi = mid;
  }
  quantiles.set(df, hi);
  return hi;
}

/** Mean, sd (n − 1), 95 % t interval and n of `values`; null when there is none or one is not a
 *  finite number (an empty class, an undefined ratio). One value: sd 0, the interval [x, x]. */
export function spreadOf(values: ReadonlyArray<number | null | undefined>): Spread | null {
  const n = values.length;
  if (n === 0) return null;
  let sum = 0;
  for (const v of values) {
    if (typeof v !== "number" || !Number.isFinite(v)) return null;
    sum += v;
  }
  const mean = sum / n;
  if (n === 1) return { mean, sd: 0, ci: [mean, mean], n };
  let ss = 0;
  for (const v of values as number[]) ss += (v - mean) * (v - mean);
  const sd = Math.sqrt(ss / (n - 1));
  const half = (tQuantile975(n - 1) * sd) / Math.sqrt(n);
  return { mean, sd, ci: [mean - half, mean + half], n };
}

/** a / b of one seed: exactly 1 when a === b (the baseline itself, even at 0), null when either is
 *  missing or b is not positive (as the compare table's ratio). */
export function seedRatio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (typeof a !== "number" || typeof b !== "number" || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  if (a === b) return 1;
  return b > 0 ? a / b : null;
}

/** The spread of the per-seed ratios xs[i] / bs[i] (the same seed's two runs: paired). */
export function pairedRatioSpread(xs: ReadonlyArray<number | null | undefined>, bs: ReadonlyArray<number | null | undefined>): Spread | null {
  if (xs.length !== bs.length) throw new RangeError(`paired values: ${xs.length} against ${bs.length}`);
  return spreadOf(xs.map((x, i) => seedRatio(x, bs[i])));
}

/** Half the interval's width: what a table prints after `±`. */
export function halfWidth(s: Spread): number {
  return (s.ci[1] - s.ci[0]) / 2;
}
