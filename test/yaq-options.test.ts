// Yaq's options from spec seed-yaq.md §7 #11-#13 and §2.7 (docs/models/yaq.md "Estimates" and
// "Queue reordering"): estimate noise, runtime refinement, no prior estimates, heartbeat-stale job
// progress and the RM's global job order — each on a hand-computed scenario, each Wasm == JS with
// the invariants on generated workloads, and each off by default.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { simulate, makeTrace, checkInvariants, sameOnBothEngines } from "./helpers.js";
import { loadEngineRng, packageRoot } from "../src/engine/node.js";
import { generateYaq } from "../src/trace/yaq.js";
import type { Trace } from "../src/trace/types.js";

/** Start times of the tasks on one node with one slot (yaq-d, no network delay, no starvation,
 *  exact job progress unless the test asks for heartbeat staleness). */
async function starts(trace: Trace, params: Record<string, number | string>, seed = 1): Promise<number[]> {
  const r = await simulate(trace, { scheduler: "yaq-d", nodes: 1, slots: 1, seed, params: { networkDelay: 0, ST: "inf", progressStaleness: "exact", ...params } }, "wasm", true);
  checkInvariants(r);
  return Array.from(r.tasks!.start);
}

/** The jobs of the tasks in the order they started. */
function jobOrder(trace: Trace, start: Float64Array): number[] {
  const jobOf: number[] = [];
  for (let j = 0; j + 1 < trace.taskOffsets.length; j++) for (let k = trace.taskOffsets[j]; k < trace.taskOffsets[j + 1]; k++) jobOf.push(j);
  return jobOf.map((j, k) => [start[k], k, j]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
}

describe("estimate noise (§7 #11: lognormal σ per job-stage, stream 27)", () => {
  // J0: one 10 s task (runs 0-10); J1-J6 at 1-6: one 2 s task each, estimate 2 s. Without noise STF
  // ties and serves them by queue time (J1..J6); with noise each job's estimate is 2 x exp(σ Z_j),
  // Z_j the polar method's draws on stream 27 in job order (J0 draws first), so STF serves them by
  // Z_j. The test draws the same Z's from the engine's Rng with the host's Math.
  const trace = makeTrace([[0, [10]], [1, [2]], [2, [2]], [3, [2]], [4, [2]], [5, [2]], [6, [2]]]);
  it("off (σ = 0): STF serves equal estimates by queue time", async () => {
    expect(await starts(trace, { order: "stf" })).toEqual([0, 10, 12, 14, 16, 18, 20]);
  });
  it.each([1, 2, 3])("σ = 0.5, seed %s: STF serves the jobs by their draws", async (seed) => {
    const mod = await loadEngineRng();
    const rng = new mod.Rng(seed, 27);
    const z: number[] = [];
    for (let j = 0; j < 7; j++) {
      for (;;) {
        const u = 2 * rng.nextFloat() - 1;
        const v = 2 * rng.nextFloat() - 1;
        const s = u * u + v * v;
        if (s >= 1 || s === 0) continue;
        z.push(u * Math.sqrt((-2 * Math.log(s)) / s));
        break;
      }
    }
    const byDraw = [1, 2, 3, 4, 5, 6].sort((a, b) => z[a] - z[b]);
    const expected = new Array(7).fill(0);
    byDraw.forEach((j, i) => { expected[j] = 10 + 2 * i; });
    expect(await starts(trace, { order: "stf", estNoise: 0.5 }, seed)).toEqual(expected);
    // EJF ignores estimates: the noise changes nothing.
    expect(await starts(trace, { order: "ejf", estNoise: 0.5 }, seed)).toEqual([0, 10, 12, 14, 16, 18, 20]);
  });
  it("one factor per stage: a job's tasks keep equal estimates (STF never splits a job's equal tasks)", async () => {
    const t2 = makeTrace([[0, [10]], [1, [2, 2, 2]], [2, [2, 2, 2]]]);
    for (const seed of [1, 2, 3, 4]) {
      const r = await simulate(t2, { scheduler: "yaq-d", nodes: 1, slots: 1, seed, params: { networkDelay: 0, ST: "inf", order: "stf", estNoise: 0.5 } }, "wasm", true);
      const o = jobOrder(t2, r.tasks!.start);
      expect([[0, 1, 1, 1, 2, 2, 2], [0, 2, 2, 2, 1, 1, 1]]).toContainEqual(o);
    }
  });
});

describe("runtime refinement (§7 #11: the stage's running mean after k completions)", () => {
  // J1 at 0: five tasks of 1, 1, 4, 1, 1 s, estimate 10 s (a bad prior); J2 at 2.5: two 3 s tasks,
  // estimate 3 s. One slot, STF. J1's first three run 0-1, 1-2, 2-6 (J2 arrives at 2.5). At 6 J1
  // has 3 completions, mean (1 + 1 + 4) / 3 = 2 s: with k = 3 J1's estimate becomes 2 < 3 and its
  // last two tasks go first (6, 7), then J2 (8, 11); without refinement, or with k = 4 (only 3
  // completions at 6), J2 goes first (6, 9) and J1 after (12, 13). (The last duration, 4, would
  // put J2 first: the estimate is the mean, not the last value.)
  const trace = makeTrace([[0, [1, 1, 4, 1, 1], 10], [2.5, [3, 3], 3]]);
  it("off: the prior (10 s) keeps J1 behind J2", async () => {
    expect(await starts(trace, { order: "stf" })).toEqual([0, 1, 2, 12, 13, 6, 9]);
  });
  it("k = 3: J1's refined estimate (2 s) puts its last tasks first", async () => {
    expect(await starts(trace, { order: "stf", estRefine: 3 })).toEqual([0, 1, 2, 6, 7, 8, 11]);
  });
  it("k = 4: not yet refined at 6", async () => {
    expect(await starts(trace, { order: "stf", estRefine: 4 })).toEqual([0, 1, 2, 12, 13, 6, 9]);
  });
  it("SRJF follows: J1's remaining work becomes 2 x 2 = 4 s against J2's 6 s", async () => {
    // Without refinement J1's remaining work at 6 is 2 x 10 = 20 s > J2's 6 s.
    expect(await starts(trace, { order: "srjf" })).toEqual([0, 1, 2, 12, 13, 6, 9]);
    expect(await starts(trace, { order: "srjf", estRefine: 3 })).toEqual([0, 1, 2, 6, 7, 8, 11]);
  });
  it("no prior (estPrior = none): every task starts at estDefault until refined", async () => {
    // All estimates 10 s: STF ties, queue time decides (J1's tasks queued at 0 first): J1, J2.
    expect(await starts(trace, { order: "stf", estPrior: "none" })).toEqual([0, 1, 2, 6, 7, 8, 11]);
    // estDefault = 1 for every task, J2's prior (3 s) included: at 6 J1 is refined to 2 (k = 3)
    // against J2's 1: J2 first.
    expect(await starts(trace, { order: "stf", estPrior: "none", estDefault: 1, estRefine: 3 })).toEqual([0, 1, 2, 12, 13, 6, 9]);
  });
});

describe("heartbeat-stale job progress (§7 #12-#13)", () => {
  // yaq-d: the nodes' information is refreshed at k x τ (τ = 10: at 0, 10, ...). J1 at 0: four 1 s
  // tasks; J2 at 0.5: three 1 s tasks. One slot, LRTF. Exact: at 1 J1 has 3 left, J2 3: a tie,
  // J1's tasks waited longer; then J1 has fewer: J1 runs 0-4, J2 4-7. Stale: the node knows the
  // jobs' progress as of 0 (J1 4, J2 3): J2 first (1, 2, 3), then J1 (4, 5, 6).
  const trace = makeTrace([[0, [1, 1, 1, 1]], [0.5, [1, 1, 1]]]);
  it("LRTF exact vs heartbeat", async () => {
    expect(await starts(trace, { order: "lrtf", heartbeat: 10 })).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await starts(trace, { order: "lrtf", heartbeat: 10, progressStaleness: "heartbeat" })).toEqual([0, 4, 5, 6, 1, 2, 3]);
  });
  it("SRJF exact vs heartbeat (work 4 vs 3 s as of 0; 3 vs 3 s exactly at 1)", async () => {
    expect(await starts(trace, { order: "srjf", heartbeat: 10 })).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await starts(trace, { order: "srjf", heartbeat: 10, progressStaleness: "heartbeat" })).toEqual([0, 4, 5, 6, 1, 2, 3]);
  });
  it("a heartbeat between the completions brings the node up to date (τ = 1.5: at 1.5 J1 is known at 3 left)", async () => {
    // At 1 (view of 0): J2 first (1-2). At 2 (view of 1.5: J1 3 left, J2 3): a tie, J1 waited
    // longer (2-3). At 3 (view of 3: J1 2, J2 2): a tie, J1 (3-4), at 4 (view of 3): J1 2, J2 2
    // → J1 (4-5); then J2 (5, 6).
    expect(await starts(trace, { order: "lrtf", heartbeat: 1.5, progressStaleness: "heartbeat" })).toEqual([0, 2, 3, 4, 1, 5, 6]);
  });
  it("STF and EJF do not read job progress: unchanged", async () => {
    for (const order of ["stf", "ejf"]) {
      expect(await starts(trace, { order, heartbeat: 10, progressStaleness: "heartbeat" })).toEqual(await starts(trace, { order, heartbeat: 10 }));
    }
  });
});

describe("global job order at the RM (§2.7, yaq-c)", () => {
  // One node, one slot, no queue (b = 0): the RM alone orders. τ = 0.1 (phase in [0, 0.1)), no
  // dispatch latency. J0 at 0: four 1.05 s tasks (work 4.2 s); J1 at 0.5: one 3.5 s task. J0's
  // first task starts at the first heartbeat; at its end (~1.05) J0 has 3.15 s and 3 tasks left.
  const trace = makeTrace([[0, [1.05, 1.05, 1.05, 1.05]], [0.5, [3.5]]]);
  const order = async (globalOrder: string) => {
    const r = await simulate(trace, { scheduler: "yaq-c", nodes: 1, slots: 1, seed: 1,
      params: { queue: 0, heartbeat: 0.1, amPeriod: 0, launch: 0, networkDelay: 0, globalOrder } }, "wasm", true);
    checkInvariants(r);
    return jobOrder(trace, r.tasks!.start);
  };
  it("EJF: J0's tasks, then J1", async () => { expect(await order("ejf")).toEqual([0, 0, 0, 0, 1]); });
  it("SRJF: J0's remaining work (3.15 s) stays below J1's (3.5 s)", async () => { expect(await order("srjf")).toEqual([0, 0, 0, 0, 1]); });
  it("SJF: J0's total work (4.2 s) is above J1's (3.5 s): J1 after J0's first task", async () => { expect(await order("sjf")).toEqual([0, 1, 0, 0, 0]); });
  it("LRTF: J0's 3 remaining tasks against J1's 1", async () => { expect(await order("lrtf")).toEqual([0, 1, 0, 0, 0]); });
});

describe("every option: invariants and Wasm == JS per job", { timeout: 60_000 }, () => {
  const OPTS: Record<string, number | string>[] = [
    { estNoise: 0.5 }, { estRefine: 3 }, { estNoise: 0.5, estRefine: 3 }, { estPrior: "none", estRefine: 3 },
    { progressStaleness: "heartbeat" }, { progressStaleness: "heartbeat", order: "lrtf", estRefine: 3 },
    { globalOrder: "srjf" }, { globalOrder: "lrtf", order: "lrtf" }, { globalOrder: "sjf", order: "stf", estNoise: 0.5 },
    { globalOrder: "srjf", capacityA: 70, progressStaleness: "heartbeat" },
  ];
  it.each(OPTS.map((o) => [JSON.stringify(o), o]))("yaq-c and yaq-d %s on Hive-MS and GridMix-MS", async (_, o) => {
    const mod = await loadEngineRng();
    const hive = generateYaq({ workload: "yaq-hive", nodes: 20, slots: 4, seed: 1, jobs: 40, load: 0.9 }, (s) => new mod.Rng(1, s));
    const grid = generateYaq({ workload: "yaq-gridmix-ms", nodes: 20, slots: 4, seed: 1, jobs: 60, load: 1.0 }, (s) => new mod.Rng(1, s));
    for (const trace of [hive, grid]) {
      const opts = o as Record<string, number | string>;
      await sameOnBothEngines(trace, { scheduler: "yaq-c", nodes: 20, slots: 4, seed: 5, params: opts });
      if (opts.globalOrder === undefined && opts.capacityA === undefined) {
        await sameOnBothEngines(trace, { scheduler: "yaq-d", nodes: 20, slots: 4, seed: 5, params: { rebalance: true, ...opts } });
      }
    }
  });
  it("the defaults: no noise, no refinement, the trace's estimates, EJF at the RM, heartbeat-stale progress", async () => {
    const mod = await loadEngineRng();
    const grid = generateYaq({ workload: "yaq-gridmix-ms", nodes: 20, slots: 4, seed: 2, jobs: 60, load: 1.0 }, (s) => new mod.Rng(2, s));
    const a = await simulate(grid, { scheduler: "yaq-c", nodes: 20, slots: 4, params: {} }, "wasm", false);
    const b = await simulate(grid, { scheduler: "yaq-c", nodes: 20, slots: 4, params: { estNoise: 0, estRefine: "inf", estPrior: "trace", progressStaleness: "heartbeat", globalOrder: "ejf" } }, "wasm", false);
    expect(Array.from(b.finish)).toEqual(Array.from(a.finish));
    // The default is the stale reading: the hand-built queue of "heartbeat-stale job progress".
    const hand = makeTrace([[0, [1, 1, 1, 1]], [0.5, [1, 1, 1]]]);
    const c = await simulate(hand, { scheduler: "yaq-d", nodes: 1, slots: 1, params: { networkDelay: 0, ST: "inf", order: "lrtf", heartbeat: 10 } }, "wasm", true);
    expect(Array.from(c.tasks!.start)).toEqual([0, 4, 5, 6, 1, 2, 3]);
  });
});

describe("bad values: one line, exit 2", { timeout: 30_000 }, () => {
  const cli = join(packageRoot(), "bin/aviary.js");
  it.each([["estNoise=-1"], ["estNoise=6"], ["estRefine=0"], ["estRefine=2.5"], ["progressStaleness=stale"], ["globalOrder=stf"], ["estPrior=oracle"], ["estDefault=-1"]])("--set %s", (a) => {
    const r = spawnSync(process.execPath, [cli, "run", "--preset", "yaq-E4", "--scheduler", "yaq-c", "--set", a], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});
