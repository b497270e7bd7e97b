// Option helpers that several commands share (run, compare, slurm compare).
import { totalmem } from "node:os";
import { InputError } from "../errors.js";
import { numberOf } from "../config/schedulers.js";
import { parseSize } from "../engine/memory.js";
import { loadEngineRng } from "../engine/node.js";
import { findWorkload, generateWorkload } from "../workloads.js";
import type { Trace } from "../trace/types.js";

/** The memory a run may take: --max-memory, or 3/4 of the machine's memory. */
export function maxMemory(given: string | number | undefined): number {
  return given === undefined ? Math.floor(0.75 * totalmem()) : parseSize(String(given));
}

/** A generated workload (--workload, --jobs, --load) for `nodes` x `slots`, drawn with `seed`. */
export async function loadWorkload(input: { workload?: string; jobs?: number; load?: number }, nodes: number, slots: number,
                            seed: number): Promise<Trace> {
  const name = input.workload ?? "default";
  findWorkload(name); // an unknown name is reported before the engine is loaded
  const mod = await loadEngineRng();
  return generateWorkload(name, { jobs: input.jobs, load: input.load }, { nodes, slots, seed },
    (stream) => new mod.Rng(seed, stream));
}

/** Parses "a,b,c" into integers (for --nodes and --seed-list). */
export function intList(option: string, raw: string): number[] {
  const items = String(raw).split(",").map((x) => x.trim());
  return items.map((x) => {
    const v = numberOf(x);
    if (!Number.isInteger(v)) {
      throw new InputError(`--${option}: '${x}' in '${raw}' is not an integer (expected a comma-separated list, e.g. 1000,2000)`);
    }
    return v;
  });
}

/** Commander's parser of a numeric option: an integer or any number, else one line naming it. */
export function num(name: string, kind: "int" | "float" = "float") {
  return (raw: string): number => {
    const v = numberOf(raw);
    if (!Number.isFinite(v) || (kind === "int" && !Number.isInteger(v))) {
      throw new InputError(`option --${name}: '${raw}' is not ${kind === "int" ? "an integer" : "a number"}`);
    }
    return v;
  };
}

/** Commander's collector of a repeatable option. */
export function collect(value: string, prev: string[]): string[] { return [...prev, value]; }

export const ENGINE_DIR_HELP = "run on the engine built in this folder by aviary engine build (aviary's schedulers and your own; see docs/adding-a-scheduler.md)";
