// Per-class completion-time statistics and the run summary (ARCHITECTURE.md output schema).
import type { SimResult } from "../simulate.js";

export interface ClassStats { jobs: number; mean: number; p50: number; p90: number; p99: number }

/** Nearest-rank percentile of an ascending array (seed-hawk-eagle.md A23). */
export function quantileNearestRank(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const rank = Math.ceil((p / 100) * n);
  return sorted[Math.min(n, Math.max(1, rank)) - 1];
}

export function classStats(values: Float64Array): ClassStats {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (let i = 0; i < sorted.length; i++) sum += sorted[i];
  const n = sorted.length;
  return {
    jobs: n,
    mean: n ? sum / n : NaN,
    p50: quantileNearestRank(sorted, 50),
    p90: quantileNearestRank(sorted, 90),
    p99: quantileNearestRank(sorted, 99),
  };
}

/** Completion time (finish of last task minus submission) of every job. */
export function completionTimes(r: SimResult): Float64Array {
  const out = new Float64Array(r.finish.length);
  for (let j = 0; j < out.length; j++) out[j] = r.finish[j] - r.trace.arrivals[j];
  return out;
}

/** Reporting class: long when the job's estimated task duration exceeds the cutoff.
 *  Without a cutoff every job is short. */
export function isLong(estimate: number, cutoff: number | undefined): boolean {
  return cutoff !== undefined && estimate > cutoff;
}

export interface RunSummary {
  scheduler: string;
  engine: "wasm" | "js";
  nodes: number;
  slots: number;
  seed: number;
  cutoff: number | null;
  params: Record<string, number | boolean | string>;
  trace: { name: string; jobs: number; tasks: number };
  short: ClassStats;
  long: ClassStats;
  utilization: number;
  makespan: number;
  counters: Record<string, number>;
  wallSeconds: number;
  eventsPerSecond: number;
}

export function summarize(r: SimResult, cutoff?: number): RunSummary {
  const ct = completionTimes(r);
  const est = r.trace.estimates;
  let nLong = 0;
  for (let j = 0; j < ct.length; j++) if (isLong(est[j], cutoff)) nLong++;
  const shortT = new Float64Array(ct.length - nLong);
  const longT = new Float64Array(nLong);
  let s = 0;
  let l = 0;
  for (let j = 0; j < ct.length; j++) {
    if (isLong(est[j], cutoff)) longT[l++] = ct[j]; else shortT[s++] = ct[j];
  }
  const makespan = r.lastFinish - r.firstArrival;
  const capacity = r.config.nodes * r.config.slots * makespan;
  const events = r.counters.events;
  return {
    scheduler: r.config.scheduler,
    engine: r.engine,
    nodes: r.config.nodes,
    slots: r.config.slots,
    seed: r.config.seed,
    cutoff: cutoff ?? null,
    params: r.config.params,
    trace: { name: r.trace.name, jobs: r.trace.arrivals.length, tasks: r.trace.durations.length },
    short: classStats(shortT),
    long: classStats(longT),
    utilization: capacity > 0 ? r.busySlotSeconds / capacity : 0,
    makespan,
    counters: r.counters,
    wallSeconds: r.wallSeconds,
    eventsPerSecond: r.wallSeconds > 0 ? Math.round(events / r.wallSeconds) : 0,
  };
}
