// Reader for traces in CSV, one row per task:
//
//     job_id,submit_time,duration
//
// - An optional first row that is exactly the header `job_id,submit_time,duration`.
// - job_id is any non-empty text (compared after trimming blanks around fields); the rows of
//   one job may be anywhere in the file but must all give the same submit_time.
// - Jobs are ordered by (submit_time, first appearance in the file); job ids in the resulting
//   `Trace` are these 0-based positions, not the file's job_id labels. Within a job, tasks
//   keep their file order.
// - submit_time >= 0, duration >= 0, both finite decimal numbers; `estimates` = the job's mean
//   task duration.
// - Standard CSV quoting is understood (csv-parse); a UTF-8 byte-order mark is skipped; blank
//   lines are skipped but counted for line numbers.
//
// Errors are `InputError`s: `NAME:LINE: field K (FIELDNAME): PROBLEM`.
// No node imports of its own; accepts text or bytes so it can run in a browser (with
// csv-parse's browser build, `csv-parse/browser/esm/sync`, aliased by the bundler).
import { parse } from "csv-parse/sync";
import { InputError } from "../errors.js";
import type { Trace } from "./types.js";
import { parseDecimal } from "./tr.js";

const HEADER = ["job_id", "submit_time", "duration"];
const MAX_TASKS = 2147483647;

const OPTIONS = { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true } as const;

export function parseCsv(text: string | Uint8Array, name: string): Trace {
  let rows: string[][];
  try {
    rows = parse(text, OPTIONS);
  } catch (e) {
    const err = e as Error & { lines?: number };
    const where = typeof err.lines === "number" ? `${name}:${err.lines}` : name;
    throw new InputError(`${where}: invalid CSV: ${err.message}`);
  }
  // Line numbers are only needed for messages: asking csv-parse for them on every record
  // doubles its time, so parse again with `info` when an error is reported.
  let lines: number[] | undefined;
  const lineOf = (r: number): number => {
    lines ??= (parse(text, { ...OPTIONS, info: true }) as unknown as Array<{ info: { lines: number } }>)
      .map((x) => x.info.lines);
    return lines[r];
  };

  const failAt = (r: number, k: number, problem: string): never => {
    throw new InputError(`${name}:${lineOf(r)}: field ${k} (${HEADER[k - 1]}): ${problem}`);
  };

  const ids = new Map<string, number>();
  const jobSubmit: number[] = [];
  const jobRow: number[] = [];
  const jobCount: number[] = [];
  const jobSum: number[] = [];
  const n = rows.length;
  const taskJob = new Int32Array(n);
  const taskDur = new Float64Array(n);
  let nt = 0;

  for (let r = 0; r < n; r++) {
    const record = rows[r];
    const fail = (k: number, problem: string) => failAt(r, k, problem);
    if (r === 0 && record.length === 3 && record[0] === HEADER[0] && record[1] === HEADER[1] && record[2] === HEADER[2]) {
      continue;
    }
    if (record.length !== 3) {
      throw new InputError(`${name}:${lineOf(r)}: expected 3 fields (job_id,submit_time,duration), found ${record.length}`);
    }
    const id = record[0];
    if (id === "") fail(1, "empty");
    const submit = parseDecimal(record[1]);
    if (Number.isNaN(submit)) fail(2, `${quote(record[1])} is not a number`);
    if (!Number.isFinite(submit)) fail(2, `${quote(record[1])} is not finite`);
    if (submit < 0) fail(2, `${quote(record[1])} is negative`);
    const dur = parseDecimal(record[2]);
    if (Number.isNaN(dur)) fail(3, `${quote(record[2])} is not a number`);
    if (!Number.isFinite(dur)) fail(3, `${quote(record[2])} is not finite`);
    if (dur < 0) fail(3, `${quote(record[2])} is negative`);

    let j = ids.get(id);
    if (j === undefined) {
      j = jobSubmit.length;
      ids.set(id, j);
      jobSubmit.push(submit + 0);
      jobRow.push(r);
      jobCount.push(0);
      jobSum.push(0);
    } else if (jobSubmit[j] !== submit + 0) {
      fail(2, `job ${quote(id)} has submit_time ${submit} here but ${jobSubmit[j]} on line ${lineOf(jobRow[j])}`);
    }
    if (nt >= MAX_TASKS) throw new InputError(`${name}:${lineOf(r)}: more than ${MAX_TASKS} tasks in total`);
    jobCount[j]++;
    jobSum[j] += dur;
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
    estimates[k] = jobSum[j] / jobCount[j];
    taskOffsets[k + 1] = taskOffsets[k] + jobCount[j];
  }
  const next = taskOffsets.slice(0, jobs);
  const durations = new Float64Array(nt);
  for (let t = 0; t < nt; t++) durations[next[rank[taskJob[t]]]++] = taskDur[t];

  return { name, arrivals, taskOffsets, durations, estimates };
}

function quote(s: string): string {
  const t = s.replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return `'${t.length > 40 ? t.slice(0, 40) + "..." : t}'`;
}
