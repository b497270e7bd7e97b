// Utilisation and queue series (src/plot/series.ts): exact per-bin integrals of step functions,
// checked on hand-computed cases and by conservation on real runs; and the CDF quantile grid.
import { describe, it, expect } from "vitest";
import { binnedOccupancy, usageSeries, runSeries, checkSeries } from "../src/plot/series.js";
import { CDF_QUANTILES, completionCdf, runCdf } from "../src/metrics/cdf.js";
import { summarize, quantileNearestRank } from "../src/metrics/summary.js";
import { InputError } from "../src/errors.js";
import { generateWorkload } from "../src/workloads.js";
import { loadEngineRng } from "../src/engine/node.js";
import { makeTrace, simulate } from "./helpers.js";

const close = (a: ArrayLike<number>, b: number[]) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < b.length; i++) expect(a[i]).toBeCloseTo(b[i], 12);
};

describe("binnedOccupancy", () => {
  it("integrates one interval exactly over the bins it overlaps", () => {
    // [0.5, 2.5) over [0, 4) in 4 bins of 1 s: 0.5, 1, 0.5, 0.
    close(binnedOccupancy({ from: [0.5], to: [2.5] }, 0, 4, 4), [0.5, 1, 0.5, 0]);
  });
  it("adds overlapping intervals and clips them to the window", () => {
    // [-1, 1) -> bin 0 gets 1; [0.25, 0.75) -> bin 0 gets 0.5; [1.5, 10) -> bin 1 gets 0.5, bin 2 1, bin 3 1.
    close(binnedOccupancy({ from: [-1, 0.25, 1.5], to: [1, 0.75, 10] }, 0, 4, 4), [1.5, 0.5, 1, 1]);
  });
  it("counts nothing for empty or outside intervals", () => {
    close(binnedOccupancy({ from: [1, 5, -3, 2], to: [1, 6, -1, 1] }, 0, 4, 2), [0, 0]);
  });
  it("is exact at bin edges and in a single bin", () => {
    close(binnedOccupancy({ from: [1, 2], to: [2, 3] }, 0, 3, 3), [0, 1, 1]);
    close(binnedOccupancy({ from: [0.1, 0.2], to: [0.3, 0.9] }, 0, 1, 1), [0.2 + 0.7]);
  });
  it("conserves the total overlap with non-round bin widths", () => {
    const from: number[] = [], to: number[] = [];
    let total = 0;
    for (let i = 0; i < 500; i++) {
      const a = (i * 7.31) % 97, b = a + ((i * 3.17) % 11);
      from.push(a); to.push(b);
      total += Math.max(0, Math.min(b, 100) - Math.max(a, 0));
    }
    for (const bins of [1, 3, 7, 100, 333]) {
      const s = binnedOccupancy({ from, to }, 0, 100, bins).reduce((x, y) => x + y, 0);
      expect(s).toBeCloseTo(total, 8);
    }
  });
  it("rejects a bad window or bin count in one line", () => {
    expect(() => binnedOccupancy({ from: [], to: [] }, 1, 1, 4)).toThrow(InputError);
    expect(() => binnedOccupancy({ from: [], to: [] }, 0, 1, 0)).toThrow(/bins/);
  });
});

describe("usageSeries", () => {
  it("matches a hand-computed two-job, two-slot run", () => {
    // Job 0 at t=0: tasks A [0, 2), B [1, 3) (B queued [0, 1)). Job 1 at t=1: task C [3, 4)
    // (queued [1, 3)). Window [0, 4), 4 bins, 2 slots.
    // busy per bin: [1, 2, 1, 1]; queued per bin: [1, 1, 1, 0].
    const s = usageSeries({ arrivals: [0, 1], taskOffsets: [0, 2, 3], start: [0, 1, 3], end: [2, 3, 4], slots: 2, bins: 4 });
    expect(s).toMatchObject({ bins: 4, t0: 0, t1: 4, width: 1, exact: true });
    close(s.time, [0, 1, 2, 3]);
    close(s.running, [1, 2, 1, 1]);
    close(s.utilization, [0.5, 1, 0.5, 0.5]);
    close(s.queue, [1, 1, 1, 0]);
    expect(checkSeries(JSON.parse(JSON.stringify(s)), "x")).toEqual(s);
  });
  it("averages within a bin (2 bins of 2 s)", () => {
    const s = usageSeries({ arrivals: [0, 1], taskOffsets: [0, 2, 3], start: [0, 1, 3], end: [2, 3, 4], slots: 2, bins: 2 });
    close(s.running, [1.5, 1]);
    close(s.queue, [1, 0.5]);
  });
  it("rejects mismatched columns", () => {
    expect(() => usageSeries({ arrivals: [0], taskOffsets: [0, 2], start: [0], end: [1], slots: 1 })).toThrow(InputError);
  });
});

async function defaultWorkload(jobs: number) {
  const mod = await loadEngineRng();
  return generateWorkload("default", { jobs }, { nodes: 100, slots: 1, seed: 3 }, (stream) => new mod.Rng(3, stream));
}

describe("series and cdf of real runs", () => {
  it.each(["sparrow", "lwl", "random", "eagle"])("%s: busy integral = task-seconds; mean utilization = the summary's", async (scheduler) => {
    const trace = await defaultWorkload(2000);
    const r = await simulate(trace, { scheduler, nodes: 100, seed: 3 });
    const s = runSeries(r, 137);
    const busy = s.running.reduce((x, v) => x + v * s.width, 0);
    const taskSeconds = trace.durations.reduce((x, d) => x + d, 0);
    expect(busy).toBeCloseTo(taskSeconds, 6);
    // The engine's busy slot-seconds add the slot held during get-task round trips (late binding).
    const sum = summarize(r);
    const meanUtil = s.utilization.reduce((x, v) => x + v, 0) / s.bins;
    expect(meanUtil).toBeLessThanOrEqual(sum.utilization + 1e-12);
    expect(meanUtil).toBeGreaterThan(sum.utilization * 0.97);
    // Queue integral = total waiting time (start - arrival) of every task.
    let wait = 0;
    for (let j = 0; j < trace.arrivals.length; j++) {
      for (let t = trace.taskOffsets[j]; t < trace.taskOffsets[j + 1]; t++) wait += r.tasks!.start[t] - trace.arrivals[j];
    }
    expect(s.queue.reduce((x, v) => x + v * s.width, 0)).toBeCloseTo(wait, 6);
  });

  it("kairos (preemptive): marked inexact, busy total still the task-seconds", async () => {
    const trace = await defaultWorkload(1000);
    const r = await simulate(trace, { scheduler: "kairos", nodes: 100, seed: 3 });
    const s = runSeries(r, 50);
    expect(s.exact).toBe(false);
    const taskSeconds = trace.durations.reduce((x, d) => x + d, 0);
    expect(s.running.reduce((x, v) => x + v * s.width, 0)).toBeCloseTo(taskSeconds, 6);
  });

  it("the CDF's 0.5/0.9/0.99 points are the summary's p50/p90/p99, min and max its ends", async () => {
    const trace = await defaultWorkload(1000);
    const r = await simulate(trace, { scheduler: "sparrow", nodes: 100 });
    const cutoff = 1;
    const cdf = runCdf(r, cutoff);
    const sum = summarize(r, cutoff);
    expect(cdf.q).toEqual([...CDF_QUANTILES]);
    for (const cls of ["short", "long"] as const) {
      const at = (q: number) => cdf[cls][cdf.q.indexOf(q)];
      expect(at(0.5)).toBe(sum[cls].p50);
      expect(at(0.9)).toBe(sum[cls].p90);
      expect(at(0.99)).toBe(sum[cls].p99);
      for (let i = 1; i < cdf[cls].length; i++) expect(cdf[cls][i]).toBeGreaterThanOrEqual(cdf[cls][i - 1]);
    }
  });

  it("the quantile grid: 0 .. 0.99 by 0.005, the tail by 0.001, 0.9995, 1", () => {
    expect(CDF_QUANTILES.length).toBe(210);
    expect(CDF_QUANTILES[0]).toBe(0);
    expect(CDF_QUANTILES[198]).toBe(0.99);
    expect(CDF_QUANTILES.at(-2)).toBe(0.9995);
    expect(CDF_QUANTILES.at(-1)).toBe(1);
    const c = completionCdf([5, 1, 3, 2, 4], []);
    expect(c.long).toEqual([]);
    expect(c.short[0]).toBe(1);
    expect(c.short.at(-1)).toBe(5);
    const sorted = Float64Array.from([1, 2, 3, 4, 5]);
    CDF_QUANTILES.forEach((q, i) => { if (q > 0) expect(c.short[i]).toBe(quantileNearestRank(sorted, 100 * q)); });
  });

  it("a hand trace on two nodes: the series shows its queue", async () => {
    // Three 2 s tasks at t=0 on one node: busy [0, 6), queue 2 tasks on [0, 2), 1 on [2, 4).
    const trace = makeTrace([[0, [2, 2, 2]]]);
    const r = await simulate(trace, { scheduler: "lwl", nodes: 1, params: { networkDelay: 0 } });
    const s = runSeries(r, 3);
    close(s.utilization, [1, 1, 1]);
    close(s.queue, [2, 1, 0]);
  });
});
