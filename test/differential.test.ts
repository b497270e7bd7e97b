// Differential tests: the Wasm and JS builds of the same engine sources give identical
// per-job completion times and counters (exact equality), for every scheduler on
// several workloads; every run also passes the invariants checker.
import { describe, it, expect } from "vitest";
import { readTraceFile, generatePoissonWithEngineRng } from "../src/trace/node.js";
import { SCHEDULERS } from "../src/config/schedulers.js";
import type { Trace } from "../src/trace/types.js";
import { simulate, checkInvariants, haveSharedTraces, sharedTrace } from "./helpers.js";

interface Case { name: string; trace: () => Promise<Trace>; nodes: number; slots?: number; params?: Record<string, number | boolean> }

/** Merges two traces by submission time (stable: `a` first on ties). */
function mix(a: Trace, b: Trace, name: string): Trace {
  const jobs: Array<[number, Float64Array, number]> = [];
  for (const t of [a, b]) {
    for (let j = 0; j < t.arrivals.length; j++) {
      jobs.push([t.arrivals[j], t.durations.slice(t.taskOffsets[j], t.taskOffsets[j + 1]), t.estimates[j]]);
    }
  }
  jobs.sort((x, y) => x[0] - y[0]);
  const offsets = new Int32Array(jobs.length + 1);
  const durations: number[] = [];
  jobs.forEach(([, d], j) => { durations.push(...d); offsets[j + 1] = durations.length; });
  return { name, arrivals: Float64Array.from(jobs.map((j) => j[0])), taskOffsets: offsets,
    durations: Float64Array.from(durations), estimates: Float64Array.from(jobs.map((j) => j[2])) };
}

/** Many short jobs (exp 1 s) and fewer long ones (40 s tasks), cutoff 5 s between them. */
async function mixedWorkload(nodes: number, seed: number): Promise<Trace> {
  const short = await generatePoissonWithEngineRng({ jobs: 3000, tasks: 8, duration: "exp:1", load: 0.35, nodes, seed });
  const long = await generatePoissonWithEngineRng({ jobs: 150, tasks: 12, duration: "exp:40", load: 0.55, nodes, seed: seed + 1 });
  return mix(short, long, "mixed");
}

const cases: Case[] = [
  { name: "mixed short and long jobs, cutoff 5 s, 10% short partition", nodes: 60,
    params: { cutoff: 5, shortPartition: 10 }, trace: () => mixedWorkload(60, 21) },
  { name: "mixed, overloaded, 2 slots per node", nodes: 25, slots: 2,
    params: { cutoff: 5, shortPartition: 20 }, trace: () => mixedWorkload(60, 22) },
  { name: "poisson 10 x exp(1), load 0.9", nodes: 50,
    trace: () => generatePoissonWithEngineRng({ jobs: 3000, tasks: 10, duration: "exp:1", load: 0.9, nodes: 50, seed: 11 }) },
  { name: "heavy-tailed single tasks, load 0.7", nodes: 20,
    trace: () => generatePoissonWithEngineRng({ jobs: 5000, tasks: 1, duration: "pareto:1.5:2", load: 0.7, nodes: 20, seed: 12 }) },
  { name: "constant tasks on 4-slot nodes, overloaded", nodes: 10, slots: 4,
    trace: () => generatePoissonWithEngineRng({ jobs: 2000, tasks: 7, duration: "const:1", load: 1.2, nodes: 10, slots: 4, seed: 13 }) },
  { name: "sparrow-style probes without replacement, ratio 1.5", nodes: 30, params: { withoutReplacement: true, probeRatio: 1.5 },
    trace: () => generatePoissonWithEngineRng({ jobs: 2000, tasks: 40, duration: "exp:0.5", load: 0.8, nodes: 30, seed: 14 }) },
];

describe.each(SCHEDULERS.map((s) => s.name))("%s: Wasm and JS engines agree", (scheduler) => {
  it.each(cases)("$name", async (c) => {
    const trace = await c.trace();
    const spec = SCHEDULERS.find((s) => s.name === scheduler)!;
    const params = Object.fromEntries(Object.entries(c.params ?? {}).filter(([k]) => spec.params.some((p) => p.name === k)));
    const cfg = { scheduler, nodes: c.nodes, slots: c.slots ?? 1, seed: 5, params };
    const w = await simulate(trace, cfg, "wasm");
    const j = await simulate(trace, cfg, "js");
    checkInvariants(w);
    expect(j.finish).toEqual(w.finish);
    expect(j.counters).toEqual(w.counters);
    expect(j.busySlotSeconds).toBe(w.busySlotSeconds);
    expect(j.tasks!.start).toEqual(w.tasks!.start);
    expect(j.tasks!.node).toEqual(w.tasks!.node);
  });

  it.skipIf(!haveSharedTraces)("real sample YH1_sub.tr on 1000 nodes", async () => {
    const trace = await readTraceFile(sharedTrace("YH1_sub.tr"));
    const cfg = { scheduler, nodes: 1000, seed: 2 };
    const w = await simulate(trace, cfg, "wasm");
    const j = await simulate(trace, cfg, "js");
    checkInvariants(w);
    expect(j.finish).toEqual(w.finish);
    expect(j.counters).toEqual(w.counters);
  }, 60_000);
});

describe("seeds", () => {
  it("the same seed reproduces a run; another seed changes it", async () => {
    const trace = await generatePoissonWithEngineRng({ jobs: 500, tasks: 5, duration: "exp:1", load: 0.9, nodes: 10, seed: 1 });
    const a = await simulate(trace, { scheduler: "sparrow", nodes: 10, seed: 1 });
    const b = await simulate(trace, { scheduler: "sparrow", nodes: 10, seed: 1 });
    const c = await simulate(trace, { scheduler: "sparrow", nodes: 10, seed: 2 });
    expect(b.finish).toEqual(a.finish);
    expect(c.finish).not.toEqual(a.finish);
  });
});

describe("ablations and modes: Wasm and JS engines agree, invariants hold", () => {
  const variants: Array<[string, Record<string, number | boolean>, number?]> = [
    ["hawk", { stealing: false }],
    ["hawk", { centralLong: false }],
    ["hawk", { partition: false }],
    ["hawk", { estErrorLow: 0.3, estErrorHigh: 1.9 }],
    ["eagle", { sss: false }],
    ["eagle", { minProbes: 1 }],
    ["eagle", { sbpSrpt: false }],
    ["eagle", { compat: true }],
    ["eagle", { estErrorLow: 0.5, estErrorHigh: 1, classifyByNoisy: true }],
    ["hawk", { compat: true }],
    ["dlwl", { heartbeat: 0.5, estErrorLow: 1, estErrorHigh: 1.6 }],
    ["kairos", { tieBreak: "random", Q: 1 }],
    ["kairos", { tieBreak: "sum", quantum: 0.5 }],
    ["kairos", { oracle: true, Q: 1 }],
    ["kairos", { swapMargin: 0.3, quantum: 0.5 }],
    ["kairos", { victimUsesStaleAttained: true, quantum: 0.5 }],
    ["kairos", { starvationWaits: true, starvationPreemptions: 2, quantum: 0.5 }],
    ["kairos", { oracle: true, tieBreak: "sum", staleCounts: true }],
    ["kairos", { quantum: 0.3, Q: 1, delta: 0.5, resumeCost: 0.01, starvationPreemptions: 2 }],
    ["kairos", { quantum: 0.5, Q: 3, delta: 2, starvationPreemptions: 1, starvationQuanta: 1.5 }, 4],
    ["kairos", { quantum: 2, Q: 0, delta: 0.25, starvationPreemptions: 0 }, 2],
  ];
  it.each(variants)("%s %o slots %s", async (scheduler, params, slots) => {
    const trace = await mixedWorkload(40, 31);
    const spec = SCHEDULERS.find((s) => s.name === scheduler)!;
    const base = Object.fromEntries(Object.entries({ cutoff: 5, shortPartition: 10 }).filter(([k]) => spec.params.some((p) => p.name === k)));
    const cfg = { scheduler, nodes: 40, slots: slots ?? 1, seed: 4, params: { ...base, ...params } };
    const w = await simulate(trace, cfg, "wasm");
    const j = await simulate(trace, cfg, "js");
    checkInvariants(w);
    expect(j.finish).toEqual(w.finish);
    expect(j.counters).toEqual(w.counters);
  });
});
