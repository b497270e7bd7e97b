// `aviary reproduce [SYSTEM…|all]` and `aviary slurm reproduce` (issue #38): every paper's published
// claims beside our numbers, with intervals over seeds and a verdict each (src/reproduce/).
// docs/cli.md "aviary reproduce", docs/sweeps.md "aviary slurm reproduce".
import { Command, Option } from "commander";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { InputError } from "../errors.js";
import { checkCreatableDir, makeDirs } from "../io.js";
import { packageRoot } from "../engine/node.js";
import { parseShard } from "../compare/cells.js";
import { ProgressLine } from "../report/progress.js";
import { formatDuration } from "../report/progress.js";
import { EXPERIMENTS, PAPERS, findExperiment } from "../reproduce/catalogue.js";
import { claimExperiments } from "../reproduce/evaluate.js";
import { ruleText, fmtOurs, verdictText, type Report } from "../reproduce/report.js";
import { describeSource } from "../reproduce/sources.js";
import {
  allClaims, checkSeeds, defaultReferenceFile, defaultTracesDir, inQuick, readReference, runReproduce, selectClaims, type ReproduceProgress,
} from "../reproduce/run.js";
import { addSlurmOptions, checkSlurmName, checkSlurmTime, shellQuote, writeSlurmScripts } from "./slurm-script.js";
import { num } from "./options.js";

/** `--list`: the catalogue, per paper (text), or as JSON. */
function listCatalogue(targets: string[], opts: Record<string, unknown>): void {
  const reference = readReference(String(opts.reference ?? defaultReferenceFile()));
  const sel = selectClaims(targets, opts.quick === true, reference);
  if (opts.format === "json") {
    process.stdout.write(JSON.stringify({
      papers: PAPERS.filter((p) => sel.papers.includes(p.id)),
      claims: sel.claims.map((c) => ({ ...c, quick: inQuick(c) })),
      experiments: sel.experiments,
    }, null, 2) + "\n");
    return;
  }
  const lines: string[] = [];
  for (const p of PAPERS.filter((x) => sel.papers.includes(x.id))) {
    const claims = sel.claims.filter((c) => c.paper === p.id);
    lines.push(`${p.title} (${p.id}): ${p.cite}; ${claims.length} claims, quoted from ${p.spec}`);
    if (sel.notes[p.id]) lines.push(`  ${sel.notes[p.id]}`);
    for (const c of claims) {
      lines.push(`  ${c.id}${inQuick(c) ? "" : " (not in --quick)"} — ${c.where}: ${c.claim}`);
      for (const k of c.checks) lines.push(`      ${k.label}: published ${k.published}; ${ruleText(k.rule)}`);
      if (c.reason) lines.push(`      known not to hold: ${c.reason.text} (${c.reason.link})`);
      const exps = claimExperiments(c).map(findExperiment);
      lines.push(`      runs: ${exps.map((e) => `${e.id} (${describeSource(e.source)})`).join(", ")}`);
    }
    lines.push("");
  }
  lines.push(`${sel.claims.length} claims; ${EXPERIMENTS.length} experiments in the catalogue. aviary reproduce CLAIM-ID runs one claim.`);
  process.stdout.write(lines.join("\n") + "\n");
}

/** The text summary printed after a run (or the whole report without -o). */
function summaryText(r: Report, out?: string): string {
  const lines = [`aviary reproduce: ${r.claims.length} claims — ${Object.entries(r.counts).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${v}`).join(", ")}`];
  for (const c of r.claims) {
    lines.push(`  ${verdictText(c.verdict).replace(/[*✅❌➖◻️⏭️]/gu, "").trim().padEnd(15)} ${c.id} (${c.where})`);
    if (!out) for (const k of c.checks) lines.push(`      ${k.label}: published ${k.published}, ours ${fmtOurs(k.ours)} — ${k.verdict}`);
  }
  if (out) lines.push(`wrote ${join(out, "report.md")}, ${join(out, "report.json")}, the pages and ${join(out, "img")}/`);
  return lines.join("\n") + "\n";
}

function commandLine(argv: string[]): string {
  return ["aviary", ...argv].map((a) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? a : shellQuote(a))).join(" ");
}

async function reproduceCommand(targets: string[], opts: Record<string, unknown>, argv: string[]): Promise<void> {
  if (opts.list) return listCatalogue(targets, opts);
  const shard = opts.shard === undefined ? undefined : parseShard(String(opts.shard));
  const out = opts.output as string | undefined;
  // A folder named on the command line must be one (the default may be absent: the sample
  // cache, then a skip per claim, say what to fetch).
  if (opts.traces !== undefined) {
    let isDir = false;
    try { isDir = statSync(String(opts.traces)).isDirectory(); } catch { /* below */ }
    if (!isDir) throw new InputError(`--traces '${String(opts.traces)}' is not a folder`);
  }
  const line = new ProgressLine();
  const fmt = (s: number) => formatDuration(s);
  let report: Report | undefined;
  try {
    report = await runReproduce({
      targets, quick: opts.quick === true, seeds: opts.seeds as number | undefined, out, resume: opts.resume === true, shard,
      workers: opts.workers as number | undefined, traces: String(opts.traces ?? defaultTracesDir()),
      reference: String(opts.reference ?? defaultReferenceFile()), engine: (opts.engine as "wasm" | "js" | undefined) ?? "wasm",
      command: commandLine(argv),
      onProgress: (p: ReproduceProgress) => line.update(() => `reproduce: ${p.done}/${p.total} runs, ${fmt(p.elapsedSeconds)} elapsed`
        + `${p.etaSeconds === null ? "" : `, ETA ${fmt(p.etaSeconds)}`}${p.unit ? ` (${p.unit})` : ""}`, p.done === p.total),
    });
  } finally {
    line.stop();
  }
  if (!report) return;
  if (opts.format === "json" && !out) process.stdout.write(JSON.stringify(report, null, 2) + "\n");
  else process.stdout.write(summaryText(report, out));
}

const NOT_FOR_SLURM = new Set(["output", "workers", "shard", "resume", "list", "format"]);

async function slurmReproduceCommand(targets: string[], opts: Record<string, unknown>, cmd: Command, copied: readonly Option[]): Promise<void> {
  const shards = opts.shards as number;
  if (!(Number.isInteger(shards) && shards >= 1 && shards <= 10000)) throw new InputError(`--shards must be an integer in [1, 10000], got '${String(shards)}'`);
  const cpus = (opts.cpusPerTask as number | undefined) ?? 2;
  if (!(Number.isInteger(cpus) && cpus >= 1 && cpus <= 1024)) throw new InputError(`--cpus-per-task must be an integer in [1, 1024], got '${String(cpus)}'`);
  const time = checkSlurmTime(String(opts.time ?? "04:00:00"));
  const mem = String(opts.mem ?? "8G");
  if (!/^\d+[KMGT]?$/i.test(mem)) throw new InputError(`--mem must be a Slurm size (e.g. 8G, 8192M), got '${mem}'`);
  for (const k of ["partition", "account"]) checkSlurmName(k, opts[k]);
  // The selection and the options the shards pass on are checked here, before anything is written.
  checkSeeds(opts.seeds);
  const reference = readReference(String(opts.reference ?? defaultReferenceFile()));
  selectClaims(targets, opts.quick === true, reference);
  const dir = resolve(String(opts.output));
  let isDir = false;
  try { isDir = statSync(dir).isDirectory(); } catch { /* created below */ }
  if (!isDir) {
    if (existsSync(dir)) throw new InputError(`-o '${opts.output}' is a file, not a directory`);
    checkCreatableDir(dir, String(opts.output));
    makeDirs(dir, String(opts.output));
  }
  const args: string[] = [...targets];
  for (const o of copied) {
    const name = o.attributeName();
    if (NOT_FOR_SLURM.has(name) || cmd.getOptionValueSource(name) !== "cli") continue;
    const v = opts[name];
    if (v === true) args.push(o.long!);
    else if (v !== undefined && v !== false) args.push(o.long!, ["traces", "reference"].includes(name) ? resolve(String(v)) : String(v));
  }
  const aviary = [process.execPath, join(packageRoot(), "bin/aviary.js")].map(shellQuote).join(" ");
  const extra = [
    ...(opts.partition ? [`#SBATCH --partition=${opts.partition}`] : []),
    ...(opts.account ? [`#SBATCH --account=${opts.account}`] : []),
  ];
  const q = args.map(shellQuote).join(" ");
  const sweep = [
    "#!/bin/bash",
    `# aviary slurm reproduce: the claims' runs in ${shards} shards (run g of the selected grids in shard g mod ${shards}), one per array task.`,
    "#SBATCH --job-name=aviary-reproduce",
    `#SBATCH --array=0-${shards - 1}`,
    `#SBATCH --cpus-per-task=${cpus}`,
    `#SBATCH --mem=${mem}`,
    `#SBATCH --time=${time}`,
    `#SBATCH --output=${join(dir, "shard-%a.log")}`,
    ...extra,
    "set -euo pipefail",
    'i="${SLURM_ARRAY_TASK_ID:?run this script with sbatch (a job array task)}"',
    // --resume: a requeued task keeps the cells it had finished.
    `exec ${aviary} reproduce ${q} --shard "$i/${shards}" --workers "\${SLURM_CPUS_PER_TASK:-1}" --resume -o ${shellQuote(dir)}`,
    "",
  ].join("\n");
  const report = [
    "#!/bin/bash",
    "# aviary slurm reproduce: the report from every shard's cells (submit.sh runs it after the array succeeds).",
    "#SBATCH --job-name=aviary-report",
    "#SBATCH --cpus-per-task=1",
    `#SBATCH --mem=${mem}`,
    "#SBATCH --time=01:00:00",
    `#SBATCH --output=${join(dir, "report.log")}`,
    ...extra,
    "set -euo pipefail",
    `exec ${aviary} reproduce ${q} --workers 1 --resume -o ${shellQuote(dir)}`,
    "",
  ].join("\n");
  writeSlurmScripts(dir, sweep, { name: "report", script: report, summary: "$dir/report.md", shards });
  process.stderr.write(`wrote ${join(dir, "sweep.sbatch")} (${shards} array tasks: --cpus-per-task=${cpus} --mem=${mem} --time=${time}), `
    + `${join(dir, "report.sbatch")} and ${join(dir, "submit.sh")}; submit with: sh ${join(dir, "submit.sh")}\n`);
}

export function addReproduceCommands(program: Command): void {
  const targetsHelp = `what to reproduce: all (default), a paper (${PAPERS.map((p) => p.id).join(", ")}), a system the claims are about (hawk, eagle, kairos, …) or a claim id (--list)`;
  const rep = program.command("reproduce")
    .description("every paper's published claims as one command: our numbers beside theirs, with 95 % intervals over seeds, and a verdict for each")
    .argument("[targets...]", targetsHelp)
    .option("--list", "print the catalogue of claims (each with its published value or direction and its rule) and exit")
    .option("--quick", "a subset that runs in a few minutes on 2 cores (fewer seeds, node counts and jobs; the heaviest claims left out)")
    .option("--seeds <n>", "seeds 1..N for every experiment (default: each experiment's, mostly 5)", num("seeds", "int"))
    .option("-o, --output <dir>", "write DIR/report.md, DIR/report.json, one page per paper and DIR/img/*.svg; the runs' cells go to DIR/cells (created if missing)")
    .option("--resume", "with -o DIR: keep the cells already in DIR/cells and run only the missing ones")
    .option("--shard <i/n>", "run only this shard's cells (run g of the selected grids when g mod n is i) into DIR/cells; a run without --shard (with --resume) writes the report")
    .option("--workers <n>", "worker threads (default: the available cores)", num("workers", "int"))
    .addOption(new Option("--engine <kind>", "engine build (default wasm; both give identical results)").choices(["wasm", "js"]))
    .option("--traces <dir>", "the sample traces' folder (default ../shared/traces beside the package)")
    .option("--reference <file>", "the Eagle reference simulator's figures (default ../shared/reference/eagle-reference-yh1-goog.json)")
    .addOption(new Option("--format <format>", "without -o: the report as text (default) or JSON on stdout; with --list: the catalogue as text or JSON").choices(["table", "json"]));
  rep.action((targets: string[], opts) => reproduceCommand(targets, opts, process.argv.slice(2)));

  const slurm = program.commands.find((c) => c.name() === "slurm") ?? program.command("slurm").description("run sweeps on a Slurm cluster (docs/sweeps.md)");
  const sr = slurm.command("reproduce")
    .description("write DIR/sweep.sbatch (a job array: one shard of the claims' runs per task), DIR/report.sbatch and DIR/submit.sh for aviary reproduce")
    .argument("[targets...]", targetsHelp);
  const copied = rep.options.filter((o) => !NOT_FOR_SLURM.has(o.attributeName()));
  for (const o of copied) sr.addOption(o);
  addSlurmOptions(sr, {
    shards: "number of shards (array tasks)",
    output: "directory for the scripts, the cells, logs and the report (created if missing)",
    cpus: "default 2", mem: "default 8G", time: "default 04:00:00",
  }).action((targets: string[], opts, cmd: Command) => slurmReproduceCommand(targets, opts, cmd, copied));
}
