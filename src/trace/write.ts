// Writers for traces (browser-safe). Numbers are written with `String(x)`, the shortest
// text that reads back as the same double, so writing then reading gives identical columns.
import type { Trace } from "./types.js";

/** One `.tr` line (without newline): `submission_time num_tasks mean d_1 ... d_n`. */
export function formatTrLine(arrival: number, estimate: number, durations: ArrayLike<number>): string {
  let s = `${arrival} ${durations.length} ${estimate}`;
  for (let i = 0; i < durations.length; i++) s += " " + durations[i];
  return s;
}

/** Lines of the `.tr` text of jobs [from, to), each followed by "\n". */
export function traceToTrRange(trace: Trace, from: number, to: number): string {
  const { arrivals, estimates, taskOffsets, durations } = trace;
  const parts: string[] = [];
  for (let j = from; j < to; j++) {
    parts.push(formatTrLine(arrivals[j], estimates[j], durations.subarray(taskOffsets[j], taskOffsets[j + 1])));
  }
  parts.push("");
  return parts.join("\n");
}

/** The whole trace in `.tr` format, one line per job, newline-terminated. */
export function traceToTr(trace: Trace): string {
  return traceToTrRange(trace, 0, trace.arrivals.length);
}

/** Rows `job_id,submit_time,duration` of jobs [from, to) (job_id = 0-based job index),
 *  each followed by "\n"; with `header`, the header row first. */
export function traceToCsvRange(trace: Trace, from: number, to: number, header: boolean): string {
  const { arrivals, taskOffsets, durations } = trace;
  const parts: string[] = header ? ["job_id,submit_time,duration"] : [];
  for (let j = from; j < to; j++) {
    const a = String(arrivals[j]);
    for (let t = taskOffsets[j]; t < taskOffsets[j + 1]; t++) parts.push(`${j},${a},${durations[t]}`);
  }
  parts.push("");
  return parts.join("\n");
}

/** The whole trace as CSV (with header). Note that CSV has no estimate column: reading it
 *  back gives estimates = the mean task duration. */
export function traceToCsv(trace: Trace): string {
  return traceToCsvRange(trace, 0, trace.arrivals.length, true);
}

const ASCII_DIGIT0 = 48;

/** Writes the text of `x` — byte for byte what `String(x)` gives — into `buf` at `pos`; returns
 *  the position after it. Fast path for values that are whole microseconds in [0, 1e9) (what the
 *  generators write): integer part, then up to six fraction digits without trailing zeros. For
 *  such values the exact decimal is also the shortest round-trip text (doubles below 1e9 are
 *  closer than 1e-6 apart), so the output matches `String(x)`. `buf` needs 25 free bytes. */
export function putNumber(buf: Uint8Array, pos: number, x: number): number {
  if (x >= 0 && x < 1e9) {
    const k = Math.round(x * 1e6);
    if (k / 1e6 === x) {
      const ipd = Math.floor(k / 1e6);
      let ip = ipd | 0; // < 1e9 < 2^31: int32 arithmetic below
      let frac = (k - ipd * 1e6) | 0;
      // integer part
      if (ip === 0) {
        buf[pos++] = ASCII_DIGIT0;
      } else {
        let len = 0;
        for (let v = ip; v > 0; v = (v / 10) | 0) len++;
        for (let i = pos + len - 1; i >= pos; i--) { buf[i] = ASCII_DIGIT0 + (ip % 10); ip = (ip / 10) | 0; }
        pos += len;
      }
      if (frac > 0) {
        let digits = 6;
        while (frac % 10 === 0) { frac = (frac / 10) | 0; digits--; }
        buf[pos++] = 46; // "."
        for (let i = pos + digits - 1; i >= pos; i--) { buf[i] = ASCII_DIGIT0 + (frac % 10); frac = (frac / 10) | 0; }
        pos += digits;
      }
      return pos;
    }
  }
  const s = String(x);
  for (let i = 0; i < s.length; i++) buf[pos++] = s.charCodeAt(i);
  return pos;
}

/** Upper bound of the `.tr` bytes of jobs [from, to). */
export function trRangeBound(trace: Trace, from: number, to: number): number {
  const tasks = trace.taskOffsets[to] - trace.taskOffsets[from];
  return (to - from) * (3 * 26 + 1) + tasks * 26;
}

/** The `.tr` text of jobs [from, to) as bytes (identical to `traceToTrRange`'s UTF-8), written
 *  into `out` when it is large enough (see `trRangeBound`); returns the filled part. */
export function encodeTrRange(trace: Trace, from: number, to: number, out?: Uint8Array): Uint8Array {
  const need = trRangeBound(trace, from, to);
  const buf = out && out.length >= need ? out : new Uint8Array(need);
  const { arrivals, estimates, taskOffsets, durations } = trace;
  let pos = 0;
  for (let j = from; j < to; j++) {
    const a = taskOffsets[j], b = taskOffsets[j + 1];
    pos = putNumber(buf, pos, arrivals[j]);
    buf[pos++] = 32;
    pos = putNumber(buf, pos, b - a);
    buf[pos++] = 32;
    pos = putNumber(buf, pos, estimates[j]);
    for (let t = a; t < b; t++) {
      buf[pos++] = 32;
      pos = putNumber(buf, pos, durations[t]);
    }
    buf[pos++] = 10;
  }
  return buf.subarray(0, pos);
}
