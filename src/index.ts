// Node entry point: the browser-safe API plus file I/O, engine loading and `simulate`.
import { loadEngine, type EngineKind } from "./engine/node.js";
import { resolveConfig, type SimConfig } from "./config/config.js";
import { runSimulation, type RunOptions, type SimResult } from "./simulate.js";
import type { Trace } from "./trace/types.js";

export * from "./browser.js";
export { parseCsv } from "./trace/csv.js";
export { readTraceFile, writeTraceFile, generatePoissonWithEngineRng, generateTraceLikeWithEngineRng,
  openTraceFeed, type TraceFileFeed, type TraceFeedOptions } from "./trace/node.js";
export { loadEngine, loadEngineFrom, type EngineKind } from "./engine/node.js";
export { ProgressLine, formatRunProgress, runProgress, type ProgressStream } from "./report/progress.js";
export { compareGrid, shareTrace, workerCount, type CompareProgress, type CompareRunOptions } from "./compare/compare.js";
export { planCompare, aggregateCompare, DEFAULT_COMPARE_SCHEDULERS, type CompareOptions, type ComparePlan, type CompareRun,
  type CompareResult, type CompareCell, type ClassAverages, type ClassRatios } from "./compare/grid.js";
export { formatCompareTable, compareJson, compareCsv, COMPARE_CSV_COLUMNS } from "./compare/format.js";
export { renderSvg, svgToPng, renderToFile, imageFormat, type ImageFormat } from "./plot/render.js";
export { runReproduce, type ReproduceOptions, type ReproduceProgress } from "./reproduce/run.js";

/** Validates `config`, loads the requested engine (default Wasm) and runs one simulation. */
export async function simulate(trace: Trace, config: Partial<SimConfig> & { scheduler: string },
                               options: RunOptions & { engine?: EngineKind } = {}): Promise<SimResult> {
  const factory = await loadEngine(options.engine ?? "wasm");
  return runSimulation(factory, trace, resolveConfig(config), options);
}
