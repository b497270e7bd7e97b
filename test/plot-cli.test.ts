// `aviary plot`, and --cdf/--series/--plot on run and compare, through the CLI's `main` in this
// process: figures are written (SVG text, PNG signature), the default JSON is unchanged, and bad
// input gives one line `aviary: error: ...`, exit 2 and no file.
import { describe, it, expect, beforeAll, vi } from "vitest";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../src/cli/main.js";
import { packageRoot } from "../src/engine/node.js";

let dir = "";
const at = (name: string) => join(dir, name);
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const count = (svg: string, role: string) => (svg.match(new RegExp(`aria-roledescription="${role}"`, "g")) ?? []).length;

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => { out += String(s); return true; });
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => { err += String(s); return true; });
  try {
    const code = await main(["node", "aviary", ...args]);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

const SMALL = ["--workload", "default", "--jobs", "400", "--nodes", "40"];
const COMPARE = ["compare", "--workload", "default", "--jobs", "400", "--schedulers", "random,sparrow,lwl", "--baseline", "sparrow",
  "--nodes", "40,50", "--seeds", "2", "--workers", "2", "--format", "json"];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aviary-plot-"));
  const c = await cli(...COMPARE, "-o", at("compare.json"));
  expect(c.code).toBe(0);
  const r = await cli("run", ...SMALL, "--scheduler", "sparrow,lwl", "--format", "json");
  expect(r.code).toBe(0);
  writeFileSync(at("run.json"), r.out);
  writeFileSync(at("empty.json"), "");
  writeFileSync(at("package.json"), JSON.stringify({ name: "x", version: "1.0.0" }));
}, 60_000);

describe("aviary plot", () => {
  it("compare JSON -> bars SVG (the default kind)", async () => {
    const r = await cli("plot", at("compare.json"), "-o", at("bars.svg"));
    expect(r).toMatchObject({ code: 0, err: "" });
    const svg = readFileSync(at("bars.svg"), "utf8");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(count(svg, "bar")).toBe(3 * 2 * 3); // 3 schedulers x 2 cluster sizes x p50/p90/p99 (one class)
    expect(svg).toContain("Ratio to sparrow");
  });

  it("compare JSON -> PNG, with a title and a panel size", async () => {
    const r = await cli("plot", at("compare.json"), "--kind", "bars", "-o", at("bars.png"), "--title", "Default workload", "--width", "300", "--height", "200");
    expect(r.code).toBe(0);
    const png = readFileSync(at("bars.png"));
    expect([...png.subarray(0, 8)]).toEqual(PNG);
  });

  it("stdin with -", () => {
    const bin = join(packageRoot(), "bin/aviary.js");
    const r = spawnSync(process.execPath, [bin, "plot", "-", "-o", at("stdin.svg")], { input: readFileSync(at("compare.json")), encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(readFileSync(at("stdin.svg"), "utf8")).toContain("<svg");
  });
});

describe("--cdf, --series and --plot", () => {
  it("run: the default JSON has neither cdf nor series; --cdf and --series add them", async () => {
    const plain = readFileSync(at("run.json"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(plain.every((r) => !("cdf" in r) && !("series" in r))).toBe(true);
    const r = await cli("run", ...SMALL, "--scheduler", "sparrow,lwl", "--format", "json", "--cdf", "--series", "25");
    expect(r.code).toBe(0);
    const rich = r.out.trim().split("\n").map((l) => JSON.parse(l));
    expect(rich.map((x) => x.cdf.q.length)).toEqual([210, 210]);
    expect(rich.map((x) => x.series.bins)).toEqual([25, 25]);
    // Everything else is as without the flags (but the wall-clock fields).
    const strip = (x: Record<string, unknown>) => { const { cdf: _c, series: _s, wallSeconds: _w, eventsPerSecond: _e, ...rest } = x; return rest; };
    expect(rich.map(strip)).toEqual(plain.map(strip));
    writeFileSync(at("rich.json"), r.out);
    const s = await cli("plot", at("rich.json"), "--kind", "series", "-o", at("series.png"));
    expect(s.code).toBe(0);
    expect([...readFileSync(at("series.png")).subarray(0, 8)]).toEqual(PNG);
    const c = await cli("plot", at("rich.json"), "-o", at("run-cdf.svg"));
    expect(c.code).toBe(0);
    expect(count(readFileSync(at("run-cdf.svg"), "utf8"), "line mark")).toBe(2);
  });

  it("run --plot: a CDF by default, a series with --plot-kind series", async () => {
    const r = await cli("run", ...SMALL, "--scheduler", "sparrow,lwl,random", "--plot", at("run.svg"));
    expect(r.code).toBe(0);
    expect(r.out).toContain("sparrow"); // the table as usual
    expect(count(readFileSync(at("run.svg"), "utf8"), "line mark")).toBe(3);
    const s = await cli("run", ...SMALL, "--scheduler", "sparrow", "--plot", at("run-series.svg"), "--plot-kind", "series");
    expect(s.code).toBe(0);
    const svg = readFileSync(at("run-series.svg"), "utf8");
    expect(svg).toContain("Queued tasks");
    expect(count(svg, "line mark")).toBe(2);
  });

  it("compare --plot: bars by default; --cdf adds pooled CDFs to the JSON", async () => {
    const r = await cli(...COMPARE, "--cdf", "-o", at("compare-cdf.json"), "--plot", at("compare.png"));
    expect(r.code).toBe(0);
    expect([...readFileSync(at("compare.png")).subarray(0, 8)]).toEqual(PNG);
    const j = JSON.parse(readFileSync(at("compare-cdf.json"), "utf8"));
    expect(j.results.every((c: { cdf: { short: number[] } }) => c.cdf.short.length === 210)).toBe(true);
    // Pooled over 2 seeds of 400 jobs: the maximum is the larger of the runs' maxima, the
    // median lies between the seeds' medians.
    const plain = JSON.parse(readFileSync(at("compare.json"), "utf8"));
    expect(plain.results.every((c: object) => !("cdf" in c))).toBe(true);
    const cell = j.results[0];
    const seedRuns = j.runs.filter((x: { scheduler: string; nodes: number }) => x.scheduler === cell.scheduler && x.nodes === cell.nodes);
    const p50s = seedRuns.map((x: { short: { p50: number } }) => x.short.p50);
    const median = cell.cdf.short[cell.cdf.q.indexOf(0.5)];
    expect(median).toBeGreaterThanOrEqual(Math.min(...p50s));
    expect(median).toBeLessThanOrEqual(Math.max(...p50s));
    const c = await cli("plot", at("compare-cdf.json"), "--kind", "cdf", "-o", at("compare-cdf.svg"));
    expect(c.code).toBe(0);
    expect(count(readFileSync(at("compare-cdf.svg"), "utf8"), "line mark")).toBe(3 * 2);
    const k = await cli(...COMPARE, "-o", at("compare2.json"), "--plot", at("compare-cdf2.svg"), "--plot-kind", "cdf");
    expect(k.code).toBe(0);
    expect(JSON.parse(readFileSync(at("compare2.json"), "utf8")).results[0].cdf.q.length).toBe(210);
  });
});

describe("bad input: one line, exit 2, no file written", () => {
  const cases: Array<[string, () => string[], RegExp]> = [
    ["not Aviary's JSON", () => ["plot", at("package.json"), "-o", at("x.svg")], /not Aviary's JSON/],
    ["an empty file", () => ["plot", at("empty.json"), "-o", at("x.svg")], /is empty/],
    ["a missing file", () => ["plot", at("nope.json"), "-o", at("x.svg")], /cannot read/],
    ["bars from a run file", () => ["plot", at("run.json"), "--kind", "bars", "-o", at("x.svg")], /bars need a compare result/],
    ["a series missing", () => ["plot", at("run.json"), "--kind", "series", "-o", at("x.png")], /no 'series'/],
    ["a cdf missing", () => ["plot", at("compare.json"), "--kind", "cdf", "-o", at("x.svg")], /aviary compare --cdf/],
    ["an unknown kind", () => ["plot", at("compare.json"), "--kind", "pie", "-o", at("x.svg")], /--kind must be one of/],
    ["another extension", () => ["plot", at("compare.json"), "-o", at("x.pdf")], /\.svg or \.png/],
    ["no output", () => ["plot", at("compare.json")], /-o FILE/],
    ["a missing directory", () => ["plot", at("compare.json"), "-o", at("no/x.svg")], /does not exist/],
    ["a bad width", () => ["plot", at("compare.json"), "-o", at("x.svg"), "--width", "wide"], /--width/],
    ["run --plot-kind bars", () => ["run", ...SMALL, "--plot", at("x.svg"), "--plot-kind", "bars"], /does not apply to aviary run/],
    ["compare --plot-kind series", () => [...COMPARE, "--plot", at("x.svg"), "--plot-kind", "series"], /does not apply to aviary compare/],
    ["run --plot x.jpg", () => ["run", ...SMALL, "--plot", at("x.jpg")], /\.svg or \.png/],
    ["--plot-kind alone", () => ["run", ...SMALL, "--plot-kind", "cdf"], /goes with --plot/],
    ["run --series 0", () => ["run", ...SMALL, "--series", "0"], /--series/],
  ];
  it.each(cases)("%s", async (_name, args, re) => {
    const before = readdirSync(dir).sort();
    const r = await cli(...args());
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^aviary: error: /);
    expect(r.err).toMatch(re);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(existsSync(at("x.svg"))).toBe(false);
  });
});
