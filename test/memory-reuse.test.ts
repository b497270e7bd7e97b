// A Wasm run on the memory a finished run left (src/engine/wasm.ts keeps one per factory): the
// new instance starts afresh and the engine clears what it allocates (assembly/glue.ts
// freshInt32Array fills what lies below the old memory's size), so results never depend on what
// ran before. Each run here — among them DAG runs on a multi-resource cluster (Fregata, Sparrow,
// Pigeon) — is compared with the same run on a factory of its own and with the JS engine, after
// runs that leave larger and differently shaped memories behind.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadEngine, loadEngineRng, packageRoot } from "../src/engine/node.js";
import { wasmEngineFactory } from "../src/engine/wasm.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation, type SimResult } from "../src/simulate.js";
import { generateTraceLikeWithEngineRng } from "../src/trace/node.js";
import { generateFregata } from "../src/trace/fregata.js";
import { findCluster } from "../src/config/cluster.js";
import { paramsForScheduler } from "../src/config/presets.js";

function same(a: SimResult, b: SimResult): void {
  expect(Array.from(a.finish)).toEqual(Array.from(b.finish));
  expect(a.counters).toEqual(b.counters);
  expect(a.busySlotSeconds).toBe(b.busySlotSeconds);
}

describe("Wasm runs on a reused memory", () => {
  it("give the results of fresh runs and of the JS engine, whatever ran before", async () => {
    const module = new WebAssembly.Module(readFileSync(join(packageRoot(), "build/aviary.wasm")));
    const reusing = wasmEngineFactory(module);
    const js = await loadEngine("js");
    const big = (await generateTraceLikeWithEngineRng({ generator: "yahoo-like", jobs: 3000, seed: 5, load: 0.98, nodes: 40 })).trace;
    const small = (await generateTraceLikeWithEngineRng({ generator: "yahoo-like", jobs: 800, seed: 6, load: 0.95, nodes: 20 })).trace;
    const { Rng } = await loadEngineRng();
    const dag = generateFregata(40, (k) => new Rng(7, k), 7);
    const onCluster = (scheduler: string) => resolveConfig({ scheduler, seed: 5, cluster: findCluster("fregata-cluster")!,
      params: paramsForScheduler(scheduler, { explicit: { cutoff: 15 }, lenient: true }) as Record<string, number> });
    const runs = [
      { trace: big, config: resolveConfig({ scheduler: "sparrow", nodes: 40, seed: 1 }) },
      { trace: small, config: resolveConfig({ scheduler: "sparrow", nodes: 20, seed: 2 }) },
      { trace: small, config: resolveConfig({ scheduler: "eagle", nodes: 20, seed: 3, params: { cutoff: 90.5811, shortPartition: 10 } }) },
      { trace: big, config: resolveConfig({ scheduler: "pigeon", nodes: 40, seed: 4, params: { cutoff: 90.5811, groupSize: 10, reserved: 1 } }) },
      { trace: dag, config: onCluster("fregata") },
      { trace: dag, config: onCluster("sparrow") },
      { trace: dag, config: onCluster("pigeon") },
      { trace: small, config: resolveConfig({ scheduler: "sparrow", nodes: 20, seed: 2 }) },
      { trace: dag, config: onCluster("fregata") },
    ];
    // queues do grow long here: the arena moves at least once in the big Sparrow run
    const first = runSimulation(reusing, runs[0].trace, runs[0].config);
    expect(first.counters.events).toBeGreaterThan(0);
    const results = [first, ...runs.slice(1).map((r) => runSimulation(reusing, r.trace, r.config))];
    for (let i = 0; i < runs.length; i++) {
      same(results[i], runSimulation(wasmEngineFactory(module), runs[i].trace, runs[i].config));
      same(results[i], runSimulation(js, runs[i].trace, runs[i].config));
    }
    // the same runs before and after others on the same memory
    same(results[1], results[7]);
    same(results[4], results[8]);
  }, 120_000);

  it("a memory grown and touched ahead (warmMemory) is taken as a fresh one, larger or smaller than the run needs", async () => {
    const module = new WebAssembly.Module(readFileSync(join(packageRoot(), "build/aviary.wasm")));
    const trace = (await generateTraceLikeWithEngineRng({ generator: "yahoo-like", jobs: 3000, seed: 5, load: 0.98, nodes: 40 })).trace;
    const config = resolveConfig({ scheduler: "sparrow", nodes: 40, seed: 1 });
    const freshEngine = wasmEngineFactory(module)();
    const fresh = runSimulation(() => freshEngine, trace, config);
    const freshBytes = freshEngine.memoryBytes!();
    for (const [bytes, reserve] of [[1 << 16, 1 << 16], [1 << 20, 64 << 20], [32 << 20, 32 << 20]]) {
      const f = wasmEngineFactory(module);
      expect(f.warmMemory!(bytes / 2, reserve)).toBe(true);
      expect(f.warmMemory!(bytes, reserve)).toBe(true);
      const engine = f();
      const r = runSimulation(() => engine, trace, config);
      same(r, fresh);
      // (the memory a run's allocations reach, not the size grown ahead)
      expect(engine.memoryBytes!()).toBeLessThanOrEqual(freshBytes);
      // the next run reuses the finished run's memory: nothing to warm
      expect(f.warmMemory!(bytes)).toBe(false);
      same(runSimulation(f, trace, config), fresh);
    }
  }, 120_000);
});
