// The committed verdicts of `aviary reproduce --quick` (test/golden/reproduce-quick.json): each
// claim's verdict and its checks', so that a change that turns a claim (reproduced, not
// reproduced, …) shows in `npm test` unless this file changes in the same commit
// (test/reproduce.test.ts, issue #38).
//
//   node dist/bench/reproduce-verdicts.js --check     exit 1 listing the claims whose verdict moved
//   node dist/bench/reproduce-verdicts.js --write     after a change that moves a verdict (say why)
//
// Claims whose traces are absent (../shared/traces) are skipped and left out of the comparison.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { packageRoot } from "../src/engine/node.js";
import { defaultReferenceFile, defaultTracesDir, runReproduce } from "../src/reproduce/run.js";
import type { Report } from "../src/reproduce/report.js";

export const VERDICTS_FILE = join(packageRoot(), "test/golden/reproduce-quick.json");

export interface QuickVerdicts { [claim: string]: { verdict: string; checks: string[] } }

export function verdictsOf(r: Report): QuickVerdicts {
  const out: QuickVerdicts = {};
  for (const c of r.claims) out[c.id] = { verdict: c.verdict, checks: c.checks.map((k) => `${k.label}: ${k.verdict}`) };
  return out;
}

/** The quick run's verdicts (no files written). */
export async function quickVerdicts(workers?: number): Promise<QuickVerdicts> {
  const r = await runReproduce({
    targets: ["all"], quick: true, resume: false, traces: defaultTracesDir(), reference: defaultReferenceFile(), engine: "wasm",
    command: "aviary reproduce --quick", workers, log: () => {},
  });
  return verdictsOf(r!);
}

/** Differences between the committed verdicts and these (claims skipped here are left out). */
export function verdictChanges(committed: QuickVerdicts, now: QuickVerdicts): string[] {
  const out: string[] = [];
  for (const [id, v] of Object.entries(now)) {
    if (v.verdict === "skipped") continue;
    const was = committed[id];
    if (!was) { out.push(`${id}: new claim (${v.verdict})`); continue; }
    if (was.verdict !== v.verdict) out.push(`${id}: ${was.verdict} -> ${v.verdict}`);
    else if (JSON.stringify(was.checks) !== JSON.stringify(v.checks)) {
      const moved = v.checks.filter((c, i) => c !== was.checks[i]);
      out.push(`${id}: checks moved (${moved.join("; ") || "a check was removed"})`);
    }
  }
  for (const id of Object.keys(committed)) if (!(id in now)) out.push(`${id}: no longer in --quick`);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const write = process.argv.includes("--write");
  const now = await quickVerdicts();
  if (write) {
    writeFileSync(VERDICTS_FILE, JSON.stringify(now, null, 1) + "\n");
    console.log(`wrote ${VERDICTS_FILE}: ${Object.keys(now).length} claims`);
  } else {
    const committed = existsSync(VERDICTS_FILE) ? JSON.parse(readFileSync(VERDICTS_FILE, "utf8")) as QuickVerdicts : {};
    const changes = verdictChanges(committed, now);
    for (const c of changes) console.log(c);
    console.log(changes.length === 0 ? `verdicts unchanged (${Object.keys(now).length} claims)` : `${changes.length} claims moved`);
    process.exit(changes.length === 0 ? 0 : 1);
  }
}
