// The start of a streamed `.tr` read: the reader thread of openTraceFeed (node.ts), split off so
// that `aviary run --trace FILE` can start it before the rest of the program loads
// (bin/aviary.js calls startEarlyFeed first): the thread's own start-up and its counting pass
// then overlap the main thread's module loading instead of following it. This module imports
// nothing of the program, so that it loads at once.
import { existsSync, statSync } from "node:fs";
import { Worker } from "node:worker_threads";

/** `.tr` files at least this large are parsed by two threads (node.ts readTraceFile) and
 *  streamed into a run by the CLI (openTraceFeed). */
export const PARALLEL_PARSE_BYTES = 32 << 20;

/** `.tr` files at least this large are streamed into a run by the CLI (`openTraceFeed`).
 *  AVIARY_FEED_MIN_BYTES overrides it (tests use it to stream small files). */
export function feedMinBytes(): number {
  const env = Number(process.env.AVIARY_FEED_MIN_BYTES);
  return Number.isFinite(env) && env >= 0 ? env : PARALLEL_PARSE_BYTES;
}

/** What a feed's worker reports, in the order it happened. */
export type FeedWorkerEvent =
  | { kind: "message"; message: unknown }
  | { kind: "error"; error: Error }
  | { kind: "exit" };

/** A started reader thread (src/trace/tr-feed-worker.ts) of `path`. Its events are kept until
 *  someone listens (`listen`), so it can run before its feed is opened. */
export class FeedWorker {
  readonly worker: Worker;
  private kept: FeedWorkerEvent[] | undefined = [];
  private sink: ((e: FeedWorkerEvent) => void) | undefined;

  constructor(file: URL, readonly path: string, readonly chunkBytes: number, readonly forEngine: boolean) {
    this.worker = new Worker(file, { workerData: { path, chunkBytes, engine: forEngine } });
    this.worker.on("message", (message: unknown) => this.emit({ kind: "message", message }));
    this.worker.on("error", (error: Error) => this.emit({ kind: "error", error }));
    this.worker.on("exit", () => this.emit({ kind: "exit" }));
  }

  /** Hands every event so far, then each as it comes, to `sink` (one listener). */
  listen(sink: (e: FeedWorkerEvent) => void): void {
    const kept = this.kept ?? [];
    this.kept = undefined;
    this.sink = sink;
    for (const e of kept) sink(e);
  }

  private emit(e: FeedWorkerEvent): void {
    if (this.sink) this.sink(e);
    else this.kept?.push(e);
  }
}

/** The reader thread's script beside this module (built), or undefined (run from source). */
export function builtFeedWorkerFile(): URL | undefined {
  const url = new URL("./tr-feed-worker.js", import.meta.url);
  return import.meta.url.endsWith(".js") && existsSync(url) ? url : undefined;
}

let early: FeedWorker | undefined;

/** The `--trace` value of an `aviary run` command line, or undefined. */
function runTraceArgument(argv: readonly string[]): string | undefined {
  if (argv[2] !== "run") return undefined;
  for (let i = 3; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") return undefined;
    if (a === "--trace") return argv[i + 1];
    if (a.startsWith("--trace=")) return a.slice("--trace=".length);
  }
  return undefined;
}

/**
 * For `aviary run --trace FILE` with a `.tr` file openTraceFeed would stream: starts its reader
 * thread now, the way the run's openTraceFeed will ask for it (1 MiB chunks, for the engine).
 * The run takes it over (takeEarlyFeed) or, if it does not stream this file after all (the
 * command line turns out to need the whole trace, or is wrong), stops it (dropEarlyFeed); until
 * then the thread does not keep the process alive. AVIARY_EARLY_FEED=0 turns this off.
 */
export function startEarlyFeed(argv: readonly string[]): void {
  const path = runTraceArgument(argv);
  if (process.env.AVIARY_EARLY_FEED === "0") return; // (the run starts the thread itself)
  if (path === undefined || path.toLowerCase().endsWith(".csv") || early) return;
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size < feedMinBytes()) return;
  } catch {
    return; // the run names the problem
  }
  const file = builtFeedWorkerFile();
  if (!file) return;
  early = new FeedWorker(file, path, 1 << 20, true);
  early.worker.unref();
}

/** The early reader thread if it reads `path` as asked (it then keeps the process alive like
 *  any feed's thread); any other early thread is stopped. */
export function takeEarlyFeed(path: string, chunkBytes: number, forEngine: boolean): FeedWorker | undefined {
  const e = early;
  early = undefined;
  if (!e) return undefined;
  if (e.path !== path || e.chunkBytes !== chunkBytes || e.forEngine !== forEngine) {
    void e.worker.terminate();
    return undefined;
  }
  e.worker.ref();
  return e;
}

/** The file an early reader thread is reading and no run has taken yet, if any. */
export function earlyFeedPath(): string | undefined { return early?.path; }

/** Stops the early reader thread, if one is running and was not taken. */
export function dropEarlyFeed(): void {
  const e = early;
  early = undefined;
  if (e) void e.worker.terminate();
}
