// Runs one simulation on an engine instance: copies the trace columns into engine
// memory once, runs in slices (progress callbacks between slices), reads results back.
// Environment-neutral: Node and browsers both use this with their own engine factory.
import type { EngineApi, EngineFactory } from "./engine/types.js";
import { counterRecord } from "./engine/counters.js";
import type { ResolvedConfig } from "./config/config.js";
import type { Trace } from "./trace/types.js";
import { referenceQuirks } from "./trace/compat.js";
import { InputError } from "./errors.js";

export interface Progress {
  jobsDone: number;
  jobs: number;
  simTime: number;
  events: number;
  wallSeconds: number;
}

export interface RunOptions {
  /** Record per-task start/end/node (for the invariants checker; costs 24 bytes/task). */
  recordTasks?: boolean;
  /** Events per slice between progress callbacks. */
  sliceEvents?: number;
  onProgress?: (p: Progress) => void;
}

export interface TaskRecord {
  start: Float64Array;
  end: Float64Array;
  node: Int32Array;
  runs: Int32Array;
  /** Service received per task (preemptive policies; empty otherwise). */
  service: Float64Array;
}

export interface SimResult {
  config: ResolvedConfig;
  engine: "wasm" | "js";
  trace: Trace;
  /** Finish time of each job's last task (seconds). */
  finish: Float64Array;
  /** Per-job preemption counts; present for preemptive policies (kairos). */
  preemptions?: Int32Array;
  counters: Record<string, number>;
  busySlotSeconds: number;
  firstArrival: number;
  lastFinish: number;
  wallSeconds: number;
  tasks?: TaskRecord;
}

/** Jobs one run can hold (assembly/sim.ts MAX_JOBS - 1: job indices share a word with flags). */
export const ENGINE_MAX_JOBS = 0x07FFFFFF;

/** Rejects a trace the engine cannot run (sorted, non-negative, consistent columns). */
export function checkTrace(t: Trace): void {
  const jobs = t.arrivals.length;
  const bad = (what: string) => { throw new InputError(`trace '${t.name}': ${what}`); };
  if (t.taskOffsets.length !== jobs + 1 || t.estimates.length !== jobs) bad("column lengths do not match the number of jobs");
  // The engine packs a job index and four flag bits into one 32-bit word of a queue record.
  if (jobs > ENGINE_MAX_JOBS) bad(`${jobs} jobs: the engine runs at most ${ENGINE_MAX_JOBS} jobs per run`);
  if (t.taskOffsets[0] !== 0 || t.taskOffsets[jobs] !== t.durations.length) bad("task offsets do not cover the durations");
  for (let j = 0; j < jobs; j++) {
    if (!(t.taskOffsets[j + 1] > t.taskOffsets[j])) bad(`job ${j} has no task`);
    if (!(t.arrivals[j] >= 0) || !Number.isFinite(t.arrivals[j])) bad(`job ${j}: submission time ${t.arrivals[j]} is not a finite number >= 0`);
    if (j > 0 && t.arrivals[j] < t.arrivals[j - 1]) bad(`job ${j}: submission time ${t.arrivals[j]} is earlier than job ${j - 1}'s ${t.arrivals[j - 1]}`);
    if (!(t.estimates[j] >= 0) || !Number.isFinite(t.estimates[j])) bad(`job ${j}: estimate ${t.estimates[j]} is not a finite number >= 0`);
  }
  for (let k = 0; k < t.durations.length; k++) {
    if (!(t.durations[k] >= 0) || !Number.isFinite(t.durations[k])) bad(`task ${k}: duration ${t.durations[k]} is not a finite number >= 0`);
  }
}

const now = (): number => (typeof performance !== "undefined" ? performance.now() : Date.now());

export function runSimulation(factory: EngineFactory, input: Trace, config: ResolvedConfig,
                              options: RunOptions = {}): SimResult {
  const compat = config.params.compat === true;
  checkTrace(input);
  const trace = compat ? referenceQuirks(input) : input;
  const jobs = trace.arrivals.length;
  const tasks = trace.durations.length;
  const engine = factory();
  try {
    const t0 = now();
    engine.setup(jobs, tasks, config.nodes, config.slots, config.networkDelay, config.seed,
      config.paramVector.length, (options.recordTasks ? 1 : 0) | (compat ? 2 : 0));
    // All setup allocations are done: views stay valid while we fill them.
    engine.arrivalColumn().set(trace.arrivals);
    engine.firstTaskColumn().set(trace.taskOffsets);
    engine.durationColumn().set(trace.durations);
    engine.estimateColumn().set(trace.estimates);
    engine.paramColumn().set(config.paramVector);
    engine.start(config.spec.id);
    const slice = options.sliceEvents ?? 2_000_000;
    for (;;) {
      let done: number;
      try {
        done = engine.run(slice);
      } catch (e) {
        // A trap or an engine invariant: say where the run was, since the message alone
        // ("unreachable", "Invalid length") names no cause. Out-of-memory is the usual one:
        // a Wasm instance holds at most 4 GB of pending events and queued records.
        const c = engine.counterColumn();
        const what = e instanceof Error ? e.message : String(e);
        throw new Error(`the ${engine.kind} engine stopped after more than ${c[0]} events, at simulated time `
          + `${engine.simTime()} s with ${engine.completedJobs()} of ${jobs} jobs done (${what}); if the run `
          + "outgrew the engine's memory, a parameter that multiplies events (e.g. a tiny quantum or "
          + "heartbeat period) is the likely cause", { cause: e });
      }
      if (options.onProgress) {
        options.onProgress({
          jobsDone: engine.completedJobs(), jobs, simTime: engine.simTime(),
          events: engine.counterColumn()[0], wallSeconds: (now() - t0) / 1000,
        });
      }
      if (done) break;
    }
    const wallSeconds = (now() - t0) / 1000;
    if (engine.completedJobs() !== jobs) {
      throw new Error(`engine finished with ${engine.completedJobs()} of ${jobs} jobs complete`);
    }
    const result: SimResult = {
      config, engine: engine.kind, trace,
      finish: engine.finishColumn().slice(),
      counters: counterRecord(engine.counterColumn()),
      busySlotSeconds: engine.busySlotSeconds(),
      firstArrival: jobs > 0 ? trace.arrivals[0] : 0,
      lastFinish: engine.lastFinishTime(),
      wallSeconds,
    };
    const preemptions = engine.preemptionColumn();
    if (preemptions.length === jobs && jobs > 0) result.preemptions = preemptions.slice();
    if (options.recordTasks) {
      result.tasks = {
        start: engine.taskStartColumn().slice(), end: engine.taskEndColumn().slice(),
        node: engine.taskNodeColumn().slice(), runs: engine.taskRunsColumn().slice(),
        service: engine.taskServiceColumn().slice(),
      };
    }
    return result;
  } finally {
    engine.dispose();
  }
}

export type { EngineApi };
