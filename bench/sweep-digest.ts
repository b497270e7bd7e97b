// A wide result digest for refactors that must not move results: 168 runs over every ablation
// and mode (compat, Kairos' tie-breaks and starvation variants, multi-slot nodes) on generated
// google-like and yahoo-like workloads and the YH1 sample, recording every other run's tasks.
// Each run is reduced to a hash of its per-job finish times, counters, busy time and (recorded
// runs) per-task start, end, node, runs and service; the last line is their hash.
//
//   node dist/bench/sweep-digest.js [--engine wasm|js] [--filter SCHEDULER] [ROOT]
//
// ROOT is a built checkout of this package (default: this one), so an older build can be swept
// with the same cases (a `git worktree` of the commit before a change, after its build). Takes
// about 3 minutes on the Wasm engine, 6 on the JS engine. The YH1 cases need ../shared/traces.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const valued = ["--engine", "--filter"];
const root = args.find((a, i) => !a.startsWith("--") && !valued.includes(args[i - 1]))
  ?? fileURLToPath(new URL("../..", import.meta.url));
const engine = args.includes("--engine") ? args[args.indexOf("--engine") + 1] : "wasm";
const filter = args.includes("--filter") ? args[args.indexOf("--filter") + 1] : "";
const at = (p: string): Promise<any> => import(pathToFileURL(resolve(root, "dist/src", p)).href);
const { loadEngine, loadEngineRng } = await at("engine/node.js");
const { resolveConfig } = await at("config/config.js");
const { runSimulation } = await at("simulate.js");
const { generateWorkload } = await at("workloads.js");
const { readTraceFile } = await at("trace/node.js");
const { findScheduler } = await at("config/schedulers.js");
const { Rng } = await loadEngineRng();
const factory = await loadEngine(engine);
const g = generateWorkload("google-like", { jobs: 6000 }, { nodes: 3000, slots: 1, seed: 2 }, (s: number) => new Rng(2, s));
const y = generateWorkload("yahoo-like", { jobs: 4000 }, { nodes: 2000, slots: 1, seed: 3 }, (s: number) => new Rng(3, s));
const yh1Path = fileURLToPath(new URL("../../../shared/traces/YH1_sub.tr", import.meta.url));
const yh1 = existsSync(yh1Path) ? await readTraceFile(yh1Path) : undefined;
if (!yh1) console.log(`(${yh1Path} is absent: its cases are skipped, so the last line differs from a run that has it)`);
type Case = { s: string; trace: any; tname: string; nodes: number; slots: number; params: Record<string, unknown> };
const cases: Case[] = [];
const add = (s: string, trace: any, tname: string, nodes: number, slots: number, params: Record<string, unknown>) =>
  cases.push({ s, trace, tname, nodes, slots, params });

const G = 1129.532, Y = 90.5811;
const sets: Array<[any, string, number, number]> = [[g, "g6k", G, 3000], [y, "y4k", Y, 1500]];
if (yh1) sets.push([yh1, "yh1", Y, 3000]);
for (const [trace, tname, cut, n] of sets) {
  add("random", trace, tname, n, 1, {}); add("random", trace, tname, n, 3, { networkDelay: 0.01 });
  add("sparrow", trace, tname, n, 1, { withoutReplacement: true }); add("sparrow", trace, tname, n, 2, { probeRatio: 3, compat: true });
  add("lwl", trace, tname, n, 2, {}); add("lwl", trace, tname, n, 1, { compat: true });
  for (const p of [{}, { stealing: false }, { centralLong: false }, { partition: false }, { estErrorLow: 0.5, estErrorHigh: 1.5 },
    { estErrorLow: 0.5, estErrorHigh: 1.5, classifyByNoisy: false }, { compat: true }, { stealAttempts: 3, probeRatio: 1.5 }])
    add("hawk", trace, tname, n, 1, { cutoff: cut, ...p });
  add("hawk", trace, tname, n, 3, { cutoff: cut });
  add("split", trace, tname, n, 1, { cutoff: cut, shortPartition: 30 });
  for (const p of [{}, { sss: false }, { sbpSrpt: false }, { minProbes: 1 }, { withoutReplacement: true }, { compat: true },
    { estErrorLow: 0.5, estErrorHigh: 2 }, { bypassFactor: 1.5 }, { compat: true, sbpSrpt: false }, { shortPartition: 0 }])
    add("eagle", trace, tname, n, 1, { cutoff: cut, ...p });
  add("eagle", trace, tname, n, 4, { cutoff: cut });
  add("clwl", trace, tname, n, 1, { cutoff: cut, compat: true }); add("clwl", trace, tname, n, 2, { cutoff: cut, estErrorLow: 0.7, estErrorHigh: 1.3 });
  for (const p of [{}, { heartbeat: 7 }, { bypassFactor: 2 }, { estErrorLow: 0.5, estErrorHigh: 1.5 }, { compat: true }])
    add("dlwl", trace, tname, n, 1, { cutoff: cut, ...p });
  add("dlwl", trace, tname, n, 3, { cutoff: cut });
  for (const p of [{}, { staleCounts: true }, { tieBreak: "random" }, { tieBreak: "sum" }, { oracle: true }, { oracle: true, tieBreak: "sum" },
    { oracle: true, staleCounts: true }, { swapMargin: 50 }, { victimUsesStaleAttained: true }, { starvationWaits: true },
    { resumeCost: 1 }, { starvationPreemptions: 0 }, { Q: 0 }, { quantum: 10 }, { quantum: 5, starvationWaits: true, resumeCost: 0.5 }])
    add("kairos", trace, tname, n, 1, p);
  add("kairos", trace, tname, n / 2, 4, { quantum: 50, Q: 4 }); add("kairos", trace, tname, n / 2, 4, { quantum: 20, swapMargin: 10, starvationWaits: true });
  add("yarn-fifo", trace, tname, n, 1, {}); add("yarn-fifo", trace, tname, n / 2, 4, { delta: 0.5 });
  add("big-c", trace, tname, n, 1, { cutoff: cut }); add("big-c", trace, tname, n / 2, 4, { cutoff: cut, shortShare: 50 });
}
const all = createHash("sha1");
let k = 0;
const t0 = performance.now();
for (const c of cases) {
  if (filter && c.s !== filter) continue;
  const spec = findScheduler(c.s);
  const params = { ...c.params };
  // (builds before engine v2 took Kairos' tieBreak as a number)
  const tb = spec.params.find((p: { name: string }) => p.name === "tieBreak");
  if (tb && tb.kind !== "enum" && typeof params.tieBreak === "string") params.tieBreak = ["variance", "random", "sum"].indexOf(params.tieBreak);
  const config = resolveConfig({ scheduler: c.s, nodes: c.nodes, slots: c.slots, seed: 7, params });
  const rec = k % 2 === 0;
  const r = runSimulation(factory, c.trace, config, { recordTasks: rec, sliceEvents: 100000 + k * 997 });
  const h = createHash("sha1");
  h.update(Buffer.from(r.finish.buffer, r.finish.byteOffset, r.finish.byteLength));
  h.update(JSON.stringify(r.counters));
  h.update(String(r.busySlotSeconds)); h.update(String(r.lastFinish));
  if (r.preemptions) h.update(Buffer.from(r.preemptions.buffer, r.preemptions.byteOffset, r.preemptions.byteLength));
  if (rec) for (const col of [r.tasks.start, r.tasks.end, r.tasks.node, r.tasks.runs, r.tasks.service]) h.update(Buffer.from(col.buffer, col.byteOffset, col.byteLength));
  const d = h.digest("hex").slice(0, 12);
  all.update(d);
  console.log(`${String(k).padStart(3)} ${c.s.padEnd(9)} ${c.tname} ${c.nodes}x${c.slots} ${JSON.stringify(c.params)} ${d}`);
  k++;
}
console.log(`SWEEP ${all.digest("hex").slice(0, 12)}  (${k} runs, ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
