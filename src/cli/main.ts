// `aviary` command line: run, gen, schedulers.
import { Command, Option } from "commander";
import { readFileSync } from "node:fs";
import { InputError } from "../errors.js";
import { parseSets, resolveConfig, type ResolvedConfig } from "../config/config.js";
import { COMMON_PARAMS, SCHEDULERS, describeRange } from "../config/schedulers.js";
import { loadEngine, type EngineKind } from "../engine/node.js";
import { runSimulation, type SimResult } from "../simulate.js";
import { summarize, type RunSummary } from "../metrics/summary.js";
import { formatRunTable, perJobCsv } from "../report/table.js";
import { readTraceFile, writeTraceFile, generatePoissonWithEngineRng } from "../trace/node.js";
import { writeTextFileAtomic } from "../io.js";
import { WORKLOADS, findWorkload } from "../workloads.js";
import type { Trace } from "../trace/types.js";

const VERSION = "0.1.0";
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
  engine?: EngineKind;
  params?: Record<string, unknown>;
  format?: "table" | "json";
  perJob?: string;
}

const RUN_KEYS = ["trace", "workload", "jobs", "load", "scheduler", "nodes", "slots", "seed", "cutoff",
  "engine", "params", "format", "perJob"];

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
    if (!RUN_KEYS.includes(k)) throw new InputError(`config file '${path}': unknown key '${k}' (known: ${RUN_KEYS.join(", ")})`);
  }
  return obj as RunInput;
}

async function loadWorkload(input: RunInput, nodes: number, slots: number, seed: number): Promise<Trace> {
  const w = findWorkload(input.workload ?? "default");
  return generatePoissonWithEngineRng({
    jobs: input.jobs ?? w.jobs, tasks: w.tasks, duration: w.duration, load: input.load ?? w.load,
    nodes, slots, seed,
  }).then((t) => ({ ...t, name: `workload:${w.name}` }));
}

async function runCommand(opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const fromFile: RunInput = opts.config ? readConfigFile(String(opts.config)) : {};
  const cli: RunInput = {};
  for (const k of RUN_KEYS) {
    if (k !== "params" && cmd.getOptionValueSource(k) === "cli") (cli as Record<string, unknown>)[k] = opts[k];
  }
  const input: RunInput = { ...fromFile, ...cli };
  const sets = parseSets((opts.set as string[]) ?? []);
  const params = { ...(fromFile.params ?? {}), ...sets } as Record<string, number | boolean>;
  if (input.trace && input.workload) throw new InputError("give either --trace or --workload, not both");
  if (input.trace && (input.jobs !== undefined || input.load !== undefined)) {
    throw new InputError("--jobs and --load apply to --workload, not to --trace");
  }
  const format = input.format ?? "table";
  if (format !== "table" && format !== "json") throw new InputError(`--format must be table or json, got '${format}'`);
  const engineKind = input.engine ?? "wasm";
  if (engineKind !== "wasm" && engineKind !== "js") throw new InputError(`--engine must be wasm or js, got '${engineKind}'`);
  if (input.cutoff !== undefined && !(Number.isFinite(input.cutoff) && input.cutoff >= 0)) {
    throw new InputError(`--cutoff must be a number of seconds >= 0, got '${input.cutoff}'`);
  }
  const names = input.scheduler === undefined ? DEFAULT_SCHEDULERS
    : (Array.isArray(input.scheduler) ? input.scheduler : String(input.scheduler).split(",")).map((s) => s.trim());
  // Validate every configuration before any work.
  const configs: ResolvedConfig[] = names.map((scheduler) => resolveConfig({
    scheduler, nodes: input.nodes ?? 1000, slots: input.slots ?? 1, seed: input.seed ?? 1,
    params: paramsFor(scheduler, params, names.length > 1),
  }));
  const { nodes, slots, seed } = configs[0];
  const trace = input.trace ? await readTraceFile(input.trace) : await loadWorkload(input, nodes, slots, seed);
  const factory = await loadEngine(engineKind);
  const summaries: RunSummary[] = [];
  const results: SimResult[] = [];
  for (const config of configs) {
    const r = runSimulation(factory, trace, config);
    results.push(r);
    summaries.push(summarize(r, input.cutoff));
    if (format === "json") process.stdout.write(JSON.stringify(summaries[summaries.length - 1]) + "\n");
  }
  if (format === "table") process.stdout.write(formatRunTable(summaries) + "\n");
  if (input.perJob) writeTextFileAtomic(input.perJob, perJobCsv(results, input.cutoff));
}

/** With several schedulers, a --set key applies to those that have the parameter. */
function paramsFor(scheduler: string, params: Record<string, number | boolean>, lenient: boolean) {
  if (!lenient) return params;
  const spec = SCHEDULERS.find((s) => s.name === scheduler);
  if (!spec) return params;
  const known = new Set([...COMMON_PARAMS, ...spec.params].map((p) => p.name));
  const all = new Set(SCHEDULERS.flatMap((s) => s.params.map((p) => p.name)).concat(COMMON_PARAMS.map((p) => p.name)));
  for (const k of Object.keys(params)) {
    if (!all.has(k)) throw new InputError(`unknown parameter '${k}' (no scheduler has it; see \`aviary schedulers\`)`);
  }
  return Object.fromEntries(Object.entries(params).filter(([k]) => known.has(k)));
}

async function genPoisson(opts: Record<string, unknown>): Promise<void> {
  const trace = await generatePoissonWithEngineRng({
    jobs: opts.jobs as number, tasks: opts.tasks as number, duration: String(opts.duration),
    load: opts.load as number, nodes: opts.nodes as number, slots: opts.slots as number, seed: opts.seed as number,
  });
  await writeTraceFile(String(opts.output), trace);
  process.stderr.write(`wrote ${trace.arrivals.length} jobs, ${trace.durations.length} tasks to ${opts.output}\n`);
}

function schedulersCommand(opts: Record<string, unknown>): void {
  if (opts.format === "json") {
    process.stdout.write(JSON.stringify({ common: COMMON_PARAMS, schedulers: SCHEDULERS }, null, 2) + "\n");
    return;
  }
  const lines: string[] = [];
  const param = (p: (typeof COMMON_PARAMS)[number]) =>
    `    ${p.name.padEnd(20)} default ${String(p.default).padEnd(8)} ${p.unit.padEnd(12)} ${describeRange(p).padEnd(18)} ${p.description}`;
  lines.push("Common parameters (every scheduler; --set name=value):");
  for (const p of COMMON_PARAMS) lines.push(param(p));
  for (const s of SCHEDULERS) {
    lines.push("", `${s.name}: ${s.summary}`, `    (${s.source})`);
    if (s.params.length === 0) lines.push("    no parameters of its own");
    for (const p of s.params) lines.push(param(p));
  }
  lines.push("", "Cluster options: --nodes [1, 10000000] integer, --slots [1, 4096] integer (per node), --seed [0, 2147483647] integer.");
  process.stdout.write(lines.join("\n") + "\n");
}

export function buildProgram(): Command {
  const program = new Command();
  program.name("aviary").description("Simulator of datacenter job schedulers (Sparrow, Hawk, Eagle, ...)")
    .version(VERSION)
    .showSuggestionAfterError();

  program.command("run")
    .description("simulate schedulers on a trace or a generated workload; with no arguments, the embedded default: random, sparrow and lwl on the default workload")
    .option("--trace <file>", "workload file: Hawk/Eagle .tr, or .csv (job_id,submit_time,duration)")
    .option("--workload <name>", `generated workload: ${WORKLOADS.map((w) => w.name).join(", ")}`)
    .option("--jobs <n>", "jobs to generate (with --workload)", num("jobs", "int"))
    .option("--load <x>", "offered load to generate (with --workload)", num("load"))
    .option("--scheduler <names>", `scheduler, or comma-separated list (default ${DEFAULT_SCHEDULERS.join(",")})`)
    .option("--nodes <n>", "worker nodes (default 1000)", num("nodes", "int"))
    .option("--slots <n>", "slots per node (default 1)", num("slots", "int"))
    .option("--seed <n>", "seed of every random stream (default 1)", num("seed", "int"))
    .option("--cutoff <seconds>", "reporting cutoff: jobs whose mean task duration exceeds it are long", num("cutoff"))
    .addOption(new Option("--engine <kind>", "engine build (default wasm)").choices(["wasm", "js"]))
    .option("--set <key=value>", "scheduler parameter (repeatable; see `aviary schedulers`)", collect, [])
    .option("--config <file>", "JSON file with any of these options (command-line options win)")
    .addOption(new Option("--format <format>", "output format (default table)").choices(["table", "json"]))
    .option("--per-job <file>", "write per-job results as CSV")
    .action((opts, cmd) => runCommand(opts, cmd));

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

  program.command("schedulers")
    .description("list every scheduler with its parameters, defaults, units and ranges")
    .addOption(new Option("--format <format>", "output format").choices(["table", "json"]).default("table"))
    .action((opts) => schedulersCommand(opts));
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (e) {
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
