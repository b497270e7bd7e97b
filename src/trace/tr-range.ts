// Feeds a byte range of an open file to a `.tr` parser through one reused 1 MiB buffer (the
// parser keeps no chunk): fresh memory per chunk would cost a page fault per 4 KiB, which is a
// large share of parsing time on a VM.
import type { FileHandle } from "node:fs/promises";
import type { TrParser } from "./tr.js";

export async function feedRange(fh: FileHandle, parser: TrParser, start: number, end: number): Promise<void> {
  const buf = Buffer.allocUnsafe(1 << 20);
  for (let pos = start; pos < end;) {
    const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, end - pos), pos);
    if (bytesRead === 0) break;
    parser.push(buf.subarray(0, bytesRead));
    pos += bytesRead;
  }
}
