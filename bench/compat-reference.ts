// compat=true against the reference simulator's own figures (../shared/reference/
// eagle-reference-yh1-goog.json: epfl-labos/eagle at 371b51f on YH1_sub.tr and GOOG_subtrace.tr
// for Sparrow, Hawk, Eagle, CLWL and DLWL). Prints the markdown table of docs/results/compat.md:
// per point, our compat-mode p50/p90/p99 per class over seeds (mean and range) beside the
// reference's, and the ratio of our seed-averaged value to the reference's.
//
//   node dist/bench/compat-reference.js [--seeds 5] [--trace YH1_sub.tr|GOOG_subtrace.tr]
//                                       [--system Eagle] [--workers 4000] [--mode compat|default]
//                                       [--per-seed]
//
// --per-seed prints, instead of the table, each point's p50/p90 per class seed by seed with
// their mean, standard deviation (n - 1) and range: the seed-to-seed spread to set beside the
// reference's own (docs/results/compat.md, "Hawk's short p90 at YH1_sub 4,000").
//
// The reference's settings map onto presets: google (cutoff 1129.532, 17 % short partition) and
// yahoo (90.5811, 2 %); DLWL's heartbeat is 3 s on both traces (the reference rows' argument).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadEngine } from "../src/engine/node.js";
import { readTraceFile } from "../src/trace/node.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation } from "../src/simulate.js";
import { summarize, type ClassStats } from "../src/metrics/summary.js";
import { findPreset, presetParamsFor } from "../src/config/presets.js";
import { findScheduler } from "../src/config/schedulers.js";
import type { Trace } from "../src/trace/types.js";

interface RefRow {
  trace: string; system: string; workers: number;
  short: { p50: number; p90: number; p99: number }; long: { p50: number; p90: number; p99: number };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const shared = fileURLToPath(new URL("../../../shared/", import.meta.url));
const rows: RefRow[] = JSON.parse(readFileSync(`${shared}reference/eagle-reference-yh1-goog.json`, "utf8"));
const seeds = Number(arg("seeds") ?? 5);
const mode = arg("mode") ?? "compat";
const perSeed = process.argv.includes("--per-seed");
const pick = (r: RefRow) => (!arg("trace") || r.trace === arg("trace")) && (!arg("system") || r.system === arg("system"))
  && (!arg("workers") || r.workers === Number(arg("workers")));

const SCHEDULER: Record<string, string> = { Sparrow: "sparrow", Hawk: "hawk", Eagle: "eagle", CLWL: "clwl", DLWL: "dlwl" };
const PRESET: Record<string, string> = { "YH1_sub.tr": "yahoo", "GOOG_subtrace.tr": "google" };

/** The run the reference row describes, as our configuration. */
export function configFor(r: RefRow, seed: number, compat: boolean) {
  const scheduler = SCHEDULER[r.system];
  const preset = findPreset(PRESET[r.trace]);
  const params: Record<string, number | boolean | string> = { ...presetParamsFor(preset, findScheduler(scheduler)), compat };
  if (scheduler === "dlwl") params.heartbeat = 3;
  return { config: resolveConfig({ scheduler, nodes: r.workers, seed, params }), cutoff: preset.cutoff };
}

const factory = await loadEngine("wasm");
const traces = new Map<string, Trace>();
const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
if (!perSeed) {
  console.log(`| trace | nodes | system | class | ours p50 (range) | ref p50 | ratio | ours p90 (range) | ref p90 | ratio | ours p99 | ref p99 | ratio |`);
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|---|`);
}
for (const r of rows.filter(pick)) {
  if (!traces.has(r.trace)) traces.set(r.trace, await readTraceFile(`${shared}traces/${r.trace}`));
  const trace = traces.get(r.trace)!;
  const runs: Array<{ short: ClassStats; long: ClassStats }> = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const { config, cutoff } = configFor(r, seed, mode === "compat");
    runs.push(summarize(runSimulation(factory, trace, config), cutoff));
  }
  if (perSeed) {
    for (const cls of ["short", "long"] as const) {
      for (const p of ["p50", "p90"] as const) {
        const v = runs.map((x) => x[cls][p]);
        const mean = v.reduce((a, b) => a + b, 0) / v.length;
        const sd = v.length > 1 ? Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1)) : 0;
        console.log(`${r.trace.replace(".tr", "")} ${r.workers} ${r.system} ${cls} ${p}: mean ${fmt(mean)} sd ${fmt(sd)}`
          + ` (${(100 * sd / mean).toFixed(1)} %) range ${fmt(Math.min(...v))}-${fmt(Math.max(...v))}, reference ${fmt(r[cls][p])}`
          + ` (mean/ref ${(mean / r[cls][p]).toFixed(2)}); seeds 1-${v.length}: ${v.map(fmt).join(" ")}`);
      }
    }
    continue;
  }
  for (const cls of ["short", "long"] as const) {
    const cells: string[] = [r.trace.replace(".tr", ""), String(r.workers), r.system, cls];
    for (const p of ["p50", "p90", "p99"] as const) {
      const v = runs.map((x) => x[cls][p]);
      const mean = v.reduce((a, b) => a + b, 0) / v.length;
      const ref = r[cls][p];
      const range = p === "p99" ? "" : ` (${fmt(Math.min(...v))}–${fmt(Math.max(...v))})`;
      cells.push(`${fmt(mean)}${range}`, fmt(ref), (mean / ref).toFixed(2));
    }
    console.log(`| ${cells.join(" | ")} |`);
  }
}
