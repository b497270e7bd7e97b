// Building the engine from its AssemblyScript sources (assembly/): the registry generated from a
// scheduler catalogue, the Wasm module (asc) and the portable JS build (tsc, with
// assembly/portable/glue.ts in place of assembly/glue.ts, bundled by esbuild into one
// `instantiate()`). Two callers share it: scripts/build.mjs, which builds the package's own engine
// in the clone, and `aviary engine build` / `buildEngine`, which builds the installed package's
// engine plus the policies a user's catalogue names into a folder of their own (`loadEngineDir`
// runs it).
//
// The compilers are optional peers of the package (assemblyscript, typescript, esbuild): loaded
// only here, and a missing one is one line naming what to install. A compile error is one line,
// `file:line:col: message`, naming the user's file (or assembly/…), never the staged copy. The JS
// build is type-checked against declarations of what it really provides at run time — the
// AssemblyScript type names and nothing else (assembly/portable/types.d.ts) — so an
// AssemblyScript-only built-in (`i32.MAX_VALUE`, `unchecked`, …), which asc compiles and the JS
// engine could not run, fails the build rather than a run.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { InputError, showValue } from "../errors.js";
import { checkCreatableDir, makeDirs } from "../io.js";
import { SCHEDULERS, checkParam, type SchedulerSpec } from "../config/schedulers.js";
import { packageRoot } from "./node.js";

/** A build that cannot go on: a missing compiler, a compile error (one line, `file:line:col:
 *  message`), a catalogue that is not valid. The CLI prints it as bad input (exit 2). */
export class EngineBuildError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = "EngineBuildError";
  }
}

/** The file the build writes beside an engine (build/engine.json, DIR/aviary-engine.json). */
export interface EngineManifest {
  /** Hash of everything the engine was compiled from (sources, registry, compiler options and
   *  versions): the same for its Wasm and JS builds; `aviary --version` and the JSON output show it. */
  build: string;
  /** The aviary-sim version whose sources it was built from. */
  version: string;
  /** Compilers' versions. */
  assemblyscript: string;
  typescript: string;
  /** The engine's schedulers, in registry order. */
  schedulers: string[];
  /** An engine built with a catalogue of one's own: the package engine's build hash it extends,
   *  the catalogue module (relative to the engine folder) and the hash of the generated registry
   *  (a catalogue whose engine-visible part changed needs a rebuild). */
  packageBuild?: string;
  catalogue?: string;
  registry?: string;
}

/** Name of the manifest in a folder built by `buildEngine`. */
export const ENGINE_DIR_MANIFEST = "aviary-engine.json";

interface Toolchain {
  asc: typeof import("assemblyscript/asc").default;
  ts: typeof import("typescript");
  esbuild: typeof import("esbuild");
}

let tools: Promise<Toolchain> | undefined;

/** The version of a compiler to suggest installing: the one the package's own engine is built
 *  with (its devDependencies), else the range it accepts (peerDependencies). */
function suggestedVersion(name: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as {
      devDependencies?: Record<string, string>; peerDependencies?: Record<string, string>;
    };
    const dev = pkg.devDependencies?.[name];
    return dev ? `@${dev.replace(/^[\^~]/, "")}` : pkg.peerDependencies?.[name] ? `@"${pkg.peerDependencies[name]}"` : "";
  } catch {
    return "";
  }
}

/** The compilers, loaded once; one line naming the missing ones and how to install them. */
export function loadToolchain(): Promise<Toolchain> {
  tools ??= (async () => {
    const missing: string[] = [];
    const load = async <T>(name: string, get: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await get();
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw e;
        missing.push(name);
        return undefined;
      }
    };
    const asc = await load("assemblyscript", async () => (await import("assemblyscript/asc")).default);
    const ts = await load("typescript", async () => (await import("typescript")).default);
    const esbuild = await load("esbuild", () => import("esbuild"));
    if (missing.length > 0) {
      const specs = missing.map((n) => `${n}${suggestedVersion(n)}`);
      throw new EngineBuildError(`building an engine needs ${missing.join(", ")} (optional peer dependenc${missing.length === 1 ? "y" : "ies"} of aviary-sim): npm install --save-dev ${specs.join(" ")}`);
    }
    return { asc: asc!, ts: ts!, esbuild: esbuild! };
  })();
  const p = tools;
  p.catch(() => { if (tools === p) tools = undefined; });
  return p;
}

/** The engine's registry (assembly/registry.gen.ts): index i (a description's position in
 *  `catalogue`) -> its factory, with the parameter names and enum values the factory reads. */
export function registrySource(catalogue: SchedulerSpec[]): string {
  const imports = new Map<string, string[]>();
  const cases: string[] = [];
  catalogue.forEach((s, i) => {
    const from = s.engine.file ? `./schedulers/${basename(s.engine.file, ".ts")}` : `./schedulers/${s.engine.module}`;
    imports.set(from, [...(imports.get(from) ?? []), s.engine.factory]);
    const names = JSON.stringify(s.params.map((p) => p.name));
    const choices = JSON.stringify(s.params.map((p) => (p.kind === "enum" ? p.values : [])));
    cases.push(`  if (index == ${i}) return ${s.engine.factory}(new Params(${names}, ${choices})); // ${s.name}`);
  });
  return [
    "// Generated by scripts/build.mjs from the scheduler catalogue (src/config/schedulers.ts): do not edit.",
    "// The host starts scheduler `index` (its position in the catalogue) with its parameters in the",
    "// order of its description; each factory reads them by name.",
    'import { Scheduler, Params } from "./policy";',
    'import { fail, E_UNKNOWN_SCHEDULER } from "./errors";',
    ...[...imports].map(([from, names]) => `import { ${[...new Set(names)].join(", ")} } from "${from}";`),
    "",
    "export function createScheduler(index: i32): Scheduler {",
    ...cases,
    "  fail(E_UNKNOWN_SCHEDULER, index);",
    "  return new Scheduler();",
    "}",
    "",
  ].join("\n");
}

/** The engine's .ts sources under `dir`, as paths relative to it, sorted. */
export function engineSources(dir: string, sub = ""): string[] {
  return readdirSync(join(dir, sub)).sort().flatMap((name) => {
    const rel = sub === "" ? name : `${sub}/${name}`;
    return statSync(join(dir, rel)).isDirectory() ? engineSources(dir, rel) : name.endsWith(".ts") ? [rel] : [];
  });
}

/** Copies the engine sources of `from` (assembly/) to `to`, without the portable folder; with
 *  `jsGlue`, assembly/portable/glue.ts in place of glue.ts (the Wasm-only one). Returns the map
 *  staged file -> its source, for naming files in diagnostics. */
export function stageSources(from: string, to: string, jsGlue: boolean): Map<string, string> {
  rmSync(to, { recursive: true, force: true });
  const origin = new Map<string, string>();
  for (const rel of engineSources(from)) {
    if (rel.startsWith("portable/") || (jsGlue && rel === "glue.ts")) continue;
    mkdirSync(dirname(join(to, rel)), { recursive: true });
    cpSync(join(from, rel), join(to, rel));
    origin.set(resolve(to, rel), join(from, rel));
  }
  if (jsGlue) {
    cpSync(join(from, "portable/glue.ts"), join(to, "glue.ts"));
    origin.set(resolve(to, "glue.ts"), join(from, "portable/glue.ts"));
  }
  return origin;
}

/** How a file is named in a message: relative to the working folder when inside it. */
function shown(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel !== "" && !rel.startsWith("..") && !rel.startsWith(sep) ? rel : file;
}

function lineCol(text: string, offset: number): [number, number] {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) { line++; start = i + 1; }
  }
  return [line, offset - start + 1];
}

/** The first error and how many more, as one line. */
function oneLine(errors: string[]): string {
  return errors[0] + (errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? "s" : ""})` : "");
}

/** Hint for the errors an AssemblyScript-only name gives in the JS build. */
const PORTABLE_HINT = "; the portable JS engine has no AssemblyScript built-ins (i32.MAX_VALUE, unchecked, load, …): "
  + "use plain constants and the helpers of assembly/toolkit/glue.ts";

export interface WasmOptions {
  /** asc's folder for relative paths (and its asconfig.json). */
  baseDir: string;
  /** asc's arguments: the entry file, `--target NAME`, … */
  args: string[];
  /** Staged file -> its source (stageSources), for messages. */
  origin?: Map<string, string>;
}

/** Compiles with asc (in this process); an error is one line naming the file and line. */
export async function compileWasm(o: WasmOptions): Promise<void> {
  const { asc } = await loadToolchain();
  const errors: string[] = [];
  const warnings: string[] = [];
  const silent = asc.createMemoryStream();
  const result = await asc.main([...o.args, "--baseDir", o.baseDir, "--noColors"], {
    stdout: silent, stderr: silent,
    reportDiagnostic: (d) => {
      if (d.category < 2) return;
      let where = "";
      if (d.range) {
        const staged = resolve(o.baseDir, d.range.source.normalizedPath);
        const file = o.origin?.get(staged) ?? staged;
        let text = "";
        try { text = readFileSync(staged, "utf8"); } catch { /* a library file: no position */ }
        if (text !== "") {
          const [line, col] = lineCol(text, d.range.start);
          where = `${shown(file)}:${line}:${col}: `;
        } else {
          where = `${d.range.source.normalizedPath}: `;
        }
      }
      (d.category === 3 ? errors : warnings).push(`${where}${d.message.replace(/\s*\n\s*/g, " ")}`);
    },
  });
  for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
  if (errors.length > 0) throw new EngineBuildError(oneLine(errors));
  if (result.error) {
    const text = silent.toString().split("\n").map((l) => l.trim()).filter((l) => l !== "");
    throw new EngineBuildError(`asc failed: ${result.error.message}${text.length ? ` (${text[0]})` : ""}`);
  }
}

let ascGlobals: Set<string> | undefined;
/** Whether AssemblyScript declares `name` as a global of its own (std/assembly/index.d.ts). */
function isAscBuiltin(name: string | undefined): boolean {
  if (name === undefined) return false;
  if (!ascGlobals) {
    ascGlobals = new Set();
    try {
      const text = readFileSync(fileURLToPath(import.meta.resolve("assemblyscript/std/assembly/index.d.ts")), "utf8");
      for (const m of text.matchAll(/^declare\s+(?:function|namespace|const|let|var|class|abstract class|enum)\s+([\w$]+)/gm)) ascGlobals.add(m[1]);
    } catch { /* no hint then */ }
  }
  return ascGlobals.has(name);
}

/** The policy hooks whose default the engine learns (assembly/scheduler.ts hearsTaskEnds,
 *  hearsAccept): an override may not call the base's body through super. */
const LEARNED_HOOKS = ["onTaskEnd", "accept"];

/** Calls of super.onTaskEnd / super.accept in the policy files under `dir` (the staged
 *  schedulers/), one line each naming the file and line: the base's body would turn the engine's
 *  calls of the override off (assembly/scheduler.ts). */
export function learnedHookSuperCalls(dir: string, origin?: Map<string, string>): string[] {
  if (!existsSync(dir)) return [];
  const re = new RegExp(`\\bsuper\\s*\\.\\s*(${LEARNED_HOOKS.join("|")})\\s*\\(`, "g");
  const out: string[] = [];
  for (const rel of engineSources(dir)) {
    const staged = resolve(dir, rel);
    const text = readFileSync(staged, "utf8");
    for (const m of text.matchAll(re)) {
      const [line, col] = lineCol(text, m.index ?? 0);
      out.push(`${shown(origin?.get(staged) ?? staged)}:${line}:${col}: super.${m[1]}() is not allowed: the engine stops calling ${m[1]} `
        + `once the base class's default has run (assembly/scheduler.ts); leave ${m[1]} to the default or do not call super`);
    }
  }
  return out;
}

export interface JsOptions {
  /** The staged sources (stageSources with the JS glue). */
  stage: string;
  /** Where the compiled modules and instance.js go (emptied first). */
  out: string;
  /** The package's assembly/ folder (for assembly/portable/types.d.ts). */
  assembly: string;
  origin?: Map<string, string>;
  /** Emit .d.ts files beside the modules. */
  declaration?: boolean;
}

/** Compiles staged sources to JavaScript in `out`, type-checked against what the JS build
 *  provides (assembly/portable/types.d.ts); then checks the modules load, and bundles them into
 *  `out/instance.js` (bundleInstance). An error is one line naming the file and line. */
export async function compileJs(o: JsOptions): Promise<void> {
  const { ts } = await loadToolchain();
  const superCalls = learnedHookSuperCalls(join(o.stage, "schedulers"), o.origin);
  if (superCalls.length > 0) throw new EngineBuildError(oneLine(superCalls));
  rmSync(o.out, { recursive: true, force: true });
  const { options, errors: optionErrors } = ts.convertCompilerOptionsFromJson({
    target: "ES2022", module: "ES2022", moduleResolution: "bundler", strict: true,
    strictPropertyInitialization: false, noImplicitOverride: false, declaration: o.declaration ?? false,
    outDir: o.out, rootDir: o.stage, lib: ["ES2022"], types: [], skipLibCheck: true, noEmitOnError: true,
  }, o.stage);
  if (optionErrors.length > 0) throw new Error(ts.flattenDiagnosticMessageText(optionErrors[0].messageText, " "));
  const roots = [...engineSources(o.stage).map((f) => join(o.stage, f)), join(o.assembly, "portable/types.d.ts")];
  const program = ts.createProgram(roots, options);
  const describe = (d: import("typescript").Diagnostic): string => {
    let text = ts.flattenDiagnosticMessageText(d.messageText, " ");
    if (d.code === 2693 || (d.code === 2304 && isAscBuiltin(/'([\w$]+)'/.exec(text)?.[1]))) text = text.replace(/\.$/, "") + PORTABLE_HINT;
    if (!d.file || d.start === undefined) return text;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    const file = o.origin?.get(resolve(d.file.fileName)) ?? d.file.fileName;
    return `${shown(file)}:${line + 1}:${character + 1}: ${text}`;
  };
  const pre = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (pre.length > 0) throw new EngineBuildError(oneLine(pre.map(describe)));
  const emitted = program.emit();
  const post = emitted.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (post.length > 0 || emitted.emitSkipped) throw new EngineBuildError(oneLine(post.length ? post.map(describe) : ["the JS build emitted nothing"]));
  fixImports(o.out);
  // ES modules wherever the folder ends up (a user's project may say "type": "commonjs").
  writeFileSync(join(o.out, "package.json"), '{ "type": "module" }\n');
  // Load it once: a construct asc accepts and tsc emits wrongly (an AssemblyScript decorator on a
  // method, say) fails here rather than in a run.
  const r = spawnSync(process.execPath, ["--input-type=module", "-e",
    `await import(${JSON.stringify(pathToFileURL(join(o.out, "index.js")).href)})`], { encoding: "utf8" });
  if (r.status !== 0) {
    const line = r.stderr.split("\n").map((l) => l.trim()).find((l) => /Error\b/.test(l)) ?? r.stderr.trim().split("\n")[0];
    throw new EngineBuildError(`the JS engine build does not load: ${line}`);
  }
  await bundleInstance(o.out);
}

/** `out/instance.js`: the JS engine's modules bundled (esbuild, scope-hoisted: cross-module
 *  variables stay plain variables) into one function, `instantiate()`, whose every call
 *  evaluates the engine afresh — an engine instance with state of its own, so that one process
 *  can run several simulations at once (src/engine/js.ts keeps a pool of them). */
async function bundleInstance(out: string): Promise<void> {
  const { esbuild } = await loadToolchain();
  const built = await esbuild.build({
    entryPoints: [join(out, "index.js")], bundle: true, format: "iife", globalName: "__aviaryEngine",
    platform: "neutral", target: "es2022", write: false, logLevel: "warning",
  });
  writeFileSync(join(out, "instance.js"), [
    "// Generated by the engine build (src/engine/build.ts: esbuild bundle of this folder's index.js): do not edit.",
    "// Each call of instantiate() evaluates the whole engine afresh: an independent instance.",
    "export function instantiate() {",
    built.outputFiles[0].text,
    "return __aviaryEngine;",
    "}",
    "",
  ].join("\n"));
}

/** Node's ESM loader needs file extensions on relative imports (asc needs them absent). */
function fixImports(dir: string): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { fixImports(p); continue; }
    if (!name.endsWith(".js") && !name.endsWith(".d.ts")) continue;
    const text = readFileSync(p, "utf8");
    const fixed = text.replace(/(from\s+["'])(\.{1,2}\/[^"']+?)(["'])/g,
      (m, a: string, spec: string, b: string) => (spec.endsWith(".js") ? m : `${a}${spec}.js${b}`));
    if (fixed !== text) writeFileSync(p, fixed);
  }
}

/** The build hash: sha256 (12 hex digits) of the files an engine is compiled from (name and
 *  bytes, in the given order), asc's options and the compilers' versions. */
export async function buildHash(files: Array<[string, string | Buffer]>, ascOptions: unknown): Promise<string> {
  const { asc, ts } = await loadToolchain();
  const h = createHash("sha256");
  for (const [name, bytes] of files) h.update(name).update("\0").update(bytes).update("\0");
  h.update(JSON.stringify(ascOptions)).update(`assemblyscript ${asc.version} typescript ${ts.version}`);
  return h.digest("hex").slice(0, 12);
}

/** The manifest's compiler fields. */
export async function compilerVersions(): Promise<{ assemblyscript: string; typescript: string }> {
  const { asc, ts } = await loadToolchain();
  return { assemblyscript: asc.version, typescript: ts.version };
}

/** The package's own engine manifest (build/engine.json); undefined before the first build. */
export function packageEngineManifest(root = packageRoot()): EngineManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(root, "build/engine.json"), "utf8")) as EngineManifest;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// An engine with schedulers of one's own.

/** What buildEngine builds: a catalogue module of one's own and the folder to write. */
export interface BuildEngineOptions {
  /** The catalogue module (.js/.mjs): `export const SCHEDULERS = [...]`, descriptions as in
   *  src/config/schedulers.ts whose `engine.file` names the AssemblyScript policy file
   *  (relative to the catalogue, or absolute). */
  catalogue: string;
  /** The engine folder to write: aviary.wasm, engine-js/, aviary-engine.json. */
  out: string;
  /** Progress lines (each step and its time); default none. */
  log?: (line: string) => void;
  /** The catalogue the extra schedulers follow (default the package's). For the clone's tests. */
  base?: SchedulerSpec[];
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Checks a user's descriptions: the fields the engine and the host rely on, each default in
 *  its own range, and (`requireFiles`) the policy files; one line naming the catalogue, the
 *  scheduler and the field. */
export function checkCatalogue(extra: unknown, file: string, base: SchedulerSpec[], requireFiles = true): SchedulerSpec[] {
  const where = shown(file);
  if (!Array.isArray(extra) || extra.length === 0) {
    throw new EngineBuildError(`${where}: must export SCHEDULERS, a non-empty array of scheduler descriptions (as in src/config/schedulers.ts)`);
  }
  const names = new Set(base.map((s) => s.name));
  const files = new Map<string, string>();
  return extra.map((s: SchedulerSpec, i) => {
    const bad: (what: string) => never = (what) => {
      const who = typeof s?.name === "string" ? `scheduler '${showValue(s.name)}'` : `SCHEDULERS[${i}]`;
      throw new EngineBuildError(`${where}: ${who}: ${what}`);
    };
    if (typeof s !== "object" || s === null) bad("must be an object");
    if (typeof s.name !== "string" || !/^[a-z0-9][a-z0-9-]*$/.test(s.name)) bad("name must be lower-case letters, digits and dashes");
    if (names.has(s.name)) bad(`the name is taken (by ${base.some((b) => b.name === s.name) ? "one of aviary's schedulers" : "another entry"})`);
    names.add(s.name);
    for (const k of ["summary", "source", "doc"] as const) if (typeof s[k] !== "string") bad(`${k} must be a string`);
    if (s.binding !== "early" && s.binding !== "late") bad("binding must be 'early' or 'late'");
    if (typeof s.engine !== "object" || s.engine === null) bad("engine must be { file, factory }");
    if (typeof s.engine.file !== "string" || !s.engine.file.endsWith(".ts")) bad("engine.file must name the policy's AssemblyScript file (.ts)");
    if (typeof s.engine.factory !== "string" || !IDENT.test(s.engine.factory)) bad("engine.factory must name the function the file exports");
    const path = resolve(dirname(file), s.engine.file);
    if (requireFiles && !existsSync(path)) bad(`engine.file '${s.engine.file}' does not exist (${shown(path)})`);
    const module = basename(path, ".ts");
    if (!IDENT.test(module.replace(/-/g, "_"))) bad(`engine.file: '${basename(path)}' is not a usable module name`);
    if (files.has(module) && files.get(module) !== path) bad(`two policy files are named ${basename(path)}`);
    files.set(module, path);
    if (!Array.isArray(s.params)) bad("params must be an array (possibly empty)");
    const seen = new Set<string>();
    for (const p of s.params) {
      if (typeof p?.name !== "string" || !IDENT.test(p.name)) bad("every parameter needs a name (an identifier)");
      if (seen.has(p.name)) bad(`parameter '${p.name}' is listed twice`);
      seen.add(p.name);
      if (!["number", "integer", "boolean", "enum"].includes(p.kind)) bad(`parameter '${p.name}': kind must be number, integer, boolean or enum`);
      if (p.kind === "enum" && !(Array.isArray(p.values) && p.values.length > 0 && p.values.every((v) => typeof v === "string"))) {
        bad(`parameter '${p.name}': an enum needs values, a non-empty array of strings`);
      }
      if (typeof p.unit !== "string" || typeof p.description !== "string") bad(`parameter '${p.name}': unit and description must be strings`);
      try {
        checkParam(p, p.default, "default");
      } catch (e) {
        bad(`parameter '${p.name}': its default is not allowed: ${(e as Error).message}`);
      }
    }
    if (s.check !== undefined && typeof s.check !== "function") bad("check must be a function (params, nodes, slots) => problem | undefined");
    return { ...s, engine: { ...s.engine, module, file: path } };
  });
}

/** Imports a catalogue module; its SCHEDULERS, checked (checkCatalogue). */
export async function readCatalogue(file: string, base: SchedulerSpec[] = SCHEDULERS, requireFiles = true): Promise<SchedulerSpec[]> {
  const path = resolve(file);
  if (!existsSync(path)) throw new EngineBuildError(`catalogue '${file}' does not exist`);
  let mod: { SCHEDULERS?: unknown };
  try {
    mod = await import(pathToFileURL(path).href) as { SCHEDULERS?: unknown };
  } catch (e) {
    throw new EngineBuildError(`cannot load catalogue '${file}': ${((e as Error).message ?? String(e)).split("\n")[0]}`);
  }
  return checkCatalogue(mod.SCHEDULERS, path, base, requireFiles);
}

/**
 * Builds the installed package's engine plus the policies of a catalogue of one's own into
 * `out`: aviary.wasm (asc, the release target of the package's asconfig.json), engine-js/ (the
 * portable build, its instance.js) and aviary-engine.json (the manifest `loadEngineDir` checks).
 * The schedulers are added after the package's, so its own keep their places in the registry.
 */
export async function buildEngine(o: BuildEngineOptions): Promise<EngineManifest> {
  const root = packageRoot();
  const assembly = join(root, "assembly");
  const log = o.log ?? (() => {});
  const time = async <T>(what: string, f: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    const r = await f();
    log(`${what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    return r;
  };
  await loadToolchain();
  const base = o.base ?? SCHEDULERS;
  const extra = await readCatalogue(o.catalogue, base);
  const out = resolve(o.out);
  if (existsSync(out) && !statSync(out).isDirectory()) throw new EngineBuildError(`-o ${o.out}: not a folder`);
  checkCreatableDir(out, `-o ${o.out}`);
  const packageManifest = packageEngineManifest(root);
  if (!packageManifest) throw new EngineBuildError(`aviary-sim's own engine is not built (${join(root, "build/engine.json")} is missing)`);
  const gen = registrySource([...base, ...extra]);
  const config = JSON.parse(readFileSync(join(root, "asconfig.json"), "utf8")) as {
    targets: { release: Record<string, unknown> }; options: Record<string, unknown>;
  };
  const policyFiles = [...new Set(extra.map((s) => s.engine.file!))];
  const work = mkdtempSync(join(tmpdir(), "aviary-engine-"));
  try {
    const stages: Array<[string, Map<string, string>]> = [];
    for (const js of [false, true]) {
      const stage = join(work, js ? "src-js" : "src-wasm");
      const origin = stageSources(assembly, stage, js);
      for (const f of policyFiles) {
        const dest = join(stage, "schedulers", basename(f));
        if (existsSync(dest)) throw new EngineBuildError(`${shown(f)}: a policy file may not be named like one of aviary's (assembly/schedulers/${basename(f)})`);
        cpSync(f, dest);
        origin.set(resolve(dest), f);
      }
      writeFileSync(join(stage, "registry.gen.ts"), gen);
      stages.push([stage, origin]);
    }
    const [[wasmStage, wasmOrigin], [jsStage, jsOrigin]] = stages;
    // The JS build first: its type check names most mistakes in seconds.
    const builtJs = join(work, "engine-js");
    await time("js engine", () => compileJs({ stage: jsStage, out: builtJs, assembly, origin: jsOrigin }));
    const target = { ...config.targets.release, outFile: join(work, "aviary.wasm") };
    writeFileSync(join(wasmStage, "asconfig.json"), JSON.stringify({ entries: ["index.ts"], targets: { release: target }, options: config.options }));
    await time("wasm engine", () => compileWasm({ baseDir: wasmStage, args: ["index.ts", "--target", "release"], origin: wasmOrigin }));
    const sources: Array<[string, string | Buffer]> = engineSources(wasmStage).map((f) => [f, readFileSync(join(wasmStage, f))]);
    sources.push(["portable/glue.ts", readFileSync(join(assembly, "portable/glue.ts"))]);
    const manifest: EngineManifest = {
      build: await buildHash(sources, { release: config.targets.release, options: config.options }),
      version: readPackageVersion(root),
      ...(await compilerVersions()),
      schedulers: [...base, ...extra].map((s) => s.name),
      packageBuild: packageManifest.build,
      catalogue: relative(out, resolve(o.catalogue)).split(sep).join("/"),
      registry: registryHash(gen),
    };
    // Into place, once both engines are built: the engine files, then the manifest that makes
    // the folder an engine.
    makeDirs(out, `-o ${o.out}`);
    rmSync(join(out, ENGINE_DIR_MANIFEST), { force: true });
    rmSync(join(out, "engine-js"), { recursive: true, force: true });
    cpSync(builtJs, join(out, "engine-js"), { recursive: true });
    cpSync(join(work, "aviary.wasm"), join(out, "aviary.wasm"));
    writeFileSync(join(out, ENGINE_DIR_MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The hash of a generated registry (the manifest's `registry`). */
export function registryHash(source: string): string {
  return createHash("sha256").update(source).digest("hex").slice(0, 12);
}

/** The package's version (package.json). */
export function readPackageVersion(root = packageRoot()): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
}
