// The page's configuration: the form's values as text, the query string that shares them, and
// their validation into what the Worker runs. Pure functions (no DOM), so that Node tests the
// same code the page runs. Every problem is a FieldError: the field it belongs beside and one line.
import { WORKLOADS, findWorkload } from "../src/workloads.js";
import { COMMON_PARAMS, SCHEDULERS, checkParam, describeRange, numberOf, type ParamSpec } from "../src/config/schedulers.js";
import { PRESETS } from "../src/config/presets.js";
import { planCompare, type CompareOptions } from "../src/compare/grid.js";
import { checkPoissonOptions, parseDurationSpec } from "../src/trace/gen.js";
import { checkTraceLikeOptions } from "../src/trace/tracelike.js";

/** What the page accepts (a browser tab's memory and patience, not the engine's limits). */
export const LIMITS = {
  /** Bytes of an uploaded trace. */
  traceBytes: 64 * 1024 * 1024,
  /** Jobs of a generated workload. */
  jobs: 1_000_000,
  /** Tasks of a generated custom Poisson workload (jobs x tasks). */
  tasks: 20_000_000,
  /** Simulations in one comparison (schedulers x node counts x seeds). */
  runs: 100,
  /** Nodes of one run. */
  nodes: 200_000,
};

/** The custom Poisson workload's name in the form (the named ones come from src/workloads.ts). */
export const CUSTOM_POISSON = "poisson";
/** The form's choice for an uploaded trace. */
export const UPLOAD = "upload";

export interface PageConfig {
  /** A name of WORKLOADS, CUSTOM_POISSON, or UPLOAD. */
  workload: string;
  jobs: string;
  load: string;
  workloadSeed: string;
  /** Custom Poisson only. */
  tasks: string;
  duration: string;
  schedulers: string[];
  baseline: string;
  nodes: string;
  seeds: string;
  slots: string;
  engine: string;
  preset: string;
  cutoff: string;
  /** Explicit parameters by name (text as typed; empty = the default). */
  params: Record<string, string>;
}

export interface FieldError { field: string; message: string }

/** A workload to generate (named or custom Poisson) or the uploaded trace. */
export type WorkloadRequest =
  | { kind: "named"; name: string; jobs?: number; load?: number; seed: number }
  | { kind: "poisson"; jobs: number; tasks: number; duration: string; load: number; seed: number }
  | { kind: "upload" };

export interface RunRequest { workload: WorkloadRequest; compare: CompareOptions & { nodes: number[]; seeds: number[]; slots: number } }

export const DEFAULT_CONFIG: Readonly<PageConfig> = Object.freeze({
  workload: "default", jobs: "", load: "", workloadSeed: "1", tasks: "10", duration: "exp:1",
  schedulers: ["random", "sparrow", "lwl"], baseline: "sparrow", nodes: "1000", seeds: "1", slots: "1",
  engine: "wasm", preset: "", cutoff: "", params: {},
});

export function defaultConfig(): PageConfig {
  return { ...DEFAULT_CONFIG, schedulers: [...DEFAULT_CONFIG.schedulers], params: {} };
}

/** Query keys of the plain fields (a parameter is `set.NAME`). */
const KEYS: Record<string, keyof PageConfig> = {
  workload: "workload", jobs: "jobs", load: "load", wseed: "workloadSeed", tasks: "tasks", duration: "duration",
  schedulers: "schedulers", baseline: "baseline", nodes: "nodes", seeds: "seeds", slots: "slots",
  engine: "engine", preset: "preset", cutoff: "cutoff",
};

/** Every parameter a scheduler (or all of them) may take, once per name. */
export function paramSpecs(): Map<string, { spec: ParamSpec; schedulers: string[] }> {
  const out = new Map<string, { spec: ParamSpec; schedulers: string[] }>();
  for (const p of COMMON_PARAMS) out.set(p.name, { spec: p, schedulers: SCHEDULERS.map((s) => s.name) });
  for (const s of SCHEDULERS) {
    for (const p of s.params) {
      const e = out.get(p.name);
      if (e) e.schedulers.push(s.name);
      else out.set(p.name, { spec: p, schedulers: [s.name] });
    }
  }
  return out;
}

const PARAMS = paramSpecs();

/** The configuration a query string (`?workload=…&set.probeRatio=3`) describes; unknown keys and
 *  parameter names are errors (field "url"), values are checked later by `validate`. */
export function configFromQuery(search: string): { config: PageConfig; errors: FieldError[] } {
  const config = defaultConfig();
  const errors: FieldError[] = [];
  const q = new URLSearchParams(search.startsWith("?") || search.startsWith("#") ? search.slice(1) : search);
  for (const [key, value] of q) {
    if (key.startsWith("set.")) {
      const name = key.slice(4);
      if (!PARAMS.has(name)) {
        errors.push({ field: "url", message: `URL: unknown scheduler parameter '${name}' (set.${name})` });
      } else {
        config.params[name] = value;
      }
    } else if (Object.prototype.hasOwnProperty.call(KEYS, key)) {
      const f = KEYS[key];
      if (f === "schedulers") config.schedulers = value.split(",").map((s) => s.trim()).filter((s) => s !== "");
      else (config as unknown as Record<string, string>)[f] = value;
    } else {
      errors.push({ field: "url", message: `URL: unknown parameter '${key}' (known: ${Object.keys(KEYS).join(", ")}, set.NAME)` });
    }
  }
  if (!q.has("baseline") && q.has("schedulers") && !config.schedulers.includes(config.baseline)) {
    config.baseline = config.schedulers[0] ?? "";
  }
  return { config, errors };
}

/** The query string of a configuration: the fields that differ from the defaults. */
export function configToQuery(c: PageConfig): string {
  const q = new URLSearchParams();
  for (const [key, f] of Object.entries(KEYS)) {
    const v = f === "schedulers" ? c.schedulers.join(",") : String(c[f]);
    const d = f === "schedulers" ? DEFAULT_CONFIG.schedulers.join(",") : String(DEFAULT_CONFIG[f]);
    if (f === "tasks" || f === "duration") { if (c.workload === CUSTOM_POISSON) q.set(key, v); continue; }
    if (v !== d) q.set(key, v);
  }
  for (const [name, v] of Object.entries(c.params)) if (v.trim() !== "") q.set(`set.${name}`, v.trim());
  const s = q.toString();
  return s === "" ? "" : `?${s}`;
}


function intField(errors: FieldError[], field: string, label: string, text: string, min: number, max: number): number | undefined {
  const v = numberOf(text);
  if (!Number.isInteger(v) || v < min || v > max) {
    errors.push({ field, message: `${label} must be an integer in [${min}, ${max}], got '${text}'` });
    return undefined;
  }
  return v;
}

function intList(errors: FieldError[], field: string, label: string, text: string, min: number, max: number, example: string): number[] | undefined {
  const items = text.split(",").map((s) => s.trim());
  const out: number[] = [];
  for (const it of items) {
    const v = numberOf(it);
    if (!Number.isInteger(v) || v < min || v > max) {
      errors.push({ field, message: `${label} are integers in [${min}, ${max}], comma-separated (e.g. ${example}): '${it}' in '${text}' is not` });
      return undefined;
    }
    if (out.includes(v)) {
      errors.push({ field, message: `${label}: ${v} is listed twice` });
      return undefined;
    }
    out.push(v);
  }
  return out;
}

function message(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0];
}

/** Checks every field; the run to start, or the problems beside their fields (nothing runs). */
export function validate(c: PageConfig, upload?: { name: string; ok: boolean; message?: string }): { request: RunRequest; errors: [] } | { request?: undefined; errors: FieldError[] } {
  const errors: FieldError[] = [];
  // The cluster and the grid.
  const nodes = intList(errors, "nodes", "node counts", c.nodes, 1, LIMITS.nodes, "800,1000");
  const seeds = intList(errors, "seeds", "seeds", c.seeds, 0, 2147483647, "1,2,3");
  const slots = intField(errors, "slots", "slots per node", c.slots, 1, 4096);
  if (c.engine !== "wasm" && c.engine !== "js") errors.push({ field: "engine", message: `engine must be wasm or js, got '${c.engine}'` });
  if (c.preset !== "" && !PRESETS.some((p) => p.name === c.preset)) {
    errors.push({ field: "preset", message: `unknown preset '${c.preset}' (known: ${PRESETS.map((p) => p.name).join(", ")})` });
  }
  let cutoff: number | undefined;
  if (c.cutoff.trim() !== "") {
    cutoff = Number(c.cutoff.trim());
    if (!Number.isFinite(cutoff) || cutoff < 0) {
      errors.push({ field: "cutoff", message: `cutoff must be a number of seconds >= 0, got '${c.cutoff}'` });
      cutoff = undefined;
    }
  }
  // Schedulers.
  const unknown = c.schedulers.filter((s) => !SCHEDULERS.some((x) => x.name === s));
  if (unknown.length > 0) {
    errors.push({ field: "schedulers", message: `unknown scheduler '${unknown[0]}' (known: ${SCHEDULERS.map((s) => s.name).join(", ")})` });
  } else if (c.schedulers.length === 0) {
    errors.push({ field: "schedulers", message: "choose at least one scheduler" });
  } else if (new Set(c.schedulers).size !== c.schedulers.length) {
    errors.push({ field: "schedulers", message: "a scheduler is listed twice" });
  } else if (!c.schedulers.includes(c.baseline)) {
    errors.push({ field: "baseline", message: `baseline '${c.baseline}' is not one of the compared schedulers (${c.schedulers.join(", ")})` });
  }
  // Parameters, each against its description.
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(c.params)) {
    if (raw.trim() === "") continue;
    const e = PARAMS.get(name);
    if (!e) { errors.push({ field: "url", message: `unknown scheduler parameter '${name}'` }); continue; }
    if (unknown.length === 0 && c.schedulers.length > 0 && !e.schedulers.some((s) => c.schedulers.includes(s))) {
      errors.push({ field: `param:${name}`, message: `${name} is a parameter of ${e.schedulers.join(", ")}, none of which is selected` });
      continue;
    }
    try {
      checkParam(e.spec, raw, name);
      params[name] = raw.trim();
    } catch (err) {
      errors.push({ field: `param:${name}`, message: `${message(err).replace(/^[^:]*: /, "")}` });
    }
  }
  // The workload.
  let workload: WorkloadRequest | undefined;
  const wseed = intField(errors, "workloadSeed", "workload seed", c.workloadSeed, 0, 2147483647);
  const optJobs = c.jobs.trim() === "" ? undefined : intField(errors, "jobs", "jobs", c.jobs, 1, LIMITS.jobs);
  let optLoad: number | undefined;
  if (c.load.trim() !== "") {
    optLoad = Number(c.load.trim());
    if (!(Number.isFinite(optLoad) && optLoad > 0)) {
      errors.push({ field: "load", message: `load must be a number > 0 (a fraction of the cluster's slots), got '${c.load}'` });
      optLoad = undefined;
    }
  }
  if (c.workload === UPLOAD) {
    if (!upload) errors.push({ field: "trace", message: "choose a .tr or .csv trace file to upload" });
    else if (!upload.ok) errors.push({ field: "trace", message: `${upload.message ?? `the trace '${upload.name}' could not be read`}; choose another file` });
    else workload = { kind: "upload" };
  } else if (c.workload === CUSTOM_POISSON) {
    const jobs = c.jobs.trim() === "" ? 1000 : optJobs;
    const tasks = intField(errors, "tasks", "tasks per job", c.tasks, 1, 100_000);
    const load = optLoad ?? 0.8;
    // The duration's own message whatever the other fields hold (each problem beside its field).
    let durationOk = true;
    try {
      parseDurationSpec(c.duration);
    } catch (err) {
      durationOk = false;
      errors.push({ field: "duration", message: message(err).replace(/^--duration /, "duration ") });
    }
    if (jobs !== undefined && tasks !== undefined && jobs * tasks > LIMITS.tasks) {
      errors.push({ field: "tasks", message: `jobs x tasks = ${jobs * tasks}: the page generates at most ${LIMITS.tasks} tasks` });
    } else if (jobs !== undefined && tasks !== undefined && wseed !== undefined && durationOk) {
      try {
        checkPoissonOptions({ jobs, tasks, duration: c.duration, load, nodes: nodes?.[0] ?? 1, slots: slots ?? 1, seed: wseed });
        workload = { kind: "poisson", jobs, tasks, duration: c.duration.trim(), load, seed: wseed };
      } catch (err) {
        errors.push({ field: "duration", message: message(err).replace(/^--duration /, "duration ") });
      }
    }
  } else if (!WORKLOADS.some((w) => w.name === c.workload)) {
    errors.push({ field: "workload", message: `unknown workload '${c.workload}' (known: ${[...WORKLOADS.map((w) => w.name), CUSTOM_POISSON, UPLOAD].join(", ")})` });
  } else if (wseed !== undefined) {
    const w = findWorkload(c.workload);
    if (w.kind === "trace-like") {
      try {
        checkTraceLikeOptions({ generator: w.name, jobs: optJobs, load: optLoad, seed: wseed });
      } catch (err) {
        errors.push({ field: "jobs", message: message(err) });
      }
    }
    workload = { kind: "named", name: c.workload, jobs: optJobs, load: optLoad, seed: wseed };
  }
  if (nodes && seeds && c.schedulers.length * nodes.length * seeds.length > LIMITS.runs) {
    errors.push({ field: "seeds", message: `${c.schedulers.length} schedulers x ${nodes.length} node counts x ${seeds.length} seeds = `
      + `${c.schedulers.length * nodes.length * seeds.length} runs: the page runs at most ${LIMITS.runs} at once` });
  }
  if (errors.length > 0 || !nodes || !seeds || slots === undefined || !workload) return { errors };
  const compare = {
    schedulers: [...c.schedulers], baseline: c.baseline, nodes, seeds, slots, engine: c.engine as "wasm" | "js",
    preset: c.preset === "" ? undefined : c.preset, cutoff, params,
  };
  // What only the whole grid can tell (parameters against each other and the cluster).
  try {
    planCompare(compare);
  } catch (err) {
    const m = message(err);
    const named = Object.keys(params).find((n) => new RegExp(`\\b${n}\\b`).test(m));
    return { errors: [{ field: named ? `param:${named}` : "schedulers", message: m }] };
  }
  return { request: { workload, compare }, errors: [] };
}

/** A parameter's range and unit as the form shows them. */
export function paramHint(p: ParamSpec): string {
  return p.kind === "boolean" || p.kind === "enum" ? describeRange(p) : `${describeRange(p)} ${p.unit}`.trim();
}
