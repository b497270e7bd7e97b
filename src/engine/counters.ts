/** Names of the engine's core counter slots (assembly/config.ts C_*), reported by every run in
 *  this order. Field names are stable API. */
export const CORE_COUNTERS = [
  "events",          // events retired: processed, or cancelled before their time
  "messages",        // messages sent to nodes (probes + placements)
  "probes",          // late-bound reservations sent (Sparrow probes, LWL placements)
  "boundTasks",      // early-bound task placements sent
  "fetches",         // get-task round trips made by nodes (each holds a slot 2 x networkDelay)
  "staleProbes",     // round trips answered with a cancel (job had no unlaunched task)
  "tasksStarted",
  "maxQueueLength",  // longest node queue seen
  "probesBehindLong",   // short probes that arrived (not by stealing) at a node running or holding long work
  "shortAfterLong",     // short tasks started by a probe that had waited behind long work
  "rescheduledProbes",  // probes stolen (Hawk) or re-sent after a rejection (Eagle)
  "stealAttempts",
  "steals",             // successful steals (each moves a batch of probes)
  "rejectedProbes",     // short probes rejected at nodes holding long work (Eagle's SSS)
  "purgedProbes",       // exhausted sticky probes dropped from queues without a round trip
  "maxBypassRatio",     // SRPT: largest (work that bypassed a queued entry) / (its bound); <= 1
  "preemptions",        // preemptible runs (kairos, big-c): suspensions of running tasks
  "suspendedSeconds",   // preemptible runs: total time tasks spent suspended
  "resumeSeconds",      // preemptible runs: slot-seconds of suspend and resume overheads (busy, no service)
] as const;

/** The counters by name: the core ones, then those the policy registered (`extra`, the engine's
 *  counterNames(): one name per line). */
export function counterRecord(values: Float64Array, extra = ""): Record<string, number> {
  const out: Record<string, number> = {};
  CORE_COUNTERS.forEach((name, i) => { out[name] = values[i]; });
  if (extra !== "") extra.split("\n").forEach((name, i) => { out[name] = values[CORE_COUNTERS.length + i]; });
  return out;
}
