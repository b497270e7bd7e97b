// The spread over seeds (issue #38, src/compare/spread.ts): Student's t quantile against its table,
// mean / sd / 95 % interval on hand-computed cases, the per-seed ratios paired by seed, compare's
// `spread` field (absent with one seed, so one seed's output is unchanged) and its table, and
// `aviary run --seeds`.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { halfWidth, pairedRatioSpread, spreadOf, studentCdf, tQuantile975 } from "../src/compare/spread.js";
import { aggregateCompare, planCompare } from "../src/compare/grid.js";
import { formatCompareTable } from "../src/compare/format.js";
import { parseSeedSpec, seedSummaries } from "../src/report/seeds.js";
import { parseAviaryJson } from "../src/plot/specs.js";
import { packageRoot } from "../src/engine/node.js";
import type { RunSummary } from "../src/metrics/summary.js";

describe("Student's t", () => {
  it("t(0.975, df) against the table to 12 digits", () => {
    const table: Array<[number, number]> = [[1, 12.7062047361747], [2, 4.30265272974946], [3, 3.18244630528371], [4, 2.77644510519779],
      [5, 2.57058183563631], [9, 2.26215716279820], [10, 2.22813885198627], [29, 2.04522964213270], [100, 1.98397151852355]];
    for (const [df, t] of table) expect(tQuantile975(df)).toBeCloseTo(t, 12);
    expect(tQuantile975(1_000_000)).toBeCloseTo(1.959966, 5);
    expect(studentCdf(0, 7)).toBeCloseTo(0.5, 15);
    expect(studentCdf(-tQuantile975(4), 4)).toBeCloseTo(0.025, 13);
    expect(() => tQuantile975(0)).toThrow(RangeError);
  });
});

describe("spread of values and of per-seed ratios (hand-computed)", () => {
  it("0.5, 0.6, 0.7: mean 0.6, sd 0.1, 95 % interval 0.6 ± 4.3027 x 0.1 / √3 = 0.6 ± 0.24841", () => {
    const s = spreadOf([0.5, 0.6, 0.7])!;
    expect(s.n).toBe(3);
    expect(s.mean).toBeCloseTo(0.6, 15);
    expect(s.sd).toBeCloseTo(0.1, 15);
    expect(halfWidth(s)).toBeCloseTo(0.2484138, 6);
    expect(s.ci[0]).toBeCloseTo(0.3515862, 6);
    expect(s.ci[1]).toBeCloseTo(0.8484138, 6);
  });

  it("one seed: sd 0 and the interval [x, x]; nothing or an undefined value: null", () => {
    expect(spreadOf([3])).toEqual({ mean: 3, sd: 0, ci: [3, 3], n: 1 });
    expect(spreadOf([])).toBeNull();
    expect(spreadOf([1, null])).toBeNull();
    expect(spreadOf([1, NaN])).toBeNull();
  });

  it("paired ratios: 2/4, 3/4, 5/5 = 0.5, 0.75, 1: mean 0.75, sd 0.25, half-width 4.3027 x 0.25 / √3 = 0.62103", () => {
    const s = pairedRatioSpread([2, 3, 5], [4, 4, 5])!;
    expect(s.mean).toBeCloseTo(0.75, 15);
    expect(s.sd).toBeCloseTo(0.25, 15);
    expect(halfWidth(s)).toBeCloseTo(0.6210345, 6);
    // The ratio of means (10/13 = 0.769) is not the mean of the ratios: compare's `normalized` keeps
    // the former, the spread the latter.
    expect(pairedRatioSpread([1, 2], [1, 2])).toEqual({ mean: 1, sd: 0, ci: [1, 1], n: 2 });
    expect(pairedRatioSpread([1], [0])).toBeNull();
    expect(() => pairedRatioSpread([1, 2], [1])).toThrow(RangeError);
  });
});

/** A run summary with the given short p50 (every other statistic derived from it). */
function summary(scheduler: string, seed: number, p50: number, util = 0.5): RunSummary {
  const cls = { jobs: 10, mean: p50, p50, p90: 2 * p50, p99: 3 * p50 };
  return {
    scheduler, engine: "wasm", nodes: 10, slots: 1, seed, cutoff: null, params: {}, trace: { name: "t", jobs: 10, tasks: 10 },
    short: cls, long: { jobs: 0, mean: NaN, p50: NaN, p90: NaN, p99: NaN },
    slowdown: { short: { p50: 1, p90: 1, p99: 1 }, long: { p50: NaN, p90: NaN, p99: NaN } },
    utilization: util, makespan: 100, counters: {}, wallSeconds: 0, eventsPerSecond: 0,
  };
}

describe("compare's spread field", () => {
  const plan = planCompare({ schedulers: ["a", "b"].map((x) => (x === "a" ? "random" : "sparrow")), baseline: "sparrow", nodes: [10], seeds: [1, 2, 3] });
  // random's short p50 per seed 2, 3, 5; sparrow's 4, 4, 5 (the paired case above).
  const runs = [summary("random", 1, 2, 0.4), summary("random", 2, 3, 0.5), summary("random", 3, 5, 0.6),
    summary("sparrow", 1, 4), summary("sparrow", 2, 4), summary("sparrow", 3, 5)];

  it("absolute values: the mean is the seed average; ratios: the per-seed ratios' spread", () => {
    const cells = aggregateCompare(plan, runs);
    const r = cells.find((c) => c.scheduler === "random")!;
    expect(r.spread!.n).toBe(3);
    expect(r.spread!.short.p50!.mean).toBe(r.short.p50);
    expect(r.spread!.short.p50!.sd).toBeCloseTo(Math.sqrt(7 / 3), 12);
    expect(r.spread!.normalized.short.p50!.mean).toBeCloseTo(0.75, 15);
    expect(halfWidth(r.spread!.normalized.short.p50!)).toBeCloseTo(0.6210345, 6);
    expect(r.normalized.short.p50).toBeCloseTo(10 / 13, 15); // the ratio of seed averages, as before
    expect(r.spread!.utilization!.mean).toBeCloseTo(0.5, 15);
    expect(r.spread!.long.p50).toBeNull(); // an empty class
    const base = cells.find((c) => c.scheduler === "sparrow")!;
    expect(base.spread!.normalized.short.p90).toEqual({ mean: 1, sd: 0, ci: [1, 1], n: 3 });
  });

  it("one seed: no spread field, and the table prints no ±", () => {
    const one = planCompare({ schedulers: ["random", "sparrow"], baseline: "sparrow", nodes: [10], seeds: [1] });
    const cells = aggregateCompare(one, [runs[0], runs[3]]);
    expect(cells.every((c) => c.spread === undefined)).toBe(true);
    const { runs: _r, ...grid } = one;
    expect(formatCompareTable({ trace: { name: "t", jobs: 10, tasks: 10 }, grid, results: cells, runs: [] })).not.toContain("±");
  });

  it("several seeds: the table prints mean ± half-width", () => {
    const { runs: _r, ...grid } = plan;
    const text = formatCompareTable({ trace: { name: "t", jobs: 10, tasks: 10 }, grid, results: aggregateCompare(plan, runs), runs: [] });
    expect(text).toMatch(/\nrandom\s+0\.750 ± 0\.621\s+0\.750 ± 0\.621\s+0\.750 ± 0\.621\s+50\.0% ± 24\.8\n/);
    expect(text).toContain("jobs p50 4.333 ± 1.434");
  });
});

describe("aviary run --seeds", () => {
  const aviary = (...args: string[]) => spawnSync(process.execPath, [join(packageRoot(), "bin/aviary.js"), ...args], { encoding: "utf8" });
  const strip = (line: string) => { const { wallSeconds: _w, eventsPerSecond: _e, ...rest } = JSON.parse(line); return rest; };

  it("runs `--seed k` for each seed (the same JSON lines), then one seed summary per scheduler; plot reads the file", () => {
    const base = ["run", "--workload", "default", "--jobs", "300", "--nodes", "30", "--scheduler", "sparrow,lwl", "--format", "json"];
    const r = aviary(...base, "--seeds", "2-4");
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(3 * 2 + 2);
    for (const [i, seed] of [2, 3, 4].entries()) {
      const one = aviary(...base, "--seed", String(seed)).stdout.trim().split("\n");
      expect(lines.slice(2 * i, 2 * i + 2).map(strip)).toEqual(one.map(strip));
    }
    const sums = lines.slice(6).map((l) => JSON.parse(l));
    expect(sums.map((s) => [s.summary, s.scheduler, s.seeds, s.n])).toEqual([["seeds", "sparrow", [2, 3, 4], 3], ["seeds", "lwl", [2, 3, 4], 3]]);
    const p50s = lines.slice(0, 6).map((l) => JSON.parse(l)).filter((x) => x.scheduler === "lwl").map((x) => x.short.p50);
    expect(sums[1].short.p50).toEqual(spreadOf(p50s));
    expect(seedSummaries(lines.slice(0, 6).map((l) => JSON.parse(l)))[1].short.p50).toEqual(sums[1].short.p50);
    expect(parseAviaryJson(r.stdout).kind).toBe("run"); // the summary lines are not runs
    const table = aviary(...base.slice(0, -2), "--seeds", "3");
    expect(table.status).toBe(0);
    expect(table.stdout).toContain("seeds 1-3");
    expect(table.stdout).toMatch(/sparrow\s+300\s+\d+\.\d+ ± \d+\.\d+/);
  });

  it("bad --seeds: one line, exit 2", () => {
    for (const [spec, msg] of [["0", "N must be at least 1"], ["5-2", "is empty"], ["1,1", "listed twice"], ["x", "not a seed"]] as const) {
      const r = aviary("run", "--workload", "default", "--jobs", "50", "--nodes", "10", "--seeds", spec);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(msg);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
    const both = aviary("run", "--workload", "default", "--jobs", "50", "--seed", "2", "--seeds", "3");
    expect(both.status).toBe(2);
    const perJob = aviary("run", "--workload", "default", "--jobs", "50", "--seeds", "3", "--per-job", "/tmp/x.csv");
    expect(perJob.stderr).toContain("--per-job takes one seed");
    expect(parseSeedSpec("1,5,9")).toEqual([1, 5, 9]);
  });
});
