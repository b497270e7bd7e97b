// The public sample traces the papers and their simulators use, by name: where each is published
// (repository, commit, path), its size, jobs, tasks and sha256, and a local cache they are
// downloaded into (`aviary traces fetch`). Aviary links to them and downloads them from their
// source; it does not redistribute them. Sizes, counts and checksums were computed from the files
// as published at the commits named (byte-identical to ../shared/traces, 2026-11-28).
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, renameSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { InputError } from "../errors.js";
import { makeDirs } from "../io.js";

/** A public sample trace: where it is published, its size, jobs, tasks and sha256. */
export interface SampleTrace {
  /** The name `--trace` and `aviary traces fetch` take (the published file's name, without .tr). */
  name: string;
  /** What it is, and the settings its papers use. */
  description: string;
  /** The preset with the papers' settings for it (`--preset`), if any. */
  preset?: string;
  /** Public repository (owner/name), commit and path of the published file. */
  repo: string;
  commit: string;
  path: string;
  bytes: number;
  jobs: number;
  tasks: number;
  sha256: string;
}

const MEGHA = { repo: "meghanat/megha_simulator", commit: "f4fdaf42779a2c3e2b2c5af46c67c427b73a7908" };
const PIGEON = { repo: "r5by/pigeon", commit: "505f48e65976be1b85dd8892de74bde9c94eb09f" };
const PIGEON_DIR = "deploy/ec2/template/new_trace/pigeon_trace";

/** One of Pigeon's traces: published in PIGEON_DIR under its own name. */
function pigeonTrace(t: Omit<SampleTrace, "repo" | "commit" | "path">): SampleTrace {
  return { name: t.name, ...PIGEON, path: `${PIGEON_DIR}/${t.name}`, bytes: t.bytes, jobs: t.jobs, tasks: t.tasks,
    sha256: t.sha256, ...(t.preset === undefined ? {} : { preset: t.preset }), description: t.description };
}

/** The known samples: the Hawk/Eagle line's Google, Yahoo and Facebook slices (as the Megha
 *  simulator publishes them) and Pigeon's evaluation traces. */
export const SAMPLE_TRACES: SampleTrace[] = [
  { name: "GOOG_subtrace", ...MEGHA, path: "traces/input/GOOG_subtrace.tr", bytes: 3691519, jobs: 10000, tasks: 312558,
    sha256: "a2c2d3668d8f087b7ed0f0714ca9c1690e3c7087c83911225756df9521d9a222", preset: "google",
    description: "a contiguous slice of the Google 2011 trace used by Hawk and Eagle (cutoff 1129.532 s, short partition 17%)" },
  { name: "YH1_sub", ...MEGHA, path: "traces/input/YH1_sub.tr", bytes: 1890564, jobs: 2910, tasks: 122878,
    sha256: "0f4775615b614756a17e94c34da52077d56ba93283f3f9907e415d9c0046788d", preset: "yahoo",
    description: "a slice of the Yahoo trace of Hawk and Eagle (cutoff 90.5811 s, short partition 2%)" },
  { name: "YH_small", ...MEGHA, path: "traces/input/YH_small.tr", bytes: 2968, jobs: 10, tasks: 183,
    sha256: "64cf3c474410c8cbf154ba765e8cc30bcd91a49acdd88f59b0fedbd8a4ef390c", preset: "yahoo",
    description: "a tiny Yahoo sample (10 jobs), for trying things out" },
  { name: "synthetic_FB_sub_2000jobs", ...MEGHA, path: "traces/input/synthetic_FB_sub_2000jobs.tr", bytes: 3023427, jobs: 2000,
    tasks: 159921, sha256: "b996d9a3d0bf4bc6956d313f28780a3c5685ab0f171740c036aba2e70450b27a", preset: "facebook",
    description: "a synthetic Facebook-like trace (cutoff 76.5951 s, short partition 2%)" },
  pigeonTrace({ name: "NGO_trace50", bytes: 212363, jobs: 5001, tasks: 10291, preset: "pigeon-ec2", description: "Pigeon's Google-derived sample at 50% load (120 workers)",
    sha256: "662d86986db9d9d546b92b5698e5898cf4d144f1e5346e3f0a116d8b2a57a013" }),
  pigeonTrace({ name: "NGO_trace90", bytes: 212390, jobs: 5001, tasks: 10291, preset: "pigeon-ec2", description: "Pigeon's Google-derived sample at 90% load (120 workers)",
    sha256: "9debde251668456eddab6da8478f121868829fbae1a5bc4f51e77a3fe1d6cc73" }),
  pigeonTrace({ name: "NYH_trace50", bytes: 1141436, jobs: 5001, tasks: 100350, preset: "pigeon-ec2", description: "Pigeon's Yahoo-derived sample at 50% load (330 workers)",
    sha256: "8a004b06ba65b482d8f0968a5473c196912eba029bb545858f2aea3cdd37a515" }),
  pigeonTrace({ name: "NYH_trace90", bytes: 1141464, jobs: 5001, tasks: 100350, preset: "pigeon-ec2", description: "Pigeon's Yahoo-derived sample at 90% load (330 workers)",
    sha256: "dfb9220e7ca9ee26173be1520153f2a2f2825a6ce4612652ee47a5b65d2fce22" }),
  pigeonTrace({ name: "EXP_50_new", bytes: 349076, jobs: 5000, tasks: 22675, description: "Pigeon's exponential synthetic workload at 50% load",
    sha256: "d9bce54a5e7c4b53bf9d1f4f09eb1a2bfafa451b4081f22cfc6598d8326e118c" }),
  pigeonTrace({ name: "EXP_90_new", bytes: 349141, jobs: 5000, tasks: 22675, description: "Pigeon's exponential synthetic workload at 90% load",
    sha256: "314d515f0d4dd119500faf619dc8d065af6d2bf267a66097a4bc96b448898be3" }),
];

/** A known sample by name (`NAME` or `NAME.tr`); undefined for any other string. */
export function findSampleTrace(name: string): SampleTrace | undefined {
  const bare = name.endsWith(".tr") ? name.slice(0, -3) : name;
  return SAMPLE_TRACES.find((t) => t.name === bare);
}

/** The published file's address (raw file at the pinned commit). */
export function sampleSourceUrl(t: SampleTrace): string {
  return `https://raw.githubusercontent.com/${t.repo}/${t.commit}/${t.path}`;
}

/** The cache folder: AVIARY_CACHE, else the platform's cache directory plus `aviary`
 *  (XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS, LOCALAPPDATA on Windows). */
export function cacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.AVIARY_CACHE) return env.AVIARY_CACHE;
  if (platform === "win32") return join(env.LOCALAPPDATA ?? join(homedir(), "AppData", "Local"), "aviary", "Cache");
  if (platform === "darwin") return join(homedir(), "Library", "Caches", "aviary");
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "aviary");
}

/** Where a sample is (or would be) cached. */
export function cachedSamplePath(t: SampleTrace): string {
  return join(cacheDir(), "traces", `${t.name}.tr`);
}

/** A cached sample: its file exists with the published size (only a checked download is ever
 *  renamed into place). */
export function isSampleCached(t: SampleTrace): boolean {
  try {
    return statSync(cachedSamplePath(t)).size === t.bytes;
  } catch {
    return false;
  }
}

/** The file `--trace` reads for `given`: the file itself when it exists; for a known sample's
 *  name, its cached copy (InputError saying how to fetch it when it is not cached); otherwise
 *  `given` unchanged (the reader names the problem). */
export function resolveTracePath(given: string): string {
  if (existsSync(given)) return given;
  const t = findSampleTrace(given);
  if (!t) return given;
  if (!isSampleCached(t)) {
    throw new InputError(`trace '${given}' is the public sample ${t.name} (${t.repo}), not downloaded yet: `
      + `run aviary traces fetch ${t.name} (cache: ${join(cacheDir(), "traces")})`);
  }
  return cachedSamplePath(t);
}

/** A download that failed or was refused: one line (exit 2). */
export class FetchError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = "FetchError";
  }
}

/** How fetchSampleTrace downloads. */
export interface FetchOptions {
  /** Fetch from `${mirror}${name}.tr` instead of the source (a trailing `/` is added if missing). */
  mirror?: string;
  /** Called as bytes arrive. */
  onProgress?: (done: number, total: number) => void;
  /** Give up when no byte arrived for this long (default 60 s). */
  idleMs?: number;
}

/** The address a sample is fetched from. */
export function sampleFetchUrl(t: SampleTrace, mirror?: string): string {
  if (mirror === undefined) return sampleSourceUrl(t);
  return `${mirror.endsWith("/") ? mirror : `${mirror}/`}${t.name}.tr`;
}

/**
 * Downloads a sample into the cache and returns its path. The bytes go to a temporary file
 * beside the target while their sha256 is computed; the file is renamed into place only when
 * size and checksum are the published ones, so the cache never holds a partial or wrong file.
 */
export async function fetchSampleTrace(t: SampleTrace, o: FetchOptions = {}): Promise<string> {
  const url = sampleFetchUrl(t, o.mirror);
  const target = cachedSamplePath(t);
  const dir = join(cacheDir(), "traces");
  try {
    makeDirs(dir);
  } catch (e) {
    throw new FetchError(`cannot create the cache folder ${dir}: ${(e as Error).message}`);
  }
  const tmp = `${target}.part-${process.pid}`;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const idle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort.abort(), o.idleMs ?? 60_000);
  };
  try {
    idle();
    let res: Response;
    try {
      res = await fetch(url, { signal: abort.signal, redirect: "follow" });
    } catch (e) {
      throw new FetchError(`${t.name}: cannot download ${url}: ${causeOf(e)}`);
    }
    if (!res.ok || !res.body) throw new FetchError(`${t.name}: cannot download ${url}: HTTP ${res.status}`);
    const hash = createHash("sha256");
    const out = createWriteStream(tmp);
    const closed = new Promise<void>((resolve, reject) => { out.on("close", resolve); out.on("error", reject); });
    let bytes = 0;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        idle();
        bytes += chunk.length;
        if (bytes > t.bytes) throw new FetchError(`${t.name}: ${url} sends more than the published ${t.bytes} bytes: not stored`);
        hash.update(chunk);
        if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
        o.onProgress?.(bytes, t.bytes);
      }
    } catch (e) {
      if (e instanceof FetchError) throw e;
      throw new FetchError(`${t.name}: the download from ${url} broke off after ${bytes} bytes: ${causeOf(e)}`);
    } finally {
      out.end();
      await closed.catch(() => undefined);
    }
    const sum = hash.digest("hex");
    if (bytes !== t.bytes || sum !== t.sha256) {
      throw new FetchError(`${t.name}: ${url} gave ${bytes} bytes with sha256 ${sum}, expected ${t.bytes} bytes with sha256 ${t.sha256}: not stored`);
    }
    renameSync(tmp, target);
    return target;
  } finally {
    clearTimeout(timer);
    rmSync(tmp, { force: true });
  }
}

function causeOf(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === "AbortError") return "no data for too long";
  return err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(e);
}
