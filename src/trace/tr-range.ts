// Feeds a byte range of an open file to a `.tr` parser through one reused 1 MiB buffer (the
// parser keeps no chunk): fresh memory per chunk would cost a page fault per 4 KiB, which is a
// large share of parsing time on a VM.
import { readSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";

/** What takes the chunks: a `TrParser` or a `TrCounter`. */
export interface ChunkSink { push(chunk: Uint8Array): void }

/** Bytes [start, end) of the file, or with `start` null everything from the handle's current
 *  position (plain sequential reads, which also work on pipes such as /dev/stdin), in chunks
 *  of `chunkBytes`; `afterChunk` runs after each. */
export async function feedRange(fh: FileHandle, parser: ChunkSink, start: number | null, end = Infinity,
                                chunkBytes = 1 << 20, afterChunk?: () => void): Promise<void> {
  const buf = Buffer.allocUnsafe(chunkBytes);
  for (let pos = start ?? 0; pos < end;) {
    const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, end - pos), start === null ? null : pos);
    if (bytesRead === 0) break;
    parser.push(buf.subarray(0, bytesRead));
    afterChunk?.();
    pos += bytesRead;
  }
}

/** The whole file from its start, as feedRange, with synchronous reads: for a thread that has
 *  nothing else to do until it is through, such as the feed worker's counting pass, which the
 *  run waits for (an await per chunk would cost that pass about as much again as its reads). */
export function feedFileSync(fd: number, sink: ChunkSink, chunkBytes = 1 << 20): void {
  const buf = Buffer.allocUnsafe(chunkBytes);
  for (let pos = 0; ;) {
    const bytesRead = readSync(fd, buf, 0, buf.length, pos);
    if (bytesRead === 0) break;
    sink.push(buf.subarray(0, bytesRead));
    pos += bytesRead;
  }
}
