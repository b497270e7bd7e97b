// The Pigeon paper's analysis (seed-pigeon.md §5.2, Eqs. (1)-(6)): the closed forms of
// src/analysis/queueing.ts against the spec's [D] tables, and the pigeon scheduler against them on
// the analysis workload (§4.1, §7 #15, §8).
import { describe, it, expect } from "vitest";
import {
  erlangC, mmcMeanWait, pigeonTaskZeroQueue, pigeonMeanTaskWait, pigeonJobZeroQueueEqual,
  sparrowJobZeroQueue, pigeonJobZeroQueueExp, pigeonJobZeroQueueIndependent, pigeonValidationRate,
} from "../src/analysis/queueing.js";
import { generatePoissonWithEngineRng } from "../src/trace/node.js";
import type { Trace } from "../src/trace/types.js";
import type { SimResult } from "../src/simulate.js";
import { simulate } from "./helpers.js";

/** Rounds as the spec's tables print: `digits` decimals. */
const fixed = (x: number, digits: number): string => x.toFixed(digits);

describe("Erlang C and M/M/c", () => {
  it("M/M/1: the probability of waiting is rho, the mean wait rho/(mu - lambda)", () => {
    for (const rho of [0, 0.1, 0.5, 0.9, 0.999]) {
      expect(erlangC(1, rho)).toBeCloseTo(rho, 14);
      expect(mmcMeanWait(1, rho / 2, 2)).toBeCloseTo(rho / (0.5 - rho / 2), 10);
    }
  });

  it("M/M/2 against its closed form C = 2 rho^2 / (1 + rho)", () => {
    for (const rho of [0.2, 0.6, 0.95]) expect(erlangC(2, 2 * rho)).toBeCloseTo((2 * rho * rho) / (1 + rho), 14);
  });

  it("stays finite and in [0, 1] for 10,000 and 100,000 servers", () => {
    for (const c of [10_000, 100_000]) {
      for (const rho of [0.5, 0.99, 0.9999]) {
        const p = erlangC(c, c * rho);
        expect(Number.isFinite(p) && p >= 0 && p <= 1).toBe(true);
      }
    }
    // Halfin-Whitt: with (1 - rho) sqrt(c) = beta fixed, the waiting probability tends to
    // 1 / (1 + beta Phi(beta) / phi(beta)), 0.22336 for beta = 1.
    const phi1 = Math.exp(-0.5) / Math.sqrt(2 * Math.PI);
    const limit = 1 / (1 + 0.8413447460685429 / phi1);
    expect(Math.abs(erlangC(10_000, 10_000 - 100) - limit)).toBeLessThan(1e-3);
    expect(Math.abs(erlangC(1_000_000, 1_000_000 - 1000) - limit)).toBeLessThan(1e-4);
  });

  it("rejects an unstable or malformed queue with a RangeError", () => {
    expect(() => erlangC(10, 10)).toThrow(RangeError);
    expect(() => erlangC(10, 12)).toThrow(/must be < 1/);
    expect(() => erlangC(0, 0.5)).toThrow(RangeError);
    expect(() => erlangC(2.5, 0.5)).toThrow(/integer/);
    expect(() => erlangC(3, -1)).toThrow(RangeError);
    expect(() => erlangC(3, NaN)).toThrow(RangeError);
    expect(() => mmcMeanWait(4, 1, 0)).toThrow(RangeError);
    expect(() => mmcMeanWait(4, 5, 1)).toThrow(RangeError);
    expect(() => pigeonTaskZeroQueue(100, 1)).toThrow(RangeError);
    expect(() => pigeonTaskZeroQueue(100, -0.1)).toThrow(RangeError);
    expect(() => pigeonMeanTaskWait(100, 0.5, 0)).toThrow(RangeError);
    expect(() => pigeonJobZeroQueueEqual(100, 0.5, 0)).toThrow(RangeError);
    expect(() => sparrowJobZeroQueue(1.5, 10)).toThrow(RangeError);
    expect(() => sparrowJobZeroQueue(0.5, 2.5)).toThrow(RangeError);
    expect(() => pigeonValidationRate(0, 100, 0.1, 0.9)).toThrow(RangeError);
  });
});

describe("Pigeon's analysis reproduces the spec's [D] tables (§5.2)", () => {
  // ρ, P_task(0) N_w=100, P_job^PI F=50/100 (N_w=100), P_task(0) N_w=200, P_job^PI F=50/100
  // (N_w=200), Sparrow F=50/100. The spec prints "0" for values that round to 0.0000.
  const table: Array<[number, string, string, string, string, string, string, string, string]> = [
    [0.4, "1.0000", "1.0000", "1.0000", "1.0000", "1.0000", "1.0000", "0.9832", "0.9983"],
    [0.5, "1.0000", "1.0000", "1.0000", "1.0000", "1.0000", "1.0000", "0.5398", "0.5282"],
    [0.6, "1.0000", "0.9999", "0.9998", "1.0000", "1.0000", "1.0000", "0.0271", "0.0026"],
    [0.7, "0.9995", "0.9773", "0.9551", "1.0000", "0.9999", "0.9999", "0.0000", "0.0000"],
    [0.8, "0.9804", "0.3708", "0.1375", "0.9986", "0.9334", "0.8713", "0", "0"],
    [0.85, "0.9251", "0.0204", "0.0004", "0.9847", "0.4616", "0.2131", "0", "0"],
    [0.9, "0.7831", "0.0000", "0.0000", "0.9055", "0.0070", "0.0000", "0", "0"],
    [0.95, "0.4935", "0", "0", "0.6347", "0", "0", "0", "0"],
  ];
  const as4 = (x: number, printed: string) => (printed === "0" ? fixed(x, 4) === "0.0000" : fixed(x, 4) === printed);
  it.each(table)("rho %s: Eqs. (1), (3) and (4)", (rho, t100, j100a, j100b, t200, j200a, j200b, spA, spB) => {
    const got = [
      pigeonTaskZeroQueue(100, rho), pigeonJobZeroQueueEqual(100, rho, 50), pigeonJobZeroQueueEqual(100, rho, 100),
      pigeonTaskZeroQueue(200, rho), pigeonJobZeroQueueEqual(200, rho, 50), pigeonJobZeroQueueEqual(200, rho, 100),
      sparrowJobZeroQueue(rho, 50), sparrowJobZeroQueue(rho, 100),
    ];
    const want = [t100, j100a, j100b, t200, j200a, j200b, spA, spB];
    got.forEach((g, i) => expect(as4(g, want[i]), `column ${i + 1}: ${g} vs ${want[i]}`).toBe(true));
  });

  // N_w, ρ, P_task(0), T_q (ms), P_job^dt(0), with T_e = 0.1 s exponential.
  const expTable: Array<[number, number, string, string, string]> = [
    [50, 0.8, "0.9130", "0.870", "0.9051"], [50, 0.9, "0.6361", "7.277", "0.5915"],
    [100, 0.8, "0.9804", "0.098", "0.9794"], [100, 0.9, "0.7831", "2.169", "0.7663"],
    [150, 0.8, "0.9949", "0.017", "0.9948"], [150, 0.9, "0.8597", "0.935", "0.8517"],
    [200, 0.8, "0.9986", "0.003", "0.9986"], [200, 0.9, "0.9055", "0.472", "0.9013"],
  ];
  it.each(expTable)("N_w = %s, load %s, T_e = 0.1 s: Eqs. (1), (2) and (6)", (nw, rho, p0, tqMs, pj) => {
    expect(fixed(pigeonTaskZeroQueue(nw, rho), 4)).toBe(p0);
    expect(fixed(pigeonMeanTaskWait(nw, rho, 0.1) * 1000, 3)).toBe(tqMs);
    expect(fixed(pigeonJobZeroQueueExp(nw, rho, 0.1), 4)).toBe(pj);
    // Eq. (2) is the M/M/N_w mean wait at λ_t = ρ N_w / T_e.
    expect(pigeonMeanTaskWait(nw, rho, 0.1)).toBeCloseTo(mmcMeanWait(nw, (rho * nw) / 0.1, 0.1), 15);
  });

  it("Sparrow's Eq. (4): the binomial tail at its ends and for a large fanout", () => {
    expect(sparrowJobZeroQueue(0, 7)).toBe(1);
    expect(sparrowJobZeroQueue(1, 7)).toBe(0);
    expect(sparrowJobZeroQueue(0.5, 1)).toBeCloseTo(0.75, 14); // 2 probes, at least one idle
    // Symmetric at ρ = 1/2: 1/2 + C(2F, F)/2^(2F+1) → 1/2 from above.
    const big = sparrowJobZeroQueue(0.5, 10_000);
    expect(big).toBeGreaterThan(0.5);
    let central = 1; // C(2F, F) / 4^F as the product of (2k - 1) / 2k
    for (let k = 1; k <= 10_000; k++) central *= (2 * k - 1) / (2 * k);
    expect(big).toBeCloseTo(0.5 + central / 2, 9);
  });

  it("the exact job zero-queuing probability for independent masters (behind Eq. (6))", () => {
    for (const [nw, rho] of [[50, 0.8], [50, 0.9], [100, 0.9], [10, 0.9], [5, 0.9], [2000, 0.99]]) {
      const p0 = pigeonTaskZeroQueue(nw, rho);
      const k = nw * (1 - rho); // θ / μ (1 for N_w = 10, ρ = 0.9: the Erlang-2 branch)
      expect(pigeonJobZeroQueueIndependent(nw, rho, 0.1, 1)).toBe(p0);
      // F = 2: the job waits unless the task that finishes last did not: p0² + p0(1 − p0)·k/(k + 1).
      expect(pigeonJobZeroQueueIndependent(nw, rho, 0.1, 2)).toBeCloseTo(p0 * p0 + p0 * (1 - p0) * k / (k + 1), 9);
      let prev = p0;
      for (const f of [2, 5, 10, 100, 1000]) {
        const p = pigeonJobZeroQueueIndependent(nw, rho, 0.1, f);
        expect(p).toBeLessThanOrEqual(prev + 1e-12);
        expect(p).toBeCloseTo(pigeonJobZeroQueueIndependent(nw, rho, 0.1, f, 1 << 16), 9);
        prev = p;
      }
    }
    // Against Eq. (6) (F-independent) at T_e = 0.1 s: above it at F = 2, below it for F >= 5.
    expect(fixed(pigeonJobZeroQueueIndependent(50, 0.9, 0.1, 2), 4)).toBe("0.5976");
    expect(fixed(pigeonJobZeroQueueIndependent(50, 0.9, 0.1, 100), 4)).toBe("0.5831");
    expect(fixed(pigeonJobZeroQueueIndependent(100, 0.9, 0.1, 100), 4)).toBe("0.7646");
    expect(() => pigeonJobZeroQueueIndependent(50, 0.9, 0.1, 2, 1)).toThrow(RangeError);
  });

  it("the validation workload's arrival rate (§7 #15)", () => {
    // N_c = 30,000, F = 100, T_e = 0.1 s at 90 %: 2,700 jobs/s.
    expect(pigeonValidationRate(30_000, 100, 0.1, 0.9)).toBeCloseTo(2700, 9);
  });
});

// ---------------------------------------------------------------------------------------------
// Simulation vs analysis (§4.1, §5.2 Fig. 3, §7 #15, §8): the pigeon scheduler with no reserved
// workers, one class (cutoff 1e9) and exponential tasks of mean T_e = 0.1 s on N_c = 10,000
// one-slot nodes. Each master is then an M/M/N_w queue fed by λ_t = λF/N_g; with networkDelay 0
// a task's queueing time at its master is exactly start − job arrival.
// ---------------------------------------------------------------------------------------------

const NC = 10_000;
const TE = 0.1;
/** Jobs arriving before this are the warm-up (an empty cluster relaxes within a few T_e). No tail
 *  is dropped: FIFO queueing times depend only on earlier arrivals, so the last jobs wait as in
 *  steady state. */
const WARMUP = 3; // s = 30 T_e

/** Rescales the submission times so that the trace offers exactly `load` × nodes busy workers
 *  (task-seconds / (nodes × last submission) = load). This removes the noise of the realized job
 *  count and task-seconds (±0.1 % of load at 10^6 jobs, ±0.003 in P_task(0) at ρ = 0.9); the
 *  arrivals stay a Poisson process conditioned on its total, which is locally Poisson. */
function exactLoad(trace: Trace, load: number, nodes: number): Trace {
  let work = 0;
  for (const d of trace.durations) work += d;
  const f = work / (nodes * load * trace.arrivals[trace.arrivals.length - 1]);
  return { ...trace, arrivals: trace.arrivals.map((a) => a * f) };
}

interface Measured { tasks: number; jobs: number; taskZeroQueue: number; meanWait: number; jobZeroQueue: number }

/** Zero-queuing fractions and the mean wait over jobs arriving after `warmup`, from a run with
 *  recordTasks and network delay `delay`: a task has zero queuing when it starts 2 delays (job →
 *  master → worker) after its job's arrival; a job when its last task ends 2 delays after its
 *  arrival plus its longest task (spec §5.1 without the result hop). */
function measure(r: SimResult, delay: number, warmup: number): Measured {
  const { arrivals, taskOffsets, durations } = r.trace;
  const start = r.tasks!.start, end = r.tasks!.end;
  const eps = 1e-9;
  let tasks = 0, zero = 0, wait = 0, jobs = 0, jobZero = 0;
  for (let j = 0; j < arrivals.length; j++) {
    const a = arrivals[j];
    if (a < warmup) continue;
    let longest = 0, last = 0;
    for (let t = taskOffsets[j]; t < taskOffsets[j + 1]; t++) {
      const w = start[t] - a - 2 * delay;
      tasks++;
      wait += w;
      if (w <= eps) zero++;
      longest = Math.max(longest, durations[t]);
      last = Math.max(last, end[t]);
    }
    jobs++;
    if (last - a - 2 * delay - longest <= eps) jobZero++;
  }
  return { tasks, jobs, taskZeroQueue: zero / tasks, meanWait: wait / tasks, jobZeroQueue: jobZero / jobs };
}

async function runPigeon(opts: { nw: number; rho: number; fanout: number; jobs: number; seed: number; delay: number }): Promise<SimResult> {
  const { nw, rho, fanout, jobs, seed, delay } = opts;
  const raw = await generatePoissonWithEngineRng({ jobs, tasks: fanout, duration: `exp:${TE}`, load: rho, nodes: NC, seed });
  const trace = exactLoad(raw, rho, NC);
  // The generator's rate is the validation rate λ = ρ N_c / (F T_e) of §7 #15 (5 SD of the count).
  const rate = jobs / raw.arrivals[jobs - 1];
  expect(Math.abs(rate / pigeonValidationRate(NC, fanout, TE, rho) - 1)).toBeLessThan(5 / Math.sqrt(jobs));
  return simulate(trace, { scheduler: "pigeon", nodes: NC, seed, params: { groupSize: nw, reserved: 0, networkDelay: delay, cutoff: 1e9 } }, "wasm", true);
}

describe("pigeon reproduces Eqs. (1), (2) and (6) on the analysis workload (§5.2, §8)", () => {
  // Fanout. The paper's F = 100 sends every job to all N_g = 100 masters (N_w = 100) or to half
  // of the 200 (N_w = 50), so the masters share one arrival stream and move together: over 6
  // seeds of 40,000 jobs (4 M tasks, ~2 s each) P_task(0) spread ±0.015 and T_q −21..+18 % at
  // ρ = 0.9, too noisy for the paper's 1 % / 12 % in a test of this size. Eqs. (1) and (2) do
  // not depend on F, and with F = 2 the masters are nearly independent (each job touches 2 of
  // 100-200), so the same number of tasks measures them ~4x more precisely. The F = 100 runs are
  // checked exactly in the next block instead (each master is a FIFO N_w-server queue).
  //
  // Tolerances, from 6-12 seeds per case at these sizes (largest |deviation| seen in brackets):
  //  - P_task(0) within 0.006 absolute (0.0038; the paper says ~1 %);
  //  - T_q relative: N_w = 50: 10 % (6.1 %); N_w = 100, ρ = 0.9: 12 % (7.1 %); N_w = 100, ρ = 0.8:
  //    25 % (14 %; SD 8.8 %, seed mean +1.6 %): T_q = 0.1 ms there is a rare-event mean (2 % of
  //    tasks wait, in bursts), noise-limited, not a model error;
  //  - P_job(0): Eq. (6) ignores F. The exact value for independent masters
  //    (pigeonJobZeroQueueIndependent) is 0.5976 at F = 2 and N_w = 50, ρ = 0.9, where Eq. (6)
  //    says 0.5915, so against Eq. (6) directly the simulation is +0.002..+0.0105 there (seed 7:
  //    +0.0104). Asserted: within 0.006 of the exact value (0.0043), and within 0.01 of Eq. (6)
  //    fed with the measured P_task(0) and T_q (+0.0055..+0.007 at N_w = 50, ρ = 0.9; below
  //    0.002 elsewhere). At F = 100 (6 seeds, 4 M tasks) the simulation's P_job(0) is above
  //    Eq. (6) so fed by +0.0045 (N_w = 50) and +0.0066 (N_w = 100) on average at ρ = 0.9, while
  //    the independent-masters value is below Eq. (6) (0.5831 vs 0.5915): a job's 100 tasks see
  //    the same arrival bursts, so their zero waits are positively correlated.
  const cases: Array<[number, number, number, number]> = [
    // N_w, ρ, jobs (F = 2), T_q tolerance
    [50, 0.8, 1_000_000, 0.1],
    [50, 0.9, 1_000_000, 0.1],
    [100, 0.8, 2_000_000, 0.25],
    [100, 0.9, 2_000_000, 0.12],
  ];
  it.each(cases)("N_w = %s, load %s (%s jobs of 2 tasks)", async (nw, rho, jobs, waitTol) => {
    const r = await runPigeon({ nw, rho, fanout: 2, jobs, seed: 7, delay: 0 });
    const m = measure(r, 0, WARMUP);
    expect(Math.abs(m.taskZeroQueue - pigeonTaskZeroQueue(nw, rho))).toBeLessThan(0.006);
    expect(Math.abs(m.meanWait / pigeonMeanTaskWait(nw, rho, TE) - 1)).toBeLessThan(waitTol);
    expect(Math.abs(m.jobZeroQueue - pigeonJobZeroQueueIndependent(nw, rho, TE, 2))).toBeLessThan(0.006);
    expect(Math.abs(m.jobZeroQueue - m.taskZeroQueue * Math.exp(-m.meanWait / TE))).toBeLessThan(0.01);
  }, 60_000);

  it("with the paper's 0.5 ms delays (N_w = 100, load 0.9) every task holds its worker 1 ms longer", async () => {
    // A master marks a worker busy when it dispatches a task and idle when the worker's idle
    // notice arrives: T_e + 2 × 0.5 ms per task (§7 #9), so the master is an M/G/N_w queue at
    // ρ(1 + 2d/T_e) = 0.909 with an almost exponential (shifted) service. Measured over 9 seeds of
    // 4 M tasks (F = 2): P_task(0) 0.7414..0.7462 and T_q 2.74..2.92 ms, against Eqs. (1)/(2) at
    // ρ = 0.9, 0.7831 and 2.169 ms (−0.037..−0.042 and +26..35 %: outside the paper's 1 % / 12 %),
    // and against M/M/N_w at the effective load, 0.7436 and 2.846 ms (within 0.003 and 4 %).
    // P_job(0) 0.7221..0.7276 against Eq. (6) at the effective load, 0.7230.
    const nw = 100, rho = 0.9, d = 0.0005;
    const r = await runPigeon({ nw, rho, fanout: 2, jobs: 2_000_000, seed: 7, delay: d });
    const m = measure(r, d, WARMUP);
    const held = TE + 2 * d;
    const effective = (rho * held) / TE;
    expect(Math.abs(m.taskZeroQueue - pigeonTaskZeroQueue(nw, effective))).toBeLessThan(0.006);
    expect(Math.abs(m.meanWait / mmcMeanWait(nw, (rho * nw) / TE, held) - 1)).toBeLessThan(0.12);
    expect(Math.abs(m.jobZeroQueue - pigeonJobZeroQueueExp(nw, effective, held))).toBeLessThan(0.01);
    // ... and the 1 ms per task shows against the zero-delay analysis.
    expect(m.taskZeroQueue).toBeLessThan(pigeonTaskZeroQueue(nw, rho) - 0.02);
    expect(m.meanWait).toBeGreaterThan(1.15 * pigeonMeanTaskWait(nw, rho, TE));
  }, 60_000);
});

describe("with F = 100 every master is a FIFO N_w-server queue, task by task (§2.1-§2.4)", () => {
  // The paper's validation fanout, exactly: the tasks a master receives (a group = N_w
  // consecutive nodes) start as the FIFO c-server recursion says, start = max(arrival, earliest
  // worker free), given their arrivals and durations; a job gives floor(F/N_g) tasks to every
  // master and one more to F mod N_g of them, spread uniformly.
  it.each([[50], [100]])("N_w = %s, load 0.9, 10,000 jobs of 100 tasks", async (nw) => {
    const rho = 0.9, fanout = 100, jobs = 10_000;
    const groups = NC / nw;
    const r = await runPigeon({ nw, rho, fanout, jobs, seed: 11, delay: 0 });
    const { arrivals, taskOffsets, durations } = r.trace;
    const { start, node } = r.tasks!;
    const base = Math.floor(fanout / groups), extra = fanout % groups;
    const perGroup = new Int32Array(groups);
    const received = new Int32Array(groups);
    // Per group: a binary min-heap of its workers' free times (all free at 0).
    const heaps = Array.from({ length: groups }, () => new Float64Array(nw));
    let late = 0, worst = 0, badSplits = 0;
    for (let j = 0; j < jobs; j++) {
      perGroup.fill(0);
      for (let t = taskOffsets[j]; t < taskOffsets[j + 1]; t++) {
        const g = Math.floor(node[t] / nw);
        perGroup[g]++;
        received[g]++;
        const h = heaps[g];
        const expected = Math.max(arrivals[j], h[0]);
        const diff = Math.abs(start[t] - expected);
        if (diff > 1e-9) late++;
        worst = Math.max(worst, diff);
        // Replace the root by this worker's new free time and sift it down.
        const v = expected + durations[t];
        let i = 0;
        for (;;) {
          const l = 2 * i + 1, rr = l + 1;
          let m = i, mv = v;
          if (l < nw && h[l] < mv) { m = l; mv = h[l]; }
          if (rr < nw && h[rr] < mv) m = rr;
          if (m === i) break;
          h[i] = h[m];
          i = m;
        }
        h[i] = v;
      }
      let more = 0;
      for (let g = 0; g < groups; g++) {
        if (perGroup[g] === base + 1) more++;
        else if (perGroup[g] !== base) badSplits++;
      }
      if (more !== extra) badSplits++;
    }
    expect({ late, badSplits }).toEqual({ late: 0, badSplits: 0 });
    expect(worst).toBeLessThan(1e-9);
    // The extra tasks go to uniformly random masters: each count binomial around its mean (6 SD).
    if (extra > 0) {
      const p = extra / groups;
      const mean = jobs * (base + p), sd = Math.sqrt(jobs * p * (1 - p));
      let outliers = 0;
      for (let g = 0; g < groups; g++) if (Math.abs(received[g] - mean) > 6 * sd) outliers++;
      expect(outliers).toBe(0);
    }
  }, 60_000);
});
