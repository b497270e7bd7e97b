// Node entry point: the browser-safe API plus file I/O, engine loading and `simulate`.
import { loadEngine, type EngineKind } from "./engine/node.js";
import { loadEngineDir } from "./engine/dir.js";
import { resolveConfig, type SimConfig } from "./config/config.js";
import { runSimulation, type RunOptions, type SimResult } from "./simulate.js";
import type { Trace } from "./trace/types.js";

export * from "./browser.js";
export { parseCsv } from "./trace/csv.js";
export { readTraceFile, writeTraceFile, generatePoissonWithEngineRng, generateTraceLikeWithEngineRng,
  openTraceFeed, type TraceFileFeed, type TraceFeedOptions, type ReadTraceOptions, type WriteTraceOptions } from "./trace/node.js";
export { SAMPLE_TRACES, findSampleTrace, fetchSampleTrace, cacheDir, type SampleTrace, type FetchOptions } from "./trace/samples.js";
export { loadEngine, loadEngineFrom, type EngineKind, type EngineLoadOptions } from "./engine/node.js";
export { loadEngineDir, type EngineDir } from "./engine/dir.js";
export { buildEngine, EngineBuildError, ENGINE_DIR_MANIFEST, type BuildEngineOptions, type EngineManifest } from "./engine/build.js";
export { ProgressLine, formatRunProgress, runProgress, type ProgressStream, type ProgressLineOptions } from "./report/progress.js";
export { compareGrid, shareTrace, workerCount, type CompareProgress, type CompareRunOptions } from "./compare/compare.js";
export { planCompare, aggregateCompare, DEFAULT_COMPARE_SCHEDULERS, type CompareOptions, type ComparePlan, type CompareRun,
  type CompareResult, type CompareCell, type ClassAverages, type ClassRatios } from "./compare/grid.js";
export { formatCompareTable, compareJson, compareCsv, COMPARE_CSV_COLUMNS } from "./compare/format.js";
export { renderSvg, svgToPng, renderToFile, imageFormat, type ImageFormat } from "./plot/render.js";
export { runReproduce, type ReproduceOptions, type ReproduceProgress } from "./reproduce/run.js";

/** Validates `config`, loads the requested engine (default Wasm) and runs one simulation.
 *  `engineDir`: an engine folder built by `aviary engine build` (or `buildEngine`), whose
 *  catalogue — the package's schedulers and the folder's own — validates `config`. */
export async function simulate(trace: Trace, config: Partial<SimConfig> & { scheduler: string },
                               options: RunOptions & { engine?: EngineKind; engineDir?: string } = {}): Promise<SimResult> {
  const kind = options.engine ?? "wasm";
  if (options.engineDir !== undefined) {
    const dir = await loadEngineDir(options.engineDir);
    const resolved = resolveConfig(config, dir.catalogue);
    return runSimulation(await dir.load(kind), trace, resolved, options);
  }
  const resolved = resolveConfig(config);
  return runSimulation(await loadEngine(kind), trace, resolved, options);
}
