// Pigeon's groups and reserved workers (seed-pigeon.md §7 #4-#6), computed as the engine does
// (assembly/schedulers/pigeon.ts): checked before a run so that a layout the engine could not run
// (a group with no worker for long tasks) is one clear line, and used by tests to know which
// workers are reserved. Browser-safe.

/** Pigeon's groups and reserved workers for a cluster (pigeonLayout). */
export interface PigeonLayout {
  groups: number;
  /** First node of each group (groups + 1 offsets). */
  start: number[];
  /** Reserved workers per group (with reservedUnit=slot: reserved slots). */
  reserved: number[];
  /** Units per node: 1 (reservedUnit=node), or the slots per node (reservedUnit=slot). */
  unitsPerNode: number;
  /** The first node of each group hosts its master and runs nothing. */
  hostMasters: boolean;
}

/** A scheduler's parameter values by name (resolveConfig's `params`). */
export type PigeonParams = Record<string, number | boolean | string>;

/** The engine's group count: `groups`, or round(N / groupSize) (halves up), at least 1; one for
 *  pigeon-central. */
export function pigeonGroups(nodes: number, p: PigeonParams, central = false): number {
  if (central) return 1;
  const given = Number(p.groups ?? 0);
  if (given > 0) return given;
  const size = Number(p.groupSize ?? 100);
  return Math.max(1, Math.floor((2 * nodes + size) / (2 * size)));
}

/** Pigeon's layout for `nodes` nodes and the scheduler's parameters `p`, as the engine computes it. */
export function pigeonLayout(nodes: number, p: PigeonParams, central = false, slots = 1): PigeonLayout {
  const unitsPerNode = p.reservedUnit === "slot" ? slots : 1;
  const groups = pigeonGroups(nodes, p, central);
  const base = Math.floor(nodes / groups);
  const extra = nodes % groups;
  const hostMasters = !central && p.hostMasters === true;
  const start: number[] = [];
  const reserved: number[] = [];
  let s = 0;
  for (let g = 0; g < groups; g++) {
    const size = base + (g < extra ? 1 : 0);
    start.push(s);
    const count = Number(p.reservedWorkers ?? -1);
    reserved.push(count >= 0 ? count : Math.floor((Number(p.reserved ?? 0) * size * unitsPerNode) / 100 + 0.5));
    s += size;
  }
  start.push(s);
  return { groups, start, reserved, unitsPerNode, hostMasters };
}

/** Whether node `n` is a reserved worker in `layout`. */
export function isReservedWorker(layout: PigeonLayout, n: number): boolean {
  let g = 0;
  while (layout.start[g + 1] <= n) g++;
  const first = layout.start[g] + (layout.hostMasters ? 1 : 0);
  return n >= first && n < first + layout.reserved[g];
}

/** A layout problem in one line, or undefined. */
export function checkPigeon(p: PigeonParams, nodes: number, central = false, slots = 1): string | undefined {
  const groups = pigeonGroups(nodes, p, central);
  if (groups > nodes) return `groups=${groups} needs at least ${groups} nodes (one worker per group), got --nodes ${nodes}`;
  const layout = pigeonLayout(nodes, p, central, slots);
  const unit = layout.unitsPerNode > 1 ? "slots" : "workers";
  for (let g = 0; g < groups; g++) {
    const size = layout.start[g + 1] - layout.start[g];
    const workers = (size - (layout.hostMasters ? 1 : 0)) * layout.unitsPerNode;
    if (workers < 1) return `hostMasters=true leaves no worker in a group of ${size} node(s) (${groups} group(s) on ${nodes} nodes)`;
    const given = Number(p.reservedWorkers ?? -1) >= 0 ? `reservedWorkers=${p.reservedWorkers}` : `reserved=${p.reserved}%`;
    if (layout.reserved[g] >= workers) {
      return `${given} reserves ${layout.reserved[g]} of the ${workers} ${unit} of a group of ${size} node(s)`
        + `${layout.hostMasters ? " (one hosts the master)" : ""}: long tasks need at least one ordinary worker per group `
        + `(${groups} group(s) on ${nodes} nodes; lower the reservation or enlarge the groups)`;
    }
  }
  return undefined;
}
