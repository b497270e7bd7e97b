// Browser-safe entry point: everything except file and process access. Build a Wasm
// engine from the module bytes you fetch (`build/aviary.wasm`) or use the JS build
// (`jsEngineFactory(instantiate)` with `instantiate` from `build/engine-js/instance.js`), then
// run as in Node (runSimulationAsync yields to the page between slices):
//   const factory = wasmEngineFactory(await WebAssembly.compileStreaming(fetch(wasmUrl)));
//   const result = runSimulation(factory, parseTr(bytes, "x.tr"), resolveConfig({...}), { onProgress });
// The build bundles this module with both engines and the engine's RNG (which the workload
// generators take) into dist/browser/aviary.js (web/aviary.ts: loadEngine, generate, engineRng);
// the web page (web/) is built on it. docs/web.md.
export { runSimulation, runSimulationAsync, runSimulationFed, type TraceFeed, type EngineTraceColumns, type SimResult, type RunOptions, type Progress, type TaskRecord } from "./simulate.js";
export { wasmEngineFactory, withSharedMemory, type WasmFactoryOptions } from "./engine/wasm.js";
export { jsEngineFactory } from "./engine/js.js";
export type { EngineApi, EngineFactory } from "./engine/types.js";
export { CORE_COUNTERS } from "./engine/counters.js";
export { FAILURES, describeFailure, type Failure } from "./engine/failures.js";
export { resolveConfig, parseSets, type SimConfig, type ResolvedConfig } from "./config/config.js";
export { SCHEDULERS, COMMON_PARAMS, findScheduler, type SchedulerSpec, type ParamSpec } from "./config/schedulers.js";
export { PRESETS, findPreset, presetParamsFor, paramsForScheduler, checkParamNames, type Preset, type ParamSources } from "./config/presets.js";
export { summarize, classStats, completionTimes, quantileNearestRank, resultDelay, longestTasks, slowdown, type RunSummary,
  type ClassStats, type Slowdown } from "./metrics/summary.js";
export { pigeonLayout, isReservedWorker, checkPigeon, type PigeonLayout } from "./config/pigeon.js";
export { erlangC, mmcMeanWait, pigeonTaskZeroQueue, pigeonMeanTaskWait, pigeonJobZeroQueueEqual, sparrowJobZeroQueue,
  pigeonJobZeroQueueExp, pigeonJobZeroQueueIndependent, pigeonValidationRate } from "./analysis/queueing.js";
export { formatRunTable, perJobCsv } from "./report/table.js";
export { TrParser, TrCounter, parseTr, type TrColumns } from "./trace/tr.js";
export { traceToTr, traceToCsv } from "./trace/write.js";
export { generatePoisson, parseDurationSpec, type PoissonOptions } from "./trace/gen.js";
export type { Trace } from "./trace/types.js";
export { checkTraceV2 } from "./trace/check.js";
export { InputError } from "./errors.js";
export { WORKLOADS, findWorkload, generateWorkload, type WorkloadSpec } from "./workloads.js";
export { generateTraceLike, TRACE_GENERATORS, findTraceGenerator, arrivalRateFor, offeredLoadFor,
  type TraceLikeOptions, type TraceLikeResult, type TraceLikeGenerator } from "./trace/tracelike.js";
export { traceStats, formatTraceStats, type TraceStats } from "./trace/stats.js";
export { parseCsv } from "./trace/csv.js";
export { describeRange, checkParam } from "./config/schedulers.js";
export { STREAM_ARRIVALS, STREAM_TASKS, type RngFactory, type UniformSource } from "./trace/gen.js";
export { planCompare, aggregateCompare, ratio, DEFAULT_COMPARE_SCHEDULERS, type CompareOptions, type ComparePlan,
  type CompareRun, type CompareResult, type CompareCell, type ClassAverages, type ClassRatios } from "./compare/grid.js";
export { compareJson, compareCsv, COMPARE_CSV_COLUMNS } from "./compare/format.js";
export { compareSequential, type SequentialOptions, type SequentialProgress } from "./compare/sequential.js";
export { isLong } from "./metrics/summary.js";
export { PLOT_KINDS, parseAviaryJson, checkAviaryJson, defaultPlotKind, cdfRows, barRows, seriesRows, cdfSpec, barsSpec,
  seriesSpec, plotSpec, type PlotKind, type PlotOptions, type AviaryJson, type VegaLiteSpec, type CdfRow, type BarRow,
  type SeriesRow } from "./plot/specs.js";
export { binnedOccupancy, usageSeries, runSeries, checkSeries, DEFAULT_SERIES_BINS, MAX_SERIES_BINS, type IntervalSet,
  type SeriesInput, type UsageSeries } from "./plot/series.js";
export { CDF_QUANTILES, completionCdf, quantilesOf, runCdf, pooledCdf, type CompletionCdf } from "./metrics/cdf.js";
// Types the API's signatures name (so that the reference documents them too).
export type { PoissonWorkload, TraceLikeWorkload, YaqWorkloadSpec } from "./workloads.js";
export type { ClusterSpec } from "./config/cluster.js";
export type { ClassifierReport } from "./config/classify.js";
export type { PolicySeries } from "./simulate.js";
export type { YaqMetrics } from "./metrics/summary.js";
export type { SeriesSpec } from "./config/schedulers.js";
export type { DurationSpec } from "./trace/gen.js";
export type { JsEngineSource } from "./engine/js.js";
export type { ClassTotals } from "./trace/stats.js";
export type { PigeonParams } from "./config/pigeon.js";
export { spreadOf, pairedRatioSpread, tQuantile975, halfWidth, type Spread } from "./compare/spread.js";
export type { CellSpread, ClassSpread } from "./compare/grid.js";
export { PAPERS, CLAIMS, EXPERIMENTS, FIGURES, compatClaims, findExperiment, type ReferenceRow } from "./reproduce/catalogue.js";
export { evaluateCheck, claimVerdict, metricOf, ruleVerdict, type CheckResult } from "./reproduce/evaluate.js";
export { selectClaims, effective, units, inQuick, quickChecks } from "./reproduce/select.js";
export { runClaimSequential, claimTraces, type ClaimRunOptions } from "./reproduce/sequential.js";
export { reportMarkdown, pageMarkdown, fmtOurs, ruleText, type Report, type ReportClaim, type ReportCheck } from "./reproduce/report.js";
export type { Claim, Check, Experiment, Paper, Rule, Value, Verdict } from "./reproduce/types.js";
