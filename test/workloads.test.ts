// Trace-like generators (google-like, yahoo-like, cloudera-like), `aviary stats`, the fast
// `.tr` writer and the progress line.
import { describe, it, expect, beforeAll } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEngineRng, packageRoot } from "../src/engine/node.js";
import { generateTraceLike, TRACE_GENERATORS, normalCdf, normalQuantile, type TraceLikeOptions, type TraceLikeResult } from "../src/trace/tracelike.js";
import { traceStats, formatTraceStats } from "../src/trace/stats.js";
import { encodeTrRange, putNumber, traceToTrRange } from "../src/trace/write.js";
import { parseTr } from "../src/trace/tr.js";
import { generateWorkload, findWorkload } from "../src/workloads.js";
import { GOOGLE_TABLE } from "../src/trace/tables/google.js";
import { YAHOO_TABLE } from "../src/trace/tables/yahoo.js";
import { CLOUDERA_SPEC, expectedShares } from "../src/trace/tables/cloudera.js";
import { ProgressLine, formatRunProgress, runProgress, type ProgressStream } from "../src/report/progress.js";
import { haveSharedTraces } from "./helpers.js";

const root = packageRoot();
const bin = join(root, "bin/aviary.js");
let dir = "";
let Rng: Awaited<ReturnType<typeof loadEngineRng>>["Rng"];

function aviary(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", cwd: dir });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function gen(o: TraceLikeOptions): TraceLikeResult {
  return generateTraceLike(o, (stream) => new Rng(o.seed ?? 1, stream));
}

const cache = new Map<string, TraceLikeResult>();
function gen20k(generator: string, seed = 1): TraceLikeResult {
  const key = `${generator}/${seed}`;
  if (!cache.has(key)) cache.set(key, gen({ generator, jobs: 20_000, seed }));
  return cache.get(key)!;
}

beforeAll(async () => {
  Rng = (await loadEngineRng()).Rng;
  dir = mkdtempSync(join(tmpdir(), "aviary-workloads-"));
});

describe("google-like", () => {
  it("has the papers' shape: ~10% long jobs with 80-85% of task-seconds, 2/3 one-task jobs", () => {
    // 200,000 jobs for the task-seconds share (heavy-tailed: at 20,000 jobs it varies by +-5 points
    // between seeds); the shares of jobs are tight at 20,000.
    const big = traceStats(gen({ generator: "google-like", jobs: 200_000, seed: 1 }).trace, GOOGLE_TABLE.cutoff);
    expect(big.long!.taskSecondsShare!).toBeGreaterThan(0.78);
    expect(big.long!.taskSecondsShare!).toBeLessThan(0.86); // paper: 83.65%
    const s = traceStats(gen20k("google-like").trace, GOOGLE_TABLE.cutoff);
    expect(Math.abs(s.long!.jobShare - 0.10)).toBeLessThan(0.006); // paper: 10.00%
    expect(Math.abs(s.oneTaskJobShare - GOOGLE_TABLE.sample.oneTaskJobShare)).toBeLessThan(0.015); // sample: 66.5%
    // Tasks per job as in the sample (31.3): ~15.8 M tasks for 506,460 jobs.
    expect(Math.abs(big.tasksPerJob.mean / GOOGLE_TABLE.sample.tasksPerJob - 1)).toBeLessThan(0.08);
    expect(big.tasksPerJob.mean * 506_460).toBeGreaterThan(10e6);
    expect(big.tasksPerJob.mean * 506_460).toBeLessThan(20e6);
  });

  it("keeps each drawn class on its side of the cutoff and writes consistent columns", () => {
    const { trace: t } = gen20k("google-like");
    const table = GOOGLE_TABLE;
    const minLong = table.long.buckets.reduce((m, b) => Math.min(m, b.means[0]), Infinity);
    const maxShort = table.short.buckets.reduce((m, b) => Math.max(m, b.means[b.means.length - 1]), 0);
    // (plain counters: an expect per task would take seconds)
    let between = 0, negative = 0, notMicro = 0, badEstimate = 0, decreasing = 0;
    for (let j = 0; j < t.arrivals.length; j++) {
      const e = t.estimates[j];
      if (!(e <= maxShort + 1e-6 || e >= minLong - 1e-6)) between++; // no estimate between the classes' ranges
      const a = t.taskOffsets[j], b = t.taskOffsets[j + 1];
      let sum = 0;
      for (let k = a; k < b; k++) {
        const d = t.durations[k];
        if (!(d >= 0)) negative++;
        if (Math.round(d * 1e6) / 1e6 !== d) notMicro++; // whole microseconds
        sum += d;
      }
      if (e !== sum / (b - a)) badEstimate++; // the estimate is the mean of the drawn durations
      if (j > 0 && t.arrivals[j] < t.arrivals[j - 1]) decreasing++;
    }
    expect({ between, negative, notMicro, badEstimate, decreasing }).toEqual({ between: 0, negative: 0, notMicro: 0, badEstimate: 0, decreasing: 0 });
  });

  it("is deterministic per seed", () => {
    const a = gen({ generator: "google-like", jobs: 3000, seed: 7 }).trace;
    const b = gen({ generator: "google-like", jobs: 3000, seed: 7 }).trace;
    const c = gen({ generator: "google-like", jobs: 3000, seed: 8 }).trace;
    for (const k of ["arrivals", "taskOffsets", "durations", "estimates"] as const) expect(b[k]).toEqual(a[k]);
    expect(c.durations).not.toEqual(a.durations);
    expect(c.arrivals).not.toEqual(a.arrivals);
  });
});

describe("yahoo-like and cloudera-like", () => {
  it("yahoo-like: ~9.41% long jobs with ~98% of task-seconds, tasks per job as the sample", () => {
    const s = traceStats(gen20k("yahoo-like").trace, YAHOO_TABLE.cutoff);
    expect(Math.abs(s.long!.jobShare - 0.0941)).toBeLessThan(0.006);
    expect(Math.abs(s.long!.taskSecondsShare! - 0.9831)).toBeLessThan(0.01);
    expect(Math.abs(s.tasksPerJob.mean / YAHOO_TABLE.sample.tasksPerJob - 1)).toBeLessThan(0.1);
  });

  it("cloudera-like: ~5.02% long jobs with ~92% of task-seconds (the parametric centroids' expectation)", () => {
    const e = expectedShares(CLOUDERA_SPEC);
    expect(e.longJobs).toBeCloseTo(0.0502, 6);
    expect(e.longTaskSeconds).toBeGreaterThan(0.91);
    expect(e.longTaskSeconds).toBeLessThan(0.93);
    const r = gen20k("cloudera-like");
    const s = traceStats(r.trace, CLOUDERA_SPEC.cutoff);
    expect(Math.abs(s.long!.jobShare - 0.0502)).toBeLessThan(0.005);
    expect(Math.abs(s.long!.taskSecondsShare! - e.longTaskSeconds)).toBeLessThan(0.03);
    expect(Math.abs(r.taskSecondsPerJob / e.taskSecondsPerJob - 1)).toBeLessThan(0.1);
  });

  it("the truncated-normal helpers are accurate", () => {
    expect(normalCdf(-0.5)).toBeCloseTo(0.3085375387259869, 12);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 12);
    for (const p of [1e-6, 0.01, 0.3085375387259869, 0.5, 0.9, 0.999999]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 8);
  });
});

describe("arrival rate and offered load", () => {
  it("--load: rate = load x nodes x slots / task-seconds per job, and the trace offers it", () => {
    const r = gen({ generator: "yahoo-like", jobs: 20_000, seed: 3, load: 0.5, nodes: 2000, slots: 2 });
    let ts = 0;
    for (const d of r.trace.durations) ts += d;
    expect(Math.abs(r.taskSeconds / ts - 1)).toBeLessThan(1e-12);
    expect(r.taskSecondsPerJob).toBe(r.taskSeconds / 20_000);
    expect(r.rate).toBe((0.5 * 2000 * 2) / r.taskSecondsPerJob);
    expect(r.load).toBeCloseTo(0.5, 12);
    const s = traceStats(r.trace);
    expect(Math.abs(s.jobsPerSecond! / r.rate - 1)).toBeLessThan(0.03); // Poisson, 20,000 gaps
    expect(Math.abs(s.taskSecondsPerSecond! / (0.5 * 2000 * 2) - 1)).toBeLessThan(0.03);
  });

  it("--rate: the given rate, the load it implies; jobs do not depend on the rate", () => {
    const a = gen({ generator: "google-like", jobs: 5000, seed: 4, rate: 2 });
    const b = gen({ generator: "google-like", jobs: 5000, seed: 4, rate: 0.5 });
    expect(a.rate).toBe(2);
    expect(a.load).toBeCloseTo((2 * a.taskSecondsPerJob) / 15_000, 12); // the default 15,000 nodes x 1 slot
    expect(b.trace.durations).toEqual(a.trace.durations);
    expect(b.trace.estimates).toEqual(a.trace.estimates);
    // The same gaps, scaled by 1/rate (up to the microsecond rounding).
    for (let j = 0; j < 5000; j += 97) expect(Math.abs(b.trace.arrivals[j] - 4 * a.trace.arrivals[j])).toBeLessThan(5e-6);
  });

  it("defaults: the papers' sizes and 0.95 of the reference cluster", () => {
    const byName = Object.fromEntries(TRACE_GENERATORS.map((g) => [g.name, g]));
    expect([byName["google-like"].defaultJobs, byName["google-like"].defaultNodes]).toEqual([506_460, 15_000]);
    expect([byName["yahoo-like"].defaultJobs, byName["yahoo-like"].defaultNodes]).toEqual([24_262, 4_000]);
    expect([byName["cloudera-like"].defaultJobs, byName["cloudera-like"].defaultNodes]).toEqual([21_030, 15_000]);
    const r = gen({ generator: "google-like", jobs: 2000, seed: 1 });
    expect(r.nodes).toBe(15_000);
    expect(r.load).toBeCloseTo(0.95, 12);
    // 10,000 nodes overloaded, 15,000-25,000 not
    expect((r.load * 15_000) / 10_000).toBeGreaterThan(1);
    expect((r.load * 15_000) / 25_000).toBeGreaterThan(0.5);
  });

  it("run workloads: trace-like ones keep their rate unless --load is given; Poisson ones are unchanged", () => {
    const rng = (seed: number) => (s: number) => new Rng(seed, s);
    const a = generateWorkload("yahoo-like", { jobs: 1000 }, { nodes: 4000, slots: 1, seed: 2 }, rng(2));
    const b = generateWorkload("yahoo-like", { jobs: 1000 }, { nodes: 8000, slots: 1, seed: 2 }, rng(2));
    const c = generateWorkload("yahoo-like", { jobs: 1000, load: 0.95 }, { nodes: 8000, slots: 1, seed: 2 }, rng(2));
    expect(b.arrivals).toEqual(a.arrivals);
    expect(c.durations).toEqual(a.durations);
    expect(c.arrivals[999]).toBeCloseTo(a.arrivals[999] / 2, 3);
    expect(a.name).toBe("workload:yahoo-like");
    const p = generateWorkload("default", {}, { nodes: 1000, slots: 1, seed: 1 }, rng(1));
    expect([p.arrivals.length, p.durations.length]).toEqual([20_000, 400_000]);
    expect(findWorkload("google-like").kind).toBe("trace-like");
  });
});

describe("fast .tr writer", () => {
  it("writes exactly String(x) for every value, and the same bytes as traceToTrRange", () => {
    const buf = new Uint8Array(64);
    const text = (x: number) => new TextDecoder().decode(buf.subarray(0, putNumber(buf, 0, x)));
    const values = [0, -0, 1, 1e-6, 1e-7, 0.1, 0.3, 1.5e-6, 999999999.999999, 1e9, 123456789.123456, 5e-324, -1.5,
      1e21, 1e300, 2 ** 53, 0.000001, 12.5, 1129.532, 90.5811];
    let u = 12345;
    for (let i = 0; i < 20_000; i++) {
      u = (Math.imul(u, 1103515245) + 12345) >>> 0;
      const r = u / 2 ** 32;
      values.push(i % 2 ? Math.round(r * 10 ** (i % 15)) / 1e6 : r * 10 ** ((i % 13) - 3));
    }
    for (const x of values) expect(text(x)).toBe(String(x));
    const t = gen({ generator: "cloudera-like", jobs: 500, seed: 5 }).trace;
    expect(new TextDecoder().decode(encodeTrRange(t, 0, 500))).toBe(traceToTrRange(t, 0, 500));
    const back = parseTr(encodeTrRange(t, 0, 500), "x.tr");
    expect(back.durations).toEqual(t.durations);
    expect(back.estimates).toEqual(t.estimates);
    expect(back.arrivals).toEqual(t.arrivals);
  });
});

describe("aviary gen (trace-like) and aviary stats", () => {
  it("gen writes the trace; the same seed gives the same bytes; stats reads it back", () => {
    const f1 = join(dir, "g1.tr"), f2 = join(dir, "g2.tr");
    for (const f of [f1, f2]) {
      const r = aviary("gen", "google-like", "--jobs", "2000", "--seed", "9", "-o", f);
      expect(r.code).toBe(0);
      expect(r.err).toContain("wrote 2000 jobs");
      expect(r.err).toContain("offered load 0.95 of 15000 nodes");
    }
    expect(readFileSync(f2).equals(readFileSync(f1))).toBe(true);
    const direct = gen({ generator: "google-like", jobs: 2000, seed: 9 }).trace;
    expect(readFileSync(f1, "latin1")).toBe(traceToTrRange(direct, 0, 2000));
    const s = JSON.parse(aviary("stats", f1, "--preset", "google", "--format", "json").out);
    expect(s.jobs).toBe(2000);
    expect(s.tasks).toBe(direct.durations.length);
    expect(s.cutoff).toBe(1129.532);
  });

  it("gen --nodes/--slots/--rate reach the trace", () => {
    const f = join(dir, "y.tr");
    const r = aviary("gen", "yahoo-like", "--jobs", "20000", "--load", "0.8", "--nodes", "1000", "--slots", "2", "-o", f);
    expect(r.code).toBe(0);
    expect(r.err).toContain("offered load 0.8 of 1000 nodes x 2 slots");
    const s = JSON.parse(aviary("stats", f, "--format", "json").out);
    expect(Math.abs(s.taskSecondsPerSecond / 1600 - 1)).toBeLessThan(0.03);
    expect(s.long).toBeNull();
    const r2 = aviary("gen", "yahoo-like", "--jobs", "20000", "--rate", "0.25", "-o", f);
    expect(r2.code).toBe(0);
    expect(r2.err).toContain("arrival rate 0.25 jobs/s");
    expect(Math.abs(JSON.parse(aviary("stats", f, "--format", "json").out).jobsPerSecond / 0.25 - 1)).toBeLessThan(0.03);
  });

  it("stats: exact figures of a hand-made trace", () => {
    // job 0: 1 task of 10 s; job 1: 4 + 6 s; job 2: one task of 2000 s; job 3: four tasks, 6000 s
    writeFileSync(join(dir, "hand.tr"), "0 1 10 10\n2 2 5 4 6\n4 1 2000 2000\n10 4 1500 1000 2000 1500 1500\n");
    const s = JSON.parse(aviary("stats", "hand.tr", "--cutoff", "1129.532", "--format", "json").out);
    expect(s).toMatchObject({
      trace: "hand.tr", jobs: 4, tasks: 8, taskSeconds: 8020, firstSubmission: 0, lastSubmission: 10, span: 10,
      taskSecondsPerSecond: 802, loadPer1000Nodes: 0.802, jobsPerSecond: 0.4, meanTaskDuration: 1002.5,
      tasksPerJob: { mean: 2, p50: 1, p90: 4, p99: 4, max: 4 }, oneTaskJobShare: 0.5, cutoff: 1129.532,
      classes: {
        short: { jobs: 2, tasks: 3, taskSeconds: 20, oneTaskJobShare: 0.5 },
        long: { jobs: 2, tasks: 5, taskSeconds: 8000, meanTaskDuration: 1600, oneTaskJobShare: 0.5 },
      },
      long: { jobShare: 0.5, taskSecondsShare: 8000 / 8020, taskShare: 0.625 },
    });
    expect(s.long.meanTaskDurationRatio).toBeCloseTo(240, 10);
    expect(s.classes.short.meanTaskDuration).toBeCloseTo(20 / 3, 12);
    // the same through --preset, and as a table
    const p = JSON.parse(aviary("stats", "hand.tr", "--preset", "google", "--format", "json").out);
    expect(p).toEqual(s);
    const table = aviary("stats", "hand.tr", "--cutoff", "1129.532");
    expect(table.code).toBe(0);
    const text = table.out.replace(/ +/g, " ");
    for (const frag of ["\njobs 4\n", "tasks 8 (mean 2.000 per job)", "p50 1, p90 4, p99 4, max 4", "one-task jobs 50.00%",
      "task-seconds 8,020", "span 10.0 s", "0.802 per 1,000 nodes", "802.0 busy slots",
      "share of jobs 50.00% (2 long, 2 short)", "share of task-seconds 99.75%", "share of tasks 62.50%",
      "long 1,600 s, short 6.667 s: ratio 240.00x", "50.00% of short, 50.00% of long jobs"]) {
      expect(text).toContain(frag);
    }
    // without a cutoff: no class figures
    const n = JSON.parse(aviary("stats", "hand.tr", "--format", "json").out);
    expect([n.cutoff, n.classes, n.long]).toEqual([null, null, null]);
    expect(formatTraceStats(traceStats(parseTr(readFileSync(join(dir, "hand.tr")), "hand.tr")))).toContain("give --cutoff");
  });

  it("run --workload yahoo-like generates in memory", () => {
    const r = aviary("run", "--workload", "yahoo-like", "--jobs", "300", "--scheduler", "sparrow", "--nodes", "4000",
      "--preset", "yahoo", "--format", "json");
    expect(r.code).toBe(0);
    expect(r.err).toBe(""); // stderr is not a terminal: no progress line
    const s = JSON.parse(r.out);
    expect(s.trace.name).toBe("workload:yahoo-like");
    expect(s.trace.jobs).toBe(300);
    expect(s.short.jobs + s.long.jobs).toBe(300);
  });

  const bad: Array<[string, string[], string[]]> = [
    ["unknown generator", ["gen", "nosuch", "--jobs", "10"], ["unknown generator 'nosuch'", "google-like", "fregata", "yaq-5s"]],
    ["jobs 0", ["gen", "google-like", "--jobs", "0"], ["--jobs", "[1, 100000000]"]],
    ["load 0", ["gen", "google-like", "--jobs", "10", "--load", "0"], ["--load must be a number > 0"]],
    ["negative load", ["gen", "yahoo-like", "--jobs", "10", "--load", "-0.5"], ["--load must be a number > 0"]],
    ["rate 0", ["gen", "cloudera-like", "--jobs", "10", "--rate", "0"], ["--rate must be a number > 0"]],
    ["load and rate", ["gen", "google-like", "--jobs", "10", "--load", "1", "--rate", "1"], ["either --load or --rate"]],
    ["fractional jobs", ["gen", "google-like", "--jobs", "2.5"], ["--jobs", "integer"]],
    ["missing directory", ["gen", "google-like", "--jobs", "10", "-o", "no/such/dir.tr"], ["no/such"]],
  ];
  it.each(bad)("gen: %s -> one-line error, no output file", (_name, args, fragments) => {
    const out = join(dir, `bad-${_name.replace(/\W+/g, "_")}.tr`);
    const r = aviary(...args, ...(args.includes("-o") ? [] : ["-o", out]));
    expect(r.code).toBe(2);
    for (const f of fragments) expect(r.err).toContain(f);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
    expect(r.out).toBe("");
  });

  it.each([
    ["run: jobs 0", ["run", "--workload", "google-like", "--jobs", "0"], ["--jobs"]],
    ["run: load 0", ["run", "--workload", "cloudera-like", "--jobs", "10", "--load", "0"], ["--load must be a number > 0"]],
    ["stats: missing file", ["stats", "nope.tr"], ["nope.tr"]],
    ["stats: cutoff and preset", ["stats", "hand.tr", "--cutoff", "1", "--preset", "google"], ["either --cutoff or --preset"]],
    ["stats: unknown preset", ["stats", "hand.tr", "--preset", "nope"], ["unknown preset 'nope'"]],
  ])("%s -> one-line error", (_name, args, fragments) => {
    const r = aviary(...args);
    expect(r.code).toBe(2);
    for (const f of fragments) expect(r.err).toContain(f);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.out).toBe("");
  });
});

describe.skipIf(!haveSharedTraces)("derived tables", () => {
  it("src/trace/tables/{google,yahoo}.ts are what scripts/derive-tables.mjs gives from the samples", () => {
    const r = spawnSync(process.execPath, [join(root, "scripts/derive-tables.mjs"), "--check"], { encoding: "utf8" });
    expect(r.stderr).toContain("google.ts is up to date");
    expect(r.status).toBe(0);
    expect([GOOGLE_TABLE.sample.jobs, GOOGLE_TABLE.sample.tasks]).toEqual([10_000, 312_558]);
    expect([YAHOO_TABLE.sample.jobs, YAHOO_TABLE.sample.tasks]).toEqual([2910, 122_878]);
  });
});

describe("progress line", () => {
  class FakeStream implements ProgressStream {
    writes: string[] = [];
    constructor(public isTTY: boolean, public columns?: number) {}
    write(s: string) { this.writes.push(s); return true; }
  }
  const p = (jobsDone: number, wallSeconds: number) => ({ jobsDone, jobs: 100, simTime: 12.5, events: 4_000_000, wallSeconds });

  it("on a terminal: throttled redraws of one line, cleared at the end", () => {
    const stream = new FakeStream(true);
    let now = 0;
    const line = new ProgressLine({ stream, now: () => now });
    expect(line.enabled).toBe(true);
    expect(line.update("a")).toBe(true); // t = 0: first draw
    now = 100;
    expect(line.update("b")).toBe(false); // < 250 ms later
    now = 260;
    expect(line.update(() => "c")).toBe(true);
    now = 300;
    expect(line.update("d", true)).toBe(true); // forced
    line.stop();
    expect(stream.writes).toEqual(["\r\x1b[Ka", "\r\x1b[Kc", "\r\x1b[Kd", "\r\x1b[K"]);
  });

  it("not a terminal: writes nothing at all", () => {
    const stream = new FakeStream(false);
    const rp = runProgress("sparrow", { stream, now: () => 0 });
    expect(rp.options()).toEqual({});
    rp.onProgress(p(50, 2));
    rp.stop();
    const line = new ProgressLine({ stream });
    expect(line.update("x", true)).toBe(false);
    line.stop();
    expect(stream.writes).toEqual([]);
  });

  it("run progress text: jobs done/total, simulated time, events/s, ETA; truncated to the terminal width", () => {
    expect(formatRunProgress("sparrow", p(50, 2))).toBe("sparrow: 50/100 jobs (50.0%), sim 12.5 s, 2.00 M events/s, ETA 2.0s");
    expect(formatRunProgress("lwl", p(0, 0))).toContain("ETA -");
    const stream = new FakeStream(true, 20);
    const rp = runProgress("sparrow", { stream, now: () => 0 });
    expect(rp.options()).toMatchObject({ sliceEvents: 500_000 });
    rp.onProgress(p(50, 2));
    rp.stop();
    expect(stream.writes[0]).toBe("\r\x1b[K" + "sparrow: 50/100 job");
    expect(stream.writes[1]).toBe("\r\x1b[K");
  });
});
