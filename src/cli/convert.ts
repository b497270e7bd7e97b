// `aviary convert alibaba-2018|google-2011 FILE -o OUT.csv` and `aviary gen fregata` (issue #20):
// both write trace schema v2 (src/trace/csv2.ts), atomically, after every row was checked.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { InputError, showValue } from "../errors.js";
import { checkOutputDir, writeFileAtomic } from "../io.js";
import { convertAlibaba2018, convertGoogle2011 } from "../trace/convert.js";
import { traceToCsvV2 } from "../trace/csv2.js";
import { FREGATA_DEFAULT_JOBS, generateFregata } from "../trace/fregata.js";
import { loadEngineRng } from "../engine/node.js";
import { checkTrace } from "../simulate.js";
import { num } from "./options.js";

function readInput(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read '${showValue(file)}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** The converters write trace schema v2, a CSV: another extension would name a file no reader
 *  takes as what it holds (a .tr is read as the Hawk/Eagle format). */
function csvOutput(out: string): void {
  if (!out.endsWith(".csv")) throw new InputError(`-o: '${showValue(out)}': the converted trace is written as CSV v2 (.csv)`);
}

export function addConvertCommands(program: Command): void {
  const convert = program.command("convert").description("convert a public cluster trace with DAGs and demands to trace schema v2 (CSV)");
  convert.command("alibaba-2018")
    .description("Alibaba cluster-trace-v2018 batch_task.csv: tasks x instances, DAG from the task names (M1, R2_1, ...), plan_cpu/plan_mem as fractions of a machine")
    .argument("<file>", "batch_task.csv (or a part of it)")
    .requiredOption("-o, --output <file>", "output .csv (trace schema v2)")
    .action((file: string, opts) => {
      const out = String(opts.output);
      csvOutput(out);
      checkOutputDir(out);
      const r = convertAlibaba2018(readInput(file), file);
      if (r.trace.arrivals.length === 0) throw new InputError(`${file}: no row is Terminated: nothing to convert`);
      checkTrace(r.trace);
      writeFileAtomic(out, traceToCsvV2(r.trace));
      process.stderr.write(`wrote ${r.trace.arrivals.length} jobs, ${r.trace.durations.length} tasks, ${r.trace.parents!.length} edges to ${out} (${r.note})\n`);
    });
  convert.command("google-2011")
    .description("Google cluster-data 2011 task_events: finished tasks, CPU/memory/disk requests, a DAG from non-overlapping start/end times (seed-fregata.md §3.3)")
    .argument("<file>", "a task_events part (uncompressed CSV)")
    .requiredOption("-o, --output <file>", "output .csv (trace schema v2)")
    .option("--max-parents <n>", "parents per task from the non-overlapping earlier tasks (1: a forest; §3.3 suggests up to 3 for fan-in)", num("max-parents", "int"), 1)
    .action((file: string, opts) => {
      const out = String(opts.output);
      const mp = opts.maxParents as number;
      if (!(mp >= 1 && mp <= 15)) throw new InputError(`--max-parents must be an integer in [1, 15], got ${mp}`);
      csvOutput(out);
      checkOutputDir(out);
      const r = convertGoogle2011(readInput(file), file, mp);
      if (r.trace.arrivals.length === 0) throw new InputError(`${file}: no task has a SCHEDULE and a later FINISH: nothing to convert`);
      checkTrace(r.trace);
      writeFileAtomic(out, traceToCsvV2(r.trace));
      process.stderr.write(`wrote ${r.trace.arrivals.length} jobs, ${r.trace.durations.length} tasks, ${r.trace.parents!.length} edges to ${out} (${r.note})\n`);
    });
}

/** `aviary gen fregata` (src/trace/fregata.ts). */
export function addFregataGen(gen: Command): void {
  gen.command("fregata")
    .description(`Fregata's workload (seed-fregata.md §3.3): x ~ U[2,5] jobs/min, 10-2000 tasks per job in a DAG of at most 5 levels and 15 children per task, Google-like durations, cpu/mem/disk/bw demands (default ${FREGATA_DEFAULT_JOBS} jobs)`)
    .option("--jobs <n>", `number of jobs (default ${FREGATA_DEFAULT_JOBS}; the paper sweeps 100-600)`, num("jobs", "int"))
    .option("--seed <n>", "seed (default 1); the same seed gives the same file", num("seed", "int"))
    .option("--testbed <name>", "demands for the testbed's machines: cluster (4 cores, 16 GB; default) or ec2 (2 cores, 4 GB: the same fractions of a machine)", "cluster")
    .requiredOption("-o, --output <file>", "output .csv (trace schema v2)")
    .action(async (opts) => {
      const testbed = String(opts.testbed);
      if (testbed !== "cluster" && testbed !== "ec2") throw new InputError(`--testbed must be cluster or ec2, got '${showValue(testbed)}'`);
      const out = String(opts.output);
      const jobs = (opts.jobs as number | undefined) ?? FREGATA_DEFAULT_JOBS;
      const seed = (opts.seed as number | undefined) ?? 1;
      if (!(seed >= 0 && seed <= 2147483647)) throw new InputError(`--seed must be an integer in [0, 2147483647], got ${seed}`);
      if (!out.endsWith(".csv")) throw new InputError(`-o: '${showValue(out)}': the fregata workload is written as CSV v2 (.csv)`);
      checkOutputDir(out);
      const { Rng } = await loadEngineRng();
      const t = generateFregata(jobs, (s) => new Rng(seed, s), seed, undefined, testbed);
      writeFileAtomic(out, traceToCsvV2(t));
      process.stderr.write(`wrote ${jobs} jobs, ${t.durations.length} tasks, ${t.parents!.length} edges to ${out}\n`);
    });
}
