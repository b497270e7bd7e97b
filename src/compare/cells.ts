// The results file of `aviary compare -o FILE.jsonl`: one JSON line per finished cell (one run:
// scheduler x node count x seed), appended with a single write as soon as the run ends, so a
// killed grid loses only the runs in flight. Each line carries what identifies the grid it
// belongs to — a hash of the grid's configuration, a hash of the trace's contents, the package
// version and a hash of the engine build — so `--resume` and `aviary merge` refuse cells of
// another grid, trace or build. Node only.
import { createHash } from "node:crypto";
import { closeSync, existsSync, fsyncSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { InputError, showValue } from "../errors.js";
import { packageRoot } from "../engine/node.js";
import type { RunSummary } from "../metrics/summary.js";
import type { Trace } from "../trace/types.js";
import { aggregateCompare, planCompare, type ComparePlan, type CompareResult } from "./grid.js";

/** The first key of every line: what the file is. */
export const CELLS_FORMAT = "aviary-cells/1";

/** The identity of a grid's cells: equal for every cell of one grid on one trace and build. */
export interface CellIdentity {
  /** The package version (package.json). */
  version: string;
  /** sha256 of the engine build (build/aviary.wasm), 16 hex digits. */
  build: string;
  /** sha256 of the grid's configuration (options and every run's resolved configuration). */
  config: string;
  /** sha256 of the trace's columns (not its name or path). */
  trace: string;
}

export interface CellLine extends CellIdentity {
  format: typeof CELLS_FORMAT;
  /** The trace as the report names it. */
  traceInfo: { name: string; jobs: number; tasks: number };
  /** The grid's options (ComparePlan without its runs): enough to plan it again. */
  grid: Omit<ComparePlan, "runs">;
  /** Cells in the whole grid. */
  cells: number;
  cell: { index: number; nodes: number; scheduler: string; seed: number };
  /** The shard that ran it ("i/n"), for information. */
  shard: string | null;
  summary: RunSummary;
}

/** A shard of a grid: the cells whose index mod `count` is `index`. */
export interface Shard { index: number; count: number }

export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(String(text));
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || !(count >= 1) || !(index < count) || !Number.isSafeInteger(count)) {
    throw new InputError(`--shard must be i/n with integers 0 <= i < n (e.g. 0/4 .. 3/4), got '${showValue(text)}'`);
  }
  return { index, count };
}

export function shardText(s: Shard | undefined): string | null {
  return s ? `${s.index}/${s.count}` : null;
}

/** The run indices of `shard` (all of them without one): index mod n == i. */
export function shardIndices(plan: ComparePlan, shard?: Shard): number[] {
  return plan.runs.map((r) => r.index).filter((i) => !shard || i % shard.count === shard.index);
}

function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The options of the grid, as planCompare takes them back. */
export function gridOptions(grid: Omit<ComparePlan, "runs">) {
  return {
    schedulers: grid.schedulers, baseline: grid.baseline, nodes: grid.nodes, seeds: grid.seeds, slots: grid.slots,
    engine: grid.engine, preset: grid.preset ?? undefined, cutoff: grid.cutoff ?? undefined, params: grid.params,
    ...(grid.cluster ? { cluster: grid.cluster } : {}),
  };
}

export function configHash(plan: ComparePlan): string {
  const { runs, ...grid } = plan;
  return sha256(JSON.stringify({ grid, runs: runs.map((r) => r.config) }));
}

/** sha256 of the trace's columns, each with its name and length (the name or path of the file
 *  does not count: the same jobs read from another path are the same trace). */
export function traceHash(t: Trace): string {
  const h = createHash("sha256");
  const columns: Array<[string, Float64Array | Int32Array | undefined]> = [
    ["arrivals", t.arrivals], ["taskOffsets", t.taskOffsets], ["durations", t.durations], ["estimates", t.estimates],
    ["taskEstimates", t.taskEstimates], ["stages", t.stages], ["parentOffsets", t.parentOffsets], ["parents", t.parents],
    ["demands", t.demands], ["jobClasses", t.jobClasses], ["priorities", t.priorities], ["users", t.users],
  ];
  for (const [name, a] of columns) {
    h.update(`${name}:${a ? `${a.constructor.name}[${a.length}]` : "none"};`);
    if (a) h.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  }
  h.update(JSON.stringify({ d: t.demandNames ?? null, c: t.classNames ?? null, u: t.userNames ?? null }));
  return h.digest("hex");
}

let buildCache: { version: string; build: string } | undefined;

/** The package version and a hash of the engine build. */
export function buildIdentity(): { version: string; build: string } {
  if (buildCache) return buildCache;
  const root = packageRoot();
  const version = String(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version);
  const wasm = join(root, "build/aviary.wasm");
  const build = existsSync(wasm) ? sha256(readFileSync(wasm)).slice(0, 16) : "unbuilt";
  return (buildCache = { version, build });
}

export function cellIdentity(plan: ComparePlan, trace: Trace): CellIdentity {
  return { ...buildIdentity(), config: configHash(plan), trace: traceHash(trace) };
}

export function describeCell(c: { nodes: number; scheduler: string; seed: number }): string {
  return `${c.scheduler} on ${c.nodes} nodes, seed ${c.seed}`;
}

export function cellLine(plan: ComparePlan, id: CellIdentity, trace: { name: string; jobs: number; tasks: number },
                         index: number, summary: RunSummary, shard?: Shard): string {
  const { runs, ...grid } = plan;
  const r = runs[index];
  const line: CellLine = {
    format: CELLS_FORMAT, ...id, traceInfo: trace, grid, cells: runs.length,
    cell: { index, nodes: r.nodes, scheduler: r.scheduler, seed: r.seed }, shard: shardText(shard), summary,
  };
  return JSON.stringify(line) + "\n";
}

/** One line of a results file, where it was read. */
export interface ReadCell { file: string; line: number; cell: CellLine }

export interface ReadResults {
  cells: ReadCell[];
  /** An unfinished last line (no newline: the writer was killed mid-write): its line number and
   *  the byte offset where it starts. */
  truncated?: { line: number; offset: number; bytes: number };
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Reads a results file; every complete line must be a cell line (else InputError naming the
 *  file and line). A last line without its newline is returned as `truncated`, not parsed. */
export function readResults(file: string): ReadResults {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch (e) {
    throw new InputError(`cannot read results file '${file}': ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
  const cells: ReadCell[] = [];
  let start = 0;
  let line = 0;
  while (start < buf.length) {
    line++;
    const nl = buf.indexOf(10, start);
    if (nl < 0) return { cells, truncated: { line, offset: start, bytes: buf.length - start } };
    const text = buf.subarray(start, nl).toString("utf8");
    start = nl + 1;
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch (e) {
      throw new InputError(`${file} line ${line}: not a line of a results file of aviary compare (${(e as Error).message})`);
    }
    if (!isObject(obj) || obj.format !== CELLS_FORMAT) {
      throw new InputError(`${file} line ${line}: not a line of a results file of aviary compare (no "format": "${CELLS_FORMAT}")`);
    }
    const c = obj.cell;
    const ok = isObject(c) && Number.isInteger(c.index) && Number.isInteger(c.nodes) && typeof c.scheduler === "string"
      && Number.isInteger(c.seed) && isObject(obj.summary) && isObject(obj.grid) && isObject(obj.traceInfo)
      && ["version", "build", "config", "trace"].every((k) => typeof obj[k] === "string");
    if (!ok) throw new InputError(`${file} line ${line}: a results line with missing or malformed fields`);
    cells.push({ file, line, cell: obj as unknown as CellLine });
  }
  return { cells };
}

const IDENTITY_WHAT: Array<[keyof CellIdentity, string]> = [
  ["version", "aviary version"], ["build", "engine build"], ["trace", "trace (sha256 of its columns)"], ["config", "grid configuration"],
];

/** The first way `c` differs from `ref` (version, build, trace, grid), or undefined. */
export function identityMismatch(c: CellIdentity, ref: CellIdentity): string | undefined {
  for (const [k, what] of IDENTITY_WHAT) {
    if (c[k] !== ref[k]) return `${what} ${c[k].slice(0, 16)} instead of ${ref[k].slice(0, 16)}`;
  }
  return undefined;
}

/** Checks that a line's cell is the plan's cell at its index. */
export function checkCellInPlan(rc: ReadCell, plan: ComparePlan): void {
  const c = rc.cell.cell;
  const r = plan.runs[c.index];
  const s = rc.cell.summary;
  if (!r || r.nodes !== c.nodes || r.scheduler !== c.scheduler || r.seed !== c.seed
      || s.scheduler !== c.scheduler || s.nodes !== c.nodes || s.seed !== c.seed) {
    throw new InputError(`${rc.file} line ${rc.line}: cell ${c.index} ('${describeCell(c)}') is not that cell of its grid`);
  }
}

/** A summary without its wall-clock fields (the only ones that differ between runs of a cell). */
export function stableSummary(s: RunSummary): RunSummary {
  const { wallSeconds: _w, eventsPerSecond: _e, ...rest } = s;
  return rest as RunSummary;
}

/** The report of a complete grid from its cells alone: the normalized results and every run's
 *  summary without wall-clock values, and no workers or wall time — the same bytes however the
 *  cells were run (one machine, resumed, sharded and merged). */
export function resultFromCells(plan: ComparePlan, trace: { name: string; jobs: number; tasks: number },
                                summaries: RunSummary[]): CompareResult {
  const { runs: _runs, ...grid } = plan;
  const runs = summaries.map(stableSummary);
  return { trace: { ...trace }, grid, results: aggregateCompare(plan, runs), runs };
}

/**
 * `aviary merge`: every cell of one grid exactly once, all of the same version, build, trace and
 * grid; returns the plan, trace and summaries in grid order. InputError (one line naming the
 * file and line, or the missing cell) otherwise.
 */
export function mergeResults(files: string[]): { plan: ComparePlan; trace: CellLine["traceInfo"]; summaries: RunSummary[] } {
  if (files.length === 0) throw new InputError("merge: give the results files to merge");
  const all: ReadCell[] = [];
  for (const f of files) {
    const r = readResults(f);
    if (r.truncated) {
      throw new InputError(`${f} line ${r.truncated.line}: truncated mid-line (${r.truncated.bytes} bytes without a newline: `
        + "the run writing it was killed?); finish it with aviary compare --resume, which drops that line");
    }
    all.push(...r.cells);
  }
  if (all.length === 0) throw new InputError(`merge: no cells in ${files.join(", ")}`);
  const ref = all[0];
  for (const rc of all) {
    const why = identityMismatch(rc.cell, ref.cell);
    if (why) {
      throw new InputError(`${rc.file} line ${rc.line}: cell '${describeCell(rc.cell.cell)}' is of another grid than `
        + `${ref.file} line ${ref.line}: ${why}`);
    }
  }
  let plan: ComparePlan;
  try {
    plan = planCompare(gridOptions(ref.cell.grid));
  } catch (e) {
    throw new InputError(`${ref.file} line ${ref.line}: its grid is not valid here: ${(e as Error).message}`);
  }
  if (configHash(plan) !== ref.cell.config) {
    throw new InputError(`${ref.file} line ${ref.line}: the grid does not give its configuration hash (edited, or made by another version)`);
  }
  const at: Array<ReadCell | undefined> = new Array(plan.runs.length);
  for (const rc of all) {
    checkCellInPlan(rc, plan);
    const i = rc.cell.cell.index;
    const prev = at[i];
    if (prev) {
      throw new InputError(`duplicate cell '${describeCell(rc.cell.cell)}' (cell ${i}): in ${prev.file} line ${prev.line} and ${rc.file} line ${rc.line}`);
    }
    at[i] = rc;
  }
  const missing = plan.runs.filter((r) => !at[r.index]);
  if (missing.length > 0) {
    const first = missing[0];
    throw new InputError(`missing cell '${describeCell(first)}' (cell ${first.index} of ${plan.runs.length}`
      + `${missing.length > 1 ? `; ${missing.length} cells are missing` : ""}): none of ${files.join(", ")} holds it`);
  }
  return { plan, trace: ref.cell.traceInfo, summaries: at.map((rc) => rc!.cell.summary) };
}

/** An open results file: each cell appended with one write of its whole line, then fsync'ed. */
export class ResultsWriter {
  private fd: number;
  constructor(readonly path: string) {
    try {
      this.fd = openSync(path, "a");
    } catch (e) {
      throw new InputError(`cannot write '${path}': ${(e as Error).message}`);
    }
  }
  /** Cuts the file at `offset` (drops a truncated last line). */
  truncate(offset: number): void {
    ftruncateSync(this.fd, offset);
  }
  append(line: string): void {
    const buf = Buffer.from(line, "utf8");
    const n = writeSync(this.fd, buf);
    if (n !== buf.length) throw new Error(`short write to '${this.path}' (${n} of ${buf.length} bytes)`);
    fsyncSync(this.fd);
  }
  close(): void {
    closeSync(this.fd);
  }
}
