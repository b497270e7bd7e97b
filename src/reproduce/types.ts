// The catalogue of published claims (issue #38): the types. A claim is one sentence of a paper with
// the setup that tests it (experiments: compare grids on a trace or a generated workload), the
// value we compute from their runs, the published value or direction, and the rule that turns the
// two into a verdict. Browser-safe, plain data (the catalogue is src/reproduce/catalogue.ts).

/** The results pages, one per paper (docs/results/PAGE.md). */
export type PaperId = "hawk-eagle" | "kairos" | "pigeon" | "yaq" | "dice" | "fregata" | "compat" | "analytic";

/** A paper of the catalogue and its results page. */
export interface Paper {
  id: PaperId;
  /** The page's title. */
  title: string;
  /** The paper, as the spec names it. */
  cite: string;
  /** The spec the claims are quoted from (../shared/specs/…), or the data file. */
  spec: string;
  /** The systems (as `aviary reproduce SYSTEM` selects) the paper's claims are about. */
  systems: string[];
  /** The page (docs/results/…): PAGE.md. */
  page: string;
}

/** Where an experiment's jobs come from. */
export type Source =
  /** A sample trace: NAME.tr in the traces folder (../shared/traces; `aviary traces fetch NAME`). */
  | { trace: string }
  /** A named generated workload (src/workloads.ts), sized for the experiment's first node count as
   *  `aviary compare --workload` does; `seed` is the workload's seed (default 1). */
  | { workload: string; jobs?: number; load?: number; seed?: number }
  /** Fregata's DAG workload (`aviary gen fregata`). */
  | { fregata: { jobs: number; testbed?: "cluster" | "ec2"; seed?: number } }
  /** A small `.tr` text given in the catalogue (a paper's worked example). */
  | { inline: string; name: string };

/** A compare grid (src/compare/grid.ts): schedulers x node counts x seeds on one source. */
export interface Experiment {
  id: string;
  source: Source;
  schedulers: string[];
  baseline?: string;
  /** Node counts (default: the preset's, else 1000). */
  nodes?: number[];
  slots?: number;
  preset?: string;
  cutoff?: number;
  params?: Record<string, number | boolean | string>;
  /** Seeds 1..seeds (default 5). */
  seeds?: number;
  /** A generated source drawn again for each seed with that seed (as `aviary run --seed k`): each
   *  seed is then its own grid on its own jobs. Default: one draw (seed 1), as `aviary compare`. */
  workloadPerSeed?: boolean;
  /** `--quick`: the smaller variant (fewer seeds, node counts or jobs), or false to leave it out. */
  quick?: false | { seeds?: number; nodes?: number[]; jobs?: number };
  /** Why it is heavy, when it is (shown by --list). */
  note?: string;
}

/** A statistic of one run (RunSummary): a dotted path ("short.p50", "utilization",
 *  "counters.probesBehindLong", "yaq.jctExec.p50", "resources.mean", "slowdown.short.p99") or a
 *  derived one: "all.mean" (mean completion time over every job), "stolenShare"
 *  (rescheduledProbes / probesBehindLong). */
export type Metric = string;

/** One run's statistic: experiment, scheduler, node count (default the experiment's first). */
export interface Ref { exp: string; sched: string; nodes?: number; metric: Metric }

/** What we compute: per seed `of` (value), of / over (ratio), 1 − of / over (gain: an improvement),
 *  of − over (diff), the difference of two ratios (contrast), paired by seed; or a closed form
 *  (analytic, one value). */
export type Value =
  | { kind: "value"; of: Ref }
  | { kind: "ratio" | "gain" | "diff"; of: Ref; over: Ref }
  /** a − b of two ratios at the same seed (e.g. an improvement at one size against another). */
  | { kind: "contrast"; a: { of: Ref; over: Ref }; b: { of: Ref; over: Ref } }
  | { kind: "analytic"; fn: string; args: Record<string, number>; text: string };

/** How a check's verdict is decided:
 *  - band: the published value(s) as a range [lo, hi]: reproduced when our mean's 95 % interval
 *    lies inside it (one seed: the value), not reproduced when the interval misses it,
 *    inconclusive otherwise;
 *  - below / above: the direction (ours < / > `than`): reproduced when it holds in every seed
 *    (`in: "seeds"`, the default) or for the whole interval (`in: "ci"`), not reproduced when our
 *    mean is on the other side, inconclusive otherwise;
 *  - not-comparable: ours is shown, no verdict (`why`). */
export type Rule =
  | { kind: "band"; lo: number; hi: number }
  | { kind: "below" | "above"; than: number; in?: "seeds" | "ci" }
  | { kind: "not-comparable"; why: string };

/** One number of a claim. */
export interface Check {
  /** What is measured, e.g. "hawk / sparrow, short p50, 15,000 nodes". */
  label: string;
  value: Value;
  /** The published value as the paper gives it ("0.2 (80 % better)", "< 1", "60.59 %"). */
  published: string;
  /** The published number, when there is one (figures draw it beside ours). */
  publishedValue?: number;
  rule: Rule;
}

/** A claim's or a check's outcome (see `Rule` for how it is decided). */
export type Verdict = "reproduced" | "not reproduced" | "inconclusive" | "not comparable" | "skipped";

/** A published claim: where the paper makes it, in one sentence, and the numbers checked. */
export interface Claim {
  id: string;
  paper: PaperId;
  /** The systems the claim is about (`aviary reproduce SYSTEM` selects by these). */
  systems: string[];
  /** Section, figure or table of the paper ("§5.1, Fig. 2.5", "Table 3"). */
  where: string;
  /** The claim in one sentence. */
  claim: string;
  checks: Check[];
  /** What we found when it does not reproduce (shown with every verdict other than reproduced):
   *  one line, and a link (a results page's section, a model page). */
  reason?: { text: string; link: string };
  /** Not in `--quick`. */
  full?: boolean;
}

/** A figure of a results page: the bars of one experiment's compare grid (normalized p50/p90/p99
 *  with their intervals) and, overlaid, the published values of the checks that name it. */
export interface Figure {
  id: string;
  paper: PaperId;
  exp: string;
  caption: string;
  /** Published points drawn over the bars. */
  published?: Array<{ scheduler: string; nodes: number; cls: "short" | "long"; stat: "p50" | "p90" | "p99"; value: number }>;
}
