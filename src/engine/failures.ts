// What the engine's failure codes mean (assembly/errors.ts keeps the codes; a test checks that
// the two lists agree). A run the engine stops is reported in one line: the failure, where the
// run was, and what to do about it.

/** What one of the engine's failure codes means and how it is reported. */
export interface Failure {
  name: string;
  /** A limit the input or the configuration ran into (reported as bad input, exit 2), not a
   *  bug. */
  input?: true;
  /** How the detail is shown (default: as it is). */
  detail?: (d: number) => string;
  /** The message, with `{detail}` standing for the failure's detail. */
  text: string;
}

/** The engine's failure codes (assembly/errors.ts) and their messages. */
export const FAILURES: Record<number, Failure> = {
  1: { name: "E_SEQUENCE_OVERFLOW", text: "more than 2^31 events or probes in one run: split the trace, or raise a parameter that multiplies events (a tiny quantum or heartbeat period)", input: true },
  2: { name: "E_DELIVERY", text: "a delivery event asked for {detail} messages, more than are in flight (an engine bug)" },
  3: { name: "E_SLOT_OVERSUBSCRIBED", text: "node {detail} would run more tasks than it has slots (an engine or policy bug)" },
  4: { name: "E_PROBE_AT_BOUND_DISCIPLINE", text: "a late-bound probe reached node {detail}, whose discipline takes only bound tasks (the policy must bind tasks early)" },
  5: { name: "E_PROBE_LOST", text: "a sticky probe's record was not found in node {detail}'s queue (an engine bug)" },
  6: { name: "E_VALUE_UNDECLARED", text: "a node discipline wrote its per-record value without declaring usesValue (a discipline bug)" },
  7: { name: "E_TOO_MANY_JOBS", text: "{detail} jobs: the engine runs at most 134,217,727 jobs per run", input: true },
  8: { name: "E_QUEUE_ARENA_FULL", text: "the node queues outgrew their 2^26 records: the cluster is too small for the load", input: true },
  9: { name: "E_RANGE_OUTSIDE_VIEW", text: "a placement range starts at node {detail}, below the nodes the central LWL view covers (a policy bug)" },
  10: { name: "E_CALENDAR", text: "the event calendar was configured after events were queued (an engine bug)" },
  11: { name: "E_JOB_ORDER", text: "jobs were added out of order ({detail} given; the host feeds jobs in order)" },
  12: { name: "E_UNKNOWN_SCHEDULER", text: "the engine has no scheduler at index {detail}: it was built with another catalogue (rebuild with `npm run build`)" },
  13: { name: "E_UNKNOWN_PARAMETER", text: "the policy read a parameter its description does not declare (a name misspelled in its factory, or an engine built from another catalogue: rebuild)" },
  14: { name: "E_EVENT_NOT_PENDING", text: "an event that was not pending was cancelled (handle {detail}; an engine or policy bug)" },
  15: { name: "E_TIMER_OWNER", text: "a timer of kind {detail} fired with no owner registered (a policy bug)" },
  16: { name: "E_SLOT_BUSY", text: "a task was handed to slot {detail}, which holds a run (an engine or policy bug)" },
  17: { name: "E_DAG_UNSUPPORTED", text: "this scheduler runs bag-of-tasks jobs only, and the trace has task dependencies", input: true },
  18: { name: "E_TIME_RESOLUTION", detail: (us) => `${us / 1e6} s`, text: "a periodic step of {detail} (a heartbeat period or a quantum) no longer advances the clock: at these times doubles are spaced wider than the step; shift the trace's submission times toward 0 or lengthen the period", input: true },
  19: { name: "E_KEY_RANGE", text: "an integer-keyed index got a key at level {detail}, outside the range it was built for (an engine or policy bug)" },
  20: { name: "E_PARENTS_UNDECLARED", text: "a scheduler read a task's parents without declaring readsParents (a policy bug)" },
  30: { name: "E_POLICY_STATE", text: "the scheduler found its own state inconsistent at node or item {detail} (a policy bug)" },
  31: { name: "E_RUN_RECORD_UNNAMED", text: "the run record of task {detail} was used without being named by its caller (an engine bug)" },
  40: { name: "E_RESOURCE_OVERSUBSCRIBED", text: "node {detail} would run more than its capacity on a resource dimension or more tasks than its slots (an engine or policy bug)" },
  41: { name: "E_RESOURCES_PREEMPTIVE", text: "resources (a cluster with capacities) are modelled for non-preemptive schedulers only", input: true },
};

/** One line for a run the engine stopped with `code` (and `detail`). */
export function describeFailure(code: number, detail: number): string {
  const f = FAILURES[code];
  if (!f) return `engine failure ${code} (detail ${detail})`;
  return `${f.text.replace("{detail}", f.detail ? f.detail(detail) : String(detail))} [${f.name}]`;
}
