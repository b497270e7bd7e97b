// The command line as a user meets it: bad input gives one clear message, a non-zero
// exit, no stack trace and no output file; good input gives the documented outputs.
import { describe, it, expect, beforeAll } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packageRoot } from "../src/engine/node.js";
import { SCHEDULERS } from "../src/config/schedulers.js";
import { haveSharedTraces, sharedTrace } from "./helpers.js";

const bin = join(packageRoot(), "bin/aviary.js");
let dir = "";

function aviary(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", cwd: dir });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function expectCleanFailure(r: ReturnType<typeof aviary>, ...fragments: string[]) {
  expect(r.code).not.toBe(0);
  for (const f of fragments) expect(r.err).toContain(f);
  expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
  expect(r.err).not.toMatch(/RuntimeError|unreachable/); // no Wasm trap
  expect(r.err.trim().split("\n").length).toBeLessThanOrEqual(3);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "aviary-cli-"));
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
  write("good.tr", "0 2 1.5 1 2\n1 1 3 3\n");
  write("nonnumeric.tr", "0 2 1.5 1 2\n1 1 3 x3\n");
  write("count.tr", "0 2 1.5 1 2\n1 3 3 3 3\n");
  write("negative.tr", "0 2 1.5 1 -2\n");
  write("nan.tr", "0 1 NaN NaN\n");
  write("inf.tr", "0 1 1 Infinity\n");
  write("decreasing.tr", "5 1 1 1\n4 1 1 1\n");
  write("bad.json", "{ \"nodes\": 0 }");
  write("cfg.json", JSON.stringify({ trace: "good.tr", scheduler: "lwl", nodes: 2, params: {} }));
  // Config files with values of the wrong type, or that quote line breaks (issue #24's fuzzing).
  write("type-trace.json", "{ \"trace\": 5 }");
  write("type-scheduler.json", "{ \"trace\": \"good.tr\", \"scheduler\": [] }");
  write("type-scheduler-num.json", "{ \"trace\": \"good.tr\", \"scheduler\": [1] }");
  write("type-nodes.json", "{ \"trace\": \"good.tr\", \"nodes\": \"a\\nb\" }");
  write("type-params.json", "{ \"trace\": \"good.tr\", \"params\": [1] }");
  write("type-object.json", "{ \"trace\": \"good.tr\", \"scheduler\": \"sparrow\", \"params\": { \"probeRatio\": { \"toString\": 1 } } }");
  write("type-format.json", "{ \"trace\": \"good.tr\", \"format\": { \"toString\": 1 } }");
  write("snippet.json", "[\n,");
  write("key-newline.json", "{ \"a\\nb\": 1 }");
  write("param-newline.json", "{ \"trace\": \"good.tr\", \"scheduler\": \"sparrow\", \"params\": { \"probeRatio\": \"a\\u2028\" } }");
});

describe("aviary run: bad input", () => {
  const cases: Array<[string, string[], string[]]> = [
    ["non-numeric field", ["--trace", "nonnumeric.tr"], ["nonnumeric.tr", ":2", "field"]],
    ["task count mismatch", ["--trace", "count.tr"], ["count.tr", ":2"]],
    ["negative duration", ["--trace", "negative.tr"], ["negative.tr", ":1"]],
    ["NaN", ["--trace", "nan.tr"], ["nan.tr", ":1"]],
    ["infinite value", ["--trace", "inf.tr"], ["inf.tr", ":1"]],
    ["decreasing submission times", ["--trace", "decreasing.tr"], ["decreasing.tr", ":2"]],
    ["missing file", ["--trace", "nope.tr"], ["nope.tr"]],
    ["unknown scheduler", ["--trace", "good.tr", "--scheduler", "nosuch"], ["unknown scheduler 'nosuch'", "sparrow"]],
    ["unknown parameter", ["--trace", "good.tr", "--scheduler", "sparrow", "--set", "probeRatoi=2"], ["unknown parameter 'probeRatoi'", "probeRatio"]],
    ["probe ratio below 1", ["--trace", "good.tr", "--scheduler", "sparrow", "--set", "probeRatio=0.5"], ["probeRatio=0.5", "[1, 1000]"]],
    ["non-numeric parameter", ["--trace", "good.tr", "--scheduler", "sparrow", "--set", "probeRatio=two"], ["probeRatio", "number"]],
    ["nodes below 1", ["--trace", "good.tr", "--nodes", "0"], ["nodes=0", "[1, 10000000]"]],
    ["fractional nodes", ["--trace", "good.tr", "--nodes", "2.5"], ["--nodes", "integer"]],
    ["nodes with a radix prefix", ["--trace", "good.tr", "--nodes", "0x64"], ["--nodes", "'0x64'", "integer"]],
    ["a parameter with a radix prefix", ["--trace", "good.tr", "--scheduler", "sparrow", "--set", "probeRatio=0x2"], ["probeRatio", "'0x2'"]],
    // A folder that passes the permission check (root) and refuses every file: found before the run.
    ["output under /proc", ["--trace", "good.tr", "--per-job", "/proc/aviary-x.csv"], ["cannot write '/proc/aviary-x.csv'", "cannot hold files"]],
    ["an empty output name", ["--trace", "good.tr", "--per-job", ""], ["an output file name is empty"]],
    ["negative network delay", ["--trace", "good.tr", "--set", "networkDelay=-1"], ["networkDelay=-1"]],
    ["malformed --set", ["--trace", "good.tr", "--set", "probeRatio"], ["key=value"]],
    ["bad config value", ["--config", "bad.json"], ["nodes=0"]],
    ["missing config", ["--config", "nope.json"], ["nope.json"]],
    ["unknown engine", ["--trace", "good.tr", "--engine", "gpu"], ["gpu"]],
    ["trace and workload", ["--trace", "good.tr", "--workload", "default"], ["either --trace or --workload"]],
    ["unknown workload", ["--workload", "nosuch"], ["unknown workload 'nosuch'"]],
    ["enum value not listed", ["--trace", "good.tr", "--scheduler", "kairos", "--set", "tieBreak=1"], ["tieBreak must be one of variance|random|sum, got '1'"]],
    ["config: trace not a string", ["--config", "type-trace.json"], ["\"trace\" must be a non-empty string, got 5"]],
    ["config: no scheduler", ["--config", "type-scheduler.json"], ["\"scheduler\" must be", "got []"]],
    ["config: a scheduler not a string", ["--config", "type-scheduler-num.json"], ["\"scheduler\" must be", "got [1]"]],
    ["config: nodes a string with a line break", ["--config", "type-nodes.json"], ["\"nodes\" must be an integer, got \"a\\nb\""]],
    ["config: params not an object", ["--config", "type-params.json"], ["\"params\" must be an object"]],
    ["config: an object with toString", ["--config", "type-object.json"], ["\"params.probeRatio\" must be a number, a boolean or a string, got {\"toString\":1}"]],
    ["config: format an object", ["--config", "type-format.json"], ["\"format\" must be a string"]],
    ["config: JSON.parse's snippet with a line break", ["--config", "snippet.json"], ["is not valid JSON", "\\x0a"]],
    ["config: a key with a line break", ["--config", "key-newline.json"], ["unknown key 'a\\x0ab'"]],
    ["config: a value with U+2028", ["--config", "param-newline.json"], ["probeRatio must be a finite number", "\\u2028"]],
    ["per-job file in a missing folder", ["--trace", "good.tr", "--per-job", "/nonexistent-aviary/x.csv"], ["cannot write '/nonexistent-aviary/x.csv'"]],
    ["per-job file is a folder", ["--trace", "good.tr", "--per-job", "."], ["cannot write '.': it is a directory"]],
  ];
  it.each(cases)("%s", (_name, args, fragments) => {
    const out = join(dir, `perjob-${_name.replace(/\W+/g, "_")}.csv`);
    const r = aviary("run", ...(args.includes("--per-job") ? args : [...args, "--per-job", out]));
    expectCleanFailure(r, ...fragments);
    if (_name.startsWith("config") || _name.startsWith("per-job")) {
      expect(r.code).toBe(2);
      expect(r.err.trimEnd().split("\n")).toHaveLength(1);
    }
    expect(existsSync(out)).toBe(false);
    expect(r.out).toBe("");
  });
});

describe("aviary run: CSV v2 traces", () => {
  const HEADER = "job_id,task_id,submit_time,duration,estimate,stage,parents,demand[cpu;mem;disk;bw],class,priority,user\n";
  const bad: Array<[string, string, string]> = [
    ["cycle", HEADER + "j1,a,0,1,1,0,b,1;1;1;1,c,0,u\nj1,b,0,1,1,0,a,1;1;1;1,c,0,u\n",
      "cycle.csv:2: field 7 (parents): cycle of 2 tasks in job 'j1': 'a' has parent 'b', which has parent 'a'"],
    ["parent of another job", HEADER + "j1,a,0,1,1,0,x,1;1;1;1,c,0,u\nj2,x,1,1,1,0,,1;1;1;1,c,0,u\n",
      "parent-of-another-job.csv:2: field 7 (parents): parent 'x' is a task of job 'j2', not of job 'j1'"],
    ["demand dimensions", HEADER + "j1,a,0,1,1,0,,1;1;1,c,0,u\n",
      "demand-dimensions.csv:2: field 8 (demand[cpu;mem;disk;bw]): 3 values, expected 4 (cpu;mem;disk;bw)"],
    ["unknown column", "job_id,submit_time,duration,stge\nj1,0,1,0\n", "unknown-column.csv:1: field 4 (stge): unknown column"],
  ];
  it.each(bad)("%s: exit 2, one line on stderr, no output file", (what, text, message) => {
    const file = `${what.replace(/\W+/g, "-")}.csv`;
    writeFileSync(join(dir, file), text);
    const out = join(dir, `perjob-v2-${file}`);
    const r = aviary("run", "--trace", file, "--scheduler", "random", "--nodes", "2", "--per-job", out);
    expect(r.code).toBe(2);
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
    expect(r.err).not.toMatch(/\s+at /);
    expect(r.out).toBe("");
    expect(existsSync(out)).toBe(false);
  });

  it("a DAG trace for a scheduler without a DAG path: exit 2, one line naming those with one", () => {
    writeFileSync(join(dir, "chain.csv"), "job_id,task_id,submit_time,duration,parents\nj,a,0,1,\nj,b,0,1,a\n");
    const out = join(dir, "perjob-chain.csv");
    const r = aviary("run", "--trace", "chain.csv", "--scheduler", "eagle", "--nodes", "2", "--per-job", out);
    expect(r.code).toBe(2);
    expect(r.err.trimEnd().split("\n")).toEqual(["aviary: error: trace 'chain.csv' has task dependencies (parents), and scheduler 'eagle' "
      + "places bag-of-tasks jobs only (schedulers that run DAG traces: random, sparrow, lwl, kairos, yarn-fifo, pigeon, pigeon-central, fregata, yarn, yarn-q, yaq-c, yaq-d, mercury, mercury-sampling)"]);
    expect(existsSync(out)).toBe(false);
    const ok = aviary("run", "--trace", "chain.csv", "--scheduler", "kairos", "--nodes", "2", "--format", "json");
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out).params.tieBreak).toBe("variance");
  });

  it("a task of 1e9 s under Dice: its controller's millions of windows hold no memory unless --series asks for them", () => {
    writeFileSync(join(dir, "long1.tr"), "0 1 1e9 1e9\n");
    const r = aviary("run", "--trace", "long1.tr", "--scheduler", "hawk-dice,eagle-dice", "--nodes", "1", "--format", "json");
    expect(r.code, r.err).toBe(0);
    for (const line of r.out.trim().split("\n")) expect(JSON.parse(line).makespan).toBeCloseTo(1e9, 0);
  });

  it("gen: arrivals beyond the doubles are refused, nothing written; compare: every scheduler checked against a DAG before the first cell", () => {
    const r = aviary("gen", "poisson", "--jobs", "10", "--tasks", "1", "--duration", "exp:1", "--load", "1e-308", "--nodes", "1", "-o", "inf-gen.tr");
    expectCleanFailure(r, "submission time is Infinity");
    expect(r.code).toBe(2);
    expect(existsSync(join(dir, "inf-gen.tr"))).toBe(false);
    writeFileSync(join(dir, "chain2.csv"), "job_id,task_id,submit_time,duration,parents\nj,a,0,1,\nj,b,0,1,a\n");
    const c = aviary("compare", "--trace", "chain2.csv", "--schedulers", "sparrow,hawk", "--nodes", "2", "-o", "dag-cells.jsonl");
    expectCleanFailure(c, "scheduler 'hawk' places bag-of-tasks jobs only");
    expect(c.code).toBe(2);
    expect(existsSync(join(dir, "dag-cells.jsonl"))).toBe(false);
  });

  it("runs a valid v2 file", () => {
    writeFileSync(join(dir, "v2.csv"), HEADER + "j2,m,5,10,9,0,,1;2;0;0,batch,1,alice\nj1,a,2,3,4,0,,1;1;1;1,svc,5,bob\n" +
      "j2,r,5,20,18,1,m,2;4;0;0,batch,1,alice\n");
    const r = aviary("run", "--trace", "v2.csv", "--scheduler", "random", "--nodes", "2", "--format", "json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).trace).toEqual({ name: "v2.csv", jobs: 2, tasks: 3 });
  });
});

describe("aviary gen: bad input", () => {
  it.each([
    ["zero load", ["--load", "0"], ["load"]],
    ["bad duration spec", ["--duration", "weibull:2"], ["duration"]],
    ["pareto alpha <= 1", ["--duration", "pareto:1:1"], ["pareto"]],
  ])("%s", (_n, args, fragments) => {
    const out = join(dir, "gen-bad.tr");
    const r = aviary("gen", "poisson", "--jobs", "10", "--load", "0.5", "--nodes", "2", "-o", out, ...args);
    expectCleanFailure(r, ...fragments);
    expect(existsSync(out)).toBe(false);
  });
});

describe("aviary run: outputs", () => {
  it("prints one JSON object with the schema's fields; both engines agree", () => {
    const runs = ["wasm", "js"].map((engine) => {
      const r = aviary("run", "--trace", "good.tr", "--scheduler", "sparrow", "--nodes", "2", "--cutoff", "2",
        "--format", "json", "--engine", engine);
      expect(r.code).toBe(0);
      const lines = r.out.trim().split("\n");
      expect(lines).toHaveLength(1);
      return JSON.parse(lines[0]);
    });
    for (const k of ["scheduler", "engine", "nodes", "seed", "trace", "short", "long", "utilization", "makespan", "counters", "wallSeconds", "eventsPerSecond"]) {
      expect(runs[0]).toHaveProperty(k);
    }
    expect(runs[0].trace).toEqual({ name: "good.tr", jobs: 2, tasks: 3 });
    expect(runs[0].short.jobs).toBe(1);
    expect(runs[0].long.jobs).toBe(1);
    for (const k of ["short", "long", "utilization", "counters", "makespan"]) expect(runs[1][k]).toEqual(runs[0][k]);
    expect([runs[0].engine, runs[1].engine]).toEqual(["wasm", "js"]);
  });

  it("reads a config file, lets options override it, and writes per-job CSV", () => {
    const out = join(dir, "perjob.csv");
    const r = aviary("run", "--config", "cfg.json", "--nodes", "3", "--format", "json", "--per-job", out);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect([s.scheduler, s.nodes]).toEqual(["lwl", 3]);
    const csv = readFileSync(out, "utf8").trim().split("\n");
    expect(csv[0]).toBe("scheduler,job_id,submit_time,tasks,estimate,class,finish_time,completion_time,preemptions,first_start");
    expect(csv).toHaveLength(3);
    // every job's first task starts between its submission and its finish
    for (const line of csv.slice(1)) {
      const f = line.split(",");
      expect(Number(f[9])).toBeGreaterThanOrEqual(Number(f[2]));
      expect(Number(f[9])).toBeLessThanOrEqual(Number(f[6]));
    }
  });

  it("with no arguments runs the embedded default and prints a comparison table", () => {
    const r = aviary("run");
    expect(r.code).toBe(0);
    for (const s of ["random", "sparrow", "lwl", "p99", "util"]) expect(r.out).toContain(s);
  });

  it("`schedulers` lists every scheduler with parameters, defaults, units and ranges", () => {
    const r = aviary("schedulers");
    expect(r.code).toBe(0);
    for (const s of ["random", "sparrow", "lwl", "probeRatio", "withoutReplacement", "networkDelay", "[1, 1000]", "probes/task"]) {
      expect(r.out).toContain(s);
    }
    const j = JSON.parse(aviary("schedulers", "--format", "json").out);
    // every scheduler of the catalogue (more land over time), the first three being the originals
    expect(j.schedulers.map((s: { name: string }) => s.name)).toEqual(SCHEDULERS.map((s) => s.name));
    expect(j.schedulers.slice(0, 3).map((s: { name: string }) => s.name)).toEqual(["random", "sparrow", "lwl"]);
    expect(j.presets.map((p: { name: string }) => p.name)).toEqual(["google", "yahoo", "cloudera", "facebook", "pigeon-ec2", "kairos-testbed", "fregata-cluster", "fregata-ec2", "dice-yahoo", "dice-cloudera", "dice-google", "yaq-E1", "yaq-E2", "yaq-E3", "yaq-E4", "yaq-E5", "yaq-E6", "yaq-E7", "yaq-E8", "yaq-E9", "yaq-E10"]);
    expect(r.out).toContain("Presets (--preset NAME");
  });

  it.skipIf(!haveSharedTraces)("runs the YH1 sample with sparrow on 4000 nodes", () => {
    const r = aviary("run", "--trace", sharedTrace("YH1_sub.tr"), "--scheduler", "sparrow", "--nodes", "4000",
      "--cutoff", "90.5811", "--format", "json");
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.trace.jobs).toBe(2910);
    expect(s.short.jobs + s.long.jobs).toBe(2910);
    expect(s.long.jobs).toBeGreaterThan(0);
  });
});
