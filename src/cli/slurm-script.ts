// What `aviary slurm compare` and `aviary slurm reproduce` write into their scripts: Slurm's time
// format, the check of a --time option, shell quoting of the paths and options they pass on, and
// the submit script and the files of a job array with its dependent job.
import { chmodSync } from "node:fs";
import type { Command } from "commander";
import { join } from "node:path";
import { InputError, showValue } from "../errors.js";
import { writeFileAtomic } from "../io.js";
import { num } from "./options.js";

/** The options `slurm compare` and `slurm reproduce` share — shards, the output folder and each
 *  shard's resources — with each command's own help for the shards, the folder and the defaults. */
export function addSlurmOptions(cmd: Command, help: { shards: string; output: string; cpus: string; mem: string; time: string }): Command {
  return cmd.requiredOption("--shards <n>", help.shards, num("shards", "int"))
    .requiredOption("-o, --output <dir>", help.output)
    .option("--cpus-per-task <n>", `CPUs (worker threads) per shard (${help.cpus})`, num("cpus-per-task", "int"))
    .option("--mem <size>", `memory per shard, e.g. 8G (${help.mem})`)
    .option("--time <time>", `time limit per shard: minutes or [D-]HH:MM:SS (${help.time})`)
    .option("--partition <name>", "Slurm partition")
    .option("--account <name>", "Slurm account");
}

/** Slurm's time format: [D-]HH:MM:SS. */
export function slurmTime(seconds: number): string {
  const s = Math.ceil(seconds);
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((x) => String(x).padStart(2, "0")).join(":");
  return d > 0 ? `${d}-${hms}` : hms;
}

/** --time: minutes, or one of Slurm's forms (MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS). */
export function checkSlurmTime(text: string): string {
  const t = String(text).trim();
  if (/^\d+$/.test(t) && Number(t) > 0) return t;
  if (/^(\d+-)?\d+(:\d{1,2}){0,2}$/.test(t) && /[-:]/.test(t)) {
    // Minutes and seconds below 60; with days, hours below 24 (sbatch would refuse the job).
    const [days, rest] = t.includes("-") ? [t.split("-")[0], t.split("-")[1]] : [undefined, t];
    const parts = rest.split(":").map(Number);
    if (parts.slice(1).every((x) => x < 60) && (days === undefined || parts[0] < 24)) return t;
  }
  throw new InputError(`--time must be minutes or a Slurm time (HH:MM:SS, D-HH:MM:SS), got '${showValue(text)}'`);
}

export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** --partition and --account: Slurm names. */
export function checkSlurmName(option: string, value: unknown): void {
  if (value !== undefined && !/^[A-Za-z0-9_.,@-]+$/.test(String(value))) throw new InputError(`--${option}: '${showValue(value)}' is not a Slurm name`);
}

/** DIR/sweep.sbatch (the job array), DIR/JOB.sbatch (the job that runs once every array task has
 *  succeeded: `merge` or `report`) and DIR/submit.sh, which submits the two; `echo` is what
 *  submit.sh prints after `sweep: job array $sweep`. */
export function writeSlurmScripts(dir: string, sweep: string, job: { name: string; script: string; summary: string; shards: number }): void {
  const { name } = job;
  const submit = [
    "#!/bin/sh",
    `# Submits the sweep (a job array) and the ${name}, which starts once every array task has succeeded.`,
    "set -eu",
    'dir="$(cd "$(dirname "$0")" && pwd)"',
    'sweep="$(sbatch --parsable "$dir/sweep.sbatch")"',
    'sweep="${sweep%%;*}" # --parsable prints "jobid" or "jobid;cluster"',
    `${name}="$(sbatch --parsable --dependency="afterok:$sweep" "$dir/${name}.sbatch")"`,
    `${name}="\${${name}%%;*}"`,
    `echo "sweep: job array $sweep (${job.shards} tasks, logs $dir/shard-N.log); ${name}: job $${name}, when they all succeed -> ${job.summary}"`,
    "",
  ].join("\n");
  writeFileAtomic(join(dir, "sweep.sbatch"), sweep);
  writeFileAtomic(join(dir, `${name}.sbatch`), job.script);
  writeFileAtomic(join(dir, "submit.sh"), submit);
  chmodSync(join(dir, "submit.sh"), 0o755);
}
