// `aviary gen poisson`: synthetic workloads with Poisson job arrivals.
//
// Jobs arrive as a Poisson process of rate
//     lambda = load * nodes * slots / (tasks * mean_duration)
// so that `load` is the offered fraction of the cluster's slot capacity. The first job
// arrives one exponential gap after time 0. Every job has `tasks` tasks whose durations are
// drawn from the duration spec; a job's estimate is the mean of its task durations.
//
// Randomness: stream STREAM_ARRIVALS gives one uniform per job (its inter-arrival gap),
// stream STREAM_TASKS one uniform per task (its duration; none for `const`), in job order
// then task order. Exponential variate = -mean * ln(1 - u); Pareto variate = xm / (1 - u)^(1/alpha),
// computed as xm · exp(−ln(1 − u)/alpha) with libm.ts's exp and log (the same bits in every host).
//
// `generatePoisson` is browser-safe and takes the generator factory (the engine's own Rng
// class); `generatePoissonWithEngineRng` in ./node.ts wires that up in Node.
import { InputError } from "../errors.js";
import { parseDecimal } from "./tr.js";
import type { Trace } from "./types.js";
import { exp, log } from "./libm.js";

/** Stream ids, identical to the engine's (assembly/toolkit/rng.ts); checked when loading it. */
export const STREAM_ARRIVALS = 1;
/** Random stream id of the generated tasks' durations. */
export const STREAM_TASKS = 2;

/** A Poisson workload: jobs of a fixed task count at an offered load (generatePoisson). */
export interface PoissonOptions {
  /** Number of jobs, integer >= 1. */
  jobs: number;
  /** Tasks per job, integer >= 1. */
  tasks: number;
  /** Task duration distribution: `exp:MEAN`, `const:X` or `pareto:ALPHA:MEAN`. */
  duration: string;
  /** Offered load as a fraction of slot capacity, > 0. */
  load: number;
  /** Number of nodes, integer >= 1. */
  nodes: number;
  /** Slots per node, integer >= 1 (default 1). */
  slots?: number;
  /** Random seed, integer in [0, 2^31-1]. */
  seed: number;
}

/** A parsed task-duration distribution (parseDurationSpec). */
export type DurationSpec =
  | { kind: "exp"; mean: number }
  | { kind: "const"; mean: number }
  | { kind: "pareto"; alpha: number; mean: number; xm: number };

/** A source of uniform draws (the engine's Rng). */
export interface UniformSource {
  /** Uniform double in [0, 1). */
  nextFloat(): number;
}

/** The random stream `stream` of a seed. */
export type RngFactory = (stream: number) => UniformSource;

const SPEC_SYNTAX = "expected exp:MEAN, const:X or pareto:ALPHA:MEAN";

/** Parses a duration spec; the result always carries the distribution's mean. */
export function parseDurationSpec(spec: string): DurationSpec {
  const bad = (problem: string): never => {
    throw new InputError(`--duration '${spec}': ${problem}`);
  };
  if (typeof spec !== "string") bad(SPEC_SYNTAX);
  const parts = spec.trim().split(":");
  const num = (s: string, what: string): number => {
    const v = parseDecimal(s.trim());
    if (!Number.isFinite(v)) bad(`${what} '${s}' is not a finite number (${SPEC_SYNTAX})`);
    return v;
  };
  switch (parts[0].toLowerCase()) {
    case "exp": {
      if (parts.length !== 2) bad(SPEC_SYNTAX);
      const mean = num(parts[1], "MEAN");
      if (!(mean > 0)) bad(`MEAN must be > 0 (got ${mean})`);
      return { kind: "exp", mean };
    }
    case "const": {
      if (parts.length !== 2) bad(SPEC_SYNTAX);
      const x = num(parts[1], "X");
      if (!(x > 0)) bad(`X must be > 0 (got ${x})`);
      return { kind: "const", mean: x };
    }
    case "pareto": {
      if (parts.length !== 3) bad(SPEC_SYNTAX);
      const alpha = num(parts[1], "ALPHA");
      const mean = num(parts[2], "MEAN");
      if (!(alpha > 1)) bad(`ALPHA must be > 1 for a finite mean (got ${alpha})`);
      if (!(mean > 0)) bad(`MEAN must be > 0 (got ${mean})`);
      return { kind: "pareto", alpha, mean, xm: (mean * (alpha - 1)) / alpha };
    }
    default:
      return bad(SPEC_SYNTAX);
  }
}

function checkInt(name: string, v: unknown, min: number, max: number): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer in [${min}, ${max}]`;
    throw new InputError(`--${name} must be ${range} (got ${String(v)})`);
  }
  return v;
}

/** Validates the options; returns them with defaults filled in and the parsed duration. */
export function checkPoissonOptions(opts: PoissonOptions): Required<PoissonOptions> & { spec: DurationSpec } {
  const jobs = checkInt("jobs", opts.jobs, 1, 2147483647);
  const tasks = checkInt("tasks", opts.tasks, 1, 2147483647);
  if (jobs * tasks > 2147483647) {
    throw new InputError(`--jobs times --tasks must be at most 2147483647 (2^31-1) tasks in total (got ${jobs} x ${tasks})`);
  }
  const nodes = checkInt("nodes", opts.nodes, 1, Number.MAX_SAFE_INTEGER);
  const slots = checkInt("slots", opts.slots ?? 1, 1, Number.MAX_SAFE_INTEGER);
  const seed = checkInt("seed", opts.seed, 0, 2147483647);
  const load = opts.load;
  if (typeof load !== "number" || !(load > 0) || !Number.isFinite(load)) {
    throw new InputError(`--load must be a number > 0 (got ${String(load)})`);
  }
  const spec = parseDurationSpec(opts.duration);
  return { jobs, tasks, nodes, slots, seed, load, duration: opts.duration, spec };
}

/** Label used as the generated trace's name. */
export function poissonTraceName(o: Required<PoissonOptions>): string {
  return `poisson(jobs=${o.jobs}, tasks=${o.tasks}, duration=${o.duration}, load=${o.load}, ` +
    `nodes=${o.nodes}, slots=${o.slots}, seed=${o.seed})`;
}

/** Generates a Poisson workload; `rng(stream)` must return a fresh generator for the run's
 *  seed and that stream (`(s) => new Rng(opts.seed, s)` with the engine's Rng). */
export function generatePoisson(opts: PoissonOptions, rng: RngFactory): Trace {
  const o = checkPoissonOptions(opts);
  const { jobs, tasks, spec } = o;
  const arrivalsRng = rng(STREAM_ARRIVALS);
  const tasksRng = rng(STREAM_TASKS);
  const gapMean = (tasks * spec.mean) / (o.load * o.nodes * o.slots);

  const arrivals = new Float64Array(jobs);
  const estimates = new Float64Array(jobs);
  const taskOffsets = new Int32Array(jobs + 1);
  const durations = new Float64Array(jobs * tasks);

  let t = 0;
  for (let j = 0; j < jobs; j++) {
    t += -gapMean * log(1 - arrivalsRng.nextFloat());
    arrivals[j] = t;
    taskOffsets[j + 1] = (j + 1) * tasks;
  }

  let k = 0;
  if (spec.kind === "const") {
    durations.fill(spec.mean);
    estimates.fill(spec.mean);
  } else if (spec.kind === "exp") {
    const mean = spec.mean;
    for (let j = 0; j < jobs; j++) {
      let sum = 0;
      for (let i = 0; i < tasks; i++) {
        const d = -mean * log(1 - tasksRng.nextFloat());
        durations[k++] = d;
        sum += d;
      }
      estimates[j] = sum / tasks;
    }
  } else {
    const xm = spec.xm, inv = 1 / spec.alpha;
    for (let j = 0; j < jobs; j++) {
      let sum = 0;
      for (let i = 0; i < tasks; i++) {
        const d = xm * exp(-inv * log(1 - tasksRng.nextFloat())); // xm / (1 - u)^(1/α), host-independent (libm.ts)
        durations[k++] = d;
        sum += d;
      }
      estimates[j] = sum / tasks;
    }
  }

  return { name: poissonTraceName(o), arrivals, taskOffsets, durations, estimates };
}
