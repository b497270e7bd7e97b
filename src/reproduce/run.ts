// `aviary reproduce` (issue #38), the Node side: selects the claims, runs their experiments'
// cells through the compare machinery (a results file per grid under DIR/cells: `--resume`
// finishes a killed run without redoing its cells, `--shard i/n` runs a deterministic part, the
// files of every shard are read back for the report), evaluates the claims and writes
// DIR/report.json, DIR/report.md, one page per paper and the figures (DIR/img/*.svg).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { join, relative, resolve } from "node:path";
import { InputError } from "../errors.js";
import { loadEngineRng, packageRoot } from "../engine/node.js";
import { readTraceFile } from "../trace/node.js";
import type { Trace } from "../trace/types.js";
import type { RunSummary } from "../metrics/summary.js";
import { aggregateCompare, planCompare, type CompareOptions, type ComparePlan, type CompareResult } from "../compare/grid.js";
import { runCompareCells, workerCount } from "../compare/compare.js";
import {
  ResultsWriter, buildIdentity, cellIdentity, cellLine, checkCellInPlan, describeCell, identityMismatch, readResults,
  stableSummary, type CellIdentity, type Shard,
} from "../compare/cells.js";
import { writeFileAtomic } from "../io.js";
import { barsSpec } from "../plot/specs.js";
import { missingPlotLibraries, renderSvg } from "../plot/render.js";
import { CLAIMS, EXPERIMENTS, FIGURES, PAPERS, compatClaims, findExperiment, type ReferenceRow } from "./catalogue.js";
import { cachedSamplePath, findSampleTrace, isSampleCached } from "../trace/samples.js";
import { checkCreatableDir, makeDirs } from "../io.js";
import { claimExperiments, claimVerdict, evaluateCheck } from "./evaluate.js";
import { effective, selectClaims, units, type Effective, type UnitPlan } from "./select.js";
export { DEFAULT_SEEDS, allClaims, effective, inQuick, quickChecks, selectClaims, units, type Effective, type Selection, type UnitPlan } from "./select.js";
import { generateSource, sourceTrace, workloadSeed, type SeededRng } from "./sources.js";
import {
  ANALYSIS_MARKER, REPORT_FORMAT, countVerdicts, pageMarkdown, reportCheck, reportClaim, reportExperiment, reportMarkdown,
  type Report, type ReportExperiment,
} from "./report.js";
import type { Claim, Experiment, PaperId } from "./types.js";

/** The reference simulator's rows, or why they are absent. */
export function readReference(file: string): { rows?: ReferenceRow[]; missing?: string } {
  if (!existsSync(file)) return { missing: `the reference simulator's figures (${file}) are absent` };
  try {
    const rows = JSON.parse(readFileSync(file, "utf8")) as ReferenceRow[];
    if (!Array.isArray(rows)) throw new Error("not an array of rows");
    return { rows };
  } catch (e) {
    throw new InputError(`${file}: not the reference figures (${(e as Error).message})`);
  }
}

/** A grid that runs on one trace: the experiment, or one seed of it (workloadPerSeed). */
export interface Unit extends UnitPlan {
  trace?: Trace;
  id_?: CellIdentity;
  /** Why it cannot run (its trace is absent). */
  missing?: string;
  have: Map<number, RunSummary>;
  /** The file this process appends to. */
  file?: string;
}

/** Progress of a reproduce run: units (grids) done of total, the time since the start and the
 *  estimated time left (null until a unit has finished), and the unit that just finished. */
export interface ReproduceProgress { done: number; total: number; elapsedSeconds: number; etaSeconds: number | null; unit?: string }

/** What `aviary reproduce` runs (`runReproduce`): the targets (claim ids, papers, systems or
 *  `all`), --quick, --seeds, the output folder, resume/shard/workers, where the sample traces and
 *  the Eagle reference figures are, and the engine. */
export interface ReproduceOptions {
  targets: string[];
  quick: boolean;
  seeds?: number;
  /** -o DIR: the cells, the report, the pages and the figures; without it the report is only returned. */
  out?: string;
  resume: boolean;
  shard?: Shard;
  workers?: number;
  traces: string;
  reference: string;
  engine: "wasm" | "js";
  /** The command line, for the report's header. */
  command: string;
  /** Called after each unit (grid) finishes. */
  onProgress?: (p: ReproduceProgress) => void;
  /** Messages (a dropped truncated line, a shard's summary): stderr by default. */
  log?: (line: string) => void;
}

export function defaultTracesDir(): string {
  return resolve(packageRoot(), "../shared/traces");
}

export function defaultReferenceFile(): string {
  return resolve(packageRoot(), "../shared/reference/eagle-reference-yh1-goog.json");
}

function variantDir(o: Pick<ReproduceOptions, "quick" | "seeds">): string {
  return `${o.quick ? "quick" : "full"}${o.seeds !== undefined ? `-seeds${o.seeds}` : ""}`;
}

function shardFile(dir: string, unit: string, shard: Shard): string {
  return join(dir, `${unit}.shard-${shard.index}-of-${shard.count}.jsonl`);
}

/** The package's commit (short; "-dirty" when the tree has changes), or "unknown". */
export function gitCommit(): string {
  try {
    const root = packageRoot();
    const head = execFileSync("git", ["-C", root, "rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const dirty = execFileSync("git", ["-C", root, "status", "--porcelain", "--untracked-files=no"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return dirty ? `${head}-dirty` : head;
  } catch {
    return "unknown";
  }
}

/** The runs of a finished experiment as one compare result (all its units' cells, every seed). */
export function experimentCompare(eff: Effective, runs: RunSummary[], traceInfo: { name: string; jobs: number; tasks: number }): CompareResult {
  const plan = planCompare(eff.options);
  const at = (r: { nodes: number; scheduler: string; seed: number }) =>
    runs.find((s) => s.nodes === r.nodes && s.scheduler === r.scheduler && s.seed === r.seed);
  const summaries = plan.runs.map((r) => {
    const s = at(r);
    if (!s) throw new Error(`${eff.exp.id}: no run of '${describeCell(r)}'`);
    return s;
  });
  const { runs: _r, ...grid } = plan;
  return { trace: traceInfo, grid, results: aggregateCompare(plan, summaries), runs: summaries };
}

/** Where a sample trace of the catalogue is read from: the traces folder (`--traces`), else the
 *  sample cache that `aviary traces fetch` fills; undefined when it is in neither. */
export function sampleTracePath(name: string, tracesDir: string): string | undefined {
  const inFolder = join(tracesDir, `${name}.tr`);
  if (existsSync(inFolder)) return inFolder;
  const sample = findSampleTrace(name);
  return sample && isSampleCached(sample) ? cachedSamplePath(sample) : undefined;
}

/** `--seeds N` (seeds 1..N in every experiment): InputError unless an integer in [1, 1000]. */
export function checkSeeds(seeds: unknown): void {
  if (seeds !== undefined && !(typeof seeds === "number" && Number.isInteger(seeds) && seeds >= 1 && seeds <= 1000)) {
    throw new InputError(`--seeds must be an integer in [1, 1000], got '${String(seeds)}'`);
  }
}

/**
 * Runs `aviary reproduce`: returns the report (undefined for a shard, which only runs its cells).
 * Every option is checked before any run; InputError (one line) otherwise.
 */
export async function runReproduce(o: ReproduceOptions): Promise<Report | undefined> {
  const t0 = performance.now();
  const log = o.log ?? ((line: string) => process.stderr.write(`aviary: ${line}\n`));
  const reference = readReference(o.reference);
  const sel = selectClaims(o.targets, o.quick, reference);
  checkSeeds(o.seeds);
  const workers = workerCount(o.workers, Number.MAX_SAFE_INTEGER);
  if (o.shard && !o.out) throw new InputError("--shard needs -o DIR: a shard's cells go to DIR/cells, read back by the run that writes the report");
  if (o.resume && !o.out) throw new InputError("--resume needs -o DIR, the folder of the run to finish");
  const effs = sel.experiments.map((e) => effective(e, o.quick, o.seeds, o.engine));
  const all: Unit[] = effs.flatMap((eff) => units(eff).map((u) => ({ ...u, have: new Map<number, RunSummary>() })));

  // The figures need the optional plotting packages: without them the report is written without
  // figures (said now, before any run), rather than failing after the runs.
  const missingPlots = o.out !== undefined ? missingPlotLibraries("svg") : [];
  const drawFigures = o.out !== undefined && missingPlots.length === 0;
  if (o.out && !drawFigures && !o.shard) {
    log(`the figures are left out: they need ${missingPlots.join(", ")} (optional dependencies of aviary-sim: npm install ${missingPlots.join(" ")})`);
  }

  // Output folders, and no silent overwrite of a run's cells.
  const cellsDir = o.out ? join(resolve(o.out), "cells", variantDir(o)) : undefined;
  if (o.out) {
    const out = resolve(o.out);
    if (existsSync(out) && !readdirSafe(out).isDir) throw new InputError(`-o '${o.out}' is a file, not a directory`);
    checkCreatableDir(cellsDir!, o.out);
    makeDirs(cellsDir!);
    if (!o.resume) {
      const names = new Set(readdirSync(cellsDir!));
      const taken = all.filter((u) => [...names].some((f) => f === `${u.id}.jsonl` || f.startsWith(`${u.id}.shard-`)));
      if (taken.length > 0) {
        throw new InputError(`${join(cellsDir!, `${taken[0].id}.jsonl`)} exists (cells of an earlier run, ${taken.length} grid${taken.length > 1 ? "s" : ""}): `
          + "give --resume to run only the cells it lacks, or another -o");
      }
    }
  }

  // The traces: the samples read once each; generated sources drawn once per (source, seed, size).
  const rngMod = await loadEngineRng();
  const rng: SeededRng = (seed, stream) => new rngMod.Rng(seed, stream);
  const files = new Map<string, Promise<Trace | undefined>>();
  const generated = new Map<string, Trace>();
  for (const u of all) {
    const name = sourceTrace(u.eff.exp.source);
    if (name !== undefined) {
      const path = sampleTracePath(name, o.traces);
      if (!files.has(name)) files.set(name, path !== undefined ? readTraceFile(path) : Promise.resolve(undefined));
      u.trace = await files.get(name)!;
      if (!u.trace) u.missing = `${name}.tr is neither in ${o.traces} nor in the sample cache: get it with \`aviary traces fetch ${name}\``;
    } else {
      const key = JSON.stringify([u.eff.exp.source, u.wseed, u.plan.nodes[0], u.plan.slots, u.eff.jobs ?? null]);
      let t = generated.get(key);
      if (!t) {
        t = generateSource(u.eff.exp.source, u.wseed, u.plan.nodes[0], u.plan.slots, rng, u.eff.jobs);
        generated.set(key, t);
      }
      u.trace = t;
    }
  }

  // The cells already in DIR (every shard's file), checked against this run's grids.
  if (cellsDir && o.resume) {
    const names = readdirSync(cellsDir);
    for (const u of all) {
      if (u.missing) continue;
      u.id_ = cellIdentity(u.plan, u.trace!);
      for (const f of names.filter((n) => n === `${u.id}.jsonl` || (n.startsWith(`${u.id}.shard-`) && n.endsWith(".jsonl")))) {
        const path = join(cellsDir, f);
        const r = readResults(path);
        for (const rc of r.cells) {
          const why = identityMismatch(rc.cell, u.id_);
          if (why) {
            throw new InputError(`${path} line ${rc.line}: cell '${describeCell(rc.cell.cell)}' is of another grid than this command's: ${why} `
              + "(resume with the options, traces and build that made it, or another -o)");
          }
          checkCellInPlan(rc, u.plan);
          const i = rc.cell.cell.index;
          if (u.have.has(i)) throw new InputError(`${path} line ${rc.line}: cell '${describeCell(rc.cell.cell)}' (cell ${i}) is there twice`);
          u.have.set(i, rc.cell.summary);
        }
        const mine = o.shard ? shardFile(cellsDir, u.id, o.shard) : join(cellsDir, `${u.id}.jsonl`);
        if (r.truncated) {
          if (path === mine) {
            const w = new ResultsWriter(path);
            w.truncate(r.truncated.offset);
            w.close();
            log(`${path}: dropped its truncated last line (line ${r.truncated.line}, ${r.truncated.bytes} bytes without a newline: the run writing it was killed mid-write)`);
          } else {
            log(`${path}: its last line is truncated (line ${r.truncated.line}); that cell is run again`);
          }
        }
      }
    }
  }

  // The cells to run: this shard's (global numbering over the selected grids), not yet in DIR.
  let g = 0;
  const todo: Array<{ u: Unit; indices: number[] }> = [];
  let mineTotal = 0;
  for (const u of all) {
    const idx: number[] = [];
    for (const r of u.plan.runs) {
      const inShard = !o.shard || g % o.shard.count === o.shard.index;
      g++;
      if (!inShard || u.missing) continue;
      mineTotal++;
      if (!u.have.has(r.index)) idx.push(r.index);
    }
    if (idx.length > 0) todo.push({ u, indices: idx });
  }
  const already = all.reduce((n, u) => n + u.have.size, 0);
  if (already > 0) log(`${cellsDir}: ${already} cells already there; running ${todo.reduce((n, t) => n + t.indices.length, 0)} more`);

  // Run: grids side by side while workers are free (a grid of 1 cell takes 1), each on its own pool.
  const total = todo.reduce((n, t) => n + t.indices.length, 0);
  let done = 0;
  const progress = (unit?: string) => {
    const elapsed = (performance.now() - t0) / 1000;
    o.onProgress?.({ done, total, elapsedSeconds: elapsed, etaSeconds: done > 0 ? (elapsed / done) * (total - done) : null, unit });
  };
  progress();
  await new Promise<void>((resolveAll, rejectAll) => {
    let free = workers;
    let next = 0;
    let active = 0;
    let failed = false;
    const launch = () => {
      while (!failed && next < todo.length && free > 0) {
        const { u, indices } = todo[next++];
        const w = Math.min(free, indices.length);
        free -= w;
        active++;
        const id = u.id_ ?? (u.id_ = cellIdentity(u.plan, u.trace!));
        const file = cellsDir ? (o.shard ? shardFile(cellsDir, u.id, o.shard) : join(cellsDir, `${u.id}.jsonl`)) : undefined;
        const writer = file ? new ResultsWriter(file) : undefined;
        const traceInfo = { name: u.trace!.name, jobs: u.trace!.arrivals.length, tasks: u.trace!.durations.length };
        runCompareCells(u.plan, u.trace!, indices, {
          workers: w,
          onResult: (index, summary) => {
            writer?.append(cellLine(u.plan, id, traceInfo, index, summary, o.shard));
            u.have.set(index, summary);
            done++;
            progress(u.id);
          },
        }).then(() => {
          writer?.close();
          free += w;
          active--;
          if (active === 0 && next >= todo.length) resolveAll();
          else launch();
        }, (e: unknown) => {
          writer?.close();
          failed = true;
          rejectAll(e);
        });
      }
      if (active === 0 && next >= todo.length && !failed) resolveAll();
    };
    launch();
  });

  if (o.shard) {
    log(`shard ${o.shard.index}/${o.shard.count}: ${mineTotal} of ${g} cells in ${cellsDir}; `
      + "the run without --shard (with --resume) writes the report from every shard's cells");
    return undefined;
  }

  // The report.
  const runsByExp = new Map<string, RunSummary[]>();
  const missingByExp = new Map<string, string>();
  const traceByExp = new Map<string, { name: string; jobs: number; tasks: number }>();
  for (const u of all) {
    const id = u.eff.exp.id;
    if (u.missing) { missingByExp.set(id, u.missing); continue; }
    const lost = u.plan.runs.filter((r) => !u.have.has(r.index));
    if (lost.length > 0) throw new Error(`${u.id}: ${lost.length} cells did not run (first: '${describeCell(lost[0])}')`);
    runsByExp.set(id, [...(runsByExp.get(id) ?? []), ...u.plan.runs.map((r) => stableSummary(u.have.get(r.index)!))]);
    traceByExp.set(id, { name: u.trace!.name, jobs: u.trace!.arrivals.length, tasks: u.trace!.durations.length });
  }
  const effById = new Map(effs.map((e) => [e.exp.id, e]));
  const firstNodes = (exp: string) => effById.get(exp)?.options.nodes?.[0] ?? units(effById.get(exp)!)[0].plan.nodes[0];
  const claims = sel.claims.map((c) => {
    const results = c.checks.map((k) => evaluateCheck(k, runsByExp, firstNodes, (exp) => missingByExp.get(exp)));
    return reportClaim(c, c.checks.map((k, i) => reportCheck(k, results[i])), claimVerdict(results), claimExperiments(c));
  });
  const experiments: ReportExperiment[] = effs.map((eff) => {
    const us = all.filter((u) => u.eff === eff);
    const plan = us[0].plan;
    return reportExperiment(eff.exp, {
      nodes: plan.nodes, seeds: eff.seeds, jobs: eff.jobs, cells: us.reduce((n, u) => n + u.plan.runs.length, 0), baseline: plan.baseline,
      preset: plan.preset, params: plan.params, trace: traceByExp.get(eff.exp.id), skipped: missingByExp.get(eff.exp.id),
    });
  });
  const { version } = buildIdentity();
  const report: Report = {
    format: REPORT_FORMAT, command: o.command, date: new Date().toISOString().slice(0, 10), commit: gitCommit(), version, engine: o.engine,
    quick: o.quick, seeds: o.seeds ?? null, targets: o.targets.length ? o.targets : ["all"],
    papers: sel.papers.map((id) => {
      const p = PAPERS.find((x) => x.id === id)!;
      return { id, title: p.title, cite: p.cite, spec: p.spec, page: p.page, counts: countVerdicts(claims.filter((c) => c.paper === id).map((c) => c.verdict)),
        ...(sel.notes[id] ? { note: sel.notes[id] } : {}) };
    }),
    claims, experiments, figures: [], counts: countVerdicts(claims.map((c) => c.verdict)),
    wallSeconds: 0, workers,
  };

  if (o.out) {
    const out = resolve(o.out);
    makeDirs(join(out, "img"));
    for (const f of drawFigures ? FIGURES : []) {
      const eff = effById.get(f.exp);
      if (!sel.papers.includes(f.paper) || !eff || !runsByExp.has(f.exp)) continue;
      const cmp = experimentCompare(eff, runsByExp.get(f.exp)!, traceByExp.get(f.exp)!);
      const nodes = new Set(cmp.grid.nodes);
      const spec = barsSpec({ kind: "compare", compare: cmp }, { published: (f.published ?? []).filter((p) => nodes.has(p.nodes)) });
      const file = `img/${f.id}.svg`;
      writeFileAtomic(join(out, file), await renderSvg(spec));
      const seeds = cmp.grid.seeds;
      const seedText = seeds.length === 1 ? `seed ${seeds[0]}` : `the mean over seeds ${seeds[0]}-${seeds[seeds.length - 1]}`;
      report.figures.push({ id: f.id, paper: f.paper, file,
        caption: `${f.caption} (experiment ${f.exp}, ${seedText}; drawn by aviary reproduce ${f.paper} -o DIR)` });
    }
    report.wallSeconds = (performance.now() - t0) / 1000;
    const root = packageRoot();
    const md = { link: (p: string) => relative(out, join(root, p)).split("\\").join("/"), figure: (f: string) => f };
    writeFileAtomic(join(out, "report.json"), JSON.stringify(report, null, 2) + "\n");
    writeFileAtomic(join(out, "report.md"), reportMarkdown(report, md));
    for (const id of sel.papers) {
      const paper = PAPERS.find((p) => p.id === id)!;
      const path = join(out, paper.page);
      const before = existsSync(path) ? readFileSync(path, "utf8") : "";
      const at = before.indexOf(ANALYSIS_MARKER);
      writeFileAtomic(path, pageMarkdown(report, paper, md, at >= 0 ? before.slice(at + ANALYSIS_MARKER.length) : undefined));
    }
  } else {
    report.wallSeconds = (performance.now() - t0) / 1000;
  }
  return report;
}

function readdirSafe(path: string): { isDir: boolean } {
  try {
    readdirSync(path);
    return { isDir: true };
  } catch {
    return { isDir: false };
  }
}

/** Worker threads by default: the machine's cores. */
export function defaultWorkers(): number {
  return availableParallelism();
}
