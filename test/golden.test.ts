// The determinism promise (README, "Determinism"): same inputs, seed and version give the same
// results and the same JSON summary (all but engine and timings) on both engines, across runs,
// streamed or read whole — checked against the committed golden file (test/golden/results.json,
// bench/golden.ts). CI checks the same file again under Node 22.
import { describe, it, expect } from "vitest";
import { loadEngine } from "../src/engine/node.js";
import { runSimulation, runSimulationFed, runSimulationAsync } from "../src/simulate.js";
import { summarize } from "../src/metrics/summary.js";
import { openTraceFeed } from "../src/trace/node.js";
import { SCHEDULERS } from "../src/config/schedulers.js";
import { computeGolden, goldenDiff, goldenSetups, goldenConfig, goldenRow, readGolden, deterministicSummary, GOLDEN_HINT } from "../bench/golden.js";
import { haveSharedTraces, sharedTrace } from "./helpers.js";

describe("the golden results", () => {
  it("the file has a row for every scheduler on every set-up", async () => {
    const golden = readGolden();
    const setups = ["google-like 3000 jobs, 1500 nodes", "YH1_sub.tr, 4000 nodes", "NGO_trace90.tr, 120 nodes"];
    const missing = SCHEDULERS.flatMap((s) => setups.map((setup) => `${s.name} @ ${setup}`))
      .filter((row) => !/^[0-9a-f]{12} [0-9a-f]{12}$/.test(golden[row] ?? ""))
      .map((row) => `no golden row for scheduler '${row.replace(" @ ", "' on ")}`);
    const known = new Set(SCHEDULERS.map((s) => s.name));
    const stale = Object.keys(golden).filter((row) => !known.has(row.split(" @ ")[0]))
      .map((row) => `golden row '${row}' names no scheduler of the catalogue`);
    expect([...missing, ...stale], GOLDEN_HINT).toEqual([]);
  });

  it("the Wasm engine gives every golden row", async () => {
    const setups = await goldenSetups();
    expect(goldenDiff(await computeGolden(await loadEngine("wasm"), setups)), GOLDEN_HINT).toEqual([]);
  }, 60_000);

  it("the JS engine gives the golden rows of the generated workload", async () => {
    const setups = (await goldenSetups()).slice(0, 1);
    expect(goldenDiff(await computeGolden(await loadEngine("js"), setups)), GOLDEN_HINT).toEqual([]);
  }, 60_000);

  it("across runs, and run slice by slice with the event loop in between", async () => {
    const [setup] = await goldenSetups();
    const factory = await loadEngine("wasm");
    for (const name of ["eagle", "pigeon", "dlwl"]) {
      const { config, cutoff } = goldenConfig(SCHEDULERS.find((s) => s.name === name)!, setup);
      const a = summarize(runSimulation(factory, setup.trace, config), cutoff);
      const b = summarize(await runSimulationAsync(factory, setup.trace, config, { sliceEvents: 20000 }), cutoff);
      expect(deterministicSummary(b)).toBe(deterministicSummary(a));
    }
  }, 60_000);

  it.skipIf(!haveSharedTraces)("a streamed .tr file gives the golden rows", async () => {
    const setup = (await goldenSetups()).find((s) => s.name.startsWith("YH1_sub"))!;
    const golden = readGolden();
    const factory = await loadEngine("wasm");
    for (const name of ["sparrow", "hawk", "eagle", "pigeon"]) {
      const { config, cutoff } = goldenConfig(SCHEDULERS.find((s) => s.name === name)!, setup);
      const feed = (await openTraceFeed(sharedTrace("YH1_sub.tr"), { chunkBytes: 4096 }))!;
      try {
        const r = await runSimulationFed(factory, feed, config, { sliceEvents: 5000 });
        await feed.done;
        expect(goldenRow(r, cutoff)).toBe(golden[`${name} @ ${setup.name}`]);
      } finally {
        feed.close();
      }
    }
  });
});
