// The figures of the docs. Runs the key comparison of each results page with the built CLI
// (bin/aviary.js) and keeps its JSON under docs/results/data/, then draws every figure from that
// JSON with `aviary plot`: docs/results/img/*.svg (embedded in docs/results/*.md) and one PNG per
// plot kind in docs/img/ (cdf.png, bars.png, series.png). The traces are read from
// ../shared/traces, never copied.
//
//   npm run build && node scripts/plots.mjs          # run the comparisons (about a minute), then draw
//   node scripts/plots.mjs --draw                    # draw only, from the committed JSON
//   node scripts/plots.mjs --only pigeon             # the entries whose name contains "pigeon"
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin/aviary.js");
const traces = "../shared/traces"; // relative to the repository (the JSON names the trace so)
const args = process.argv.slice(2);
const drawOnly = args.includes("--draw");
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;

/** One comparison: the command that writes its JSON, and the figures drawn from it. */
const ENTRIES = [
  {
    name: "hawk-eagle-yahoo",
    // hawk-eagle.md: Hawk and Eagle against Sparrow on the Yahoo sample, four cluster sizes.
    run: ["compare", "--trace", `${traces}/YH1_sub.tr`, "--preset", "yahoo", "--schedulers", "sparrow,hawk,eagle",
      "--baseline", "sparrow", "--nodes", "3000,4000,5000,6000", "--seeds", "3", "--format", "json"],
    figures: [
      { out: "docs/results/img/hawk-eagle-yahoo-bars.svg", kind: "bars" },
      { out: "docs/img/bars.png", kind: "bars" },
    ],
  },
  {
    name: "hawk-eagle-yahoo-4000",
    // hawk-eagle.md: the distributions behind the ratios at 4,000 nodes, and the cluster over time.
    run: ["run", "--trace", `${traces}/YH1_sub.tr`, "--preset", "yahoo", "--scheduler", "sparrow,hawk,eagle",
      "--nodes", "4000", "--cdf", "--series", "200", "--format", "json"],
    figures: [
      { out: "docs/results/img/hawk-eagle-yahoo-4000-cdf.svg", kind: "cdf" },
      { out: "docs/results/img/hawk-eagle-yahoo-4000-series.svg", kind: "series" },
      { out: "docs/img/cdf.png", kind: "cdf" },
      { out: "docs/img/series.png", kind: "series" },
    ],
  },
  {
    name: "pigeon-ngo90",
    // pigeon.md: the EC2 setting on NGO_trace90 (120 workers), Pigeon as the baseline.
    run: ["compare", "--trace", `${traces}/NGO_trace90.tr`, "--preset", "pigeon-ec2",
      "--schedulers", "pigeon,eagle,sparrow,pigeon-central", "--baseline", "pigeon", "--nodes", "120", "--seeds", "3",
      "--cdf", "--format", "json"],
    figures: [
      { out: "docs/results/img/pigeon-ngo90-cdf.svg", kind: "cdf" },
      { out: "docs/results/img/pigeon-ngo90-bars.svg", kind: "bars" },
    ],
  },
  {
    name: "kairos-yahoo",
    // kairos.md: Kairos against Eagle on the Yahoo sample, W = 100 s.
    run: ["compare", "--trace", `${traces}/YH1_sub.tr`, "--preset", "yahoo", "--schedulers", "eagle,kairos",
      "--baseline", "eagle", "--nodes", "3000,4000,5000,6000,8000", "--seeds", "3", "--set", "quantum=100", "--format", "json"],
    figures: [{ out: "docs/results/img/kairos-yahoo-bars.svg", kind: "bars" }],
  },
  {
    name: "compat-yahoo",
    // compat.md: compat mode on the reference's Yahoo points, in the reference's form (normalized
    // to Sparrow), DLWL with its 3 s heartbeat.
    run: ["compare", "--trace", `${traces}/YH1_sub.tr`, "--preset", "yahoo", "--schedulers", "sparrow,hawk,eagle,clwl,dlwl",
      "--baseline", "sparrow", "--nodes", "3000,4000,6000", "--seeds", "3", "--set", "compat=true", "--set", "heartbeat=3",
      "--format", "json"],
    figures: [{ out: "docs/results/img/compat-yahoo-bars.svg", kind: "bars" }],
  },
];

function aviary(argv, { capture = false } = {}) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [bin, ...argv], { cwd: root, encoding: "utf8", maxBuffer: 1 << 30,
    stdio: ["ignore", capture ? "pipe" : "inherit", "inherit"] });
  if (r.status !== 0) {
    console.error(`plots: aviary ${argv.join(" ")} failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  return { out: r.stdout, seconds: (Date.now() - t0) / 1000 };
}

if (!existsSync(join(root, "dist/src/cli/main.js"))) {
  console.error("plots: dist/ is missing: run `npm run build` first");
  process.exit(2);
}
const entries = ENTRIES.filter((e) => only === undefined || e.name.includes(only));
if (entries.length === 0) {
  console.error(`plots: no entry matches '${only}' (entries: ${ENTRIES.map((e) => e.name).join(", ")})`);
  process.exit(2);
}
if (!drawOnly && !existsSync(join(root, traces))) {
  console.error(`plots: ${traces} is missing (the sample traces); --draw draws from the committed JSON alone`);
  process.exit(2);
}
for (const d of ["docs/results/data", "docs/results/img", "docs/img"]) mkdirSync(join(root, d), { recursive: true });
const t0 = Date.now();
for (const e of entries) {
  const data = `docs/results/data/${e.name}.json`;
  if (!drawOnly) {
    let seconds;
    if (e.run[0] === "compare") {
      seconds = aviary([...e.run, "-o", data]).seconds;
    } else {
      const r = aviary(e.run, { capture: true });
      const tmp = join(root, `${data}.tmp-${process.pid}`);
      writeFileSync(tmp, r.out);
      renameSync(tmp, join(root, data));
      seconds = r.seconds;
    }
    console.error(`plots: ${data} (${seconds.toFixed(1)} s): aviary ${e.run.join(" ")}`);
  } else if (!existsSync(join(root, data))) {
    console.error(`plots: ${data} is missing: run without --draw first`);
    process.exit(2);
  }
  for (const f of e.figures) {
    const { seconds } = aviary(["plot", data, "--kind", f.kind, "-o", f.out]);
    console.error(`plots:   ${relative(root, join(root, f.out))} (${f.kind}, ${seconds.toFixed(1)} s)`);
  }
}
console.error(`plots: done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
