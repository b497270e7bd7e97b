// Engine folders (`aviary engine build` / buildEngine, src/engine/dir.ts): the test engine
// (build/test-engine, built by test/setup/test-engine.ts through the same buildEngine) run with
// --engine-dir on both engines alike, its schedulers listed and validated from their
// descriptions; a folder that is not one, was built from another engine, or whose catalogue
// changed since is refused in one line, exit 2. (Building one from the installed package, and a
// compile error in a user's file: test/package.test.ts.)
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadEngineDir } from "../src/engine/dir.js";
import { SCHEDULERS } from "../src/config/schedulers.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIR = join(ROOT, "build/test-engine");
let scratch = "";

function cli(args: string[]) {
  return spawnSync(process.execPath, [join(ROOT, "bin/aviary.js"), ...args], { cwd: ROOT, encoding: "utf8" });
}

const comparable = (line: string) => {
  const o = JSON.parse(line);
  delete o.engine; delete o.wallSeconds; delete o.eventsPerSecond;
  return JSON.stringify(o);
};

beforeAll(() => { scratch = mkdtempSync(join(tmpdir(), "aviary-engine-dir-")); });
afterAll(() => { rmSync(scratch, { recursive: true, force: true }); });

describe("--engine-dir", () => {
  it("runs the folder's own schedulers on both engines alike, with its build hash", () => {
    const args = ["run", "--engine-dir", DIR, "--scheduler", "two-choices,random", "--workload", "heavy-tail", "--jobs", "2000",
      "--nodes", "100", "--set", "choices=3", "--format", "json"];
    const wasm = cli(args);
    const js = cli([...args, "--engine", "js"]);
    expect(wasm.status, wasm.stderr).toBe(0);
    expect(js.stdout.trim().split("\n").map(comparable)).toEqual(wasm.stdout.trim().split("\n").map(comparable));
    const first = JSON.parse(wasm.stdout.split("\n")[0]);
    expect(first.scheduler).toBe("two-choices");
    expect(first.engineBuild).toBe(JSON.parse(readFileSync(join(DIR, "aviary-engine.json"), "utf8")).build);
  }, 60_000);

  it("validates parameters from the folder's descriptions and lists its schedulers after the package's", async () => {
    const r = cli(["run", "--engine-dir", DIR, "--scheduler", "two-choices", "--set", "choices=65"]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe("aviary: error: scheduler 'two-choices': choices=65 is out of range: allowed [1, 64] integer (nodes)");
    const list = JSON.parse(cli(["schedulers", "--engine-dir", DIR, "--format", "json"]).stdout).schedulers.map((s: { name: string }) => s.name);
    expect(list.slice(0, SCHEDULERS.length)).toEqual(SCHEDULERS.map((s) => s.name));
    expect(list).toContain("two-choices");
    const dir = await loadEngineDir(DIR);
    expect(dir.catalogue.map((s) => s.name)).toEqual(dir.manifest.schedulers);
  });

  it("refuses a folder that is not an engine, one built from another engine, one whose catalogue changed", () => {
    const manifest = JSON.parse(readFileSync(join(DIR, "aviary-engine.json"), "utf8"));
    const variant = (name: string, change: Record<string, unknown>) => {
      const d = join(scratch, name);
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, "aviary-engine.json"), JSON.stringify({ ...manifest, catalogue: join(DIR, manifest.catalogue), ...change }));
      return d;
    };
    const cases: Array<[string, RegExp]> = [
      [scratch, /^aviary: error: engine folder '.*' has no aviary-engine\.json: build one with aviary engine build CATALOGUE -o /],
      [variant("other", { packageBuild: "000000000000" }), /was built from another aviary-sim engine \(build 000000000000; this installation's is [0-9a-f]{12}\): rebuild it/],
      [variant("changed", { registry: "000000000000" }), /its catalogue .* changed since the build \(schedulers, factories or parameter names\): rebuild it/],
      [variant("gone", { catalogue: "nowhere.mjs" }), /its catalogue .*nowhere\.mjs is gone/],
    ];
    for (const [dir, message] of cases) {
      const r = cli(["run", "--engine-dir", dir, "--scheduler", "random"]);
      expect(r.status, dir).toBe(2);
      expect(r.stderr.trim().split("\n"), dir).toHaveLength(1);
      expect(r.stderr.trim(), dir).toMatch(message);
    }
  });
});
