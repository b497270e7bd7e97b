// Node-side engine loading: finds the built artifacts next to package.json.
import { existsSync, readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { wasmEngineFactory, withSharedMemory } from "./wasm.js";
import { jsEngineFactory } from "./js.js";
import type { EngineFactory } from "./types.js";

/** The two builds of the engine: WebAssembly, or the same sources compiled to plain JavaScript. */
export type EngineKind = "wasm" | "js";

let root: string | undefined;
/** The package directory (works from src/ under vitest and from dist/src/ when built). */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).name === "aviary-sim") return (root = dir);
    const up = dirname(dir);
    if (up === dir) throw new Error("cannot find the aviary-sim package root");
    dir = up;
  }
}

function artifact(rel: string): string {
  const p = join(packageRoot(), rel);
  if (!existsSync(p)) throw new Error(`engine artifact ${rel} is missing: run \`npm run build\``);
  return p;
}

const factories = new Map<string, EngineFactory>();

let inliningSet = false;
/** Compiles an engine module. First turns on V8's Wasm-into-Wasm inlining (a process-wide flag,
 *  off by default in Node 20 and 22; it applies to modules compiled after it is set): binaryen
 *  inlines only small functions that call nothing, and every other call on the event loop's
 *  path is otherwise a real call in the optimized code. Only speed depends on it (the results
 *  are the same bits either way: the golden and differential suites run with it);
 *  AVIARY_WASM_INLINING=0 leaves the flag alone (for A/B measurements). */
export function compileEngineModule(bytes: BufferSource): WebAssembly.Module {
  if (!inliningSet) {
    inliningSet = true;
    if (process.env.AVIARY_WASM_INLINING !== "0") setFlagsFromString("--experimental-wasm-inlining");
  }
  return new WebAssembly.Module(bytes);
}

/** How an engine is loaded. */
export interface EngineLoadOptions {
  /** Wasm: runs on shared memories (engine/wasm.ts withSharedMemory), for a run that a trace
   *  file's reader thread fills (trace/node.ts openTraceFeed, simulate.ts runSimulationFed); a
   *  module that cannot (it defines its own memory) is loaded as it is. The JS engine: no effect. */
  sharedMemory?: boolean;
}

/** The Wasm factory over a module's bytes, on shared memories if asked and possible. */
function wasmFactory(bytes: Uint8Array<ArrayBuffer>, options: EngineLoadOptions): EngineFactory {
  const shared = options.sharedMemory ? withSharedMemory(bytes) : undefined;
  return shared ? wasmEngineFactory(compileEngineModule(shared), { sharedMemory: true })
    : wasmEngineFactory(compileEngineModule(bytes));
}

/** An engine built beside the project with more schedulers (scripts/build.mjs --catalogue FILE
 *  --out DIR): its aviary.wasm or engine-js/ in `dir`. */
export async function loadEngineFrom(dir: string, kind: EngineKind, options: EngineLoadOptions = {}): Promise<EngineFactory> {
  const key = `${kind}${kind === "wasm" && options.sharedMemory ? ":shared" : ""}:${dir}`;
  let f = factories.get(key);
  if (!f) {
    f = kind === "wasm" ? wasmFactory(readFileSync(join(dir, "aviary.wasm")), options)
      : jsEngineFactory((await import(pathToFileURL(join(dir, "engine-js/instance.js")).href)).instantiate);
    factories.set(key, f);
  }
  return f;
}

/** The factory for the requested engine (compiled/imported once per process). */
export async function loadEngine(kind: EngineKind, debug = false, options: EngineLoadOptions = {}): Promise<EngineFactory> {
  const key = kind + (debug ? ":debug" : "") + (kind === "wasm" && options.sharedMemory ? ":shared" : "");
  let f = factories.get(key);
  if (!f) {
    if (kind === "wasm") {
      f = wasmFactory(readFileSync(artifact(debug ? "build/aviary.debug.wasm" : "build/aviary.wasm")), options);
    } else {
      f = jsEngineFactory((await import(pathToFileURL(artifact("build/engine-js/instance.js")).href)).instantiate);
    }
    factories.set(key, f);
  }
  return f;
}

export interface EngineRng {
  nextFloat(): number;
  nextInt(n: number): number;
}
export interface EngineRngModule {
  Rng: new (seed: number, stream: number) => EngineRng;
  STREAM_ARRIVALS: number;
  STREAM_TASKS: number;
}

let rngModule: Promise<EngineRngModule> | undefined;
/** The engine's random generator (JS build of assembly/toolkit/rng.ts), for host-side generators. */
export function loadEngineRng(): Promise<EngineRngModule> {
  rngModule ??= import(pathToFileURL(artifact("build/engine-js/toolkit/rng.js")).href) as Promise<EngineRngModule>;
  return rngModule;
}
