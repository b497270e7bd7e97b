// Yaq (spec seed-yaq.md; docs/models/yaq.md): the single-node model of Appendix A against the
// corrected Proposition 2, Algorithm 3's orders on a hand-built queue, the starvation bound,
// admission, invariants and Wasm == JS for every Yaq system, and the paper's directions.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { simulate, makeTrace, checkInvariants, sameOnBothEngines } from "./helpers.js";
import { packageRoot } from "../src/engine/node.js";
import { loadEngineRng } from "../src/engine/node.js";
import { summarize, admissionTimes } from "../src/metrics/summary.js";
import { utilizationCorrected } from "../src/analysis/yaq.js";
import { generateYaq } from "../src/trace/yaq.js";
import type { Trace } from "../src/trace/types.js";

const YAQ_SYSTEMS = ["yarn", "yarn-q", "yaq-c", "yaq-d", "mercury", "mercury-sampling"];

/** A deterministic uniform source for the tests' own workloads. */
function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return (s >>> 0) / 4294967296;
  };
}

async function yaqTrace(workload: string, nodes: number, slots: number, opts: { jobs?: number; load?: number; seed?: number } = {}): Promise<Trace> {
  const mod = await loadEngineRng();
  const seed = opts.seed ?? 1;
  return generateYaq({ workload, nodes, slots, seed, jobs: opts.jobs, load: opts.load }, (s) => new mod.Rng(seed, s));
}

describe("Appendix A: one node, r = 10, refilled to r + b at heartbeats, exponential tasks", () => {
  // The engine's yarn-q on one node with no dispatch latency is exactly the model: at each
  // heartbeat (τ = 3 s) the RM learns the completions and tops the node up to r running + b
  // queued; a queued task starts at each completion (FIFO: with i.i.d. exponential tasks the
  // order does not change the busy time). Utilization is measured while the backlog lasts.
  const ROWS: [number, number][] = [[5, 0], [5, 1], [5, 2], [5, 4], [5, 6], [10, 0], [10, 1], [10, 2], [10, 4], [10, 6], [50, 0], [50, 1], [50, 2]];
  it.each(ROWS)("1/μ = %s s, b = %s: within 1 percent of the corrected Prop. 2", async (mean, b) => {
    const rnd = xorshift(1000 * mean + b + 7);
    const n = Math.ceil((10 * 24000) / mean);
    const durations = Array.from({ length: n }, () => -mean * Math.log(1 - rnd()));
    const trace = makeTrace([[0, durations]]);
    const r = await simulate(trace, { scheduler: "yarn-q", nodes: 1, slots: 10, seed: 3,
      params: { queue: b, launch: 0, amPeriod: 0, networkDelay: 0, heartbeat: 3 } }, "wasm", true);
    const t = r.tasks!;
    let first = Infinity, last = 0;
    for (let k = 0; k < n; k++) { first = Math.min(first, t.start[k]); last = Math.max(last, t.start[k]); }
    const w0 = first, w1 = last - 3; // every heartbeat in [w0, w1] found a backlog
    let busy = 0;
    for (let k = 0; k < n; k++) busy += Math.max(0, Math.min(t.end[k], w1) - Math.max(t.start[k], w0));
    const u = busy / (10 * (w1 - w0));
    const model = utilizationCorrected(10, mean, 3, b);
    expect(Math.abs(u - model) / model).toBeLessThan(0.01);
  });
});

describe("Algorithm 3 on a hand-built queue (one node, one slot, yaq-d, no network delay)", () => {
  // J0: one 10 s task (runs 0-10); J1 at 1: three 2 s tasks; J2 at 2: one 5 s task; J3 at 3: two
  // 1 s tasks. At 10 the queue holds J1 x3, J2, J3 x2.
  const trace = makeTrace([[0, [10]], [1, [2, 2, 2]], [2, [5]], [3, [1, 1]]]);
  const starts = async (params: Record<string, number | string>) => {
    const r = await simulate(trace, { scheduler: "yaq-d", nodes: 1, slots: 1, params: { networkDelay: 0, ST: "inf", ...params } }, "wasm", true);
    checkInvariants(r);
    return Array.from(r.tasks!.start);
  };
  // task order: J0 [0], J1 [1, 2, 3], J2 [4], J3 [5, 6]
  it("SRJF: least remaining work first (J3: 2, then J2: 5, then J1: 6)", async () => {
    expect(await starts({ order: "srjf" })).toEqual([0, 17, 19, 21, 12, 10, 11]);
  });
  it("LRTF: fewest remaining tasks first (J2: 1, J3: 2, J1: 3)", async () => {
    expect(await starts({ order: "lrtf" })).toEqual([0, 17, 19, 21, 10, 15, 16]);
  });
  it("STF: shortest task estimate first (1, 1, 2, 2, 2, 5)", async () => {
    expect(await starts({ order: "stf" })).toEqual([0, 12, 14, 16, 18, 10, 11]);
  });
  it("EJF and FIFO: the jobs' submission order", async () => {
    const ejf = [0, 10, 12, 14, 16, 21, 22];
    expect(await starts({ order: "ejf" })).toEqual(ejf);
    expect(await starts({ order: "fifo" })).toEqual(ejf);
  });
  it("STF with ST = 9.5 s: J3's first task, then the starved ones in job order", async () => {
    // At 10 nobody waited > 9.5 s: STF picks J3. At 11 J1 has waited 10 s (starved), later J2 and
    // J3 too: starved tasks go by job submission.
    expect(await starts({ order: "stf", ST: 9.5 })).toEqual([0, 11, 13, 15, 17, 10, 22]);
  });
  it("STF with ST_r = 3: starved after 3 x its estimate (J1 after 6 s, J3 after 3 s, J2 after 15 s)", async () => {
    expect(await starts({ order: "stf", STr: 3 })).toEqual([0, 10, 12, 14, 18, 16, 17]);
  });
});

describe("starvation freedom", () => {
  it("with ST finite and b <= r, no task waits longer than ST plus the longest task (STF on a random workload)", async () => {
    const rnd = xorshift(99);
    const jobs: [number, number[]][] = [];
    let t = 0;
    for (let j = 0; j < 3000; j++) {
      t += -Math.log(1 - rnd()) * 0.45;
      const m = rnd() < 0.2 ? 20 : 1;
      jobs.push([t, Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => m * (0.5 + rnd()))]);
    }
    const trace = makeTrace(jobs);
    const maxDur = Math.max(...trace.durations);
    for (const ST of [2, 5]) {
      const r = await simulate(trace, { scheduler: "yaq-c", nodes: 10, slots: 4, params: { order: "stf", ST, queue: 4 } }, "wasm", true);
      checkInvariants(r);
      expect(r.counters.queueDelayMax).toBeGreaterThan(ST); // some tasks did starve
      expect(r.counters.queueDelayMax).toBeLessThanOrEqual(ST + maxDur);
    }
  });
});

describe("admission cap", () => {
  it("maxConcurrentJobs = 1 runs the jobs one after another; jctExec counts from admission", async () => {
    const trace = makeTrace([[0, [3, 3]], [0, [2]], [1, [4, 1]]]);
    for (const s of YAQ_SYSTEMS) {
      const r = await simulate(trace, { scheduler: s, nodes: 2, slots: 2, params: { maxConcurrentJobs: 1 } }, "wasm", true);
      checkInvariants(r);
      for (let j = 1; j < 3; j++) expect(r.firstStart[j]).toBeGreaterThanOrEqual(r.finish[j - 1]);
      const adm = admissionTimes(trace.arrivals, r.finish, 1);
      expect(Array.from(adm)).toEqual([0, r.finish[0], r.finish[1]]);
      expect(summarize(r).yaq!.jctExec.jobs).toBe(3);
    }
  });
});

describe("every Yaq system: invariants and Wasm == JS per job", { timeout: 60_000 }, () => { // several 80-node runs: slow on a loaded machine
  it.each(YAQ_SYSTEMS)("%s on Hive-MS (a DAG: map -> reduce barrier) and GridMix-MS", async (s) => {
    const hive = await yaqTrace("yaq-hive", 20, 4, { jobs: 40, load: 0.9 });
    const grid = await yaqTrace("yaq-gridmix-ms", 20, 4, { jobs: 60, load: 1.0 });
    for (const trace of [hive, grid]) {
      const cfg = { scheduler: s, nodes: 20, slots: 4, seed: 5, params: s === "yaq-d" ? { rebalance: true } : {} };
      const a = await sameOnBothEngines(trace, cfg);
      // reduces start after every map of their job ended
      if (trace.parents) {
        for (let k = 0; k < trace.durations.length; k++) {
          for (let p = trace.parentOffsets![k]; p < trace.parentOffsets![k + 1]; p++) {
            expect(a.tasks!.start[k]).toBeGreaterThanOrEqual(a.tasks!.end[trace.parents[p]]);
          }
        }
      }
    }
  });
  it("yaq-d's rebalancing moves queued tasks off overloaded nodes", async () => {
    const trace = await yaqTrace("yaq-gridmix-ms", 20, 2, { jobs: 40, load: 1.2 });
    const r = await simulate(trace, { scheduler: "yaq-d", nodes: 20, slots: 2, params: { rebalance: true } }, "wasm", true);
    checkInvariants(r);
    expect(r.counters.rebalanced).toBeGreaterThan(0);
  });
});

describe("the paper's directions (docs/results/yaq.md)", { timeout: 60_000 }, () => { // several 80-node runs: slow on a loaded machine
  const util = async (scheduler: string, workload: string, params: Record<string, number | string> = {}) => {
    const trace = await yaqTrace(workload, 80, 10);
    const r = await simulate(trace, { scheduler, nodes: 80, slots: 10, params }, "wasm", false);
    return summarize(r).yaq!.utilization;
  };
  it("E1: stock YARN's utilization rises with task length (5 < 10 < 50 s); 5 s near Table 1's 60.6%", async () => {
    const u5 = await util("yarn", "yaq-5s"), u10 = await util("yarn", "yaq-10s"), u50 = await util("yarn", "yaq-50s");
    expect(u5).toBeLessThan(u10);
    expect(u10).toBeLessThan(u50);
    expect(Math.abs(u5 - 0.606)).toBeLessThan(0.01);
  });
  it("E1: Yaq-c with b = 6 lifts 5 s tasks to >= 95% in the paper's sizing model (heartbeat-only loss: no dispatch latency); with the default (calibrated) latency b = 6 falls short and b = 8 is needed", async () => {
    // docs/models/yaq.md "Queue length and the dispatch latency": the RM counts tasks in flight
    // against b, so the queue must cover τ + the latency, not τ (b >= rμ(τ + L) = 8.5 here).
    expect(await util("yaq-c", "yaq-5s", { queue: 6, order: "ejf", launch: 0, amPeriod: 0 })).toBeGreaterThanOrEqual(0.95);
    expect(await util("yaq-c", "yaq-5s", { queue: 6, order: "ejf" })).toBeLessThan(0.95);
    expect(await util("yaq-c", "yaq-5s", { queue: 8, order: "ejf" })).toBeGreaterThanOrEqual(0.95);
  });
  const median = async (scheduler: string, preset: string, params: Record<string, number | string> = {}) => {
    const trace = await yaqTrace("yaq-gridmix-ms", 80, 10, { load: 1.0 });
    const base: Record<string, Record<string, number | string>> = {
      "yaq-E4": { queue: 10, order: "srjf", ST: "inf" },
    };
    const r = await simulate(trace, { scheduler, nodes: 80, slots: 10, params: scheduler === "yaq-c" ? { ...base[preset], ...params } : params }, "wasm", false);
    return summarize(r).yaq!.jctExec.p50;
  };
  it("E3 (GridMix-MS at load 0.8, QS = 6, EJF): wait-time placement beats queue length beats random on median JCT, 5 seeds", async () => {
    // Fig. 11. Each seed is one workload run under the three placements (paired); the sums of the
    // medians order as the paper's and wait time beats queue length on every seed.
    const sum: Record<string, number> = { wait: 0, length: 0, random: 0 };
    for (const seed of [1, 2, 3, 4, 5]) {
      const trace = await yaqTrace("yaq-gridmix-ms", 80, 10, { load: 0.8, seed });
      const p50: Record<string, number> = {};
      for (const placement of ["wait", "length", "random"]) {
        const r = await simulate(trace, { scheduler: "yaq-c", nodes: 80, slots: 10, seed,
          params: { queue: 6, order: "ejf", ST: "inf", placement } }, "wasm", false);
        p50[placement] = summarize(r).yaq!.jctExec.p50;
        sum[placement] += p50[placement];
      }
      expect(p50.wait).toBeLessThan(p50.length);
      expect(p50.length).toBeLessThan(p50.random);
    }
    expect(sum.random / sum.wait).toBeGreaterThan(1.08);
  });
  it("E4: at QS = 10 SRJF, LRTF and STF all beat YARN's median JCT", async () => {
    const yarn = await median("yarn", "yaq-E4");
    for (const order of ["srjf", "lrtf", "stf"]) expect(await median("yaq-c", "yaq-E4", { order })).toBeLessThan(yarn);
  });
  const hive = async (scheduler: string, load: number | undefined, params: Record<string, number | string | boolean> = {}) => {
    const trace = await yaqTrace("yaq-hive", 80, 10, { load });
    const r = await simulate(trace, { scheduler, nodes: 80, slots: 10, params }, "wasm", false);
    return summarize(r).yaq!;
  };
  it("E7 (backlogged Hive-MS): Yaq-c beats YARN's median JCT; the unbounded ablation falls below YARN's throughput", async () => {
    const yaqc = { queue: 4, placement: "wait", order: "srjf", ST: 10 };
    const yarn = await hive("yarn", undefined);
    const c = await hive("yaq-c", undefined, yaqc);
    const unbounded = await hive("yaq-c", undefined, { ...yaqc, queue: "inf" });
    expect(c.jctExec.p50).toBeLessThan(yarn.jctExec.p50);
    expect(c.jobsPerMinute).toBeGreaterThan(yarn.jobsPerMinute);
    expect(unbounded.jobsPerMinute).toBeLessThan(yarn.jobsPerMinute);
    expect(unbounded.queueDelay.median).toBeGreaterThan(10 * c.queueDelay.median);
  });
  it("E8 (Hive-MS, Poisson at load 1.0): Yaq-d beats Mercury and batch sampling on median JCT", async () => {
    const d = await hive("yaq-d", 1.0, { rebalance: true });
    expect(d.jctExec.p50).toBeLessThan((await hive("mercury", 1.0)).jctExec.p50);
    expect(d.jctExec.p50).toBeLessThan((await hive("mercury-sampling", 1.0)).jctExec.p50);
  });
});

describe("capacity queues (E9, Fig. 8; spec §4.5, §7 #23)", { timeout: 60_000 }, () => { // several 80-node runs: slow on a loaded machine
  it("the RM serves the queue least served against its capacity: 7 of 10 free slots to A (70 %), 3 to B", async () => {
    // One node of 10 slots, job 0 in queue A and job 1 in queue B, 20 tasks of 100 s each, at 0.
    // Used/capacity after each assignment (ties to A): A 1/.7, B 1/.3, A, A, B, A, A, B, A, A.
    const trace = makeTrace([[0, Array(20).fill(100)], [0, Array(20).fill(100)]]);
    trace.users = Int32Array.from([0, 1]);
    trace.userNames = ["A", "B"];
    const r = await simulate(trace, { scheduler: "yaq-c", nodes: 1, slots: 10,
      params: { queue: 0, capacityA: 70, launch: 0, amPeriod: 0 } }, "wasm", true);
    checkInvariants(r);
    const first = (j: number) => Array.from(r.tasks!.start.slice(20 * j, 20 * j + 20)).filter((t) => t < 50).length;
    expect([first(0), first(1)]).toEqual([7, 3]);
    expect(r.counters.capacityShareA).toBeCloseTo(0.7, 10);
    expect(r.counters.capacityDeviation).toBeCloseTo(0, 10);
  });
  it("E9 (backlogged GridMix-MS, jobs 50/50, A = 70 %, SRJF, ST = 10 s): A holds about 70 % of the occupied slots; ST keeps the shares closer than no threshold", async () => {
    let share = 0, devST = 0, devInf = 0;
    for (const seed of [1, 2, 3]) {
      const trace = await yaqTrace("yaq-capacity", 80, 10, { seed });
      const cfg = (ST: number | string) => ({ scheduler: "yaq-c", nodes: 80, slots: 10, seed,
        params: { queue: 4, placement: "wait", order: "srjf", ST, capacityA: 70 } });
      const c = (await simulate(trace, cfg(10), "wasm", false)).counters;
      const inf = (await simulate(trace, cfg("inf"), "wasm", false)).counters;
      expect(c.capacityWindow).toBeGreaterThan(600); // both queues waited for most of the run
      share += c.capacityShareA / 3;
      devST += c.capacityDeviation;
      devInf += inf.capacityDeviation;
    }
    expect(Math.abs(share - 0.7)).toBeLessThan(0.02);
    expect(devST).toBeLessThan(0.06 * 3);
    expect(devST).toBeLessThan(devInf);
  });
  it("Wasm == JS per job with capacity queues, invariants hold", async () => {
    const trace = await yaqTrace("yaq-capacity", 20, 4, { jobs: 60, load: 1.2 });
    const cfg = { scheduler: "yaq-c", nodes: 20, slots: 4, seed: 5, params: { capacityA: 70, queue: 4 } };
    const a = await sameOnBothEngines(trace, cfg);
    expect(a.counters.capacityShareA).toBeGreaterThan(0);
  });
});

describe("command line", () => {
  const bin = join(packageRoot(), "bin/aviary.js");
  const aviary = (...args: string[]) => {
    const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  it("gen yaq-hive writes CSV v2 with the barrier and estimates: the file runs as the in-memory workload", () => {
    const dir = mkdtempSync(join(tmpdir(), "yaq-"));
    const file = join(dir, "hive.csv");
    expect(aviary("gen", "yaq-hive", "--jobs", "20", "-o", file).code).toBe(0);
    expect(aviary("gen", "yaq-hive", "--jobs", "20", "-o", join(dir, "hive.tr")).code).toBe(2);
    const args = ["--nodes", "20", "--slots", "4", "--scheduler", "yaq-c", "--format", "json"];
    const fromFile = JSON.parse(aviary("run", "--trace", file, ...args).out);
    const inMemory = JSON.parse(aviary("run", "--workload", "yaq-hive", "--jobs", "20", ...args).out);
    expect(fromFile.yaq).toEqual(inMemory.yaq);
    expect(fromFile.counters).toEqual(inMemory.counters);
  }, 60_000); // four CLI processes (slow on a loaded machine)
  it("gen yaq-capacity writes each job's queue as CSV v2's user column: the file runs as the in-memory workload", () => {
    const dir = mkdtempSync(join(tmpdir(), "yaq-"));
    const file = join(dir, "cap.csv");
    expect(aviary("gen", "yaq-capacity", "--jobs", "20", "-o", file).code).toBe(0);
    expect(aviary("gen", "yaq-capacity", "--jobs", "20", "-o", join(dir, "cap.tr")).code).toBe(2);
    const args = ["--nodes", "20", "--slots", "4", "--scheduler", "yaq-c", "--set", "capacityA=70", "--format", "json"];
    const fromFile = JSON.parse(aviary("run", "--trace", file, ...args).out);
    const inMemory = JSON.parse(aviary("run", "--workload", "yaq-capacity", "--jobs", "20", ...args).out);
    expect(fromFile.counters).toEqual(inMemory.counters);
    expect(inMemory.counters.capacityShareA).toBeGreaterThan(0);
  }, 60_000); // four CLI processes (slow on a loaded machine)
  it("yaq-size prints both b's and u(b)", () => {
    const r = aviary("yaq-size", "--slots", "10", "--mean", "10", "--heartbeat", "3", "--target", "0.95");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Eq\. \(2\) exact Erlang:\s+b = 6\s+u\(b\) = 0\.9992/);
    expect(r.out).toMatch(/Eq\. \(1\) Chernoff:\s+b = 8/);
  });
  it.each([
    [["yaq-size", "--slots", "0", "--mean", "10", "--heartbeat", "3", "--target", "0.95"], "--slots"],
    [["yaq-size", "--slots", "10", "--mean", "10", "--heartbeat", "0", "--target", "0.95"], "--heartbeat"],
    [["yaq-size", "--slots", "10", "--mean", "10", "--heartbeat", "3", "--target", "1"], "--target"],
    [["run", "--workload", "yaq-5s", "--jobs", "2", "--scheduler", "yaq-c", "--set", "queue=-1"], "queue"],
    [["run", "--workload", "yaq-5s", "--jobs", "2", "--scheduler", "yaq-c", "--set", "order=sjf"], "order"],
    [["run", "--workload", "yaq-5s", "--jobs", "2", "--scheduler", "yaq-c", "--set", "ST=-1"], "ST"],
    [["run", "--workload", "yaq-5s", "--jobs", "2", "--scheduler", "yaq-c", "--set", "heartbeat=0"], "heartbeat"],
    [["run", "--workload", "yaq-5s", "--jobs", "2", "--scheduler", "yaq-c", "--slots", "0"], "slots"],
    [["run", "--workload", "yaq-5s", "--jobs", "2", "--scheduler", "yaq-c", "--set", "capacityA=101"], "capacityA"],
  ])("bad input %j: one line naming %s, exit 2", (args, what) => {
    const r = aviary(...args);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toContain(what);
  });
});
