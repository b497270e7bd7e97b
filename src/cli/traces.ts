// `aviary traces`: the public sample traces by name (src/trace/samples.ts), whether each is
// cached; `aviary traces fetch NAME…`: download them from their source (or --mirror) into the
// cache, checked against their sha256. `--trace NAME` then reads the cached copy.
import { Option, type Command } from "commander";
import { InputError, showValue } from "../errors.js";
import { ProgressLine } from "../report/progress.js";
import { SAMPLE_TRACES, cacheDir, cachedSamplePath, fetchSampleTrace, findSampleTrace, isSampleCached, sampleFetchUrl,
  sampleSourceUrl, type SampleTrace } from "../trace/samples.js";
import { join } from "node:path";
import { groupDigits } from "../report/numbers.js";

const n = (x: number) => groupDigits(x);
const mb = (x: number) => `${(x / 1e6).toFixed(1)} MB`;

function listCommand(opts: { format?: string }): void {
  if (opts.format === "json") {
    const rows = SAMPLE_TRACES.map((t) => ({ ...t, url: sampleSourceUrl(t), cached: isSampleCached(t), file: cachedSamplePath(t) }));
    process.stdout.write(JSON.stringify({ cache: join(cacheDir(), "traces"), traces: rows }, null, 2) + "\n");
    return;
  }
  const lines = [
    `Public sample traces, by name (--trace NAME); aviary traces fetch NAME downloads one from its source into ${join(cacheDir(), "traces")}.`,
    "",
    `${"name".padEnd(26)} ${"jobs".padStart(6)} ${"tasks".padStart(8)} ${"size".padStart(7)}  ${"cached".padEnd(6)}  ${"preset".padEnd(10)}  description`,
  ];
  for (const t of SAMPLE_TRACES) {
    lines.push(`${t.name.padEnd(26)} ${n(t.jobs).padStart(6)} ${n(t.tasks).padStart(8)} ${mb(t.bytes).padStart(7)}  `
      + `${(isSampleCached(t) ? "yes" : "no").padEnd(6)}  ${(t.preset ?? "-").padEnd(10)}  ${t.description}`);
    lines.push(`${"".padEnd(27)}${t.repo} ${t.path} (commit ${t.commit.slice(0, 12)})  sha256 ${t.sha256}`);
  }
  process.stdout.write(lines.join("\n") + "\n");
}

async function fetchCommand(names: string[], opts: { all?: boolean; mirror?: string }): Promise<void> {
  if (opts.all && names.length > 0) throw new InputError("give trace names or --all, not both");
  if (!opts.all && names.length === 0) throw new InputError(`give the traces to fetch (known: ${SAMPLE_TRACES.map((t) => t.name).join(", ")}) or --all`);
  const mirror = opts.mirror;
  if (mirror !== undefined && !/^https?:\/\/[^\s]+$/i.test(mirror)) {
    throw new InputError(`--mirror must be an http:// or https:// URL, got '${showValue(mirror)}'`);
  }
  // Every name is checked before anything is downloaded.
  const wanted: SampleTrace[] = opts.all ? SAMPLE_TRACES : names.map((name) => {
    const t = findSampleTrace(name);
    if (!t) throw new InputError(`unknown trace '${showValue(name)}' (known: ${SAMPLE_TRACES.map((x) => x.name).join(", ")})`);
    return t;
  });
  for (const t of [...new Set(wanted)]) {
    if (isSampleCached(t)) {
      process.stderr.write(`${t.name}: already cached (${cachedSamplePath(t)})\n`);
      continue;
    }
    const line = new ProgressLine();
    let path: string;
    try {
      path = await fetchSampleTrace(t, {
        mirror, onProgress: (done, total) => line.update(() => `${t.name}: ${mb(done)} of ${mb(total)}`),
      });
    } finally {
      line.stop();
    }
    process.stderr.write(`${t.name}: ${mb(t.bytes)} from ${sampleFetchUrl(t, mirror)}, sha256 checked, stored as ${path}\n`);
  }
}

export function addTracesCommands(program: Command): void {
  const traces = program.command("traces")
    .description("the papers' public sample traces by name (Hawk/Eagle's Google, Yahoo and Facebook slices, Pigeon's traces): list, fetch");
  traces.command("list", { isDefault: true })
    .description("list the known traces: name, jobs, tasks, size, whether cached, preset, source repository and path, sha256")
    .addOption(new Option("--format <format>", "output format").choices(["table", "json"]).default("table"))
    .action((opts) => listCommand(opts));
  traces.command("fetch")
    .description("download traces from their public source into the cache (AVIARY_CACHE, else the platform's cache folder), "
      + "checking each one's sha256; a failed or wrong download leaves nothing behind")
    .argument("[names...]", "trace names (aviary traces)")
    .option("--all", "every known trace")
    .option("--mirror <url>", "fetch from URL followed by NAME.tr instead of the source")
    .action((names: string[], opts) => fetchCommand(names, opts));
}
