// Direction of the published Hawk/Eagle results on the real sample traces
// (seed-hawk-eagle.md §5.1, §5.8, Table 3.2). Figures we measured are in
// docs/results/hawk-eagle.md beside the papers' numbers. Skipped when ../shared is absent.
import { describe, it, expect } from "vitest";
import { readTraceFile } from "../src/trace/node.js";
import { loadEngine } from "../src/engine/node.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation } from "../src/simulate.js";
import { summarize, type RunSummary } from "../src/metrics/summary.js";
import { findPreset, presetParamsFor } from "../src/config/presets.js";
import { findScheduler } from "../src/config/schedulers.js";
import { haveSharedTraces, sharedTrace } from "./helpers.js";

async function runPreset(file: string, preset: string, scheduler: string, nodes: number, seed = 1): Promise<RunSummary> {
  const trace = await readTraceFile(sharedTrace(file));
  const p = findPreset(preset);
  const config = resolveConfig({ scheduler, nodes, seed, params: presetParamsFor(p, findScheduler(scheduler)) });
  return summarize(runSimulation(await loadEngine("wasm"), trace, config), p.cutoff);
}

describe.skipIf(!haveSharedTraces)("published directions on GOOG_subtrace.tr, google preset, high load", () => {
  it("hawk beats sparrow on short-job p50 and p90 (§5.1)", async () => {
    for (const nodes of [10000, 15000]) {
      const sparrow = await runPreset("GOOG_subtrace.tr", "google", "sparrow", nodes);
      const hawk = await runPreset("GOOG_subtrace.tr", "google", "hawk", nodes);
      expect(hawk.short.p50).toBeLessThan(sparrow.short.p50);
      expect(hawk.short.p90).toBeLessThan(sparrow.short.p90);
    }
  }, 60_000);

  it("eagle beats hawk on short-job p90 and p99 (§5.8), with no probe behind a long task (Table 3.2)", async () => {
    for (const nodes of [10000, 15000]) {
      const hawk = await runPreset("GOOG_subtrace.tr", "google", "hawk", nodes);
      const eagle = await runPreset("GOOG_subtrace.tr", "google", "eagle", nodes);
      expect(eagle.short.p90).toBeLessThan(hawk.short.p90);
      expect(eagle.short.p99).toBeLessThan(hawk.short.p99);
      expect(eagle.counters.probesBehindLong).toBe(0);
      expect(hawk.counters.probesBehindLong).toBeGreaterThan(0);
      // At 15000 nodes (Table 3.2's setting) Hawk steals most of the probes placed behind long
      // tasks (90-98% in the paper); at 10000 nodes (overload) far fewer nodes go idle.
      if (nodes === 15000) expect(hawk.counters.rescheduledProbes / hawk.counters.probesBehindLong).toBeGreaterThan(0.8);
    }
  }, 60_000);
});

describe.skipIf(!haveSharedTraces)("published directions on YH1_sub.tr, yahoo preset", () => {
  it("hawk beats sparrow and eagle beats hawk on short jobs at 4000 nodes", async () => {
    const sparrow = await runPreset("YH1_sub.tr", "yahoo", "sparrow", 4000);
    const hawk = await runPreset("YH1_sub.tr", "yahoo", "hawk", 4000);
    const eagle = await runPreset("YH1_sub.tr", "yahoo", "eagle", 4000);
    expect(hawk.short.p50).toBeLessThan(sparrow.short.p50);
    expect(hawk.short.p90).toBeLessThan(sparrow.short.p90);
    for (const p of ["p50", "p90", "p99"] as const) expect(eagle.short[p]).toBeLessThan(hawk.short[p]);
    expect(eagle.counters.probesBehindLong).toBe(0);
  }, 60_000);
});

describe.skipIf(!haveSharedTraces)("Kairos against Eagle on YH1_sub.tr (seed-kairos-related.md §4.2)", () => {
  it("at high load Kairos improves short-job p99 and worsens long-job p99 (W = 100 s, N = 1, Q = 2)", async () => {
    const trace = await readTraceFile(sharedTrace("YH1_sub.tr"));
    const p = findPreset("yahoo");
    const eagle = summarize(runSimulation(await loadEngine("wasm"), trace,
      resolveConfig({ scheduler: "eagle", nodes: 4000, seed: 1, params: presetParamsFor(p, findScheduler("eagle")) })), p.cutoff);
    const kairos = summarize(runSimulation(await loadEngine("wasm"), trace,
      resolveConfig({ scheduler: "kairos", nodes: 4000, seed: 1, params: presetParamsFor(p, findScheduler("kairos")) })), p.cutoff);
    expect(kairos.short.p99).toBeLessThan(eagle.short.p99);
    expect(kairos.long.p99).toBeGreaterThan(eagle.long.p99);
    // The Google sample does not show the paper's direction yet: see docs/results/kairos.md.
  }, 60_000);
});
