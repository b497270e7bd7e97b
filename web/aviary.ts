// The browser bundle's entry (dist/browser/aviary.js, built by scripts/build.mjs with esbuild):
// everything src/browser.ts exports, plus both engines and the engine's random generator built
// in, so that a page needs this one ES module and aviary.wasm beside it:
//   const { loadEngine, generate, resolveConfig, runSimulationAsync, summarize } = await import("./aviary.js");
//   const factory = await loadEngine("wasm");            // or "js": the same results
//   const trace = generate("default", { jobs: 2000 }, { nodes: 100, slots: 1, seed: 1 });
//   const r = await runSimulationAsync(factory, trace, resolveConfig({ scheduler: "sparrow", nodes: 100 }));
import { instantiate } from "aviary-engine-js";
import { Rng, STREAM_ARRIVALS as ENGINE_ARRIVALS, STREAM_TASKS as ENGINE_TASKS } from "aviary-engine-rng";
import { jsEngineFactory } from "../src/engine/js.js";
import { wasmEngineFactory } from "../src/engine/wasm.js";
import type { EngineFactory } from "../src/engine/types.js";
import { STREAM_ARRIVALS, STREAM_TASKS, type RngFactory } from "../src/trace/gen.js";
import { generateWorkload } from "../src/workloads.js";
import type { Trace } from "../src/trace/types.js";

export * from "../src/browser.js";
/** Evaluates the JS engine afresh: an instance with state of its own (`jsEngineFactory` takes it).
 *  (Typed here, so that the bundle's declarations name no build-time module.) */
export const instantiateJsEngine: () => Record<string, any> = instantiate;

if (ENGINE_ARRIVALS !== STREAM_ARRIVALS || ENGINE_TASKS !== STREAM_TASKS) {
  throw new Error("aviary: the engine's random stream ids differ from the generators' (rebuild)");
}

/** Where the Wasm engine comes from: a URL (fetched), its bytes, or a compiled module. */
export type WasmSource = string | URL | ArrayBuffer | Uint8Array | WebAssembly.Module;

const cache = new Map<string, Promise<EngineFactory>>();

/** An engine factory. "js" is built into this bundle; "wasm" is compiled from `wasm` (default:
 *  aviary.wasm beside this module, fetched; in Node, pass its bytes). Compiled once per source
 *  URL. */
export function loadEngine(kind: "wasm" | "js", wasm?: WasmSource): Promise<EngineFactory> {
  if (kind === "js") return Promise.resolve(jsEngineFactory(instantiate));
  if (kind !== "wasm") return Promise.reject(new Error(`engine must be wasm or js, got '${String(kind)}'`));
  if (wasm instanceof WebAssembly.Module) return Promise.resolve(wasmEngineFactory(wasm));
  if (wasm instanceof ArrayBuffer || wasm instanceof Uint8Array) {
    return WebAssembly.compile(wasm as BufferSource).then(wasmEngineFactory);
  }
  const url = String(wasm ?? new URL("./aviary.wasm", import.meta.url));
  let f = cache.get(url);
  if (!f) {
    f = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`cannot load the Wasm engine from ${url}: HTTP ${res.status}`);
      return wasmEngineFactory(await WebAssembly.compile(await res.arrayBuffer()));
    });
    f.catch(() => cache.delete(url));
    cache.set(url, f);
  }
  return f;
}

/** The engine's random generator for `seed`, by stream: what the generators take. */
export function engineRng(seed: number): RngFactory {
  return (stream) => new Rng(seed, stream);
}

/** A named workload (src/workloads.ts: `default`, `mm1`, `heavy-tail`, `google-like`, …) for a
 *  cluster, with the engine's generator: the trace `aviary run --workload NAME` generates. */
export function generate(name: string, input: { jobs?: number; load?: number },
                         cluster: { nodes: number; slots: number; seed: number }): Trace {
  return generateWorkload(name, input, cluster, engineRng(cluster.seed));
}
