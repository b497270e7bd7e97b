// Output files: checked before any work (checkOutputDir), then written whole or not at all: a
// temporary file beside the target, renamed into place; on failure the temporary file is
// removed.
import { accessSync, constants as fsConstants, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { InputError } from "./errors.js";

/** An output file can be written where it is named: its folder exists and may be written, and
 *  it is not itself a folder. Checked before any work, so a run never ends in a write error. */
export function checkOutputDir(output: string): void {
  const dir = dirname(output);
  let isDir = false;
  try { isDir = statSync(dir).isDirectory(); } catch { /* reported below */ }
  if (!isDir) throw new InputError(`cannot write '${output}': directory '${dir}' does not exist`);
  try { accessSync(dir, fsConstants.W_OK); } catch { throw new InputError(`cannot write '${output}': directory '${dir}' is not writable`); }
  let target: ReturnType<typeof statSync> | undefined;
  try { target = statSync(output); } catch { /* a new file */ }
  if (target?.isDirectory()) throw new InputError(`cannot write '${output}': it is a directory`);
}

/** Writes text or bytes whole or not at all. */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new InputError(`cannot write '${path}': ${(e as Error).message}`);
  }
}
