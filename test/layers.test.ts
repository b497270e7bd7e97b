// The engine's two layers and the import graph (docs/architecture.md "Module map"):
// - a policy (assembly/schedulers/**, the test policies, the example of adding-a-scheduler.md)
//   imports only the policy API (assembly/policy.ts), the toolkit (assembly/toolkit/**) and other
//   policies' files; the toolkit imports only the API and itself (its glue.ts re-exports the
//   build-specific assembly/glue.ts);
// - the engine (assembly/*.ts) names no scheduler: only the generated registry imports them;
// - no import cycle in assembly/ or src/ (type-only imports count: a cycle of types is still a
//   tangle a reader has to hold at once).
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { docExample } from "./setup/doc-example.js";
import { learnedHookSuperCalls } from "../src/engine/build.js";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";

const root = fileURLToPath(new URL("..", import.meta.url));
const assembly = join(root, "assembly");

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? tsFiles(p) : n.endsWith(".ts") && !n.endsWith(".d.ts") ? [p] : [];
  }).sort();
}

/** The relative module specifiers a file imports or re-exports (static forms only; `import type`
 *  included), with the line each stands on. */
function importsOf(text: string): { spec: string; line: number }[] {
  const out: { spec: string; line: number }[] = [];
  const re = /^[ \t]*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^[ \t]*import\s*["']([^"']+)["']/gms;
  for (const m of text.matchAll(re)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith(".")) out.push({ spec, line: text.slice(0, m.index).split("\n").length });
  }
  return out;
}

/** The file a relative specifier names from `from` (TypeScript's resolution: .ts for .js, index.ts). */
function resolveSpec(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ""));
  for (const p of [base + ".ts", join(base, "index.ts"), base]) if (existsSync(p) && statSync(p).isFile()) return p;
  return undefined;
}

function graphOf(files: string[]): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of files) {
    g.set(f, importsOf(readFileSync(f, "utf8")).map((i) => resolveSpec(f, i.spec)).filter((p): p is string => p !== undefined));
  }
  return g;
}

/** Every strongly connected set of two or more files (Tarjan), each as a readable cycle. */
function cycles(g: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index); low.set(v, index); index++;
    stack.push(v); onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!g.has(w)) continue;
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const part: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); part.push(w); } while (w !== v);
      if (part.length > 1) found.push(part.map((p) => relative(root, p)).sort());
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return found;
}

const isUnder = (p: string, dir: string) => !relative(dir, p).startsWith("..");
const POLICY_API = join(assembly, "policy.ts");
const TOOLKIT = join(assembly, "toolkit");
const SCHEDULERS = join(assembly, "schedulers");

/** What a policy file at `file` (or staged there) may not import, one line each. */
function wallBreaches(file: string, text: string, shownAs: string): string[] {
  const inToolkit = isUnder(file, TOOLKIT);
  const out: string[] = [];
  for (const { spec, line } of importsOf(text)) {
    const target = resolve(dirname(file), spec.replace(/\.js$/, ""));
    const t = existsSync(target + ".ts") ? target + ".ts" : existsSync(join(target, "index.ts")) ? join(target, "index.ts") : target + ".ts";
    const ok = t === POLICY_API || isUnder(t, TOOLKIT) || (!inToolkit && isUnder(t, SCHEDULERS))
      || (file === join(TOOLKIT, "glue.ts") && t === join(assembly, "glue.ts"));
    if (!ok) out.push(`${shownAs}:${line}: imports "${spec}" (${relative(root, t)}), behind the policy API: take it from ../policy or the toolkit`);
  }
  return out;
}

describe("the policy API's wall", () => {
  it("files in assembly/schedulers/ and assembly/toolkit/ import only the API, the toolkit and policies", () => {
    const breaches = [...tsFiles(SCHEDULERS), ...tsFiles(TOOLKIT)]
      .flatMap((f) => wallBreaches(f, readFileSync(f, "utf8"), relative(root, f)));
    expect(breaches).toEqual([]);
  });

  it("the test policies and the example of docs/adding-a-scheduler.md, staged into schedulers/, keep to it too", () => {
    const staged = (name: string) => join(SCHEDULERS, name);
    const example = docExample(readFileSync(join(root, "docs/adding-a-scheduler.md"), "utf8"));
    const breaches = [
      ...tsFiles(join(root, "test/policies")).filter((f) => !f.endsWith("catalogue.ts"))
        .flatMap((f) => wallBreaches(staged(relative(join(root, "test/policies"), f)), readFileSync(f, "utf8"), relative(root, f))),
      ...wallBreaches(staged(`${example.entry.engine.module}.ts`), example.code, "docs/adding-a-scheduler.md (example)"),
    ];
    expect(breaches).toEqual([]);
  });

  it("reports a file that reaches behind the API, with its line", () => {
    const text = 'import { Scheduler } from "../policy";\nimport { jobFinish } from "../jobs";\n';
    expect(wallBreaches(join(SCHEDULERS, "mine.ts"), text, "mine.ts")).toEqual([
      'mine.ts:2: imports "../jobs" (assembly/jobs.ts), behind the policy API: take it from ../policy or the toolkit',
    ]);
    // the toolkit may not lean on a policy either
    expect(wallBreaches(join(TOOLKIT, "x.ts"), 'import { Hawk } from "../schedulers/hawk";', "x.ts")).toHaveLength(1);
  });

  it("the engine names no scheduler: only the generated registry imports assembly/schedulers/", () => {
    const engine = tsFiles(assembly).filter((f) => !isUnder(f, SCHEDULERS) && !isUnder(f, TOOLKIT)
      && !isUnder(f, join(assembly, "portable")) && !f.endsWith("registry.gen.ts"));
    const named = engine.flatMap((f) => importsOf(readFileSync(f, "utf8"))
      .filter((i) => isUnder(resolve(dirname(f), i.spec), SCHEDULERS))
      .map((i) => `${relative(root, f)}:${i.line}: imports ${i.spec}`));
    expect(named).toEqual([]);
  });
});

describe("the hooks whose default the engine learns (assembly/scheduler.ts hearsTaskEnds, hearsAccept)", () => {
  it("no policy calls super.onTaskEnd or super.accept (the build refuses it)", () => {
    expect(learnedHookSuperCalls(SCHEDULERS)).toEqual([]);
    expect(learnedHookSuperCalls(join(root, "test/policies"))).toEqual([]);
    expect(docExample(readFileSync(join(root, "docs/adding-a-scheduler.md"), "utf8")).code).not.toMatch(/super\s*\.\s*(onTaskEnd|accept)\b/);
  });

  it("names the file and line of such a call", () => {
    const dir = mkdtempSync(join(tmpdir(), "aviary-hooks-"));
    try {
      mkdirSync(join(dir, "schedulers"));
      writeFileSync(join(dir, "schedulers/fine.ts"), "class C extends B {\n  onTaskStart(n: i32): void { super.onTaskStart(n); }\n}\n");
      writeFileSync(join(dir, "schedulers/mine.ts"), "class A extends B {\n  onTaskEnd(n: i32): void {\n    super.onTaskEnd(n);\n  }\n}\n");
      const found = learnedHookSuperCalls(join(dir, "schedulers"));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/schedulers\/mine\.ts:3:5: super\.onTaskEnd\(\) is not allowed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("import cycles", () => {
  it("none in assembly/ (the engine, the API, the toolkit, the policies)", () => {
    const files = tsFiles(assembly).filter((f) => !isUnder(f, join(assembly, "portable")));
    expect(cycles(graphOf(files))).toEqual([]);
  });

  it("none in src/", () => {
    expect(cycles(graphOf(tsFiles(join(root, "src"))))).toEqual([]);
  });

  it("the finder finds a cycle, type-only imports included", () => {
    const a = join(root, "a.ts"), b = join(root, "b.ts"), c = join(root, "c.ts");
    expect(cycles(new Map([[a, [b]], [b, [c]], [c, [a]]]))).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(importsOf('import type { X } from "./x.js";\nexport { y } from "../y";\nimport "./side";')
      .map((i) => i.spec)).toEqual(["./x.js", "../y", "./side"]);
  });
});
