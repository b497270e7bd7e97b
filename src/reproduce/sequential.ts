// One claim of the catalogue run in-process, one simulation after another (issue #38): the page's
// Web Worker runs a claim this way (no worker threads in a browser), with the grids, traces and
// evaluation of `aviary reproduce`, so it shows the same numbers. Browser-safe.
import type { EngineFactory } from "../engine/types.js";
import type { RunSummary } from "../metrics/summary.js";
import type { Trace } from "../trace/types.js";
import { compareSequential, type SequentialProgress } from "../compare/sequential.js";
import { findExperiment } from "./catalogue.js";
import { claimExperiments, claimVerdict, evaluateCheck } from "./evaluate.js";
import { reportCheck, reportClaim, type ReportClaim } from "./report.js";
import { effective, quickChecks, units } from "./select.js";
import { generateSource, sourceTrace, type SeededRng } from "./sources.js";
import type { Claim } from "./types.js";

/** How the web page runs one claim in-process, grid after grid (`runClaimSequential`). */
export interface ClaimRunOptions {
  quick: boolean;
  /** Seeds 1..N for every experiment (default: each experiment's). */
  seeds?: number;
  engine: "wasm" | "js";
  /** A sample trace by name (NAME of NAME.tr): the page's uploaded file; undefined when absent. */
  traceFile: (name: string) => Trace | undefined;
  /** Called as runs progress and after each unit. */
  onProgress?: (p: { unit: string; done: number; total: number; run?: SequentialProgress }) => void;
}

/** The sample traces a claim reads (NAME of NAME.tr), in order. */
export function claimTraces(c: Claim): string[] {
  return [...new Set(claimExperiments(c).map((id) => sourceTrace(findExperiment(id).source)).filter((x): x is string => x !== undefined))];
}

/** Runs the claim's experiments (its --quick checks with `quick`) and evaluates it. */
export async function runClaimSequential(claim: Claim, factory: EngineFactory, rng: SeededRng, o: ClaimRunOptions): Promise<ReportClaim> {
  const c = o.quick ? { ...claim, checks: quickChecks(claim) } : claim;
  const exps = claimExperiments(c).map(findExperiment);
  const plans = exps.flatMap((e) => units(effective(e, o.quick, o.seeds, o.engine)));
  const total = plans.reduce((n, u) => n + u.plan.runs.length, 0);
  const runs = new Map<string, RunSummary[]>();
  const missing = new Map<string, string>();
  let done = 0;
  for (const u of plans) {
    const e = u.eff.exp;
    const name = sourceTrace(e.source);
    let trace: Trace | undefined;
    if (name !== undefined) {
      trace = o.traceFile(name);
      if (!trace) { missing.set(e.id, `${name}.tr is not loaded: choose the file`); continue; }
    } else {
      trace = generateSource(e.source, u.wseed, u.plan.nodes[0], u.plan.slots, rng, u.eff.jobs);
    }
    const res = await compareSequential(factory, trace, { ...u.eff.options, seeds: u.plan.seeds }, {
      sliceEvents: 100_000,
      onProgress: (p) => o.onProgress?.({ unit: u.id, done: done + p.done, total, run: p }),
    });
    done += res.runs.length;
    runs.set(e.id, [...(runs.get(e.id) ?? []), ...res.runs]);
  }
  const firstNodes = (id: string) => plans.find((u) => u.eff.exp.id === id)?.plan.nodes[0];
  const results = c.checks.map((k) => evaluateCheck(k, runs, firstNodes, (id) => missing.get(id)));
  return reportClaim(c, c.checks.map((k, i) => reportCheck(k, results[i])), claimVerdict(results), claimExperiments(c));
}
