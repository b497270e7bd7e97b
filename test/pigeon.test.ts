// Pigeon (seed-pigeon.md): the paper's toy example, the WFQ served sequence, the master's
// dispatch order, reserved workers, the group layout and task spread, distributors, the result
// hop, both engines, bad input, and the direction of the EC2-setting comparison with Eagle.
import { describe, it, expect } from "vitest";
import { simulate, makeTrace, checkInvariants, sharedTrace, haveSharedTraces, engineModule } from "./helpers.js";
import { completionTimes, summarize, resultDelay } from "../src/metrics/summary.js";
import { resolveConfig } from "../src/config/config.js";
import { pigeonLayout, isReservedWorker } from "../src/config/pigeon.js";
import { findPreset, paramsForScheduler } from "../src/config/presets.js";
import { readTraceFile, generateTraceLikeWithEngineRng } from "../src/trace/node.js";
import type { SimResult } from "../src/simulate.js";
import type { Trace } from "../src/trace/types.js";
import { packageRoot } from "../src/engine/node.js";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ENGINES = ["wasm", "js"] as const;
/** Zero delays and one class (every job short, no reserved worker): the paper's toy setting. */
const TOY = { networkDelay: 0, reserved: 0, cutoff: 1e9 };

/** The paper's toy example (§5.4): job A (20, 1, 1, 10, 10, 10), then B (2) and C (2). */
const toy = (): Trace => makeTrace([[0, [20, 1, 1, 10, 10, 10]], [0, [2]], [0, [2]]], "toy");

/** Start order of the tasks of a run: task indices sorted by (start, index). */
function startOrder(r: SimResult): number[] {
  const s = r.tasks!.start;
  return Array.from(s.keys()).sort((a, b) => s[a] - s[b] || a - b);
}

function groupOf(layout: ReturnType<typeof pigeonLayout>, node: number): number {
  let g = 0;
  while (layout.start[g + 1] <= node) g++;
  return g;
}

describe("the paper's toy example (spec §5.4), exactly", () => {
  it.each(ENGINES)("pigeon, 2 groups x 2, contiguous, B to group 1 and C to group 2: JCT 20, 4, 12 (%s)", async (engine) => {
    // leftover=rotate hands the one-task jobs' single master out in turn: B -> group 0, C -> group 1.
    const r = await simulate(toy(), { scheduler: "pigeon", nodes: 4,
      params: { ...TOY, groups: 2, taskMapping: "contiguous", leftover: "rotate" } }, engine);
    checkInvariants(r);
    expect(Array.from(completionTimes(r))).toEqual([20, 4, 12]);
    // Group 1: W1 runs A1 in [0, 20]; W2 runs A2 [0, 1], A3 [1, 2], B [2, 4].
    // Group 2: A4, A5 in [0, 10], then A6 and C at 10; C ends at 12, A6 at 20.
    expect(Array.from(r.tasks!.start)).toEqual([0, 0, 1, 0, 0, 10, 2, 10]);
    expect(Array.from(r.tasks!.node)).toEqual([0, 1, 1, 2, 3, 2, 1, 3]);
  });

  it.each(ENGINES)("pigeon-central (one FIFO master over 4 workers): JCT 20, 12, 13 (%s)", async (engine) => {
    const r = await simulate(toy(), { scheduler: "pigeon-central", nodes: 4, params: TOY }, engine);
    checkInvariants(r);
    expect(Array.from(completionTimes(r))).toEqual([20, 12, 13]);
    // A1-A4 at 0, A5 and A6 at 1 (end 11), B at 10 (end 12), C at 11 (end 13).
    expect(Array.from(r.tasks!.start)).toEqual([0, 0, 0, 0, 1, 1, 10, 11]);
  });
});

describe("one master, one class, no reservation, zero delays: exactly a central FIFO c-server queue", () => {
  // Reference: tasks in submission order, each starts at max(its arrival, the earliest time a
  // worker frees), computed independently of the engine (a sorted list of free times).
  function fifoStarts(t: Trace, workers: number): number[] {
    const free = new Array(workers).fill(0);
    const starts: number[] = [];
    for (let j = 0; j < t.arrivals.length; j++) {
      for (let k = t.taskOffsets[j]; k < t.taskOffsets[j + 1]; k++) {
        free.sort((a, b) => a - b);
        const s = Math.max(t.arrivals[j], free[0]);
        starts.push(s);
        free[0] = s + t.durations[k];
      }
    }
    return starts;
  }
  it.each(ENGINES)("every task's start time equals the reference's (%s)", async (engine) => {
    const t = (await generateTraceLikeWithEngineRng({ generator: "google-like", jobs: 400, seed: 9, load: 0.9, nodes: 40 })).trace;
    const r = await simulate(t, { scheduler: "pigeon-central", nodes: 40, params: { reserved: 0, cutoff: 1e12, networkDelay: 0 } }, engine);
    checkInvariants(r);
    expect(Array.from(r.tasks!.start)).toEqual(fifoStarts(t, 40));
  });
});

describe("weighted fair queuing (wfq.ts)", () => {
  // One worker busy until t = 10 with a long blocker; at t = 1 a long job L (4 tasks) and a short
  // job H (8 tasks) queue at the master. From t = 10 the worker serves the backlog one task at a
  // time, so the start order is the WFQ rule's served sequence.
  const backlog = (): Trace => makeTrace([[0, [10]], [1, [2, 2, 2, 2]], [1, [1, 1, 1, 1, 1, 1, 1, 1]]], "backlog");
  const sequence = async (W: number | string, engine: "wasm" | "js" = "wasm"): Promise<string> => {
    const r = await simulate(backlog(), { scheduler: "pigeon-central", nodes: 1,
      params: { networkDelay: 0, reserved: 0, cutoff: 1.5, W } }, engine);
    checkInvariants(r);
    const job = (t: number) => (t === 0 ? "B" : t <= 4 ? "L" : "H");
    return startOrder(r).map(job).join("");
  };

  it("W = 3: at most 2 HIGH tasks in a row while LOW waits", async () => {
    expect(await sequence(3)).toBe("BHHLHHLHHLHHL");
  });
  it("W = 1: LOW whenever it has work", async () => {
    expect(await sequence(1)).toBe("BLLLLHHHHHHHH");
  });
  it("W = inf: strict priority for HIGH", async () => {
    expect(await sequence("inf")).toBe("BHHHHHHHHLLLL");
  });
  it("W = 20 with a backlog of 8 HIGH: no LOW turn falls due (the paper's 19 in a row)", async () => {
    expect(await sequence(20, "js")).toBe("BHHHHHHHHLLLL");
  });

  it("wfqMode: only the reference mode counts the reserved workers' HIGH dispatches", async () => {
    // Node 0 reserved, node 1 ordinary, W = 3, zero delays. Blockers: a short task on node 0
    // until 10, a long one on node 1 until 20.5. At 1 s a long job (3 x 16 s) and a short one
    // (30 x 1 s) queue. Node 0 serves HIGH from 10 s on (11 dispatches by 20.5 s). When node 1
    // frees, the paper's count has seen no dispatch (HIGH next); the reference count has seen 11
    // (LOW is overdue).
    const t = makeTrace([[0, [20.5]], [0, [10]], [1, [16, 16, 16]], [1, new Array(30).fill(1)]]);
    const firstOnNode1 = async (wfqMode: string) => {
      const r = await simulate(t, { scheduler: "pigeon-central", nodes: 2,
        params: { reservedWorkers: 1, cutoff: 15, W: 3, networkDelay: 0, wfqMode } });
      checkInvariants(r);
      const order = startOrder(r).filter((k) => r.tasks!.node[k] === 1 && r.tasks!.start[k] >= 20.5);
      return order[0] <= 4 ? "L" : "H"; // tasks 2-4 are the long job's
    };
    expect(await firstOnNode1("paper")).toBe("H");
    expect(await firstOnNode1("reference")).toBe("L");
  });

  it("the rule on its own: counts, the overdue class first, three classes", async () => {
    const { Wfq } = await engineModule("toolkit/wfq.js");
    const two = new Wfq(2).setWeight(1, 3);
    const served: number[] = [];
    for (let i = 0; i < 7; i++) { const c = two.choose(0b11); two.served(c); served.push(c); }
    expect(served).toEqual([0, 0, 1, 0, 0, 1, 0]);
    // The count grows while LOW is empty: a LOW task arriving after 5 HIGH dispatches goes first.
    const idle = new Wfq(2).setWeight(1, 3);
    for (let i = 0; i < 5; i++) idle.served(idle.choose(0b01));
    expect(idle.choose(0b11)).toBe(1);
    expect(idle.choose(0)).toBe(-1);
    // Three classes: class 1 at least one of every 2, class 2 one of every 4 (the higher-priority
    // overdue class first when both are due).
    const three = new Wfq(3).setWeight(1, 2).setWeight(2, 4);
    const seq: number[] = [];
    for (let i = 0; i < 8; i++) { const c = three.choose(0b111); three.served(c); seq.push(c); }
    expect(seq).toEqual([0, 1, 0, 1, 2, 1, 0, 1]);
  });
});

describe("the master's dispatch order and reserved workers (spec §2.3, §2.4)", () => {
  it.each(ENGINES)("a short task takes an ordinary idle worker first, then a reserved one; a long task never a reserved one (%s)", async (engine) => {
    // One group of 3 workers, node 0 reserved. At t = 0 a short job of 3 tasks; at t = 10 a long
    // job of 3 tasks: two run on the ordinary workers, the third waits for one of them.
    const t = makeTrace([[0, [1, 1, 1]], [10, [5, 5, 5]]]);
    const r = await simulate(t, { scheduler: "pigeon", nodes: 3,
      params: { groups: 1, reservedWorkers: 1, cutoff: 2, networkDelay: 0, taskMapping: "interleaved" } }, engine);
    checkInvariants(r);
    expect(Array.from(r.tasks!.node.subarray(0, 3))).toEqual([1, 2, 0]);
    expect(Array.from(r.tasks!.start.subarray(3))).toEqual([10, 10, 15]);
    expect(Array.from(r.tasks!.node.subarray(3)).every((n) => n !== 0)).toBe(true);
    expect(r.counters.reservedDispatches).toBe(1);
    expect(r.counters.masterQueued).toBe(1);
  });

  it("idle workers: longest idle first (fifo) or most recently idle (lifo)", async () => {
    // Job 0 (0-5 s), job 1 (1-2 s), job 2 at 10 s on 3 idle workers, listed 0, 1, 2 at the start.
    // fifo: 0, then 1; back in the order 1, 0, behind 2, which has been idle longest: job 2 -> 2.
    // lifo: 2, then 1; back in the order 1, 2: job 2 -> 2, the most recently idle.
    const t = makeTrace([[0, [5]], [1, [1]], [10, [1]]]);
    const run = (idleOrder: string) => simulate(t, { scheduler: "pigeon-central", nodes: 3,
      params: { reserved: 0, networkDelay: 0, idleOrder } });
    expect(Array.from((await run("fifo")).tasks!.node)).toEqual([0, 1, 2]);
    expect(Array.from((await run("lifo")).tasks!.node)).toEqual([2, 1, 2]);
    // Job 2 at 1.5 s, before job 1 is back: fifo takes 2 (idle since 0), lifo 0.
    const u = makeTrace([[0, [5]], [1, [1]], [1.5, [1]]]);
    const run2 = (idleOrder: string) => simulate(u, { scheduler: "pigeon-central", nodes: 3,
      params: { reserved: 0, networkDelay: 0, idleOrder } });
    expect(Array.from((await run2("fifo")).tasks!.node)).toEqual([0, 1, 2]);
    expect(Array.from((await run2("lifo")).tasks!.node)).toEqual([2, 1, 0]);
  });

  it("a reserved worker freed while only LOW work waits stays idle; an arriving short task then takes it", async () => {
    // 2 workers, node 0 reserved; a long job of 3 tasks holds node 1 and queues 2 tasks; a short
    // job at t = 1 runs on node 0 and node 0 never takes the long tasks.
    const t = makeTrace([[0, [4, 4, 4]], [1, [1]], [2, [1]]]);
    for (const engine of ENGINES) {
      const r = await simulate(t, { scheduler: "pigeon-central", nodes: 2,
        params: { reservedWorkers: 1, cutoff: 2, networkDelay: 0.5 } }, engine);
      checkInvariants(r);
      expect(Array.from(r.tasks!.node)).toEqual([1, 1, 1, 0, 0]);
      // Long tasks back to back on node 1 with a round trip (notice + dispatch) between them.
      expect(Array.from(r.tasks!.start.subarray(0, 3))).toEqual([1, 6, 11]);
      expect(Array.from(r.tasks!.start.subarray(3))).toEqual([2, 4]);
    }
  });
});

describe("groups, the task spread and the layout (spec §2.1, §7 #3-#5)", () => {
  it("groupSize not dividing the nodes: round(N / groupSize) groups, sizes as even as possible", () => {
    expect(pigeonLayout(250, { groupSize: 100, reserved: 9 }).start).toEqual([0, 84, 167, 250]);
    expect(pigeonLayout(250, { groupSize: 100, reserved: 9 }).reserved).toEqual([8, 7, 7]);
    expect(pigeonLayout(149, { groupSize: 100 }).groups).toBe(1);
    expect(pigeonLayout(150, { groupSize: 100 }).groups).toBe(2);
    expect(pigeonLayout(40, { groupSize: 100 }).groups).toBe(1);
    expect(pigeonLayout(330, { groups: 3, reserved: 10 }).reserved).toEqual([11, 11, 11]);
    expect(pigeonLayout(120, { groups: 3, reserved: 10, hostMasters: true }).reserved).toEqual([4, 4, 4]);
  });

  const workload = async (): Promise<Trace> => (await generateTraceLikeWithEngineRng({ generator: "yahoo-like", jobs: 600, seed: 5, load: 0.9, nodes: 250 })).trace;

  it.each(["shuffle", "interleaved", "contiguous"])("taskMapping=%s: every master gets floor(F/G) or one more, F mod G of them one more", async (taskMapping) => {
    const t = await workload();
    const params = { groupSize: 100, reserved: 9, cutoff: 90.5811, taskMapping };
    const r = await simulate(t, { scheduler: "pigeon", nodes: 250, params });
    checkInvariants(r);
    const layout = pigeonLayout(250, params);
    const G = layout.groups;
    for (let j = 0; j < t.arrivals.length; j++) {
      const per = new Array(G).fill(0);
      for (let k = t.taskOffsets[j]; k < t.taskOffsets[j + 1]; k++) per[groupOf(layout, r.tasks!.node[k])]++;
      const F = t.taskOffsets[j + 1] - t.taskOffsets[j];
      const S = Math.floor(F / G);
      expect(per.every((c) => c === S || c === S + 1)).toBe(true);
      expect(per.filter((c) => c === S + 1).length).toBe(F % G);
    }
  });

  it.each(ENGINES)("reserved workers never run a long task, no worker runs two tasks at once, hosts of masters run nothing (%s)", async (engine) => {
    const t = await workload();
    for (const params of [{ groupSize: 100, reserved: 9, cutoff: 90.5811 },
      { groupSize: 50, reserved: 20, cutoff: 90.5811, hostMasters: true, W: "inf", wfqMode: "reference" }]) {
      const r = await simulate(t, { scheduler: "pigeon", nodes: 250, slots: 1, params }, engine);
      checkInvariants(r); // includes the per-node sweep: never more tasks than slots at once
      const layout = pigeonLayout(250, params);
      let reservedRuns = 0;
      for (let j = 0; j < t.arrivals.length; j++) {
        const long = t.estimates[j] > 90.5811;
        for (let k = t.taskOffsets[j]; k < t.taskOffsets[j + 1]; k++) {
          const n = r.tasks!.node[k];
          if (isReservedWorker(layout, n)) { expect(long).toBe(false); reservedRuns++; }
          if (layout.hostMasters) expect(layout.start.includes(n)).toBe(false);
        }
      }
      expect(reservedRuns).toBe(r.counters.reservedDispatches);
      expect(reservedRuns).toBeGreaterThan(0);
    }
  });

  it("several slots per node: each free slot is a worker of the node's group", async () => {
    const t = await workload();
    const r = await simulate(t, { scheduler: "pigeon", nodes: 60, slots: 4, params: { groupSize: 20, reserved: 10, cutoff: 90.5811 } });
    checkInvariants(r);
  });
});

describe("distributors and the completion time (spec §2.6, §5.1, §7 #8)", () => {
  it("a job completes when its last result reaches the distributor (+ one delay), or at the last task's end", async () => {
    const t = makeTrace([[0, [3, 1]], [0.5, [2]]]);
    const result = await simulate(t, { scheduler: "pigeon", nodes: 4, params: { groups: 2, reserved: 0 } });
    const last = await simulate(t, { scheduler: "pigeon", nodes: 4, params: { groups: 2, reserved: 0, completion: "lastTaskEnd" } });
    expect(resultDelay(result)).toBe(0.0005);
    expect(resultDelay(last)).toBe(0);
    expect(Array.from(result.finish)).toEqual(Array.from(last.finish));
    // distributor -> master -> worker: 2 delays, then the task, then the result hop.
    expect(completionTimes(result)[0]).toBeCloseTo(3 + 3 * 0.0005, 12);
    expect(completionTimes(last)[0]).toBeCloseTo(3 + 2 * 0.0005, 12);
  });

  it("a busy distributor delays its next jobs by distributorCost per task sent", async () => {
    const t = makeTrace([[0, [1, 1]], [0, [1, 1]], [0, [1]]]);
    const r = await simulate(t, { scheduler: "pigeon", nodes: 10,
      params: { distributors: 1, distributorCost: 1, networkDelay: 0, reserved: 0, groups: 2 } });
    checkInvariants(r);
    expect(Array.from(r.tasks!.start)).toEqual([2, 2, 4, 4, 5]);
    expect(r.counters.distributorWaitSeconds).toBe(2 + 4);
    // With distributorCost 0 the number of distributors changes nothing.
    const a = await simulate(t, { scheduler: "pigeon", nodes: 10, params: { distributors: 1 } });
    const b = await simulate(t, { scheduler: "pigeon", nodes: 10, params: { distributors: 7 } });
    expect(Array.from(a.tasks!.start)).toEqual(Array.from(b.tasks!.start));
  });
});

describe("bad input: one line naming the parameter", () => {
  const bad = (nodes: number, params: Record<string, unknown>) => () => resolveConfig({ scheduler: "pigeon", nodes, params });
  it("rejects a reservation that leaves a group no worker for long tasks", () => {
    expect(bad(10, { groupSize: 1, reserved: 60 })).toThrow(/^scheduler 'pigeon': reserved=60% reserves 1 of the 1 workers of a group of 1 node\(s\): long tasks need at least one ordinary worker per group/);
    expect(bad(300, { reservedWorkers: 100 })).toThrow(/reservedWorkers=100 reserves 100 of the 100 workers/);
    expect(() => resolveConfig({ scheduler: "pigeon-central", nodes: 5, params: { reservedWorkers: 5 } })).toThrow(/reserves 5 of the 5 workers/);
  });
  it("rejects more groups than nodes, W < 1, a master host leaving no worker", () => {
    expect(bad(2, { groups: 3 })).toThrow(/^scheduler 'pigeon': groups=3 needs at least 3 nodes \(one worker per group\), got --nodes 2$/);
    expect(bad(100, { W: 0 })).toThrow(/W=0 is out of range: allowed \[1, 1000000000\] integer or inf/);
    expect(bad(100, { W: "abc" })).toThrow(/W must be a finite number/);
    expect(bad(3, { groups: 3, hostMasters: true })).toThrow(/hostMasters=true leaves no worker in a group of 1 node/);
  });
  it("the pigeon-ec2 preset (3 groups) on fewer than 3 nodes", () => {
    const params = paramsForScheduler("pigeon", { preset: findPreset("pigeon-ec2") });
    expect(params).toMatchObject({ groups: 3, reserved: 10, W: "inf", cutoff: 1 });
    expect(bad(2, params)).toThrow(/groups=3 needs at least 3 nodes/);
    expect(resolveConfig({ scheduler: "pigeon", nodes: 120, params }).paramVector.includes(Infinity)).toBe(true);
  });
});

describe("bad input on the command line: exit 2, one line, nothing written", () => {
  const bin = join(packageRoot(), "bin/aviary.js");
  it.each([
    [["--nodes", "2", "--preset", "pigeon-ec2"], "groups=3 needs at least 3 nodes"],
    [["--nodes", "10", "--set", "groupSize=1", "--set", "reserved=60"], "reserves 1 of the 1 workers"],
    [["--nodes", "100", "--set", "W=0"], "W=0 is out of range"],
    [["--nodes", "100", "--set", "taskMapping=zigzag"], "taskMapping must be one of shuffle|interleaved|contiguous"],
  ])("aviary run --scheduler pigeon %j", (args, message) => {
    const dir = mkdtempSync(join(tmpdir(), "aviary-pigeon-"));
    const out = join(dir, "jobs.csv");
    const r = spawnSync(process.execPath, [bin, "run", "--workload", "default", "--scheduler", "pigeon", ...args, "--per-job", out],
      { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });
});

describe.skipIf(!haveSharedTraces)("direction on Pigeon's EC2 traces (spec §5.5-§5.6): short jobs far better than Eagle's, long comparable", () => {
  it.each([["NGO_trace90.tr", 120], ["NYH_trace90.tr", 330]])("%s on %i workers, pigeon-ec2 settings", async (name, nodes) => {
    const t = await readTraceFile(sharedTrace(name));
    const preset = findPreset("pigeon-ec2");
    const run = async (scheduler: string) => {
      const r = await simulate(t, { scheduler, nodes, params: paramsForScheduler(scheduler, { preset }) }, "wasm", false);
      return summarize(r, preset.cutoff);
    };
    const pigeon = await run("pigeon");
    const eagle = await run("eagle");
    expect(pigeon.short.p90).toBeLessThan(0.5 * eagle.short.p90);
    expect(pigeon.short.p99).toBeLessThan(0.5 * eagle.short.p99);
    expect(Math.abs(pigeon.long.p50 / eagle.long.p50 - 1)).toBeLessThan(0.15);
    expect(Math.abs(pigeon.long.p90 / eagle.long.p90 - 1)).toBeLessThan(0.15);
  });
});
