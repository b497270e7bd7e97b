// Per-function instruction and cache-miss counts of the engine's generated code, from a
// callgrind run: valgrind cannot name the code V8 generates, but V8's perf map
// (--perf-basic-prof writes /tmp/perf-PID.map) gives each code range its function.
// Deterministic, unlike timings on a shared VM: use it to see which function a change moves.
//
//   # a Wasm build that keeps function names (restore with `npm run build` afterwards)
//   node node_modules/assemblyscript/bin/asc.js assembly/index.ts --target release --debug -o build/aviary.wasm
//   npx aviary gen google-like --jobs 30000 --seed 1 -o /tmp/g30.tr
//   valgrind --tool=callgrind --dump-instr=yes --cache-sim=yes --LL=1048576,8,64 --D1=32768,8,64 \
//     --smc-check=all-non-file --callgrind-out-file=/tmp/eagle.clg \
//     node --no-liftoff --perf-basic-prof dist/bench/ab.js --trace /tmp/g30.tr --rounds 1 --schedulers eagle .
//   node dist/bench/jit-profile.js /tmp/eagle.clg [--top 30]
//
// The perf map is found from the "pid:" line of the callgrind file (or pass --map FILE).
// Columns: Ir (instructions), D1mr (L1 data read misses), DLmr (last-level read misses),
// D1mw (L1 write misses), and Bcm (mispredicted conditional branches, with --branch-sim=yes);
// only code named in the map is counted (not V8's own C++).
import { readFileSync } from "node:fs";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const file = process.argv[2];
if (!file || file.startsWith("--")) {
  console.error("usage: node dist/bench/jit-profile.js CALLGRIND_OUT [--map PERF_MAP] [--top N]");
  process.exit(2);
}
const text = readFileSync(file, "utf8");
const pid = /^pid:\s*(\d+)/m.exec(text)?.[1];
const mapFile = arg("map") ?? (pid ? `/tmp/perf-${pid}.map` : undefined);
if (!mapFile) {
  console.error(`jit-profile: ${file} has no pid line; pass --map`);
  process.exit(2);
}
const top = Number(arg("top") ?? "30");

// Code ranges, sorted by start address.
const ranges: { start: number; end: number; name: string }[] = [];
for (const line of readFileSync(mapFile, "utf8").split("\n")) {
  const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
  if (m) ranges.push({ start: parseInt(m[1], 16), end: parseInt(m[1], 16) + parseInt(m[2], 16), name: m[3].replace(/^JS:/, "") });
}
ranges.sort((a, b) => a.start - b.start);
function nameAt(addr: number): string | undefined {
  let lo = 0, hi = ranges.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].start <= addr) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found >= 0 && addr < ranges[found].end ? ranges[found].name : undefined;
}

// Cost lines: "ADDR LINE cost..." where ADDR is 0x..., +N, -N or * (relative to the last one);
// the line after a "calls=" line is the inclusive cost of that call and is skipped.
let events: string[] = [];
const totals = new Map<string, number[]>();
let last = 0;
let skipNext = false;
for (const line of text.split("\n")) {
  if (line.startsWith("events:")) { events = line.split(/\s+/).slice(1); continue; }
  if (line.startsWith("calls=")) { skipNext = true; continue; }
  const c = line.charCodeAt(0);
  const isPos = line.startsWith("0x") || c === 43 /* + */ || c === 45 /* - */ || c === 42 /* * */;
  if (!isPos) continue;
  const parts = line.split(" ");
  const a = parts[0];
  const addr = a.startsWith("0x") ? parseInt(a, 16)
    : a === "*" ? last
    : last + (a[0] === "+" ? 1 : -1) * (a.startsWith("0x", 1) ? parseInt(a.slice(1), 16) : Number(a.slice(1)));
  last = addr;
  if (skipNext) { skipNext = false; continue; }
  const name = nameAt(addr);
  if (name === undefined) continue;
  let row = totals.get(name);
  if (!row) totals.set(name, (row = new Array(events.length).fill(0)));
  for (let i = 2; i < parts.length; i++) row[i - 2] += Number(parts[i]);
}
const col = (e: string) => events.indexOf(e);
const [ir, d1r, dlr, d1w, bcm] = ["Ir", "D1mr", "DLmr", "D1mw", "Bcm"].map(col);
if (ir < 0) {
  console.error(`jit-profile: ${file} has no Ir events`);
  process.exit(2);
}
const m = (row: number[], i: number) => (i >= 0 ? (row[i] / 1e6).toFixed(2) : "-").padStart(9);
const rows = [...totals].sort((x, y) => y[1][ir] - x[1][ir]);
const sumIr = rows.reduce((s, [, r]) => s + r[ir], 0);
// Bcm (mispredicted conditional branches) only when the run had --branch-sim=yes.
const bcmHead = bcm >= 0 ? ` ${"Bcm (M)".padStart(9)}` : "";
console.log(`${"Ir (M)".padStart(9)} ${"share".padStart(6)} ${"D1mr (M)".padStart(9)} ${"DLmr (M)".padStart(9)} ${"D1mw (M)".padStart(9)}${bcmHead}  function`);
for (const [name, row] of rows.slice(0, top)) {
  const b = bcm >= 0 ? ` ${m(row, bcm)}` : "";
  console.log(`${m(row, ir)} ${((100 * row[ir]) / sumIr).toFixed(1).padStart(5)}% ${m(row, d1r)} ${m(row, dlr)} ${m(row, d1w)}${b}  ${name}`);
}
