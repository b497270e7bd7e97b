// The figures of docs/cli.md: one PNG per plot kind in docs/img/ (cdf.png, bars.png, series.png).
// Runs a comparison and a run on the Yahoo sample with the built CLI (bin/aviary.js), keeps their
// JSON under docs/img/data/, then draws each figure from that JSON with `aviary plot`. The results
// pages' figures are `aviary reproduce`'s (docs/results/img/). The traces are read from
// ../shared/traces, never copied.
//
//   npm run build && node scripts/plots.mjs          # run the comparisons (about a minute), then draw
//   node scripts/plots.mjs --draw                    # draw only, from the committed JSON
//   node scripts/plots.mjs --only 4000               # the entries whose name contains "4000"
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
    // Hawk and Eagle against Sparrow on the Yahoo sample, four cluster sizes, 3 seeds (error bars).
    run: ["compare", "--trace", `${traces}/YH1_sub.tr`, "--preset", "yahoo", "--schedulers", "sparrow,hawk,eagle",
      "--baseline", "sparrow", "--nodes", "3000,4000,5000,6000", "--seeds", "3", "--format", "json"],
    figures: [{ out: "docs/img/bars.png", kind: "bars" }],
  },
  {
    name: "hawk-eagle-yahoo-4000",
    // The distributions behind the ratios at 4,000 nodes, and the cluster over time.
    run: ["run", "--trace", `${traces}/YH1_sub.tr`, "--preset", "yahoo", "--scheduler", "sparrow,hawk,eagle",
      "--nodes", "4000", "--cdf", "--series", "200", "--format", "json"],
    figures: [
      { out: "docs/img/cdf.png", kind: "cdf" },
      { out: "docs/img/series.png", kind: "series" },
    ],
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
for (const d of ["docs/img/data", "docs/img"]) mkdirSync(join(root, d), { recursive: true });
const t0 = Date.now();
for (const e of entries) {
  const data = `docs/img/data/${e.name}.json`;
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
