// Trace schema v2 through the engine: a CSV trace with per-task estimates, stages, DAG parents
// and a 4-dimension demand vector runs on both engines; no task starts before its parents end,
// and the timelines match hand-computed ones. Bag-of-tasks traces keep their own path (the
// digest in bench/digest.ts pins it).
import { describe, it, expect } from "vitest";
import { parseCsv } from "../src/trace/csv.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation, type SimResult } from "../src/simulate.js";
import { loadEngine } from "../src/engine/node.js";
import { SCHEDULERS } from "../src/config/schedulers.js";
import type { Trace } from "../src/trace/types.js";
import { checkInvariants, engineModule, moduleEngine } from "./helpers.js";

// j1: two maps and a reduce behind both; j2: a chain a -> b. Rows out of dependency order on
// purpose (readiness is the engine's business, not the file's).
const CSV = `job_id,task_id,submit_time,duration,estimate,stage,parents,demand[cpu;mem;disk;bw]
j1,r1,0,1,1.5,1,m1;m2,1;2;0;0.5
j1,m1,0,2,2.5,0,,0.5;1;10;0
j1,m2,0,3,2.5,0,,0.5;1;20;0
j2,b,1,1,1,1,a,2;0;0;0
j2,a,1,2,2,0,,1;4;0;1
`;
const trace = (): Trace => parseCsv(CSV, "dag.csv");

async function run(scheduler: string, engine: "wasm" | "js", nodes = 1, params = {}): Promise<SimResult> {
  const factory = await loadEngine(engine);
  return runSimulation(factory, trace(), resolveConfig({ scheduler, nodes, seed: 1, params: { networkDelay: 0.5, ...params } }),
    { recordTasks: true });
}

/** Task index of a label (tasks keep file order within a job; jobs by submission). */
function task(t: Trace, label: string): number {
  const i = t.taskIds!.indexOf(label);
  expect(i).toBeGreaterThanOrEqual(0);
  return i;
}

function expectParentsFirst(r: SimResult): void {
  const t = r.trace;
  for (let k = 0; k < t.durations.length; k++) {
    for (let e = t.parentOffsets![k]; e < t.parentOffsets![k + 1]; e++) {
      expect(r.tasks!.start[k]).toBeGreaterThanOrEqual(r.tasks!.end[t.parents![e]]);
    }
  }
}

describe("a DAG trace through the engine", () => {
  for (const engine of ["wasm", "js"] as const) {
    it(`random on one node, bound tasks (${engine}): the hand-computed timeline`, async () => {
      const r = await run("random", engine);
      const t = r.trace;
      checkInvariants(r);
      expectParentsFirst(r);
      // (delay 0.5) m1 0.5-2.5, m2 2.5-5.5; r1 ready at 5.5, arrives 6.0; a (arrived 1.5) runs
      // 5.5-7.5; r1 7.5-8.5; b ready at 7.5, arrives 8.0, runs 8.5-9.5.
      const span = (l: string) => [r.tasks!.start[task(t, l)], r.tasks!.end[task(t, l)]];
      expect(span("m1")).toEqual([0.5, 2.5]);
      expect(span("m2")).toEqual([2.5, 5.5]);
      expect(span("a")).toEqual([5.5, 7.5]);
      expect(span("r1")).toEqual([7.5, 8.5]);
      expect(span("b")).toEqual([8.5, 9.5]);
      expect(Array.from(r.finish)).toEqual([8.5, 9.5]);
      expect(Array.from(r.firstStart)).toEqual([0.5, 5.5]);
      expect(r.counters.boundTasks).toBe(5);
    });

    it(`lwl on one node, late-bound probes (${engine}): the hand-computed timeline`, async () => {
      const r = await run("lwl", engine);
      const t = r.trace;
      checkInvariants(r);
      expectParentsFirst(r);
      // Each start follows a get-task round trip (1 s): m1 1.5-3.5, m2 4.5-7.5; r1 ready at 7.5
      // (probe at 8.0, behind j2's); a 8.5-10.5; r1 11.5-12.5; b ready at 10.5, 13.5-14.5.
      const span = (l: string) => [r.tasks!.start[task(t, l)], r.tasks!.end[task(t, l)]];
      expect(span("m1")).toEqual([1.5, 3.5]);
      expect(span("m2")).toEqual([4.5, 7.5]);
      expect(span("a")).toEqual([8.5, 10.5]);
      expect(span("r1")).toEqual([11.5, 12.5]);
      expect(span("b")).toEqual([13.5, 14.5]);
      expect(Array.from(r.finish)).toEqual([12.5, 14.5]);
      expect(r.counters.probes).toBe(5);
      expect(r.counters.staleProbes).toBe(0);
    });
  }

  it("hands the optional columns to the engine as they are in the file", async () => {
    const t = trace();
    runSimulation(await moduleEngine(), t, resolveConfig({ scheduler: "random", nodes: 1, seed: 1, params: { networkDelay: 0.5 } }));
    const jobs = await engineModule("jobs.js");
    expect(jobs.demandDims).toBe(4);
    expect(Array.from(jobs.taskDemands)).toEqual(Array.from(t.demands!));
    expect(Array.from(jobs.taskEstimate)).toEqual(Array.from(t.taskEstimates!));
    expect(Array.from(jobs.taskStage)).toEqual(Array.from(t.stages!));
    expect(jobs.taskEst(task(t, "r1"), 0)).toBe(1.5);
    expect(jobs.taskDemand(task(t, "m2"), 2)).toBe(20);
    const dag = await engineModule("dag.js");
    expect(dag.parentCount(task(t, "r1"))).toBe(2);
    expect(dag.childCount(task(t, "m1"))).toBe(1);
    expect(dag.childAt(task(t, "a"), 0)).toBe(task(t, "b"));
    // a bag-of-tasks run allocates none of them
    const bag = parseCsv("j,0,1\nk,1,2\n", "bag.csv");
    runSimulation(await moduleEngine(), bag, resolveConfig({ scheduler: "random", nodes: 1 }));
    expect([jobs.taskDemands.length, jobs.taskEstimate.length, dag.parents.length, dag.dag]).toEqual([0, 0, 0, false]);
  });

  it("every DAG-aware scheduler respects dependencies and gives the same results on both engines", async () => {
    // 40 jobs of 3 stages (4 maps -> 2 shuffles -> 1 reduce), random durations, on 3 nodes x 2 slots
    const rows = ["job_id,task_id,submit_time,duration,stage,parents"];
    let x = 7;
    const rnd = () => { x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648; };
    for (let j = 0; j < 40; j++) {
      const at = (j * 0.7).toFixed(2);
      for (let m = 0; m < 4; m++) rows.push(`J${j},m${m},${at},${(0.5 + 3 * rnd()).toFixed(3)},0,`);
      for (let s = 0; s < 2; s++) rows.push(`J${j},s${s},${at},${(0.5 + 2 * rnd()).toFixed(3)},1,m${2 * s};m${2 * s + 1}`);
      rows.push(`J${j},r,${at},${(1 + rnd()).toFixed(3)},2,s0;s1`);
    }
    const t = parseCsv(rows.join("\n"), "stages.csv");
    const able = SCHEDULERS.filter((s) => s.dag).map((s) => s.name);
    expect(able).toEqual(expect.arrayContaining(["random", "sparrow", "lwl", "kairos", "yarn-fifo"]));
    for (const s of able) {
      const cfg = resolveConfig({ scheduler: s, nodes: 3, slots: 2, seed: 3 });
      const w = runSimulation(await loadEngine("wasm"), t, cfg, { recordTasks: true });
      const j = runSimulation(await loadEngine("js"), t, cfg, { recordTasks: true });
      checkInvariants(w);
      expectParentsFirst(w);
      expect(Array.from(j.finish), s).toEqual(Array.from(w.finish));
      expect(j.counters, s).toEqual(w.counters);
    }
  });

  it("a scheduler without a DAG path rejects the trace in one line, naming those that have one", async () => {
    const factory = await loadEngine("wasm");
    expect(() => runSimulation(factory, trace(), resolveConfig({ scheduler: "eagle", nodes: 2 })))
      .toThrow(/^trace 'dag.csv' has task dependencies \(parents\), and scheduler 'eagle' places bag-of-tasks jobs only \(schedulers that run DAG traces: random, sparrow, lwl, kairos, yarn-fifo, pigeon, pigeon-central, fregata, yarn, yarn-q, yaq-c, yaq-d, mercury, mercury-sampling\)$/);
  });
});
