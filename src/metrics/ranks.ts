// Nearest-rank percentiles (seed-hawk-eagle.md A23): of an ascending array, and p50/p90/p99 of an
// unsorted one by selection. The run summary (summary.ts) and a trace reader's thread (the
// slowdown's denominators, longest.ts) use them.

/** Nearest-rank percentile of an ascending array (seed-hawk-eagle.md A23). */
export function quantileNearestRank(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const rank = Math.ceil((p / 100) * n);
  return sorted[Math.min(n, Math.max(1, rank)) - 1];
}

/** The index quantileNearestRank reads for percentile `p` of `n` values. */
export function nearestRankIndex(n: number, p: number): number {
  return Math.min(n, Math.max(1, Math.ceil((p / 100) * n))) - 1;
}

/** Reorders `a` in place so that a[k] is the value an ascending sort would put there, with the
 *  smaller values before it and the larger after (Hoare's selection, median-of-three pivots),
 *  within [lo, hi]. Only for values without NaN and -0, whose order `<` decides alone. */
function selectInPlace(a: Float64Array, k: number, lo: number, hi: number): void {
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // median of three to a[mid]; then a[lo] <= a[mid] <= a[hi]
    if (a[mid] < a[lo]) { const t = a[mid]; a[mid] = a[lo]; a[lo] = t; }
    if (a[hi] < a[lo]) { const t = a[hi]; a[hi] = a[lo]; a[lo] = t; }
    if (a[hi] < a[mid]) { const t = a[hi]; a[hi] = a[mid]; a[mid] = t; }
    const pivot = a[mid];
    let i = lo, j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (pivot < a[j]) j--;
      if (i <= j) { const t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    // [lo, j] <= pivot <= [i, hi], and everything strictly between j and i equals the pivot
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** Nearest-rank p50/p90/p99 of `values` as `quantileNearestRank` of their ascending sort gives
 *  them, by selection (reorders `values`; a sort when a NaN or a -0 is among them). */
export function nearestRanks(values: Float64Array): [number, number, number] {
  const n = values.length;
  if (n === 0) return [NaN, NaN, NaN];
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== v || (v === 0 && 1 / v < 0)) {
      values.sort();
      return [quantileNearestRank(values, 50), quantileNearestRank(values, 90), quantileNearestRank(values, 99)];
    }
  }
  const k99 = nearestRankIndex(n, 99), k90 = nearestRankIndex(n, 90), k50 = nearestRankIndex(n, 50);
  // (each selection leaves the larger values above its rank: the next, lower rank looks below it)
  selectInPlace(values, k99, 0, n - 1);
  selectInPlace(values, k90, 0, k99);
  selectInPlace(values, k50, 0, k90);
  return [values[k50], values[k90], values[k99]];
}
