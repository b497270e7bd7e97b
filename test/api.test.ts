// The library API as an embedding program uses it.
import { describe, it, expect } from "vitest";
import { simulate, summarize, parseTr, SCHEDULERS, InputError } from "../src/index.js";

describe("library API", () => {
  it("simulates a parsed trace and reports progress through a callback", async () => {
    const trace = parseTr(new TextEncoder().encode("0 2 1 1 1\n0.5 1 2 2\n1 3 1 1 1 1\n"), "api.tr");
    const seen: number[] = [];
    const r = await simulate(trace, { scheduler: "sparrow", nodes: 4 }, { engine: "js", sliceEvents: 3, onProgress: (p) => seen.push(p.jobsDone) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen[seen.length - 1]).toBe(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const s = summarize(r, 1.5);
    expect(s.short.jobs + s.long.jobs).toBe(3);
    expect(s.long.jobs).toBe(1);
    expect(SCHEDULERS.length).toBeGreaterThanOrEqual(3);
  });

  it("rejects bad configuration with InputError", async () => {
    const trace = parseTr(new TextEncoder().encode("0 1 1 1\n"), "api.tr");
    await expect(simulate(trace, { scheduler: "sparrow", nodes: 0 })).rejects.toBeInstanceOf(InputError);
    await expect(simulate(trace, { scheduler: "sparrow", nodes: 2, params: { probeRatio: 0 } })).rejects.toThrow(/probeRatio/);
  });

  it("keeps a general partition: shortPartition must be below 100%, and 99.9% of 100 nodes leaves one", async () => {
    // Long jobs (estimate 5000 s > the google cutoff) go to the general partition [floor(p% N), N);
    // at 100% it would be empty (Eagle trapped on an out-of-range node, Hawk lost jobs).
    const lines: string[] = [];
    for (let j = 0; j < 40; j++) lines.push(j % 4 === 0 ? `${j} 3 5000 5000 5000 5000` : `${j} 2 10 10 10`);
    const trace = parseTr(new TextEncoder().encode(lines.join("\n") + "\n"), "partition.tr");
    for (const scheduler of ["eagle", "hawk", "split", "clwl", "dlwl"]) {
      await expect(simulate(trace, { scheduler, nodes: 100, params: { cutoff: 1129.532, shortPartition: 100 } }))
        .rejects.toThrow(/shortPartition=100 is out of range: allowed \[0, 100\)/);
      const r = await simulate(trace, { scheduler, nodes: 100, params: { cutoff: 1129.532, shortPartition: 99.9 } }, { engine: "js" });
      expect(r.finish.every((f) => f > 0)).toBe(true); // every job completed
      const s = summarize(r, 1129.532);
      expect([s.short.jobs, s.long.jobs]).toEqual([30, 10]);
    }
  });

  it("an engine failure mid-run says where the run was (events, simulated time, jobs done)", async () => {
    const { loadEngine } = await import("../src/engine/node.js");
    const { resolveConfig } = await import("../src/config/config.js");
    const { runSimulation } = await import("../src/simulate.js");
    const real = await loadEngine("js");
    let calls = 0;
    // The first slice runs; the second fails as a trap would ("unreachable").
    const failing = () => {
      const e = real();
      return { ...e, run: (max: number) => { if (++calls === 2) throw new Error("unreachable"); return e.run(max); } };
    };
    const lines: string[] = [];
    for (let j = 0; j < 50; j++) lines.push(`${j} 2 3 3 3`);
    const trace = parseTr(new TextEncoder().encode(lines.join("\n") + "\n"), "fail.tr");
    const config = resolveConfig({ scheduler: "sparrow", nodes: 4 });
    expect(() => runSimulation(failing, trace, config, { sliceEvents: 20 }))
      .toThrow(/^the js engine stopped after more than 20 events, at simulated time [0-9.]+ s with \d+ of 50 jobs done: unreachable; if the run outgrew/);
    // A failure the engine recorded is decoded into its meaning, in one line.
    calls = 0;
    const recorded = () => {
      const e = failing();
      return { ...e, failureCode: () => (calls >= 2 ? 8 : 0), failureDetail: () => 0 };
    };
    expect(() => runSimulation(recorded, trace, config, { sliceEvents: 20 }))
      .toThrow(/jobs done: the node queues outgrew their 2\^26 records: the cluster is too small for the load \[E_QUEUE_ARENA_FULL\]$/);
  });

  it("a failure the engine records while starting the policy or adding jobs is decoded too", async () => {
    const { loadEngine } = await import("../src/engine/node.js");
    const { resolveConfig } = await import("../src/config/config.js");
    const { runSimulation } = await import("../src/simulate.js");
    const real = await loadEngine("js");
    const trace = parseTr(new TextEncoder().encode("0 2 3 3 3\n1 1 2 2\n"), "start.tr");
    const config = resolveConfig({ scheduler: "sparrow", nodes: 4 });
    // As a policy reading a parameter its description lacks does: fail(13) in its constructor.
    let failed = 0;
    const atStart = () => {
      const e = real();
      return { ...e, start: () => { failed = 13; throw new Error("abort: aviary engine failure 13 at :0:0"); }, failureCode: () => failed };
    };
    expect(() => runSimulation(atStart, trace, config, {}))
      .toThrow(/^the js engine stopped while starting the scheduler at simulated time [0-9.]+ s with \d+ of 2 jobs done: the policy read a parameter its description does not declare .*\[E_UNKNOWN_PARAMETER\]$/);
    // A limit of the input met while adding jobs is bad input (InputError).
    failed = 0;
    const atAdd = () => {
      const e = real();
      return { ...e, addJobs: () => { failed = 17; throw new Error("unreachable"); }, failureCode: () => failed };
    };
    expect(() => runSimulation(atAdd, trace, config, {})).toThrow(InputError);
    failed = 0;
    expect(() => runSimulation(atAdd, trace, config, {}))
      .toThrow(/^the js engine stopped while adding jobs 0-1 at simulated time .*: this scheduler runs bag-of-tasks jobs only.*\[E_DAG_UNSUPPORTED\]$/);
  });

  it("decodes every failure code the engine defines, by the same name", async () => {
    const { readFileSync } = await import("node:fs");
    const { FAILURES } = await import("../src/engine/failures.js");
    const src = readFileSync(new URL("../assembly/errors.ts", import.meta.url), "utf8");
    const codes = [...src.matchAll(/export const (E_\w+): i32 = (\d+);/g)].map((m) => [Number(m[2]), m[1]]);
    expect(codes.length).toBeGreaterThan(10);
    expect(Object.entries(FAILURES).map(([k, f]) => [Number(k), f.name])).toEqual(codes);
    for (const f of Object.values(FAILURES)) expect(f.text).not.toContain("\n");
  });

  it("rejects a trace with more jobs than the engine's queue records can name, before any work", async () => {
    const { ENGINE_MAX_JOBS } = await import("../src/simulate.js");
    const jobs = ENGINE_MAX_JOBS + 1;
    // (only the lengths are read before the check: no 2^27-job columns are built)
    const huge = { name: "huge.tr", arrivals: { length: jobs }, estimates: { length: jobs },
      taskOffsets: Object.assign([0], { length: jobs + 1, [jobs]: 0 }), durations: { length: 0 } };
    await expect(simulate(huge as never, { scheduler: "sparrow", nodes: 2 })).rejects.toThrow(/at most 134217727 jobs/);
  });
});

describe("compat trace quirks (reference simulator)", () => {
  it("truncates durations and means and dephases repeated submission times, keeping them sorted", async () => {
    const { referenceQuirks } = await import("../src/trace/compat.js");
    const t = parseTr(new TextEncoder().encode("5 2 1.5 0.7 2.3\n5 1 3.9 3.9\n5 1 1 1\n5.015 1 1 1\n7 1 2 2\n"), "q.tr");
    const q = referenceQuirks(t);
    expect(Array.from(q.arrivals)).toEqual([5, 5.01, 5.02, 5.02, 7]);
    expect(Array.from(q.durations)).toEqual([0, 2, 3, 1, 1, 2]);
    expect(Array.from(q.estimates)).toEqual([1, 3, 1, 1, 2]);
    const r = await simulate(t, { scheduler: "sparrow", nodes: 2, params: { compat: true } }, { engine: "js" });
    expect(Array.from(r.trace.arrivals)).toEqual(Array.from(q.arrivals));
  });
});
