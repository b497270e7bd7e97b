// Sweeps past one machine (issue #23): the results file of `aviary compare -o FILE.jsonl`, a
// grid killed and resumed, shards merged into the report a whole run gives (byte for byte), the
// faults merge and --resume refuse, and the scripts of `aviary slurm compare`. The Slurm cluster
// itself is exercised in slurm.test.ts.
import { describe, it, expect, beforeAll, vi } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packageRoot } from "../src/engine/node.js";
import { parseShard, traceHash } from "../src/compare/cells.js";
import { prefixTrace } from "../src/cli/sweep.js";
import { generatePoissonWithEngineRng } from "../src/index.js";

// Each test starts several aviary processes: the default 5 s is too short on a loaded machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const bin = join(packageRoot(), "bin/aviary.js");
let dir = "";
const aviary = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", cwd: dir });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
// 12 cells: 3 schedulers x 2 node counts x 2 seeds.
const GRID = ["--workload", "default", "--jobs", "2000", "--schedulers", "random,sparrow,lwl", "--nodes", "300,400", "--seeds", "2", "--cutoff", "1.2"];
const lines = (f: string) => readFileSync(join(dir, f), "utf8").split("\n").filter((l) => l !== "");
const oneLine = (r: { err: string }) => expect(r.err.trim().split("\n")).toHaveLength(1);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "aviary-sweep-"));
  const r = aviary("compare", ...GRID, "--workers", "2", "-o", "full.jsonl", "--format", "json");
  expect(r.code, r.err).toBe(0);
  writeFileSync(join(dir, "full.json"), r.out);
  for (const i of [0, 1, 2]) {
    const s = aviary("compare", ...GRID, "--shard", `${i}/3`, "--workers", "1", "-o", `s${i}.jsonl`);
    expect(s.code, s.err).toBe(0);
    expect(s.out).toBe(""); // a shard prints no report
    expect(s.err).toContain(`shard ${i}/3: 4 of 12 cells in s${i}.jsonl`);
  }
});

describe("aviary compare -o FILE.jsonl", () => {
  it("writes one line per cell with the grid's identity, and prints the report without wall-clock values", () => {
    const ls = lines("full.jsonl").map((l) => JSON.parse(l));
    expect(ls).toHaveLength(12);
    expect(ls.map((c) => c.cell.index).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    for (const c of ls) {
      expect(Object.keys(c).slice(0, 5)).toEqual(["format", "version", "build", "config", "trace"]);
      expect(c.format).toBe("aviary-cells/1");
      expect(c.version).toBe(JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")).version);
      expect(c.config).toMatch(/^[0-9a-f]{64}$/);
      expect(c.trace).toBe(ls[0].trace);
      expect(c.summary).toMatchObject({ scheduler: c.cell.scheduler, nodes: c.cell.nodes, seed: c.cell.seed });
      expect(c.summary.wallSeconds).toBeGreaterThan(0); // kept in the file, not in the report
    }
    const rep = JSON.parse(readFileSync(join(dir, "full.json"), "utf8"));
    expect(Object.keys(rep)).toEqual(["trace", "grid", "results", "runs"]);
    expect(rep.runs).toHaveLength(12);
    expect(rep.runs[0]).not.toHaveProperty("wallSeconds");
    expect(rep.runs[0]).not.toHaveProperty("eventsPerSecond");
    const table = aviary("merge", "full.jsonl");
    expect(table.out.trimEnd().split("\n").at(-1)).toBe("12 runs"); // no workers, no wall time
  });

  it("gives the same summaries as a compare without a results file (only wall-clock fields differ)", () => {
    const plain = JSON.parse(aviary("compare", ...GRID, "--format", "json").out);
    const rep = JSON.parse(readFileSync(join(dir, "full.json"), "utf8"));
    expect(rep.results).toEqual(plain.results);
    const strip = ({ wallSeconds: _w, eventsPerSecond: _e, ...rest }: Record<string, unknown>) => rest;
    expect(rep.runs).toEqual(plain.runs.map(strip));
  });

  it("shards merged give the unsharded report byte for byte, in every format and file order", () => {
    for (const f of lines("s0.jsonl").map((l) => JSON.parse(l))) expect(f.cell.index % 3).toBe(0);
    for (const format of ["table", "json", "csv"]) {
      const whole = aviary("merge", "full.jsonl", "--format", format);
      expect(whole.code, whole.err).toBe(0);
      const merged = aviary("merge", "s2.jsonl", "s0.jsonl", "s1.jsonl", "--format", format);
      expect(merged.code, merged.err).toBe(0);
      expect(merged.out).toBe(whole.out);
      if (format === "json") expect(merged.out).toBe(readFileSync(join(dir, "full.json"), "utf8"));
    }
    const o = aviary("merge", "s0.jsonl", "s1.jsonl", "s2.jsonl", "--format", "csv", "-o", "merged.csv");
    expect(o.code).toBe(0);
    expect(readFileSync(join(dir, "merged.csv"), "utf8")).toBe(aviary("merge", "full.jsonl", "--format", "csv").out);
  });

  it("a killed grid loses only the runs in flight; --resume runs the missing cells and gives the same report", async () => {
    // --workers 1 on a bigger workload: killed (SIGKILL, no clean-up) once its first cell is written.
    const big = ["--workload", "default", "--jobs", "6000", "--schedulers", "random,sparrow", "--nodes", "300", "--seeds", "4", "--workers", "1"];
    const child = spawn(process.execPath, [bin, "compare", ...big, "-o", "killed.jsonl"], { cwd: dir, stdio: "ignore" });
    const file = join(dir, "killed.jsonl");
    const t0 = Date.now();
    while (!(existsSync(file) && statSync(file).size > 0) && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 20));
    child.kill("SIGKILL");
    await new Promise((r) => child.on("exit", r));
    const kept = lines("killed.jsonl");
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(8);
    // a crash mid-write: a partial line after the whole ones
    writeFileSync(file, kept.join("\n") + "\n" + kept[0].slice(0, 100));
    const again = aviary("compare", ...big, "-o", "killed.jsonl");
    expect(again.code).toBe(2); // without --resume the file is not touched
    expect(again.err).toContain("'killed.jsonl' exists: give --resume");
    const r = aviary("compare", ...big, "--resume", "-o", "killed.jsonl", "--format", "csv");
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`killed.jsonl: dropped its truncated last line (line ${kept.length + 1}, 100 bytes`);
    expect(r.err).toContain(`killed.jsonl: ${kept.length} of 8 cells already there; running the other ${8 - kept.length}`);
    const all = lines("killed.jsonl");
    expect(all).toHaveLength(8);
    expect(all.slice(0, kept.length)).toEqual(kept);
    expect(new Set(all.map((l) => JSON.parse(l).cell.index)).size).toBe(8);
    const fresh = aviary("compare", ...big, "-o", "fresh.jsonl", "--format", "csv");
    expect(r.out).toBe(fresh.out);
    // resuming a finished file runs nothing and prints the report again
    const done = aviary("compare", ...big, "--resume", "-o", "killed.jsonl", "--format", "csv");
    expect(done.out).toBe(fresh.out);
    expect(done.err).toContain("8 of 8 cells already there; running the other 0");
  }, 120_000);
});

describe("bad input and faults: one line, exit 2, nothing overwritten", () => {
  it.each([["3/3"], ["0/0"], ["a/b"], ["1"], ["-1/2"], ["1/2/3"]])("--shard %s", (spec) => {
    const r = aviary("compare", ...GRID, "--shard", spec, "-o", "bad-shard.jsonl");
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--shard must be i/n with integers 0 <= i < n`);
    expect(r.err).toContain(`'${spec}'`);
    oneLine(r);
    expect(existsSync(join(dir, "bad-shard.jsonl"))).toBe(false);
  });

  it("--shard and --resume need a results file; --cdf cannot go with one", () => {
    for (const [args, msg] of [
      [["--shard", "0/2"], "--shard needs -o FILE.jsonl"],
      [["--shard", "0/2", "-o", "x.json"], "--shard needs -o FILE.jsonl"],
      [["--resume"], "--resume needs -o FILE.jsonl"],
      [["--cdf", "-o", "x.jsonl"], "--cdf (or --plot-kind cdf) cannot go with -o FILE.jsonl"],
    ] as Array<[string[], string]>) {
      const r = aviary("compare", ...GRID, ...args);
      expect(r.code).toBe(2);
      expect(r.err).toContain(msg);
      oneLine(r);
    }
    expect(existsSync(join(dir, "x.jsonl"))).toBe(false);
    expect(existsSync(join(dir, "x.json"))).toBe(false);
  });

  const variant = (name: string, edit: (c: Record<string, unknown>) => void) => {
    const text = lines("s1.jsonl").map((l) => { const c = JSON.parse(l); edit(c); return JSON.stringify(c); }).join("\n") + "\n";
    writeFileSync(join(dir, name), text);
  };

  it("merge refuses a missing cell, a duplicate cell, another trace, grid, version or build, and a truncated file", () => {
    writeFileSync(join(dir, "report.txt"), "keep\n");
    // another trace: the same grid on 1,999 jobs
    const other = aviary("compare", ...GRID.map((x) => (x === "2000" ? "1999" : x)), "--shard", "1/3", "-o", "other-trace.jsonl");
    expect(other.code).toBe(0);
    const seeds = aviary("compare", ...GRID.map((x, i) => (GRID[i - 1] === "--seeds" ? "3" : x)), "--shard", "1/3", "-o", "other-grid.jsonl");
    expect(seeds.code).toBe(0);
    variant("other-version.jsonl", (c) => { c.version = "0.0.9"; });
    variant("other-build.jsonl", (c) => { c.build = "0123456789abcdef"; });
    writeFileSync(join(dir, "truncated.jsonl"), readFileSync(join(dir, "s1.jsonl"), "utf8").slice(0, -30));
    writeFileSync(join(dir, "garbage.jsonl"), readFileSync(join(dir, "s1.jsonl"), "utf8") + "{\"not\": \"a cell\"}\n");
    const first = JSON.parse(lines("s1.jsonl")[0]).cell;
    const desc = `${first.scheduler} on ${first.nodes} nodes, seed ${first.seed}`;
    const cases: Array<[string[], string[]]> = [
      [["s0.jsonl", "s1.jsonl"], ["missing cell '", "(cell 2 of 12; 4 cells are missing): none of s0.jsonl, s1.jsonl holds it"]],
      [["s0.jsonl", "s1.jsonl", "s2.jsonl", "s1.jsonl"], [`duplicate cell '${desc}' (cell ${first.index}): in s1.jsonl line 1 and s1.jsonl line 1`]],
      [["s0.jsonl", "other-trace.jsonl", "s2.jsonl"], ["other-trace.jsonl line 1: cell '", "is of another grid than s0.jsonl line 1: trace (sha256 of its columns)"]],
      [["s0.jsonl", "other-grid.jsonl", "s2.jsonl"], ["other-grid.jsonl line 1:", "grid configuration"]],
      [["s0.jsonl", "other-version.jsonl", "s2.jsonl"], ["other-version.jsonl line 1:", "aviary version 0.0.9 instead of"]],
      [["s0.jsonl", "other-build.jsonl", "s2.jsonl"], ["other-build.jsonl line 1:", "engine build 0123456789abcdef instead of"]],
      [["s0.jsonl", "truncated.jsonl", "s2.jsonl"], ["truncated.jsonl line 4: truncated mid-line", "--resume"]],
      [["s0.jsonl", "garbage.jsonl", "s2.jsonl"], ["garbage.jsonl line 5: not a line of a results file of aviary compare"]],
      [["s0.jsonl", "nope.jsonl"], ["cannot read results file 'nope.jsonl': no such file"]],
    ];
    for (const [files, fragments] of cases) {
      const r = aviary("merge", ...files, "-o", "report.txt");
      expect(r.code, files.join(" ")).toBe(2);
      for (const f of fragments) expect(r.err).toContain(f);
      oneLine(r);
      expect(r.out).toBe("");
      expect(readFileSync(join(dir, "report.txt"), "utf8")).toBe("keep\n");
    }
  });

  it("a run that fails keeps the cells already written; a grid failing before its first cell leaves no file", () => {
    // A failure during a run: at t = 1e17 s doubles are 16 s apart, and yarn's 3-s heartbeat no
    // longer advances the clock (E_TIME_RESOLUTION); random has no period and finishes.
    writeFileSync(join(dir, "far.tr"), "1e17 1 1 1\n");
    const none = aviary("compare", "--trace", "far.tr", "--schedulers", "yarn", "--nodes", "10", "--seeds", "2", "-o", "far-none.jsonl");
    expect(none.code).toBe(2);
    // (either seed's run may fail first: they run on two workers at once)
    expect(none.err).toMatch(/yarn on 10 nodes, seed [12] failed: the wasm engine stopped .*\[E_TIME_RESOLUTION\]/);
    oneLine(none);
    expect(existsSync(join(dir, "far-none.jsonl"))).toBe(false);
    // random's two cells (0, 1) run before yarn's on one worker, and stay
    const some = aviary("compare", "--trace", "far.tr", "--schedulers", "random,yarn", "--nodes", "10", "--seeds", "2", "--workers", "1", "-o", "far-some.jsonl");
    expect(some.code).toBe(2);
    expect(lines("far-some.jsonl").map((l) => JSON.parse(l).cell.index)).toEqual([0, 1]);
    // A DAG trace with a scheduler that cannot run it is refused before the first cell.
    writeFileSync(join(dir, "dag.csv"), "job_id,submit_time,duration,task_id,parents\n1,0,1,a,\n1,0,1,b,a\n");
    const dag = aviary("compare", "--trace", "dag.csv", "--schedulers", "random,hawk", "--nodes", "10", "--seeds", "2", "--workers", "1", "-o", "dag-some.jsonl");
    expect(dag.code).toBe(2);
    expect(dag.err).toContain("scheduler 'hawk' places bag-of-tasks jobs only");
    expect(existsSync(join(dir, "dag-some.jsonl"))).toBe(false);
  });

  it("--resume refuses a file of another grid or shard, without touching it", () => {
    const before = readFileSync(join(dir, "s1.jsonl"), "utf8");
    const seeds3 = GRID.map((x, i) => (GRID[i - 1] === "--seeds" ? "3" : x));
    const a = aviary("compare", ...seeds3, "--shard", "1/3", "--resume", "-o", "s1.jsonl");
    expect(a.code).toBe(2);
    expect(a.err).toContain("s1.jsonl line 1: cell '");
    expect(a.err).toContain("is of another grid than this command's: grid configuration");
    oneLine(a);
    const b = aviary("compare", ...GRID, "--shard", "2/3", "--resume", "-o", "s1.jsonl");
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/s1\.jsonl line 1: cell '.*' \(cell 1\) is not in shard 2\/3/);
    oneLine(b);
    expect(readFileSync(join(dir, "s1.jsonl"), "utf8")).toBe(before);
  });
});

describe("aviary slurm compare", () => {
  it("writes a job array of shards, a merge job and submit.sh, sized from a pilot run; options override", () => {
    const r = aviary("slurm", "compare", ...GRID, "--set", "probeRatio=3", "--format", "csv", "--shards", "5", "-o", "run");
    expect(r.code, r.err).toBe(0);
    const run = join(dir, "run");
    const sweep = readFileSync(join(run, "sweep.sbatch"), "utf8");
    expect(sweep).toContain("#SBATCH --array=0-4\n");
    expect(sweep).toContain("#SBATCH --cpus-per-task=3\n"); // the largest shard has 3 cells
    expect(sweep).toMatch(/#SBATCH --mem=(\d+)M\n/);
    const mem = Number(/--mem=(\d+)M/.exec(sweep)![1]);
    expect(mem).toBeGreaterThan(512);
    expect(mem).toBeLessThan(1024);
    expect(sweep).toContain("#SBATCH --time=00:10:00\n"); // tiny cells: the 10-minute floor
    expect(sweep).toMatch(/# {3}pilot: the first 2000 jobs \(40000 tasks\) once per scheduler and node count, \d+ events in/);
    expect(sweep).toContain(`--workload default --jobs 2000 --schedulers random,sparrow,lwl --nodes 300,400 --seeds 2 --cutoff 1.2 --set probeRatio=3 --format csv --max-memory ${mem}MB --shard "$i/5"`);
    expect(sweep).toContain(`--resume -o "${join(run, "shard-")}$i.jsonl"`);
    const merge = readFileSync(join(run, "merge.sbatch"), "utf8");
    expect(merge).toContain(`merge ${[0, 1, 2, 3, 4].map((i) => join(run, `shard-${i}.jsonl`)).join(" ")} --format csv -o ${join(run, "report.csv")}`);
    const submit = readFileSync(join(run, "submit.sh"), "utf8");
    expect(submit).toContain('sbatch --parsable --dependency="afterok:$sweep" "$dir/merge.sbatch"');
    expect(statSync(join(run, "submit.sh")).mode & 0o111).not.toBe(0);
    const o = aviary("slurm", "compare", ...GRID, "--shards", "12", "--cpus-per-task", "2", "--mem", "3G", "--time", "1-02:00:00",
      "--partition", "long", "-o", "run2");
    expect(o.code, o.err).toBe(0);
    const s2 = readFileSync(join(dir, "run2/sweep.sbatch"), "utf8");
    for (const x of ["--array=0-11\n", "--cpus-per-task=2\n", "--mem=3072M\n", "--time=1-02:00:00\n", "--partition=long\n", "--max-memory 3072MB"]) {
      expect(s2).toContain(x);
    }
  });

  it("refuses bad options in one line", () => {
    for (const [args, msg] of [
      [["--shards", "0"], "--shards must be an integer >= 1"],
      [["--shards", "13"], "--shards 13 is more than the grid's 12 cells"],
      [["--shards", "2", "--time", "soon"], "--time must be minutes or a Slurm time"],
      [["--shards", "2", "--time", "25:99:99"], "--time must be minutes or a Slurm time"],
      [["--shards", "2", "--mem", "lots"], "--mem must be a size"],
      [["--shards", "2", "--cpus-per-task", "0"], "--cpus-per-task must be an integer in [1, 1024]"],
      [["--shards", "2", "--schedulers", "nosuch"], "unknown scheduler 'nosuch'"],
    ] as Array<[string[], string]>) {
      const r = aviary("slurm", "compare", ...GRID, ...args, "-o", "run-bad");
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toContain(msg);
      oneLine(r);
      expect(existsSync(join(dir, "run-bad")), "no folder left").toBe(false);
    }
  });
});

describe("helpers", () => {
  it("parses shard specs", () => {
    expect(parseShard("0/1")).toEqual({ index: 0, count: 1 });
    expect(parseShard(" 14/15 ")).toEqual({ index: 14, count: 15 });
    for (const bad of ["1/1", "0/0", "x/2", "1.5/3", ""]) expect(() => parseShard(bad)).toThrow(/--shard must be i\/n/);
  });

  it("hashes a trace's contents, not its name; a prefix keeps the first jobs", async () => {
    const t = await generatePoissonWithEngineRng({ jobs: 50, tasks: 3, duration: "exp:1", load: 0.5, nodes: 10, slots: 1, seed: 2 });
    expect(traceHash({ ...t, name: "elsewhere" })).toBe(traceHash(t));
    const d = new Float64Array(t.durations);
    d[7] += 1e-9;
    expect(traceHash({ ...t, durations: d })).not.toBe(traceHash(t));
    const p = prefixTrace(t, 10);
    expect(p.arrivals).toEqual(t.arrivals.slice(0, 10));
    expect(p.durations.length).toBe(p.taskOffsets[10]);
    expect(p.durations).toEqual(t.durations.slice(0, 30));
  });
});
