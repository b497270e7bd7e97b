// Worker thread of the parallel `.tr` reader (node.ts, readTraceFile): parses the byte range
// [start, end) of a file, which begins at a line boundary, and posts its columns back
// (transferred, not copied). A problem in the range is reported as { ok: false }: the main
// thread then parses the whole file in one pass, which names the first problem and its line.
import { parentPort, workerData } from "node:worker_threads";
import { open } from "node:fs/promises";
import { TrParser } from "./tr.js";
import { feedRange } from "./tr-range.js";

const { path, start, end } = workerData as { path: string; start: number; end: number };
try {
  const fh = await open(path, "r");
  let parser: TrParser;
  try {
    parser = new TrParser(path, end - start, false);
    await feedRange(fh, parser, start, end);
  } finally {
    await fh.close().catch(() => undefined);
  }
  const part = parser.endPart();
  const buffers = [part.arrivals.buffer, part.estimates.buffer, part.offsets.buffer, part.durations.buffer] as ArrayBuffer[];
  parentPort!.postMessage({ ok: true, part }, [...new Set(buffers)]);
} catch {
  parentPort!.postMessage({ ok: false });
}
