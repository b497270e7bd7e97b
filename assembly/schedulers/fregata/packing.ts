// Fregata's placement arithmetic (seed-fregata.md §2.5-§2.6, §8), as pure functions over flat
// arrays so that the spec's unit-test vectors run on them directly (test/fregata.test.ts):
//  - volume (Eq. 2): sum_k free_k / C'_k, the "most matched" worker has the smallest;
//  - the dominant resource: argmax_k of the (normalised, A7) demand, ties to the lowest k;
//  - DV (Eq. 1) = sum_k [(d_jk - m_k)^2 + (d_ik - m_k)^2], m_k the pair's mean = 1/2 |d_i - d_j|^2;
//  - greedy complementary pairing of a window (§2.5 pseudo-code with the A9 guard);
//  - the dependency priority recursion P(T) = base(T) + gamma x sum over children P(c) (§2.4).

/** Eq. (2): the unused volume of `free` (dims values from `off`) against the maxima `maxCap`. */
export function volume(free: Float64Array, off: i32, maxCap: Float64Array, dims: i32): f64 {
  let v = 0.0;
  for (let k = 0; k < dims; k++) if (maxCap[k] > 0.0) v += free[off + k] / maxCap[k];
  return v;
}

/** The demand of dimension k as packing sees it: divided by C'_k (A7) or raw. */
export function normDemand(d: Float64Array, off: i32, k: i32, maxCap: Float64Array, normalize: bool): f64 {
  const x = d[off + k];
  return normalize ? (maxCap[k] > 0.0 ? x / maxCap[k] : 0.0) : x;
}

/** The dominant resource of the demand at `off`: argmax_k, ties to the lowest k; -1 when every
 *  dimension is 0 (such a task is never paired). */
export function dominant(d: Float64Array, off: i32, dims: i32, maxCap: Float64Array, normalize: bool): i32 {
  let best = -1;
  let bestV = 0.0;
  for (let k = 0; k < dims; k++) {
    const v = normDemand(d, off, k, maxCap, normalize);
    if (v > bestV) { bestV = v; best = k; }
  }
  return best;
}

/** Eq. (1) term by term. */
export function deviationEq1(d: Float64Array, i: i32, j: i32, dims: i32, maxCap: Float64Array, normalize: bool): f64 {
  let dv = 0.0;
  for (let k = 0; k < dims; k++) {
    const a = normDemand(d, j, k, maxCap, normalize);
    const b = normDemand(d, i, k, maxCap, normalize);
    const m = (a + b) / 2.0;
    dv += (a - m) * (a - m) + (b - m) * (b - m);
  }
  return dv;
}

/** DV by the identity 1/2 |d_i - d_j|^2 (what the scheduler uses). */
export function deviation(d: Float64Array, i: i32, j: i32, dims: i32, maxCap: Float64Array, normalize: bool): f64 {
  let dv = 0.0;
  for (let k = 0; k < dims; k++) {
    const x = normDemand(d, j, k, maxCap, normalize) - normDemand(d, i, k, maxCap, normalize);
    dv += x * x;
  }
  return 0.5 * dv;
}

/** Whether the summed demand of the tasks at offsets i and j fits the largest capacities (the
 *  A9 guard "fitsSomewhere"). */
export function pairFits(d: Float64Array, i: i32, j: i32, dims: i32, maxCap: Float64Array): bool {
  for (let k = 0; k < dims; k++) if (d[i + k] + d[j + k] > maxCap[k]) return false;
  return true;
}

/**
 * §2.5 pack(list): `n` tasks whose demands are at d[t x dims ..] for t < n, in list order. For
 * each task not yet used, its partner is the unused task of another dominant resource with the
 * largest DV whose pair passes the guard (ties to the lower index); partner[i] gets the
 * partner's index or -1 (a single). A task taken as a partner gets partner = the task that took
 * it. `dom` is scratch of n entries. Returns the number of pairs.
 */
export function packList(d: Float64Array, n: i32, dims: i32, maxCap: Float64Array, normalize: bool, guard: bool,
                         partner: Int32Array, dom: Int32Array): i32 {
  for (let i = 0; i < n; i++) { partner[i] = -2; dom[i] = dominant(d, i * dims, dims, maxCap, normalize); }
  let pairs = 0;
  for (let i = 0; i < n; i++) {
    if (partner[i] != -2) continue;
    let best = -1;
    let bestDv = -1.0;
    if (dom[i] >= 0) {
      for (let j = 0; j < n; j++) {
        if (j == i || partner[j] != -2 || dom[j] < 0 || dom[j] == dom[i]) continue;
        if (guard && !pairFits(d, i * dims, j * dims, dims, maxCap)) continue;
        const dv = deviation(d, i * dims, j * dims, dims, maxCap, normalize);
        if (dv > bestDv) { bestDv = dv; best = j; }
      }
    }
    if (best >= 0) { partner[i] = best; partner[best] = i; pairs++; } else partner[i] = -1;
  }
  return pairs;
}

/**
 * §2.4 reconstruction: P(T) = base(T) + gamma x sum over T's children P(c), for the `n` tasks of
 * one job given in reverse topological order `order` (children before parents); children of
 * local task t are kids[kidOff[t] .. kidOff[t + 1]). Writes P into `out`.
 */
export function priorities(n: i32, order: Int32Array, kidOff: Int32Array, kids: Int32Array, base: Float64Array,
                           gamma: f64, out: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const t = order[i];
    let s = 0.0;
    for (let e = kidOff[t]; e < kidOff[t + 1]; e++) s += out[kids[e]];
    out[t] = base[t] + gamma * s;
  }
}

/**
 * Algorithm 1 as a greedy disjoint path cover (§2.3, A3), for the `n` tasks of one job: local
 * tasks in topological order `topo`; children as in `priorities`; tail[t] the longest duration
 * path from t to a sink (t included). Sources (no parent) in index order each start a path that
 * follows, at every step, the child with the largest tail (ties to the lowest index), i.e. the
 * longest path from the source to a sink; the path's tasks not yet in a group form a new group.
 * Tasks left over (on no source's heaviest path) start paths of their own in topological order,
 * through children not yet grouped. `wcc`: one group per weakly connected component. Writes each
 * task's group into `group` and returns the number of groups. `isSource[t]` != 0 for sources.
 */
export function partition(n: i32, topo: Int32Array, kidOff: Int32Array, kids: Int32Array, tail: Float64Array,
                          isSource: Int32Array, wcc: bool, group: Int32Array, parOff: Int32Array, pars: Int32Array,
                          stack: Int32Array): i32 {
  for (let i = 0; i < n; i++) group[i] = -1;
  let groups = 0;
  if (wcc) {
    // Components by a traversal over child and parent links (group[] doubles as the mark;
    // `stack`: scratch of n entries).
    for (let s = 0; s < n; s++) {
      if (group[s] >= 0) continue;
      let sp = 0;
      stack[sp++] = s;
      group[s] = groups;
      while (sp > 0) {
        const t = stack[--sp];
        for (let e = kidOff[t]; e < kidOff[t + 1]; e++) {
          const c = kids[e];
          if (group[c] < 0) { group[c] = groups; stack[sp++] = c; }
        }
        for (let e = parOff[t]; e < parOff[t + 1]; e++) {
          const p = pars[e];
          if (group[p] < 0) { group[p] = groups; stack[sp++] = p; }
        }
      }
      groups++;
    }
    return groups;
  }
  for (let s = 0; s < n; s++) {
    if (isSource[s] == 0) continue;
    let t = s;
    let opened = false;
    for (;;) {
      if (group[t] < 0) { group[t] = groups; opened = true; }
      let best = -1;
      for (let e = kidOff[t]; e < kidOff[t + 1]; e++) {
        const c = kids[e];
        if (best < 0 || tail[c] > tail[best] || (tail[c] == tail[best] && c < best)) best = c;
      }
      if (best < 0) break;
      t = best;
    }
    if (opened) groups++;
  }
  for (let i = 0; i < n; i++) {
    let t = topo[i];
    if (group[t] >= 0) continue;
    for (;;) {
      group[t] = groups;
      let best = -1;
      for (let e = kidOff[t]; e < kidOff[t + 1]; e++) {
        const c = kids[e];
        if (group[c] >= 0) continue;
        if (best < 0 || tail[c] > tail[best] || (tail[c] == tail[best] && c < best)) best = c;
      }
      if (best < 0) break;
      t = best;
    }
    groups++;
  }
  return groups;
}
