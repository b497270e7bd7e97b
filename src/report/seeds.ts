// `aviary run --seeds A-B` (issue #38): the same runs as `aviary run --seed k` for each seed k, and
// per scheduler the spread of every statistic over the seeds (mean, sd, 95 % t interval, n:
// src/compare/spread.ts) — one JSON line per scheduler after the runs' lines, or a table of
// `mean ± half-width`. Browser-safe.
import { InputError, showValue } from "../errors.js";
import type { RunSummary } from "../metrics/summary.js";
import { halfWidth, spreadOf, type Spread } from "../compare/spread.js";

export const MAX_SEEDS = 100_000;

/** `--seeds`: N (seeds 1..N), A-B (A..B) or a comma-separated list; at most MAX_SEEDS, each an
 *  integer in [0, 2147483647], none twice. */
export function parseSeedSpec(text: string, option = "--seeds"): number[] {
  const t = String(text).trim();
  const bad = (why: string): never => {
    throw new InputError(`${option} must be N (seeds 1..N), A-B or a comma-separated list of seeds: ${why}, got '${showValue(text)}'`);
  };
  const int = (x: string) => {
    const v = Number(x.trim());
    if (x.trim() === "" || !Number.isInteger(v) || v < 0 || v > 2147483647) bad(`'${showValue(x.trim())}' is not a seed (an integer in [0, 2147483647])`);
    return v;
  };
  let seeds: number[];
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(t);
  if (range) {
    const a = int(range[1]), b = int(range[2]);
    if (b < a) bad(`the range ${a}-${b} is empty`);
    if (b - a + 1 > MAX_SEEDS) bad(`more than ${MAX_SEEDS} seeds`);
    seeds = Array.from({ length: b - a + 1 }, (_, i) => a + i);
  } else if (t.includes(",")) {
    seeds = t.split(",").map(int);
  } else {
    const n = int(t);
    if (n < 1) bad("N must be at least 1");
    if (n > MAX_SEEDS) bad(`more than ${MAX_SEEDS} seeds`);
    seeds = Array.from({ length: n }, (_, i) => i + 1);
  }
  if (seeds.length > MAX_SEEDS) bad(`more than ${MAX_SEEDS} seeds`);
  const seen = new Set<number>();
  for (const s of seeds) {
    if (seen.has(s)) bad(`seed ${s} is listed twice`);
    seen.add(s);
  }
  return seeds;
}

type Stat = "mean" | "p50" | "p90" | "p99";
const STATS: Stat[] = ["mean", "p50", "p90", "p99"];

/** One scheduler's runs over the seeds: each statistic's spread. */
export interface SeedSummary {
  /** Marks the line in `aviary run --seeds … --format json` (the runs' lines have no `summary`). */
  summary: "seeds";
  scheduler: string;
  nodes: number;
  slots: number;
  cutoff: number | null;
  trace: { name: string; jobs: number; tasks: number };
  seeds: number[];
  n: number;
  short: { jobs: number } & Record<Stat, Spread | null>;
  long: { jobs: number } & Record<Stat, Spread | null>;
  slowdown: { short: Record<"p50" | "p90" | "p99", Spread | null>; long: Record<"p50" | "p90" | "p99", Spread | null> };
  utilization: Spread | null;
  makespan: Spread | null;
  resources?: Spread | null;
  yaq?: { jctExec: Record<Stat, Spread | null>; jobsPerMinute: Spread | null; queueDelayMean: Spread | null };
}

/** Per scheduler (in first-seen order), the spread of its runs' statistics over the seeds. */
export function seedSummaries(runs: RunSummary[]): SeedSummary[] {
  const names = [...new Set(runs.map((r) => r.scheduler))];
  return names.map((scheduler) => {
    const rs = runs.filter((r) => r.scheduler === scheduler);
    const r0 = rs[0];
    const of = (get: (r: RunSummary) => number | null | undefined) => spreadOf(rs.map((r) => {
      const v = get(r);
      return v === undefined ? null : v;
    }));
    const cls = (k: "short" | "long") => ({
      jobs: r0[k].jobs,
      ...Object.fromEntries(STATS.map((s) => [s, r0[k].jobs > 0 ? of((r) => r[k][s]) : null])),
    }) as SeedSummary["short"];
    const slow = (k: "short" | "long") => Object.fromEntries((["p50", "p90", "p99"] as const)
      .map((p) => [p, r0[k].jobs > 0 ? of((r) => r.slowdown[k][p]) : null])) as SeedSummary["slowdown"]["short"];
    const out: SeedSummary = {
      summary: "seeds", scheduler, nodes: r0.nodes, slots: r0.slots, cutoff: r0.cutoff, trace: r0.trace,
      seeds: rs.map((r) => r.seed), n: rs.length,
      short: cls("short"), long: cls("long"), slowdown: { short: slow("short"), long: slow("long") },
      utilization: of((r) => r.utilization), makespan: of((r) => r.makespan),
    };
    if (r0.resources) out.resources = of((r) => r.resources?.mean);
    if (r0.yaq) {
      out.yaq = {
        jctExec: Object.fromEntries(STATS.map((s) => [s, of((r) => r.yaq?.jctExec[s])])) as Record<Stat, Spread | null>,
        jobsPerMinute: of((r) => r.yaq?.jobsPerMinute), queueDelayMean: of((r) => r.yaq?.queueDelay.mean),
      };
    }
    return out;
  });
}

/** Decimals for a value of this size: 0 from 1000, 1 from 10, else 3 (as the run table). */
export function decimalsFor(x: number): number {
  const a = Math.abs(x);
  return a >= 1000 ? 0 : a >= 10 ? 1 : 3;
}

/** `mean ± half-width`, both with the mean's decimals; "-" for an undefined value. */
export function fmtSpread(s: Spread | null | undefined): string {
  if (!s) return "-";
  const d = decimalsFor(s.mean);
  return `${s.mean.toFixed(d)} ± ${halfWidth(s).toFixed(d)}`;
}

function table(header: string[], rows: string[][]): string {
  const w = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join("  ");
  return [line(header), w.map((n) => "-".repeat(n)).join("  "), ...rows.map(line)].join("\n");
}

function seedsText(seeds: number[]): string {
  const consecutive = seeds.every((s, i) => i === 0 || s === seeds[i - 1] + 1);
  return seeds.length > 2 && consecutive ? `seeds ${seeds[0]}-${seeds[seeds.length - 1]}` : `seeds ${seeds.join(", ")}`;
}

/** The table of `aviary run --seeds`: per scheduler, each statistic as mean ± half-width. */
export function formatSeedTable(sums: SeedSummary[], engine: string): string {
  if (sums.length === 0) return "";
  const s0 = sums[0];
  const withLong = sums.some((s) => s.long.jobs > 0);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const pctSpread = (s: Spread | null | undefined) => (s ? `${pct(s.mean)} ± ${(100 * halfWidth(s)).toFixed(1)}` : "-");
  const head = [
    `trace ${s0.trace.name}: ${s0.trace.jobs} jobs, ${s0.trace.tasks} tasks; ${s0.nodes} nodes x ${s0.slots} slots; ${seedsText(s0.seeds)}; engine ${engine}`,
    (s0.cutoff === null ? "job completion times in seconds (no --cutoff: every job is short)"
      : `job completion times in seconds; long jobs: mean task duration > ${s0.cutoff} s`)
      + `; each value: mean over the ${s0.n} seeds ± the half-width of its 95 % t interval`,
    "",
  ];
  const header = ["scheduler", withLong ? "short jobs" : "jobs", "mean", "p50", "p90", "p99"];
  if (withLong) header.push("long jobs", "mean", "p50", "p90", "p99");
  header.push("util");
  const rows = sums.map((s) => {
    const cells = [s.scheduler, String(s.short.jobs), ...STATS.map((k) => fmtSpread(s.short[k]))];
    if (withLong) cells.push(String(s.long.jobs), ...STATS.map((k) => fmtSpread(s.long[k])));
    cells.push(pctSpread(s.resources ?? s.utilization));
    return cells;
  });
  const slow = ["scheduler", withLong ? "short p50" : "p50", "p90", "p99"];
  if (withLong) slow.push("long p50", "p90", "p99");
  const slowRows = sums.map((s) => {
    const cells = [s.scheduler, ...(["p50", "p90", "p99"] as const).map((p) => fmtSpread(s.slowdown.short[p]))];
    if (withLong) cells.push(...(["p50", "p90", "p99"] as const).map((p) => fmtSpread(s.slowdown.long[p])));
    return cells;
  });
  const yaq = sums.filter((s) => s.yaq);
  return head.join("\n") + table(header, rows)
    + "\n\nslowdown: percentile of completion time / the same percentile of the jobs' longest task (per class)\n"
    + table(slow, slowRows)
    + (yaq.length === 0 ? "" : "\n\nYaq metrics (seed-yaq.md §4.1): JCT from the job's start (jctExec), task queuing delay, throughput\n"
      + table(["scheduler", "jctExec mean", "p50", "p90", "p99", "queuing mean", "jobs/min"],
        yaq.map((s) => [s.scheduler, ...STATS.map((k) => fmtSpread(s.yaq!.jctExec[k])), fmtSpread(s.yaq!.queueDelayMean),
          fmtSpread(s.yaq!.jobsPerMinute)])))
    + "\n";
}
