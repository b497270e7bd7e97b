// Vega-Lite specs of Aviary's plots, built from Aviary's own JSON. Browser-safe (no Node
// imports, no Vega at run time): the CLI (`aviary plot`, `--plot`) renders these specs with
// Vega in Node (src/plot/render.ts), the web page with vega-embed.
//
// Stable API (only additions from here on):
//
//   type PlotKind = "cdf" | "bars" | "series";   PLOT_KINDS: readonly PlotKind[]
//   interface PlotOptions { title?: string; width?: number; height?: number }
//       width/height: pixels of one panel (a facet cell); defaults per kind.
//   type AviaryJson =
//     | { kind: "run"; runs: RunSummary[] }          // `aviary run --format json` (one per line)
//     | { kind: "compare"; compare: CompareResult }  // `aviary compare --format json`
//   parseAviaryJson(text: string, source?: string): AviaryJson
//       Either format, from its text; anything else (empty, not JSON, JSON that is not Aviary's)
//       throws InputError with a one-line message starting with `source` (default "input").
//   checkAviaryJson(value: unknown, source?: string): AviaryJson
//       The same from already-parsed JSON: one run summary, an array of them, or a compare
//       result.
//   defaultPlotKind(data: AviaryJson): PlotKind          // compare: "bars"; run: "cdf"
//   cdfRows(data, source?): CdfRow[]      // needs `cdf` (run/compare with --cdf)
//   barRows(data, source?): BarRow[]      // needs a compare result
//   seriesRows(data, source?): SeriesRow[] // needs `series` (run with --series)
//       The rows each plot draws; InputError (one line) when the data lacks what they need.
//   cdfSpec(data, options?): VegaLiteSpec     completion-time CDF per class (facet), one line
//       per scheduler (colour) and cluster size (dash, when several); log x axis (s).
//   barsSpec(data, options?): VegaLiteSpec    p50/p90/p99 normalized to the compare baseline,
//       per scheduler (colour) x cluster size (column) x class (row), a rule at 1; a log y axis
//       when the ratios span more than 20x.
//   seriesSpec(data, options?): VegaLiteSpec  utilization (%) and queued tasks over time, one
//       line per run.
//   plotSpec(kind, data, options?): VegaLiteSpec    one of the three by name.
//   type VegaLiteSpec = Record<string, unknown>   (a top-level Vega-Lite v6 spec, plain JSON)
//
// The specs carry their data inline (`data.values`) and a print-like style (DejaVu Sans/
// Helvetica, 11-12 px labels, light grid, white background).
import { InputError } from "../errors.js";
import type { ClassStats, RunSummary } from "../metrics/summary.js";
import type { CompareCell, CompareResult } from "../compare/grid.js";
import type { CompletionCdf } from "../metrics/cdf.js";
import { checkSeries, type UsageSeries } from "./series.js";

/** The figures `aviary plot` draws: completion-time CDFs, normalized percentile bars, or utilization and queue over time. */
export type PlotKind = "cdf" | "bars" | "series";
/** Every plot kind. */
export const PLOT_KINDS: readonly PlotKind[] = Object.freeze(["cdf", "bars", "series"]);

/** A figure's title and size (pixels). */
export interface PlotOptions {
  title?: string;
  width?: number;
  height?: number;
  /** Bars only: published values to overlay as points (a paper's numbers beside ours). */
  published?: PublishedPoint[];
}

/** A published normalized value drawn over the bars: scheduler, cluster size, class, percentile. */
export interface PublishedPoint { scheduler: string; nodes: number; cls: "short" | "long"; stat: "p50" | "p90" | "p99"; value: number; label?: string }

/** A Vega-Lite specification (JSON). */
export type VegaLiteSpec = Record<string, unknown>;

/** The JSON `aviary plot` reads: `aviary run`'s summaries or `aviary compare`'s result. */
export type AviaryJson =
  | { kind: "run"; runs: RunSummary[] }
  | { kind: "compare"; compare: CompareResult };

/** One point of a completion-time CDF plot. */
export interface CdfRow { scheduler: string; nodes: number; cls: "short" | "long"; q: number; time: number }
/** One bar of a normalized-percentile plot. ratio: the normalized value (with several seeds, the
 *  mean of the per-seed ratios); lo, hi: its 95 % interval (only with several seeds: compare's
 *  `spread`). */
export interface BarRow { scheduler: string; nodes: number; cls: "short" | "long"; stat: "p50" | "p90" | "p99"; ratio: number; baseline: string; lo?: number; hi?: number }
/** time: seconds of the trace's clock; elapsed: since the run's first submission (series.t0). */
export interface SeriesRow { run: string; scheduler: string; nodes: number; time: number; elapsed: number; utilization: number; queue: number }

// ---------------------------------------------------------------------------------------------
// Input validation

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const isNum = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
/** A statistic: a number, or null (NaN of an empty class, written by JSON.stringify as null). */
const isStat = (x: unknown): boolean => x === null || isNum(x);

function fail(source: string, what: string): never {
  throw new InputError(`${source}: not Aviary's JSON: ${what}`);
}

function checkNumbers(source: string, where: string, x: unknown): number[] {
  if (!Array.isArray(x) || !x.every(isNum)) fail(source, `${where} is not an array of numbers`);
  return x as number[];
}

function checkCdf(source: string, where: string, x: unknown): CompletionCdf {
  if (!isObj(x)) fail(source, `${where}.cdf is not an object`);
  const q = checkNumbers(source, `${where}.cdf.q`, x.q);
  for (const cls of ["short", "long"] as const) {
    const v = checkNumbers(source, `${where}.cdf.${cls}`, x[cls]);
    if (v.length !== 0 && v.length !== q.length) fail(source, `${where}.cdf.${cls} has ${v.length} values for ${q.length} quantiles`);
    for (let i = 1; i < v.length; i++) if (v[i] < v[i - 1]) fail(source, `${where}.cdf.${cls} is not ascending`);
  }
  for (let i = 0; i < q.length; i++) if (!(q[i] >= 0 && q[i] <= 1) || (i > 0 && q[i] <= q[i - 1])) fail(source, `${where}.cdf.q is not ascending in [0, 1]`);
  return x as unknown as CompletionCdf;
}

function checkClassStats(source: string, where: string, x: unknown): ClassStats {
  if (!isObj(x) || !isNum(x.jobs) || !["mean", "p50", "p90", "p99"].every((k) => isStat(x[k]))) {
    fail(source, `${where} is not a class summary (jobs, mean, p50, p90, p99)`);
  }
  return x as unknown as ClassStats;
}

function checkRun(source: string, where: string, x: unknown): RunSummary {
  if (!isObj(x)) fail(source, `${where} is not an object`);
  if (typeof x.scheduler !== "string" || !isNum(x.nodes) || !isNum(x.slots) || !isNum(x.seed)
      || !isObj(x.trace) || typeof x.trace.name !== "string" || !isNum(x.utilization)) {
    fail(source, `${where} is not a run summary (scheduler, nodes, slots, seed, trace, utilization)`);
  }
  if (!(x.cutoff === null || isNum(x.cutoff))) fail(source, `${where}.cutoff is not a number or null`);
  checkClassStats(source, `${where}.short`, x.short);
  checkClassStats(source, `${where}.long`, x.long);
  if (x.cdf !== undefined) checkCdf(source, where, x.cdf);
  if (x.series !== undefined) checkSeries(x.series, `${source}: ${where}`);
  return x as unknown as RunSummary;
}

function checkRatios(source: string, where: string, x: unknown): void {
  if (!isObj(x) || !["mean", "p50", "p90", "p99"].every((k) => isStat(x[k]))) fail(source, `${where} is not a set of ratios`);
}

function checkCompare(source: string, x: Obj): CompareResult {
  const g = x.grid;
  if (!isObj(x.trace) || typeof x.trace.name !== "string") fail(source, "'trace' is not {name, jobs, tasks}");
  if (!isObj(g) || !Array.isArray(g.schedulers) || typeof g.baseline !== "string" || !Array.isArray(g.nodes)
      || !Array.isArray(g.seeds) || !(g.cutoff === null || isNum(g.cutoff))) {
    fail(source, "'grid' is not a compare grid (schedulers, baseline, nodes, seeds, cutoff)");
  }
  if (!Array.isArray(x.results) || x.results.length === 0) fail(source, "'results' is not a non-empty array");
  x.results.forEach((c: unknown, i: number) => {
    const where = `results[${i}]`;
    if (!isObj(c) || typeof c.scheduler !== "string" || !isNum(c.nodes) || !isObj(c.normalized)) {
      fail(source, `${where} is not a compare cell (scheduler, nodes, short, long, normalized)`);
    }
    checkClassStats(source, `${where}.short`, c.short);
    checkClassStats(source, `${where}.long`, c.long);
    checkRatios(source, `${where}.normalized.short`, c.normalized.short);
    checkRatios(source, `${where}.normalized.long`, c.normalized.long);
    if (c.cdf !== undefined) checkCdf(source, where, c.cdf);
  });
  if (x.runs !== undefined && !Array.isArray(x.runs)) fail(source, "'runs' is not an array");
  return x as unknown as CompareResult;
}

/** Run summaries (an object or an array of them) or a compare result, checked. */
export function checkAviaryJson(value: unknown, source = "input"): AviaryJson {
  if (Array.isArray(value)) {
    // `aviary run --seeds … --format json` ends with one seed-summary line per scheduler: not a run.
    const runs = value.filter((v) => !(isObj(v) && v.summary === "seeds"));
    if (runs.length === 0) fail(source, value.length === 0 ? "an empty array" : "no run summary (only seed summaries)");
    return { kind: "run", runs: runs.map((v, i) => checkRun(source, `run ${i + 1}`, v)) };
  }
  if (!isObj(value)) fail(source, `a JSON ${value === null ? "null" : typeof value}, not an object`);
  if ("results" in value || "grid" in value) return { kind: "compare", compare: checkCompare(source, value) };
  if ("scheduler" in value) return { kind: "run", runs: [checkRun(source, "run 1", value)] };
  fail(source, "neither a run summary (aviary run --format json) nor a compare result (aviary compare --format json)");
}

/** Parses the text of `aviary run --format json` (JSON lines) or `aviary compare --format json`. */
export function parseAviaryJson(text: string, source = "input"): AviaryJson {
  if (text.trim() === "") throw new InputError(`${source}: is empty (expected the JSON of aviary run or aviary compare)`);
  let whole: unknown;
  let wholeOk = true;
  try { whole = JSON.parse(text); } catch { wholeOk = false; }
  if (wholeOk) return checkAviaryJson(whole, source);
  // JSON lines: one run summary per non-empty line.
  const values: unknown[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    try {
      values.push(JSON.parse(line));
    } catch (e) {
      throw new InputError(`${source}: not JSON (line ${i + 1}: ${(e as Error).message.split("\n")[0]})`);
    }
  }
  if (values.some((v) => isObj(v) && ("results" in v || "grid" in v))) fail(source, "a compare result among JSON lines");
  return checkAviaryJson(values, source);
}

/** The figure a JSON file gets when none is asked for: bars for a comparison, CDFs for runs. */
export function defaultPlotKind(data: AviaryJson): PlotKind {
  return data.kind === "compare" ? "bars" : "cdf";
}

// ---------------------------------------------------------------------------------------------
// Rows

const CLASSES = ["short", "long"] as const;

/** Per run label: the scheduler, made unique with its node count, then a counter. */
function runLabels(runs: { scheduler: string; nodes: number }[]): string[] {
  const count = (f: (r: { scheduler: string; nodes: number }) => string) => {
    const m = new Map<string, number>();
    for (const r of runs) m.set(f(r), (m.get(f(r)) ?? 0) + 1);
    return m;
  };
  const bySched = count((r) => r.scheduler);
  const bySchedNodes = count((r) => `${r.scheduler}\u0000${r.nodes}`);
  const seen = new Map<string, number>();
  return runs.map((r) => {
    let label = bySched.get(r.scheduler)! > 1 ? `${r.scheduler}, ${r.nodes} nodes` : r.scheduler;
    if (bySchedNodes.get(`${r.scheduler}\u0000${r.nodes}`)! > 1) {
      const k = (seen.get(label) ?? 0) + 1;
      seen.set(label, k);
      label = `${label} #${k}`;
    }
    return label;
  });
}

/** The curves of the CDF plot: run summaries or compare cells with `cdf`. */
export function cdfRows(data: AviaryJson, source = "input"): CdfRow[] {
  const items: { scheduler: string; nodes: number; cdf?: CompletionCdf }[] =
    data.kind === "run" ? data.runs : (data.compare.results as (CompareCell & { cdf?: CompletionCdf })[]);
  const missing = items.filter((r) => r.cdf === undefined).length;
  if (missing > 0) {
    throw new InputError(`${source}: no completion-time distribution ('cdf') in ${missing === items.length ? "the" : `${missing} of the`} `
      + `${data.kind === "run" ? "runs" : "results"}: produce it with \`aviary ${data.kind} --cdf\``);
  }
  // Duplicate (scheduler, nodes) pairs (runs of one scheduler with other parameters) get "#k".
  const labels = runLabels(items).map((l, i) => (l.includes(" #") ? `${items[i].scheduler}${l.slice(l.indexOf(" #"))}` : items[i].scheduler));
  const rows: CdfRow[] = [];
  items.forEach((it, i) => {
    const c = it.cdf!;
    for (const cls of CLASSES) {
      const v = c[cls];
      for (let k = 0; k < v.length; k++) rows.push({ scheduler: labels[i], nodes: it.nodes, cls, q: c.q[k], time: v[k] });
    }
  });
  return rows;
}

/** The bars: every (scheduler, nodes, class, p50/p90/p99) with a normalized value. */
export function barRows(data: AviaryJson, source = "input"): BarRow[] {
  if (data.kind !== "compare") {
    throw new InputError(`${source}: bars need a compare result (aviary compare --format json), this is the output of aviary run`);
  }
  const base = data.compare.grid.baseline;
  const rows: BarRow[] = [];
  for (const c of data.compare.results) {
    for (const cls of CLASSES) {
      if (c[cls].jobs === 0) continue;
      for (const stat of ["p50", "p90", "p99"] as const) {
        // With several seeds (compare's `spread`): the mean of the per-seed ratios and its interval,
        // the values the table prints.
        const sp = (c as CompareCell).spread?.normalized[cls][stat];
        const v = sp ? sp.mean : c.normalized[cls][stat];
        if (v !== null && Number.isFinite(v)) {
          rows.push({ scheduler: c.scheduler, nodes: c.nodes, cls, stat, ratio: v, baseline: base,
            ...(sp ? { lo: sp.ci[0], hi: sp.ci[1] } : {}) });
        }
      }
    }
  }
  if (rows.length === 0) throw new InputError(`${source}: no normalized percentile to draw (every class is empty or undefined)`);
  return rows;
}

/** The series points: runs with `series` (aviary run --series). */
export function seriesRows(data: AviaryJson, source = "input"): SeriesRow[] {
  if (data.kind !== "run") {
    throw new InputError(`${source}: a series needs run summaries with 'series' (aviary run --series --format json), this is a compare result`);
  }
  const runs = data.runs as (RunSummary & { series?: UsageSeries })[];
  const missing = runs.filter((r) => r.series === undefined).length;
  if (missing > 0) {
    throw new InputError(`${source}: no 'series' in ${missing === runs.length ? "the" : `${missing} of the`} runs: produce it with \`aviary run --series --format json\``);
  }
  const labels = runLabels(runs);
  const rows: SeriesRow[] = [];
  runs.forEach((r, i) => {
    const s = r.series!;
    // Step functions: each bin's mean from its start; a last point closes the last bin.
    for (let k = 0; k <= s.bins; k++) {
      const j = Math.min(k, s.bins - 1);
      const time = k < s.bins ? s.time[k] : s.t1;
      rows.push({ run: labels[i], scheduler: r.scheduler, nodes: r.nodes, time, elapsed: time - s.t0,
        utilization: 100 * s.utilization[j], queue: s.queue[j] });
    }
  });
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Specs

const SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";
const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";

/** A print-like style: readable fonts, thin dark axes, a light grid, white background. */
function config(): Obj {
  const text = { labelFont: FONT, titleFont: FONT, labelFontSize: 11, titleFontSize: 12, titleFontWeight: "normal", labelColor: "#222", titleColor: "#111" };
  return {
    font: FONT,
    background: "white",
    padding: 8,
    view: { stroke: "#888", strokeWidth: 0.8 },
    axis: { ...text, domainColor: "#333", tickColor: "#333", gridColor: "#e6e6e6", labelOverlap: true },
    legend: { ...text, symbolStrokeWidth: 2, symbolSize: 120 },
    header: { ...text, labelFontSize: 12, titleFontSize: 12 },
    title: { font: FONT, fontSize: 14, fontWeight: "normal", anchor: "middle", color: "#111" },
    line: { strokeWidth: 1.8 },
    range: { category: { scheme: "tableau10" } },
  };
}

function size(o: PlotOptions, width: number, height: number): { width: number; height: number } {
  const check = (name: string, v: number | undefined, d: number) => {
    if (v === undefined) return d;
    if (!(Number.isInteger(v) && v >= 50 && v <= 5000)) throw new InputError(`--${name} must be an integer number of pixels in [50, 5000], got '${v}'`);
    return v;
  };
  return { width: check("width", o.width, width), height: check("height", o.height, height) };
}

function titled(o: PlotOptions): Obj {
  return o.title ? { title: o.title } : {};
}

/** Seconds for a label: 3 significant digits, no exponent below 10^6. */
function seconds(x: number): string {
  return Math.abs(x) >= 100 ? x.toFixed(0) : String(+x.toPrecision(3));
}

function classLabel(cls: "short" | "long", cutoff: number | null): string {
  if (cutoff === null) return "All jobs";
  return cls === "short" ? `Short jobs (≤ ${seconds(cutoff)} s)` : `Long jobs (> ${seconds(cutoff)} s)`;
}

/** The powers of ten from below `lo` to above `hi` (ticks and grid of a log axis). */
function decades(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) out.push(Number(`1e${e}`));
  return out;
}

/** Labels of a log axis: 0.01 .. 10000 as written, other powers of ten as 1e5, 1e-3. */
const LOG_LABELS = "datum.value >= 0.01 && datum.value <= 10000 ? format(datum.value, '~g') : '1e' + round(log(datum.value) / LN10)";

function cutoffOf(data: AviaryJson): number | null {
  return data.kind === "compare" ? data.compare.grid.cutoff : data.runs[0].cutoff;
}

/** Labels of a linear axis: 12,000 as 12k, 2,000 as 2k, smaller values as written. */
const COUNT_LABELS = "abs(datum.value) >= 1000 ? format(datum.value, '~s') : format(datum.value, '~g')";

function uniq<T>(xs: T[]): T[] { return [...new Set(xs)]; }

/** Completion-time CDFs: a panel per class, a line per scheduler (x cluster size). */
export function cdfSpec(data: AviaryJson, options: PlotOptions = {}): VegaLiteSpec {
  const { width, height } = size(options, 320, 230);
  const cutoff = cutoffOf(data);
  // A log axis cannot show 0 s: such points (zero-length jobs) are left out.
  const rows = cdfRows(data).filter((r) => r.time > 0).map((r) => ({ ...r, class: classLabel(r.cls, cutoff) }));
  if (rows.length === 0) throw new InputError("cdf: no job has a completion time > 0 s to draw on a log axis");
  const schedulers = uniq(rows.map((r) => r.scheduler));
  const nodes = uniq(rows.map((r) => r.nodes)).sort((a, b) => a - b);
  const classes = uniq(rows.map((r) => r.class));
  // Ticks and grid lines at the powers of ten only (a panel's own range: scales are per panel).
  const ticks = uniq(classes.flatMap((c) => {
    const t = rows.filter((r) => r.class === c).map((r) => r.time);
    return decades(Math.min(...t), Math.max(...t));
  })).sort((a, b) => a - b);
  const encoding: Obj = {
    x: { field: "time", type: "quantitative", scale: { type: "log" }, title: "Completion time (s)",
      axis: { values: ticks, labelExpr: LOG_LABELS, labelOverlap: false } },
    y: { field: "q", type: "quantitative", scale: { domain: [0, 1] }, title: "Fraction of jobs", axis: { format: ".1f", tickCount: 5 } },
    color: { field: "scheduler", type: "nominal", title: "Scheduler", sort: schedulers },
    order: { field: "q", type: "quantitative" },
  };
  if (nodes.length > 1) encoding.strokeDash = { field: "nodes", type: "ordinal", title: "Nodes", sort: nodes };
  const spec: Obj = { width, height, mark: { type: "line", interpolate: "step-after", clip: true }, encoding };
  return {
    $schema: SCHEMA, ...titled(options), config: config(),
    data: { values: rows },
    facet: { column: { field: "class", type: "nominal", sort: classes, title: null } },
    spec,
    resolve: { scale: { x: "independent" } },
  };
}

/** Normalized p50/p90/p99: a panel per cluster size (column) and class (row), a rule at 1. */
export function barsSpec(data: AviaryJson, options: PlotOptions = {}): VegaLiteSpec {
  const rows0 = barRows(data);
  const cutoff = cutoffOf(data);
  const rows = rows0.map((r) => ({ ...r, class: classLabel(r.cls, cutoff), cluster: `${r.nodes} nodes` }));
  const schedulers = data.kind === "compare" ? data.compare.grid.schedulers : uniq(rows.map((r) => r.scheduler));
  const nodes = uniq(rows.map((r) => r.nodes)).sort((a, b) => a - b);
  const classes = uniq(rows.map((r) => r.class));
  const nSched = schedulers.length;
  const { width, height } = size(options, Math.max(180, 3 * (nSched * 14 + 16)), 220);
  const base = rows0[0].baseline;
  const published = (options.published ?? []).filter((p) => Number.isFinite(p.value) && rows.some((r) => r.nodes === p.nodes && r.cls === p.cls))
    .map((p) => ({ ...p, class: classLabel(p.cls, cutoff), cluster: `${p.nodes} nodes`, label: p.label ?? "published" }));
  const withErr = rows.some((r) => r.lo !== undefined);
  // Ratios spanning more than 20x (e.g. 0.5 to 200) on a log axis, as papers draw them; bars
  // then start at the bottom of the axis, not at 0.
  const ratios = rows.map((r) => r.ratio);
  const positive = ratios.filter((v) => v > 0);
  // (the axis follows the bars and the published points; an interval beyond it is clipped)
  const extent = [...positive, ...published.map((p) => p.value).filter((v) => v > 0)];
  const lo = Math.min(1, ...extent), hi = Math.max(1, ...extent);
  const logY = positive.length === rows.length && published.every((p) => p.value > 0) && hi / lo > 20;
  const floor = Number(`1e${Math.floor(Math.log10(lo))}`);
  const yScale: Obj = logY ? { type: "log", domain: [floor, Number(`1e${Math.ceil(Math.log10(hi))}`)] } : { zero: true };
  const bar: Obj = {
    transform: [{ filter: "datum.kind === 'bar'" }],
    mark: { type: "bar", stroke: "#333", strokeWidth: 0.4 },
    encoding: {
      x: { field: "stat", type: "nominal", sort: ["p50", "p90", "p99"], title: "Percentile", axis: { labelAngle: 0 } },
      xOffset: { field: "scheduler", type: "nominal", sort: schedulers },
      y: { field: "ratio", type: "quantitative", title: [`Ratio to ${base}`, "(lower is better)"], scale: yScale,
        ...(logY ? { axis: { labelExpr: LOG_LABELS, values: decades(lo, hi) } } : {}) },
      ...(logY ? { y2: { datum: floor } } : {}),
      color: { field: "scheduler", type: "nominal", title: "Scheduler", sort: schedulers },
      tooltip: [{ field: "scheduler" }, { field: "cluster" }, { field: "class" }, { field: "stat" }, { field: "ratio", format: ".3f" }],
    },
  };
  const rule: Obj = { mark: { type: "rule", color: "#111", strokeDash: [4, 3], strokeWidth: 1 }, encoding: { y: { datum: 1 } } };
  const layers: Obj[] = [bar, rule];
  const x = (bar.encoding as Obj).x;
  const xOffset = (bar.encoding as Obj).xOffset;
  if (withErr) {
    // The 95 % interval of each bar (several seeds): a vertical rule with caps drawn as ticks. On a
    // log axis an interval reaching 0 or below is cut at the axis' bottom.
    const clampLo = logY ? `max(datum.lo, ${floor})` : "datum.lo";
    layers.push({
      transform: [{ filter: "datum.kind === 'bar' && isValid(datum.lo)" }, { calculate: clampLo, as: "errLo" }],
      layer: [
        { mark: { type: "rule", color: "#111", strokeWidth: 1, clip: true },
          encoding: { x, xOffset, y: { field: "errLo", type: "quantitative" }, y2: { field: "hi" } } },
        { mark: { type: "tick", color: "#111", thickness: 1, size: 6, clip: true }, encoding: { x, xOffset, y: { field: "errLo", type: "quantitative" } } },
        { mark: { type: "tick", color: "#111", thickness: 1, size: 6, clip: true }, encoding: { x, xOffset, y: { field: "hi", type: "quantitative" } } },
      ],
    });
  }
  if (published.length > 0) {
    // (in the facet's data, so that each point is drawn in its own panel)
    layers.push({
      transform: [{ filter: "datum.kind === 'published'" }],
      mark: { type: "point", shape: "diamond", filled: true, color: "#d62728", stroke: "#111", strokeWidth: 0.6, size: 70 },
      encoding: {
        x, xOffset: { field: "scheduler", type: "nominal", sort: schedulers, scale: { domain: schedulers } },
        y: { field: "value", type: "quantitative" },
        shape: { field: "label", type: "nominal", title: null, scale: { range: ["diamond"] } },
        tooltip: [{ field: "scheduler" }, { field: "cluster" }, { field: "class" }, { field: "stat" }, { field: "value", title: "published" }],
      },
    });
  }
  const facet: Obj = { column: { field: "cluster", type: "ordinal", sort: nodes.map((n) => `${n} nodes`), title: null } };
  if (classes.length > 1) facet.row = { field: "class", type: "nominal", sort: classes, title: null };
  return {
    $schema: SCHEMA, ...titled(options), config: config(),
    data: { values: [...rows.map((r) => ({ ...r, kind: "bar" })), ...published.map((p) => ({ ...p, kind: "published" }))] },
    facet,
    spec: { width, height, layer: layers },
    // One y scale for every panel (comparable heights, one axis title per row); an x axis under
    // every panel.
    resolve: { axis: { x: "independent" } },
  };
}

/** Utilization and queue length over time: two stacked panels, a line per run. */
export function seriesSpec(data: AviaryJson, options: PlotOptions = {}): VegaLiteSpec {
  const rows = seriesRows(data);
  const { width, height } = size(options, 560, 150);
  const runs = uniq(rows.map((r) => r.run));
  const x = { field: "elapsed", type: "quantitative", title: "Time since the first submission (s)", axis: { labelExpr: COUNT_LABELS } };
  const color = { field: "run", type: "nominal", title: "Scheduler", sort: runs };
  const panel = (field: string, title: string, extra: Obj = {}): Obj => ({
    width, height,
    mark: { type: "line", interpolate: "step-after", clip: true },
    encoding: { x, y: { field, type: "quantitative", title, ...extra }, color },
  });
  return {
    $schema: SCHEMA, ...titled(options), config: config(),
    data: { values: rows },
    vconcat: [
      panel("utilization", "Utilization (%)", { scale: { domain: [0, 100] } }),
      panel("queue", "Queued tasks", { axis: { labelExpr: COUNT_LABELS } }),
    ],
    resolve: { scale: { color: "shared" } },
  };
}

/** The Vega-Lite specification of a figure of `data`. */
export function plotSpec(kind: PlotKind, data: AviaryJson, options: PlotOptions = {}): VegaLiteSpec {
  switch (kind) {
    case "cdf": return cdfSpec(data, options);
    case "bars": return barsSpec(data, options);
    case "series": return seriesSpec(data, options);
    default: throw new InputError(`unknown plot kind '${String(kind)}' (known: ${PLOT_KINDS.join(", ")})`);
  }
}
