// The library inside a real Chromium (Vitest browser mode): the browser bundle
// (dist/browser/aviary.js, built by `npm test`'s pretest) generates the same workloads, and both
// its engines give the same per-job results and summaries, as Node for the same configuration
// and seed; its CSV reader (csv-parse's browser build) reads and rejects as Node's does; the
// page's Worker (dist/site/worker.js) runs a comparison whose numbers and CDFs are those of
// `aviary compare`. Expected values: test/browser/expected.ts, computed in Node.
import { describe, it, expect, inject } from "vitest";
import * as aviary from "../../dist/browser/aviary.js";
import { CSV_BAD, CSV_GOOD, ENGINE_CASES, WORKER_COMPARE } from "./cases.js";

function stable(s: Record<string, unknown>): Record<string, unknown> {
  const { engine: _e, wallSeconds: _w, eventsPerSecond: _v, ...rest } = s;
  return JSON.parse(JSON.stringify(rest));
}

describe("in Chromium", () => {
  it("runs in a browser, not in Node", () => {
    expect(typeof window).toBe("object");
    expect(navigator.userAgent).toMatch(/Chrome\//);
    expect(typeof (globalThis as { process?: unknown }).process?.versions).not.toBe("object");
  });
});

describe("the browser bundle agrees with Node", () => {
  const expected = inject("engineRuns");
  for (const kind of ["wasm", "js"] as const) {
    for (const c of ENGINE_CASES) {
      it(`${kind} engine: ${c.name}`, async () => {
        const e = expected.find((x) => x.name === c.name)!;
        const trace = aviary.generate(c.workload.name, { jobs: c.workload.jobs, load: c.workload.load },
          { nodes: c.config.nodes, slots: 1, seed: c.workload.seed });
        expect(Array.from(trace.arrivals)).toEqual(e.arrivals);
        expect(Array.from(trace.durations)).toEqual(e.durations);
        const factory = await aviary.loadEngine(kind);
        const r = await aviary.runSimulationAsync(factory, trace, aviary.resolveConfig(c.config));
        expect(r.engine).toBe(kind);
        expect(Array.from(r.finish)).toEqual(e.finish);
        expect(stable(aviary.summarize(r, c.cutoff) as unknown as Record<string, unknown>)).toEqual(e.summary);
      });
    }
  }
});

describe("CSV traces in the browser", () => {
  const csv = inject("csv");
  it("reads a v2 CSV (dependencies, demands, quoted ids) as Node does", () => {
    const t = aviary.parseCsv(new TextEncoder().encode(CSV_GOOD), "good.csv");
    expect(t.arrivals.length).toBe(csv.jobs);
    expect(Array.from(t.arrivals)).toEqual(csv.arrivals);
    expect(Array.from(t.durations)).toEqual(csv.durations);
    expect(Array.from(t.estimates)).toEqual(csv.estimates);
    expect(t.jobIds).toEqual(csv.jobIds);
    expect(Array.from(t.parents ?? [])).toEqual(csv.parents);
    expect(t.demandNames).toEqual(csv.demandNames);
  });
  it("rejects a malformed row with Node's one-line message (file, line, field)", () => {
    let err: unknown;
    try { aviary.parseCsv(CSV_BAD, "bad.csv"); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(aviary.InputError);
    expect((err as Error).message).toBe(csv.badMessage);
    expect(csv.badMessage).toMatch(/^bad\.csv:3: /);
  });
});

describe("the page's Worker", () => {
  it("runs a comparison off the main thread: the numbers and CDFs of aviary compare", async () => {
    const reference = inject("compare");
    const base = `${location.origin}/dist/site/`;
    const worker = new Worker(new URL("worker.js", base), { type: "module" });
    const progress: number[] = [];
    let ticks = 0;
    const timer = setInterval(() => { ticks++; }, 5); // the main thread stays free while it runs
    try {
      const done = await new Promise<any>((resolve, reject) => {
        worker.onmessage = (ev) => {
          if (ev.data.type === "progress") progress.push(ev.data.done);
          else if (ev.data.type === "done") resolve(ev.data);
          else reject(new Error(`worker: ${JSON.stringify(ev.data)}`));
        };
        worker.onerror = (ev) => reject(new Error(`worker failed: ${ev.message}`));
        worker.postMessage({ type: "run", request: WORKER_COMPARE.request, base });
      });
      expect(progress.length).toBeGreaterThan(1);
      expect(Math.max(...progress)).toBe(reference.runs.length);
      expect(ticks).toBeGreaterThan(0);
      const res = done.result;
      expect(res.trace).toEqual(reference.trace);
      expect(res.results.length).toBe(reference.results.length);
      res.results.forEach((cell: any, i: number) => {
        const ref = reference.results[i];
        expect([cell.nodes, cell.scheduler]).toEqual([ref.nodes, ref.scheduler]);
        for (const k of ["short", "long", "normalized", "utilization", "seeds", "cdf"]) expect(cell[k], `${ref.scheduler} ${ref.nodes} ${k}`).toEqual(ref[k]);
      });
      expect(res.runs.map(stable)).toEqual(reference.runs.map(stable));
      // Utilisation and queue series of every run of the first seed, one per (nodes, scheduler).
      expect(done.series.map((s: any) => `${s.nodes}:${s.scheduler}:${s.seed}`)).toEqual(
        reference.runs.filter((r: any) => r.seed === 1).map((r: any) => `${r.nodes}:${r.scheduler}:1`));
      // The first cluster size's series are those of aviary run --series.
      const cliSeries = inject("series");
      const at60 = done.series.filter((s: any) => s.nodes === 60);
      expect(at60.map((s: any) => s.scheduler)).toEqual(cliSeries.map((s) => s.scheduler));
      at60.forEach((s: any, i: number) => expect(s.series, s.scheduler).toEqual(cliSeries[i].series));
      // A non-preemptive task is busy from its start to its end: each series' busy slot-seconds
      // are the trace's task-seconds (the window covers every task).
      const w = WORKER_COMPARE.request.workload;
      const trace = aviary.generate(w.name, { jobs: w.jobs, load: w.load }, { nodes: 60, slots: 1, seed: w.seed });
      const taskSeconds = Array.from(trace.durations).reduce((a, d) => a + d, 0);
      for (const s of done.series) {
        const busy = s.series.utilization.reduce((a: number, u: number) => a + u * s.series.width * s.nodes, 0);
        expect(busy / taskSeconds, `${s.scheduler} ${s.nodes}`).toBeCloseTo(1, 9);
      }
    } finally {
      clearInterval(timer);
      worker.terminate();
    }
  });
});
