// A claim's numbers and verdict from the runs of its experiments (issue #38): each check's value
// per seed (a run's statistic, or a ratio of two runs of the same seed), its spread over the seeds
// (src/compare/spread.ts: mean, sd, 95 % t interval, n) and the rule's verdict. Browser-safe: the
// CLI (src/reproduce/run.ts) and the web page (web/) evaluate with this same code.
import type { RunSummary } from "../metrics/summary.js";
import { spreadOf, type Spread } from "../compare/spread.js";
import { analyticValue } from "./analytic.js";
import type { Check, Claim, Metric, Ref, Rule, Value, Verdict } from "./types.js";

/** The runs of the experiments, by experiment id; each summary names its scheduler, nodes and seed. */
export type RunsByExperiment = ReadonlyMap<string, readonly RunSummary[]>;

/** One statistic of a run (types.ts `Metric`); null when it is not defined (an empty class). */
export function metricOf(r: RunSummary, metric: Metric): number | null {
  if (metric === "all.mean") {
    const n = r.short.jobs + r.long.jobs;
    if (n === 0) return null;
    const part = (c: { jobs: number; mean: number }) => (c.jobs > 0 ? c.jobs * c.mean : 0);
    return (part(r.short) + part(r.long)) / n;
  }
  if (metric === "stolenShare") {
    const behind = r.counters.probesBehindLong;
    return behind > 0 ? r.counters.rescheduledProbes / behind : null;
  }
  let x: unknown = r;
  for (const k of metric.split(".")) {
    if (typeof x !== "object" || x === null) return null;
    x = (x as Record<string, unknown>)[k];
  }
  return typeof x === "number" && Number.isFinite(x) ? x : null;
}

/** The experiments a value reads. */
export function valueExperiments(v: Value): string[] {
  if (v.kind === "analytic") return [];
  if (v.kind === "contrast") return [...new Set([v.a.of.exp, v.a.over.exp, v.b.of.exp, v.b.over.exp])];
  return v.kind === "value" ? [v.of.exp] : [...new Set([v.of.exp, v.over.exp])];
}

/** x / y of one seed (1 when equal, null when undefined or y is not positive). */
function seedRatio(x: number | null, y: number | null): number | null {
  if (x === null || y === null) return null;
  return x === y ? 1 : y > 0 ? x / y : null;
}

export function claimExperiments(c: Claim): string[] {
  return [...new Set(c.checks.flatMap((k) => valueExperiments(k.value)))];
}

/** A ref's value at every seed its experiment ran (in seed order). */
function series(runs: RunsByExperiment, ref: Ref, firstNodes: (exp: string) => number | undefined): Map<number, number | null> {
  const out = new Map<number, number | null>();
  const nodes = ref.nodes ?? firstNodes(ref.exp);
  for (const r of runs.get(ref.exp) ?? []) {
    if (r.scheduler === ref.sched && r.nodes === nodes) out.set(r.seed, metricOf(r, ref.metric));
  }
  return out;
}

/** One check evaluated over the seeds: each seed's value, their spread and the verdict. */
export interface CheckResult {
  /** The seeds and each one's value (a ratio, gain or difference of that seed's two runs). */
  seeds: number[];
  values: Array<number | null>;
  /** Over the seeds; null when a value is undefined or nothing ran. */
  ours: Spread | null;
  verdict: Verdict;
  /** Why there is no verdict (skipped), or what the value lacks. */
  note?: string;
}

/** The verdict of `rule` for our values over the seeds (see types.ts `Rule`). */
export function ruleVerdict(rule: Rule, ours: Spread | null, values: Array<number | null>): Verdict {
  if (rule.kind === "not-comparable") return "not comparable";
  if (!ours) return "inconclusive";
  const [lo, hi] = ours.ci;
  if (rule.kind === "band") {
    // Our mean's whole 95 % interval inside the band (a mean inside with a wide interval, e.g.
    // 9.2 ± 15.1 against [8.25, 13.75], is not enough); the whole interval outside it is a failure.
    if (hi < rule.lo || lo > rule.hi) return "not reproduced";
    return lo >= rule.lo && hi <= rule.hi ? "reproduced" : "inconclusive";
  }
  const holds = (x: number) => (rule.kind === "below" ? x < rule.than : x > rule.than);
  if (!holds(ours.mean)) return "not reproduced";
  const all = (rule.in ?? "seeds") === "seeds" ? values.every((v) => v !== null && holds(v)) : holds(lo) && holds(hi);
  return all ? "reproduced" : "inconclusive";
}

/** A check's values and verdict. `firstNodes(exp)` is an experiment's first node count (the ref's
 *  default); `missing(exp)` says why an experiment has no runs (its trace is absent), if so. */
export function evaluateCheck(check: Check, runs: RunsByExperiment, firstNodes: (exp: string) => number | undefined,
                              missing: (exp: string) => string | undefined = () => undefined): CheckResult {
  const v = check.value;
  if (v.kind === "analytic") {
    const x = analyticValue(v.fn, v.args);
    const ours = spreadOf([x]);
    return { seeds: [], values: [x], ours, verdict: ruleVerdict(check.rule, ours, [x]) };
  }
  for (const exp of valueExperiments(v)) {
    const why = missing(exp);
    if (why) return { seeds: [], values: [], ours: null, verdict: "skipped", note: why };
  }
  const refs = v.kind === "contrast" ? [v.a.of, v.a.over, v.b.of, v.b.over] : v.kind === "value" ? [v.of] : [v.of, v.over];
  const ss = refs.map((r) => series(runs, r, firstNodes));
  const seeds = [...ss[0].keys()].filter((s) => ss.every((m) => m.has(s))).sort((x, y) => x - y);
  if (seeds.length === 0) return { seeds, values: [], ours: null, verdict: "skipped", note: "no runs" };
  const values = seeds.map((s) => {
    const [x, y, z, w] = ss.map((m) => m.get(s) ?? null);
    switch (v.kind) {
      case "value": return x;
      case "diff": return x === null || y === null ? null : x - y;
      case "contrast": {
        const r1 = seedRatio(x, y), r2 = seedRatio(z, w);
        return r1 === null || r2 === null ? null : r1 - r2;
      }
      default: {
        const r = seedRatio(x, y);
        return r === null ? null : v.kind === "gain" ? 1 - r : r;
      }
    }
  });
  const ours = spreadOf(values);
  const verdict = ruleVerdict(check.rule, ours, values);
  return { seeds, values, ours, verdict, ...(ours ? {} : { note: "a value is undefined (an empty class or a zero baseline)" }) };
}

const ORDER: Verdict[] = ["skipped", "not reproduced", "inconclusive", "reproduced", "not comparable"];

/** The claim's verdict from its checks': skipped if one is; else not reproduced if one is; else
 *  inconclusive if one is; reproduced when every check with a rule holds; not comparable when no
 *  check has one. */
export function claimVerdict(results: CheckResult[]): Verdict {
  const vs = results.map((r) => r.verdict);
  for (const v of ORDER) if (v !== "not comparable" && vs.includes(v)) return v;
  return "not comparable";
}
