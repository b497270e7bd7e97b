// The results-file options of `aviary compare` (-o FILE.jsonl, --shard, --resume): parsed and
// checked before anything is read or run (docs/sweeps.md).
import type { Command } from "commander";
import { existsSync } from "node:fs";
import { InputError } from "../errors.js";
import { parseShard, type Shard } from "../compare/cells.js";
import type { PlotSetup } from "./plot.js";

export interface SweepOptions {
  /** The results file (-o FILE.jsonl). */
  results: string;
  shard?: Shard;
  resume: boolean;
}

/** `-o FILE.jsonl` names the results file of the cells (any other -o is the report). */
export function isResultsPath(path: string): boolean {
  return /\.jsonl$/i.test(path);
}

export function addSweepOptions(cmd: Command): Command {
  return cmd
    .option("--shard <i/n>", "run only the cells whose index mod n is i, into -o FILE.jsonl (aviary merge joins the shards)")
    .option("--resume", "with -o FILE.jsonl: keep the cells already in FILE and run only the missing ones");
}

/** The results-file options of `aviary compare`, checked before anything is read or run;
 *  undefined for an ordinary compare (-o is then the report). */
export function sweepOptions(opts: Record<string, unknown>, plots: PlotSetup): SweepOptions | undefined {
  const output = opts.output as string | undefined;
  const shard = opts.shard === undefined ? undefined : parseShard(String(opts.shard));
  if (output === undefined || !isResultsPath(output)) {
    if (shard) throw new InputError("--shard needs -o FILE.jsonl: a shard's cells go to a results file, joined by aviary merge");
    if (opts.resume) throw new InputError("--resume needs -o FILE.jsonl, the results file to finish");
    return undefined;
  }
  if (plots.cdf) {
    throw new InputError("--cdf (or --plot-kind cdf) cannot go with -o FILE.jsonl: the results file keeps each run's summary, not its jobs' completion times");
  }
  if (shard && plots.plot) throw new InputError("--plot cannot go with --shard: draw the merged report (aviary merge … --format json, then aviary plot)");
  if (existsSync(output) && !opts.resume) {
    throw new InputError(`'${output}' exists: give --resume to run only the cells it lacks, or name another file`);
  }
  return { results: output, shard, resume: opts.resume === true };
}
