// `npm run bench`: the same simulations on the Wasm and the pure-JS engine (tinybench),
// reporting events/s for each and the Wasm/JS ratio; plus `.tr` parsing throughput.
// Options: --jobs N (default 200000), --nodes N (1000), --tasks N (10), --iterations N (3).
import { Bench } from "tinybench";
import { loadEngine } from "../src/engine/node.js";
import { resolveConfig } from "../src/config/config.js";
import { runSimulation } from "../src/simulate.js";
import { SCHEDULERS } from "../src/config/schedulers.js";
import { generatePoissonWithEngineRng } from "../src/trace/node.js";
import { traceToTr } from "../src/trace/write.js";
import { parseTr } from "../src/trace/tr.js";
import os from "node:os";

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

const jobs = arg("jobs", 200_000);
const nodes = arg("nodes", 1000);
const tasks = arg("tasks", 10);
const iterations = arg("iterations", 3);
const trace = await generatePoissonWithEngineRng({ jobs, tasks, duration: "exp:1", load: 0.9, nodes, seed: 1 });
console.log(`machine: ${os.cpus()[0]?.model ?? "?"} x${os.cpus().length}, Node ${process.version}`);
console.log(`workload: ${trace.name}: ${jobs} jobs x ${tasks} tasks, ${nodes} nodes, load 0.9\n`);

const bench = new Bench({ iterations, time: 0, warmupIterations: 1, warmupTime: 0 });
const events = new Map<string, number>();
for (const s of SCHEDULERS) {
  for (const kind of ["wasm", "js"] as const) {
    const factory = await loadEngine(kind);
    const config = resolveConfig({ scheduler: s.name, nodes, seed: 1 });
    bench.add(`${s.name}/${kind}`, () => {
      const r = runSimulation(factory, trace, config);
      events.set(`${s.name}/${kind}`, r.counters.events);
    });
  }
}
const text = traceToTr(trace);
const bytes = new TextEncoder().encode(text);
bench.add("parse .tr", () => { parseTr(bytes, "bench.tr"); });
await bench.run();

const rows: string[][] = [["run", "events", "mean wall s", "events/s", "wasm/js"]];
const rate = new Map<string, number>();
for (const t of bench.tasks) {
  const res = t.result as { state: string; latency?: { mean: number } };
  if (res.state !== "completed" || !res.latency) throw new Error(`${t.name}: ${res.state}`);
  const sec = res.latency.mean / 1000;
  if (t.name === "parse .tr") {
    rows.push([t.name, `${(bytes.length / 1e6).toFixed(1)} MB`, sec.toFixed(3), `${(bytes.length / 1e6 / sec).toFixed(0)} MB/s`, ""]);
    continue;
  }
  const ev = events.get(t.name)!;
  rate.set(t.name, ev / sec);
  const [s, kind] = t.name.split("/");
  const ratio = kind === "js" ? (rate.get(`${s}/wasm`)! / (ev / sec)).toFixed(2) + "x" : "";
  rows.push([t.name, ev.toLocaleString("en-US"), sec.toFixed(3), `${((ev / sec) / 1e6).toFixed(2)} M`, ratio]);
}
const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join("  "));
