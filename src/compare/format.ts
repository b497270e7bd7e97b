// Output of `aviary compare`: table, JSON and CSV. Browser-safe.
import type { ClassAverages, ClassRatios, ClassSpread, CompareCell, CompareResult } from "./grid.js";
import { halfWidth, type Spread } from "./spread.js";
import { fmtSpread } from "../report/seeds.js";

function fmtRatio(x: number | null): string {
  return x === null ? "-" : x.toFixed(3);
}

function fmtSeconds(x: number | null): string {
  if (x === null) return "-";
  const a = Math.abs(x);
  if (a >= 1000) return x.toFixed(0);
  if (a >= 10) return x.toFixed(1);
  return x.toFixed(3);
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function seedsText(seeds: number[]): string {
  const consecutive = seeds.every((s, i) => i === 0 || s === seeds[i - 1] + 1);
  if (seeds.length > 2 && consecutive) return `seeds ${seeds[0]}-${seeds[seeds.length - 1]}`;
  return `seed${seeds.length > 1 ? "s" : ""} ${seeds.join(", ")}`;
}

function table(header: string[], rows: string[][]): string[] {
  const w = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join("  ");
  return [line(header), w.map((n) => "-".repeat(n)).join("  "), ...rows.map(line)];
}

function absolute(label: string, c: ClassAverages, s?: ClassSpread): string {
  const v = (k: "p50" | "p90" | "p99") => {
    const sp = s?.[k];
    return sp ? fmtSpread(sp) : fmtSeconds(c[k]);
  };
  return `${label} p50 ${v("p50")}, p90 ${v("p90")}, p99 ${v("p99")}`;
}

/** `value ± half-width` of a ratio's spread (3 decimals), "-" when undefined. */
function fmtRatioSpread(s: Spread | null | undefined): string {
  return s ? `${s.mean.toFixed(3)} ± ${halfWidth(s).toFixed(3)}` : "-";
}

function pctSpread(s: Spread): string {
  return `${pct(s.mean)} ± ${(100 * halfWidth(s)).toFixed(1)}`;
}

/** Per node count: the baseline's absolute seed-averaged values, then one row per scheduler
 *  with normalized percentiles and the seed-averaged utilization. */
export function formatCompareTable(res: CompareResult): string {
  const g = res.grid;
  const withLong = res.results.some((c) => c.long.jobs > 0);
  // With several seeds every value is printed `mean ± half-width of its 95 % t interval`; a ratio
  // is then the mean of the per-seed ratios (src/compare/spread.ts).
  const spread = res.results.every((c) => c.spread);
  const out: string[] = [
    `compare: trace ${res.trace.name}: ${res.trace.jobs} jobs, ${res.trace.tasks} tasks; ${g.slots} slot${g.slots > 1 ? "s" : ""}/node; `
      + `engine ${g.engine}; ${seedsText(g.seeds)}${g.preset ? `; preset ${g.preset}` : ""}`,
    (spread ? `values: mean over the ${g.seeds.length} seeds of percentile / ${g.baseline}'s percentile of the same seed, ± the half-width of its 95 % t interval, per class (lower is better); util: mean utilization ± half-width`
      : `values: seed-averaged percentile / ${g.baseline}'s seed-averaged percentile, per class (lower is better); util: mean utilization`)
      + (res.results.every((c) => c.resources) ? " (res util: allocated / capacity over the makespan, mean over the dimensions)" : ""),
    g.cutoff === null ? "no cutoff: every job is short" : `long jobs: mean task duration > ${g.cutoff} s`,
  ];
  for (const n of g.nodes) {
    const cells = res.results.filter((c) => c.nodes === n);
    const base = cells.find((c) => c.scheduler === g.baseline)!;
    // A cluster with demands: "res util" (mean resource utilisation) replaces the busy-slot share.
    const resUtil = cells.every((c) => c.resources);
    const utilOf = (c: typeof base) => resUtil ? c.resources!.mean : c.utilization;
    const utilText = (c: typeof base) => {
      const s = resUtil ? c.spread?.resources : c.spread?.utilization;
      return s ? pctSpread(s) : pct(utilOf(c));
    };
    const absParts = [absolute(withLong ? "short" : "jobs", base.short, base.spread?.short)];
    if (withLong) absParts.push(absolute("long", base.long, base.spread?.long));
    absParts.push(`${resUtil ? "res util" : "util"} ${utilText(base)}`);
    out.push("", `${n} nodes; ${g.baseline} (absolute, s): ${absParts.join("; ")}`);
    const header = ["scheduler", ...(withLong ? ["short p50", "short p90", "short p99", "long p50", "long p90", "long p99"] : ["p50", "p90", "p99"]), resUtil ? "res util" : "util"];
    const rows = cells.map((c) => {
      const ratioText = (cls: "short" | "long", k: "p50" | "p90" | "p99") =>
        (c.spread ? fmtRatioSpread(c.spread.normalized[cls][k]) : fmtRatio(c.normalized[cls][k]));
      const r = [c.scheduler, ratioText("short", "p50"), ratioText("short", "p90"), ratioText("short", "p99")];
      if (withLong) r.push(ratioText("long", "p50"), ratioText("long", "p90"), ratioText("long", "p99"));
      r.push(utilText(c));
      return r;
    });
    out.push(...table(header, rows));
    if (cells.every((c) => c.resources)) {
      // Resource grids (a cluster): mean completion time over the baseline's, and each dimension's
      // utilisation (allocated / capacity over the makespan) with their mean.
      const dims = Object.keys(cells[0].resources!.utilization);
      out.push("", `resources: mean completion time / ${g.baseline}'s, and utilisation per dimension (allocated / capacity over the makespan)`);
      const rh = ["scheduler", withLong ? "short mean" : "mean", ...(withLong ? ["long mean"] : []), ...dims, "util mean"];
      const meanRatio = (cls: "short" | "long") => (c: CompareCell) =>
        (c.spread ? fmtRatioSpread(c.spread.normalized[cls].mean) : fmtRatio(c.normalized[cls].mean));
      out.push(...table(rh, cells.map((c) => [c.scheduler, meanRatio("short")(c),
        ...(withLong ? [meanRatio("long")(c)] : []), ...dims.map((d) => pct(c.resources!.utilization[d])),
        c.spread?.resources ? pctSpread(c.spread.resources) : pct(c.resources!.mean)])));
    }
  }
  const runs = `${res.runs.length} run${res.runs.length > 1 ? "s" : ""}`;
  out.push("", res.workers === undefined || res.wallSeconds === undefined ? runs
    : `${runs} on ${res.workers} worker${res.workers > 1 ? "s" : ""} in ${res.wallSeconds.toFixed(1)} s`);
  return out.join("\n") + "\n";
}

/** One JSON object: trace, grid, per-(nodes, scheduler) results, every run's summary. */
export function compareJson(res: CompareResult): string {
  return JSON.stringify(res, null, 2) + "\n";
}

/** The header of `aviary compare --format csv` (compareCsv), in column order. */
export const COMPARE_CSV_COLUMNS = [
  "nodes", "scheduler", "baseline", "seeds",
  "short_jobs", "short_mean", "short_p50", "short_p90", "short_p99",
  "long_jobs", "long_mean", "long_p50", "long_p90", "long_p99", "utilization",
  "norm_short_mean", "norm_short_p50", "norm_short_p90", "norm_short_p99",
  "norm_long_mean", "norm_long_p50", "norm_long_p90", "norm_long_p99",
];

const cell = (x: number | null): string => (x === null ? "" : String(x));

function classCols(c: ClassAverages): string[] {
  return [String(c.jobs), cell(c.mean), cell(c.p50), cell(c.p90), cell(c.p99)];
}

function ratioCols(c: ClassRatios): string[] {
  return [cell(c.mean), cell(c.p50), cell(c.p90), cell(c.p99)];
}

/** One row per (node count, scheduler): seed-averaged absolute values (seconds; utilization
 *  0..1), then the normalized ones. Empty field = empty class. */
export function compareCsv(res: CompareResult): string {
  const rows = res.results.map((c: CompareCell) => [
    String(c.nodes), c.scheduler, res.grid.baseline, String(c.seeds.length),
    ...classCols(c.short), ...classCols(c.long), String(c.utilization),
    ...ratioCols(c.normalized.short), ...ratioCols(c.normalized.long),
  ].join(","));
  return [COMPARE_CSV_COLUMNS.join(","), ...rows].join("\n") + "\n";
}
