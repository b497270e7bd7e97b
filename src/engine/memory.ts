// How much memory a run may take, estimated before it starts from the trace's shape and the
// configuration, and checked against a limit (`--max-memory`). Browser-safe.
//
// The estimate is an upper bound, calibrated on the Wasm engine's linear memory after runs of
// every scheduler (docs/reliability.md, "Bounded memory"): google-like workloads of 30,000 and
// 150,000 jobs on 15,000 nodes, 1,000,000 single-task jobs on 1,000 nodes and 100,000 jobs on
// 200,000 nodes, with and without per-task records. The engine needs about
//   24 B per task + 80 B per job + 400 B per node + 64 B per slot,
//   + 40 B per task for late binding (probe records in node queues),
//   + 56 B per task for preemptive nodes (run state, suspended records),
//   + 36 B per task with per-task records,
// and its memory grows by doubling, so the bound is twice that; the host holds the trace's
// columns besides (8 B per task, 28 B per job, and the optional columns). Measured peaks lie
// between 0.25 and 0.9 of the bound.
import { InputError, ResourceError } from "../errors.js";
import type { ResolvedConfig } from "../config/config.js";

export interface TraceShape {
  jobs: number;
  tasks: number;
  /** Bytes of the optional columns (estimates, stages, demands, parents, ...), if any. */
  optionalBytes?: number;
}

export interface MemoryEstimate {
  /** The trace's columns on the host (JS heap). */
  hostBytes: number;
  /** The engine's memory, at most (Wasm linear memory or the JS engine's arrays). */
  engineBytes: number;
  totalBytes: number;
}

/** The bound for one run of `config` on a trace of this shape. */
export function estimateRunMemory(shape: TraceShape, config: Pick<ResolvedConfig, "nodes" | "slots" | "spec">,
                                  options: { recordTasks?: boolean } = {}): MemoryEstimate {
  const { jobs, tasks } = shape;
  const optional = shape.optionalBytes ?? 0;
  let perTask = 24;
  if (config.spec.binding === "late") perTask += 40;
  if (config.spec.preemptive) perTask += 56;
  if (options.recordTasks) perTask += 36;
  const needed = perTask * tasks + 80 * jobs + 400 * config.nodes + 64 * config.nodes * config.slots + optional;
  const engineBytes = 2 * needed + 16 * 2 ** 20;
  const hostBytes = 8 * tasks + 28 * jobs + optional;
  return { hostBytes, engineBytes, totalBytes: hostBytes + engineBytes };
}

/** Bytes of a trace's optional columns (schema v2). */
export function optionalColumnBytes(t: { taskEstimates?: ArrayLike<number>; stages?: ArrayLike<number>;
  demands?: ArrayLike<number>; parents?: ArrayLike<number>; parentOffsets?: ArrayLike<number>;
  jobClasses?: ArrayLike<number>; priorities?: ArrayLike<number>; users?: ArrayLike<number> }): number {
  const n = (a: ArrayLike<number> | undefined, size: number) => (a ? a.length * size : 0);
  return n(t.taskEstimates, 8) + n(t.stages, 4) + n(t.demands, 8) + n(t.parents, 4) + n(t.parentOffsets, 4)
    + n(t.jobClasses, 4) + n(t.priorities, 4) + n(t.users, 4);
}

const UNITS: Record<string, number> = {
  "": 1, b: 1, k: 2 ** 10, kb: 2 ** 10, kib: 2 ** 10, m: 2 ** 20, mb: 2 ** 20, mib: 2 ** 20,
  g: 2 ** 30, gb: 2 ** 30, gib: 2 ** 30, t: 2 ** 40, tb: 2 ** 40, tib: 2 ** 40,
};

/** "100MB", "1.5G", "512 MiB", "2e9" (bytes): binary units, case-insensitive. */
export function parseSize(text: string, option = "--max-memory"): number {
  const m = /^\s*([0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?)\s*([a-z]*)\s*$/i.exec(String(text));
  const unit = m ? UNITS[m[2].toLowerCase()] : undefined;
  const v = m && unit !== undefined ? Number(m[1]) * unit : NaN;
  if (!(v > 0) || !Number.isFinite(v)) {
    throw new InputError(`${option} must be a size such as 512MB, 4GB or a number of bytes, got '${text}'`);
  }
  return v;
}

export function formatBytes(n: number): string {
  if (n >= 2 ** 30) return `${(n / 2 ** 30).toFixed(2)} GB`;
  if (n >= 2 ** 20) return `${(n / 2 ** 20).toFixed(0)} MB`;
  return `${(n / 2 ** 10).toFixed(0)} KB`;
}

/** Refuses a run whose bound exceeds `limit` bytes: one line saying what it needs. */
export function checkMemory(e: MemoryEstimate, limit: number, what: string): void {
  if (e.totalBytes <= limit) return;
  throw new ResourceError(`${what} needs up to ${formatBytes(e.totalBytes)} (trace ${formatBytes(e.hostBytes)}, engine `
    + `${formatBytes(e.engineBytes)}), more than --max-memory ${formatBytes(limit)}: raise --max-memory, or run a smaller `
    + "trace or cluster");
}

/** Whether an exception from an engine is its memory running out (a failed growth of the Wasm
 *  memory, or an array the JS engine could not allocate) rather than a bug. */
export function isOutOfMemory(e: unknown, memoryBytes?: number): boolean {
  const msg = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  if (/out of memory|allocation failed|invalid typed array length|array buffer allocation|Invalid array length/i.test(msg)) return true;
  // AssemblyScript's allocator traps when memory.grow fails at the 4 GB limit.
  return memoryBytes !== undefined && memoryBytes > 4 * 2 ** 30 - 256 * 2 ** 20;
}
