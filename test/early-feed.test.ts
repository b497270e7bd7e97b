// The reader thread `aviary run --trace FILE` starts before the program loads (bin/aviary.js,
// src/trace/feed-start.ts): the run's openTraceFeed takes it over when it streams that file
// with the same settings, and it is stopped otherwise; either way the output is the run's as if
// the thread had been started by the run. The feed's state touches (tr-feed-worker.ts: a zero
// into a page of the engine's per-job state ahead of the jobs) leave every result as it was.
// The reader thread also computes the slowdown's denominators for the run's cutoff. The built
// modules are used (dist/): the thread's script exists only there.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { packageRoot } from "../src/engine/node.js";

const root = packageRoot();
const dist = (p: string) => import(pathToFileURL(join(root, "dist/src", p)).href);
const bin = join(root, "bin/aviary.js");
let file = "";

beforeAll(async () => {
  const { generatePoissonWithEngineRng, writeTraceFile } = await dist("trace/node.js");
  const trace = await generatePoissonWithEngineRng({ jobs: 800, tasks: 5, duration: "exp:2", load: 0.8, nodes: 40, seed: 5 });
  file = join(mkdtempSync(join(tmpdir(), "aviary-early-")), "w.tr");
  await writeTraceFile(file, trace);
});

const run = (args: string[], env: Record<string, string> = {}) => spawnSync(process.execPath, [bin, "run", ...args],
  { encoding: "utf8", env: { ...process.env, AVIARY_FEED_MIN_BYTES: "0", ...env }, timeout: 60_000 });
const strip = (s: string) => s.replace(/"wallSeconds":[^,]*,"eventsPerSecond":[^}]*/g, "");

describe("the early reader thread", () => {
  // (in this process as in the CLI runs below: the small test file counts as large)
  beforeAll(() => { process.env.AVIARY_FEED_MIN_BYTES = "0"; });
  afterAll(() => { delete process.env.AVIARY_FEED_MIN_BYTES; });

  it("is taken over by the run's feed, which reads the same trace as the ordinary reader", async () => {
    const fs = await dist("trace/feed-start.js");
    const node = await dist("trace/node.js");
    fs.startEarlyFeed(["node", "aviary", "run", "--scheduler", "sparrow", `--trace=${file}`]);
    expect(fs.earlyFeedPath()).toBe(file);
    const feed = await node.openTraceFeed(file, { forEngine: false });
    expect(feed).toBeDefined();
    expect(fs.earlyFeedPath()).toBeUndefined(); // (taken)
    const streamed = await feed.done;
    feed.close();
    const whole = await node.readTraceFile(file, { parallelBytes: Infinity });
    expect(Array.from(streamed.arrivals)).toEqual(Array.from(whole.arrivals));
    expect(Array.from(streamed.durations)).toEqual(Array.from(whole.durations));
    expect(Array.from(streamed.taskOffsets)).toEqual(Array.from(whole.taskOffsets));
  });

  it("computes the slowdown's denominators for the run's cutoff, as the summary would", async () => {
    const node = await dist("trace/node.js");
    const longest = await dist("metrics/longest.js");
    for (const cutoff of [5, null]) {
      const feed = await node.openTraceFeed(file, { slowdownCutoff: cutoff });
      const trace = await feed.done;
      feed.close();
      const c = cutoff ?? undefined;
      const known = longest.knownLongestTaskRanks(trace, c);
      expect(known).toBeDefined();
      const direct = longest.longestTaskRanks(longest.longestTasksInto(trace.taskOffsets, trace.durations,
        new Float64Array(trace.arrivals.length)), trace.estimates, c);
      expect(known).toEqual(direct);
      expect(longest.knownLongestTaskRanks(trace, cutoff === null ? 5 : undefined)).toBeUndefined();
      if (cutoff !== null) expect(direct.long[0]).toBeGreaterThan(0); // (both classes have jobs)
    }
  });

  it("starts only for `run` with a large enough `.tr` file, and a different request stops it", async () => {
    const fs = await dist("trace/feed-start.js");
    const started = (argv: string[]) => {
      fs.startEarlyFeed(["node", "aviary", ...argv]);
      const w = fs.takeEarlyFeed(argv[argv.indexOf("--trace") + 1] ?? file, 1 << 20, true);
      if (w) void w.worker.terminate();
      return w !== undefined;
    };
    expect(started(["run", "--trace", file])).toBe(true);
    expect(started(["compare", "--trace", file])).toBe(false);
    expect(started(["run", "--trace", join(file, "..", "missing.tr")])).toBe(false);
    expect(started(["run", "--", "--trace", file])).toBe(false);
    process.env.AVIARY_FEED_MIN_BYTES = "1000000000";
    try {
      expect(started(["run", "--trace", file])).toBe(false);
    } finally {
      process.env.AVIARY_FEED_MIN_BYTES = "0";
    }
    process.env.AVIARY_EARLY_FEED = "0";
    try {
      expect(started(["run", "--trace", file])).toBe(false);
    } finally {
      delete process.env.AVIARY_EARLY_FEED;
    }
    // another file, chunk size or purpose: not this thread, which is stopped
    fs.startEarlyFeed(["node", "aviary", "run", "--trace", file]);
    expect(fs.takeEarlyFeed(file, 4096, true)).toBeUndefined();
    expect(fs.takeEarlyFeed(file, 1 << 20, true)).toBeUndefined();
    fs.startEarlyFeed(["node", "aviary", "run", "--trace", file]);
    fs.dropEarlyFeed();
    expect(fs.takeEarlyFeed(file, 1 << 20, true)).toBeUndefined();
  });

  it("the CLI's output is the same with the thread started early, by the run, or not streamed at all", () => {
    const args = ["--trace", file, "--scheduler", "sparrow,eagle", "--nodes", "40", "--cutoff", "5", "--format", "json"];
    const early = run(args);
    const late = run(args, { AVIARY_EARLY_FEED: "0" });
    const whole = run(args, { AVIARY_FEED_MIN_BYTES: "1000000000" });
    expect(early.status).toBe(0);
    expect(early.stderr).toBe("");
    expect(strip(early.stdout)).toBe(strip(whole.stdout));
    expect(strip(late.stdout)).toBe(strip(whole.stdout));
    expect(early.stdout.trim().split("\n")).toHaveLength(2);
    // (Pigeon and Big-C keep each task's job: per-task state the reader thread touches as well)
    const perTask = ["--trace", file, "--scheduler", "pigeon,big-c", "--nodes", "40", "--cutoff", "5", "--format", "json"];
    const streamedPerTask = run(perTask);
    expect(streamedPerTask.status).toBe(0);
    expect(strip(streamedPerTask.stdout)).toBe(strip(run(perTask, { AVIARY_FEED_MIN_BYTES: "1000000000" }).stdout));
  });

  it("a run that does not stream the file stops the thread and ends as usual", () => {
    // (compat runs read the whole trace: the thread started for the file is not taken)
    const r = run(["--trace", file, "--scheduler", "eagle", "--nodes", "40", "--set", "compat=true", "--format", "json"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).trace.jobs).toBe(800);
    // a command line that fails before the run: one line, exit 2, no thread left behind
    const bad = run(["--trace", file, "--scheduler", "sparrow", "--nodes", "-3"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("bin/aviary.js runs the CLI bundle the build made, and it is the program the modules are", () => {
    // (scripts/build.mjs cliBundle: the CLI in one module, trace/feed-start.js left a module of
    // its own so that the run still takes the early thread over; bin/aviary.js falls back to the
    // modules when the bundle is older than them)
    // (the speed columns apart: events/s with its unit, and wall seconds)
    const timeless = (out: string) => strip(out).replace(/ +[0-9.]+ [kM]? +[0-9.]+$/gm, "");
    const made = (p: string) => statSync(join(root, "dist/src/cli", p)).mtimeMs;
    expect(made("main.bundle.js")).toBeGreaterThanOrEqual(made("main.js"));
    const modules = (args: string[]) => spawnSync(process.execPath, ["--input-type=module", "-e",
      `const { startEarlyFeed } = await import(${JSON.stringify(pathToFileURL(join(root, "dist/src/trace/feed-start.js")).href)});
       const argv = ["node", "aviary", ...process.argv.slice(1)]; startEarlyFeed(argv);
       const { main } = await import(${JSON.stringify(pathToFileURL(join(root, "dist/src/cli/main.js")).href)});
       process.exitCode = await main(argv);`, "run", ...args],
    { encoding: "utf8", env: { ...process.env, AVIARY_FEED_MIN_BYTES: "0" }, timeout: 60_000 });
    for (const args of [
      ["--trace", file, "--scheduler", "sparrow,eagle", "--nodes", "40", "--cutoff", "5", "--format", "json"],
      ["--trace", file, "--scheduler", "hawk", "--nodes", "40", "--cutoff", "5"],
      ["--trace", file, "--scheduler", "sparrow", "--nodes", "-3"],
      ["--trace", `${file}.missing`, "--scheduler", "sparrow"],
    ]) {
      const b = run(args);
      const m = modules(args);
      expect(b.status).toBe(m.status);
      expect(timeless(b.stdout)).toBe(timeless(m.stdout));
      expect(b.stderr).toBe(m.stderr);
    }
  });
});
