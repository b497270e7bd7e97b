// Clusters with multi-resource workers (issue #20; seed-fregata.md §3.1, §6 items 4-5, A15):
// groups of identical workers, each with a capacity per named dimension and a slot count.
// `--cluster FILE.json` or a built-in name (fregata-cluster, fregata-ec2, presets of the same
// names). Browser-safe: no Node imports (the CLI reads the file).
//
//   { "name": "two-sizes", "workers": [
//       { "count": 40, "slots": 4, "capacity": { "cpu": 4, "mem": 16, "disk": 720, "bw": 1 } },
//       { "count": 10, "slots": 8, "capacity": { "cpu": 8, "mem": 32, "disk": 720, "bw": 1 } } ] }
//
// A trace's demand dimensions are matched by name; every one must have a capacity in every
// worker group (a cluster dimension the trace does not have is ignored). A task whose demand no
// worker can hold is refused before the run (one line naming the task), never left waiting.
import { InputError, showValue } from "../errors.js";
import type { Trace } from "../trace/types.js";

export interface ClusterWorkers { count: number; slots: number; capacity: Record<string, number> }
/** A cluster of workers with capacities per resource dimension (`--cluster`; docs/trace-formats.md). */
export interface ClusterSpec { name: string; workers: ClusterWorkers[] }

/** The testbeds of seed-fregata.md §3.1: Palmetto's 50 Sun X2200 (quad-core Opteron 2356, 16 GB)
 *  and 30 EC2 instances (HP ProLiant ML110 G5: 2 cores [I, A15], 4 GB), each with 720 GB of disk
 *  and 1 GB/s of bandwidth. Units: cores, GB, GB, GB/s; slots = cores (A15). */
export const CLUSTERS: ClusterSpec[] = [
  { name: "fregata-cluster", workers: [{ count: 50, slots: 4, capacity: { cpu: 4, mem: 16, disk: 720, bw: 1 } }] },
  { name: "fregata-ec2", workers: [{ count: 30, slots: 2, capacity: { cpu: 2, mem: 4, disk: 720, bw: 1 } }] },
];

export function clusterNodes(c: ClusterSpec): number { return c.workers.reduce((s, w) => s + w.count, 0); }
export function clusterMaxSlots(c: ClusterSpec): number { return Math.max(...c.workers.map((w) => w.slots)); }

/** A unit cluster: `nodes` workers of capacity 1 on each of `dims` (demands as fractions of a
 *  machine, as Google 2011 and the converters write them) and `slots` slots. */
export function unitCluster(dims: string[], nodes: number, slots: number): ClusterSpec {
  return { name: "unit", workers: [{ count: nodes, slots, capacity: Object.fromEntries(dims.map((d) => [d, 1])) }] };
}

export function findCluster(name: string): ClusterSpec | undefined { return CLUSTERS.find((c) => c.name === name); }

/** Checks a cluster description (parsed JSON) and returns it typed; `where` names its source. */
export function checkCluster(raw: unknown, where: string): ClusterSpec {
  const bad = (what: string): never => { throw new InputError(`${where}: ${what}`); };
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) bad("a cluster is an object { \"name\", \"workers\": [...] }");
  const o = raw as Record<string, unknown>;
  for (const k of Object.keys(o)) if (k !== "name" && k !== "workers") bad(`unknown key '${showValue(k)}' (the keys are name, workers)`);
  const name = o.name === undefined ? "cluster" : o.name;
  if (typeof name !== "string" || name === "") bad("name must be a non-empty string");
  if (!Array.isArray(o.workers) || o.workers.length === 0) bad("workers must be a non-empty array of { count, slots, capacity }");
  const workers: ClusterWorkers[] = [];
  let total = 0;
  (o.workers as unknown[]).forEach((w, i) => {
    const at = `workers[${i}]`;
    if (typeof w !== "object" || w === null || Array.isArray(w)) bad(`${at} must be an object { count, slots, capacity }`);
    const x = w as Record<string, unknown>;
    for (const k of Object.keys(x)) if (!["count", "slots", "capacity"].includes(k)) bad(`${at}: unknown key '${showValue(k)}' (the keys are count, slots, capacity)`);
    const count = x.count;
    if (!(typeof count === "number" && Number.isInteger(count) && count >= 1 && count <= 10_000_000)) bad(`${at}.count must be an integer in [1, 10000000], got ${showValue(count)}`);
    const slots = x.slots === undefined ? 1 : x.slots;
    if (!(typeof slots === "number" && Number.isInteger(slots) && slots >= 1 && slots <= 4096)) bad(`${at}.slots must be an integer in [1, 4096], got ${showValue(slots)}`);
    const cap = x.capacity;
    if (typeof cap !== "object" || cap === null || Array.isArray(cap)) bad(`${at}.capacity must be an object of dimension: amount`);
    const capacity: Record<string, number> = {};
    for (const [d, v] of Object.entries(cap as Record<string, unknown>)) {
      if (!/^[A-Za-z0-9_-]+$/.test(d)) bad(`${at}.capacity: dimension name '${showValue(d)}' may only have letters, digits, _ and -`);
      if (!(typeof v === "number" && Number.isFinite(v) && v > 0)) bad(`${at}.capacity.${d} must be a finite number > 0, got ${showValue(v)}`);
      capacity[d] = v as number;
    }
    total += count as number;
    workers.push({ count: count as number, slots: slots as number, capacity });
  });
  if (total > 10_000_000) bad(`${total} workers in all: at most 10000000`);
  return { name: name as string, workers };
}

/** The engine's columns for `trace` on `cluster`: capacity per node over the trace's demand
 *  dimensions (node x D + d) and slots per node. Refuses (InputError, one line) a trace dimension
 *  the cluster lacks and a task no worker can hold. */
export function clusterColumns(cluster: ClusterSpec, trace: Trace): { capacity: Float64Array; slots: Int32Array } {
  const dims = trace.demandNames ?? [];
  const D = dims.length;
  for (const [i, w] of cluster.workers.entries()) {
    for (const d of dims) {
      if (!(d in w.capacity)) {
        throw new InputError(`cluster '${cluster.name}': workers[${i}] has no capacity for the trace's dimension '${d}' `
          + `(trace '${trace.name}' demands ${dims.join(";")}; the cluster has ${Object.keys(w.capacity).join(";") || "none"})`);
      }
    }
  }
  const n = clusterNodes(cluster);
  const capacity = new Float64Array(n * D);
  const slots = new Int32Array(n);
  let k = 0;
  for (const w of cluster.workers) {
    for (let c = 0; c < w.count; c++, k++) {
      slots[k] = w.slots;
      for (let d = 0; d < D; d++) capacity[k * D + d] = w.capacity[dims[d]];
    }
  }
  if (trace.demands && D > 0) {
    const dem = trace.demands;
    const tasks = trace.durations.length;
    // (the workers' capacities over the trace's dimensions, row by row: a task fits some row)
    const W = cluster.workers.length;
    const caps = new Float64Array(W * D);
    for (let w = 0; w < W; w++) for (let d = 0; d < D; d++) caps[w * D + d] = cluster.workers[w].capacity[dims[d]];
    for (let t = 0; t < tasks; t++) {
      let fits = false;
      for (let w = 0; w < W && !fits; w++) {
        let all = true;
        for (let d = 0; d < D && all; d++) all = dem[t * D + d] <= caps[w * D + d];
        fits = all;
      }
      if (!fits) {
        const job = jobOfTask(trace, t);
        const label = trace.taskIds ? `task '${trace.taskIds[t]}' of job '${trace.jobIds?.[job] ?? job}'` : `task ${t} (job ${job})`;
        const over = dims.map((d, i) => `${d}=${dem[t * D + i]}`).join(" ");
        const biggest = dims.map((d) => `${d}=${Math.max(...cluster.workers.map((w) => w.capacity[d]))}`).join(" ");
        throw new InputError(`trace '${trace.name}': ${label} demands ${over}, more than any worker of cluster '${cluster.name}' `
          + `can hold (largest capacities ${biggest})`);
      }
    }
  }
  return { capacity, slots };
}

function jobOfTask(t: Trace, task: number): number {
  let lo = 0;
  let hi = t.arrivals.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t.taskOffsets[mid] <= task) lo = mid; else hi = mid - 1;
  }
  return lo;
}
