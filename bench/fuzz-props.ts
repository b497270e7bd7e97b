// Property-based fuzzing of every input reader (docs/reliability.md, "Fuzzing the readers"):
// the generators and the property checks, shared by the test (test/fuzz-readers.test.ts, a small
// budget under `npm test`) and the long driver (bench/fuzz.ts, `node dist/bench/fuzz.js`).
//
// A property takes one generated input, runs a reader on it and returns what the reader did:
// "valid" (it returned a trace / configuration, and every invariant of that result holds) or
// "input-error" (it threw an InputError whose message is one line naming the file and line).
// Anything else -- another exception type, a result that breaks an invariant, two readers of the
// same bytes disagreeing, a message on several lines -- throws a `PropertyFailure`.
//
// Readers fuzzed: parseTr (whole, and TrParser fed in chunks of every size, and split in two parts
// as the two-thread reader does), TrCounter, readTraceFile (one pass and two threads), openTraceFeed
// (the streamed reader, in a worker), parseCsv (v1 and v2, text and bytes), checkTraceV2, the CLI's
// --config reader (through `main`), resolveConfig and parseSets.
import fc from "fast-check";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../src/errors.js";
import { TrCounter, TrParser, parseTr } from "../src/trace/tr.js";
import { parseCsv } from "../src/trace/csv.js";
import { checkTraceV2 } from "../src/trace/check.js";
import { encodeTrRange, traceToCsv, traceToTr } from "../src/trace/write.js";
import { openTraceFeed, readTraceFile, writeTraceFile } from "../src/trace/node.js";
import { checkTrace } from "../src/simulate.js";
import { parseSets, resolveConfig, type ResolvedConfig } from "../src/config/config.js";
import { COMMON_PARAMS, SCHEDULERS, type ParamSpec } from "../src/config/schedulers.js";
import type { Trace } from "../src/trace/types.js";

// ------------------------------------------------------------------------------------------------
// Outcomes and failures

export type Outcome = "valid" | "input-error";

/** A property does not hold for an input (a bug, unless a `KNOWN_ISSUES` entry recognizes it). */
export class PropertyFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PropertyFailure";
  }
}

function fail(what: string): never {
  throw new PropertyFailure(what);
}

/** Characters that end a line somewhere (terminals, editors, `str.splitlines()`): a one-line
 *  message has none of them. */
const LINE_BREAK = /[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

export function isOneLine(s: string): boolean {
  return !LINE_BREAK.test(s);
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function attempt<T>(f: () => T): Attempt<T> {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

async function attemptAsync<T>(f: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await f() };
  } catch (error) {
    return { ok: false, error };
  }
}

function describeError(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}${e.stack ? `\n${e.stack.split("\n").slice(1, 4).join("\n")}` : ""}`;
  return `non-Error thrown: ${String(e)}`;
}

/** The error must be an InputError with a one-line message; returns the message. */
export function inputErrorMessage(e: unknown, reader: string): string {
  if (!(e instanceof InputError) || e.name !== "InputError") fail(`${reader} threw ${describeError(e)}`);
  const m = e.message;
  if (typeof m !== "string" || m === "") fail(`${reader}: an InputError with an empty message`);
  if (!isOneLine(m)) fail(`${reader}: the message is not one line: ${JSON.stringify(m)}`);
  return m;
}

/** How a file reader's messages must begin: `NAME:LINE: ` with 1 <= LINE <= maxLine, or `NAME: `
 *  followed by one of the problems of a whole file. Returns LINE (0 for a whole-file message). */
function checkLocated(m: string, name: string, maxLine: number, wholeFile: RegExp[], reader: string): number {
  if (!m.startsWith(`${name}:`)) fail(`${reader}: the message does not begin with the file name '${name}:': ${JSON.stringify(m)}`);
  const rest = m.slice(name.length + 1);
  const at = /^(\d+): /.exec(rest);
  if (at) {
    const line = Number(at[1]);
    if (!(line >= 1 && line <= maxLine)) fail(`${reader}: line ${line} is outside the file (1..${maxLine}): ${JSON.stringify(m)}`);
    return line;
  }
  if (!rest.startsWith(" ") || !wholeFile.some((re) => re.test(rest.slice(1)))) {
    fail(`${reader}: the message names no line and is not a whole-file problem: ${JSON.stringify(m)}`);
  }
  return 0;
}

// ------------------------------------------------------------------------------------------------
// Trace invariants (independent of the readers' and the engine's own checks)

const INT32_MIN = -2147483648, INT32_MAX = 2147483647;
const DIMENSION = /^[A-Za-z0-9_-]+$/;

/** Why the base columns of `t` are not a valid trace, or undefined. */
export function baseProblem(t: Trace): string | undefined {
  if (typeof t.name !== "string") return "name is not a string";
  const cols = [["arrivals", t.arrivals, Float64Array], ["estimates", t.estimates, Float64Array],
    ["durations", t.durations, Float64Array], ["taskOffsets", t.taskOffsets, Int32Array]] as const;
  for (const [what, a, type] of cols) if (!(a instanceof type)) return `${what} is not a ${type.name}`;
  const jobs = t.arrivals.length, tasks = t.durations.length;
  if (jobs < 1) return "no jobs";
  if (t.estimates.length !== jobs) return `estimates has ${t.estimates.length} entries for ${jobs} jobs`;
  if (t.taskOffsets.length !== jobs + 1) return `taskOffsets has ${t.taskOffsets.length} entries for ${jobs} jobs`;
  if (t.taskOffsets[0] !== 0) return `taskOffsets starts at ${t.taskOffsets[0]}`;
  if (t.taskOffsets[jobs] !== tasks) return `taskOffsets ends at ${t.taskOffsets[jobs]}, not at ${tasks} tasks`;
  for (let j = 0; j < jobs; j++) {
    if (!(t.taskOffsets[j + 1] > t.taskOffsets[j])) return `taskOffsets not strictly increasing at job ${j}`;
    const a = t.arrivals[j];
    if (!(Number.isFinite(a) && a >= 0)) return `arrival ${j} = ${a}`;
    if (j > 0 && a < t.arrivals[j - 1]) return `arrival ${j} = ${a} < ${t.arrivals[j - 1]}`;
    const e = t.estimates[j];
    if (!(Number.isFinite(e) && e >= 0)) return `estimate ${j} = ${e}`;
  }
  for (let k = 0; k < tasks; k++) {
    const d = t.durations[k];
    if (!(Number.isFinite(d) && d >= 0)) return `duration ${k} = ${d}`;
  }
  return undefined;
}

/** Readers write no negative zero (they add 0 to every value read). */
function negativeZero(t: Trace): string | undefined {
  const cols: Array<[string, ArrayLike<number> | undefined]> = [["arrivals", t.arrivals], ["estimates", t.estimates],
    ["durations", t.durations], ["taskEstimates", t.taskEstimates], ["demands", t.demands]];
  for (const [what, a] of cols) {
    if (!a) continue;
    for (let i = 0; i < a.length; i++) if (Object.is(a[i], -0)) return `${what}[${i}] is -0`;
  }
  return undefined;
}

function labelsProblem(what: string, names: unknown): string | undefined {
  if (!Array.isArray(names)) return `${what} is not an array`;
  const seen = new Set<string>();
  for (let i = 0; i < names.length; i++) {
    if (typeof names[i] !== "string" || names[i] === "") return `${what}[${i}] is not a non-empty string`;
    if (seen.has(names[i])) return `${what} has '${names[i]}' twice`;
    seen.add(names[i]);
  }
  return undefined;
}

/** Why the optional (schema v2) columns of `t` are not valid (src/trace/types.ts), or undefined.
 *  A reference for checkTraceV2, written from the types' documentation. */
export function v2Problem(t: Trace): string | undefined {
  const jobs = t.arrivals.length, tasks = t.durations.length;
  const pairs: Array<[string, unknown, unknown]> = [["parentOffsets/parents", t.parentOffsets, t.parents],
    ["demandNames/demands", t.demandNames, t.demands], ["jobClasses/classNames", t.jobClasses, t.classNames],
    ["users/userNames", t.users, t.userNames]];
  for (const [what, a, b] of pairs) if ((a === undefined) !== (b === undefined)) return `${what}: one without the other`;
  const len = (what: string, a: ArrayLike<unknown> | undefined, n: number) =>
    a !== undefined && a.length !== n ? `${what} has ${a.length} entries, expected ${n}` : undefined;
  const problem = len("taskEstimates", t.taskEstimates, tasks) ?? len("stages", t.stages, tasks) ??
    len("parentOffsets", t.parentOffsets, tasks + 1) ?? len("jobClasses", t.jobClasses, jobs) ??
    len("priorities", t.priorities, jobs) ?? len("users", t.users, jobs) ?? len("jobIds", t.jobIds, jobs) ??
    len("taskIds", t.taskIds, tasks);
  if (problem) return problem;
  if (t.taskEstimates) {
    for (let k = 0; k < tasks; k++) {
      const e = t.taskEstimates[k];
      if (!(Number.isFinite(e) && e >= 0)) return `taskEstimates[${k}] = ${e}`;
    }
  }
  if (t.stages) for (let k = 0; k < tasks; k++) if (!(t.stages[k] >= 0)) return `stages[${k}] = ${t.stages[k]}`;
  if (t.priorities) {
    for (let j = 0; j < jobs; j++) {
      const p = t.priorities[j];
      if (!(Number.isInteger(p) && p >= INT32_MIN && p <= INT32_MAX)) return `priorities[${j}] = ${p}`;
    }
  }
  if (t.demandNames && t.demands) {
    const names = t.demandNames;
    if (names.length === 0) return "no demand dimension";
    const l = labelsProblem("demandNames", names);
    if (l) return l;
    for (const n of names) if (!DIMENSION.test(n)) return `dimension name '${n}'`;
    if (t.demands.length !== tasks * names.length) return `demands has ${t.demands.length} entries`;
    for (let i = 0; i < t.demands.length; i++) {
      const d = t.demands[i];
      if (!(Number.isFinite(d) && d >= 0)) return `demands[${i}] = ${d}`;
    }
  }
  for (const [what, index, names] of [["jobClasses", t.jobClasses, t.classNames], ["users", t.users, t.userNames]] as const) {
    if (!index || !names) continue;
    const l = labelsProblem(what === "users" ? "userNames" : "classNames", names);
    if (l) return l;
    for (let j = 0; j < jobs; j++) if (!(index[j] >= 0 && index[j] < names.length)) return `${what}[${j}] = ${index[j]}`;
  }
  if (t.parentOffsets && t.parents) {
    const off = t.parentOffsets, par = t.parents;
    if (off[0] !== 0 || off[tasks] !== par.length) return "parentOffsets do not span parents";
    for (let k = 0; k < tasks; k++) if (off[k + 1] < off[k]) return `parentOffsets decrease at ${k}`;
    const jobOf = new Int32Array(tasks);
    for (let j = 0; j < jobs; j++) for (let k = t.taskOffsets[j]; k < t.taskOffsets[j + 1]; k++) jobOf[k] = j;
    for (let k = 0; k < tasks; k++) {
      const seen = new Set<number>();
      for (let e = off[k]; e < off[k + 1]; e++) {
        const p = par[e];
        if (!(p >= 0 && p < tasks)) return `task ${k}: parent ${p} out of range`;
        if (jobOf[p] !== jobOf[k]) return `task ${k}: parent ${p} in another job`;
        if (seen.has(p)) return `task ${k}: parent ${p} twice`;
        seen.add(p);
      }
    }
    // acyclic: iterative depth-first search, colours 0 new, 1 on the stack, 2 done
    const colour = new Uint8Array(tasks);
    for (let s = 0; s < tasks; s++) {
      if (colour[s] !== 0) continue;
      const stack: Array<[number, number]> = [[s, off[s]]];
      colour[s] = 1;
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        if (top[1] < off[top[0] + 1]) {
          const p = par[top[1]++];
          if (colour[p] === 1) return `cycle through task ${p}`;
          if (colour[p] === 0) { colour[p] = 1; stack.push([p, off[p]]); }
        } else {
          colour[top[0]] = 2;
          stack.pop();
        }
      }
    }
  }
  return undefined;
}

/** A reader's result: every invariant of a trace, and the project's own gate (checkTrace, which
 *  the engine relies on) accepts it. */
export function checkReaderTrace(t: Trace, name: string, reader: string): void {
  if (t.name !== name) fail(`${reader}: trace named '${t.name}', expected '${name}'`);
  const p = baseProblem(t) ?? negativeZero(t) ?? v2Problem(t);
  if (p) fail(`${reader} returned an invalid trace: ${p}`);
  try {
    checkTrace(t);
  } catch (e) {
    fail(`${reader} returned a trace checkTrace rejects: ${describeError(e)}`);
  }
}

const V2_KEYS = ["taskEstimates", "stages", "parentOffsets", "parents", "demandNames", "demands", "jobClasses",
  "classNames", "priorities", "users", "userNames", "jobIds", "taskIds"] as const;

function sameArray(a: ArrayLike<unknown> | undefined, b: ArrayLike<unknown> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Identical columns (Object.is on every value: -0 and 0 differ). */
export function traceDifference(a: Trace, b: Trace): string | undefined {
  if (a.name !== b.name) return `name '${a.name}' vs '${b.name}'`;
  for (const k of ["arrivals", "taskOffsets", "durations", "estimates", ...V2_KEYS] as const) {
    const x = a[k] as ArrayLike<unknown> | undefined, y = b[k] as ArrayLike<unknown> | undefined;
    if (!sameArray(x, y)) {
      let i = 0;
      while (x && y && i < Math.min(x.length, y.length) && Object.is(x[i], y[i])) i++;
      return `${k} differ (lengths ${x?.length} and ${y?.length}; first difference at ${i}: ${String(x?.[i])} vs ${String(y?.[i])})`;
    }
  }
  return undefined;
}

/** Two readers of the same input agree: the same trace, or InputErrors with the same message. */
export function sameOutcome(ref: Attempt<Trace>, got: Attempt<Trace>, refName: string, gotName: string): void {
  if (ref.ok && got.ok) {
    const d = traceDifference(ref.value, got.value);
    if (d) fail(`${gotName} and ${refName} read different traces: ${d}`);
    return;
  }
  const m = got.ok ? undefined : inputErrorMessage(got.error, gotName);
  const r = ref.ok ? undefined : inputErrorMessage(ref.error, refName);
  if (m !== r) {
    fail(`${gotName} ${m === undefined ? "read a trace" : `failed with ${JSON.stringify(m)}`} but ${refName} ` +
      `${r === undefined ? "read a trace" : `failed with ${JSON.stringify(r)}`}`);
  }
}

// ------------------------------------------------------------------------------------------------
// Values

const enc = new TextEncoder();
const bytesOf = (s: string): Uint8Array => enc.encode(s);

/** Non-negative finite doubles, from the plain to the extreme. */
export const nonNegative: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 1000 }) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 4e12 }).map((k) => k / 1e6) }, // whole microseconds (the writer's fast path)
  { weight: 2, arbitrary: fc.double({ min: 0, max: 1e6, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: Number.MAX_VALUE, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 5e-324, 2.2250738585072014e-308, 0.1, 1 / 3, 2 ** 53, 2 ** 53 + 2, 1e21, 1e22, 1e23,
    1e308, Number.MAX_VALUE, 999999.9999995, 1e9 - 1e-6, 123456789.123456) },
);

/** Other spellings of `x` that read as the same double (`parseFloat`'s syntax). */
export function spell(x: number, variant: number): string {
  const s = String(x);
  let out = s;
  switch (variant % 9) {
    case 1: out = x.toExponential(); break;
    case 2: out = x.toPrecision(17); break;
    case 3: out = "+" + s; break;
    case 4: out = s.toUpperCase(); break;
    case 5: out = "00" + s; break;
    case 6: out = Number.isInteger(x) && !s.includes("e") ? s + ".0" : s; break;
    case 7: out = x === 0 ? "-0" : s; break;
    case 8: out = Number.isInteger(x) && !s.includes("e") ? s + "." : s; break;
  }
  return Number(out) === x && /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(out) ? out : s;
}

/** Fields that are not plain numbers, or numbers at the edges of what a double holds. */
export const SPECIAL_TOKENS = [
  "0", "-0", "+0", "+5", "-5", "-1", "-0.5", "5.", ".5", ".", "-", "+", "e5", "1e", "1e+", "1e-", "--1", "+-1", "1e5.5",
  "1e308", "1e309", "-1e309", "1.7976931348623157e308", "1.7976931348623159e308", "4.9e-324", "2e-324", "1e-400",
  "9007199254740993", "9007199254740992", "18014398509481985", "123456789012345678901234567890",
  "0.1234567890123456789012345", "1" + "0".repeat(330), "0." + "0".repeat(330) + "1", "1" + "0".repeat(30) + "e-30",
  "NaN", "nan", "Infinity", "-Infinity", "inf", "infinity", "0x10", "0X1f", "0b1", "0o7", "1_000", "1,5", "1e1000000000",
  "1e-1000000000", "0e999999", "00012", "5.0", "5.5", "2.5e0", "1E2", "１２", "١٢", "\u00a05", "5\u00a0", "2147483647",
  "2147483648", "4294967297", "1e9", "3e9", "-2147483648", "-2147483649", "abc", "12abc", "x7", "1.2.3", "1e2e3", "true",
];

/** Byte sequences to insert: control bytes, byte-order marks, invalid and unusual UTF-8. */
export const SPECIAL_BYTES: number[][] = [
  [0], [13], [10], [13, 10], [9], [32], [32, 32], [11], [12], [0x7f], [0xef, 0xbb, 0xbf], [0xfe, 0xff], [0xff, 0xfe],
  [0xff], [0x80], [0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc2, 0x85], [0xe2, 0x80, 0xa8],
  [0xe2, 0x80, 0xa9], [0xc2, 0xa0], [0x2c], [0x22], [0x3b], [0x2d], [0x2b], [0x2e], [0x65], [0x30], [0x39],
];

// ------------------------------------------------------------------------------------------------
// Mutations (on bytes; positions are taken modulo the length at the time they apply)

export type Mutation =
  | { op: "truncate"; at: number }
  | { op: "set"; at: number; byte: number }
  | { op: "insert"; at: number; bytes: number[] }
  | { op: "delete"; at: number; n: number }
  | { op: "dupLine"; line: number }
  | { op: "swapLines"; a: number; b: number }
  | { op: "dropLine"; line: number }
  | { op: "token"; index: number; text: string }
  | { op: "crlf" }
  | { op: "loneCr"; line: number }
  | { op: "bom" }
  | { op: "blanks"; with: string }
  | { op: "blankLines"; line: number; text: string }
  | { op: "finalNewline"; add: boolean };

const pos = fc.nat({ max: 1 << 20 });

function mutationArb(tokens: string[]): fc.Arbitrary<Mutation> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.record({ op: fc.constant("truncate" as const), at: pos }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant("set" as const), at: pos, byte: fc.integer({ min: 0, max: 255 }) }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant("insert" as const), at: pos,
      bytes: fc.oneof(fc.constantFrom(...SPECIAL_BYTES), fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 4 })) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant("delete" as const), at: pos, n: fc.integer({ min: 1, max: 12 }) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("dupLine" as const), line: pos }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("swapLines" as const), a: pos, b: pos }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("dropLine" as const), line: pos }) },
    { weight: 5, arbitrary: fc.record({ op: fc.constant("token" as const), index: pos,
      text: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...tokens) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }) }) },
    { weight: 1, arbitrary: fc.constant({ op: "crlf" as const }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("loneCr" as const), line: pos }) },
    { weight: 1, arbitrary: fc.constant({ op: "bom" as const }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("blanks" as const), with: fc.constantFrom("\t", "  ", " \t ", "\r", " \r") }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("blankLines" as const), line: pos, text: fc.constantFrom("\n", "\n\n", " \t\n", "\r\n", "\r") }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("finalNewline" as const), add: fc.boolean() }) },
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

/** Lines of `b` with their newline (the last one may have none). */
function splitLines(b: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (let i = 0; i < b.length; i++) if (b[i] === 10) { out.push(b.subarray(from, i + 1)); from = i + 1; }
  if (from < b.length) out.push(b.subarray(from));
  return out;
}

const withNewline = (l: Uint8Array): Uint8Array => (l.length > 0 && l[l.length - 1] === 10 ? l : concat([l, Uint8Array.of(10)]));

/** Applies one mutation; `separators`: bytes that end a token (field). */
export function mutate(b: Uint8Array, m: Mutation, separators: Set<number>): Uint8Array {
  const n = b.length;
  switch (m.op) {
    case "truncate": return b.slice(0, m.at % (n + 1));
    case "set": {
      if (n === 0) return Uint8Array.of(m.byte);
      const c = b.slice();
      c[m.at % n] = m.byte;
      return c;
    }
    case "insert": { const at = m.at % (n + 1); return concat([b.subarray(0, at), Uint8Array.from(m.bytes), b.subarray(at)]); }
    case "delete": { const at = m.at % (n + 1); return concat([b.subarray(0, at), b.subarray(Math.min(n, at + m.n))]); }
    case "dupLine": case "dropLine": case "loneCr": case "blankLines": {
      const lines = splitLines(b);
      if (lines.length === 0) return m.op === "blankLines" ? bytesOf(m.text) : b;
      const i = m.line % lines.length;
      if (m.op === "dupLine") lines.splice(i, 0, withNewline(lines[i]));
      else if (m.op === "dropLine") lines.splice(i, 1);
      else if (m.op === "blankLines") lines.splice(i, 0, bytesOf(m.text));
      else {
        const l = lines[i];
        if (l.length > 0 && l[l.length - 1] === 10) { const c = l.slice(); c[c.length - 1] = 13; lines[i] = c; } // LF -> lone CR
        else lines[i] = concat([l, Uint8Array.of(13)]);
      }
      return concat(lines);
    }
    case "swapLines": {
      const lines = splitLines(b);
      if (lines.length < 2) return b;
      const i = m.a % lines.length, j = m.b % lines.length;
      const li = withNewline(lines[i]), lj = withNewline(lines[j]);
      lines[i] = lj; lines[j] = li;
      return concat(lines);
    }
    case "token": {
      const spans: Array<[number, number]> = [];
      for (let i = 0; i < n;) {
        while (i < n && separators.has(b[i])) i++;
        const s = i;
        while (i < n && !separators.has(b[i])) i++;
        if (i > s) spans.push([s, i]);
      }
      if (spans.length === 0) return concat([b, bytesOf(m.text)]);
      const [s, e] = spans[m.index % spans.length];
      return concat([b.subarray(0, s), bytesOf(m.text), b.subarray(e)]);
    }
    case "crlf": {
      const out: number[] = [];
      for (let i = 0; i < n; i++) { if (b[i] === 10 && (i === 0 || b[i - 1] !== 13)) out.push(13); out.push(b[i]); }
      return Uint8Array.from(out);
    }
    case "bom": return concat([Uint8Array.of(0xef, 0xbb, 0xbf), b]);
    case "blanks": {
      const w = bytesOf(m.with);
      const parts: Uint8Array[] = [];
      let from = 0;
      for (let i = 0; i < n; i++) if (b[i] === 32) { parts.push(b.subarray(from, i), w); from = i + 1; }
      parts.push(b.subarray(from));
      return concat(parts);
    }
    case "finalNewline": {
      if (m.add) return concat([b, Uint8Array.of(10)]);
      let e = n;
      while (e > 0 && (b[e - 1] === 10 || b[e - 1] === 13)) e--;
      return b.slice(0, e);
    }
  }
}

export function applyMutations(b: Uint8Array, ms: Mutation[], separators: Set<number>): Uint8Array {
  let out = b;
  for (const m of ms) out = mutate(out, m, separators);
  return out;
}

const TR_SEPARATORS = new Set([32, 9, 13, 10]);
const CSV_SEPARATORS = new Set([44, 13, 10, 59]);

// ------------------------------------------------------------------------------------------------
// The real sample traces (../shared/traces, beside the project; read, never copied)

function projectRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url)); // bench/ (source) or dist/bench/ (built)
  return basename(dirname(here)) === "dist" ? join(here, "../..") : join(here, "..");
}

/** ../shared/traces beside the project (AVIARY_SHARED_TRACES overrides it: a run from a copy of dist/). */
export const SHARED_TRACES_DIR = process.env.AVIARY_SHARED_TRACES ?? join(projectRoot(), "../shared/traces");
export const haveSharedTraces = existsSync(SHARED_TRACES_DIR);

export interface Sample { name: string; lines: Uint8Array[] }

let samples: Sample[] | undefined;

/** The first lines of every `.tr` sample: at most `maxLines` lines and about `maxBytes` bytes
 *  (at least two lines), so that each case is fast. Empty when ../shared/traces is absent. */
export function loadSamples(maxLines = 300, maxBytes = 48 << 10): Sample[] {
  if (samples) return samples;
  samples = [];
  if (!haveSharedTraces) return samples;
  for (const name of readdirSync(SHARED_TRACES_DIR).filter((f) => f.endsWith(".tr")).sort()) {
    const fd = openSync(join(SHARED_TRACES_DIR, name), "r");
    const buf = Buffer.alloc(256 << 10);
    let got: number;
    try { got = readSync(fd, buf, 0, buf.length, 0); } finally { closeSync(fd); }
    const all = splitLines(new Uint8Array(buf.subarray(0, got)));
    if (got === buf.length) all.pop(); // a line cut by the read
    const lines: Uint8Array[] = [];
    let bytes = 0;
    for (const l of all) {
      if (lines.length >= maxLines || (lines.length >= 2 && bytes + l.length > maxBytes)) break;
      lines.push(l.slice());
      bytes += l.length;
    }
    if (lines.length > 0) samples.push({ name, lines });
  }
  return samples;
}

// ------------------------------------------------------------------------------------------------
// Generated traces

export interface JobSpec { arrival: number; estimate: number; durations: number[] }

export function traceOf(jobs: JobSpec[], name: string): Trace {
  const sorted = [...jobs].sort((a, b) => a.arrival - b.arrival);
  const offsets = new Int32Array(sorted.length + 1);
  const durations: number[] = [];
  sorted.forEach((j, i) => { durations.push(...j.durations); offsets[i + 1] = durations.length; });
  return {
    name,
    arrivals: Float64Array.from(sorted, (j) => j.arrival),
    taskOffsets: offsets,
    durations: Float64Array.from(durations),
    estimates: Float64Array.from(sorted, (j) => j.estimate),
  };
}

export function jobsArb(maxJobs = 12, maxTasks = 6): fc.Arbitrary<JobSpec[]> {
  return fc.array(fc.record({
    arrival: nonNegative,
    estimate: nonNegative,
    durations: fc.array(nonNegative, { minLength: 1, maxLength: maxTasks }),
  }), { minLength: 1, maxLength: maxJobs });
}

/** How a generated valid `.tr` text is laid out (every variant reads as the same trace). */
export interface TrStyle {
  bom: boolean; crlf: boolean; finalNewline: boolean; seps: number[]; lead: number[]; trail: number[];
  blankLines: number[]; spellings: number[];
}

const BLANKS = [" ", "  ", "\t", " \t", "\t\t ", " \r", "   "];

export const trStyleArb: fc.Arbitrary<TrStyle> = fc.record({
  bom: fc.boolean(), crlf: fc.boolean(), finalNewline: fc.boolean(),
  seps: fc.array(fc.nat(), { maxLength: 8 }), lead: fc.array(fc.nat(), { maxLength: 4 }), trail: fc.array(fc.nat(), { maxLength: 4 }),
  blankLines: fc.array(fc.nat(), { maxLength: 3 }), spellings: fc.array(fc.nat(), { maxLength: 8 }),
});

const pick = <T>(a: T[], list: number[], i: number, none: T): T => (list.length === 0 ? none : a[list[i % list.length] % a.length]);

/** The `.tr` text of `t` in a style: blanks, spellings, CRLF, a BOM, blank lines. */
export function styledTr(t: Trace, s: TrStyle): string {
  const lines: string[] = [];
  let f = 0;
  const num = (x: number) => spell(x, s.spellings.length === 0 ? 0 : s.spellings[f++ % s.spellings.length]);
  for (let j = 0; j < t.arrivals.length; j++) {
    const a = t.taskOffsets[j], b = t.taskOffsets[j + 1];
    const fields = [num(t.arrivals[j]), spell(b - a, s.spellings.length === 0 ? 0 : s.spellings[j % s.spellings.length] % 7 === 1 ? 1 : 6),
      num(t.estimates[j])];
    for (let k = a; k < b; k++) fields.push(num(t.durations[k]));
    let line = pick(["", " ", "\t", "  "], s.lead, j, "");
    fields.forEach((x, i) => { line += (i === 0 ? "" : pick(BLANKS, s.seps, j + i, " ")) + x; });
    line += pick(["", " ", "\t", " \r"], s.trail, j, "");
    if (s.blankLines.includes(j % 5)) lines.push(pick(["", "  ", "\t", "\r"], s.blankLines, j, ""));
    lines.push(line);
  }
  const nl = s.crlf ? "\r\n" : "\n";
  return (s.bom ? "\uFEFF" : "") + lines.join(nl) + (s.finalNewline ? nl : "");
}

// ------------------------------------------------------------------------------------------------
// `.tr` inputs

export type TrSource =
  | { kind: "sample"; sample: number; lines: number }
  | { kind: "trace"; jobs: JobSpec[]; style?: TrStyle }
  | { kind: "soup"; lines: string[][]; blanks: number[] }
  | { kind: "bytes"; bytes: Uint8Array }
  | { kind: "text"; text: string };

export interface TrCase { source: TrSource; mutations: Mutation[] }

const EDGE_TEXTS = ["", "\n", "\n\n\n", "   \n\t\n\r\n", "\uFEFF", "\uFEFF\n", "\uFEFF0 1 1 1", "\uFEFF\uFEFF0 1 1 1\n",
  "\0", "0 1 1 1\0\n", "0 1 1 1", "0 1 1 1\r", "0 1 1 1\r\n1 1 1 1\r\n", "0\r1\r1\r1\n", "0 1 1 1\n\n\n0 1 1 1",
  "0\t1\t1\t1\n", " 0 1 1 1 \n", "0 1 1\n", "0 1\n", "0\n", "0 0 0\n", "0 2 1 1\n", "0 1 1 1 1\n", "1 1 1 1\n0 1 1 1\n",
  "0 1.0 1 1\n", "0 1e0 1 1\n", "0 +1 1 1\n", "0 1 -0 -0\n", "-0 1 1 1\n", "0 1 1 1\n0 1 1 1 2\n",
  "0 2147483647 1 1\n", "0 1 1 1\n\r\n1 1 1 1\n"];

const soupToken = fc.oneof(
  { weight: 4, arbitrary: nonNegative.map((x) => String(x)) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 4 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom(...SPECIAL_TOKENS) },
);

/** A mutated prefix of one of the real sample traces (none when ../shared/traces is absent). */
export function sampleSourceArb(): fc.Arbitrary<TrSource> | undefined {
  const list = loadSamples();
  if (list.length === 0) return undefined;
  return fc.record({ kind: fc.constant("sample" as const), sample: fc.nat({ max: list.length - 1 }), lines: fc.integer({ min: 1, max: 300 }) });
}

function trSourceArb(opts: { maxJobs: number; maxSoupLines: number; samples: boolean | "only" }): fc.Arbitrary<TrSource> {
  const samplesArb = sampleSourceArb();
  if (opts.samples === "only") {
    if (!samplesArb) throw new Error("no sample traces (../shared/traces is absent)");
    return samplesArb;
  }
  const options: Array<fc.WeightedArbitrary<TrSource>> = [
    { weight: 4, arbitrary: fc.record({ kind: fc.constant("trace" as const), jobs: jobsArb(opts.maxJobs), style: fc.option(trStyleArb, { nil: undefined }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("soup" as const),
      lines: fc.array(fc.array(soupToken, { maxLength: 7 }), { maxLength: opts.maxSoupLines }),
      blanks: fc.array(fc.nat(), { maxLength: 4 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("bytes" as const), bytes: fc.uint8Array({ maxLength: 48 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("text" as const), text: fc.constantFrom(...EDGE_TEXTS) }) },
  ];
  if (opts.samples && samplesArb) options.push({ weight: 4, arbitrary: samplesArb });
  return fc.oneof(...options);
}

export function trCaseArb(opts: { maxJobs?: number; maxSoupLines?: number; samples?: boolean | "only"; maxMutations?: number } = {}): fc.Arbitrary<TrCase> {
  return fc.record({
    source: trSourceArb({ maxJobs: opts.maxJobs ?? 12, maxSoupLines: opts.maxSoupLines ?? 6, samples: opts.samples ?? true }),
    mutations: fc.array(mutationArb(SPECIAL_TOKENS), { maxLength: opts.maxMutations ?? 4 }),
  });
}

export function trSourceBytes(s: TrSource, sampleLines = Infinity): Uint8Array {
  switch (s.kind) {
    case "sample": {
      const smp = loadSamples()[s.sample];
      return smp ? concat(smp.lines.slice(0, Math.min(s.lines, sampleLines))) : new Uint8Array(0);
    }
    case "trace": {
      const t = traceOf(s.jobs, "g");
      return bytesOf(s.style ? styledTr(t, s.style) : traceToTr(t));
    }
    case "soup": return bytesOf(s.lines.map((l, i) => l.join(pick(BLANKS, s.blanks, i, " "))).join("\n") + "\n");
    case "bytes": return s.bytes;
    case "text": return bytesOf(s.text);
  }
}

export function trCaseBytes(c: TrCase, sampleLines = Infinity): Uint8Array {
  return applyMutations(trSourceBytes(c.source, sampleLines), c.mutations, TR_SEPARATORS);
}

const TR_WHOLE_FILE = [/^no jobs \(the file is empty or has only blank lines\)$/];
const TR_FIELD_NAMES = (k: number) => (k === 1 ? "submission_time" : k === 2 ? "num_tasks" : k === 3 ? "mean_task_duration" : `duration ${k - 3}`);

function countByte(b: Uint8Array, c: number): number {
  let n = 0;
  for (let i = 0; i < b.length; i++) if (b[i] === c) n++;
  return n;
}

/** A `.tr` reader's InputError: one line, `NAME:LINE: field K (NAME_K): ...` or a whole-file
 *  problem; returns LINE (0 for a whole-file problem). */
function checkTrError(e: unknown, name: string, bytes: Uint8Array, reader: string): number {
  const m = inputErrorMessage(e, reader);
  const line = checkLocated(m, name, countByte(bytes, 10) + 1, TR_WHOLE_FILE, reader);
  if (line > 0) {
    const f = /^\d+: field (\d+) \(([^)]*)\): ./.exec(m.slice(name.length + 1));
    if (!f) fail(`${reader}: a line's message names no field: ${JSON.stringify(m)}`);
    if (f[2] !== TR_FIELD_NAMES(Number(f[1]))) fail(`${reader}: field ${f[1]} is called '${f[2]}': ${JSON.stringify(m)}`);
  }
  return line;
}

/** Bytes up to and including line `n`'s newline (n = 0: nothing). */
function firstLines(b: Uint8Array, n: number): Uint8Array {
  if (n === 0) return b.subarray(0, 0);
  let seen = 0;
  for (let i = 0; i < b.length && seen < n; i++) if (b[i] === 10 && ++seen === n) return b.subarray(0, i + 1);
  return b;
}

/** Lines of a `.tr` file in memory: parseTr, and what it reads checked against itself. */
export function runParseTr(bytes: Uint8Array, name: string): Outcome {
  const r = attempt(() => parseTr(bytes, name));
  if (r.ok) {
    const t = r.value;
    checkReaderTrace(t, name, "parseTr");
    for (const k of V2_KEYS) if (t[k] !== undefined) fail(`parseTr returned a v2 column ${k}`);
    // what it reads, written and read again, is the same trace
    const again = attempt(() => parseTr(bytesOf(traceToTr(t)), name));
    if (!again.ok) fail(`parseTr cannot read its own trace written back: ${describeError(again.error)}`);
    const d = traceDifference(t, again.value);
    if (d) fail(`a trace written back reads differently: ${d}`);
    // the counting pass (streamed reads size their columns with it) agrees
    const c = new TrCounter();
    c.push(bytes);
    const counts = c.result();
    if (!counts || counts.jobs !== t.arrivals.length || counts.tasks !== t.durations.length) {
      fail(`TrCounter counted ${JSON.stringify(counts)}, parseTr read ${t.arrivals.length} jobs and ${t.durations.length} tasks`);
    }
    return "valid";
  }
  const line = checkTrError(r.error, name, bytes, "parseTr");
  if (line > 0) {
    // It is the file's first problem, and it is on that line: the lines before it read (or hold
    // no job yet), and those lines with it fail with the same message.
    const m = (r.error as Error).message;
    const before = attempt(() => parseTr(firstLines(bytes, line - 1), name));
    if (!before.ok && (before.error as Error).message !== `${name}: no jobs (the file is empty or has only blank lines)`) {
      fail(`parseTr reports line ${line}, but the lines before it fail already: ${describeError(before.error)}`);
    }
    const through = attempt(() => parseTr(firstLines(bytes, line), name));
    if (through.ok || (through.error as Error).message !== m) {
      fail(`parseTr reports ${JSON.stringify(m)}, but the file cut after that line gives ${through.ok ? "a trace" : JSON.stringify((through.error as Error).message)}`);
    }
  }
  return "input-error";
}

/** Chunks as a reader that reuses one buffer passes them: views into one scratch buffer (at an
 *  odd offset), scribbled over after each push, so a parser that kept a chunk would misread. */
export function pushInChunks(sink: { push(b: Uint8Array): void }, bytes: Uint8Array, sizes: number[]): void {
  const max = Math.max(1, ...sizes);
  const scratch = new Uint8Array(max + 7);
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = Math.min(Math.max(1, sizes[i % sizes.length]), bytes.length - at);
    const view = scratch.subarray(7, 7 + n);
    view.set(bytes.subarray(at, at + n));
    sink.push(view);
    scratch.fill(0x39); // '9'
    at += n;
  }
}

// ------------------------------------------------------------------------------------------------
// CSV inputs

export interface CsvTask { id: string; dur: number; est: number; stage: number; demand: number[]; parents: number[] }
export interface CsvJob { id: string; submit: number; cls: string; priority: number; user: string; tasks: CsvTask[] }

export interface CsvModel {
  v1: boolean;
  header: boolean;
  /** Column order (v2): names, "demand" for the demand column. */
  columns: string[];
  dims: string[];
  jobs: CsvJob[];
  /** Picks that interleave the jobs' rows (tasks of a job keep their order). */
  interleave: number[];
  crlf: boolean; bom: boolean; finalNewline: boolean; blankLines: number[];
  quote: number[]; pad: number[]; spellings: number[];
}

const ID_START = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:/-éß日本";
const ID_INNER = ID_START + " ,\"';\u00e9\u{1F600}\n\t";

const idArb = (inner: string): fc.Arbitrary<string> => fc.tuple(
  fc.constantFrom(...ID_START), fc.array(fc.constantFrom(...inner), { maxLength: 5 }), fc.constantFrom(...ID_START),
  fc.boolean(),
).map(([a, mid, z, short]) => (short ? a : a + mid.join("") + z));

const OPTIONAL_COLUMNS = ["task_id", "estimate", "stage", "parents", "demand", "class", "priority", "user"];

export const csvModelArb: fc.Arbitrary<CsvModel> = fc.record({
  v1: fc.boolean(),
  header: fc.boolean(),
  optional: fc.subarray(OPTIONAL_COLUMNS),
  order: fc.array(fc.nat(), { maxLength: 12 }),
  dims: fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/), { minLength: 1, maxLength: 3 }),
  jobs: fc.uniqueArray(fc.record({
    id: idArb(ID_INNER.replace("\n", "")),
    submit: nonNegative,
    cls: fc.constantFrom("batch", "interactive", "a b", "x,y", "\"q\"", "é"),
    priority: fc.oneof(fc.integer({ min: -3, max: 10 }), fc.constantFrom(INT32_MIN, INT32_MAX)),
    user: fc.constantFrom("alice", "bob", "c", "日本"),
    tasks: fc.array(fc.record({
      dur: nonNegative, est: nonNegative,
      stage: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(INT32_MAX)),
      demand: fc.array(nonNegative, { minLength: 3, maxLength: 3 }),
      rank: fc.nat(), parents: fc.array(fc.nat(), { maxLength: 3 }),
    }), { minLength: 1, maxLength: 5 }),
  }), { minLength: 1, maxLength: 6, selector: (j) => j.id }),
  interleave: fc.array(fc.nat(), { maxLength: 16 }),
  crlf: fc.boolean(), bom: fc.boolean(), finalNewline: fc.boolean(), blankLines: fc.array(fc.nat(), { maxLength: 3 }),
  quote: fc.array(fc.nat(), { maxLength: 8 }), pad: fc.array(fc.nat(), { maxLength: 8 }), spellings: fc.array(fc.nat(), { maxLength: 8 }),
}).map((r) => {
  // Columns: v1 fixed; v2 the required three and the chosen optional ones, in a shuffled order
  // (parents only with task_id).
  const optional = r.optional.filter((c) => c !== "parents" || r.optional.includes("task_id"));
  const columns = [...(r.v1 ? [] : optional), "job_id", "submit_time", "duration"];
  const keyed = columns.map((c, i) => [r.order.length === 0 ? i : r.order[i % r.order.length] * 31 + i, c] as const);
  const v2 = r.v1 ? ["job_id", "submit_time", "duration"] : keyed.sort((a, b) => a[0] - b[0]).map(([, c]) => c);
  // Task ids unique within a job; parents: a DAG (a task's parents rank lower than it).
  const jobs: CsvJob[] = r.jobs.map((j) => {
    const ranked = j.tasks.map((t, i) => ({ i, rank: t.rank * 8 + i })).sort((a, b) => a.rank - b.rank);
    const rankOf = new Map(ranked.map((x, order) => [x.i, order]));
    return {
      id: j.id, submit: j.submit, cls: j.cls, priority: j.priority, user: j.user,
      tasks: j.tasks.map((t, i) => {
        const mine = rankOf.get(i)!;
        const parents = mine === 0 ? [] : [...new Set(t.parents.map((p) => ranked[p % mine].i))];
        return { id: `t${i}${i % 3 === 1 ? " x" : ""}`, dur: t.dur, est: t.est, stage: t.stage,
          demand: t.demand.slice(0, r.dims.length), parents };
      }),
    };
  });
  return { v1: r.v1, header: r.v1 ? r.header : true, columns: v2, dims: r.dims, jobs, interleave: r.interleave,
    crlf: r.crlf, bom: r.bom, finalNewline: r.finalNewline, blankLines: r.blankLines, quote: r.quote, pad: r.pad,
    spellings: r.spellings };
});

/** The rows of a model in file order: [job, task]. */
function csvRows(m: CsvModel): Array<[number, number]> {
  const next = m.jobs.map(() => 0);
  const rows: Array<[number, number]> = [];
  const total = m.jobs.reduce((s, j) => s + j.tasks.length, 0);
  for (let r = 0; r < total; r++) {
    const open = m.jobs.map((j, i) => i).filter((i) => next[i] < m.jobs[i].tasks.length);
    const j = open[(m.interleave.length === 0 ? 0 : m.interleave[r % m.interleave.length]) % open.length];
    rows.push([j, next[j]++]);
  }
  return rows;
}

function csvCell(text: string, m: CsvModel, k: number): string {
  const must = /[",\r\n]/.test(text) || text !== text.trim() || text === "";
  const q = must || pick([false, false, true], m.quote, k, false);
  const cell = q ? `"${text.replace(/"/g, '""')}"` : text;
  return pick(["", "", " ", "\t"], m.pad, k, "") + cell + pick(["", " ", ""], m.pad, k + 1, "");
}

/** The CSV text of a model. */
export function csvText(m: CsvModel): string {
  let f = 0;
  const num = (x: number) => spell(x, m.spellings.length === 0 ? 0 : m.spellings[f++ % m.spellings.length]);
  const lines: string[] = [];
  if (m.header) lines.push(m.columns.map((c, k) => csvCell(c === "demand" ? `demand[${m.dims.join(";")}]` : c, m, k)).join(","));
  let k = 0;
  for (const [j, t] of csvRows(m)) {
    const job = m.jobs[j], task = job.tasks[t];
    const value = (c: string): string => {
      switch (c) {
        case "job_id": return job.id;
        case "submit_time": return num(job.submit);
        case "duration": return num(task.dur);
        case "task_id": return task.id;
        case "estimate": return num(task.est);
        case "stage": return spell(task.stage, f++ % 3 === 0 ? 6 : 0);
        case "parents": return task.parents.map((p) => job.tasks[p].id).join(pick([";", " ; ", ";"], m.pad, k, ";"));
        case "demand": return task.demand.map(num).join(";");
        case "class": return job.cls;
        case "priority": return String(job.priority);
        case "user": return job.user;
      }
      throw new Error(`unknown column ${c}`);
    };
    if (m.blankLines.includes(k % 7)) lines.push("");
    lines.push(m.columns.map((c) => csvCell(value(c), m, k++)).join(","));
  }
  const nl = m.crlf ? "\r\n" : "\n";
  return (m.bom ? "\uFEFF" : "") + lines.join(nl) + (m.finalNewline ? nl : "");
}

/** The trace a model's CSV must read as (docs/trace-formats.md). */
export function csvExpected(m: CsvModel, name: string): Trace {
  const rows = csvRows(m);
  const has = (c: string) => m.columns.includes(c);
  // jobs by (submit_time, first appearance)
  const first = new Map<number, number>();
  rows.forEach(([j], r) => { if (!first.has(j)) first.set(j, r); });
  const order = [...first.keys()].sort((a, b) => m.jobs[a].submit - m.jobs[b].submit || first.get(a)! - first.get(b)!);
  const taskIndex = new Map<string, number>(); // "j/t" -> trace index
  const perJob = order.map((j) => rows.filter(([jj]) => jj === j).map(([, t]) => t)); // file order of its tasks
  let n = 0;
  order.forEach((j, q) => { for (const t of perJob[q]) taskIndex.set(`${j}/${t}`, n++); });
  const arrivals: number[] = [], estimates: number[] = [], offsets = [0], durations: number[] = [];
  const taskEstimates: number[] = [], stages: number[] = [], demands: number[] = [], parentOffsets = [0], parents: number[] = [];
  const taskIds: string[] = [];
  order.forEach((j, q) => {
    const job = m.jobs[j];
    arrivals.push(job.submit + 0);
    let sum = 0, estSum = 0;
    for (const t of perJob[q]) {
      const task = job.tasks[t];
      durations.push(task.dur + 0); taskEstimates.push(task.est + 0); stages.push(task.stage);
      demands.push(...task.demand.map((x) => x + 0));
      for (const p of task.parents) parents.push(taskIndex.get(`${j}/${p}`)!);
      parentOffsets.push(parents.length);
      taskIds.push(task.id);
      sum += task.dur; estSum += task.est;
    }
    const mean = (has("estimate") ? estSum : sum) / perJob[q].length;
    estimates.push(mean);
    offsets.push(durations.length);
  });
  const t: Trace = { name, arrivals: Float64Array.from(arrivals), taskOffsets: Int32Array.from(offsets),
    durations: Float64Array.from(durations), estimates: Float64Array.from(estimates), jobIds: order.map((j) => m.jobs[j].id) };
  const labels = (get: (j: CsvJob) => string) => {
    const names: string[] = [];
    for (const [j] of rows) if (!names.includes(get(m.jobs[j]))) names.push(get(m.jobs[j]));
    return { names, index: Int32Array.from(order, (j) => names.indexOf(get(m.jobs[j]))) };
  };
  if (has("estimate")) t.taskEstimates = Float64Array.from(taskEstimates);
  if (has("stage")) t.stages = Int32Array.from(stages);
  if (has("demand")) { t.demandNames = m.dims; t.demands = Float64Array.from(demands); }
  if (has("task_id")) t.taskIds = taskIds;
  if (has("class")) { const l = labels((j) => j.cls); t.jobClasses = l.index; t.classNames = l.names; }
  if (has("priority")) t.priorities = Int32Array.from(order, (j) => m.jobs[j].priority);
  if (has("user")) { const l = labels((j) => j.user); t.users = l.index; t.userNames = l.names; }
  if (has("parents")) { t.parentOffsets = Int32Array.from(parentOffsets); t.parents = Int32Array.from(parents); }
  return t;
}

export type CsvSource =
  | { kind: "model"; model: CsvModel }
  | { kind: "trace"; jobs: JobSpec[] }
  | { kind: "soup"; rows: string[][] }
  | { kind: "text"; text: string };

export interface CsvCase { source: CsvSource; mutations: Mutation[]; asText: boolean }

const CSV_EDGE_TEXTS = ["", "\n", "\n\n", "\uFEFF", "job_id,submit_time,duration\n", "job_id,submit_time,duration", "a,1,2",
  "a,1,2\r\nb,1,2\rc,3,4\n", "a,1\n", "a,1,2,3\n", "\"a,1,2\n", "a,\"1\n2\",3\n", "a,1,\"2\"x\n", "user,1,2\n",
  "job_id,submit_time,duration,parents\na,1,1,\n", "job_id,task_id,submit_time,duration,parents\na,x,1,1,x\n",
  "job_id,submit_time,duration,demand\n", "job_id,submit_time,duration,demand[]\n", "job_id,submit_time,duration,demand[a;a]\n",
  "Job_ID,submit_time,duration\na,1,2\n", "job_id,job_id,submit_time,duration\n", ",1,2\n", "a,,2\n", "a,1,-0\n",
  "a,1,1e308\na,1,1e308\n", "job_id,submit_time,duration,estimate\na,1,1,1e308\na,1,1,1e308\n", "\"job\nid\",submit_time,duration\na,1,2\n",
  "a,1,2\nb,1,2\n\"x\ry\"z,1,2\n", "a,1,2\nx\ry\"z,1,2\n", "a,1,2\n\0\n"];

const CSV_TOKENS = [...SPECIAL_TOKENS, "\"", "\"\"", "\"a", "a\"", ",", ";", ";;", "a;", "job_id", "task_id", "parents", "demand",
  "demand[x]", "demand[a;b]", "class", "user", "priority", "stage", "estimate", "", " ", "\"x\ny\"", "\"x,y\""];

export function csvCaseArb(opts: { maxMutations?: number } = {}): fc.Arbitrary<CsvCase> {
  const source: fc.Arbitrary<CsvSource> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant("model" as const), model: csvModelArb }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("trace" as const), jobs: jobsArb(6, 4) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("soup" as const),
      rows: fc.array(fc.array(fc.oneof(soupToken, fc.constantFrom(...CSV_TOKENS)), { maxLength: 5 }), { maxLength: 5 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("text" as const), text: fc.constantFrom(...CSV_EDGE_TEXTS) }) },
  );
  return fc.record({ source, mutations: fc.array(mutationArb(CSV_TOKENS), { maxLength: opts.maxMutations ?? 3 }), asText: fc.boolean() });
}

export function csvSourceBytes(s: CsvSource): Uint8Array {
  switch (s.kind) {
    case "model": return bytesOf(csvText(s.model));
    case "trace": return bytesOf(traceToCsv(traceOf(s.jobs, "g")));
    case "soup": return bytesOf(s.rows.map((r) => r.join(",")).join("\n") + "\n");
    case "text": return bytesOf(s.text);
  }
}

const CSV_WHOLE_FILE = [/^no jobs \(the file is empty or has only a header\)$/, /^invalid CSV: /];

function checkCsvError(e: unknown, name: string, bytes: Uint8Array, reader: string): number {
  const m = inputErrorMessage(e, reader);
  return checkLocated(m, name, countByte(bytes, 10) + countByte(bytes, 13) + 1, CSV_WHOLE_FILE, reader);
}

/** A CSV reader's valid result: the invariants, and the mean estimates. */
function checkCsvTrace(t: Trace, name: string, reader: string): void {
  checkReaderTrace(t, name, reader);
  if (!t.jobIds) fail(`${reader}: no jobIds`);
  try {
    checkTraceV2(t);
  } catch (e) {
    fail(`${reader} returned a trace checkTraceV2 rejects: ${describeError(e)}`);
  }
  // each estimate is the mean of its job's task estimates (or durations): within their range
  for (let j = 0; j < t.arrivals.length; j++) {
    const col = t.taskEstimates ?? t.durations;
    let lo = Infinity, hi = -Infinity;
    for (let k = t.taskOffsets[j]; k < t.taskOffsets[j + 1]; k++) { lo = Math.min(lo, col[k]); hi = Math.max(hi, col[k]); }
    const e = t.estimates[j];
    if (!(e >= lo * (1 - 1e-12) && e <= hi * (1 + 1e-12))) fail(`${reader}: job ${j}'s estimate ${e} is not a mean of values in [${lo}, ${hi}]`);
  }
}

// ------------------------------------------------------------------------------------------------
// Programmatic traces with optional columns (checkTraceV2)

type Corruption = { kind: string; at: number; value: number };

export interface V2Case {
  jobs: JobSpec[];
  columns: Record<string, { corrupt?: Corruption; seed: number[] } | undefined>;
  name: string;
}

const V2_COLUMNS = ["taskEstimates", "stages", "parents", "demands", "classes", "priorities", "users", "jobIds", "taskIds"];

const corruptionArb: fc.Arbitrary<Corruption> = fc.record({
  kind: fc.constantFrom("length", "value", "pair", "names", "cycle", "cross", "dup", "offsets", "self"),
  at: fc.nat(), value: fc.constantFrom(NaN, -1, Infinity, -Infinity, -0, 1e308, INT32_MIN, INT32_MAX, 0, 1, 2, 3),
});

export const v2CaseArb: fc.Arbitrary<V2Case> = fc.record({
  jobs: jobsArb(6, 5),
  columns: fc.record(Object.fromEntries(V2_COLUMNS.map((c) => [c, fc.option(fc.record({
    corrupt: fc.option(corruptionArb, { nil: undefined, freq: 3 }), seed: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
  }), { nil: undefined })])) as Record<string, fc.Arbitrary<{ corrupt?: Corruption; seed: number[] } | undefined>>),
  name: fc.constantFrom("t", "my trace", "x.csv"),
});

/** Builds the trace of a V2Case: valid optional columns, then the corruptions. */
export function v2Trace(c: V2Case): Trace {
  const t = traceOf(c.jobs, c.name);
  const jobs = t.arrivals.length, tasks = t.durations.length;
  const r = (seed: number[], i: number) => seed[i % seed.length] + i;
  const cut = (n: number, k: Corruption) => (k.kind === "length" ? Math.max(0, n + (k.at % 2 === 0 ? 1 : -1)) : n);
  for (const [col, spec] of Object.entries(c.columns)) {
    if (!spec) continue;
    const k = spec.corrupt ?? { kind: "none", at: 0, value: 0 };
    const s = spec.seed;
    const setValue = (a: { length: number; [i: number]: number }) => { if (k.kind === "value" && a.length > 0) a[k.at % a.length] = k.value; };
    switch (col) {
      case "taskEstimates": { const a = Float64Array.from({ length: cut(tasks, k) }, (_, i) => r(s, i) / 4); setValue(a); t.taskEstimates = a; break; }
      case "stages": { const a = Int32Array.from({ length: cut(tasks, k) }, (_, i) => r(s, i) % 4); setValue(a); t.stages = a; break; }
      case "priorities": { t.priorities = Int32Array.from({ length: cut(jobs, k) }, (_, i) => r(s, i) - 5); break; }
      case "jobIds": { t.jobIds = Array.from({ length: cut(jobs, k) }, (_, i) => `j${i}`); break; }
      case "taskIds": { t.taskIds = Array.from({ length: cut(tasks, k) }, (_, i) => `t${i}`); break; }
      case "classes": case "users": {
        const names = ["a", "b", "c"].slice(0, 1 + (s[0] % 3));
        const index = Int32Array.from({ length: cut(jobs, k) }, (_, i) => r(s, i) % names.length);
        setValue(index);
        if (k.kind === "names") { if (k.at % 3 === 0) names.push(names[0]); else if (k.at % 3 === 1) names[0] = ""; else (names as unknown[])[0] = 7; }
        if (col === "classes") { t.jobClasses = index; t.classNames = names; if (k.kind === "pair") delete t.classNames; }
        else { t.users = index; t.userNames = names; if (k.kind === "pair") delete t.users; }
        break;
      }
      case "demands": {
        const names = ["cpu", "mem", "x_1-y"].slice(0, 1 + (s[0] % 3));
        if (k.kind === "names") {
          const bad = ["", "a.b", "a b", "é", "cpu"][k.at % 5];
          if (bad === "cpu") names.push("cpu"); else names[0] = bad;
          if (k.at % 7 === 6) names.length = 0;
        }
        const a = Float64Array.from({ length: cut(tasks * Math.max(1, names.length), k) }, (_, i) => r(s, i) / 2);
        setValue(a);
        t.demandNames = names; t.demands = a;
        if (k.kind === "pair") delete t.demands;
        break;
      }
      case "parents": {
        // a DAG inside each job: a task's parents are earlier tasks of its job
        const off = [0], par: number[] = [];
        for (let j = 0; j < jobs; j++) {
          const lo = t.taskOffsets[j];
          for (let q = lo; q < t.taskOffsets[j + 1]; q++) {
            const n = q - lo === 0 ? 0 : r(s, q) % 3;
            const chosen = new Set<number>();
            for (let e = 0; e < n; e++) chosen.add(lo + (r(s, q + e * 7) % (q - lo)));
            par.push(...chosen);
            off.push(par.length);
          }
        }
        const q = tasks === 0 ? 0 : k.at % tasks;
        const j = jobOfTask(t.taskOffsets, q);
        switch (k.kind) {
          case "value": if (par.length > 0) par[k.at % par.length] = Number.isInteger(k.value) ? k.value : tasks; break;
          case "length": off.push(par.length); break;
          case "offsets": if (off.length > 2) { off[1 + (k.at % (off.length - 2))] = par.length + 1; } else off[0] = 1; break;
          case "self": insertParent(off, par, q, q); break;
          case "cross": if (jobs > 1) insertParent(off, par, q, t.taskOffsets[(j + 1) % jobs]); break;
          case "dup": if (off[q + 1] > off[q]) insertParent(off, par, q, par[off[q]]); break;
          case "cycle": {
            // an edge from an earlier task of the job to a later one that descends from it
            const lo = t.taskOffsets[j], hi = t.taskOffsets[j + 1];
            for (let x = hi - 1; x > lo; x--) if (off[x + 1] > off[x]) { insertParent(off, par, par[off[x]], x); break; }
            break;
          }
        }
        t.parentOffsets = Int32Array.from(off);
        t.parents = Int32Array.from(par);
        if (k.kind === "pair") delete t.parentOffsets;
        break;
      }
    }
  }
  return t;
}

function insertParent(off: number[], par: number[], task: number, parent: number): void {
  par.splice(off[task + 1], 0, parent);
  for (let i = task + 1; i < off.length; i++) off[i]++;
}

function jobOfTask(taskOffsets: Int32Array, k: number): number {
  let j = 0;
  while (j + 1 < taskOffsets.length - 1 && taskOffsets[j + 1] <= k) j++;
  return j;
}

/** A cycle message names a real cycle: "task A: cycle of K tasks: A has parent B, which has parent C, ...". */
function checkCycleMessage(t: Trace, m: string): void {
  const c = /: task (\d+): cycle of (\d+) tasks?: (.*)$/.exec(m);
  if (!c) return;
  const k = Number(c[2]);
  if (k > 6) return; // long cycles are abbreviated
  const names = c[3].split(/ has parent |, which has parent /).map(Number);
  if (names.length !== k + 1 || names[0] !== names[k] || names[0] !== Number(c[1])) fail(`checkTraceV2: malformed cycle message ${JSON.stringify(m)}`);
  if (Math.min(...names) !== names[0]) fail(`checkTraceV2: the cycle is not given from its least task: ${JSON.stringify(m)}`);
  const off = t.parentOffsets!, par = t.parents!;
  for (let i = 0; i < k; i++) {
    const child = names[i], parent = names[i + 1];
    if (!Array.from(par.subarray(off[child], off[child + 1])).includes(parent)) fail(`checkTraceV2 names an edge ${child} -> ${parent} that is not there: ${JSON.stringify(m)}`);
  }
}

// ------------------------------------------------------------------------------------------------
// Configuration

const PARAMS: ParamSpec[] = [...COMMON_PARAMS, ...SCHEDULERS.flatMap((s) => s.params)];
const PARAM_NAMES = [...new Set(PARAMS.map((p) => p.name))];
const ENUM_VALUES = [...new Set(PARAMS.flatMap((p) => p.values ?? []))];
const SCHEDULER_NAMES = SCHEDULERS.map((s) => s.name);

const WEIRD_STRINGS = ["", " ", "inf", "Infinity", "-inf", "∞", " 5 ", "5 ", "0x10", "1e3", "1e400", "true", "false", "1", "0",
  "yes", "NaN", "-0", "1_000", "0.5", "-1", "2147483648", "10000001", "4097", "a\nb", "x\u2028y", "x\u0000y", "\t", "__proto__",
  "constructor", "toString", "sparrow", "SPARROW", "hawk ", "random,sparrow"];

/** Values a JSON config or a program may give. `controls`: strings with line breaks too. */
function valueArb(controls: boolean): fc.Arbitrary<unknown> {
  const weird = controls ? WEIRD_STRINGS : WEIRD_STRINGS.filter(isOneLine);
  const scalar = fc.oneof(
    fc.integer({ min: -3, max: 5000 }), fc.integer(), fc.double(), fc.boolean(),
    fc.constantFrom(...weird), fc.constantFrom(...ENUM_VALUES), fc.string({ maxLength: 6 }),
  );
  return fc.oneof({ weight: 8, arbitrary: scalar }, { weight: 1, arbitrary: fc.constantFrom(null, undefined, NaN, Infinity, -Infinity) },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 2 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("a", "toString", "valueOf"), scalar, { maxKeys: 2, noNullPrototype: true }) });
}

const keyArb = (controls: boolean): fc.Arbitrary<string> => fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PARAM_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...PARAM_NAMES).map((k) => k.toUpperCase()) },
  { weight: 1, arbitrary: fc.constantFrom(...(controls ? WEIRD_STRINGS : WEIRD_STRINGS.filter(isOneLine))) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);

export interface ConfigCase {
  scheduler: unknown; nodes: unknown; slots: unknown; seed: unknown;
  params: Array<[string, unknown]>;
}

export function configCaseArb(controls: boolean): fc.Arbitrary<ConfigCase> {
  const opt = (a: fc.Arbitrary<unknown>) => fc.option(a, { nil: undefined, freq: 2 });
  return fc.record({
    scheduler: opt(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...SCHEDULER_NAMES) }, { weight: 1, arbitrary: valueArb(controls) })),
    nodes: opt(fc.oneof(fc.integer({ min: 1, max: 200 }), valueArb(controls))),
    slots: opt(fc.oneof(fc.integer({ min: 1, max: 8 }), valueArb(controls))),
    seed: opt(fc.oneof(fc.nat(), valueArb(controls))),
    params: fc.array(fc.tuple(keyArb(controls), valueArb(controls)), { maxLength: 4 }),
  });
}

function paramsObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

/** A resolved configuration: every value within its declared range. */
export function checkResolved(r: ResolvedConfig, scheduler: string): void {
  if (r.scheduler !== scheduler || r.spec.name !== scheduler) fail(`resolveConfig resolved '${scheduler}' as '${r.scheduler}'`);
  const int = (what: string, v: unknown, lo: number, hi: number) => {
    if (!(typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi)) fail(`resolveConfig: ${what} = ${String(v)} outside [${lo}, ${hi}]`);
  };
  int("nodes", r.nodes, 1, 10_000_000);
  int("slots", r.slots, 1, 4096);
  int("seed", r.seed, 0, INT32_MAX);
  if (r.nodes * r.slots > INT32_MAX) fail(`resolveConfig: ${r.nodes} x ${r.slots} slots`);
  const all = [...COMMON_PARAMS, ...r.spec.params];
  if (Object.keys(r.params).length !== all.length) fail(`resolveConfig: params has keys ${Object.keys(r.params).join(",")}`);
  for (const p of all) {
    const v = r.params[p.name];
    if (p.kind === "enum") { if (!(typeof v === "string" && p.values!.includes(v))) fail(`resolveConfig: ${p.name} = ${String(v)}`); continue; }
    if (p.kind === "boolean") { if (typeof v !== "boolean") fail(`resolveConfig: ${p.name} = ${String(v)}`); continue; }
    if (p.infinity && v === "inf") continue;
    if (!(typeof v === "number" && Number.isFinite(v))) fail(`resolveConfig: ${p.name} = ${String(v)} is not a finite number`);
    if (p.kind === "integer" && !Number.isInteger(v)) fail(`resolveConfig: ${p.name} = ${v} is not an integer`);
    if (p.min !== undefined && (p.minExclusive ? !(v > p.min) : !(v >= p.min))) fail(`resolveConfig: ${p.name} = ${v} below ${p.min}`);
    if (p.max !== undefined && (p.maxExclusive ? !(v < p.max) : !(v <= p.max))) fail(`resolveConfig: ${p.name} = ${v} above ${p.max}`);
  }
  if (r.paramVector.length !== r.spec.params.length) fail("resolveConfig: paramVector length");
  r.spec.params.forEach((p, i) => {
    const x = r.paramVector[i];
    if (Number.isNaN(x) || (x === Infinity) !== (p.infinity === true && r.params[p.name] === "inf") || (p.kind === "enum" && x < 0)) {
      fail(`resolveConfig: paramVector[${i}] (${p.name}) = ${x}`);
    }
  });
  if (r.networkDelay !== r.params.networkDelay) fail("resolveConfig: networkDelay");
}

function configError(e: unknown, reader: string): void {
  inputErrorMessage(e, reader);
}

/** A value as command-line text (objects as JSON: String() throws on some). */
const text = (v: unknown): string => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));

export interface SetsCase { scheduler: string; items: string[] }

const setItemArb = (controls: boolean): fc.Arbitrary<string> => fc.oneof(
  { weight: 6, arbitrary: fc.tuple(keyArb(controls), fc.constantFrom("=", " = ", "= ", "=="), valueArb(controls).map(text),
    fc.constantFrom("", " ", "\t")).map(([k, eq, v, pad]) => pad + k + eq + v) },
  { weight: 1, arbitrary: fc.constantFrom(...(controls ? WEIRD_STRINGS : WEIRD_STRINGS.filter(isOneLine)), "=", "=5", " =5", "a=", "__proto__=5", "constructor=1") },
);

export function setsCaseArb(controls: boolean): fc.Arbitrary<SetsCase> {
  return fc.record({ scheduler: fc.constantFrom(...SCHEDULER_NAMES), items: fc.array(setItemArb(controls), { maxLength: 4 }) });
}

// --config through the CLI (in process: `main` from src/cli/main.ts)

export interface CliCase {
  base: { workload: string; jobs: number; nodes: number; scheduler: string };
  edits: Array<{ key: string; value: unknown } | { key: string; remove: true }>;
  whole?: unknown;
  text?: { op: "truncate" | "bom" | "append" | "replace"; at: number; with: string };
  sets: string[];
  traceFile?: number;
}

/** The config keys (src/cli/main.ts RUN_KEYS) but perJob, which gets only paths that cannot be
 *  written or temporary ones: any other value would write a file into the working directory. */
const RUN_KEYS = ["trace", "workload", "jobs", "load", "scheduler", "nodes", "slots", "seed", "cutoff", "preset", "engine", "params",
  "format"];

export const CLI_TRACE_TEXTS = ["0 1 1 1\n1 2 1 1 2\n", "0 1 1 1\n1 2 1 1\n", "", "a,1,2\nb,2,3\n", "a,1\n"];

/** `a` now and then (1 in `odds`), undefined otherwise. */
const rarely = <T>(a: fc.Arbitrary<T>, odds: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: odds - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: a });

/** Config values that are right for their key (the file stays valid). */
const GOOD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  nodes: fc.integer({ min: 1, max: 60 }), slots: fc.integer({ min: 1, max: 4 }), seed: fc.nat(), cutoff: fc.double({ min: 0, max: 1e4, noNaN: true }),
  scheduler: fc.oneof(fc.constantFrom(...SCHEDULER_NAMES), fc.constantFrom(["sparrow", "hawk"], "random, lwl")), engine: fc.constantFrom("js", "wasm"),
  format: fc.constantFrom("json", "table"), load: fc.double({ min: 0.1, max: 0.9, noNaN: true }), jobs: fc.integer({ min: 1, max: 60 }),
  workload: fc.constantFrom("default", "mm1", "heavy-tail", "google-like"), preset: fc.constantFrom("google", "yahoo", "cloudera"),
  params: fc.constantFrom({}, { networkDelay: 0.001 }, { networkDelay: "0" }),
};

export function cliCaseArb(controls: boolean): fc.Arbitrary<CliCase> {
  const value = valueArb(controls);
  const edit = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...Object.keys(GOOD_VALUES)).chain((key) => GOOD_VALUES[key].map((v) => ({ key, value: v }))) },
    { weight: 6, arbitrary: fc.record({ key: fc.constantFrom(...RUN_KEYS), value: fc.oneof(value,
      fc.constantFrom("default", "js", "wasm", "json", "table", "csv", "hawk", "sparrow,hawk", "nope", "/nonexistent-dir/x.csv", "/nonexistent.tr")) }) },
    { weight: 1, arbitrary: fc.record({ key: fc.constantFrom("params"), value: fc.array(fc.tuple(keyArb(controls), value), { maxLength: 3 }).map(paramsObject) }) },
    { weight: 1, arbitrary: fc.record({ key: fc.oneof(fc.constantFrom(...RUN_KEYS), fc.string({ maxLength: 5 }), fc.constantFrom("__proto__", "Trace", "per-job")), value }) },
    { weight: 1, arbitrary: fc.record({ key: fc.constantFrom(...RUN_KEYS), remove: fc.constant(true as const) }) },
    { weight: 1, arbitrary: fc.record({ key: fc.constant("perJob"), value: fc.constantFrom("/nonexistent-dir/x.csv", "TEMP") }) },
  );
  return fc.record({
    base: fc.record({ workload: fc.constantFrom("default", "default", "default", "yahoo-like", "nope"), jobs: fc.integer({ min: 1, max: 30 }),
      nodes: fc.integer({ min: 1, max: 40 }), scheduler: fc.constantFrom(...SCHEDULER_NAMES) }),
    edits: fc.array(edit, { maxLength: 3 }),
    whole: rarely(fc.oneof(fc.constant(null), fc.constant([]), fc.integer(), fc.string({ maxLength: 4 }), fc.constant([{ nodes: 5 }])), 12),
    text: rarely(fc.record({ op: fc.constantFrom("truncate" as const, "bom" as const, "append" as const, "replace" as const), at: fc.nat(),
      with: fc.constantFrom("", ",", "}", "{", "//", "'", "\n", "NaN", "\u0000", "\"a\"", "1", " ", "\n\n") }), 8),
    sets: fc.oneof({ weight: 3, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.array(setItemArb(controls), { minLength: 1, maxLength: 2 }) }),
    traceFile: rarely(fc.nat({ max: CLI_TRACE_TEXTS.length - 1 }), 5),
  });
}

/** The text of a CLI case's config file (`traceFiles`: the paths of CLI_TRACE_TEXTS). */
export function cliConfigText(c: CliCase, traceFiles: string[]): string {
  let obj: unknown;
  if (c.whole !== undefined) obj = c.whole;
  else {
    const o: Record<string, unknown> = { ...c.base };
    if (c.traceFile !== undefined) { delete o.workload; delete o.jobs; o.trace = traceFiles[c.traceFile]; }
    for (const e of c.edits) {
      if ("remove" in e) delete o[e.key];
      else Object.defineProperty(o, e.key, { value: e.key === "perJob" && e.value === "TEMP" ? tempFile(".csv") : e.value,
        enumerable: true, writable: true, configurable: true });
    }
    // Runs stay small: sizes within the allowed ranges are capped (they test the simulator, not the reader).
    const cap = (k: string, max: number) => { if (typeof o[k] === "number" && (o[k] as number) > max && (o[k] as number) <= 1e8) o[k] = max; };
    cap("jobs", 200); cap("nodes", 2000); cap("slots", 16);
    if (o.jobs == null && o.trace === undefined) o.jobs = 20; // (null: the workload's default, up to 200,000 jobs)
    // A load below about 1e-18 puts arrivals past 1e20 s, where runs do not end (an engine issue,
    // reported: docs/reliability.md); such loads are raised.
    if (typeof o.load === "number" && o.load > 0 && o.load < 1e-6) o.load = 1e-6;
    obj = o;
  }
  let text = JSON.stringify(obj) ?? "";
  if (c.text) {
    const at = c.text.at % (text.length + 1);
    if (c.text.op === "truncate") text = text.slice(0, at);
    else if (c.text.op === "bom") text = "\uFEFF" + text;
    else if (c.text.op === "append") text += c.text.with;
    else text = text.slice(0, at) + c.text.with + text.slice(at + 1);
  }
  return text;
}

export interface CliResult { code: number; stdout: string; stderr: string }

/** `aviary run --config FILE --set ...` in this process (its output captured). */
export async function runCliInProcess(args: string[]): Promise<CliResult> {
  const { main } = await import("../src/cli/main.js");
  let stdout = "", stderr = "";
  const out = process.stdout.write, err = process.stderr.write;
  process.stdout.write = ((chunk: string | Uint8Array) => { stdout += String(chunk); return true; }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => { stderr += String(chunk); return true; }) as typeof process.stderr.write;
  let code: number;
  try {
    code = await main(["node", "aviary", ...args]);
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
  return { code, stdout, stderr };
}

/** What `aviary run` must do with a config: succeed (exit 0, output on stdout), or exit 2 with one
 *  line `aviary: error: ...` on stderr and nothing on stdout. */
export function checkCliResult(r: CliResult, what: string): Outcome {
  if (r.code === 0) {
    if (r.stdout === "") fail(`${what}: exit 0 with no output`);
    return "valid";
  }
  if (r.code !== 2) fail(`${what}: exit ${r.code}: ${JSON.stringify(r.stderr.slice(0, 500))}`);
  if (r.stdout !== "") fail(`${what}: exit 2 with output on stdout: ${JSON.stringify(r.stdout.slice(0, 200))}`);
  if (!/^aviary: error: .+\n$/s.test(r.stderr) || !isOneLine(r.stderr.slice(0, -1))) {
    fail(`${what}: the error is not one line 'aviary: error: ...': ${JSON.stringify(r.stderr.slice(0, 500))}`);
  }
  return "input-error";
}

// ------------------------------------------------------------------------------------------------
// Temporary files (one directory per process; removed at exit)

let tmp: string | undefined;
let fileNo = 0;

export function tempFile(suffix: string): string {
  if (!tmp) {
    const dir = mkdtempSync(join(tmpdir(), "aviary-fuzz-"));
    tmp = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return join(tmp, `f${process.pid}-${fileNo++}${suffix}`);
}

export function removeTempFiles(): void {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
}

// ------------------------------------------------------------------------------------------------
// The properties

export interface FuzzProperty<T = any> {
  name: string;
  /** What it checks, for the docs and the driver's table. */
  what: string;
  /** Share of the driver's budget (relative). */
  weight: number;
  /** Runs under `npm test`. */
  testRuns: number;
  async: boolean;
  arbitrary: fc.Arbitrary<T>;
  run(input: T): Outcome | Promise<Outcome>;
}

const NAME = "fuzz.tr";
const CSV_NAME = "fuzz.csv";

const trRoundTrip: FuzzProperty<{ jobs: JobSpec[]; style?: TrStyle }> = {
  name: "tr-roundtrip",
  what: "a generated trace, written (traceToTr, encodeTrRange, a styled writer: blanks, spellings, CRLF, BOM, blank lines) and read back by parseTr, is the same trace",
  weight: 12, testRuns: 300, async: false,
  arbitrary: fc.record({ jobs: jobsArb(20, 10), style: fc.option(trStyleArb, { nil: undefined }) }),
  run({ jobs, style }) {
    const t = traceOf(jobs, NAME);
    const text = traceToTr(t);
    const encoded = encodeTrRange(t, 0, t.arrivals.length);
    if (Buffer.compare(Buffer.from(encoded), Buffer.from(text, "utf8")) !== 0) fail("encodeTrRange and traceToTr write different bytes");
    const bytes = style ? bytesOf(styledTr(t, style)) : encoded;
    const r = attempt(() => parseTr(bytes, NAME));
    if (!r.ok) fail(`parseTr rejects a valid trace: ${describeError(r.error)}`);
    checkReaderTrace(r.value, NAME, "parseTr");
    const d = traceDifference(r.value, { ...t, name: NAME });
    if (d) fail(`the trace read back differs: ${d}`);
    return "valid";
  },
};

const trBytes: FuzzProperty<TrCase> = {
  name: "tr-parse",
  what: "parseTr on mutated samples, generated files, token soup and raw bytes: a valid trace (read again identically after writing it; TrCounter agrees) or an InputError on the file's first bad line",
  weight: 30, testRuns: 700, async: false,
  arbitrary: trCaseArb(),
  run(c) { return runParseTr(trCaseBytes(c), NAME); },
};

const trChunks: FuzzProperty<{ c: TrCase; sizes: number[]; hint: number }> = {
  name: "tr-chunks",
  what: "TrParser fed in chunks of every size 1..N (and irregular ones; one reused buffer) reads what parseTr reads, or fails with the same message; TrCounter agrees at the same chunks",
  weight: 20, testRuns: 500, async: false,
  arbitrary: fc.record({
    c: trCaseArb({ maxJobs: 6, maxSoupLines: 4 }),
    sizes: fc.oneof(fc.tuple(fc.integer({ min: 1, max: 64 })), fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 6 })),
    hint: fc.constantFrom(0, 1, 2, 3),
  }),
  run({ c, sizes, hint }) {
    const bytes = trCaseBytes(c, 12);
    const ref = attempt(() => parseTr(bytes, NAME));
    const sizeHint = [0, bytes.length, bytes.length * 4, 7][hint];
    const got = attempt(() => {
      const p = new TrParser(NAME, sizeHint);
      pushInChunks(p, bytes, sizes);
      return p.end();
    });
    sameOutcome(ref, got, "parseTr", `TrParser in chunks of ${sizes.join(",")}`);
    if (ref.ok) {
      const counter = new TrCounter();
      pushInChunks(counter, bytes, sizes);
      const n = counter.result();
      if (!n || n.jobs !== ref.value.arrivals.length || n.tasks !== ref.value.durations.length) {
        fail(`TrCounter in chunks of ${sizes.join(",")} counted ${JSON.stringify(n)}`);
      }
      return "valid";
    }
    checkTrError(ref.error, NAME, bytes, "parseTr");
    return "input-error";
  },
};

const trSplit: FuzzProperty<{ c: TrCase; at: number }> = {
  name: "tr-split",
  what: "the two-part read of readTraceFile (a second TrParser from a line boundary, joined with appendPart), done in process at any line boundary: when the parts join, the same trace or message as parseTr; a problem in the first part is parseTr's",
  weight: 12, testRuns: 300, async: false,
  arbitrary: fc.record({ c: trCaseArb({ maxJobs: 10 }), at: fc.nat() }),
  run({ c, at }) {
    const bytes = trCaseBytes(c, 40);
    const ref = attempt(() => parseTr(bytes, NAME));
    const lfs: number[] = [];
    for (let i = 0; i < bytes.length - 1; i++) if (bytes[i] === 10) lfs.push(i);
    if (lfs.length > 0) {
      const mid = lfs[at % lfs.length] + 1;
      const p1 = new TrParser(NAME, bytes.length);
      const first = attempt(() => p1.push(bytes.subarray(0, mid)));
      if (!first.ok) {
        sameOutcome(ref, first as Attempt<Trace>, "parseTr", "the first part");
      } else {
        const p2 = new TrParser(NAME, bytes.length - mid, false);
        const part = attempt(() => { p2.push(bytes.subarray(mid)); return p2.endPart(); });
        if (part.ok) {
          const joined = attempt(() => p1.appendPart(part.value));
          if (!joined.ok) fail(`appendPart threw ${describeError(joined.error)}`);
          if (joined.value) sameOutcome(ref, attempt(() => p1.end()), "parseTr", `the parts split at byte ${mid}, joined`);
          else if (ref.ok) fail(`the parts of a valid file split at byte ${mid} do not join`);
        } else {
          inputErrorMessage(part.error, "the second part");
          if (ref.ok) fail(`the second part of a valid file (split at byte ${mid}) fails: ${describeError(part.error)}`);
        }
      }
    }
    if (ref.ok) { checkReaderTrace(ref.value, NAME, "parseTr"); return "valid"; }
    checkTrError(ref.error, NAME, bytes, "parseTr");
    return "input-error";
  },
};

type FileCase = { mode: "tr"; c: TrCase; parallel: number; ext: number } | { mode: "write"; jobs: JobSpec[]; csv: boolean }
  | { mode: "csv"; c: CsvCase; upper: boolean };

const TR_EXTENSIONS = [".tr", ".TR", "", ".txt", ".csv.tr"];

const trFile: FuzzProperty<FileCase> = {
  name: "read-file",
  what: "readTraceFile (one pass, and two threads with parallelBytes from 0 to the file size) reads what parseTr/parseCsv read from the same bytes, or fails with the same message; writeTraceFile then readTraceFile gives the trace back",
  weight: 0.6, testRuns: 40, async: true,
  arbitrary: fc.oneof(
    { weight: 6, arbitrary: fc.record({ mode: fc.constant("tr" as const), c: trCaseArb({ maxJobs: 30 }), parallel: fc.nat({ max: 9 }),
      ext: fc.nat({ max: TR_EXTENSIONS.length - 1 }) }) },
    { weight: 2, arbitrary: fc.record({ mode: fc.constant("write" as const), jobs: jobsArb(20, 8), csv: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ mode: fc.constant("csv" as const), c: csvCaseArb(), upper: fc.boolean() }) },
  ),
  async run(x) {
    if (x.mode === "write") {
      const path = tempFile(x.csv ? ".csv" : ".tr");
      const t = traceOf(x.jobs, path);
      await writeTraceFile(path, t);
      const got = await attemptAsync(() => readTraceFile(path));
      if (!got.ok) fail(`readTraceFile cannot read what writeTraceFile wrote: ${describeError(got.error)}`);
      if (x.csv) {
        checkCsvTrace(got.value, path, "readTraceFile (CSV)");
        if (!sameArray(got.value.arrivals, t.arrivals) || !sameArray(got.value.durations, t.durations)) fail("a CSV written and read back differs");
      } else {
        if (!sameArray(readFileSync(path), bytesOf(traceToTr(t)))) fail("writeTraceFile and traceToTr wrote different bytes");
        const d = traceDifference(got.value, t);
        if (d) fail(`a .tr file written and read back differs: ${d}`);
      }
      return "valid";
    }
    if (x.mode === "csv") {
      const bytes = applyMutations(csvSourceBytes(x.c.source), x.c.mutations, CSV_SEPARATORS);
      const path = tempFile(x.upper ? ".CSV" : ".csv");
      writeFileSync(path, bytes);
      const ref = attempt(() => parseCsv(bytes, path));
      const got = await attemptAsync(() => readTraceFile(path));
      sameOutcome(ref, got, "parseCsv", "readTraceFile");
      if (ref.ok) { checkCsvTrace(ref.value, path, "parseCsv"); return "valid"; }
      checkCsvError(ref.error, path, bytes, "parseCsv");
      return "input-error";
    }
    const bytes = trCaseBytes(x.c);
    const path = tempFile(TR_EXTENSIONS[x.ext]);
    writeFileSync(path, bytes);
    const n = bytes.length;
    // parallelBytes: two threads for most of these (0 .. the size), one pass for the others
    const parallelBytes = [0, 1, 16, n >> 1, n, n + 1, Infinity, undefined, 0, n][x.parallel];
    const ref = attempt(() => parseTr(bytes, path));
    const stats = { threads: 0 };
    const got = await attemptAsync(() => readTraceFile(path, { parallelBytes, stats }));
    sameOutcome(ref, got, "parseTr", `readTraceFile (parallelBytes ${parallelBytes}, ${stats.threads} threads)`);
    if (ref.ok) return "valid";
    checkTrError(ref.error, path, bytes, "parseTr");
    return "input-error";
  },
};

/** How long a streamed read may take before it counts as a hang. */
export const FEED_TIMEOUT_MS = 20_000;

const trFeed: FuzzProperty<{ c: TrCase; chunk: number }> = {
  name: "tr-feed",
  what: "openTraceFeed (a worker counts, then parses in chunks of chunkBytes while the caller consumes with available()/more()) gives parseTr's trace or message; it declines only files parseTr rejects (readTraceFile then reads them the same way); the jobs it shows are always parseTr's",
  weight: 0.25, testRuns: 12, async: true,
  arbitrary: fc.record({ c: trCaseArb({ maxJobs: 40 }), chunk: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 65, max: 4096 })) }),
  async run({ c, chunk }) {
    const bytes = trCaseBytes(c);
    const path = tempFile(".tr");
    writeFileSync(path, bytes);
    const ref = attempt(() => parseTr(bytes, path));
    const feed = await openTraceFeed(path, { chunkBytes: chunk });
    if (!feed) {
      if (ref.ok) fail(`openTraceFeed declined a valid file (chunkBytes ${chunk})`);
      sameOutcome(ref, await attemptAsync(() => readTraceFile(path)), "parseTr", "readTraceFile after openTraceFeed declined");
      checkTrError(ref.error, path, bytes, "parseTr");
      return "input-error";
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const consume = async (): Promise<Trace> => {
        const jobs = feed.trace.arrivals.length;
        for (;;) {
          const n = feed.available();
          if (!(n >= 0 && n <= jobs)) fail(`available() = ${n} of ${jobs} jobs`);
          if (ref.ok) {
            // the jobs shown so far are parseTr's
            const t = feed.trace, r = ref.value;
            for (let j = 0; j < n; j++) {
              if (!Object.is(t.arrivals[j], r.arrivals[j]) || !Object.is(t.estimates[j], r.estimates[j]) || t.taskOffsets[j + 1] !== r.taskOffsets[j + 1]) {
                fail(`the feed shows job ${j} differently from parseTr`);
              }
            }
          }
          if (n === jobs) break;
          await feed.more();
        }
        return feed.done;
      };
      const hang = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PropertyFailure(`HANG: the streamed read did not finish in ${FEED_TIMEOUT_MS} ms`)), FEED_TIMEOUT_MS);
      });
      const got = await attemptAsync(() => Promise.race([consume(), hang]));
      if (!got.ok && got.error instanceof PropertyFailure) throw got.error;
      sameOutcome(ref, got, "parseTr", `openTraceFeed (chunkBytes ${chunk})`);
      if (got.ok && (got.value.arrivals !== feed.trace.arrivals || got.value.durations !== feed.trace.durations)) {
        fail("the feed's done trace is not on the columns it handed out");
      }
    } finally {
      clearTimeout(timer);
      feed.close();
    }
    if (ref.ok) return "valid";
    checkTrError(ref.error, path, bytes, "parseTr");
    return "input-error";
  },
};

const csvRoundTrip: FuzzProperty<CsvModel> = {
  name: "csv-roundtrip",
  what: "a generated CSV v1/v2 file (random column order, quoting, blanks, spellings, interleaved jobs, DAGs, CRLF, BOM, blank lines) reads as the trace its model describes (order, estimates, labels, parents), and checkTraceV2 accepts it",
  weight: 10, testRuns: 300, async: false,
  arbitrary: csvModelArb,
  run(m) {
    const text = csvText(m);
    const r = attempt(() => parseCsv(text, CSV_NAME));
    if (!r.ok) fail(`parseCsv rejects a valid file: ${describeError(r.error)}\n${text}`);
    checkCsvTrace(r.value, CSV_NAME, "parseCsv");
    const expected = csvExpected(m, CSV_NAME);
    const finite = Array.from(expected.estimates).every(Number.isFinite);
    const got = finite ? r.value : { ...r.value, estimates: expected.estimates };
    const d = traceDifference(got, expected);
    if (d) fail(`parseCsv read ${d}\n${text}`);
    const asBytes = attempt(() => parseCsv(bytesOf(text), CSV_NAME));
    sameOutcome(r, asBytes, "parseCsv(text)", "parseCsv(bytes)");
    return "valid";
  },
};

const csvBytes: FuzzProperty<CsvCase> = {
  name: "csv-parse",
  what: "parseCsv (text and bytes) on mutated generated files, token soup and edge cases: a valid trace (invariants, checkTraceV2, estimates are means) or an InputError NAME:LINE: / NAME: whole-file problem, one line",
  weight: 20, testRuns: 600, async: false,
  arbitrary: csvCaseArb(),
  run(c) {
    const bytes = applyMutations(csvSourceBytes(c.source), c.mutations, CSV_SEPARATORS);
    const input = c.asText ? new TextDecoder().decode(bytes) : bytes;
    const r = attempt(() => parseCsv(input, CSV_NAME));
    if (r.ok) {
      checkCsvTrace(r.value, CSV_NAME, "parseCsv");
      // its v1 text reads back with the same arrivals and durations
      const again = attempt(() => parseCsv(traceToCsv(r.value), CSV_NAME));
      if (!again.ok) fail(`parseCsv cannot read its trace written as CSV: ${describeError(again.error)}`);
      if (!sameArray(again.value.arrivals, r.value.arrivals) || !sameArray(again.value.durations, r.value.durations)) fail("a CSV trace written back reads differently");
      return "valid";
    }
    checkCsvError(r.error, CSV_NAME, typeof input === "string" ? bytesOf(input) : bytes, "parseCsv");
    return "input-error";
  },
};

const v2Check: FuzzProperty<V2Case> = {
  name: "check-v2",
  what: "checkTraceV2 on programmatic traces with optional columns, valid or broken (lengths, values, pairs, names, parents out of the job, duplicates, self-edges, cycles): it accepts exactly the traces a reference checker accepts, and a cycle it reports is real",
  weight: 8, testRuns: 400, async: false,
  arbitrary: v2CaseArb,
  run(c) {
    const t = v2Trace(c);
    const expected = v2Problem(t);
    const r = attempt(() => checkTraceV2(t));
    if (r.ok) {
      if (expected) fail(`checkTraceV2 accepts a trace with ${expected}`);
      return "valid";
    }
    const m = inputErrorMessage(r.error, "checkTraceV2");
    if (!m.startsWith(`trace '${t.name}': `)) fail(`checkTraceV2: the message does not name the trace: ${JSON.stringify(m)}`);
    if (!expected) fail(`checkTraceV2 rejects a valid trace: ${m}`);
    checkCycleMessage(t, m);
    return "input-error";
  },
};

const configResolve: FuzzProperty<ConfigCase> = {
  name: "config-resolve",
  what: "resolveConfig with arbitrary scheduler, nodes, slots, seed and params (any JSON value, unknown and odd keys): a configuration whose every value is within its declared range, or a one-line InputError",
  weight: 4, testRuns: 300, async: false,
  arbitrary: configCaseArb(true),
  run(c) {
    const input = { scheduler: c.scheduler, nodes: c.nodes, slots: c.slots, seed: c.seed, params: paramsObject(c.params) };
    const r = attempt(() => resolveConfig(input as Parameters<typeof resolveConfig>[0]));
    if (r.ok) { checkResolved(r.value, (c.scheduler ?? "sparrow") as string); return "valid"; }
    configError(r.error, "resolveConfig");
    return "input-error";
  },
};

const configSets: FuzzProperty<SetsCase> = {
  name: "config-sets",
  what: "--set items through parseSets (every key=value item kept, keys and values trimmed, the last one wins, none lost) and resolveConfig: a valid configuration or a one-line InputError",
  weight: 3, testRuns: 300, async: false,
  arbitrary: setsCaseArb(true),
  run({ scheduler, items }) {
    const r = attempt(() => parseSets(items));
    if (!r.ok) {
      configError(r.error, "parseSets");
      if (items.every((it) => it.indexOf("=") > 0 && it.slice(0, it.indexOf("=")).trim() !== "")) fail(`parseSets rejects well-formed items ${JSON.stringify(items)}`);
      return "input-error";
    }
    const expected = new Map<string, string>();
    for (const it of items) {
      const eq = it.indexOf("=");
      if (eq <= 0) fail(`parseSets accepted ${JSON.stringify(it)}`);
      expected.set(it.slice(0, eq).trim(), it.slice(eq + 1).trim());
    }
    const keys = Object.keys(r.value);
    if (keys.length !== expected.size || keys.some((k) => !expected.has(k) || r.value[k] !== expected.get(k)) ||
        [...expected.keys()].some((k) => !Object.prototype.hasOwnProperty.call(r.value, k))) {
      fail(`parseSets(${JSON.stringify(items)}) gave ${JSON.stringify(Object.entries(r.value))}`);
    }
    const c = attempt(() => resolveConfig({ scheduler, params: r.value }));
    if (c.ok) { checkResolved(c.value, scheduler); return "valid"; }
    configError(c.error, "resolveConfig");
    return "input-error";
  },
};

let cliTraceFiles: string[] | undefined;

const configCli: FuzzProperty<CliCase> = {
  name: "config-cli",
  what: "`aviary run --config FILE [--set ...]` (main() in process) with generated configs, mostly broken (bad JSON, non-objects, unknown keys, wrong types, out-of-range values, bad trace files): exit 0 with output, or exit 2 with one line 'aviary: error: ...' and no output",
  weight: 0.6, testRuns: 40, async: true,
  arbitrary: cliCaseArb(true),
  async run(c) {
    cliTraceFiles ??= CLI_TRACE_TEXTS.map((text, i) => { const p = tempFile(i === 3 || i === 4 ? ".csv" : ".tr"); writeFileSync(p, text); return p; });
    const file = tempFile(".json");
    writeFileSync(file, cliConfigText(c, cliTraceFiles));
    const args = ["run", "--config", file, ...c.sets.flatMap((s) => ["--set", s])];
    return checkCliResult(await runCliInProcess(args), `aviary ${args.join(" ")}`);
  },
};

export const PROPERTIES: FuzzProperty[] = [trRoundTrip, trBytes, trChunks, trSplit, trFile, trFeed, csvRoundTrip, csvBytes, v2Check,
  configResolve, configSets, configCli];

// ------------------------------------------------------------------------------------------------
// Known issues outside the readers (reported, not fixed here): a failure that matches one is
// counted apart, so that the suite stays green while it is open. Remove an entry once fixed.

export interface KnownIssue { id: string; where: string; description: string; matches(failure: string): boolean }

// The five found by the first full run (2026-11-24: JSON.parse's snippet and values from the file
// quoted with their line breaks, String() of an object with a throwing toString, the config
// file's values not type-checked, an unwritable per-job path found after the runs) are fixed:
// InputError escapes control characters, showValue renders any value, readConfigFile checks
// each key's type, the per-job file's folder is checked before the runs.
export const KNOWN_ISSUES: KnownIssue[] = [];

export function knownIssue(failure: string): KnownIssue | undefined {
  return KNOWN_ISSUES.find((k) => k.matches(failure));
}

// ------------------------------------------------------------------------------------------------
// Running a property on one input: its outcome, or the failure (with its known issue, if any)

export type RunResult = { outcome: Outcome } | { failure: string; known?: string; hang?: boolean };

export async function runOne<T>(p: FuzzProperty<T>, input: T): Promise<RunResult> {
  try {
    return { outcome: await p.run(input) };
  } catch (e) {
    const failure = e instanceof PropertyFailure ? e.message : `the property itself threw ${describeError(e)}`;
    return { failure, known: knownIssue(failure)?.id, hang: failure.startsWith("HANG:") };
  }
}

export function runOneSync<T>(p: FuzzProperty<T>, input: T): RunResult {
  try {
    return { outcome: p.run(input) as Outcome };
  } catch (e) {
    const failure = e instanceof PropertyFailure ? e.message : `the property itself threw ${describeError(e)}`;
    return { failure, known: knownIssue(failure)?.id };
  }
}
