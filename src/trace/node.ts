// Node-only trace file helpers: reading (`.csv` → CSV reader, anything else → `.tr` reader,
// streamed in chunks) and atomic writing.
import { open, readFile, rename, rm, type FileHandle } from "node:fs/promises";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { InputError } from "../errors.js";
import { rememberLongestTasks, rememberLongestTaskRanks, type LongestTaskRanks } from "../metrics/longest.js";
import { parseCsv } from "./csv.js";
import { TrParser, type TrPart } from "./tr.js";
import { feedRange } from "./tr-range.js";
import type { Trace } from "./types.js";
import type { TraceFeed, EngineTraceColumns } from "../simulate.js";
import { encodeTrRange, traceToCsvRange, trRangeBound } from "./write.js";
import { STREAM_ARRIVALS, STREAM_TASKS, checkPoissonOptions, generatePoisson, type PoissonOptions } from "./gen.js";
import { checkTraceLikeOptions, generateTraceLike, type TraceLikeOptions, type TraceLikeResult } from "./tracelike.js";
import { loadEngineRng, packageRoot } from "../engine/node.js";
import { findSampleTrace, resolveTracePath } from "./samples.js";
import { FeedWorker, PARALLEL_PARSE_BYTES, takeEarlyFeed } from "./feed-start.js";

function isCsv(path: string): boolean {
  return path.toLowerCase().endsWith(".csv");
}

function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err?.code) {
    case "ENOENT": return "no such file or directory";
    case "EACCES": case "EPERM": return "permission denied";
    case "EISDIR": return "it is a directory";
    case "ENOTDIR": return "a component of the path is not a directory";
    default: return String(err?.message ?? e).split("\n")[0];
  }
}

export { PARALLEL_PARSE_BYTES, feedMinBytes } from "./feed-start.js";

/** How readTraceFile reads a file. */
export interface ReadTraceOptions {
  /** `.tr` files of at least this many bytes are parsed by two threads; default
   *  PARALLEL_PARSE_BYTES; Infinity parses in one pass always. */
  parallelBytes?: number;
  /** Filled in on return: how many threads' parts make up the result (1: one pass). */
  stats?: { threads: number };
}

/** Reads a trace file; the path (as given) names the trace and appears in error messages.
 *  A large `.tr` file is parsed by two threads: a worker reads the lines from the first line
 *  boundary after the middle while this thread reads the ones before, and the two parts are
 *  joined. The result, and every error message, is the same as a one-pass parse's: when the
 *  second part has a problem (or the parts do not join) the file is parsed again in one pass,
 *  which reports the first problem with its line number. */
export async function readTraceFile(path: string, options: ReadTraceOptions = {}): Promise<Trace> {
  const cannot = (e: unknown) => new InputError(`cannot read trace file '${path}': ${reason(e)}`);
  // A known public sample's name (`YH1_sub`) reads its cached copy (src/trace/samples.ts); the
  // trace keeps the name it was given.
  const file = resolveTracePath(path);
  if (isCsv(path)) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(file);
    } catch (e) {
      throw cannot(e);
    }
    return parseCsv(bytes, path);
  }
  let fh: FileHandle | undefined;
  try {
    fh = await open(file, "r");
    const st = await fh.stat();
    const size = st.size;
    if (st.isFile() && size >= (options.parallelBytes ?? PARALLEL_PARSE_BYTES)) {
      const joined = await readTrSplit(fh, path, file, size);
      if (joined) {
        if (options.stats) options.stats.threads = 2;
        return joined;
      }
    }
    if (options.stats) options.stats.threads = 1;
    const parser = new TrParser(path, size);
    await feedRange(fh, parser, null);
    return parser.end();
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw cannot(e);
  } finally {
    await fh?.close().catch(() => undefined);
  }
}

/** Where a reader's worker (`name`) is: beside this module when it runs built, in dist/ when
 *  this module runs from its source (under vitest); undefined if not built. */
function workerFile(name: string): URL | undefined {
  const here = new URL(import.meta.url);
  const url = here.pathname.endsWith(".js") ? new URL(`./${name}`, here)
    : pathToFileURL(join(packageRoot(), `dist/src/trace/${name}`));
  return existsSync(url) ? url : undefined;
}

interface WorkerReply { ok: boolean; part?: TrPart }

/** The two-thread parse of `readTraceFile`; undefined when the file must be read in one pass
 *  (no line boundary near the middle, no worker, or a problem in the worker's part). */
async function readTrSplit(fh: FileHandle, path: string, file: string, size: number): Promise<Trace | undefined> {
  const script = workerFile("tr-worker.js");
  if (!script) return undefined;
  const half = Math.floor(size / 2);
  const probe = Buffer.allocUnsafe(1 << 16);
  const { bytesRead } = await fh.read(probe, 0, probe.length, half);
  const lf = probe.subarray(0, bytesRead).indexOf(10);
  if (lf < 0 || half + lf + 1 >= size) return undefined;
  const mid = half + lf + 1;
  const worker = new Worker(script, { workerData: { path: file, start: mid, end: size } });
  const reply = new Promise<WorkerReply>((resolve) => {
    worker.once("message", (m: WorkerReply) => resolve(m));
    worker.once("error", () => resolve({ ok: false })); // e.g. no thread could be started
    worker.once("exit", () => resolve({ ok: false }));
  });
  try {
    const parser = new TrParser(path, size);
    await feedRange(fh, parser, 0, mid); // a problem here is the file's first: it is thrown
    const r = await reply;
    if (!r.ok || !r.part || !parser.appendPart(r.part)) return undefined;
    return parser.end();
  } finally {
    void worker.terminate();
  }
}

/** A `.tr` file being read by a worker while a run uses the jobs read so far (`runSimulationFed`). */
export interface TraceFileFeed extends TraceFeed {
  /** The complete trace, once the whole file is read and checked; rejects with the file's
   *  problem (an InputError naming the line and field). */
  readonly done: Promise<Trace>;
  /** Stops the worker (after a failed run, or to give up early). */
  close(): void;
}

/** How openTraceFeed streams a file. */
export interface TraceFeedOptions {
  /** Bytes read and parsed per step (the granularity of `available()`); default 1 MiB. */
  chunkBytes?: number;
  /** Smaller files are not streamed (undefined is returned); default 0. */
  minBytes?: number;
  /** Work for this thread while the worker counts the file's jobs: called with the file's size,
   *  again after each turn of the event loop, until the count is in or it returns false. */
  whileCounting?: (fileBytes: number) => boolean;
  /** The feed goes to a run (runSimulationFed), which says once (`fillEngine`) whether the
   *  worker is to copy the jobs into the engine's columns as well: `done` waits for that word,
   *  so a feed opened so and given to no run resolves only once `fillEngine` is called. */
  forEngine?: boolean;
  /** The run's reporting cutoff (null: none): the worker also computes the slowdown's
   *  denominators for its classes (metrics/longest.ts longestTaskRanks), which the run's
   *  summary then takes instead of gathering the longest tasks itself. */
  slowdownCutoff?: number | null;
}

/** The size of `path` if openTraceFeed may stream it (a regular `.tr` file of at least
 *  `minBytes`, not a sample's name), else undefined: a host knows before the feed is open
 *  whether its run will be fed (and loads its engine for that: engine/node.ts sharedMemory). */
export function streamableBytes(path: string, minBytes = 0): number | undefined {
  if (isCsv(path) || (findSampleTrace(path) && !existsSync(path))) return undefined; // (readTraceFile reads a sample by name)
  try {
    const st = statSync(path);
    return st.isFile() && st.size >= minBytes ? st.size : undefined;
  } catch {
    return undefined; // readTraceFile names the problem
  }
}

interface FeedMessage {
  kind: "columns" | "progress" | "done" | "error" | "uncounted";
  jobs?: number; tasks?: number; message?: string; input?: boolean;
  arrivals?: Float64Array; estimates?: Float64Array; offsets?: Int32Array; durations?: Float64Array;
  progress?: Int32Array;
  results?: Float64Array;
  longest?: Float64Array;
  ranks?: LongestTaskRanks;
}

/**
 * Starts reading a `.tr` file on a worker thread and resolves once its jobs are counted and
 * its columns allocated (the count is a quick pass over the file), before the parse is done:
 * a run can start on the first jobs while the worker parses the rest on the other core.
 * Resolves undefined when the file cannot be streamed (not a regular `.tr` file, no worker, or
 * a line the count cannot read): the caller then uses `readTraceFile`, which reports any
 * problem in the usual way.
 */
export async function openTraceFeed(path: string, options: TraceFeedOptions = {}): Promise<TraceFileFeed | undefined> {
  const chunkBytes = Math.max(64, Math.floor(options.chunkBytes ?? (1 << 20)));
  const forEngine = options.forEngine === true;
  // (a reader thread the CLI started before the program loaded: feed-start.ts startEarlyFeed)
  const early = takeEarlyFeed(path, chunkBytes, forEngine);
  const fileBytes = streamableBytes(path, options.minBytes);
  const file = early ? undefined : workerFile("tr-feed-worker.js");
  if (fileBytes === undefined || (!early && !file)) {
    if (early) void early.worker.terminate();
    return undefined;
  }
  const reader = early ?? new FeedWorker(file!, path, chunkBytes, forEngine);
  const worker = reader.worker;
  if (options.slowdownCutoff !== undefined) worker.postMessage({ kind: "cutoff", cutoff: options.slowdownCutoff });
  let waiters: Array<() => void> = [];
  let finished = false;
  let failure: Error | undefined;
  let columns: FeedMessage | undefined;
  let resolveDone!: (t: Trace) => void;
  let rejectDone!: (e: Error) => void;
  const done = new Promise<Trace>((res, rej) => { resolveDone = res; rejectDone = rej; });
  done.catch(() => undefined); // a failure is reported through more() or by the caller awaiting done
  const wake = () => { const w = waiters; waiters = []; for (const f of w) f(); };
  const opened = new Promise<boolean>((resolve) => {
    const fail = (e: Error) => {
      if (finished) return;
      finished = true;
      failure = e;
      rejectDone(e);
      resolve(false);
      wake();
    };
    const onMessage = (m: FeedMessage) => {
      if (m.kind === "columns") { columns = m; resolve(true); return; }
      if (m.kind === "uncounted") { finished = true; resolve(false); return; }
      if (m.kind === "error") {
        fail(m.input ? new InputError(m.message ?? "") : new InputError(`cannot read trace file '${path}': ${m.message}`));
        return;
      }
      if (m.kind === "done" && columns && !finished) {
        finished = true;
        const trace: Trace = { name: path, arrivals: columns.arrivals!, taskOffsets: columns.offsets!,
          durations: columns.durations!, estimates: columns.estimates! };
        if (m.longest) rememberLongestTasks(trace, m.longest);
        if (m.ranks) rememberLongestTaskRanks(trace, m.ranks);
        resolveDone(trace);
      }
      wake();
    };
    reader.listen((e) => {
      if (e.kind === "message") onMessage(e.message as FeedMessage);
      else if (e.kind === "error") fail(new Error(`trace reader thread failed: ${e.error.message}`));
      else {
        if (!finished) fail(new Error("trace reader thread stopped before the end of the file"));
        resolve(false);
      }
    });
  });
  if (options.whileCounting) {
    let counted = false;
    void opened.then(() => { counted = true; });
    while (!counted && options.whileCounting(fileBytes)) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (!(await opened) || !columns) {
    // Nothing is read yet: the ordinary reader reports any problem (e.g. a permission).
    void worker.terminate();
    return undefined;
  }
  const c = columns;
  const progress = c.progress!;
  let answered = !forEngine;
  let resultsTaken = false;
  // 0: jobs parsed; 1: jobs copied into the engine's columns (once the worker fills them)
  let counted = 0;
  return {
    trace: { name: path, arrivals: c.arrivals!, taskOffsets: c.offsets!, durations: c.durations!, estimates: c.estimates! },
    available: () => Atomics.load(progress, counted),
    fillEngine: (engineColumns: EngineTraceColumns | undefined) => {
      if (answered) return false;
      answered = true;
      worker.postMessage({ kind: "engine", columns: engineColumns });
      if (engineColumns) counted = 1;
      return engineColumns !== undefined;
    },
    resultMemory: () => {
      if (resultsTaken || !c.results || Atomics.load(progress, 2) !== 1) return undefined;
      resultsTaken = true;
      return c.results;
    },
    more: () => {
      if (failure) return Promise.reject(failure);
      if (finished) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiters.push(() => (failure ? reject(failure) : resolve()));
      });
    },
    done,
    close: () => { void worker.terminate(); },
  };
}

/** How writeTraceFile reports its progress. */
export interface WriteTraceOptions {
  /** Called after each block written, with the jobs written so far. */
  onProgress?: (jobsWritten: number, jobs: number) => void;
}

/** Writes a trace (`.csv` → CSV with header, anything else → `.tr`) atomically: to
 *  `PATH.tmp-<pid>` first, renamed into place at the end; on any error the temporary file is
 *  removed, so PATH is either the complete new file or untouched. Streams in blocks of about
 *  256 k tasks (the whole text is never in memory); returns the bytes written. */
export async function writeTraceFile(path: string, trace: Trace, options: WriteTraceOptions = {}): Promise<number> {
  const tmp = `${path}.tmp-${process.pid}`;
  const csv = isCsv(path);
  const jobs = trace.arrivals.length;
  // A generator's times beyond the doubles (a rate or load so small that arrivals reach
  // Infinity) would make a file no reader takes: refused before anything is written.
  if (jobs > 0 && !Number.isFinite(trace.arrivals[jobs - 1])) {
    throw new InputError(`cannot write '${path}': job ${jobs - 1}'s submission time is ${trace.arrivals[jobs - 1]} `
      + "(the arrival rate or load is too small for the times to be represented)");
  }
  const offsets = trace.taskOffsets;
  let fh: Awaited<ReturnType<typeof open>> | undefined;
  let bytes = 0;
  try {
    fh = await open(tmp, "w");
    let scratch: Uint8Array | undefined;
    for (let j = 0; j < jobs || (j === 0 && csv); ) {
      // A block: at most 4096 jobs and about 256 k tasks (at least one job).
      let to = Math.min(jobs, j + 4096);
      if (to > j + 1 && offsets[to] - offsets[j] > 262_144) {
        let lo = j + 1, hi = to; // largest `to` with <= 256 k tasks, at least j + 1
        while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (offsets[mid] - offsets[j] <= 262_144) lo = mid; else hi = mid - 1; }
        to = lo;
      }
      let buf: Uint8Array;
      if (csv) {
        buf = Buffer.from(traceToCsvRange(trace, j, to, j === 0), "utf8");
      } else {
        const need = trRangeBound(trace, j, to);
        if (!scratch || scratch.length < need) scratch = new Uint8Array(Math.max(need, 1 << 22));
        buf = encodeTrRange(trace, j, to, scratch);
      }
      for (let off = 0; off < buf.length; ) {
        const { bytesWritten } = await fh.write(buf, off, buf.length - off);
        off += bytesWritten;
      }
      bytes += buf.length;
      options.onProgress?.(to, jobs);
      if (to === j) break; // an empty CSV trace: the header only
      j = to;
    }
    await fh.close();
    fh = undefined;
    await rename(tmp, path);
  } catch (e) {
    if (fh) await fh.close().catch(() => {});
    await rm(tmp, { force: true }).catch(() => {});
    throw new InputError(`cannot write trace file '${path}': ${reason(e)}`);
  }
  return bytes;
}

/** `generatePoisson` with the engine's own seeded generator (the streams the engine uses). */
export async function generatePoissonWithEngineRng(opts: PoissonOptions): Promise<Trace> {
  checkPoissonOptions(opts); // report bad options before loading anything
  const mod = await loadEngineRng();
  if (mod.STREAM_ARRIVALS !== STREAM_ARRIVALS || mod.STREAM_TASKS !== STREAM_TASKS) {
    throw new Error("stream ids of build/engine-js/toolkit/rng.js differ from src/trace/gen.ts");
  }
  return generatePoisson(opts, (stream) => new mod.Rng(opts.seed, stream));
}

/** `generateTraceLike` (google-like, yahoo-like, cloudera-like) with the engine's seeded generator. */
export async function generateTraceLikeWithEngineRng(opts: TraceLikeOptions): Promise<TraceLikeResult> {
  const o = checkTraceLikeOptions(opts); // report bad options before loading anything
  const mod = await loadEngineRng();
  return generateTraceLike(opts, (stream) => new mod.Rng(o.seed, stream));
}
