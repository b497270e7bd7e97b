// `aviary` command line: the program, its run command, and main(); the other commands are in
// commands.ts.
import { Command, CommanderError, Option } from "commander";
import { readFileSync } from "node:fs";
import { checkMemory, estimateRunMemory, optionalColumnBytes } from "../engine/memory.js";
import { InputError, showValue } from "../errors.js";
import { parseSets, resolveConfig, type ResolvedConfig } from "../config/config.js";
import { SCHEDULERS, findScheduler, type SchedulerSpec } from "../config/schedulers.js";
import { PRESETS, checkParamNames, findPreset, paramsForScheduler, type Preset } from "../config/presets.js";
import { loadEngine, type EngineKind } from "../engine/node.js";
import type { EngineFactory } from "../engine/types.js";
import { runSimulation, runSimulationFed, type SimResult } from "../simulate.js";
import { summarize, type RunSummary } from "../metrics/summary.js";
import { formatRunTable, perJobCsv } from "../report/table.js";
import { formatSeedTable, parseSeedSpec, seedSummaries } from "../report/seeds.js";
import { readTraceFile, openTraceFeed, feedMinBytes, streamableBytes } from "../trace/node.js";
import { dropEarlyFeed } from "../trace/feed-start.js";
import { runProgress } from "../report/progress.js";
import { checkOutputDir, writeFileAtomic } from "../io.js";
import { WORKLOADS } from "../workloads.js";
import type { Trace } from "../trace/types.js";
import { addPlotData, addPlotOptions, plotSetup, writePlot, writeSeriesFile } from "./plot.js";
import { ENGINE_DIR_HELP, collect, loadWorkload, maxMemory, num } from "./options.js";
import { CLUSTER_HELP, defaultCluster, loadClusterOption } from "./cluster.js";
import { findCluster, type ClusterSpec } from "../config/cluster.js";
import { engineBuild, versionText, withEngineBuild } from "./version.js";
import { loadEngineDir, type EngineDir } from "../engine/dir.js";

const DEFAULT_SCHEDULERS = ["random", "sparrow", "lwl"];

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
  // The Wasm engine of a streamed run runs on shared memories: the worker writes the trace's
  // columns into the engine's (runSimulationFed; engine/wasm.ts withSharedMemory).
  const streams = input.trace !== undefined && configs.every((c) => c.params.compat !== true && !c.cluster && !c.spec.resources)
    && streamableBytes(input.trace, feedMinBytes()) !== undefined;
  if (!streams) dropEarlyFeed(); // (a reader thread bin/aviary.js started for this file: not wanted)
  const engineLoad = dir ? dir.load(engineKind, { sharedMemory: streams }) : loadEngine(engineKind, false, { sharedMemory: streams });
  const feed = streams
    ? await openTraceFeed(input.trace!, { minBytes: feedMinBytes(), whileCounting: warmWhileCounting(engineLoad), forEngine: true,
      slowdownCutoff: cutoff ?? null }) : undefined;
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
    const runOptions = { ...progress.options(), recordTasks: plots.seriesBins !== undefined, policySeries: plots.seriesBins !== undefined };
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

/** The program; for `aviary run …` (argv[2] is "run") with the run command only: the others'
 *  modules (comparisons, sweeps, plots, generators, the server, …) load for the other command
 *  lines (src/cli/commands.ts), after run's, in the same order. */
export async function buildProgram(argv: string[] = process.argv): Promise<Command> {
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

  if (argv[2] !== "run") (await import("./commands.js")).addCommands(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await (await buildProgram(argv)).parseAsync(argv);
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
