// EngineApi.stateColumns for either build: the engine lists its state columns by index, an
// empty array past the last (assembly/index.ts jobStateI32Column and the others).
import type { EngineStateColumns } from "./types.js";

/** Collects the engine's per-job Int32 and Float64 state columns and its per-task ones. */
export function stateColumns(jobI32: (i: number) => Int32Array, jobF64: (i: number) => Float64Array,
                             taskI32: (i: number) => Int32Array): EngineStateColumns {
  const perJob: Array<Int32Array | Float64Array> = [];
  const perTask: Int32Array[] = [];
  for (let i = 0; ; i++) { const c = jobI32(i); if (c.length === 0) break; perJob.push(c); }
  for (let i = 0; ; i++) { const c = jobF64(i); if (c.length === 0) break; perJob.push(c); }
  for (let i = 0; ; i++) { const c = taskI32(i); if (c.length === 0) break; perTask.push(c); }
  return { perJob, perTask };
}
