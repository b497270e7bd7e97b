// Sweeps past one machine (issue #23): `aviary compare -o FILE.jsonl` (a results file of cells,
// --resume, --shard i/n), `aviary merge FILES…` and `aviary slurm compare` (a Slurm job array of
// shards and a dependent merge job). docs/sweeps.md.
import { Command, Option } from "commander";
import { chmodSync, existsSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { InputError, showValue } from "../errors.js";
import { packageRoot, loadEngine } from "../engine/node.js";
import { estimateRunMemory, formatBytes, optionalColumnBytes, parseSize } from "../engine/memory.js";
import { resolveConfig } from "../config/config.js";
import { findScheduler } from "../config/schedulers.js";
import { runSimulation } from "../simulate.js";
import type { RunSummary } from "../metrics/summary.js";
import type { Trace } from "../trace/types.js";
import type { ComparePlan, CompareResult } from "../compare/grid.js";
import { runCompareCells, type CompareProgress } from "../compare/compare.js";
import { compareCsv, compareJson, formatCompareTable } from "../compare/format.js";
import {
  ResultsWriter, cellIdentity, cellLine, checkCellInPlan, describeCell, identityMismatch, mergeResults,
  readResults, resultFromCells, shardIndices, shardText,
} from "../compare/cells.js";
import { checkCreatableDir, checkOutputDir, makeDirs, writeFileAtomic } from "../io.js";
import { writePlot, type PlotSetup } from "./plot.js";
import { addSlurmOptions, checkSlurmName, checkSlurmTime, shellQuote, slurmTime, writeSlurmScripts } from "./slurm-script.js";
import { num } from "./options.js";
import { prepareCompare } from "./compare-setup.js";
import { loadEngineDir } from "../engine/dir.js";
import { isResultsPath, type SweepOptions } from "./sweep-options.js";

function formatReport(res: CompareResult, format: string): string {
  return format === "json" ? compareJson(res) : format === "csv" ? compareCsv(res) : formatCompareTable(res);
}

/**
 * `aviary compare -o FILE.jsonl`: runs the cells of the grid (of the shard) that FILE lacks,
 * appending each to FILE as it ends; then, when FILE holds the whole grid, prints the report
 * made from FILE's cells (no wall-clock values: the same bytes as `aviary merge` gives).
 */
export async function compareToResults(a: {
  plan: ComparePlan; trace: Trace; workers: number; format: string; plots: PlotSetup; sweep: SweepOptions;
  progress?: { update: (p: CompareProgress) => void; stop: () => void };
}): Promise<void> {
  const { plan, trace, sweep } = a;
  const file = sweep.results;
  const id = cellIdentity(plan, trace);
  const traceInfo = { name: trace.name, jobs: trace.arrivals.length, tasks: trace.durations.length };
  const mine = shardIndices(plan, sweep.shard);
  const inShard = new Set(mine);
  const have = new Map<number, RunSummary>();
  let truncated: { line: number; offset: number; bytes: number } | undefined;
  if (existsSync(file)) {
    const r = readResults(file);
    for (const rc of r.cells) {
      const c = rc.cell.cell;
      const why = identityMismatch(rc.cell, id);
      if (why) {
        throw new InputError(`${file} line ${rc.line}: cell '${describeCell(c)}' is of another grid than this command's: ${why} `
          + "(resume with the options, trace and build that made it, or name another file)");
      }
      checkCellInPlan(rc, plan);
      if (!inShard.has(c.index)) {
        throw new InputError(`${file} line ${rc.line}: cell '${describeCell(c)}' (cell ${c.index}) is not in ${sweep.shard ? `shard ${shardText(sweep.shard)}` : "this grid"}`);
      }
      if (have.has(c.index)) throw new InputError(`${file} line ${rc.line}: duplicate cell '${describeCell(c)}' (cell ${c.index})`);
      have.set(c.index, rc.cell.summary);
    }
    truncated = r.truncated;
  }
  const created = !existsSync(file);
  const writer = new ResultsWriter(file);
  const todo = mine.filter((i) => !have.has(i));
  let appended = 0;
  try {
    if (truncated) {
      writer.truncate(truncated.offset);
      process.stderr.write(`aviary: ${file}: dropped its truncated last line (line ${truncated.line}, ${truncated.bytes} bytes without a newline: the run writing it was killed mid-write)\n`);
    }
    if (have.size > 0) {
      process.stderr.write(`aviary: ${file}: ${have.size} of ${mine.length} cells already there; running the other ${todo.length}\n`);
    }
    await runCompareCells(plan, trace, todo, {
      workers: a.workers, onProgress: a.progress?.update,
      onResult: (index, summary) => {
        writer.append(cellLine(plan, id, traceInfo, index, summary, sweep.shard));
        appended++;
        have.set(index, summary);
      },
    });
  } catch (e) {
    // A grid that failed before its first cell leaves no empty file behind (a later run would
    // need --resume for nothing).
    if (created && appended === 0) rmSync(file, { force: true });
    throw e;
  } finally {
    a.progress?.stop();
    writer.close();
  }
  if (have.size < plan.runs.length) {
    process.stderr.write(`aviary: shard ${shardText(sweep.shard)}: ${mine.length} of ${plan.runs.length} cells in ${file}; `
      + "join every shard's file with aviary merge\n");
    return;
  }
  const res = resultFromCells(plan, traceInfo, plan.runs.map((r) => have.get(r.index)!));
  process.stdout.write(formatReport(res, a.format));
  await writePlot(a.plots, { compare: res });
}

async function mergeCommand(files: string[], opts: Record<string, unknown>): Promise<void> {
  const output = opts.output as string | undefined;
  if (output !== undefined) {
    checkOutputDir(output);
    if (isResultsPath(output)) throw new InputError(`merge -o '${output}': the merged report is a table, JSON or CSV, not a results file`);
    if (files.some((f) => resolve(f) === resolve(output))) throw new InputError(`merge -o '${output}' is one of the files to merge`);
  }
  const { plan, trace, summaries } = mergeResults(files);
  const text = formatReport(resultFromCells(plan, trace, summaries), (opts.format as string | undefined) ?? "table");
  if (output !== undefined) writeFileAtomic(output, text);
  else process.stdout.write(text);
}

// ---- aviary slurm compare ----

/** The first `jobs` jobs of a trace (a prefix is closed: parents are within a job). */
export function prefixTrace(t: Trace, jobs: number): Trace {
  const tasks = t.taskOffsets[jobs];
  const D = t.demandNames?.length ?? 0;
  return {
    ...t,
    name: `${t.name} (first ${jobs} jobs)`,
    arrivals: t.arrivals.slice(0, jobs), taskOffsets: t.taskOffsets.slice(0, jobs + 1), durations: t.durations.slice(0, tasks),
    estimates: t.estimates.slice(0, jobs),
    taskEstimates: t.taskEstimates?.slice(0, tasks), stages: t.stages?.slice(0, tasks),
    parentOffsets: t.parentOffsets?.slice(0, tasks + 1),
    parents: t.parents && t.parentOffsets ? t.parents.slice(0, t.parentOffsets[tasks]) : undefined,
    demands: t.demands?.slice(0, tasks * D), jobClasses: t.jobClasses?.slice(0, jobs), priorities: t.priorities?.slice(0, jobs),
    users: t.users?.slice(0, jobs), jobIds: t.jobIds?.slice(0, jobs), taskIds: t.taskIds?.slice(0, tasks),
  };
}

export { slurmTime } from "./slurm-script.js";

/** Wall time of one shard with `cpus` workers taking its cells in order (the pool's order). */
function shardMakespan(cellSeconds: number[], cpus: number): number {
  const free = new Array(Math.max(1, cpus)).fill(0);
  for (const s of cellSeconds) {
    let k = 0;
    for (let j = 1; j < free.length; j++) if (free[j] < free[k]) k = j;
    free[k] += s;
  }
  return Math.max(...free);
}

/** Options of compare that `slurm compare` does not take (it sets them per shard, or has its own). */
const NOT_FOR_SLURM = new Set(["output", "workers", "shard", "resume", "cdf", "plot", "plotKind"]);

export const PILOT_JOBS = 3000;
/** Time limit = SAFETY x estimate + MARGIN s (the pilot runs on this machine, not the cluster's). */
const SAFETY = 3;
const MARGIN_SECONDS = 300;

async function slurmCompareCommand(opts: Record<string, unknown>, cmd: Command, compareOptions: readonly Option[]): Promise<void> {
  const out = opts.output as string;
  const shards = opts.shards as number;
  if (!(Number.isInteger(shards) && shards >= 1)) throw new InputError(`--shards must be an integer >= 1, got '${String(shards)}'`);
  const cpusGiven = opts.cpusPerTask as number | undefined;
  if (cpusGiven !== undefined && !(Number.isInteger(cpusGiven) && cpusGiven >= 1 && cpusGiven <= 1024)) {
    throw new InputError(`--cpus-per-task must be an integer in [1, 1024], got '${String(cpusGiven)}'`);
  }
  const memGiven = opts.mem === undefined ? undefined : parseSize(String(opts.mem), "--mem");
  const timeGiven = opts.time === undefined ? undefined : checkSlurmTime(String(opts.time));
  for (const k of ["partition", "account"]) checkSlurmName(k, opts[k]);
  const pilotJobs = (opts.pilotJobs as number | undefined) ?? PILOT_JOBS;
  if (!(Number.isInteger(pilotJobs) && pilotJobs >= 1)) throw new InputError(`--pilot-jobs must be an integer >= 1, got '${String(pilotJobs)}'`);
  const dir = resolve(out);
  let isDir = false;
  try { isDir = statSync(dir).isDirectory(); } catch { /* created below */ }
  if (!isDir) {
    if (existsSync(dir)) throw new InputError(`-o '${out}' is a file, not a directory`);
    checkCreatableDir(dir, out);
  }
  const t0 = performance.now();
  const p = await prepareCompare(opts, true);
  const readSeconds = (performance.now() - t0) / 1000;
  const { plan, t } = p;
  if (shards > plan.runs.length) throw new InputError(`--shards ${shards} is more than the grid's ${plan.runs.length} cells`);
  // (made once the grid and its trace are checked: a refused command leaves no folder)
  if (!isDir) makeDirs(dir, out);

  // The pilot: each (scheduler, node count) once on the first jobs; a cell's time is scaled by tasks.
  const pilot = prefixTrace(t, Math.min(pilotJobs, t.arrivals.length));
  const factory = plan.engineDir !== undefined ? await (await loadEngineDir(plan.engineDir)).load(plan.engine) : await loadEngine(plan.engine);
  const perCell = new Map<string, number>();
  let pilotEvents = 0;
  let pilotWall = 0;
  const scale = t.durations.length / Math.max(1, pilot.durations.length);
  for (const run of plan.runs) {
    const key = `${run.scheduler}/${run.nodes}`;
    if (perCell.has(key)) continue;
    const r = runSimulation(factory, pilot, resolveConfig(run.config, p.options.catalogue));
    pilotEvents += r.counters.events;
    pilotWall += r.wallSeconds;
    perCell.set(key, r.wallSeconds * scale);
  }
  const cellSeconds = (i: number) => perCell.get(`${plan.runs[i].scheduler}/${plan.runs[i].nodes}`)!;
  const shardCells = Array.from({ length: shards }, (_, i) => shardIndices(plan, { index: i, count: shards }));
  const maxCells = Math.max(...shardCells.map((c) => c.length));
  const cpus = cpusGiven ?? Math.min(maxCells, 8);
  const makespan = Math.max(...shardCells.map((c) => shardMakespan(c.map(cellSeconds), cpus)));
  const estimate = readSeconds + makespan;
  const time = timeGiven ?? slurmTime(Math.max(600, SAFETY * estimate + MARGIN_SECONDS));
  // Memory: the trace twice (read, then shared with the workers), an engine per worker at the
  // grid's largest bound, and Node itself.
  const shape = { jobs: t.arrivals.length, tasks: t.durations.length, optionalBytes: optionalColumnBytes(t) };
  let engine = 0;
  let host = 0;
  for (const run of plan.runs) {
    const e = estimateRunMemory(shape, { nodes: run.nodes, slots: plan.slots, spec: findScheduler(run.scheduler, p.options.catalogue) });
    engine = Math.max(engine, e.engineBytes);
    host = e.hostBytes;
  }
  const NODE_BYTES = 512 * 2 ** 20;
  const memBytes = memGiven ?? 2 * host + cpus * engine + NODE_BYTES;
  const memMB = Math.ceil(memBytes / 2 ** 20);

  // The shard command: compare's options as given (the trace's and engine folder's paths made
  // absolute), per shard.
  const args: string[] = [];
  for (const o of compareOptions) {
    const name = o.attributeName();
    if (NOT_FOR_SLURM.has(name) || cmd.getOptionValueSource(name) !== "cli") continue;
    const v = opts[name];
    const flag = o.long!;
    if (Array.isArray(v)) for (const x of v) args.push(flag, String(x));
    else if (v === true) args.push(flag);
    else if (v !== undefined && v !== false) args.push(flag, name === "trace" || name === "engineDir" ? resolve(String(v)) : String(v));
  }
  if (opts.maxMemory === undefined) args.push("--max-memory", `${memMB}MB`);
  const aviary = [process.execPath, join(packageRoot(), "bin/aviary.js")].map(shellQuote).join(" ");
  const q = (s: string) => shellQuote(s);
  const format = p.format;
  const report = join(dir, `report.${format === "table" ? "txt" : format}`);
  const shardFile = (i: string) => join(dir, `shard-${i}.jsonl`);
  const extra = [
    ...(opts.partition ? [`#SBATCH --partition=${opts.partition}`] : []),
    ...(opts.account ? [`#SBATCH --account=${opts.account}`] : []),
  ];
  const fmtS = (s: number) => (s >= 100 ? s.toFixed(0) : s.toPrecision(3));
  const sweep = [
    "#!/bin/bash",
    `# aviary slurm compare: ${plan.runs.length} cells in ${shards} shards (cell i in shard i mod ${shards}), one per array task.`,
    "#SBATCH --job-name=aviary-sweep",
    `#SBATCH --array=0-${shards - 1}`,
    `#SBATCH --cpus-per-task=${cpus}`,
    `#SBATCH --mem=${memMB}M`,
    `#SBATCH --time=${time}`,
    `#SBATCH --output=${join(dir, "shard-%a.log")}`,
    ...extra,
    `# Estimate (${timeGiven ? "--time given" : `time limit = ${SAFETY} x estimate + ${MARGIN_SECONDS} s, at least 10 min`}; `
      + `${memGiven ? "--mem given" : "mem = trace x 2 + an engine per CPU + 512 MB"}):`,
    `#   pilot: the first ${pilot.arrivals.length} jobs (${pilot.durations.length} tasks) once per scheduler and node count, `
      + `${pilotEvents} events in ${fmtS(pilotWall)} s (${Math.round(pilotEvents / Math.max(pilotWall, 1e-9))} events/s);`,
    `#   a cell ~ pilot time x ${fmtS(scale)} (tasks), the longest ${fmtS(Math.max(...perCell.values()))} s; `
      + `reading the trace ${fmtS(readSeconds)} s; the longest shard (${maxCells} cells on ${cpus} CPUs) ~ ${fmtS(estimate)} s`,
    `#   memory: trace ${formatBytes(host)}, engine up to ${formatBytes(engine)} per CPU`,
    "set -euo pipefail",
    'i="${SLURM_ARRAY_TASK_ID:?run this script with sbatch (a job array task)}"',
    // --resume: a requeued task (preemption, node failure) keeps the cells it had finished.
    `exec ${aviary} compare ${args.map(q).join(" ")} --shard "$i/${shards}" --workers "\${SLURM_CPUS_PER_TASK:-1}" --resume -o "${join(dir, "shard-")}$i.jsonl"`,
    "",
  ].join("\n");
  const files = Array.from({ length: shards }, (_, i) => q(shardFile(String(i))));
  const merge = [
    "#!/bin/bash",
    "# aviary slurm compare: joins the shards' results files into the report (submit.sh runs it after the array succeeds).",
    "#SBATCH --job-name=aviary-merge",
    "#SBATCH --cpus-per-task=1",
    "#SBATCH --mem=1024M",
    "#SBATCH --time=00:10:00",
    `#SBATCH --output=${join(dir, "merge.log")}`,
    ...extra,
    "set -euo pipefail",
    `exec ${aviary} merge ${files.join(" ")} --format ${format} -o ${q(report)}`,
    "",
  ].join("\n");
  writeSlurmScripts(dir, sweep, { name: "merge", script: merge, summary: report, shards });
  process.stderr.write(
    `wrote ${join(dir, "sweep.sbatch")} (${shards} array tasks of up to ${maxCells} cells: --cpus-per-task=${cpus} --mem=${memMB}M --time=${time}), `
    + `${join(dir, "merge.sbatch")} and ${join(dir, "submit.sh")}\n`
    + `estimate: the longest shard ~ ${fmtS(estimate)} s (pilot: ${pilot.arrivals.length} jobs per scheduler and node count, `
    + `${Math.round(pilotEvents / Math.max(pilotWall, 1e-9))} events/s); submit with: sh ${join(dir, "submit.sh")}\n`);
}

/** `aviary merge` and `aviary slurm compare` (compare's options, copied from `compare`). */
export function addSweepCommands(program: Command, compare: Command): void {
  program.command("merge")
    .description("join results files of aviary compare -o FILE.jsonl (the shards of a grid): check that every cell is there once, of one grid, trace and version; print the report")
    .argument("<files...>", "results files (.jsonl)")
    .addOption(new Option("--format <format>", "output format (default table)").choices(["table", "json", "csv"]))
    .option("-o, --output <file>", "write the report to this file (atomically) instead of stdout")
    .action((files: string[], opts) => mergeCommand(files, opts));
  const slurm = program.command("slurm").description("run sweeps on a Slurm cluster (docs/sweeps.md)");
  const sc = slurm.command("compare")
    .description("write DIR/sweep.sbatch (a job array: one shard of the grid per task), DIR/merge.sbatch and DIR/submit.sh for an aviary compare grid");
  const copied = compare.options.filter((o) => !NOT_FOR_SLURM.has(o.attributeName()));
  for (const o of copied) sc.addOption(o);
  addSlurmOptions(sc, {
    shards: "number of shards (array tasks); cell i goes to shard i mod n",
    output: "directory for the scripts, the shards' results files, logs and the report (created if missing)",
    cpus: "default: the cells of the largest shard, at most 8",
    mem: "default: from the trace's size and the engines' bound",
    time: "default: from a pilot run",
  })
    .option("--pilot-jobs <n>", `jobs of the pilot run that measures the speed (default ${PILOT_JOBS})`, num("pilot-jobs", "int"))
    .action((opts, cmd: Command) => slurmCompareCommand(opts, cmd, copied));
}

