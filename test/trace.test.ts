// Trace readers, writers and the Poisson generator.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { writeFile as writeFileAsync } from "node:fs/promises";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../src/errors.js";
import { parseNumber, parseTr, TrParser } from "../src/trace/tr.js";
import { parseCsv } from "../src/trace/csv.js";
import { formatTrLine, traceToCsv, traceToTr } from "../src/trace/write.js";
import { readTraceFile, writeTraceFile, generatePoissonWithEngineRng } from "../src/trace/node.js";
import {
  generatePoisson, parseDurationSpec, STREAM_ARRIVALS, STREAM_TASKS,
  type PoissonOptions,
} from "../src/trace/gen.js";
import type { Trace } from "../src/trace/types.js";

const enc = new TextEncoder();
const bytes = (s: string): Uint8Array => enc.encode(s);
const num = (s: string): number => { const b = bytes(s); return parseNumber(b, 0, b.length); };

/** A deterministic uniform source for tests (mulberry32). */
function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function columns(t: Trace) {
  return {
    arrivals: Array.from(t.arrivals), taskOffsets: Array.from(t.taskOffsets),
    durations: Array.from(t.durations), estimates: Array.from(t.estimates),
  };
}

function expectSameColumns(a: Trace, b: Trace): void {
  expect(b.arrivals).toEqual(a.arrivals);
  expect(b.taskOffsets).toEqual(a.taskOffsets);
  expect(b.durations).toEqual(a.durations);
  expect(b.estimates).toEqual(a.estimates);
}

function errorOf(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).not.toContain("\n");
    return e as InputError;
  }
  throw new Error("expected an InputError");
}

async function asyncErrorOf(f: () => Promise<unknown>): Promise<InputError> {
  try {
    await f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).not.toContain("\n");
    return e as InputError;
  }
  throw new Error("expected an InputError");
}

describe("number tokenizer", () => {
  it("reads plain decimals exactly like parseFloat", () => {
    for (const s of ["0", "-0", "+0", "1", "12", "7.527", "15.9488927468", ".5", "5.", "-3.25", "+4.5",
      "0.1", "0.000123", "000123.4500", "123456789012345", "1234567890123456", "12345678901234567",
      "9007199254740993", "9007199254740992", "0.30000000000000004", "1e3", "1E-3", "2.5e+4", "-1.5e-10",
      "1e22", "1e23", "1e-22", "1e-23", "4.9e-324", "1e-400", "1.7976931348623157e308", "123.456e-2",
      "0.1e1", "1000000000000000000000000", "0.0000000000000000000000001", "1e-0", "00000000000000000000001.5"]) {
      expect(Object.is(num(s), parseFloat(s)), s).toBe(true);
    }
  });

  it("agrees with parseFloat on many random decimal strings", () => {
    const r = mulberry(12345);
    const digits = (n: number) => { let s = ""; for (let i = 0; i < n; i++) s += Math.floor(r() * 10); return s; };
    let checked = 0;
    for (let i = 0; i < 60000; i++) {
      let s: string;
      switch (i % 6) {
        case 0: s = String(r() * 10 ** Math.floor(r() * 12 - 4)); break;            // shortest round-trip forms
        case 1: s = (r() * 1e6).toPrecision(1 + Math.floor(r() * 21)); break;        // 1..21 significant digits
        case 2: s = digits(1 + Math.floor(r() * 20)) + "." + digits(Math.floor(r() * 25)); break;
        case 3: s = (r() < 0.5 ? "-" : "") + digits(1 + Math.floor(r() * 17)); break;
        case 4: s = digits(1 + Math.floor(r() * 18)) + (r() < 0.5 ? "e" : "E") + (r() < 0.5 ? "-" : "+") + Math.floor(r() * 40); break;
        default: s = "0." + "0".repeat(Math.floor(r() * 25)) + digits(1 + Math.floor(r() * 17)); break;
      }
      const got = num(s);
      if (!Object.is(got, parseFloat(s))) expect(got, s).toBe(parseFloat(s));
      checked++;
    }
    expect(checked).toBe(60000);
  });

  it("rejects anything that is not exactly one number", () => {
    for (const s of ["", "-", "+", ".", "-.", "1.2.3", "12abc", "0x10", "NaN", "nan", "Infinity", "-Infinity",
      "inf", "1e", "1e+", "e5", ".e5", "--1", "+-1", "1,5", "1_000", "١", "5 ", " 5", "1e5.5"]) {
      expect(num(s), JSON.stringify(s)).toBeNaN();
    }
  });
});

const SMALL =
  "\uFEFF0 3 2.5 1 2  4.5\r\n" +
  "\r\n" +
  "1.25\t2\t0.5\t0.25\t0.75   \n" +
  "   \n" +
  "1.25 1 1e-3 0.001\n" +
  "7.527 4 15.9488927468  6.44153634315  12.9735747596  17.2702188088  15.5551884623  \n" +
  "1e2 1 0 0";

describe(".tr reader", () => {
  it("reads columns, skipping blank lines and a BOM, with CRLF, tabs and trailing blanks", () => {
    const t = parseTr(bytes(SMALL), "small.tr");
    expect(t.name).toBe("small.tr");
    expect(columns(t)).toEqual({
      arrivals: [0, 1.25, 1.25, 7.527, 100],
      taskOffsets: [0, 3, 5, 6, 10, 11],
      durations: [1, 2, 4.5, 0.25, 0.75, 0.001, 6.44153634315, 12.9735747596, 17.2702188088, 15.5551884623, 0],
      estimates: [2.5, 0.5, 1e-3, 15.9488927468, 0],
    });
  });

  it("gives the same result for every chunk split of a small file", () => {
    const b = bytes(SMALL);
    const whole = columns(parseTr(b, "s"));
    for (let cut = 0; cut <= b.length; cut++) {
      const p = new TrParser("s");
      p.push(b.subarray(0, cut));
      p.push(b.subarray(cut));
      expect(columns(p.end()), `cut at ${cut}`).toEqual(whole);
    }
    for (let cut1 = 0; cut1 <= b.length; cut1 += 3) {
      for (let cut2 = cut1; cut2 <= b.length; cut2 += 5) {
        const p = new TrParser("s");
        p.push(b.subarray(0, cut1));
        p.push(b.subarray(cut1, cut2));
        p.push(b.subarray(cut2));
        expect(columns(p.end())).toEqual(whole);
      }
    }
    const p = new TrParser("s");
    const scratch = Buffer.alloc(1);
    for (const x of b) { scratch[0] = x; p.push(scratch); } // reused buffer, one byte at a time
    expect(columns(p.end())).toEqual(whole);
  });

  it("sizes its columns from a size hint without changing the result (right, too small, too large)", () => {
    // 3000 jobs with 1-9 tasks each, in 4 KiB chunks like the file reader's reused buffer.
    let text = "";
    for (let j = 0; j < 3000; j++) {
      const k = 1 + (j * 7) % 9;
      text += `${j * 0.5} ${k} 2.5` + " 1.25".repeat(k) + "\n";
    }
    const b = bytes(text);
    const whole = columns(parseTr(b, "h"));
    for (const hint of [b.length, 1000, b.length * 50]) {
      const p = new TrParser("h", hint);
      for (let o = 0; o < b.length; o += 4096) p.push(b.subarray(o, Math.min(b.length, o + 4096)));
      const t = p.end();
      expect(columns(t), `hint ${hint}`).toEqual(whole);
      // a column far larger than its content is copied to size, not returned as a view
      expect(t.durations.buffer.byteLength).toBeLessThanOrEqual(2 * 8 * t.durations.length);
    }
  });

  it("reports errors at the right line whatever the chunking", () => {
    const b = bytes("0 1 1 1\n\n2 1 1 oops\n");
    for (let cut = 0; cut <= b.length; cut++) {
      const p = new TrParser("c.tr");
      const e = errorOf(() => { p.push(b.subarray(0, cut)); p.push(b.subarray(cut)); p.end(); });
      expect(e.message).toBe("c.tr:3: field 4 (duration 1): 'oops' is not a number");
    }
  });

  const cases: Array<[string, string, RegExp]> = [
    ["non-numeric duration", "0 2 1 1 abc", /^x\.tr:1: field 5 \(duration 2\): 'abc' is not a number$/],
    ["non-numeric submission", "\n\nsoon 1 1 1", /^x\.tr:3: field 1 \(submission_time\): 'soon' is not a number$/],
    ["non-numeric mean", "0 1 1.2.3 1", /^x\.tr:1: field 3 \(mean_task_duration\): '1\.2\.3' is not a number$/],
    ["zero num_tasks", "0 0 1", /^x\.tr:1: field 2 \(num_tasks\): '0' is not a positive integer$/],
    ["fractional num_tasks", "0 2.5 1 1 1", /^x\.tr:1: field 2 \(num_tasks\): '2\.5' is not a positive integer$/],
    ["negative num_tasks", "0 -1 1 1", /^x\.tr:1: field 2 \(num_tasks\): '-1' is not a positive integer$/],
    ["too few durations", "0 3 1 1 1", /^x\.tr:1: field 2 \(num_tasks\): .*expected 3, found 2/],
    ["too many durations", "0 1 1 1\n1 2 1 1 1 1", /^x\.tr:2: field 2 \(num_tasks\): .*expected 2, found 3/],
    ["missing fields", "0 1", /^x\.tr:1: field 3 \(mean_task_duration\): missing/],
    ["negative submission", "-1 1 1 1", /^x\.tr:1: field 1 \(submission_time\): '-1' is negative$/],
    ["negative mean", "0 1 -0.5 1", /^x\.tr:1: field 3 \(mean_task_duration\): '-0\.5' is negative$/],
    ["negative duration", "0 2 1 1 -2", /^x\.tr:1: field 5 \(duration 2\): '-2' is negative$/],
    ["infinite duration", "0 1 1 1e999", /^x\.tr:1: field 4 \(duration 1\): '1e999' is not finite$/],
    ["NaN duration", "0 1 1 NaN", /^x\.tr:1: field 4 \(duration 1\): 'NaN' is not a number$/],
    ["infinite submission", "Infinity 1 1 1", /^x\.tr:1: field 1 \(submission_time\): 'Infinity' is not a number$/],
    ["unsorted submissions", "5 1 1 1\n\n3 1 1 1",
      /^x\.tr:3: field 1 \(submission_time\): 3 is earlier than the previous job's submission time 5/],
    ["total tasks beyond 2^31-1", "0 1 1 1\n1 2147483647 1 1",
      /^x\.tr:2: field 2 \(num_tasks\): .*2147483647 \(2\^31-1\)/],
    ["empty file", "", /^x\.tr: no jobs/],
    ["only blank lines", "\n  \r\n\t\n", /^x\.tr: no jobs/],
  ];
  for (const [what, text, re] of cases) {
    it(`rejects: ${what}`, () => {
      expect(errorOf(() => parseTr(bytes(text), "x.tr")).message).toMatch(re);
    });
  }

  it("accepts a submission time of 0, equal submission times and zero durations", () => {
    const t = parseTr(bytes("0 1 0 0\n0 1 0 0\n"), "z.tr");
    expect(Array.from(t.arrivals)).toEqual([0, 0]);
  });

  it("shortens long or binary tokens in messages", () => {
    const m = errorOf(() => parseTr(bytes("0 1 1 " + "x".repeat(500)), "x.tr")).message;
    expect(m.length).toBeLessThan(150);
    expect(errorOf(() => parseTr(new Uint8Array([48, 32, 49, 32, 49, 32, 1, 2]), "x.tr")).message)
      .toContain("'\\x01\\x02' is not a number");
  });
});

describe("CSV reader", () => {
  it("reads rows per task, with or without header, ordering jobs by (submit_time, first appearance)", () => {
    const text = "job_id,submit_time,duration\n" +
      "a,5,1\n" +
      "b,2,3\n" +
      "\n" +
      "c,5,2\n" +
      "a,5,2\r\n" +
      "\"b\", 2 ,4\n" +
      "d,0,7\n";
    const t = parseCsv(text, "w.csv");
    expect(columns(t)).toEqual({
      arrivals: [0, 2, 5, 5],
      taskOffsets: [0, 1, 3, 5, 6],
      durations: [7, 3, 4, 1, 2, 2],
      estimates: [7, 3.5, 1.5, 2],
    });
    const noHeader = parseCsv(bytes(text.split("\n").slice(1).join("\n")), "w.csv");
    expect(columns(noHeader)).toEqual(columns(t));
  });

  const cases: Array<[string, string, RegExp]> = [
    ["wrong field count", "job_id,submit_time,duration\n1,0,1\n2,0\n", /^e\.csv:3: expected 3 fields .*found 2$/],
    ["non-numeric submit_time", "1,zero,1\n", /^e\.csv:1: field 2 \(submit_time\): 'zero' is not a number$/],
    ["negative submit_time", "1,0,1\n\n2,-1,1\n", /^e\.csv:3: field 2 \(submit_time\): '-1' is negative$/],
    ["non-numeric duration", "1,0,1\n1,0,\n", /^e\.csv:2: field 3 \(duration\): '' is not a number$/],
    ["negative duration", "1,0,-1\n", /^e\.csv:1: field 3 \(duration\): '-1' is negative$/],
    ["infinite duration", "1,0,1e400\n", /^e\.csv:1: field 3 \(duration\): '1e400' is not finite$/],
    ["empty job_id", "1,0,1\n,0,1\n", /^e\.csv:2: field 1 \(job_id\): empty$/],
    ["disagreeing submit_time", "1,0,1\n2,3,1\n1,0.5,2\n",
      /^e\.csv:3: field 2 \(submit_time\): job '1' has submit_time 0\.5 here but 0 on line 1$/],
    ["header in the wrong place", "1,0,1\njob_id,submit_time,duration\n", /^e\.csv:2: field 2 \(submit_time\): 'submit_time' is not a number/],
    ["header only", "job_id,submit_time,duration\n", /^e\.csv: no jobs/],
    ["empty file", "", /^e\.csv: no jobs/],
    ["unclosed quote", "1,0,1\n\"2,0,1\n", /^e\.csv(:\d+)?: invalid CSV: /],
  ];
  for (const [what, text, re] of cases) {
    it(`rejects: ${what}`, () => {
      expect(errorOf(() => parseCsv(text, "e.csv")).message).toMatch(re);
    });
  }
});

describe("writers", () => {
  it("formats .tr lines", () => {
    expect(formatTrLine(1.5, 2, [1, 3])).toBe("1.5 2 2 1 3");
    expect(formatTrLine(0, 1e-7, Float64Array.of(1e-7))).toBe("0 1 1e-7 1e-7");
  });

  it("round-trips generated traces through .tr text exactly", async () => {
    for (const duration of ["exp:1.7", "pareto:1.3:10", "const:0.1"]) {
      const g = await generatePoissonWithEngineRng({ jobs: 3000, tasks: 7, duration, load: 0.9, nodes: 50, seed: 11 });
      const back = parseTr(bytes(traceToTr(g)), "rt.tr");
      expectSameColumns(g, back);
    }
    const tiny: Trace = {
      name: "t", arrivals: Float64Array.of(0, 1e-300, 1e21, 1.7976931348623157e308),
      taskOffsets: Int32Array.of(0, 1, 2, 3, 4), durations: Float64Array.of(5e-324, 0.1 + 0.2, 123456789.123456789, 2 ** 60),
      estimates: Float64Array.of(0, 1 / 3, 2 / 3, 1e-10),
    };
    expectSameColumns(tiny, parseTr(bytes(traceToTr(tiny)), "t.tr"));
  });

  it("round-trips through CSV (estimates become the mean)", async () => {
    const g = await generatePoissonWithEngineRng({ jobs: 500, tasks: 3, duration: "exp:1", load: 0.5, nodes: 10, seed: 3 });
    const back = parseCsv(traceToCsv(g), "rt.csv");
    expect(back.arrivals).toEqual(g.arrivals);
    expect(back.taskOffsets).toEqual(g.taskOffsets);
    expect(back.durations).toEqual(g.durations);
    for (let j = 0; j < 500; j++) expect(back.estimates[j]).toBeCloseTo(g.estimates[j], 12);
  });
});

describe("two-thread .tr reading", () => {
  const dir = mkdtempSync(join(tmpdir(), "aviary-split-"));
  const file = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };
  const both = async (p: string) => {
    const stats = { threads: 0 };
    const split = await readTraceFile(p, { parallelBytes: 0, stats });
    return { split, one: await readTraceFile(p, { parallelBytes: Infinity }), threads: stats.threads };
  };
  /** Both readers' error messages (they must be the same). */
  const errors = async (p: string) => [
    (await asyncErrorOf(() => readTraceFile(p, { parallelBytes: 0 }))).message,
    (await asyncErrorOf(() => readTraceFile(p, { parallelBytes: Infinity }))).message,
  ];
  const lines = (n: number, from = 0) => Array.from({ length: n }, (_, j) => `${from + j} ${1 + (j % 3)} 2 ${Array(1 + (j % 3)).fill(`${j}.5`).join(" ")}`);

  it("gives the one-pass result, split at a line boundary (BOM, CRLF, blank lines, no final newline)", async () => {
    const g = await generatePoissonWithEngineRng({ jobs: 3000, tasks: 4, duration: "exp:2", load: 0.7, nodes: 20, seed: 9 });
    const p = join(dir, "g.tr");
    await writeTraceFile(p, g);
    const r = await both(p);
    expect(r.threads).toBe(2);
    expectSameColumns(g, r.split);
    expect(r.split.name).toBe(p);
    const text = "\ufeff" + lines(200).join("\r\n") + "\r\n\n\n   \n" + lines(200, 200).join("\n");
    const q = await both(file("odd.tr", text));
    expect(q.threads).toBe(2);
    expectSameColumns(q.one, q.split);
    expect(q.split.arrivals.length).toBe(400);
  });

  it.skipIf(process.platform === "win32")("reads a named pipe (sequential reads, no file positions)", async () => {
    const fifo = join(dir, "pipe.tr");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const writer = writeFileAsync(fifo, lines(50).join("\n"));
    const t = await readTraceFile(fifo, { parallelBytes: 0 });
    await writer;
    expect(t.arrivals.length).toBe(50);
  });

  it("reads a file whose second half is blank lines", async () => {
    const r = await both(file("blank.tr", lines(5).join("\n") + "\n".repeat(400)));
    expect(r.threads).toBe(2);
    expectSameColumns(r.one, r.split);
  });

  it("reports a problem in either half, or at the join, with the one-pass message and line", async () => {
    const ok = lines(300);
    const late = [...ok]; late[250] = "250 1 2 oops";
    const [a, b] = await errors(file("late.tr", late.join("\n")));
    expect(a).toBe(b);
    expect(a).toMatch(/late\.tr:251: field 4 \(duration 1\): 'oops' is not a number$/);
    const early = [...late]; early[10] = "10 2 2 1";
    const [c, d] = await errors(file("early.tr", early.join("\n")));
    expect(c).toBe(d);
    expect(c).toMatch(/early\.tr:11: field 2 \(num_tasks\): .*expected 2, found 1/);
    // unsorted exactly at the line boundary after the middle
    const text = ok.join("\n");
    const mid = text.indexOf("\n", Math.floor(text.length / 2)) + 1;
    const back = text.slice(0, mid) + "0.5" + text.slice(text.indexOf(" ", mid));
    const [e, f] = await errors(file("join.tr", back));
    expect(e).toBe(f);
    expect(e).toMatch(/is earlier than the previous job's submission time/);
    // a byte-order mark is skipped only at the start of the file, not at the split point
    const bom = text.slice(0, mid) + "\ufeff" + text.slice(mid);
    const [g, h] = await errors(file("bom.tr", bom));
    expect(g).toBe(h);
    expect(g).toMatch(/is not a number$/);
  });
});

describe("trace files (node)", () => {
  const dir = mkdtempSync(join(tmpdir(), "aviary-trace-"));

  it("writes atomically and reads back .tr and .csv files", async () => {
    const g = await generatePoissonWithEngineRng({ jobs: 20000, tasks: 5, duration: "exp:2", load: 0.7, nodes: 20, seed: 5 });
    const tr = join(dir, "g.tr");
    await writeTraceFile(tr, g);
    expectSameColumns(g, await readTraceFile(tr));
    expect((await readTraceFile(tr)).name).toBe(tr);
    const csv = join(dir, "g.csv");
    await writeTraceFile(csv, g);
    const c = await readTraceFile(csv);
    expect(c.durations).toEqual(g.durations);
    expect(readdirSync(dir).sort()).toEqual(["g.csv", "g.tr"]);
  });

  it("reports unreadable files as input errors", async () => {
    const missing = join(dir, "nope.tr");
    expect((await asyncErrorOf(() => readTraceFile(missing))).message)
      .toBe(`cannot read trace file '${missing}': no such file or directory`);
    expect((await asyncErrorOf(() => readTraceFile(join(dir, "nope.csv")))).message).toMatch(/^cannot read trace file '.*nope\.csv': /);
    mkdirSync(join(dir, "adir"));
    expect((await asyncErrorOf(() => readTraceFile(join(dir, "adir")))).message).toMatch(/^cannot read trace file '.*adir': /);
    const bad = join(dir, "bad.tr");
    writeFileSync(bad, "0 1 1 1\n1 1 1 x\n");
    expect((await asyncErrorOf(() => readTraceFile(bad))).message).toBe(`${bad}:2: field 4 (duration 1): 'x' is not a number`);
  });

  it("leaves no partial or temporary file when writing fails", async () => {
    const t = parseTr(bytes("0 1 1 1\n"), "t");
    const target = join(dir, "adir2");
    mkdirSync(target); // renaming a file onto a directory fails after the data was written
    const before = readdirSync(dir).sort();
    await asyncErrorOf(() => writeTraceFile(target, t));
    expect(readdirSync(dir).sort()).toEqual(before);
    await asyncErrorOf(() => writeTraceFile(join(dir, "no", "such", "dir.tr"), t));
    expect(readdirSync(dir).sort()).toEqual(before);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("Poisson generator", () => {
  const base: PoissonOptions = { jobs: 100, tasks: 2, duration: "exp:1", load: 0.5, nodes: 4, seed: 1 };

  it("parses duration specs", () => {
    expect(parseDurationSpec("exp:2")).toEqual({ kind: "exp", mean: 2 });
    expect(parseDurationSpec("const:0.5")).toEqual({ kind: "const", mean: 0.5 });
    expect(parseDurationSpec("pareto:1.5:3")).toEqual({ kind: "pareto", alpha: 1.5, mean: 3, xm: 1 });
    for (const [spec, re] of [
      ["gamma:1", /--duration 'gamma:1': expected exp:MEAN, const:X or pareto:ALPHA:MEAN/],
      ["exp", /--duration 'exp': expected/], ["exp:1:2", /expected/], ["exp:abc", /MEAN 'abc' is not a finite number/],
      ["exp:0", /MEAN must be > 0/], ["exp:-1", /MEAN must be > 0/], ["const:0", /X must be > 0/],
      ["pareto:1:5", /ALPHA must be > 1/], ["pareto:2:0", /MEAN must be > 0/], ["pareto:2", /expected/], ["", /expected/],
    ] as const) {
      expect(errorOf(() => parseDurationSpec(spec)).message).toMatch(re);
    }
  });

  it("validates every option, naming it and its range", () => {
    const bad: Array<[Partial<PoissonOptions>, RegExp]> = [
      [{ jobs: 0 }, /--jobs must be an integer in \[1, 2147483647\] \(got 0\)/],
      [{ jobs: 1.5 }, /--jobs must be an integer/],
      [{ tasks: 0 }, /--tasks must be an integer in \[1, 2147483647\]/],
      [{ jobs: 100000, tasks: 100000 }, /--jobs times --tasks must be at most 2147483647/],
      [{ load: 0 }, /--load must be a number > 0 \(got 0\)/],
      [{ load: NaN }, /--load must be a number > 0/],
      [{ load: Infinity }, /--load must be a number > 0/],
      [{ nodes: 0 }, /--nodes must be an integer >= 1 \(got 0\)/],
      [{ slots: 0 }, /--slots must be an integer >= 1/],
      [{ seed: -1 }, /--seed must be an integer in \[0, 2147483647\] \(got -1\)/],
      [{ seed: 2 ** 31 }, /--seed must be an integer in \[0, 2147483647\]/],
      [{ duration: "exp:0" }, /--duration 'exp:0': MEAN must be > 0/],
    ];
    for (const [patch, re] of bad) {
      expect(errorOf(() => generatePoisson({ ...base, ...patch }, () => ({ nextFloat: () => 0.5 }))).message).toMatch(re);
    }
  });

  it("uses one stream for arrivals and one for durations", () => {
    const seen: number[] = [];
    const t = generatePoisson({ ...base, jobs: 3, tasks: 2, duration: "exp:1", load: 1, nodes: 2 }, (stream) => {
      seen.push(stream);
      const r = mulberry(stream);
      return { nextFloat: r };
    });
    expect(seen).toEqual([STREAM_ARRIVALS, STREAM_TASKS]);
    const a = mulberry(STREAM_ARRIVALS), d = mulberry(STREAM_TASKS);
    // lambda = 1 * 2 * 1 / (2 * 1) = 1, so gaps are -ln(1-u)
    let time = 0;
    for (let j = 0; j < 3; j++) {
      time += -1 * Math.log(1 - a());
      expect(t.arrivals[j]).toBe(time);
      const d0 = -Math.log(1 - d()), d1 = -Math.log(1 - d());
      expect(t.durations[2 * j]).toBe(d0);
      expect(t.durations[2 * j + 1]).toBe(d1);
      expect(t.estimates[j]).toBe((d0 + d1) / 2);
    }
    expect(Array.from(t.taskOffsets)).toEqual([0, 2, 4, 6]);
  });

  it("has the requested rates over 200k jobs", async () => {
    // lambda = load * nodes * slots / (tasks * mean) = 0.8 * 10 * 2 / (2 * 3) = 8/3
    const t = await generatePoissonWithEngineRng({ jobs: 200_000, tasks: 2, duration: "exp:3", load: 0.8, nodes: 10, slots: 2, seed: 42 });
    expect(t.arrivals.length).toBe(200_000);
    expect(t.durations.length).toBe(400_000);
    const meanGap = t.arrivals[t.arrivals.length - 1] / t.arrivals.length;
    expect(Math.abs(meanGap / (3 / 8) - 1)).toBeLessThan(0.02);
    let sum = 0;
    for (const d of t.durations) sum += d;
    expect(Math.abs(sum / t.durations.length / 3 - 1)).toBeLessThan(0.02);
    for (let j = 1; j < t.arrivals.length; j++) if (!(t.arrivals[j] > t.arrivals[j - 1])) throw new Error(`not increasing at ${j}`);
    expect(t.arrivals[0]).toBeGreaterThan(0);

    const p = await generatePoissonWithEngineRng({ jobs: 200_000, tasks: 1, duration: "pareto:3:2", load: 0.5, nodes: 1, seed: 1 });
    let ps = 0, pmin = Infinity;
    for (const d of p.durations) { ps += d; pmin = Math.min(pmin, d); }
    expect(Math.abs(ps / p.durations.length / 2 - 1)).toBeLessThan(0.03);
    expect(pmin).toBeGreaterThanOrEqual(2 * 2 / 3);

    const c = await generatePoissonWithEngineRng({ jobs: 1000, tasks: 3, duration: "const:0.1", load: 1, nodes: 3, seed: 1 });
    expect(c.durations.every((d) => d === 0.1) && c.estimates.every((e) => e === 0.1)).toBe(true);
  });

  it("is deterministic for a seed and differs between seeds", async () => {
    const o = { jobs: 5000, tasks: 4, duration: "pareto:1.5:1", load: 0.9, nodes: 100, seed: 7 };
    const a = await generatePoissonWithEngineRng(o);
    const b = await generatePoissonWithEngineRng(o);
    expectSameColumns(a, b);
    expect(a.name).toBe(b.name);
    const c = await generatePoissonWithEngineRng({ ...o, seed: 8 });
    expect(c.arrivals).not.toEqual(a.arrivals);
    expect(c.durations).not.toEqual(a.durations);
  });

  it("generates 1,000,000 jobs quickly", async () => {
    const t0 = performance.now();
    const t = await generatePoissonWithEngineRng({ jobs: 1_000_000, tasks: 1, duration: "exp:1", load: 0.9, nodes: 100, seed: 1 });
    expect(t.arrivals.length).toBe(1_000_000);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

const SHARED = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "shared", "traces");
const haveShared = existsSync(SHARED);
if (!haveShared) console.warn(`trace.test.ts: ${SHARED} is absent: tests on the real sample traces are skipped`);

describe("real sample traces", () => {
  for (const [file, jobs, tasks] of [["YH_small.tr", 10, 183], ["GOOG_subtrace.tr", 10_000, 312_558]] as const) {
    it.skipIf(!haveShared)(`reads ${file} (${jobs} jobs, ${tasks} tasks)`, async () => {
      const path = join(SHARED, file);
      const t = await readTraceFile(path);
      expect(t.arrivals.length).toBe(jobs);
      expect(t.durations.length).toBe(tasks);
      expect(t.taskOffsets[jobs]).toBe(tasks);
      // Same values as a naive parseFloat of every field.
      const fields = readFileSync(path, "latin1").split(/\s+/).filter(Boolean).map(parseFloat);
      let k = 0;
      for (let j = 0; j < jobs; j++) {
        expect(t.arrivals[j]).toBe(fields[k]);
        expect(t.taskOffsets[j + 1] - t.taskOffsets[j]).toBe(fields[k + 1]);
        expect(t.estimates[j]).toBe(fields[k + 2]);
        k += 3;
        for (let i = t.taskOffsets[j]; i < t.taskOffsets[j + 1]; i++) if (t.durations[i] !== fields[k++]) throw new Error(`task ${i}`);
      }
      expect(k).toBe(fields.length);
    });
  }
});
