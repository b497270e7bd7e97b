// Messages between compareGrid (main thread) and its workers (./worker.ts).
import type { SimConfig } from "../config/config.js";
import type { RunSummary } from "../metrics/summary.js";
import type { Trace } from "../trace/types.js";

/** workerData: the trace (columns on SharedArrayBuffers: sent once, shared, never copied) and
 *  the engine each worker loads for itself. */
export interface WorkerInit {
  trace: Trace;
  engine: "wasm" | "js";
}

export interface RunRequest {
  index: number;
  config: SimConfig;
  cutoff: number | null;
}

export type WorkerReply =
  | { type: "result"; index: number; summary: RunSummary }
  | { type: "error"; index: number; message: string; input: boolean };
