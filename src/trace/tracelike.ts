// Trace-like workload generators (`aviary gen google-like | yahoo-like | cloudera-like`, and
// `aviary run --workload google-like ...`): workloads with the statistics of the Hawk/Eagle papers'
// traces (spec seed-hawk-eagle.md §3.2-§3.4), at any size. Browser-safe (no Node imports).
//
// google-like and yahoo-like draw from empirical quantile tables derived from the sample traces
// (src/trace/tables/{google,yahoo}.ts, written by scripts/derive-tables.mjs). Per job:
//   1. the class: long with probability `longShare` (Google 10.00%, Yahoo 9.41%: the papers'
//      full-trace figures), else short;
//   2. the number of tasks n: the class's task-count quantiles, interpolated on a log scale at
//      u ~ U[0,1) (knots denser towards the top: see src/trace/tables/types.ts), rounded to an
//      integer >= 1;
//   3. the mean task duration m: the quantiles of the task-count bucket n falls in (per class),
//      on a log scale;
//   4. each task's duration (one-task jobs: m): n ratios r_i from the bucket's quantiles of
//      task duration / job mean, rescaled to average 1, times m: d_i = m r_i n / sum(r).
// cloudera-like is parametric (src/trace/tables/cloudera.ts): cluster by share, n = ceil(Exp),
// m ~ Exp conditioned on the cluster's side of the cutoff, ratios ~ Normal(1, 2) truncated to
// >= 0 (inverse CDF), rescaled as in 4.
//
// Durations are rounded to the microsecond (as in the sample traces; smaller files, and the text
// reads back as the same doubles). A job's estimate is the mean of its rounded durations. A job's
// mean is kept at least 1 us away from the cutoff on its class's side, so every job's class by
// the cutoff is the class it was drawn in.
//
// Arrivals: a Poisson process from time 0 (the first job one gap after 0). Its rate is `rate`
// when given, else load x nodes x slots / (task-seconds per job of the jobs just drawn), so that
// the offered load (task-seconds / time) is `load` of the cluster's slots. Submission times are
// rounded to the microsecond.
//
// Randomness: the engine's generator (assembly/toolkit/rng.ts), seeded by `seed`, one stream per purpose
// (ids 7+; the engine's mechanisms use 1-6): class (one uniform per job), task count (one per
// job), mean (one per job), task durations (one per task of a multi-task job), arrivals (one per
// job). Same options and seed -> identical trace.
import { InputError } from "../errors.js";
import type { RngFactory } from "./gen.js";
import type { Trace } from "./types.js";
import type { EmpiricalTable, Knots } from "./tables/types.js";
import { GOOGLE_TABLE } from "./tables/google.js";
import { YAHOO_TABLE } from "./tables/yahoo.js";
import { CLOUDERA_SPEC, type ParametricSpec } from "./tables/cloudera.js";
import { log as libmLog, exp as libmExp } from "./libm.js";

export const STREAM_LIKE_CLASS = 7;
export const STREAM_LIKE_COUNT = 8;
export const STREAM_LIKE_MEAN = 9;
export const STREAM_LIKE_TASKS = 10;
export const STREAM_LIKE_ARRIVALS = 11;

/** A generator of workloads with a published trace's statistics (google-like, yahoo-like, cloudera-like). */
export interface TraceLikeGenerator {
  name: string;
  /** The `--preset` whose cutoff classifies the generated jobs. */
  preset: string;
  cutoff: number;
  description: string;
  /** What the numbers come from. */
  source: string;
  /** Defaults: the papers' trace size, and an offered load of `defaultLoad` x `defaultNodes` slots. */
  defaultJobs: number;
  defaultLoad: number;
  defaultNodes: number;
  /** Why that sizing. */
  sizing: string;
  model: { kind: "empirical"; table: EmpiricalTable } | { kind: "parametric"; spec: ParametricSpec };
}

/** Every trace-like generator. */
export const TRACE_GENERATORS: TraceLikeGenerator[] = [
  {
    name: "google-like", preset: "google", cutoff: GOOGLE_TABLE.cutoff,
    description: "Google-trace-like: 10% long jobs (mean task duration > 1129.532 s) holding ~81% of task-seconds, 2/3 one-task jobs",
    source: `empirical quantiles of ${GOOGLE_TABLE.source} (scripts/derive-tables.mjs)`,
    defaultJobs: 506_460, defaultLoad: 0.95, defaultNodes: 15_000,
    sizing: "0.95 of 15,000 nodes: 10,000 nodes are overloaded (1.43), 15,000-25,000 highly loaded (0.95-0.57), 50,000 lightly (0.29) — the papers' sweep (§3.4)",
    model: { kind: "empirical", table: GOOGLE_TABLE },
  },
  {
    name: "yahoo-like", preset: "yahoo", cutoff: YAHOO_TABLE.cutoff,
    description: "Yahoo-2011-trace-like: 9.41% long jobs (mean task duration > 90.5811 s) holding ~98% of task-seconds",
    source: `empirical quantiles of ${YAHOO_TABLE.source} (scripts/derive-tables.mjs)`,
    defaultJobs: 24_262, defaultLoad: 0.95, defaultNodes: 4_000,
    sizing: "0.95 of 4,000 nodes: the papers sweep Yahoo over 4,000-8,000 nodes, 4,000 being the highest load (§3.4)",
    model: { kind: "empirical", table: YAHOO_TABLE },
  },
  {
    name: "cloudera-like", preset: "cloudera", cutoff: CLOUDERA_SPEC.cutoff,
    description: "Cloudera-c-like (parametric, not derived from data): 5.02% long jobs (mean task duration > 272.783 s) holding ~92% of task-seconds",
    source: "parametric clusters (src/trace/tables/cloudera.ts) by the method of spec §3.3; no Cloudera sample exists here",
    defaultJobs: 21_030, defaultLoad: 0.95, defaultNodes: 15_000,
    sizing: "0.95 of 15,000 nodes: Eagle's highest Cloudera load is at 15,000 nodes (§3.4)",
    model: { kind: "parametric", spec: CLOUDERA_SPEC },
  },
];

/** The generator named `name`; InputError (one line naming the known ones) otherwise. */
export function findTraceGenerator(name: string): TraceLikeGenerator {
  const g = TRACE_GENERATORS.find((x) => x.name === name);
  if (!g) {
    throw new InputError(`unknown generator '${name}' (known: poisson, ${TRACE_GENERATORS.map((x) => x.name).join(", ")})`);
  }
  return g;
}

/** What generateTraceLike makes: generator, size, seed and load or rate. */
export interface TraceLikeOptions {
  /** google-like, yahoo-like or cloudera-like. */
  generator: string;
  /** Jobs, integer in [1, 100,000,000] (default: the papers' trace size). */
  jobs?: number;
  /** Seed, integer in [0, 2^31-1] (default 1). */
  seed?: number;
  /** Offered load as a fraction of nodes x slots, > 0 (default the generator's, 0.95). Not with `rate`. */
  load?: number;
  /** Arrival rate, jobs per second, > 0; replaces the load-derived rate. */
  rate?: number;
  /** Nodes the load refers to (default the generator's). */
  nodes?: number;
  /** Slots per node (default 1). */
  slots?: number;
}

export interface ResolvedTraceLikeOptions {
  generator: TraceLikeGenerator;
  jobs: number;
  seed: number;
  load: number | undefined;
  rate: number | undefined;
  nodes: number;
  slots: number;
}

/** A generated trace-like workload with its resolved rate and load. */
export interface TraceLikeResult {
  trace: Trace;
  generator: string;
  seed: number;
  /** Arrival rate used, jobs/s. */
  rate: number;
  /** Offered load (rate x task-seconds per job) as a fraction of nodes x slots. */
  load: number;
  nodes: number;
  slots: number;
  tasks: number;
  taskSeconds: number;
  taskSecondsPerJob: number;
}

export const MAX_JOBS = 100_000_000;
const MAX_TASKS = 2147483647;

function checkInt(name: string, v: unknown, min: number, max: number): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer in [${min}, ${max}]`;
    throw new InputError(`--${name} must be ${range} (got ${String(v)})`);
  }
  return v;
}

function checkPositive(name: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v) || !(v > 0)) {
    throw new InputError(`--${name} must be a number > 0 (got ${String(v)})`);
  }
  return v;
}

/** Validates the options and fills in the generator's defaults. */
export function checkTraceLikeOptions(o: TraceLikeOptions): ResolvedTraceLikeOptions {
  const generator = findTraceGenerator(o.generator);
  const jobs = checkInt("jobs", o.jobs ?? generator.defaultJobs, 1, MAX_JOBS);
  const seed = checkInt("seed", o.seed ?? 1, 0, 2147483647);
  const nodes = checkInt("nodes", o.nodes ?? generator.defaultNodes, 1, Number.MAX_SAFE_INTEGER);
  const slots = checkInt("slots", o.slots ?? 1, 1, Number.MAX_SAFE_INTEGER);
  if (o.load !== undefined && o.rate !== undefined) throw new InputError("give either --load or --rate, not both");
  const rate = o.rate === undefined ? undefined : checkPositive("rate", o.rate);
  const load = rate !== undefined ? undefined : checkPositive("load", o.load ?? generator.defaultLoad);
  return { generator, jobs, seed, load, rate, nodes, slots };
}

/** The arrival rate (jobs/s) that offers `load` of nodes x slots with this many task-seconds per job. */
export function arrivalRateFor(load: number, nodes: number, slots: number, taskSecondsPerJob: number): number {
  return (load * nodes * slots) / taskSecondsPerJob;
}

/** The offered load (fraction of nodes x slots) of `rate` jobs/s with this many task-seconds per job. */
export function offeredLoadFor(rate: number, nodes: number, slots: number, taskSecondsPerJob: number): number {
  return (rate * taskSecondsPerJob) / (nodes * slots);
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** A quantile table ready for lookups: K+1 knots, optionally on a log scale. */
class Quantiles {
  readonly k: number;
  readonly v: Float64Array;
  constructor(knots: Knots, readonly log: boolean) {
    this.k = knots.length - 1;
    this.v = Float64Array.from(knots, (x) => (log ? libmLog(x) : x));
  }
  /** The quantile at u in [0, 1): knot i is at p = 1 - (1 - i/K)^2, so u sits at position
   *  K (1 - sqrt(1 - u)); linear between knots (on the table's scale). */
  at(u: number): number {
    const x = this.k * (1 - Math.sqrt(1 - u));
    const i = Math.min(this.k - 1, Math.floor(x));
    const y = this.v[i] + (x - i) * (this.v[i + 1] - this.v[i]);
    return this.log ? libmExp(y) : y;
  }
}

/** Per-job shape before task durations: n, m, and which ratio sampler to use. */
interface Shapes {
  counts: Int32Array;
  means: Float64Array;
  /** >= 0: index into `ratios`; -1: truncated normal (parametric); -2: none (one task). */
  sampler: Int16Array;
  ratios: Quantiles[];
  tasks: number;
}

function shapesEmpirical(t: EmpiricalTable, jobs: number, rng: RngFactory): Shapes {
  const classRng = rng(STREAM_LIKE_CLASS), countRng = rng(STREAM_LIKE_COUNT), meanRng = rng(STREAM_LIKE_MEAN);
  const ratios: Quantiles[] = [];
  const prep = (c: EmpiricalTable["short"]) => ({
    counts: new Quantiles(c.counts, true),
    buckets: c.buckets.map((b) => {
      const idx = b.ratios ? ratios.push(new Quantiles(b.ratios, false)) - 1 : -2;
      return { max: b.maxTasks, means: new Quantiles(b.means, true), sampler: idx };
    }),
  });
  const classes = [prep(t.short), prep(t.long)];
  // Keep every mean on its class's side of the cutoff, 1 us clear (see the header).
  const shortMax = t.cutoff - 1e-6, longMin = t.cutoff + 1e-6;
  const counts = new Int32Array(jobs), means = new Float64Array(jobs), sampler = new Int16Array(jobs);
  let tasks = 0;
  for (let j = 0; j < jobs; j++) {
    const long = classRng.nextFloat() < t.longShare;
    const c = classes[long ? 1 : 0];
    const n = Math.max(1, Math.round(c.counts.at(countRng.nextFloat())));
    let b = 0;
    while (n > c.buckets[b].max) b++;
    const bucket = c.buckets[b];
    const m = bucket.means.at(meanRng.nextFloat());
    counts[j] = n;
    means[j] = long ? Math.max(m, longMin) : Math.min(m, shortMax);
    sampler[j] = n === 1 ? -2 : bucket.sampler;
    tasks += n;
  }
  return { counts, means, sampler, ratios, tasks };
}

function shapesParametric(spec: ParametricSpec, jobs: number, rng: RngFactory): Shapes {
  const classRng = rng(STREAM_LIKE_CLASS), countRng = rng(STREAM_LIKE_COUNT), meanRng = rng(STREAM_LIKE_MEAN);
  const cum: number[] = [];
  let acc = 0;
  for (const c of spec.clusters) cum.push((acc += c.share));
  const c0 = spec.cutoff;
  const below = spec.clusters.map((c) => 1 - libmExp(-c0 / c.duration)); // P(Exp <= cutoff)
  const counts = new Int32Array(jobs), means = new Float64Array(jobs), sampler = new Int16Array(jobs);
  let tasks = 0;
  for (let j = 0; j < jobs; j++) {
    const u = classRng.nextFloat() * acc;
    let k = 0;
    while (k < cum.length - 1 && u >= cum[k]) k++;
    const c = spec.clusters[k];
    const n = Math.max(1, Math.ceil(-c.tasks * libmLog(1 - countRng.nextFloat())));
    const v = meanRng.nextFloat();
    const m = c.long ? c0 + 0.001 - c.duration * libmLog(1 - v)
      : Math.min(c0 - 1e-6, -c.duration * libmLog(1 - v * below[k]));
    counts[j] = n;
    means[j] = m;
    sampler[j] = n === 1 ? -2 : -1;
    tasks += n;
  }
  return { counts, means, sampler, ratios: [], tasks };
}

/** Inverse of the standard normal CDF, for p in (0, 1): P. J. Acklam's rational approximation
 *  (relative error below 1.2e-9, ample for drawing durations). */
export function normalQuantile(p: number): number {
  const a0 = -3.969683028665376e+01, a1 = 2.209460984245205e+02, a2 = -2.759285104469687e+02,
    a3 = 1.383577518672690e+02, a4 = -3.066479806614716e+01, a5 = 2.506628277459239e+00;
  const b0 = -5.447609879822406e+01, b1 = 1.615858368580409e+02, b2 = -1.556989798598866e+02,
    b3 = 6.680131188771972e+01, b4 = -1.328068155288572e+01;
  const c0 = -7.784894002430293e-03, c1 = -3.223964580411365e-01, c2 = -2.400758277161838e+00,
    c3 = -2.549732539343734e+00, c4 = 4.374664141464968e+00, c5 = 2.938163982698783e+00;
  const d0 = 7.784695709041462e-03, d1 = 3.224671290700398e-01, d2 = 2.445134137142996e+00,
    d3 = 3.754408661907416e+00;
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * libmLog(p));
    return (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  if (p <= 1 - lo) {
    const q = p - 0.5, r = q * q;
    return (((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1);
  }
  const q = Math.sqrt(-2 * libmLog(1 - p));
  return -(((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
}

/** Standard normal CDF for |x| <= 8 (series Phi(x) = 1/2 + phi(x) sum x^(2k+1) / (2k+1)!!;
 *  used once per run, for the truncation point). */
export function normalCdf(x: number): number {
  if (x < -8) return 0;
  if (x > 8) return 1;
  let term = x, sum = x;
  for (let k = 1; k < 500 && Math.abs(term) > 1e-17 * Math.abs(sum); k++) {
    term *= (x * x) / (2 * k + 1);
    sum += term;
  }
  return 0.5 + (sum * libmExp(-(x * x) / 2)) / Math.sqrt(2 * Math.PI);
}

/** Draws every job's shape, then task durations, estimates and arrivals. */
export function generateTraceLike(opts: TraceLikeOptions, rng: RngFactory): TraceLikeResult {
  const o = checkTraceLikeOptions(opts);
  const { jobs, generator: g } = o;
  const model = g.model;
  const s = model.kind === "empirical" ? shapesEmpirical(model.table, jobs, rng) : shapesParametric(model.spec, jobs, rng);
  if (s.tasks > MAX_TASKS) {
    throw new InputError(`--jobs ${jobs} gives ${s.tasks} tasks, more than the 2147483647 (2^31-1) a trace can hold`);
  }

  // Task durations and estimates.
  const taskOffsets = new Int32Array(jobs + 1);
  const durations = new Float64Array(s.tasks);
  const estimates = new Float64Array(jobs);
  const taskRng = rng(STREAM_LIKE_TASKS);
  // Truncated normal ratios (parametric): r = 1 + sd * Phi^-1(P0 + u (1 - P0)), P0 = Phi(-1/sd).
  const sd = model.kind === "parametric" ? model.spec.sdFactor : 1;
  const p0 = normalCdf(-1 / sd);
  let k = 0;
  let taskSeconds = 0;
  for (let j = 0; j < jobs; j++) {
    const n = s.counts[j], m = s.means[j], which = s.sampler[j];
    const from = k;
    if (which === -2 || n === 1) {
      for (let i = 0; i < n; i++) durations[k++] = round6(m);
    } else {
      let sum = 0;
      if (which === -1) {
        for (let i = 0; i < n; i++) {
          const u = taskRng.nextFloat();
          // u = 0 would give Phi^-1(p0) = -1/sd exactly, i.e. r = 0: allowed (>= 0).
          const r = Math.max(0, 1 + sd * normalQuantile(p0 + u * (1 - p0)));
          durations[k++] = r;
          sum += r;
        }
      } else {
        const q = s.ratios[which];
        for (let i = 0; i < n; i++) {
          const r = Math.max(0, q.at(taskRng.nextFloat()));
          durations[k++] = r;
          sum += r;
        }
      }
      const scale = sum > 0 ? (m * n) / sum : 0;
      for (let i = from; i < k; i++) durations[i] = sum > 0 ? round6(durations[i] * scale) : round6(m);
    }
    let total = 0;
    for (let i = from; i < k; i++) total += durations[i];
    estimates[j] = total / n;
    taskSeconds += total;
    taskOffsets[j + 1] = k;
  }

  // Arrivals.
  const taskSecondsPerJob = taskSeconds / jobs;
  let rate: number;
  if (o.rate !== undefined) {
    rate = o.rate;
  } else {
    if (!(taskSecondsPerJob > 0)) throw new InputError("the generated jobs have no task-seconds: give --rate");
    rate = arrivalRateFor(o.load!, o.nodes, o.slots, taskSecondsPerJob);
  }
  const load = offeredLoadFor(rate, o.nodes, o.slots, taskSecondsPerJob);
  const arrivals = new Float64Array(jobs);
  const arrivalRng = rng(STREAM_LIKE_ARRIVALS);
  const gapMean = 1 / rate;
  let t = 0;
  for (let j = 0; j < jobs; j++) {
    t += -gapMean * libmLog(1 - arrivalRng.nextFloat());
    arrivals[j] = round6(t);
  }
  const name = `${g.name}(jobs=${jobs}, seed=${o.seed}, rate=${+rate.toPrecision(6)}/s, ` +
    `load=${+load.toPrecision(6)} of ${o.nodes}x${o.slots} slots)`;
  return {
    trace: { name, arrivals, taskOffsets, durations, estimates },
    generator: g.name, seed: o.seed, rate, load, nodes: o.nodes, slots: o.slots,
    tasks: s.tasks, taskSeconds, taskSecondsPerJob,
  };
}
