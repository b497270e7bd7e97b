// Streamed input: a run that starts on the first jobs of a trace while the rest is still being
// read (runSimulationFed, openTraceFeed, the CLI for large `.tr` files) gives exactly the results
// of a run on the whole trace, for every scheduler on both engines; the counting pass agrees
// with the parser; a problem in the file stops the run with the reader's own message.
import { describe, it, expect, beforeAll } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEngine, packageRoot, type EngineKind } from "../src/engine/node.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation, runSimulationFed, type TraceFeed, type SimResult } from "../src/simulate.js";
import { longestTasks, summarize } from "../src/metrics/summary.js";
import { knownLongestTasks, longestTasksInto } from "../src/metrics/longest.js";
import { SCHEDULERS } from "../src/config/schedulers.js";
import { TrCounter, TrParser, parseTr } from "../src/trace/tr.js";
import { openTraceFeed, readTraceFile, writeTraceFile, generatePoissonWithEngineRng } from "../src/trace/node.js";
import type { Trace } from "../src/trace/types.js";
import { haveSharedTraces, sharedTrace, makeTrace, checkInvariants } from "./helpers.js";

/** A feed that reveals the trace `batch()` jobs at a time, one batch per more(). */
function memoryFeed(trace: Trace, batch: () => number): TraceFeed & { waits: number } {
  const jobs = trace.arrivals.length;
  let avail = 0;
  const feed = {
    trace,
    waits: 0,
    available: () => avail,
    more: async () => { feed.waits++; avail = Math.min(jobs, avail + batch()); },
  };
  return feed;
}

let seed = 99;
const rand = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };

/** Short and long jobs; a run of arrivals exactly one network delay apart (0.0005 s, added as
 *  the engine adds it), so held-back arrivals tie with the messages their predecessors send. */
async function workload(): Promise<Trace> {
  const base = await generatePoissonWithEngineRng({ jobs: 600, tasks: 6, duration: "exp:2", load: 0.7, nodes: 30, seed: 8 });
  const jobs: Array<[number, number[]]> = [];
  for (let j = 0; j < base.arrivals.length; j++) {
    const d = Array.from(base.durations.subarray(base.taskOffsets[j], base.taskOffsets[j + 1]));
    if (j % 50 === 0) d.push(40, 60); // some long tasks
    jobs.push([base.arrivals[j], d]);
  }
  let t = jobs[jobs.length - 1][0];
  for (let k = 0; k < 40; k++) { t = t + 0.0005; jobs.push([t, [1, 2, 0.5]]); }
  return makeTrace(jobs, "streamed");
}

function sameResults(a: SimResult, b: SimResult): void {
  expect(Array.from(b.finish)).toEqual(Array.from(a.finish));
  expect(b.counters).toEqual(a.counters);
  expect(b.busySlotSeconds).toBe(a.busySlotSeconds);
}

describe.each(["wasm", "js"] as EngineKind[])("fed runs equal whole-trace runs (%s engine)", (engine) => {
  let trace: Trace;
  beforeAll(async () => { trace = await workload(); });

  it.each(SCHEDULERS.map((s) => s.name))("%s, jobs revealed 1 to 7 at a time", async (scheduler) => {
    const spec = SCHEDULERS.find((s) => s.name === scheduler)!;
    const params = Object.fromEntries(Object.entries({ cutoff: 10, shortPartition: 10 })
      .filter(([k]) => spec.params.some((p) => p.name === k)));
    const config = resolveConfig({ scheduler, nodes: 30, slots: 1, seed: 3, params });
    const factory = await loadEngine(engine);
    const whole = runSimulation(factory, trace, config, { recordTasks: true });
    const feed = memoryFeed(trace, () => 1 + rand(7));
    const fed = await runSimulationFed(factory, feed, config, { recordTasks: true, sliceEvents: 500 });
    sameResults(whole, fed);
    checkInvariants(fed);
    expect(feed.waits).toBeGreaterThan(50); // it did stop for jobs, many times
  });
});

describe("memory a feed lends for the run's results (TraceFeed.resultMemory)", () => {
  it("holds the finish and first-start columns and the summary's arrays, with the same results", async () => {
    const trace = await workload();
    const config = resolveConfig({ scheduler: "sparrow", nodes: 30, slots: 1, seed: 3, params: {} });
    const factory = await loadEngine("wasm");
    const jobs = trace.arrivals.length;
    const whole = runSimulation(factory, trace, config);
    const memory = new Float64Array(3 * jobs + 5).fill(7); // (not zeros: every element used is written)
    const feed = { ...memoryFeed(trace, () => jobs), resultMemory: () => memory };
    const fed = await runSimulationFed(factory, feed, config);
    sameResults(whole, fed);
    expect(fed.finish.buffer).toBe(memory.buffer);
    expect(fed.firstStart.buffer).toBe(memory.buffer);
    const strip = (s: ReturnType<typeof summarize>) => ({ ...s, wallSeconds: 0, eventsPerSecond: 0 });
    expect(strip(summarize(fed, 5))).toEqual(strip(summarize(whole, 5)));
    // too little memory: not used
    const small = await runSimulationFed(factory, { ...memoryFeed(trace, () => jobs), resultMemory: () => new Float64Array(jobs) }, config);
    expect(small.finish.buffer).not.toBe(memory.buffer);
    sameResults(whole, small);
  });

  it("is given once by a file's feed, after its thread touched it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aviary-results-"));
    const file = join(dir, "w.tr");
    await writeTraceFile(file, await workload());
    const feed = (await openTraceFeed(file))!;
    const trace = await feed.done;
    const m = feed.resultMemory!();
    expect(m).toBeDefined();
    expect(m!.length).toBe(3 * trace.arrivals.length);
    expect(feed.resultMemory!()).toBeUndefined();
    feed.close();
  });
});

describe("the counting pass", () => {
  const count = (text: string, chunk: number) => {
    const bytes = new TextEncoder().encode(text);
    const c = new TrCounter();
    for (let i = 0; i < bytes.length; i += chunk) c.push(bytes.subarray(i, i + chunk));
    return c.result();
  };

  it("counts what the parser reads, whatever the chunking (BOM, CRLF, tabs, blank lines, no final newline)", () => {
    const text = "\uFEFF0 2 1.5 1 2\r\n\n  \t\n1\t1 3 3\r\n2 3.0 1 1 1 1\n\n3 1 5 5";
    const t = parseTr(new TextEncoder().encode(text), "x.tr");
    for (const chunk of [1, 2, 3, 5, 7, 1000]) {
      expect(count(text, chunk)).toEqual({ jobs: t.arrivals.length, tasks: t.durations.length });
    }
  });

  it("gives up on a line it cannot count (the parser then names it)", () => {
    expect(count("0 2 1.5 1 2\n1 x 3 3\n", 4)).toBeUndefined();
    expect(count("0 2 1.5 1 2\n5\n", 4)).toBeUndefined();
    expect(count("0 -1 1\n", 4)).toBeUndefined();
    expect(count("0 1.5 1 1\n", 4)).toBeUndefined();
  });

  it.skipIf(!haveSharedTraces)("agrees with the parser on the shared sample traces", async () => {
    for (const name of ["GOOG_subtrace.tr", "YH1_sub.tr"]) {
      const bytes = readFileSync(sharedTrace(name));
      const t = parseTr(bytes, name);
      const c = new TrCounter();
      for (let i = 0; i < bytes.length; i += 65536) c.push(bytes.subarray(i, i + 65536));
      expect(c.result()).toEqual({ jobs: t.arrivals.length, tasks: t.durations.length });
    }
  });

  it("a parser on counted columns fills them exactly, and says so when the input outgrows them", () => {
    const bytes = new TextEncoder().encode("0 2 1.5 1 2\n1 1 3 3\n");
    const cols = { arrivals: new Float64Array(2), estimates: new Float64Array(2), offsets: new Int32Array(3), durations: new Float64Array(3) };
    const p = new TrParser("x.tr", 0, true, cols);
    p.push(bytes);
    const t = p.end();
    expect(t.arrivals.buffer).toBe(cols.arrivals.buffer); // the given columns, not copies
    expect(Array.from(t.durations)).toEqual([1, 2, 3]);
    const small = { arrivals: new Float64Array(1), estimates: new Float64Array(1), offsets: new Int32Array(2), durations: new Float64Array(2) };
    expect(() => { const q = new TrParser("x.tr", 0, true, small); q.push(bytes); q.end(); }).toThrow(/changed while it was read/);
  });
});

describe("openTraceFeed: a .tr file read by a worker while the run goes on", () => {
  let dir = "";
  let file = "";
  let trace: Trace;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "aviary-stream-"));
    trace = await workload();
    file = join(dir, "w.tr");
    await writeTraceFile(file, trace);
  });

  it("gives the results of a full read, in small chunks", async () => {
    const config = resolveConfig({ scheduler: "eagle", nodes: 30, slots: 1, seed: 3, params: { cutoff: 10, shortPartition: 10 } });
    const factory = await loadEngine("wasm");
    const whole = runSimulation(factory, await readTraceFile(file), config);
    const feed = (await openTraceFeed(file, { chunkBytes: 256 }))!;
    expect(feed).toBeDefined();
    try {
      const fed = await runSimulationFed(factory, feed, config, { sliceEvents: 200 });
      const done = await feed.done;
      sameResults(whole, fed);
      expect(Array.from(done.durations)).toEqual(Array.from(trace.durations));
      // the reader's thread computed each job's longest task: the summary is a whole read's
      const longest = knownLongestTasks(fed.trace);
      expect(longest).toBeDefined();
      expect(Array.from(longest!)).toEqual(Array.from(longestTasksInto(trace.taskOffsets, trace.durations, new Float64Array(trace.arrivals.length))));
      expect(knownLongestTasks(whole.trace)).toBeUndefined();
      const strip = (x: object) => ({ ...x, wallSeconds: 0, eventsPerSecond: 0 });
      expect(strip(summarize(fed, 10))).toEqual(strip(summarize(whole, 10)));
      expect(longestTasks(fed)).toEqual(longestTasks(whole));
    } finally {
      feed.close();
    }
  });

  it("stops the run with the parser's message when a line further on is bad", async () => {
    const text = readFileSync(file, "utf8").split("\n");
    text[500] = text[500].replace(/ [0-9.]+$/, " x7"); // a bad duration on line 501
    const bad = join(dir, "bad.tr");
    writeFileSync(bad, text.join("\n"));
    let expected = "";
    try { await readTraceFile(bad); } catch (e) { expected = (e as Error).message; }
    expect(expected).toMatch(/bad\.tr:501: field \d+ \(duration \d+\): 'x7' is not a number/);
    const feed = (await openTraceFeed(bad, { chunkBytes: 512 }))!;
    const config = resolveConfig({ scheduler: "sparrow", nodes: 30, slots: 1, seed: 3, params: {} });
    try {
      await expect(runSimulationFed(await loadEngine("wasm"), feed, config, { sliceEvents: 100 })).rejects.toThrow(expected);
    } finally {
      feed.close();
    }
  });

  it("declines what it cannot stream: a missing file, a CSV, an uncountable line, a small file under minBytes", async () => {
    expect(await openTraceFeed(join(dir, "nope.tr"))).toBeUndefined();
    writeFileSync(join(dir, "t.csv"), "a\n");
    expect(await openTraceFeed(join(dir, "t.csv"))).toBeUndefined();
    writeFileSync(join(dir, "u.tr"), "0 1 1 1\n1 y 1 1\n");
    expect(await openTraceFeed(join(dir, "u.tr"))).toBeUndefined();
    expect(await openTraceFeed(file, { minBytes: 1e9 })).toBeUndefined();
  });

  it("the CLI streams large files (AVIARY_FEED_MIN_BYTES lowers the threshold) with the same output, and fails cleanly", () => {
    const bin = join(packageRoot(), "bin/aviary.js");
    const run = (min: string, f: string, extra: string[] = []) => spawnSync(process.execPath,
      [bin, "run", "--trace", f, "--scheduler", "hawk,eagle", "--nodes", "30", "--cutoff", "10", "--format", "json", ...extra],
      { encoding: "utf8", env: { ...process.env, AVIARY_FEED_MIN_BYTES: min } });
    const strip = (s: string) => s.replace(/"wallSeconds":[^,]*,"eventsPerSecond":[^}]*/g, "");
    const streamed = run("0", file);
    const whole = run("1000000000", file);
    expect(streamed.status).toBe(0);
    expect(strip(streamed.stdout)).toBe(strip(whole.stdout));
    expect(streamed.stdout.trim().split("\n")).toHaveLength(2);
    const text = readFileSync(file, "utf8").split("\n");
    text[300] = text[300].replace(/^[0-9.]+/, "0.5"); // earlier than the line before
    const bad = join(dir, "unsorted.tr");
    writeFileSync(bad, text.join("\n"));
    const out = join(dir, "jobs.csv");
    const r = run("0", bad, ["--per-job", out]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unsorted\.tr:301: field 1 \(submission_time\): .* is earlier than the previous job's/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe("");
    expect(existsSync(out)).toBe(false);
  });
});
