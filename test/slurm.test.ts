// `aviary slurm compare` on a real Slurm (issue #23): a single-node cluster on 127.0.0.1 —
// munged, slurmctld and slurmd started here with a minimal slurm.conf in a temporary folder (no
// systemd; stopped by PID afterwards) — runs the written submit.sh: a 6-task job array of shards
// and the merge job that depends on it; the merged report must equal an unsharded run's byte for
// byte. Needs Debian's slurm-wlm and munge (.ci/run installs them) and root. Outside CI a machine
// without them skips this file with a warning on the console; under CI=true it fails.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync, chmodSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { packageRoot } from "../src/engine/node.js";

const DAEMONS = ["munged", "slurmctld", "slurmd"];
const CLIENTS = ["sbatch", "scontrol", "sinfo"];
const PATHS = (process.env.PATH ?? "").split(":").concat(["/usr/sbin", "/sbin", "/usr/bin"]);
const which = (cmd: string) => PATHS.map((d) => join(d, cmd)).find((p) => existsSync(p));
const missing = [...DAEMONS, ...CLIENTS].filter((c) => !which(c));
const isRoot = process.getuid?.() === 0;
const inCI = process.env.CI === "true";
const why = missing.length > 0 ? `Slurm is not installed (missing: ${missing.join(", ")}; apt-get install slurm-wlm munge, as .ci/run does)`
  : !isRoot ? "the test cluster's daemons need root" : "";
if (why && !inCI) console.warn(`\n*** test/slurm.test.ts SKIPPED: ${why} ***\n`);

const bin = join(packageRoot(), "bin/aviary.js");
const GRID = ["--workload", "default", "--jobs", "2000", "--schedulers", "random,sparrow,lwl", "--nodes", "300,400", "--seeds", "2",
  "--cutoff", "1.2", "--format", "json"];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(why !== "" && !inCI)("aviary slurm compare on a single-node Slurm", () => {
  let dir = "";
  let env: NodeJS.ProcessEnv = {};
  const daemons: ChildProcess[] = [];
  const run = (cmd: string, args: string[], cwd = dir) => {
    const r = spawnSync(cmd, args, { encoding: "utf8", cwd, env, timeout: 120_000 });
    return { code: r.status, out: r.stdout ?? "", err: r.stderr ?? "" };
  };
  const logs = () => readdirSync(dir).filter((f) => f.endsWith(".log") || f.endsWith(".out"))
    .map((f) => `--- ${f}\n${readFileSync(join(dir, f), "utf8").split("\n").slice(-15).join("\n")}`).join("\n");
  const start = (cmd: string, args: string[], log: string) => {
    const fd = openSync(join(dir, log), "a");
    const p = spawn(which(cmd)!, args, { env, stdio: ["ignore", fd, fd] });
    daemons.push(p);
    return p;
  };

  beforeAll(async () => {
    if (why) throw new Error(`CI: ${why}`);
    const t0 = performance.now();
    dir = mkdtempSync(join(tmpdir(), "aviary-slurm-"));
    chmodSync(dir, 0o755); // munged wants its socket's folders searchable
    for (const d of ["state", "spool"]) mkdirSync(join(dir, d));
    writeFileSync(join(dir, "munge.key"), randomBytes(1024), { mode: 0o400 });
    const sock = join(dir, "munge.sock");
    const [ctldPort, slurmdPort] = [await freePort(), await freePort()];
    const memMB = Math.floor(totalmem() / 2 ** 20 / 2);
    const conf = join(dir, "slurm.conf");
    writeFileSync(conf, [
      "ClusterName=aviarytest", "SlurmctldHost=localhost(127.0.0.1)", "SlurmUser=root", "SlurmdUser=root",
      "AuthType=auth/munge", `AuthInfo=socket=${sock}`, "CredType=cred/munge",
      `SlurmctldPort=${ctldPort}`, `SlurmdPort=${slurmdPort}`,
      `StateSaveLocation=${dir}/state`, `SlurmdSpoolDir=${dir}/spool`,
      `SlurmctldPidFile=${dir}/slurmctld.pid`, `SlurmdPidFile=${dir}/slurmd.pid`,
      `SlurmctldLogFile=${dir}/slurmctld.log`, `SlurmdLogFile=${dir}/slurmd.log`,
      "ProctrackType=proctrack/linuxproc", "TaskPlugin=task/none", "SelectType=select/cons_tres",
      "SelectTypeParameters=CR_CPU_Memory", "ReturnToService=2", "MpiDefault=none", "SwitchType=switch/none",
      "JobCompType=jobcomp/none", "JobAcctGatherType=jobacct_gather/none", "AccountingStorageType=accounting_storage/none",
      "SchedulerType=sched/builtin", "MinJobAge=600",
      `NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 RealMemory=${memMB} State=UNKNOWN`,
      "PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP", "",
    ].join("\n"));
    env = { ...process.env, SLURM_CONF: conf };
    start("munged", ["-F", "-f", `--key-file=${dir}/munge.key`, `--socket=${sock}`, `--log-file=${dir}/munged.log`,
      `--pid-file=${dir}/munged.pid`, `--seed-file=${dir}/munged.seed`], "munged.out");
    for (let i = 0; i < 100 && !existsSync(sock); i++) await sleep(50);
    start("slurmctld", ["-D", "-f", conf], "slurmctld.out");
    start("slurmd", ["-D", "-f", conf, "-N", "localhost"], "slurmd.out");
    let state = "";
    for (let i = 0; i < 150 && state !== "idle"; i++) {
      await sleep(100);
      state = run("sinfo", ["-h", "-o", "%T"]).out.trim();
    }
    if (state !== "idle") throw new Error(`the test cluster did not come up (node state '${state}')\n${logs()}`);
    console.log(`slurm.test.ts: single-node Slurm up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }, 60_000);

  afterAll(async () => {
    for (const p of daemons.reverse()) {
      if (p.exitCode !== null || p.signalCode !== null) continue;
      const exited = new Promise((r) => p.once("exit", r));
      p.kill("SIGTERM");
      await Promise.race([exited, sleep(5000)]);
      if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
    }
  }, 30_000);

  it("runs a 6-shard job array and the dependent merge; the report equals the unsharded run's", async () => {
    const out = join(dir, "run");
    const w = run(process.execPath, [bin, "slurm", "compare", ...GRID, "--shards", "6", "--cpus-per-task", "1", "-o", out]);
    expect(w.code, w.err).toBe(0);
    expect(readFileSync(join(out, "sweep.sbatch"), "utf8")).toContain("#SBATCH --array=0-5\n");
    const t0 = performance.now();
    const s = run("sh", [join(out, "submit.sh")]);
    expect(s.code, s.err + logs()).toBe(0);
    const m = /^sweep: job array (\d+) \(6 tasks.*merge: job (\d+),/.exec(s.out);
    expect(m, s.out).not.toBeNull();
    const [arrayId, mergeId] = [m![1], m![2]];
    expect(run("scontrol", ["show", "job", "-o", mergeId]).out).toContain(`Dependency=afterok:${arrayId}`);
    let st = "";
    for (let i = 0; i < 1200 && !/^(COMPLETED|FAILED|CANCELLED|TIMEOUT|OUT_OF_MEMORY|NODE_FAIL)$/.test(st); i++) {
      await sleep(100);
      st = /JobState=(\S+)/.exec(run("scontrol", ["show", "job", "-o", mergeId]).out)?.[1] ?? "";
    }
    const secs = (performance.now() - t0) / 1000;
    const shardLogs = [0, 1, 2, 3, 4, 5].map((i) => readFileSync(join(out, `shard-${i}.log`), "utf8")).join("");
    expect(st, `merge job ${st}\n${shardLogs}\n${existsSync(join(out, "merge.log")) ? readFileSync(join(out, "merge.log"), "utf8") : ""}`).toBe("COMPLETED");
    console.log(`slurm.test.ts: 6-task array and merge done in ${secs.toFixed(1)} s`);
    // every array task succeeded, each with its shard's two cells
    const tasks = run("scontrol", ["show", "job", "-o", arrayId]).out.trim().split("\n");
    expect(tasks).toHaveLength(6);
    for (const t of tasks) expect(t).toMatch(/JobState=COMPLETED .*ExitCode=0:0/);
    for (let i = 0; i < 6; i++) {
      const cells = readFileSync(join(out, `shard-${i}.jsonl`), "utf8").trim().split("\n").map((l) => JSON.parse(l));
      expect(cells.map((c) => c.cell.index).sort((a, b) => a - b)).toEqual([i, i + 6]);
      expect(cells.every((c) => c.shard === `${i}/6`)).toBe(true);
    }
    const whole = run(process.execPath, [bin, "compare", ...GRID, "-o", join(dir, "whole.jsonl")]);
    expect(whole.code, whole.err).toBe(0);
    expect(readFileSync(join(out, "report.json"), "utf8")).toBe(whole.out);
  }, 180_000);
});
