// Yaq's workloads (spec seed-yaq.md §3, §7 #17-#20; docs/models/yaq.md "Workloads"):
//  - GridMix single-stage jobs of 100 tasks: `yaq-5s`, `yaq-10s`, `yaq-50s` (homogeneous),
//    `yaq-mixed` (80% of jobs 5 s tasks, 20% 50 s: §6.1's definition, §7 #17), `yaq-mixed-even`
//    (the introduction's even mix, by jobs), `yaq-gridmix-ms` (per job D_j ~ Exp(mean 49 s), each
//    task D_j x U(0.9, 1.1): §7 #18), `yaq-gridmix-ms-iid` (i.i.d. Exp(49 s) per task),
//    `yaq-heavy` (GridMix-MS with the tasks above the 80th percentile lengthened by 500 s: §7 #19;
//    estimates are the job means after the change);
//  - `yaq-hive`: a synthesized Hive-MS (§7 #20): 185 two-stage jobs, mappers per job
//    max(1, round(LogNormal)) with mean 57.9 (σ = 1), reducers 1 + Poisson(0.5); each stage's
//    mean m ~ Gamma(shape 4.22, mean 22.9 s) and its tasks ~ Exp(mean m) (overall mean 22.9 s,
//    CV 1.21); reduces depend on every map of their job (a barrier); every task's estimate is its
//    stage's mean duration (the "oracle stage mean", §7 #11).
// Arrivals: backlogged (every job at t = 0, the default: §7 #2) or, with `load`, Poisson at that
// offered fraction of nodes x slots. Default job counts: Hive-MS 185; GridMix enough work for
// 30 minutes of the whole cluster (§3.4: "executed for 30 min").
//  - `yaq-capacity` (Fig. 8, spec §4.5, §8 E9): GridMix-MS whose jobs are submitted to capacity
//    queue A or B with equal probability (the trace's users "A" and "B", stream 26).
// Random streams 23 (job parameters), 24 (task durations), 25 (arrivals), 26 (capacity queues) of
// the engine's Rng.
import { InputError, showValue } from "../errors.js";
import type { RngFactory, UniformSource } from "./gen.js";
import type { Trace } from "./types.js";
import { log, exp as libmExp, cos } from "./libm.js";

export const STREAM_YAQ_JOBS = 23;
export const STREAM_YAQ_TASKS = 24;
export const STREAM_YAQ_ARRIVALS = 25;
export const STREAM_YAQ_QUEUES = 26;

/** dag: stages and a barrier; users: each job's capacity queue (both need CSV v2 files). */
export interface YaqWorkload { name: string; description: string; meanTask: number; dag: boolean; users?: boolean }

export const YAQ_WORKLOADS: YaqWorkload[] = [
  { name: "yaq-5s", description: "Yaq GridMix: jobs of 100 tasks of 5 s", meanTask: 5, dag: false },
  { name: "yaq-10s", description: "Yaq GridMix: jobs of 100 tasks of 10 s", meanTask: 10, dag: false },
  { name: "yaq-50s", description: "Yaq GridMix: jobs of 100 tasks of 50 s", meanTask: 50, dag: false },
  { name: "yaq-mixed", description: "Yaq GridMix Mixed-5-50: 80% of jobs with 100 tasks of 5 s, 20% with 100 of 50 s", meanTask: 14, dag: false },
  { name: "yaq-mixed-even", description: "Yaq GridMix Mixed-5-50, even mix by jobs (the introduction's reading)", meanTask: 27.5, dag: false },
  { name: "yaq-gridmix-ms", description: "Yaq GridMix-MS: 100-task jobs, per job D ~ Exp(49 s), tasks D x U(0.9, 1.1)", meanTask: 49, dag: false },
  { name: "yaq-gridmix-ms-iid", description: "Yaq GridMix-MS, i.i.d. Exp(49 s) tasks", meanTask: 49, dag: false },
  { name: "yaq-heavy", description: "Yaq heavy-tailed GridMix-MS: the longest 20% of tasks +500 s", meanTask: 149, dag: false },
  { name: "yaq-capacity", description: "Yaq GridMix-MS with capacity queues (Fig. 8): each job submitted to queue A or B with probability 0.5", meanTask: 49, dag: false, users: true },
  { name: "yaq-hive", description: "Yaq Hive-MS (synthesized): 185 map->reduce jobs with a barrier, 57.9 maps and 1.5 reduces per job, tasks 22.9 s mean, CV 1.21", meanTask: 22.9, dag: true },
];

export interface YaqOptions {
  workload: string;
  /** Jobs (default: Hive-MS 185; GridMix 30 minutes of the cluster's slots). */
  jobs?: number;
  /** Offered load (fraction of nodes x slots); absent: backlogged (all jobs at t = 0). */
  load?: number;
  nodes: number;
  slots: number;
  seed: number;
}

export function findYaqWorkload(name: string): YaqWorkload {
  const w = YAQ_WORKLOADS.find((x) => x.name === name);
  if (!w) throw new InputError(`unknown Yaq workload '${showValue(name)}' (known: ${YAQ_WORKLOADS.map((x) => x.name).join(", ")})`);
  return w;
}

export function defaultYaqJobs(w: YaqWorkload, nodes: number, slots: number): number {
  if (w.name === "yaq-hive") return 185;
  return Math.max(1, Math.ceil((nodes * slots * 1800) / (100 * w.meanTask)));
}

function exp(u: UniformSource, mean: number): number { return -mean * log(1 - u.nextFloat()); }

function normal(u: UniformSource): number {
  const a = 1 - u.nextFloat();
  const b = u.nextFloat();
  return Math.sqrt(-2 * log(a)) * cos(2 * Math.PI * b);
}

/** Gamma(shape k, scale 1) by Marsaglia-Tsang (k >= 1). */
function gamma(u: UniformSource, k: number): number {
  const d = k - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(u);
    const v0 = 1 + c * x;
    if (v0 <= 0) continue;
    const v = v0 * v0 * v0;
    const w = u.nextFloat();
    if (log(1 - w) < 0.5 * x * x + d - d * v + d * log(v)) return d * v;
  }
}

function poisson(u: UniformSource, mean: number): number {
  const l = libmExp(-mean);
  let k = 0;
  let p = u.nextFloat();
  while (p > l) { k++; p *= u.nextFloat(); }
  return k;
}

export function generateYaq(opts: YaqOptions, rng: RngFactory): Trace {
  const w = findYaqWorkload(opts.workload);
  const jobs = opts.jobs ?? defaultYaqJobs(w, opts.nodes, opts.slots);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 10_000_000) throw new InputError(`--jobs must be an integer in [1, 10000000], got ${showValue(jobs)}`);
  if (opts.load !== undefined && !(opts.load > 0 && opts.load <= 100)) throw new InputError(`--load must be in (0, 100], got ${showValue(opts.load)}`);
  const jr = rng(STREAM_YAQ_JOBS);
  const tr = rng(STREAM_YAQ_TASKS);
  const ar = rng(STREAM_YAQ_ARRIVALS);
  const durations: number[] = [];
  const taskEst: number[] = [];
  const stages: number[] = [];
  const parentOffsets: number[] = [0];
  const parents: number[] = [];
  const offsets = new Int32Array(jobs + 1);
  const estimates = new Float64Array(jobs);
  for (let j = 0; j < jobs; j++) {
    if (w.dag) {
      // Hive-MS: maps, then reduces behind a barrier.
      const sigma = 1;
      const maps = Math.max(1, Math.round(libmExp(log(57.9) - (sigma * sigma) / 2 + sigma * normal(jr))));
      const reduces = 1 + poisson(jr, 0.5);
      const stage = (count: number, s: number) => {
        const m = (22.9 / 4.22) * gamma(jr, 4.22);
        const from = durations.length;
        let sum = 0;
        for (let i = 0; i < count; i++) { const d = exp(tr, m); durations.push(d); sum += d; stages.push(s); }
        for (let i = 0; i < count; i++) taskEst.push(sum / count);
        return from;
      };
      const mapFrom = stage(maps, 0);
      for (let i = 0; i < maps; i++) parentOffsets.push(parents.length);
      stage(reduces, 1);
      for (let i = 0; i < reduces; i++) {
        for (let k = 0; k < maps; k++) parents.push(mapFrom + k);
        parentOffsets.push(parents.length);
      }
    } else {
      let mean = w.meanTask;
      if (w.name === "yaq-mixed") mean = jr.nextFloat() < 0.8 ? 5 : 50;
      else if (w.name === "yaq-mixed-even") mean = jr.nextFloat() < 0.5 ? 5 : 50;
      const perJob = w.name === "yaq-gridmix-ms" || w.name === "yaq-heavy" || w.name === "yaq-capacity";
      const iid = w.name === "yaq-gridmix-ms-iid";
      const dj = perJob ? exp(jr, 49) : 0;
      for (let i = 0; i < 100; i++) {
        durations.push(perJob ? dj * (0.9 + 0.2 * tr.nextFloat()) : iid ? exp(tr, 49) : mean);
      }
    }
    offsets[j + 1] = durations.length;
  }
  const d = Float64Array.from(durations);
  if (w.name === "yaq-heavy") {
    // +500 s to every task above the 80th percentile of all tasks (nearest rank).
    const sorted = Float64Array.from(d).sort();
    const p80 = sorted[Math.max(1, Math.ceil(0.8 * sorted.length)) - 1];
    for (let k = 0; k < d.length; k++) if (d[k] > p80) d[k] += 500;
  }
  let work = 0;
  for (let j = 0; j < jobs; j++) {
    let s = 0;
    for (let k = offsets[j]; k < offsets[j + 1]; k++) s += d[k];
    work += s;
    estimates[j] = s / (offsets[j + 1] - offsets[j]);
  }
  const arrivals = new Float64Array(jobs);
  if (opts.load !== undefined) {
    const gap = work / jobs / (opts.load * opts.nodes * opts.slots);
    let t = 0;
    for (let j = 0; j < jobs; j++) { t += exp(ar, gap); arrivals[j] = t; }
  }
  const name = `${w.name}(jobs=${jobs}, ${opts.load === undefined ? "backlogged" : `load=${opts.load} of ${opts.nodes}x${opts.slots}`}, seed=${opts.seed})`;
  const trace: Trace = { name, arrivals, taskOffsets: offsets, durations: d, estimates };
  if (w.users) {
    // §4.5: "a GridMix workload that submits jobs to both queues with equal probability".
    const qr = rng(STREAM_YAQ_QUEUES);
    trace.users = Int32Array.from({ length: jobs }, () => (qr.nextFloat() < 0.5 ? 0 : 1));
    trace.userNames = ["A", "B"];
  }
  if (w.dag) {
    trace.taskEstimates = Float64Array.from(taskEst);
    trace.stages = Int32Array.from(stages);
    trace.parentOffsets = Int32Array.from(parentOffsets);
    trace.parents = Int32Array.from(parents);
  }
  return trace;
}
