// The browser entry point must not pull in Node-only modules: walk its static imports.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { packageRoot } from "../src/engine/node.js";

function staticImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gms)) {
    if (!/^\s*(?:import|export)\s+type\s/.test(m[0])) out.push(m[1]);
  }
  return out;
}

describe("browser entry (src/browser.ts)", () => {
  it("reaches no node: module and no Node-only file through its static imports", () => {
    const root = join(packageRoot(), "src");
    const seen = new Set<string>();
    const bad: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of staticImports(file)) {
        if (spec.startsWith("node:") || ["fs", "path", "url", "os", "worker_threads", "child_process"].includes(spec)) {
          bad.push(`${file.slice(root.length + 1)} imports ${spec}`);
        } else if (spec.startsWith(".")) {
          visit(resolve(dirname(file), spec.replace(/\.js$/, ".ts")));
        }
      }
    };
    visit(join(root, "browser.ts"));
    expect(bad).toEqual([]);
    expect(seen.size).toBeGreaterThan(10);
    expect([...seen].some((f) => f.endsWith("engine/node.ts"))).toBe(false);
  });
});
