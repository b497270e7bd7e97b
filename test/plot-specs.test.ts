// The plot specs (src/plot/specs.ts): they compile with Vega-Lite, render to SVG in Node with the
// marks expected (one line per scheduler x class, one bar per scheduler x cluster x class x
// percentile), and the input checks reject anything that is not Aviary's JSON in one line.
import { describe, it, expect, beforeAll } from "vitest";
import * as vegaLite from "vega-lite";
import { barsSpec, cdfSpec, seriesSpec, plotSpec, parseAviaryJson, checkAviaryJson, cdfRows, barRows, seriesRows,
  defaultPlotKind, type AviaryJson } from "../src/plot/specs.js";
import { renderSvg, svgToPng, imageFormat } from "../src/plot/render.js";
import { summarize, type RunSummary } from "../src/metrics/summary.js";
import { runCdf, pooledCdf } from "../src/metrics/cdf.js";
import { classCompletionTimes } from "../src/metrics/summary.js";
import { runSeries } from "../src/plot/series.js";
import { aggregateCompare, planCompare, type CompareResult } from "../src/compare/grid.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation } from "../src/simulate.js";
import { loadEngine, loadEngineRng } from "../src/engine/node.js";
import { generateWorkload } from "../src/workloads.js";
import { InputError } from "../src/errors.js";
import type { Trace } from "../src/trace/types.js";

const count = (svg: string, role: string) => (svg.match(new RegExp(`aria-roledescription="${role}"`, "g")) ?? []).length;

let runs: RunSummary[] = [];
let compare: CompareResult;
const SCHEDS = ["random", "sparrow", "lwl"];
const CUTOFF = 1.5;

beforeAll(async () => {
  const mod = await loadEngineRng();
  const trace: Trace = generateWorkload("default", { jobs: 600 }, { nodes: 60, slots: 1, seed: 1 }, (s) => new mod.Rng(1, s));
  const factory = await loadEngine("wasm");
  runs = SCHEDS.map((scheduler) => {
    const r = runSimulation(factory, trace, resolveConfig({ scheduler, nodes: 60 }), { recordTasks: true });
    return { ...summarize(r, CUTOFF), cdf: runCdf(r, CUTOFF), series: runSeries(r, 40) };
  });
  // A compare grid in-process: 3 schedulers x 2 node counts x 2 seeds.
  const plan = planCompare({ schedulers: SCHEDS, baseline: "sparrow", nodes: [50, 60], seeds: [1, 2], cutoff: CUTOFF });
  const results = plan.runs.map((p) => runSimulation(factory, trace, resolveConfig(p.config)));
  const summaries = results.map((r) => summarize(r, CUTOFF));
  const cells = aggregateCompare(plan, summaries);
  for (const c of cells) {
    c.cdf = pooledCdf(plan.runs.filter((p) => p.nodes === c.nodes && p.scheduler === c.scheduler)
      .map((p) => classCompletionTimes(results[p.index], CUTOFF)));
  }
  const { runs: _r, ...grid } = plan;
  compare = { trace: { name: trace.name, jobs: 600, tasks: trace.durations.length }, grid, results: cells, runs: summaries, workers: 1, wallSeconds: 0 };
  compare = JSON.parse(JSON.stringify(compare)); // as read back from the file
});

const runData = (): AviaryJson => parseAviaryJson(runs.map((r) => JSON.stringify(r)).join("\n") + "\n", "runs.json");
const compareData = (): AviaryJson => parseAviaryJson(JSON.stringify(compare, null, 2), "compare.json");

describe("specs render in Node with the expected marks", () => {
  it("cdf of a run file: one line per scheduler and class", async () => {
    const spec = cdfSpec(runData());
    expect(() => vegaLite.compile(spec as never)).not.toThrow();
    const svg = await renderSvg(spec);
    expect(count(svg, "line mark")).toBe(SCHEDS.length * 2);
    expect(svg).toContain("Completion time (s)");
    expect(svg).toContain("Fraction of jobs");
    expect(svg).toContain(`Short jobs (≤ ${CUTOFF} s)`);
    for (const s of SCHEDS) expect(svg).toContain(`>${s}<`);
  });

  it("cdf of a compare file: one line per scheduler, cluster size and class", async () => {
    const svg = await renderSvg(cdfSpec(compareData()));
    expect(count(svg, "line mark")).toBe(SCHEDS.length * 2 * 2);
    expect(svg).toContain(">Nodes<"); // the dash legend
  });

  it("bars: one bar per scheduler x cluster x class x percentile, a rule at 1 per panel", async () => {
    const spec = barsSpec(compareData(), { title: "Normalized" });
    const svg = await renderSvg(spec);
    expect(count(svg, "bar")).toBe(SCHEDS.length * 2 * 2 * 3);
    // The rule at 1 in each of the 4 panels, and (2 seeds: compare's `spread`) the intervals' rules.
    expect(count(svg, "rule mark container")).toBe(8);
    expect(count(svg, "tick")).toBeGreaterThanOrEqual(2 * SCHEDS.length * 2 * 2 * 3 - 2 * 2 * 2 * 3);
    expect(svg).toContain("Ratio to sparrow");
    expect(svg).toContain("50 nodes");
    expect(svg).toContain(">Normalized<");
    // The baseline's bars are all exactly 1.
    expect(barRows(compareData()).filter((r) => r.scheduler === "sparrow").every((r) => r.ratio === 1)).toBe(true);
  });

  it("bars: ratios spanning more than 20x go on a log axis, bars from its bottom", async () => {
    const wide = JSON.parse(JSON.stringify(compare)) as CompareResult;
    wide.results[0].normalized.short.p99 = 150;
    wide.results[0].spread!.normalized.short.p99!.mean = 150; // (with 2 seeds the bars draw the spread's mean)
    const spec = barsSpec({ kind: "compare", compare: wide }) as { spec: { layer: { encoding: Record<string, { scale?: { type?: string }; datum?: number }> }[] } };
    const enc = spec.spec.layer[0].encoding;
    expect(enc.y.scale?.type).toBe("log");
    expect(enc.y2.datum).toBeLessThanOrEqual(Math.min(...barRows({ kind: "compare", compare: wide }).map((r) => r.ratio)));
    expect(count(await renderSvg(spec as never), "bar")).toBe(SCHEDS.length * 2 * 2 * 3);
    expect((barsSpec(compareData()) as typeof spec).spec.layer[0].encoding.y.scale?.type).toBeUndefined();
  });

  it("series: utilization and queue panels, one line per run in each", async () => {
    const svg = await renderSvg(seriesSpec(runData(), { width: 400, height: 120 }));
    expect(count(svg, "line mark")).toBe(SCHEDS.length * 2);
    expect(svg).toContain("Utilization (%)");
    expect(svg).toContain("Queued tasks");
    expect(svg).toContain("Time since the first submission (s)");
  });

  it("PNG: resvg draws the SVG (PNG signature)", async () => {
    const png = await svgToPng(await renderSvg(plotSpec("bars", compareData())));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeGreaterThan(10_000);
  });

  it("rows: cdf values ascend, series cover the window, default kinds", () => {
    const rows = cdfRows(runData());
    expect(rows.length).toBe(SCHEDS.length * 2 * 210);
    expect(seriesRows(runData()).length).toBe(SCHEDS.length * 41);
    expect(defaultPlotKind(runData())).toBe("cdf");
    expect(defaultPlotKind(compareData())).toBe("bars");
    expect(imageFormat("a/b.PNG")).toBe("png");
    expect(() => imageFormat("a.pdf")).toThrow(/\.svg or \.png/);
  });

  it("without a cutoff the single class is 'All jobs'", async () => {
    const data = runData() as { kind: "run"; runs: RunSummary[] };
    const noCut = data.runs.map((r) => ({ ...r, cutoff: null, cdf: { ...r.cdf!, long: [] } }));
    const svg = await renderSvg(cdfSpec({ kind: "run", runs: noCut }));
    expect(svg).toContain("All jobs");
    expect(count(svg, "line mark")).toBe(SCHEDS.length);
  });
});

describe("input checks: one line, InputError", () => {
  const bad: Array<[string, string, RegExp]> = [
    ["empty", "", /is empty/],
    ["blank", " \n\n", /is empty/],
    ["not JSON", "hello", /not JSON \(line 1/],
    ["a number", "42", /not an object/],
    ["another JSON object", '{"name": "x", "version": 1}', /neither a run summary/],
    ["an empty array", "[]", /empty array/],
    ["a package.json-like array", '[{"a": 1}]', /run 1 is not a run summary/],
    ["a compare without results", '{"trace": {"name": "t"}, "grid": {}}', /'grid' is not a compare grid/],
    ["a run with a string p50", JSON.stringify({ scheduler: "x", nodes: 1, slots: 1, seed: 1, cutoff: null, trace: { name: "t" },
      utilization: 0.5, short: { jobs: 1, mean: 1, p50: "1", p90: 1, p99: 1 }, long: { jobs: 0, mean: null, p50: null, p90: null, p99: null } }),
    /run 1\.short is not a class summary/],
  ];
  it.each(bad)("%s", (_name, text, re) => {
    let err: unknown;
    try { parseAviaryJson(text, "f.json"); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(re);
    expect((err as Error).message).toMatch(/^f\.json: /);
    expect((err as Error).message).not.toContain("\n");
  });

  it("a bad line among JSON lines names its line", () => {
    const text = JSON.stringify(runs[0]) + "\n{oops\n";
    expect(() => parseAviaryJson(text, "f.json")).toThrow(/line 2/);
  });

  it("a cdf with values out of order or of the wrong length", () => {
    const r = JSON.parse(JSON.stringify(runs[0]));
    r.cdf.short = r.cdf.short.slice(1);
    expect(() => checkAviaryJson(r, "f")).toThrow(/values for 210 quantiles/);
    r.cdf.short = [...runs[0].cdf!.short].reverse();
    expect(() => checkAviaryJson(r, "f")).toThrow(/not ascending/);
  });

  it("wrong kind for the data", () => {
    expect(() => barsSpec(runData())).toThrow(/bars need a compare result/);
    expect(() => seriesSpec(compareData())).toThrow(/a series needs run summaries/);
    const plain = runs.map(({ cdf: _c, series: _s, ...r }) => r);
    expect(() => cdfSpec({ kind: "run", runs: plain })).toThrow(/aviary run --cdf/);
    expect(() => seriesSpec({ kind: "run", runs: plain })).toThrow(/aviary run --series/);
    const { cdf: _c, ...cell } = compare.results[0];
    expect(() => cdfSpec({ kind: "compare", compare: { ...compare, results: [cell] } })).toThrow(/aviary compare --cdf/);
    expect(() => plotSpec("pie" as never, runData())).toThrow(/unknown plot kind/);
    expect(() => cdfSpec(runData(), { width: 10 })).toThrow(/--width/);
  });
});
