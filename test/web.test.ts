// The page's pieces that run in Node too: its configuration (URL query <-> form, validation into
// one message per field), the static server of `aviary serve` (MIME types, isolation headers,
// no way out of dist/site), and the CSV reader on bytes that are not a Node Buffer (what a
// browser hands it). The page itself in Chromium: test/web-page.test.ts and test/browser/.
import { describe, it, expect, afterEach } from "vitest";
import { request } from "node:http";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { configFromQuery, configToQuery, defaultConfig, validate, LIMITS, type PageConfig } from "../web/config.js";
import { resolveRequest, serve, siteRoot, type Served } from "../src/cli/serve.js";
import { parseCsv } from "../src/trace/csv.js";
import { InputError } from "../src/errors.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("page configuration", () => {
  it("the default is the empty query and a valid default comparison (default workload; random, sparrow, lwl; baseline sparrow)", () => {
    expect(configToQuery(defaultConfig())).toBe("");
    const v = validate(defaultConfig());
    expect(v.errors).toEqual([]);
    expect(v.request).toEqual({
      workload: { kind: "named", name: "default", jobs: undefined, load: undefined, seed: 1 },
      compare: { schedulers: ["random", "sparrow", "lwl"], baseline: "sparrow", nodes: [1000], seeds: [1], slots: 1, engine: "wasm",
        preset: undefined, cutoff: undefined, params: {} },
    });
  });

  it("round-trips a configuration through the query string", () => {
    const c: PageConfig = { ...defaultConfig(), workload: "google-like", jobs: "3000", load: "0.9", workloadSeed: "7",
      schedulers: ["hawk", "eagle"], baseline: "eagle", nodes: "800,1000", seeds: "1,2", slots: "2", engine: "js",
      preset: "google", cutoff: "100", params: { probeRatio: "3", sss: "false" } };
    const q = configToQuery(c);
    expect(q).toContain("set.probeRatio=3");
    const back = configFromQuery(q);
    expect(back.errors).toEqual([]);
    expect(back.config).toEqual(c);
    const v = validate(back.config);
    expect(v.errors).toEqual([]);
    expect(v.request!.compare).toMatchObject({ nodes: [800, 1000], seeds: [1, 2], slots: 2, engine: "js", preset: "google", cutoff: 100,
      params: { probeRatio: "3", sss: "false" } });
  });

  it("names the field and the value of every impossible input, one line each", () => {
    const bad = (patch: Partial<PageConfig>, field: string, pattern: RegExp) => {
      const v = validate({ ...defaultConfig(), ...patch });
      expect(v.request).toBeUndefined();
      const e = v.errors.find((x) => x.field === field);
      expect(e, `${JSON.stringify(patch)} -> ${JSON.stringify(v.errors)}`).toBeDefined();
      expect(e!.message).toMatch(pattern);
      for (const x of v.errors) expect(x.message).not.toContain("\n");
    };
    bad({ nodes: "0" }, "nodes", /'0'/);
    bad({ nodes: "100,100" }, "nodes", /listed twice/);
    bad({ nodes: String(LIMITS.nodes + 1) }, "nodes", /200000/);
    bad({ seeds: "1.5" }, "seeds", /'1\.5'/);
    bad({ slots: "0" }, "slots", /slots/);
    bad({ jobs: String(LIMITS.jobs + 1) }, "jobs", /1000000/);
    bad({ load: "-1" }, "load", /load must be a number > 0/);
    bad({ workload: "nosuch" }, "workload", /unknown workload 'nosuch'/);
    bad({ workload: "poisson", duration: "gauss:1" }, "duration", /gauss:1/);
    bad({ schedulers: [] }, "schedulers", /at least one/);
    bad({ schedulers: ["sparrow", "nosuch"] }, "schedulers", /unknown scheduler 'nosuch'/);
    bad({ baseline: "hawk" }, "baseline", /'hawk' is not one of/);
    bad({ params: { probeRatio: "0" } }, "param:probeRatio", /probeRatio=0 is out of range: allowed \[1, 1000\] \(probes\/task\)/);
    bad({ params: { sss: "maybe" } }, "param:sss", /sss is a parameter of eagle/);
    bad({ params: { estErrorLow: "3", estErrorHigh: "2" }, schedulers: ["hawk"], baseline: "hawk" }, "param:estErrorLow", /must not exceed/);
    bad({ seeds: Array.from({ length: 40 }, (_, i) => i + 1).join(",") }, "seeds", /at most 100/);
    bad({ engine: "gpu" }, "engine", /wasm or js/);
    bad({ preset: "nosuch" }, "preset", /unknown preset/);
    bad({ cutoff: "-3" }, "cutoff", /cutoff/);
    bad({ workload: "upload" }, "trace", /choose a \.tr or \.csv/);
    expect(validate({ ...defaultConfig(), workload: "upload" }, { name: "x.tr", ok: false }).errors[0].message).toMatch(/'x\.tr' could not be read/);
    // The reader's own message (file, line, field) stays when Run is pressed.
    expect(validate({ ...defaultConfig(), workload: "upload" }, { name: "x.tr", ok: false, message: "x.tr:1: field 1 (submission_time): 'a' is not a number" })
      .errors[0].message).toBe("x.tr:1: field 1 (submission_time): 'a' is not a number; choose another file");
    // Every bad field its message, not only the first.
    const both = validate({ ...defaultConfig(), workload: "poisson", tasks: "0", duration: "garbage" }).errors.map((e) => e.field);
    expect(both).toEqual(expect.arrayContaining(["tasks", "duration"]));
    // A radix prefix, which Number() reads, is refused.
    bad({ nodes: "0x64" }, "nodes", /'0x64'/);
    bad({ slots: "0b1" }, "slots", /'0b1'/);
    expect(validate({ ...defaultConfig(), seeds: "-1" }).errors[0].message).toMatch(/e\.g\. 1,2,3/);
    expect(validate({ ...defaultConfig(), workload: "upload" }, { name: "x.tr", ok: true }).request?.workload).toEqual({ kind: "upload" });
  });

  it("reports unknown query keys and parameter names instead of ignoring them", () => {
    const r = configFromQuery("?jobs=10&nodez=5&set.probeRatoi=2");
    expect(r.config.jobs).toBe("10");
    expect(r.errors.map((e) => e.field)).toEqual(["url", "url"]);
    expect(r.errors[0].message).toMatch(/unknown parameter 'nodez'/);
    expect(r.errors[1].message).toMatch(/unknown scheduler parameter 'probeRatoi'/);
    // A list of schedulers without a baseline takes the first as the baseline.
    expect(configFromQuery("?schedulers=hawk,eagle").config.baseline).toBe("hawk");
  });
});

describe("aviary serve", () => {
  let s: Served | undefined;
  afterEach(async () => { await s?.close(); s = undefined; });

  const get = (url: string, path: string, method = "GET") => new Promise<{ status: number; type?: string; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const u = new URL(url);
    const req = request({ host: u.hostname, port: u.port, path, method }, (res) => {
      let body = "";
      res.on("data", (d) => { body += String(d); });
      res.on("end", () => resolve({ status: res.statusCode!, type: res.headers["content-type"], headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });

  it("maps request paths inside the site only", () => {
    const root = siteRoot();
    expect(resolveRequest(root, "/")).toBe(join(root, "index.html"));
    expect(resolveRequest(root, "/aviary.wasm?x=1")).toBe(join(root, "aviary.wasm"));
    for (const p of ["/../package.json", "/%2e%2e/package.json", "/..%2f..%2fpackage.json", "/%2e%2e%5cpackage.json", "/a%00.html",
      "/%E0%A4%A", "//etc/passwd", "/../../../../etc/passwd", "/nosuch.js"]) {
      expect(resolveRequest(root, p), p).toBeUndefined();
    }
  });

  it("serves the page with its MIME types and cross-origin isolation; 404 outside, 405 for other methods", async () => {
    s = await serve({ port: 0 });
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const index = await get(s.url, "/");
    expect(index.status).toBe(200);
    expect(index.type).toBe("text/html; charset=utf-8");
    expect(index.body).toContain('src="app.js"');
    expect(index.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(index.headers["cross-origin-embedder-policy"]).toBe("require-corp");
    expect((await get(s.url, "/aviary.wasm")).type).toBe("application/wasm");
    expect((await get(s.url, "/worker.js")).type).toBe("text/javascript; charset=utf-8");
    expect((await get(s.url, "/style.css")).type).toBe("text/css; charset=utf-8");
    expect((await get(s.url, "/../package.json")).status).toBe(404);
    expect((await get(s.url, "/%2e%2e/package.json")).status).toBe(404);
    expect((await get(s.url, "/index.html", "POST")).status).toBe(405);
    const head = await get(s.url, "/app.js", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
  });

  it("reports a port in use in one line", async () => {
    s = await serve({ port: 0 });
    const port = Number(new URL(s.url).port);
    await expect(serve({ port })).rejects.toThrow(InputError);
    await expect(serve({ port })).rejects.toThrow(`port ${port} on 127.0.0.1 is in use: choose another with --port N`);
    const r = spawnSync(process.execPath, [join(ROOT, "bin/aviary.js"), "serve", "--port", String(port)], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toEqual([`aviary: error: port ${port} on 127.0.0.1 is in use: choose another with --port N`]);
    const bad = spawnSync(process.execPath, [join(ROOT, "bin/aviary.js"), "serve", "--port", "70000"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("CSV reader on browser bytes", () => {
  it("reads a plain Uint8Array (not a Node Buffer) as it reads the text, byte-order mark included", () => {
    const text = "job_id,submit_time,duration\nj1,0,1\nj1,0,2\nj2,1.5,4\n";
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(Buffer.isBuffer(bytes)).toBe(false);
    const a = parseCsv(bytes, "b.csv");
    const b = parseCsv(text, "b.csv");
    expect(Array.from(a.durations)).toEqual(Array.from(b.durations));
    expect(Array.from(a.arrivals)).toEqual([0, 1.5]);
    expect(() => parseCsv(new TextEncoder().encode("job_id,submit_time,duration\nj1,0,x\n"), "c.csv")).toThrow(/^c\.csv:2: /);
  });
});
