// Builds everything the package runs from:
//   dist/                                        tsc, the TypeScript API, CLI and bench
//   assembly/registry.gen.ts                     generated from the scheduler catalogue
//                                                (src/config/schedulers.ts, read from dist/)
//   build/engine-js/                             tsc, from assembly/ staged with the JS glue
//                                                (assembly/portable/glue.ts) swapped in, type-
//                                                checked against assembly/portable/types.d.ts
//   build/aviary.wasm, build/aviary.debug.wasm   asc, from assembly/ (asconfig.json targets)
//   build/engine.json                            the engine's build hash, version, compilers
//   dist/browser/aviary.js, aviary.wasm          esbuild: the browser bundle (web/aviary.ts: the
//                                                library, both engines, the generators' RNG)
//   dist/site/                                   esbuild: the web page (web/), static files
//   dist/src/cli/main.bundle.js                  esbuild: the CLI in one module, which bin/aviary.js
//                                                loads (cliBundle below)
// Run by `npm ci` (prepare), `npm test` (pretest) and `npm run bench`. The engine steps are
// src/engine/build.ts (compiled in the first step), which `aviary engine build` shares; a
// compile error is one line, `build: FILE:LINE:COL: message`, and exit status 1.
//
// An engine with more schedulers than the project's (the tests' own policies, the example of
// docs/adding-a-scheduler.md) is built beside it, leaving the project's build alone:
//   node scripts/build.mjs --catalogue FILE.js --out DIR
// which is `aviary engine build FILE.js -o DIR` (src/engine/build.ts buildEngine), except that
// FILE.js may export BASE, the project's catalogue as its caller has it (otherwise dist/'s).
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const quiet = args.includes("--quiet");
const option = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const extraCatalogue = option("--catalogue");
const outDir = option("--out");
if ((extraCatalogue === undefined) !== (outDir === undefined)) {
  console.error("build: --catalogue FILE.js and --out DIR go together");
  process.exit(2);
}

function step(name, cmd, argv, cwd = root) {
  const t0 = Date.now();
  const r = spawnSync(cmd, argv, { cwd, stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) {
    console.error(`build: ${name} failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  if (!quiet) console.error(`build: ${name} (${Date.now() - t0} ms)`);
}

const node = process.execPath;
const tsc = join(root, "node_modules/typescript/bin/tsc");

/** The browser bundle (dist/browser/) and the page (dist/site/): ES modules for browsers, the
 *  JS engine and its RNG reached through the aliases web/engine-modules.d.ts declares, and
 *  csv-parse's browser build (its Node build needs Buffer). */
async function bundleBrowser() {
  const t0 = Date.now();
  const { build } = await import("esbuild");
  const common = {
    bundle: true, format: "esm", platform: "browser", target: "es2022", logLevel: "warning", legalComments: "none",
    alias: {
      "aviary-engine-js": join(root, "build/engine-js/instance.js"),
      "aviary-engine-rng": join(root, "build/engine-js/toolkit/rng.js"),
      "csv-parse/sync": "csv-parse/browser/esm/sync",
    },
  };
  const lib = join(root, "dist/browser");
  rmSync(lib, { recursive: true, force: true });
  await build({ ...common, entryPoints: [join(root, "web/aviary.ts")], outfile: join(lib, "aviary.js") });
  cpSync(join(root, "build/aviary.wasm"), join(lib, "aviary.wasm"));
  const site = join(root, "dist/site");
  rmSync(site, { recursive: true, force: true });
  await build({ ...common, entryPoints: [join(root, "web/app.ts"), join(root, "web/worker.ts")], outdir: site, minify: true });
  for (const f of ["index.html", "style.css"]) cpSync(join(root, "web", f), join(site, f));
  cpSync(join(root, "build/aviary.wasm"), join(site, "aviary.wasm"));
  if (!quiet) console.error(`build: browser bundle and page (${Date.now() - t0} ms)`);
}

/** The CLI (dist/src/cli/main.js and every module it imports, the packages left outside) as one
 *  module beside main.js, which bin/aviary.js loads: resolving, reading and compiling ~70 modules
 *  one by one is a large share of a short `aviary run`. Two things keep it the same program:
 *  trace/feed-start.js stays a module of its own (bin/aviary.js imports it first to start the
 *  trace reader early, and the run takes that reader over through the module's state), and
 *  `import.meta.url` in a bundled module still names that module's own file, from which the
 *  engine, the workers and the package root are found. */
async function cliBundle() {
  const t0 = Date.now();
  const { build } = await import("esbuild");
  const src = join(root, "dist/src");
  const out = join(src, "cli");
  const separate = join(src, "trace/feed-start.js");
  const fromOut = (file) => { const r = relative(out, file).split(sep).join("/"); return r.startsWith(".") ? r : `./${r}`; };
  await build({
    entryPoints: [join(out, "main.js")], outfile: join(out, "main.bundle.js"),
    bundle: true, format: "esm", platform: "node", target: "node20", packages: "external",
    logLevel: "warning", legalComments: "none",
    plugins: [{
      name: "aviary-cli",
      setup(b) {
        b.onResolve({ filter: /feed-start\.js$/ }, (a) =>
          (join(a.resolveDir, a.path) === separate ? { path: fromOut(separate), external: true } : undefined));
        b.onLoad({ filter: /\.js$/ }, (a) => {
          const text = readFileSync(a.path, "utf8");
          if (!text.includes("import.meta.url")) return undefined;
          const self = `new URL(${JSON.stringify(fromOut(a.path))}, import.meta.url).href`;
          return { contents: text.replaceAll("import.meta.url", self), loader: "js" };
        });
      },
    }],
  });
  if (!quiet) console.error(`build: cli bundle (${Date.now() - t0} ms)`);
}

const extraModule = extraCatalogue === undefined ? undefined : await import(pathToFileURL(resolve(extraCatalogue)).href);
// 1. TypeScript: the API, CLI and bench, the catalogue the registry is generated from, and the
// engine build (src/engine/build.ts, shared with `aviary engine build`).
if (extraModule?.BASE === undefined) step("typescript", node, [tsc, "-p", "tsconfig.json"]);
const engine = await import(pathToFileURL(join(root, "dist/src/engine/build.js")).href);
const timed = async (name, f) => {
  const t0 = Date.now();
  await f();
  if (!quiet) console.error(`build: ${name} (${Date.now() - t0} ms)`);
};

try {
  if (outDir === undefined) {
    await cliBundle(); // (first: with dist/ just compiled, whatever fails later)
    // 2. The project's engine: Wasm from assembly/ in place, JS from a staged copy.
    const { SCHEDULERS } = await import(pathToFileURL(join(root, "dist/src/config/schedulers.js")).href);
    const assembly = join(root, "assembly");
    writeFileSync(join(assembly, "registry.gen.ts"), engine.registrySource(SCHEDULERS));
    const ascConfig = JSON.parse(readFileSync(join(root, "asconfig.json"), "utf8"));
    // (the JS build first: its type check names most mistakes in seconds)
    const stage = join(root, "build/engine-src");
    const origin = engine.stageSources(assembly, stage, true);
    await timed("js engine", () => engine.compileJs({ stage, out: join(root, "build/engine-js"), assembly, origin, declaration: true }));
    await timed("wasm release", () => engine.compileWasm({ baseDir: root, args: ["assembly/index.ts", "--target", "release"] }));
    await timed("wasm debug", () => engine.compileWasm({ baseDir: root, args: ["assembly/index.ts", "--target", "debug"] }));
    // The build's identity (aviary --version, the JSON output): what both engines were made from.
    const sources = engine.engineSources(assembly).map((f) => [f, readFileSync(join(assembly, f))]);
    writeFileSync(join(root, "build/engine.json"), JSON.stringify({
      build: await engine.buildHash(sources, { release: ascConfig.targets.release, options: ascConfig.options }),
      version: engine.readPackageVersion(root),
      ...(await engine.compilerVersions()),
      schedulers: SCHEDULERS.map((s) => s.name),
    }, null, 2) + "\n");
    await bundleBrowser();
  } else {
    // 2'. An engine with the extra catalogue's schedulers, in `outDir`.
    await engine.buildEngine({ catalogue: extraCatalogue, out: outDir, base: extraModule.BASE,
      log: quiet ? undefined : (line) => console.error(`build: ${line}`) });
  }
} catch (e) {
  if (!(e instanceof engine.EngineBuildError)) throw e;
  console.error(`build: ${e.message}`);
  process.exit(1);
}
