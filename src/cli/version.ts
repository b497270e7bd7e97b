// What `aviary --version` prints and the JSON output carries: the package's version and the
// build hash of the engine a run used (build/engine.json, or an engine folder's manifest).
import { packageEngineManifest, readPackageVersion } from "../engine/build.js";
import type { EngineDir } from "../engine/dir.js";

/** The build hash of the package's engine, or of an engine folder's. */
export function engineBuild(dir?: EngineDir): string | undefined {
  return dir ? dir.manifest.build : packageEngineManifest()?.build;
}

/** `aviary --version`: `aviary-sim 0.1.0 (engine build 0123456789ab)`. */
export function versionText(): string {
  const build = engineBuild();
  return `aviary-sim ${readPackageVersion()} (${build ? `engine build ${build}` : "engine not built: npm run build"})`;
}

/** A run's summary with `engineBuild` beside `engine` (JSON output). */
export function withEngineBuild<T extends object>(summary: T, build: string | undefined): T {
  if (build === undefined) return summary;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(summary)) {
    out[k] = v;
    if (k === "engine") out.engineBuild = build;
  }
  if (!("engineBuild" in out)) out.engineBuild = build;
  return out as T;
}
