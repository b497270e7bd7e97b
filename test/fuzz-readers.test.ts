// Property-based fuzzing of every input reader (fast-check), with the budget of a test run: a few
// thousand generated inputs. The generators and the properties are bench/fuzz-props.ts, shared with
// the long driver (node dist/bench/fuzz.js: a million inputs); docs/reliability.md describes both.
// Then the plain regression tests of the bugs the fuzzing found, each with its minimal input.
import { describe, it, expect, beforeAll } from "vitest";
import fc from "fast-check";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError } from "../src/errors.js";
import { TrCounter, TrParser, parseTr } from "../src/trace/tr.js";
import { parseCsv } from "../src/trace/csv.js";
import { openTraceFeed, readTraceFile } from "../src/trace/node.js";
import { parseSets, resolveConfig } from "../src/config/config.js";
import { packageRoot } from "../src/engine/node.js";
import {
  CLI_TRACE_TEXTS, KNOWN_ISSUES, PROPERTIES, attempt, cliCaseArb, cliConfigText, haveSharedTraces, isOneLine, pushInChunks,
  runCliInProcess, runOne, runOneSync, runParseTr, sameOutcome, tempFile, trCaseArb, trCaseBytes, type FuzzProperty,
} from "../bench/fuzz-props.js";

if (!haveSharedTraces) console.warn("../shared/traces is absent: the fuzz tests on mutated sample traces are skipped");

const enc = new TextEncoder();
const bytes = (s: string): Uint8Array => enc.encode(s);

/** Runs a property with fast-check; a failure that a KNOWN_ISSUES entry recognizes (a bug outside
 *  the readers, reported) is counted and shown, not failed. */
async function check(p: FuzzProperty<unknown>, numRuns: number, arbitrary = p.arbitrary): Promise<void> {
  const known = new Map<string, number>();
  const verdict = (r: ReturnType<typeof runOneSync>) => {
    if ("failure" in r) {
      if (!r.known) throw new Error(r.failure);
      known.set(r.known, (known.get(r.known) ?? 0) + 1);
    }
  };
  const params = { numRuns, plugins: [fc.interruptAfterTimeLimit(p.async ? 20_000 : 8_000)] };
  if (p.async) await fc.assert(fc.asyncProperty(arbitrary, async (x) => verdict(await runOne(p, x))), params);
  else fc.assert(fc.property(arbitrary, (x) => verdict(runOneSync(p, x))), params);
  for (const [id, n] of known) {
    console.warn(`${p.name}: ${n} input(s) hit known issue '${id}' (${KNOWN_ISSUES.find((k) => k.id === id)?.where}; see KNOWN_ISSUES in bench/fuzz-props.ts)`);
  }
}

describe("fuzzing the readers: valid trace or one-line InputError naming the file and line, never anything else", () => {
  for (const p of PROPERTIES) {
    it(`${p.name}: ${p.what}`, () => check(p, p.testRuns), 60_000);
  }

  it.skipIf(!haveSharedTraces)("mutated prefixes of the real sample traces (../shared/traces): parseTr and TrParser in chunks", () => {
    const samples = trCaseArb({ samples: "only" });
    const parse = PROPERTIES.find((p) => p.name === "tr-parse")!;
    const chunks = PROPERTIES.find((p) => p.name === "tr-chunks")!;
    return Promise.all([
      check(parse, 250, samples),
      check(chunks, 150, fc.record({ c: samples, sizes: fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 4 }), hint: fc.constantFrom(0, 1) })),
    ]);
  }, 60_000);

  it("TrParser at every chunk size 1..length reads what parseTr reads (edge cases and generated files)", () => {
    const cases = [
      "", "\n", "\uFEFF", "\uFEFF0 1 1 1", "\uFEFF\n0 1 1 1\n", "0 2 1.5 1 2\r\n\n  \t\n1\t1 3 3\r\n2 3.0 1 1 1 1\n\n3 1 5 5",
      "0 1 1 1 1\n", "1 1 1 1\n0 1 1 1\n", "0 1 1 x7\n", "0 1 1 1\r", "0 1 1\r1\n", "0 1 1e309 1\n", "0 1 1 1\0\n",
      ...fc.sample(trCaseArb({ maxJobs: 5, samples: false }), { numRuns: 30, seed: 7 }).map((c) => new TextDecoder().decode(trCaseBytes(c))),
    ];
    for (const text of cases) {
      const b = bytes(text);
      const ref = attempt(() => parseTr(b, "x.tr"));
      for (let size = 1; size <= Math.max(1, b.length); size++) {
        const got = attempt(() => { const p = new TrParser("x.tr"); pushInChunks(p, b, [size]); return p.end(); });
        sameOutcome(ref, got, "parseTr", `TrParser in chunks of ${size} (${JSON.stringify(text).slice(0, 60)})`);
      }
      expect(runParseTr(b, "x.tr")).toMatch(/^(valid|input-error)$/);
    }
  });

  it("aviary run --config FILE as a process: 20 generated bad configs exit 2 with the one-line message the in-process run gives", async () => {
    const seed = Date.now() % 1_000_000;
    const traceFiles = CLI_TRACE_TEXTS.map((text, i) => { const p = tempFile(i === 3 || i === 4 ? ".csv" : ".tr"); writeFileSync(p, text); return p; });
    const chosen: Array<{ args: string[]; stderr: string }> = [];
    for (const c of fc.sample(cliCaseArb(false), { numRuns: 400, seed })) {
      const file = tempFile(".json");
      writeFileSync(file, cliConfigText(c, traceFiles));
      const args = ["run", "--config", file, ...c.sets.flatMap((s) => ["--set", s])];
      if (args.some((a) => a.includes("\0"))) continue; // (a process argument cannot hold a NUL)
      const r = await runCliInProcess(args);
      // bad configs only (a good one would run a simulation), and none that hits a known issue
      if (r.code === 2 && r.stdout === "" && isOneLine(r.stderr.slice(0, -1))) chosen.push({ args, stderr: r.stderr });
      if (chosen.length === 20) break;
    }
    expect(chosen.length).toBe(20);
    const bin = join(packageRoot(), "bin/aviary.js");
    const spawnOne = (args: string[]) => new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "", stderr = "";
      child.stdout.on("data", (d) => { stdout += d; });
      child.stderr.on("data", (d) => { stderr += d; });
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });
    const queue = [...chosen];
    await Promise.all([0, 1, 2].map(async () => {
      for (let x = queue.shift(); x; x = queue.shift()) {
        const r = await spawnOne(x.args);
        const what = `seed ${seed}: aviary ${x.args.join(" ")}`;
        expect(r.code, what).toBe(2);
        expect(r.stdout, what).toBe("");
        expect(r.stderr, what).toBe(x.stderr);
        expect(r.stderr, what).toMatch(/^aviary: error: [^\n]+\n$/);
      }
    }));
  }, 60_000);
});

describe("regressions found by the fuzzing (minimal inputs)", () => {
  let dir = "";
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "aviary-fuzz-regressions-")); });

  it("CSV: a job whose durations (or estimates) add up past the largest double gets their mean, not Infinity", () => {
    const t = parseCsv("a,1,1e308\na,1,1e308\n", "x.csv");
    expect(Array.from(t.estimates)).toEqual([1e308]);
    const u = parseCsv("job_id,submit_time,duration,estimate\na,1,1,1.5e308\na,1,1,1.7e308\nb,2,1,1\n", "x.csv");
    expect(u.estimates[0] / 1.6e308).toBeCloseTo(1, 12);
    expect(u.estimates[1]).toBe(1);
  });

  it("a streamed read names a last line with too many durations as parseTr does, not as 'the file changed'", async () => {
    const text = "0 1 1 1\n1 1 1 1 2\n";
    const expected = "x.tr:2: field 2 (num_tasks): num_tasks is 1 but the line has 2 durations (expected 1, found 2)";
    expect(() => parseTr(bytes(text), "x.tr")).toThrow(expected);
    // the parser on columns sized by the counting pass (what the feed's worker does)
    const c = new TrCounter();
    c.push(bytes(text));
    const { jobs, tasks } = c.result()!;
    const cols = { arrivals: new Float64Array(jobs), estimates: new Float64Array(jobs), offsets: new Int32Array(jobs + 1), durations: new Float64Array(tasks) };
    expect(() => { const p = new TrParser("x.tr", 0, true, cols); p.push(bytes(text)); p.end(); }).toThrow(expected);
    // a file that grew after it was counted is still reported as such
    const grown = { arrivals: new Float64Array(1), estimates: new Float64Array(1), offsets: new Int32Array(2), durations: new Float64Array(1) };
    expect(() => { const p = new TrParser("x.tr", 0, true, grown); p.push(bytes("0 1 1 1\n1 1 1 1\n")); p.end(); }).toThrow(/changed while it was read/);
    // and through openTraceFeed
    const path = join(dir, "extra.tr");
    writeFileSync(path, text);
    const feed = (await openTraceFeed(path, { chunkBytes: 64 }))!;
    try {
      await expect(feed.done).rejects.toThrow(expected.replace("x.tr", path));
    } finally {
      feed.close();
    }
  });

  it("a streamed run of a file whose num_tasks is far above its durations names the line (nothing is allocated for the count)", async () => {
    // Before: the feed's worker allocated the columns for 2^31-1 tasks (17 GB) and the CLI's memory
    // bound refused the run ("needs up to 68 GB ... more than --max-memory") instead of naming the line.
    const path = join(dir, "huge-count.tr");
    writeFileSync(path, "0 2147483647 1 1\n");
    expect(await openTraceFeed(path, { chunkBytes: 64 })).toBeUndefined();
    const before = process.env.AVIARY_FEED_MIN_BYTES;
    process.env.AVIARY_FEED_MIN_BYTES = "0"; // the CLI streams every .tr file
    try {
      const r = await runCliInProcess(["run", "--trace", path, "--scheduler", "sparrow", "--nodes", "10"]);
      expect(r).toEqual({ code: 2, stdout: "", stderr: `aviary: error: ${path}:1: field 2 (num_tasks): num_tasks is 2147483647 ` +
        "but the line has 1 durations (expected 2147483647, found 1)\n" });
    } finally {
      if (before === undefined) delete process.env.AVIARY_FEED_MIN_BYTES;
      else process.env.AVIARY_FEED_MIN_BYTES = before;
    }
  });

  it("TrCounter skips a byte-order mark split between chunks (it counted nothing: streamed reads gave up)", () => {
    for (const text of ["\uFEFF\n0 1 1 1\n", "\uFEFF 0 1 0 0"]) {
      for (const size of [1, 2]) {
        const c = new TrCounter();
        pushInChunks(c, bytes(text), [size]);
        expect(c.result(), `${JSON.stringify(text)} in chunks of ${size}`).toEqual({ jobs: 1, tasks: 1 });
      }
    }
  });

  it("messages stay on one line: line and paragraph separators and C1 controls are shown escaped", async () => {
    expect(() => parseTr(bytes("0 1 1 1\u2028\n"), "x.tr")).toThrow("x.tr:1: field 4 (duration 1): '1\\u2028' is not a number");
    expect(() => parseTr(bytes("0 1 1 x\u0085\n"), "x.tr")).toThrow("x.tr:1: field 4 (duration 1): 'x\\x85' is not a number");
    expect(() => parseCsv("a,1,\"x\u2029\"\n", "x.csv")).toThrow("x.csv:1: field 3 (duration): 'x\\u2029' is not a number");
    // a header cell with a line break, and csv-parse's own message quoting a field
    expect(() => parseCsv("\"job\nid\",submit_time,duration\na,1,2\n", "x.csv")).toThrow(/^x\.csv:2: field 1 \(job\\x0aid\): unknown column/);
    expect(() => parseCsv("a,1,2\nx\u2028y\"z,1,2\n", "x.csv")).toThrow("value is \"x\\u2028y\"");
    const path = join(dir, "sep.tr");
    writeFileSync(path, "0 1 1 1\n1 1 1 \u2029\n");
    await expect(readTraceFile(path)).rejects.toThrow(`${path}:2: field 4 (duration 1): '\\u2029' is not a number`);
  });

  it("an invalid UTF-8 byte in a CSV: parseCsv on the bytes and readTraceFile on the file give the same message (fuzz seed -372666190)", async () => {
    // csv-parse quotes the offending byte; parseCsv once decoded a Uint8Array that was not a Node
    // Buffer to text first, so the byte became U+FFFD and was quoted as its first byte ("ï").
    const b = bytes("job_id,submit_time,duration\r\na,1,\"2\"x,3\r\n");
    b[b.indexOf(0x78)] = 0x80;
    const path = join(dir, "byte80.csv");
    writeFileSync(path, b);
    const message = `${path}:2: invalid CSV: Invalid Closing Quote: got "\\x80" at line 2`;
    expect(() => parseCsv(b, path)).toThrow(message);
    await expect(readTraceFile(path)).rejects.toThrow(message);
  });

  it("--set: a '__proto__' key is kept (and named as unknown), an empty key is refused, the message is one line", () => {
    const s = parseSets(["__proto__=5", "probeRatio=2"]);
    expect(Object.keys(s)).toEqual(["__proto__", "probeRatio"]);
    expect(() => resolveConfig({ scheduler: "sparrow", params: s })).toThrow(/^unknown parameter '__proto__' for scheduler 'sparrow'/);
    expect(() => parseSets([" =5"])).toThrow(new InputError("--set expects key=value, got ' =5'"));
    expect(() => parseSets(["a\nb"])).toThrow("--set expects key=value, got 'a\\x0ab'");
  });
});
