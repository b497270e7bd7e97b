// The public sample traces by name (src/trace/samples.ts, `aviary traces`): the catalogue agrees
// with the files in ../shared/traces (size, sha256, jobs, tasks); the cache folder follows
// AVIARY_CACHE and the platform; a download is stored only whole and checked — a wrong file, a
// short one, one that breaks off mid-way, a 404 and a silent server each leave nothing behind and
// say so in one line; `--trace NAME` reads the cached copy and says how to fetch an uncached one.
// A local HTTP server in a child process stands for the source (CI has no internet).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SAMPLE_TRACES, cacheDir, fetchSampleTrace, findSampleTrace, resolveTracePath } from "../src/trace/samples.js";
import { readTraceFile } from "../src/trace/node.js";
import { InputError } from "../src/errors.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SHARED = resolve(ROOT, "../shared/traces");
const CLI = join(ROOT, "bin/aviary.js");

let scratch = "";
let server: ChildProcess | undefined;
let base = "";
const savedCache = process.env.AVIARY_CACHE;

/** Serves ../shared/traces's YH_small.tr as published, and some broken variants, from a child
 *  process (this one awaits the downloads). */
function startServer(): Promise<string> {
  const code = `
    const { createServer } = require("node:http"); const { readFileSync, existsSync } = require("node:fs");
    const small = ${JSON.stringify(join(SHARED, "YH_small.tr"))};
    const server = createServer((req, res) => {
      const name = req.url.split("/").pop();
      if (name === "YH_small.tr" && existsSync(small)) { res.writeHead(200).end(readFileSync(small)); return; }
      if (name === "GOOG_subtrace.tr") { res.writeHead(200).end("0 1 1 1\\n"); return; }         // wrong bytes
      if (name === "NGO_trace50.tr") { res.writeHead(200, { "content-length": "212363" }); res.write("0 1 1 1\\n"); res.destroy(); return; } // breaks off
      if (name === "EXP_50_new.tr") { res.writeHead(200); res.write("0"); return; }              // then silence
      res.writeHead(404).end();
    });
    server.listen(0, "127.0.0.1", () => console.log("http://127.0.0.1:" + server.address().port + "/"));`;
  server = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok) => server!.stdout!.once("data", (d) => ok(String(d).trim())));
}

function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((ok) => {
    const p = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, AVIARY_CACHE: join(scratch, "cache") } });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => { stdout += d; });
    p.stderr.on("data", (d) => { stderr += d; });
    p.on("close", (status) => ok({ status, stdout, stderr }));
  });
}

const cached = (): string[] => (existsSync(join(scratch, "cache/traces")) ? readdirSync(join(scratch, "cache/traces")) : []);

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "aviary-traces-"));
  process.env.AVIARY_CACHE = join(scratch, "cache");
  base = await startServer();
});

afterAll(() => {
  server?.kill();
  if (savedCache === undefined) delete process.env.AVIARY_CACHE;
  else process.env.AVIARY_CACHE = savedCache;
  rmSync(scratch, { recursive: true, force: true });
});

describe("the sample traces' catalogue", () => {
  it.skipIf(!existsSync(SHARED) && process.env.CI !== "true")("matches the files of ../shared/traces: size, sha256, jobs and tasks", async () => {
    for (const t of SAMPLE_TRACES) {
      const file = join(SHARED, `${t.name}.tr`);
      const bytes = readFileSync(file);
      expect(bytes.length, t.name).toBe(t.bytes);
      expect(createHash("sha256").update(bytes).digest("hex"), t.name).toBe(t.sha256);
      const trace = await readTraceFile(file);
      expect([trace.arrivals.length, trace.durations.length], t.name).toEqual([t.jobs, t.tasks]);
    }
  }, 60_000);

  it("has the Yahoo, Google and Facebook slices and Pigeon's traces, each pinned to a commit", () => {
    for (const n of ["YH1_sub", "GOOG_subtrace", "synthetic_FB_sub_2000jobs", "NGO_trace50", "NGO_trace90", "NYH_trace50", "NYH_trace90", "EXP_50_new", "EXP_90_new"]) {
      expect(findSampleTrace(n)?.commit, n).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(findSampleTrace("YH1_sub.tr")?.name).toBe("YH1_sub");
    expect(findSampleTrace("nope")).toBeUndefined();
  });

  it("caches in AVIARY_CACHE, else the platform's cache folder", () => {
    expect(cacheDir({ AVIARY_CACHE: "/x/y" }, "linux")).toBe("/x/y");
    expect(cacheDir({ XDG_CACHE_HOME: "/xdg" }, "linux")).toBe("/xdg/aviary");
    expect(cacheDir({}, "linux")).toBe(join(homedir(), ".cache", "aviary"));
    expect(cacheDir({}, "darwin")).toBe(join(homedir(), "Library", "Caches", "aviary"));
    expect(cacheDir({ LOCALAPPDATA: "C:\\Users\\u\\AppData\\Local" }, "win32")).toBe(join("C:\\Users\\u\\AppData\\Local", "aviary", "Cache"));
  });
});

describe("fetching", () => {
  it("refuses a wrong file, a short one and a silent server in one line each, leaving the cache empty", async () => {
    const wrong = await fetchSampleTrace(findSampleTrace("GOOG_subtrace")!, { mirror: base }).catch((e) => e);
    expect(wrong).toBeInstanceOf(InputError);
    expect(wrong.message).toMatch(/^GOOG_subtrace: .* gave 8 bytes with sha256 [0-9a-f]{64}, expected 3691519 bytes with sha256 a2c2d366.*: not stored$/);
    const broken = await fetchSampleTrace(findSampleTrace("NGO_trace50")!, { mirror: base }).catch((e) => e);
    expect(broken).toBeInstanceOf(InputError);
    // (the cut may come before or after the headers are through)
    expect(broken.message).toMatch(/^NGO_trace50: (cannot download .*NGO_trace50\.tr: |the download from .* broke off after \d+ bytes: )\S/);
    expect(broken.message).not.toContain("\n");
    const silent = await fetchSampleTrace(findSampleTrace("EXP_50_new")!, { mirror: base, idleMs: 500 }).catch((e) => e);
    expect(silent.message).toMatch(/^EXP_50_new: .*no data for too long/);
    const missing = await fetchSampleTrace(findSampleTrace("NYH_trace90")!, { mirror: base }).catch((e) => e);
    expect(missing.message).toMatch(/^NYH_trace90: cannot download .*NYH_trace90\.tr: HTTP 404$/);
    expect(cached()).toEqual([]);
  }, 30_000);

  it("aviary traces fetch: an unknown name or a bad mirror is one line, exit 2, before anything is downloaded", async () => {
    const r = await cli(["traces", "fetch", "YH_small", "bogus", "--mirror", base]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^aviary: error: unknown trace 'bogus' \(known: GOOG_subtrace, /)]);
    const m = await cli(["traces", "fetch", "YH_small", "--mirror", "ftp://x"]);
    expect(m.status).toBe(2);
    expect(cached()).toEqual([]);
  });

  it.skipIf(!existsSync(SHARED) && process.env.CI !== "true")("stores a checked file; --trace NAME then reads it, under its name", async () => {
    expect(() => resolveTracePath("YH_small")).toThrow(/not downloaded yet: run aviary traces fetch YH_small/);
    const r = await cli(["traces", "fetch", "YH_small", "--mirror", base]);
    expect(r.status, r.stderr).toBe(0);
    expect(cached()).toEqual(["YH_small.tr"]);
    expect(statSync(join(scratch, "cache/traces/YH_small.tr")).size).toBe(2968);
    const again = await cli(["traces", "fetch", "YH_small", "--mirror", base]);
    expect(again.stderr).toContain("already cached");
    const list = JSON.parse((await cli(["traces", "--format", "json"])).stdout);
    expect(list.traces.find((t: { name: string }) => t.name === "YH_small").cached).toBe(true);
    const run = await cli(["run", "--trace", "YH_small", "--scheduler", "sparrow", "--nodes", "20", "--format", "json"]);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).trace).toEqual({ name: "YH_small", jobs: 10, tasks: 183 });
    const t = await readTraceFile("YH_small");
    expect(t.arrivals.length).toBe(10);
  }, 60_000);
});
