// Output files: checked before any work (checkOutputDir), then written whole or not at all: a
// temporary file beside the target, renamed into place; on failure the temporary file is
// removed.
import { accessSync, constants as fsConstants, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { InputError } from "./errors.js";

/** A folder can hold new files: one is created and removed (a folder such as /proc passes the
 *  permission check, as for root, and still refuses every file). Undefined, or why not. */
function cannotHoldFiles(dir: string): string | undefined {
  const probe = join(dir, `.aviary-probe-${process.pid}`);
  try {
    writeFileSync(probe, "", { flag: "wx" });
    rmSync(probe, { force: true });
    return undefined;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  }
}

/** The folder `path` exists or can be made: its nearest existing ancestor is a folder that can
 *  hold files. Checked before any work. */
export function checkCreatableDir(path: string, what = path): void {
  let p = resolve(path);
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  let isDir = false;
  try { isDir = statSync(p).isDirectory(); } catch { /* reported below */ }
  if (!isDir) throw new InputError(`cannot create '${what}': '${p}' is not a directory`);
  const why = cannotHoldFiles(p);
  if (why) throw new InputError(`cannot create '${what}': '${p}' cannot hold files (${why})`);
}

/** mkdir -p, one level at a time: Node's recursive mkdirSync loops for ever on a path under
 *  /proc. InputError naming `what` when a level cannot be made. */
export function makeDirs(path: string, what = path): void {
  const missing: string[] = [];
  let p = resolve(path);
  while (!existsSync(p) && dirname(p) !== p) { missing.push(p); p = dirname(p); }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw new InputError(`cannot create '${what}': ${(e as Error).message}`);
    }
  }
  if (!statSync(resolve(path)).isDirectory()) throw new InputError(`cannot create '${what}': it is a file`);
}

/** An output file can be written where it is named: its folder exists and may be written, and
 *  it is not itself a folder. Checked before any work, so a run never ends in a write error. */
export function checkOutputDir(output: string): void {
  if (output.trim() === "") throw new InputError("an output file name is empty");
  const dir = dirname(output);
  let isDir = false;
  try { isDir = statSync(dir).isDirectory(); } catch { /* reported below */ }
  if (!isDir) throw new InputError(`cannot write '${output}': directory '${dir}' does not exist`);
  try { accessSync(dir, fsConstants.W_OK); } catch { throw new InputError(`cannot write '${output}': directory '${dir}' is not writable`); }
  const why = cannotHoldFiles(dir);
  if (why) throw new InputError(`cannot write '${output}': directory '${dir}' cannot hold files (${why})`);
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
