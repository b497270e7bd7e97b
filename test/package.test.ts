// The package as a user gets it (issue #37): `npm pack` of this clone (scripts not run: `npm test`
// has just built it), an empty project in a temporary folder, `npm install` of the tarball
// (--prefer-offline: the dependencies come from npm's cache, which `npm ci` filled, where it
// has them), and then, in that project only:
//  - the tarball: what it holds (no test/, bench/, the project's own docs or sources of the page; the
//    user's docs pages the README links), its size and file
//    count against the budget below; the install: the three runtime dependencies and nothing else;
//  - `npx aviary run` (the default table) on both engines with the same results, `--version`, a
//    usage error in one line with exit 2, `npx aviary compare`, a Node script importing
//    `simulate`, `aviary plot` naming the plotting packages it lacks, `npx aviary serve` answering;
//  - the sample traces: listed, fetched from a local HTTP server over a folder (`--mirror`; CI has
//    no internet) holding a copy of ../shared/traces/YH1_sub.tr made in the temporary folder, a
//    wrong file refused in one line with nothing cached, then `--trace YH1_sub` from any folder;
//  - the README's section "Use it in your project" as written (PACKAGE_SECTION: its sh lines with
//    `npm install aviary-sim` meaning the tarball, `traces fetch` given the local --mirror; its js
//    blocks as .mjs files of the project), which installs the compilers and builds the
//    two-choices example of docs/adding-a-scheduler.md ("Outside the repository") as a user would;
//    that engine then gives the same per-job results on both engines (CLI JSON and `simulate`),
//    runs `compare`, and a policy using i32.MAX_VALUE fails the build in one line naming its file
//    and line, exit 2, nothing written;
//  - a browser entry bundled with esbuild from the installed package (its `browser` condition),
//    run in Chromium on both engines: the same per-job finish times as Node.
// Without ../shared/traces the trace and README parts are skipped with a message (under CI they
// fail); without Chromium the browser part is (test/web-env.test.ts says so; under CI it fails).
//
// Budget: the tarball is three deliberate builds of the engine — the browser bundle (library and
// both engines, ~0.95 MB), the page (the same plus Vega, ~1.0 MB + a 0.4 MB worker), the JS engine
// bundle for Node (~0.4 MB) — beside the Wasm module (0.16 MB, three copies), the compiled host
// (~0.75 MB) and the engine's sources (~0.7 MB). 2026-11-28: 226 files, 1.44 MB packed, 4.6 MB
// unpacked; that night 287 files (the engine's sources cut into more modules, issue #36; small
// host modules, issue #39), 1.64 MB, 5.34 MB; 2026-12-05, with the user's docs pages (0.28 MB
// unpacked, 0.11 MB packed: the README linked them and an installed package had none), 309 files,
// 1.77 MB, 5.70 MB. The limits leave room for growth and catch what must never ship (test/ alone
// is 2.9 MB, all of docs/ 4 MB, a stray build/test-engine 1.6 MB).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { chromiumPath, MISSING_MESSAGE } from "./setup/chromium.mjs";
import { PACKAGE_SECTION, codeBlocks, commandLines } from "./setup/markdown.js";
import { docExample } from "./setup/doc-example.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SHARED = resolve(ROOT, "../shared/traces");
const CHROMIUM = chromiumPath();
const CI = process.env.CI === "true";
/** .ci/run repeats this file under Node 22 (its node first on PATH) without the browser part,
 *  which does not depend on Node's version and ran under Node 20 already. */
const NO_BROWSER = process.env.AVIARY_PACKAGE_NO_BROWSER === "1";

/** The budget (see the header). */
const MAX_PACKED_BYTES = 1_900_000;
const MAX_UNPACKED_BYTES = 6_000_000;
const MAX_FILES = 340;
/** The documentation pages the package holds: the README's links for users. */
const USER_DOCS = ["adding-a-scheduler", "architecture", "cli", "sweeps", "trace-formats", "web", "workloads"].map((p) => `docs/${p}.md`)
  .concat(["docs/models/sparrow.md", "docs/models/common.md"]);
/** What `npm install aviary-sim` brings besides the package itself. */
const RUNTIME_DEPENDENCIES = ["@assemblyscript/loader", "commander", "csv-parse"];

let work = "";
let app = "";
let tarball = "";
let packed: { size: number; unpackedSize: number; entryCount: number; files: Array<{ path: string }> };
let mirror: ChildProcess | undefined;
let mirrorUrl = "";
let installSeconds = 0;

/** The child processes' environment: a cache of their own, no CI flag (as a user's shell). */
function env(): NodeJS.ProcessEnv {
  const e = { ...process.env, AVIARY_CACHE: join(work, "cache"), NO_COLOR: "1" };
  delete e.CI;
  delete e.AVIARY_FEED_MIN_BYTES;
  return e;
}

function sh(command: string, cwd = app, timeout = 600_000): SpawnSyncReturns<string> {
  const r = spawnSync("bash", ["-c", command], { cwd, env: env(), encoding: "utf8", timeout });
  if (r.error) throw r.error;
  return r;
}

function ok(command: string, cwd = app): string {
  const r = sh(command, cwd);
  expect(r.status, `${command}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** Error lines of a command (npm's own notices left out). */
function stderrLines(r: SpawnSyncReturns<string>): string[] {
  return r.stderr.split("\n").filter((l) => l.trim() !== "" && !/^npm (warn|notice)\b/.test(l));
}

/** A summary without the fields that differ between engines and runs. */
function comparable(line: string): string {
  const o = JSON.parse(line);
  delete o.engine;
  delete o.wallSeconds;
  delete o.eventsPerSecond;
  return JSON.stringify(o);
}

/** Skips (with a message) what needs ../shared/traces when it is absent; under CI, fails. */
function needShared(skip: (note: string) => void): boolean {
  if (existsSync(join(SHARED, "YH1_sub.tr"))) return true;
  if (CI) throw new Error(`${SHARED} is absent under CI`);
  const note = `${SHARED} is absent: skipped`;
  console.warn(note);
  skip(note);
  return false;
}

const MIME: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
  ".wasm": "application/wasm", ".tr": "text/plain" };

/** A static HTTP server over `dir` in a process of its own (this one waits in spawnSync while the
 *  CLI downloads); resolves its base URL. */
function serveFolderProcess(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const code = `
    const { createServer } = require("node:http"); const { readFileSync, existsSync, statSync } = require("node:fs");
    const { join } = require("node:path"); const dir = ${JSON.stringify(dir)};
    const server = createServer((req, res) => {
      const path = join(dir, decodeURIComponent(new URL(req.url, "http://x").pathname));
      if (!path.startsWith(dir) || !existsSync(path) || statSync(path).isDirectory()) { res.writeHead(404).end(); return; }
      res.writeHead(200).end(readFileSync(path));
    });
    server.listen(0, "127.0.0.1", () => console.log("http://127.0.0.1:" + server.address().port + "/"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, fail) => {
    child.stdout!.once("data", (d) => ok({ child, url: String(d).trim() }));
    child.once("exit", (c) => fail(new Error(`the mirror server exited (${c})`)));
  });
}

/** A static HTTP server over `dir` on 127.0.0.1 (any free port), in this process; resolves its
 *  base URL. */
function serveFolder(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = join(dir, decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    if (!path.startsWith(dir) || !existsSync(path) || statSync(path).isDirectory()) { res.writeHead(404).end(); return; }
    res.writeHead(200, { "content-type": MIME[extname(path)] ?? "application/octet-stream" }).end(readFileSync(path));
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => {
    const a = server.address() as { port: number };
    ok({ server, url: `http://127.0.0.1:${a.port}/` });
  }));
}

describe("the packed package, installed in an empty project", () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "aviary-package-"));
    const pack = spawnSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], { cwd: ROOT, encoding: "utf8" });
    if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
    packed = JSON.parse(pack.stdout)[0];
    tarball = join(work, readdirSync(work).find((f) => f.endsWith(".tgz"))!);
    app = join(work, "app");
    mkdirSync(app);
    ok("npm init -y >/dev/null");
    const t0 = performance.now();
    ok(`npm install --prefer-offline --no-audit --no-fund ${tarball}`);
    installSeconds = (performance.now() - t0) / 1000;
    // The local mirror of the sample traces: a folder of this temporary directory.
    const folder = join(work, "mirror");
    mkdirSync(folder);
    if (existsSync(join(SHARED, "YH1_sub.tr"))) copyFileSync(join(SHARED, "YH1_sub.tr"), join(folder, "YH1_sub.tr"));
    writeFileSync(join(folder, "YH_small.tr"), "0 1 1 1\n"); // not the published bytes
    ({ child: mirror, url: mirrorUrl } = await serveFolderProcess(folder));
  }, 600_000);

  afterAll(() => {
    mirror?.kill();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("holds the engines, host, browser build, page, sources for engine builds, README, LICENSE, CHANGELOG and the user's docs, and no test, bench or project docs file, within the budget", () => {
    const files = packed.files.map((f) => f.path);
    console.log(`package: ${files.length} files, ${(packed.size / 1e6).toFixed(2)} MB packed, `
      + `${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked; npm install took ${installSeconds.toFixed(1)} s; `
      + `the project's commands run on Node ${ok("node --version").trim()}`);
    for (const prefix of ["test/", "bench/", "web/", "scripts/", "src/", "build/test-engine/", "build/engine-src/", "dist/bench/", "dist/test/"]) {
      expect(files.filter((f) => f.startsWith(prefix)), prefix).toEqual([]);
    }
    // The user's pages ship (the README links them); the project's own (performance, perf log,
    // testing, the results pages and their figures) stay in the repository.
    expect(files.filter((f) => f.startsWith("docs/")).filter((f) => !/^docs\/([a-z-]+\.md|models\/[a-z-]+\.md)$/.test(f))).toEqual([]);
    for (const page of ["perf-log", "performance", "testing", "reliability"]) expect(files, page).not.toContain(`docs/${page}.md`);
    for (const page of USER_DOCS) expect(files, page).toContain(page);
    for (const f of ["package.json", "README.md", "LICENSE", "CHANGELOG.md", "bin/aviary.js", "dist/src/index.js", "dist/src/index.d.ts",
      "dist/web/aviary.d.ts", "dist/browser/aviary.js", "dist/browser/aviary.wasm", "dist/site/index.html", "build/aviary.wasm",
      "build/engine.json", "build/engine-js/instance.js", "assembly/policy.ts", "assembly/portable/types.d.ts", "asconfig.json"]) {
      expect(files, f).toContain(f);
    }
    expect(packed.size).toBeLessThanOrEqual(MAX_PACKED_BYTES);
    expect(packed.unpackedSize).toBeLessThanOrEqual(MAX_UNPACKED_BYTES);
    expect(files.length).toBeLessThanOrEqual(MAX_FILES);
  });

  it("installs aviary-sim and its three runtime dependencies only: no plotting library, no compiler", () => {
    const names = readdirSync(join(app, "node_modules")).filter((n) => !n.startsWith("."))
      .flatMap((n) => (n.startsWith("@") ? readdirSync(join(app, "node_modules", n)).map((m) => `${n}/${m}`) : [n])).sort();
    expect(names).toEqual(["aviary-sim", ...RUNTIME_DEPENDENCIES].sort());
  });

  it("npx aviary run prints the default table; --engine js gives the same results; --version names the engine build", () => {
    expect(ok("npx aviary run")).toMatch(/scheduler\s+jobs\s+mean/);
    const wasm = ok("npx aviary run --workload heavy-tail --jobs 3000 --nodes 200 --format json").trim().split("\n");
    const js = ok("npx aviary run --workload heavy-tail --jobs 3000 --nodes 200 --format json --engine js").trim().split("\n");
    expect(wasm).toHaveLength(3);
    expect(js.map(comparable)).toEqual(wasm.map(comparable));
    const build = JSON.parse(readFileSync(join(app, "node_modules/aviary-sim/build/engine.json"), "utf8")).build as string;
    expect(JSON.parse(wasm[0]).engineBuild).toBe(build);
    expect(ok("npx aviary --version").trim()).toBe(`aviary-sim ${JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version} (engine build ${build})`);
  }, 300_000);

  it("a usage error is one line and exit 2", () => {
    const r = sh("npx aviary run --bogus");
    expect(r.status).toBe(2);
    expect(stderrLines(r)).toEqual(["aviary: error: unknown option '--bogus'"]);
  });

  it("npx aviary compare runs a grid", () => {
    const out = ok("npx aviary compare --workload heavy-tail --jobs 2000 --schedulers sparrow,lwl --nodes 200,250 --seeds 2 --format json");
    expect(JSON.parse(out).results).toHaveLength(4);
  }, 300_000);

  it("a Node script imports simulate; a plot or an engine build without the optional packages is one line naming them", () => {
    writeFileSync(join(app, "api.mjs"), [
      'import { simulate, generatePoissonWithEngineRng, summarize } from "aviary-sim";',
      'const trace = await generatePoissonWithEngineRng({ jobs: 500, tasks: 4, duration: "exp:1", load: 0.8, nodes: 50, seed: 2 });',
      'const r = await simulate(trace, { scheduler: "sparrow", nodes: 50 }, { engine: "js" });',
      "console.log(JSON.stringify(summarize(r).short));",
    ].join("\n"));
    expect(JSON.parse(ok("node api.mjs")).jobs).toBe(500);
    ok("npx aviary run --workload heavy-tail --jobs 500 --nodes 50 --scheduler sparrow --format json > run.json");
    const r = sh("npx aviary plot run.json -o run.svg");
    expect(r.status).toBe(2);
    expect(stderrLines(r)).toEqual(["aviary: error: drawing a .svg figure needs vega, vega-lite (optional dependencies of aviary-sim): npm install vega vega-lite"]);
    expect(existsSync(join(app, "run.svg"))).toBe(false);
    // The compilers are optional peers too: an engine build without them names what to install.
    writeFileSync(join(app, "none.mjs"), "export const SCHEDULERS = [];\n");
    const build = sh("npx aviary engine build none.mjs -o none");
    expect(build.status).toBe(2);
    const dev = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).devDependencies as Record<string, string>;
    const v = (n: string) => dev[n].replace(/^[\^~]/, "");
    expect(stderrLines(build)).toEqual([`aviary: error: building an engine needs assemblyscript, typescript, esbuild (optional peer dependencies of aviary-sim): `
      + `npm install --save-dev assemblyscript@${v("assemblyscript")} typescript@${v("typescript")} esbuild@${v("esbuild")}`]);
    // ... the versions the README's section installs
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain(`npm install --save-dev assemblyscript@${v("assemblyscript")} typescript@${v("typescript")} esbuild@${v("esbuild")}`);
  }, 120_000);

  it("npx aviary serve answers with the page and the Wasm engine", async () => {
    const server: ChildProcess = spawn("npx", ["aviary", "serve", "--port", "0"], { cwd: app, env: env(), stdio: ["ignore", "pipe", "pipe"] });
    try {
      const base = await new Promise<string>((ok, fail) => {
        let out = "";
        server.stdout!.on("data", (d) => { out += String(d); const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out); if (m) ok(m[1]); });
        server.on("exit", (code) => fail(new Error(`aviary serve exited (${code}): ${out}`)));
        setTimeout(() => fail(new Error(`aviary serve printed no URL: ${out}`)), 60_000);
      });
      const page = await fetch(base);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>");
      const wasm = await fetch(`${base}aviary.wasm`);
      expect(wasm.headers.get("content-type")).toBe("application/wasm");
      expect(WebAssembly.validate(new Uint8Array(await wasm.arrayBuffer()))).toBe(true);
    } finally {
      server.kill();
    }
  }, 120_000);

  it("lists the sample traces; fetches one from a mirror, refuses a wrong one, then runs it by name from any folder", (ctx) => {
    const list = ok("npx aviary traces --format json");
    const names = (JSON.parse(list).traces as Array<{ name: string; sha256: string; cached: boolean }>);
    for (const n of ["YH1_sub", "GOOG_subtrace", "synthetic_FB_sub_2000jobs", "NGO_trace90", "NYH_trace50", "EXP_90_new"]) {
      expect(names.find((t) => t.name === n)?.sha256, n).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(names.every((t) => !t.cached)).toBe(true);
    const bad = sh(`npx aviary traces fetch YH_small --mirror ${mirrorUrl}`);
    expect(bad.status).toBe(2);
    expect(stderrLines(bad)).toHaveLength(1);
    expect(stderrLines(bad)[0]).toMatch(/^aviary: error: YH_small: .* sha256 [0-9a-f]{64}, expected .*: not stored$/);
    expect(existsSync(join(work, "cache/traces")) ? readdirSync(join(work, "cache/traces")) : []).toEqual([]);
    const missing = sh("npx aviary run --trace YH1_sub --scheduler sparrow");
    expect(missing.status).toBe(2);
    expect(stderrLines(missing)[0]).toContain("aviary traces fetch YH1_sub");
    if (!needShared((n) => ctx.skip(n))) return;
    ok(`npx aviary traces fetch YH1_sub --mirror ${mirrorUrl}`);
    expect(readdirSync(join(work, "cache/traces"))).toEqual(["YH1_sub.tr"]);
    const elsewhere = join(work, "elsewhere");
    mkdirSync(elsewhere, { recursive: true });
    const out = ok(`${join(app, "node_modules/.bin/aviary")} run --trace YH1_sub --preset yahoo --scheduler sparrow --nodes 4000 --format json`, elsewhere);
    expect(JSON.parse(out).trace).toEqual({ name: "YH1_sub", jobs: 2910, tasks: 122878 });
  }, 120_000);

  it(`runs the README's "${PACKAGE_SECTION}" as written: install, CLI, sample traces, Node, browser build, an engine of one's own`, (ctx) => {
    if (!needShared((n) => ctx.skip(n))) return;
    // The files the section's engine build names: docs/adding-a-scheduler.md's policy file and its
    // catalogue module (whose description must be the page's step 2 one).
    const doc = readFileSync(join(ROOT, "docs/adding-a-scheduler.md"), "utf8");
    const example = docExample(doc);
    writeFileSync(join(app, "two-choices.ts"), example.code);
    const catalogue = codeBlocks(doc, "docs/adding-a-scheduler.md").find((b) => b.body.startsWith("// my-schedulers.mjs"));
    expect(catalogue, "the catalogue block of docs/adding-a-scheduler.md").toBeDefined();
    writeFileSync(join(app, "my-schedulers.mjs"), catalogue!.body + "\n");
    const own = JSON.parse(ok(`node -e 'import("./my-schedulers.mjs").then((m) => console.log(JSON.stringify(m.SCHEDULERS)))'`))[0];
    expect({ ...own, engine: undefined }).toEqual({ ...example.entry, engine: undefined });
    const blocks = codeBlocks(readFileSync(join(ROOT, "README.md"), "utf8"), "README.md").filter((b) => b.section === PACKAGE_SECTION);
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const b of blocks) {
      if (b.lang === "sh") {
        for (const line of commandLines(b.body)) {
          const command = line.replace(/\s#\s.*$/, "")
            .replace(/^npm install aviary-sim$/, `npm install --prefer-offline --no-audit --no-fund ${tarball}`)
            .replace(/^npm install --save-dev /, "npm install --prefer-offline --no-audit --no-fund --save-dev ")
            .replace(/aviary traces fetch (.*)$/, `aviary traces fetch $1 --mirror ${mirrorUrl}`);
          ok(command);
        }
      } else if (b.lang === "js" || b.lang === "mjs") {
        const file = join(app, `readme-${b.line}.mjs`);
        writeFileSync(file, b.body + "\n");
        ok(`node ${file}`);
      } else {
        throw new Error(`README.md:${b.line}: a '${b.lang}' block in "${PACKAGE_SECTION}": teach test/package.test.ts to run it`);
      }
    }
    expect(existsSync(join(app, "my-engine/aviary-engine.json"))).toBe(true);
  }, 900_000);

  it("the two-choices engine built outside the repository gives the same per-job results on both engines, and compares", (ctx) => {
    if (!needShared((n) => ctx.skip(n))) return;
    const args = "--engine-dir my-engine --scheduler two-choices --workload heavy-tail --jobs 3000 --nodes 200 --set choices=3 --format json";
    const wasm = ok(`npx aviary run ${args}`).trim();
    const js = ok(`npx aviary run ${args} --engine js`).trim();
    expect(comparable(js)).toBe(comparable(wasm));
    expect(JSON.parse(wasm).params.choices).toBe(3);
    const range = sh(`npx aviary run ${args.replace("choices=3", "choices=0")}`);
    expect(range.status).toBe(2);
    expect(stderrLines(range)).toEqual(["aviary: error: scheduler 'two-choices': choices=0 is out of range: allowed [1, 64] integer (nodes)"]);
    writeFileSync(join(app, "per-job.mjs"), [
      'import { simulate, generatePoissonWithEngineRng } from "aviary-sim";',
      'const trace = await generatePoissonWithEngineRng({ jobs: 2000, tasks: 8, duration: "exp:1", load: 0.9, nodes: 100, seed: 5 });',
      "const out = {};",
      'for (const engine of ["wasm", "js"]) {',
      '  const r = await simulate(trace, { scheduler: "two-choices", nodes: 100, params: { choices: 2 } }, { engine, engineDir: "my-engine" });',
      "  out[engine] = Array.from(r.finish);",
      "}",
      "console.log(JSON.stringify(out));",
    ].join("\n"));
    const perJob = JSON.parse(ok("node per-job.mjs"));
    expect(perJob.wasm).toHaveLength(2000);
    expect(perJob.js).toEqual(perJob.wasm);
    const cmp = JSON.parse(ok("npx aviary compare --engine-dir my-engine --schedulers two-choices,random --workload heavy-tail --jobs 2000 --nodes 200 --seeds 2 --format json"));
    expect(cmp.results.map((c: { scheduler: string }) => c.scheduler)).toEqual(["two-choices", "random"]);
  }, 300_000);

  it("a policy using i32.MAX_VALUE (an AssemblyScript-only built-in) fails the engine build in one line naming its file and line, exit 2, nothing written", (ctx) => {
    if (!existsSync(join(app, "my-engine"))) { ctx.skip("the README's engine build did not run"); return; }
    mkdirSync(join(app, "bad"), { recursive: true });
    const code = readFileSync(join(app, "two-choices.ts"), "utf8").split("\n");
    const at = code.findIndex((l) => l.includes("choices: i32;"));
    code.splice(at + 1, 0, "  limit: i32 = i32.MAX_VALUE;");
    writeFileSync(join(app, "bad/two-choices.ts"), code.join("\n"));
    writeFileSync(join(app, "bad/catalogue.mjs"), readFileSync(join(app, "my-schedulers.mjs"), "utf8"));
    const r = sh("npx aviary engine build bad/catalogue.mjs -o bad-engine");
    expect(r.status).toBe(2);
    const lines = stderrLines(r).filter((l) => !l.startsWith("engine build: "));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^aviary: error: bad/two-choices\\.ts:${at + 2}:\\d+: 'i32' only refers to a type`));
    expect(existsSync(join(app, "bad-engine"))).toBe(false);
  }, 300_000);

  describe.skipIf(NO_BROWSER || (!CHROMIUM && !CI))("in a browser", () => {
    let browser: Browser | undefined;
    let site: Server | undefined;
    afterAll(async () => { await browser?.close(); site?.close(); });

    it("an entry bundled with esbuild from the installed package runs both engines in Chromium: the same per-job finish times as Node", async () => {
      if (!CHROMIUM) throw new Error(`CI: ${MISSING_MESSAGE.replace("are skipped", "cannot run")}`);
      const out = join(work, "site");
      mkdirSync(out, { recursive: true });
      ok(`npx aviary gen poisson --jobs 1500 --tasks 6 --duration exp:2 --load 0.85 --nodes 80 --seed 4 -o ${join(out, "trace.tr")}`);
      writeFileSync(join(app, "entry.mjs"), [
        'import { loadEngine, parseTr, resolveConfig, runSimulationAsync } from "aviary-sim";',
        'const bytes = new Uint8Array(await (await fetch("./trace.tr")).arrayBuffer());',
        'const trace = parseTr(bytes, "trace.tr");',
        "const out = {};",
        'for (const kind of ["wasm", "js"]) {',
        "  const r = await runSimulationAsync(await loadEngine(kind), trace, resolveConfig({ scheduler: \"eagle\", nodes: 80, params: { cutoff: 4 } }));",
        "  out[kind] = Array.from(r.finish);",
        "}",
        "globalThis.aviaryResult = out;",
      ].join("\n"));
      const { build } = await import("esbuild");
      await build({ absWorkingDir: app, entryPoints: ["./entry.mjs"], bundle: true, format: "esm", platform: "browser",
        outfile: join(out, "app.js"), logLevel: "silent" });
      // (the browser build, not the Node entry: esbuild names each bundled module's path)
      expect(readFileSync(join(out, "app.js"), "utf8")).toContain("// node_modules/aviary-sim/dist/browser/aviary.js");
      copyFileSync(join(app, "node_modules/aviary-sim/dist/browser/aviary.wasm"), join(out, "aviary.wasm"));
      writeFileSync(join(out, "index.html"), '<!doctype html><title>aviary</title><script type="module" src="./app.js"></script>');
      let url: string;
      ({ server: site, url } = await serveFolder(out));
      const { chromium } = await import("playwright-core");
      browser = await chromium.launch({ executablePath: CHROMIUM });
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(e.message));
      await page.goto(`${url}index.html`);
      await page.waitForFunction(() => (globalThis as { aviaryResult?: unknown }).aviaryResult !== undefined, undefined, { timeout: 120_000 });
      const inBrowser = await page.evaluate(() => (globalThis as unknown as { aviaryResult: { wasm: number[]; js: number[] } }).aviaryResult);
      expect(problems).toEqual([]);
      writeFileSync(join(app, "node-side.mjs"), [
        'import { simulate, readTraceFile } from "aviary-sim";',
        `const trace = await readTraceFile(${JSON.stringify(join(out, "trace.tr"))});`,
        'const r = await simulate(trace, { scheduler: "eagle", nodes: 80, params: { cutoff: 4 } });',
        "console.log(JSON.stringify(Array.from(r.finish)));",
      ].join("\n"));
      const inNode = JSON.parse(ok("node node-side.mjs"));
      expect(inNode).toHaveLength(1500);
      expect(inBrowser.wasm).toEqual(inNode);
      expect(inBrowser.js).toEqual(inNode);
    }, 300_000);
  });
});
