// Messages between compareGrid (main thread) and its workers (./worker.ts).
import type { SimConfig } from "../config/config.js";
import type { RunSummary } from "../metrics/summary.js";
import type { Trace } from "../trace/types.js";

/** workerData: the trace (columns on SharedArrayBuffers: sent once, shared, never copied) and
 *  the engine each worker loads for itself. */
export interface WorkerInit {
  trace: Trace;
  engine: "wasm" | "js";
  /** An engine folder (aviary engine build) to load the engine and catalogue from. */
  engineDir?: string;
}

export interface RunRequest {
  index: number;
  config: SimConfig;
  cutoff: number | null;
  /** Send back the completion times of each class too (for the pooled CDF of --cdf). */
  times?: boolean;
}

/** Completion times of one run, per reporting class (transferred, not copied). */
export interface ClassTimes { short: Float64Array; long: Float64Array }

export type WorkerReply =
  | { type: "result"; index: number; summary: RunSummary; times?: ClassTimes }
  | { type: "error"; index: number; message: string; input: boolean };
