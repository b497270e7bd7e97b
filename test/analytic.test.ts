// Analytic checks against queueing theory on generated workloads.
import { describe, it, expect } from "vitest";
import { generatePoissonWithEngineRng } from "../src/trace/node.js";
import { simulate } from "./helpers.js";
import { summarize } from "../src/metrics/summary.js";

describe("random placement of single-task jobs is M/M/1 at every node", () => {
  // Poisson arrivals split uniformly at random over n nodes stay Poisson (rate lambda/n)
  // per node; exp(1) service and FIFO make each node M/M/1 with mean sojourn 1/(mu - lambda).
  // The 0.5 ms placement delay adds to every job.
  it.each([
    [0.5, 400_000],
    [0.8, 1_000_000],
  ])("load %s: mean sojourn within 3%% of 1/(mu - lambda)", async (load, jobs) => {
    const nodes = 100;
    const trace = await generatePoissonWithEngineRng({ jobs, tasks: 1, duration: "exp:1", load, nodes, seed: 3 });
    const r = await simulate(trace, { scheduler: "random", nodes, seed: 3 }, "wasm", false);
    const s = summarize(r);
    const expected = 1 / (1 - load) + 0.0005;
    expect(Math.abs(s.short.mean - expected) / expected).toBeLessThan(0.03);
    expect(Math.abs(s.utilization - load)).toBeLessThan(0.01);
  });
});

describe("an idle cluster adds only the modelled delays", () => {
  it("sparrow on a lightly loaded cluster: completion = longest task + 3 x delay for most jobs", async () => {
    const trace = await generatePoissonWithEngineRng({ jobs: 2000, tasks: 2, duration: "const:1", load: 0.01, nodes: 1000, seed: 4 });
    const r = await simulate(trace, { scheduler: "sparrow", nodes: 1000, seed: 4 }, "wasm", false);
    const s = summarize(r);
    expect(s.short.p50).toBeCloseTo(1 + 3 * 0.0005, 9);
  });
});
