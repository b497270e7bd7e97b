// `--cluster FILE.json|NAME` for run and compare (issue #20; src/config/cluster.ts): a built-in
// cluster by name, or a JSON file checked in one line per problem.
import { readFileSync } from "node:fs";
import { InputError, showValue } from "../errors.js";
import { CLUSTERS, checkCluster, findCluster, unitCluster, type ClusterSpec } from "../config/cluster.js";
import type { Trace } from "../trace/types.js";
import type { SchedulerSpec } from "../config/schedulers.js";

export const CLUSTER_HELP = `workers with resource capacities and slots: a JSON file, or ${CLUSTERS.map((c) => c.name).join(", ")} (docs/models/fregata.md)`;

export function loadClusterOption(value: string): ClusterSpec {
  const named = findCluster(value);
  if (named) return named;
  if (!value.endsWith(".json")) {
    throw new InputError(`--cluster: '${showValue(value)}' is neither a cluster (${CLUSTERS.map((c) => c.name).join(", ")}) nor a .json file`);
  }
  let text: string;
  try {
    text = readFileSync(value, "utf8");
  } catch (e) {
    throw new InputError(`--cluster: cannot read '${showValue(value)}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${value}: not valid JSON (${(e as Error).message})`);
  }
  return checkCluster(raw, value);
}

/** The unit cluster a run gets when its trace has demands, no cluster was given, and one of its
 *  schedulers places by resource fit (fregata): every scheduler of the command runs on it, so the
 *  comparison is on equal terms. A note on stderr says so. */
export function defaultCluster(trace: Trace, specs: SchedulerSpec[], nodes: number, slots: number): ClusterSpec | undefined {
  if (!trace.demandNames || !specs.some((s) => s.resources)) return undefined;
  process.stderr.write(`aviary: note: no --cluster: ${nodes} workers of capacity 1 on ${trace.demandNames.join(", ")} `
    + `and ${slots} slot${slots > 1 ? "s" : ""} each (demands as fractions of a machine)\n`);
  return unitCluster(trace.demandNames, nodes, slots);
}
