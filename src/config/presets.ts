// Trace presets (`--preset google|yahoo|cloudera|facebook|kairos-testbed`): a trace's reporting
// cutoff, which is also the scheduling `cutoff` of every scheduler that has one, and the values
// each scheduler's own description (schedulers.ts `presets`) gives for the preset — so one
// scheduler's value for a trace (DLWL's Yahoo heartbeat) never reaches another that happens to
// have a parameter of the same name. Anything given explicitly wins over a preset.
// Browser-safe: no Node imports.
import { InputError, showValue } from "../errors.js";
import { COMMON_PARAMS, SCHEDULERS, type ParamSpec, type SchedulerSpec } from "./schedulers.js";

/** A trace preset (`--preset`): the papers' cutoff and setup for a trace; the schedulers' own values live in their descriptions. */
export interface Preset {
  name: string;
  /** The trace (or setup) the values belong to. */
  trace: string;
  /** Seconds. The reporting cutoff (a job is long when its mean task duration exceeds it) and
   *  the value of the scheduling parameter `cutoff`. Absent for setup presets (no trace). */
  cutoff?: number;
  /** Cores per node this setup assumes (not applied: give --slots). */
  slots?: number;
  /** Where the numbers come from (the schedulers' own values cite theirs in schedulers.ts). */
  source: string;
  /** A built-in cluster (src/config/cluster.ts) the preset runs on, unless --cluster is given. */
  cluster?: string;
  /** Setup presets that are whole experiments (Yaq's yaq-E*): the generated workload and the
   *  cluster size (`setup`) used unless --trace/--workload, --nodes, --slots are given. */
  workload?: string;
  /** With `workload`: its offered load (Poisson arrivals); absent: backlogged. */
  load?: number;
  setup?: { nodes: number; slots: number };
}

/** Every preset `--preset` accepts. */
export const PRESETS: Preset[] = [
  { name: "google", trace: "Google cluster trace (GOOG)", cutoff: 1129.532, source: "cutoff seed-hawk-eagle.md A1 (reference README)" },
  { name: "yahoo", trace: "Yahoo 2011 (YH)", cutoff: 90.5811, source: "cutoff A1" },
  { name: "cloudera", trace: "Cloudera-c (CCc)", cutoff: 272.783, source: "cutoff A1" },
  { name: "facebook", trace: "Facebook 2010 (FB)", cutoff: 76.5951, source: "cutoff A1" },
  // Pigeon's EC2 prototype (seed-pigeon.md §4.3, §5.6): 5,000 Google jobs scaled to 10 ms-100 s
  // tasks, 120 workers (3 groups x 40; the NYH_trace*.tr samples need 330 for their load labels),
  // 10 % reserved for Pigeon and Eagle, W = inf, cutoff 1 s.
  { name: "pigeon-ec2", trace: "Pigeon EC2 setting (NGO_/NYH_trace*.tr; 3 groups over --nodes: 120 for NGO, 330 for NYH)", cutoff: 1, source: "seed-pigeon.md §4.3, §5.6" },
  // Not a trace: the Kairos testbed (30 nodes x 4 cores). Use it with --slots 4.
  { name: "kairos-testbed", trace: "Kairos testbed (N = 4 cores per node; use --slots 4)", slots: 4, source: "seed-kairos-related.md §1.4 (testbed column)" },
  // Fregata's testbeds (seed-fregata.md §3.1): 50 servers of 4 cores, 16 GB, 720 GB, 1 GB/s, or
  // 30 EC2 instances of 2 cores, 4 GB; the cutoff T_th = 15 s separates `aviary gen fregata`'s
  // short and long jobs (A1: about the 90th percentile of the jobs' mean task duration).
  { name: "fregata-cluster", trace: "Fregata's real cluster (50 servers) with `aviary gen fregata` workloads", cutoff: 15, cluster: "fregata-cluster", source: "seed-fregata.md §3.1, A1, A15" },
  { name: "fregata-ec2", trace: "Fregata's EC2 testbed (30 instances) with `aviary gen fregata` workloads", cutoff: 15, cluster: "fregata-ec2", source: "seed-fregata.md §3.1, A1, A15" },
  // Dice's evaluation (seed-dice.md §3.5, §4): the trace's cutoff, its short partition as Min and
  // Max (Yahoo 2/10 %, Cloudera 9/17 %, Google 17/25 %) for hawk, eagle and their -dice variants.
  { name: "dice-yahoo", trace: "Yahoo (Dice: short partition 2 %, up to 10 %)", cutoff: 90.5811, source: "seed-dice.md §3.5, Table 2" },
  { name: "dice-cloudera", trace: "Cloudera (Dice: short partition 9 %, up to 17 %)", cutoff: 272.783, source: "seed-dice.md §3.5, Table 2" },
  { name: "dice-google", trace: "Google (Dice: short partition 17 %, up to 25 %)", cutoff: 1129.532, source: "seed-dice.md §3.5, Table 2" },
  // Yaq's experiments (seed-yaq.md §8; docs/results/yaq.md): 80 nodes x 10 slots and a generated
  // workload; each scheduler's values are in its description (schedulers.ts, `presets`).
  ...([
    ["yaq-E1", "yaq-5s", "Table 1 / Fig. 9: utilization vs queue length (5 s tasks; also yaq-10s, yaq-50s, yaq-mixed via --workload)"],
    ["yaq-E2", "yaq-gridmix-ms", "Fig. 10: fixed QS=x vs delay bound MWT=x, no reordering"],
    ["yaq-E3", "yaq-gridmix-ms", "Fig. 11: placement (wait time, queue length, random), QS = 6, EJF"],
    ["yaq-E4", "yaq-gridmix-ms", "Fig. 12: reordering SRJF, LRTF, STF at QS = 10, no starvation thresholds"],
    ["yaq-E5", "yaq-gridmix-ms", "Fig. 13: STF with ST in {0.5, 1.5, 10, inf}, QS = 10"],
    ["yaq-E6", "yaq-heavy", "Fig. 14: heavy-tailed GridMix-MS, SRJF, QS = 10"],
    ["yaq-E7", "yaq-hive", "Fig. 6, Table 3: Yaq-c on Hive-MS (QS = 4, wait time, SRJF, ST = 10 s)"],
    ["yaq-E8", "yaq-hive", "Fig. 7, Table 4: Yaq-d (rebalancing on) vs Mercury and batch sampling on Hive-MS"],
    ["yaq-E9", "yaq-capacity", "Fig. 8: Yaq-c with capacity queues A = 70 %, B = 30 % (jobs 50/50), SRJF, ST = 10 s"],
    ["yaq-E10", "yaq-hive", "Fig. 2: YARN, batch sampling and YARN+Q (FIFO, b = 4) on Hive-MS"],
  ] as const).map(([name, workload, what]): Preset => {
    // GridMix experiments and E8: Poisson arrivals at offered load 1.0 of the slots (spec §7 #2;
    // E8: docs/results/yaq.md says why); the utilization (E1) and E7, E10 backlogged. E3 at 0.8
    // (§7 #2's lowest load): at 1.0 the RM holds a backlog that refills each queue slot at the
    // heartbeat it opens, so Algorithm 1 has a single candidate node in 86 % of its decisions and
    // placement cannot matter (docs/models/yaq.md "Load of the GridMix experiments").
    const load = name === "yaq-E3" ? 0.8
      : workload === "yaq-gridmix-ms" || workload === "yaq-heavy" || name === "yaq-E8" ? 1.0 : undefined;
    return {
      name, trace: `Yaq ${what}; --workload ${workload}${load ? ` --load ${load}` : " (backlogged)"}, 80 nodes x 10 slots`,
      source: "seed-yaq.md §8", workload, ...(load ? { load } : {}), setup: { nodes: 80, slots: 10 },
    };
  }),
];

/** The preset named `name`; InputError (one line naming the known ones) otherwise. */
export function findPreset(name: string): Preset {
  const p = PRESETS.find((x) => x.name === name);
  if (!p) throw new InputError(`unknown preset '${showValue(name)}' (known: ${PRESETS.map((x) => x.name).join(", ")})`);
  return p;
}

function declared(spec: SchedulerSpec, common: ParamSpec[]): ParamSpec[] {
  return [...common, ...spec.params];
}

/** The values preset `preset` gives scheduler `spec`: the cutoff if it has one, then the
 *  scheduler's own values for the preset. */
export function presetParamsFor(preset: Preset, spec: SchedulerSpec, common: ParamSpec[] = COMMON_PARAMS): Record<string, number | boolean | string> {
  const out: Record<string, number | boolean | string> = {};
  if (preset.cutoff !== undefined && declared(spec, common).some((p) => p.name === "cutoff")) out.cutoff = preset.cutoff;
  return { ...out, ...(spec.presets?.[preset.name] ?? {}) };
}

/** Where a scheduler's parameters come from (paramsForScheduler): explicit values and a preset. */
export interface ParamSources {
  /** Parameters given explicitly (config file `params`, then `--set`): they win over the preset. */
  explicit?: Record<string, unknown>;
  preset?: Preset;
  /** Several schedulers at once: an explicit parameter goes only to the schedulers that declare
   *  it (see checkParamNames for keys none of them has). With one scheduler every explicit key
   *  is passed on, and resolveConfig rejects the unknown ones. */
  lenient?: boolean;
}

/**
 * The parameters to give scheduler `name`: the preset's values for the parameters it declares,
 * overridden by the explicit ones. `specs`/`common` default to the real catalogue (tests pass
 * their own). An unknown scheduler gets the explicit parameters as they are (resolveConfig
 * reports the name).
 */
export function paramsForScheduler(name: string, src: ParamSources, specs: SchedulerSpec[] = SCHEDULERS,
                                   common: ParamSpec[] = COMMON_PARAMS): Record<string, unknown> {
  const explicit = src.explicit ?? {};
  const spec = specs.find((s) => s.name === name);
  if (!spec) return { ...explicit };
  const names = new Set(declared(spec, common).map((p) => p.name));
  const fromPreset = src.preset ? presetParamsFor(src.preset, spec, common) : {};
  const given = src.lenient ? Object.fromEntries(Object.entries(explicit).filter(([k]) => names.has(k))) : explicit;
  return { ...fromPreset, ...given };
}

/**
 * With several schedulers: every explicit parameter must belong to at least one of them (or be
 * common to all). A name no scheduler has, or one that only unselected schedulers have, is an
 * InputError rather than silently ignored.
 */
export function checkParamNames(selected: string[], explicit: Record<string, unknown>, specs: SchedulerSpec[] = SCHEDULERS,
                                common: ParamSpec[] = COMMON_PARAMS): void {
  const commonNames = new Set(common.map((p) => p.name));
  for (const key of Object.keys(explicit)) {
    if (commonNames.has(key)) continue;
    const owners = specs.filter((s) => s.params.some((p) => p.name === key)).map((s) => s.name);
    if (owners.length === 0) {
      throw new InputError(`unknown parameter '${showValue(key)}' (no scheduler has it; see \`aviary schedulers\`)`);
    }
    if (!owners.some((o) => selected.includes(o))) {
      throw new InputError(`parameter '${showValue(key)}' applies to none of the selected schedulers (${selected.join(", ")}); it belongs to ${owners.join(", ")}`);
    }
  }
}
