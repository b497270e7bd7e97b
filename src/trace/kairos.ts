// The Kairos testbed's workloads (spec seed-kairos-related.md §3.2, Table 4.1): synthetic WordCount
// jobs of five categories on 30 nodes x 4 cores (120 slots).
//  - `kairos-heavy` (the heavy-tailed mix, §4.1's main experiment): 100 jobs, categories 1-5 with
//    probabilities 0.32 / 0.31 / 0.31 / 0.04 / 0.02, exponential inter-arrival times of mean 60 s;
//  - `kairos-uniform` (Fig. 4.5): categories 1-3 with 0.35 / 0.35 / 0.3, mean 30 s.
// A category-k job is its Table 4.1 maps and reduces, each task lasting d_k = makespan_k /
// (ceil(M_k / 120) + ceil(R_k / 120)) — the spec's [rec] encoding (42.5, 100.5, 119.5, 154 and
// 391.7 s), so that the job alone on 120 slots takes the table's makespan when its reduces follow
// its maps — with a per-task jitter U(0.9, 1.1) (the spec's optional intra-job variance). The
// tasks are independent (no map -> reduce barrier, spec §8 #17's recommendation): the Big-C
// baseline runs no DAG traces, and every system of the comparison must run the same jobs; this is
// recorded in docs/models/kairos.md. Each job's estimate is its d_k (Big-C classifies by it:
// categories 1-3 short, 4-5 long, §2.2).
// Random streams 50 (categories), 51 (arrivals), 52 (task jitter) of the engine's Rng (ids 50-59:
// this generator; assembly/rng.ts lists the engine's own and the other generators' ranges).
import { InputError, showValue } from "../errors.js";
import type { RngFactory } from "./gen.js";
import type { Trace } from "./types.js";
import { log } from "./libm.js";

export const STREAM_KAIROS_CATEGORIES = 50;
export const STREAM_KAIROS_ARRIVALS = 51;
export const STREAM_KAIROS_TASKS = 52;

/** Table 4.1: maps, reduces, the alone-in-cluster makespan (s). */
export const WORDCOUNT_CATEGORIES: Array<{ maps: number; reduces: number; makespan: number }> = [
  { maps: 15, reduces: 15, makespan: 85 },
  { maps: 15, reduces: 15, makespan: 201 },
  { maps: 30, reduces: 30, makespan: 239 },
  { maps: 112, reduces: 60, makespan: 308 },
  { maps: 224, reduces: 60, makespan: 1175 },
];

/** The per-task duration of a category on `slots` slots in all (the spec's [rec]). */
export function wordcountTaskDuration(k: number, slots = 120): number {
  const c = WORDCOUNT_CATEGORIES[k];
  return c.makespan / (Math.ceil(c.maps / slots) + Math.ceil(c.reduces / slots));
}

export interface KairosWorkload { name: string; description: string; probabilities: number[]; meanInterArrival: number; jobs: number }

export const KAIROS_WORKLOADS: KairosWorkload[] = [
  { name: "kairos-heavy", description: "Kairos testbed's heavy-tailed WordCount mix: 100 jobs of Table 4.1's 5 categories (0.32/0.31/0.31/0.04/0.02), Poisson arrivals of mean 60 s; for 30 nodes x 4 slots",
    probabilities: [0.32, 0.31, 0.31, 0.04, 0.02], meanInterArrival: 60, jobs: 100 },
  { name: "kairos-uniform", description: "Kairos testbed's uniform WordCount mix: categories 1-3 (0.35/0.35/0.3), Poisson arrivals of mean 30 s; for 30 nodes x 4 slots",
    probabilities: [0.35, 0.35, 0.3, 0, 0], meanInterArrival: 30, jobs: 100 },
];

export function findKairosWorkload(name: string): KairosWorkload {
  const w = KAIROS_WORKLOADS.find((x) => x.name === name);
  if (!w) throw new InputError(`unknown Kairos workload '${showValue(name)}' (known: ${KAIROS_WORKLOADS.map((x) => x.name).join(", ")})`);
  return w;
}

/** The workload's jobs (default 100) from the engine's generator; `load` is not used: the
 *  testbed's arrival rate is the paper's. */
export function generateKairos(opts: { workload: string; jobs?: number }, rng: RngFactory): Trace {
  const w = findKairosWorkload(opts.workload);
  const jobs = opts.jobs ?? w.jobs;
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 1_000_000) throw new InputError(`--jobs must be an integer in [1, 1000000], got ${showValue(jobs)}`);
  const cr = rng(STREAM_KAIROS_CATEGORIES);
  const ar = rng(STREAM_KAIROS_ARRIVALS);
  const tr = rng(STREAM_KAIROS_TASKS);
  const arrivals = new Float64Array(jobs);
  const estimates = new Float64Array(jobs);
  const offsets = new Int32Array(jobs + 1);
  const durations: number[] = [];
  let t = 0;
  for (let j = 0; j < jobs; j++) {
    if (j > 0) t += -w.meanInterArrival * log(1 - ar.nextFloat());
    arrivals[j] = t;
    const u = cr.nextFloat();
    let k = 0;
    for (let acc = w.probabilities[0]; k < 4 && u >= acc; k++) acc += w.probabilities[k + 1];
    const d = wordcountTaskDuration(k);
    const c = WORDCOUNT_CATEGORIES[k];
    for (let i = 0; i < c.maps + c.reduces; i++) durations.push(d * (0.9 + 0.2 * tr.nextFloat()));
    estimates[j] = d;
    offsets[j + 1] = durations.length;
  }
  return { name: w.name, arrivals, taskOffsets: offsets, durations: Float64Array.from(durations), estimates };
}
