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
  "probesBehindLong",   // short probes that arrived (not by stealing) at a node running or holding long work
  "shortAfterLong",     // short tasks started by a probe that had waited behind long work
  "rescheduledProbes",  // probes stolen (Hawk) or re-sent after a rejection (Eagle)
  "stealAttempts",
  "steals",             // successful steals (each moves a batch of probes)
  "rejectedProbes",     // short probes rejected at nodes holding long work (Eagle's SSS)
  "purgedProbes",       // exhausted sticky probes dropped from queues without a round trip
  "maxBypassRatio",     // SRPT: largest (work that bypassed a queued entry) / (its bound); <= 1
  "preemptions",        // preemptive LAS (kairos): suspensions of running tasks (by arrivals or at quantum ends)
  "suspendedSeconds",   // preemptive LAS: total time tasks spent suspended in node queues
  "resumeSeconds",      // preemptive LAS: slot-seconds spent on the resume cost (busy, no service)
] as const;

export function counterRecord(values: Float64Array): Record<string, number> {
  const out: Record<string, number> = {};
  CORE_COUNTERS.forEach((name, i) => { out[name] = values[i]; });
  return out;
}
