// A streamed trace file written straight into the Wasm engine's memory (issue #39): the module's
// memory import declared shared (src/engine/wasm.ts withSharedMemory), the reader's thread
// copying each parsed job into the engine's columns (src/trace/tr-feed-worker.ts, openTraceFeed
// forEngine), runSimulationFed then taking the jobs without copying them. The results are those
// of whole-trace runs on unshared memory; the trace the feed resolves is the reader's own and
// survives later runs on the same (reused) memory; every other path copies as before.
import { describe, it, expect, beforeAll } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEngine, packageRoot } from "../src/engine/node.js";
import { wasmEngineFactory, withSharedMemory } from "../src/engine/wasm.js";
import { resolveConfig, type ResolvedConfig } from "../src/config/config.js";
import { runSimulation, runSimulationFed, type SimResult, type EngineTraceColumns } from "../src/simulate.js";
import { SCHEDULERS } from "../src/config/schedulers.js";
import { openTraceFeed, readTraceFile, writeTraceFile, generatePoissonWithEngineRng, type TraceFileFeed } from "../src/trace/node.js";
import type { Trace } from "../src/trace/types.js";

function same(a: SimResult, b: SimResult): void {
  expect(Array.from(b.finish)).toEqual(Array.from(a.finish));
  expect(Array.from(b.firstStart)).toEqual(Array.from(a.firstStart));
  expect(b.counters).toEqual(a.counters);
  expect(b.busySlotSeconds).toBe(a.busySlotSeconds);
}

function sameTrace(a: Trace, b: Trace): void {
  expect(Array.from(b.arrivals)).toEqual(Array.from(a.arrivals));
  expect(Array.from(b.estimates)).toEqual(Array.from(a.estimates));
  expect(Array.from(b.taskOffsets)).toEqual(Array.from(a.taskOffsets));
  expect(Array.from(b.durations)).toEqual(Array.from(a.durations));
}

/** The parameters a scheduler needs on the test workload (its cutoff splits it). */
function configFor(scheduler: string, seed = 3, nodes = 30): ResolvedConfig {
  const spec = SCHEDULERS.find((s) => s.name === scheduler)!;
  const params = Object.fromEntries(Object.entries({ cutoff: 10, shortPartition: 10, estErrorLow: 0.5, estErrorHigh: 1.5 })
    .filter(([k]) => spec.params.some((p) => p.name === k)));
  return resolveConfig({ scheduler, nodes, slots: 1, seed, params });
}

/** A feed whose fillEngine answers are recorded. */
function watched(feed: TraceFileFeed): TraceFileFeed & { answers: Array<[boolean, boolean]> } {
  const answers: Array<[boolean, boolean]> = [];
  const fill = feed.fillEngine!.bind(feed);
  return Object.assign(feed, {
    answers,
    fillEngine: (c: EngineTraceColumns | undefined) => {
      const r = fill(c);
      answers.push([c !== undefined, r]);
      return r;
    },
  });
}

const wasmBytes = () => readFileSync(join(packageRoot(), "build/aviary.wasm"));

/** A module of one import, env.memory with these limits bytes (flags, minimum[, maximum]). */
function memoryImportModule(limits: number[]): Uint8Array {
  const name = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
  const content = [1, ...name("env"), ...name("memory"), 2, ...limits];
  return new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 2, content.length, ...content]);
}

describe("withSharedMemory: the engine's module with its imported memory declared shared", () => {
  it("changes the memory import's limits only (shared, the 4 GB maximum, the same minimum)", () => {
    const bytes = wasmBytes();
    const shared = withSharedMemory(bytes)!;
    expect(shared).toBeDefined();
    expect(shared.length).toBe(bytes.length + 3); // the maximum's 3 LEB bytes
    const plain = new WebAssembly.Module(bytes);
    const patched = new WebAssembly.Module(shared);
    expect(WebAssembly.Module.imports(patched)).toEqual(WebAssembly.Module.imports(plain));
    expect(WebAssembly.Module.exports(patched)).toEqual(WebAssembly.Module.exports(plain));
    // it links to a shared memory only (and the unpatched module to an unshared one only)
    const sharedMemory = new WebAssembly.Memory({ initial: 1, maximum: 65536, shared: true });
    const plainMemory = new WebAssembly.Memory({ initial: 1 });
    const env = (memory: WebAssembly.Memory) => ({ env: { memory, abort: () => undefined } });
    expect(() => new WebAssembly.Instance(patched, env(plainMemory))).toThrow(WebAssembly.LinkError);
    expect(() => new WebAssembly.Instance(plain, env(sharedMemory))).toThrow(WebAssembly.LinkError);
    expect(() => new WebAssembly.Instance(patched, env(sharedMemory))).not.toThrow();
  });

  it("patches a hand-made module, and declines what it does not know (no import, a maximum, not Wasm)", () => {
    const m = withSharedMemory(memoryImportModule([0x00, 0x02]))!;
    expect(Array.from(m.subarray(8))).toEqual(Array.from(memoryImportModule([0x03, 0x02, 0x80, 0x80, 0x04]).subarray(8)));
    expect(WebAssembly.validate(m)).toBe(true);
    new WebAssembly.Instance(new WebAssembly.Module(m), { env: { memory: new WebAssembly.Memory({ initial: 2, maximum: 65536, shared: true }) } });
    expect(withSharedMemory(memoryImportModule([0x01, 0x01, 0x10]))).toBeUndefined(); // a maximum already
    expect(withSharedMemory(memoryImportModule([0x03, 0x01, 0x10]))).toBeUndefined(); // shared already
    // a module that defines its own memory (a memory section, no import)
    const own = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 5, 3, 1, 0, 1]);
    expect(WebAssembly.validate(own)).toBe(true);
    expect(withSharedMemory(own)).toBeUndefined();
    expect(withSharedMemory(new TextEncoder().encode("not a module at all"))).toBeUndefined();
    expect(withSharedMemory(memoryImportModule([0x00, 0x02]).subarray(0, 20))).toBeUndefined(); // truncated
  });

  it("runs every scheduler to the unshared module's results, strings and views included", async () => {
    const trace = await generatePoissonWithEngineRng({ jobs: 300, tasks: 5, duration: "exp:2", load: 0.8, nodes: 30, seed: 4 });
    const plain = wasmEngineFactory(new WebAssembly.Module(wasmBytes()));
    const shared = wasmEngineFactory(new WebAssembly.Module(withSharedMemory(wasmBytes())!), { sharedMemory: true });
    const probe = shared();
    probe.setup(2, 2, 1, 1, 0.5, 1, 0, 0);
    expect(probe.durationColumn().buffer).toBeInstanceOf(SharedArrayBuffer);
    probe.dispose();
    for (const s of SCHEDULERS) {
      const config = configFor(s.name);
      // (counterNames decodes a string from the memory: compared through the counters' names)
      same(runSimulation(plain, trace, config, { recordTasks: true }), runSimulation(shared, trace, config, { recordTasks: true }));
    }
  }, 60_000);

  it("lists the run's per-job and per-task state (stateColumns): whole jobs' entries, zeros before the jobs are in", async () => {
    const jobs = 50, tasks = 120;
    for (const kind of ["wasm", "js"] as const) {
      for (const [name, perTask] of [["sparrow", 0], ["pigeon", 1]] as const) {
        const engine = (await loadEngine(kind, false, { sharedMemory: true }))();
        const config = configFor(name);
        engine.setup(jobs, tasks, config.nodes, config.slots, config.networkDelay, config.seed, config.paramVector.length, 0);
        engine.paramColumn().set(config.paramVector);
        engine.start(config.engineIndex);
        const { perJob, perTask: taskCols } = engine.stateColumns();
        expect(perJob.length).toBeGreaterThanOrEqual(4); // records, class, finish, first start
        for (const c of perJob) {
          expect(c.length % jobs).toBe(0);
          expect(c.every((v) => v === 0)).toBe(true);
          if (kind === "wasm") expect(c.buffer).toBeInstanceOf(SharedArrayBuffer);
        }
        expect(taskCols.length).toBe(perTask);
        for (const c of taskCols) expect(c.length).toBe(tasks);
        engine.dispose();
      }
    }
  });

  it("is what loadEngine gives for sharedMemory (the JS engine is the same either way)", async () => {
    const s = (await loadEngine("wasm", false, { sharedMemory: true }))();
    const u = (await loadEngine("wasm"))();
    s.setup(2, 2, 1, 1, 0.5, 1, 0, 0);
    u.setup(2, 2, 1, 1, 0.5, 1, 0, 0);
    expect(s.arrivalColumn().buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(u.arrivalColumn().buffer).not.toBeInstanceOf(SharedArrayBuffer);
    s.dispose();
    u.dispose();
    expect(await loadEngine("js", false, { sharedMemory: true })).toBe(await loadEngine("js"));
  });
});

describe("a streamed file written into the engine's shared memory by the reader's thread", () => {
  let dir = "";
  let file = "";
  let trace: Trace;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "aviary-shared-feed-"));
    const base = await generatePoissonWithEngineRng({ jobs: 700, tasks: 6, duration: "exp:2", load: 0.8, nodes: 30, seed: 8 });
    file = join(dir, "w.tr");
    await writeTraceFile(file, base);
    trace = await readTraceFile(file);
  });

  it("gives the whole-trace results, with no job copied by the run, for every scheduler", async () => {
    const shared = await loadEngine("wasm", false, { sharedMemory: true });
    const plain = await loadEngine("wasm");
    for (const s of SCHEDULERS) {
      const config = configFor(s.name);
      const whole = runSimulation(plain, trace, config);
      const feed = watched((await openTraceFeed(file, { chunkBytes: 300, forEngine: true }))!);
      try {
        const fed = await runSimulationFed(shared, feed, config, { sliceEvents: 200 });
        same(whole, fed);
        // the engine's columns, taken; but a classifier's predictions go with the jobs it copies
        const copies = config.spec.resources === true && typeof config.params.classifier === "string";
        expect(feed.answers, s.name).toEqual([copies ? [false, false] : [true, true]]);
        const done = await feed.done;
        sameTrace(trace, done);
        // the trace is the reader's own columns, not the engine's memory
        expect(done.durations.buffer).toBe(feed.trace.durations.buffer);
        expect(fed.trace).toBe(feed.trace);
      } finally {
        feed.close();
      }
    }
  }, 120_000);

  it("leaves a trace that later runs on the same, reused memory neither change nor see changed (--scheduler a,b; --seeds)", async () => {
    // a factory of its own: its kept memory is the fed run's
    const shared = wasmEngineFactory(new WebAssembly.Module(withSharedMemory(wasmBytes())!), { sharedMemory: true });
    const plain = await loadEngine("wasm");
    const feed = watched((await openTraceFeed(file, { chunkBytes: 4096, forEngine: true }))!);
    let done: Trace;
    try {
      same(runSimulation(plain, trace, configFor("hawk")), await runSimulationFed(shared, feed, configFor("hawk"), { sliceEvents: 300 }));
      done = await feed.done;
    } finally {
      feed.close();
    }
    expect(feed.answers).toEqual([[true, true]]);
    // hawk rewrote the engine's estimates (estimation error): not the trace's
    sameTrace(trace, done);
    for (const name of ["eagle", "sparrow", "yaq-c"]) {
      same(runSimulation(plain, trace, configFor(name)), runSimulation(shared, done, configFor(name)));
      sameTrace(trace, done);
    }
    // a second streamed run on the reused memory (as --seeds does)
    const again = watched((await openTraceFeed(file, { chunkBytes: 512, forEngine: true }))!);
    try {
      same(runSimulation(plain, trace, configFor("eagle", 5)), await runSimulationFed(shared, again, configFor("eagle", 5), { sliceEvents: 300 }));
      sameTrace(trace, await again.done);
    } finally {
      again.close();
    }
    expect(again.answers).toEqual([[true, true]]);
    sameTrace(trace, done);
  }, 60_000);

  it("copies as before on an engine without shared memory (the JS engine, an unshared module), and for a feed opened without forEngine", async () => {
    for (const factory of [await loadEngine("js"), await loadEngine("wasm")]) {
      const feed = watched((await openTraceFeed(file, { chunkBytes: 700, forEngine: true }))!);
      try {
        same(runSimulation(factory, trace, configFor("eagle")), await runSimulationFed(factory, feed, configFor("eagle"), { sliceEvents: 300 }));
        expect(feed.answers).toEqual([[false, false]]);
        sameTrace(trace, await feed.done);
      } finally {
        feed.close();
      }
    }
    const shared = await loadEngine("wasm", false, { sharedMemory: true });
    const feed = watched((await openTraceFeed(file, { chunkBytes: 700 }))!);
    try {
      same(runSimulation(shared, trace, configFor("sparrow")), await runSimulationFed(shared, feed, configFor("sparrow"), { sliceEvents: 300 }));
      expect(feed.answers).toEqual([[true, false]]); // offered, declined: the run copied
      sameTrace(trace, await feed.done);
    } finally {
      feed.close();
    }
  });

  it("a feed opened for a run resolves once told there is no engine to fill; fillEngine answers once", async () => {
    const feed = (await openTraceFeed(file, { chunkBytes: 700, forEngine: true }))!;
    try {
      expect(feed.fillEngine!(undefined)).toBe(false);
      sameTrace(trace, await feed.done);
      const e = (await loadEngine("wasm", false, { sharedMemory: true }))();
      e.setup(trace.arrivals.length, trace.durations.length, 1, 1, 0.5, 1, 0, 0);
      expect(feed.fillEngine!({ arrivals: e.arrivalColumn(), taskOffsets: e.firstTaskColumn(), durations: e.durationColumn(),
        estimates: e.estimateColumn() })).toBe(false);
      e.dispose();
    } finally {
      feed.close();
    }
  });

  it("stops with the parser's message at a bad line further on, and the next run on the factory is not disturbed", async () => {
    const text = readFileSync(file, "utf8").split("\n");
    text[600] = text[600].replace(/ [0-9.]+$/, " x7");
    const bad = join(dir, "bad.tr");
    writeFileSync(bad, text.join("\n"));
    let expected = "";
    try { await readTraceFile(bad); } catch (e) { expected = (e as Error).message; }
    expect(expected).toMatch(/bad\.tr:601: field \d+ \(duration \d+\): 'x7' is not a number/);
    const shared = wasmEngineFactory(new WebAssembly.Module(withSharedMemory(wasmBytes())!), { sharedMemory: true });
    const feed = watched((await openTraceFeed(bad, { chunkBytes: 512, forEngine: true }))!);
    try {
      await expect(runSimulationFed(shared, feed, configFor("sparrow"), { sliceEvents: 100 })).rejects.toThrow(expected);
      await expect(feed.done).rejects.toThrow(expected);
    } finally {
      feed.close();
    }
    expect(feed.answers).toEqual([[true, true]]);
    same(runSimulation(await loadEngine("wasm"), trace, configFor("sparrow")), runSimulation(shared, trace, configFor("sparrow")));
  });

  it("the CLI: streamed runs of several schedulers and seeds print the whole-file runs' output, on both engines", () => {
    const bin = join(packageRoot(), "bin/aviary.js");
    const strip = (s: string) => s.replace(/"wallSeconds":[^,]*,"eventsPerSecond":[^}]*/g, "");
    const run = (min: string, engine: string, extra: string[]) => spawnSync(process.execPath,
      [bin, "run", "--trace", file, "--nodes", "30", "--cutoff", "10", "--format", "json", "--engine", engine, ...extra],
      { encoding: "utf8", env: { ...process.env, AVIARY_FEED_MIN_BYTES: min } });
    for (const engine of ["wasm", "js"]) {
      for (const extra of [["--scheduler", "hawk,sparrow,eagle"], ["--scheduler", "eagle", "--seeds", "1-3"]]) {
        const streamed = run("0", engine, extra);
        const whole = run("1000000000", engine, extra);
        expect(streamed.status, streamed.stderr).toBe(0);
        expect(whole.status, whole.stderr).toBe(0);
        expect(strip(streamed.stdout)).toBe(strip(whole.stdout));
        expect(streamed.stdout.trim().split("\n").filter((l) => l.includes('"wallSeconds"'))).toHaveLength(3);
      }
    }
  }, 60_000);
});
