// Messages between the page (web/app.ts) and its Worker (web/worker.ts).
import type { CompareResult } from "../src/compare/grid.js";
import type { RunSummary } from "../src/metrics/summary.js";
import type { RunRequest } from "./config.js";
import type { ReportClaim } from "../src/reproduce/report.js";

export type ToWorker =
  /** Read an uploaded trace and report its size or its first problem (file, line, field). */
  | { type: "check"; name: string; bytes: ArrayBuffer }
  /** Run a comparison; `base` is the page's URL (aviary.wasm is fetched beside it). */
  | { type: "run"; request: RunRequest; trace?: { name: string; bytes: ArrayBuffer }; base: string }
  /** Run one claim of the catalogue (src/reproduce/) with its grids and seeds; `traces`: the sample
   *  traces it reads, by name (NAME of NAME.tr), as uploaded. */
  | { type: "claim"; claim: string; quick: boolean; seeds?: number; engine: "wasm" | "js";
      traces: Record<string, { name: string; bytes: ArrayBuffer }>; base: string };

export type FromWorker =
  | { type: "checked"; ok: true; name: string; jobs: number; tasks: number }
  | { type: "checked"; ok: false; name: string; message: string }
  | { type: "progress"; done: number; total: number; run?: string; jobsDone?: number; jobs?: number }
  /** The compare result, each cell with its `cdf`; per run of the first seed, its summary with `series`. */
  | { type: "done"; result: CompareResult; series: RunSummary[] }
  | { type: "error"; field: string; message: string }
  | { type: "claim-progress"; done: number; total: number; unit: string }
  /** The claim's checks with our values over its seeds and the verdicts, as `aviary reproduce`'s report. */
  | { type: "claim-done"; result: ReportClaim };
