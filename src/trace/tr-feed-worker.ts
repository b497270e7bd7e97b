// Worker thread of a streamed `.tr` read (node.ts, openTraceFeed): counts the file's jobs and
// tasks, allocates the trace's columns on shared memory sized for them and hands them to the
// main thread, then parses the file into them, publishing after every chunk how many jobs are
// complete. The main thread runs the simulation on the jobs read so far meanwhile.
// Messages: { kind: "columns", jobs, tasks, ... }, then { kind: "progress" } after each chunk,
// then { kind: "done", longest, ranks } (longest: each job's longest task, for the run's summary;
// ranks: the slowdown's denominators, when the caller sent { kind: "cutoff" } in time) or
// { kind: "error", message, input } (input: an InputError's message, which names the file, line
// and field); { kind: "uncounted" } when the count found a line it
// cannot count, or counts more tasks than the file has bytes (the caller then reads the file the
// ordinary way, which names the problem).
//
// Filling a Wasm engine (workerData.engine: the caller's run says where, once, with
// { kind: "engine", columns } — views of the engine's four trace columns in its shared memory,
// or none): this thread also copies each parsed job's columns there, and counts the jobs so
// copied in progress[1]; "done" then waits for that word (runSimulationFed takes the jobs from
// the engine's columns as they come, and neither copies them nor first-touches their pages).
// Why a copy here rather than a parse straight into the engine's memory: the trace the feed
// resolves (`done`, and the run's summary) must outlive the run — a later run in the process
// (`aviary run --scheduler a,b`, `--seeds`) reuses a disposed run's memory (engine/wasm.ts) —
// and the engine rewrites some of these columns (schedulers/classes.ts: the noisy estimates);
// so the trace keeps this thread's own columns, as before, and the engine gets a copy, made on
// this thread, which is otherwise idle while the run goes on. Its cost (page faults of the
// engine's columns and a memory copy) moved from the main thread's set-up and copies to here.
import { parentPort, workerData } from "node:worker_threads";
import { open } from "node:fs/promises";
import { TrCounter, TrParser } from "./tr.js";
import { feedRange, feedFileSync } from "./tr-range.js";
import { InputError } from "../errors.js";
import { longestTasksInto, longestTaskRanks } from "../metrics/longest.js";
import type { EngineTraceColumns } from "../simulate.js";


/** Jobs copied into the engine between two publications (when a backlog is copied at once). */
const PIECE_JOBS = 8192;

const { path, chunkBytes, engine } = workerData as { path: string; chunkBytes: number; engine?: boolean };
const port = parentPort!;
// The caller's answer: where the engine's columns are (undefined: nowhere, it copies them itself).
let answered = engine !== true;
let target: EngineTraceColumns | undefined;
let onAnswer: (() => void) | undefined;
let sync: () => void = () => undefined;
// The run's reporting cutoff ({ cutoff: undefined }: none), once the caller sends it: the
// slowdown's denominators for its classes are then computed here as well (metrics/longest.ts).
let classes: { cutoff: number | undefined } | undefined;
port.on("message", (m: { kind: string; columns?: EngineTraceColumns; cutoff?: number | null }) => {
  if (m.kind === "cutoff") { classes = { cutoff: m.cutoff ?? undefined }; return; }
  if (m.kind !== "engine" || answered) return;
  answered = true;
  target = m.columns;
  sync();
  onAnswer?.();
});
/** Maps the pages of `column` for items [from, to) of `count` (each has length / count
 *  elements) by writing a zero into one element of each page that lies in that range, which
 *  holds zeros nobody else writes yet: an engine state column's items not handed in (fresh
 *  memory, or filled at its allocation), or the results' memory before it is given out. The
 *  write changes nothing but takes the page fault here rather than on the simulating thread. */
function touchPages(column: Int32Array | Float64Array, from: number, to: number, count: number): void {
  const per = column.length / count;
  const size = column.BYTES_PER_ELEMENT;
  const end = to * per;
  for (let i = from * per; i < end;) {
    column[i] = 0;
    const byte = column.byteOffset + i * size;
    i = Math.ceil((byte - (byte % PAGE_BYTES) + PAGE_BYTES - column.byteOffset) / size);
  }
}

/** The page size whose first touch is a page fault. */
const PAGE_BYTES = 4096;

try {
  const fh = await open(path, "r");
  try {
    // (the run waits for the count: read without a turn of the event loop per chunk; the
    // caller's messages wait for the parse below, which yields after each chunk)
    const counter = new TrCounter();
    feedFileSync(fh.fd, counter);
    const counts = counter.result();
    // A count the file's bytes cannot hold (a num_tasks far above the durations that follow it:
    // every task takes at least one byte) is not allocated, which could be gigabytes for a tiny
    // file: the caller reads the file the ordinary way, which names the line.
    if (!counts || counts.jobs === 0 || counts.tasks > (await fh.stat()).size) {
      port.postMessage({ kind: "uncounted" });
    } else {
      const { jobs, tasks } = counts;
      const arrivals = new Float64Array(new SharedArrayBuffer(8 * jobs));
      const estimates = new Float64Array(new SharedArrayBuffer(8 * jobs));
      const offsets = new Int32Array(new SharedArrayBuffer(4 * (jobs + 1)));
      const durations = new Float64Array(new SharedArrayBuffer(8 * tasks));
      // [0] jobs parsed (complete and checked), [1] jobs copied into the engine's columns,
      // [2] 1 once `results` is touched
      const progress = new Int32Array(new SharedArrayBuffer(12));
      // Memory for the run's results (TraceFeed.resultMemory), first-touched here once the file
      // is read, while the run goes on.
      const results = new Float64Array(new SharedArrayBuffer(8 * 3 * jobs));
      port.postMessage({ kind: "columns", jobs, tasks, arrivals, estimates, offsets, durations, progress, results });
      const parser = new TrParser(path, 0, true, { arrivals, estimates, offsets, durations });
      let copied = 0;
      // Copies the parsed jobs' columns into the engine's, publishing every PIECE_JOBS jobs.
      sync = () => {
        const t = target;
        if (!t) return;
        const upTo = Atomics.load(progress, 0);
        while (copied < upTo) {
          const a = copied, b = Math.min(upTo, a + PIECE_JOBS);
          t.arrivals.set(arrivals.subarray(a, b), a);
          t.estimates.set(estimates.subarray(a, b), a);
          t.taskOffsets.set(offsets.subarray(a, b + 1), a);
          t.durations.set(durations.subarray(offsets[a], offsets[b]), offsets[a]);
          if (t.state) {
            for (const c of t.state.perJob) touchPages(c, a, b, jobs);
            for (const c of t.state.perTask) touchPages(c, offsets[a], offsets[b], tasks);
          }
          copied = b;
          Atomics.store(progress, 1, b);
          port.postMessage({ kind: "progress" });
        }
      };
      await feedRange(fh, parser, 0, Infinity, chunkBytes, () => {
        Atomics.store(progress, 0, parser.jobCount);
        if (target) sync();
        else port.postMessage({ kind: "progress" });
      });
      parser.end(); // the last line, and the checks of the whole
      Atomics.store(progress, 0, parser.jobCount);
      sync();
      // Each job's longest task, for the run's summary, while the main thread still simulates.
      const longest = longestTasksInto(offsets, durations, new Float64Array(new SharedArrayBuffer(8 * jobs)));
      const ranks = classes ? longestTaskRanks(longest, estimates, classes.cutoff) : undefined;
      touchPages(results, 0, results.length, results.length);
      Atomics.store(progress, 2, 1);
      if (!answered) await new Promise<void>((resolve) => { onAnswer = resolve; });
      port.postMessage({ kind: "done", longest, ranks });
    }
  } finally {
    await fh.close().catch(() => undefined);
  }
} catch (e) {
  port.postMessage({ kind: "error", input: e instanceof InputError, message: e instanceof Error ? e.message : String(e) });
}
// (the message listener would keep this thread alive)
port.removeAllListeners("message");
