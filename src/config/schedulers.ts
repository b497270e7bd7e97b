// The scheduler catalogue: one declarative description per scheduler, from which everything
// else derives — the engine's registry (scripts/build.mjs generates
// assembly/registry.gen.ts from it: the description's position is the engine index,
// its parameters are read by name), validation (resolveConfig), `aviary schedulers`, the presets
// (presets.ts merges each description's per-preset values) and the test helpers' sets (binding,
// preemptive). Adding a scheduler = its engine file + one entry here (docs/adding-a-scheduler.md).
import { InputError, showValue } from "../errors.js";
import { checkPigeon } from "./pigeon.js";

/** A scheduler parameter: its kind, default, unit and allowed range (validation, `aviary schedulers`). */
export interface ParamSpec {
  name: string;
  kind: "number" | "integer" | "boolean" | "enum";
  default: number | boolean | string;
  /** enum: the allowed values (the engine receives the position; policies read the name). */
  values?: string[];
  unit: string;
  min?: number;
  max?: number;
  /** true when `min` itself is not allowed */
  minExclusive?: boolean;
  /** true when `max` itself is not allowed */
  maxExclusive?: boolean;
  /** The value `inf` is allowed too (kept as the string "inf"; the engine receives Infinity). */
  infinity?: boolean;
  description: string;
}

/** A policy's own time series (assembly/series.ts: the policy appends rows of these fields, in
 *  this order): decoded by the host into `policySeries[name]` of a run's result, and into the
 *  JSON output with `aviary run --series`. */
export interface SeriesSpec {
  name: string;
  fields: { name: string; unit: string; description: string }[];
}

/** A scheduler's description: its engine factory, binding, parameters and presets (docs/adding-a-scheduler.md). */
export interface SchedulerSpec {
  name: string;
  summary: string;
  /** Spec section this policy follows. */
  source: string;
  /** The engine's factory: `export function FACTORY(p: Params): Scheduler` in
   *  assembly/schedulers/MODULE.ts, MODULE a path below that folder such as `yaq/factories` (or, for
   *  a catalogue built beside the project, the file `file`). */
  engine: { module: string; factory: string; file?: string };
  /** "late": probes ask for their task when they reach a queue head (a get-task round trip holds
   *  the slot); "early": placements carry the task. */
  binding: "late" | "early";
  /** Nodes preempt running tasks (a task's wall time may exceed its duration). */
  preemptive?: boolean;
  /** Runs traces with task dependencies (the engine's DAG path). */
  dag?: boolean;
  /** Places by resource fit (fregata): with a trace that has demands and no cluster given, its
   *  runs (and the runs beside it in one command) get the unit cluster (src/config/cluster.ts). */
  resources?: boolean;
  /** Its page of model choices, relative to the repository root. */
  doc: string;
  /** Parameters the policy reads by name (their order is the engine's parameter slots). */
  params: ParamSpec[];
  /** Values this scheduler takes from a preset, by preset name (presets.ts). A preset's cutoff
   *  reaches every scheduler with a `cutoff` parameter without being listed here. */
  presets?: Record<string, Record<string, number | boolean | string>>;
  /** Checks that need several parameters or the cluster's size: a problem in one line (the
   *  parameters and their values), or undefined. */
  check?: (params: Record<string, number | boolean | string>, nodes: number, slots: number) => string | undefined;
  /** The policy's own time series, if it writes one. */
  series?: SeriesSpec;
}

/** Parameters every scheduler has (cluster and network). */
export const COMMON_PARAMS: ParamSpec[] = [
  {
    name: "networkDelay", kind: "number", default: 0.0005, unit: "s", min: 0, max: 60,
    description: "one-way delay of every message (probe, placement, get-task request/reply)",
  },
  {
    name: "compat", kind: "boolean", default: false, unit: "flag",
    description: "reproduce the reference (epfl-labos/eagle) simulator's quirks: durations and means truncated to whole seconds, identical submission times dephased by +0.01 s, Eagle's rejection decided at send time",
  },
];

const CUTOFF: ParamSpec = {
  name: "cutoff", kind: "number", default: 1129.532, unit: "s", min: 0, max: 1e12,
  description: "scheduling class: a job is long when its estimated task duration exceeds this (default: the Google trace's; see --preset)",
};
const SHORT_PARTITION: ParamSpec = {
  name: "shortPartition", kind: "number", default: 17, unit: "% of nodes", min: 0, max: 100, maxExclusive: true,
  description: "nodes [0, floor(p% x N)) run short tasks only (Google 17, Cloudera 9, Yahoo/Facebook 2); below 100, so that long jobs keep a general partition",
};
const PROBE_RATIO: ParamSpec = {
  name: "probeRatio", kind: "number", default: 2, unit: "probes/task", min: 1, max: 1000,
  description: "d: probes sent per task of a job (Sparrow's best value is 2)",
};

/** The short partitions of the Hawk/Eagle papers per trace (seed-hawk-eagle.md §2.2(b), A2). */
const PARTITIONS: Record<string, Record<string, number>> = {
  google: { shortPartition: 17 }, yahoo: { shortPartition: 2 }, cloudera: { shortPartition: 9 }, facebook: { shortPartition: 2 },
  // Pigeon's EC2 comparison reserves 10 % for Eagle as for Pigeon (seed-pigeon.md §5.6).
  "pigeon-ec2": { shortPartition: 10 },
  // Dice's evaluation (seed-dice.md §3.5, Table 2): the static short partition = Min.
  "dice-yahoo": { shortPartition: 2 }, "dice-cloudera": { shortPartition: 9 }, "dice-google": { shortPartition: 17 },
};

/** Parameters of pigeon and pigeon-central (seed-pigeon.md §2.6, §7); `grouped` adds the group
 *  layout and task mapping, which one master does not have. */
function pigeonParams(grouped: boolean): ParamSpec[] {
  const layout: ParamSpec[] = [
    { name: "groupSize", kind: "integer", default: 100, unit: "workers", min: 1, max: 10_000_000, description: "N_w: workers per group with one master each; the groups are round(nodes / groupSize), their sizes as even as possible (the first nodes mod groups groups one larger, §7 #5)" },
    { name: "groups", kind: "integer", default: 0, unit: "groups", min: 0, max: 10_000_000, description: "N_g: number of groups, overriding groupSize (0: from groupSize); the EC2 setting has 3" },
  ];
  const mapping: ParamSpec[] = [
    { name: "taskMapping", kind: "enum", default: "shuffle", values: ["shuffle", "interleaved", "contiguous"], unit: "choice", description: "which task goes to which master (§7 #3): the job's tasks in a random order (the spec's recommendation), in trace order paired as the authors' simulator does (leftover masters first, then round-robin in descending master order), or contiguous blocks in master order (the paper's toy example)" },
    { name: "leftover", kind: "enum", default: "random", values: ["random", "rotate"], unit: "choice", description: "the F mod N_g masters that take one task more: distinct random masters (§2.1), or the next ones of a rotating pointer shared by all jobs" },
    { name: "hostMasters", kind: "boolean", default: false, unit: "flag", description: "the first worker of each group hosts its master and runs no task (§7 #6; default: masters are separate zero-cost entities)" },
  ];
  return [
    { ...CUTOFF, description: "scheduling class: a job is short (HIGH queue, may use reserved workers) when its mean task duration <= this (Yahoo 90.5811, Cloudera 272.783, Google 1129.532, EC2 1)" },
    ...(grouped ? layout : []),
    { name: "reserved", kind: "number", default: 9, unit: "% of each group", min: 0, max: 100, maxExclusive: true, description: "reserved (high-priority) workers per group, round(reserved% x group size), the first ids of the group; they run short tasks only (Yahoo 2, Cloudera 7, Google 9, EC2 10)" },
    { name: "reservedWorkers", kind: "integer", default: -1, unit: "workers per group", min: -1, max: 10_000_000, description: "reserved workers per group as a count, overriding `reserved` (-1: use `reserved`)" },
    { name: "W", kind: "integer", default: 20, unit: "dispatches", min: 1, max: 1_000_000_000, infinity: true, description: "WFQ weight: while the LOW queue waits, at most W - 1 HIGH tasks are dispatched in a row (out of every W dispatches at least one LOW); inf = strict priority (§2.4)" },
    { name: "wfqMode", kind: "enum", default: "paper", values: ["paper", "reference"], unit: "choice", description: "which queue dispatches the WFQ count sees: those to ordinary workers (paper, §7 #1), or also those to reserved workers (the authors' simulator, whose FQW = W - 2)" },
    { name: "distributors", kind: "integer", default: 10, unit: "distributors", min: 1, max: 1_000_000, description: "N_s: distributed schedulers; each job goes to one uniformly at random" },
    { name: "distributorCost", kind: "number", default: 0, unit: "s/task", min: 0, max: 1e6, description: "time a distributor spends per task it sends to the masters; jobs wait for a busy distributor (0: the paper's simulations, where the distributors change nothing)" },
    ...(grouped ? mapping : []),
    { name: "idleOrder", kind: "enum", default: "fifo", values: ["fifo", "lifo"], unit: "choice", description: "which idle worker a master takes: the longest idle (fifo, the authors' simulator, §7 #7) or the most recently idle" },
    { name: "completion", kind: "enum", default: "result", values: ["result", "lastTaskEnd"], unit: "choice", description: "a job completes when its last result reaches the distributor, one network delay after its last task ends (§5.1, §7 #8), or when the last task ends (the Eagle simulator's reading)" },
    { name: "reservedUnit", kind: "enum", default: "node", values: ["node", "slot"], unit: "choice", description: "with several slots per node: the reserved workers are whole nodes (all their slots; `reserved`% of the group's nodes) or single slots (`reserved`% of the group's slots, one slot of each of the first nodes, then a second; seed-pigeon.md §1: a worker is a core; seed-fregata.md A15/A16). Identical with one slot" },
  ];
}

/** Pigeon's per-trace settings (§2.6, §5.6). */
const PIGEON_PRESETS = {
  google: { reserved: 9, W: 20 }, yahoo: { reserved: 2, W: 20 }, cloudera: { reserved: 7, W: 20 },
  "pigeon-ec2": { reserved: 10, W: "inf" },
  // Fregata's comparison (seed-fregata.md §5, A6, A16): 10 % reserved, strict priority.
  "fregata-cluster": { reserved: 10, W: "inf" }, "fregata-ec2": { reserved: 10, W: "inf" },
};

const BYPASS: ParamSpec = {
  name: "bypassFactor", kind: "number", default: 5, unit: "x task estimate", min: 0, minExclusive: true, max: 1e6,
  description: "SRPT starvation bound: a queued probe may be bypassed by at most this many times its task estimate of work",
};
/** The reference simulator's behaviours (issue #21), each switchable on its own; "auto" follows
 *  `compat` (on under compat=true, off otherwise). */
const LWL_ELAPSED: ParamSpec = {
  name: "lwlElapsed", kind: "enum", default: "auto", values: ["auto", "on", "off"], unit: "choice",
  description: "LWL load = work + 2 x delay - min(elapsed, estimate) of the running task it placed, as the reference's find_workers_long_job_prio / find_workers_dlwl (auto: on with compat; off: estimates of unfinished tasks only, A9)",
};

/** Estimation error (§5.6, §5.12): off by default (both bounds 1). */
function estimationParams(classifyByNoisy: boolean): ParamSpec[] {
  return [
    { name: "estErrorLow", kind: "number", default: 1, unit: "x estimate", min: 0, max: 1000, description: "each job's estimate is multiplied by U[estErrorLow, estErrorHigh], drawn once per job" },
    { name: "estErrorHigh", kind: "number", default: 1, unit: "x estimate", min: 0, max: 1000, description: "upper bound of the estimation-error factor (>= estErrorLow)" },
    { name: "classifyByNoisy", kind: "boolean", default: classifyByNoisy, unit: "flag", description: "classify short/long by the noisy estimate (true: Hawk §2.4.8) or the exact one (false: Eagle §3.6.5)" },
  ];
}

// Yaq's parameters (seed-yaq.md §9 defaults; docs/models/yaq.md).
const YAQ_HEARTBEAT: ParamSpec = { name: "heartbeat", kind: "number", default: 3, unit: "s", min: 0, minExclusive: true, max: 1e9, description: "τ: node-manager heartbeat period (random phase per node); Yaq-d/Mercury: the usage monitor's refresh period" };
const YAQ_JOBS: ParamSpec = { name: "maxConcurrentJobs", kind: "number", default: "inf", infinity: true, unit: "jobs", min: 1, max: 1e9, description: "admission cap: jobs admitted at once (the others wait in submission order; spec §7 #2)" };
const YAQ_COMMON: ParamSpec[] = [
  YAQ_HEARTBEAT,
  { name: "amPeriod", kind: "number", default: 1, unit: "s", min: 0, max: 1e6, description: "AM heartbeat period: an assignment reaches its job manager at the next one (random phase per job; 0: at once)" },
  { name: "launch", kind: "number", default: 0.75, unit: "s", min: 0, max: 1e6, description: "L_launch: container launch overhead after the AM receives an assignment (calibrated to Table 1, docs/models/yaq.md)" },
  YAQ_JOBS,
];
const YAQ_QUEUE: ParamSpec = { name: "queue", kind: "number", default: 4, infinity: true, unit: "tasks", min: 0, max: 1e6, description: "b: queued tasks per node (QS; inf: unbounded)" };
const YAQ_MAXWAIT: ParamSpec = { name: "maxWait", kind: "number", default: "inf", infinity: true, unit: "s", min: 0, max: 1e9, description: "WT_max: queue only on nodes whose wait-time estimate is below this (MWT; inf: off)" };
const YAQ_PLACEMENT: ParamSpec = { name: "placement", kind: "enum", default: "wait", values: ["wait", "length", "random"], unit: "", description: "Algorithm 1's node load: queue wait-time estimate (Algorithm 2), queue length, or a random node with room" };
const YAQ_ORDER: ParamSpec = { name: "order", kind: "enum", default: "srjf", values: ["srjf", "lrtf", "stf", "ejf", "fifo"], unit: "", description: "node queue order: shortest remaining job first, least remaining tasks first, shortest task first, earliest job first, or FIFO (no starvation rule)" };
const YAQ_ST: ParamSpec = { name: "ST", kind: "number", default: 10, infinity: true, unit: "s", min: 0, max: 1e9, description: "hard starvation threshold: a task queued longer is served first (inf: off)" };
const YAQ_STR: ParamSpec = { name: "STr", kind: "number", default: "inf", infinity: true, unit: "x estimate", min: 0, max: 1e9, description: "relative starvation threshold: starved after STr x its estimate (inf: off)" };
const YAQ_CAPACITY: ParamSpec = { name: "capacityA", kind: "number", default: "inf", infinity: true, unit: "%", min: 0, max: 100, description: "capacity queues (spec §4.5, E9): queue A (the trace's first user) gets this share of the cluster, queue B (every other user) the rest; the RM serves the least-served queue first, counting running + queued tasks (inf: no capacity queues)" };
/** Estimates and job-progress information (spec §7 #11-#13; yaq-c, yaq-d). */
const YAQ_ESTIMATES: ParamSpec[] = [
  { name: "estPrior", kind: "enum", default: "trace", values: ["trace", "none"], unit: "", description: "estimates from previous runs: the trace's (the yaq-* workloads give each task its stage's mean duration, spec §7 #11's oracle stage mean), or none (every task starts at estDefault)" },
  { name: "estDefault", kind: "number", default: 10, unit: "s", min: 0, max: 1e9, description: "the estimate of a task without a prior one (estPrior = none; spec §7 #11: 10 s)" },
  { name: "estNoise", kind: "number", default: 0, unit: "σ", min: 0, max: 5, description: "multiplicative lognormal noise on each job-stage's estimate: one factor exp(σZ) per stage (spec §7 #11's option: 0.5; 0: exact)" },
  { name: "estRefine", kind: "integer", default: "inf", infinity: true, unit: "tasks", min: 1, max: 1_000_000_000, description: "runtime refinement: after k completed tasks of a stage its estimate is the running mean of their durations (spec §7 #11's option: 3; inf: off)" },
  { name: "progressStaleness", kind: "enum", default: "heartbeat", values: ["exact", "heartbeat"], unit: "", description: "SRJF's remaining work and LRTF's remaining tasks at a node: the current values (exact), or the values as of the node's last heartbeat (spec §1.4, §7 #12-#13)" },
];
const YAQ_GLOBAL: ParamSpec = { name: "globalOrder", kind: "enum", default: "ejf", values: ["ejf", "srjf", "lrtf", "sjf"], unit: "", description: "the RM's job order for pending tasks (spec §2.7): earliest job (the capacity scheduler's FIFO), shortest remaining work, fewest remaining tasks, or least total estimated work" };
const YAQ_REBALANCE: ParamSpec = { name: "rebalance", kind: "boolean", default: false, unit: "flag", description: "dynamic queue rebalancing every τ: nodes above mean + 1 stdev of load give up queued tasks, re-placed (spec §2.4)" };

/** Yaq experiment presets (seed-yaq.md §8; docs/results/yaq.md): each system's values. */
const YAQ_C_PRESETS: Record<string, Record<string, number | boolean | string>> = {
  "yaq-E1": { queue: 6, order: "ejf", ST: "inf" },
  "yaq-E2": { queue: 4, order: "ejf", ST: "inf" },
  "yaq-E3": { queue: 6, order: "ejf", ST: "inf" },
  "yaq-E4": { queue: 10, order: "srjf", ST: "inf" },
  "yaq-E5": { queue: 10, order: "stf", ST: 0.5 },
  "yaq-E6": { queue: 10, order: "srjf", ST: "inf" },
  "yaq-E7": { queue: 4, placement: "wait", order: "srjf", ST: 10 },
  "yaq-E9": { queue: 4, placement: "wait", order: "srjf", ST: 10, capacityA: 70 },
};

/** The package's scheduler catalogue; a description's position is its engine registry index. */
export const SCHEDULERS: SchedulerSpec[] = [
  {
    name: "random", dag: true, engine: { module: "random", factory: "createRandom" }, binding: "early", doc: "docs/models/sparrow.md",
    source: "seed-hawk-eagle.md §2.0 (Sparrow paper baseline)",
    summary: "each task bound at once to a uniformly random node, FIFO queues, no probing",
    params: [],
  },
  {
    name: "sparrow", dag: true, engine: { module: "sparrow", factory: "createSparrow" }, binding: "late", doc: "docs/models/sparrow.md",
    source: "seed-hawk-eagle.md §2.0-§2.1",
    summary: "batch sampling: ceil(d*t) probes to random nodes, late binding, cancel after one round trip",
    params: [
      PROBE_RATIO,
      {
        name: "withoutReplacement", kind: "boolean", default: false, unit: "flag",
        description: "probe distinct nodes within a job (Sparrow proper); default samples with replacement like the reference simulator (A3)",
      },
    ],
  },
  {
    name: "lwl", dag: true, engine: { module: "lwl", factory: "createLwl" }, binding: "late", doc: "docs/models/lwl.md",
    source: "seed-hawk-eagle.md §2.3, §2.2(e)",
    summary: "fully centralized least-work-left for all jobs, indexed argmin over per-node estimated work, late-bound placements",
    params: [],
  },
  {
    name: "hawk", engine: { module: "hawk", factory: "createHawk" }, binding: "late", doc: "docs/models/hawk.md", presets: PARTITIONS,
    source: "seed-hawk-eagle.md §2.2",
    summary: "hybrid: short jobs by Sparrow probing over all nodes, long jobs by central LWL on the general partition, a short-only partition, randomized stealing of short probes queued behind long work",
    params: [
      CUTOFF, SHORT_PARTITION, PROBE_RATIO,
      { name: "stealing", kind: "boolean", default: true, unit: "flag", description: "ablation switch: idle nodes steal short probes from general-partition nodes" },
      { name: "stealAttempts", kind: "integer", default: 10, unit: "victims", min: 1, max: 1_000_000, description: "random victims tried each time a node goes idle" },
      { name: "centralLong", kind: "boolean", default: true, unit: "flag", description: "ablation switch: long jobs via central LWL (false: Sparrow probes within the general partition)" },
      { name: "partition", kind: "boolean", default: true, unit: "flag", description: "ablation switch: reserve the short partition (false: every node is general)" },
      ...estimationParams(true),
      LWL_ELAPSED,
    ],
  },
  {
    name: "split", engine: { module: "hawk", factory: "createSplit" }, binding: "late", doc: "docs/models/hawk.md", presets: PARTITIONS,
    source: "seed-hawk-eagle.md §2.4",
    summary: "static split cluster: short jobs probe only the short partition, long jobs by central LWL on the rest, no stealing",
    params: [CUTOFF, SHORT_PARTITION, PROBE_RATIO],
  },
  {
    name: "eagle", engine: { module: "eagle", factory: "createEagle" }, binding: "late", doc: "docs/models/eagle.md", presets: PARTITIONS,
    source: "seed-hawk-eagle.md §2.5",
    summary: "Hawk's hybrid plus succinct state sharing (probe rejection at nodes with long work, re-scheduling with the freshest bitvector, fallback to the short partition), a minimum of K probes, sticky batch probing and SRPT with a bypass bound",
    params: [
      CUTOFF, SHORT_PARTITION, PROBE_RATIO,
      { name: "minProbes", kind: "integer", default: 20, unit: "probes", min: 1, max: 1_000_000, description: "K: a short job sends max(K, ceil(d*t)) probes (ablation: 1)" },
      { name: "sss", kind: "boolean", default: true, unit: "flag", description: "ablation switch: succinct state sharing (reject short probes at nodes holding long work)" },
      { name: "sbpSrpt", kind: "boolean", default: true, unit: "flag", description: "ablation switch: sticky batch probing with SRPT reordering (false: FIFO, one task per probe)" },
      BYPASS,
      ...estimationParams(false),
      { name: "withoutReplacement", kind: "boolean", default: false, unit: "flag", description: "probe distinct nodes within a round (default: with replacement, A3)" },
      LWL_ELAPSED,
      { name: "srptLongJump", kind: "enum", default: "auto", values: ["auto", "on", "off"], unit: "choice", description: "the SBP/SRPT scan looks past long probes and may take one behind short ones (its job's remaining work the least so far, its estimate within their slack), as the reference's get_next_probe_acc_to_sbp_srpt (auto: on with compat; off: the scan stops at the first long probe, Algorithm 1)" },
    ],
  },
  {
    name: "clwl", engine: { module: "lwl", factory: "createClwl" }, binding: "late", doc: "docs/models/lwl.md", presets: PARTITIONS,
    source: "seed-hawk-eagle.md §2.7",
    summary: "omniscient centralized LWL for every task on exact live state, with Eagle's static partition (short jobs anywhere, long jobs on the general partition), FIFO queues",
    params: [CUTOFF, SHORT_PARTITION, ...estimationParams(false), LWL_ELAPSED],
  },
  {
    name: "dlwl", engine: { module: "dlwl", factory: "createDlwl" }, binding: "early", doc: "docs/models/dlwl.md",
    source: "seed-hawk-eagle.md §2.6",
    // Heartbeats of §2.6; the papers give none for Facebook: Google's 3 s, "common in industry".
    presets: {
      google: { shortPartition: 17, heartbeat: 3 }, yahoo: { shortPartition: 2, heartbeat: 7 },
      cloudera: { shortPartition: 9, heartbeat: 12 }, facebook: { shortPartition: 2, heartbeat: 3 },
      "pigeon-ec2": { shortPartition: 10 },
    },
    summary: "distributed LWL with early binding on heartbeat-stale node state plus noise, SRPT node queues with a bypass bound, Eagle's short partition",
    params: [
      CUTOFF, SHORT_PARTITION,
      { name: "heartbeat", kind: "number", default: 3, unit: "s", min: 0, minExclusive: true, max: 1e9, description: "period of the node-state heartbeat (Google 3, Yahoo 7, Cloudera 12)" },
      BYPASS,
      ...estimationParams(false),
      LWL_ELAPSED,
      { name: "dlwlSelfUpdate", kind: "enum", default: "auto", values: ["auto", "on", "off"], unit: "choice", description: "a job's placements update the view the next jobs decide on (on); off: every job decides on the last heartbeat's snapshot alone, heartbeats from t = 0, as the reference's JobArrival.run (auto: off with compat)" },
      { name: "dlwlNoise", kind: "enum", default: "auto", values: ["auto", "heartbeat", "job"], unit: "choice", description: "the anti-herding noise: U[0, heartbeat) per node per heartbeat, or an integer 0..floor(heartbeat) per node per job as the reference's randint (auto: job with compat)" },
    ],
  },
  {
    name: "kairos", engine: { module: "kairos", factory: "createKairos" }, binding: "early", preemptive: true, dag: true,
    doc: "docs/models/kairos.md",
    source: "seed-kairos-related.md §1.2-§1.4, §8",
    // Quanta of seed-kairos-related.md §1.4 (simulations: Yahoo 100 s, Google 10,000 s; testbed 50 s, Q = 4).
    presets: { google: { quantum: 10000 }, yahoo: { quantum: 100 }, "kairos-testbed": { quantum: 50, Q: 4 } },
    summary: "no runtime estimates: preemptive Least-Attained-Service nodes (quantum W, starvation guard) fed by a central FIFO queue; each task to the node with the fewest tasks (ties: lowest attained-service variance), at most N+Q per node; completions learnt from notices (or heartbeats with staleCounts), variances from heartbeats",
    params: [
      { name: "Q", kind: "integer", default: 2, unit: "tasks", min: 0, max: 1_000_000, description: "admission control: a node holds at most N + Q tasks (N = --slots); the spec's simulations use 2, its testbed 4" },
      { name: "quantum", kind: "number", default: 100, unit: "s", min: 0, minExclusive: true, max: 1e12, description: "W: after W s of a run the task yields to a suspended task with no more attained service (spec simulations: Yahoo 100, Google 10000; testbed 50)" },
      { name: "delta", kind: "number", default: 1, unit: "s", min: 1e-6, max: 1e9, description: "Δ: period of the nodes' heartbeats (attained-service variance; completions too with staleCounts); not in the thesis, the prototype's 1 s scheduling interval" },
      { name: "resumeCost", kind: "number", default: 0, unit: "s", min: 0, max: 1e9, description: "resume latency: seconds a resumed task's run begins with, its slot busy and no service (spec §8 #14; the thesis gives none)" },
      { name: "suspendCost", kind: "number", default: 0, unit: "s", min: 0, max: 1e9, description: "suspend latency: seconds the run that takes a suspended task's slot begins with, busy and no service (spec §8 #14; the thesis gives none)" },
      { name: "starvationPreemptions", kind: "integer", default: 3, unit: "preemptions", min: 0, max: 1_000_000, description: "starvation guard: a task suspended this many times gets a protected run at its next run (0: off; spec simulations 3)" },
      { name: "starvationQuanta", kind: "number", default: 2, unit: "x quantum", min: 0, minExclusive: true, max: 1e6, description: "length of the protected run, which neither arrivals nor quantum checks interrupt (prototype: 2W)" },
      { name: "staleCounts", kind: "boolean", default: false, unit: "flag", description: "learn completions only from heartbeats (Algorithm 3 as printed); default: a completion notice reaches the scheduler one network delay later (spec §8 #5 'exact' mode)" },
      { name: "tieBreak", kind: "enum", default: "variance", values: ["variance", "random", "sum"], unit: "choice", description: "among nodes with equal task counts: lowest attained-service variance (Kairos), a random one, or lowest cumulative attained service (the spec's Random and Sum ablations)" },
      { name: "oracle", kind: "boolean", default: false, unit: "flag", description: "compute the tie value (variance or sum) fresh at each placement instead of sampling it at heartbeats (spec §8 #6's oracle option; no heartbeats needed unless staleCounts); not with tieBreak=random" },
      { name: "swapMargin", kind: "number", default: 0, unit: "s", min: 0, max: 1e12, description: "quantum-end hysteresis: the runner yields only if its attained service exceeds the least-attained suspended task's by at least this much (0: the listing's <=; the prototype uses W/2, spec §8 #2)" },
      { name: "victimUsesStaleAttained", kind: "boolean", default: false, unit: "flag", description: "an arrival preempts the runner with the most stored attained service, ignoring the current run's progress (the printed listing, spec §8 #1); default: current attained service" },
      { name: "starvationWaits", kind: "boolean", default: false, unit: "flag", description: "count starvation as the thesis text does: a suspended task passed over at starvationPreemptions consecutive quantum-end decisions is forced in at the next decision point, for a protected run (spec §8 #3 'waitQuanta'); default: the prototype's count of the task's own suspensions" },
      { name: "argmin", kind: "enum", default: "kinetic", values: ["kinetic", "sweep"], unit: "choice", description: "how the node with the lowest tie value among those with the fewest tasks is found: a kinetic tournament over each node's value as a quadratic in time, comparing exactly only the nodes within rounding of its minimum, or a sweep computing every tied node's value (the reference); the same decisions either way" },
    ],
  },
  {
    name: "yarn-fifo", dag: true, engine: { module: "kairos", factory: "createYarnFifo" }, binding: "early", doc: "docs/models/yarn-fifo.md",
    source: "seed-kairos-related.md §2.1, §8 #20",
    summary: "YARN FIFO baseline: a central FIFO queue of tasks placed only on free slots (fewest tasks, lowest id), completions learnt from heartbeats, no node queues, no preemption",
    params: [
      { name: "delta", kind: "number", default: 1, unit: "s", min: 1e-6, max: 1e9, description: "Δ: period of the nodes' completion reports; freed slots are reused only after one (the prototype's 1 s scheduling interval)" },
    ],
  },
  {
    name: "big-c", engine: { module: "bigc", factory: "createBigC" }, binding: "early", preemptive: true, doc: "docs/models/big-c.md",
    source: "seed-kairos-related.md §2.2 (the [rec] simulator model)",
    summary: "Big-C: short jobs (estimate <= cutoff) have priority and a guaranteed share of the slots; central per-class FIFO queues place tasks on free slots, and a short task with no free slot preempts the most recently started long task on the node running the most long tasks while short tasks hold less than their share; suspended long tasks resume when their node frees a slot and no short task waits there",
    params: [
      CUTOFF,
      { name: "shortShare", kind: "number", default: 95, unit: "% of slots", min: 0, max: 100, description: "slots guaranteed to short jobs: short tasks preempt long ones only while they hold fewer (spec: 95%)" },
    ],
  },
  {
    name: "pigeon", engine: { module: "pigeon", factory: "createPigeon" }, binding: "early", dag: true, doc: "docs/models/pigeon.md",
    source: "seed-pigeon.md §1-§2, §7",
    presets: { ...PIGEON_PRESETS, "pigeon-ec2": { ...PIGEON_PRESETS["pigeon-ec2"], groups: 3 },
      // Groups of 10 workers as Fregata's masters (A6).
      "fregata-cluster": { ...PIGEON_PRESETS["fregata-cluster"], groupSize: 10 },
      "fregata-ec2": { ...PIGEON_PRESETS["fregata-ec2"], groupSize: 10 } },
    summary: "distributors spread each job's tasks evenly over group masters (no probing); a master keeps HIGH/LOW queues served by weighted fair queuing (weight W) and dispatches only to idle workers, a few of them reserved for short tasks; completions come back as idle notices",
    params: pigeonParams(true),
    check: (p, nodes, slots) => checkPigeon(p, nodes, false, slots),
  },
  {
    name: "pigeon-central", engine: { module: "pigeon", factory: "createPigeonCentral" }, binding: "early", dag: true, doc: "docs/models/pigeon.md",
    source: "seed-pigeon.md §3 (centralized counterpart), §7 #14",
    presets: PIGEON_PRESETS,
    summary: "Pigeon with one master over all workers (the paper's centralized counterpart): HIGH/LOW queues with WFQ, the same reserved fraction of all workers; with reserved=0 and one class it is a central FIFO",
    params: pigeonParams(false),
    check: (p, nodes, slots) => checkPigeon(p, nodes, true, slots),
  },
  {
    name: "fregata", engine: { module: "fregata/index", factory: "createFregata" }, binding: "early", dag: true, resources: true,
    doc: "docs/models/fregata.md",
    source: "seed-fregata.md §2, §7 (A1-A21)",
    summary: "job classification (logistic regression on a prefix, oracle, noisy oracle), Algorithm 1's dependency-aware groups sent to masters below a load threshold, tasks ordered by the dependency priority of §2.4, complementary pairs (largest DV) placed best-fit (smallest unused volume) on the masters' groups, HIGH before LOW, reserved workers for HIGH",
    params: [
      { ...CUTOFF, description: "T_th (A1): a job is short (HIGH priority) when its mean task duration is at most this; the label of the classifier and tau of the priority (default: the Google trace's)" },
      { name: "classifier", kind: "enum", default: "logreg", values: ["logreg", "oracle", "noisyOracle"], unit: "choice", description: "job classification (A2): logistic regression on Table I features trained on the first trainFraction % of jobs, the true label, or the true label flipped with probability noisyP" },
      { name: "trainFraction", kind: "number", default: 20, unit: "% of jobs", min: 0, max: 100, minExclusive: true, description: "logreg: the training prefix (A2)" },
      { name: "noisyP", kind: "number", default: 0.1, unit: "probability", min: 0, max: 1, description: "noisyOracle: probability of flipping a job's label (A2)" },
      { name: "w1", kind: "number", default: 0.5, unit: "weight", min: 0, max: 1000, description: "ω1: weight of the remaining time (§2.4, Table III)" },
      { name: "w2", kind: "number", default: 0.3, unit: "weight", min: 0, max: 1000, description: "ω2: weight of the waiting time, linear ageing per tau (§2.4)" },
      { name: "w3", kind: "number", default: 0.2, unit: "weight", min: 0, max: 1000, description: "ω3: weight of the allowable waiting time (slack to a soft deadline, §2.4)" },
      { name: "gamma", kind: "number", default: 0.5, unit: "coefficient", min: 0, max: 1, description: "γ: share of the children's priority added to a task's (§2.4, Table III)" },
      { name: "kappa", kind: "number", default: 2, unit: "x critical path", min: 0, max: 1e6, description: "κ: the soft deadline D = submission + κ x critical path of the allowable waiting time (§2.4)" },
      { name: "partition", kind: "enum", default: "pathCover", values: ["pathCover", "wcc"], unit: "choice", description: "Algorithm 1 (A3): greedy disjoint path cover (heaviest paths from the sources), or weakly connected components" },
      { name: "masterDispatch", kind: "enum", default: "groups", values: ["groups", "perTask"], unit: "choice", description: "A4: whole groups round-robin over the eligible masters (largest first), or tasks spread evenly as in Pigeon" },
      { name: "packWindow", kind: "integer", default: 32, unit: "tasks", min: 1, max: 4096, description: "K: the top tasks of a class queue packed at each dispatch (A8)" },
      { name: "maxPack", kind: "integer", default: 2, unit: "tasks", min: 1, max: 2, description: "tasks per packed entity (1: no packing; 2: complementary pairs, §2.5)" },
      { name: "normalizeDemands", kind: "boolean", default: true, unit: "flag", description: "A7: dominant resource and DV on demands divided by the largest capacity C'_k (false: raw units, paper-literal)" },
      { name: "loadThreshold", kind: "number", default: 0.85, unit: "load", min: 0, max: 1e6, minExclusive: true, description: "L_th^m: masters at or above this load receive no new groups (A5; Table III)" },
      { name: "groupSize", kind: "integer", default: 10, unit: "workers", min: 1, max: 10_000_000, description: "workers per master (A6): round(nodes / groupSize) masters" },
      { name: "rho", kind: "number", default: 10, unit: "% of group", min: 0, max: 100, maxExclusive: true, description: "ρ: reserved workers per group for HIGH tasks, ceil(ρ x size), at least 1 if ρ > 0, never the whole group (A16)" },
      { name: "coLocate", kind: "integer", default: 64, unit: "tasks/worker", min: 1, max: 4096, description: "with a cluster: tasks a worker may run at once (§6 item 5: Fregata places by resource fit and co-locates; the cluster's slot counts bind the slot-based baselines, A15)" },
      { name: "W", kind: "integer", default: "inf", unit: "dispatches", min: 1, max: 1_000_000_000, infinity: true, description: "the masters' HIGH/LOW queues (§2.7, A16): inf = strict priority (A16's and §7.1's default, wfqW: Infinity); an integer = weighted fair queuing with Pigeon's rule (wfq.ts): while LOW has tasks, at most W - 1 HIGH tasks are placed in a row, and a class that cannot place anything now lets the other go on" },
    ],
  },
  // Yaq (issue #18; spec seed-yaq.md; docs/models/yaq.md): YARN-style heartbeats on multi-slot nodes.
  {
    name: "yarn", dag: true, engine: { module: "yaq/factories", factory: "createYarn" }, binding: "early", doc: "docs/models/yaq.md",
    source: "seed-yaq.md §5.1 (stock YARN)",
    summary: "stock YARN: the RM fills a node's free slots only at that node's heartbeat (every τ, random phase), in job order; no node queues; each assignment reaches its AM at the AM's next heartbeat and is launched after a fixed overhead",
    params: [...YAQ_COMMON],
  },
  {
    name: "yarn-q", dag: true, engine: { module: "yaq/factories", factory: "createYarnQ" }, binding: "early", doc: "docs/models/yaq.md", presets: { "yaq-E10": { queue: 4 } },
    source: "seed-yaq.md §5.2 (YARN+Q)",
    summary: "YARN+Q: YARN whose RM also fills the heartbeating node's FIFO queue up to b tasks",
    params: [...YAQ_COMMON, { ...YAQ_QUEUE, default: 4 }],
  },
  {
    name: "yaq-c", dag: true, engine: { module: "yaq/factories", factory: "createYaqC" }, binding: "early", doc: "docs/models/yaq.md", presets: YAQ_C_PRESETS,
    source: "seed-yaq.md §2, §5.3",
    summary: "Yaq-c: YARN with bounded node queues (length b and/or wait bound WT_max), Algorithm 1 placement by queue wait-time estimate (or length, or random), queue reordering (SRJF/LRTF/STF/EJF) with Algorithm 3's starvation thresholds",
    params: [...YAQ_COMMON, YAQ_QUEUE, YAQ_MAXWAIT, YAQ_PLACEMENT, YAQ_ORDER, YAQ_ST, YAQ_STR,
      { name: "rfMin", kind: "number", default: 0, unit: "% of slots", min: 0, max: 100, description: "Rf_min (Algorithm 1): tasks are queued only when the free slots in the RM's view are at most this share (spec §7 #4: 0)" },
      YAQ_CAPACITY, YAQ_GLOBAL, ...YAQ_ESTIMATES],
  },
  {
    name: "yaq-d", dag: true, engine: { module: "yaq/factories", factory: "createYaqD" }, binding: "early", doc: "docs/models/yaq.md", presets: { "yaq-E8": { rebalance: true } },
    source: "seed-yaq.md §1.6, §5.6",
    summary: "Yaq-d: each job manager places its tasks straight into unbounded node queues by wait-time estimate (usage-monitor views refreshed every τ plus its own placements), SRJF reordering with starvation threshold ST, optional rebalancing",
    params: [YAQ_HEARTBEAT, YAQ_JOBS, YAQ_PLACEMENT, YAQ_ORDER, YAQ_ST, YAQ_STR, YAQ_REBALANCE, ...YAQ_ESTIMATES],
  },
  {
    name: "mercury", dag: true, engine: { module: "yaq/factories", factory: "createMercury" }, binding: "early", doc: "docs/models/yaq.md",
    source: "seed-yaq.md §5.4",
    summary: "distributed Mercury: each job manager places a task on a random one of the topK least loaded nodes by queue length (usage-monitor views every τ plus its own placements); FIFO unbounded queues",
    params: [YAQ_HEARTBEAT, YAQ_JOBS,
      { name: "topK", kind: "integer", default: 10, unit: "nodes", min: 1, max: 1000000, description: "k: the task goes to a uniformly random one of the k least loaded nodes (Hadoop's default 10)" },
      { ...YAQ_REBALANCE, default: false }],
  },
  {
    name: "mercury-sampling", dag: true, engine: { module: "yaq/factories", factory: "createMercurySampling" }, binding: "early", doc: "docs/models/yaq.md",
    source: "seed-yaq.md §5.5",
    summary: "batch sampling on Mercury (Sparrow without late binding): a batch of m ready tasks probes d x m distinct random nodes (fresh) and goes to the m least loaded; FIFO unbounded queues",
    params: [YAQ_HEARTBEAT, YAQ_JOBS, PROBE_RATIO],
  },
];

// Dice (seed-dice.md §3): `hawk-dice` and `eagle-dice` are their host's description (its
// parameters and presets) plus Dice's parameters, one mechanism (assembly/schedulers/dice/).
/** Dice's parameters (seed-dice.md §3.5; the open points are §8's recommendations). */
const DICE_PARAMS: ParamSpec[] = [
  { name: "es", kind: "boolean", default: true, unit: "flag", description: "Elastic Sizing (§3.2): each window, close k = floor(pES(Curr/Max) x (Max - Min)) general nodes to newly arriving long jobs (false: OP alone, the Fig. 13 ablation)" },
  { name: "op", kind: "boolean", default: true, unit: "flag", description: "Opportunistic Preemption (§3.3): each window, n = floor(pOP(Curr/Max) x CurrShort x multiplier) preemption requests to random general nodes (false: ES alone)" },
  { name: "diceWindow", kind: "number", default: 60, unit: "s", min: 0, minExclusive: true, max: 1e9, description: "monitoring window: ticks at t0 + k x window from the first arrival (§3.1, §8 #2)" },
  { name: "maxWaitTime", kind: "number", default: 1000, unit: "s", min: 0, minExclusive: true, max: 1e12, description: "MaxTaskWaitingTime: the mean short-task wait at which ES and OP act at full strength (§3.1; 1000 s for every trace, §8 #3)" },
  { name: "maxShortPartition", kind: "number", default: 25, unit: "% of nodes", min: 0, max: 100, maxExclusive: true, description: "MaxShortPartitionSize: the short partition may grow to floor(p% x N) nodes (Yahoo 10, Cloudera 17, Google 25; above shortPartition, the Min)" },
  { name: "esModel", kind: "enum", default: "linear", values: ["linear", "square", "sqrt"], unit: "choice", description: "ES response model p(x): x, x^2 or sqrt(x) (Dice: linear)" },
  { name: "opModel", kind: "enum", default: "square", values: ["linear", "square", "sqrt"], unit: "choice", description: "OP response model p(x) (Dice: square)" },
  { name: "opMultiplier", kind: "number", default: 1, unit: "x", min: 0, minExclusive: true, max: 1000, description: "OP multiplier on the requests (paper: 0.5, 1.0, 2.0; Dice: 1.0)" },
  { name: "suspendDelay", kind: "number", default: 3, unit: "s", min: 0, max: 1e9, description: "task suspension delay: the node is busy this long taking the checkpoint (§4.3)" },
  { name: "resumeDelay", kind: "number", default: 10, unit: "s", min: 0, max: 1e9, description: "task resumption delay: the node is busy this long before the task's remaining work (§4.3)" },
  { name: "suspendTimer", kind: "number", default: 100, unit: "s", min: 0, max: 1e9, description: "suspension duration: the timer started when the suspension completes, after which the long task resumes once the running short task ends (§4.3, §8 #10)" },
  { name: "maxSuspensions", kind: "integer", default: 2, unit: "suspensions", min: 0, max: 255, description: "a task is suspended at most this many times (§4.3)" },
  { name: "earlyResume", kind: "boolean", default: true, unit: "flag", description: "resume the long task as soon as no short probe is left to serve, rather than idle until the timer (§8 #11)" },
  { name: "esBlacklist", kind: "enum", default: "contiguous", values: ["contiguous", "random"], unit: "choice", description: "which general nodes ES converts: the contiguous block next to the short partition, i.e. the boundary moves (§8 #5), or k nodes re-drawn at random each window" },
  { name: "waitIncludesQueued", kind: "boolean", default: false, unit: "flag", description: "the window's mean also counts short tasks still waiting, at their current age (§8 #1 option; default: tasks that started in the window only)" },
];

/** Dice's controller, one row per window tick simulated (ticks stop while the system is empty;
 *  assembly/schedulers/dice/dice.ts pushRow). */
const DICE_SERIES: SeriesSpec = {
  name: "dice",
  fields: [
    { name: "time", unit: "s", description: "the tick's time" },
    { name: "shortPartition", unit: "nodes", description: "the short partition's size after the tick (Min + ES's k)" },
    { name: "meanWait", unit: "s", description: "the window's mean short-task wait" },
    { name: "samples", unit: "tasks", description: "the waits the mean averaged" },
    { name: "requests", unit: "requests", description: "OP requests sent at the tick" },
    { name: "honoured", unit: "requests", description: "requests honoured during the window that ended" },
  ],
};

/** Dice's Max per trace preset (§3.5: Min is the host's short partition). */
const DICE_MAX: Record<string, number> = { "dice-yahoo": 10, "dice-cloudera": 17, "dice-google": 25, yahoo: 10, cloudera: 17, google: 25 };

/** A host's description with Dice added. */
function diceHost(host: string, name: string, factory: string): SchedulerSpec {
  const h = SCHEDULERS.find((x) => x.name === host)!;
  const presets: Record<string, Record<string, number | boolean | string>> = {};
  for (const [k, v] of Object.entries(h.presets ?? {})) presets[k] = { ...v };
  for (const [k, max] of Object.entries(DICE_MAX)) presets[k] = { ...(presets[k] ?? {}), maxShortPartition: max };
  return {
    ...h, name, engine: { module: "dice/hosts", factory }, doc: "docs/models/dice.md", presets,
    preemptive: true, // OP suspends long tasks: a task's wall time may exceed its duration
    source: `seed-dice.md §3 on ${h.source}`,
    summary: `${host} with Dice: every 60 s the mean short-task wait drives Elastic Sizing (the short partition grows from shortPartition toward maxShortPartition, closed to new long jobs) and Opportunistic Preemption (random general nodes checkpoint-suspend their long task while short probes wait, resuming after a timer)`,
    params: [...h.params, ...DICE_PARAMS],
    series: DICE_SERIES,
    check: (p) => (p.es !== false && !(Number(p.maxShortPartition) > Number(p.shortPartition))
      ? `maxShortPartition (${p.maxShortPartition}%) must be above shortPartition (${p.shortPartition}%), Dice's Min < Max (or es=false)`
      : undefined),
  };
}

SCHEDULERS.push(diceHost("hawk", "hawk-dice", "createHawkDice"), diceHost("eagle", "eagle-dice", "createEagleDice"));

/** The description of scheduler `name` in `catalogue`; InputError (one line naming the known ones) otherwise. */
export function findScheduler(name: string, catalogue: SchedulerSpec[] = SCHEDULERS): SchedulerSpec {
  const s = catalogue.find((x) => x.name === name);
  if (!s) {
    throw new InputError(`unknown scheduler '${showValue(name)}' (known: ${catalogue.map((x) => x.name).join(", ")})`);
  }
  return s;
}

/** The number a user wrote: NaN for an empty text or one with a radix prefix ("0x64", "0b1",
 *  "0o7", which Number() alone reads); decimals and exponents as Number() reads them. The CLI's
 *  options, `--set` and the page's fields all read numbers through it. */
export function numberOf(text: string): number {
  const t = text.trim();
  return t === "" || /^[+-]?0[xob]/i.test(t) ? NaN : Number(t);
}

/** The value the engine receives for a parameter (enums: the value's position). */
export function engineValue(p: ParamSpec, v: number | boolean | string): number {
  if (p.kind === "enum") return (p.values ?? []).indexOf(String(v));
  if (p.infinity && v === "inf") return Infinity;
  return Number(v);
}

/** A parameter's allowed values as text: `[1, 1000] integer`, `true|false`, `a|b|c`. */
export function describeRange(p: ParamSpec): string {
  if (p.kind === "boolean") return "true|false";
  if (p.kind === "enum") return (p.values ?? []).join("|");
  const lo = p.min === undefined ? "-inf" : String(p.min);
  const hi = p.max === undefined ? "inf" : String(p.max);
  return `${p.minExclusive ? "(" : "["}${lo}, ${hi}${p.maxExclusive ? ")" : "]"}${p.kind === "integer" ? " integer" : ""}${p.infinity ? " or inf" : ""}`;
}

/** Parses and range-checks one parameter value given as text or JSON value. */
export function checkParam(p: ParamSpec, raw: unknown, where: string): number | boolean | string {
  if (p.kind === "enum") {
    const v = typeof raw === "string" ? raw.trim() : raw;
    if (typeof v === "string" && (p.values ?? []).includes(v)) return v;
    throw new InputError(`${where}: ${p.name} must be one of ${describeRange(p)}, got '${showValue(raw)}'`);
  }
  if (p.kind === "boolean") {
    if (raw === true || raw === "true" || raw === "1" || raw === 1) return true;
    if (raw === false || raw === "false" || raw === "0" || raw === 0) return false;
    throw new InputError(`${where}: ${p.name} must be true or false, got '${showValue(raw)}'`);
  }
  if (p.infinity && (raw === Infinity || (typeof raw === "string" && /^\s*(inf|infinity|∞)\s*$/i.test(raw)))) return "inf";
  const v = typeof raw === "number" ? raw : typeof raw === "string" ? numberOf(raw) : NaN;
  if (!Number.isFinite(v)) {
    throw new InputError(`${where}: ${p.name} must be a finite number (${p.unit}), got '${showValue(raw)}'`);
  }
  const bad = (p.kind === "integer" && !Number.isInteger(v))
    || (p.min !== undefined && (p.minExclusive ? v <= p.min : v < p.min))
    || (p.max !== undefined && (p.maxExclusive ? v >= p.max : v > p.max));
  if (bad) {
    throw new InputError(`${where}: ${p.name}=${showValue(raw)} is out of range: allowed ${describeRange(p)} (${p.unit})`);
  }
  return v;
}
