// The page's Web Worker: reads an uploaded trace, generates workloads, runs a comparison one
// simulation after another (compareSequential) and sends back the compare result with each
// cell's completion-time CDF and, per run of the first seed, utilisation and queue length over
// time. The page stays responsive; cancelling terminates this worker.
import { loadEngine, engineRng, generate } from "./aviary.js";
import { compareSequential, generatePoisson, parseCsv, parseTr, pooledCdf, runSeries, type Trace } from "../src/browser.js";
import { classCompletionTimes, type RunSummary } from "../src/metrics/summary.js";
import type { FromWorker, ToWorker } from "./protocol.js";
import { CLAIMS } from "../src/reproduce/catalogue.js";
import { runClaimSequential } from "../src/reproduce/sequential.js";
import type { SeededRng } from "../src/reproduce/sources.js";

const post = (m: FromWorker, transfer: Transferable[] = []): void => (self as unknown as Worker).postMessage(m, transfer);

function oneLine(e: unknown): string {
  return ((e instanceof Error ? e.message : String(e)).split("\n")[0].trim()) || "unknown error";
}

function readTrace(name: string, bytes: ArrayBuffer): Trace {
  const b = new Uint8Array(bytes);
  return name.toLowerCase().endsWith(".csv") ? parseCsv(b, name) : parseTr(b, name);
}

async function run(m: Extract<ToWorker, { type: "run" }>): Promise<void> {
  const { workload, compare } = m.request;
  let trace: Trace;
  try {
    if (workload.kind === "upload") {
      if (!m.trace) throw new Error("no trace uploaded");
      trace = readTrace(m.trace.name, m.trace.bytes);
    } else if (workload.kind === "named") {
      // Sized for the first node count, as `aviary compare --workload` does.
      trace = generate(workload.name, { jobs: workload.jobs, load: workload.load },
        { nodes: compare.nodes[0], slots: compare.slots, seed: workload.seed });
    } else {
      trace = generatePoisson({ jobs: workload.jobs, tasks: workload.tasks, duration: workload.duration, load: workload.load,
        nodes: compare.nodes[0], slots: compare.slots, seed: workload.seed }, engineRng(workload.seed));
      trace = { ...trace, name: `poisson(${workload.jobs}x${workload.tasks}, ${workload.duration}, load ${workload.load})` };
    }
  } catch (e) {
    post({ type: "error", field: workload.kind === "upload" ? "trace" : workload.kind === "poisson" ? "duration" : "workload", message: oneLine(e) });
    return;
  }
  const factory = await loadEngine(compare.engine ?? "wasm", new URL("./aviary.wasm", m.base));
  // Completion times per (nodes, scheduler) and class, every seed's (as aviary compare --cdf).
  const pooled = new Map<string, { short: Float64Array; long: Float64Array }[]>();
  const series: RunSummary[] = [];
  const firstSeed = compare.seeds[0];
  let lastPost = 0;
  const result = await compareSequential(factory, trace, compare, {
    recordTasks: true,
    sliceEvents: 100_000,
    onProgress: (p) => {
      const now = performance.now();
      if (p.current && now - lastPost < 50) return;
      lastPost = now;
      post({ type: "progress", done: p.done, total: p.total, run: p.run ? `${p.run.scheduler}, ${p.run.nodes} nodes, seed ${p.run.seed}` : undefined,
        jobsDone: p.current?.jobsDone, jobs: p.current?.jobs });
    },
    onRun: (r, sim, summary) => {
      const key = `${r.nodes}\u0000${r.scheduler}`;
      pooled.set(key, [...(pooled.get(key) ?? []), classCompletionTimes(sim, summary.cutoff ?? undefined)]);
      // Utilization and queue over time (as aviary run --series), for the first seed's runs.
      if (r.seed === firstSeed) series.push({ ...summary, series: runSeries(sim) });
    },
  });
  for (const cell of result.results) cell.cdf = pooledCdf(pooled.get(`${cell.nodes}\u0000${cell.scheduler}`)!);
  post({ type: "done", result, series });
}

/** A claim of the catalogue, run as `aviary reproduce CLAIM` runs it (src/reproduce/sequential.ts). */
async function runClaim(m: Extract<ToWorker, { type: "claim" }>): Promise<void> {
  const claim = CLAIMS.find((c) => c.id === m.claim);
  if (!claim) { post({ type: "error", field: "claim", message: `unknown claim '${m.claim}'` }); return; }
  const traces = new Map<string, Trace>();
  for (const [name, t] of Object.entries(m.traces)) {
    try {
      traces.set(name, readTrace(t.name, t.bytes));
    } catch (e) {
      post({ type: "error", field: "claim", message: `${name}: ${oneLine(e)}` });
      return;
    }
  }
  const factory = await loadEngine(m.engine, new URL("./aviary.wasm", m.base));
  const rng: SeededRng = (seed, stream) => engineRng(seed)(stream) as ReturnType<SeededRng>;
  let lastPost = 0;
  const result = await runClaimSequential(claim, factory, rng, {
    quick: m.quick, seeds: m.seeds, engine: m.engine, traceFile: (name) => traces.get(name),
    onProgress: (p) => {
      const now = performance.now();
      if (now - lastPost < 50) return;
      lastPost = now;
      post({ type: "claim-progress", done: p.done, total: p.total, unit: p.unit });
    },
  });
  post({ type: "claim-done", result });
}

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  if (m.type === "claim") {
    runClaim(m).catch((e: unknown) => post({ type: "error", field: "claim", message: oneLine(e) }));
    return;
  }
  if (m.type === "check") {
    try {
      const t = readTrace(m.name, m.bytes);
      post({ type: "checked", ok: true, name: m.name, jobs: t.arrivals.length, tasks: t.durations.length });
    } catch (e) {
      post({ type: "checked", ok: false, name: m.name, message: oneLine(e) });
    }
    return;
  }
  run(m).catch((e: unknown) => post({ type: "error", field: "run", message: oneLine(e) }));
};
