// The report of `aviary reproduce` (issue #38): the catalogue's claims with our numbers (mean ±
// 95 % interval over the seeds), each check's and claim's verdict, as JSON (report.json) and as
// Markdown (report.md and one page per paper, docs/results/PAGE.md). Browser-safe: the page shows
// the same entries (web/).
import type { Spread } from "../compare/spread.js";
import { PAPERS } from "./catalogue.js";
import { describeSource } from "./sources.js";
import type { Check, Claim, Experiment, Paper, PaperId, Rule, Verdict } from "./types.js";
import type { CheckResult } from "./evaluate.js";
import { groupDigits } from "../report/numbers.js";

export const REPORT_FORMAT = "aviary-reproduce/1";

/** A check in the report: the published value, the rule in words, our values and verdict. */
export interface ReportCheck {
  label: string;
  published: string;
  publishedValue?: number;
  /** The rule in words. */
  rule: string;
  /** Over the seeds (null: undefined or skipped). */
  ours: Spread | null;
  /** Each seed's value, in `seeds` order (one value for a closed form). */
  seeds: number[];
  values: Array<number | null>;
  verdict: Verdict;
  note?: string;
}

/** A claim in the report: its checks and the verdict over them. */
export interface ReportClaim {
  id: string;
  paper: PaperId;
  systems: string[];
  where: string;
  claim: string;
  verdict: Verdict;
  checks: ReportCheck[];
  /** Shown when the verdict is not `reproduced`. */
  reason?: { text: string; link: string };
  experiments: string[];
}

export interface ReportExperiment {
  id: string;
  source: string;
  trace?: { name: string; jobs: number; tasks: number };
  schedulers: string[];
  baseline: string;
  nodes: number[];
  seeds: number[];
  preset: string | null;
  params: Record<string, unknown>;
  workloadPerSeed: boolean;
  cells: number;
  /** Why it did not run (its trace is absent). */
  skipped?: string;
}

export interface ReportFigure { id: string; paper: PaperId; file: string; caption: string }

export type VerdictCounts = Record<Verdict, number>;

/** The report `aviary reproduce` writes (report.json, format `aviary-reproduce/1`) and renders as
 *  the results pages. */
export interface Report {
  format: typeof REPORT_FORMAT;
  /** The command line (as typed: `aviary reproduce …`). */
  command: string;
  /** Calendar date (YYYY-MM-DD) and the package's git commit (short hash; "-dirty" with changes). */
  date: string;
  commit: string;
  version: string;
  engine: "wasm" | "js";
  quick: boolean;
  /** --seeds, when given (every experiment's seeds). */
  seeds: number | null;
  targets: string[];
  papers: Array<{ id: PaperId; title: string; cite: string; spec: string; page: string; counts: VerdictCounts; note?: string }>;
  claims: ReportClaim[];
  experiments: ReportExperiment[];
  figures: ReportFigure[];
  counts: VerdictCounts;
  /** Absent from a report made in a browser. */
  wallSeconds?: number;
  workers?: number;
}

export const VERDICTS: Verdict[] = ["reproduced", "not reproduced", "inconclusive", "not comparable", "skipped"];

export function countVerdicts(vs: Verdict[]): VerdictCounts {
  const c = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as VerdictCounts;
  for (const v of vs) c[v]++;
  return c;
}

/** The rule in words. */
export function ruleText(rule: Rule): string {
  switch (rule.kind) {
    case "band": return rule.lo === rule.hi ? `exactly ${fmtNumber(rule.lo)}` : `95 % interval within [${fmtNumber(rule.lo)}, ${fmtNumber(rule.hi)}]`;
    case "below": case "above": {
      const op = rule.kind === "below" ? "<" : ">";
      return (rule.in ?? "seeds") === "seeds" ? `${op} ${fmtNumber(rule.than)} at every seed` : `${op} ${fmtNumber(rule.than)} over the 95 % interval`;
    }
    case "not-comparable": return `not comparable: ${rule.why}`;
  }
}

export function reportCheck(c: Check, r: CheckResult): ReportCheck {
  return {
    label: c.label, published: c.published, ...(c.publishedValue !== undefined ? { publishedValue: c.publishedValue } : {}),
    rule: ruleText(c.rule), ours: r.ours, seeds: r.seeds, values: r.values, verdict: r.verdict, ...(r.note ? { note: r.note } : {}),
  };
}

export function reportClaim(c: Claim, checks: ReportCheck[], verdict: Verdict, experiments: string[]): ReportClaim {
  return {
    id: c.id, paper: c.paper, systems: c.systems, where: c.where, claim: c.claim, verdict, checks,
    ...(c.reason ? { reason: c.reason } : {}), experiments,
  };
}

export function reportExperiment(e: Experiment, eff: { nodes: number[]; seeds: number[]; jobs?: number; cells: number; baseline: string; preset: string | null;
  params: Record<string, unknown>; trace?: { name: string; jobs: number; tasks: number }; skipped?: string }): ReportExperiment {
  return {
    id: e.id, source: describeSource(e.source, eff.jobs), ...(eff.trace ? { trace: eff.trace } : {}), schedulers: e.schedulers, baseline: eff.baseline,
    nodes: eff.nodes, seeds: eff.seeds, preset: eff.preset, params: eff.params, workloadPerSeed: e.workloadPerSeed === true, cells: eff.cells,
    ...(eff.skipped ? { skipped: eff.skipped } : {}),
  };
}

// ---- numbers ----

/** A value in 3-4 significant digits, no exponent between 1e-4 and 1e7. */
export function fmtNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return "0";
  const a = Math.abs(x);
  if (a >= 1e7 || a < 1e-4) return x.toExponential(2);
  if (a >= 1000) return groupDigits(Math.round(x));
  return String(+x.toPrecision(a >= 100 ? 4 : 3));
}

/** `mean ± half-width (n)`, the half-width with the mean's decimals (at least one significant
 *  digit); the value alone for one seed or a closed form. */
export function fmtOurs(s: Spread | null): string {
  if (!s) return "–";
  if (s.n <= 1) return fmtNumber(s.mean);
  const half = (s.ci[1] - s.ci[0]) / 2;
  const m = fmtNumber(s.mean);
  if (/e/.test(m) || !Number.isFinite(half)) return `${m} ± ${fmtNumber(half)} (${s.n})`;
  const decimals = (m.split(".")[1] ?? "").length;
  const h = half === 0 ? "0" : Number(half.toFixed(decimals)) === 0 ? fmtNumber(half) : half.toFixed(decimals);
  return `${m} ± ${Number(h) >= 1000 ? groupDigits(Math.round(Number(h))) : h} (${s.n})`;
}

const MARK: Record<Verdict, string> = {
  "reproduced": "✅ reproduced", "not reproduced": "❌ **not reproduced**", "inconclusive": "➖ inconclusive",
  "not comparable": "◻️ not comparable", "skipped": "⏭️ skipped",
};

export function verdictText(v: Verdict): string {
  return MARK[v];
}

function countsText(c: VerdictCounts): string {
  return VERDICTS.filter((v) => c[v] > 0).map((v) => `${c[v]} ${v}`).join(", ") || "no claims";
}

/** The papers' claims counted apart from the checks against the reference simulator (compat) and
 *  the closed forms (analytic), which are not claims of a paper. */
function totalsText(report: Report): string {
  const own = (c: ReportClaim) => c.paper === "compat" || c.paper === "analytic";
  const papers = report.claims.filter((c) => !own(c));
  const others = report.claims.filter(own);
  const part = (cs: ReportClaim[]) => countsText(countVerdicts(cs.map((c) => c.verdict)));
  if (others.length === 0 || papers.length === 0) return `${report.claims.length} claims: ${countsText(report.counts)}`;
  return `${papers.length} claims of the papers: ${part(papers)}; and ${others.length} checks of Aviary's own `
    + `(against the reference simulator's figures and closed forms): ${part(others)}`;
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

// ---- Markdown ----

export interface MarkdownOptions {
  /** A link of the catalogue (a repository path, docs/results/x.md#y) as written from the page. */
  link: (repoPath: string) => string;
  /** A figure file (img/x.svg) as written from the page. */
  figure: (file: string) => string;
}

/** GitHub's anchor of a heading. */
export function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

function claimHeading(c: ReportClaim): string {
  return `${c.where}: ${c.id}`;
}

/** One paper's section: the claims' summary, each claim's checks, its figures. */
export function paperMarkdown(report: Report, paper: Paper, o: MarkdownOptions, level = 2): string {
  const h = "#".repeat(level);
  const claims = report.claims.filter((c) => c.paper === paper.id);
  const info = report.papers.find((p) => p.id === paper.id);
  const out: string[] = [];
  out.push(`${h} ${paper.title}`, "");
  out.push(`${paper.cite}; the claims are quoted from \`${paper.spec}\`. ${claims.length} claim${claims.length === 1 ? "" : "s"}: ${countsText(info?.counts ?? countVerdicts(claims.map((c) => c.verdict)))}.`);
  if (info?.note) out.push("", info.note);
  if (claims.length === 0) return out.join("\n") + "\n";
  out.push("", "| claim | where | verdict |", "|---|---|---|");
  for (const c of claims) out.push(`| [${cell(c.claim)}](#${anchorOf(claimHeading(c))}) | ${cell(c.where)} | ${verdictText(c.verdict)} |`);
  const figs = report.figures.filter((f) => f.paper === paper.id);
  for (const f of figs) out.push("", `![${cell(f.caption)}](${o.figure(f.file)})`, "", `*${f.caption}.*`);
  for (const c of claims) {
    out.push("", `${h}# ${claimHeading(c)}`, "", `${c.claim}. Verdict: ${verdictText(c.verdict)}.`);
    if (c.reason) out.push("", `${c.verdict === "reproduced" ? "Note" : "Why"}: ${c.reason.text} ([analysis](${o.link(c.reason.link)})).`);
    out.push("", "| measured | published | ours: mean ± 95 % interval (seeds) | rule | verdict |", "|---|---|---|---|---|");
    for (const k of c.checks) {
      const ours = k.verdict === "skipped" ? `skipped: ${k.note ?? ""}` : fmtOurs(k.ours);
      out.push(`| ${cell(k.label)} | ${cell(k.published)} | ${cell(ours)} | ${cell(k.rule)} | ${verdictText(k.verdict)} |`);
    }
    const exps = c.experiments.map((id) => report.experiments.find((e) => e.id === id)).filter((e): e is ReportExperiment => !!e);
    if (exps.length > 0) out.push("", `Runs: ${exps.map(experimentText).join("; ")}.`);
  }
  return out.join("\n") + "\n";
}

function experimentText(e: ReportExperiment): string {
  const params = Object.entries(e.params).map(([k, v]) => `${k}=${String(v)}`).join(" ");
  const seeds = e.seeds.length > 2 ? `seeds ${e.seeds[0]}-${e.seeds[e.seeds.length - 1]}` : `seed${e.seeds.length > 1 ? "s" : ""} ${e.seeds.join(", ")}`;
  return `\`${e.id}\`: ${e.source}${e.workloadPerSeed ? " (drawn again for each seed)" : ""}, ${e.schedulers.join(", ")}`
    + `${e.preset ? `, preset ${e.preset}` : ""}${params ? `, ${params}` : ""}, ${e.nodes.map((n) => groupDigits(n)).join(" / ")} nodes, ${seeds}`
    + (e.skipped ? ` — skipped: ${e.skipped}` : "");
}

/** The header every generated page starts with: command, date, commit. */
export function headerMarkdown(report: Report): string {
  return `<!-- Generated by aviary reproduce: edit the catalogue (src/reproduce/catalogue.ts) or the hand-written analysis below the marker, not the generated part. -->\n`
    + `Generated by \`${report.command}\` on ${report.date} at commit \`${report.commit}\` (aviary ${report.version}, ${report.engine} engine${report.quick ? ", --quick" : ""}).`
    + ` Each value is the mean over the seeds ± the half-width of its 95 % t interval (docs/cli.md "Spread over seeds"); verdict rules: docs/cli.md "aviary reproduce".\n`;
}

export function closingMarkdown(report: Report): string {
  const wall = report.wallSeconds === undefined ? "" : `, in ${formatWall(report.wallSeconds)} of wall time on ${report.workers} worker${report.workers === 1 ? "" : "s"}`;
  return `\n---\n\n\`${report.command}\`: ${report.claims.length} claims (${countsText(report.counts)}), `
    + `${report.experiments.reduce((n, e) => n + e.cells, 0)} runs${wall}.\n`;
}

export function formatWall(s: number): string {
  if (s < 90) return `${s.toFixed(0)} s`;
  const m = Math.floor(s / 60);
  return m < 90 ? `${m} min ${Math.round(s - 60 * m)} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** report.md: every selected paper's section and the closing note. */
export function reportMarkdown(report: Report, o: MarkdownOptions): string {
  const papers = PAPERS.filter((p) => report.papers.some((x) => x.id === p.id));
  const out = [`# Published claims against Aviary`, "", headerMarkdown(report), "",
    `${totalsText(report)}.`, "", "| paper | claims | verdicts | page |", "|---|---|---|---|"];
  for (const p of papers) {
    const info = report.papers.find((x) => x.id === p.id)!;
    const n = report.claims.filter((c) => c.paper === p.id).length;
    out.push(`| [${p.title}](#${anchorOf(p.title)}) | ${n} | ${countsText(info.counts)} | [${p.page}](${p.page}) |`);
  }
  const failing = report.claims.filter((c) => c.verdict === "not reproduced" || c.verdict === "inconclusive");
  if (failing.length > 0) {
    out.push("", "Claims that do not hold (or not clearly), with what we found:", "");
    for (const c of failing) {
      out.push(`- ${verdictText(c.verdict)}: ${c.claim} (${c.where}, [${c.id}](#${anchorOf(claimHeading(c))}))`
        + (c.reason ? ` — ${c.reason.text.charAt(0).toUpperCase()}${c.reason.text.slice(1)} ([analysis](${o.link(c.reason.link)})).` : " — no reason recorded yet."));
    }
  }
  for (const p of papers) out.push("", paperMarkdown(report, p, o).trimEnd());
  return out.join("\n") + "\n" + closingMarkdown(report);
}

/** The line after which a results page is written by hand (kept when the page is regenerated). */
export const ANALYSIS_MARKER = "<!-- analysis: written by hand below this line, kept by aviary reproduce -->";

/** A results page: header, the paper's section, the closing note, then the hand-written analysis
 *  (`analysis`: everything after the marker in the page as it was). */
export function pageMarkdown(report: Report, paper: Paper, o: MarkdownOptions, analysis?: string): string {
  const body = paperMarkdown(report, paper, o, 2).replace(/^## /, "# ");
  return [body.split("\n")[0], "", headerMarkdown(report), body.split("\n").slice(1).join("\n").trimEnd(), closingMarkdown(report).trimEnd(),
    "", ANALYSIS_MARKER, analysis === undefined ? "" : analysis.replace(/^\n+/, "")].join("\n").replace(/\n{3,}/g, "\n\n").trimEnd() + "\n";
}
