// Order statistics of a column of doubles in place (Yaq's median queuing delay).

/** The k-th smallest of a[0, n), i.e. sorted(a)[k], in O(n) expected (Hoare's quickselect with
 *  median-of-three pivots). Reorders a[0, n). */
export function kthSmallest(a: Float64Array, n: i32, k: i32): f64 {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const mid = lo + ((hi - lo) >> 1);
    // median of three into a[mid]
    if (a[mid] < a[lo]) swap(a, mid, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[hi] < a[mid]) swap(a, hi, mid);
    const pivot = a[mid];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) { swap(a, i, j); i++; j--; }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

function swap(a: Float64Array, i: i32, j: i32): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}
