// Reader for the Hawk/Eagle `.tr` trace format (browser-safe: no node imports).
//
// One job per line:
//
//     submission_time  num_tasks  mean_task_duration  duration_1 ... duration_num_tasks
//
// - Fields are separated by one or more spaces or tabs; leading/trailing blanks are ignored;
//   a carriage return counts as a blank, so CRLF files read like LF files. A UTF-8 byte-order
//   mark at the very start of the file is skipped.
// - Blank lines (nothing but blanks) are skipped, but still counted for line numbers in
//   error messages (line numbers are 1-based physical lines).
// - Job ids are the 0-based order of the non-blank lines: the first job in the file is job 0.
// - Numbers are plain decimals as `parseFloat` reads them (`12`, `-0.5`, `.5`, `5.`, `1e-3`,
//   `2.5E+4`), but the whole field must be a number (`12abc`, `0x10`, `NaN`, `Infinity` are
//   rejected). Values are exactly `parseFloat`'s.
// - Checks: submission_time >= 0 and not earlier than the previous job's (files must be
//   sorted); num_tasks a positive integer (an integral value such as `5.0` is accepted) and
//   equal to the number of durations on the line; mean_task_duration >= 0; durations >= 0;
//   all values finite; at least one job; at most 2^31-1 tasks in total.
// - `estimates` is the mean_task_duration field as given (not recomputed).
//
// Every problem is an `InputError` whose message is one line:
//     NAME:LINE: field K (FIELDNAME): PROBLEM
// with K the 1-based field position on the line.
import { InputError, escapeControls } from "../errors.js";
import type { Trace } from "./types.js";

const SP = 32, TAB = 9, CR = 13, LF = 10, DOT = 46, MINUS = 45, PLUS = 43;
const MAX_TASKS = 2147483647;

/** Exact powers of ten 10^0 .. 10^22 (all exactly representable as doubles). */
const POW10 = new Float64Array(23);
for (let i = 0, p = 1; i <= 22; i++, p *= 10) POW10[i] = p;

const DECIMAL_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Parses a whole string as a decimal number (the syntax described above); NaN if it is not
 *  one. For valid input the value is exactly `parseFloat(s)`. Leading/trailing white space
 *  is not allowed. */
export function parseDecimal(s: string): number {
  return DECIMAL_RE.test(s) ? Number(s) : NaN;
}

function latin1(b: Uint8Array, s: number, e: number): string {
  let out = "";
  for (let i = s; i < e; i++) out += String.fromCharCode(b[i]);
  return out;
}

/** Set by `scanNumber` when the token is a valid number outside the fast path. */
let needSlow = false;
const TWO53 = 9007199254740992;

/** Scans bytes [s, e) as one decimal number. Returns its value when the fast path applies;
 *  NaN when the bytes are not exactly one number; otherwise sets `needSlow` (the token is
 *  valid, convert its text with `Number`) and returns 0.
 *
 *  Fast path (Clinger): the significant digits form an integer m < 2^53 (at most 16 digits)
 *  and the decimal exponent k (exponent field minus fraction digits) has |k| <= 22. Then m
 *  and 10^|k| are exact doubles and one IEEE multiplication or division gives the correctly
 *  rounded result, which is what `parseFloat` returns. */
function scanNumber(b: Uint8Array, s: number, e: number): number {
  let p = s;
  let neg = false;
  if (p < e) {
    const c = b[p];
    if (c === MINUS) { neg = true; p++; } else if (c === PLUS) p++;
  }
  let m = 0, nd = 0, scale = 0, any = false;
  let d: number;
  while (p < e && (d = b[p] - 48) >= 0 && d <= 9) {
    if (nd !== 0 || d !== 0) { m = m * 10 + d; nd++; }
    any = true; p++;
  }
  if (p < e && b[p] === DOT) {
    p++;
    while (p < e && (d = b[p] - 48) >= 0 && d <= 9) {
      if (nd !== 0 || d !== 0) { m = m * 10 + d; nd++; }
      scale++; any = true; p++;
    }
  }
  if (!any) return NaN;
  let k = -scale;
  if (p < e) {
    const c = b[p];
    if (c !== 101 && c !== 69) return NaN; // 'e' 'E'
    p++;
    let eneg = false;
    if (p < e) {
      const c2 = b[p];
      if (c2 === MINUS) { eneg = true; p++; } else if (c2 === PLUS) p++;
    }
    if (p >= e) return NaN;
    let x = 0;
    while (p < e && (d = b[p] - 48) >= 0 && d <= 9) {
      if (x < 100000) x = x * 10 + d;
      p++;
    }
    if (p !== e) return NaN;
    k += eneg ? -x : x;
  }
  if (nd <= 16 && m < TWO53) {
    if (m === 0) return neg ? -0 : 0;
    if (k >= -22 && k <= 22) {
      const v = k === 0 ? m : k < 0 ? m / POW10[-k] : m * POW10[k];
      return neg ? -v : v;
    }
  }
  needSlow = true;
  return 0;
}

/** Parses bytes [s, e) of `b` as one decimal number; NaN if they are not exactly one number
 *  (the syntax above, nothing else in the field). The result is identical to `parseFloat`
 *  of the same text. */
export function parseNumber(b: Uint8Array, s: number, e: number): number {
  const v = scanNumber(b, s, e);
  if (needSlow) {
    needSlow = false;
    return Number(latin1(b, s, e));
  }
  return v;
}

function quote(b: Uint8Array, s: number, e: number): string {
  const max = 40;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: false }).decode(b.subarray(s, Math.min(e, s + max * 4)));
  } catch {
    text = latin1(b, s, Math.min(e, s + max));
  }
  // Keep the message on one line and short: control characters (C0, DEL, C1) and the Unicode
  // line and paragraph separators are shown escaped.
  text = escapeControls(text);
  if (text.length > max || e - s > max * 4) text = text.slice(0, max) + "...";
  return `'${text}'`;
}

/** `s` with control characters (C0, DEL, C1: U+0085 is a line break to some) and U+2028/U+2029
 *  written as `\xHH` / `\uHHHH`, so that a message quoting it stays on one line. */
export { escapeControls };

function fieldName(k: number): string {
  if (k === 1) return "submission_time";
  if (k === 2) return "num_tasks";
  if (k === 3) return "mean_task_duration";
  return `duration ${k - 3}`;
}

/** Columns a parser fills in place (sized for the whole input beforehand, e.g. by `TrCounter`,
 *  possibly on shared memory that another thread reads as they fill). */
export interface TrColumns {
  arrivals: Float64Array;
  estimates: Float64Array;
  /** jobs + 1 entries. */
  offsets: Int32Array;
  durations: Float64Array;
}

/** A copy of `a` with room for at least `need` values (doubling, so appends stay amortised O(1)). */
function grow<T extends Float64Array | Int32Array>(a: T, need: number): T {
  let cap = a.length * 2;
  if (cap < need) cap = need;
  const n = (a instanceof Float64Array ? new Float64Array(cap) : new Int32Array(cap)) as T;
  n.set(a);
  return n;
}

/** The columns one parser read from a part of a split input (parallel parsing: a second
 *  parser reads the lines after a line boundary while the first reads the ones before). */
export interface TrPart {
  jobs: number;
  tasks: number;
  arrivals: Float64Array;
  estimates: Float64Array;
  /** jobs + 1 entries, from 0 (task indices within the part). */
  offsets: Int32Array;
  durations: Float64Array;
}

/**
 * Streaming `.tr` parser. Feed the file in chunks of any size and split (a number or a
 * line may straddle chunks) with `push`, then call `end` for the `Trace`. Chunks are not
 * retained, so the caller may reuse its buffer. After an error the parser is unusable.
 */
export class TrParser {
  readonly name: string;
  private line = 0; // physical lines started so far (1-based number of the current line)
  private jobs = 0;
  private tasks = 0;
  private arrivals: Float64Array = new Float64Array(1024);
  private estimates: Float64Array = new Float64Array(1024);
  private offsets: Int32Array = new Int32Array(1025);
  private durations: Float64Array = new Float64Array(8192);
  /** Bytes after the last newline seen, waiting for the rest of their line. */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private state: "open" | "done" | "failed" = "open";
  /** Expected total bytes (the file size), or 0: sizes the columns once after the first block. */
  private sizeHint: number;
  private bytesSeen = 0;

  /** False for a parser that starts after a line boundary inside the input (parallel
   *  parsing): no byte-order mark is skipped there. */
  private readonly atStart: boolean;
  /** The columns were given (`columns`): they never grow; needing more is an error. */
  private readonly fixed: boolean;
  /** Fixed columns: the current line has more durations than they hold. The line is read on, into
   *  a private copy, so that its own problem (more durations than its num_tasks, a bad value) is
   *  reported as a one-pass parse reports it; if it has none, the file changed since it was
   *  counted. */
  private overflow = false;

  /** `sizeHint`: the input's total size in bytes, if known. After the first block the parser
   *  sizes its columns for the whole input from that block's bytes per task and per job (plus
   *  a margin), so at full trace size they are not regrown and copied step by step: on this
   *  class of VM fresh memory costs more than the parsing (page faults). */
  constructor(name: string, sizeHint = 0, atStart = true, columns?: TrColumns) {
    this.name = name;
    this.sizeHint = columns ? 0 : sizeHint;
    this.atStart = atStart;
    this.fixed = columns !== undefined;
    if (columns) {
      this.arrivals = columns.arrivals;
      this.estimates = columns.estimates;
      this.offsets = columns.offsets;
      this.durations = columns.durations;
      this.offsets[0] = 0;
    }
  }

  /** Jobs read so far (whole lines). */
  get jobCount(): number { return this.jobs; }

  /** The input holds more than the given columns: it changed since it was counted. */
  private outgrown(): never {
    throw new InputError(`${this.name}: the file changed while it was read (more jobs or tasks than counted)`);
  }

  /** Sizes the columns for the whole input from what the first block held. */
  private presize(blockBytes: number): void {
    const hint = this.sizeHint;
    this.sizeHint = 0;
    if (!(hint > blockBytes * 2) || this.tasks === 0) return;
    const scale = (hint / blockBytes) * 1.15;
    const tasks = Math.min(MAX_TASKS, Math.ceil(this.tasks * scale) + 8192);
    const jobs = Math.min(MAX_TASKS, Math.ceil(this.jobs * scale) + 1024);
    if (tasks > this.durations.length) this.durations = grow(this.durations, tasks);
    if (jobs > this.arrivals.length) {
      this.arrivals = grow(this.arrivals, jobs);
      this.estimates = grow(this.estimates, jobs);
      this.offsets = grow(this.offsets, jobs + 1);
    }
  }

  /** Reads the next bytes of the input (any chunking gives the same result). */
  push(chunk: Uint8Array): void {
    this.check();
    const last = chunk.lastIndexOf(LF);
    if (last < 0) {
      if (chunk.length > 0) {
        this.pending.push(new Uint8Array(chunk)); // a copy (Buffer#slice would not copy)
        this.pendingBytes += chunk.length;
      }
      return;
    }
    let from = 0;
    if (this.pendingBytes > 0) {
      // The line begun in earlier chunks, completed up to its newline in this one, is parsed
      // on its own (a small copy); the chunk's other whole lines are parsed in place.
      const first = chunk.indexOf(LF);
      const block = new Uint8Array(this.pendingBytes + first + 1);
      let o = 0;
      for (const p of this.pending) { block.set(p, o); o += p.length; }
      block.set(chunk.subarray(0, first + 1), o);
      this.pending = [];
      this.pendingBytes = 0;
      this.run(block, block.length);
      from = first + 1;
    }
    // A plain Uint8Array view even of a Buffer: parseBlock then sees one map (a Buffer here
    // and the Uint8Array blocks above made its element loads polymorphic).
    if (from <= last) this.run(new Uint8Array(chunk.buffer, chunk.byteOffset + from, last + 1 - from), last + 1 - from);
    if (last + 1 < chunk.length) {
      this.pending.push(new Uint8Array(chunk.subarray(last + 1)));
      this.pendingBytes = chunk.length - last - 1;
    }
  }

  private flush(): void {
    if (this.pendingBytes > 0) {
      // The unterminated last line, with a newline appended (parseBlock's sentinel; a line
      // ending at the end of the input reads the same with or without one).
      const block = new Uint8Array(this.pendingBytes + 1);
      let o = 0;
      for (const p of this.pending) { block.set(p, o); o += p.length; }
      block[o] = LF;
      this.pending = [];
      this.pendingBytes = 0;
      this.run(block, block.length);
    }
  }

  /** Ends a part of a split input (see `TrPart`): its columns, which may hold no job. */
  endPart(): TrPart {
    this.check();
    this.flush();
    this.state = "done";
    const j = this.jobs, t = this.tasks;
    return { jobs: j, tasks: t, arrivals: this.arrivals.subarray(0, j), estimates: this.estimates.subarray(0, j),
      offsets: this.offsets.subarray(0, j + 1), durations: this.durations.subarray(0, t) };
  }

  /** Appends the part a second parser read from the bytes right after this parser's (which
   *  must end at a line boundary). Returns false, appending nothing, if the two do not join
   *  into a valid trace (a submission time earlier than this part's last, or too many tasks):
   *  the caller then parses the input in one pass, which reports the first problem with its
   *  line number. */
  appendPart(part: TrPart): boolean {
    this.check();
    if (this.pendingBytes > 0) throw new Error("TrParser.appendPart: the first part does not end at a line boundary");
    if (part.jobs === 0) return true;
    const j = this.jobs, t = this.tasks;
    if (j > 0 && part.arrivals[0] < this.arrivals[j - 1]) return false;
    if (part.tasks > MAX_TASKS - t) return false;
    if (j + part.jobs > this.arrivals.length) {
      this.arrivals = grow(this.arrivals, j + part.jobs);
      this.estimates = grow(this.estimates, j + part.jobs);
      this.offsets = grow(this.offsets, j + part.jobs + 1);
    }
    if (t + part.tasks > this.durations.length) this.durations = grow(this.durations, t + part.tasks);
    this.arrivals.set(part.arrivals, j);
    this.estimates.set(part.estimates, j);
    const off = this.offsets;
    for (let k = 1; k <= part.jobs; k++) off[j + k] = t + part.offsets[k];
    this.durations.set(part.durations, t);
    this.jobs = j + part.jobs;
    this.tasks = t + part.tasks;
    return true;
  }

  /** The trace read (InputError naming the line of the first problem). */
  end(): Trace {
    this.check();
    this.flush();
    this.state = "done";
    if (this.jobs === 0) {
      throw new InputError(`${this.name}: no jobs (the file is empty or has only blank lines)`);
    }
    const j = this.jobs, t = this.tasks;
    if (this.fixed && (j !== this.arrivals.length || t !== this.durations.length)) {
      throw new InputError(`${this.name}: the file changed while it was read (fewer jobs or tasks than counted)`);
    }
    // A column at least half full is returned as a view (no copy: the unused tail was never
    // written, so it holds no memory); a mostly empty one is copied to its size.
    const fit = <A extends Float64Array | Int32Array>(a: A, n: number): A =>
      (n * 2 >= a.length ? a.subarray(0, n) : a.slice(0, n)) as A;
    return {
      name: this.name,
      arrivals: fit(this.arrivals, j),
      taskOffsets: fit(this.offsets, j + 1),
      durations: fit(this.durations, t),
      estimates: fit(this.estimates, j),
    };
  }

  private check(): void {
    if (this.state === "done") throw new Error("TrParser: already ended");
    if (this.state === "failed") throw new Error("TrParser: used after an error");
  }

  private run(b: Uint8Array, end: number): void {
    try {
      this.parseBlock(b, end);
      const first = this.bytesSeen === 0;
      this.bytesSeen += end;
      if (first && this.sizeHint > 0) this.presize(end);
    } catch (e) {
      this.state = "failed";
      throw e;
    }
  }

  private fail(k: number, problem: string): never {
    throw new InputError(`${this.name}:${this.line}: field ${k} (${fieldName(k)}): ${problem}`);
  }

  /** Grows the durations column for one more task (at nt); fails past MAX_TASKS. */
  private growDurations(nt: number): Float64Array {
    if (nt >= MAX_TASKS) this.fail(2, `more than ${MAX_TASKS} tasks in total`);
    if (this.fixed) this.overflow = true;
    return (this.durations = grow(this.durations, Math.min(nt + 1, MAX_TASKS)));
  }

  /** Parses whole lines in b[0, end), which ends with a newline (b[end - 1] is LF: `push`
   *  passes blocks up to a newline and `flush` appends one to an unterminated last line).
   *  That newline is a sentinel: the scanning loops stop at it without checking `end`. */
  private parseBlock(b: Uint8Array, end: number): void {
    let i = 0;
    // UTF-8 byte-order mark at the start of the file.
    if (this.atStart && this.line === 0 && end >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) i = 3;
    let durs = this.durations;
    let nt = this.tasks;
    let line = this.line;
    let c = 0;
    while (i < end) {
      this.line = ++line; // for `fail`
      let field = 0;
      let arrival = 0, mean = 0, declared = 0;
      const jobStart = nt;
      for (;;) {
        // Skip blanks (the line's LF stops this loop).
        while ((c = b[i]) === SP || c === TAB || c === CR) i++;
        if (c === LF) { i++; break; }
        const s = i;
        field++;
        // Fast path: an unsigned plain decimal `III`, `III.FFF`, `.FFF` or `III.` with at most
        // 9 digits on either side of the point, read as two int32s (no overflow at 9 digits)
        // and combined once: m = III * 10^f + FFF is an exact integer when m < 2^53, so
        // m / 10^f is the correctly rounded value (Clinger), i.e. `parseFloat`'s. Anything
        // else (a sign, an exponent, longer digit runs, stray bytes) takes the general path.
        let d = c - 48;
        let a = 0;
        while (d >>> 0 < 10) { a = (a * 10 + d) | 0; d = b[++i] - 48; }
        const ni = i - s;
        let f = 0, nf = 0;
        if (d === DOT - 48) {
          const fs = ++i;
          d = b[i] - 48;
          while (d >>> 0 < 10) { f = (f * 10 + d) | 0; d = b[++i] - 48; }
          nf = i - fs;
        }
        c = d + 48;
        let v: number;
        if ((c === SP || c === LF || c === TAB || c === CR) && ni <= 9 && nf <= 9 && ni + nf > 0 &&
            (v = a * POW10[nf] + f) < TWO53) {
          if (nf !== 0) v /= POW10[nf];
        } else {
          // General path: the whole field up to the next blank or newline.
          while ((c = b[i]) !== SP && c !== TAB && c !== CR && c !== LF) i++;
          v = scanNumber(b, s, i);
          if (needSlow) {
            needSlow = false;
            v = Number(latin1(b, s, i));
          }
        }
        if (v >= 0 && v !== Infinity) {
          if (field > 3) {
            if (nt >= durs.length) durs = this.growDurations(nt);
            durs[nt++] = v + 0; // + 0 turns -0 into 0
          } else if (field === 1) {
            if (this.jobs > 0 && v < this.arrivals[this.jobs - 1]) {
              this.fail(1, `${v} is earlier than the previous job's submission time ` +
                `${this.arrivals[this.jobs - 1]} (jobs must be sorted by submission time)`);
            }
            arrival = v + 0;
          } else if (field === 2) {
            if (!Number.isInteger(v) || v < 1) this.fail(2, `${quote(b, s, i)} is not a positive integer`);
            if (v > MAX_TASKS - jobStart) {
              this.fail(2, `${quote(b, s, i)} tasks would bring the total beyond ${MAX_TASKS} (2^31-1)`);
            }
            declared = v;
          } else {
            mean = v + 0;
          }
        } else {
          this.badValue(field, v, b, s, i);
        }
      }
      if (field === 0) continue; // blank line
      if (field < 3) this.fail(field + 1, "missing (expected submission_time num_tasks mean_task_duration durations...)");
      const found = field - 3;
      if (found !== declared) {
        this.fail(2, `num_tasks is ${declared} but the line has ${found} durations (expected ${declared}, found ${found})`);
      }
      if (this.overflow) this.outgrown();
      const j = this.jobs;
      if (j >= this.arrivals.length) {
        if (this.fixed) this.outgrown();
        this.arrivals = grow(this.arrivals, j + 1);
        this.estimates = grow(this.estimates, j + 1);
        this.offsets = grow(this.offsets, j + 2);
      }
      this.arrivals[j] = arrival;
      this.estimates[j] = mean;
      this.offsets[j + 1] = nt;
      this.jobs = j + 1;
      this.tasks = nt;
    }
    this.tasks = nt;
  }

  private badValue(field: number, v: number, b: Uint8Array, s: number, e: number): never {
    const q = quote(b, s, e);
    if (Number.isNaN(v)) this.fail(field, `${q} is not a number`);
    if (!Number.isFinite(v)) this.fail(field, `${q} is not finite`);
    if (field === 2) this.fail(2, `${q} is not a positive integer`);
    this.fail(field, `${q} is negative`);
  }
}

/**
 * Counts the jobs and tasks of a `.tr` input without parsing it (a job per non-blank line, its
 * num_tasks field summed), fed in chunks like `TrParser`: what a streamed run allocates before
 * the parser fills the columns. It checks only what the count needs; `result()` is undefined
 * when a line has no valid num_tasks field or the total passes 2^31-1 (the parser then names
 * the problem). A valid file counts exactly what `TrParser` reads.
 */
export class TrCounter {
  private jobs = 0;
  private tasks = 0;
  private ok = true;
  /** The next line is the file's first (a byte-order mark at its start is skipped). */
  private first = true;
  private carry: Uint8Array | undefined;

  /** Counts the jobs and tasks in the next bytes of the input. */
  push(chunk: Uint8Array): void {
    if (!this.ok) return;
    const b = chunk;
    let from = 0;
    if (this.carry) {
      const first = b.indexOf(LF);
      const joined = new Uint8Array(this.carry.length + (first < 0 ? b.length : first + 1));
      joined.set(this.carry);
      joined.set(first < 0 ? b : b.subarray(0, first + 1), this.carry.length);
      if (first < 0) { this.carry = joined; return; }
      this.carry = undefined;
      this.line(joined, 0, joined.length - 1);
      from = first + 1;
    }
    for (;;) {
      const lf = b.indexOf(LF, from);
      if (lf < 0) break;
      this.line(b, from, lf);
      from = lf + 1;
    }
    if (from < b.length) this.carry = new Uint8Array(b.subarray(from));
  }

  /** Counts of the whole input, or undefined if it cannot be counted. */
  result(): { jobs: number; tasks: number } | undefined {
    if (this.carry) { const c = this.carry; this.carry = undefined; this.line(c, 0, c.length); }
    return this.ok ? { jobs: this.jobs, tasks: this.tasks } : undefined;
  }

  /** One line, bytes [s, e) without its newline. */
  private line(b: Uint8Array, s: number, e: number): void {
    let i = s;
    if (this.first) {
      // (here, not in `push`: a mark split between the first chunks is whole in its line)
      this.first = false;
      if (e - s >= 3 && b[s] === 0xef && b[s + 1] === 0xbb && b[s + 2] === 0xbf) i += 3;
    }
    let c = 0;
    while (i < e && ((c = b[i]) === SP || c === TAB || c === CR)) i++;
    if (i >= e) return; // blank line
    while (i < e && (c = b[i]) !== SP && c !== TAB && c !== CR) i++; // submission_time
    while (i < e && ((c = b[i]) === SP || c === TAB || c === CR)) i++;
    const f = i;
    while (i < e && (c = b[i]) !== SP && c !== TAB && c !== CR) i++;
    const v = f < i ? parseNumber(b, f, i) : NaN;
    if (!(Number.isInteger(v) && v >= 1 && v <= MAX_TASKS - this.tasks)) { this.ok = false; return; }
    this.jobs++;
    this.tasks += v;
  }
}

/** Parses a whole `.tr` file held in memory. `name` labels the trace and error messages. */
export function parseTr(bytes: Uint8Array, name: string): Trace {
  const p = new TrParser(name);
  p.push(bytes);
  return p.end();
}
