// The catalogue of published claims (issue #38): every paper's claims that the results pages check,
// one declarative entry per claim — the paper and its section, figure or table, the claim in one
// sentence, the experiments that test it (compare grids), what we compute from their runs, the
// published value or direction, and the rule that decides the verdict (src/reproduce/types.ts).
// Claims we found not to reproduce carry the reason and the section that argues it; the verdict is
// still computed from the runs every time, never written here.
//
// Bands (docs/cli.md "aviary reproduce"): a value the paper computed on the same setup we run (a
// closed form, the toy example, the reference simulator's own figures) is checked to the printed
// digits or 10 %; a ratio from a simulation of the paper's full trace, checked on a sample or a
// generated workload, within 25 % (`near`; a published range's ends likewise); a factor read off a prototype's plot ("≈ 25×") within
// 3× either way (`factor`); an improvement in percent within 20 points (`points`). Directions hold
// when they hold at every seed.
// Browser-safe, plain data.
import type { Check, Claim, Experiment, Figure, Paper, PaperId, Ref, Rule, Value } from "./types.js";
import { groupDigits } from "../report/numbers.js";

/** The papers whose claims the catalogue holds, one results page each. */
export const PAPERS: Paper[] = [
  { id: "hawk-eagle", title: "Hawk and Eagle", cite: "Delgado, Hawk (USENIX ATC 2015) and Eagle (SoCC 2016), as chapters 2-3 of the thesis", spec: "seed-hawk-eagle.md", systems: ["hawk", "eagle", "sparrow", "dlwl", "clwl", "split", "lwl"], page: "hawk-eagle.md" },
  { id: "kairos", title: "Kairos", cite: "Kairos (thesis chapter 4): against Eagle in simulation", spec: "seed-kairos-related.md", systems: ["kairos", "eagle"], page: "kairos.md" },
  { id: "pigeon", title: "Pigeon", cite: "Wang et al., Pigeon (SoCC 2019)", spec: "seed-pigeon.md", systems: ["pigeon", "pigeon-central", "eagle", "sparrow"], page: "pigeon.md" },
  { id: "yaq", title: "Yaq", cite: "Rasley et al., Yaq (EuroSys 2016)", spec: "seed-yaq.md", systems: ["yaq", "yaq-c", "yaq-d", "yarn", "yarn-q", "mercury", "mercury-sampling"], page: "yaq.md" },
  { id: "dice", title: "Dice", cite: "Dice (ICPP 2019)", spec: "seed-dice.md", systems: ["dice", "hawk-dice", "eagle-dice", "hawk", "eagle"], page: "dice.md" },
  { id: "fregata", title: "Fregata", cite: "Fregata", spec: "seed-fregata.md", systems: ["fregata", "pigeon", "sparrow"], page: "fregata.md" },
  { id: "compat", title: "compat=true against the Eagle reference simulator", cite: "epfl-labos/eagle simulation/eagle_simulation.py at 371b51f, run on the samples", spec: "../shared/reference/eagle-reference-yh1-goog.json", systems: ["compat", "sparrow", "hawk", "eagle", "clwl", "dlwl"], page: "compat.md" },
  { id: "analytic", title: "Analytic checks", cite: "queueing theory (M/M/1), Pigeon's Eqs. (1)-(6), Yaq's Eqs. (1)-(2)", spec: "seed-pigeon.md §5.2, seed-yaq.md §2.1", systems: ["analytic", "random", "pigeon", "sparrow", "yaq", "yaq-c"], page: "analytic.md" },
];

export function findPaper(id: PaperId): Paper {
  return PAPERS.find((p) => p.id === id)!;
}

// ---- helpers (the entries below stay declarative) ----

const ref = (exp: string, sched: string, metric: string, nodes?: number): Ref => ({ exp, sched, metric, ...(nodes !== undefined ? { nodes } : {}) });
/** of / over at the same seed. */
const ratio = (of: Ref, over: Ref): Value => ({ kind: "ratio", of, over });
/** 1 − of / over: the improvement of `of` over `over` (Dice's metric). */
const gain = (of: Ref, over: Ref): Value => ({ kind: "gain", of, over });
const value = (of: Ref): Value => ({ kind: "value", of });
/** A scheduler's statistic over another's in one experiment (the compare grid's normalized value). */
const norm = (exp: string, sched: string, base: string, metric: string, nodes?: number): Value =>
  ratio(ref(exp, sched, metric, nodes), ref(exp, base, metric, nodes));
const analytic = (fn: string, args: Record<string, number>, text: string): Value => ({ kind: "analytic", fn, args, text });

const below = (than: number): Rule => ({ kind: "below", than });
const above = (than: number): Rule => ({ kind: "above", than });
const band = (lo: number, hi: number): Rule => ({ kind: "band", lo, hi });
/** Within `rel` (default 25 %) of v. */
const near = (v: number, rel = 0.25): Rule => band(v * (1 - rel), v * (1 + rel));
/** Within a factor f (default 3) of v either way. */
const factor = (v: number, f = 3): Rule => band(v / f, v * f);
/** An improvement (a fraction) within `pts` points (default 20) of v, in [−1, 1]. */
const points = (v: number, pts = 0.2): Rule => band(Math.max(-1, v - pts), Math.min(1, v + pts));
const exactly = (v: number, tol = 0): Rule => band(v - tol, v + tol);
const nc = (why: string): Rule => ({ kind: "not-comparable", why });

const check = (label: string, v: Value, published: string, rule: Rule, publishedValue?: number): Check =>
  ({ label, value: v, published, rule, ...(publishedValue !== undefined ? { publishedValue } : {}) });
const fmtNodes = (n: number) => groupDigits(n);

// =================================================================================================
// Experiments
// =================================================================================================

const GOOG = { trace: "GOOG_subtrace" };
const YH1 = { trace: "YH1_sub" };

/** Every experiment (compare grid) the claims read, by id. */
export const EXPERIMENTS: Experiment[] = [
  // ---- Hawk and Eagle (seed-hawk-eagle.md §5) ----
  { id: "he-goog-hawk", source: GOOG, preset: "google", schedulers: ["sparrow", "hawk"], baseline: "sparrow",
    nodes: [10000, 15000, 20000, 25000], quick: { seeds: 3, nodes: [10000, 15000] } },
  { id: "he-yh1-hawk", source: YH1, preset: "yahoo", schedulers: ["sparrow", "hawk"], baseline: "sparrow",
    nodes: [3000, 4000, 5000, 6000, 8000], quick: { seeds: 3, nodes: [3000, 4000] } },
  { id: "he-goog-eagle", source: GOOG, preset: "google", schedulers: ["hawk", "eagle", "dlwl", "clwl"], baseline: "hawk",
    nodes: [10000, 15000, 17000, 19000, 21000, 23000], quick: { seeds: 3, nodes: [10000, 15000] } },
  { id: "he-yh1-eagle", source: YH1, preset: "yahoo", schedulers: ["hawk", "eagle", "dlwl", "clwl"], baseline: "hawk",
    nodes: [3000, 4000, 5000, 6000, 7000, 8000], quick: { seeds: 3, nodes: [3000, 4000] } },
  // Hawk's breakdown (§5.3) and its centralized and split baselines (§5.4, §5.5), Google sample.
  { id: "he-goog-hawk-central", source: GOOG, preset: "google", schedulers: ["hawk", "lwl", "split"], baseline: "hawk",
    nodes: [10000, 15000, 20000], quick: { seeds: 3, nodes: [15000] } },
  ...([["nocentral", { centralLong: false }], ["nopartition", { partition: false }], ["nostealing", { stealing: false }]] as const)
    .map(([name, params]): Experiment => ({ id: `he-goog-hawk-${name}`, source: GOOG, preset: "google", schedulers: ["hawk"], params,
      nodes: [15000], quick: { seeds: 3 } })),
  // Eagle's breakdown (§5.10) and Eagle without SBP+SRPT against omniscient LWL (§5.11).
  ...([["nosss", { sss: false }], ["nosbp", { sbpSrpt: false }], ["k1", { minProbes: 1 }]] as const)
    .map(([name, params]): Experiment => ({ id: `he-goog-eagle-${name}`, source: GOOG, preset: "google", schedulers: ["eagle"], params,
      nodes: [10000, 15000, 17000, 19000, 21000, 23000], quick: { seeds: 3, nodes: [10000, 15000] } })),
  { id: "he-yh1-eagle-nosss", source: YH1, preset: "yahoo", schedulers: ["eagle"], params: { sss: false }, nodes: [3000, 4000],
    quick: { seeds: 3 } },
  { id: "he-yh1-eagle-k1", source: YH1, preset: "yahoo", schedulers: ["eagle"], params: { minProbes: 1 }, nodes: [3000, 4000],
    quick: { seeds: 3 } },
  // The papers' full Google trace size: the generated google-like workload (506,460 jobs).
  { id: "he-google-like-full", source: { workload: "google-like", jobs: 506460 }, preset: "google", schedulers: ["sparrow", "hawk", "eagle"],
    baseline: "sparrow", nodes: [15000, 20000, 25000], seeds: 1, quick: false, note: "506,460 jobs, 15.6 M tasks: about 10-30 s a run" },

  // ---- Kairos (seed-kairos-related.md §4.2) ----
  { id: "kairos-yh1", source: YH1, preset: "yahoo", schedulers: ["eagle", "kairos"], baseline: "eagle",
    nodes: [3000, 4000, 5000, 6000, 8000], quick: { seeds: 3, nodes: [3000, 4000, 8000] } },
  { id: "kairos-goog", source: GOOG, preset: "google", schedulers: ["eagle", "kairos"], baseline: "eagle",
    nodes: [10000, 15000, 17000, 19000, 21000, 23000], quick: { seeds: 3, nodes: [15000, 23000] } },

  // The testbed (§4.1: 30 nodes x 4 cores, Q = 4, W = 50 s) against YARN FIFO and Big-C, on the
  // WordCount mixes of Table 4.1 (src/trace/kairos.ts); Big-C's short class: categories 1-3
  // (heavy-tailed mix) or 1-2 (uniform), by the jobs' estimates (§2.2).
  { id: "kairos-testbed-heavy", source: { workload: "kairos-heavy" }, preset: "kairos-testbed", schedulers: ["kairos", "yarn-fifo", "big-c"],
    baseline: "kairos", nodes: [30], slots: 4, params: { cutoff: 130 }, workloadPerSeed: true, quick: { seeds: 3 } },
  { id: "kairos-testbed-uniform", source: { workload: "kairos-uniform" }, preset: "kairos-testbed", schedulers: ["kairos", "big-c"],
    baseline: "kairos", nodes: [30], slots: 4, params: { cutoff: 110 }, workloadPerSeed: true, quick: false },

  // ---- Pigeon (seed-pigeon.md §5) ----
  { id: "pigeon-toy", source: { name: "toy", inline: "0 6 8.666667 20 1 1 10 10 10\n0 1 2 2\n0 1 2 2\n" },
    schedulers: ["pigeon", "pigeon-central"], baseline: "pigeon-central", nodes: [4], seeds: 1,
    params: { networkDelay: 0, reserved: 0, cutoff: 1e9, groups: 2, taskMapping: "contiguous", leftover: "rotate" } },
  ...([["ngo90", "NGO_trace90", 120], ["ngo50", "NGO_trace50", 120], ["nyh90", "NYH_trace90", 330], ["nyh50", "NYH_trace50", 330]] as const)
    .map(([id, trace, nodes]): Experiment => ({ id: `pigeon-${id}`, source: { trace }, preset: "pigeon-ec2",
      schedulers: ["pigeon", "eagle", "sparrow", "pigeon-central"], baseline: "pigeon", nodes: [nodes],
      quick: id === "ngo90" ? { seeds: 3 } : false })),
  { id: "pigeon-yh1", source: YH1, preset: "yahoo", schedulers: ["eagle", "pigeon", "pigeon-central"], baseline: "eagle",
    nodes: [3000, 4000, 6000], quick: { seeds: 3, nodes: [3000] } },
  { id: "pigeon-yh1-winf", source: YH1, preset: "yahoo", schedulers: ["pigeon"], params: { W: "inf" }, nodes: [3000], quick: { seeds: 3 } },
  { id: "pigeon-yh1-w5", source: YH1, preset: "yahoo", schedulers: ["pigeon"], params: { W: 5 }, nodes: [3000], quick: false },
  { id: "pigeon-google-like-full", source: { workload: "google-like", jobs: 506460 }, preset: "google", schedulers: ["eagle", "pigeon"],
    baseline: "eagle", nodes: [15000], seeds: 1, quick: false, note: "506,460 jobs, 15.6 M tasks" },

  // ---- Yaq (seed-yaq.md §4, §8; 80 nodes x 10 slots; each seed draws its own workload) ----
  ...(["yaq-5s", "yaq-10s", "yaq-50s", "yaq-mixed"] as const).map((w): Experiment => ({
    id: `yaq-e1-${w.slice(4)}`, source: { workload: w }, preset: "yaq-E1", schedulers: ["yarn"], workloadPerSeed: true,
    quick: w === "yaq-5s" || w === "yaq-50s" ? { seeds: 3 } : false })),
  { id: "yaq-e1-5s-qs6", source: { workload: "yaq-5s" }, preset: "yaq-E1", schedulers: ["yaq-c"], params: { queue: 6 }, workloadPerSeed: true, quick: { seeds: 3 } },
  { id: "yaq-e1-50s-qs2", source: { workload: "yaq-50s" }, preset: "yaq-E1", schedulers: ["yaq-c"], params: { queue: 2 }, workloadPerSeed: true, quick: { seeds: 3 } },
  { id: "yaq-e2", source: { workload: "yaq-gridmix-ms", load: 1 }, preset: "yaq-E2", schedulers: ["yarn", "yaq-c"], baseline: "yarn",
    params: { queue: 2 }, workloadPerSeed: true, quick: false },
  { id: "yaq-e2-qs10", source: { workload: "yaq-gridmix-ms", load: 1 }, preset: "yaq-E2", schedulers: ["yaq-c"], params: { queue: 10 }, workloadPerSeed: true, quick: false },
  { id: "yaq-e2-mwt3", source: { workload: "yaq-gridmix-ms", load: 1 }, preset: "yaq-E2", schedulers: ["yaq-c"], params: { queue: "inf", maxWait: 3 }, workloadPerSeed: true, quick: false },
  ...(["wait", "length", "random"] as const).map((p): Experiment => ({
    id: `yaq-e3-${p}`, source: { workload: "yaq-gridmix-ms", load: 0.8 }, preset: "yaq-E3", schedulers: ["yaq-c"], params: { placement: p },
    workloadPerSeed: true, quick: { seeds: 3 } })),
  { id: "yaq-e4-yarn", source: { workload: "yaq-gridmix-ms", load: 1 }, preset: "yaq-E4", schedulers: ["yarn"], workloadPerSeed: true, quick: { seeds: 3 } },
  ...(["srjf", "lrtf", "stf"] as const).map((o): Experiment => ({
    id: `yaq-e4-${o}`, source: { workload: "yaq-gridmix-ms", load: 1 }, preset: "yaq-E4", schedulers: ["yaq-c"], params: { order: o },
    workloadPerSeed: true, quick: { seeds: 3 } })),
  { id: "yaq-e4-srjf-unbounded", source: { workload: "yaq-gridmix-ms", load: 1 }, preset: "yaq-E4", schedulers: ["yaq-c"],
    params: { order: "srjf", queue: "inf" }, workloadPerSeed: true, quick: false },
  ...(["0.5", "10", "inf"] as const).map((st): Experiment => ({
    id: `yaq-e5-st${st}`, source: { workload: "yaq-gridmix-ms", load: 1 }, preset: "yaq-E5", schedulers: ["yaq-c"], params: { ST: st === "inf" ? "inf" : Number(st) },
    workloadPerSeed: true, quick: false })),
  { id: "yaq-e6", source: { workload: "yaq-heavy", load: 1 }, preset: "yaq-E6", schedulers: ["yarn", "yaq-c"], baseline: "yarn", workloadPerSeed: true, quick: false },
  { id: "yaq-e7", source: { workload: "yaq-hive" }, preset: "yaq-E7", schedulers: ["yarn", "yaq-c"], baseline: "yarn", workloadPerSeed: true, quick: { seeds: 3 } },
  { id: "yaq-e7-unbounded", source: { workload: "yaq-hive" }, preset: "yaq-E7", schedulers: ["yaq-c"], params: { queue: "inf" }, workloadPerSeed: true, quick: { seeds: 3 } },
  { id: "yaq-e7-noreorder", source: { workload: "yaq-hive" }, preset: "yaq-E7", schedulers: ["yaq-c"], params: { order: "fifo" }, workloadPerSeed: true, quick: { seeds: 3 } },
  { id: "yaq-e8", source: { workload: "yaq-hive", load: 1 }, preset: "yaq-E8", schedulers: ["mercury", "mercury-sampling", "yaq-d"], baseline: "yaq-d",
    workloadPerSeed: true, quick: { seeds: 3 } },
  { id: "yaq-e8-norebalance", source: { workload: "yaq-hive", load: 1 }, preset: "yaq-E8", schedulers: ["yaq-d"], params: { rebalance: false },
    workloadPerSeed: true, quick: false },
  { id: "yaq-e9", source: { workload: "yaq-capacity" }, preset: "yaq-E9", schedulers: ["yaq-c"], workloadPerSeed: true, quick: { seeds: 3 } },
  { id: "yaq-e10", source: { workload: "yaq-hive" }, preset: "yaq-E10", schedulers: ["yarn", "mercury-sampling", "yarn-q"], baseline: "yarn",
    workloadPerSeed: true, quick: false },

  // ---- Dice (seed-dice.md §6.2 Table 1, §6.8; the generated Yahoo-like workload, each seed its own) ----
  ...([2, 4, 6, 8] as const).map((sp): Experiment => ({
    id: `dice-table1-sp${sp}`, source: { workload: "yahoo-like", jobs: 24262 }, preset: "dice-yahoo", schedulers: ["hawk", "eagle"],
    params: { shortPartition: sp }, nodes: [4000], seeds: 3, workloadPerSeed: true, quick: { seeds: 2 } })),
  ...([2, 4, 6, 8] as const).map((sp): Experiment => ({
    id: `dice-table1-yh1-sp${sp}`, source: YH1, preset: "dice-yahoo", schedulers: ["hawk", "eagle"], params: { shortPartition: sp },
    nodes: [3000], seeds: 3, quick: false })),
  { id: "dice-yahoo", source: { workload: "yahoo-like", jobs: 24262 }, preset: "dice-yahoo", schedulers: ["hawk", "hawk-dice", "eagle", "eagle-dice"],
    baseline: "hawk", nodes: [3000, 4000, 5000], seeds: 3, workloadPerSeed: true, quick: { seeds: 3, nodes: [3000, 5000] } },
  { id: "dice-google", source: { workload: "google-like", jobs: 100000 }, preset: "dice-google", schedulers: ["hawk", "hawk-dice", "eagle", "eagle-dice"],
    baseline: "hawk", nodes: [12000], seeds: 1, quick: false, note: "100,000 google-like jobs" },

  // ---- Fregata (seed-fregata.md §4.2; `aviary gen fregata --seed 1`, three scheduling seeds) ----
  ...([100, 200, 300, 400, 500, 600] as const).map((jobs): Experiment => ({
    id: `fregata-cluster-${jobs}`, source: { fregata: { jobs } }, preset: "fregata-cluster", schedulers: ["fregata", "pigeon", "sparrow"],
    baseline: "fregata", seeds: 3, quick: jobs === 100 || jobs === 600 ? { seeds: 2 } : false })),
  ...([100, 200, 300, 400, 500, 600] as const).map((jobs): Experiment => ({
    id: `fregata-ec2-${jobs}`, source: { fregata: { jobs, testbed: "ec2" } }, preset: "fregata-ec2", schedulers: ["fregata", "pigeon", "sparrow"],
    baseline: "fregata", seeds: 3, quick: jobs === 300 ? { seeds: 2 } : false })),

  // ---- Analytic: M/M/1 ----
  { id: "mm1-0.5", source: { workload: "mm1", jobs: 400000, load: 0.5 }, schedulers: ["random"], nodes: [100], seeds: 3, quick: { seeds: 2, jobs: 200000 } },
  { id: "mm1-0.8", source: { workload: "mm1", jobs: 1000000, load: 0.8 }, schedulers: ["random"], nodes: [100], seeds: 3, quick: { seeds: 2, jobs: 400000 } },
];

// The compat experiments: one per reference point (trace x cluster size), compat=true, DLWL with the
// reference's 3 s heartbeat (bench/compat-reference.ts). Their claims are made from the reference
// file when it is present (compatClaims).
const COMPAT_POINTS: Array<[string, string, number]> = [
  ["GOOG_subtrace", "google", 10000], ["GOOG_subtrace", "google", 15000], ["GOOG_subtrace", "google", 20000],
  ["YH1_sub", "yahoo", 3000], ["YH1_sub", "yahoo", 4000], ["YH1_sub", "yahoo", 6000],
];
export const COMPAT_SYSTEMS: Record<string, string> = { Sparrow: "sparrow", Hawk: "hawk", Eagle: "eagle", CLWL: "clwl", DLWL: "dlwl" };
const compatExp = (trace: string, nodes: number) => `compat-${trace === "YH1_sub" ? "yh1" : "goog"}-${nodes}`;
for (const [trace, preset, nodes] of COMPAT_POINTS) {
  EXPERIMENTS.push({
    id: compatExp(trace, nodes), source: { trace }, preset, schedulers: ["sparrow", "hawk", "eagle", "clwl", "dlwl"], baseline: "sparrow",
    nodes: [nodes], params: { compat: true, heartbeat: 3 }, seeds: trace === "YH1_sub" && nodes === 4000 ? 10 : 5,
    quick: trace === "YH1_sub" && nodes === 4000 ? { seeds: 3 } : false,
  });
}

/** The experiment with this id (throws on an unknown id). */
export function findExperiment(id: string): Experiment {
  const e = EXPERIMENTS.find((x) => x.id === id);
  if (!e) throw new Error(`unknown experiment '${id}'`);
  return e;
}

// =================================================================================================
// Claims
// =================================================================================================

const HE_LINK = "docs/results/hawk-eagle.md";
const sample = (which: "Google" | "Yahoo") => ({
  text: `the ${which} sample is a lighter ${which === "Google" ? "10,000" : "2,910"}-job slice of the paper's trace: its queues, and so the gains, are smaller at the same cluster size`,
  link: `${HE_LINK}#why-the-sample-traces-gains-differ`,
});

/** §5.1 H1-H4: Hawk over Sparrow, about 0.2 / 0.1 for short jobs (p50 / p90) and 0.65 / 0.9
 *  for long jobs in the best case; the four checks on `exp` at `nodes` (`note`: after the first
 *  label). */
function hawkValues(exp: string, nodes: number, note = ""): Check[] {
  const published = [["short", "p50", 0.2], ["short", "p90", 0.1], ["long", "p50", 0.65], ["long", "p90", 0.9]] as const;
  return published.map(([cls, p, r], i) => check(`hawk / sparrow, ${cls} ${p}, ${fmtNodes(nodes)} nodes${i === 0 ? note : ""}`,
    norm(exp, "hawk", "sparrow", `${cls}.${p}`, nodes), `≈ ${r}`, near(r), r));
}

const hawkEagle: Claim[] = [
  {
    id: "hawk-short-better-google", paper: "hawk-eagle", systems: ["hawk", "sparrow"], where: "§5.1, Fig. 2.5 (Google)",
    claim: "Hawk improves short jobs' p50 and p90 over Sparrow on the Google trace, p90 more than p50 in the highly loaded range",
    checks: [10000, 15000, 20000, 25000].flatMap((n) => (["p50", "p90"] as const).map((p) =>
      check(`hawk / sparrow, short ${p}, ${fmtNodes(n)} nodes`, norm("he-goog-hawk", "hawk", "sparrow", `short.${p}`, n), "< 1", below(1)))),
  },
  {
    id: "hawk-google-values", paper: "hawk-eagle", systems: ["hawk", "sparrow"], where: "§5.1 H1-H4 (Google, 15,000-25,000 nodes)",
    claim: "Hawk is 80 % / 90 % better than Sparrow for short jobs (p50 / p90) and 35 % / 10 % better for long jobs in the best case of 15,000-25,000 nodes",
    checks: hawkValues("he-goog-hawk", 15000, " (the sample's best)"),
    reason: sample("Google"),
  },
  {
    id: "hawk-google-like-values", paper: "hawk-eagle", systems: ["hawk", "sparrow"], where: "§5.1 H1-H4 (Google-sized generated workload)", full: true,
    claim: "The same four values on the 506,460-job google-like workload at 20,000 nodes (the papers' trace size and load)",
    checks: hawkValues("he-google-like-full", 20000),
    reason: { text: "generated from the Google sample's statistics, not the trace itself: long jobs gain a little more than in the paper", link: `${HE_LINK}#why-the-sample-traces-gains-differ` },
  },
  {
    id: "hawk-short-better-yahoo", paper: "hawk-eagle", systems: ["hawk", "sparrow"], where: "§5.2, Fig. 2.6 (Yahoo)",
    claim: "Hawk's benefits hold on the other traces: it improves short jobs over Sparrow at every simulated cluster size, at the median too",
    checks: [3000, 4000, 5000, 6000, 8000].flatMap((n) => (["p50", "p90"] as const).map((p) =>
      check(`hawk / sparrow, short ${p}, ${fmtNodes(n)} nodes`, norm("he-yh1-hawk", "hawk", "sparrow", `short.${p}`, n), "< 1", below(1)))),
  },
  {
    id: "hawk-long-not-worse", paper: "hawk-eagle", systems: ["hawk", "sparrow"], where: "§5.1 (Google, 15,000-25,000 nodes)",
    claim: "Long jobs are better under Hawk than under Sparrow in the highly loaded range (the direction; its 35 % at p50 and 10 % at p90 are hawk-google-values' checks)",
    checks: [15000, 20000].flatMap((n) => (["p50", "p90"] as const).map((p) =>
      check(`hawk / sparrow, long ${p}, ${fmtNodes(n)} nodes`, norm("he-goog-hawk", "hawk", "sparrow", `long.${p}`, n), "< 1", below(1)))),
  },
  {
    id: "hawk-breakdown", paper: "hawk-eagle", systems: ["hawk"], where: "§5.3, Fig. 2.7 (Google, 15,000 nodes)",
    claim: "Without centralized scheduling long jobs take a significant hit; without partitioning short jobs get worse; without stealing short jobs are greatly penalized",
    checks: [
      check("no central LWL / hawk, long p50", ratio(ref("he-goog-hawk-nocentral", "hawk", "long.p50"), ref("he-goog-hawk", "hawk", "long.p50", 15000)), "> 1", above(1)),
      check("no partition / hawk, short p90", ratio(ref("he-goog-hawk-nopartition", "hawk", "short.p90"), ref("he-goog-hawk", "hawk", "short.p90", 15000)), "> 1", above(1)),
      check("no stealing / hawk, short p90", ratio(ref("he-goog-hawk-nostealing", "hawk", "short.p90"), ref("he-goog-hawk", "hawk", "short.p90", 15000)), "> 1 (greatly)", above(1)),
      check("no stealing / hawk, short p50", ratio(ref("he-goog-hawk-nostealing", "hawk", "short.p50"), ref("he-goog-hawk", "hawk", "short.p50", 15000)), "> 1", above(1)),
    ],
  },
  {
    id: "hawk-vs-centralized", paper: "hawk-eagle", systems: ["hawk", "lwl"], where: "§5.4, Fig. 2.8 (Google)",
    claim: "A fully centralized LWL penalizes short jobs against Hawk at 10,000-15,000 nodes",
    checks: [10000, 15000].map((n) => check(`lwl / hawk, short p50, ${fmtNodes(n)} nodes`, norm("he-goog-hawk-central", "lwl", "hawk", "short.p50", n), "> 1", above(1))),
    reason: { text: "on the lighter Google sample central LWL is better than Hawk for short jobs at 10,000-15,000 nodes: it places a short task on the node with the least work, often an idle one, where Hawk's random probes land behind long work (not investigated further)", link: `${HE_LINK}#why-the-sample-traces-gains-differ` },
  },
  {
    id: "hawk-vs-split", paper: "hawk-eagle", systems: ["hawk", "split"], where: "§5.5, Fig. 2.9 (Google, 17/83 split)",
    claim: "A static split cluster degrades short jobs against Hawk at intermediate sizes, and is slightly better for long jobs",
    checks: [
      check("split / hawk, short p90, 15,000 nodes", norm("he-goog-hawk-central", "split", "hawk", "short.p90", 15000), "> 1 (extreme)", above(1)),
      check("split / hawk, long p50, 15,000 nodes", norm("he-goog-hawk-central", "split", "hawk", "long.p50", 15000), "≤ 1 (slightly better)", below(1.02)),
    ],
  },
  {
    id: "eagle-short-all-loads-google", paper: "hawk-eagle", systems: ["eagle", "hawk"], where: "§5.8, Fig. 3.2 (Google)",
    claim: "Eagle is better than Hawk for short jobs at all percentiles and all loads",
    checks: [10000, 15000, 17000, 19000, 21000, 23000].flatMap((n) => (["p50", "p90", "p99"] as const).map((p) =>
      check(`eagle / hawk, short ${p}, ${fmtNodes(n)} nodes`, norm("he-goog-eagle", "eagle", "hawk", `short.${p}`, n), "< 1", below(1)))),
  },
  {
    id: "eagle-short-all-loads-yahoo", paper: "hawk-eagle", systems: ["eagle", "hawk"], where: "§5.8, Fig. 3.2 (Yahoo)",
    claim: "Eagle is better than Hawk for short jobs at all percentiles and all loads (Yahoo)",
    checks: [3000, 4000, 5000, 6000, 7000, 8000].flatMap((n) => (["p50", "p90", "p99"] as const).map((p) =>
      check(`eagle / hawk, short ${p}, ${fmtNodes(n)} nodes`, norm("he-yh1-eagle", "eagle", "hawk", `short.${p}`, n), "< 1", below(1)))),
  },
  {
    id: "eagle-speedup-highest-load", paper: "hawk-eagle", systems: ["eagle", "hawk"], where: "§5.8 (highest load)",
    claim: "At the highest load Eagle's speed-up over Hawk for short jobs ranges from a factor 3 to a factor 10",
    checks: [
      check("eagle / hawk, short p50, Google sample 10,000 nodes", norm("he-goog-eagle", "eagle", "hawk", "short.p50", 10000), "0.1-0.33 (a factor 3-10)", band(0.08, 1.25 / 3)),
      check("eagle / hawk, short p90, Google sample 10,000 nodes", norm("he-goog-eagle", "eagle", "hawk", "short.p90", 10000), "0.1-0.33 (a factor 3-10)", band(0.08, 1.25 / 3)),
      check("eagle / hawk, short p50, Yahoo sample 3,000 nodes", norm("he-yh1-eagle", "eagle", "hawk", "short.p50", 3000), "0.1-0.33 (a factor 3-10)", band(0.08, 1.25 / 3)),
      check("eagle / hawk, short p90, Yahoo sample 3,000 nodes", norm("he-yh1-eagle", "eagle", "hawk", "short.p90", 3000), "0.1-0.33 (a factor 3-10)", band(0.08, 1.25 / 3)),
    ],
    reason: { text: "at the highest load the samples' short p50 gap is wider than a factor 10: Eagle's short jobs barely queue there while Hawk's wait behind long work", link: `${HE_LINK}#why-the-sample-traces-gains-differ` },
  },
  {
    id: "eagle-speedup-google-like", paper: "hawk-eagle", systems: ["eagle", "hawk"], where: "§5.8 (highest load, Google-sized)", full: true,
    claim: "The factor 3-10 on the 506,460-job google-like workload at 15,000 nodes",
    checks: (["p50", "p90", "p99"] as const).map((p) =>
      check(`eagle / hawk, short ${p}, 15,000 nodes`, norm("he-google-like-full", "eagle", "hawk", `short.${p}`, 15000), "0.1-0.33 (a factor 3-10)", band(0.08, 1.25 / 3))),
    reason: { text: "p99's speed-up is smaller than 3 (0.4-0.5 of Hawk's): the tail is set by the largest short jobs, which wait in Eagle too", link: `${HE_LINK}#why-the-sample-traces-gains-differ` },
  },
  {
    id: "eagle-long-not-harmed", paper: "hawk-eagle", systems: ["eagle", "hawk"], where: "§5.8",
    claim: "Long jobs are not harmed by Eagle (against Hawk)",
    checks: [
      ...[10000, 15000, 23000].map((n) => check(`eagle / hawk, long p90, Google ${fmtNodes(n)} nodes`, norm("he-goog-eagle", "eagle", "hawk", "long.p90", n), "≤ 1 (within 5 %)", below(1.05))),
      ...[3000, 4000, 8000].map((n) => check(`eagle / hawk, long p90, Yahoo ${fmtNodes(n)} nodes`, norm("he-yh1-eagle", "eagle", "hawk", "long.p90", n), "≤ 1 (within 5 %)", below(1.05))),
    ],
  },
  {
    id: "eagle-vs-dlwl", paper: "hawk-eagle", systems: ["eagle", "dlwl"], where: "§5.9, Fig. 3.3",
    claim: "Eagle is better than DLWL+SRPT for short jobs",
    checks: [
      check("eagle / dlwl, short p50, Google 10,000 nodes", ratio(ref("he-goog-eagle", "eagle", "short.p50", 10000), ref("he-goog-eagle", "dlwl", "short.p50", 10000)), "< 1", below(1)),
      check("eagle / dlwl, short p90, Google 15,000 nodes", ratio(ref("he-goog-eagle", "eagle", "short.p90", 15000), ref("he-goog-eagle", "dlwl", "short.p90", 15000)), "< 1", below(1)),
      check("eagle / dlwl, short p90, Yahoo 4,000 nodes", ratio(ref("he-yh1-eagle", "eagle", "short.p90", 4000), ref("he-yh1-eagle", "dlwl", "short.p90", 4000)), "< 1", below(1)),
    ],
    reason: { text: "our DLWL (heartbeat-stale state, SRPT queues, Eagle's partition) is about as good as Eagle on the samples", link: `${HE_LINK}#dlwl-and-omniscient-lwl-against-eagle` },
  },
  {
    id: "eagle-sss", paper: "hawk-eagle", systems: ["eagle"], where: "§5.10, Fig. 3.5-3.6",
    claim: "Succinct state sharing is key for short jobs at high load, with the greater benefit on Yahoo",
    checks: [
      check("eagle / eagle without SSS, short p50, Google 15,000 nodes", ratio(ref("he-goog-eagle", "eagle", "short.p50", 15000), ref("he-goog-eagle-nosss", "eagle", "short.p50", 15000)), "< 1", below(1)),
      check("eagle / eagle without SSS, short p90, Google 15,000 nodes", ratio(ref("he-goog-eagle", "eagle", "short.p90", 15000), ref("he-goog-eagle-nosss", "eagle", "short.p90", 15000)), "< 1", below(1)),
      check("eagle / eagle without SSS, short p90, Yahoo 3,000 nodes", ratio(ref("he-yh1-eagle", "eagle", "short.p90", 3000), ref("he-yh1-eagle-nosss", "eagle", "short.p90", 3000)), "< 1", below(1)),
      check("eagle / eagle without SSS, short p90, Yahoo 4,000 nodes", ratio(ref("he-yh1-eagle", "eagle", "short.p90", 4000), ref("he-yh1-eagle-nosss", "eagle", "short.p90", 4000)), "< 1", below(1)),
    ],
  },
  {
    id: "eagle-sbp-srpt", paper: "hawk-eagle", systems: ["eagle"], where: "§5.10, Fig. 3.5",
    claim: "Sticky batch probing with SRPT is the largest contributor on Google (abundant one-task jobs)",
    checks: [10000, 15000].map((n) => check(`eagle / eagle without SBP+SRPT, short p50, ${fmtNodes(n)} nodes`,
      ratio(ref("he-goog-eagle", "eagle", "short.p50", n), ref("he-goog-eagle-nosbp", "eagle", "short.p50", n)), "< 1", below(1))),
  },
  {
    id: "eagle-min-probes", paper: "hawk-eagle", systems: ["eagle"], where: "§5.10 (K = 20 probes)",
    claim: "A minimum of 20 probes per short job speeds short jobs up by up to 30-40 % on Google at 15,000 and 17,000 nodes, and up to 10 % on Yahoo",
    checks: [
      check("eagle / eagle with K = 1, short p90, Google 15,000 nodes", ratio(ref("he-goog-eagle", "eagle", "short.p90", 15000), ref("he-goog-eagle-k1", "eagle", "short.p90", 15000)), "0.6-0.7 (up to 30-40 % faster)", band(0.55, 0.75), 0.65),
      check("eagle / eagle with K = 1, short p90, Yahoo 4,000 nodes", ratio(ref("he-yh1-eagle", "eagle", "short.p90", 4000), ref("he-yh1-eagle-k1", "eagle", "short.p90", 4000)), "≈ 0.9 (up to 10 % faster)", band(0.8, 1), 0.9),
    ],
    reason: { text: "on the Google sample the minimum of 20 probes speeds short jobs up by about 20 % at 15,000 nodes (the paper's full trace: 30-40 %); not investigated further", link: `${HE_LINK}#why-the-sample-traces-gains-differ` },
  },
  {
    id: "eagle-wo-sbp-vs-lwl", paper: "hawk-eagle", systems: ["eagle", "clwl"], where: "§5.11, Fig. 3.7 (Google, 15,000-23,000 nodes)",
    claim: "Eagle without SBP+SRPT is very close to omniscient LWL (and in some cases better)",
    checks: [15000, 19000, 23000].flatMap((n) => (["p50", "p90"] as const).map((p) => check(`eagle without SBP+SRPT / clwl, short ${p}, ${fmtNodes(n)} nodes`,
      ratio(ref("he-goog-eagle-nosbp", "eagle", `short.${p}`, n), ref("he-goog-eagle", "clwl", `short.${p}`, n)), "≈ 1", band(0.8, 1.25), 1))),
    reason: { text: "close from 19,000 nodes; at 15,000 Eagle without SBP+SRPT has a third longer short p90 than omniscient LWL on the sample (not investigated further)", link: `${HE_LINK}#dlwl-and-omniscient-lwl-against-eagle` },
  },
  {
    id: "eagle-hol-counters", paper: "hawk-eagle", systems: ["eagle", "hawk"], where: "Table 3.2",
    claim: "Eagle queues no short probe behind long work and runs no short task after a long one; Hawk steals 90-98 % of the probes placed behind long tasks",
    checks: [
      check("eagle: probes behind long, Google 15,000", value(ref("he-goog-eagle", "eagle", "counters.probesBehindLong", 15000)), "0", exactly(0), 0),
      check("eagle: short tasks run after long, Google 15,000", value(ref("he-goog-eagle", "eagle", "counters.shortAfterLong", 15000)), "0", exactly(0), 0),
      check("eagle: probes behind long, Yahoo 4,000", value(ref("he-yh1-eagle", "eagle", "counters.probesBehindLong", 4000)), "0", exactly(0), 0),
      check("eagle: short tasks run after long, Yahoo 4,000", value(ref("he-yh1-eagle", "eagle", "counters.shortAfterLong", 4000)), "0", exactly(0), 0),
      check("hawk: stolen / behind long, Google 15,000", value(ref("he-goog-eagle", "hawk", "stolenShare", 15000)), "0.90-0.98", band(0.9, 0.98)),
      check("hawk: stolen / behind long, Yahoo 4,000", value(ref("he-yh1-eagle", "hawk", "stolenShare", 4000)), "0.90-0.98", band(0.9, 0.98)),
    ],
  },
  {
    id: "eagle-rescheduled-probes", paper: "hawk-eagle", systems: ["eagle", "hawk"], where: "Table 3.2",
    claim: "Eagle re-schedules only marginally more probes than Hawk steals, up to 8 % more",
    checks: [
      check("eagle re-scheduled / hawk stolen, Google 15,000", ratio(ref("he-goog-eagle", "eagle", "counters.rescheduledProbes", 15000), ref("he-goog-eagle", "hawk", "counters.rescheduledProbes", 15000)), "1-1.08", band(1, 1.08), 1.08),
      check("eagle re-scheduled / hawk stolen, Yahoo 4,000", ratio(ref("he-yh1-eagle", "eagle", "counters.rescheduledProbes", 4000), ref("he-yh1-eagle", "hawk", "counters.rescheduledProbes", 4000)), "1-1.08", band(1, 1.08), 1.08),
    ],
    reason: { text: "our Eagle re-sends every rejected probe of a job that still has tasks to place; the samples' rejections outnumber Hawk's steals by more than the paper's 8 % (not investigated further)", link: `${HE_LINK}#re-scheduled-probes-table-32` },
  },
];

const K_LINK = "docs/results/kairos.md";
const kairos: Claim[] = [
  {
    id: "kairos-yahoo-short-p99", paper: "kairos", systems: ["kairos", "eagle"], where: "§4.6.3, Fig. 4.9 (Yahoo)",
    claim: "At high load Kairos improves short jobs' p99 over Eagle significantly (up to 85 % on Yahoo)",
    checks: [3000, 4000].map((n) => check(`kairos / eagle, short p99, ${fmtNodes(n)} nodes`, norm("kairos-yh1", "kairos", "eagle", "short.p99", n), "< 1", below(1))),
  },
  {
    id: "kairos-yahoo-short-p99-value", paper: "kairos", systems: ["kairos", "eagle"], where: "§4.6.3 (Yahoo)",
    claim: "The best short-job p99 improvement on Yahoo is 85 % (a ratio of 0.15)",
    checks: [check("kairos / eagle, short p99, 4,000 nodes", norm("kairos-yh1", "kairos", "eagle", "short.p99", 4000), "0.15", near(0.15), 0.15)],
    reason: { text: "on the 2,910-job sample the best improvement is 55-66 %; not investigated further", link: `${K_LINK}#long-job-tail-and-utilisation-on-yahoo` },
  },
  {
    id: "kairos-yahoo-long-p99", paper: "kairos", systems: ["kairos", "eagle"], where: "§4.6.3 (Yahoo, 4,000-8,000 nodes)",
    claim: "Kairos' long-job p99 is worse than Eagle's, by 14-50 % on Yahoo, because it preempts the longest jobs",
    checks: [
      check("kairos / eagle, long p99, 4,000 nodes", norm("kairos-yh1", "kairos", "eagle", "long.p99", 4000), "1.14-1.5", band(1.14, 1.5)),
      check("kairos / eagle, long p99, 5,000 nodes", norm("kairos-yh1", "kairos", "eagle", "long.p99", 5000), "1.14-1.5", band(1.14, 1.5)),
    ],
    reason: { text: "the direction holds (worse), the penalty at 4,000 nodes is larger: the sample's few long jobs with thousands of tasks are preempted most", link: `${K_LINK}#long-job-tail-and-utilisation-on-yahoo` },
  },
  {
    id: "kairos-yahoo-converge", paper: "kairos", systems: ["kairos", "eagle"], where: "§4.6.3",
    claim: "As the load decreases the two systems achieve similar performance",
    checks: (["short", "long"] as const).flatMap((c) => (["p50", "p99"] as const).map((p) =>
      check(`kairos / eagle, ${c} ${p}, 8,000 nodes`, norm("kairos-yh1", "kairos", "eagle", `${c}.${p}`, 8000), "≈ 1", band(0.95, 1.05), 1))),
  },
  {
    id: "kairos-utilization", paper: "kairos", systems: ["kairos", "eagle"], where: "§4.6.3",
    claim: "Kairos and Eagle achieve the same resource utilization in both workloads and for all cluster sizes",
    checks: [
      check("kairos / eagle, utilization, Yahoo 4,000 nodes", norm("kairos-yh1", "kairos", "eagle", "utilization", 4000), "1", band(0.95, 1.05), 1),
      check("kairos / eagle, utilization, Yahoo 8,000 nodes", norm("kairos-yh1", "kairos", "eagle", "utilization", 8000), "1", band(0.95, 1.05), 1),
    ],
    reason: { text: "utilization over the makespan: at high load Kairos' last long tasks finish later, so its makespan is longer (the busy time is the same)", link: `${K_LINK}#long-job-tail-and-utilisation-on-yahoo` },
  },
  {
    id: "kairos-google-short-p99", paper: "kairos", systems: ["kairos", "eagle"], where: "§4.6.3, Fig. 4.8 (Google, 15,000-23,000 nodes)",
    claim: "At high load Kairos improves short jobs' p99 over Eagle by up to 55 % on the Google trace",
    checks: [
      check("kairos / eagle, short p99, 15,000 nodes", norm("kairos-goog", "kairos", "eagle", "short.p99", 15000), "≈ 0.45 (< 1)", below(1), 0.45),
      check("kairos / eagle, short p99, 17,000 nodes", norm("kairos-goog", "kairos", "eagle", "short.p99", 17000), "< 1", below(1)),
    ],
    reason: { text: "Kairos' short-job tail is worse than Eagle's on Google-like work: with the chapter's quantum W = 10,000 s a preempted short task waits for a newer long task's quantum (and the starvation guard's 2W protected runs); W = 100 s matches Eagle", link: `${K_LINK}#the-google-direction` },
  },
  {
    id: "kairos-google-long-p99", paper: "kairos", systems: ["kairos", "eagle"], where: "§4.6.3 (Google)",
    claim: "Kairos' long-job p99 is worse than Eagle's by 11-33 % on the Google trace",
    checks: [check("kairos / eagle, long p99, 15,000 nodes", norm("kairos-goog", "kairos", "eagle", "long.p99", 15000), "1.11-1.33", band(1.11, 1.33))],
    reason: { text: "on the 10,000-job sample the long-job p99 is about equal under both (1.03); not investigated further", link: `${K_LINK}#the-google-direction` },
  },
];

const TESTBED = { text: "LAS with a 50 s quantum time-shares a node's 4 cores among up to N + Q = 8 tasks of 42-392 s, which delays the jobs of the mostly equal-sized categories 1-3 that FIFO and Big-C run to completion; the jobs here are Table 4.1's maps and reduces as independent tasks (no barrier: Big-C runs no DAG); not investigated further", link: `${K_LINK}#the-testbed-against-yarn-fifo-and-big-c` };
/** Fig. 4.3's ratio of Kairos to one baseline at the median and the 99th percentile: the
 *  chapter's claim in words, and each ratio with the two medians or tails it comes from. */
function testbedVs(baseline: "yarn-fifo" | "big-c", name: string, p50: [number, string], p99: [number, string]): Claim {
  const pct = (r: number) => Math.round((1 - r) * 100);
  return {
    id: `kairos-testbed-vs-${baseline === "big-c" ? "bigc" : "fifo"}`, paper: "kairos", systems: ["kairos", baseline],
    where: "§4.5, Fig. 4.3 (testbed, heavy-tailed mix)",
    claim: `Compared to ${name}, Kairos reduces the median job completion time by ${pct(p50[0])} % and the 99th percentile by ${pct(p99[0])} %`,
    checks: ([["p50", p50], ["p99", p99]] as const).map(([p, [r, from]]) =>
      check(`kairos / ${baseline}, ${p} JCT`, norm("kairos-testbed-heavy", "kairos", baseline, `short.${p}`), `${r.toFixed(2)} (${from})`, near(r), r)),
    reason: TESTBED,
  };
}

kairos.push(
  testbedVs("yarn-fifo", "YARN FIFO", [0.27, "241 s vs 808 s"], [0.70, "1,452 s vs 2,061 s"]),
  testbedVs("big-c", "Big-C", [0.63, "217 s vs 341 s"], [0.43, "1,452 s vs 3,368 s"]),
  {
    id: "kairos-testbed-all-percentiles", paper: "kairos", systems: ["kairos", "yarn-fifo", "big-c"], where: "§4.5 (testbed, heavy-tailed mix)",
    claim: "Kairos achieves better job completion times than Big-C and FIFO at all percentiles",
    checks: (["yarn-fifo", "big-c"] as const).flatMap((b) => (["p50", "p90", "p99"] as const).map((p) =>
      check(`kairos / ${b}, ${p} JCT`, norm("kairos-testbed-heavy", "kairos", b, `short.${p}`), "< 1", below(1)))),
    reason: TESTBED,
  },
  {
    id: "bigc-tail-vs-fifo", paper: "kairos", systems: ["big-c", "yarn-fifo"], where: "§4.5 (testbed, heavy-tailed mix)",
    claim: "Big-C achieves a worse tail latency than FIFO, because long jobs are delayed by frequent preemptions and their low priority",
    checks: [check("big-c / yarn-fifo, p99 JCT", norm("kairos-testbed-heavy", "big-c", "yarn-fifo", "short.p99"), "> 1 (3,368 s vs 2,061 s)", above(1), 3368 / 2061)],
  },
  {
    id: "kairos-testbed-uniform", paper: "kairos", systems: ["kairos", "big-c"], where: "§4.5, Fig. 4.5 (testbed, uniform mix)", full: true,
    claim: "On the uniform mix Kairos' job completion times deteriorate but are still better than Big-C's",
    checks: (["p50", "p90", "p99"] as const).map((p) => check(`kairos / big-c, ${p} JCT`, norm("kairos-testbed-uniform", "kairos", "big-c", `short.${p}`), "< 1", below(1))),
    reason: TESTBED,
  },
);

const P_LINK = "docs/results/pigeon.md";
const ec2 = (id: string) => `pigeon-${id}`;
const pigeon: Claim[] = [
  {
    id: "pigeon-toy", paper: "pigeon", systems: ["pigeon", "pigeon-central"], where: "§4.1 toy example (spec §5.4)",
    claim: "On the toy example Pigeon's job completion times total 36 against the centralized scheduler's 45 (9 units, 25 % more)",
    checks: [
      check("pigeon: mean JCT of A, B, C", value(ref("pigeon-toy", "pigeon", "short.mean")), "12 (total 36)", exactly(12, 1e-9), 12),
      check("pigeon-central: mean JCT of A, B, C", value(ref("pigeon-toy", "pigeon-central", "short.mean")), "15 (total 45)", exactly(15, 1e-9), 15),
      check("pigeon-central / pigeon, mean JCT", norm("pigeon-toy", "pigeon-central", "pigeon", "short.mean"), "1.25", exactly(1.25, 1e-9), 1.25),
    ],
  },
  {
    id: "pigeon-ec2-eagle", paper: "pigeon", systems: ["pigeon", "eagle"], where: "§5.6 (EC2, 90 % load)",
    claim: "At 90 % load Eagle's short-job p50, p90 and p99 are about 25x, 30x and 7x Pigeon's",
    checks: [
      check("eagle / pigeon, short p50, NGO 90 %", norm(ec2("ngo90"), "eagle", "pigeon", "short.p50"), "≈ 25", factor(25), 25),
      check("eagle / pigeon, short p90, NGO 90 %", norm(ec2("ngo90"), "eagle", "pigeon", "short.p90"), "≈ 30", factor(30), 30),
      check("eagle / pigeon, short p99, NGO 90 %", norm(ec2("ngo90"), "eagle", "pigeon", "short.p99"), "≈ 7", factor(7), 7),
    ],
    reason: { text: "Eagle's short p50 is only a few times Pigeon's: a short job whose probes all find free workers pays only the network delays here, the prototype's probe processing is not simulated", link: `${P_LINK}#eagles-short-p50-on-the-ec2-traces` },
  },
  {
    id: "pigeon-ec2-eagle-nyh", paper: "pigeon", systems: ["pigeon", "eagle"], where: "§5.6 (EC2, 90 % load; the Yahoo-derived trace)", full: true,
    claim: "The same on the Yahoo-derived EC2 trace: Eagle's short p90 and p99 far above Pigeon's",
    checks: [
      check("eagle / pigeon, short p90, NYH 90 %", norm(ec2("nyh90"), "eagle", "pigeon", "short.p90"), "≈ 30", factor(30), 30),
      check("eagle / pigeon, short p99, NYH 90 %", norm(ec2("nyh90"), "eagle", "pigeon", "short.p99"), "≈ 7", factor(7), 7),
    ],
    reason: { text: "on the Yahoo-derived trace Eagle's short tail is further behind Pigeon's (about 33x at p99) than the paper's 7x (not investigated further)", link: `${P_LINK}#eagles-short-p50-on-the-ec2-traces` },
  },
  {
    id: "pigeon-ec2-sparrow", paper: "pigeon", systems: ["pigeon", "sparrow"], where: "§5.6 (EC2)",
    claim: "Sparrow's short jobs take up to 200x longer than Pigeon's",
    checks: [check("sparrow / pigeon, short p50, NGO 90 %", norm(ec2("ngo90"), "sparrow", "pigeon", "short.p50"), "up to 200", factor(200), 200)],
  },
  {
    id: "pigeon-ec2-long", paper: "pigeon", systems: ["pigeon", "eagle", "sparrow"], where: "§5.6 (EC2)",
    claim: "Long-job performance is comparable at all loads, with Sparrow up to 15 % better",
    checks: [
      ...(["ngo90", "ngo50", "nyh90", "nyh50"] as const).flatMap((t) => (["p50", "p90"] as const).map((p) =>
        check(`eagle / pigeon, long ${p}, ${t.toUpperCase().replace(/(\d+)/, " $1 %")}`, norm(ec2(t), "eagle", "pigeon", `long.${p}`), "≈ 1 (comparable)", band(0.85, 1.15), 1))),
      check("sparrow / pigeon, long p50, NGO 90 %", norm(ec2("ngo90"), "sparrow", "pigeon", "long.p50"), "0.85-1 (up to 15 % better)", band(0.85, 1.0), 0.85),
    ],
  },
  {
    id: "pigeon-yahoo-slowdown", paper: "pigeon", systems: ["pigeon"], where: "§4.2, Fig. 7a (Yahoo, 3,000 workers)",
    claim: "Pigeon's short-job slowdowns at about 95 % load are about 1.3, 1.5 and 5.3 (p50, p90, p99)",
    checks: [
      check("pigeon short slowdown p50, 3,000 nodes", value(ref("pigeon-yh1", "pigeon", "slowdown.short.p50", 3000)), "≈ 1.3", factor(1.3, 1.5), 1.3),
      check("pigeon short slowdown p90, 3,000 nodes", value(ref("pigeon-yh1", "pigeon", "slowdown.short.p90", 3000)), "≈ 1.5", factor(1.5, 1.5), 1.5),
      check("pigeon short slowdown p99, 3,000 nodes", value(ref("pigeon-yh1", "pigeon", "slowdown.short.p99", 3000)), "≈ 5.3", factor(5.3, 1.5), 5.3),
    ],
    reason: { text: "Pigeon's p99 slowdown is lower (better) on the 2,910-job sample than on the full trace: fewer large long jobs hold its workers", link: `${P_LINK}#eagles-slowdowns-on-the-yahoo-sample` },
  },
  {
    id: "pigeon-yahoo-eagle-slowdown", paper: "pigeon", systems: ["pigeon", "eagle"], where: "§4.2, Fig. 7a (Yahoo, 3,000 workers)",
    claim: "Eagle's short-job slowdowns are above 70 at all three percentiles, tens of times Pigeon's",
    checks: [
      ...(["p50", "p90", "p99"] as const).map((p) => check(`eagle short slowdown ${p}, 3,000 nodes`, value(ref("pigeon-yh1", "eagle", `slowdown.short.${p}`, 3000)), "> 70", above(70))),
      check("pigeon / eagle, short p90, 3,000 nodes", norm("pigeon-yh1", "pigeon", "eagle", "short.p90", 3000), "< 1", below(1)),
    ],
    reason: { text: "the 2,910-job sample does not hold the full trace's long jobs of 5,900 tasks that leave only the reserved workers to short jobs: Eagle's slowdowns stay at 2-15", link: `${P_LINK}#eagles-slowdowns-on-the-yahoo-sample` },
  },
  {
    id: "pigeon-yahoo-w", paper: "pigeon", systems: ["pigeon"], where: "§4.1 W sweep (spec §5.3)",
    claim: "At high load short p99 at W = 20 is within 140 % of W = ∞; long jobs vary by only 2 % between W = 10 and ∞",
    reason: { text: "these hold without showing W's effect: W changes little in our model on the 2,910-job sample (the runs are W = 20, 5 and ∞; W = 20 stands for the claim's W = 10), and the claim that W = 5 costs short jobs 3x does not hold (pigeon-yahoo-w5)", link: `${P_LINK}#eagles-slowdowns-on-the-yahoo-sample` },
    checks: [
      check("pigeon W = 20 / W = ∞, short p99, 3,000 nodes", ratio(ref("pigeon-yh1", "pigeon", "short.p99", 3000), ref("pigeon-yh1-winf", "pigeon", "short.p99")), "≤ 1.4", below(1.4)),
      check("pigeon W = 20 / W = ∞, long p50, 3,000 nodes", ratio(ref("pigeon-yh1", "pigeon", "long.p50", 3000), ref("pigeon-yh1-winf", "pigeon", "long.p50")), "≈ 1 (2 %)", band(0.98, 1.02), 1),
      check("pigeon W = 20 / W = ∞, long p90, 3,000 nodes", ratio(ref("pigeon-yh1", "pigeon", "long.p90", 3000), ref("pigeon-yh1-winf", "pigeon", "long.p90")), "≈ 1 (2 %)", band(0.98, 1.02), 1),
    ],
  },
  {
    id: "pigeon-yahoo-w5", paper: "pigeon", systems: ["pigeon"], where: "§4.1 W sweep (spec §5.3)", full: true,
    claim: "At W = 5 short p99 is more than 300 % of W = ∞ at high load",
    checks: [check("pigeon W = 5 / W = ∞, short p99, 3,000 nodes", ratio(ref("pigeon-yh1-w5", "pigeon", "short.p99"), ref("pigeon-yh1-winf", "pigeon", "short.p99")), "> 3", above(3))],
    reason: { text: "on the 2,910-job sample W = 5 changes short jobs little: not investigated further", link: `${P_LINK}#eagles-slowdowns-on-the-yahoo-sample` },
  },
  {
    id: "pigeon-google-like", paper: "pigeon", systems: ["pigeon", "eagle"], where: "§4.2, Figs. 7b, 8b (Google)", full: true,
    claim: "Pigeon outperforms Eagle on short jobs on the Google trace (figures only)",
    checks: [check("pigeon / eagle, short p99, google-like 506,460 jobs, 15,000 nodes", norm("pigeon-google-like-full", "pigeon", "eagle", "short.p99", 15000), "(figure only)",
      nc("the paper gives its Google numbers only in figures, and the generated workload is not its trace"))],
  },
  {
    id: "pigeon-group-size", paper: "pigeon", systems: ["pigeon", "pigeon-central"], where: "§4.1, Fig. 5 (Cloudera)",
    claim: "Group sizes 50-100 give the best short-job gains over the centralized scheduler (≈ 17 %, 18 %, 14 % at p50, p90, p99) on Cloudera at 93 % load",
    checks: [check("pigeon-central / pigeon, short p90, Yahoo sample 3,000 nodes (a stand-in)", norm("pigeon-yh1", "pigeon-central", "pigeon", "short.p90", 3000), "≈ 1.18 (Cloudera)",
      nc("no Cloudera sample exists here and the values are only in the figure; our centralized counterpart is better than groups on the samples"))],
  },
];

const Y_LINK = "docs/results/yaq.md";
const yaqMedian = (exp: string, sched: string) => ref(exp, sched, "yaq.jctExec.p50");
const yaq: Claim[] = [
  {
    id: "yaq-e1-table1", paper: "yaq", systems: ["yarn"], where: "E1, Table 1",
    claim: "Stock YARN's slot utilization falls with task length: 60.59 / 78.35 / 92.38 / 78.54 % for 5 s, 10 s, 50 s and Mixed-5-50 tasks",
    checks: ([["5s", 0.6059], ["10s", 0.7835], ["50s", 0.9238], ["mixed", 0.7854]] as const).map(([w, u]) =>
      check(`yarn utilization, ${w} tasks`, value(ref(`yaq-e1-${w}`, "yarn", "yaq.utilization")), `${(100 * u).toFixed(2)} %`, band(u - 0.05, u + 0.05), u)),
  },
  {
    id: "yaq-e1-fig9", paper: "yaq", systems: ["yaq-c"], where: "E1, Fig. 9",
    claim: "With queues Yaq-c lifts 5 s tasks to about 96 % at queue length 6; 50 s tasks saturate at queue length 2",
    checks: [
      check("yaq-c QS = 6 utilization, 5 s tasks", value(ref("yaq-e1-5s-qs6", "yaq-c", "yaq.utilization")), "≈ 96 %", band(0.93, 0.99), 0.96),
      check("yaq-c QS = 2 utilization, 50 s tasks", value(ref("yaq-e1-50s-qs2", "yaq-c", "yaq.utilization")), "saturated (≥ 97 %)", band(0.97, 1)),
    ],
    reason: { text: "a queued task too goes RM → AM → launch in our calibrated YARN, which adds the dispatch latency to the heartbeat: 5 s tasks need QS = 8", link: `${Y_LINK}#e1-the-dispatch-latency` },
  },
  {
    id: "yaq-e2-fig10", paper: "yaq", systems: ["yaq-c", "yarn"], where: "E2, Fig. 10", full: true,
    claim: "Bounded FIFO queues make JCT worse than YARN, and JCT rises with the fixed queue length (the tail up to 1.7x YARN's for MWT = 3)",
    checks: [
      check("yaq-c QS = 10 / QS = 2, median JCT", ratio(yaqMedian("yaq-e2-qs10", "yaq-c"), yaqMedian("yaq-e2", "yaq-c")), "> 1", above(1)),
      check("yaq-c QS = 2 / yarn, median JCT", ratio(yaqMedian("yaq-e2", "yaq-c"), yaqMedian("yaq-e2", "yarn")), "> 1", above(1)),
      check("yaq-c MWT = 3 / yarn, p99 JCT", ratio(ref("yaq-e2-mwt3", "yaq-c", "yaq.jctExec.p99"), ref("yaq-e2", "yarn", "yaq.jctExec.p99")), "up to 1.7", near(1.7), 1.7),
    ],
    reason: { text: "at offered load 1.0 our YARN is itself overloaded (heartbeat and dispatch latency), so every queue beats it; the paper's finding holds below saturation (E3's load 0.8)", link: `${Y_LINK}#e2-and-e3-the-load` },
  },
  {
    id: "yaq-e3-ranking", paper: "yaq", systems: ["yaq-c"], where: "E3, Fig. 11",
    claim: "Wait-time placement beats queue-length placement, which beats random, on median JCT",
    checks: [
      check("wait / length, median JCT", ratio(yaqMedian("yaq-e3-wait", "yaq-c"), yaqMedian("yaq-e3-length", "yaq-c")), "< 1", below(1)),
      check("length / random, median JCT", ratio(yaqMedian("yaq-e3-length", "yaq-c"), yaqMedian("yaq-e3-random", "yaq-c")), "< 1", below(1)),
    ],
  },
  {
    id: "yaq-e3-factors", paper: "yaq", systems: ["yaq-c"], where: "E3, Fig. 11",
    claim: "Wait-time placement improves median JCT by 1.2x over queue length and 1.4x over random",
    checks: [
      check("length / wait, median JCT", ratio(yaqMedian("yaq-e3-length", "yaq-c"), yaqMedian("yaq-e3-wait", "yaq-c")), "1.2", near(1.2, 0.1), 1.2),
      check("random / wait, median JCT", ratio(yaqMedian("yaq-e3-random", "yaq-c"), yaqMedian("yaq-e3-wait", "yaq-c")), "1.4", near(1.4, 0.1), 1.4),
    ],
    reason: { text: "the ranking holds but the factors are smaller (1.05x and 1.1x): the gains of every Yaq mechanism are smaller in our model", link: `${Y_LINK}#the-size-of-the-gains` },
  },
  {
    id: "yaq-e4-srjf", paper: "yaq", systems: ["yaq-c", "yarn"], where: "E4, Fig. 12",
    claim: "With queues of 10 and SRJF Yaq-c improves median JCT 2.2x over YARN",
    checks: [check("yarn / yaq-c SRJF, median JCT", ratio(yaqMedian("yaq-e4-yarn", "yarn"), yaqMedian("yaq-e4-srjf", "yaq-c")), "2.2", near(2.2), 2.2)],
  },
  {
    id: "yaq-e4-all-beat-yarn", paper: "yaq", systems: ["yaq-c", "yarn"], where: "E4, Fig. 12",
    claim: "SRJF, LRTF and STF all beat YARN's median JCT",
    checks: (["srjf", "lrtf", "stf"] as const).map((o) => check(`yaq-c ${o.toUpperCase()} / yarn, median JCT`,
      ratio(yaqMedian(`yaq-e4-${o}`, "yaq-c"), yaqMedian("yaq-e4-yarn", "yarn")), "< 1", below(1))),
  },
  {
    id: "yaq-e4-lrtf-stf", paper: "yaq", systems: ["yaq-c", "yarn"], where: "E4, Fig. 12",
    claim: "Median JCT improves 2.4x over YARN with LRTF and 1.4x with STF",
    checks: [
      check("yarn / yaq-c LRTF, median JCT", ratio(yaqMedian("yaq-e4-yarn", "yarn"), yaqMedian("yaq-e4-lrtf", "yaq-c")), "2.4", near(2.4), 2.4),
      check("yarn / yaq-c STF, median JCT", ratio(yaqMedian("yaq-e4-yarn", "yarn"), yaqMedian("yaq-e4-stf", "yaq-c")), "1.4", near(1.4), 1.4),
    ],
    reason: { text: "every GridMix-MS job has 100 tasks, so LRTF is close to EJF until jobs progress, and per-job homogeneous tasks make STF a job-level order as strong as SRJF", link: `${Y_LINK}#e4-the-order-of-the-reorderings` },
  },
  {
    id: "yaq-e4-stf-least", paper: "yaq", systems: ["yaq-c"], where: "E4, Fig. 12",
    claim: "STF gains the least of the three orders (LRTF 2.4x, SRJF 2.2x, STF 1.4x): job progress is a more reliable metric than STF's local one",
    checks: [
      check("yaq-c STF / SRJF, median JCT", ratio(yaqMedian("yaq-e4-stf", "yaq-c"), yaqMedian("yaq-e4-srjf", "yaq-c")), "> 1", above(1)),
      check("yaq-c STF / LRTF, median JCT", ratio(yaqMedian("yaq-e4-stf", "yaq-c"), yaqMedian("yaq-e4-lrtf", "yaq-c")), "> 1", above(1)),
    ],
    reason: { text: "with the paper's 100-task jobs and per-job homogeneous tasks STF orders jobs as SRJF does (STF ≈ SRJF at the median, the worst p99) and LRTF is nearly EJF; no estimate option reorders them", link: `${Y_LINK}#e4-the-order-of-the-reorderings` },
  },
  {
    id: "yaq-e4-unbounded", paper: "yaq", systems: ["yaq-c"], where: "E4, Fig. 12", full: true,
    claim: "SRJF with unbounded queues improves the lower JCT percentiles but hurts the higher ones",
    checks: [
      check("unbounded / bounded SRJF, median JCT", ratio(yaqMedian("yaq-e4-srjf-unbounded", "yaq-c"), yaqMedian("yaq-e4-srjf", "yaq-c")), "< 1", below(1)),
      check("unbounded / bounded SRJF, p99 JCT", ratio(ref("yaq-e4-srjf-unbounded", "yaq-c", "yaq.jctExec.p99"), ref("yaq-e4-srjf", "yaq-c", "yaq.jctExec.p99")), "> 1", above(1)),
    ],
    reason: { text: "unbounded SRJF is worse than bounded at the median too in our model (not investigated further)", link: `${Y_LINK}#e4-the-order-of-the-reorderings` },
  },
  {
    id: "yaq-e5-st", paper: "yaq", systems: ["yaq-c"], where: "E5, Fig. 13", full: true,
    claim: "For STF a starvation threshold of 0.5 s works best and 10 s is detrimental",
    checks: [
      check("ST 0.5 s / ST 10 s, median JCT", ratio(yaqMedian("yaq-e5-st0.5", "yaq-c"), yaqMedian("yaq-e5-st10", "yaq-c")), "< 1", below(1)),
      check("ST 0.5 s / no ST, median JCT", ratio(yaqMedian("yaq-e5-st0.5", "yaq-c"), yaqMedian("yaq-e5-stinf", "yaq-c")), "< 1", below(1)),
    ],
    reason: { text: "at load 1.0 tasks wait about 30 s in queues of 10, so every finite threshold marks them all starved: each falls back to about EJF", link: `${Y_LINK}#e5-starvation-thresholds` },
  },
  {
    id: "yaq-e6-heavy", paper: "yaq", systems: ["yaq-c", "yarn"], where: "E6, Fig. 14", full: true,
    claim: "On the heavy-tailed GridMix-MS Yaq-c with SRJF improves median JCT 1.8x over YARN",
    checks: [check("yarn / yaq-c, median JCT", norm("yaq-e6", "yarn", "yaq-c", "yaq.jctExec.p50"), "1.8", near(1.8), 1.8)],
    reason: { text: "this workload's median depends on the order of near-equal jobs: read ours as a better median and a worse tail", link: `${Y_LINK}#the-size-of-the-gains` },
  },
  {
    id: "yaq-e7-median", paper: "yaq", systems: ["yaq-c", "yarn"], where: "E7, Fig. 6, Table 3",
    claim: "On Hive-MS Yaq-c improves median JCT 1.7x and job throughput 1.6x over YARN",
    checks: [
      check("yarn / yaq-c, median JCT", norm("yaq-e7", "yarn", "yaq-c", "yaq.jctExec.p50"), "1.7", near(1.7), 1.7),
      check("yaq-c / yarn, jobs per minute", norm("yaq-e7", "yaq-c", "yarn", "yaq.jobsPerMinute"), "1.6", near(1.6), 1.6),
      check("yaq-c / yarn, median JCT", norm("yaq-e7", "yaq-c", "yarn", "yaq.jctExec.p50"), "< 1", below(1)),
    ],
    reason: { text: "a synthesized Hive-MS job's JCT is mostly its own longest map, which no queue or order shortens; global SRJF at the RM gives 1.84x (yaq.md)", link: `${Y_LINK}#e7-hive-ms` },
  },
  {
    id: "yaq-e7-ablations", paper: "yaq", systems: ["yaq-c", "yarn"], where: "E7, Table 3",
    claim: "Without queue bounding or without reordering queuing delays become excessive and throughput falls below stock YARN",
    checks: [
      check("unbounded / yaq-c, median queuing delay", ratio(ref("yaq-e7-unbounded", "yaq-c", "yaq.queueDelay.median"), ref("yaq-e7", "yaq-c", "yaq.queueDelay.median")), "≫ 1 (27x)", above(10), 27.6),
      check("unbounded / yarn, jobs per minute", ratio(ref("yaq-e7-unbounded", "yaq-c", "yaq.jobsPerMinute"), ref("yaq-e7", "yarn", "yaq.jobsPerMinute")), "< 1 (0.64)", below(1), 0.64),
      check("no reorder / yarn, jobs per minute", ratio(ref("yaq-e7-noreorder", "yaq-c", "yaq.jobsPerMinute"), ref("yaq-e7", "yarn", "yaq.jobsPerMinute")), "< 1 (0.86)", below(1), 0.86),
      check("no reorder / yaq-c, median queuing delay", ratio(ref("yaq-e7-noreorder", "yaq-c", "yaq.queueDelay.median"), ref("yaq-e7", "yaq-c", "yaq.queueDelay.median")), "≫ 1 (23x)", above(10), 23.1),
    ],
    reason: { text: "bounded FIFO queues of 4 behind 10 running tasks are short: the no-reorder ablation queues as little as Yaq-c; the unbounded one falls below YARN's throughput on some seeds only", link: `${Y_LINK}#e7-hive-ms` },
  },
  {
    id: "yaq-e8-distributed", paper: "yaq", systems: ["yaq-d", "mercury", "mercury-sampling"], where: "E8, Fig. 7, Table 4",
    claim: "Yaq-d beats distributed Mercury and batch sampling at all percentiles: median JCT 3.9x and 9.3x better",
    checks: [
      check("yaq-d / mercury, median JCT", norm("yaq-e8", "yaq-d", "mercury", "yaq.jctExec.p50"), "< 1", below(1)),
      check("yaq-d / batch sampling, median JCT", norm("yaq-e8", "yaq-d", "mercury-sampling", "yaq.jctExec.p50"), "< 1", below(1)),
      check("mercury / yaq-d, median JCT", norm("yaq-e8", "mercury", "yaq-d", "yaq.jctExec.p50"), "3.9", near(3.9), 3.9),
      check("batch sampling / yaq-d, median JCT", norm("yaq-e8", "mercury-sampling", "yaq-d", "yaq.jctExec.p50"), "9.3", near(9.3), 9.3),
    ],
    reason: { text: "Yaq-d is ahead by 1.07-1.10x only: without the paper's tuned job cap on the baselines (its value is not given) their queues drain as fast", link: `${Y_LINK}#e8-and-e10-the-distributed-baselines-and-naive-queues` },
  },
  {
    id: "yaq-e8-rebalance", paper: "yaq", systems: ["yaq-d"], where: "E8, Table 4", full: true,
    claim: "Dynamic queue rebalancing improves Yaq-d's median JCT and throughput",
    checks: [
      check("rebalance / none, median JCT", ratio(yaqMedian("yaq-e8", "yaq-d"), yaqMedian("yaq-e8-norebalance", "yaq-d")), "< 1", below(1)),
      check("rebalance / none, jobs per minute", ratio(ref("yaq-e8", "yaq-d", "yaq.jobsPerMinute"), ref("yaq-e8-norebalance", "yaq-d", "yaq.jobsPerMinute")), "> 1 (1.64)", above(1), 1.64),
    ],
    reason: { text: "rebalancing helps at seed 1 (8 % better median), but over seeds its effect is within the noise", link: `${Y_LINK}#e8-and-e10-the-distributed-baselines-and-naive-queues` },
  },
  {
    id: "yaq-e9-capacity", paper: "yaq", systems: ["yaq-c"], where: "E9, Fig. 8",
    claim: "Yaq-c respects each capacity queue's share (A = 70 %, B = 30 %) with only momentary slight violations",
    checks: [check("queue A's share of the occupied slots", value(ref("yaq-e9", "yaq-c", "yaq.capacity.shareA")), "70 %", band(0.65, 0.75), 0.7)],
  },
  {
    id: "yaq-e10-naive", paper: "yaq", systems: ["yarn-q", "yarn", "mercury-sampling"], where: "E10, Fig. 2", full: true,
    claim: "Naive FIFO queues at the nodes (YARN+Q) can be worse than no queues; batch sampling has a long tail",
    checks: [
      check("yarn-q / yarn, median JCT", norm("yaq-e10", "yarn-q", "yarn", "yaq.jctExec.p50"), "> 1", above(1)),
      check("batch sampling / yarn, p99 JCT", norm("yaq-e10", "mercury-sampling", "yarn", "yaq.jctExec.p99"), "> 1", above(1)),
    ],
    reason: { text: "YARN+Q's FIFO queues of 4 hide the heartbeat gap in our calibrated model, which makes it slightly better than YARN", link: `${Y_LINK}#e8-and-e10-the-distributed-baselines-and-naive-queues` },
  },
];

const D_LINK = "docs/results/dice.md";
const t1 = (sp: number) => `dice-table1-sp${sp}`;
const diceTable1 = (sched: "hawk" | "eagle"): Claim[] => [
  {
    id: `dice-table1-${sched}-short`, paper: "dice", systems: [sched], where: "§6.2, Table 1 (Yahoo, 4,000 nodes)",
    claim: `A bigger static short partition (2 → 4 → 6 → 8 %) lowers ${sched === "hawk" ? "Hawk" : "Eagle"}'s short-job P50 and P90`,
    checks: [2, 4, 6].flatMap((sp) => (["p50", "p90"] as const).map((p) => check(`${sched} ${sp + 2} % / ${sp} %, short ${p}`,
      ratio(ref(t1(sp + 2), sched, `short.${p}`), ref(t1(sp), sched, `short.${p}`)), "≤ 1", below(sched === "eagle" ? 1.02 : 1)))),
  },
  {
    id: `dice-table1-${sched}-long`, paper: "dice", systems: [sched], where: "§6.2, Table 1 (Yahoo, 4,000 nodes)",
    claim: `A bigger static short partition raises ${sched === "hawk" ? "Hawk" : "Eagle"}'s long-job P50 and P90`,
    checks: [2, 4, 6].flatMap((sp) => (["p50", "p90"] as const).map((p) => check(`${sched} ${sp + 2} % / ${sp} %, long ${p}`,
      ratio(ref(t1(sp + 2), sched, `long.${p}`), ref(t1(sp), sched, `long.${p}`)), "≥ 1", above(1)))),
  },
];
const diceYh1 = (sched: "hawk" | "eagle"): Claim => ({
  id: `dice-table1-yh1-${sched}`, paper: "dice", systems: [sched], where: "§6.2, Table 1 (the Yahoo sample, 3,000 nodes)", full: true,
  claim: `The same directions on the 2,910-job Yahoo sample at 3,000 nodes (its load is near the whole trace's at 4,000): ${sched} short down, long up`,
  checks: [2, 4, 6].flatMap((sp) => [
    check(`${sched} ${sp + 2} % / ${sp} %, short p90`, ratio(ref(`dice-table1-yh1-sp${sp + 2}`, sched, "short.p90"), ref(`dice-table1-yh1-sp${sp}`, sched, "short.p90")), "≤ 1", below(1)),
    check(`${sched} ${sp + 2} % / ${sp} %, long p50`, ratio(ref(`dice-table1-yh1-sp${sp + 2}`, sched, "long.p50"), ref(`dice-table1-yh1-sp${sp}`, sched, "long.p50")), "≥ 1", above(1)),
  ]),
});
const diceImpr = (nodes: number, host: "hawk" | "eagle", p: "p50" | "p90", v: number, exp = "dice-yahoo") =>
  check(`${host}-dice over ${host}, short ${p} improvement, ${fmtNodes(nodes)} nodes`,
    gain(ref(exp, `${host}-dice`, `short.${p}`, nodes), ref(exp, host, `short.${p}`, nodes)), `${(100 * v).toFixed(1)} %`, points(v), v);
const dice: Claim[] = [
  ...diceTable1("hawk"), ...diceTable1("eagle"),
  {
    id: "dice-table1-hawk-values", paper: "dice", systems: ["hawk", "eagle"], where: "§6.2, Table 1",
    claim: "Hawk's short jobs gain most from 2 to 4 % (41.7 / 62.7 % at P50 / P90), and at 2 % Hawk's short jobs are 11.0x / 8.3x Eagle's (the four values computed from Table 1, seed-dice.md §6.2 [D])",
    checks: [
      check("hawk 2 → 4 %, short p50 improvement", gain(ref(t1(4), "hawk", "short.p50"), ref(t1(2), "hawk", "short.p50")), "41.7 % (from Table 1)", points(0.417), 0.417),
      check("hawk 2 → 4 %, short p90 improvement", gain(ref(t1(4), "hawk", "short.p90"), ref(t1(2), "hawk", "short.p90")), "62.7 % (from Table 1)", points(0.627), 0.627),
      check("hawk / eagle at 2 %, short p50", norm(t1(2), "hawk", "eagle", "short.p50"), "11.0 (from Table 1)", near(11), 11),
      check("hawk / eagle at 2 %, short p90", norm(t1(2), "hawk", "eagle", "short.p90"), "8.3 (from Table 1)", near(8.3), 8.3),
    ],
    reason: { text: "the generated Yahoo-like workload's short jobs are close to the trace's but not the same: Hawk's 2 % short jobs are fewer times Eagle's than 11x, and the ratio varies widely from seed to seed", link: `${D_LINK}#long-job-costs` },
  },
  diceYh1("hawk"), diceYh1("eagle"),
  {
    id: "dice-yahoo-3000", paper: "dice", systems: ["hawk-dice", "eagle-dice"], where: "§6.8, Fig. 10 (Yahoo, 3,000 nodes)",
    claim: "At 3,000 nodes Dice improves short jobs' P50 / P90 by 91.4 / 74.4 % over Hawk and 97.4 / 74.9 % over Eagle",
    checks: [diceImpr(3000, "hawk", "p50", 0.914), diceImpr(3000, "hawk", "p90", 0.744), diceImpr(3000, "eagle", "p50", 0.974), diceImpr(3000, "eagle", "p90", 0.749)],
  },
  {
    id: "dice-yahoo-4000", paper: "dice", systems: ["hawk-dice", "eagle-dice"], where: "§6.8, Fig. 10 (Yahoo, 4,000 nodes)", full: true,
    claim: "At 4,000 nodes Dice improves short jobs' P50 / P90 by 17.7 / 38.3 % over Hawk and 4.1 / 34.0 % over Eagle",
    checks: [diceImpr(4000, "hawk", "p50", 0.177), diceImpr(4000, "hawk", "p90", 0.383), diceImpr(4000, "eagle", "p50", 0.041), diceImpr(4000, "eagle", "p90", 0.34)],
    reason: { text: "Opportunistic Preemption never fires under Eagle in our model: Eagle-Dice's gains come from Elastic Sizing alone, which does little at 4,000 nodes", link: `${D_LINK}#opportunistic-preemption-under-eagle` },
  },
  {
    id: "dice-gains-shrink", paper: "dice", systems: ["hawk-dice", "eagle-dice"], where: "§6.8",
    claim: "Dice's gains for short jobs decrease as the cluster grows",
    // improvement(5,000) − improvement(3,000) = ratio(3,000) − ratio(5,000), with ratio = dice / host.
    checks: (["hawk", "eagle"] as const).map((h) => check(`${h}-dice's short p90 improvement at 5,000 nodes − at 3,000 nodes`,
      { kind: "contrast",
        a: { of: ref("dice-yahoo", `${h}-dice`, "short.p90", 3000), over: ref("dice-yahoo", h, "short.p90", 3000) },
        b: { of: ref("dice-yahoo", `${h}-dice`, "short.p90", 5000), over: ref("dice-yahoo", h, "short.p90", 5000) } },
      "< 0 (smaller)", below(0))),
  },
  {
    id: "dice-yahoo-long-cost", paper: "dice", systems: ["hawk-dice", "eagle-dice"], where: "§6.8 (Yahoo, 3,000 nodes)",
    claim: "Dice costs long jobs 14.3 % (Hawk) and 8.0 % (Eagle) at P50",
    checks: [
      check("hawk-dice / hawk, long p50, 3,000 nodes", norm("dice-yahoo", "hawk-dice", "hawk", "long.p50", 3000), "1.143", near(1.143, 0.05), 1.143),
      check("eagle-dice / eagle, long p50, 3,000 nodes", norm("dice-yahoo", "eagle-dice", "eagle", "long.p50", 3000), "1.080", near(1.08, 0.05), 1.08),
    ],
    reason: { text: "our long-job costs at 3,000 nodes are under 2.5 %: the generated workload's long jobs are not the trace's (not investigated further)", link: `${D_LINK}#long-job-costs` },
  },
  {
    id: "dice-op-eagle", paper: "dice", systems: ["eagle-dice"], where: "§6.6, Fig. 8 (OP under Eagle)",
    claim: "Opportunistic Preemption improves Eagle's short jobs (up to 41.3 % at P90): OP helps Eagle more than ES does",
    checks: [check("eagle-dice: preemption requests honoured, 3,000 nodes", value(ref("dice-yahoo", "eagle-dice", "counters.diceRequestsHonoured", 3000)), "> 0", above(0))],
    reason: { text: "Eagle's nodes reject short probes while they hold long work, so OP's fourth condition (a short probe waiting at the node) never holds on the nodes it picks", link: `${D_LINK}#opportunistic-preemption-under-eagle` },
  },
  {
    id: "dice-google", paper: "dice", systems: ["hawk-dice", "eagle-dice"], where: "§6.8, Fig. 12 (Google, 12,000 nodes)", full: true,
    claim: "On Google at 12,000 nodes Dice improves short jobs' P50 / P90 by 50.9 / 43.5 % over Hawk and 33.2 / 85.3 % over Eagle",
    checks: [diceImpr(12000, "hawk", "p50", 0.509, "dice-google"), diceImpr(12000, "hawk", "p90", 0.435, "dice-google"),
      diceImpr(12000, "eagle", "p50", 0.332, "dice-google"), diceImpr(12000, "eagle", "p90", 0.853, "dice-google")],
    reason: { text: "on the 100,000-job google-like workload both hosts are far more overloaded at 12,000 nodes than the trace was, so Dice's gains are larger", link: `${D_LINK}#long-job-costs` },
  },
];

const F_LINK = "docs/results/fregata.md";
const fregataJobs = [100, 200, 300, 400, 500, 600];
const fregata: Claim[] = [
  {
    id: "fregata-r1-util", paper: "fregata", systems: ["fregata", "pigeon", "sparrow"], where: "§4.2 R1, R2 (50 servers)",
    claim: "Fregata's resource utilisation is above Pigeon's and Sparrow's",
    checks: fregataJobs.flatMap((j) => (["pigeon", "sparrow"] as const).map((s) => check(`fregata / ${s}, mean utilisation, ${j} jobs`,
      norm(`fregata-cluster-${j}`, "fregata", s, "resources.mean"), "> 1", above(1)))),
  },
  {
    id: "fregata-r1-pigeon-sparrow", paper: "fregata", systems: ["pigeon", "sparrow"], where: "§4.2 R1, R2 (50 servers)",
    claim: "Pigeon's utilisation is above Sparrow's (Fregata > Pigeon > Sparrow)",
    checks: fregataJobs.map((j) => check(`pigeon / sparrow, mean utilisation, ${j} jobs`, norm(`fregata-cluster-${j}`, "pigeon", "sparrow", "resources.mean"), "> 1", above(1))),
    reason: { text: "utilisation here orders schedulers by makespan, set by how fast the long backlog drains; Pigeon's reserved servers (10 %) may never run long tasks, so it drains slower", link: `${F_LINK}#why-pigeon-is-below-sparrow-in-utilisation` },
  },
  {
    id: "fregata-r3-jct", paper: "fregata", systems: ["fregata", "pigeon", "sparrow"], where: "§4.2 R3 (50 servers)",
    claim: "Job completion time: Fregata < Pigeon < Sparrow",
    checks: fregataJobs.flatMap((j) => [
      check(`fregata / pigeon, mean JCT, ${j} jobs`, norm(`fregata-cluster-${j}`, "fregata", "pigeon", "all.mean"), "< 1", below(1)),
      check(`pigeon / sparrow, mean JCT, ${j} jobs`, norm(`fregata-cluster-${j}`, "pigeon", "sparrow", "all.mean"), "< 1", below(1)),
    ]),
  },
  {
    id: "fregata-r4-maxima", paper: "fregata", systems: ["fregata", "pigeon", "sparrow"], where: "§4.2 R4 (50 servers)",
    claim: "Sparrow's JCT is up to 14x Fregata's and 5.3x Pigeon's",
    checks: [
      check("sparrow / fregata, mean JCT, 600 jobs", norm("fregata-cluster-600", "sparrow", "fregata", "all.mean"), "up to 14", nc("the paper gives neither its loads nor its task durations; ours overloads the cluster for a while, so the maxima grow with the job count"), 14),
      check("sparrow / pigeon, mean JCT, 600 jobs", norm("fregata-cluster-600", "sparrow", "pigeon", "all.mean"), "up to 5.3", nc("as above"), 5.3),
    ],
  },
  {
    id: "fregata-r5-ec2", paper: "fregata", systems: ["fregata", "pigeon", "sparrow"], where: "§4.2 R5-R7 (30 EC2 instances)",
    claim: "On 30 EC2 instances the same orderings hold: Fregata best in JCT and utilisation, JCT Fregata < Pigeon < Sparrow",
    checks: fregataJobs.flatMap((j) => [
      check(`fregata / pigeon, mean JCT, ${j} jobs`, norm(`fregata-ec2-${j}`, "fregata", "pigeon", "all.mean"), "< 1", below(1)),
      check(`pigeon / sparrow, mean JCT, ${j} jobs`, norm(`fregata-ec2-${j}`, "pigeon", "sparrow", "all.mean"), "< 1", below(1)),
      check(`fregata / sparrow, mean utilisation, ${j} jobs`, norm(`fregata-ec2-${j}`, "fregata", "sparrow", "resources.mean"), "> 1", above(1)),
    ]),
  },
  {
    id: "fregata-r8-ec2-maxima", paper: "fregata", systems: ["fregata", "pigeon", "sparrow"], where: "§4.2 R8 (30 EC2 instances)", full: true,
    claim: "On EC2 Sparrow's JCT is up to 14x Fregata's and 5.6x Pigeon's",
    checks: [
      check("sparrow / fregata, mean JCT, 600 jobs", norm("fregata-ec2-600", "sparrow", "fregata", "all.mean"), "up to 14", nc("as for R4: loads and durations not given"), 14),
      check("sparrow / pigeon, mean JCT, 600 jobs", norm("fregata-ec2-600", "sparrow", "pigeon", "all.mean"), "up to 5.6", nc("as for R4"), 5.6),
    ],
  },
];

const analyticClaims: Claim[] = [
  {
    id: "mm1", paper: "analytic", systems: ["random"], where: "M/M/1 (docs/testing.md)",
    claim: "Random placement of single-task Poisson jobs makes every node an M/M/1 queue: mean sojourn 1/(μ − λ) plus the 0.5 ms placement delay",
    checks: [
      check("random, load 0.5: mean completion time (s)", value(ref("mm1-0.5", "random", "short.mean")), "2.0005", near(2.0005, 0.03), 2.0005),
      check("random, load 0.8: mean completion time (s)", value(ref("mm1-0.8", "random", "short.mean")), "5.0005", near(5.0005, 0.03), 5.0005),
      check("random, load 0.8: utilization", value(ref("mm1-0.8", "random", "utilization")), "0.8", band(0.79, 0.81), 0.8),
    ],
  },
  {
    id: "pigeon-fig4", paper: "analytic", systems: ["pigeon"], where: "Pigeon §3, Fig. 4 (Eqs. (1), (2))",
    claim: "A master of 100 workers dispatches a task at once with probability ≈ 1 at 80 % load and ≈ 0.7 at 90 %; the average wait stays under 4 % of a task's time",
    checks: [
      check("P_task(0), N_w = 100, ρ = 0.8", analytic("pigeon-eq1", { nw: 100, rho: 0.8 }, "Eq. (1)"), "≈ 1", band(0.95, 1), 1),
      check("P_task(0), N_w = 100, ρ = 0.9", analytic("pigeon-eq1", { nw: 100, rho: 0.9 }, "Eq. (1)"), "≈ 0.7", band(0.6, 0.8), 0.7),
      check("(T_q + communication) / T_e, N_w = 100, ρ = 0.9", analytic("pigeon-eq2-share", { nw: 100, rho: 0.9, te: 0.1 }, "Eq. (2)"), "< 4 %", below(0.04), 0.04),
    ],
  },
  {
    id: "pigeon-fig2", paper: "analytic", systems: ["pigeon", "sparrow"], where: "Pigeon §3, Fig. 2 (Eqs. (3), (4))",
    claim: "Sparrow's job zero-queuing probability is near zero at load 0.6, while Pigeon's drops only between 0.6 and 0.8: it works at 20-40 % higher load",
    checks: [
      check("Sparrow P_job(0), F = 50, ρ = 0.6", analytic("sparrow-eq4", { rho: 0.6, f: 50 }, "Eq. (4)"), "≈ 0", below(0.05)),
      check("Pigeon P_job(0), N_w = 100, F = 100, ρ = 0.6", analytic("pigeon-eq3", { nw: 100, rho: 0.6, f: 100 }, "Eq. (3)"), "≈ 1", above(0.95)),
      check("Pigeon P_job(0), N_w = 100, F = 100, ρ = 0.8", analytic("pigeon-eq3", { nw: 100, rho: 0.8, f: 100 }, "Eq. (3)"), "dropped", below(0.5)),
      check("Pigeon P_job(0), N_w = 200, F = 100, ρ = 0.8", analytic("pigeon-eq3", { nw: 200, rho: 0.8, f: 100 }, "Eq. (3)"), "still high (drops 0.1 later)", above(0.5)),
      check("Pigeon P_job(0), N_w = 200, F = 100, ρ = 0.9", analytic("pigeon-eq3", { nw: 200, rho: 0.9, f: 100 }, "Eq. (3)"), "≈ 0", below(0.05)),
    ],
  },
  {
    id: "pigeon-eq6", paper: "analytic", systems: ["pigeon"], where: "Pigeon §3, Fig. 3 (Eq. (6))",
    claim: "With exponential tasks (T_e = 0.1 s) a job's zero-queuing probability is close to its task's: Eq. (6) at N_w = 100, 90 % load",
    checks: [check("P_job(0), N_w = 100, ρ = 0.9, T_e = 0.1 s", analytic("pigeon-eq6", { nw: 100, rho: 0.9, te: 0.1 }, "Eq. (6)"), "≈ 0.7 (Fig. 3)", band(0.6, 0.8), 0.7)],
  },
  {
    id: "yaq-eq2-examples", paper: "analytic", systems: ["yaq", "yaq-c"], where: "Yaq §3.1.2, Appendix A (Eq. (2))",
    claim: "With 10 slots, 3 s heartbeats and a 95 % target, 10 s tasks need a queue of 6 and 30 s tasks a queue of at least 3",
    checks: [
      check("b, 1/μ = 10 s", analytic("yaq-eq2", { slots: 10, mean: 10, heartbeat: 3, target: 0.95 }, "Eq. (2)"), "6", exactly(6), 6),
      check("b, 1/μ = 30 s", analytic("yaq-eq2", { slots: 10, mean: 30, heartbeat: 3, target: 0.95 }, "Eq. (2)"), "≥ 3", exactly(3), 3),
    ],
  },
  {
    id: "yaq-eq1-hive", paper: "analytic", systems: ["yaq", "yaq-c"], where: "Yaq §6.2 (Eq. (1))",
    claim: "Yaq-c's queue size of 4 on Hive-MS (tasks of 22.9 s) coincides with Eq. (1)",
    checks: [check("b, 1/μ = 22.9 s", analytic("yaq-eq1", { slots: 10, mean: 22.9, heartbeat: 3, target: 0.95 }, "Eq. (1)"), "4", exactly(4), 4)],
  },
];

/** The reference simulator's rows (../shared/reference/eagle-reference-yh1-goog.json). */
export interface ReferenceRow {
  trace: string; system: string; workers: number;
  short: { p50: number; p90: number; p99: number }; long: { p50: number; p90: number; p99: number };
}

const C_LINK = "docs/results/compat.md";
/** compat=true against the reference's own figures: per point and system, p50 and p90 of each class
 *  within 10 % of the reference's (its own seed-to-seed spread is about ±6 %). */
export function compatClaims(rows: ReferenceRow[]): Claim[] {
  const out: Claim[] = [];
  for (const r of rows) {
    const sched = COMPAT_SYSTEMS[r.system];
    const trace = r.trace.replace(/\.tr$/, "");
    const exp = compatExp(trace, r.workers);
    if (!sched || !EXPERIMENTS.some((e) => e.id === exp)) continue;
    out.push({
      id: `compat-${trace === "YH1_sub" ? "yh1" : "goog"}-${r.workers}-${sched}`, paper: "compat", systems: [sched, "compat"],
      where: `${trace}.tr, ${fmtNodes(r.workers)} nodes`,
      claim: `${r.system} with compat=true matches the reference simulator's p50 and p90 per class within 10 %`,
      checks: (["short", "long"] as const).flatMap((c) => (["p50", "p90"] as const).map((p) => {
        const v = r[c][p];
        return check(`${sched} ${c} ${p} (s)`, value(ref(exp, sched, `${c}.${p}`)), String(Math.round(v * 10) / 10), near(v, 0.1), v);
      })),
      reason: { text: "the reference's own seed-to-seed spread is about ±6 %; the remaining gaps are its draw sequence, not a missing behaviour", link: `${C_LINK}#hawks-short-p90-at-yh1_sub-4000-the-references-own-seed-spread` },
    });
  }
  out.push({
    id: "compat-hawk-yh1-4000-seeds", paper: "compat", systems: ["hawk", "compat"], where: "YH1_sub.tr, 4,000 nodes (the reference at its seeds 1-40)",
    claim: "Hawk's short p90 with compat=true has the reference's own seed-to-seed distribution (its mean over seeds 1-40: 892.8 s)",
    checks: [check("hawk short p90 (s), mean over the seeds", value(ref(compatExp("YH1_sub", 4000), "hawk", "short.p90")), "892.8 (40 seeds)", near(892.8, 0.05), 892.8)],
  });
  return out;
}

/** The claims that need no data file. */
export const CLAIMS: Claim[] = [...hawkEagle, ...kairos, ...pigeon, ...yaq, ...dice, ...fregata, ...analyticClaims];

/** The figures of the results pages: bars of one experiment, the published values overlaid. */
export const FIGURES: Figure[] = [
  { id: "hawk-google-sample", paper: "hawk-eagle", exp: "he-goog-hawk", caption: "Hawk normalized to Sparrow on the Google sample (google preset); diamonds: the paper's best case at 15,000-25,000 nodes",
    published: [15000, 20000, 25000].flatMap((nodes) => [
      { scheduler: "hawk", nodes, cls: "short" as const, stat: "p50" as const, value: 0.2 }, { scheduler: "hawk", nodes, cls: "short" as const, stat: "p90" as const, value: 0.1 },
      { scheduler: "hawk", nodes, cls: "long" as const, stat: "p50" as const, value: 0.65 }, { scheduler: "hawk", nodes, cls: "long" as const, stat: "p90" as const, value: 0.9 }]) },
  { id: "hawk-yahoo-sample", paper: "hawk-eagle", exp: "he-yh1-hawk", caption: "Hawk normalized to Sparrow on the Yahoo sample (yahoo preset)" },
  { id: "eagle-google-sample", paper: "hawk-eagle", exp: "he-goog-eagle", caption: "Eagle, DLWL and omniscient LWL normalized to Hawk on the Google sample" },
  { id: "eagle-yahoo-sample", paper: "hawk-eagle", exp: "he-yh1-eagle", caption: "Eagle, DLWL and omniscient LWL normalized to Hawk on the Yahoo sample" },
  { id: "kairos-yahoo", paper: "kairos", exp: "kairos-yh1", caption: "Kairos normalized to Eagle on the Yahoo sample (W = 100 s); diamonds: the paper's best short p99 (0.15) and its long p99 penalty (1.14-1.5)",
    published: [{ scheduler: "kairos", nodes: 4000, cls: "short", stat: "p99", value: 0.15 }, { scheduler: "kairos", nodes: 4000, cls: "long", stat: "p99", value: 1.14 },
      { scheduler: "kairos", nodes: 4000, cls: "long", stat: "p99", value: 1.5 }] },
  { id: "kairos-google", paper: "kairos", exp: "kairos-goog", caption: "Kairos normalized to Eagle on the Google sample (W = 10,000 s); diamond: the paper's short p99 at high load (0.45)",
    published: [{ scheduler: "kairos", nodes: 15000, cls: "short", stat: "p99", value: 0.45 }] },
  { id: "pigeon-ngo90", paper: "pigeon", exp: "pigeon-ngo90", caption: "Eagle, Sparrow and Pigeon-central normalized to Pigeon on NGO_trace90 (120 workers); diamonds: the paper's Eagle at 90 % load (25x, 30x, 7x)",
    published: [{ scheduler: "eagle", nodes: 120, cls: "short", stat: "p50", value: 25 }, { scheduler: "eagle", nodes: 120, cls: "short", stat: "p90", value: 30 },
      { scheduler: "eagle", nodes: 120, cls: "short", stat: "p99", value: 7 }] },
  { id: "pigeon-yahoo", paper: "pigeon", exp: "pigeon-yh1", caption: "Pigeon and Pigeon-central normalized to Eagle on the Yahoo sample" },
  { id: "yaq-e8", paper: "yaq", exp: "yaq-e8", caption: "Mercury and batch sampling normalized to Yaq-d on Hive-MS (E8, Poisson at load 1.0): completion time from submission (seed 1's jobs and runs)" },
  { id: "dice-yahoo", paper: "dice", exp: "dice-yahoo", caption: "Hawk-Dice, Eagle and Eagle-Dice normalized to Hawk on the yahoo-like workload (seed 1's jobs and runs)" },
  { id: "fregata-600", paper: "fregata", exp: "fregata-cluster-600", caption: "Pigeon and Sparrow normalized to Fregata, 600 jobs on 50 servers" },
  { id: "compat-yh1-4000", paper: "compat", exp: "compat-yh1-4000", caption: "compat=true on YH1_sub at 4,000 nodes, normalized to Sparrow (the reference's own form)" },
];
