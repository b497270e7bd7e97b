// Reader for traces in CSV, one row per task (docs/trace-formats.md describes both formats).
//
// v1, three columns in this order, header row optional:
//
//     job_id,submit_time,duration
//
// v2, a header row naming any of these columns in any order (the first three required):
//
//     job_id,submit_time,duration,task_id,estimate,stage,parents,demand[NAME;...],class,priority,user
//
// - The first row is a v2 header when one of its cells is a column name (any letter case) or
//   starts with `demand`, unless it reads as a v1 row (three cells, the last two numbers): a
//   file valid as v1 reads as before. The v1 header is also a v2 header, with the same result.
// - job_id is any non-empty text (compared after trimming blanks around fields); the rows of
//   one job may be anywhere in the file but must all give the same submit_time (and class,
//   priority, user).
// - Jobs are ordered by (submit_time, first appearance in the file); job ids in the resulting
//   `Trace` are these 0-based positions, and `jobIds` holds the file's labels. Within a job,
//   tasks keep their file order; parents may come after their children.
// - submit_time, duration, estimate >= 0, finite decimal numbers; stage an integer >= 0 and
//   priority an integer, both 32-bit; demand `;`-separated numbers >= 0, one per declared
//   dimension; class and user non-empty labels, numbered in order of first appearance in the
//   file; parents `;`-separated task_ids of the same job, checked after all rows are read.
// - `estimates` = the job's mean `estimate` if that column is there, else its mean duration.
// - Standard CSV quoting is understood (csv-parse); a UTF-8 byte-order mark is skipped; blank
//   lines are skipped but counted for line numbers.
//
// Errors are `InputError`s: `NAME:LINE: field K (FIELDNAME): PROBLEM`, K the 1-based column.
// No node imports of its own; accepts text or bytes so it can run in a browser (with
// csv-parse's browser build, `csv-parse/browser/esm/sync`, aliased by the bundler).
import { parse } from "csv-parse/sync";
import { InputError } from "../errors.js";
import type { Trace } from "./types.js";
import { escapeControls, parseDecimal } from "./tr.js";
import { DIMENSION_NAME, cycleText, findCycle, startAtLeast } from "./check.js";

const V1_HEADER = ["job_id", "submit_time", "duration"];
const OPTIONAL = ["task_id", "estimate", "stage", "parents", "class", "priority", "user"];
const COLUMN_NAMES = new Set([...V1_HEADER, ...OPTIONAL]);
const ALL_COLUMNS = [...V1_HEADER, ...OPTIONAL.slice(0, 4), "demand[NAME;...]", ...OPTIONAL.slice(4)].join(", ");
const INT_MAX = 2147483647;
const INT_MIN = -2147483648;
const MAX_TASKS = INT_MAX;

const OPTIONS = { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true } as const;

/** Positions (0-based) of the columns in a row; -1 for a column the file does not have. */
interface Layout {
  names: string[];
  job: number; submit: number; duration: number;
  task: number; estimate: number; stage: number; parents: number;
  demand: number; dimensions: string[];
  cls: number; priority: number; user: number;
}

const V1_LAYOUT: Layout = {
  names: V1_HEADER, job: 0, submit: 1, duration: 2,
  task: -1, estimate: -1, stage: -1, parents: -1, demand: -1, dimensions: [], cls: -1, priority: -1, user: -1,
};

/** csv-parse's browser build takes text or its own Buffer polyfill, not a Uint8Array. Under Node
 *  every byte array reaches csv-parse as a Buffer (a view, no copy), so a file read by
 *  readTraceFile and the same bytes given to parseCsv fail with the same message (an invalid
 *  UTF-8 byte is quoted as itself, not as the first byte of U+FFFD); in a browser the bytes are
 *  decoded first (UTF-8, a byte-order mark dropped, as csv-parse does). */
function csvInput(text: string | Uint8Array): string | Uint8Array {
  if (typeof text === "string") return text;
  const B = (globalThis as { Buffer?: { isBuffer(x: unknown): boolean; from(b: ArrayBufferLike, off: number, n: number): Uint8Array } }).Buffer;
  if (B === undefined) return new TextDecoder("utf-8").decode(text);
  return B.isBuffer(text) ? text : B.from(text.buffer, text.byteOffset, text.byteLength);
}

/** Parses a CSV trace (docs/trace-formats.md); `name` names it in messages. */
export function parseCsv(bytesOrText: string | Uint8Array, name: string): Trace {
  const text = csvInput(bytesOrText);
  let rows: string[][];
  try {
    rows = parse(text, OPTIONS);
  } catch (e) {
    const err = e as Error & { lines?: number };
    const where = typeof err.lines === "number" ? `${name}:${err.lines}` : name;
    // (csv-parse's message may quote the field, which can hold a line break)
    throw new InputError(`${where}: invalid CSV: ${escapeControls(String(err.message))}`);
  }
  // Line numbers are only needed for messages: asking csv-parse for them on every record
  // doubles its time, so parse again with `info` when an error is reported.
  let lines: number[] | undefined;
  const lineOf = (r: number): number => {
    lines ??= (parse(text, { ...OPTIONS, info: true }) as unknown as Array<{ info: { lines: number } }>)
      .map((x) => x.info.lines);
    return lines[r];
  };
  const n = rows.length;
  const hasHeader = n > 0 && isHeader(rows[0]);
  const c = hasHeader ? readHeader(rows[0], (problem) => { throw new InputError(`${name}:${lineOf(0)}: ${problem}`); }) : V1_LAYOUT;
  const first = hasHeader ? 1 : 0; // row of task 0
  const failAt = (r: number, k: number, problem: string): never => {
    throw new InputError(`${name}:${lineOf(r)}: field ${k + 1} (${escapeControls(c.names[k])}): ${problem}`);
  };

  const dims = c.dimensions.length;
  const ids = new Map<string, number>();
  const jobLabel: string[] = [];
  const jobSubmit: number[] = [];
  const jobRow: number[] = [];
  const jobCount: number[] = [];
  const jobSum: number[] = [];
  const jobEstimateSum: number[] = [];
  const jobClass: number[] = [];
  const jobPriority: number[] = [];
  const jobUser: number[] = [];
  const jobTasks: Array<Map<string, number>> = []; // task_id -> task (file order)
  const classes = new Labels();
  const users = new Labels();
  const taskJob = new Int32Array(n);
  const taskDur = new Float64Array(n);
  const taskEst = c.estimate >= 0 ? new Float64Array(n) : undefined;
  const taskStage = c.stage >= 0 ? new Int32Array(n) : undefined;
  const taskDemand = c.demand >= 0 ? new Float64Array(n * dims) : undefined;
  const taskId: string[] = [];
  const taskParents: string[] = [];
  let nt = 0;
  let lastId = "", lastJob = 0;

  for (let r = first; r < n; r++) {
    const record = rows[r];
    if (record.length !== c.names.length) {
      throw new InputError(`${name}:${lineOf(r)}: expected ${c.names.length} fields (${escapeControls(c.names.join(","))}), found ${record.length}`);
    }
    const id = record[c.job];
    if (id === "") failAt(r, c.job, "empty");
    const submit = parseDecimal(record[c.submit]);
    if (!(submit >= 0 && submit < Infinity)) failAt(r, c.submit, realProblem(record[c.submit], submit));
    const dur = parseDecimal(record[c.duration]);
    if (!(dur >= 0 && dur < Infinity)) failAt(r, c.duration, realProblem(record[c.duration], dur));
    let est = 0;
    if (taskEst) {
      est = parseDecimal(record[c.estimate]);
      if (!(est >= 0 && est < Infinity)) failAt(r, c.estimate, realProblem(record[c.estimate], est));
      taskEst[nt] = est + 0;
    }
    if (taskStage) {
      const s = record[c.stage];
      const v = parseDecimal(s);
      if (!(Number.isInteger(v) && v >= 0 && v <= INT_MAX)) failAt(r, c.stage, intProblem(s, v, 0));
      taskStage[nt] = v;
    }
    if (taskDemand) {
      const cell = record[c.demand];
      const values = itemCount(cell);
      if (values !== dims) failAt(r, c.demand, `${values} value${values === 1 ? "" : "s"}, expected ${dims} (${c.dimensions.join(";")})`);
      for (let d = 0, from = 0; d < dims; d++) {
        const to = itemEnd(cell, from);
        const s = cell.slice(from, to).trim();
        const v = parseDecimal(s);
        if (!(v >= 0 && v < Infinity)) failAt(r, c.demand, `${c.dimensions[d]}: ${realProblem(s, v)}`);
        taskDemand[nt * dims + d] = v + 0;
        from = to + 1;
      }
    }
    let cls = 0, priority = 0, user = 0;
    if (c.cls >= 0) {
      if (record[c.cls] === "") failAt(r, c.cls, "empty");
      cls = classes.index(record[c.cls]);
    }
    if (c.priority >= 0) {
      const s = record[c.priority];
      priority = parseDecimal(s);
      if (!(Number.isInteger(priority) && priority >= INT_MIN && priority <= INT_MAX)) failAt(r, c.priority, intProblem(s, priority, INT_MIN));
      priority += 0;
    }
    if (c.user >= 0) {
      if (record[c.user] === "") failAt(r, c.user, "empty");
      user = users.index(record[c.user]);
    }

    // rows of a job usually come together: the previous row's job saves a lookup
    let j = id === lastId ? lastJob : ids.get(id);
    if (j === undefined) {
      j = jobSubmit.length;
      ids.set(id, j);
      jobLabel.push(id);
      jobSubmit.push(submit + 0);
      jobRow.push(r);
      jobCount.push(0);
      jobSum.push(0);
      jobEstimateSum.push(0);
      jobClass.push(cls);
      jobPriority.push(priority);
      jobUser.push(user);
      if (c.task >= 0) jobTasks.push(new Map());
    } else {
      if (jobSubmit[j] !== submit + 0) failAt(r, c.submit, disagree(id, "submit_time", `${submit}`, `${jobSubmit[j]}`, lineOf(jobRow[j])));
      if (jobClass[j] !== cls) failAt(r, c.cls, disagree(id, "class", quote(record[c.cls]), quote(classes.names[jobClass[j]]), lineOf(jobRow[j])));
      if (jobPriority[j] !== priority) failAt(r, c.priority, disagree(id, "priority", `${priority}`, `${jobPriority[j]}`, lineOf(jobRow[j])));
      if (jobUser[j] !== user) failAt(r, c.user, disagree(id, "user", quote(record[c.user]), quote(users.names[jobUser[j]]), lineOf(jobRow[j])));
    }
    if (c.task >= 0) {
      const tid = record[c.task];
      if (tid === "") failAt(r, c.task, "empty");
      // parents lists are split at ';' and trimmed: an id they could not name is refused here
      if (tid.includes(";") || tid.trim() !== tid) failAt(r, c.task, `${quote(tid)} has a ';' or blanks at an end (parents could not name it)`);
      const tasks = jobTasks[j];
      const twin = tasks.get(tid);
      if (twin !== undefined) failAt(r, c.task, `job ${quote(id)} has task ${quote(tid)} twice (first on line ${lineOf(first + twin)})`);
      tasks.set(tid, nt);
      taskId.push(tid);
    }
    if (c.parents >= 0) taskParents.push(record[c.parents]);
    lastId = id;
    lastJob = j;
    if (nt >= MAX_TASKS) throw new InputError(`${name}:${lineOf(r)}: more than ${MAX_TASKS} tasks in total`);
    jobCount[j]++;
    jobSum[j] += dur;
    jobEstimateSum[j] += est;
    taskJob[nt] = j;
    taskDur[nt] = dur + 0;
    nt++;
  }

  const jobs = jobSubmit.length;
  if (jobs === 0) throw new InputError(`${name}: no jobs (the file is empty or has only a header)`);

  // Order jobs by (submit_time, first appearance); Array.prototype.sort is stable and ids
  // are numbered by first appearance, so sorting by submit_time alone suffices.
  const order = Array.from({ length: jobs }, (_, i) => i);
  order.sort((a, b) => jobSubmit[a] - jobSubmit[b]);
  const rank = new Int32Array(jobs);
  const arrivals = new Float64Array(jobs);
  const estimates = new Float64Array(jobs);
  const taskOffsets = new Int32Array(jobs + 1);
  for (let k = 0; k < jobs; k++) {
    const j = order[k];
    rank[j] = k;
    arrivals[k] = jobSubmit[j];
    estimates[k] = (taskEst ? jobEstimateSum[j] : jobSum[j]) / jobCount[j];
    taskOffsets[k + 1] = taskOffsets[k] + jobCount[j];
  }
  const next = taskOffsets.slice(0, jobs);
  const pos = new Int32Array(nt); // file task -> index in the trace
  const durations = new Float64Array(nt);
  for (let t = 0; t < nt; t++) {
    const p = next[rank[taskJob[t]]]++;
    pos[t] = p;
    durations[p] = taskDur[t];
  }
  const trace: Trace = { name, arrivals, taskOffsets, durations, estimates, jobIds: order.map((j) => jobLabel[j]) };

  if (taskEst) trace.taskEstimates = permute(new Float64Array(nt), taskEst, pos);
  // A job whose values add up past the largest double (each near 1.8e308) has an infinite sum:
  // its mean is taken again from the values divided first (a mean lies within its values).
  for (let k = 0; k < jobs; k++) {
    if (estimates[k] === Infinity) estimates[k] = mean(trace.taskEstimates ?? durations, taskOffsets[k], taskOffsets[k + 1]);
  }
  if (taskStage) trace.stages = permute(new Int32Array(nt), taskStage, pos);
  if (taskDemand) {
    const demands = new Float64Array(nt * dims);
    for (let t = 0; t < nt; t++) {
      for (let d = 0, from = t * dims, to = pos[t] * dims; d < dims; d++) demands[to + d] = taskDemand[from + d];
    }
    trace.demandNames = c.dimensions;
    trace.demands = demands;
  }
  if (c.task >= 0) trace.taskIds = permute(new Array<string>(nt), taskId, pos);
  if (c.cls >= 0) {
    trace.jobClasses = Int32Array.from(order, (j) => jobClass[j]);
    trace.classNames = classes.names;
  }
  if (c.priority >= 0) trace.priorities = Int32Array.from(order, (j) => jobPriority[j]);
  if (c.user >= 0) {
    trace.users = Int32Array.from(order, (j) => jobUser[j]);
    trace.userNames = users.names;
  }
  if (c.parents >= 0) {
    const fail = (t: number, problem: string): never => failAt(first + t, c.parents, problem);
    const { parentOffsets, parents } = linkParents(taskParents, taskJob, jobTasks, jobLabel, pos, fail);
    const cycle = findCycle(parentOffsets, parents);
    if (cycle) {
      const fileTask = new Int32Array(nt);
      for (let t = 0; t < nt; t++) fileTask[pos[t]] = t;
      const tasks = startAtLeast(cycle, (k) => fileTask[k]); // reported on the line of its first task in the file
      const job = jobLabel[taskJob[fileTask[tasks[0]]]];
      fail(fileTask[tasks[0]], cycleText(tasks.map((k) => quote(trace.taskIds![k])), ` in job ${quote(job)}`));
    }
    trace.parentOffsets = parentOffsets;
    trace.parents = parents;
  }
  return trace;
}

/** Whether the first row names columns (see the top of this file). */
function isHeader(row: string[]): boolean {
  if (row.length === 3 && !Number.isNaN(parseDecimal(row[1])) && !Number.isNaN(parseDecimal(row[2]))) return false;
  return row.some((cell) => {
    const lower = cell.toLowerCase();
    return COLUMN_NAMES.has(lower) || lower.startsWith("demand");
  });
}

function readHeader(row: string[], failLine: (problem: string) => never): Layout {
  const c: Layout = {
    names: row, job: -1, submit: -1, duration: -1,
    task: -1, estimate: -1, stage: -1, parents: -1, demand: -1, dimensions: [], cls: -1, priority: -1, user: -1,
  };
  const fail = (k: number, problem: string): never => failLine(`field ${k + 1} (${escapeControls(row[k])}): ${problem}`);
  const seen = new Map<string, number>();
  for (let k = 0; k < row.length; k++) {
    const cell = row[k];
    let key = cell;
    if (cell === "") fail(k, "empty column name");
    if (cell.startsWith("demand")) {
      key = "demand";
      c.dimensions = readDimensions(cell, (problem) => fail(k, problem));
    } else if (!COLUMN_NAMES.has(cell)) {
      fail(k, `unknown column (the columns are ${ALL_COLUMNS})`);
    }
    const twin = seen.get(key);
    if (twin !== undefined) fail(k, `duplicate column (also field ${twin + 1})`);
    seen.set(key, k);
  }
  for (const required of V1_HEADER) {
    if (!seen.has(required)) failLine(`missing column '${required}' (required: ${V1_HEADER.join(", ")})`);
  }
  const at = (key: string) => seen.get(key) ?? -1;
  c.job = at("job_id"); c.submit = at("submit_time"); c.duration = at("duration");
  c.task = at("task_id"); c.estimate = at("estimate"); c.stage = at("stage"); c.parents = at("parents");
  c.demand = at("demand"); c.cls = at("class"); c.priority = at("priority"); c.user = at("user");
  if (c.parents >= 0 && c.task < 0) fail(c.parents, "needs a task_id column (parents are named by task_id)");
  return c;
}

/** The dimension names of a `demand[NAME;NAME;...]` header cell. */
function readDimensions(cell: string, fail: (problem: string) => never): string[] {
  const m = /^demand\[(.*)\]$/.exec(cell);
  if (!m) return fail("malformed demand column: declare its dimensions, e.g. demand[cpu;mem]");
  const names = m[1].split(";").map((s) => s.trim());
  const seen = new Set<string>();
  for (let d = 0; d < names.length; d++) {
    if (names[d] === "") fail(`dimension ${d + 1} has no name`);
    if (!DIMENSION_NAME.test(names[d])) fail(`dimension name ${quote(names[d])} may only have letters, digits, _ and -`);
    if (seen.has(names[d])) fail(`dimension ${quote(names[d])} is declared twice`);
    seen.add(names[d]);
  }
  return names;
}

/** Resolves each task's `parents` cell to the trace's task indices (CSR, in trace order). */
function linkParents(cells: string[], taskJob: Int32Array, jobTasks: Array<Map<string, number>>, jobLabel: string[],
                     pos: Int32Array, fail: (t: number, problem: string) => never): { parentOffsets: Int32Array; parents: Int32Array } {
  const nt = cells.length;
  const start = new Int32Array(nt + 1); // file order
  let refs = new Int32Array(Math.max(16, nt));
  let m = 0;
  const seen = new Int32Array(nt).fill(-1); // seen[q] === t: q is already in task t's list
  for (let t = 0; t < nt; t++) {
    const cell = cells[t];
    if (cell !== "") {
      const j = taskJob[t];
      for (let from = 0; from <= cell.length; ) {
        const to = itemEnd(cell, from);
        const item = cell.slice(from, to).trim();
        from = to + 1;
        if (item === "") fail(t, `empty item in ${quote(cell)}`);
        const q = jobTasks[j].get(item);
        if (q === undefined) {
          const other = jobTasks.findIndex((tasks) => tasks.has(item));
          if (other >= 0) fail(t, `parent ${quote(item)} is a task of job ${quote(jobLabel[other])}, not of job ${quote(jobLabel[j])}`);
          return fail(t, `missing parent ${quote(item)}: job ${quote(jobLabel[j])} has no task of that id`);
        }
        if (seen[q] === t) fail(t, `parent ${quote(item)} is listed twice`);
        seen[q] = t;
        if (m === INT_MAX) fail(t, `more than ${INT_MAX} parents in total`);
        if (m === refs.length) {
          const grown = new Int32Array(Math.min(INT_MAX, 2 * m));
          grown.set(refs);
          refs = grown;
        }
        refs[m++] = q;
      }
    }
    start[t + 1] = m;
  }
  const parentOffsets = new Int32Array(nt + 1);
  for (let t = 0; t < nt; t++) parentOffsets[pos[t] + 1] = start[t + 1] - start[t];
  for (let k = 0; k < nt; k++) parentOffsets[k + 1] += parentOffsets[k];
  const parents = new Int32Array(m);
  for (let t = 0; t < nt; t++) {
    for (let e = start[t], out = parentOffsets[pos[t]]; e < start[t + 1]; e++) parents[out++] = pos[refs[e]];
  }
  return { parentOffsets, parents };
}

// `;`-separated lists (demand, parents) are scanned in place: split() allocating an array per
// row was the reader's largest cost after csv-parse itself.

/** Number of `;`-separated items in `cell`; 0 for an empty cell. */
function itemCount(cell: string): number {
  if (cell === "") return 0;
  let n = 1;
  for (let i = cell.indexOf(";"); i >= 0; i = cell.indexOf(";", i + 1)) n++;
  return n;
}

/** End of the item that starts at `from`. */
function itemEnd(cell: string, from: number): number {
  const i = cell.indexOf(";", from);
  return i < 0 ? cell.length : i;
}

/** The mean of a[lo, hi) without overflow: the sum of a[k] / n, at most the largest value. */
function mean(a: Float64Array, lo: number, hi: number): number {
  const n = hi - lo;
  let m = 0, max = 0;
  for (let k = lo; k < hi; k++) { m += a[k] / n; if (a[k] > max) max = a[k]; }
  return Math.min(m, max);
}

/** `to[pos[t]] = from[t]` for every t. */
function permute<A extends { [i: number]: V }, V>(to: A, from: { readonly [i: number]: V }, pos: Int32Array): A {
  for (let t = 0; t < pos.length; t++) to[pos[t]] = from[t];
  return to;
}

/** Label -> index, numbered in order of first appearance. */
class Labels {
  readonly names: string[] = [];
  private readonly map = new Map<string, number>();
  private last = "";
  private lastIndex = -1;
  index(label: string): number {
    if (label === this.last) return this.lastIndex;
    let i = this.map.get(label);
    if (i === undefined) {
      i = this.names.length;
      this.map.set(label, i);
      this.names.push(label);
    }
    this.last = label;
    this.lastIndex = i;
    return i;
  }
}

function disagree(id: string, what: string, here: string, there: string, line: number): string {
  return `job ${quote(id)} has ${what} ${here} here but ${there} on line ${line}`;
}

/** Why `s` (read as `v`) is not a finite number >= 0. */
function realProblem(s: string, v: number): string {
  if (Number.isNaN(v)) return `${quote(s)} is not a number`;
  if (!Number.isFinite(v)) return `${quote(s)} is not finite`;
  return `${quote(s)} is negative`;
}

/** Why `s` (read as `v`) is not a 32-bit integer >= `min`. */
function intProblem(s: string, v: number, min: number): string {
  if (Number.isNaN(v)) return `${quote(s)} is not a number`;
  if (!Number.isFinite(v)) return `${quote(s)} is not finite`;
  if (!Number.isInteger(v)) return `${quote(s)} is not an integer`;
  if (v < min) return min === 0 ? `${quote(s)} is negative` : `${quote(s)} is below ${min}`;
  return `${quote(s)} is above ${INT_MAX}`;
}

function quote(s: string): string {
  const t = escapeControls(s);
  return `'${t.length > 40 ? t.slice(0, 40) + "..." : t}'`;
}
