// What `aviary slurm compare` and `aviary slurm reproduce` write into their scripts: Slurm's time
// format, the check of a --time option, and shell quoting of the paths and options they pass on.
import { InputError, showValue } from "../errors.js";

/** Slurm's time format: [D-]HH:MM:SS. */
export function slurmTime(seconds: number): string {
  const s = Math.ceil(seconds);
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((x) => String(x).padStart(2, "0")).join(":");
  return d > 0 ? `${d}-${hms}` : hms;
}

/** --time: minutes, or one of Slurm's forms (MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS). */
export function checkSlurmTime(text: string): string {
  const t = String(text).trim();
  if (/^\d+$/.test(t) && Number(t) > 0) return t;
  if (/^(\d+-)?\d+(:\d{1,2}){0,2}$/.test(t) && /[-:]/.test(t)) return t;
  throw new InputError(`--time must be minutes or a Slurm time (HH:MM:SS, D-HH:MM:SS), got '${showValue(text)}'`);
}

export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** --partition and --account: Slurm names. */
export function checkSlurmName(option: string, value: unknown): void {
  if (value !== undefined && !/^[A-Za-z0-9_.,@-]+$/.test(String(value))) throw new InputError(`--${option}: '${showValue(value)}' is not a Slurm name`);
}
