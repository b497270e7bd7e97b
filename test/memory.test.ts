// Bounded memory: the bound a run is checked against before it starts (src/engine/memory.ts),
// the --max-memory refusal, and the engine's own out-of-memory failures as one line.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { estimateRunMemory, parseSize, checkMemory, isOutOfMemory } from "../src/engine/memory.js";
import { loadEngine, packageRoot } from "../src/engine/node.js";
import { resolveConfig } from "../src/config/config.js";
import { SCHEDULERS } from "../src/config/schedulers.js";
import { runSimulation } from "../src/simulate.js";
import { generateTraceLikeWithEngineRng, generatePoissonWithEngineRng } from "../src/trace/node.js";
import { InputError } from "../src/errors.js";
import type { EngineFactory } from "../src/engine/types.js";

describe("the memory bound", () => {
  it("parses sizes in binary units and rejects anything else in one line", () => {
    expect(parseSize("100MB")).toBe(100 * 2 ** 20);
    expect(parseSize("1.5g")).toBe(1.5 * 2 ** 30);
    expect(parseSize("512 MiB")).toBe(512 * 2 ** 20);
    expect(parseSize("2e9")).toBe(2e9);
    for (const bad of ["", "0", "-1GB", "12XB", "GB", "1e999"]) expect(() => parseSize(bad)).toThrow(InputError);
  });

  it("is at least the Wasm engine's memory after a run, for every scheduler", async () => {
    // The engine's memory never shrinks: read at dispose, it is the run's peak.
    const wasm = await loadEngine("wasm");
    let peak = 0;
    const factory: EngineFactory = () => {
      const e = wasm();
      const dispose = e.dispose;
      e.dispose = () => { peak = e.memoryBytes!(); dispose(); };
      return e;
    };
    const google = (await generateTraceLikeWithEngineRng({ generator: "google-like", jobs: 4000, seed: 2 })).trace;
    const single = await generatePoissonWithEngineRng({ jobs: 100_000, tasks: 1, duration: "exp:1", load: 0.9, nodes: 500, seed: 1 });
    for (const [trace, nodes] of [[google, 2000], [single, 500]] as const) {
      for (const spec of SCHEDULERS) {
        const config = resolveConfig({ scheduler: spec.name, nodes, params: {} });
        for (const recordTasks of [false, true]) {
          runSimulation(factory, trace, config, { recordTasks });
          const bound = estimateRunMemory({ jobs: trace.arrivals.length, tasks: trace.durations.length }, config, { recordTasks });
          expect(bound.engineBytes, `${spec.name} ${nodes} nodes ${recordTasks}`).toBeGreaterThanOrEqual(peak);
          expect(bound.engineBytes).toBeLessThan(12 * peak + 64 * 2 ** 20); // and not absurdly loose
        }
      }
    }
  }, 60_000);

  it("refuses a run over the limit with one line saying what it needs", () => {
    const config = resolveConfig({ scheduler: "eagle", nodes: 15000 });
    const e = estimateRunMemory({ jobs: 506460, tasks: 15607367 }, config);
    expect(() => checkMemory(e, 100 * 2 ** 20, "this run")).toThrow(/^this run needs up to [0-9.]+ GB \(trace 133 MB, engine [0-9.]+ GB\), more than --max-memory 100 MB/);
    expect(() => checkMemory(e, 16 * 2 ** 30, "this run")).not.toThrow();
  });

  it("recognises the engines' out-of-memory failures", () => {
    expect(isOutOfMemory(new RangeError("Array buffer allocation failed"))).toBe(true);
    expect(isOutOfMemory(new RangeError("Invalid typed array length: 4294967296"))).toBe(true);
    expect(isOutOfMemory(new Error("unreachable"), 4 * 2 ** 30 - 64 * 2 ** 20)).toBe(true);
    expect(isOutOfMemory(new Error("unreachable"), 200 * 2 ** 20)).toBe(false);
    expect(isOutOfMemory(new Error("aviary engine failure 3"))).toBe(false);
  });

  it("aviary run --max-memory: exit 2, one line, no output file", () => {
    const dir = mkdtempSync(join(tmpdir(), "aviary-mem-"));
    const out = join(dir, "jobs.csv");
    const r = spawnSync(process.execPath, [join(packageRoot(), "bin/aviary.js"), "run", "--workload", "google-like", "--jobs", "20000",
      "--scheduler", "eagle", "--nodes", "15000", "--max-memory", "10MB", "--per-job", out], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^aviary: error: scheduler 'eagle' on 15000 nodes with this trace \(20000 jobs, \d+ tasks\) needs up to \d+ MB \(trace \d+ MB, engine \d+ MB\), more than --max-memory 10 MB/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });

  it("aviary compare --max-memory: the trace once and an engine per worker; exit 2, one line, no output file", () => {
    const dir = mkdtempSync(join(tmpdir(), "aviary-mem-"));
    const out = join(dir, "c.json");
    const r = spawnSync(process.execPath, [join(packageRoot(), "bin/aviary.js"), "compare", "--workload", "default",
      "--schedulers", "random,sparrow", "--nodes", "800,1000", "--workers", "2", "--max-memory", "20MB", "--format", "json", "-o", out], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^aviary: error: this grid \(2 workers at once, the largest run 'sparrow' on 1000 nodes; 20000 jobs, 400000 tasks\) needs up to \d+ MB \(trace \d+ MB, engine \d+ MB\), more than --max-memory 20 MB/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
    // The same grid within its bound runs.
    const ok = spawnSync(process.execPath, [join(packageRoot(), "bin/aviary.js"), "compare", "--workload", "default", "--jobs", "2000",
      "--schedulers", "random,sparrow", "--nodes", "800", "--max-memory", "1GB", "--format", "json", "-o", out], { encoding: "utf8" });
    expect(ok.status).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8")).results).toHaveLength(2);
  });
});
