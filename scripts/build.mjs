// Builds everything the package runs from:
//   build/aviary.wasm, build/aviary.debug.wasm   asc, from assembly/ (asconfig.json targets)
//   build/engine-js/                             tsc, from the same assembly/ sources with the
//                                                JS glue (assembly/portable/glue.ts) swapped in
//   dist/                                        tsc, the TypeScript API, CLI and bench
// Run by `npm ci` (prepare), `npm test` (pretest) and `npm run bench`.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const quiet = process.argv.includes("--quiet");

function step(name, cmd, args) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) {
    console.error(`build: ${name} failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  if (!quiet) console.error(`build: ${name} (${Date.now() - t0} ms)`);
}

const node = process.execPath;
const asc = join(root, "node_modules/assemblyscript/bin/asc.js");
const tsc = join(root, "node_modules/typescript/bin/tsc");

// 1. Wasm engine.
step("wasm release", node, [asc, "assembly/index.ts", "--target", "release"]);
step("wasm debug", node, [asc, "assembly/index.ts", "--target", "debug"]);

// 2. JS engine from the same sources.
const stage = join(root, "build/engine-src");
const outJs = join(root, "build/engine-js");
rmSync(stage, { recursive: true, force: true });
rmSync(outJs, { recursive: true, force: true });
function copyPortable(from, to) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    if (statSync(src).isDirectory()) {
      if (name !== "portable") copyPortable(src, join(to, name));
    } else if (name.endsWith(".ts") && !(from === join(root, "assembly") && name === "glue.ts")) {
      cpSync(src, join(to, name));
    }
  }
}
copyPortable(join(root, "assembly"), stage);
cpSync(join(root, "assembly/portable/glue.ts"), join(stage, "glue.ts"));
writeFileSync(join(stage, "tsconfig.json"), JSON.stringify({
  compilerOptions: {
    target: "ES2022", module: "ES2022", moduleResolution: "bundler", strict: true,
    strictPropertyInitialization: false, noImplicitOverride: false, declaration: true,
    outDir: relative(stage, outJs), rootDir: ".", lib: ["ES2022"], types: [], skipLibCheck: true,
  },
  files: [relative(stage, join(root, "node_modules/assemblyscript/std/portable/index.d.ts"))],
  include: ["**/*.ts"],
}, null, 2));
step("js engine", node, [tsc, "-p", join(stage, "tsconfig.json")]);
// Node's ESM loader needs file extensions on relative imports (asc needs them absent).
function fixImports(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { fixImports(p); continue; }
    if (!name.endsWith(".js") && !name.endsWith(".d.ts")) continue;
    const text = readFileSync(p, "utf8");
    const fixed = text.replace(/(from\s+["'])(\.{1,2}\/[^"']+?)(["'])/g,
      (m, a, spec, b) => (spec.endsWith(".js") ? m : `${a}${spec}.js${b}`));
    if (fixed !== text) writeFileSync(p, fixed);
  }
}
fixImports(outJs);

// 3. TypeScript API, CLI, bench.
step("typescript", node, [tsc, "-p", "tsconfig.json"]);
