// Human-readable reports: the comparison table and the per-job CSV.
import type { RunSummary, ClassStats } from "../metrics/summary.js";
import { completionTimes, isLong } from "../metrics/summary.js";
import type { SimResult } from "../simulate.js";

function fmt(x: number): string {
  if (!Number.isFinite(x)) return "-";
  const a = Math.abs(x);
  if (a >= 1000) return x.toFixed(0);
  if (a >= 10) return x.toFixed(1);
  return x.toFixed(3);
}

function rateFmt(x: number): string {
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)} M`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(1)} k`;
  return String(Math.round(x));
}

function table(header: string[], rows: string[][]): string {
  const w = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join("  ");
  return [line(header), w.map((n) => "-".repeat(n)).join("  "), ...rows.map(line)].join("\n");
}

function classCells(c: ClassStats): string[] {
  return [String(c.jobs), fmt(c.mean), fmt(c.p50), fmt(c.p90), fmt(c.p99)];
}

/** One row per run: completion-time statistics per class, utilization, speed. */
export function formatRunTable(runs: RunSummary[]): string {
  if (runs.length === 0) return "";
  const r0 = runs[0];
  const withLong = runs.some((r) => r.long.jobs > 0);
  // With resource demands on a cluster the busy-slot share says little (fregata's workers have
  // coLocate slots): the column shows the mean resource utilisation instead, labelled so.
  const resUtil = runs.some((r) => r.resources);
  const head = [
    `trace ${r0.trace.name}: ${r0.trace.jobs} jobs, ${r0.trace.tasks} tasks; ${r0.resources ? `cluster ${r0.resources.cluster}: ${r0.nodes} workers`
      : `${r0.nodes} nodes x ${r0.slots} slots`}; seed ${r0.seed}; engine ${r0.engine}`,
    r0.cutoff === null ? "job completion times in seconds (no --cutoff: every job is short)"
      : `job completion times in seconds; long jobs: mean task duration > ${r0.cutoff} s`,
    ...(resUtil ? ["res util: allocated / capacity over the makespan, mean over the dimensions (the busy-slot share is the JSON's utilization)"] : []),
    "",
  ];
  const header = ["scheduler", withLong ? "short jobs" : "jobs", "mean", "p50", "p90", "p99"];
  if (withLong) header.push("long jobs", "mean", "p50", "p90", "p99");
  header.push(resUtil ? "res util" : "util", "events", "events/s", "wall s");
  const rows = runs.map((r) => {
    const cells = [r.scheduler, ...classCells(r.short)];
    if (withLong) cells.push(...classCells(r.long));
    const util = resUtil && r.resources ? r.resources.mean : r.utilization;
    cells.push(`${(100 * util).toFixed(1)}%${resUtil && !r.resources ? " slots" : ""}`, rateFmt(r.counters.events), rateFmt(r.eventsPerSecond), r.wallSeconds.toFixed(2));
    return cells;
  });
  const slow = ["scheduler", withLong ? "short p50" : "p50", "p90", "p99"];
  if (withLong) slow.push("long p50", "p90", "p99");
  const slowRows = runs.map((r) => {
    const cells = [r.scheduler, ...[r.slowdown.short.p50, r.slowdown.short.p90, r.slowdown.short.p99].map(fmt)];
    if (withLong) cells.push(...[r.slowdown.long.p50, r.slowdown.long.p90, r.slowdown.long.p99].map(fmt));
    return cells;
  });
  const withRes = runs.filter((r) => r.resources);
  let res = "";
  if (withRes.length > 0) {
    const dims = Object.keys(withRes[0].resources!.utilization);
    res = `\n\nresource utilisation (allocated / capacity over the makespan; cluster ${withRes[0].resources!.cluster})\n`
      + table(["scheduler", ...dims, "mean", "makespan s"], withRes.map((r) => [r.scheduler,
        ...dims.map((d) => `${(100 * (r.resources!.utilization[d] ?? 0)).toFixed(1)}%`),
        `${(100 * r.resources!.mean).toFixed(1)}%`, fmt(r.makespan)]));
  }

  const yaqRuns = runs.filter((r) => r.yaq);
  const yaq = yaqRuns.length === 0 ? "" : "\n\nYaq metrics (seed-yaq.md §4.1): JCT from the job's start (jctExec, the paper's), task queuing delay, throughput\n"
    + table(["scheduler", "jctExec mean", "p50", "p90", "p99", "queuing mean", "stdev", "median", "jobs/min", "util"],
      yaqRuns.map((r) => [r.scheduler, ...[r.yaq!.jctExec.mean, r.yaq!.jctExec.p50, r.yaq!.jctExec.p90, r.yaq!.jctExec.p99,
        r.yaq!.queueDelay.mean, r.yaq!.queueDelay.stdev, r.yaq!.queueDelay.median, r.yaq!.jobsPerMinute].map(fmt),
      `${(100 * r.yaq!.utilization).toFixed(1)}%`]))
    + yaqRuns.filter((r) => r.yaq!.capacity && r.yaq!.capacity.window > 0).map((r) => `\n${r.scheduler}: capacity queue A (capacityA ${r.params.capacityA} %) held `
      + `${(100 * r.yaq!.capacity!.shareA).toFixed(1)}% of the occupied slots, mean deviation ${(100 * r.yaq!.capacity!.deviation).toFixed(1)} points, `
      + `over the ${fmt(r.yaq!.capacity!.window)} s in which both queues had waiting tasks`).join("");
  return head.join("\n") + table(header, rows) + res
    + "\n\nslowdown: percentile of completion time / the same percentile of the jobs' longest task (per class)\n"
    + table(slow, slowRows) + yaq;
}

/** Per-job results of one or more runs on the same trace. */
export function perJobCsv(results: SimResult[], cutoff?: number): string {
  const out: string[] = ["scheduler,job_id,submit_time,tasks,estimate,class,finish_time,completion_time,preemptions,first_start"];
  for (const r of results) {
    const ct = completionTimes(r);
    const t = r.trace;
    for (let j = 0; j < ct.length; j++) {
      out.push(`${r.config.scheduler},${j},${t.arrivals[j]},${t.taskOffsets[j + 1] - t.taskOffsets[j]},${t.estimates[j]},`
        + `${isLong(t.estimates[j], cutoff) ? "long" : "short"},${r.finish[j]},${ct[j]},${r.preemptions ? r.preemptions[j] : 0},`
        + `${r.firstStart[j]}`);
    }
  }
  return out.join("\n") + "\n";
}
