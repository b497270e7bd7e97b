// Worker thread of a streamed `.tr` read (node.ts, openTraceFeed): counts the file's jobs and
// tasks, allocates the trace's columns on shared memory sized for them and hands them to the
// main thread, then parses the file into them, publishing after every chunk how many jobs are
// complete. The main thread runs the simulation on the jobs read so far meanwhile.
// Messages: { kind: "columns", jobs, tasks, ... }, then { kind: "progress" } after each chunk,
// then { kind: "done", longest } (longest: each job's longest task, for the run's summary) or
// { kind: "error", message, input } (input: an InputError's message, which names the file, line
// and field); { kind: "uncounted" } when the count found a line it
// cannot count, or counts more tasks than the file has bytes (the caller then reads the file the
// ordinary way, which names the problem).
import { parentPort, workerData } from "node:worker_threads";
import { open } from "node:fs/promises";
import { TrCounter, TrParser } from "./tr.js";
import { feedRange } from "./tr-range.js";
import { InputError } from "../errors.js";
import { longestTasksInto } from "../metrics/longest.js";

const { path, chunkBytes } = workerData as { path: string; chunkBytes: number };
const port = parentPort!;
try {
  const fh = await open(path, "r");
  try {
    const counter = new TrCounter();
    await feedRange(fh, counter, 0, Infinity, 1 << 20);
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
      const progress = new Int32Array(new SharedArrayBuffer(4));
      port.postMessage({ kind: "columns", jobs, tasks, arrivals, estimates, offsets, durations, progress });
      const parser = new TrParser(path, 0, true, { arrivals, estimates, offsets, durations });
      await feedRange(fh, parser, 0, Infinity, chunkBytes, () => {
        Atomics.store(progress, 0, parser.jobCount);
        port.postMessage({ kind: "progress" });
      });
      parser.end(); // the last line, and the checks of the whole
      Atomics.store(progress, 0, parser.jobCount);
      // Each job's longest task, for the run's summary, while the main thread still simulates.
      const longest = longestTasksInto(offsets, durations, new Float64Array(new SharedArrayBuffer(8 * jobs)));
      port.postMessage({ kind: "done", longest });
    }
  } finally {
    await fh.close().catch(() => undefined);
  }
} catch (e) {
  port.postMessage({ kind: "error", input: e instanceof InputError, message: e instanceof Error ? e.message : String(e) });
}
