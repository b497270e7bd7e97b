// Scenario tests with hand-computed outcomes (network delay 0.5 ms throughout).
import { describe, it, expect } from "vitest";
import { makeTrace, simulate, checkInvariants } from "./helpers.js";

const d = 0.0005;

describe.each(["wasm", "js"] as const)("scenarios on the %s engine", (engine) => {
  it("random: tasks are bound at once and run FIFO with no round trip", async () => {
    const trace = makeTrace([[0, [2]], [1, [1]], [1.5, [0.25]]]);
    const r = await simulate(trace, { scheduler: "random", nodes: 1 }, engine);
    checkInvariants(r);
    expect(Array.from(r.finish)).toEqual([0 + d + 2, 0 + d + 2 + 1, 0 + d + 2 + 1 + 0.25]);
    expect(r.counters.fetches).toBe(0);
    expect(r.counters.boundTasks).toBe(3);
  });

  it("sparrow: late binding gives the task to the first probe to reach a queue head; a stale probe costs one round trip", async () => {
    // Two nodes X and Y; probe ratio 2 over distinct nodes, so every job probes both nodes,
    // and A (2 tasks -> 4 probes) queues two probes at each node.
    // A (t=0, tasks 10 s and 3 s): the first probes fetch at 0.0005 and run until 10.0015 (X)
    //   and 3.0015 (Y).
    // Y at 3.0015: A's second probe is stale (round trip 3.0015..3.0025, cancel); then B's
    //   probe (t=1, 1 s task) is the first of B's probes to reach a head: task 3.0035..4.0035.
    // X at 10.0015: A's stale probe (until 10.0025), then B's stale probe (until 10.0035).
    // C (t=10.0012, 2 s task): probes arrive 10.0017; Y is idle and fetches at once (task
    //   10.0027..12.0027); X's C probe waits behind B's stale round trip and is cancelled.
    const trace = makeTrace([[0, [10, 3]], [1, [1]], [10.0012, [2]]]);
    const r = await simulate(trace, {
      scheduler: "sparrow", nodes: 2, params: { probeRatio: 2, withoutReplacement: true },
    }, engine);
    checkInvariants(r);
    expect(r.finish[0]).toBeCloseTo(10 + 3 * d, 12);
    expect(r.finish[1]).toBeCloseTo(3 + 7 * d + 1, 12);
    expect(r.finish[2]).toBeCloseTo(10.0012 + 3 * d + 2, 12);
    expect(r.counters.probes).toBe(4 + 2 + 2);
    expect(r.counters.staleProbes).toBe(2 + 1 + 1); // A: one per node; B: X's; C: X's
    expect(r.counters.fetches).toBe(8);
    const tasks = r.tasks!;
    expect(tasks.node[2]).toBe(tasks.node[1]); // B ran where A's short task ran (Y)
    expect(tasks.start[2]).toBeCloseTo(3 + 7 * d, 12);
    expect(tasks.node[3]).toBe(tasks.node[1]); // C ran on idle Y, not behind X's stale round trip
    expect(tasks.node[0]).not.toBe(tasks.node[1]);
  });

  it("lwl: least work left with lowest-id ties, updated after every assignment", async () => {
    // Job 0 (t=0): 4 tasks of 1 s -> nodes 0, 1, 2, 0 (W = 2, 1, 1).
    // Job 1 (t=0.5): 2 tasks of 5 s -> node 1 (W 1 -> 6), then node 2 (W 1 -> 6).
    // Job 2 (t=3): 1 task of 1 s -> node 0 (its work finished at 2.0025, W = 0).
    const trace = makeTrace([[0, [1, 1, 1, 1]], [0.5, [5, 5]], [3, [1]]]);
    const r = await simulate(trace, { scheduler: "lwl", nodes: 3 }, engine);
    checkInvariants(r);
    const t = r.tasks!;
    expect(Array.from(t.node)).toEqual([0, 1, 2, 0, 1, 2, 0]);
    expect(r.finish[0]).toBeCloseTo(1 + 3 * d + 2 * d + 1, 12);   // second task on node 0
    expect(r.finish[1]).toBeCloseTo(1 + 3 * d + 2 * d + 5, 12);   // queued behind job 0's tasks
    expect(r.finish[2]).toBeCloseTo(3 + 3 * d + 1, 12);
    expect(r.counters.staleProbes).toBe(0);
  });

  it("multi-slot nodes run up to `slots` tasks at once", async () => {
    const trace = makeTrace([[0, [4, 4, 4]], [0, [4]]]);
    const r = await simulate(trace, { scheduler: "random", nodes: 1, slots: 3 }, engine);
    checkInvariants(r);
    expect(r.finish[0]).toBe(d + 4);
    expect(r.finish[1]).toBe(d + 4 + 4);
  });
});
