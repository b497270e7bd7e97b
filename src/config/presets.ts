// Trace presets (`--preset google|yahoo|cloudera|facebook`): the reporting cutoff and the
// scheduler parameters the Hawk/Eagle papers give per trace (seed-hawk-eagle.md §1.3, §2.2(b),
// §2.6, A1, A2). A preset parameter reaches only the schedulers that declare a parameter of that
// name (src/config/schedulers.ts), and anything given explicitly wins over it.
// Browser-safe: no Node imports.
import { InputError } from "../errors.js";
import { COMMON_PARAMS, SCHEDULERS, type ParamSpec, type SchedulerSpec } from "./schedulers.js";

export interface Preset {
  name: string;
  /** The trace the values belong to. */
  trace: string;
  /** Seconds. The reporting cutoff (a job is long when its mean task duration exceeds it) and
   *  the value of the scheduling parameter `cutoff`. Absent for setup presets (no trace). */
  cutoff?: number;
  /** Percent of the nodes reserved for short jobs (parameter `shortPartition`). */
  shortPartition?: number;
  /** Seconds between load reports (parameter `heartbeat`, DLWL). */
  heartbeat?: number;
  /** Kairos' LAS quantum W in seconds (parameter `quantum`), where the Kairos chapter gives one. */
  quantum?: number;
  /** Kairos' admission bound beyond the cores (parameter `Q`). */
  Q?: number;
  /** Cores per node this setup assumes (not applied: give --slots). */
  slots?: number;
  /** Where the numbers come from. */
  source: string;
}

export const PRESETS: Preset[] = [
  {
    name: "google", trace: "Google cluster trace (GOOG)", cutoff: 1129.532, shortPartition: 17, heartbeat: 3, quantum: 10000,
    source: "cutoff A1 (reference README); partition §2.2(b); heartbeat §2.6; quantum seed-kairos-related.md §1.4",
  },
  {
    name: "yahoo", trace: "Yahoo 2011 (YH)", cutoff: 90.5811, shortPartition: 2, heartbeat: 7, quantum: 100,
    source: "cutoff A1; partition §2.2(b); heartbeat §2.6; quantum seed-kairos-related.md §1.4",
  },
  {
    name: "cloudera", trace: "Cloudera-c (CCc)", cutoff: 272.783, shortPartition: 9, heartbeat: 12,
    source: "cutoff A1; partition §2.2(b), A2 (9%, Table 3.1); heartbeat §2.6",
  },
  {
    // The papers give no heartbeat for Facebook (DLWL was evaluated on Google, Yahoo and
    // Cloudera only): we use Google's 3 s, the value the dissertation calls common in industry.
    name: "facebook", trace: "Facebook 2010 (FB)", cutoff: 76.5951, shortPartition: 2, heartbeat: 3,
    source: "cutoff A1; partition §2.2(b), A2 (2% as written); heartbeat not in the papers: Google's 3 s",
  },
  {
    // Not a trace: the Kairos testbed (30 nodes x 4 cores). Use it with --slots 4.
    name: "kairos-testbed", trace: "Kairos testbed (N = 4 cores per node; use --slots 4)", quantum: 50, Q: 4, slots: 4,
    source: "seed-kairos-related.md §1.4 (testbed column)",
  },
];

/** The scheduler parameters a preset sets, by name. */
export const PRESET_PARAMS = ["cutoff", "shortPartition", "heartbeat", "quantum", "Q"] as const;

export function findPreset(name: string): Preset {
  const p = PRESETS.find((x) => x.name === name);
  if (!p) throw new InputError(`unknown preset '${name}' (known: ${PRESETS.map((x) => x.name).join(", ")})`);
  return p;
}

/** The preset's value for parameter `p`. `shortPartition` is a percentage; should a scheduler
 *  declare it as a fraction (max <= 1), it gets the fraction instead. */
function presetValue(preset: Preset, p: ParamSpec): number | undefined {
  const v = preset[p.name as (typeof PRESET_PARAMS)[number]];
  if (v === undefined) return undefined;
  if (p.name === "shortPartition" && p.max !== undefined && p.max <= 1) return v / 100;
  return v;
}

function declared(spec: SchedulerSpec, common: ParamSpec[]): ParamSpec[] {
  return [...common, ...spec.params];
}

/** The preset parameters scheduler `spec` declares, with the preset's values. */
export function presetParamsFor(preset: Preset, spec: SchedulerSpec, common: ParamSpec[] = COMMON_PARAMS): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of declared(spec, common)) {
    const v = (PRESET_PARAMS as readonly string[]).includes(p.name) ? presetValue(preset, p) : undefined;
    if (v !== undefined) out[p.name] = v;
  }
  return out;
}

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
      throw new InputError(`unknown parameter '${key}' (no scheduler has it; see \`aviary schedulers\`)`);
    }
    if (!owners.some((o) => selected.includes(o))) {
      throw new InputError(`parameter '${key}' applies to none of the selected schedulers (${selected.join(", ")}); it belongs to ${owners.join(", ")}`);
    }
  }
}
