#!/usr/bin/env node
// Derives the empirical quantile tables behind `aviary gen google-like` and `yahoo-like` from the
// real sample traces in ../shared/traces (never copied into the project) and writes them to
// src/trace/tables/{google,yahoo}.ts. Re-run after changing the method:
//     node scripts/derive-tables.mjs [--traces DIR] [--check]
// With --check nothing is written: exit 1 if a table file differs from what the samples give.
//
// Method (per sample trace, with the papers' cutoff):
//  1. A job is long when its mean task duration (the .tr mean field) exceeds the cutoff, as in
//     the simulator's reporting classes.
//  2. Per class, the task counts give a quantile table: K+1 knots at p_i = 1 - (1 - i/K)^2 (denser
//     towards the top, where the task-seconds are), each the type-7 quantile (linear
//     interpolation between order statistics) of ln(count); stored as counts.
//  3. Per class, the jobs are split into task-count buckets (1, 2-3, 4-10, 11-30, 31-100,
//     101-300, 301+; a bucket with fewer than MIN_JOBS jobs is merged into the next larger one,
//     the last into the previous). Per bucket, a quantile table of ln(mean task duration) as in
//     (2), and one of the ratios task duration / job mean over every task of the bucket's
//     multi-task jobs (linear scale). Conditioning the mean on the bucket keeps the dependence
//     between task count and duration that carries most task-seconds (drawing them
//     independently would halve the Google short class's task-seconds per job).
//  4. The sample's own statistics are recorded beside the tables, for documentation and tests.
// The generator (src/trace/tracelike.ts) reads u ~ U[0,1) at position K (1 - sqrt(1 - u)) between
// knots, interpolating on the same scale.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const argi = process.argv.indexOf("--traces");
const tracesDir = argi > 0 ? process.argv[argi + 1] : join(root, "../shared/traces");
const check = process.argv.includes("--check");
let stale = 0;
const K = 200;
const MIN_JOBS = 30;
const EDGES = [[1, 1], [2, 3], [4, 10], [11, 30], [31, 100], [101, 300], [301, Infinity]];

const SOURCES = [
  {
    name: "google", file: "GOOG_subtrace.tr", constName: "GOOGLE_TABLE", out: "google.ts", cutoff: 1129.532,
    trace: "Google cluster trace (2011), as used by Hawk/Eagle",
    longShare: 0.10, longShareSource: "spec §3.2: long = the top 10.00% of the 506,460 jobs by mean task duration (the sample slice has fewer)",
  },
  {
    name: "yahoo", file: "YH1_sub.tr", constName: "YAHOO_TABLE", out: "yahoo.ts", cutoff: 90.5811,
    trace: "Yahoo 2011 synthetic trace, as used by Hawk/Eagle",
    longShare: 0.0941, longShareSource: "spec §3.3 table: 9.41% long jobs in the 24,262-job trace",
  },
];

function parse(path) {
  const jobs = [];
  const lines = readFileSync(path, "utf8").split("\n");
  lines.forEach((line, i) => {
    const f = line.trim().split(/\s+/);
    if (f.length === 1 && f[0] === "") return;
    const nums = f.map(Number);
    const n = nums[1];
    if (!Number.isInteger(n) || n < 1 || nums.length !== n + 3 || nums.some((x) => !Number.isFinite(x) || x < 0)) {
      throw new Error(`${path}:${i + 1}: malformed job line`);
    }
    jobs.push({ arrival: nums[0], n, mean: nums[2], d: nums.slice(3) });
  });
  return jobs;
}

/** Probability of knot i: p = 1 - (1 - i/K)^2, denser towards p = 1 (the last segment covers
 *  1/K^2 of the mass) so that the tails that carry most task-seconds are followed closely. */
const knotP = (i) => 1 - (1 - i / K) ** 2;

/** K+1 type-7 quantiles of `values` (sorted here) on the scale given by fwd/inv. */
function knots(values, fwd, inv) {
  const x = values.map(fwd).sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i <= K; i++) {
    const h = (x.length - 1) * knotP(i);
    const lo = Math.floor(h);
    const v = lo + 1 < x.length ? x[lo] + (h - lo) * (x[lo + 1] - x[lo]) : x[lo];
    out.push(Number(inv(v).toPrecision(7)));
  }
  // toPrecision may round a knot below its predecessor by a hair: keep them non-decreasing.
  for (let i = 1; i < out.length; i++) if (out[i] < out[i - 1]) out[i] = out[i - 1];
  return out;
}

function buckets(jobs) {
  let groups = EDGES.map(([lo, hi]) => ({ lo, hi, jobs: jobs.filter((j) => j.n >= lo && j.n <= hi) }));
  // Merge small buckets upwards (the last one downwards).
  for (let i = 0; i < groups.length; ) {
    const g = groups[i];
    if (g.jobs.length >= MIN_JOBS || groups.length === 1) { i++; continue; }
    const into = i + 1 < groups.length ? i + 1 : i - 1;
    const t = groups[into];
    groups[into] = { lo: Math.min(g.lo, t.lo), hi: Math.max(g.hi, t.hi), jobs: [...t.jobs, ...g.jobs] };
    groups.splice(i, 1);
    if (into < i) i--;
  }
  return groups.map((g) => {
    const ratios = [];
    for (const j of g.jobs) if (j.n > 1) for (const d of j.d) ratios.push(j.mean > 0 ? d / j.mean : 1);
    return {
      minTasks: g.lo, maxTasks: g.hi, jobs: g.jobs.length,
      means: knots(g.jobs.map((j) => j.mean), Math.log, Math.exp),
      ratios: ratios.length > 0 ? knots(ratios, (x) => x, (x) => x) : null,
    };
  });
}

function sampleStats(jobs, cutoff) {
  let tasks = 0, ts = 0, lj = 0, lt = 0, lts = 0, one = 0;
  for (const j of jobs) {
    const s = j.d.reduce((a, b) => a + b, 0);
    tasks += j.n; ts += s; if (j.n === 1) one++;
    if (j.mean > cutoff) { lj++; lt += j.n; lts += s; }
  }
  const r = (x) => Number(x.toPrecision(6));
  const span = jobs[jobs.length - 1].arrival - jobs[0].arrival;
  return {
    jobs: jobs.length, tasks, spanSeconds: r(span), taskSecondsPerSecond: r(ts / span),
    longJobShare: r(lj / jobs.length), longTaskSecondsShare: r(lts / ts), longTaskShare: r(lt / tasks),
    meanTaskDurationRatio: r((lts / lt) / ((ts - lts) / (tasks - lt))), oneTaskJobShare: r(one / jobs.length),
    tasksPerJob: r(tasks / jobs.length), taskSecondsPerJob: r(ts / jobs.length),
  };
}

/** TypeScript literal: objects one key a line, number arrays wrapped at ~110 columns. */
function toTs(v, indent) {
  if (Array.isArray(v) && v.some((x) => typeof x === "object")) {
    return `[\n${v.map((x) => `${indent}  ${toTs(x, indent + "  ")},`).join("\n")}\n${indent}]`;
  }
  if (Array.isArray(v)) {
    const lines = [];
    let cur = "";
    for (const x of v.map(String)) {
      if (cur && cur.length + x.length + 2 > 100) { lines.push(cur + ","); cur = ""; }
      cur += (cur ? ", " : "") + x;
    }
    lines.push(cur);
    return lines.length === 1 ? `[${lines[0]}]` : `[\n${lines.map((l) => indent + "  " + l).join("\n")}\n${indent}]`;
  }
  if (v !== null && typeof v === "object") {
    const inner = indent + "  ";
    return `{\n${Object.entries(v).map(([k, x]) => `${inner}${k}: ${toTs(x, inner)},`).join("\n")}\n${indent}}`;
  }
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "Infinity";
  return JSON.stringify(v);
}

for (const src of SOURCES) {
  const path = join(tracesDir, src.file);
  if (!existsSync(path)) {
    console.error(`derive-tables: ${path} not found (the tables in src/trace/tables/ are left as they are)`);
    process.exit(1);
  }
  const jobs = parse(path);
  const short = jobs.filter((j) => !(j.mean > src.cutoff));
  const long = jobs.filter((j) => j.mean > src.cutoff);
  const cls = (js) => ({ jobs: js.length, counts: knots(js.map((j) => j.n), Math.log, Math.exp), buckets: buckets(js) });
  const table = {
    name: src.name, trace: src.trace, source: `../shared/traces/${basename(path)}`, cutoff: src.cutoff,
    longShare: src.longShare, longShareSource: src.longShareSource, knots: K,
    sample: sampleStats(jobs, src.cutoff), short: cls(short), long: cls(long),
  };
  const header = [
    `// GENERATED by scripts/derive-tables.mjs from ../shared/traces/${basename(path)} — do not edit by hand.`,
    `// Source: ${src.trace}; the sample slice (${jobs.length} jobs) published with meghanat/megha_simulator.`,
    `// Method: jobs classed long when their mean task duration exceeds ${src.cutoff} s; per class, ${K + 1} type-7`,
    `// quantiles (p = 1 - (1 - i/${K})^2) of ln(task count); per class and task-count bucket, quantiles of ln(mean task`,
    `// duration) and of the ratios task duration / job mean (multi-task jobs). See the script for details.`,
    `// Only these derived figures are kept: the trace itself stays in ../shared/traces.`,
    `import type { EmpiricalTable } from "./types.js";`,
    "",
  ].join("\n");
  const body = `export const ${src.constName}: EmpiricalTable = ${toTs(table, "")};\n`;
  const target = join(root, "src/trace/tables", src.out);
  if (check) {
    const same = existsSync(target) && readFileSync(target, "utf8") === header + body;
    if (!same) stale++;
    console.error(`derive-tables: src/trace/tables/${src.out} ${same ? "is up to date" : "DIFFERS from what the sample gives"}`);
    continue;
  }
  writeFileSync(target, header + body);
  console.error(`derive-tables: ${src.file} -> src/trace/tables/${src.out} (${short.length} short, ${long.length} long jobs; buckets ` +
    `short ${table.short.buckets.map((b) => `${b.minTasks}-${b.maxTasks ?? "inf"}:${b.jobs}`).join(" ")}, ` +
    `long ${table.long.buckets.map((b) => `${b.minTasks}-${b.maxTasks ?? "inf"}:${b.jobs}`).join(" ")})`);
}
if (stale > 0) process.exit(1);
