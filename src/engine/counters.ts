/** Names of the engine's counter slots (assembly/sim.ts C_*). Field names are stable API. */
export const CORE_COUNTERS = [
  "events",          // events processed
  "messages",        // messages sent to nodes (probes + placements)
  "probes",          // late-bound reservations sent (Sparrow probes, LWL placements)
  "boundTasks",      // early-bound task placements sent
  "fetches",         // get-task round trips made by nodes (each holds a slot 2 x networkDelay)
  "staleProbes",     // round trips answered with a cancel (job had no unlaunched task)
  "tasksStarted",
  "maxQueueLength",  // longest node queue seen
] as const;

export function counterRecord(values: Float64Array): Record<string, number> {
  const out: Record<string, number> = {};
  CORE_COUNTERS.forEach((name, i) => { out[name] = values[i]; });
  return out;
}
