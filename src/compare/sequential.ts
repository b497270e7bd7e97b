// A compare grid run one simulation after another on one engine factory, handing the event loop
// back between slices: the page's Web Worker runs `aviary compare` this way (no worker threads in
// a browser). Browser-safe: no Node imports. Results are those of compareGrid (./compare.ts), the
// same runs, summaries and aggregation.
import type { EngineFactory } from "../engine/types.js";
import { resolveConfig } from "../config/config.js";
import { runSimulationAsync, type Progress, type SimResult } from "../simulate.js";
import { summarize, type RunSummary } from "../metrics/summary.js";
import type { Trace } from "../trace/types.js";
import { aggregateCompare, planCompare, type CompareOptions, type CompareRun, type CompareResult } from "./grid.js";

/** Progress of compareSequential: runs done, and the current run's own progress. */
export interface SequentialProgress {
  /** Runs finished so far and in all. */
  done: number;
  total: number;
  /** The run under way (undefined once all are done) and its own progress. */
  run?: CompareRun;
  current?: Progress;
}

/** How compareSequential runs a grid in one thread (the web page's worker). */
export interface SequentialOptions {
  /** Called as runs advance and end. */
  onProgress?: (p: SequentialProgress) => void;
  /** Each finished run, with its full result (per-job finish times; per-task records when
   *  `recordTasks`), before the next starts: the caller keeps what it needs. */
  onRun?: (run: CompareRun, result: SimResult, summary: RunSummary) => void;
  /** Record per-task start/end/node (utilisation over time; 24 bytes per task). */
  recordTasks?: boolean;
  /** Events per slice (default the engine loop's). */
  sliceEvents?: number;
}

/** Runs every (node count, scheduler, seed) of `options` on `trace`, in grid order. */
export async function compareSequential(factory: EngineFactory, trace: Trace, options: CompareOptions,
                                        o: SequentialOptions = {}): Promise<CompareResult> {
  const plan = planCompare(options);
  const total = plan.runs.length;
  const t0 = typeof performance !== "undefined" ? performance.now() : Date.now();
  const summaries: RunSummary[] = [];
  o.onProgress?.({ done: 0, total });
  for (const run of plan.runs) {
    const result = await runSimulationAsync(factory, trace, resolveConfig(run.config), {
      recordTasks: o.recordTasks, sliceEvents: o.sliceEvents,
      onProgress: o.onProgress ? (current) => o.onProgress!({ done: summaries.length, total, run, current }) : undefined,
    });
    const summary = summarize(result, plan.cutoff ?? undefined);
    summaries.push(summary);
    o.onRun?.(run, result, summary);
    o.onProgress?.({ done: summaries.length, total });
  }
  const { runs: _runs, ...grid } = plan;
  const t1 = typeof performance !== "undefined" ? performance.now() : Date.now();
  return {
    trace: { name: trace.name, jobs: trace.arrivals.length, tasks: trace.durations.length },
    grid, results: aggregateCompare(plan, summaries), runs: summaries, workers: 1, wallSeconds: (t1 - t0) / 1000,
  };
}
