// Yaq's analytic queue sizing (EuroSys 2016, §3.1 and Appendix A; spec seed-yaq.md §2.1):
//  - Eq. (1), the Chernoff-bound sufficient condition on the queue length b, with the validity
//    caveat of spec §2.1.2 (the bound holds, and its left side grows with b, only for
//    b + 1 > rμτ: the smallest such b that satisfies it);
//  - Eq. (2), the exact Erlang condition Pr[X_{b+1, rμ} <= τ] <= δ, i.e.
//    Pr[Poisson(rμτ) >= b + 1] <= δ;
//  - Proposition 2's node utilization u(b), as printed (wrong for b >= 1, spec §2.1.4) and
//    corrected (the closed form of spec §2.1.4, validated there by Monte Carlo).
// Browser-safe (no Node imports). Only exp and log: the Poisson terms are built by the
// recurrence p_k = p_{k-1} a / k, exact enough for the a and b of any cluster (a <= 1e4).

export interface YaqSizingInput {
  /** r: run slots per node (integer >= 1). */
  slots: number;
  /** 1/μ: mean task duration (s, > 0). */
  mean: number;
  /** τ: heartbeat interval (s, > 0). */
  heartbeat: number;
  /** u = 1 − δ: the target utilization, in (0, 1). */
  target: number;
}

function check(inp: YaqSizingInput): void {
  if (!Number.isInteger(inp.slots) || inp.slots < 1) throw new RangeError(`slots r must be an integer >= 1 (got ${inp.slots})`);
  if (!(inp.mean > 0) || !Number.isFinite(inp.mean)) throw new RangeError(`mean task duration must be a finite number > 0 (got ${inp.mean})`);
  if (!(inp.heartbeat > 0) || !Number.isFinite(inp.heartbeat)) throw new RangeError(`heartbeat interval must be a finite number > 0 (got ${inp.heartbeat})`);
  if (!(inp.target > 0 && inp.target < 1)) throw new RangeError(`target utilization must be in (0, 1) (got ${inp.target})`);
}

/** Pr[Poisson(a) >= n] = Pr[X_{n,λ} <= τ] with a = λτ (Erlang(n, λ) CDF at τ); 1 for n <= 0. */
export function erlangCdf(n: number, a: number): number {
  if (n <= 0) return 1;
  if (a <= 0) return 0;
  // p_k = e^{−a} a^k / k!, by the recurrence p_{k+1} = p_k a / (k + 1); above LOG_SPACE_ABOVE the
  // recurrence runs on ln p_k (e^{−a} underflows to 0 from a ≈ 745, and every term with it).
  const logSpace = a > LOG_SPACE_ABOVE;
  let p = logSpace ? -a : Math.exp(-a);
  const term = (): number => (logSpace ? Math.exp(p) : p);
  const step = (k: number): void => { p = logSpace ? p + Math.log(a / (k + 1)) : (p * a) / (k + 1); };
  // 1 − Σ_{k<n} p_k; for a large tail (a > n) sum the complement the same way.
  let below = 0;
  for (let k = 0; k < n; k++) {
    below += term();
    step(k);
  }
  if (below < 0.5) return 1 - below;
  // Sum the upper tail directly for precision: Σ_{k>=n} p_k.
  let tail = 0;
  for (let k = n; k < n + 1_000_000; k++) {
    const q = term();
    tail += q;
    step(k);
    if (q < tail * 1e-17 && k > a) break;
  }
  return tail;
}

/** Above this a the terms are built from their logarithms (erlangCdf). */
const LOG_SPACE_ABOVE = 700;

/** Left side of Eq. (1) at b: rμτ − (b+1) + (b+1) ln((b+1)/(rμτ)). */
export function eq1Lhs(b: number, a: number): number {
  const n = b + 1;
  return a - n + n * Math.log(n / a);
}

/** Eq. (1): the smallest b >= 0 with b + 1 > rμτ and rμτ − (b+1) + (b+1) ln((b+1)/(rμτ)) >=
 *  ln(1/δ) (spec §2.1.2's validity caveat: below rμτ the Chernoff bound does not hold). */
export function sizeEq1(inp: YaqSizingInput): number {
  check(inp);
  const a = (inp.slots * inp.heartbeat) / inp.mean;
  const need = Math.log(1 / (1 - inp.target));
  let b = Math.max(0, Math.floor(a)); // the first b with b + 1 > a
  while (!(b + 1 > a)) b++;
  while (eq1Lhs(b, a) < need) b++;
  return b;
}

/** Eq. (2): the smallest b >= 0 with Pr[Poisson(rμτ) >= b + 1] <= δ. */
export function sizeEq2(inp: YaqSizingInput): number {
  check(inp);
  const a = (inp.slots * inp.heartbeat) / inp.mean;
  const delta = 1 - inp.target;
  let b = 0;
  while (erlangCdf(b + 1, a) > delta) b++;
  return b;
}

/** Proposition 2 as printed (spec §2.1.4): correct only at b = 0. */
export function utilizationPrinted(r: number, mean: number, tau: number, b: number): number {
  const mt = tau / mean;
  const f = erlangCdf(b, r * mt);
  const g = erlangCdf(b, (r - 1) * mt);
  return 1 - ((1 - 1 / mt) * f + (1 / mt) * (Math.exp(-mt) / Math.pow(1 - 1 / r, b)) * g);
}

/** Proposition 2 corrected (spec §2.1.4): the time-average busy fraction of a node with r slots
 *  topped up to r running + b queued exponential(mean) tasks at every heartbeat (period τ). With
 *  F_k = Pr[X_{k,rμ} <= τ], G_b = Pr[X_{b,(r−1)μ} <= τ]:
 *  u(b) = 1 − F_b + (b/(rμτ)) F_{b+1} + (1/(μτ)) (F_b − e^{−μτ} (1 − 1/r)^{−b} G_b).
 *  r = 1: (1 − 1/r)^{−b} G_b is read as its limit, 0 for b >= 1 ((r−1)μ = 0: G_b = 0). */
export function utilizationCorrected(r: number, mean: number, tau: number, b: number): number {
  if (!Number.isInteger(r) || r < 1) throw new RangeError(`slots r must be an integer >= 1 (got ${r})`);
  if (!Number.isInteger(b) || b < 0) throw new RangeError(`queue length b must be an integer >= 0 (got ${b})`);
  const mt = tau / mean;
  const a = r * mt;
  const fb = erlangCdf(b, a);
  const fb1 = erlangCdf(b + 1, a);
  const g = b === 0 ? 1 : r === 1 ? 0 : erlangCdf(b, (r - 1) * mt) / Math.pow(1 - 1 / r, b);
  return 1 - fb + (b / a) * fb1 + (1 / mt) * (fb - Math.exp(-mt) * g);
}

export interface YaqSizing {
  /** rμτ. */
  a: number;
  eq1: number;
  eq2: number;
  /** Corrected Prop. 2 utilization at each b. */
  uEq1: number;
  uEq2: number;
}

export function yaqSizing(inp: YaqSizingInput): YaqSizing {
  check(inp);
  const eq1 = sizeEq1(inp);
  const eq2 = sizeEq2(inp);
  return {
    a: (inp.slots * inp.heartbeat) / inp.mean,
    eq1, eq2,
    uEq1: utilizationCorrected(inp.slots, inp.mean, inp.heartbeat, eq1),
    uEq2: utilizationCorrected(inp.slots, inp.mean, inp.heartbeat, eq2),
  };
}
