// An engine folder built by `aviary engine build CATALOGUE -o DIR` (src/engine/build.ts): the
// package's schedulers plus a catalogue of one's own, as aviary.wasm and engine-js/, with
// aviary-engine.json. Opening one checks that it still matches this installation and its
// catalogue, and gives the full catalogue (to validate parameters from the user's descriptions)
// and its engines.
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { InputError } from "../errors.js";
import { SCHEDULERS, type SchedulerSpec } from "../config/schedulers.js";
import { ENGINE_DIR_MANIFEST, packageEngineManifest, readCatalogue, registryHash, registrySource, type EngineManifest } from "./build.js";
import { loadEngineFrom, type EngineKind, type EngineLoadOptions } from "./node.js";
import type { EngineFactory } from "./types.js";

/** An opened engine folder (loadEngineDir). */
export interface EngineDir {
  /** The folder, absolute. */
  dir: string;
  manifest: EngineManifest;
  /** The package's schedulers, then the folder's: a position is the scheduler's index in the engine's registry. */
  catalogue: SchedulerSpec[];
  /** The folder's own schedulers (the catalogue's tail). */
  extra: SchedulerSpec[];
  /** The factory of one of its two engines (compiled/imported once per process). */
  load(kind: EngineKind, options?: EngineLoadOptions): Promise<EngineFactory>;
}

const opened = new Map<string, Promise<EngineDir>>();

/** Opens an engine folder (once per process and folder): InputError, one line, when it is not
 *  one, was built from another aviary-sim engine, or its catalogue changed since. */
export function loadEngineDir(dir: string): Promise<EngineDir> {
  const abs = resolve(dir);
  let p = opened.get(abs);
  if (!p) {
    p = open(dir, abs);
    opened.set(abs, p);
    p.catch(() => opened.delete(abs));
  }
  return p;
}

async function open(given: string, dir: string): Promise<EngineDir> {
  const file = join(dir, ENGINE_DIR_MANIFEST);
  const rebuild = "rebuild it: aviary engine build CATALOGUE -o " + given;
  if (!existsSync(file)) {
    throw new InputError(`engine folder '${given}' has no ${ENGINE_DIR_MANIFEST}: build one with aviary engine build CATALOGUE -o ${given}`);
  }
  let manifest: EngineManifest;
  try {
    manifest = JSON.parse(readFileSync(file, "utf8")) as EngineManifest;
  } catch (e) {
    throw new InputError(`engine folder '${given}': ${ENGINE_DIR_MANIFEST} is not valid JSON (${(e as Error).message}); ${rebuild}`);
  }
  if (typeof manifest.catalogue !== "string" || typeof manifest.packageBuild !== "string") {
    throw new InputError(`engine folder '${given}': ${ENGINE_DIR_MANIFEST} is not an engine build's; ${rebuild}`);
  }
  const own = packageEngineManifest();
  if (own && own.build !== manifest.packageBuild) {
    throw new InputError(`engine folder '${given}' was built from another aviary-sim engine (build ${manifest.packageBuild}; `
      + `this installation's is ${own.build}): ${rebuild}`);
  }
  const catalogueFile = resolve(dir, manifest.catalogue);
  if (!existsSync(catalogueFile)) {
    throw new InputError(`engine folder '${given}': its catalogue ${catalogueFile} is gone; ${rebuild}`);
  }
  // (the policy files are compiled in: only the descriptions are needed now)
  const extra = await readCatalogue(catalogueFile, SCHEDULERS, false);
  const catalogue = [...SCHEDULERS, ...extra];
  if (registryHash(registrySource(catalogue)) !== manifest.registry) {
    throw new InputError(`engine folder '${given}': its catalogue ${manifest.catalogue} changed since the build `
      + `(schedulers, factories or parameter names): ${rebuild.replace("CATALOGUE", relative(process.cwd(), catalogueFile) || catalogueFile)}`);
  }
  return { dir, manifest, catalogue, extra, load: (kind, options) => loadEngineFrom(dir, kind, options) };
}
