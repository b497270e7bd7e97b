// Which claims `aviary reproduce` runs, and how each experiment runs (issue #38): the selection by
// paper, system or claim id; --quick's checks; an experiment's seeds, node counts and jobs; the
// compare grids it is made of. Browser-safe: the page runs a claim with these same grids.
import { InputError } from "../errors.js";
import { planCompare, type CompareOptions, type ComparePlan } from "../compare/grid.js";
import { CLAIMS, EXPERIMENTS, PAPERS, compatClaims, findExperiment, type ReferenceRow } from "./catalogue.js";
import { claimExperiments } from "./evaluate.js";
import { workloadSeed } from "./sources.js";
import type { Claim, Experiment, PaperId } from "./types.js";

export const DEFAULT_SEEDS = 5;

export interface Selection {
  claims: Claim[];
  experiments: Experiment[];
  papers: PaperId[];
  /** Per paper: a note for the report (compat without its reference file). */
  notes: Partial<Record<PaperId, string>>;
}

/** Every claim (with the compat claims when the reference figures are given). */
export function allClaims(reference?: ReferenceRow[]): Claim[] {
  return [...CLAIMS, ...(reference ? compatClaims(reference) : [])];
}

/** The node counts an experiment runs (--quick's, else its own; undefined: the preset's single size). */
function runNodes(e: Experiment, quick: boolean): number[] | undefined {
  return (quick && e.quick ? e.quick.nodes : undefined) ?? e.nodes;
}

/** Under --quick, the checks whose runs are in the quick variants (their experiments have one,
 *  with the node counts the check reads). */
export function quickChecks(c: Claim): Claim["checks"] {
  const refs = (v: Claim["checks"][number]["value"]) => v.kind === "analytic" ? []
    : v.kind === "contrast" ? [v.a.of, v.a.over, v.b.of, v.b.over] : v.kind === "value" ? [v.of] : [v.of, v.over];
  return c.checks.filter((k) => refs(k.value).every((r) => {
    const e = findExperiment(r.exp);
    if (e.quick === false) return false;
    const nodes = runNodes(e, true);
    return r.nodes === undefined || nodes === undefined || nodes.includes(r.nodes);
  }));
}

/** Whether a claim runs under --quick: not marked full, and with at least one quick check. */
export function inQuick(c: Claim): boolean {
  return !c.full && quickChecks(c).length > 0;
}

/** The claims named by `targets` (all; a paper; a system the claims are about; a claim id). */
export function selectClaims(targets: string[], quick: boolean, reference: { rows?: ReferenceRow[]; missing?: string }): Selection {
  const claims = allClaims(reference.rows);
  const names = targets.length === 0 ? ["all"] : targets;
  const picked = new Set<Claim>();
  const papers = new Set<PaperId>();
  const systems = new Set([...PAPERS.flatMap((p) => p.systems), ...claims.flatMap((c) => c.systems)]);
  for (const t of names) {
    const paper = PAPERS.find((p) => p.id === t);
    if (t === "all") {
      for (const c of claims) picked.add(c);
      for (const p of PAPERS) papers.add(p.id);
    } else if (paper) {
      papers.add(paper.id);
      for (const c of claims) if (c.paper === paper.id) picked.add(c);
    } else if (claims.some((c) => c.id === t)) {
      const c = claims.find((x) => x.id === t)!;
      picked.add(c);
      papers.add(c.paper);
    } else if (systems.has(t)) {
      for (const c of claims) {
        if (c.systems.includes(t)) { picked.add(c); papers.add(c.paper); }
      }
      for (const p of PAPERS) if (p.systems.includes(t) && p.id === "compat" && reference.missing) papers.add(p.id);
    } else {
      throw new InputError(`reproduce: '${t}' is not a paper (${PAPERS.map((p) => p.id).join(", ")}), a system the claims are about `
        + `(${[...systems].sort().join(", ")}), a claim id (aviary reproduce --list) or all`);
    }
  }
  const list = claims.filter((c) => picked.has(c) && (!quick || inQuick(c))).map((c) => (quick ? { ...c, checks: quickChecks(c) } : c));
  const expIds = new Set(list.flatMap(claimExperiments));
  const notes: Selection["notes"] = {};
  if (papers.has("compat") && reference.missing) notes.compat = `Skipped: ${reference.missing}.`;
  return { claims: list, experiments: EXPERIMENTS.filter((e) => expIds.has(e.id)), papers: PAPERS.filter((p) => papers.has(p.id)).map((p) => p.id), notes };
}

/** An experiment as it runs: seeds, node counts and jobs (--quick, --seeds), compare's options. */
export interface Effective {
  exp: Experiment;
  seeds: number[];
  jobs?: number;
  options: CompareOptions;
}

/** The experiment as it runs with --quick, --seeds and the engine applied. */
export function effective(e: Experiment, quick: boolean, seedsOverride: number | undefined, engine: "wasm" | "js"): Effective {
  const q = quick && e.quick ? e.quick : undefined;
  const n = seedsOverride ?? q?.seeds ?? e.seeds ?? DEFAULT_SEEDS;
  const nodes = q?.nodes ?? e.nodes;
  return {
    exp: e, seeds: Array.from({ length: n }, (_, i) => i + 1), jobs: q?.jobs,
    options: {
      schedulers: e.schedulers, baseline: e.baseline, ...(nodes ? { nodes } : {}), slots: e.slots, engine,
      preset: e.preset, cutoff: e.cutoff, params: { ...(e.params ?? {}) }, seeds: Array.from({ length: n }, (_, i) => i + 1),
    },
  };
}

/** A grid of an experiment on one trace: the whole experiment, or one seed of it (workloadPerSeed). */
export interface UnitPlan { id: string; eff: Effective; plan: ComparePlan; wseed: number }

/** The grids an experiment runs as: one, or one per seed when its workload is drawn per seed. */
export function units(eff: Effective): UnitPlan[] {
  if (eff.exp.workloadPerSeed) {
    return eff.seeds.map((s) => ({ id: `${eff.exp.id}.s${s}`, eff, wseed: s, plan: planCompare({ ...eff.options, seeds: [s] }) }));
  }
  return [{ id: eff.exp.id, eff, wseed: workloadSeed(eff.exp, 1), plan: planCompare(eff.options) }];
}

