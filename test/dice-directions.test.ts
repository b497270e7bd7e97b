// The directions of Dice's published results (seed-dice.md §6.2 Table 1, §6.8), at sizes that run
// in seconds: a bigger static short partition (2 -> 4 -> 6 -> 8 %, Yahoo preset) lowers short
// jobs' completion times and raises long jobs', for Hawk and for Eagle; Dice improves short jobs
// over its host at high load, and its gains shrink as the cluster grows. The numbers beside the
// paper's: docs/results/dice.md.
import { describe, it, expect } from "vitest";
import { simulate, haveSharedTraces, sharedTrace } from "./helpers.js";
import type { SimResult } from "../src/simulate.js";
import type { Trace } from "../src/trace/types.js";
import { generateWorkload } from "../src/workloads.js";
import { loadEngineRng } from "../src/engine/node.js";
import { readTraceFile } from "../src/trace/node.js";
import { findPreset, paramsForScheduler } from "../src/config/presets.js";

/** Nearest-rank percentiles (spec §8 #19) of the completion times of one class. */
function classPercentiles(r: SimResult, cutoff: number, long: boolean, qs = [0.5, 0.75, 0.9]): number[] {
  const t = r.trace;
  const xs: number[] = [];
  for (let j = 0; j < t.arrivals.length; j++) if ((t.estimates[j] > cutoff) === long) xs.push(r.finish[j] - t.arrivals[j]);
  xs.sort((a, b) => a - b);
  return qs.map((q) => xs[Math.max(0, Math.ceil(q * xs.length) - 1)]);
}

async function runPreset(trace: Trace, scheduler: string, nodes: number, preset: string, extra: Record<string, unknown> = {}, seed = 1) {
  const p = findPreset(preset);
  const params = paramsForScheduler(scheduler, { explicit: extra, preset: p });
  const r = await simulate(trace, { scheduler, nodes, seed, params } as any, "wasm", false);
  return { short: classPercentiles(r, p.cutoff!, false), long: classPercentiles(r, p.cutoff!, true), r };
}

/** Table 1's direction over 2, 4, 6, 8 %: short p50/p90 never rise, long p50/p90 never fall, and
 *  from 2 % to 8 % short falls and long rises strictly. */
async function table1(trace: Trace, nodes: number, scheduler: string): Promise<void> {
  const rows = [];
  for (const shortPartition of [2, 4, 6, 8]) rows.push(await runPreset(trace, scheduler, nodes, "dice-yahoo", { shortPartition }));
  for (const q of [0, 2]) { // p50, p90
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].short[q]).toBeLessThanOrEqual(rows[i - 1].short[q]);
      expect(rows[i].long[q]).toBeGreaterThanOrEqual(rows[i - 1].long[q]);
    }
    expect(rows[3].short[q]).toBeLessThan(rows[0].short[q]);
    expect(rows[3].long[q]).toBeGreaterThan(rows[0].long[q]);
  }
}

const inCI = process.env.CI === "true";
if (!haveSharedTraces && !inCI) console.warn("WARNING: ../shared/traces is absent: the YH1_sub.tr directions of Table 1 are skipped");

describe("Table 1 (§6.2): static short partition 2 -> 4 -> 6 -> 8 %", async () => {
  const { Rng } = await loadEngineRng();
  // yahoo-like at 4,000 nodes (its default arrival rate, a load of 0.95 of 4,000 nodes), 8,000 jobs.
  const yahooLike = generateWorkload("yahoo-like", { jobs: 8000 }, { nodes: 4000, slots: 1, seed: 1 }, (s) => new Rng(1, s));
  for (const scheduler of ["hawk", "eagle"]) {
    it(`${scheduler}, yahoo-like at 4,000 nodes`, { timeout: 60_000 }, async () => {
      await table1(yahooLike, 4000, scheduler);
    });
    // YH1_sub.tr is a 2,910-job slice lighter than the whole Yahoo trace: at 3,000 nodes its
    // utilization (0.79-0.83 over 2-8 %) is near the full trace's at 4,000 (spec §4: about
    // 71 %), and every direction holds; at 4,000 nodes Hawk's short p50 is its tasks' own
    // length (104-110 s, no queueing to remove) and only the ends of the sweep are tested.
    it.skipIf(!haveSharedTraces && !inCI)(`${scheduler}, YH1_sub.tr at 3,000 nodes (and 2 % vs 8 % at 4,000)`, { timeout: 60_000 }, async () => {
      if (!haveSharedTraces) throw new Error("../shared/traces is absent under CI");
      const yh1 = await readTraceFile(sharedTrace("YH1_sub.tr"));
      await table1(yh1, 3000, scheduler);
      const a = await runPreset(yh1, scheduler, 4000, "dice-yahoo", { shortPartition: 2 });
      const b = await runPreset(yh1, scheduler, 4000, "dice-yahoo", { shortPartition: 8 });
      expect(b.short[2]).toBeLessThan(a.short[2]);
      expect(b.long[0]).toBeGreaterThan(a.long[0]);
    });
  }
});

describe("Dice vs its host (§6.8)", async () => {
  const { Rng } = await loadEngineRng();
  const improvement = (base: number[], x: number[]) => base.map((b, i) => (b - x[i]) / b);

  it("yahoo-like (dice-yahoo): short p50/p75/p90 improve at 3,000 nodes for both hosts, at a long cost under Hawk; gains shrink by 5,000", { timeout: 120_000 }, async () => {
    const gains: Record<string, number[][]> = { hawk: [], eagle: [] };
    for (const nodes of [3000, 5000]) {
      const trace = generateWorkload("yahoo-like", { jobs: 8000 }, { nodes, slots: 1, seed: 1 }, (s) => new Rng(1, s));
      for (const host of ["hawk", "eagle"]) {
        const base = await runPreset(trace, host, nodes, "dice-yahoo");
        const dice = await runPreset(trace, `${host}-dice`, nodes, "dice-yahoo");
        const g = improvement(base.short, dice.short);
        gains[host].push(g);
        if (nodes === 3000) {
          for (const x of g) expect(x).toBeGreaterThan(0.3); // the paper: 74-97 %
          expect(dice.r.counters.diceWindowsActive).toBeGreaterThan(0);
          if (host === "hawk") {
            expect(dice.long[0]).toBeGreaterThan(base.long[0]); // the paper: +14.3 % (Hawk)
            expect(dice.r.counters.diceRequestsHonoured).toBeGreaterThan(0);
          }
        }
      }
    }
    for (const host of ["hawk", "eagle"]) {
      for (let q = 0; q < 3; q++) expect(Math.abs(gains[host][1][q])).toBeLessThan(gains[host][0][q]);
      for (let q = 0; q < 3; q++) expect(Math.abs(gains[host][1][q])).toBeLessThan(0.1); // 5,000 nodes: little to gain
    }
  });

  it("google-like at 12,000 nodes (dice-google): short p50/p75/p90 improve for both hosts", { timeout: 120_000 }, async () => {
    const trace = generateWorkload("google-like", { jobs: 20000 }, { nodes: 12000, slots: 1, seed: 1 }, (s) => new Rng(1, s));
    for (const host of ["hawk", "eagle"]) {
      const base = await runPreset(trace, host, 12000, "dice-google");
      const dice = await runPreset(trace, `${host}-dice`, 12000, "dice-google");
      for (const x of improvement(base.short, dice.short)) expect(x).toBeGreaterThan(0);
      expect(dice.r.counters.diceConvertedNodesMean).toBeGreaterThan(0);
    }
  });
});
