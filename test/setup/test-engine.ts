// Vitest global set-up: builds the test engine — the project's schedulers plus the test-only
// policies of test/policies/ and the example of docs/adding-a-scheduler.md, extracted from the
// page as written — into build/test-engine with `scripts/build.mjs --catalogue ... --out ...`.
// Skipped when nothing it is built from changed since the last build.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SCHEDULERS, type SchedulerSpec } from "../../src/config/schedulers.js";
import { TEST_POLICIES } from "../policies/catalogue.js";
import { docExample } from "./doc-example.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const TEST_ENGINE_DIR = join(root, "build/test-engine");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : n.endsWith(".ts") && !n.endsWith(".gen.ts") ? [p] : [];
  }).sort();
}

export default function setup(): void {
  const out = TEST_ENGINE_DIR;
  mkdirSync(join(out, "policies"), { recursive: true });
  const example = docExample(readFileSync(join(root, "docs/adding-a-scheduler.md"), "utf8"));
  const exampleFile = join(out, "policies", `${example.entry.engine.module}.ts`);
  writeFileSync(exampleFile, example.code);
  const policyFile = (f: string) => join(root, "test/policies", f);
  const extras: SchedulerSpec[] = [
    ...TEST_POLICIES.map((s) => ({ ...s, engine: { ...s.engine, file: policyFile(s.engine.file!) } })),
    { ...example.entry, engine: { ...example.entry.engine, file: exampleFile } },
  ];
  const catalogue = `export const BASE = ${JSON.stringify(SCHEDULERS)};\nexport const SCHEDULERS = ${JSON.stringify(extras)};\n`;
  const hash = createHash("sha1").update(catalogue).update(example.code);
  for (const f of [...sources(join(root, "assembly")), ...sources(join(root, "test/policies")), join(root, "scripts/build.mjs"),
    join(root, "src/engine/build.ts"), join(root, "asconfig.json")]) {
    hash.update(f).update(readFileSync(f));
  }
  const digest = hash.digest("hex");
  const stamp = join(out, "inputs.sha1");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === digest && existsSync(join(out, "aviary.wasm"))) return;
  writeFileSync(join(out, "catalogue.mjs"), catalogue);
  const r = spawnSync(process.execPath, [join(root, "scripts/build.mjs"), "--quiet", "--catalogue", join(out, "catalogue.mjs"), "--out", out],
    { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`building the test engine failed:\n${r.stdout}${r.stderr}`);
  writeFileSync(stamp, digest);
}
