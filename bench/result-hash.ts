// A short hash of one run's results: per-job finish times (bytes) and counters. Equal hashes
// mean identical results; bench/ab.ts and bench/digest.ts compare builds by it.
import { createHash } from "node:crypto";

export function resultDigest(r: { finish: Float64Array; counters: Record<string, number> }): string {
  return createHash("sha1").update(Buffer.from(r.finish.buffer, r.finish.byteOffset, r.finish.byteLength))
    .update(JSON.stringify(r.counters)).digest("hex").slice(0, 12);
}
