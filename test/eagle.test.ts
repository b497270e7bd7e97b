// Eagle (seed-hawk-eagle.md §2.5) worked examples and properties, plus the Eagle-chapter
// baselines (dlwl §2.6, clwl §2.7).
import { describe, it, expect } from "vitest";
import { makeTrace, simulate, checkInvariants, haveSharedTraces, sharedTrace } from "./helpers.js";
import { readTraceFile, generatePoissonWithEngineRng } from "../src/trace/node.js";
import type { Trace } from "../src/trace/types.js";

const d = 0.0005;
// No long jobs, no partition: only the probing and queueing mechanisms act.
const shortOnly = { cutoff: 1e9, shortPartition: 0, minProbes: 1, probeRatio: 1, withoutReplacement: true };

describe.each(["wasm", "js"] as const)("eagle on the %s engine", (engine) => {
  it("sticky batch probing: the 4-node example ends at 30 instead of 110 (§2.5(e))", async () => {
    // Job P (t=0) puts 100, 100, 10 and 10 s of work on the four nodes (one probe each,
    // late-bound in probe order). Job J (t=0.001): 4 tasks of 10 s, one probe per node.
    const trace = makeTrace([[0, [100, 100, 10, 10]], [0.001, [10, 10, 10, 10]]]);
    const withSbp = await simulate(trace, { scheduler: "eagle", nodes: 4, params: shortOnly }, engine);
    checkInvariants(withSbp);
    // The two 10 s nodes each pull two of J's tasks: 10.0015 -> fetch -> 20.0025 -> fetch -> 30.0035.
    expect(withSbp.finish[1]).toBeCloseTo(10 + 3 * d + 2 * d + 10 + 2 * d + 10, 9);
    expect(withSbp.counters.staleProbes).toBe(0); // exhausted probes are purged at no cost
    expect(withSbp.counters.purgedProbes).toBe(8);
    const withoutSbp = await simulate(trace, { scheduler: "eagle", nodes: 4, params: { ...shortOnly, sbpSrpt: false } }, engine);
    checkInvariants(withoutSbp);
    // One task per probe: the tasks probed at the 100 s nodes start at 100.0025.
    expect(withoutSbp.finish[1]).toBeCloseTo(100 + 3 * d + 2 * d + 10, 9);
  });

  it("SRPT lets a short job bypass a longer one, within the bypass bound (§2.5(f))", async () => {
    // One node. A (t=0): 3 tasks of 10 s (3 probes); B (t=1): 1 task of 1 s.
    // At 10.0015 the node picks B (1 s of work left) over A (20 s left): B runs 10.0025..11.0025.
    const trace = makeTrace([[0, [10, 10, 10]], [1, [1]]]);
    const srpt = await simulate(trace, { scheduler: "eagle", nodes: 1, params: shortOnly }, engine);
    checkInvariants(srpt);
    expect(srpt.finish[1]).toBeCloseTo(10 + 5 * d + 1, 9);
    expect(srpt.finish[0]).toBeCloseTo(31 + 9 * d, 9);
    expect(srpt.counters.maxBypassRatio).toBeCloseTo(1 / 50, 12); // 1 s over a 5 x 10 s bound
    // A bound of 0.05 x 10 s = 0.5 s is smaller than B's 1 s task: no bypass, FIFO order.
    const bounded = await simulate(trace, { scheduler: "eagle", nodes: 1, params: { ...shortOnly, bypassFactor: 0.05 } }, engine);
    checkInvariants(bounded);
    expect(bounded.finish[0]).toBeCloseTo(30 + 7 * d, 9);
    expect(bounded.finish[1]).toBeCloseTo(30 + 9 * d + 1, 9);
    expect(bounded.counters.maxBypassRatio).toBe(0);
  });

  it("probes at nodes with long work are rejected, re-sent with the freshest bitvector, then fall back to the short partition", async () => {
    // 4 nodes: node 0 short-only, 1-3 general. L1 (t=0) -> node 1; L2 (t=0.1) -> node 2; J (t=1)
    // probes every node; L3 (t=1.0002) -> node 3 arrives at 1.0007, after J's first probes
    // (1.0005) but before the re-sent ones (1.0015): a re-sent probe to node 3 is rejected
    // again and falls back to node 0.
    const trace = makeTrace([[0, [100]], [0.1, [100]], [1, [1, 1, 1, 1]], [1.0002, [100]]]);
    let fellBack = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const r = await simulate(trace, {
        scheduler: "eagle", nodes: 4, seed,
        params: { cutoff: 50, shortPartition: 25, minProbes: 4, probeRatio: 1, withoutReplacement: true },
      }, engine);
      checkInvariants(r);
      const t = r.tasks!;
      expect([t.node[0], t.node[1], t.node[6]]).toEqual([1, 2, 3]);
      expect(r.counters.probesBehindLong).toBe(0);
      // J's tasks never run on a node holding long work: node 0, or node 3 before L3 arrived.
      for (let k = 2; k <= 5; k++) expect([0, 3]).toContain(t.node[k]);
      // round 1: nodes 1 and 2 reject; every rejection is re-sent (round 2 or fallback)
      expect(r.counters.rescheduledProbes).toBe(r.counters.rejectedProbes);
      if (r.counters.rejectedProbes > 2) fellBack++;
    }
    expect(fellBack).toBeGreaterThan(0);
  });

  it("without SSS short probes queue behind long tasks", async () => {
    const trace = makeTrace([[0, [100]], [1, [1, 1, 1, 1]]]);
    const r = await simulate(trace, { scheduler: "eagle", nodes: 2, params: { cutoff: 50, shortPartition: 0, minProbes: 4, sss: false } }, engine);
    checkInvariants(r);
    expect(r.counters.rejectedProbes).toBe(0);
    expect(r.counters.probesBehindLong).toBeGreaterThan(0);
  });
});

async function mixed(nodes: number, seed: number): Promise<Trace> {
  const s = await generatePoissonWithEngineRng({ jobs: 4000, tasks: 6, duration: "exp:1", load: 0.3, nodes, seed });
  const l = await generatePoissonWithEngineRng({ jobs: 200, tasks: 20, duration: "exp:30", load: 0.6, nodes, seed: seed + 1 });
  const jobs: Array<[number, number[], number]> = [];
  for (const t of [s, l]) {
    for (let j = 0; j < t.arrivals.length; j++) {
      jobs.push([t.arrivals[j], Array.from(t.durations.subarray(t.taskOffsets[j], t.taskOffsets[j + 1])), t.estimates[j]]);
    }
  }
  jobs.sort((a, b) => a[0] - b[0]);
  return makeTrace(jobs, "mixed");
}

describe("properties under load", () => {
  it("eagle never queues a short probe behind long work, and never exceeds the bypass bound", async () => {
    const trace = await mixed(80, 7);
    for (const params of [{}, { minProbes: 1 }, { bypassFactor: 2 }]) {
      const r = await simulate(trace, { scheduler: "eagle", nodes: 80, params: { cutoff: 5, shortPartition: 10, ...params } });
      checkInvariants(r);
      expect(r.counters.probesBehindLong).toBe(0);
      expect(r.counters.shortAfterLong).toBe(0);
      expect(r.counters.rejectedProbes).toBeGreaterThan(0);
      expect(r.counters.maxBypassRatio).toBeGreaterThan(0);
      expect(r.counters.maxBypassRatio).toBeLessThanOrEqual(1 + 1e-12);
    }
  });

  it("eagle on nodes of several slots keeps the bypass bound (probes in flight stand apart; charged at selection)", async () => {
    // The smallest case a search over random multi-slot workloads found before the fix (1 node x
    // 3 slots: maxBypassRatio 1.126): two slots chose within one round trip against values the
    // hand-out had not yet charged, or fell back to a record that bypassed a probe in flight.
    const small = makeTrace([[1, [2, 1]], [1, [2, 1, 8, 8]], [1, [8]], [3, [2, 7]], [4, [4, 6]]]);
    for (const engine of ["wasm", "js"] as const) {
      const r = await simulate(small, { scheduler: "eagle", nodes: 1, slots: 3, params: { cutoff: 1000 } }, engine);
      checkInvariants(r);
      expect(r.counters.maxBypassRatio).toBeGreaterThan(0.5);
      expect(r.counters.maxBypassRatio).toBeLessThanOrEqual(1 + 1e-12);
    }
    const trace = await mixed(80, 7);
    for (const slots of [2, 4]) {
      const r = await simulate(trace, { scheduler: "eagle", nodes: 20, slots, params: { cutoff: 5, shortPartition: 10, bypassFactor: 2 } });
      checkInvariants(r);
      expect(r.counters.maxBypassRatio).toBeGreaterThan(0);
      expect(r.counters.maxBypassRatio).toBeLessThanOrEqual(1 + 1e-12);
    }
  }, 60_000); // (about 2 s idle; more than the 5 s default on a loaded 2-core VM)

  it("dlwl keeps bypassed work strictly below the bound and binds tasks early", async () => {
    const trace = await mixed(80, 8);
    const r = await simulate(trace, { scheduler: "dlwl", nodes: 80, params: { cutoff: 5, shortPartition: 10, heartbeat: 2 } });
    checkInvariants(r);
    expect(r.counters.fetches).toBe(0);
    expect(r.counters.maxBypassRatio).toBeLessThan(1);
    expect(r.counters.maxBypassRatio).toBeGreaterThan(0);
  });

  it("clwl places long jobs only on the general partition, short jobs anywhere", async () => {
    const trace = await mixed(40, 9);
    const r = await simulate(trace, { scheduler: "clwl", nodes: 40, params: { cutoff: 5, shortPartition: 25 } });
    checkInvariants(r);
    const t = r.tasks!;
    let shortOnShortPartition = 0;
    for (let j = 0; j < trace.arrivals.length; j++) {
      for (let k = trace.taskOffsets[j]; k < trace.taskOffsets[j + 1]; k++) {
        if (trace.estimates[j] > 5) expect(t.node[k]).toBeGreaterThanOrEqual(10);
        else if (t.node[k] < 10) shortOnShortPartition++;
      }
    }
    expect(shortOnShortPartition).toBeGreaterThan(0);
  });

  it.skipIf(!haveSharedTraces)("YH1 sample, yahoo settings, 4000 nodes: no probe behind a long task; same numbers on both engines", async () => {
    const trace = await readTraceFile(sharedTrace("YH1_sub.tr"));
    const cfg = { scheduler: "eagle", nodes: 4000, params: { cutoff: 90.5811, shortPartition: 2 } };
    const w = await simulate(trace, cfg, "wasm", false);
    const j = await simulate(trace, cfg, "js", false);
    expect(w.counters.probesBehindLong).toBe(0);
    expect(j.finish).toEqual(w.finish);
    expect(j.counters).toEqual(w.counters);
  }, 60_000);
});
