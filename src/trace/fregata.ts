// `aviary gen fregata` (seed-fregata.md §3.3, A13, A20): Fregata's synthetic workload.
//  - Arrivals (A13): for each minute a rate x ~ U[2, 5] jobs/min (continuous); arrivals inside
//    the minute are Poisson at x / 60 per second (memoryless: a gap crossing the minute's end
//    restarts there at the next minute's rate).
//  - Classes: a job is long with probability 0.1 (Pigeon EC2's 10 % long jobs, A1); the class
//    is not written (schedulers classify; the preset's cutoff of 15 s separates them).
//  - Tasks per job (Table III: 10-2000), log-uniform: short jobs 10-100, long jobs 100-2000, so
//    #tasks correlates with duration (A2: a classifier needs a signal).
//  - Durations, Google-like heavy tails (§3.3, intro: about half of tasks under 10 s): lognormal,
//    median 3 s (sigma 1) for short jobs, 30 s (sigma 0.8) for long jobs, within [0.1, 3000] s.
//  - Demands per task (cores, GB, GB, GB/s against the presets' 4 cores, 16 GB, 720 GB, 1 GB/s):
//    each job has a share p ~ U[0.2, 0.8] of CPU-intensive tasks (cpu U[1, 2], mem U[0.5, 2]),
//    the rest memory-intensive (cpu U[0.25, 0.5], mem U[4, 8]) — different dominant resources
//    to pack (§2.5); disk 0.02 MB and bandwidth 0.02 MB/s as the paper (§3.3; A12: non-binding).
//  - DAG (§3.3 synthetic fallback): L ~ U{1..5} levels, the tasks split over them in equal parts
//    (the first levels one larger), each task below level 1 with 1-3 distinct parents drawn from
//    the level above among those with fewer than 15 children (a task whose draws all hit full
//    parents keeps the ones it got; with none it is a source).
// Streams 42 (arrivals), 43 (shapes and DAGs), 44 (durations and demands) of the engine's Rng.
import type { Trace } from "./types.js";
import { InputError } from "../errors.js";
import { DagTraceBuilder } from "./columns.js";
import { log, exp, cos } from "./libm.js";

export interface Draws { nextFloat(): number; nextInt(n: number): number }

export const FREGATA_STREAMS = { arrivals: 42, shapes: 43, values: 44 };
export const FREGATA_DEFAULT_JOBS = 600;
const LONG_P = 0.1;
const MAX_LEVELS = 5;
const MAX_CHILDREN = 15;

function logUniform(r: Draws, lo: number, hi: number): number {
  return Math.round(exp(log(lo) + r.nextFloat() * (log(hi) - log(lo))));
}

function normal(r: Draws): number {
  // Box-Muller (one of the pair); 1 - u keeps the log finite.
  const u = 1 - r.nextFloat();
  const v = r.nextFloat();
  return Math.sqrt(-2 * log(u)) * cos(2 * Math.PI * v);
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** `tasksPerJob`: every job gets exactly this many tasks (the speed benchmark's 2,000), instead of
 *  the log-uniform counts. */
/** `testbed`: "ec2" writes demands for the EC2 instances (2 cores, 4 GB: cpu / 2, mem / 4, the
 *  same fractions of a machine as on the 4-core, 16 GB servers of "cluster"). */
export function generateFregata(jobs: number, stream: (id: number) => Draws, seed = 1, tasksPerJob?: number,
                                testbed: "cluster" | "ec2" = "cluster"): Trace {
  const cpuScale = testbed === "ec2" ? 0.5 : 1;
  const memScale = testbed === "ec2" ? 0.25 : 1;
  if (!(Number.isInteger(jobs) && jobs >= 1 && jobs <= 1_000_000)) throw new InputError(`--jobs must be an integer in [1, 1000000], got ${jobs}`);
  const ra = stream(FREGATA_STREAMS.arrivals);
  const rs = stream(FREGATA_STREAMS.shapes);
  const rv = stream(FREGATA_STREAMS.values);
  const arrivals = new Float64Array(jobs);
  let t = 0;
  let minute = 0;
  let rate = (2 + 3 * ra.nextFloat()) / 60;
  for (let j = 0; j < jobs; j++) {
    for (;;) {
      const gap = -log(1 - ra.nextFloat()) / rate;
      if (t + gap < (minute + 1) * 60) { t += gap; break; }
      minute++;
      t = minute * 60;
      rate = (2 + 3 * ra.nextFloat()) / 60;
    }
    arrivals[j] = round6(t);
  }
  const out = new DagTraceBuilder(["cpu", "mem", "disk", "bw"]);
  const demand = new Float64Array(4);
  const mine: number[] = [];
  for (let j = 0; j < jobs; j++) {
    const long = rs.nextFloat() < LONG_P;
    const drawn = long ? logUniform(rs, 100, 2000) : logUniform(rs, 10, 100);
    const m = tasksPerJob ?? drawn;
    const levels = 1 + rs.nextInt(MAX_LEVELS);
    const first = out.tasks;
    const levelStart: number[] = [];
    const base = Math.floor(m / levels);
    const extra = m % levels;
    let k = 0;
    for (let l = 0; l < levels; l++) { levelStart.push(k); k += base + (l < extra ? 1 : 0); }
    levelStart.push(m);
    const children = new Int32Array(m);
    const pCpu = 0.2 + 0.6 * rv.nextFloat();
    for (let l = 0; l < levels; l++) {
      for (let i = levelStart[l]; i < levelStart[l + 1]; i++) {
        if (l > 0) {
          const lo = levelStart[l - 1];
          const size = levelStart[l] - lo;
          const want = 1 + rs.nextInt(3);
          mine.length = 0;
          for (let w = 0; w < want; w++) {
            const p = lo + rs.nextInt(size);
            if (children[p] >= MAX_CHILDREN || mine.includes(p)) continue;
            children[p]++;
            mine.push(p);
          }
          mine.sort((a, b) => a - b);
          for (const p of mine) out.addParent(first + p);
        }
        const d = Math.min(3000, Math.max(0.1, (long ? 60 : 5) * exp((long ? 0.8 : 1) * normal(rv))));
        const dur = round6(d);
        if (rv.nextFloat() < pCpu) {
          demand[0] = round6(cpuScale * (1 + rv.nextFloat()));
          demand[1] = round6(memScale * (0.5 + 1.5 * rv.nextFloat()));
        } else {
          demand[0] = round6(cpuScale * (0.25 + 0.25 * rv.nextFloat()));
          demand[1] = round6(memScale * (4 + 4 * rv.nextFloat()));
        }
        demand[2] = 0.00002;
        demand[3] = 0.00002;
        out.addTask(dur, demand, `t${i}`);
      }
    }
    out.endJob(arrivals[j], `j${j}`);
  }
  return out.build(`fregata (seed ${seed}, ${jobs} jobs${testbed === "ec2" ? ", ec2" : ""})`);
}
