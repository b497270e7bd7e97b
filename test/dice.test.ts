// Dice (seed-dice.md §3, docs/models/dice.md): the controller's formulas (spec §9), the node-side
// gate condition by condition, the suspend/resume accounting on hand-computed scenarios, the
// elastic boundary seen by long placements, Wasm == JS, and bad parameters.
import { describe, it, expect } from "vitest";
import { makeTrace, simulate, checkInvariants, engineModule } from "./helpers.js";
import type { SimResult } from "../src/simulate.js";
import { resolveConfig } from "../src/config/config.js";
import { generateWorkload } from "../src/workloads.js";
import { loadEngineRng } from "../src/engine/node.js";

describe("the controller (spec §9)", () => {
  it("the three response curves, clipped to [0, 1]", async () => {
    const d = await engineModule("schedulers/dice.js");
    for (const x of [0, 0.04, 0.25, 0.5, 0.81, 1]) {
      expect(d.response(d.MODEL_LINEAR, x)).toBe(x);
      expect(d.response(d.MODEL_SQUARE, x)).toBe(x * x);
      expect(d.response(d.MODEL_SQRT, x)).toBe(Math.sqrt(x));
    }
    for (const m of [d.MODEL_LINEAR, d.MODEL_SQUARE, d.MODEL_SQRT]) {
      expect(d.response(m, 3)).toBe(1); // Curr > Max: full strength
      expect(d.response(m, -1)).toBe(0);
    }
    expect(d.modelOf("linear")).toBe(d.MODEL_LINEAR);
    expect(d.modelOf("square")).toBe(d.MODEL_SQUARE);
    expect(d.modelOf("sqrt")).toBe(d.MODEL_SQRT);
  });

  it("Curr > Max: k = Max - Min and n = floor(CurrShort x multiplier); Curr = 0: k = n = 0", async () => {
    const d = await engineModule("schedulers/dice.js");
    // Yahoo at 4,000 nodes: Min 80, Max 400.
    for (const m of [d.MODEL_LINEAR, d.MODEL_SQUARE, d.MODEL_SQRT]) {
      expect(d.esNodes(m, 1500, 1000, 80, 400)).toBe(320);
      expect(d.esNodes(m, 0, 1000, 80, 400)).toBe(0);
      expect(d.opRequests(m, 1500, 1000, 80 + 320, 1.0, 3600)).toBe(400);
      expect(d.opRequests(m, 1500, 1000, 400, 0.5, 3600)).toBe(200);
      expect(d.opRequests(m, 1500, 1000, 333, 1.5, 3600)).toBe(Math.floor(333 * 1.5));
      expect(d.opRequests(m, 0, 1000, 400, 2.0, 3600)).toBe(0);
      expect(d.opRequests(m, 5000, 1000, 400, 2.0, 300)).toBe(300); // capped at the general partition
    }
  });

  it("in between: floor of each model's p", async () => {
    const d = await engineModule("schedulers/dice.js");
    // Curr = 250 s of 1000: p = 0.25, 0.0625, 0.5.
    expect(d.esNodes(d.MODEL_LINEAR, 250, 1000, 80, 400)).toBe(80);
    expect(d.esNodes(d.MODEL_SQUARE, 250, 1000, 80, 400)).toBe(20);
    expect(d.esNodes(d.MODEL_SQRT, 250, 1000, 80, 400)).toBe(160);
    expect(d.opRequests(d.MODEL_SQUARE, 250, 1000, 160, 1.0, 3840)).toBe(10);
    expect(d.opRequests(d.MODEL_SQUARE, 100, 1000, 80, 1.0, 3920)).toBe(0); // 0.8 floors to 0
  });
});

// Two nodes of one slot: node 0 is the short partition (50 %), node 1 the general partition, so
// every request goes to node 1. No network delay, no stealing, ES off; every window whose mean
// wait is >= 1 s sends one request (Linear, Max 1 s, CurrShort 1, multiplier 1).
const BASE = {
  scheduler: "hawk-dice", nodes: 2, seed: 1, networkDelay: 0,
  cutoff: 200, shortPartition: 50, probeRatio: 20, stealing: false,
  es: false, maxWaitTime: 1, opModel: "linear", opMultiplier: 1, suspendDelay: 3, resumeDelay: 10,
};
// L: long, 1,000 s on node 1 from 0. A, B (20 s) run on node 0 at 0 and 20; C (3 x 60 s) at 50,
// D (60 s) at 55. Window [0, 60): waits 0, 20, 0 -> a request reaches node 1 at 60, where L runs
// and the stale probes of A and B and the live ones of C and D wait: honoured. L's progress
// freezes at 60 (60 s done); the suspension completes at 63.
const JOBS: Array<[number, number[]]> = [[0, [1000]], [0, [20]], [0, [20]], [50, [60, 60, 60]], [55, [60]]];

function config(extra: Record<string, number | boolean | string>) {
  const { scheduler, nodes, seed, ...params } = { ...BASE, ...extra } as Record<string, any>;
  return { scheduler, nodes, seed, params };
}

async function scenario(extra: Record<string, number | boolean | string>, engine: "wasm" | "js" = "wasm"): Promise<SimResult> {
  const r = await simulate(makeTrace(JOBS), { ...config(extra) } as any, engine);
  checkInvariants(r);
  return r;
}

/** The other tasks that ran on node 1 all fit in [from, to] (the node never runs two at once). */
function othersOnNode1Within(r: SimResult, from: number, to: number): void {
  const t = r.tasks!;
  for (let k = 1; k < t.start.length; k++) {
    if (t.node[k] !== 1) continue;
    expect(t.start[k]).toBeGreaterThanOrEqual(from);
    expect(t.end[k]).toBeLessThanOrEqual(to);
  }
}

describe("suspend and resume (spec §3.3, §8 #10-#12): L + 3 + S + 10", () => {
  it("the timer expires while a short task runs: resumed when it ends (S = 60 s with a 50 s timer)", async () => {
    // At 63 node 1 serves only short probes: A's and B's are stale (cancelled at once), C's
    // probe gets C's task 2 (C's task 3 waits for node 0): 63-123. The 50 s timer expires at
    // 113; at 123 L resumes: 10 s of overhead, then its 940 s left: 1,073 = 1,000 + 3 + 60 + 10.
    // Requests: at 120 node 1 runs C's task (no long task running: dropped by (1)); at 180 L
    // runs again, suspended once already (maxSuspensions 1: dropped by (3)).
    const r = await scenario({ suspendTimer: 50, maxSuspensions: 1 });
    expect(r.tasks!.start[0]).toBe(0);
    expect(r.finish[0]).toBe(1000 + 3 + 60 + 10);
    expect(r.tasks!.service[0]).toBe(1000);
    expect(r.tasks!.node[4]).toBe(1); // C's task 2 ran on node 1 in L's window
    expect(r.tasks!.start[4]).toBe(63);
    othersOnNode1Within(r, 63, 123);
    const c = r.counters;
    expect(c.diceRequestsSent).toBe(3);
    expect(c.diceRequestsHonoured).toBe(1);
    expect(c.diceDroppedNoLongRunning).toBe(1);
    expect(c.diceDroppedMaxSuspensions).toBe(1);
    expect(c.diceDroppedAlreadySuspended + c.diceDroppedNoShortProbe).toBe(0);
    expect(c.diceSuspensions).toBe(1);
    expect(c.diceEarlyResumes).toBe(0);
    expect(c.preemptions).toBe(1);
    expect(c.resumeSeconds).toBe(13); // 3 s suspending + 10 s resuming, slot busy
    expect(r.preemptions![0]).toBe(1);
    // One tick per window while work is in the system: 60, 120, ..., 1,080 (L ends at 1,073).
    expect(c.diceWindows).toBe(18);
    expect(r.policySeries!.dice.time.slice(0, 3)).toEqual([60, 120, 180]);
    expect(r.policySeries!.dice.meanWait[0]).toBeCloseTo(20 / 3, 12);
    expect(r.policySeries!.dice.requests.slice(0, 4)).toEqual([1, 1, 1, 0]);
  });

  it("early resume: no short probe left before the timer (S = 120 s: C's task, then D's)", async () => {
    // Timer 1,000 s. Node 1 runs C's task 2 (63-123), then D's task, still unlaunched (124-183
    // is 123-183); then only stale probes: L resumes at 183: 1,000 + 3 + 120 + 10 = 1,133.
    const r = await scenario({ suspendTimer: 1000, maxSuspensions: 2 });
    expect(r.finish[0]).toBe(1000 + 3 + 120 + 10);
    expect(r.tasks!.service[0]).toBe(1000);
    othersOnNode1Within(r, 63, 183);
    expect(r.counters.diceEarlyResumes).toBe(1);
    expect(r.counters.diceRequestsHonoured).toBe(1);
    expect(r.counters.diceDroppedNoLongRunning).toBe(2); // at 120 and 180 node 1 runs C's, D's task
  });

  it("no early resume: the node idles until the timer (S = the 200 s timer)", async () => {
    const r = await scenario({ suspendTimer: 200, earlyResume: false });
    expect(r.finish[0]).toBe(1000 + 3 + 200 + 10);
    expect(r.tasks!.service[0]).toBe(1000);
    othersOnNode1Within(r, 63, 263);
    expect(r.counters.diceEarlyResumes).toBe(0);
  });

  it("delays are parameters: 0 s suspension and resumption", async () => {
    const r = await scenario({ suspendTimer: 50, maxSuspensions: 1, suspendDelay: 0, resumeDelay: 0 });
    // At 60: suspended at once; C's task 2 60-120; the timer (110) has expired: resumed at 120.
    expect(r.finish[0]).toBe(1000 + 0 + 60 + 0);
    expect(r.counters.resumeSeconds).toBe(0);
  });

  it("the same on the JS engine", async () => {
    const a = await scenario({ suspendTimer: 50, maxSuspensions: 1 }, "wasm");
    const b = await scenario({ suspendTimer: 50, maxSuspensions: 1 }, "js");
    expect(Array.from(b.finish)).toEqual(Array.from(a.finish));
    expect(b.counters).toEqual(a.counters);
    expect(b.policySeries!.dice).toEqual(a.policySeries!.dice);
  });
});

describe("the node-side gate (spec §3.3): each condition rejects", () => {
  it("(1) no long task running: node 1's long job ended before the request", async () => {
    // L is 30 s (cutoff 10): node 1 idle at 60. A, B (10 s) on node 0 at 0 and 10: mean 5 s.
    const trace = makeTrace([[0, [30]], [0, [10]], [0, [10]]]);
    const r = await simulate(trace, { ...config({ cutoff: 10 }) } as any);
    checkInvariants(r);
    expect(r.counters.diceRequestsSent).toBe(1);
    expect(r.counters.diceDroppedNoLongRunning).toBe(1);
    expect(r.counters.diceRequestsHonoured).toBe(0);
  });

  it("(2) a task of the node is already suspended: its other slot's long task stays", async () => {
    // Two slots per node. L1, L2 (1,000 s) run on node 1 from 0; A (3 x 20 s) on node 0 at 0,
    // 0 and 20; C (4 x 100 s) at 50: two on node 0 (50-150). Window [0, 60): waits 0, 0, 20, 0,
    // 0: a request at 60 suspends one of L1, L2; from 63 node 1 runs C's third task (63-163).
    // At 120 (window [60, 120): wait 13) the other long task runs, but node 1 is in its
    // window: dropped by (2).
    const trace = makeTrace([[0, [1000]], [0, [1000]], [0, [20, 20, 20]], [50, [100, 100, 100, 100]]]);
    const { scheduler, nodes, seed, params } = config({ suspendTimer: 100 });
    const r = await simulate(trace, { scheduler, nodes, seed, slots: 2, params } as any);
    checkInvariants(r);
    expect(r.counters.diceRequestsHonoured).toBeGreaterThanOrEqual(1);
    expect(r.counters.diceDroppedAlreadySuspended).toBeGreaterThanOrEqual(1);
    expect(r.counters.diceSuspensions).toBe(r.counters.diceRequestsHonoured);
    // Each long task is late by at least 13 s per suspension (3 + 10 of overheads).
    for (const j of [0, 1]) expect(r.finish[j]).toBeGreaterThanOrEqual(1000 + 13 * r.preemptions![j]);
    expect(r.preemptions![0] + r.preemptions![1]).toBe(r.counters.diceSuspensions);
  });

  it("(3) the running task was suspended maxSuspensions times (first test: at 180)", async () => {
    const r = await scenario({ suspendTimer: 50, maxSuspensions: 1 });
    expect(r.counters.diceDroppedMaxSuspensions).toBe(1);
    const none = await scenario({ suspendTimer: 50, maxSuspensions: 0 });
    expect(none.counters.diceRequestsHonoured).toBe(0);
    expect(none.counters.diceDroppedMaxSuspensions).toBeGreaterThanOrEqual(1);
    expect(none.finish[0]).toBe(1000);
  });

  it("(4) no short probe waits: Eagle's nodes reject short probes while they hold long work", async () => {
    // (A and B come 1 s after L: at 0 itself they would reach node 1 during L's get-task round
    // trip, when it holds no long work yet, and be accepted.)
    const trace = makeTrace([[0, [1000]], [1, [20]], [1, [20]]]);
    const { params, nodes, seed } = config({});
    delete (params as any).stealing;
    const r = await simulate(trace, { scheduler: "eagle-dice", nodes, seed, params } as any);
    checkInvariants(r);
    expect(r.counters.diceRequestsSent).toBeGreaterThanOrEqual(1);
    expect(r.counters.diceDroppedNoShortProbe).toBe(r.counters.diceRequestsSent);
    expect(r.finish[0]).toBe(1000);
  });
});

describe("OP under Eagle: condition (4) and succinct state sharing (docs/models/dice.md)", () => {
  // The scenario above under eagle-dice. Without SSS (the ablation sss=false) short probes queue
  // behind L on node 1: A's and B's (stale by 60), C's and D's. The request at 60 is honoured;
  // from 63 node 1 serves short probes by SRPT: D (1 task x 60 s: key 60) before C (2 tasks
  // unlaunched: key 120), 63-123; then C's task 3 (C's task 2 went to node 0 at 110), 123-183;
  // the 100 s timer expired at 163: L resumes at 183 and ends at 1,000 + 3 + 120 + 10. Requests
  // at 120 and 180 find a short task running: dropped by (1).
  it("without SSS a short probe waits behind L: honoured, L + 3 + S + 10 with S = 120 s", async () => {
    const { params, nodes, seed } = config({ sss: false });
    delete (params as any).stealing;
    const r = await simulate(makeTrace(JOBS), { scheduler: "eagle-dice", nodes, seed, params } as any);
    checkInvariants(r);
    expect(r.finish[0]).toBe(1000 + 3 + 120 + 10);
    expect(r.tasks!.service[0]).toBe(1000);
    expect(r.tasks!.node[6]).toBe(1); // D's task, in L's window
    expect(r.tasks!.start[6]).toBe(63);
    expect(r.tasks!.node[5]).toBe(1); // C's task 3
    expect(r.tasks!.start[5]).toBe(123);
    othersOnNode1Within(r, 63, 183);
    const c = r.counters;
    expect([c.diceRequestsSent, c.diceRequestsHonoured, c.diceDroppedNoLongRunning, c.diceDroppedNoShortProbe]).toEqual([3, 1, 2, 0]);
    expect(c.resumeSeconds).toBe(13);
  });

  it("with SSS (the default) no short probe ever waits where a long task runs: every request fails (1) or (4)", async () => {
    // Node 1 holds L from 0: every short probe that reaches it is rejected and re-sent (round 2,
    // then the short partition); the requests find L running and no short probe. (A and B come
    // at 1 s: at 0 they would reach node 1 during L's get-task round trip, before it holds L.)
    const { params, nodes, seed } = config({});
    delete (params as any).stealing;
    const jobs: Array<[number, number[]]> = [[0, [1000]], [1, [20]], [1, [20]], [50, [60, 60, 60]], [55, [60]]];
    const r = await simulate(makeTrace(jobs), { scheduler: "eagle-dice", nodes, seed, params } as any);
    checkInvariants(r);
    const c = r.counters;
    expect(c.diceRequestsSent).toBeGreaterThanOrEqual(1);
    expect(c.diceRequestsHonoured).toBe(0);
    expect(c.diceDroppedNoShortProbe + c.diceDroppedNoLongRunning).toBe(c.diceRequestsSent);
    expect(r.finish[0]).toBe(1000);
    expect(c.probesBehindLong).toBe(0);
  });
});

describe("elastic sizing on a workload (yahoo-like, 600 nodes)", async () => {
  const { Rng } = await loadEngineRng();
  const trace = generateWorkload("yahoo-like", { jobs: 1500 }, { nodes: 600, slots: 1, seed: 3 }, (s) => new Rng(3, s));
  const cutoff = 90.5811;
  for (const scheduler of ["hawk-dice", "eagle-dice"]) {
    for (const esBlacklist of ["contiguous", "random"]) {
      it(`${scheduler}, ${esBlacklist}: rows follow the formulas; long tasks avoid the partition of their arrival's window`, { timeout: 60_000 }, async () => {
        const params = { cutoff, shortPartition: 2, maxShortPartition: 10, esBlacklist };
        const r = await simulate(trace, { scheduler, nodes: 600, seed: 3, params } as any);
        checkInvariants(r);
        const d = r.policySeries!.dice;
        const min = 12; const max = 60;
        let acted = 0;
        for (let i = 0; i < d.time.length; i++) {
          const k = Math.floor(Math.min(d.meanWait[i] / 1000, 1) * (max - min));
          expect(d.shortPartition[i]).toBe(min + k);
          const x = Math.min(d.meanWait[i] / 1000, 1);
          expect(d.requests[i]).toBe(Math.min(Math.floor(x * x * (min + k) * 1), 600 - min - k));
          if (k > 0) acted++;
          if (i > 0) expect(d.time[i] - d.time[i - 1]).toBeGreaterThan(0);
        }
        expect(acted).toBeGreaterThan(0); // the load makes ES act
        expect(r.counters.diceWindowsActive).toBeGreaterThanOrEqual(acted);
        if (esBlacklist === "contiguous") {
          // A long job placed at time a: the boundary is the row of the last tick at or before a.
          const t = r.tasks!;
          let checked = 0;
          for (let j = 0; j < trace.arrivals.length; j++) {
            if (!(trace.estimates[j] > cutoff)) continue;
            const a = trace.arrivals[j];
            let row = -1;
            for (let i = 0; i < d.time.length && d.time[i] < a; i++) row = i;
            const boundary = row < 0 ? min : d.shortPartition[row];
            for (let k = trace.taskOffsets[j]; k < trace.taskOffsets[j + 1]; k++) expect(t.node[k]).toBeGreaterThanOrEqual(boundary);
            if (boundary > min) checked++;
          }
          expect(checked).toBeGreaterThan(0);
        }
      });
    }
  }

  it("Wasm == JS per job with Dice on (both hosts, random blacklist too)", async () => {
    for (const scheduler of ["hawk-dice", "eagle-dice"]) {
      for (const esBlacklist of ["contiguous", "random"]) {
        const c = { scheduler, nodes: 600, seed: 3, params: { cutoff, shortPartition: 2, maxShortPartition: 10, esBlacklist } } as any;
        const a = await simulate(trace, c, "wasm", false);
        const b = await simulate(trace, c, "js", false);
        expect(Array.from(b.finish)).toEqual(Array.from(a.finish));
        expect(b.counters).toEqual(a.counters);
        expect(b.policySeries!.dice).toEqual(a.policySeries!.dice);
      }
    }
  }, 120_000);
});

describe("bad parameters: one line each", () => {
  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ["Min >= Max", { shortPartition: 10, maxShortPartition: 10 }, /maxShortPartition \(10%\) must be above shortPartition \(10%\)/],
    ["Max >= 100 %", { maxShortPartition: 100 }, /maxShortPartition/],
    ["a negative suspension delay", { suspendDelay: -1 }, /suspendDelay/],
    ["a negative resumption delay", { resumeDelay: -3 }, /resumeDelay/],
    ["a negative timer", { suspendTimer: -100 }, /suspendTimer/],
    ["an unknown model", { esModel: "cubic" }, /esModel/],
    ["an unknown OP model", { opModel: "exp" }, /opModel/],
    ["a multiplier of 0", { opMultiplier: 0 }, /opMultiplier/],
    ["a negative multiplier", { opMultiplier: -1 }, /opMultiplier/],
  ];
  for (const [what, params, re] of bad) {
    it(what, () => {
      for (const scheduler of ["hawk-dice", "eagle-dice"]) {
        expect(() => resolveConfig({ scheduler, nodes: 100, params: params as any })).toThrow(re);
      }
    });
  }
  it("es=false lifts the Min < Max check (OP alone)", () => {
    expect(() => resolveConfig({ scheduler: "hawk-dice", nodes: 100, params: { es: false, shortPartition: 10, maxShortPartition: 10 } })).not.toThrow();
  });
});

describe("presets (spec §3.5, Table 2)", () => {
  it("dice-yahoo|cloudera|google: the cutoff, Min for the hosts and their Dice variants, Max for the variants", async () => {
    const { findPreset, presetParamsFor } = await import("../src/config/presets.js");
    const { SCHEDULERS } = await import("../src/config/schedulers.js");
    const spec = (n: string) => SCHEDULERS.find((s) => s.name === n)!;
    for (const [preset, cutoff, min, max] of [["dice-yahoo", 90.5811, 2, 10], ["dice-cloudera", 272.783, 9, 17], ["dice-google", 1129.532, 17, 25]] as const) {
      for (const host of ["hawk", "eagle"]) {
        expect(presetParamsFor(findPreset(preset), spec(host))).toEqual({ cutoff, shortPartition: min });
        expect(presetParamsFor(findPreset(preset), spec(`${host}-dice`))).toEqual({ cutoff, shortPartition: min, maxShortPartition: max });
      }
    }
  });
});
