// The tables of docs/results/dice.md: Table 1 (static short partition 2-8 %, Hawk and Eagle) and
// §6.8 (Dice against its host) of seed-dice.md, with nearest-rank p50/p75/p90 per class (the
// paper's metric; `aviary compare` prints p50/p90/p99). Needs `npm run build`.
//
//   node scripts/dice-results.mjs table1 [--yh1 ../shared/traces/YH1_sub.tr]
//   node scripts/dice-results.mjs dice yahoo-like 3000,4000,5000 [--seeds 3] [--jobs N]
//   node scripts/dice-results.mjs dice google-like 12000 [--seeds 1] [--jobs N]
import { existsSync } from "node:fs";
const dist = new URL("../dist/src/", import.meta.url).href;
const { loadEngine, loadEngineRng } = await import(dist + "engine/node.js");
const { resolveConfig } = await import(dist + "config/config.js");
const { runSimulation } = await import(dist + "simulate.js");
const { generateWorkload } = await import(dist + "workloads.js");
const { readTraceFile } = await import(dist + "trace/node.js");
const { findPreset, paramsForScheduler } = await import(dist + "config/presets.js");
const { Rng } = await loadEngineRng();
const factory = await loadEngine("wasm");
const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : def; };

function percentiles(r, cutoff, long) {
  const t = r.trace; const xs = [];
  for (let j = 0; j < t.arrivals.length; j++) if ((t.estimates[j] > cutoff) === long) xs.push(r.finish[j] - t.arrivals[j]);
  xs.sort((a, b) => a - b);
  return [0.5, 0.75, 0.9].map((q) => xs[Math.max(0, Math.ceil(q * xs.length) - 1)]);
}
function run(trace, scheduler, nodes, presetName, extra = {}, seed = 1) {
  const preset = findPreset(presetName);
  const params = paramsForScheduler(scheduler, { explicit: extra, preset });
  const r = runSimulation(factory, trace, resolveConfig({ scheduler, nodes, seed, params }));
  return { short: percentiles(r, preset.cutoff, false), long: percentiles(r, preset.cutoff, true), c: r.counters };
}
const f1 = (x) => x.toFixed(1);
const pc = (x) => `${(100 * x).toFixed(1)} %`;

if (args[0] === "table1") {
  const sets = [];
  const jobs = Number(opt("jobs", "24262"));
  sets.push([`yahoo-like (${jobs} jobs), 4,000 nodes`, generateWorkload("yahoo-like", { jobs }, { nodes: 4000, slots: 1, seed: 1 }, (s) => new Rng(1, s)), 4000]);
  const yh1 = opt("yh1", "../shared/traces/YH1_sub.tr");
  if (existsSync(yh1)) {
    const t = await readTraceFile(yh1);
    sets.push(["YH1_sub.tr, 3,000 nodes", t, 3000], ["YH1_sub.tr, 4,000 nodes", t, 4000]);
  }
  for (const [name, trace, nodes] of sets) {
    console.log(`\n${name}, seed 1, preset dice-yahoo:\n`);
    console.log("| Sched | Short part. | Short P50 | Short P75 | Short P90 | Long P50 | Long P75 | Long P90 |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const s of ["hawk", "eagle"]) for (const sp of [2, 4, 6, 8]) {
      const x = run(trace, s, nodes, "dice-yahoo", { shortPartition: sp });
      console.log(`| ${s} | ${sp} % | ${x.short.map(f1).join(" | ")} | ${x.long.map(f1).join(" | ")} |`);
    }
  }
}

if (args[0] === "dice") {
  const workload = args[1];
  const nodesList = args[2].split(",").map(Number);
  const seeds = Number(opt("seeds", "3"));
  const presetName = workload.startsWith("google") ? "dice-google" : workload.startsWith("cloudera") ? "dice-cloudera" : "dice-yahoo";
  const jobs = opt("jobs", undefined);
  console.log(`\n${workload}${jobs ? ` (${jobs} jobs)` : ""}, preset ${presetName}, ${seeds} seed(s): improvement = (host - Dice) / host of the seed-averaged percentile; long cost = (Dice - host) / host\n`);
  console.log("| Nodes | Host | Host short P50/P75/P90 (s) | Dice short P50/P75/P90 (s) | Short impr. P50, P75, P90 | Long cost P50, P75, P90 | honoured / sent | mean converted nodes |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const nodes of nodesList) {
    const traces = [];
    for (let seed = 1; seed <= seeds; seed++) traces.push(generateWorkload(workload, { jobs: jobs === undefined ? undefined : Number(jobs) }, { nodes, slots: 1, seed }, (s) => new Rng(seed, s)));
    for (const host of ["hawk", "eagle"]) {
      const acc = { bs: [0, 0, 0], bl: [0, 0, 0], ds: [0, 0, 0], dl: [0, 0, 0], hon: 0, sent: 0, conv: 0 };
      traces.forEach((trace, i) => {
        const b = run(trace, host, nodes, presetName, {}, i + 1);
        const d = run(trace, `${host}-dice`, nodes, presetName, {}, i + 1);
        for (let q = 0; q < 3; q++) { acc.bs[q] += b.short[q] / seeds; acc.bl[q] += b.long[q] / seeds; acc.ds[q] += d.short[q] / seeds; acc.dl[q] += d.long[q] / seeds; }
        acc.hon += d.c.diceRequestsHonoured; acc.sent += d.c.diceRequestsSent; acc.conv += d.c.diceConvertedNodesMean / seeds;
      });
      const impr = acc.bs.map((b, q) => pc((b - acc.ds[q]) / b)).join(", ");
      const cost = acc.bl.map((b, q) => pc((acc.dl[q] - b) / b)).join(", ");
      console.log(`| ${nodes} | ${host} | ${acc.bs.map(f1).join(" / ")} | ${acc.ds.map(f1).join(" / ")} | ${impr} | ${cost} | ${acc.hon} / ${acc.sent} | ${acc.conv.toFixed(1)} |`);
    }
  }
}
