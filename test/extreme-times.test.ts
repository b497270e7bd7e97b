// Extreme times (issue "Reliability"): traces whose times dwarf their durations (a job at 1e20 s,
// where doubles are 16,384 s apart, or at 1e308 s) or whose durations are tiny beside the
// network delay (a task of 1e-300 s) used to hang both engines: the event calendar's window index
// passed 2^53, where `horizon + 1` no longer moves (assembly/calendar.ts, LAST_WINDOW now). And a periodic
// step lost to rounding (Kairos' 100 s quantum or YARN's 1 s heartbeat at 1e20 s) repeated at one
// instant for ever; the engine now stops such a run with E_TIME_RESOLUTION, reported as bad input
// (exit 2) in one line. Every scheduler runs every such trace on both engines under an event
// budget, so a regression fails here instead of hanging the suite.
import { describe, it, expect } from "vitest";
import { SCHEDULERS } from "../src/config/schedulers.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation } from "../src/simulate.js";
import { loadEngine, packageRoot } from "../src/engine/node.js";
import { parseTr } from "../src/trace/tr.js";
import { Worker } from "node:worker_threads";
import { spawnSync } from "node:child_process";

import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const TRACES: Array<[string, string]> = [
  ["a 0.1 s task at 1e20 s", "1e20 1 1 0.1\n"],
  ["a job at 1e308 s", "1e308 1 1 1\n"],
  ["a 1e-300 s task at 0", "0 1 1 1e-300\n"],
  ["mixed: jobs at 0 and 1e20 s, long tasks, ties", "0 2 1 1 5\n1e20 2 1 0.1 3e4\n1e20 3 1e5 1e5 1 2e5\n1.00000000001e20 4 1 1 1 1 1\n"],
  ["subnormal durations and times", "0 3 1e-300 1e-300 0 1e-300\n1e-300 2 5 5 1e-310\n"],
];

/** Events a run may take before it counts as a hang (these runs need a few hundred). */
const BUDGET = 1_000_000;

// Runs every scheduler on `text` in a worker thread (dist/'s modules, built by pretest), so that
// a hang inside one slice of the engine — the calendar's was a loop without events — fails the
// test after `timeout` ms instead of hanging the suite: the worker is terminated. A run that
// keeps making events past BUDGET is a hang too. Returns per scheduler "ok" or the refusal.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  const root = workerData.root;
  const imp = (p) => import(require("node:url").pathToFileURL(root + "/dist/src/" + p).href);
  const { SCHEDULERS } = await imp("config/schedulers.js");
  const { resolveConfig } = await imp("config/config.js");
  const { runSimulation } = await imp("simulate.js");
  const { loadEngine } = await imp("engine/node.js");
  const { parseTr } = await imp("trace/tr.js");
  const { InputError } = await imp("errors.js");
  const factory = await loadEngine(workerData.engine);
  const trace = parseTr(new TextEncoder().encode(workerData.text), "extreme.tr");
  const out = [];
  for (const s of SCHEDULERS) {
    try {
      const r = runSimulation(factory, trace, resolveConfig({ scheduler: s.name, nodes: 3, cutoff: 100 }), {
        sliceEvents: 10000,
        onProgress: (p) => { if (p.events > workerData.budget) throw new Error("no end after " + p.events + " events at time " + p.simTime); },
      });
      let early = -1;
      for (let j = 0; j < trace.arrivals.length; j++) if (!(r.finish[j] >= trace.arrivals[j])) early = j;
      out.push({ name: s.name, ok: true, jobs: r.finish.length, early });
    } catch (e) {
      out.push({ name: s.name, ok: false, input: e instanceof InputError, message: String(e && e.message) });
    }
  }
  parentPort.postMessage(out);
})().catch((e) => parentPort.postMessage(String(e && e.stack)));
`;

interface Outcome { name: string; ok: boolean; jobs?: number; early?: number; input?: boolean; message?: string }

function runAllInWorker(engine: string, text: string, timeout = 90_000): Promise<Outcome[]> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { root: packageRoot(), engine, text, budget: BUDGET } });
    const timer = setTimeout(() => { void w.terminate(); reject(new Error(`hang: no result in ${timeout / 1000} s`)); }, timeout);
    w.once("message", (m) => { clearTimeout(timer); void w.terminate(); typeof m === "string" ? reject(new Error(m)) : resolve(m); });
    w.once("error", (e) => { clearTimeout(timer); reject(e); });
  });
}

describe.each(["wasm", "js"] as const)("extreme times (%s engine)", (engine) => {
  for (const [what, text] of TRACES) {
    it(`every scheduler ends or refuses in one line: ${what}`, async () => {
      const outcomes = await runAllInWorker(engine, text);
      expect(outcomes.map((o) => o.name)).toEqual(SCHEDULERS.map((s) => s.name));
      const jobs = text.trim().split("\n").length;
      for (const o of outcomes) {
        if (o.ok) {
          expect(o.jobs, o.name).toBe(jobs);
          expect(o.early, `${o.name}: a job finished before its submission`).toBe(-1);
        } else {
          // The only refusal allowed: a periodic step lost to rounding, as bad input in one line.
          expect(o.input, `${o.name}: ${o.message}`).toBe(true);
          expect(o.message).toMatch(/E_TIME_RESOLUTION/);
          expect(o.message).not.toMatch(/\n/);
        }
      }
    }, 120_000);
  }

  it("a heartbeat an ulp before now (rounding, not a lost step) is not refused", async () => {
    // Found by the properties suite when the guard compared t0 + k x period with now: heartbeats
    // from t0 = 999.999999992294 every 0.5 s put heartbeat 50 an ulp before 1024.9999999922939.
    const factory = await loadEngine(engine);
    const trace = parseTr(new TextEncoder().encode("999.999999992294 1 0 0\n1024.9999999922939 2 0.5000005 0.000001 1\n"), "ulp.tr");
    const r = runSimulation(factory, trace, resolveConfig({ scheduler: "kairos", nodes: 1, seed: 0,
      params: { Q: 0, quantum: 0.5, delta: 0.5, resumeCost: 0.01, starvationPreemptions: 0 } }), {});
    expect(r.finish[1]).toBeGreaterThan(1025.9);
  });

  it("Kairos at 1e20 s: a 100 s quantum lost to rounding is refused, naming the step; a larger one runs", async () => {
    const text = "1e20 2 1e6 1e6 2e6\n";
    const factory = await loadEngine(engine);
    const trace = parseTr(new TextEncoder().encode(text), "k.tr");
    // One node: the second task waits, the first one's quantum expires at 1e20 + 100 = 1e20.
    const run = (params: Record<string, number>) => runSimulation(factory, trace, resolveConfig({ scheduler: "kairos", nodes: 1, params }), { sliceEvents: 10_000,
      onProgress: (p) => { if (p.events > BUDGET) throw new Error("hang"); } });
    expect(() => run({})).toThrow(/a periodic step of 100 s .*\[E_TIME_RESOLUTION\]/);
    // Quantum and heartbeat of 2^20 s are above the spacing of doubles there (16,384 s).
    const r = run({ quantum: 1048576, delta: 1048576 });
    expect(r.finish[0]).toBeGreaterThan(1e20);
  });

});

const bin = join(packageRoot(), "bin/aviary.js");
const aviary = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", timeout: 120_000 });
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr };
};

it("the CLI: a generated workload at load 1e-20 (arrivals about 1e20 s apart) runs to its end", () => {
  const r = aviary("run", "--workload", "default", "--load", "1e-20", "--jobs", "300", "--scheduler", "sparrow,eagle", "--nodes", "100", "--format", "json");
  expect(r.signal).toBeNull();
  expect(r.code).toBe(0);
  expect(r.out.trim().split("\n").map((l) => JSON.parse(l).short.jobs)).toEqual([300, 300]);
});

it("the CLI refuses a run whose heartbeat cannot advance with one line, exit 2, nothing on stdout", () => {
  const dir = mkdtempSync(join(tmpdir(), "aviary-extreme-"));
  const file = join(dir, "x.tr");
  writeFileSync(file, "0 1 1 1\n1e20 3 1e5 1e5 1 2e5\n");
  const r = aviary("run", "--trace", file, "--scheduler", "yarn-fifo", "--nodes", "1");
  expect(r.code).toBe(2);
  expect(r.out).toBe("");
  expect(r.err.trimEnd().split("\n")).toHaveLength(1);
  expect(r.err).toMatch(/^aviary: error: .*a periodic step of 1 s \(a heartbeat period or a quantum\) no longer advances the clock.*\[E_TIME_RESOLUTION\]/);
});
