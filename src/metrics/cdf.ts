// Completion-time distributions at a fixed set of quantiles: what `aviary run --cdf` and
// `aviary compare --cdf` add to their JSON, and what the CDF plots draw. Browser-safe.
//
// The quantile grid (CDF_QUANTILES) is 0 (the minimum), 0.005, 0.01, ... 0.99 in 0.5 % steps,
// then the tail 0.991 ... 0.999 in 0.1 % steps, 0.9995 and 1 (the maximum): 210 points, enough
// for a smooth curve on a linear y axis and the tail a paper discusses. Each value is a
// nearest-rank quantile (the same rule as the summaries' p50/p90/p99, so p = 0.5 here equals
// the summary's p50), i.e. an actual completion time of a job.
import { classCompletionTimes } from "./completion.js";
import type { SimResult } from "../simulate.js";

/** The grid as exact fractions [numerator, denominator] (ranks are computed in integers). */
function fractions(): [number, number][] {
  const q: [number, number][] = [];
  for (let i = 0; i <= 198; i++) q.push([i, 200]); // 0 .. 0.99
  for (let i = 991; i <= 999; i++) q.push([i, 1000]);
  q.push([1999, 2000], [1, 1]);
  return q;
}
const FRACTIONS = fractions();

/** The quantiles (fractions of jobs, ascending, 0 and 1 included) of every CompletionCdf. */
export const CDF_QUANTILES: readonly number[] = Object.freeze(FRACTIONS.map(([a, b]) => a / b));

/** Per class, the completion time (seconds) at each of `q`; an empty class has an empty array. */
export interface CompletionCdf {
  q: number[];
  short: number[];
  long: number[];
}

/** The values of an ascending array at CDF_QUANTILES (empty for an empty array). */
export function quantilesOf(sorted: ArrayLike<number>): number[] {
  if (sorted.length === 0) return [];
  const n = sorted.length;
  // Nearest rank: the ceil(q n)-th smallest, at least the first.
  return FRACTIONS.map(([a, b]) => sorted[Math.max(1, Math.ceil((a * n) / b)) - 1]);
}

/** The CDF of the two classes' completion times (each array in any order; not modified). */
export function completionCdf(short: ArrayLike<number>, long: ArrayLike<number>): CompletionCdf {
  const sort = (a: ArrayLike<number>) => Float64Array.from(a).sort();
  return { q: [...CDF_QUANTILES], short: quantilesOf(sort(short)), long: quantilesOf(sort(long)) };
}

/** The CDF of one run's completion times, per reporting class (the summary's classes). */
export function runCdf(r: SimResult, cutoff?: number): CompletionCdf {
  const { short, long } = classCompletionTimes(r, cutoff);
  return completionCdf(short, long);
}

/** The CDF of several runs' jobs pooled (e.g. one scheduler's seeds), per class. */
export function pooledCdf(parts: { short: ArrayLike<number>; long: ArrayLike<number> }[]): CompletionCdf {
  const join = (cls: "short" | "long") => {
    const out = new Float64Array(parts.reduce((n, p) => n + p[cls].length, 0));
    let k = 0;
    for (const p of parts) { out.set(p[cls], k); k += p[cls].length; }
    return out;
  };
  return completionCdf(join("short"), join("long"));
}
