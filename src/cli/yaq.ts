// `aviary yaq-size`: Yaq's queue length for a target utilization (spec seed-yaq.md §2.1): Eq. (1)
// (Chernoff bound, with the validity caveat of §2.1.2), Eq. (2) (exact Erlang condition), and the
// corrected Proposition 2 utilization u(b) at each (§2.1.4). src/analysis/yaq.ts has the formulas.
import { Command, Option } from "commander";
import { InputError, showValue } from "../errors.js";
import { yaqSizing } from "../analysis/yaq.js";
import { YAQ_WORKLOADS, defaultYaqJobs, generateYaq } from "../trace/yaq.js";
import { loadEngineRng } from "../engine/node.js";
import { writeTraceFile } from "../trace/node.js";
import { checkOutputDir, writeFileAtomic } from "../io.js";
import type { Trace } from "../trace/types.js";

/** CSV v2 (docs/trace-formats.md) with the columns Hive-MS needs: per-task estimates, stages and
 *  parents (task ids t0, t1, ... within each job). */
export function yaqCsvV2(t: Trace): string {
  const user = t.users && t.userNames ? ",user" : "";
  const lines = [`job_id,submit_time,duration,task_id,estimate,stage,parents${user}`];
  for (let j = 0; j < t.arrivals.length; j++) {
    const first = t.taskOffsets[j];
    for (let k = first; k < t.taskOffsets[j + 1]; k++) {
      const parents: string[] = [];
      if (t.parentOffsets && t.parents) {
        for (let p = t.parentOffsets[k]; p < t.parentOffsets[k + 1]; p++) parents.push(`t${t.parents[p] - first}`);
      }
      const est = t.taskEstimates ? t.taskEstimates[k] : t.estimates[j];
      const u = user ? `,${t.userNames![t.users![j]]}` : "";
      lines.push(`j${j},${t.arrivals[j]},${t.durations[k]},t${k - first},${est},${t.stages ? t.stages[k] : 0},${parents.join(";")}${u}`);
    }
  }
  return lines.join("\n") + "\n";
}

function number(name: string, check: (v: number) => boolean, range: string) {
  return (raw: string): number => {
    const v = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(v) || !check(v)) {
      throw new InputError(`option --${name}: '${showValue(raw)}' is out of range: allowed ${range}`);
    }
    return v;
  };
}

export function addYaqSizeCommand(program: Command): void {
  program.command("yaq-size")
    .description("Yaq's worker queue length b for a target utilization: Eq. (1) (Chernoff), Eq. (2) (exact Erlang) and the corrected Prop. 2 utilization u(b) (docs/models/yaq.md)")
    .requiredOption("--slots <r>", "run slots per node r, integer >= 1", number("slots", (v) => Number.isInteger(v) && v >= 1 && v <= 1e6, "[1, 1000000] integer"))
    .requiredOption("--mean <s>", "mean task duration 1/μ (s, > 0)", number("mean", (v) => v > 0 && v <= 1e9, "(0, 1e9] s"))
    .requiredOption("--heartbeat <s>", "heartbeat interval τ (s, > 0)", number("heartbeat", (v) => v > 0 && v <= 1e9, "(0, 1e9] s"))
    .requiredOption("--target <u>", "target utilization u = 1 − δ, in (0, 1)", number("target", (v) => v > 0 && v < 1, "(0, 1)"))
    .addOption(new Option("--format <format>", "output format").choices(["table", "json"]).default("table"))
    .action((opts) => {
      const inp = { slots: opts.slots as number, mean: opts.mean as number, heartbeat: opts.heartbeat as number, target: opts.target as number };
      if (inp.slots * inp.heartbeat / inp.mean > 1e4) {
        throw new InputError(`rμτ = ${showValue(inp.slots * inp.heartbeat / inp.mean)} is out of range: allowed (0, 10000] (slots x heartbeat / mean)`);
      }
      const s = yaqSizing(inp);
      if (opts.format === "json") {
        process.stdout.write(JSON.stringify({ ...inp, rmt: s.a, eq1: { b: s.eq1, u: s.uEq1 }, eq2: { b: s.eq2, u: s.uEq2 } }) + "\n");
        return;
      }
      process.stdout.write(
        `r = ${inp.slots}, 1/μ = ${inp.mean} s, τ = ${inp.heartbeat} s: rμτ = ${+s.a.toFixed(6)}, target u = ${inp.target}\n` +
        `Eq. (2) exact Erlang:  b = ${s.eq2}   u(b) = ${s.uEq2.toFixed(4)} (corrected Prop. 2)\n` +
        `Eq. (1) Chernoff:      b = ${s.eq1}   u(b) = ${s.uEq1.toFixed(4)} (corrected Prop. 2)\n`);
    });
}

/** `aviary gen yaq-*`: Yaq's workloads as files (src/trace/yaq.ts). Hive-MS has stages and a
 *  barrier, which only the CSV v2 format carries. */
export function addYaqGenCommands(gen: Command): void {
  const int = (name: string) => number(name, (v) => Number.isInteger(v) && v >= 1 && v <= 10_000_000, "[1, 10000000] integer");
  for (const w of YAQ_WORKLOADS) {
    gen.command(w.name)
      .description(`${w.description} (seed-yaq.md §3, §7 #17-#20); backlogged (all jobs at t = 0) unless --load is given`)
      .option("--jobs <n>", `number of jobs (default ${w.name === "yaq-hive" ? "185" : "30 minutes of --nodes x --slots"})`, int("jobs"))
      .option("--load <x>", "Poisson arrivals at this offered load of --nodes x --slots (default: backlogged)", number("load", (v) => v > 0 && v <= 100, "(0, 100]"))
      .option("--nodes <n>", "nodes the load and default job count refer to (default 80)", int("nodes"))
      .option("--slots <n>", "slots per node (default 10)", int("slots"))
      .option("--seed <n>", "seed (default 1)", number("seed", (v) => Number.isInteger(v) && v >= 0 && v <= 2147483647, "[0, 2147483647] integer"))
      .requiredOption("-o, --output <file>", w.dag ? "output file (.csv: the stages and the barrier need CSV v2)" : w.users ? "output file (.csv: the capacity queues need CSV v2's user column)" : "output file (.tr or .csv)")
      .action(async (opts) => {
        const output = String(opts.output);
        if (w.dag && !/\.csv$/i.test(output)) throw new InputError(`-o ${showValue(output)}: ${w.name} has stages and a barrier (task dependencies), which only a .csv file carries`);
        if (w.users && !/\.csv$/i.test(output)) throw new InputError(`-o ${showValue(output)}: ${w.name} has each job's capacity queue (a user column), which only a .csv file carries`);
        checkOutputDir(output);
        const nodes = (opts.nodes as number | undefined) ?? 80;
        const slots = (opts.slots as number | undefined) ?? 10;
        const seed = (opts.seed as number | undefined) ?? 1;
        const mod = await loadEngineRng();
        const t = generateYaq({ workload: w.name, jobs: opts.jobs as number | undefined, load: opts.load as number | undefined, nodes, slots, seed },
          (stream) => new mod.Rng(seed, stream));
        // Hive-MS's barrier and per-task estimates need CSV v2 (the .tr and v1 writers drop them).
        if (w.dag || w.users) writeFileAtomic(output, yaqCsvV2(t)); else await writeTraceFile(output, t);
        process.stderr.write(`${output}: ${t.name}, ${t.arrivals.length} jobs, ${t.durations.length} tasks (default jobs ${defaultYaqJobs(w, nodes, slots)})\n`);
      });
  }
}
