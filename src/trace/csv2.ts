// Writes a trace as CSV schema v2 (docs/trace-formats.md): job_id, task_id, submit_time,
// duration, parents (task ids of the same job, `;`-separated) and demand[...] when the trace
// has them. Used by `aviary gen fregata` and the converters (src/trace/convert.ts).
import type { Trace } from "./types.js";

/** The whole trace as CSV v2 text. Task ids are the trace's (or t<k>, k the index in the job);
 *  job ids the trace's (or the job index). */
export function traceToCsvV2(t: Trace): string {
  const dims = t.demandNames ?? [];
  const D = dims.length;
  const header = ["job_id", "task_id", "submit_time", "duration"];
  if (t.parents) header.push("parents");
  if (D > 0) header.push(`demand[${dims.join(";")}]`);
  const out: string[] = [header.join(",")];
  const jobs = t.arrivals.length;
  const taskId = (k: number, first: number) => t.taskIds ? t.taskIds[k] : `t${k - first}`;
  for (let j = 0; j < jobs; j++) {
    const first = t.taskOffsets[j];
    const job = t.jobIds ? t.jobIds[j] : String(j);
    const sub = String(t.arrivals[j]);
    for (let k = first; k < t.taskOffsets[j + 1]; k++) {
      const row = [job, taskId(k, first), sub, String(t.durations[k])];
      if (t.parents) {
        const ps: string[] = [];
        for (let e = t.parentOffsets![k]; e < t.parentOffsets![k + 1]; e++) ps.push(taskId(t.parents[e], first));
        row.push(ps.join(";"));
      }
      if (D > 0) {
        const ds: string[] = [];
        for (let d = 0; d < D; d++) ds.push(String(t.demands![k * D + d]));
        row.push(ds.join(";"));
      }
      out.push(row.join(","));
    }
  }
  return out.join("\n") + "\n";
}
