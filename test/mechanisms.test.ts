// The engine's composition mechanisms, each on a hand-computed case: policies written only for
// these tests (test/policies/mechanisms.ts) run in the test engine (test/setup/test-engine.ts);
// the disciplines' eviction order, the partition, the central task queue and the heartbeat are
// checked on the JS build's modules directly.
import { describe, it, expect } from "vitest";
import { resolveConfig, type SimConfig } from "../src/config/config.js";
import { runSimulation, type SimResult } from "../src/simulate.js";
import { parseCsv } from "../src/trace/csv.js";
import type { Trace } from "../src/trace/types.js";
import { checkInvariants, engineInternals, engineModule, loadTestEngine, makeTrace, testCatalogue } from "./helpers.js";

async function runTest(trace: Trace, config: Partial<SimConfig> & { scheduler: string }, engine: "wasm" | "js" = "wasm"): Promise<SimResult> {
  const catalogue = await testCatalogue();
  return runSimulation(await loadTestEngine(engine), trace, resolveConfig(config, catalogue), { recordTasks: true });
}

describe("preemptible runs under a policy that preempts (FIFO nodes, claim hook)", () => {
  // A (priority 0, 10 s) at 0; B (priority 1, 3 s) at 2 on one node, no network delay, resume 1 s.
  const trace = parseCsv("job_id,submit_time,duration,priority\nA,0,10,0\nB,2,3,1\n", "prio.csv");
  for (const engine of ["wasm", "js"] as const) {
    it(`suspends the lower priority, resumes it on the freed slot after the resume cost (${engine})`, async () => {
      const r = await runTest(trace, { scheduler: "test-preempt", nodes: 1, params: { networkDelay: 0, resumeCost: 1 } }, engine);
      checkInvariants(r);
      // A runs 0-2 (2 s of service), B 2-5, A resumes at 5, pays 1 s, serves its last 8 s: 6-14.
      expect(Array.from(r.finish)).toEqual([14, 5]);
      expect(Array.from(r.tasks!.start)).toEqual([0, 2]);
      expect(Array.from(r.tasks!.service)).toEqual([10, 3]);
      expect(Array.from(r.preemptions!)).toEqual([1, 0]);
      expect(r.counters.preemptions).toBe(1);
      expect(r.counters.suspendedSeconds).toBe(3);
      expect(r.counters.resumeSeconds).toBe(1);
      expect(r.busySlotSeconds).toBe(14);
      // the suspended run's end (at 10) was cancelled, not left to fire: events = 2 arrivals,
      // 2 deliveries, 2 run ends, and the cancelled one counted as retired
      expect(r.counters.events).toBe(7);
    });
  }
});

describe("the task-start hook, registered counters and cancellable timers", () => {
  it("counts starts and the longest wait, and fires only the deadlines not met", async () => {
    // three 2-s jobs at 0 on one node: they finish at 2, 4, 6; deadline 3 s after submission
    const trace = makeTrace([[0, [2]], [0, [2]], [0, [2]]]);
    for (const engine of ["wasm", "js"] as const) {
      const r = await runTest(trace, { scheduler: "test-watch", nodes: 1, params: { networkDelay: 0, deadline: 3 } }, engine);
      checkInvariants(r);
      expect(Array.from(r.finish)).toEqual([2, 4, 6]);
      expect(r.counters.starts).toBe(3);
      expect(r.counters.maxWait).toBe(4);
      expect(r.counters.deadlinesMissed).toBe(2);
      // the registered counters come after the core ones, in registration order
      expect(Object.keys(r.counters).slice(-3)).toEqual(["starts", "maxWait", "deadlinesMissed"]);
    }
  });
});

describe("an engine failure reaches the user as one decoded line", () => {
  it("late-bound probes at a preemptive discipline", async () => {
    const trace = makeTrace([[0, [1]]]);
    await expect(runTest(trace, { scheduler: "test-probe-las", nodes: 1 }))
      .rejects.toThrow(/^the wasm engine stopped (after more than \d+ events, )?at simulated time [\d.]+ s with 0 of 1 jobs done: a late-bound probe reached node 0, whose discipline takes only bound tasks \(the policy must bind tasks early\) \[E_PROBE_AT_BOUND_DISCIPLINE\]$/);
    await expect(runTest(trace, { scheduler: "test-probe-las", nodes: 1 }, "js"))
      .rejects.toThrow(/\[E_PROBE_AT_BOUND_DISCIPLINE\]$/);
  });
});

describe("node disciplines: a subclass of the FIFO is asked which record to serve", () => {
  it("a FifoDiscipline subclass that overrides select serves the newest record first", async () => {
    // one node, no network delay: A (10 s) at 0 starts at once; B and C (1 s each) queue behind
    // it; the newest, C, runs at 10-11, then B at 11-12 (the FIFO would run B first)
    const trace = makeTrace([[0, [10]], [1, [1]], [2, [1]]]);
    for (const engine of ["wasm", "js"] as const) {
      const r = await runTest(trace, { scheduler: "test-newest-first", nodes: 1, params: { networkDelay: 0 } }, engine);
      checkInvariants(r);
      expect(Array.from(r.finish)).toEqual([10, 12, 11]);
    }
  });
});

describe("node disciplines: which record a full queue gives up first (evict)", () => {
  /** A node queue of bound tasks of jobs `jobs` (one task each; `long` marks long jobs). */
  async function queueOf(jobs: number, long: number[], estimates?: number[]) {
    const sim = await engineInternals();
    sim.allocate(jobs, jobs, 1, 1, 0.0005, 1, 1, false, false);
    for (let j = 0; j <= jobs; j++) sim.jobFirstTask[j] = j;
    for (let j = 0; j < jobs; j++) sim.jobEstimate[j] = estimates ? estimates[j] : 1;
    sim.initialize(new sim.Scheduler());
    for (let j = 0; j < jobs; j++) sim.setJobClass(j, long.includes(j));
    sim.addJobs(jobs);
    for (let j = 0; j < jobs; j++) sim.enqueue(0, j, j, 0);
    return sim;
  }

  it("FIFO: the last record; SRPT: the most remaining work (the later among equals)", async () => {
    const { FifoDiscipline } = await engineModule("discipline.js");
    const { SrptDiscipline } = await engineModule("srpt.js");
    const sim = await queueOf(4, [], [3, 9, 1, 9]);
    const first = sim.queueFirst(0);
    expect(new FifoDiscipline().evict(0) - first).toBe(3);
    expect(SrptDiscipline.forTasks(5).evict(0) - first).toBe(3); // jobs 1 and 3 tie at 9: the later
    expect(SrptDiscipline.forTasks(5).select(0, 0) - first).toBe(2); // and serves the least
  });

  it("a record's f64 exists only for a discipline that declares it (8-byte records have no room)", async () => {
    const sim = await queueOf(2, []); // FIFO: 8-byte records
    const queues = await engineModule("queues.js");
    expect(() => queues.setEntryValue(sim.queueFirst(0), 1)).toThrow(/aviary engine failure 6/);
    const errors = await engineModule("errors.js");
    expect(errors.failure).toBe(errors.E_VALUE_UNDECLARED);
  });

  it("class priority: the last long record, else the last; LAS: the most attained service", async () => {
    const { ClassPriorityDiscipline } = await engineModule("las.js");
    let sim = await queueOf(4, [1, 2]);
    expect(new ClassPriorityDiscipline().evict(0) - sim.queueFirst(0)).toBe(2);
    expect(new ClassPriorityDiscipline().pick(0) - sim.queueFirst(0)).toBe(0);
    sim = await queueOf(3, []);
    expect(new ClassPriorityDiscipline().evict(0) - sim.queueFirst(0)).toBe(2);
    // LAS reads each queued task's run record: four tasks arrive at a one-slot node at time 0, each
    // preempting the last (attained 0 everywhere), so three wait with attained 0 and the last runs
    const { LasDiscipline } = await engineModule("las.js");
    sim = await engineInternals();
    sim.allocate(4, 4, 1, 1, 0.0005, 1, 1, false, false);
    for (let j = 0; j <= 4; j++) sim.jobFirstTask[j] = j;
    for (let j = 0; j < 4; j++) sim.jobEstimate[j] = 1;
    const policy = new sim.Scheduler();
    const las = new LasDiscipline(10, 0, 2, 0, false, false);
    policy.discipline = las;
    sim.initialize(policy);
    sim.addJobs(4);
    for (let j = 0; j < 4; j++) las.arrive(0, j, j, 0);
    expect([sim.queueLength(0), sim.runningTask(0, 0)]).toEqual([3, 3]);
    expect(las.evict(0) - sim.queueFirst(0)).toBe(2);
    expect(las.pick(0) - sim.queueFirst(0)).toBe(0);
  });
});

describe("composition helpers", () => {
  it("a partition moves its boundary within [min, max]", async () => {
    const sim = await engineInternals();
    sim.allocate(1, 1, 200, 1, 0.0005, 1, 1, false, false);
    const { Partition } = await engineModule("toolkit/partition.js");
    const p = new Partition(17, 10, 25);
    expect([p.size, p.min, p.max, p.generalStart()]).toEqual([34, 20, 50, 34]);
    expect([p.isShort(33), p.isShort(34)]).toEqual([true, false]);
    expect(p.resize(45)).toBe(45);
    expect(p.resize(99)).toBe(50);
    expect(p.resize(0)).toBe(20);
    expect(new Partition(2).resize(30)).toBe(4); // a fixed partition does not move
  });

  it("the central task queue keeps one FIFO per class and grows", async () => {
    const { TaskQueue } = await engineModule("toolkit/taskqueue.js");
    const q = new TaskQueue(2);
    for (let t = 0; t < 200; t++) q.push(t % 2, t);
    expect([q.size(0), q.size(1)]).toEqual([100, 100]);
    const out: number[] = [];
    for (let k = 0; k < 60; k++) out.push(q.pop(1));
    for (let t = 200; t < 300; t++) q.push(1, t); // wraps around the ring, then grows
    while (!q.isEmpty(1)) out.push(q.pop(1));
    expect(out).toEqual([...Array.from({ length: 100 }, (_, k) => 2 * k + 1), ...Array.from({ length: 100 }, (_, k) => 200 + k)]);
    expect(q.peek(0)).toBe(0);
  });

  it("a heartbeat plans only the beats a decision reads", async () => {
    const sim = await engineInternals();
    sim.allocate(1, 1, 1, 1, 0.0005, 1, 1, false, false);
    sim.initialize(new sim.Scheduler());
    const { Heartbeat } = await engineModule("toolkit/heartbeat.js");
    const { TimerOwner } = await engineModule("timers.js");
    const clock = await engineModule("clock.js");
    const hb = new Heartbeat(3);
    hb.attach(new TimerOwner());
    hb.begin(10); // beats at 10 + 3k; beat 0 counts as done
    hb.planLatestBefore(11, 10); // beat 0 again: nothing
    expect(hb.pending).toBe(false);
    hb.planLatestBefore(20.5, 10); // the last beat at or before 20.5: k = 3, at 19
    expect([hb.pending, clock.events.pending()]).toEqual([true, 1]);
    hb.planNext(10); // one is planned already
    expect(clock.events.pending()).toBe(1);
    expect(clock.events.next()).toBe(true);
    expect(clock.events.curTime).toBe(19);
    hb.fired();
    hb.planNext(19.5); // work waits: the next periodic beat, k = 4 at 22
    expect(clock.events.next()).toBe(true);
    expect(clock.events.curTime).toBe(22);
  });
});

describe("the example of docs/adding-a-scheduler.md", () => {
  it("compiles as written, runs on both engines alike, and balances load", async () => {
    const catalogue = await testCatalogue();
    expect(catalogue.map((s) => s.name)).toContain("two-choices");
    // four 10-s jobs at 0 on two nodes, d = 64 (every draw sees both nodes): two per node
    const trace = makeTrace([[0, [10]], [0, [10]], [0, [10]], [0, [10]]]);
    const w = await runTest(trace, { scheduler: "two-choices", nodes: 2, params: { choices: 64 } });
    const j = await runTest(trace, { scheduler: "two-choices", nodes: 2, params: { choices: 64 } }, "js");
    checkInvariants(w);
    const sorted = [...w.finish].sort((a, b) => a - b);
    [10.0005, 10.0005, 20.0005, 20.0005].forEach((f, k) => expect(sorted[k]).toBeCloseTo(f, 9));
    expect(Array.from(j.finish)).toEqual(Array.from(w.finish));
    expect(j.counters).toEqual(w.counters);
    expect(w.counters).toHaveProperty("ties");
    // a DAG trace too (it declares dag: true)
    const dag = parseCsv("job_id,task_id,submit_time,duration,parents\nx,a,0,1,\nx,b,0,2,a\n", "chain.csv");
    const d = await runTest(dag, { scheduler: "two-choices", nodes: 3 });
    checkInvariants(d);
    expect(d.tasks!.start[1]).toBeGreaterThanOrEqual(d.tasks!.end[0]);
  });
});
