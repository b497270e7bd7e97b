// `aviary compare`: the grid (schedulers x node counts x seeds), its validation, and the
// seed-averaged, baseline-normalized results (seed-hawk-eagle.md §4, A23).
// Browser-safe: no Node imports (the worker pool is in ./compare.ts).
import { InputError } from "../errors.js";
import { resolveConfig, type SimConfig } from "../config/config.js";
import { SCHEDULERS, findScheduler, type SchedulerSpec } from "../config/schedulers.js";
import { checkParamNames, findPreset, paramsForScheduler, type Preset } from "../config/presets.js";
import type { RunSummary } from "../metrics/summary.js";
import type { CompletionCdf } from "../metrics/cdf.js";
import { checkCluster, clusterMaxSlots, clusterNodes, findCluster, type ClusterSpec } from "../config/cluster.js";
import { pairedRatioSpread, spreadOf, type Spread } from "./spread.js";

/** The schedulers `aviary compare` compares when none are given. */
export const DEFAULT_COMPARE_SCHEDULERS = ["random", "sparrow", "lwl"];

/** A compare grid as given: schedulers x node counts x seeds, the baseline and the settings every run shares. */
export interface CompareOptions {
  /** Default random, sparrow, lwl. */
  schedulers?: string[];
  /** Must be one of `schedulers`; default the first. */
  baseline?: string;
  /** Node counts; default [1000]. */
  nodes?: number[];
  /** Seeds; default [1]. */
  seeds?: number[];
  /** Slots per node; default 1. */
  slots?: number;
  /** Default "wasm". */
  engine?: "wasm" | "js";
  /** google | yahoo | cloudera | facebook (src/config/presets.ts). */
  preset?: string;
  /** Reporting cutoff in seconds; default the preset's, else none (every job short). */
  cutoff?: number;
  /** Explicit scheduler parameters (values as JSON or as the text of --set): each goes to the
   *  schedulers that declare it and wins over the preset; a name none of the selected schedulers
   *  has is an error. */
  params?: Record<string, unknown>;
  /** Workers with capacities (src/config/cluster.ts); default the preset's cluster if it has one.
   *  The node count is then the cluster's. */
  cluster?: ClusterSpec;
  /** An engine folder built by `aviary engine build` (Node: compareGrid opens it and fills in
   *  `catalogue`). */
  engineDir?: string;
  /** The schedulers the engine was built with (default the package's): names and parameters are
   *  validated against it. */
  catalogue?: SchedulerSpec[];
}

/** One simulation of the grid. `config.params` is fully resolved. */
export interface CompareRun {
  index: number;
  nodes: number;
  scheduler: string;
  seed: number;
  config: SimConfig;
}

/** A validated compare grid (planCompare): every option resolved and every run's configuration. */
export interface ComparePlan {
  schedulers: string[];
  baseline: string;
  nodes: number[];
  seeds: number[];
  slots: number;
  engine: "wasm" | "js";
  preset: string | null;
  cutoff: number | null;
  params: Record<string, unknown>;
  /** The cluster, when the grid has one. */
  cluster?: ClusterSpec;
  /** The engine folder, when the grid runs on one (CompareOptions.engineDir). */
  engineDir?: string;
  /** In output order: node count, then scheduler, then seed. */
  runs: CompareRun[];
}

function noDuplicates<T>(what: string, xs: T[]): void {
  const seen = new Set<T>();
  for (const x of xs) {
    if (seen.has(x)) throw new InputError(`${what}: '${String(x)}' is listed twice`);
    seen.add(x);
  }
}

/** Validates every option and resolves every run's configuration; throws InputError. */
export function planCompare(o: CompareOptions): ComparePlan {
  const schedulers = o.schedulers ?? DEFAULT_COMPARE_SCHEDULERS;
  if (!Array.isArray(schedulers) || schedulers.length === 0) throw new InputError("--schedulers: give at least one scheduler");
  const catalogue = o.catalogue ?? SCHEDULERS;
  for (const s of schedulers) findScheduler(s, catalogue);
  noDuplicates("--schedulers", schedulers);
  const baseline = o.baseline ?? schedulers[0];
  if (!schedulers.includes(baseline)) {
    throw new InputError(`--baseline '${baseline}' is not one of the compared schedulers (${schedulers.join(", ")})`);
  }
  const experiment: Preset | undefined = o.preset === undefined ? undefined : findPreset(o.preset);
  const presetCluster = experiment?.cluster;
  const cluster = o.cluster ?? (presetCluster ? findCluster(presetCluster) : undefined);
  if (cluster) checkCluster(cluster, "cluster");
  if (cluster && o.nodes !== undefined && (o.nodes.length !== 1 || o.nodes[0] !== clusterNodes(cluster))) {
    throw new InputError(`cluster '${cluster.name}' has ${clusterNodes(cluster)} workers: --nodes must be that or left out, got ${o.nodes.join(",")}`);
  }
  // (an experiment preset, yaq-E*, brings its cluster size unless --nodes / --slots are given)
  const nodes = cluster ? [clusterNodes(cluster)] : o.nodes ?? (experiment?.setup ? [experiment.setup.nodes] : [1000]);
  if (!Array.isArray(nodes) || nodes.length === 0) throw new InputError("--nodes: give at least one node count");
  noDuplicates("--nodes", nodes);
  const seeds = o.seeds ?? [1];
  if (!Array.isArray(seeds) || seeds.length === 0) throw new InputError("--seeds: give at least one seed");
  noDuplicates("--seed-list", seeds);
  const engine = o.engine ?? "wasm";
  if (engine !== "wasm" && engine !== "js") throw new InputError(`--engine must be wasm or js, got '${String(engine)}'`);
  const preset: Preset | undefined = o.preset === undefined ? undefined : findPreset(o.preset);
  const cutoff = o.cutoff ?? preset?.cutoff;
  if (cutoff !== undefined && !(typeof cutoff === "number" && Number.isFinite(cutoff) && cutoff >= 0)) {
    throw new InputError(`--cutoff must be a number of seconds >= 0, got '${String(cutoff)}'`);
  }
  const params = o.params ?? {};
  checkParamNames(schedulers, params, catalogue);
  const perScheduler = new Map(schedulers.map((s) => [s, paramsForScheduler(s, { explicit: params, preset, lenient: true }, catalogue)]));
  const runs: CompareRun[] = [];
  for (const n of nodes) {
    for (const scheduler of schedulers) {
      for (const seed of seeds) {
        const r = resolveConfig({
          scheduler, nodes: n, slots: o.slots ?? experiment?.setup?.slots ?? 1, seed,
          params: perScheduler.get(scheduler) as Record<string, number | boolean>, ...(cluster ? { cluster } : {}),
        }, catalogue);
        runs.push({
          index: runs.length, nodes: r.nodes, scheduler, seed: r.seed,
          config: { scheduler, nodes: r.nodes, slots: r.slots, seed: r.seed, params: r.params, ...(cluster ? { cluster } : {}) },
        });
      }
    }
  }
  // The explicit parameters as parsed (numbers and booleans rather than the text of --set).
  const parsed: Record<string, unknown> = {};
  for (const k of Object.keys(params)) parsed[k] = runs.find((r) => k in r.config.params)?.config.params[k] ?? params[k];
  return {
    // (with a cluster: its workers' slots; a resource-fit scheduler's runs use coLocate instead)
    schedulers: [...schedulers], baseline, nodes: [...nodes], seeds: [...seeds],
    slots: cluster ? clusterMaxSlots(cluster) : runs[0].config.slots, engine,
    preset: preset?.name ?? null, cutoff: cutoff ?? null, params: parsed, ...(o.cluster ? { cluster: o.cluster } : {}),
    ...(o.engineDir !== undefined ? { engineDir: o.engineDir } : {}), runs,
  };
}

/** Seed averages of one class: `jobs` is the class size (the same in every run on one trace);
 *  the rest are means over seeds, null for an empty class. */
export interface ClassAverages { jobs: number; mean: number | null; p50: number | null; p90: number | null; p99: number | null }
/** value / baseline value of the same class and statistic (1 = as the baseline, lower is better). */
export interface ClassRatios { mean: number | null; p50: number | null; p90: number | null; p99: number | null }

/** One (node count, scheduler) cell. */
export interface CompareCell {
  nodes: number;
  scheduler: string;
  seeds: number[];
  short: ClassAverages;
  long: ClassAverages;
  /** Mean utilization over seeds (absolute, 0..1). */
  utilization: number;
  normalized: { short: ClassRatios; long: ClassRatios };
  /** Completion-time CDF per class, the jobs of every seed pooled: only with `--cdf`. */
  cdf?: CompletionCdf;
  /** With a cluster: per-dimension resource utilisation and its mean, averaged over seeds. */
  resources?: { utilization: Record<string, number>; mean: number };
  /** With more than one seed only (one seed's output is unchanged): the spread over the seeds of
   *  every seed-averaged value, and of the per-seed ratios to the baseline (src/compare/spread.ts). */
  spread?: CellSpread;
}

/** Spread (mean, sd, 95 % t interval, n) of each statistic of a class; null for an empty class. */
export interface ClassSpread { mean: Spread | null; p50: Spread | null; p90: Spread | null; p99: Spread | null }

/** A cell's spread over its seeds: the absolute values (their `mean` is the cell's seed average)
 *  and the per-seed ratios to the baseline's run of the same seed (their `mean` is the mean of
 *  those ratios, not the cell's `normalized` ratio of seed averages). */
export interface CellSpread {
  n: number;
  short: ClassSpread;
  long: ClassSpread;
  utilization: Spread | null;
  normalized: { short: ClassSpread; long: ClassSpread };
  /** With a cluster: the mean resource utilisation. */
  resources?: Spread | null;
}

const STATS = ["mean", "p50", "p90", "p99"] as const;

function seedMean(values: number[]): number | null {
  let sum = 0;
  for (const v of values) {
    if (typeof v !== "number" || !Number.isFinite(v)) return null;
    sum += v;
  }
  return values.length ? sum / values.length : null;
}

/** a / b; exactly 1 when a === b (so the baseline is 1 even at 0), null when undefined. */
export function ratio(a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  if (a === b) return 1;
  return b > 0 ? a / b : null;
}

function averages(runs: RunSummary[], cls: "short" | "long"): ClassAverages {
  const out: ClassAverages = { jobs: runs[0][cls].jobs, mean: null, p50: null, p90: null, p99: null };
  for (const k of STATS) out[k] = seedMean(runs.map((r) => r[cls][k]));
  return out;
}

/** Per (node count, scheduler): seed averages, then the ratio to the baseline's seed averages
 *  (the ratio of seed-averaged percentiles, not the mean of per-seed ratios). */
export function aggregateCompare(plan: ComparePlan, summaries: RunSummary[]): CompareCell[] {
  const cells: CompareCell[] = [];
  for (const n of plan.nodes) {
    const row = plan.schedulers.map((scheduler) => {
      const runs = plan.runs.filter((r) => r.nodes === n && r.scheduler === scheduler).map((r) => summaries[r.index]);
      return {
        nodes: n, scheduler, seeds: [...plan.seeds],
        short: averages(runs, "short"), long: averages(runs, "long"),
        utilization: seedMean(runs.map((r) => r.utilization)) ?? 0,
        ...(runs[0].resources ? { resources: {
          utilization: Object.fromEntries(Object.keys(runs[0].resources.utilization)
            .map((d) => [d, seedMean(runs.map((r) => r.resources!.utilization[d])) ?? 0])),
          mean: seedMean(runs.map((r) => r.resources!.mean)) ?? 0,
        } } : {}),
      };
    });
    const base = row.find((c) => c.scheduler === plan.baseline)!;
    const seedRuns = (scheduler: string) => plan.runs.filter((r) => r.nodes === n && r.scheduler === scheduler).map((r) => summaries[r.index]);
    const baseRuns = seedRuns(plan.baseline);
    for (const c of row) {
      const norm = (cls: "short" | "long"): ClassRatios => {
        const out: ClassRatios = { mean: null, p50: null, p90: null, p99: null };
        for (const k of STATS) out[k] = ratio(c[cls][k], base[cls][k]);
        return out;
      };
      const cell: CompareCell = { ...c, normalized: { short: norm("short"), long: norm("long") } };
      if (plan.seeds.length > 1) cell.spread = cellSpread(seedRuns(c.scheduler), baseRuns);
      cells.push(cell);
    }
  }
  return cells;
}

/** The spread of one cell's runs (in seed order) and of their ratios to the baseline's runs of the
 *  same seeds. */
export function cellSpread(runs: RunSummary[], baseRuns: RunSummary[]): CellSpread {
  const cls = (k: "short" | "long", of: (s: (r: RunSummary) => number | null) => Spread | null): ClassSpread => {
    const out: ClassSpread = { mean: null, p50: null, p90: null, p99: null };
    if (runs[0][k].jobs > 0) for (const st of STATS) out[st] = of((r) => r[k][st]);
    return out;
  };
  const abs = (get: (r: RunSummary) => number | null) => spreadOf(runs.map(get));
  const rel = (get: (r: RunSummary) => number | null) => pairedRatioSpread(runs.map(get), baseRuns.map(get));
  return {
    n: runs.length,
    short: cls("short", abs), long: cls("long", abs),
    utilization: abs((r) => r.utilization),
    normalized: { short: cls("short", rel), long: cls("long", rel) },
    ...(runs[0].resources ? { resources: abs((r) => r.resources?.mean ?? null) } : {}),
  };
}

/** A finished compare grid: per-cell seed averages normalized to the baseline, and every run's summary (`aviary compare --format json`). */
export interface CompareResult {
  trace: { name: string; jobs: number; tasks: number };
  grid: Omit<ComparePlan, "runs">;
  /** One per (node count, scheduler), in grid order. */
  results: CompareCell[];
  /** Every run's summary, in grid order (node count, scheduler, seed). */
  runs: RunSummary[];
  /** Absent from the report made from a results file (`aviary compare -o FILE.jsonl`, `aviary
   *  merge`): it holds no wall-clock values, so a merged report equals an unsharded one. */
  workers?: number;
  wallSeconds?: number;
}
