// Run configuration: a plain JSON-able object, validated in one place.
import { InputError, showValue } from "../errors.js";
import { checkCluster, clusterMaxSlots, clusterNodes, type ClusterSpec } from "./cluster.js";
import { COMMON_PARAMS, SCHEDULERS, checkParam, engineValue, findScheduler, type ParamSpec, type SchedulerSpec } from "./schedulers.js";

/** A run's configuration as given (resolveConfig validates it and fills in the defaults). */
export interface SimConfig {
  scheduler: string;
  nodes: number;
  slots: number;
  seed: number;
  /** Scheduler and common parameters by name (see `aviary schedulers`). */
  params: Record<string, number | boolean | string>;
  /** Workers with capacities and slot counts (src/config/cluster.ts): then `nodes` is the
   *  cluster's worker count and `slots` its largest slot count. Absent: resources are not
   *  modelled (every node has `slots` slots and nothing else). */
  cluster?: ClusterSpec;
}

/** A validated configuration with every parameter filled in. */
export interface ResolvedConfig extends SimConfig {
  spec: SchedulerSpec;
  /** The scheduler's position in its catalogue: the engine's registry index. */
  engineIndex: number;
  networkDelay: number;
  /** Scheduler parameters in the order of its description (enums as the value's position). */
  paramVector: Float64Array;
}

const NODES: ParamSpec = { name: "nodes", kind: "integer", default: 1, unit: "nodes", min: 1, max: 10_000_000, description: "" };
const SLOTS: ParamSpec = { name: "slots", kind: "integer", default: 1, unit: "slots/node", min: 1, max: 4096, description: "" };
const SEED: ParamSpec = { name: "seed", kind: "integer", default: 1, unit: "", min: 0, max: 2147483647, description: "" };

/** `catalogue`: the schedulers the engine was built with (default: the project's). */
export function resolveConfig(c: Partial<SimConfig> & { scheduler?: string },
                              catalogue: SchedulerSpec[] = SCHEDULERS): ResolvedConfig {
  const spec = findScheduler(c.scheduler ?? "sparrow", catalogue);
  const cluster = c.cluster === undefined ? undefined : checkCluster(c.cluster, "cluster");
  if (cluster && c.nodes !== undefined && c.nodes !== clusterNodes(cluster)) {
    throw new InputError(`cluster '${cluster.name}' has ${clusterNodes(cluster)} workers, and ${c.nodes} nodes were asked for (give one or the other)`);
  }
  if (cluster && spec.preemptive) {
    throw new InputError(`scheduler '${spec.name}' preempts tasks: a cluster with resources is modelled for non-preemptive schedulers only`);
  }
  const nodes = checkParam(NODES, cluster ? clusterNodes(cluster) : c.nodes ?? NODES.default, "nodes") as number;
  const slots = checkParam(SLOTS, cluster ? clusterMaxSlots(cluster) : c.slots ?? SLOTS.default, "slots") as number;
  const seed = checkParam(SEED, c.seed ?? SEED.default, "seed") as number;
  if (nodes * slots > 2 ** 31 - 1) throw new InputError(`nodes x slots = ${nodes * slots} is too large (at most 2^31-1 slots)`);
  const given = { ...(c.params ?? {}) };
  const all = [...COMMON_PARAMS, ...spec.params];
  for (const key of Object.keys(given)) {
    if (!all.some((p) => p.name === key)) {
      throw new InputError(`unknown parameter '${showValue(key)}' for scheduler '${spec.name}' (known: ${all.map((p) => p.name).join(", ")})`);
    }
  }
  const params: Record<string, number | boolean | string> = {};
  for (const p of all) {
    params[p.name] = key(given, p.name) ? checkParam(p, given[p.name], `scheduler '${spec.name}'`) : p.default;
  }
  if (typeof params.estErrorLow === "number" && (params.estErrorLow as number) > (params.estErrorHigh as number)) {
    throw new InputError(`scheduler '${spec.name}': estErrorLow=${params.estErrorLow} must not exceed estErrorHigh=${params.estErrorHigh}`);
  }
  if (params.oracle === true && params.tieBreak === "random") {
    throw new InputError(`scheduler '${spec.name}': oracle=true needs a computed tie value (tieBreak=variance or sum), not tieBreak=random`);
  }
  const problem = spec.check?.(params, nodes, slots);
  if (problem !== undefined) throw new InputError(`scheduler '${spec.name}': ${problem}`);
  // A resource-fit scheduler (fregata) on a cluster: its workers' slot counts are `coLocate`
  // (resources decide what fits; seed-fregata.md §6 item 5), not the cluster's.
  const runSlots = cluster && spec.resources ? Number(params.coLocate) : slots;
  const paramVector = new Float64Array(spec.params.length);
  spec.params.forEach((p, i) => { paramVector[i] = engineValue(p, params[p.name]); });
  return {
    scheduler: spec.name, nodes, slots: runSlots, seed, params, spec, engineIndex: catalogue.indexOf(spec),
    networkDelay: params.networkDelay as number, paramVector, ...(cluster ? { cluster } : {}),
  };
}

function key(o: object, k: string): boolean { return Object.prototype.hasOwnProperty.call(o, k); }

/** Parses `--set key=value` items into a params object (values checked later). */
export function parseSets(items: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const it of items) {
    const eq = it.indexOf("=");
    const key = eq > 0 ? it.slice(0, eq).trim() : "";
    if (key === "") {
      // (control characters and line separators escaped: the message stays on one line)
      const shown = it.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (ch) => {
        const c = ch.charCodeAt(0);
        return c <= 0xff ? `\\x${c.toString(16).padStart(2, "0")}` : `\\u${c.toString(16).padStart(4, "0")}`;
      });
      throw new InputError(`--set expects key=value, got '${shown}'`);
    }
    // Defined, not assigned: `out["__proto__"] = v` would set the object's prototype and lose the
    // item (resolveConfig then names it as an unknown parameter).
    Object.defineProperty(out, key, { value: it.slice(eq + 1).trim(), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
