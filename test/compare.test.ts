// `aviary compare` and presets: normalization to the baseline, seed averaging, the worker pool
// (same results on 1 and 2 workers, clean failures), presets applied only where a scheduler has
// the parameter, and the command line's outputs and bad-input handling.
import { describe, it, expect, beforeAll } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  compareGrid, planCompare, simulate, summarize, generatePoissonWithEngineRng, InputError, SCHEDULERS,
  COMPARE_CSV_COLUMNS, type CompareResult, type Trace, type RunSummary,
} from "../src/index.js";
import {
  PRESETS, findPreset, paramsForScheduler, checkParamNames, presetParamsFor,
} from "../src/config/presets.js";
import type { ParamSpec, SchedulerSpec } from "../src/config/schedulers.js";
import { packageRoot } from "../src/engine/node.js";

const CUTOFF = 1.2; // about a quarter of these jobs (mean of 10 exp(1 s) tasks) are long
let trace: Trace;
let dir = "";
let main: CompareResult; // random, sparrow, lwl; baseline sparrow; 40 and 50 nodes; seeds 1, 2; 2 workers

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aviary-compare-"));
  trace = await generatePoissonWithEngineRng({ jobs: 500, tasks: 10, duration: "exp:1", load: 0.85, nodes: 40, slots: 1, seed: 7 });
  main = await compareGrid(trace, {
    schedulers: ["random", "sparrow", "lwl"], baseline: "sparrow", nodes: [40, 50], seeds: [1, 2], cutoff: CUTOFF,
  }, { workers: 2 });
});

/** A summary without its timing fields (the only ones that differ between identical runs). */
function stable(s: RunSummary): Omit<RunSummary, "wallSeconds" | "eventsPerSecond"> {
  const { wallSeconds: _w, eventsPerSecond: _e, ...rest } = s;
  return rest;
}

describe("compareGrid", () => {
  it("runs the whole grid in order and normalizes the baseline to exactly 1", () => {
    expect(main.runs).toHaveLength(3 * 2 * 2);
    expect(main.runs.map((r) => `${r.nodes}/${r.scheduler}/${r.seed}`).slice(0, 4)).toEqual(["40/random/1", "40/random/2", "40/sparrow/1", "40/sparrow/2"]);
    expect(main.results.map((c) => `${c.nodes}/${c.scheduler}`)).toEqual(["40/random", "40/sparrow", "40/lwl", "50/random", "50/sparrow", "50/lwl"]);
    expect(main.workers).toBe(2);
    for (const c of main.results) {
      expect(c.long.jobs).toBeGreaterThan(0);
      expect(c.short.jobs).toBeGreaterThan(0);
      if (c.scheduler !== "sparrow") continue;
      for (const cls of ["short", "long"] as const) {
        for (const k of ["mean", "p50", "p90", "p99"] as const) expect(c.normalized[cls][k]).toBe(1);
      }
    }
    const random40 = main.results.find((c) => c.nodes === 40 && c.scheduler === "random")!;
    expect(random40.normalized.short.p90!).toBeGreaterThan(1); // random is worse than sparrow at 85% load
  });

  it("normalized p90 = scheduler's p90 / baseline's p90, from separate runs (hand-checkable)", async () => {
    const res = await compareGrid(trace, { schedulers: ["random", "sparrow"], baseline: "sparrow", nodes: [40], seeds: [3], cutoff: CUTOFF }, { workers: 2 });
    const [r, s] = await Promise.all(["random", "sparrow"].map(async (scheduler) =>
      summarize(await simulate(trace, { scheduler, nodes: 40, seed: 3 }), CUTOFF)));
    const cell = res.results.find((c) => c.scheduler === "random")!;
    expect(cell.short.p90).toBe(r.short.p90);
    expect(cell.normalized.short.p90).toBe(r.short.p90 / s.short.p90);
    expect(cell.normalized.long.p90).toBe(r.long.p90 / s.long.p90);
    expect(cell.normalized.short.p50).toBe(r.short.p50 / s.short.p50);
    expect(stable(res.runs[0])).toEqual(stable(r));
  });

  it("averages each percentile over the seeds, then takes the ratio of the averages", async () => {
    const seeds = [1, 2, 3];
    const res = await compareGrid(trace, { schedulers: ["sparrow", "random"], nodes: [40], seeds, cutoff: CUTOFF }, { workers: 2 });
    const per = await Promise.all(["sparrow", "random"].map((scheduler) => Promise.all(seeds.map(async (seed) =>
      summarize(await simulate(trace, { scheduler, nodes: 40, seed }), CUTOFF)))));
    const avg = (runs: RunSummary[], f: (r: RunSummary) => number) => runs.reduce((a, r) => a + f(r), 0) / runs.length;
    const [sp, rnd] = per;
    expect(new Set(sp.map((r) => r.short.p99)).size).toBeGreaterThan(1); // seeds differ
    const cell = res.results.find((c) => c.scheduler === "random")!;
    expect(cell.seeds).toEqual(seeds);
    expect(cell.short.p99).toBe(avg(rnd, (r) => r.short.p99));
    expect(cell.long.p50).toBe(avg(rnd, (r) => r.long.p50));
    expect(cell.utilization).toBe(avg(rnd, (r) => r.utilization));
    expect(cell.normalized.short.p99).toBe(avg(rnd, (r) => r.short.p99) / avg(sp, (r) => r.short.p99));
    expect(res.grid.baseline).toBe("sparrow"); // default: the first scheduler
  });

  it("gives identical results on 1 and 2 workers, and on both engines", async () => {
    const opts = { schedulers: ["random", "sparrow", "lwl"], baseline: "sparrow", nodes: [40, 50], seeds: [1, 2], cutoff: CUTOFF };
    const one = await compareGrid(trace, opts, { workers: 1 });
    expect(one.workers).toBe(1);
    expect(one.results).toEqual(main.results);
    expect(one.runs.map(stable)).toEqual(main.runs.map(stable));
    const js = await compareGrid(trace, { ...opts, nodes: [40], engine: "js" }, { workers: 2 });
    expect(js.results).toEqual(main.results.filter((c) => c.nodes === 40));
    expect(js.runs.every((r) => r.engine === "js")).toBe(true);
  });

  it("reports progress: done/total from 0 to the end, never more workers than runs", async () => {
    const seen: Array<[number, number]> = [];
    const res = await compareGrid(trace, { schedulers: ["random"], nodes: [40], seeds: [1, 2, 3] },
      { workers: 8, onProgress: (p) => seen.push([p.done, p.total]) });
    expect(res.workers).toBe(3);
    expect(seen).toEqual([[0, 3], [1, 3], [2, 3], [3, 3]]);
  });

  it("validates everything before running", async () => {
    const bad: Array<[object, RegExp]> = [
      [{ schedulers: ["random", "nosuch"] }, /unknown scheduler 'nosuch'/],
      [{ schedulers: ["random", "sparrow"], baseline: "lwl" }, /--baseline 'lwl' is not one of/],
      [{ nodes: [] }, /at least one node count/],
      [{ nodes: [0] }, /nodes=0/],
      [{ seeds: [1, 1] }, /listed twice/],
      [{ preset: "nosuch" }, /unknown preset 'nosuch' \(known: google, yahoo, cloudera, facebook, pigeon-ec2, kairos-testbed, fregata-cluster, fregata-ec2, dice-yahoo, dice-cloudera, dice-google, yaq-E1, yaq-E2, yaq-E3, yaq-E4, yaq-E5, yaq-E6, yaq-E7, yaq-E8, yaq-E9, yaq-E10\)/],
      [{ params: { probeRatoi: 2 } }, /unknown parameter 'probeRatoi'/],
      [{ schedulers: ["random"], params: { probeRatio: 3 } }, /applies to none of the selected schedulers/],
      [{ schedulers: ["sparrow", "random"], params: { probeRatio: 0.5 } }, /probeRatio=0.5/],
      [{ cutoff: -1 }, /--cutoff/],
    ];
    for (const [opts, re] of bad) {
      expect(() => planCompare(opts)).toThrow(InputError);
      expect(() => planCompare(opts)).toThrow(re);
    }
    await expect(compareGrid(trace, { nodes: [40] }, { workers: 0 })).rejects.toThrow(/--workers/);
  });

  it("a worker failure rejects with one line and shuts the pool down", async () => {
    const script = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };
    const cases: Array<[string, RegExp]> = [
      [script("throws.mjs", "throw new Error('boom\\n    at somewhere (x.js:1:1)');"), /^compare worker failed: boom$/],
      [script("exits.mjs", "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));"),
        /^compare worker exited unexpectedly \(code 3\)$/],
      [script("replies.mjs", "import { parentPort } from 'node:worker_threads';\n"
        + "parentPort.on('message', (m) => parentPort.postMessage({ type: 'error', index: m.index, message: 'engine trap\\nstack', input: false }));"),
        /^random on 40 nodes, seed \d failed: engine trap$/],
    ];
    for (const [workerScript, re] of cases) {
      const err = await compareGrid(trace, { schedulers: ["random"], nodes: [40], seeds: [1, 2, 3, 4] }, { workers: 2, workerScript })
        .then(() => undefined, (e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err!.message).toMatch(re);
    }
  });
});

describe("presets", () => {
  const num = (name: string, max = 1e9): ParamSpec => ({ name, kind: "number", default: 0, unit: "", min: 0, max, description: "" });
  const fake = (name: string, params: ParamSpec[], presets?: SchedulerSpec["presets"]): SchedulerSpec =>
    ({ name, summary: "", source: "", engine: { module: "x", factory: "x" }, binding: "late", doc: "", params, presets });
  const fakeSpecs: SchedulerSpec[] = [
    fake("hybrid", [num("cutoff"), num("shortPartition", 100), num("probeRatio")],
      { google: { shortPartition: 17 }, yahoo: { shortPartition: 2 } }),
    fake("dist", [num("cutoff"), num("shortPartition", 100), num("heartbeat")],
      { google: { shortPartition: 17, heartbeat: 3 }, yahoo: { shortPartition: 2, heartbeat: 7 } }),
    fake("plain", [num("probeRatio")]),
    // has a parameter named like dist's but takes no preset value for it
    fake("other", [num("heartbeat")]),
  ];
  const common: ParamSpec[] = [num("networkDelay")];
  const google = findPreset("google");

  it("holds the papers' values", () => {
    expect(PRESETS.map((p) => [p.name, p.cutoff])).toEqual([
      ["google", 1129.532], ["yahoo", 90.5811], ["cloudera", 272.783], ["facebook", 76.5951], ["pigeon-ec2", 1], ["kairos-testbed", undefined],
      ["fregata-cluster", 15], ["fregata-ec2", 15],
      ["dice-yahoo", 90.5811], ["dice-cloudera", 272.783], ["dice-google", 1129.532],
      ["yaq-E1", undefined], ["yaq-E2", undefined], ["yaq-E3", undefined], ["yaq-E4", undefined], ["yaq-E5", undefined], ["yaq-E6", undefined], ["yaq-E7", undefined], ["yaq-E8", undefined], ["yaq-E9", undefined], ["yaq-E10", undefined],
    ]);
    const values = (preset: string) => Object.fromEntries(SCHEDULERS.map((s) => [s.name, presetParamsFor(findPreset(preset), s)]));
    const yahoo = values("yahoo");
    for (const s of ["hawk", "split", "eagle", "clwl"]) expect(yahoo[s]).toEqual({ cutoff: 90.5811, shortPartition: 2 });
    expect(yahoo.dlwl).toEqual({ cutoff: 90.5811, shortPartition: 2, heartbeat: 7 });
    expect(yahoo.kairos).toEqual({ quantum: 100 });
    expect(values("cloudera").dlwl).toEqual({ cutoff: 272.783, shortPartition: 9, heartbeat: 12 });
    expect(values("google").dlwl).toEqual({ cutoff: 1129.532, shortPartition: 17, heartbeat: 3 });
    expect(values("facebook").eagle).toEqual({ cutoff: 76.5951, shortPartition: 2 });
    expect(() => findPreset("alibaba")).toThrow(/unknown preset 'alibaba' \(known: google, yahoo, cloudera, facebook, pigeon-ec2, kairos-testbed, fregata-cluster, fregata-ec2, dice-yahoo, dice-cloudera, dice-google, yaq-E1, yaq-E2, yaq-E3, yaq-E4, yaq-E5, yaq-E6, yaq-E7, yaq-E8, yaq-E9, yaq-E10\)/);
  });

  it("gives each scheduler its own values for a preset, and the cutoff to those that have one", () => {
    const p = (name: string, explicit = {}) => paramsForScheduler(name, { preset: findPreset("yahoo"), explicit, lenient: true }, fakeSpecs, common);
    expect(p("hybrid")).toEqual({ cutoff: 90.5811, shortPartition: 2 });
    expect(p("dist")).toEqual({ cutoff: 90.5811, shortPartition: 2, heartbeat: 7 });
    expect(p("plain")).toEqual({});
    expect(p("other")).toEqual({}); // dist's Yahoo heartbeat is dist's, not every heartbeat's
    expect(presetParamsFor(google, fakeSpecs[1], common)).toEqual({ cutoff: 1129.532, shortPartition: 17, heartbeat: 3 });
  });

  it("lets explicit values win, and passes explicit parameters only where they exist (lenient)", () => {
    const explicit = { cutoff: 500, probeRatio: 3, networkDelay: 0.001 };
    expect(paramsForScheduler("hybrid", { preset: google, explicit, lenient: true }, fakeSpecs, common))
      .toEqual({ cutoff: 500, shortPartition: 17, probeRatio: 3, networkDelay: 0.001 });
    expect(paramsForScheduler("dist", { preset: google, explicit, lenient: true }, fakeSpecs, common))
      .toEqual({ cutoff: 500, shortPartition: 17, heartbeat: 3, networkDelay: 0.001 });
    expect(paramsForScheduler("plain", { preset: google, explicit, lenient: true }, fakeSpecs, common))
      .toEqual({ probeRatio: 3, networkDelay: 0.001 });
    // one scheduler (strict): every explicit key is passed on for resolveConfig to judge
    expect(paramsForScheduler("plain", { preset: google, explicit }, fakeSpecs, common)).toEqual(explicit);
    expect(paramsForScheduler("plain", {}, fakeSpecs, common)).toEqual({});
  });

  it("rejects explicit parameters no selected scheduler has", () => {
    expect(() => checkParamNames(["hybrid", "plain"], { heartbeat: 5 }, fakeSpecs, common)).toThrow(/applies to none of the selected schedulers \(hybrid, plain\); it belongs to dist/);
    expect(() => checkParamNames(["hybrid"], { nosuch: 1 }, fakeSpecs, common)).toThrow(/unknown parameter 'nosuch'/);
    expect(() => checkParamNames(["plain"], { networkDelay: 0.1, probeRatio: 2 }, fakeSpecs, common)).not.toThrow();
  });

  it("reaches the real catalogue's schedulers through planCompare, whatever they declare", () => {
    const names = SCHEDULERS.map((s) => s.name);
    const has = (s: string, k: string) => SCHEDULERS.find((x) => x.name === s)!.params.some((p) => p.name === k);
    const plan = planCompare({ schedulers: names, preset: "cloudera" });
    expect(plan.cutoff).toBe(272.783);
    for (const run of plan.runs) {
      const spec = SCHEDULERS.find((x) => x.name === run.scheduler)!;
      expect(run.config.params).toEqual(expect.objectContaining(presetParamsFor(findPreset("cloudera"), spec)));
      if (!has(run.scheduler, "cutoff")) expect(run.config.params).not.toHaveProperty("cutoff");
    }
    expect(planCompare({ schedulers: names, preset: "cloudera", cutoff: 5 }).cutoff).toBe(5);
    if (names.some((s) => has(s, "cutoff"))) {
      const p2 = planCompare({ schedulers: names, preset: "cloudera", params: { cutoff: 55 } });
      for (const run of p2.runs) if (has(run.scheduler, "cutoff")) expect(run.config.params.cutoff).toBe(55);
      expect(p2.cutoff).toBe(272.783); // the reporting cutoff stays the preset's
    } else {
      expect(() => planCompare({ schedulers: names, params: { cutoff: 55 } })).toThrow(/cutoff/);
    }
  });
});

describe("aviary compare / run --preset: command line", () => {
  const bin = join(packageRoot(), "bin/aviary.js");
  const aviary = (...args: string[]) => {
    const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", cwd: dir });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  const small = ["--workload", "default", "--jobs", "200", "--nodes", "60,80", "--schedulers", "random,sparrow,lwl", "--baseline", "sparrow", "--workers", "2"];

  it("prints a table: per node count, the baseline's absolute values, then normalized rows", () => {
    const r = aviary("compare", ...small, "--seeds", "2", "--cutoff", "1.2");
    expect(r.code).toBe(0);
    expect(r.err).toBe(""); // no progress line when stderr is not a terminal
    for (const s of ["60 nodes; sparrow (absolute, s): short p50", "80 nodes; sparrow", "short p90", "long p99", "util", "seeds 1, 2", "12 runs on 2 workers"]) {
      expect(r.out).toContain(s);
    }
    // Two seeds: each value is the mean of the per-seed ratios ± the half-width of its 95 % interval.
    expect(r.out).toMatch(/\nsparrow\s+(1\.000 ± 0\.000\s+){6}\d+\.\d% ± \d+\.\d\n/);
  });

  it("writes JSON (one object) and CSV (one row per node count and scheduler) with -o", () => {
    const j = aviary("compare", ...small, "--seed-list", "4,9", "--preset", "yahoo", "--format", "json");
    expect(j.code).toBe(0);
    const obj = JSON.parse(j.out);
    expect(obj.grid).toMatchObject({ schedulers: ["random", "sparrow", "lwl"], baseline: "sparrow", nodes: [60, 80], seeds: [4, 9], preset: "yahoo", cutoff: 90.5811 });
    expect(obj.runs).toHaveLength(12);
    expect(obj.runs[0]).toMatchObject({ scheduler: "random", nodes: 60, seed: 4, cutoff: 90.5811 });
    expect(obj.results).toHaveLength(6);
    expect(obj.results[1].normalized.short.p90).toBe(1);
    expect(obj.results[1].long.p90).toBeNull(); // no job is long at 90 s
    const out = join(dir, "cmp.csv");
    const c = aviary("compare", ...small, "--format", "csv", "-o", out);
    expect(c.code).toBe(0);
    expect(c.out).toBe("");
    const lines = readFileSync(out, "utf8").trim().split("\n");
    expect(lines[0]).toBe(COMPARE_CSV_COLUMNS.join(","));
    expect(lines).toHaveLength(7);
    const rows = lines.slice(1).map((l) => l.split(","));
    expect(rows.map((x) => `${x[0]}/${x[1]}`)).toEqual(["60/random", "60/sparrow", "60/lwl", "80/random", "80/sparrow", "80/lwl"]);
    const col = (name: string) => COMPARE_CSV_COLUMNS.indexOf(name);
    expect(rows[1][col("norm_short_p90")]).toBe("1");
    expect(Number(rows[0][col("norm_short_p90")])).toBeCloseTo(Number(rows[0][col("short_p90")]) / Number(rows[1][col("short_p90")]), 12);
  });

  const wl = ["--workload", "default", "--jobs", "50"];
  it.each([
    ["unknown scheduler", [...wl, "--schedulers", "random,nosuch"], ["unknown scheduler 'nosuch'"]],
    ["baseline not in the list", [...wl, "--schedulers", "random,sparrow", "--baseline", "lwl"], ["--baseline 'lwl'", "random, sparrow"]],
    ["bad node list", [...wl, "--nodes", "10,x"], ["--nodes", "'x'"]],
    ["zero seeds", [...wl, "--seeds", "0"], ["--seeds must be at least 1"]],
    ["unknown preset", [...wl, "--preset", "nosuch"], ["unknown preset 'nosuch'", "google, yahoo, cloudera, facebook"]],
    ["unknown parameter", [...wl, "--set", "probeRatoi=2"], ["unknown parameter 'probeRatoi'"]],
    ["both seed options", [...wl, "--seeds", "2", "--seed-list", "1,2"], ["--seeds or --seed-list"]],
    ["zero workers", [...wl, "--workers", "0"], ["--workers"]],
    ["trace and workload", [...wl, "--trace", "nope.tr"], ["either --trace or --workload"]],
    ["unreadable trace", ["--trace", "nope.tr"], ["nope.tr"]],
    ["bad workload load", ["--workload", "default", "--load", "0"], ["load"]],
  ])("bad input: %s", (name, args, fragments) => {
    const out = join(dir, `bad-${name.replace(/\W+/g, "_")}.txt`);
    const r = aviary("compare", "--nodes", "20", ...args, "-o", out);
    expect(r.code).not.toBe(0);
    for (const f of fragments) expect(r.err).toContain(f);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(r.out).toBe("");
    expect(existsSync(out)).toBe(false);
  });

  it("run --preset sets the reporting cutoff; --cutoff and config files win; unknown preset fails", () => {
    writeFileSync(join(dir, "good.tr"), "0 2 100 100 100\n1 1 3 3\n");
    const run = (...args: string[]) => JSON.parse(aviary("run", "--trace", "good.tr", "--scheduler", "sparrow", "--nodes", "2", "--format", "json", ...args).out);
    const s = run("--preset", "yahoo");
    expect(s.cutoff).toBe(90.5811);
    expect([s.short.jobs, s.long.jobs]).toEqual([1, 1]);
    expect(run("--preset", "yahoo", "--cutoff", "200").cutoff).toBe(200);
    writeFileSync(join(dir, "preset.json"), JSON.stringify({ trace: "good.tr", scheduler: "sparrow", nodes: 2, preset: "google" }));
    expect(JSON.parse(aviary("run", "--config", "preset.json", "--format", "json").out).cutoff).toBe(1129.532);
    expect(JSON.parse(aviary("run", "--config", "preset.json", "--preset", "facebook", "--format", "json").out).cutoff).toBe(76.5951);
    const bad = aviary("run", "--trace", "good.tr", "--preset", "nosuch");
    expect(bad.code).toBe(2);
    expect(bad.err.trim()).toBe("aviary: error: unknown preset 'nosuch' (known: google, yahoo, cloudera, facebook, pigeon-ec2, kairos-testbed, fregata-cluster, fregata-ec2, dice-yahoo, dice-cloudera, dice-google, yaq-E1, yaq-E2, yaq-E3, yaq-E4, yaq-E5, yaq-E6, yaq-E7, yaq-E8, yaq-E9, yaq-E10)");
  });
});
