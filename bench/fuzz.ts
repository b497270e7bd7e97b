// The long fuzz run of the input readers (docs/reliability.md, "Fuzzing the readers"): the
// properties of bench/fuzz-props.ts with a large budget.
//
//   node dist/bench/fuzz.js [--runs N] [--seed S] [--only NAME,NAME] [--jobs J] [--hang-seconds T]
//   node dist/bench/fuzz.js --replay NAME:INDEX --seed S      (one input again, shrunk if it fails)
//
// N (default 1,000,000) inputs in total, shared among the properties by their weights. Each
// property runs in a worker thread of its own (J at a time, default 2) that reports after every
// input, so a reader stuck in a loop is seen (no progress for T seconds, default 60): the worker
// is stopped, the input counted as a hang, and the property goes on with the next seed. Property
// NAME uses seed S + its position in the list, so any input can be replayed from the table's
// seed and its index. Prints a table: property, inputs tried, valid results, InputErrors, other
// failures, known issues (reported elsewhere, see KNOWN_ISSUES), hangs, time; then each distinct
// failure with its input, shrunk. Exit status 1 if any failure or hang.
import fc from "fast-check";
import { availableParallelism } from "node:os";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { PROPERTIES, removeTempFiles, runOne, runOneSync, type FuzzProperty, type RunResult } from "./fuzz-props.js";

// Counters shared with the main thread: inputs done, valid, input errors, failures, known, hangs.
const DONE = 0, VALID = 1, INPUT = 2, FAILED = 3, KNOWN = 4, HANGS = 5;

interface Job { name: string; runs: number; seed: number; counters: SharedArrayBuffer }
interface FailureReport { kind: "failure"; index: number; seed: number; failure: string; input: string; known?: string; hang?: boolean }

const MAX_REPORTS = 10;

/** A failure's kind, for grouping: its text without numbers and quoted values. */
function signature(f: string): string {
  return f.split("\n")[0].replace(/"(?:[^"\\]|\\.)*"/g, "\"…\"").replace(/'[^']*'/g, "'…'").replace(/\d+/g, "#").slice(0, 160);
}

async function workerMain(job: Job): Promise<void> {
  const p = PROPERTIES.find((x) => x.name === job.name)! as FuzzProperty<unknown>;
  const c = new Int32Array(job.counters);
  const seen = new Set<string>();
  let index = 0;
  const record = (r: RunResult, input: unknown) => {
    if ("outcome" in r) Atomics.add(c, r.outcome === "valid" ? VALID : INPUT, 1);
    else {
      Atomics.add(c, r.hang ? HANGS : r.known ? KNOWN : FAILED, 1);
      // every kind of failure (up to MAX_REPORTS of them), one report per known issue
      const sig = r.known ? `known ${r.known}` : signature(r.failure);
      const reported = [...seen].filter((x) => !x.startsWith("known ")).length;
      if (!seen.has(sig) && (r.known !== undefined || reported < MAX_REPORTS)) {
        seen.add(sig);
        const report: FailureReport = { kind: "failure", index, seed: job.seed, failure: r.failure, input: fc.stringify(input).slice(0, 4000),
          known: r.known, hang: r.hang };
        parentPort!.postMessage(report);
      }
    }
    index++;
    Atomics.add(c, DONE, 1);
  };
  const params = { numRuns: job.runs, seed: job.seed };
  if (p.async) {
    await fc.check(fc.asyncProperty(p.arbitrary, async (x) => { record(await runOne(p, x), x); return true; }), params);
  } else {
    fc.check(fc.property(p.arbitrary, (x) => { record(runOneSync(p, x), x); return true; }), params);
  }
  removeTempFiles();
  parentPort!.postMessage({ kind: "done" });
}

/** One input again (`--replay NAME:INDEX`), shrunk if the property fails on it. */
async function replay(name: string, index: number, seed: number): Promise<number> {
  const p = PROPERTIES.find((x) => x.name === name) as FuzzProperty<unknown> | undefined;
  if (!p) {
    console.error(`fuzz: no property '${name}' (the properties: ${PROPERTIES.map((x) => x.name).join(", ")})`);
    return 2;
  }
  const check = async (x: unknown) => {
    const r = p.async ? await runOne(p, x) : runOneSync(p, x);
    return !("failure" in r);
  };
  const out = await fc.check(fc.asyncProperty(p.arbitrary, check), { seed, path: String(index), numRuns: 1,
    plugins: [fc.interruptAfterTimeLimit(120_000)] });
  if (!out.failed) {
    console.log(`${name} input ${index} (seed ${seed}) passes`);
    return 0;
  }
  const x = (out.counterexample as unknown[])[0];
  const r = p.async ? await runOne(p, x) : runOneSync(p, x);
  console.log(`${name} input ${index} (seed ${seed}) fails; shrunk to:\n${fc.stringify(x)}\n${"failure" in r ? r.failure : ""}`);
  return 1;
}

interface Row { name: string; runs: number; done: number; valid: number; input: number; failed: number; known: number; hangs: number;
  seconds: number; reports: FailureReport[] }

function runProperty(name: string, runs: number, seed: number, hangSeconds: number, onReport: (r: FailureReport) => void): Promise<Row> {
  const row: Row = { name, runs, done: 0, valid: 0, input: 0, failed: 0, known: 0, hangs: 0, seconds: 0, reports: [] };
  const t0 = performance.now();
  return new Promise((resolve) => {
    let restarts = 0;
    const start = (remaining: number, s: number) => {
      const counters = new SharedArrayBuffer(4 * 8);
      const c = new Int32Array(counters);
      const w = new Worker(fileURLToPath(import.meta.url), { workerData: { name, runs: remaining, seed: s, counters } satisfies Job });
      let last = -1, lastChange = performance.now(), finished = false;
      const add = () => {
        row.done += c[DONE]; row.valid += c[VALID]; row.input += c[INPUT]; row.failed += c[FAILED]; row.known += c[KNOWN]; row.hangs += c[HANGS];
      };
      const watch = setInterval(() => {
        const d = Atomics.load(c, DONE);
        if (d !== last) { last = d; lastChange = performance.now(); return; }
        if (performance.now() - lastChange < hangSeconds * 1000) return;
        // stuck on input d: count it as a hang and go on with another seed
        clearInterval(watch);
        finished = true;
        void w.terminate();
        const report: FailureReport = { kind: "failure", index: d, seed: s, failure: `HANG: no answer in ${hangSeconds} s`, input: "(replay it)", hang: true };
        row.reports.push(report);
        onReport(report);
        add();
        row.done += 1; row.hangs += 1;
        restarts++;
        if (remaining - d - 1 > 0) start(remaining - d - 1, s + restarts * 1_000_003);
        else { row.seconds = (performance.now() - t0) / 1000; resolve(row); }
      }, 1000);
      w.on("message", (m: FailureReport | { kind: "done" }) => {
        if (m.kind === "failure") { row.reports.push(m); onReport(m); return; }
        end(); // done: the worker may still hold handles (a feed's thread being stopped)
        void w.terminate();
      });
      const end = (why?: string) => {
        if (finished) return;
        finished = true;
        clearInterval(watch);
        add();
        if (why) {
          const report: FailureReport = { kind: "failure", index: c[DONE], seed: s, failure: why, input: "" };
          row.reports.push(report);
          row.failed += 1;
          onReport(report);
        }
        row.seconds = (performance.now() - t0) / 1000;
        resolve(row);
      };
      w.on("error", (e) => end(`the fuzz worker failed: ${e.stack ?? e.message}`));
      w.on("exit", (code) => end(code === 0 ? undefined : `the fuzz worker exited with code ${code}`));
    };
    start(runs, seed);
  });
}

function formatTable(rows: Row[], totalSeconds: number): string {
  const head = ["property", "inputs", "valid", "InputError", "failures", "known", "hangs", "time"];
  const fmt = (n: number) => n.toLocaleString("en-US");
  const time = (s: number) => (s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, "0")}s` : `${s.toFixed(1)} s`);
  const body = rows.map((r) => [r.name, fmt(r.done), fmt(r.valid), fmt(r.input), fmt(r.failed), fmt(r.known), fmt(r.hangs), time(r.seconds)]);
  const sum = (k: keyof Row) => rows.reduce((s, r) => s + (r[k] as number), 0);
  body.push(["total", fmt(sum("done")), fmt(sum("valid")), fmt(sum("input")), fmt(sum("failed")), fmt(sum("known")), fmt(sum("hangs")),
    time(totalSeconds)]);
  const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((x, i) => (i === 0 ? x.padEnd(width[i]) : x.padStart(width[i]))).join("  ");
  return [line(head), width.map((w) => "-".repeat(w)).join("  "), ...body.slice(0, -1).map(line),
    width.map((w) => "-".repeat(w)).join("  "), line(body[body.length - 1])].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const opt = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  const runs = Number(opt("--runs") ?? 1_000_000);
  const seed = Number(opt("--seed") ?? Date.now() % 2147483647);
  const jobs = Number(opt("--jobs") ?? Math.min(2, availableParallelism()));
  const hangSeconds = Number(opt("--hang-seconds") ?? 60);
  const only = opt("--only")?.split(",");
  const replayArg = opt("--replay");
  if (![runs, seed, jobs, hangSeconds].every(Number.isFinite) || runs < 1 || jobs < 1) {
    console.error("usage: node dist/bench/fuzz.js [--runs N] [--seed S] [--only NAME,...] [--jobs J] [--hang-seconds T] [--replay NAME:INDEX]");
    return 2;
  }
  if (replayArg) {
    const [name, index] = replayArg.split(":");
    const i = PROPERTIES.findIndex((p) => p.name === name);
    return replay(name, Number(index), opt("--seed") === undefined ? seed + i : seed);
  }
  const unknown = only?.filter((n) => !PROPERTIES.some((p) => p.name === n)) ?? [];
  if (unknown.length > 0) {
    console.error(`fuzz: no property ${unknown.map((n) => `'${n}'`).join(", ")} (the properties: ${PROPERTIES.map((x) => x.name).join(", ")})`);
    return 2;
  }
  const selected = PROPERTIES.map((p, i) => ({ p, seed: seed + i })).filter(({ p }) => !only || only.includes(p.name));
  const weight = selected.reduce((s, { p }) => s + p.weight, 0);
  const plan = selected.map(({ p, seed: s }) => ({ name: p.name, seed: s, runs: Math.max(1, Math.round((runs * p.weight) / weight)) }));
  console.log(`fuzzing the readers: ${plan.reduce((s, x) => s + x.runs, 0).toLocaleString("en-US")} inputs, seed ${seed}, ` +
    `${jobs} at a time (${new Date().toISOString()})`);
  const t0 = performance.now();
  const rows: Row[] = [];
  const queue = [...plan];
  const onReport = (r: FailureReport) => {
    console.log(`  ! ${r.hang ? "hang" : r.known ? `known issue ${r.known}` : "failure"}: input ${r.index} (seed ${r.seed}): ${r.failure.split("\n")[0].slice(0, 300)}`);
  };
  await Promise.all(Array.from({ length: jobs }, async () => {
    for (let x = queue.shift(); x; x = queue.shift()) {
      const row = await runProperty(x.name, x.runs, x.seed, hangSeconds, onReport);
      console.log(`  ${x.name}: ${row.done.toLocaleString("en-US")} inputs in ${row.seconds.toFixed(1)} s`);
      rows.push(row);
    }
  }));
  rows.sort((a, b) => plan.findIndex((p) => p.name === a.name) - plan.findIndex((p) => p.name === b.name));
  const total = (performance.now() - t0) / 1000;
  console.log("\n" + formatTable(rows, total));
  const bad = rows.filter((r) => r.failed > 0 || r.hangs > 0);
  for (const r of rows) {
    for (const f of r.reports) {
      console.log(`\n${r.name}, input ${f.index} of seed ${f.seed}${f.known ? ` (known issue ${f.known})` : ""}:\n  ${f.failure.split("\n").join("\n  ")}\n  input: ${f.input}`);
      if (!f.hang && !f.known) console.log(`  replay: node dist/bench/fuzz.js --replay ${r.name}:${f.index} --seed ${f.seed}`);
    }
  }
  if (bad.length > 0) console.log(`\n${bad.length} propert${bad.length === 1 ? "y" : "ies"} failed: ${bad.map((r) => r.name).join(", ")}`);
  return bad.length > 0 ? 1 : 0;
}

if (isMainThread) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => { console.error(e); process.exitCode = 1; });
} else {
  await workerMain(workerData as Job);
}
