// `aviary` command line: run, compare, plot, gen, stats, schedulers.
import { Command, CommanderError, Option } from "commander";
import { readFileSync } from "node:fs";
import { checkMemory, estimateRunMemory, optionalColumnBytes } from "../engine/memory.js";
import { InputError, showValue } from "../errors.js";
import { parseSets, resolveConfig, type ResolvedConfig } from "../config/config.js";
import { COMMON_PARAMS, SCHEDULERS, describeRange, findScheduler } from "../config/schedulers.js";
import { PRESETS, checkParamNames, findPreset, paramsForScheduler, type Preset } from "../config/presets.js";
import { compareGrid, type CompareProgress } from "../compare/compare.js";
import { DEFAULT_COMPARE_SCHEDULERS } from "../compare/grid.js";
import { compareCsv, compareJson, formatCompareTable } from "../compare/format.js";
import { loadEngine, type EngineKind } from "../engine/node.js";
import type { EngineFactory } from "../engine/types.js";
import { runSimulation, runSimulationFed, type SimResult } from "../simulate.js";
import { summarize, type RunSummary } from "../metrics/summary.js";
import { formatRunTable, perJobCsv } from "../report/table.js";
import { formatSeedTable, parseSeedSpec, seedSummaries } from "../report/seeds.js";
import { readTraceFile, writeTraceFile, generatePoissonWithEngineRng, generateTraceLikeWithEngineRng, openTraceFeed, feedMinBytes } from "../trace/node.js";
import { TRACE_GENERATORS, checkTraceLikeOptions, findTraceGenerator, type TraceLikeOptions } from "../trace/tracelike.js";
import { formatTraceStats, traceStats } from "../trace/stats.js";
import { ProgressLine, formatDuration, runProgress } from "../report/progress.js";
import { checkOutputDir, writeFileAtomic } from "../io.js";
import { WORKLOADS } from "../workloads.js";
import type { Trace } from "../trace/types.js";
import { serve } from "./serve.js";
import { addPlotCommand, addPlotData, addPlotOptions, plotSetup, writePlot, writeSeriesFile } from "./plot.js";
import { addSweepCommands, compareToResults } from "./sweep.js";
import { addSweepOptions } from "./sweep-options.js";
import { prepareCompare } from "./compare-setup.js";
import { loadWorkload, maxMemory } from "./options.js";
import { CLUSTER_HELP, defaultCluster, loadClusterOption } from "./cluster.js";
import { addConvertCommands, addFregataGen } from "./convert.js";
import { findCluster, type ClusterSpec } from "../config/cluster.js";
import { addYaqGenCommands, addYaqSizeCommand } from "./yaq.js";
import { addEngineCommands } from "./engine.js";
import { addTracesCommands } from "./traces.js";
import { engineBuild, versionText, withEngineBuild } from "./version.js";
import { loadEngineDir, type EngineDir } from "../engine/dir.js";
import type { SchedulerSpec } from "../config/schedulers.js";
import { addReproduceCommands } from "./reproduce.js";

const DEFAULT_SCHEDULERS = ["random", "sparrow", "lwl"];
const ENGINE_DIR_HELP = "run on the engine built in this folder by aviary engine build (aviary's schedulers and your own; see docs/adding-a-scheduler.md)";

interface RunInput {
  trace?: string;
  workload?: string;
  jobs?: number;
  load?: number;
  scheduler?: string | string[];
  nodes?: number;
  slots?: number;
  seed?: number;
  cutoff?: number;
  preset?: string;
  engine?: EngineKind;
  params?: Record<string, unknown>;
  format?: "table" | "json";
  perJob?: string;
  maxMemory?: string | number;
  cluster?: string;
  engineDir?: string;
}

const RUN_KEYS = ["trace", "workload", "jobs", "load", "scheduler", "nodes", "slots", "seed", "cutoff", "preset",
  "engine", "params", "format", "perJob", "maxMemory", "cluster", "engineDir"];

function num(name: string, kind: "int" | "float" = "float") {
  return (raw: string): number => {
    const v = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(v) || (kind === "int" && !Number.isInteger(v))) {
      throw new InputError(`option --${name}: '${raw}' is not ${kind === "int" ? "an integer" : "a number"}`);
    }
    return v;
  };
}

function collect(value: string, prev: string[]): string[] { return [...prev, value]; }

function readConfigFile(path: string): RunInput {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new InputError(`cannot read config file '${path}': ${(e as Error).message}`);
  }
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch (e) {
    throw new InputError(`config file '${path}' is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof obj !== "object" || obj === null || Array.isArray(obj)) {
    throw new InputError(`config file '${path}' must hold a JSON object`);
  }
  for (const k of Object.keys(obj)) {
    if (!RUN_KEYS.includes(k)) throw new InputError(`config file '${path}': unknown key '${showValue(k)}' (known: ${RUN_KEYS.join(", ")})`);
  }
  checkConfigTypes(obj as Record<string, unknown>, `config file '${path}'`);
  return obj as RunInput;
}

/** The config file's values have the types its keys take (each one's range is checked where the
 *  option's is): a wrong type is one line naming the key, never a TypeError later. */
function checkConfigTypes(obj: Record<string, unknown>, where: string): void {
  const bad = (key: string, want: string, v: unknown): never => {
    throw new InputError(`${where}: "${key}" must be ${want}, got ${typeof v === "string" ? showValue(JSON.stringify(v)) : showValue(v)}`);
  };
  const has = (k: string) => Object.prototype.hasOwnProperty.call(obj, k) && obj[k] !== undefined;
  for (const k of ["trace", "workload", "preset", "perJob", "cluster", "engineDir"]) {
    if (has(k) && (typeof obj[k] !== "string" || obj[k] === "")) bad(k, "a non-empty string", obj[k]);
  }
  for (const k of ["jobs", "nodes", "slots", "seed"]) {
    if (has(k) && !(typeof obj[k] === "number" && Number.isInteger(obj[k]))) bad(k, "an integer", obj[k]);
  }
  for (const k of ["load", "cutoff"]) {
    if (has(k) && !(typeof obj[k] === "number" && Number.isFinite(obj[k]))) bad(k, "a number", obj[k]);
  }
  for (const k of ["engine", "format"]) {
    if (has(k) && typeof obj[k] !== "string") bad(k, "a string", obj[k]);
  }
  if (has("maxMemory") && typeof obj.maxMemory !== "string" && typeof obj.maxMemory !== "number") {
    bad("maxMemory", "a size (e.g. \"512MB\") or a number of bytes", obj.maxMemory);
  }
  if (has("scheduler")) {
    const v = obj.scheduler;
    const ok = (typeof v === "string" && v.trim() !== "")
      || (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string" && x.trim() !== ""));
    if (!ok) bad("scheduler", "a scheduler name, a comma-separated list or a non-empty array of names", v);
  }
  if (has("params")) {
    const v = obj.params;
    if (typeof v !== "object" || v === null || Array.isArray(v)) bad("params", "an object of parameter values", v);
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (typeof x !== "number" && typeof x !== "boolean" && typeof x !== "string") {
        bad(`params.${showValue(k)}`, "a number, a boolean or a string", x);
      }
    }
  }
}

/** `aviary run --seeds A-B` (issue #38): `aviary run --seed k` for each seed k (the same runs and
 *  JSON lines), then each scheduler's spread over the seeds (src/report/seeds.ts). */
async function runSeedsCommand(opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const seeds = parseSeedSpec(String(opts.seeds));
  if (opts.seed !== undefined) throw new InputError("give either --seed or --seeds, not both");
  const fromFile: RunInput = opts.config ? readConfigFile(String(opts.config)) : {};
  const format = (cmd.getOptionValueSource("format") === "cli" ? opts.format : fromFile.format) ?? "table";
  if (seeds.length > 1) {
    for (const [k, what] of [["perJob", "--per-job"], ["cdf", "--cdf"], ["series", "--series"], ["plot", "--plot"]] as const) {
      if (opts[k] !== undefined && opts[k] !== false) {
        throw new InputError(`${what} takes one seed, not ${seeds.length} (aviary compare --seeds … --cdf --plot draws a figure over seeds)`);
      }
    }
    if (fromFile.perJob !== undefined) throw new InputError(`"perJob" (config file) takes one seed, not ${seeds.length}`);
  }
  const all: RunSummary[] = [];
  for (const seed of seeds) all.push(...await runCommand(opts, cmd, { seed, quiet: format !== "json" && seeds.length > 1 }));
  if (seeds.length === 1) return;
  const sums = seedSummaries(all);
  if (format === "json") for (const s of sums) process.stdout.write(JSON.stringify(s) + "\n");
  else process.stdout.write(formatSeedTable(sums, all[0].engine));
}

async function runCommand(opts: Record<string, unknown>, cmd: Command,
                          perSeed?: { seed: number; quiet: boolean }): Promise<RunSummary[]> {
  const fromFile: RunInput = opts.config ? readConfigFile(String(opts.config)) : {};
  const cli: RunInput = {};
  for (const k of RUN_KEYS) {
    if (k !== "params" && cmd.getOptionValueSource(k) === "cli") (cli as Record<string, unknown>)[k] = opts[k];
  }
  const input: RunInput = { ...fromFile, ...cli };
  if (perSeed) input.seed = perSeed.seed;
  const sets = parseSets((opts.set as string[]) ?? []);
  const params = { ...(fromFile.params ?? {}), ...sets } as Record<string, number | boolean>;
  if (input.trace && input.workload) throw new InputError("give either --trace or --workload, not both");
  if (input.trace && (input.jobs !== undefined || input.load !== undefined)) {
    throw new InputError("--jobs and --load apply to --workload, not to --trace");
  }
  const format = input.format ?? "table";
  if (format !== "table" && format !== "json") throw new InputError(`--format must be table or json, got '${showValue(format)}'`);
  const engineKind = input.engine ?? "wasm";
  if (engineKind !== "wasm" && engineKind !== "js") throw new InputError(`--engine must be wasm or js, got '${showValue(engineKind)}'`);
  const preset: Preset | undefined = input.preset === undefined ? undefined : findPreset(String(input.preset));
  // An explicit cutoff (option or config file) wins over the preset's.
  const cutoff = input.cutoff ?? preset?.cutoff;
  if (cutoff !== undefined && !(typeof cutoff === "number" && Number.isFinite(cutoff) && cutoff >= 0)) {
    throw new InputError(`--cutoff must be a number of seconds >= 0, got '${showValue(cutoff)}'`);
  }
  const names = input.scheduler === undefined ? DEFAULT_SCHEDULERS
    : (Array.isArray(input.scheduler) ? input.scheduler : String(input.scheduler).split(",")).map((s) => s.trim());
  // An engine folder (aviary engine build) brings its catalogue: the package's schedulers and its own.
  const dir: EngineDir | undefined = input.engineDir === undefined ? undefined : await loadEngineDir(String(input.engineDir));
  const catalogue: SchedulerSpec[] = dir?.catalogue ?? SCHEDULERS;
  // With several schedulers, a parameter goes to those that have it (an unknown one is an error).
  const lenient = names.length > 1;
  for (const n of names) findScheduler(n, catalogue);
  // The per-job file's folder exists before anything runs (not found after the runs).
  if (input.perJob !== undefined) checkOutputDir(String(input.perJob));
  if (lenient) checkParamNames(names, params, catalogue);
  // The cluster: --cluster, else the preset's (src/config/cluster.ts).
  let cluster: ClusterSpec | undefined = input.cluster !== undefined ? loadClusterOption(String(input.cluster))
    : preset?.cluster ? findCluster(preset.cluster) : undefined;
  // Validate every configuration before any work.
  // An experiment preset (yaq-E*) brings its workload and cluster size unless given.
  if (preset?.workload !== undefined && input.trace === undefined && input.workload === undefined) {
    input.workload = preset.workload;
    if (input.load === undefined) input.load = preset.load;
  }
  const resolveAll = (): ResolvedConfig[] => names.map((scheduler) => resolveConfig({
    scheduler, nodes: cluster ? input.nodes : input.nodes ?? preset?.setup?.nodes ?? 1000, slots: input.slots ?? preset?.setup?.slots ?? 1, seed: input.seed ?? 1,
    params: paramsForScheduler(scheduler, { explicit: params, preset, lenient }, catalogue) as Record<string, number | boolean>,
    ...(cluster ? { cluster } : {}),
  }, catalogue));
  let configs: ResolvedConfig[] = resolveAll();
  const { nodes, slots, seed } = configs[0];
  const plots = plotSetup(opts, "run");
  // A large `.tr` file is streamed into the first run: a worker counts and parses it while the
  // run starts on the jobs read so far (results are the same as after a full read).
  const engineLoad = dir ? dir.load(engineKind) : loadEngine(engineKind);
  const feed = input.trace && configs.every((c) => c.params.compat !== true && !c.cluster && !c.spec.resources)
    ? await openTraceFeed(input.trace, { minBytes: feedMinBytes(), whileCounting: warmWhileCounting(engineLoad) }) : undefined;
  let trace: Trace | undefined = feed ? undefined
    : input.trace ? await readTraceFile(input.trace) : await loadWorkload(input, nodes, slots, seed);
  if (trace && !cluster) {
    cluster = defaultCluster(trace, configs.map((c) => c.spec), nodes, slots);
    if (cluster) configs = resolveAll();
  }
  // The memory each run may take, before any runs (the trace's shape is known: a streamed file's
  // columns are sized by its counting pass).
  const shape = feed ? feed.trace : trace!;
  try {
    const limit = maxMemory(input.maxMemory);
    for (const config of configs) {
      checkMemory(estimateRunMemory({ jobs: shape.arrivals.length, tasks: shape.durations.length,
        optionalBytes: optionalColumnBytes(shape) }, config, { recordTasks: plots.seriesBins !== undefined }), limit,
      `scheduler '${config.scheduler}' on ${config.nodes} nodes with this trace (${shape.arrivals.length} jobs, ${shape.durations.length} tasks)`);
    }
  } catch (e) {
    feed?.close();
    throw e;
  }
  const factory = await engineLoad;
  const summaries: RunSummary[] = [];
  const results: SimResult[] = [];
  for (const config of configs) {
    // A progress line on stderr when it is a terminal (nothing otherwise).
    const progress = runProgress(config.scheduler);
    const runOptions = { ...progress.options(), recordTasks: plots.seriesBins !== undefined };
    let r: SimResult;
    try {
      if (trace) {
        r = runSimulation(factory, trace, config, runOptions);
      } else {
        try {
          r = await runSimulationFed(factory, feed!, config, runOptions);
          trace = await feed!.done; // the whole file read and checked
        } finally {
          feed!.close();
        }
      }
    } finally {
      progress.stop();
    }
    results.push(r);
    summaries.push(summarize(r, cutoff));
    addPlotData(summaries[summaries.length - 1], r, cutoff, plots);
    if (format === "json") process.stdout.write(JSON.stringify(withEngineBuild(summaries[summaries.length - 1], engineBuild(dir))) + "\n");
  }
  if (format === "table" && !perSeed?.quiet) process.stdout.write(formatRunTable(summaries) + "\n");
  if (input.perJob) writeFileAtomic(input.perJob, perJobCsv(results, cutoff));
  writeSeriesFile(plots, summaries);
  await writePlot(plots, { runs: summaries });
  return summaries;
}

/** Bytes of the next run's engine memory touched per turn while a trace file is counted. */
const WARM_STEP = 1 << 20;

/** What this thread does while a worker counts a streamed trace file's jobs (openTraceFeed): it
 *  would wait, so the Wasm engine's next memory has its first pages touched, a step a turn, which
 *  the run's first allocations (the trace's columns) then find touched. At most a quarter of the
 *  file's size: a run allocates more than that for the file's jobs and tasks. */
function warmWhileCounting(engineLoad: Promise<EngineFactory>): (fileBytes: number) => boolean {
  let factory: EngineFactory | undefined;
  engineLoad.then((f) => { factory = f; }, () => undefined); // (a failure is reported where it is awaited)
  let warmed = 0;
  return (fileBytes) => {
    const most = fileBytes / 4;
    if (!factory?.warmMemory || warmed + WARM_STEP > most) return false;
    warmed += WARM_STEP;
    return factory.warmMemory(warmed, most);
  };
}

/** A single updating line on stderr: runs done/total, elapsed, ETA. */
export function terminalProgress(): { update: (p: CompareProgress) => void; stop: () => void } {
  const t0 = Date.now();
  let last: CompareProgress | undefined;
  const fmt = (s: number) => (s >= 90 ? `${Math.floor(s / 60)}m${String(Math.floor(s % 60)).padStart(2, "0")}s`
    : s >= 10 ? `${s.toFixed(0)}s` : `${s.toFixed(1)}s`);
  const render = () => {
    if (!last) return;
    const elapsed = (Date.now() - t0) / 1000;
    // Re-estimate between runs: the rate so far, applied to what is left, minus time since.
    const eta = last.etaSeconds === null ? "ETA -" : `ETA ${fmt(Math.max(0, last.etaSeconds - (elapsed - last.elapsedSeconds)))}`;
    process.stderr.write(`\r\x1b[Kcompare: ${last.done}/${last.total} runs, ${fmt(elapsed)} elapsed, ${eta}`);
  };
  const timer = setInterval(render, 1000);
  timer.unref();
  return {
    update: (p) => { last = p; render(); },
    stop: () => { clearInterval(timer); if (last) process.stderr.write("\r\x1b[K"); },
  };
}

async function compareCommand(opts: Record<string, unknown>): Promise<void> {
  const { options, workers, output, format, plots, sweep, t, plan } = await prepareCompare(opts);
  // 4. The grid.
  if (sweep) return compareToResults({ plan, trace: t, workers, format, plots, sweep, progress: process.stderr.isTTY ? terminalProgress() : undefined });
  const progress = process.stderr.isTTY ? terminalProgress() : undefined;
  let text: string;
  let res: Awaited<ReturnType<typeof compareGrid>>;
  try {
    res = await compareGrid(t, options, { workers, onProgress: progress?.update, cdf: plots.cdf });
    // The JSON names the engine build once, beside the trace (a report made from a results file,
    // `-o FILE.jsonl` or `aviary merge`, has the same cells and runs without it).
    const build = options.engineDir !== undefined ? (await loadEngineDir(options.engineDir)).manifest.build : engineBuild();
    const { trace: traceInfo, ...rest } = res;
    const withBuild = { trace: traceInfo, ...(build !== undefined ? { engineBuild: build } : {}), ...rest };
    text = format === "json" ? compareJson(withBuild) : format === "csv" ? compareCsv(res) : formatCompareTable(res);
  } finally {
    progress?.stop();
  }
  if (output !== undefined) writeFileAtomic(output, text);
  else process.stdout.write(text);
  await writePlot(plots, { compare: res });
}

async function genPoisson(opts: Record<string, unknown>): Promise<void> {
  const trace = await generatePoissonWithEngineRng({
    jobs: opts.jobs as number, tasks: opts.tasks as number, duration: String(opts.duration),
    load: opts.load as number, nodes: opts.nodes as number, slots: opts.slots as number, seed: opts.seed as number,
  });
  await writeTraceFile(String(opts.output), trace);
  process.stderr.write(`wrote ${trace.arrivals.length} jobs, ${trace.durations.length} tasks to ${opts.output}\n`);
}


async function genTraceLike(generator: string, opts: Record<string, unknown>): Promise<void> {
  const options: TraceLikeOptions = {
    generator, jobs: opts.jobs as number | undefined, seed: opts.seed as number | undefined,
    load: opts.load as number | undefined, rate: opts.rate as number | undefined,
    nodes: opts.nodes as number | undefined, slots: opts.slots as number | undefined,
  };
  checkTraceLikeOptions(options);
  const output = String(opts.output);
  checkOutputDir(output);
  const t0 = performance.now();
  const r = await generateTraceLikeWithEngineRng(options);
  const t1 = performance.now();
  const line = new ProgressLine();
  let bytes: number;
  try {
    bytes = await writeTraceFile(output, r.trace, {
      onProgress: (done, total) => line.update(() => `writing ${output}: ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} jobs (${(100 * done / total).toFixed(0)}%)`),
    });
  } finally {
    line.stop();
  }
  const t2 = performance.now();
  const jobs = r.trace.arrivals.length;
  const span = r.trace.arrivals[jobs - 1];
  const fmt = (x: number, d = 4) => String(+x.toPrecision(d));
  process.stderr.write(
    `wrote ${jobs} jobs, ${r.tasks} tasks (${(bytes / 1e6).toFixed(1)} MB) to ${output} in ` +
    `${formatDuration((t2 - t0) / 1000)} (generate ${formatDuration((t1 - t0) / 1000)}, write ${formatDuration((t2 - t1) / 1000)})\n` +
    `${r.generator}, seed ${r.seed}: arrival rate ${fmt(r.rate)} jobs/s (mean inter-arrival ${fmt(1 / r.rate)} s), ` +
    `span ${fmt(span, 6)} s; ${fmt(r.taskSecondsPerJob, 6)} task-seconds per job; offered load ${fmt(r.load)} of ` +
    `${r.nodes} nodes x ${r.slots} slot${r.slots === 1 ? "" : "s"}\n`);
}

async function statsCommand(file: string, opts: Record<string, unknown>): Promise<void> {
  if (opts.cutoff !== undefined && opts.preset !== undefined) throw new InputError("give either --cutoff or --preset, not both");
  const cutoff = opts.cutoff !== undefined ? (opts.cutoff as number)
    : opts.preset !== undefined ? findPreset(String(opts.preset)).cutoff : undefined;
  if (cutoff !== undefined && !(cutoff >= 0)) throw new InputError(`--cutoff must be a number of seconds >= 0, got '${cutoff}'`);
  const trace = await readTraceFile(file);
  const s = traceStats(trace, cutoff);
  process.stdout.write((opts.format === "json" ? JSON.stringify(s) : formatTraceStats(s)) + "\n");
}

async function schedulersCommand(opts: Record<string, unknown>): Promise<void> {
  const catalogue = opts.engineDir === undefined ? SCHEDULERS : (await loadEngineDir(String(opts.engineDir))).catalogue;
  if (opts.format === "json") {
    process.stdout.write(JSON.stringify({ common: COMMON_PARAMS, schedulers: catalogue, presets: PRESETS }, null, 2) + "\n");
    return;
  }
  const lines: string[] = [];
  const param = (p: (typeof COMMON_PARAMS)[number]) =>
    `    ${p.name.padEnd(20)} default ${String(p.default).padEnd(8)} ${p.unit.padEnd(12)} ${describeRange(p).padEnd(18)} ${p.description}`;
  lines.push("Common parameters (every scheduler; --set name=value):");
  for (const p of COMMON_PARAMS) lines.push(param(p));
  for (const s of catalogue) {
    lines.push("", `${s.name}: ${s.summary}`,
      `    (${s.source}; ${s.binding}-bound tasks${s.preemptive ? ", preemptive nodes" : ""}${s.dag ? ", DAG traces" : ""}; ${s.doc})`);
    if (s.params.length === 0) lines.push("    no parameters of its own");
    for (const p of s.params) lines.push(param(p));
    if (s.series) {
      lines.push(`    series "${s.series.name}" (run --series, JSON policySeries.${s.series.name}), per row:`);
      for (const f of s.series.fields) lines.push(`      ${f.name.padEnd(18)} ${f.unit.padEnd(12)} ${f.description}`);
    }
  }
  lines.push("", "Cluster options: --nodes [1, 10000000] integer, --slots [1, 4096] integer (per node), --seed [0, 2147483647] integer.");
  lines.push("", "Presets (--preset NAME: the reporting cutoff, which is also every scheduler's `cutoff`, and each scheduler's own values):");
  for (const p of PRESETS) {
    // Schedulers with the same values for the preset share one entry.
    const groups = new Map<string, string[]>();
    for (const s of catalogue) {
      const v = s.presets?.[p.name];
      if (!v) continue;
      const text = Object.entries(v).map(([k, x]) => `${k} ${x}`).join(", ");
      groups.set(text, [...(groups.get(text) ?? []), s.name]);
    }
    const set = [
      p.cutoff !== undefined ? `cutoff ${p.cutoff} s` : "",
      ...[...groups].map(([text, names]) => `${names.join("/")}: ${text}`),
    ].filter((x) => x !== "").join("; ");
    lines.push(`    ${p.name.padEnd(15)} ${set}   (${p.trace})`);
  }
  process.stdout.write(lines.join("\n") + "\n");
}

export function buildProgram(): Command {
  const program = new Command();
  // Usage errors (an unknown option, a missing argument) are thrown, not printed and exited on:
  // main() reports them in one line with exit status 2, like any other bad input. (Set before
  // the commands are added: each copies these settings from its parent.)
  program.exitOverride().configureOutput({ outputError: () => {} });
  program.name("aviary").description("Simulator of datacenter job schedulers (Sparrow, Hawk, Eagle, ...)")
    .version(versionText(), "-V, --version", "print the version and the engine's build hash")
    .showSuggestionAfterError();

  const run = program.command("run")
    .description("simulate schedulers on a trace or a generated workload; with no arguments, the embedded default: random, sparrow and lwl on the default workload")
    .option("--trace <file>", "workload file: Hawk/Eagle .tr, or .csv (job_id,submit_time,duration)")
    .option("--workload <name>", `generated workload: ${WORKLOADS.map((w) => w.name).join(", ")}`)
    .option("--jobs <n>", "jobs to generate (with --workload)", num("jobs", "int"))
    .option("--load <x>", "offered load of this cluster to generate (with --workload; the trace-like workloads without it keep their own arrival rate: 0.95 of their reference cluster)", num("load"))
    .option("--scheduler <names>", `scheduler, or comma-separated list (default ${DEFAULT_SCHEDULERS.join(",")})`)
    .option("--nodes <n>", "worker nodes (default 1000)", num("nodes", "int"))
    .option("--slots <n>", "slots per node (default 1)", num("slots", "int"))
    .option("--seed <n>", "seed of every random stream (default 1)", num("seed", "int"))
    .option("--seeds <list>", "run at each of these seeds (N: 1..N, A-B, or a comma-separated list): the runs of --seed k for each, then each scheduler's mean, sd and 95 % interval over them")
    .option("--cutoff <seconds>", "reporting cutoff: jobs whose mean task duration exceeds it are long", num("cutoff"))
    .option("--preset <name>", `trace preset: ${PRESETS.map((p) => p.name).join(", ")} (reporting cutoff and each scheduler's values for it, see \`aviary schedulers\`; explicit values win)`)
    .addOption(new Option("--engine <kind>", "engine build (default wasm)").choices(["wasm", "js"]))
    .option("--max-memory <size>", "refuse a run whose memory bound exceeds this (e.g. 512MB, 8GB; default 3/4 of the machine's memory)")
    .option("--set <key=value>", "scheduler parameter (repeatable; see `aviary schedulers`)", collect, [])
    .option("--config <file>", "JSON file with any of these options (command-line options win)")
    .addOption(new Option("--format <format>", "output format (default table)").choices(["table", "json"]))
    .option("--per-job <file>", "write per-job results as CSV")
    .option("--cluster <file|name>", CLUSTER_HELP)
    .option("--engine-dir <dir>", ENGINE_DIR_HELP);
  addPlotOptions(run, "run").action(async (opts, cmd) => { await (opts.seeds !== undefined ? runSeedsCommand(opts, cmd) : runCommand(opts, cmd)); });

  const compare = program.command("compare")
    .description("run a grid of schedulers x node counts x seeds on one trace; report percentiles normalized to a baseline scheduler")
    .option("--trace <file>", "workload file: Hawk/Eagle .tr, or .csv (job_id,submit_time,duration)")
    .option("--workload <name>", `generated workload (default 'default'): ${WORKLOADS.map((w) => w.name).join(", ")}`)
    .option("--jobs <n>", "jobs to generate (with --workload)", num("jobs", "int"))
    .option("--load <x>", "offered load at the first node count of --nodes (with --workload)", num("load"))
    .option("--workload-seed <n>", "seed of the generated workload (default 1; the same trace for every run)", num("workload-seed", "int"))
    .option("--schedulers <names>", `comma-separated schedulers (default ${DEFAULT_COMPARE_SCHEDULERS.join(",")})`)
    .option("--baseline <name>", "scheduler the others are normalized to (default the first of --schedulers)")
    .option("--nodes <list>", "comma-separated node counts (default 1000)")
    .option("--seeds <n>", "average over seeds 1..N (default 1)", num("seeds", "int"))
    .option("--seed-list <list>", "average over these comma-separated seeds")
    .option("--slots <n>", "slots per node (default 1)", num("slots", "int"))
    .option("--preset <name>", `trace preset: ${PRESETS.map((p) => p.name).join(", ")} (reporting cutoff and each scheduler's values for it)`)
    .option("--cutoff <seconds>", "reporting cutoff: jobs whose mean task duration exceeds it are long (default the preset's)", num("cutoff"))
    .option("--set <key=value>", "scheduler parameter, applied to the schedulers that have it (repeatable)", collect, [])
    .addOption(new Option("--engine <kind>", "engine build (default wasm)").choices(["wasm", "js"]))
    .option("--workers <n>", "worker threads (default: available cores, at most the number of runs)", num("workers", "int"))
    .addOption(new Option("--format <format>", "output format (default table)").choices(["table", "json", "csv"]))
    .option("-o, --output <file>", "write the output to this file (atomically) instead of stdout; FILE.jsonl: the results file of the cells, a line per run as it ends (docs/sweeps.md)")
    .option("--cluster <file|name>", CLUSTER_HELP)
    .option("--max-memory <size>", "refuse a grid whose memory bound (the trace, and an engine per worker) exceeds this (e.g. 512MB, 8GB; default 3/4 of the machine's memory)")
    .option("--engine-dir <dir>", ENGINE_DIR_HELP);
  addSweepOptions(compare);
  addPlotOptions(compare, "compare").action((opts) => compareCommand(opts));
  addSweepCommands(program, compare);
  addReproduceCommands(program);

  const gen = program.command("gen").description("generate a workload trace file");
  gen.command("poisson")
    .description("Poisson arrivals of jobs with a fixed number of tasks; the rate gives the requested load on the cluster")
    .requiredOption("--jobs <n>", "number of jobs", num("jobs", "int"))
    .option("--tasks <n>", "tasks per job", num("tasks", "int"), 1)
    .option("--duration <spec>", "task durations: exp:MEAN, const:X or pareto:ALPHA:MEAN (seconds)", "exp:1")
    .requiredOption("--load <x>", "offered load (fraction of slot capacity, > 0)", num("load"))
    .requiredOption("--nodes <n>", "nodes the load is computed for", num("nodes", "int"))
    .option("--slots <n>", "slots per node", num("slots", "int"), 1)
    .option("--seed <n>", "seed", num("seed", "int"), 1)
    .requiredOption("-o, --output <file>", "output .tr file")
    .action((opts) => genPoisson(opts));
  for (const g of TRACE_GENERATORS) {
    gen.command(g.name)
      .summary(g.description)
      .description(`${g.description}.\nFrom ${g.source}.\nDefault sizing: ${g.sizing}.`)
      .option("--jobs <n>", `number of jobs (default ${g.defaultJobs}, the papers' trace)`, num("jobs", "int"))
      .option("--seed <n>", "seed (default 1); the same seed gives the same file", num("seed", "int"))
      .option("--load <x>", `offered load: fraction of --nodes x --slots the task-seconds ask for (default ${g.defaultLoad})`, num("load"))
      .option("--nodes <n>", `nodes the load refers to (default ${g.defaultNodes})`, num("nodes", "int"))
      .option("--slots <n>", "slots per node the load refers to (default 1)", num("slots", "int"))
      .option("--rate <jobs/s>", "Poisson arrival rate in jobs per second, instead of --load", num("rate"))
      .requiredOption("-o, --output <file>", "output file (.tr, or .csv)")
      .action((opts) => genTraceLike(g.name, opts));
  }
  addFregataGen(gen);
  addYaqGenCommands(gen);
  // `aviary gen NAME` with an unknown NAME: one line naming the generators.
  gen.on("command:*", (operands: string[]) => { findTraceGenerator(String(operands[0])); });

  program.command("stats")
    .description("workload statistics of a trace: jobs, tasks, span, offered load, and with a cutoff the long jobs' shares")
    .argument("<file>", "trace file (.tr, or .csv)")
    .option("--cutoff <seconds>", "long jobs: mean task duration (the .tr mean field) above this", num("cutoff"))
    .option("--preset <name>", `the cutoff of a trace preset: ${PRESETS.filter((p) => p.cutoff !== undefined).map((p) => `${p.name} ${p.cutoff}`).join(", ")}`)
    .addOption(new Option("--format <format>", "output format (default table)").choices(["table", "json"]))
    .action((file: string, opts) => statsCommand(file, opts));

  addConvertCommands(program);

  addPlotCommand(program);
  addYaqSizeCommand(program);

  program.command("serve")
    .description("serve the web page (run any scheduler in a browser, see the plots) on 127.0.0.1; prints its URL")
    .option("--port <n>", "TCP port (default 8080; 0: any free port)", num("port", "int"), 8080)
    .action(async (opts) => {
      const port = opts.port as number;
      if (!(port >= 0 && port <= 65535)) throw new InputError(`--port must be an integer in [0, 65535], got ${port}`);
      const s = await serve({ port });
      process.stdout.write(`Aviary web page: ${s.url}  (Ctrl-C stops the server)\n`);
    });

  program.command("schedulers")
    .description("list every scheduler with its parameters, defaults, units and ranges")
    .addOption(new Option("--format <format>", "output format").choices(["table", "json"]).default("table"))
    .option("--engine-dir <dir>", "with the schedulers of this engine folder (aviary engine build)")
    .action((opts) => schedulersCommand(opts));
  addEngineCommands(program);
  addTracesCommands(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end here too (exit 0); a usage error is one line, exit 2.
      if (e.exitCode === 0) return 0;
      if (e.code === "commander.help") return 2; // no command given: the help went to stderr
      process.stderr.write(`aviary: error: ${e.message.replace(/^error:\s*/, "").replace(/\s*\n\s*/g, " ")}\n`);
      return 2;
    }
    if (e instanceof InputError) {
      process.stderr.write(`aviary: error: ${e.message}\n`);
      return 2;
    }
    const err = e as Error;
    process.stderr.write(`aviary: internal error: ${err.message}\n`);
    if (process.env.AVIARY_DEBUG) process.stderr.write(`${err.stack}\n`);
    return 1;
  }
}
