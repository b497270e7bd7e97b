// The README can never drift: every fenced code block in it is run or checked, and every relative
// link in README.md and docs/**/*.md must reach an existing file (and heading, for a #fragment).
//  - `sh`: each command line (comments and blank lines skipped; a line ending in `\` continues)
//    runs with bash in the package root and must exit 0. A trailing comment
//    `# fails: exit N[, one line on stderr][, no output file]` says what a failing command does,
//    and each clause is checked. "/tmp/" in a command is rewritten to a fresh scratch directory,
//    so the examples read as a newcomer would type them and concurrent runs do not collide.
//    The two set-up commands cannot run here (`npm test` inside `npm test`): for them the test
//    checks that .ci/run runs `npm ci` and `npm test`, and runs the `npx aviary run` part.
//  - `js`/`mjs`: written to a scratch .mjs file inside the package, so that `import … from
//    "aviary-sim"` resolves by package self-reference (package.json "exports"), and run with node.
//  - `json`: an output example; its keys, recursively, must be those of a real run of the
//    `aviary run … --format json` command in the `sh` block just before it (values may differ).
//  - any other tag, and an untagged block, fails: teach this file how to check it first.
// The blocks of the section "Use it in your project" are not run here: test/package.test.ts runs
// them in an empty project that installed the packed tarball, as a user would.
// Commands and blocks that read ../shared/traces, or a public sample trace by name (`--trace
// YH1_sub`: src/trace/samples.ts), are skipped, with a message, when that folder is absent; under
// CI (CI=true), where ../shared is always beside the clone, they fail instead. A sample is read by
// name from a scratch cache (AVIARY_CACHE) whose files link to ../shared/traces, as if fetched.
// Commands run with CI and AVIARY_FEED_MIN_BYTES removed from their environment, so they behave
// the same in and out of CI, as a reader's would.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PACKAGE_SECTION, codeBlocks, commandLines } from "./setup/markdown.js";
import { SAMPLE_TRACES } from "../src/trace/samples.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const README = join(ROOT, "README.md");
const SHARED = resolve(ROOT, "../shared/traces");
const MAX_README_BYTES = 20_000;
/** The README's set-up commands, which CI (.ci/run) executes instead of this test. */
const SETUP_RUN = "npm ci && npx aviary run";
const SETUP_TEST = "npm ci && npm test";
const COMMAND_TIMEOUT_MS = 120_000;

interface Expectation { status: number; oneStderrLine: boolean; noOutputFile: boolean }

/** What a command must do: exit 0, or what its trailing `# fails: …` comment says. */
function expectation(command: string): Expectation {
  const comment = /\s#\s+(.*)$/.exec(command)?.[1] ?? "";
  if (!comment.startsWith("fails:")) return { status: 0, oneStderrLine: false, noOutputFile: false };
  const e: Expectation = { status: -1, oneStderrLine: false, noOutputFile: false };
  for (const clause of comment.slice("fails:".length).split(",").map((c) => c.trim())) {
    const exit = /^exit (\d+)$/.exec(clause);
    if (exit) e.status = Number(exit[1]);
    else if (clause === "one line on stderr") e.oneStderrLine = true;
    else if (clause === "no output file") e.noOutputFile = true;
    else throw new Error(`'${command}': the test cannot check '${clause}' (known: exit N, one line on stderr, no output file)`);
  }
  if (e.status < 0) throw new Error(`'${command}': a failing command must say its exit status ('# fails: exit N')`);
  return e;
}

/** Files a command writes: the values of -o, --output and --per-job. */
function outputFiles(command: string): string[] {
  const words = command.replace(/\s#\s.*$/, "").split(/\s+/);
  return words.flatMap((w, i) => (["-o", "--output", "--per-job"].includes(w) && words[i + 1] ? [words[i + 1]] : []));
}

let scratch = "";
const childEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.CI;
  delete env.AVIARY_FEED_MIN_BYTES;
  env.AVIARY_CACHE = join(scratch, "cache");
  return env;
};

function bash(command: string) {
  const r = spawnSync("bash", ["-c", command], { cwd: ROOT, env: childEnv(), encoding: "utf8", timeout: COMMAND_TIMEOUT_MS });
  if (r.error) throw r.error;
  return r;
}

/** Skips (with a message) a block or command that needs ../shared/traces when it is absent;
 *  under CI an absent ../shared is an error. Returns true when the caller should stop. */
const SAMPLE_NAME = new RegExp(`(--trace\\s+|readTraceFile\\(["'])(${SAMPLE_TRACES.map((t) => t.name).join("|")})\\b`);
function skipWithoutShared(text: string, skip: (note?: string) => void): boolean {
  if (!(text.includes("../shared/traces") || SAMPLE_NAME.test(text)) || existsSync(SHARED)) return false;
  if (process.env.CI === "true") throw new Error(`../shared/traces is absent under CI: cannot run '${text.split("\n")[0]}'`);
  const note = `../shared/traces is absent: skipped '${text.split("\n")[0].slice(0, 100)}'`;
  console.warn(note);
  skip(note);
  return true;
}

/** Every key path of a JSON value (objects recursively; arrays and scalars are leaves). */
function keyPaths(v: unknown, prefix = ""): string[] {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return [];
  return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => [`${prefix}${k}`, ...keyPaths(x, `${prefix}${k}.`)]);
}

/** GitHub's heading anchors of a Markdown file. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const prose = text.replace(/^```[\s\S]*?^```\s*$/gm, "");
  for (const m of prose.matchAll(/^#{1,6}\s+(.*)$/gm)) {
    const slug = m[1].trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? markdownFiles(p) : name.endsWith(".md") ? [p] : [];
  });
}

const readme = readFileSync(README, "utf8");
const blocks = codeBlocks(readme, "README.md");

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "aviary-readme-"));
  // The samples "fetched": the cache's files are links to ../shared/traces (never copies).
  mkdirSync(join(scratch, "cache/traces"), { recursive: true });
  for (const t of SAMPLE_TRACES) {
    const file = join(SHARED, `${t.name}.tr`);
    if (existsSync(file)) symlinkSync(file, join(scratch, "cache/traces", `${t.name}.tr`));
  }
});
afterAll(() => { if (scratch) rmSync(scratch, { recursive: true, force: true }); });

describe("README.md", () => {
  it(`is at most ${MAX_README_BYTES} bytes`, () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(MAX_README_BYTES);
  });

  it("shows both set-up commands, which CI runs (.ci/run: npm ci, then npm test)", () => {
    const commands = blocks.filter((b) => b.lang === "sh").flatMap((b) => commandLines(b.body));
    expect(commands).toContain(SETUP_RUN);
    expect(commands).toContain(SETUP_TEST);
    const ci = readFileSync(join(ROOT, ".ci/run"), "utf8").split("\n").map((l) => l.trim());
    expect(ci.some((l) => /^npm ci(\s|$)/.test(l))).toBe(true);
    expect(ci).toContain("npm test");
  });

  it(`leaves the blocks of "${PACKAGE_SECTION}" to test/package.test.ts, which runs them against the packed tarball`, () => {
    expect(blocks.filter((b) => b.section === PACKAGE_SECTION).length).toBeGreaterThan(0);
    expect(readFileSync(join(ROOT, "test/package.test.ts"), "utf8")).toContain("PACKAGE_SECTION");
  });

  it("has only code blocks this test knows how to check", () => {
    for (const b of blocks) {
      expect(["sh", "js", "mjs", "json"], `README.md:${b.line}: code block tagged '${b.lang}'`).toContain(b.lang);
    }
  });
});

describe("README.md code blocks", () => {
  blocks.forEach((block, index) => {
    const where = `README.md:${block.line}`;
    if (block.section === PACKAGE_SECTION) return; // test/package.test.ts
    if (block.lang === "sh") {
      for (const command of commandLines(block.body)) {
        it(`${where} sh: ${command}`, (ctx) => {
          let run = command;
          if (command === SETUP_TEST) return; // CI runs it; the set-up test checks .ci/run
          if (command === SETUP_RUN) run = "npx aviary run";
          else if (/\bnpm (ci|test|install)\b|\bvitest\b/.test(command)) {
            throw new Error(`${where}: '${command}' would reinstall or re-run the tests from inside them`);
          }
          if (skipWithoutShared(command, (n) => ctx.skip(n))) return;
          const exp = expectation(command);
          run = run.replaceAll("/tmp/", `${scratch}/`);
          const outputs = outputFiles(run);
          for (const f of outputs) rmSync(f, { force: true });
          const r = bash(run);
          const said = `${where}: '${command}' exited ${r.status}\nstderr: ${r.stderr}`;
          expect(r.status, said).toBe(exp.status);
          // npx's own warnings (npm configuration of the machine) are not the command's output.
          const stderrLines = r.stderr.split("\n").filter((l) => l.trim() !== "" && !/^npm (warn|notice)\b/.test(l));
          if (exp.oneStderrLine) expect(stderrLines, said).toHaveLength(1);
          if (exp.noOutputFile) for (const f of outputs) expect(existsSync(f), `${where}: ${f} was written`).toBe(false);
          if (exp.status === 0) for (const f of outputs) expect(existsSync(f), `${where}: ${f} was not written`).toBe(true);
        }, COMMAND_TIMEOUT_MS);
      }
    } else if (block.lang === "js" || block.lang === "mjs") {
      it(`${where} ${block.lang}: runs with node, importing "aviary-sim" by self-reference`, (ctx) => {
        if (skipWithoutShared(block.body, (n) => ctx.skip(n))) return;
        // Inside the package directory, so that the package resolves itself by name.
        const file = join(ROOT, `.readme-block-${block.line}-${process.pid}.mjs`);
        writeFileSync(file, block.body + "\n");
        try {
          const r = spawnSync(process.execPath, [file], { cwd: ROOT, env: childEnv(), encoding: "utf8", timeout: COMMAND_TIMEOUT_MS });
          if (r.error) throw r.error;
          expect(r.status, `${where}: node exited ${r.status}\nstderr: ${r.stderr}`).toBe(0);
        } finally {
          rmSync(file, { force: true });
        }
      }, COMMAND_TIMEOUT_MS);
    } else if (block.lang === "json") {
      it(`${where} json: has the keys of a real run of the command beside it`, (ctx) => {
        const prev = blocks[index - 1];
        const commands = prev?.lang === "sh" ? commandLines(prev.body) : [];
        const command = commands.length === 1 && /\baviary run\b.*--format json/.test(commands[0]) ? commands[0] : undefined;
        if (!command) throw new Error(`${where}: a json example must follow an sh block holding one 'aviary run … --format json' command`);
        if (skipWithoutShared(command, (n) => ctx.skip(n))) return;
        const example = JSON.parse(block.body) as unknown;
        const r = bash(command.replaceAll("/tmp/", `${scratch}/`));
        expect(r.status, r.stderr).toBe(0);
        const actual = JSON.parse(r.stdout.trim().split("\n")[0]) as unknown;
        expect(keyPaths(example).sort()).toEqual(keyPaths(actual).sort());
      }, COMMAND_TIMEOUT_MS);
    }
  });
});

describe("relative links in README.md and docs/", () => {
  const files = [README, ...markdownFiles(join(ROOT, "docs"))];
  for (const file of files) {
    const name = relative(ROOT, file);
    it(`${name}: every relative link reaches an existing file and heading`, () => {
      const text = readFileSync(file, "utf8");
      const prose = text.replace(/^```[\s\S]*?^```\s*$/gm, "").replace(/`[^`\n]*`/g, "");
      const broken: string[] = [];
      for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
        const [path, fragment] = target.split("#");
        const abs = path === "" ? file : resolve(dirname(file), decodeURI(path));
        if (!existsSync(abs)) {
          broken.push(`${target} (no such file)`);
          continue;
        }
        if (fragment && abs.endsWith(".md") && !anchors(readFileSync(abs, "utf8")).has(fragment)) {
          broken.push(`${target} (no heading #${fragment})`);
        }
      }
      expect(broken, `${name}: broken links`).toEqual([]);
    });
  }
});
