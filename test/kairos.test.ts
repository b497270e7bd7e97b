// Kairos (seed-kairos-related.md §1): the engine's preemptive LAS node discipline and the
// central scheduler, with hand-computed timelines (network delay 0.5 ms throughout), analytic
// checks against queueing theory, and the invariants (every task gets exactly its duration of
// service).
import { describe, it, expect } from "vitest";
import { generatePoissonWithEngineRng, readTraceFile } from "../src/trace/node.js";
import { resolveConfig } from "../src/config/config.js";
import type { Trace } from "../src/trace/types.js";
import { makeTrace, simulate, checkInvariants, haveSharedTraces, sharedTrace } from "./helpers.js";

const d = 0.0005;
/** No quantum or starvation effects unless a test sets them. */
const plain = { quantum: 1000, starvationPreemptions: 0 };

describe.each(["wasm", "js"] as const)("kairos on the %s engine", (engine) => {
  it("an arriving task preempts the running task when every slot is busy; the victim resumes after it", async () => {
    // A (t=0, 10 s) runs from 0.0005; B (t=1, 2 s) arrives at 1.0005, suspends A (attained 1 s)
    // and runs to 3.0005; A resumes with 9 s left and ends at 12.0005.
    const trace = makeTrace([[0, [10]], [1, [2]]]);
    const r = await simulate(trace, { scheduler: "kairos", nodes: 1, params: plain }, engine);
    checkInvariants(r);
    expect(r.finish[0]).toBeCloseTo(12 + d, 9);
    expect(r.finish[1]).toBeCloseTo(3 + d, 9);
    expect(r.counters.preemptions).toBe(1);
    expect(r.counters.suspendedSeconds).toBeCloseTo(2, 9);
    expect(r.tasks!.start[0]).toBeCloseTo(d, 12);
    expect(Array.from(r.preemptions!)).toEqual([1, 0]); // per job: A was suspended once
  });

  it("a resumed task's run is lengthened by the resume cost; an interrupted resume pays only part of it", async () => {
    // Cost 0.5 s. A (10 s) suspended at 1.0005 with 1 s by B (2 s), which ends at 3.0005.
    // A resumes: no service until 3.5005. C (1 s, t=3.2) arrives at 3.2005 and suspends A
    // (still at 1 s; 0.2 s of cost paid); C ends 4.2005; A resumes again and ends at
    // 4.2005 + 0.5 + 9 = 13.7005. Busy slot-seconds = 13 s of tasks + 0.7 s of resume cost.
    const trace = makeTrace([[0, [10]], [1, [2]], [3.2, [1]]]);
    const r = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { ...plain, resumeCost: 0.5 } }, engine);
    checkInvariants(r);
    expect(r.finish[1]).toBeCloseTo(3 + d, 9);
    expect(r.finish[2]).toBeCloseTo(4.2 + d, 9);
    expect(r.finish[0]).toBeCloseTo(13.7 + d, 9);
    expect(r.counters.resumeSeconds).toBeCloseTo(0.7, 9);
    expect(r.busySlotSeconds).toBeCloseTo(13.7, 9);
    expect(r.counters.preemptions).toBe(2);
  });

  it("a suspension's latency delays the run that takes the slot; a resumption pays its own (spec §8 #14)", async () => {
    // suspendCost 2 s, resumeCost 1 s. A (10 s) runs from 0.0005; B (3 s) arrives at 4.0005 and
    // suspends A (4 s done): the slot is busy 2 s before B's service, 6.0005-9.0005. A resumes at
    // 9.0005, pays 1 s and serves its last 6 s: ends at 16.0005. Busy = 13 s of tasks + 3 s.
    const trace = makeTrace([[0, [10]], [4, [3]]]);
    const r = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { ...plain, suspendCost: 2, resumeCost: 1 } }, engine);
    checkInvariants(r);
    expect(r.finish[1]).toBeCloseTo(9 + d, 9);
    expect(r.finish[0]).toBeCloseTo(16 + d, 9);
    expect(r.tasks!.start[1]).toBeCloseTo(4 + d, 9); // (the task is placed on the slot at once)
    expect(r.counters.resumeSeconds).toBeCloseTo(3, 9);
    expect(r.counters.suspendedSeconds).toBeCloseTo(5, 9);
    expect(r.busySlotSeconds).toBeCloseTo(16, 9);
  });

  it("the victim is the runner with the most attained service (ties: lowest task id); never the newcomer", async () => {
    // 2 slots. Tie: tasks 0 and 1 both have 1 s at 1.0005 -> task 0 is suspended.
    const tie = makeTrace([[0, [10, 10]], [1, [2]]]);
    const r = await simulate(tie, { scheduler: "kairos", nodes: 1, slots: 2, params: plain }, engine);
    checkInvariants(r);
    expect(r.finish[0]).toBeCloseTo(12 + d, 9);   // task 0 suspended 1.0005..3.0005
    expect(r.finish[1]).toBeCloseTo(3 + d, 9);
    // Most attained: task 0 (1 s) over task 1 (0.5 s, submitted at 0.5) -> task 0 is suspended,
    // task 1 ends at 10.5005, task 0 at 12.0005.
    const most = makeTrace([[0, [10]], [0.5, [10]], [1, [2]]]);
    const m = await simulate(most, { scheduler: "kairos", nodes: 1, slots: 2, params: plain }, engine);
    checkInvariants(m);
    expect(m.finish[0]).toBeCloseTo(12 + d, 9);
    expect(m.finish[1]).toBeCloseTo(10.5 + d, 9);
    expect(m.finish[2]).toBeCloseTo(3 + d, 9);
    expect(m.counters.preemptions).toBe(1);
  });

  it("quantum expiry switches to a suspended task with no more attained service", async () => {
    // W = 1. A (3 s) from 0.0005; B (1.5 s) arrives 0.5005 and suspends A (0.5 s).
    // 1.5005: B has 1 s, A 0.5 s -> A resumes. 2.5005: A has 1.5 s, B 1 s -> B resumes and ends
    // at 3.0005. A resumes, keeps running at its quantum end 4.0005 (nobody waits), ends 4.5005.
    const trace = makeTrace([[0, [3]], [0.5, [1.5]]]);
    const r = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { quantum: 1, starvationPreemptions: 0 } }, engine);
    checkInvariants(r);
    expect(r.finish[1]).toBeCloseTo(3 + d, 9);
    expect(r.finish[0]).toBeCloseTo(4.5 + d, 9);
    expect(r.counters.preemptions).toBe(3);
    expect(r.counters.suspendedSeconds).toBeCloseTo(1 + 1 + 0.5, 9);
  });

  it("quantum expiry does not switch when every suspended task has more attained service", async () => {
    // W = 1.5. A (5 s) from 0.0005 (quantum end 1.5005: nobody waits). B (3 s) arrives 2.0005
    // and suspends A (2 s). 3.5005: B has 1.5 s < 2 s -> B keeps running, ends 5.0005; A ends
    // 8.0005. A's quantum event of 3.0005 belonged to a preempted run and is ignored.
    const trace = makeTrace([[0, [5]], [2, [3]]]);
    const r = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { quantum: 1.5, starvationPreemptions: 0 } }, engine);
    checkInvariants(r);
    expect(r.finish[1]).toBeCloseTo(5 + d, 9);
    expect(r.finish[0]).toBeCloseTo(8 + d, 9);
    expect(r.counters.preemptions).toBe(1);
  });

  it("swapMargin: at a quantum end the runner yields only when ahead by at least the margin (spec §8 #2)", async () => {
    // W = 1. A (10 s) from 0.0005; B (3 s) arrives 0.5005 and suspends A (0.5 s).
    // Margin 0 (the listing's <=): the two alternate every quantum: B runs 0.5005-1.5005,
    // 2.5005-3.5005 and 4.5005-5.5005, where it ends.
    // Margin 0.6: 1.5005: B 1.0 - A 0.5 = 0.5 < 0.6 -> B keeps running; 2.5005: 2.0 - 0.5 = 1.5
    // -> A resumes; 3.5005: A 1.5 < B 2.0 -> A keeps; 4.5005: 2.5 - 2.0 = 0.5 < 0.6 -> A keeps;
    // 5.5005: 3.5 - 2.0 = 1.5 -> B resumes and ends at 6.5005. A ends at 13.0005 either way.
    const trace = makeTrace([[0, [10]], [0.5, [3]]]);
    const base = { quantum: 1, starvationPreemptions: 0 };
    const m0 = await simulate(trace, { scheduler: "kairos", nodes: 1, params: base }, engine);
    const m6 = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { ...base, swapMargin: 0.6 } }, engine);
    checkInvariants(m0);
    checkInvariants(m6);
    expect(m0.finish[1]).toBeCloseTo(5.5 + d, 9);
    expect(m6.finish[1]).toBeCloseTo(6.5 + d, 9);
    expect(m0.finish[0]).toBeCloseTo(13 + d, 9);
    expect(m6.finish[0]).toBeCloseTo(13 + d, 9);
    // suspensions: m0 A at 0.5, B at 1.5, A at 2.5, B at 3.5, A at 4.5; m6 A at 0.5, B at 2.5, A at 5.5
    expect(m0.counters.preemptions).toBe(5);
    expect(m6.counters.preemptions).toBe(3);
  });

  it("victimUsesStaleAttained: the arrival's victim by stored attained service (spec §8 #1)", async () => {
    // 1 node x 2 slots, W = 1000 (no quantum switch). A (10 s), B (3 s) from 0.0005. C (10 s)
    // arrives 1.0005: A and B both have 1.0 s, the lower id A is suspended (1.0 s); C runs.
    // B ends 3.0005 and A resumes (stored 1.0). E (1 s) arrives 3.5005: current service C 2.5,
    // A 1.5 -> C is the victim: E ends 4.5005, C resumes and ends 12.0005, A ends 12.0005.
    // Stored service C 0, A 1.0 -> A is the victim (1.5 s): C ends 11.0005, A resumes at
    // 4.5005 and ends 13.0005.
    const trace = makeTrace([[0, [10]], [0, [3]], [1, [10]], [3.5, [1]]]);
    const base = { quantum: 1000, starvationPreemptions: 0 };
    const cur = await simulate(trace, { scheduler: "kairos", nodes: 1, slots: 2, params: base }, engine);
    const old = await simulate(trace, { scheduler: "kairos", nodes: 1, slots: 2, params: { ...base, victimUsesStaleAttained: true } }, engine);
    checkInvariants(cur);
    checkInvariants(old);
    expect(Array.from(cur.finish)).toEqual([12 + d, 3 + d, 12 + d, 4.5 + d].map((x) => expect.closeTo(x, 9)));
    expect(Array.from(old.finish)).toEqual([13 + d, 3 + d, 11 + d, 4.5 + d].map((x) => expect.closeTo(x, 9)));
  });

  it("starvationWaits: a task passed over at K quantum ends is forced in for a protected run (spec §8 #3)", async () => {
    // 1 slot, W = 1, K = 2, protected run 2 W. A (20 s) runs alone from 0.0005 to 5.0005 (5 s);
    // B (10 s) arrives 5.0005 and suspends A. Quantum ends 6.0005, 7.0005: B (1, 2 s) < A (5 s),
    // B keeps running and A is passed over twice; 8.0005: A is forced in (B 3 s suspended),
    // protected to 10.0005 (A 7 s); 10.0005: B (3) <= A (7): B runs; 11.0005, 12.0005 pass A
    // over; 13.0005: A forced (B 6), to 15.0005 (A 9); B runs 15.0005-18.0005 (A passed over
    // at 16.0005 and 17.0005), A forced 18.0005-20.0005 (A 11, B 9); B runs and ends at 21.0005;
    // A resumes and ends at 30.0005. Suspensions: A at 5, 10, 15, 20; B at 8, 13, 18.
    const trace = makeTrace([[0, [20]], [5, [10]]]);
    const r = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { quantum: 1, starvationPreemptions: 2, starvationQuanta: 2, starvationWaits: true } }, engine);
    checkInvariants(r);
    expect(r.finish[1]).toBeCloseTo(21 + d, 9);
    expect(r.finish[0]).toBeCloseTo(30 + d, 9);
    expect(r.counters.preemptions).toBe(7);
    // the prototype's counting (own suspensions) gives a different timeline on the same input
    const p = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { quantum: 1, starvationPreemptions: 2, starvationQuanta: 2 } }, engine);
    checkInvariants(p);
    expect(p.finish[1]).not.toBeCloseTo(21 + d, 6);
  });

  it("the starvation guard gives a protected run that neither arrivals nor quantum checks interrupt", async () => {
    // W = 1, guard after 1 preemption, protected run 3 W.
    // A (10 s) from 0.0005, suspended at 0.5005 by B (10 s). 1.5005: B (1 s) yields to A
    // (0.5 s); A has 1 preemption -> protected until 4.5005. C (1 s) arrives 2.0005: every slot
    // is protected, C waits with 0 s. 4.5005: C runs, ends 5.5005. Then B and A alternate in
    // protected 3 s runs: B 5.5005-8.5005, A -11.5005, B -14.5005, A -17.5005, B ends 20.5005,
    // A ends 21.0005.
    const trace = makeTrace([[0, [10]], [0.5, [10]], [2, [1]]]);
    const r = await simulate(trace, {
      scheduler: "kairos", nodes: 1, params: { quantum: 1, starvationPreemptions: 1, starvationQuanta: 3 },
    }, engine);
    checkInvariants(r);
    expect(r.finish[2]).toBeCloseTo(5.5 + d, 9);
    expect(r.finish[1]).toBeCloseTo(20.5 + d, 9);
    expect(r.finish[0]).toBeCloseTo(21 + d, 9);
    expect(r.counters.preemptions).toBe(7);
    expect(r.tasks!.start[2]).toBeCloseTo(4.5 + d, 9);
    // Without the guard C preempts A at once and ends at 3.0005.
    const off = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { quantum: 1, starvationPreemptions: 0 } }, engine);
    checkInvariants(off);
    expect(off.finish[2]).toBeCloseTo(3 + d, 9);
  });

  it("admission control holds tasks centrally until the scheduler learns of room", async () => {
    // N = 1, Q = 0: at most one task per node. A (0.3 s) placed at 0; B (t=0.1) waits in the
    // central queue. By default A's completion notice (A ends at 0.3005) reaches the scheduler
    // at 0.301; B is placed then and runs 0.3015..0.6015.
    const trace = makeTrace([[0, [0.3]], [0.1, [0.3]]]);
    const exact = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { ...plain, Q: 0, delta: 1 } }, engine);
    checkInvariants(exact);
    expect(exact.finish[1]).toBeCloseTo(0.6 + 3 * d, 12);
    // 2 arrivals, 2 deliveries, 2 ends, 2 completion notices, 1 heartbeat (planned while B waited)
    expect(exact.counters.events).toBe(9);
    // With staleCounts the scheduler learns of A's completion only at the heartbeat at 1 s,
    // and B runs 1.0005..1.3005.
    const r = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { ...plain, Q: 0, delta: 1, staleCounts: true } }, engine);
    checkInvariants(r);
    expect(r.finish[0]).toBeCloseTo(0.3 + d, 12);
    expect(r.finish[1]).toBeCloseTo(1.3 + d, 12);
    expect(r.counters.preemptions).toBe(0);
    expect(r.counters.events).toBe(2 + 2 + 2 + 1); // 2 arrivals, 2 deliveries, 2 ends, 1 heartbeat
    // Q = 1: B is admitted at once and preempts A.
    const q1 = await simulate(trace, { scheduler: "kairos", nodes: 1, params: { ...plain, Q: 1, delta: 1 } }, engine);
    checkInvariants(q1);
    expect(q1.finish[1]).toBeCloseTo(0.4 + d, 12);
    expect(q1.finish[0]).toBeCloseTo(0.6 + d, 12);
  });

  it("ties in task count go to the node with the lowest attained-service variance", async () => {
    // 2 nodes x 1 slot. A (t=0): tasks to nodes 0 and 1 (counts 1, 1; ties by id). B (t=0.2)
    // -> node 0, suspends A's task there (0.2 s). C (t=0.4) -> node 1, suspends A's task (0.4 s).
    // Heartbeat at 1: node 0 holds {0.2, 0.7995} (variance 0.0899), node 1 {0.4, 0.5995}
    // (0.00995). D (t=1.5) ties on count 2 and goes to node 1, not to the lower id.
    const trace = makeTrace([[0, [10, 10]], [0.2, [10]], [0.4, [10]], [1.5, [1]]]);
    const r = await simulate(trace, { scheduler: "kairos", nodes: 2, params: plain }, engine);
    checkInvariants(r);
    expect(Array.from(r.tasks!.node)).toEqual([0, 1, 0, 1, 1]);
    expect(r.finish[3]).toBeCloseTo(2.5 + d, 9);
  });
});

describe("kairos: LAS against queueing theory (one node, one slot, no admission limit)", () => {
  const las = { Q: 1_000_000, quantum: 0.1 };

  it("exponential service: LAS has FIFO's mean sojourn 1/(mu - lambda) (within 3%)", async () => {
    const load = 0.7;
    const trace = await generatePoissonWithEngineRng({ jobs: 400_000, tasks: 1, duration: "exp:1", load, nodes: 1, seed: 7 });
    const r = await simulate(trace, { scheduler: "kairos", nodes: 1, seed: 7, params: las }, "wasm", false);
    const f = await simulate(trace, { scheduler: "random", nodes: 1, seed: 7 }, "wasm", false);
    const mean = meanResponse(trace, r.finish);
    const fifo = meanResponse(trace, f.finish);
    const expected = 1 / (1 - load) + d;
    console.log(`M/M/1 load 0.7: mean sojourn LAS ${mean.toFixed(4)}, FIFO ${fifo.toFixed(4)}, theory ${expected.toFixed(4)}; LAS preemptions ${r.counters.preemptions}`);
    expect(Math.abs(mean - expected) / expected).toBeLessThan(0.03);
    expect(Math.abs(fifo - expected) / expected).toBeLessThan(0.03);
  }, 30_000);

  it("Pareto(1.5) service: LAS beats FIFO on the mean, and the smallest jobs' response is close to their size", async () => {
    const trace = await generatePoissonWithEngineRng({ jobs: 200_000, tasks: 1, duration: "pareto:1.5:1", load: 0.7, nodes: 1, seed: 8 });
    const k = await simulate(trace, { scheduler: "kairos", nodes: 1, seed: 8, params: las }, "wasm", false);
    const f = await simulate(trace, { scheduler: "random", nodes: 1, seed: 8 }, "wasm", false);
    const lasMean = meanResponse(trace, k.finish);
    const fifoMean = meanResponse(trace, f.finish);
    // The smallest 10% of jobs.
    const order = Array.from(trace.durations.keys()).sort((a, b) => trace.durations[a] - trace.durations[b]);
    const small = order.slice(0, order.length / 10);
    const size = small.reduce((s, j) => s + trace.durations[j], 0) / small.length;
    const lasSmall = small.reduce((s, j) => s + k.finish[j] - trace.arrivals[j], 0) / small.length;
    const fifoSmall = small.reduce((s, j) => s + f.finish[j] - trace.arrivals[j], 0) / small.length;
    console.log(`Pareto(1.5) load 0.7: mean LAS ${lasMean.toFixed(4)} FIFO ${fifoMean.toFixed(4)}; smallest 10% (size ${size.toFixed(4)}): LAS ${lasSmall.toFixed(4)} FIFO ${fifoSmall.toFixed(4)}`);
    expect(lasMean).toBeLessThan(0.8 * fifoMean);
    expect(lasSmall).toBeLessThan(2 * size);
    expect(fifoSmall).toBeGreaterThan(3 * lasSmall);
    // M/G/1-LAS (FB): T(x) = x / (1 - rho_x) + lambda E[min(S,x)^2] / (2 (1 - rho_x)^2), with
    // rho_x = lambda E[min(S,x)]; Pareto xm = mean (alpha - 1) / alpha.
    const lambda = 0.7;
    const alpha = 1.5;
    const xm = 1 / 3;
    const theory = small.reduce((s, j) => {
      const x = trace.durations[j];
      const m1 = xm + (xm ** alpha * (x ** (1 - alpha) - xm ** (1 - alpha))) / (1 - alpha);
      const m2 = xm * xm + (2 * xm ** alpha * (x ** (2 - alpha) - xm ** (2 - alpha))) / (2 - alpha);
      const rho = lambda * m1;
      return s + x / (1 - rho) + (lambda * m2) / (2 * (1 - rho) ** 2) + d;
    }, 0) / small.length;
    console.log(`smallest 10%: M/G/1-LAS theory ${theory.toFixed(4)}`);
    expect(Math.abs(lasSmall - theory) / theory).toBeLessThan(0.1);
  }, 30_000);
});

function meanResponse(trace: Trace, finish: Float64Array): number {
  let s = 0;
  for (let j = 0; j < finish.length; j++) s += finish[j] - trace.arrivals[j];
  return s / finish.length;
}

describe.each(["wasm", "js"] as const)("yarn-fifo on the %s engine", (engine) => {
  it("tasks start only on free slots; a freed slot is reused after the next heartbeat", async () => {
    // 1 node x 2 slots. A (t=0): 3 tasks of 0.5 s; two start at 0.0005, the third waits
    // centrally. Both end at 0.5005; the heartbeat at 1 reports it; the third runs 1.0005..1.5005.
    const trace = makeTrace([[0, [0.5, 0.5, 0.5]]]);
    const r = await simulate(trace, { scheduler: "yarn-fifo", nodes: 1, slots: 2, params: { delta: 1 } }, engine);
    checkInvariants(r);
    expect(Array.from(r.tasks!.start)).toEqual([d, d, 1 + d]);
    expect(r.finish[0]).toBeCloseTo(1.5 + d, 12);
    expect(r.counters.preemptions).toBe(0);
  });

  it("central FIFO: on a loaded cluster tasks start in submission order and never queue at a node", async () => {
    const trace = await generatePoissonWithEngineRng({ jobs: 2000, tasks: 5, duration: "exp:1", load: 0.9, nodes: 20, seed: 9 });
    const r = await simulate(trace, { scheduler: "yarn-fifo", nodes: 20, slots: 2, params: { delta: 0.5 } }, engine);
    checkInvariants(r);
    const start = r.tasks!.start;
    for (let t = 1; t < start.length; t++) expect(start[t]).toBeGreaterThanOrEqual(start[t - 1]);
    expect(r.counters.maxQueueLength).toBeLessThanOrEqual(1); // queued and served in the same instant
  });
});

describe.each(["wasm", "js"] as const)("kairos tie-breaks on the %s engine (spec §4.5.3 ablation)", (engine) => {
  // 2 nodes. A (t=0, 10 s) -> node 0; B (t=0.3, 10 s) -> node 1 (fewer tasks). At the heartbeat
  // at 1 s node 0 has 0.9995 s of attained service, node 1 0.6995 s, each a single task
  // (variance 0). C (t=1.5) ties on count 1: Var ties again and takes the lower id (node 0);
  // Sum takes the node with less attained service (node 1).
  const trace = makeTrace([[0, [10]], [0.3, [10]], [1.5, [1]]]);
  it("variance ties fall to the lowest id; Sum picks the least attained service", async () => {
    const v = await simulate(trace, { scheduler: "kairos", nodes: 2, params: { tieBreak: "variance" } }, engine);
    const s = await simulate(trace, { scheduler: "kairos", nodes: 2, params: { tieBreak: "sum" } }, engine);
    checkInvariants(v);
    checkInvariants(s);
    expect(Array.from(v.tasks!.node)).toEqual([0, 1, 0]);
    expect(Array.from(s.tasks!.node)).toEqual([0, 1, 1]);
  });
  it("Random picks among the tied nodes, reproducibly per seed", async () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 12; seed++) {
      const r = await simulate(trace, { scheduler: "kairos", nodes: 2, seed, params: { tieBreak: "random" } }, engine);
      checkInvariants(r);
      seen.add(r.tasks!.node[2]);
      const again = await simulate(trace, { scheduler: "kairos", nodes: 2, seed, params: { tieBreak: "random" } }, engine);
      expect(again.tasks!.node).toEqual(r.tasks!.node);
    }
    expect([...seen].sort()).toEqual([0, 1]);
  });
});

describe.each(["wasm", "js"] as const)("kairos oracle tie values on the %s engine (spec §8 #6)", (engine) => {
  // 2 nodes, Δ = 100 s so the only heartbeat before E is the one at t = 0 (every value 0).
  // A, B (t=0, 10 s) -> nodes 0, 1. C (t=0.2) ties on count 1 -> node 0 and suspends A (0.2 s
  // of service); D (t=0.6) -> node 1 (fewer tasks) and suspends B (0.6 s). At E (t=2) both
  // nodes hold 2 tasks: node 0 {A 0.2, C ~1.8} has variance ~0.64, node 1 {B 0.6, D ~1.4}
  // ~0.16. Sampled at the t = 0 heartbeat the variances tie (0) and E takes node 0; computed
  // at the decision (oracle) E takes node 1.
  const trace = makeTrace([[0, [10]], [0, [10]], [0.2, [10]], [0.6, [10]], [2, [1]]]);
  it("Var: the heartbeat's sampled value ties, the oracle's current value does not", async () => {
    const hb = await simulate(trace, { scheduler: "kairos", nodes: 2, params: { delta: 100 } }, engine);
    const or = await simulate(trace, { scheduler: "kairos", nodes: 2, params: { delta: 100, oracle: true } }, engine);
    checkInvariants(hb);
    checkInvariants(or);
    expect(Array.from(hb.tasks!.node)).toEqual([0, 1, 0, 1, 0]);
    expect(Array.from(or.tasks!.node)).toEqual([0, 1, 0, 1, 1]);
  });
  it("Sum: the oracle reads the attained service at the decision", async () => {
    // The tie-break scenario above with Δ = 100: at C (t=1.5) the current sums are 1.4995 and
    // 1.1995 s (oracle: node 1), while the t = 0 heartbeat saw 0 and 0 (lowest id: node 0).
    const t = makeTrace([[0, [10]], [0.3, [10]], [1.5, [1]]]);
    const hb = await simulate(t, { scheduler: "kairos", nodes: 2, params: { tieBreak: "sum", delta: 100 } }, engine);
    const or = await simulate(t, { scheduler: "kairos", nodes: 2, params: { tieBreak: "sum", delta: 100, oracle: true } }, engine);
    expect(Array.from(hb.tasks!.node)).toEqual([0, 1, 0]);
    expect(Array.from(or.tasks!.node)).toEqual([0, 1, 1]);
  });
  it("stays close to 1 s heartbeats on a loaded cluster, and is reproducible", async () => {
    const trace = await generatePoissonWithEngineRng({ jobs: 3000, tasks: 4, duration: "exp:1", load: 0.9, nodes: 50, seed: 4 });
    const hb = await simulate(trace, { scheduler: "kairos", nodes: 50, params: { delta: 0.05 } }, engine);
    const or = await simulate(trace, { scheduler: "kairos", nodes: 50, params: { delta: 0.05, oracle: true } }, engine);
    checkInvariants(or);
    const m1 = meanResponse(trace, hb.finish), m2 = meanResponse(trace, or.finish);
    expect(Math.abs(m2 - m1) / m1).toBeLessThan(0.05);
    const again = await simulate(trace, { scheduler: "kairos", nodes: 50, params: { delta: 0.05, oracle: true } }, engine);
    expect(again.finish).toEqual(or.finish);
  });
  it("rejects oracle with the random tie-break (nothing to compute)", () => {
    expect(() => resolveConfig({ scheduler: "kairos", nodes: 2, params: { oracle: true, tieBreak: "random" } }))
      .toThrow("scheduler 'kairos': oracle=true needs a computed tie value (tieBreak=variance or sum), not tieBreak=random");
  });
});

describe.each(["wasm", "js"] as const)("big-c on the %s engine (spec §2.2)", (engine) => {
  const p = (extra: Record<string, number>) => ({ cutoff: 5, shortShare: 100, ...extra });

  it("a short task preempts the running long task; the long task resumes after it", async () => {
    // One slot. L (t=0, 100 s) runs from 0.0005; S (t=1, 1 s) reaches the node at 1.0005,
    // suspends L (1 s of service) and runs to 2.0005; L resumes and ends at 101.0005.
    const trace = makeTrace([[0, [100]], [1, [1]]]);
    const r = await simulate(trace, { scheduler: "big-c", nodes: 1, params: p({}) }, engine);
    checkInvariants(r);
    expect(r.finish[1]).toBeCloseTo(2 + d, 9);
    expect(r.finish[0]).toBeCloseTo(101 + d, 9);
    expect(r.counters.preemptions).toBe(1);
    expect(Array.from(r.preemptions!)).toEqual([1, 0]);
  });

  it("short tasks never preempt short tasks, long tasks never preempt, and the share bounds preemption", async () => {
    // S1 (4 s) runs 0.0005..4.0005; S2 (t=1) waits centrally until S1's completion notice
    // (4.001), reaches the node at 4.0015 and runs to 5.0015.
    const shorts = makeTrace([[0, [3, 3, 3, 1]], [1, [1]]]);
    const a = await simulate(makeTrace([[0, [4]], [1, [1]]]), { scheduler: "big-c", nodes: 1, params: p({}) }, engine);
    checkInvariants(a);
    expect(a.finish[1]).toBeCloseTo(5 + 3 * d, 9);
    expect(a.counters.preemptions).toBe(0);
    // A long task arriving at a busy slot waits centrally too.
    const b = await simulate(makeTrace([[0, [100]], [1, [50]]]), { scheduler: "big-c", nodes: 1, params: p({}) }, engine);
    checkInvariants(b);
    expect(b.finish[1]).toBeCloseTo(150 + 3 * d, 9);
    expect(b.counters.preemptions).toBe(0);
    // With no guaranteed share a short task waits for the long one.
    const c = await simulate(makeTrace([[0, [100]], [1, [1]]]), { scheduler: "big-c", nodes: 1, params: p({ shortShare: 0 }) }, engine);
    checkInvariants(c);
    expect(c.finish[1]).toBeCloseTo(101 + 3 * d, 9);
    // Short tasks use free slots first: no preemption while a node is free.
    const s = await simulate(shorts, { scheduler: "big-c", nodes: 5, params: p({}) }, engine);
    checkInvariants(s);
    expect(s.counters.preemptions).toBe(0);
  });
});

describe("kairos presets", () => {
  it("google/yahoo set the chapter's simulation quanta; kairos-testbed sets the testbed's Q and W", async () => {
    const { findPreset, presetParamsFor } = await import("../src/config/presets.js");
    const { findScheduler } = await import("../src/config/schedulers.js");
    const kairos = findScheduler("kairos");
    expect(presetParamsFor(findPreset("google"), kairos)).toEqual({ quantum: 10000 });
    expect(presetParamsFor(findPreset("yahoo"), kairos)).toEqual({ quantum: 100 });
    expect(presetParamsFor(findPreset("kairos-testbed"), kairos)).toEqual({ quantum: 50, Q: 4 });
    expect(presetParamsFor(findPreset("kairos-testbed"), findScheduler("eagle"))).toEqual({});
    expect(findPreset("kairos-testbed").slots).toBe(4);
  });
});

describe("kairos: the kinetic argmin decides exactly like the sweep of every tied node (issue #23)", () => {
  // Long tasks (several per node) and a short quantum make thousands of decisions among nodes
  // tied on their task counts whose variances move between heartbeats; each configuration must
  // place every task on the same node at the same time either way.
  const configs: Array<[string, Record<string, number | boolean | string>, number?]> = [
    ["sampled variance (default)", { quantum: 3 }],
    ["oracle variance", { quantum: 3, oracle: true }],
    ["sampled sum", { quantum: 3, tieBreak: "sum" }],
    ["oracle sum, stale counts", { quantum: 3, tieBreak: "sum", oracle: true, staleCounts: true }],
    ["run overheads (piecewise values)", { quantum: 2, resumeCost: 0.3, suspendCost: 0.2, delta: 0.7 }],
    ["oracle with run overheads", { quantum: 2, resumeCost: 0.3, suspendCost: 0.2, oracle: true }],
    ["4 slots per node, Q = 3, slow heartbeats", { quantum: 2, Q: 3, delta: 5 }, 4],
    ["starvation by waits, hysteresis", { quantum: 1, starvationWaits: true, starvationPreemptions: 2, swapMargin: 0.5 }],
  ];
  it.each(configs)("%s", async (_name, params, slots) => {
    const trace = await generatePoissonWithEngineRng({ jobs: 1500, tasks: 6, duration: "pareto:1.3:2", load: 0.97, nodes: 40, slots: slots ?? 1, seed: 9 });
    const cfg = (argmin: string) => ({ scheduler: "kairos", nodes: 40, slots: slots ?? 1, seed: 3, params: { ...params, argmin } });
    const k = await simulate(trace, cfg("kinetic"), "wasm");
    const s = await simulate(trace, cfg("sweep"), "wasm");
    checkInvariants(k);
    expect(k.tasks!.node).toEqual(s.tasks!.node);
    expect(k.tasks!.start).toEqual(s.tasks!.start);
    expect(k.finish).toEqual(s.finish);
  }, 60_000);
  it.skipIf(!haveSharedTraces)("GOOG_subtrace.tr at 600 nodes, google preset's quantum", async () => {
    const trace = await readTraceFile(sharedTrace("GOOG_subtrace.tr"));
    const cfg = (argmin: string) => ({ scheduler: "kairos", nodes: 600, seed: 1, params: { quantum: 10000, argmin } });
    const k = await simulate(trace, cfg("kinetic"), "wasm", false);
    const s = await simulate(trace, cfg("sweep"), "wasm", false);
    expect(k.finish).toEqual(s.finish);
    expect(k.counters).toEqual(s.counters);
  }, 120_000);
});
