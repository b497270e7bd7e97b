// `aviary reproduce` (issue #38): the catalogue is consistent (every claim's runs exist, every
// reason's link reaches a heading), the verdict rules on hand-made values, a run's cells resumed
// and sharded give the same report, the command's bad input, `aviary slurm reproduce`'s scripts,
// and CI's guard: the `--quick` verdicts equal the committed ones (test/golden/reproduce-quick.json,
// `node dist/bench/reproduce-verdicts.js --write` after a change that moves one), and the committed
// docs/results/report.json was made from this catalogue.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { packageRoot } from "../src/engine/node.js";
import { CLAIMS, EXPERIMENTS, FIGURES, PAPERS, compatClaims, findExperiment, type ReferenceRow } from "../src/reproduce/catalogue.js";
import { claimExperiments, evaluateCheck, metricOf, ruleVerdict, claimVerdict } from "../src/reproduce/evaluate.js";
import { spreadOf } from "../src/compare/spread.js";
import { anchorOf, ruleText, fmtOurs } from "../src/reproduce/report.js";
import { inQuick, quickChecks, sampleTracePath, selectClaims, effective, units } from "../src/reproduce/run.js";
import { VERDICTS_FILE, quickVerdicts, verdictChanges, type QuickVerdicts } from "../bench/reproduce-verdicts.js";
import { haveSharedTraces } from "./helpers.js";
import type { RunSummary } from "../src/metrics/summary.js";
import type { Claim, Ref } from "../src/reproduce/types.js";

const ROOT = packageRoot();
const REFERENCE = join(ROOT, "../shared/reference/eagle-reference-yh1-goog.json");
const referenceRows: ReferenceRow[] | undefined = existsSync(REFERENCE) ? JSON.parse(readFileSync(REFERENCE, "utf8")) : undefined;
const inCI = process.env.CI === "true";
const sharedTraces = join(ROOT, "../shared/traces");
const aviary = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, "bin/aviary.js"), ...args], { cwd: ROOT, encoding: "utf8" });

const refsOf = (c: Claim): Ref[] => c.checks.flatMap((k) => {
  const v = k.value;
  return v.kind === "analytic" ? [] : v.kind === "contrast" ? [v.a.of, v.a.over, v.b.of, v.b.over] : v.kind === "value" ? [v.of] : [v.of, v.over];
});

/** GitHub's anchors of a Markdown file (as test/readme.test.ts computes them). */
function anchors(text: string): Set<string> {
  const prose = text.replace(/^```[\s\S]*?^```\s*$/gm, "");
  return new Set([...prose.matchAll(/^#{1,6}\s+(.*)$/gm)].map((m) => anchorOf(m[1])));
}

describe("the catalogue", () => {
  const claims = [...CLAIMS, ...(referenceRows ? compatClaims(referenceRows) : [])];

  it("covers every system of the seeds and the analytic checks, each claim with its published value and a rule", () => {
    for (const p of ["hawk-eagle", "kairos", "pigeon", "yaq", "dice", "fregata", "analytic"]) expect(claims.some((c) => c.paper === p), p).toBe(true);
    for (const s of ["hawk", "eagle", "dlwl", "clwl", "kairos", "pigeon", "yaq-c", "yaq-d", "hawk-dice", "eagle-dice", "fregata"]) {
      expect(claims.some((c) => c.systems.includes(s)), s).toBe(true);
    }
    expect(new Set(claims.map((c) => c.id)).size).toBe(claims.length);
    for (const c of claims) {
      expect(c.checks.length, c.id).toBeGreaterThan(0);
      for (const k of c.checks) expect(k.published.trim(), `${c.id}: ${k.label}`).not.toBe("");
      expect(c.claim.trim().length).toBeGreaterThan(20);
    }
  });

  it("every run a claim reads is in its experiment: the scheduler, and the node count in the full and the quick grid", () => {
    for (const c of claims) {
      for (const r of refsOf(c)) {
        const e = findExperiment(r.exp);
        expect(e.schedulers, `${c.id}: ${r.exp}`).toContain(r.sched);
        const nodes = units(effective(e, false, undefined, "wasm"))[0].plan.nodes;
        if (r.nodes !== undefined) expect(nodes, `${c.id}: ${r.exp} at ${r.nodes}`).toContain(r.nodes);
        else expect(nodes.length, `${c.id}: ${r.exp} has several node counts: name one`).toBe(1);
      }
    }
    for (const f of FIGURES) expect(EXPERIMENTS.some((e) => e.id === f.exp), f.id).toBe(true);
    // Every experiment is read by some claim.
    const used = new Set(claims.flatMap(claimExperiments));
    for (const e of EXPERIMENTS) if (!e.id.startsWith("compat-") || referenceRows) expect(used.has(e.id), e.id).toBe(true);
  });

  it("--quick keeps the checks whose runs are in the quick grids, and includes at least one claim of every paper", () => {
    for (const c of claims.filter(inQuick)) {
      for (const k of quickChecks(c)) {
        expect(c.checks).toContain(k);
      }
    }
    for (const p of ["hawk-eagle", "kairos", "pigeon", "yaq", "dice", "fregata", "analytic"]) {
      expect(claims.some((c) => c.paper === p && inQuick(c)), p).toBe(true);
    }
  });

  it("every reason's link reaches a file and a heading of the hand-written analysis", () => {
    for (const c of claims) {
      if (!c.reason) continue;
      const [path, fragment] = c.reason.link.split("#");
      const file = join(ROOT, path);
      expect(existsSync(file), `${c.id}: ${path}`).toBe(true);
      if (fragment) expect(anchors(readFileSync(file, "utf8")).has(fragment), `${c.id}: ${c.reason.link}`).toBe(true);
    }
  });

  it("claims known not to reproduce carry their reason (Yaq E4's STF, Fregata's Pigeon > Sparrow, Kairos on Google)", () => {
    for (const id of ["yaq-e4-stf-least", "fregata-r1-pigeon-sparrow", "kairos-google-short-p99", "dice-op-eagle", "yaq-e7-median"]) {
      const c = claims.find((x) => x.id === id)!;
      expect(c.reason?.text, id).toBeTruthy();
    }
  });
});

/** A run summary with chosen statistics. */
function run(scheduler: string, seed: number, shortP50: number, extra: Partial<RunSummary> = {}): RunSummary {
  return {
    scheduler, engine: "wasm", nodes: 10, slots: 1, seed, cutoff: 1, params: {}, trace: { name: "t", jobs: 4, tasks: 4 },
    short: { jobs: 3, mean: shortP50, p50: shortP50, p90: shortP50, p99: shortP50 }, long: { jobs: 1, mean: 10, p50: 10, p90: 10, p99: 10 },
    slowdown: { short: { p50: 1, p90: 1, p99: 1 }, long: { p50: 1, p90: 1, p99: 1 } }, utilization: 0.5, makespan: 1,
    counters: { probesBehindLong: 200, rescheduledProbes: 190 }, wallSeconds: 0, eventsPerSecond: 0, ...extra,
  };
}

describe("values and verdicts", () => {
  it("metrics: a path, the mean over every job, the stolen share", () => {
    const r = run("hawk", 1, 2);
    expect(metricOf(r, "short.p50")).toBe(2);
    expect(metricOf(r, "all.mean")).toBe((3 * 2 + 10) / 4);
    expect(metricOf(r, "stolenShare")).toBe(0.95);
    expect(metricOf(r, "no.such")).toBeNull();
  });

  it("band: reproduced with the whole interval inside; not reproduced when it misses; inconclusive between", () => {
    const band = { kind: "band" as const, lo: 0.9, hi: 1.1 };
    const verdict = (xs: number[]) => ruleVerdict(band, spreadOf(xs), xs);
    expect(verdict([1, 1.02, 0.98])).toBe("reproduced"); // 1.0 ± 0.05
    expect(verdict([1.3, 1.31, 1.29])).toBe("not reproduced");
    expect(verdict([1.0, 1.4, 1.2])).toBe("inconclusive"); // mean 1.2, interval reaches below 1.1
    // The mean inside, the interval reaching out (1.02 ± 0.13): not enough.
    expect(verdict([0.97, 1.02, 1.07])).toBe("inconclusive");
    expect(verdict([1.0])).toBe("reproduced");
    expect(verdict([1.2])).toBe("not reproduced");
  });

  it("direction: reproduced when it holds at every seed; inconclusive when only the mean does; or over the interval", () => {
    const below = { kind: "below" as const, than: 1 };
    expect(ruleVerdict(below, spreadOf([0.5, 0.6, 0.7]), [0.5, 0.6, 0.7])).toBe("reproduced");
    expect(ruleVerdict(below, spreadOf([0.5, 0.6, 1.2]), [0.5, 0.6, 1.2])).toBe("inconclusive");
    expect(ruleVerdict(below, spreadOf([1.5, 1.6, 0.7]), [1.5, 1.6, 0.7])).toBe("not reproduced");
    expect(ruleVerdict({ kind: "below", than: 1, in: "ci" }, spreadOf([0.5, 0.6, 0.7]), [])).toBe("reproduced"); // 0.6 ± 0.248
    expect(ruleVerdict({ kind: "below", than: 0.8, in: "ci" }, spreadOf([0.5, 0.6, 0.7]), [])).toBe("inconclusive");
    expect(ruleVerdict({ kind: "not-comparable", why: "x" }, spreadOf([1]), [1])).toBe("not comparable");
    expect(claimVerdict([{ verdict: "reproduced" }, { verdict: "not comparable" }] as never)).toBe("reproduced");
    expect(claimVerdict([{ verdict: "reproduced" }, { verdict: "inconclusive" }] as never)).toBe("inconclusive");
    expect(claimVerdict([{ verdict: "not reproduced" }, { verdict: "inconclusive" }] as never)).toBe("not reproduced");
    expect(claimVerdict([{ verdict: "not comparable" }] as never)).toBe("not comparable");
  });

  it("a ratio is paired by seed across experiments; gain = 1 − ratio; a skipped experiment skips the check", () => {
    const runs = new Map([["a", [run("hawk", 1, 2), run("hawk", 2, 3), run("hawk", 3, 5)]], ["b", [run("sparrow", 2, 4), run("sparrow", 1, 4), run("sparrow", 3, 5)]]]);
    const first = () => 10;
    const r = evaluateCheck({ label: "x", published: "< 1", rule: { kind: "below", than: 1 },
      value: { kind: "ratio", of: { exp: "a", sched: "hawk", metric: "short.p50" }, over: { exp: "b", sched: "sparrow", metric: "short.p50" } } }, runs, first);
    expect(r.seeds).toEqual([1, 2, 3]);
    expect(r.values).toEqual([0.5, 0.75, 1]);
    expect(r.verdict).toBe("inconclusive"); // seed 3 is not below 1
    expect(fmtOurs(r.ours)).toBe("0.75 ± 0.62 (3)");
    const g = evaluateCheck({ label: "x", published: "", rule: { kind: "band", lo: 0, hi: 1 },
      value: { kind: "gain", of: { exp: "a", sched: "hawk", metric: "short.p50" }, over: { exp: "b", sched: "sparrow", metric: "short.p50" } } }, runs, first);
    expect(g.values).toEqual([0.5, 0.25, 0]);
    const s = evaluateCheck({ label: "x", published: "", rule: { kind: "below", than: 1 },
      value: { kind: "value", of: { exp: "c", sched: "hawk", metric: "short.p50" } } }, runs, first, () => "C.tr is absent");
    expect(s.verdict).toBe("skipped");
    expect(ruleText({ kind: "below", than: 1 })).toBe("< 1 at every seed");
  });

  it("the analytic checks evaluate their closed forms (no runs)", () => {
    const c = CLAIMS.find((x) => x.id === "yaq-eq2-examples")!;
    const r = evaluateCheck(c.checks[0], new Map(), () => undefined);
    expect(r.values).toEqual([6]);
    expect(r.verdict).toBe("reproduced");
  });
});

describe("the command", () => {
  it("--list prints every paper's claims with their published values; a claim id or a system selects", () => {
    const r = aviary("reproduce", "--list");
    expect(r.status, r.stderr).toBe(0);
    for (const s of ["Hawk and Eagle (hawk-eagle)", "Kairos (kairos)", "Pigeon (pigeon)", "Yaq (yaq)", "Dice (dice)", "Fregata (fregata)",
      "hawk-short-better-google", "yaq-e4-stf-least", "published ≈ 0.2", "known not to hold"]) {
      expect(r.stdout).toContain(s);
    }
    const json = JSON.parse(aviary("reproduce", "--list", "--format", "json", "kairos").stdout);
    expect(json.claims.every((c: Claim) => c.paper === "kairos")).toBe(true);
    expect(selectClaims(["yaq-e4-stf-least"], false, {}).claims.map((c) => c.id)).toEqual(["yaq-e4-stf-least"]);
    expect(selectClaims(["fregata"], true, {}).claims.every((c) => c.paper === "fregata")).toBe(true);
  });

  it("bad input: one line, exit 2, nothing written", () => {
    const dir = mkdtempSync(join(tmpdir(), "aviary-rp-bad-"));
    for (const [args, msg] of [
      [["nosuch"], "'nosuch' is not a paper"],
      [["pigeon", "--shard", "0/2"], "--shard needs -o DIR"],
      [["pigeon", "--resume"], "--resume needs -o DIR"],
      [["pigeon", "--shard", "2/2", "-o", join(dir, "x")], "--shard must be i/n"],
      [["pigeon", "--seeds", "0", "-o", join(dir, "y")], "--seeds must be an integer in [1, 1000]"],
      // (Node's recursive mkdir loops for ever under /proc: the folder is checked, then made level by level)
      [["analytic", "-o", "/proc/aviary-x"], "'/proc' cannot hold files"],
      [["analytic", "--traces", join(dir, "nope")], "is not a folder"],
    ] as const) {
      const r = aviary("reproduce", ...args);
      expect(r.status, `${args.join(" ")}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(msg);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
    expect(existsSync(join(dir, "y", "report.md"))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!haveSharedTraces && !inCI)("a sample trace is read from --traces, else from the cache that aviary traces fetch fills", () => {
    const cache = mkdtempSync(join(tmpdir(), "aviary-rp-cache-"));
    const before = process.env.AVIARY_CACHE;
    process.env.AVIARY_CACHE = cache;
    try {
      const empty = join(cache, "no-traces");
      expect(sampleTracePath("YH_small", empty)).toBeUndefined();
      mkdirSync(join(cache, "traces"));
      copyFileSync(join(sharedTraces, "YH_small.tr"), join(cache, "traces", "YH_small.tr")); // the published bytes
      expect(sampleTracePath("YH_small", empty)).toBe(join(cache, "traces", "YH_small.tr"));
      expect(sampleTracePath("YH_small", sharedTraces)).toBe(join(sharedTraces, "YH_small.tr")); // the folder first
    } finally {
      if (before === undefined) delete process.env.AVIARY_CACHE; else process.env.AVIARY_CACHE = before;
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it.skipIf(!haveSharedTraces && !inCI)("pigeon --quick: report.md and report.json with a verdict per claim; shards and a killed run resumed give the same report", { timeout: 300_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "aviary-rp-"));
    try {
      const whole = join(dir, "whole");
      const r = aviary("reproduce", "pigeon", "--quick", "-o", whole);
      expect(r.status, r.stderr).toBe(0);
      const rep = JSON.parse(readFileSync(join(whole, "report.json"), "utf8"));
      expect(rep.format).toBe("aviary-reproduce/1");
      expect(rep.claims.length).toBeGreaterThanOrEqual(5);
      const md = readFileSync(join(whole, "report.md"), "utf8");
      for (const c of rep.claims) {
        expect(["reproduced", "not reproduced", "inconclusive", "not comparable"]).toContain(c.verdict);
        expect(md).toContain(c.id);
      }
      expect(md).toContain("| measured | published | ours: mean ± 95 % interval (seeds) | rule | verdict |");
      expect(md).toMatch(/!\[[^\]]*\]\(img\/pigeon-ngo90\.svg\)/);
      const svg = readFileSync(join(whole, "img/pigeon-ngo90.svg"), "utf8");
      expect(svg).toContain("published"); // the paper's points overlaid
      expect(readFileSync(join(whole, "pigeon.md"), "utf8")).toContain("<!-- analysis: written by hand below this line");
      const claimsOf = (d: string) => JSON.parse(readFileSync(join(d, "report.json"), "utf8")).claims;
      // Run again into the same folder: refused without --resume; with it, nothing to run, the same claims.
      const again = aviary("reproduce", "pigeon", "--quick", "-o", whole);
      expect(again.status).toBe(2);
      expect(again.stderr).toContain("give --resume");
      const resumed = aviary("reproduce", "pigeon", "--quick", "-o", whole, "--resume");
      expect(resumed.status, resumed.stderr).toBe(0);
      expect(resumed.stderr).toMatch(/cells already there; running 0 more/);
      expect(claimsOf(whole)).toEqual(rep.claims);
      // Shards, then the report from both shards' cells.
      const sharded = join(dir, "sharded");
      for (const i of [0, 1]) {
        const s = aviary("reproduce", "pigeon", "--quick", "-o", sharded, "--shard", `${i}/2`, "--resume");
        expect(s.status, s.stderr).toBe(0);
        expect(s.stderr).toContain(`shard ${i}/2:`);
        expect(existsSync(join(sharded, "report.json"))).toBe(false);
      }
      const merged = aviary("reproduce", "pigeon", "--quick", "-o", sharded, "--resume");
      expect(merged.status, merged.stderr).toBe(0);
      expect(merged.stderr).toMatch(/cells already there; running 0 more/);
      expect(claimsOf(sharded)).toEqual(rep.claims);
      // A run killed mid-write: its cells file lost its last cell and ends in half a line.
      const killed = join(dir, "killed");
      const cells = join(whole, "cells/quick");
      const k = aviary("reproduce", "pigeon", "--quick", "-o", killed, "--shard", "0/1");
      expect(k.status).toBe(0);
      const file = join(killed, "cells/quick/pigeon-ngo90.shard-0-of-1.jsonl");
      const lines = readFileSync(file, "utf8").trim().split("\n");
      writeFileSync(file, lines.slice(0, -2).join("\n") + "\n");
      appendFileSync(file, lines[lines.length - 1].slice(0, 40));
      const fin = aviary("reproduce", "pigeon", "--quick", "-o", killed, "--resume");
      expect(fin.status, fin.stderr).toBe(0);
      expect(fin.stderr).toContain("its last line is truncated");
      expect(fin.stderr).toMatch(/running 2 more/);
      expect(claimsOf(killed)).toEqual(rep.claims);
      expect(readdirSync(cells).length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("slurm reproduce writes a job array of shards and the report job", () => {
    const dir = mkdtempSync(join(tmpdir(), "aviary-rp-slurm-"));
    try {
      const r = aviary("slurm", "reproduce", "pigeon", "--quick", "--shards", "3", "-o", dir, "--time", "30");
      expect(r.status, r.stderr).toBe(0);
      const sweep = readFileSync(join(dir, "sweep.sbatch"), "utf8");
      expect(sweep).toContain("#SBATCH --array=0-2");
      expect(sweep).toContain("#SBATCH --time=30");
      expect(sweep).toMatch(/reproduce pigeon --quick --shard "\$i\/3" --workers "\$\{SLURM_CPUS_PER_TASK:-1\}" --resume -o /);
      expect(readFileSync(join(dir, "report.sbatch"), "utf8")).toMatch(/reproduce pigeon --quick --workers 1 --resume -o /);
      expect(readFileSync(join(dir, "submit.sh"), "utf8")).toContain('--dependency="afterok:$sweep"');
      const bad = aviary("slurm", "reproduce", "nosuch", "--shards", "3", "-o", join(dir, "b"));
      expect(bad.status).toBe(2);
      // What the shards would refuse on the cluster is refused here, nothing written.
      for (const [args, msg] of [[["--seeds", "0"], "--seeds must be an integer in [1, 1000]"], [["--time", "25:99:99"], "--time must be"],
        [["--time", "1-99:00:00"], "--time must be"]] as const) {
        const r = aviary("slurm", "reproduce", "analytic", "--shards", "2", "-o", join(dir, "c"), ...args);
        expect(r.status, args.join(" ")).toBe(2);
        expect(r.stderr).toContain(msg);
        expect(existsSync(join(dir, "c", "sweep.sbatch"))).toBe(false);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("CI keeps it honest", () => {
  it.skipIf(!haveSharedTraces && !inCI)("the --quick verdicts equal the committed ones (node dist/bench/reproduce-verdicts.js --write after a change that moves one)", { timeout: 1_200_000 }, async () => {
    const committed = JSON.parse(readFileSync(VERDICTS_FILE, "utf8")) as QuickVerdicts;
    const now = await quickVerdicts();
    expect(verdictChanges(committed, now)).toEqual([]);
  });

  it("the committed docs/results/report.json was made from this catalogue (regenerate with aviary reproduce all -o docs/results)", () => {
    const file = join(ROOT, "docs/results/report.json");
    const rep = JSON.parse(readFileSync(file, "utf8"));
    expect(rep.quick).toBe(false);
    const sel = selectClaims(["all"], false, referenceRows ? { rows: referenceRows } : { missing: "absent" });
    const mine = sel.claims.map((c) => ({ id: c.id, where: c.where, claim: c.claim, checks: c.checks.map((k) => [k.label, k.published, ruleText(k.rule)]) }));
    const theirs = rep.claims.filter((c: { paper: string }) => referenceRows || c.paper !== "compat")
      .map((c: { id: string; where: string; claim: string; checks: Array<{ label: string; published: string; rule: string }> }) =>
        ({ id: c.id, where: c.where, claim: c.claim, checks: c.checks.map((k) => [k.label, k.published, k.rule]) }));
    expect(theirs).toEqual(mine);
    for (const p of PAPERS) expect(existsSync(join(dirname(file), p.page)), p.page).toBe(true);
    for (const f of rep.figures) expect(existsSync(join(dirname(file), f.file)), f.file).toBe(true);
  });
});
