// `aviary compare`'s set-up, shared with `aviary slurm compare` (sweep.ts): every option
// checked, the trace read or generated once, the grid planned and its memory bounded, before
// anything runs.
import { InputError } from "../errors.js";
import { checkMemory, estimateRunMemory, optionalColumnBytes } from "../engine/memory.js";
import { parseSets } from "../config/config.js";
import { findScheduler } from "../config/schedulers.js";
import { findPreset } from "../config/presets.js";
import { workerCount } from "../compare/compare.js";
import { planCompare, type CompareOptions } from "../compare/grid.js";
import { readTraceFile } from "../trace/node.js";
import { checkOutputDir } from "../io.js";
import { plotSetup } from "./plot.js";
import { sweepOptions } from "./sweep-options.js";
import { defaultCluster, loadClusterOption } from "./cluster.js";
import { intList, loadWorkload, maxMemory } from "./options.js";
import { loadEngineDir } from "../engine/dir.js";
import { checkDagSupport } from "../simulate.js";

/** compare's options, trace and grid, all checked (for `aviary compare` and `aviary slurm compare`,
 *  which checks its own output and leaves the memory to Slurm's --mem). */
export async function prepareCompare(opts: Record<string, unknown>, slurm = false) {
  // 1. Options, each checked before anything is read or run.
  const trace = opts.trace as string | undefined;
  const workload = opts.workload as string | undefined;
  if (trace && workload) throw new InputError("give either --trace or --workload, not both");
  if (trace && (opts.jobs !== undefined || opts.load !== undefined || opts.workloadSeed !== undefined)) {
    throw new InputError("--jobs, --load and --workload-seed apply to --workload, not to --trace");
  }
  if (opts.seeds !== undefined && opts.seedList !== undefined) throw new InputError("give either --seeds or --seed-list, not both");
  let seeds: number[] | undefined;
  if (opts.seeds !== undefined) {
    const n = opts.seeds as number;
    if (n < 1) throw new InputError(`--seeds must be at least 1, got ${n}`);
    if (n > 100_000) throw new InputError(`--seeds must be at most 100000, got ${n}`);
    seeds = Array.from({ length: n }, (_, i) => i + 1);
  } else if (opts.seedList !== undefined) {
    seeds = intList("seed-list", String(opts.seedList));
  }
  const options: CompareOptions = {
    schedulers: opts.schedulers === undefined ? undefined : String(opts.schedulers).split(",").map((s) => s.trim()),
    baseline: opts.baseline as string | undefined,
    nodes: opts.nodes === undefined ? undefined : intList("nodes", String(opts.nodes)),
    seeds,
    slots: opts.slots as number | undefined,
    engine: opts.engine as "wasm" | "js" | undefined,
    preset: opts.preset as string | undefined,
    cutoff: opts.cutoff as number | undefined,
    params: parseSets((opts.set as string[]) ?? []),
    ...(opts.cluster !== undefined ? { cluster: loadClusterOption(String(opts.cluster)) } : {}),
  };
  // An engine folder (aviary engine build) brings its catalogue: the package's schedulers and its own.
  if (opts.engineDir !== undefined) {
    options.engineDir = String(opts.engineDir);
    options.catalogue = (await loadEngineDir(options.engineDir)).catalogue;
  }
  let plan = planCompare(options);
  const workers = workerCount(opts.workers as number | undefined, plan.runs.length);
  const output = slurm ? undefined : opts.output as string | undefined;
  if (output !== undefined) checkOutputDir(output);
  const format = (opts.format as string | undefined) ?? "table";
  const plots = plotSetup(opts, "compare");
  const sweep = slurm ? undefined : sweepOptions(opts, plots); // -o FILE.jsonl, --shard, --resume
  // 2. The trace, once (a generated workload is sized for the first node count).
  const experiment = options.preset !== undefined && workload === undefined ? findPreset(options.preset) : undefined;
  const t = trace ? await readTraceFile(trace)
    : await loadWorkload({ workload: workload ?? experiment?.workload, jobs: opts.jobs as number | undefined,
      load: (opts.load as number | undefined) ?? experiment?.load },
      plan.nodes[0], plan.slots, (opts.workloadSeed as number | undefined) ?? 1);
  if (!plan.runs.some((r) => r.config.cluster) && !(options.preset && findPreset(options.preset).cluster)) {
    const unit = defaultCluster(t, plan.schedulers.map((s) => findScheduler(s, options.catalogue)), plan.nodes[0], plan.slots);
    if (unit) {
      if (plan.nodes.length > 1) throw new InputError("a trace with demands and a resource-aware scheduler runs on one cluster: give --cluster, or one --nodes");
      options.cluster = unit;
      options.nodes = undefined;
      plan = planCompare(options);
    }
  }
  // Every scheduler of the grid can run the trace (a DAG), before the first run writes a cell.
  for (const s of plan.schedulers) checkDagSupport(t, { scheduler: s, spec: findScheduler(s, options.catalogue) });
  if (slurm) return { options, plan, workers, output, format, plots, sweep, t };
  // 3. Memory, before any run: the trace once (the workers share it), and an engine per worker
  // at the largest of the grid's bounds.
  const limit = maxMemory(opts.maxMemory as string | undefined);
  const shape = { jobs: t.arrivals.length, tasks: t.durations.length, optionalBytes: optionalColumnBytes(t) };
  let worst: { e: ReturnType<typeof estimateRunMemory>; run: (typeof plan.runs)[number] } | undefined;
  for (const run of plan.runs) {
    const e = estimateRunMemory(shape, { nodes: run.nodes, slots: plan.slots, spec: findScheduler(run.scheduler, options.catalogue) });
    if (!worst || e.engineBytes > worst.e.engineBytes) worst = { e, run };
  }
  if (worst) {
    const e = { hostBytes: worst.e.hostBytes, engineBytes: workers * worst.e.engineBytes, totalBytes: 0 };
    e.totalBytes = e.hostBytes + e.engineBytes;
    checkMemory(e, limit, `this grid (${workers} worker${workers === 1 ? "" : "s"} at once, the largest run '${worst.run.scheduler}' on `
      + `${worst.run.nodes} nodes; ${t.arrivals.length} jobs, ${t.durations.length} tasks)`);
  }
  return { options, plan, workers, output, format, plots, sweep, t };
}
