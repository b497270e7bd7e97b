// Two simulations at once in one process, on either engine: each run gets an engine instance of
// its own (Wasm: one instance per run; JS: a pool of instances of the bundled engine), so runs
// interleaved slice by slice give exactly the results of the same runs one after the other.
import { describe, it, expect } from "vitest";
import { loadEngine } from "../src/engine/node.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation, runSimulationAsync, type SimResult } from "../src/simulate.js";
import { generateTraceLikeWithEngineRng } from "../src/trace/node.js";
import type { Trace } from "../src/trace/types.js";

const ENGINES = ["wasm", "js"] as const;

function same(a: SimResult, b: SimResult): void {
  expect(Array.from(a.finish)).toEqual(Array.from(b.finish));
  expect(a.counters).toEqual(b.counters);
  expect(a.busySlotSeconds).toBe(b.busySlotSeconds);
}

describe("two simulations at once in one process", () => {
  const trace = async (seed: number): Promise<Trace> =>
    (await generateTraceLikeWithEngineRng({ generator: "yahoo-like", jobs: 1500, seed, load: 0.9, nodes: 300 })).trace;

  it.each(ENGINES)("%s: two different configurations interleaved slice by slice equal the sequential runs", async (engine) => {
    const factory = await loadEngine(engine);
    const [t1, t2] = [await trace(1), await trace(2)];
    const c1 = resolveConfig({ scheduler: "eagle", nodes: 300, seed: 3, params: { cutoff: 90.5811, shortPartition: 2 } });
    const c2 = resolveConfig({ scheduler: "pigeon", nodes: 300, seed: 4, params: { cutoff: 90.5811, groupSize: 50, reserved: 4 } });
    const order: number[] = [];
    const [a, b] = await Promise.all([
      runSimulationAsync(factory, t1, c1, { sliceEvents: 5000, onProgress: () => order.push(1) }),
      runSimulationAsync(factory, t2, c2, { sliceEvents: 5000, onProgress: () => order.push(2) }),
    ]);
    // They did run side by side: each run's slices alternate with the other's.
    const switches = order.slice(1).filter((x, i) => x !== order[i]).length;
    expect(switches).toBeGreaterThan(10);
    same(a, runSimulation(factory, t1, c1));
    same(b, runSimulation(factory, t2, c2));
  });

  it("js: a run started while another is in flight gets its own instance; finished ones are reused", async () => {
    const factory = await loadEngine("js");
    const first = factory();
    const second = factory(); // (the old module-state engine refused this)
    expect(second).not.toBe(first);
    first.setup(1, 1, 1, 1, 0, 1, 0, 0);
    second.setup(2, 2, 2, 1, 0, 1, 0, 0);
    expect(first.arrivalColumn().length).toBe(1);
    expect(second.arrivalColumn().length).toBe(2);
    first.dispose();
    second.dispose();
    // Disposed instances go back to the pool: the next two runs take them, not new ones.
    const again = factory();
    expect(again.arrivalColumn().length).toBe(2);
    again.dispose();
  });

  it("runSimulationAsync gives runSimulation's results and yields between slices", async () => {
    const factory = await loadEngine("wasm");
    const t = await trace(5);
    const c = resolveConfig({ scheduler: "sparrow", nodes: 300, seed: 1 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const r = await runSimulationAsync(factory, t, c, { sliceEvents: 2000 });
    clearInterval(timer);
    same(r, runSimulation(factory, t, c));
    expect(ticks).toBeGreaterThan(0);
  });
});
