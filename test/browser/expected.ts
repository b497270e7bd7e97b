// Global set-up of the browser project (runs in Node before the suites run in Chromium): the
// values the browser must reproduce, computed here by Node's own code paths — the engines loaded
// by src/engine/node.ts, the workloads generated with the Node-side RNG loader, the CSV reader on
// Node's csv-parse build, and `aviary compare --cdf --format json` (worker threads) for the page's
// Worker. The suites get them with inject().
import type { TestProject } from "vitest/node";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { loadEngine, loadEngineRng } from "../../src/engine/node.js";
import { resolveConfig } from "../../src/config/config.js";
import { runSimulation } from "../../src/simulate.js";
import { summarize } from "../../src/metrics/summary.js";
import { generateWorkload } from "../../src/workloads.js";
import { parseCsv } from "../../src/trace/csv.js";
import { ENGINE_CASES, CSV_GOOD, CSV_BAD, WORKER_COMPARE, WORKER_SERIES_RUN, type EngineCase, type ExpectedRun } from "./cases.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A summary without what depends on the machine (engine name, wall time, speed). */
export function stable(s: Record<string, unknown>): Record<string, unknown> {
  const { engine: _e, wallSeconds: _w, eventsPerSecond: _v, ...rest } = s;
  return rest;
}

export default async function setup(project: TestProject): Promise<void> {
  const wasm = await loadEngine("wasm");
  const js = await loadEngine("js");
  const rngMod = await loadEngineRng();
  const runs: ExpectedRun[] = ENGINE_CASES.map((c: EngineCase) => {
    const trace = generateWorkload(c.workload.name, { jobs: c.workload.jobs, load: c.workload.load },
      { nodes: c.config.nodes, slots: 1, seed: c.workload.seed }, (s) => new rngMod.Rng(c.workload.seed, s));
    const config = resolveConfig(c.config);
    const a = runSimulation(wasm, trace, config);
    const b = runSimulation(js, trace, config);
    const sa = JSON.stringify(stable(summarize(a, c.cutoff) as unknown as Record<string, unknown>));
    const sb = JSON.stringify(stable(summarize(b, c.cutoff) as unknown as Record<string, unknown>));
    if (sa !== sb) throw new Error(`browser set-up: ${c.name}: Node's two engines disagree`);
    return {
      name: c.name, arrivals: Array.from(trace.arrivals), durations: Array.from(trace.durations),
      finish: Array.from(a.finish), summary: JSON.parse(sa),
    };
  });
  const t = parseCsv(CSV_GOOD, "good.csv");
  let badMessage = "";
  try { parseCsv(CSV_BAD, "bad.csv"); } catch (e) { badMessage = (e as Error).message; }
  if (badMessage === "") throw new Error("browser set-up: the malformed CSV was read without an error");
  const cli = spawnSync(process.execPath, [`${root}bin/aviary.js`, "compare", ...WORKER_COMPARE.cli, "--cdf", "--format", "json"],
    { cwd: root, encoding: "utf8" });
  if (cli.status !== 0) throw new Error(`browser set-up: aviary compare failed: ${cli.stderr}`);
  const series = spawnSync(process.execPath, [`${root}bin/aviary.js`, ...WORKER_SERIES_RUN], { cwd: root, encoding: "utf8" });
  if (series.status !== 0) throw new Error(`browser set-up: aviary run --series failed: ${series.stderr}`);
  project.provide("series", series.stdout.trim().split("\n").map((l) => JSON.parse(l)));
  project.provide("engineRuns", runs);
  project.provide("csv", {
    jobs: t.arrivals.length, arrivals: Array.from(t.arrivals), durations: Array.from(t.durations), estimates: Array.from(t.estimates),
    jobIds: t.jobIds ?? [], parents: t.parents ? Array.from(t.parents) : [], demandNames: t.demandNames ?? [], badMessage,
  });
  project.provide("compare", JSON.parse(cli.stdout));
}

declare module "vitest" {
  export interface ProvidedContext {
    engineRuns: ExpectedRun[];
    csv: { jobs: number; arrivals: number[]; durations: number[]; estimates: number[]; jobIds: string[]; parents: number[];
      demandNames: string[]; badMessage: string };
    compare: Record<string, any>;
    series: Record<string, any>[];
  }
}
