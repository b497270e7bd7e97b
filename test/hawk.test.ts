// Hawk (seed-hawk-eagle.md §2.2): what randomized stealing takes from a victim, partition
// and central-LWL placement, and end-to-end effects.
import { describe, it, expect } from "vitest";
import { makeTrace, simulate, checkInvariants, engineInternals, engineModule } from "./helpers.js";

/** Sets up engine state with `jobs` jobs (1 task each), `long` marking long ones, and queues. */
async function stealSetup(long: boolean[], queues: number[][], victimRunsLong: boolean) {
  const sim = await engineInternals();
  const hawk = await engineModule("schedulers/hawk.js");
  const jobs = long.length;
  sim.allocate(jobs, jobs, queues.length, 1, 0.0005, 1, 1, false);
  for (let j = 0; j <= jobs; j++) sim.jobFirstTask[j] = j;
  sim.initialize(new sim.Scheduler());
  // (the engine copies the class into the job record in initialize(); setJobClass sets both)
  long.forEach((l, j) => { sim.setJobClass(j, l); });
  queues.forEach((q, n) => q.forEach((job) => sim.enqueue(n, job, -1, 0)));
  if (victimRunsLong) sim.addLongRunning(1, 1);
  const queue = (n: number) => {
    const out: number[] = [];
    for (let r = sim.queueFirst(n); r < sim.queueEnd(n); r++) out.push(sim.entryJob(r));
    return out;
  };
  const queueLength = (n: number) => sim.queueLength(n);
  const longQueued = (n: number) => sim.longQueued(n);
  return { sim, hawk, queue, queueLength, longQueued };
}

describe("stealing takes the first run of short probes behind long work (§2.2(d))", () => {
  // jobs: 0..3 short (S0..S3), 4..6 long (L4..L6); node 1 is the victim, node 0 the thief.
  const long = [false, false, false, false, true, true, true];

  it("victim running a long task: the short probes at the head of its queue", async () => {
    const { hawk, queue, queueLength, longQueued, sim } = await stealSetup(long, [[], [0, 1, 4, 2]], true);
    expect(hawk.stealFrom(1, 0)).toBe(true);
    expect(queue(0)).toEqual([0, 1]);
    expect(queue(1)).toEqual([4, 2]);
    expect(queueLength(0)).toBe(2);
    expect(queueLength(1)).toBe(2);
  });

  it("victim running a short task: skips its leading short probes, then the long ones, takes the next short run", async () => {
    const { hawk, queue, queueLength, longQueued, sim } = await stealSetup(long, [[], [0, 4, 5, 1, 2, 6, 3]], false);
    expect(hawk.stealFrom(1, 0)).toBe(true);
    expect(queue(0)).toEqual([1, 2]);
    expect(queue(1)).toEqual([0, 4, 5, 6, 3]);
    expect(longQueued(1)).toBe(3);
    expect(longQueued(0)).toBe(0);
  });

  it("victim running a long task with a long task queued first: the short run after it", async () => {
    const { hawk, queue } = await stealSetup(long, [[], [4, 0, 1]], true);
    expect(hawk.stealFrom(1, 0)).toBe(true);
    expect(queue(0)).toEqual([0, 1]);
    expect(queue(1)).toEqual([4]);
  });

  it("nothing to steal: only short probes, or no short probe after the long ones", async () => {
    let s = await stealSetup(long, [[], [0, 1, 2]], false);
    expect(s.hawk.stealFrom(1, 0)).toBe(false);
    expect(s.queue(1)).toEqual([0, 1, 2]);
    s = await stealSetup(long, [[], [0, 4]], false);
    expect(s.hawk.stealFrom(1, 0)).toBe(false);
    s = await stealSetup(long, [[], []], true);
    expect(s.hawk.stealFrom(1, 0)).toBe(false);
  });

  it("the stolen run is appended behind the thief's own queue and the tail stays consistent", async () => {
    const { hawk, queue, queueLength, longQueued, sim } = await stealSetup(long, [[3], [4, 0, 1]], true);
    expect(hawk.stealFrom(1, 0)).toBe(true);
    expect(queue(0)).toEqual([3, 0, 1]);
    sim.enqueue(0, 2, -1, 0);
    sim.enqueue(1, 5, -1, 0);
    expect(queue(0)).toEqual([3, 0, 1, 2]);
    expect(queue(1)).toEqual([4, 5]);
  });
});

describe.each(["wasm", "js"] as const)("hawk end to end on the %s engine", (engine) => {
  const d = 0.0005;

  it("long jobs go to the general partition by LWL; short jobs may run anywhere", async () => {
    // 4 nodes, 50% short partition -> nodes 0-1 short-only, 2-3 general. Cutoff 5 s.
    // Long job (t=0): 3 tasks of 10 s -> LWL over {2, 3}: nodes 2, 3, 2.
    const trace = makeTrace([[0, [10, 10, 10]], [0.5, [1]], [0.6, [1]]]);
    const r = await simulate(trace, { scheduler: "hawk", nodes: 4, params: { cutoff: 5, shortPartition: 50, stealing: false } }, engine);
    checkInvariants(r);
    const t = r.tasks!;
    expect([t.node[0], t.node[1], t.node[2]]).toEqual([2, 3, 2]);
    expect(r.finish[0]).toBeCloseTo(10 + 3 * d + 2 * d + 10, 12);
  });

  it("an idle node steals short probes queued behind a long task and runs them", async () => {
    // 2 nodes, 50% short partition: node 0 short-only, node 1 general (the only victim).
    // L (t=0): 2 tasks of 10 s, both placed on node 1 (10.0015, then 20.0025).
    // A (t=0.1): 1 short task of 1 s with many probes: at least one reaches node 0 and runs
    // at once; those at node 1 wait behind L's second placement.
    // When node 0 goes idle it steals node 1's short probes (stale by then): rescheduled > 0.
    const trace = makeTrace([[0, [10, 10]], [0.1, [1]], [0.2, [1]]]);
    const on = await simulate(trace, { scheduler: "hawk", nodes: 2, seed: 3, params: { cutoff: 5, shortPartition: 50, probeRatio: 8 } }, engine);
    checkInvariants(on);
    expect(on.counters.probesBehindLong).toBeGreaterThan(0);
    expect(on.counters.steals).toBeGreaterThan(0);
    expect(on.counters.rescheduledProbes).toBeGreaterThan(0);
    const off = await simulate(trace, { scheduler: "hawk", nodes: 2, seed: 3, params: { cutoff: 5, shortPartition: 50, probeRatio: 8, stealing: false } }, engine);
    expect(off.counters.stealAttempts).toBe(0);
    expect(off.counters.rescheduledProbes).toBe(0);
  });
});
