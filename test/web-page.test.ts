// The web page end to end, in a real Chromium driven by playwright-core: `aviary serve` started as
// a user would, the bare URL running the default comparison (its table checked number by number
// against `aviary compare` in Node, its three plots drawn, a screenshot saved (to
// docs/img/page.png with AVIARY_SCREENSHOT=docs), an uploaded trace run and checked the same way, the page responsive during
// a run and cancellable, and bad input — a malformed trace, one over the size limit, impossible
// values in the URL — reported beside its field with nothing run. Skipped with a message without
// Chromium (test/web-env.test.ts; under CI that is a failure).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { chromiumPath, MISSING_MESSAGE } from "./setup/chromium.mjs";
import { LIMITS } from "../web/config.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = chromiumPath();
// The screenshot goes to the temporary directory: a test run must not rewrite a committed file
// (a clean clone's tree stays clean). AVIARY_SCREENSHOT=docs refreshes docs/img/page.png.
const SCREENSHOT = process.env.AVIARY_SCREENSHOT === "docs" ? join(ROOT, "docs/img/page.png") : join(tmpdir(), "aviary-page.png");
if (!CHROMIUM && process.env.CI !== "true") console.warn(`WARNING: ${MISSING_MESSAGE}`);

let server: ChildProcess | undefined;
let base = "";
let browser: Browser | undefined;
let scratch = "";

function cli(args: string[]): any {
  const r = spawnSync(process.execPath, [join(ROOT, "bin/aviary.js"), ...args], { cwd: ROOT, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`aviary ${args.join(" ")}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** A page that fails the test on any script error or request to another origin. */
async function open(query: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser!.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => { if (!r.url().startsWith(base) && !r.url().startsWith("blob:") && !r.url().startsWith("data:")) problems.push(`request to ${r.url()}`); });
  const res = await page.goto(`${base}${query}`);
  expect(res?.status()).toBe(200);
  expect(res?.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  expect(res?.headers()["cross-origin-embedder-policy"]).toBe("require-corp");
  return { page, problems };
}

/** The numbers of the results table, by `nodes:scheduler:key`. */
async function tableValues(page: Page): Promise<Map<string, string>> {
  const cells = await page.$$eval("#summary td[data-cell]", (tds) => tds.map((td) => [(td as HTMLElement).dataset.cell!, (td as HTMLElement).dataset.value!]));
  return new Map(cells as [string, string][]);
}

/** Every number of the table equals the `aviary compare --format json` cell's (no rounding). */
function expectTableIs(values: Map<string, string>, reference: any): void {
  let checked = 0;
  for (const c of reference.results) {
    const at = (k: string) => values.get(`${c.nodes}:${c.scheduler}:${k}`);
    for (const cls of ["short", "long"] as const) {
      if (cls === "long" && at("long.jobs") === undefined) { expect(c.long.jobs).toBe(0); continue; }
      expect(Number(at(`${cls}.jobs`))).toBe(c[cls].jobs);
      for (const k of ["mean", "p50", "p90", "p99"]) { expect(Number(at(`${cls}.${k}`)), `${c.scheduler} ${cls}.${k}`).toBe(c[cls][k]); checked++; }
      for (const k of ["p50", "p90", "p99"]) { expect(Number(at(`norm.${cls}.${k}`)), `${c.scheduler} norm ${cls}.${k}`).toBe(c.normalized[cls][k]); checked++; }
    }
    expect(Number(at("utilization"))).toBe(c.utilization);
  }
  expect(values.size).toBeGreaterThanOrEqual(checked);
  expect(checked).toBeGreaterThanOrEqual(7 * reference.results.length);
}

async function waitForResults(page: Page): Promise<void> {
  await page.waitForSelector("#results[data-ready=true]", { timeout: 90_000 });
  for (const plot of ["cdf", "bars", "series"]) {
    expect(await page.getAttribute(`#plot-${plot}`, "data-rendered"), plot).toBe("true");
    // Drawn: an SVG with marks (lines or bars), not an empty frame.
    expect(await page.locator(`#plot-${plot} svg path`).count(), plot).toBeGreaterThan(10);
  }
}

describe.skipIf(!CHROMIUM && process.env.CI !== "true")("the web page in Chromium (aviary serve)", () => {
  beforeAll(async () => {
    if (!CHROMIUM) throw new Error(`CI: ${MISSING_MESSAGE.replace("are skipped", "cannot run")}`);
    scratch = mkdtempSync(join(tmpdir(), "aviary-web-"));
    server = spawn(process.execPath, [join(ROOT, "bin/aviary.js"), "serve", "--port", "0"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    base = await new Promise<string>((resolve, reject) => {
      let out = "";
      server!.stdout!.on("data", (d) => {
        out += String(d);
        const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m) resolve(m[1]);
      });
      server!.on("exit", (code) => reject(new Error(`aviary serve exited (${code}): ${out}`)));
      setTimeout(() => reject(new Error(`aviary serve printed no URL: ${out}`)), 20_000);
    });
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.kill();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("serves the bare URL, which runs the default comparison: aviary compare's numbers, three plots", async () => {
    const { page, problems } = await open("");
    await waitForResults(page);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(await page.textContent("#status")).toBe("3 runs done");
    const reference = cli(["compare", "--workload", "default", "--schedulers", "random,sparrow,lwl", "--baseline", "sparrow",
      "--nodes", "1000", "--format", "json"]);
    expectTableIs(await tableValues(page), reference);
    // Downloads: the comparison as aviary compare's JSON (with each cell's CDF) and CSV, a plot as SVG.
    const fetchDownload = async (button: string) => {
      const [download] = await Promise.all([page.waitForEvent("download"), page.click(button)]);
      return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, "utf8") };
    };
    const json = await fetchDownload("#dl-json");
    expect(json.name).toBe("aviary-compare.json");
    const downloaded = JSON.parse(json.text);
    expect(downloaded.results.map((c: any) => [c.scheduler, c.short, c.normalized])).toEqual(
      reference.results.map((c: any) => [c.scheduler, c.short, c.normalized]));
    expect(downloaded.results[0].cdf.short).toHaveLength(210);
    const csv = await fetchDownload("#dl-csv");
    expect(csv.text.split("\n")[0]).toBe("nodes,scheduler,baseline,seeds,short_jobs,short_mean,short_p50,short_p90,short_p99,long_jobs,long_mean,long_p50,long_p90,long_p99,utilization,norm_short_mean,norm_short_p50,norm_short_p90,norm_short_p99,norm_long_mean,norm_long_p50,norm_long_p90,norm_long_p99");
    expect(csv.text.trim().split("\n")).toHaveLength(4);
    const svg = await fetchDownload('.dl-svg[data-plot="cdf"]');
    expect(svg.name).toBe("aviary-cdf.svg");
    expect(svg.text).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.text).toContain("Completion time (s)");
    mkdirSync(join(SCREENSHOT, ".."), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it("runs an uploaded .tr trace on the JS engine and reproduces its configuration from the URL", async () => {
    const tr = join(scratch, "small.tr");
    const gen = spawnSync(process.execPath, [join(ROOT, "bin/aviary.js"), "gen", "poisson", "--jobs", "400", "--tasks", "4", "--duration", "exp:2",
      "--load", "0.7", "--nodes", "30", "--seed", "5", "-o", tr], { encoding: "utf8" });
    expect(gen.status, gen.stderr).toBe(0);
    const { page, problems } = await open("?workload=upload&schedulers=sparrow,lwl,eagle&baseline=lwl&nodes=30,40&seeds=1,2&cutoff=3&set.probeRatio=3&engine=js");
    expect(await page.textContent('[data-err="trace"]')).toContain("choose the file");
    await page.setInputFiles("#trace", tr);
    await page.waitForFunction(() => /400 jobs/.test(document.getElementById("trace-hint")!.textContent!));
    await page.click("#run");
    await waitForResults(page);
    expect(new URL(page.url()).searchParams.get("set.probeRatio")).toBe("3");
    expect(await page.textContent("#result-about")).toContain("js engine");
    const reference = cli(["compare", "--trace", tr, "--schedulers", "sparrow,lwl,eagle", "--baseline", "lwl", "--nodes", "30,40",
      "--seed-list", "1,2", "--cutoff", "3", "--set", "probeRatio=3", "--format", "json"]);
    expect(reference.results.some((c: any) => c.long.jobs > 0)).toBe(true);
    expectTableIs(await tableValues(page), reference);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it("stays responsive during a run, and Cancel stops it", async () => {
    const { page, problems } = await open("?jobs=100000&seeds=1,2,3");
    await page.waitForFunction(() => (document.getElementById("progress") as HTMLProgressElement).value > 0, undefined, { timeout: 30_000 });
    // The main thread answers at once while the Worker simulates.
    const lag = await page.evaluate(() => new Promise<number>((r) => { const t = performance.now(); setTimeout(() => r(performance.now() - t), 0); }));
    expect(lag).toBeLessThan(250);
    expect(await page.isEnabled("#cancel")).toBe(true);
    await page.click("#cancel");
    expect(await page.textContent("#status")).toBe("cancelled");
    expect(await page.isEnabled("#run")).toBe(true);
    // Stopped, not merely hidden: no progress and no results arrive afterwards.
    const value = await page.$eval("#progress", (p) => (p as HTMLProgressElement).value);
    await page.waitForTimeout(1500);
    expect(await page.$eval("#progress", (p) => (p as HTMLProgressElement).value)).toBe(value);
    expect(await page.textContent("#status")).toBe("cancelled");
    expect(await page.isHidden("#results")).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("reports a malformed or oversized trace beside its field, runs nothing, keeps working", async () => {
    const { page, problems } = await open("?workload=upload");
    await page.setInputFiles("#trace", { name: "bad.tr", mimeType: "text/plain", buffer: Buffer.from("0 2 1.5 1 2\n1 1 x 3\n") });
    await page.waitForFunction(() => document.querySelector('[data-err="trace"]')!.textContent!.includes("bad.tr:2"));
    const message = await page.textContent('[data-err="trace"]');
    expect(message).toMatch(/^bad\.tr:2: /);
    expect(message).not.toContain("\n");
    await page.click("#run");
    expect(await page.textContent("#status")).toContain("not run");
    expect(await page.isHidden("#results")).toBe(true);
    const big = join(scratch, "big.tr");
    writeFileSync(big, "");
    truncateSync(big, LIMITS.traceBytes + 1); // sparse: nothing written
    await page.setInputFiles("#trace", big);
    await page.waitForFunction(() => /at most 64 MB/.test(document.querySelector('[data-err="trace"]')!.textContent!));
    // Still working: a good file after the bad ones runs.
    await page.setInputFiles("#trace", { name: "ok.csv", mimeType: "text/csv", buffer: Buffer.from("job_id,submit_time,duration\na,0,1\na,0,2\nb,0.5,1\n") });
    await page.waitForFunction(() => /2 jobs, 3 tasks/.test(document.getElementById("trace-hint")!.textContent!));
    expect(await page.textContent('[data-err="trace"]')).toBe("");
    await page.fill("#nodes", "4");
    await page.click("#run");
    await waitForResults(page);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("lists the catalogue of claims and runs one in the page: published value, ours with its interval, verdict — aviary reproduce's numbers", async () => {
    const { CLAIMS } = await import("../src/reproduce/catalogue.js");
    const { page, problems } = await open("?claim=yaq-e4-srjf");
    expect(await page.$$eval("#catalogue tbody tr", (rows) => rows.length)).toBe(CLAIMS.length);
    expect(await page.inputValue("#claim")).toBe("yaq-e4-srjf");
    expect(await page.textContent("#claim-about")).toContain("yaq-gridmix-ms");
    await page.waitForTimeout(300);
    expect(await page.isHidden("#results")).toBe(true); // a claim's link runs nothing by itself
    await page.click("#run-claim");
    await page.waitForSelector("#claim-result[data-ready=true]", { timeout: 180_000 });
    const cells = await page.$$eval("#claim-result td[data-check]", (tds) => tds.map((td) => ({ ...(td as HTMLElement).dataset })));
    const verdicts = await page.$$eval("#claim-result td[data-verdict]", (tds) => tds.map((td) => (td as HTMLElement).dataset.verdict));
    const cli = spawnSync(process.execPath, [join(ROOT, "bin/aviary.js"), "reproduce", "yaq-e4-srjf", "--quick", "--format", "json"], { cwd: ROOT, encoding: "utf8" });
    expect(cli.status, cli.stderr).toBe(0);
    const claim = JSON.parse(cli.stdout).claims[0];
    expect(cells).toHaveLength(claim.checks.length);
    claim.checks.forEach((k: any, i: number) => {
      expect(Number(cells[i].mean), k.label).toBe(k.ours.mean);
      expect(Number(cells[i].lo)).toBe(k.ours.ci[0]);
      expect(Number(cells[i].hi)).toBe(k.ours.ci[1]);
      expect(Number(cells[i].n)).toBe(k.ours.n);
      expect(verdicts[i]).toBe(k.verdict);
    });
    expect(verdicts[verdicts.length - 1]).toBe(claim.verdict);
    expect(await page.textContent("#claim-result")).toContain("2.2"); // the published value beside ours
    // A claim on a sample trace asks for the file first.
    await page.selectOption("#claim", "pigeon-ec2-eagle");
    await page.click("#run-claim");
    expect(await page.textContent('[data-err="claim"]')).toContain("choose NGO_trace90.tr first");
    expect(problems).toEqual([]);
    await page.close();
    // An unknown claim in a link is named, not ignored.
    const other = await open("?claim=nope");
    expect(await other.page.textContent('[data-err="claim"]')).toContain("unknown claim 'nope'");
    expect(other.problems).toEqual([]);
    await other.page.close();
  }, 300_000);

  it("reports impossible values in the URL beside their fields and runs nothing", async () => {
    const cases: [string, string, RegExp][] = [
      ["?set.probeRatio=0", '[data-err="param:probeRatio"]', /probeRatio=0 is out of range: allowed \[1, 1000\]/],
      ["?nodes=100,abc", '[data-err="nodes"]', /'abc'/],
      ["?schedulers=sparrow,nosuch", '[data-err="schedulers"]', /unknown scheduler 'nosuch'/],
      ["?jobs=2000&bogus=1", '[data-err="url"]', /unknown parameter 'bogus'/],
      ["?schedulers=pigeon&baseline=pigeon&nodes=50&set.groupSize=100&set.reservedWorkers=200", '[data-err="param:reservedWorkers"]', /reservedWorkers/],
    ];
    for (const [query, slot, pattern] of cases) {
      const { page, problems } = await open(query);
      await page.waitForFunction((s) => document.querySelector(s)!.textContent !== "" || /\d+ runs?:|done/.test(document.getElementById("status")!.textContent!), slot);
      expect(await page.textContent(slot), query).toMatch(pattern);
      expect(await page.textContent("#status"), query).toContain("not run");
      await page.waitForTimeout(200);
      expect(await page.isHidden("#results"), query).toBe(true);
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 60_000);
});
