// What the browser suites run, shared with their Node set-up (expected.ts), which computes the
// values to match. Small runs: the whole browser project takes seconds.
import type { SimConfig } from "../../src/config/config.js";

export interface EngineCase {
  name: string;
  workload: { name: string; jobs: number; load?: number; seed: number };
  config: Partial<SimConfig> & { scheduler: string; nodes: number };
  cutoff?: number;
}

export interface ExpectedRun {
  name: string;
  arrivals: number[];
  durations: number[];
  finish: number[];
  summary: Record<string, unknown>;
}

const poisson = { name: "default", jobs: 1500, seed: 3 };
const google = { name: "google-like", jobs: 600, load: 0.9, seed: 2 };
const GOOGLE_CUTOFF = 1129.532;

/** Early- and late-binding, central, preemptive and DAG-capable policies, on a Poisson and a
 *  trace-like workload. */
export const ENGINE_CASES: EngineCase[] = [
  { name: "random on default", workload: poisson, config: { scheduler: "random", nodes: 80, seed: 1 } },
  { name: "sparrow on default, seed 2, probeRatio 3", workload: poisson, config: { scheduler: "sparrow", nodes: 80, seed: 2, params: { probeRatio: 3 } } },
  { name: "lwl on default", workload: poisson, config: { scheduler: "lwl", nodes: 80, seed: 1 } },
  { name: "kairos on default", workload: poisson, config: { scheduler: "kairos", nodes: 80, seed: 1 } },
  { name: "pigeon on default", workload: poisson, config: { scheduler: "pigeon", nodes: 80, seed: 1, params: { groupSize: 20 } } },
  { name: "hawk on google-like", workload: google, config: { scheduler: "hawk", nodes: 400, seed: 1 }, cutoff: GOOGLE_CUTOFF },
  { name: "eagle on google-like", workload: google, config: { scheduler: "eagle", nodes: 400, seed: 1 }, cutoff: GOOGLE_CUTOFF },
  { name: "dlwl on google-like", workload: google, config: { scheduler: "dlwl", nodes: 400, seed: 1 }, cutoff: GOOGLE_CUTOFF },
  // Workloads whose generators draw through libm.ts's pow-free Pareto (heavy-tail) and its cos
  // (Yaq's Hive-MS lognormal map counts and gamma stage means): Chromium 156's Math differs.
  { name: "sparrow on heavy-tail", workload: { name: "heavy-tail", jobs: 800, seed: 4 }, config: { scheduler: "sparrow", nodes: 80, seed: 1 } },
  { name: "sparrow on yaq-hive", workload: { name: "yaq-hive", jobs: 40, seed: 5 }, config: { scheduler: "sparrow", nodes: 80, seed: 1 } },
];

/** A CSV v2 trace with dependencies and demands, and one with a bad duration on line 3. */
export const CSV_GOOD = "job_id,task_id,submit_time,duration,parents,demand[cpu;mem]\n"
  + "a,t1,0,2,,1;2\na,t2,0,3,t1,1;1\nb,u1,1.5,4,,2;2\n\"c\",v1,1.5,0.5,,0;1\n";
export const CSV_BAD = "job_id,submit_time,duration\nj1,0,1\nj2,1,-4\n";

/** The page Worker's comparison, as `aviary compare` options (the Node reference) and as the
 *  page's run request; its first seed's runs at the first cluster size are those of `aviary run`
 *  with `series` (same workload seed and run seed, the workload sized for that cluster). */
export const WORKER_COMPARE = {
  cli: ["--workload", "default", "--jobs", "1200", "--load", "0.8", "--workload-seed", "1", "--schedulers", "random,sparrow,lwl",
    "--baseline", "sparrow", "--nodes", "60,80", "--seed-list", "1,4"],
  request: {
    workload: { kind: "named" as const, name: "default", jobs: 1200, load: 0.8, seed: 1 },
    compare: { schedulers: ["random", "sparrow", "lwl"], baseline: "sparrow", nodes: [60, 80], seeds: [1, 4], slots: 1, engine: "wasm" as const, params: {} },
  },
};
export const WORKER_SERIES_RUN = ["run", "--workload", "default", "--jobs", "1200", "--load", "0.8", "--nodes", "60", "--seed", "1",
  "--scheduler", "random,sparrow,lwl", "--series", "--format", "json"];
