// One updating progress line for long CLI operations (`aviary run`, `aviary gen`), drawn on a
// stream only when it is a terminal: `\r` + the text + erase-to-end-of-line, at most one redraw
// per `intervalMs` (default 250 ms: ~4 redraws/s), cleared by `stop()`. On a stream that is not
// a TTY (a pipe, a file, CI logs) nothing is ever written.
import type { Progress } from "../simulate.js";
import { groupDigits } from "./numbers.js";

/** What the renderer needs of a stream (process.stderr, or a fake in tests). */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  /** Writes text. */
  write(text: string): unknown;
}

/** Where and how often a ProgressLine draws. */
export interface ProgressLineOptions {
  stream?: ProgressStream;
  /** Minimum milliseconds between redraws (default 250). */
  intervalMs?: number;
  /** Clock in milliseconds (default performance.now / Date.now); injectable for tests. */
  now?: () => number;
}

const CLEAR = "\r\x1b[K";

/** An updating progress line on a terminal (nothing on a pipe or a file). */
export class ProgressLine {
  readonly enabled: boolean;
  private readonly stream: ProgressStream;
  private readonly interval: number;
  private readonly now: () => number;
  private lastDraw = -Infinity;
  private drawn = false;

  constructor(options: ProgressLineOptions = {}) {
    this.stream = options.stream ?? (typeof process !== "undefined" ? process.stderr : { write: () => true });
    this.enabled = this.stream.isTTY === true;
    this.interval = options.intervalMs ?? 250;
    this.now = options.now ?? (() => (typeof performance !== "undefined" ? performance.now() : Date.now()));
  }

  /** Redraws with `text` (or what `text()` returns: built only when drawn) unless the last redraw
   *  was less than the interval ago; `force` redraws regardless. Returns whether it drew. */
  update(text: string | (() => string), force = false): boolean {
    if (!this.enabled) return false;
    const t = this.now();
    if (!force && t - this.lastDraw < this.interval) return false;
    this.lastDraw = t;
    let line = typeof text === "function" ? text() : text;
    const cols = this.stream.columns;
    if (cols !== undefined && cols > 1 && line.length > cols - 1) line = line.slice(0, cols - 1);
    this.stream.write(CLEAR + line);
    this.drawn = true;
    return true;
  }

  /** Erases the line if anything was drawn. */
  stop(): void {
    if (this.drawn) this.stream.write(CLEAR);
    this.drawn = false;
    this.lastDraw = -Infinity;
  }
}

/** "12s", "1.5s", "3m07s", "2h05m". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "-";
  if (seconds < 10) return `${seconds.toFixed(1)}s`;
  if (seconds < 90) return `${Math.round(seconds)}s`;
  if (seconds < 5400) return `${Math.floor(seconds / 60)}m${String(Math.floor(seconds % 60)).padStart(2, "0")}s`;
  return `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")}m`;
}

function rate(x: number): string {
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)} M`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(1)} k`;
  return x.toFixed(0);
}

function simTime(s: number): string {
  if (s >= 1e6) return `${(s / 1e6).toFixed(2)} Ms`;
  if (s >= 1e4) return `${(s / 1e3).toFixed(1)} ks`;
  return `${s.toFixed(1)} s`;
}

/** `label: 12,345/506,460 jobs (2.4%), sim 1.23 Ms, 7.91 M events/s, ETA 12s`. The ETA assumes
 *  the remaining jobs complete at the average rate so far. */
export function formatRunProgress(label: string, p: Progress): string {
  const frac = p.jobs > 0 ? p.jobsDone / p.jobs : 1;
  const eps = p.wallSeconds > 0 ? p.events / p.wallSeconds : 0;
  const eta = p.jobsDone > 0 ? formatDuration((p.wallSeconds * (p.jobs - p.jobsDone)) / p.jobsDone) : "-";
  return `${label}: ${groupDigits(p.jobsDone)}/${groupDigits(p.jobs)} jobs ` +
    `(${(100 * frac).toFixed(1)}%), sim ${simTime(p.simTime)}, ${rate(eps)} events/s, ETA ${eta}`;
}

/** A progress line for `runSimulation`'s `onProgress`; `options()` gives the RunOptions to pass
 *  (progress callbacks only when the stream is a terminal). */
export function runProgress(label: string, options: ProgressLineOptions = {}) {
  const line = new ProgressLine(options);
  const onProgress = (p: Progress) => { line.update(() => formatRunProgress(label, p)); };
  return {
    line,
    /** Smaller slices than the default so the line moves several times a second. */
    options: () => (line.enabled ? {
      /** Redraws the line. */
      onProgress,
      sliceEvents: 500_000,
    } : {}),
    /** Redraws the line with a run's progress. */
    onProgress,
    /** Clears the line. */
    stop: () => line.stop(),
  };
}
