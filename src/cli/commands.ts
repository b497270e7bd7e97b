// The `aviary` commands other than run (compare, merge and slurm, reproduce, gen, stats, convert,
// plot, yaq-size, serve, schedulers, engine, traces): main.ts adds them after run, except for a
// command line that runs `aviary run`, which starts without loading their modules.
import { Command, Option } from "commander";
import { InputError, showValue } from "../errors.js";
import { COMMON_PARAMS, SCHEDULERS, describeRange } from "../config/schedulers.js";
import { PRESETS, findPreset } from "../config/presets.js";
import { compareGrid, type CompareProgress } from "../compare/compare.js";
import { DEFAULT_COMPARE_SCHEDULERS } from "../compare/grid.js";
import { compareCsv, compareJson, formatCompareTable } from "../compare/format.js";
import { readTraceFile, writeTraceFile, generatePoissonWithEngineRng, generateTraceLikeWithEngineRng } from "../trace/node.js";
import { TRACE_GENERATORS, checkTraceLikeOptions, type TraceLikeOptions } from "../trace/tracelike.js";
import { formatTraceStats, traceStats } from "../trace/stats.js";
import { ProgressLine, formatDuration } from "../report/progress.js";
import { checkOutputDir, writeFileAtomic } from "../io.js";
import { WORKLOADS } from "../workloads.js";
import { serve } from "./serve.js";
import { addPlotCommand, addPlotOptions, writePlot } from "./plot.js";
import { addSweepCommands, compareToResults } from "./sweep.js";
import { addSweepOptions } from "./sweep-options.js";
import { prepareCompare } from "./compare-setup.js";
import { ENGINE_DIR_HELP, collect, num } from "./options.js";
import { CLUSTER_HELP } from "./cluster.js";
import { addConvertCommands, addFregataGen } from "./convert.js";
import { addYaqGenCommands, addYaqSizeCommand } from "./yaq.js";
import { addEngineCommands } from "./engine.js";
import { addTracesCommands } from "./traces.js";
import { engineBuild } from "./version.js";
import { loadEngineDir } from "../engine/dir.js";
import { addReproduceCommands } from "./reproduce.js";
import { groupDigits } from "../report/numbers.js";

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
      onProgress: (done, total) => line.update(() => `writing ${output}: ${groupDigits(done)}/${groupDigits(total)} jobs (${(100 * done / total).toFixed(0)}%)`),
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


/** Adds the commands after run to `program` (main.ts buildProgram). */
export function addCommands(program: Command): void {
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
  // An unknown generator: one line naming every generator of `aviary gen` (its subcommands).
  gen.on("command:*", (operands: string[]) => {
    throw new InputError(`unknown generator '${showValue(String(operands[0]))}' (known: ${gen.commands.map((c) => c.name()).join(", ")})`);
  });

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
}
