// The plotting side of the command line: `aviary plot`, and `--cdf`, `--series`, `--plot`,
// `--plot-kind` of `aviary run` and `aviary compare` (kept here so main.ts only calls in).
import { readFileSync } from "node:fs";
import { Option, type Command } from "commander";
import { InputError } from "../errors.js";
import { runCdf } from "../metrics/cdf.js";
import type { RunSummary } from "../metrics/summary.js";
import type { SimResult } from "../simulate.js";
import type { CompareResult } from "../compare/grid.js";
import { DEFAULT_SERIES_BINS, MAX_SERIES_BINS, runSeries } from "../plot/series.js";
import { PLOT_KINDS, defaultPlotKind, parseAviaryJson, plotSpec, type AviaryJson, type PlotKind, type PlotOptions } from "../plot/specs.js";
import { checkImagePath, renderToFile } from "../plot/render.js";
import { checkOutputDir, writeFileAtomic } from "../io.js";

/** What a run or compare command adds for plots: JSON fields to compute, a figure to draw. */
export interface PlotSetup {
  cdf: boolean;
  /** Bins of the utilization/queue series (undefined: no series; the run records no tasks). */
  seriesBins?: number;
  /** `--series FILE`: the run's JSON lines (with the series) also go to FILE. */
  seriesFile?: string;
  plot?: { path: string; kind: PlotKind };
}

function kindOf(raw: unknown, allowed: PlotKind[], command: string): PlotKind {
  const k = String(raw);
  if (!PLOT_KINDS.includes(k as PlotKind)) throw new InputError(`--plot-kind must be one of ${PLOT_KINDS.join(", ")}, got '${k}'`);
  if (!allowed.includes(k as PlotKind)) {
    throw new InputError(`--plot-kind ${k} does not apply to aviary ${command} (it draws ${allowed.join(" or ")})`);
  }
  return k as PlotKind;
}

function seriesBins(raw: unknown): number | undefined {
  if (raw === undefined || raw === false) return undefined;
  if (raw === true || seriesPath(raw) !== undefined) return DEFAULT_SERIES_BINS;
  const v = Number(raw);
  if (String(raw).trim() === "" || !Number.isInteger(v) || v < 1 || v > MAX_SERIES_BINS) {
    throw new InputError(`--series: '${String(raw)}' is not a number of bins in [1, ${MAX_SERIES_BINS}]`);
  }
  return v;
}

/** `--series FILE`: a value that is not a number is a file for the JSON (a number is bins). */
function seriesPath(raw: unknown): string | undefined {
  if (typeof raw !== "string" || raw.trim() === "" || Number.isFinite(Number(raw))) return undefined;
  return raw;
}

/** Writes the run's JSON lines to the file of `--series FILE`, if any. */
export function writeSeriesFile(setup: PlotSetup, runs: RunSummary[]): void {
  if (setup.seriesFile !== undefined) writeFileAtomic(setup.seriesFile, runs.map((r) => JSON.stringify(r)).join("\n") + "\n");
}

/** The plot options of `aviary run` / `aviary compare`, checked before any work. */
export function plotSetup(opts: Record<string, unknown>, command: "run" | "compare"): PlotSetup {
  const setup: PlotSetup = { cdf: opts.cdf === true };
  if (command === "run") {
    setup.seriesBins = seriesBins(opts.series);
    setup.seriesFile = seriesPath(opts.series);
    if (setup.seriesFile !== undefined) checkOutputDir(setup.seriesFile);
  }
  if (opts.plotKind !== undefined && opts.plot === undefined) throw new InputError("--plot-kind goes with --plot FILE");
  if (opts.plot !== undefined) {
    const path = String(opts.plot);
    checkImagePath(path);
    const kind = opts.plotKind === undefined ? (command === "run" ? "cdf" : "bars")
      : kindOf(opts.plotKind, command === "run" ? ["cdf", "series"] : ["bars", "cdf"], command);
    setup.plot = { path, kind };
    // The figure's data goes into the JSON too (the same figure can be drawn again from it).
    if (kind === "cdf") setup.cdf = true;
    if (kind === "series" && setup.seriesBins === undefined) setup.seriesBins = DEFAULT_SERIES_BINS;
  }
  return setup;
}

/** Adds `cdf` and `series` to a run's summary as `setup` asks. */
export function addPlotData(summary: RunSummary, r: SimResult, cutoff: number | undefined, setup: PlotSetup): void {
  if (setup.cdf) summary.cdf = runCdf(r, cutoff);
  if (setup.seriesBins !== undefined) summary.series = runSeries(r, setup.seriesBins);
  if (setup.seriesBins !== undefined && r.policySeries) summary.policySeries = r.policySeries;
}

/** Draws the figure of `--plot`, if any. */
export async function writePlot(setup: PlotSetup, data: { runs: RunSummary[] } | { compare: CompareResult }): Promise<void> {
  if (!setup.plot) return;
  const json: AviaryJson = "runs" in data ? { kind: "run", runs: data.runs } : { kind: "compare", compare: data.compare };
  await renderToFile(plotSpec(setup.plot.kind, json), setup.plot.path);
}

/** --cdf, --series (run), --plot, --plot-kind. */
export function addPlotOptions(cmd: Command, command: "run" | "compare"): Command {
  cmd.option("--cdf", command === "run"
    ? "add each class's completion-time distribution to the JSON ('cdf': 210 quantiles)"
    : "add to each result the completion-time distribution of its seeds' jobs pooled ('cdf'; JSON)");
  if (command === "run") {
    cmd.option("--series [bins|file]", `record every task's start and end; add utilization and queue length over time in BINS bins (default ${DEFAULT_SERIES_BINS}) to the JSON ('series'), and a policy's own series when it writes one ('policySeries': hawk-dice/eagle-dice's controller per window, 'dice'); a FILE (not a number) also gets the JSON lines`);
  }
  cmd.option("--plot <file>", "draw a figure to FILE (.svg or .png), as `aviary plot` does")
    .addOption(new Option("--plot-kind <kind>", `figure of --plot: ${command === "run" ? "cdf (default) or series" : "bars (default) or cdf"}`));
  return cmd;
}

/** `aviary plot FILE`: a figure from the JSON of aviary run or aviary compare. */
export async function plotCommand(file: string, opts: Record<string, unknown>): Promise<void> {
  const output = opts.output as string | undefined;
  if (output === undefined) throw new InputError("give the output file: -o FILE.svg or -o FILE.png");
  checkImagePath(output);
  const num = (name: string): number | undefined => {
    const raw = opts[name];
    if (raw === undefined) return undefined;
    const v = Number(raw);
    if (!Number.isInteger(v)) throw new InputError(`--${name} must be an integer number of pixels, got '${String(raw)}'`);
    return v;
  };
  const options: PlotOptions = { title: opts.title as string | undefined, width: num("width"), height: num("height") };
  if (opts.kind !== undefined && !PLOT_KINDS.includes(opts.kind as PlotKind)) {
    throw new InputError(`--kind must be one of ${PLOT_KINDS.join(", ")}, got '${String(opts.kind)}'`);
  }
  const source = file === "-" ? "stdin" : file;
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read '${source}': ${(e as Error).message.split("\n")[0]}`);
  }
  const data = parseAviaryJson(text, source);
  const kind = (opts.kind as PlotKind | undefined) ?? defaultPlotKind(data);
  await renderToFile(plotSpec(kind, data, options), output);
}

export function addPlotCommand(program: Command): void {
  program.command("plot")
    .description("draw a figure (SVG or PNG) from the JSON of aviary run or aviary compare: completion-time CDFs, normalized percentile bars, or utilization and queue over time")
    .argument("<file>", "JSON written by aviary run --format json (with --cdf or --series) or aviary compare --format json; - for stdin")
    .addOption(new Option("--kind <kind>", "cdf (run or compare JSON with cdf), bars (compare JSON) or series (run JSON with series); default bars for compare JSON, cdf for run JSON"))
    .option("-o, --output <file>", "output file: .svg or .png (written atomically)")
    .option("--title <text>", "title above the figure (default none: a paper's caption says it)")
    .option("--width <px>", "width of one panel in pixels (default per kind)")
    .option("--height <px>", "height of one panel in pixels (default per kind)")
    .action((file: string, opts) => plotCommand(file, opts));
}
