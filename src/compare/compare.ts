// compareGrid: runs a compare grid on a pool of worker threads (Node only).
// The trace is copied once onto SharedArrayBuffers and handed to each worker at start-up;
// runs are then dispatched one at a time to whichever worker is free. Any failure (a run's
// error, a worker crashing or failing to load) terminates the pool and rejects with a one-line
// message.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { InputError } from "../errors.js";
import { packageRoot } from "../engine/node.js";
import { loadEngineDir } from "../engine/dir.js";
import type { RunSummary } from "../metrics/summary.js";
import type { Trace } from "../trace/types.js";
import { aggregateCompare, planCompare, type CompareOptions, type ComparePlan, type CompareResult } from "./grid.js";
import type { ClassTimes, RunRequest, WorkerInit, WorkerReply } from "./protocol.js";
import { pooledCdf } from "../metrics/cdf.js";

/** Progress of a compare grid (compareGrid's onProgress). */
export interface CompareProgress {
  /** Runs finished so far and in all. */
  done: number;
  total: number;
  elapsedSeconds: number;
  /** Estimated seconds left (elapsed / done x remaining); null before the first run ends. */
  etaSeconds: number | null;
}

/** How compareGrid runs a grid: worker threads, progress, pooled CDFs. */
export interface CompareRunOptions {
  /** Worker threads; default os.availableParallelism(); never more than the number of runs. */
  workers?: number;
  /** Called once at the start and after every finished run. */
  onProgress?: (p: CompareProgress) => void;
  /** Add to each result cell the completion-time CDF of its runs' jobs pooled (`cdf`). */
  cdf?: boolean;
  /** Worker script (default dist/src/compare/worker.js under the package root). For tests. */
  workerScript?: string;
}

export const MAX_WORKERS = 1024;

/** The number of worker threads for `runs` runs; InputError when `requested` is not valid. */
export function workerCount(requested: number | undefined, runs: number): number {
  if (requested !== undefined && !(Number.isInteger(requested) && requested >= 1 && requested <= MAX_WORKERS)) {
    throw new InputError(`--workers must be an integer in [1, ${MAX_WORKERS}], got '${String(requested)}'`);
  }
  return Math.max(1, Math.min(requested ?? availableParallelism(), runs));
}

/** The compiled worker script (it imports the compiled engine host, so it lives under dist/). */
export function defaultWorkerScript(): string {
  const p = join(packageRoot(), "dist/src/compare/worker.js");
  if (!existsSync(p)) throw new Error("compare worker dist/src/compare/worker.js is missing: run `npm run build`");
  return p;
}

function shared<T extends Float64Array | Int32Array>(a: T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const Ctor = a.constructor as new (b: SharedArrayBuffer) => T;
  const out = new Ctor(new SharedArrayBuffer(a.byteLength));
  out.set(a);
  return out;
}

/** The trace with its columns on SharedArrayBuffers (no copy if they already are). */
export function shareTrace(t: Trace): Trace {
  const opt = <A extends Float64Array | Int32Array>(a: A | undefined): A | undefined => (a ? shared(a) : undefined);
  return {
    ...t, // (names and labels are copied to each worker)
    arrivals: shared(t.arrivals), taskOffsets: shared(t.taskOffsets), durations: shared(t.durations),
    estimates: shared(t.estimates), taskEstimates: opt(t.taskEstimates), stages: opt(t.stages),
    parentOffsets: opt(t.parentOffsets), parents: opt(t.parents), demands: opt(t.demands),
    jobClasses: opt(t.jobClasses), priorities: opt(t.priorities), users: opt(t.users),
  };
}

function firstLine(msg: string): string {
  return msg.split("\n")[0].trim() || "unknown error";
}

/**
 * Runs every (node count, scheduler, seed) of `options` on `trace` and returns the per-run
 * summaries plus, per (node count, scheduler), the seed averages normalized to the baseline.
 * Everything is validated before the first run; errors are InputError (bad options) or Error
 * with a one-line message (a run or worker failure).
 */
export async function compareGrid(trace: Trace, options: CompareOptions, run: CompareRunOptions = {}): Promise<CompareResult> {
  if (options.engineDir !== undefined && options.catalogue === undefined) {
    options = { ...options, catalogue: (await loadEngineDir(options.engineDir)).catalogue };
  }
  const plan = planCompare(options);
  const workers = workerCount(run.workers, plan.runs.length);
  const script = run.workerScript ?? defaultWorkerScript();
  const t0 = performance.now();
  const times: ClassTimes[] | undefined = run.cdf ? new Array(plan.runs.length) : undefined;
  const summaries = await runPool(plan, shareTrace(trace), workers, script, times, (done) => {
    if (!run.onProgress) return;
    const elapsed = (performance.now() - t0) / 1000;
    run.onProgress({
      done, total: plan.runs.length, elapsedSeconds: elapsed,
      etaSeconds: done > 0 ? (elapsed / done) * (plan.runs.length - done) : null,
    });
  });
  const { runs: _runs, ...grid } = plan;
  const results = aggregateCompare(plan, summaries);
  if (times) {
    for (const cell of results) {
      cell.cdf = pooledCdf(plan.runs.filter((r) => r.nodes === cell.nodes && r.scheduler === cell.scheduler).map((r) => times[r.index]));
    }
  }
  return {
    trace: { name: trace.name, jobs: trace.arrivals.length, tasks: trace.durations.length },
    grid,
    results,
    runs: summaries,
    workers,
    wallSeconds: (performance.now() - t0) / 1000,
  };
}

function describeRun(plan: ComparePlan, index: number): string {
  const r = plan.runs[index];
  return r ? `${r.scheduler} on ${r.nodes} nodes, seed ${r.seed}` : `run ${index}`;
}

export interface CellRunOptions {
  /** Worker threads (validated by workerCount; never more than the cells to run). */
  workers?: number;
  /** Called once at the start and after every finished run (done/total of `indices`). */
  onProgress?: (p: CompareProgress) => void;
  /** Called with each run's summary as soon as it is finished (before the next progress call). */
  onResult?: (index: number, summary: RunSummary) => void;
  workerScript?: string;
}

/**
 * Runs the plan's runs `indices` (a subset of the grid: a shard, or the cells a results file
 * lacks) on the worker pool and calls `onResult` for each as it finishes, in completion order.
 * Each run's summary is the same whichever worker or subset runs it.
 */
export async function runCompareCells(plan: ComparePlan, trace: Trace, indices: number[], run: CellRunOptions = {}): Promise<void> {
  const workers = workerCount(run.workers, Math.max(1, indices.length));
  const t0 = performance.now();
  const progress = (done: number) => {
    if (!run.onProgress) return;
    const elapsed = (performance.now() - t0) / 1000;
    run.onProgress({ done, total: indices.length, elapsedSeconds: elapsed,
      etaSeconds: done > 0 ? (elapsed / done) * (indices.length - done) : null });
  };
  if (indices.length === 0) { progress(0); return; }
  await runPool(plan, shareTrace(trace), workers, run.workerScript ?? defaultWorkerScript(), undefined, progress, indices, run.onResult);
}

function runPool(plan: ComparePlan, trace: Trace, nWorkers: number, script: string, times: ClassTimes[] | undefined,
                 progress: (done: number) => void, indices: number[] = plan.runs.map((r) => r.index),
                 onResult?: (index: number, summary: RunSummary) => void): Promise<RunSummary[]> {
  const total = indices.length;
  const summaries: RunSummary[] = new Array(plan.runs.length);
  const init: WorkerInit = { trace, engine: plan.engine, ...(plan.engineDir !== undefined ? { engineDir: plan.engineDir } : {}) };
  return new Promise<RunSummary[]>((resolve, reject) => {
    const pool: Worker[] = [];
    let next = 0;
    let done = 0;
    let settled = false;
    const shutdown = () => Promise.all(pool.map((w) => w.terminate().catch(() => 0)));
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      void shutdown().then(() => reject(err));
    };
    const dispatch = (w: Worker) => {
      if (next >= total) return;
      const r = plan.runs[indices[next++]];
      const req: RunRequest = { index: r.index, config: r.config, cutoff: plan.cutoff, ...(times ? { times: true } : {}) };
      w.postMessage(req);
    };
    try {
      progress(0);
    } catch (e) {
      reject(e);
      return;
    }
    for (let i = 0; i < nWorkers && !settled; i++) {
      let w: Worker;
      try {
        w = new Worker(script, { workerData: init });
      } catch (e) {
        fail(new Error(`cannot start a compare worker: ${firstLine((e as Error).message)}`));
        return;
      }
      pool.push(w);
      w.on("message", (m: WorkerReply) => {
        if (settled) return;
        if (m.type === "error") {
          const msg = `${describeRun(plan, m.index)} failed: ${firstLine(m.message)}`;
          fail(m.input ? new InputError(msg) : new Error(msg));
          return;
        }
        summaries[m.index] = m.summary;
        if (times) {
          if (!m.times) { fail(new Error(`${describeRun(plan, m.index)}: the worker sent no completion times`)); return; }
          times[m.index] = m.times;
        }
        done++;
        try {
          onResult?.(m.index, m.summary);
        } catch (e) {
          fail(e instanceof Error ? e : new Error(String(e)));
          return;
        }
        try {
          progress(done);
        } catch (e) {
          fail(e instanceof Error ? e : new Error(String(e)));
          return;
        }
        if (done === total) {
          settled = true;
          void shutdown().then(() => resolve(summaries));
        } else {
          dispatch(w);
        }
      });
      w.on("error", (e: Error) => fail(new Error(`compare worker failed: ${firstLine(e?.message ?? String(e))}`)));
      w.on("messageerror", (e: Error) => fail(new Error(`compare worker message error: ${firstLine(e?.message ?? String(e))}`)));
      w.on("exit", (code) => {
        if (!settled) fail(new Error(`compare worker exited unexpectedly (code ${code})`));
      });
      dispatch(w);
    }
  });
}
