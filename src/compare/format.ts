// Output of `aviary compare`: table, JSON and CSV. Browser-safe.
import type { ClassAverages, ClassRatios, CompareCell, CompareResult } from "./grid.js";

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

function absolute(label: string, c: ClassAverages): string {
  return `${label} p50 ${fmtSeconds(c.p50)}, p90 ${fmtSeconds(c.p90)}, p99 ${fmtSeconds(c.p99)}`;
}

/** Per node count: the baseline's absolute seed-averaged values, then one row per scheduler
 *  with normalized percentiles and the seed-averaged utilization. */
export function formatCompareTable(res: CompareResult): string {
  const g = res.grid;
  const withLong = res.results.some((c) => c.long.jobs > 0);
  const out: string[] = [
    `compare: trace ${res.trace.name}: ${res.trace.jobs} jobs, ${res.trace.tasks} tasks; ${g.slots} slot${g.slots > 1 ? "s" : ""}/node; `
      + `engine ${g.engine}; ${seedsText(g.seeds)}${g.preset ? `; preset ${g.preset}` : ""}`,
    `values: seed-averaged percentile / ${g.baseline}'s seed-averaged percentile, per class (lower is better); util: mean utilization`
      + (res.results.every((c) => c.resources) ? " (res util: allocated / capacity over the makespan, mean over the dimensions)" : ""),
    g.cutoff === null ? "no cutoff: every job is short" : `long jobs: mean task duration > ${g.cutoff} s`,
  ];
  for (const n of g.nodes) {
    const cells = res.results.filter((c) => c.nodes === n);
    const base = cells.find((c) => c.scheduler === g.baseline)!;
    // A cluster with demands: "res util" (mean resource utilisation) replaces the busy-slot share.
    const resUtil = cells.every((c) => c.resources);
    const utilOf = (c: typeof base) => resUtil ? c.resources!.mean : c.utilization;
    const absParts = [absolute(withLong ? "short" : "jobs", base.short)];
    if (withLong) absParts.push(absolute("long", base.long));
    absParts.push(`${resUtil ? "res util" : "util"} ${pct(utilOf(base))}`);
    out.push("", `${n} nodes; ${g.baseline} (absolute, s): ${absParts.join("; ")}`);
    const header = ["scheduler", ...(withLong ? ["short p50", "short p90", "short p99", "long p50", "long p90", "long p99"] : ["p50", "p90", "p99"]), resUtil ? "res util" : "util"];
    const rows = cells.map((c) => {
      const r = [c.scheduler, fmtRatio(c.normalized.short.p50), fmtRatio(c.normalized.short.p90), fmtRatio(c.normalized.short.p99)];
      if (withLong) r.push(fmtRatio(c.normalized.long.p50), fmtRatio(c.normalized.long.p90), fmtRatio(c.normalized.long.p99));
      r.push(pct(utilOf(c)));
      return r;
    });
    out.push(...table(header, rows));
    if (cells.every((c) => c.resources)) {
      // Resource grids (a cluster): mean completion time over the baseline's, and each dimension's
      // utilisation (allocated / capacity over the makespan) with their mean.
      const dims = Object.keys(cells[0].resources!.utilization);
      out.push("", `resources: mean completion time / ${g.baseline}'s, and utilisation per dimension (allocated / capacity over the makespan)`);
      const rh = ["scheduler", withLong ? "short mean" : "mean", ...(withLong ? ["long mean"] : []), ...dims, "util mean"];
      out.push(...table(rh, cells.map((c) => [c.scheduler, fmtRatio(c.normalized.short.mean),
        ...(withLong ? [fmtRatio(c.normalized.long.mean)] : []), ...dims.map((d) => pct(c.resources!.utilization[d])),
        pct(c.resources!.mean)])));
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
