// Shared test helpers: tiny hand-written traces, runs on either engine, and the
// invariants checker every suite leans on.
import { expect } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadEngine, loadEngineFrom, packageRoot, type EngineKind } from "../src/engine/node.js";
import type { EngineFactory } from "../src/engine/types.js";
import { resolveConfig, type SimConfig } from "../src/config/config.js";
import { SCHEDULERS, type SchedulerSpec } from "../src/config/schedulers.js";
import { runSimulation, type SimResult } from "../src/simulate.js";
import type { Trace } from "../src/trace/types.js";

export const SHARED_TRACES = new URL("../../shared/traces/", import.meta.url);
export const sharedTrace = (name: string): string => new URL(name, SHARED_TRACES).pathname;
export const haveSharedTraces = existsSync(SHARED_TRACES);
if (!haveSharedTraces) console.warn(`../shared/traces is absent: tests on the real sample traces are skipped`);

/** jobs: [submission time, task durations, optional estimate (default: mean)]. */
export function makeTrace(jobs: Array<[number, number[], number?]>, name = "hand"): Trace {
  const offsets = new Int32Array(jobs.length + 1);
  const durations: number[] = [];
  jobs.forEach(([, d], j) => { durations.push(...d); offsets[j + 1] = durations.length; });
  return {
    name,
    arrivals: Float64Array.from(jobs.map(([a]) => a)),
    taskOffsets: offsets,
    durations: Float64Array.from(durations),
    estimates: Float64Array.from(jobs.map(([, d, e]) => e ?? d.reduce((x, y) => x + y, 0) / d.length)),
  };
}

export async function simulate(trace: Trace, config: Partial<SimConfig> & { scheduler: string },
                               engine: EngineKind = "wasm", recordTasks = true): Promise<SimResult> {
  const factory = await loadEngine(engine);
  return runSimulation(factory, trace, resolveConfig(config), { recordTasks });
}


/**
 * Checks the engine invariants on a run recorded with recordTasks:
 *  - every task runs exactly once, for exactly its duration, after its job's submission;
 *  - no node ever holds more tasks (incl. the round trip that fetched them) than slots;
 *  - busy slot-seconds = task-seconds + 2 x delay per get-task round trip;
 *  - a job finishes when its last task ends, at or after submission + its longest task.
 * Preemptive policies: every task starts once and receives exactly its duration of service
 * between its start and its end (its wall time may be longer); busy slot-seconds = task-seconds
 * + resume costs paid; the per-node slot sweep is skipped (suspended tasks hold no slot; the
 * engine itself fails if a node ever occupies more slots than it has).
 */
export function checkInvariants(r: SimResult): void {
  const { trace, tasks, config } = r;
  if (!tasks) throw new Error("run without recordTasks");
  const n = trace.durations.length;
  const delay = config.networkDelay;
  // From the run's scheduler description: early-bound placements carry the task (no get-task
  // round trip before it starts); on preemptive nodes a task's wall time may exceed its duration
  // (the engine records the service each task received instead).
  const held = config.spec.binding === "early" ? 0 : 2 * delay;
  const preemptive = config.spec.preemptive === true;
  let taskSeconds = 0;
  for (let t = 0; t < n; t++) {
    if (tasks.runs[t] !== 1) throw new Error(`task ${t} ran ${tasks.runs[t]} times`);
    const d = trace.durations[t];
    taskSeconds += d;
    const end = tasks.end[t];
    if (preemptive) {
      if (Math.abs(tasks.service[t] - d) > 1e-9 * Math.max(1, Math.abs(end))) {
        throw new Error(`task ${t} received ${tasks.service[t]} s of service, duration ${d}`);
      }
      if (end - tasks.start[t] < d - 1e-9 * Math.max(1, Math.abs(end))) throw new Error(`task ${t} ended before receiving its duration`);
      continue;
    }
    if (Math.abs(end - tasks.start[t] - d) > 1e-9 * Math.max(1, Math.abs(end))) {
      throw new Error(`task ${t} ran ${end - tasks.start[t]} s, duration ${d}`);
    }
  }
  for (let j = 0; j < trace.arrivals.length; j++) {
    let last = -Infinity;
    let longest = 0;
    for (let t = trace.taskOffsets[j]; t < trace.taskOffsets[j + 1]; t++) {
      if (tasks.start[t] < trace.arrivals[j] + delay - 1e-12) throw new Error(`task ${t} started before its job's submission reached a node`);
      last = Math.max(last, tasks.end[t]);
      longest = Math.max(longest, trace.durations[t]);
    }
    if (r.finish[j] !== last) throw new Error(`job ${j} finish ${r.finish[j]} != last task end ${last}`);
    // (Preemptive nodes: a task's end is its start plus its pieces of service, which can land an
    // ulp short of submission + duration; the same relative tolerance as for the service.)
    const slack = preemptive ? 1e-9 * Math.max(1, Math.abs(r.finish[j])) : 0;
    if (r.finish[j] < trace.arrivals[j] + longest - slack) throw new Error(`job ${j} finished too early`);
  }
  // Slot occupancy per node: sweep over [start - held, end) intervals.
  const ev: Array<[number, number, number]> = [];
  for (let t = 0; t < (preemptive ? 0 : n); t++) {
    // (a tiny tolerance: start - held can round below the previous task's end)
    const from = tasks.start[t] - held + 1e-9 * Math.max(1, tasks.start[t]);
    ev.push([tasks.node[t], from, +1], [tasks.node[t], tasks.end[t], -1]);
  }
  ev.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  let cur = 0;
  let node = -1;
  for (const [nd, , delta] of ev) {
    if (nd !== node) { node = nd; cur = 0; }
    cur += delta;
    if (cur > config.slots) throw new Error(`node ${nd} ran ${cur} tasks on ${config.slots} slots`);
  }
  // (With a cluster a task may wait at its node holding its slot: resourceParkedSeconds.)
  const expected = taskSeconds + 2 * delay * r.counters.fetches + r.counters.resumeSeconds + (r.counters.resourceParkedSeconds ?? 0);
  if (!preemptive) expect(r.counters.preemptions).toBe(0);
  expect(Math.abs(r.busySlotSeconds - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, expected));
  expect(r.counters.tasksStarted).toBe(n);
}

/** The catalogue of the test engine (build/test-engine, made by test/setup/test-engine.ts): the
 *  project's schedulers, the test policies and the example of docs/adding-a-scheduler.md. */
export async function testCatalogue(): Promise<SchedulerSpec[]> {
  const { TEST_POLICIES } = await import("./policies/catalogue.js");
  const { docExample } = await import("./setup/doc-example.js");
  const { readFileSync } = await import("node:fs");
  const example = docExample(readFileSync(new URL("../docs/adding-a-scheduler.md", import.meta.url), "utf8"));
  return [...SCHEDULERS, ...TEST_POLICIES, example.entry];
}

/** An engine factory of the test engine. */
export async function loadTestEngine(kind: EngineKind): Promise<EngineFactory> {
  return loadEngineFrom(join(packageRoot(), "build/test-engine"), kind);
}

/** The JS engine run on its modules as they are (build/engine-js/index.js, one instance, the one
 *  engineModule and engineInternals read), for white-box tests: loadEngine("js") runs pooled
 *  instances of the bundle instead, whose state those modules do not see. */
export async function moduleEngine(): Promise<EngineFactory> {
  const { jsEngineFactory } = await import("../src/engine/js.js");
  moduleFactory ??= jsEngineFactory(await import(pathToFileURL(join(packageRoot(), "build/engine-js/index.js")).href));
  return moduleFactory;
}
let moduleFactory: EngineFactory | undefined;

/** A module of the JS engine build (build/engine-js), e.g. "events.js". */
export const engineModule = async (name: string): Promise<any> =>
  import(pathToFileURL(join(packageRoot(), "build/engine-js", name)).href);

/** The JS engine's modules as one object, for white-box tests of the engine's mechanisms: a name
 *  is looked up in loop, jobs, queues, nodestate, slots, config and scheduler (live bindings). */
export async function engineInternals(): Promise<any> {
  const mods = await Promise.all(["loop", "jobs", "queues", "nodestate", "slots", "config", "scheduler"]
    .map((m) => engineModule(`${m}.js`)));
  return new Proxy({}, {
    get: (_, key) => {
      if (key === "then") return undefined; // (not a promise)
      for (const m of mods) if (key in m) return m[key as string];
      throw new Error(`engine internals: no export ${String(key)}`);
    },
  });
}

/** Runs `cfg` on both engines: the same finish and start times and counters per job, and the
 *  invariants hold; returns the Wasm run. */
export async function sameOnBothEngines(trace: Trace, cfg: Parameters<typeof simulate>[1]) {
  const a = await simulate(trace, cfg, "wasm", true);
  const b = await simulate(trace, cfg, "js", true);
  checkInvariants(a);
  expect(Array.from(b.finish)).toEqual(Array.from(a.finish));
  expect(Array.from(b.tasks!.start)).toEqual(Array.from(a.tasks!.start));
  expect(b.counters).toEqual(a.counters);
  return a;
}

