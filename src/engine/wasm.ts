// Wasm engine instances from a compiled module (browser-safe: no node imports).
// One instance per run: the engine uses AssemblyScript's stub runtime (a bump
// allocator sized for one simulation), so a run never pays for a collector.
//
// A run's memory outlives its instance, though: a disposed run's linear memory is kept (one per
// factory) and the next run's instance imports it (asconfig.json importMemory). Every instance
// starts afresh (its globals, the allocator's offset, its data segments), and the engine clears
// what it allocates there (engine/glue.ts noteReusedMemory); what a later run saves is the first
// touch of those pages, tens of microseconds each on a VM (a 5 M-task DAG run touches 60-100k of
// them). A memory near the 4 GB limit is not kept (isOutOfMemory reads a run's memory size).
// With no such memory, a host that waits before a run (the CLI while a worker counts a trace
// file's jobs) can have the next run's fresh memory grown and its first pages touched meanwhile
// (warmMemory): still zeros, so the run takes it as a fresh one.
//
// A host that streams a trace file into a run from another thread (src/trace/node.ts
// openTraceFeed) asks for a factory over a shared memory (withSharedMemory, then
// `wasmEngineFactory(module, { sharedMemory: true })`): the reader thread then writes the trace's
// columns straight into the engine's (simulate.ts runSimulationFed), and this thread neither
// copies them nor first-touches their pages. The engine is the same build: only the module's
// memory import is declared shared (a shared memory needs a maximum: the 4 GB of wasm32). Every
// other host (the browser, whole-trace runs) keeps the module as built: a shared memory needs
// cross-origin isolation in a browser.
import { instantiateSync } from "@assemblyscript/loader";
import type { EngineApi, EngineFactory } from "./types.js";
import { stateColumns } from "./state.js";

type Raw = Record<string, any>;

/** The largest memory kept for the next run. */
const KEEP_BYTES = 2 * 2 ** 30;

/** Pages of the largest wasm32 memory (4 GB): a shared memory's declared maximum. */
const MAX_PAGES = 65536;

/** Reads an unsigned LEB128 number at `at`; returns it and the offset after it. */
function readU32(b: Uint8Array, at: number): [number, number] {
  let v = 0, shift = 0;
  for (;;) {
    if (at >= b.length) throw new Error("truncated module");
    const byte = b[at++];
    v += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [v, at];
    shift += 7;
  }
}

/** `v` as unsigned LEB128. */
function u32Bytes(v: number): number[] {
  const out: number[] = [];
  do {
    let byte = v % 128;
    v = Math.floor(v / 128);
    if (v > 0) byte |= 0x80;
    out.push(byte);
  } while (v > 0);
  return out;
}

/** Skips a name (a length and its UTF-8 bytes); returns it and the offset after it. */
function readName(b: Uint8Array, at: number): [string, number] {
  const [len, p] = readU32(b, at);
  let s = "";
  for (let i = p; i < p + len; i++) s += String.fromCharCode(b[i]);
  return [s, p + len];
}

/** Skips a limits record (flags, minimum, maximum if flagged); returns the offset after it. */
function skipLimits(b: Uint8Array, at: number): number {
  const flags = b[at];
  let p = readU32(b, at + 1)[1];
  if (flags & 1) p = readU32(b, p)[1];
  return p;
}

/** A compiled engine's bytes with its imported memory ("env"/"memory") declared shared, with a
 *  maximum of 4 GB (limits flags 0x03) and its minimum kept; the rest of the module is
 *  unchanged. Undefined when the module imports no such memory (it defines its own: built
 *  before importMemory) or the bytes are not a module this reader understands. Browser-safe. */
export function withSharedMemory(bytes: Uint8Array): Uint8Array<ArrayBuffer> | undefined {
  try {
    if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) return undefined;
    let at = 8;
    while (at < bytes.length) {
      const id = bytes[at];
      const [size, body] = readU32(bytes, at + 1);
      const end = body + size;
      if (id === 2) { // the import section
        let [count, p] = readU32(bytes, body);
        for (; count > 0; count--) {
          const [mod, q] = readName(bytes, p);
          const [name, r] = readName(bytes, q);
          const kind = bytes[r];
          const desc = r + 1;
          if (kind === 0) p = readU32(bytes, desc)[1]; // function: type index
          else if (kind === 1) p = skipLimits(bytes, desc + 1); // table: element type, limits
          else if (kind === 3) p = desc + 2; // global: value type, mutability
          else if (kind === 4) p = readU32(bytes, desc + 1)[1]; // tag: attribute, type index
          else if (kind === 2) {
            const after = skipLimits(bytes, desc);
            if (mod !== "env" || name !== "memory") { p = after; continue; }
            if (bytes[desc] !== 0) return undefined; // a maximum, shared or 64-bit already: not as built here
            const [min] = readU32(bytes, desc + 1);
            const limits = [0x03, ...u32Bytes(min), ...u32Bytes(MAX_PAGES)];
            const content = [...bytes.subarray(body, desc), ...limits, ...bytes.subarray(after, end)];
            const section = [2, ...u32Bytes(content.length), ...content];
            const out = new Uint8Array(at + section.length + (bytes.length - end));
            out.set(bytes.subarray(0, at), 0);
            out.set(section, at);
            out.set(bytes.subarray(end), at + section.length);
            return out;
          } else return undefined;
        }
        return undefined;
      }
      at = end;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** How wasmEngineFactory makes its runs' memories. */
export interface WasmFactoryOptions {
  /** The module's memory import is shared (withSharedMemory): every run's memory is a shared
   *  one, so its columns can be handed to another thread (simulate.ts runSimulationFed). */
  sharedMemory?: boolean;
}

/** An engine factory over a compiled aviary.wasm: one instance per run, a disposed run's memory reused by the next. */
export function wasmEngineFactory(module: WebAssembly.Module, options: WasmFactoryOptions = {}): EngineFactory {
  // (a module built before the engine imported its memory defines its own)
  const importsMemory = WebAssembly.Module.imports(module).some((i) => i.kind === "memory" && i.module === "env" && i.name === "memory");
  const shared = importsMemory && options.sharedMemory === true;
  const newMemory = (): WebAssembly.Memory => new WebAssembly.Memory(shared ? { initial: 1, maximum: MAX_PAGES, shared: true } : { initial: 1 });
  const kept: WebAssembly.Memory[] = [];
  // A fresh memory for the next run, grown ahead (warmMemory), and the bytes of it touched.
  let warm: WebAssembly.Memory | undefined;
  let warmTouched = 0;
  const factory: EngineFactory = () => {
    const reused = importsMemory ? kept.pop() : undefined;
    const ahead = reused ? undefined : warm;
    warm = undefined;
    warmTouched = 0;
    const memory = reused ?? ahead ?? (importsMemory ? newMemory() : undefined);
    const dirtyPages = reused ? reused.buffer.byteLength >>> 16 : 0;
    // (the size a run's own allocations reach is read from the engine while the memory is no
    // larger than it was given: a reused one, or one grown ahead)
    const givenBytes = reused || ahead ? memory!.buffer.byteLength : 0;
    const inst = instantiateSync(module, memory ? { env: { memory } } : {}) as unknown as { exports: Raw };
    const x = inst.exports;
    if (reused) x.reuseMemory(dirtyPages);
    let disposed = false;
    const f64 = (ptr: number): Float64Array => x.__getFloat64ArrayView(ptr);
    const i32 = (ptr: number): Int32Array => x.__getInt32ArrayView(ptr);
    const api: EngineApi = {
      kind: "wasm",
      setup: (j, t, n, s, d, seed, np, rec) => x.setup(j, t, n, s, d, seed, np, rec),
      arrivalColumn: () => f64(x.arrivalColumn()),
      firstTaskColumn: () => i32(x.firstTaskColumn()),
      durationColumn: () => f64(x.durationColumn()),
      estimateColumn: () => f64(x.estimateColumn()),
      paramColumn: () => f64(x.paramColumn()),
      setupColumns: (c, d, e, k) => x.setupColumns(c, d, e, k),
      taskEstimateColumn: () => f64(x.taskEstimateColumn()),
      stageColumn: () => i32(x.stageColumn()),
      demandColumn: () => f64(x.demandColumn()),
      demandStageColumn: (r, d) => f64(x.demandStageColumn(r, d)),
      scanDemands: (f, n) => x.scanDemands(f, n),
      packDemands: (f, n) => x.packDemands(f, n),
      jobClassColumn: () => i32(x.jobClassColumn()),
      priorityColumn: () => i32(x.priorityColumn()),
      userColumn: () => i32(x.userColumn()),
      parentOffsetColumn: () => i32(x.parentOffsetColumn()),
      parentColumn: () => i32(x.parentColumn()),
      setupCluster: () => x.setupCluster(),
      capacityColumn: () => f64(x.capacityColumn()),
      slotCapColumn: () => i32(x.slotCapColumn()),
      allocAreaColumn: () => f64(x.allocAreaColumn()),
      setupJobPredictions: () => x.setupJobPredictions(),
      predictionColumn: () => i32(x.predictionColumn()),
      start: (id) => x.start(id),
      addJobs: (n) => x.addJobs(n),
      run: (max) => x.run(max),
      finishColumn: () => f64(x.finishColumn()),
      firstStartColumn: () => f64(x.firstStartColumn()),
      stateColumns: () => stateColumns((i) => i32(x.jobStateI32Column(i)), (i) => f64(x.jobStateF64Column(i)),
        (i) => i32(x.taskStateI32Column(i))),
      counterColumn: () => f64(x.counterColumn()),
      counterNames: () => x.__getString(x.counterNames()),
      taskStartColumn: () => f64(x.taskStartColumn()),
      taskEndColumn: () => f64(x.taskEndColumn()),
      taskNodeColumn: () => i32(x.taskNodeColumn()),
      taskRunsColumn: () => i32(x.taskRunsColumn()),
      taskServiceColumn: () => f64(x.taskServiceColumn()),
      preemptionColumn: () => i32(x.preemptionColumn()),
      seriesColumn: () => f64(x.seriesColumn()).slice(),
      seriesFields: () => x.seriesFields(),
      busySlotSeconds: () => x.busySlotSeconds(),
      busySlotsNow: () => x.busySlotsNow(),
      completedJobs: () => x.completedJobs(),
      simTime: () => x.simTime(),
      lastFinishTime: () => x.lastFinishTime(),
      failureCode: () => x.failureCode(),
      failureDetail: () => x.failureDetailValue(),
      rngDraws: (seed, stream, n) => f64(x.rngDraws(seed, stream, n)).slice(),
      rngIntDraws: (seed, stream, n, bound) => i32(x.rngIntDraws(seed, stream, n, bound)).slice(),
      dispose: (reuse = true) => {
        if (disposed) return;
        disposed = true;
        if (reuse && memory && kept.length === 0 && memory.buffer.byteLength <= KEEP_BYTES) kept.push(memory);
      },
      // (a reused memory's size is an earlier run's, a memory grown ahead's a guess, unless this
      // run grew it: then, or with a fresh memory, its size; else where this run's allocations reach)
      memoryBytes: () => {
        const bytes = (x as unknown as { memory: WebAssembly.Memory }).memory.buffer.byteLength;
        return givenBytes > 0 && bytes <= givenBytes ? x.heapBytes() : bytes;
      },
    };
    return api;
  };
  factory.warmMemory = (bytes: number, reserve = bytes): boolean => {
    if (!importsMemory || kept.length > 0) return false;
    warm ??= newMemory();
    const pages = Math.ceil(bytes / 65536);
    const have = warm.buffer.byteLength >>> 16;
    // (grown once where possible: each growth changes the mapping of the whole process)
    if (pages > have) warm.grow(Math.max(pages, Math.ceil(reserve / 65536)) - have);
    // One write per 4 KiB page: the write fault gives the page; its value stays 0.
    const u8 = new Uint8Array(warm.buffer);
    const end = pages * 65536;
    for (let b = warmTouched; b < end; b += 4096) u8[b] = 0;
    warmTouched = Math.max(warmTouched, end);
    return true;
  };
  return factory;
}
