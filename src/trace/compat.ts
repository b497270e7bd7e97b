// The reference simulator's trace quirks (seed-hawk-eagle.md §3.1, A15; prior-art.md §1.2),
// applied when a run sets `compat=true`:
//  - every task duration and every job's mean are truncated to whole seconds (int(float(x)));
//  - a job whose submission time equals the previous line's is "dephased": the k-th repeat of
//    a timestamp gets +0.01 x k s (never earlier than the job before it, so submission
//    times stay sorted when a long run of repeats reaches the next timestamp).
import type { Trace } from "./types.js";

export function referenceQuirks(t: Trace): Trace {
  const arrivals = new Float64Array(t.arrivals.length);
  let k = 0;
  for (let j = 0; j < arrivals.length; j++) {
    k = j > 0 && t.arrivals[j] === t.arrivals[j - 1] ? k + 1 : 0;
    const a = t.arrivals[j] + 0.01 * k;
    arrivals[j] = j > 0 && a < arrivals[j - 1] ? arrivals[j - 1] : a;
  }
  return {
    ...t, // (the optional columns as they are, but per-task estimates truncated like the means)
    arrivals,
    durations: t.durations.map(Math.trunc),
    estimates: t.estimates.map(Math.trunc),
    taskEstimates: t.taskEstimates?.map(Math.trunc),
  };
}
