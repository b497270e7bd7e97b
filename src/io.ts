// Output files are written whole or not at all: a temporary file beside the target,
// renamed into place; on failure the temporary file is removed.
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { InputError } from "./errors.js";

export function writeTextFileAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new InputError(`cannot write '${path}': ${(e as Error).message}`);
  }
}
