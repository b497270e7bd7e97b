// The deterministic maths, one module per side (docs/architecture.md, "Portability and
// determinism"): the engine's ln, e^x and standard normal draws (assembly/toolkit/libm.ts, + − × ÷
// only) give the same bits in its JS build and in its Wasm build over many inputs; they share the
// split of ln 2 with the host's fdlibm functions (src/trace/libm.ts) and stay within a few ulps of
// them (a different algorithm: bit-equal values are not claimed, see toolkit/libm.ts).
import { describe, it, expect, beforeAll } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import asc from "assemblyscript/asc";
import { packageRoot } from "../src/engine/node.js";
import { log as hostLog, exp as hostExp, LN2_HI, LN2_LO } from "../src/trace/libm.js";

const root = packageRoot();
const engineModule = async (name: string) => import(pathToFileURL(join(root, "build/engine-js", name)).href);

interface Side {
  log(x: number): number;
  exp(y: number): number;
  /** The next `n` draws of the stream (seed, id). */
  normals(seed: number, id: number, n: number): number[];
  ln2(i: number): number;
}

// The Wasm side: the toolkit's functions compiled by asc (the engine's compiler and Wasm glue),
// from an entry held in memory, so that the engine's own exports stay as they are.
const PROBE = "assembly/libm-probe.ts";
const PROBE_SOURCE = `
import { portableLog, portableExp, normalDraw, LN2_HI, LN2_LO } from "./toolkit/libm";
import { Rng } from "./toolkit/rng";
let rng: Rng = new Rng(1, 27);
export function log(x: f64): f64 { return portableLog(x); }
export function exp(y: f64): f64 { return portableExp(y); }
export function seed(s: i32, id: i32): void { rng = new Rng(s, id); }
export function normal(): f64 { return normalDraw(rng); }
export function ln2(i: i32): f64 { return i == 0 ? LN2_HI : LN2_LO; }
`;

async function wasmSide(): Promise<Side> {
  let binary: Uint8Array | undefined;
  const { error, stderr } = await asc.main([PROBE, "--outFile", "probe.wasm", "-O3", "--runtime", "stub", "--noAssert"], {
    readFile: (name: string, baseDir: string) => {
      if (name === PROBE) return PROBE_SOURCE;
      if (name.endsWith("asconfig.json")) return null; // (the engine's entries are not wanted here)
      try { return readFileSync(join(baseDir, name), "utf8"); } catch { return null; }
    },
    writeFile: (name: string, contents: Uint8Array | string) => { if (name.endsWith(".wasm")) binary = contents as Uint8Array; },
    listFiles: () => [],
    stdout: { write: () => true } as never,
    stderr: { write: () => true } as never,
    baseDir: root,
  } as never);
  if (error) throw new Error(`asc: ${error.message}\n${stderr.toString()}`);
  const { instance } = await WebAssembly.instantiate(binary!, { env: { abort: () => { throw new Error("abort"); } } });
  const e = instance.exports as Record<string, (...a: number[]) => number>;
  return {
    log: e.log, exp: e.exp, ln2: e.ln2,
    normals: (seed, id, n) => { e.seed(seed, id); return Array.from({ length: n }, () => e.normal()); },
  };
}

async function jsSide(): Promise<Side> {
  const m = await engineModule("toolkit/libm.js");
  const { Rng } = await engineModule("toolkit/rng.js");
  return {
    log: m.portableLog, exp: m.portableExp, ln2: (i) => (i === 0 ? m.LN2_HI : m.LN2_LO),
    normals: (seed, id, n) => { const r = new Rng(seed, id); return Array.from({ length: n }, () => m.normalDraw(r)); },
  };
}

/** Deterministic inputs: positive finite doubles from random bit patterns (every binade,
 *  subnormals included), values near 1, and the polar method's s in (0, 1). */
function logInputs(): number[] {
  const out: number[] = [];
  let x = 12345;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
  const buf = new Float64Array(1);
  const words = new Uint32Array(buf.buffer);
  while (out.length < 60_000) {
    words[0] = next();
    words[1] = next() & 0x7fefffff; // positive, finite
    if (buf[0] > 0) out.push(buf[0]);
  }
  for (let i = 1; i <= 20_000; i++) out.push(1 + (i - 10_000) * 2 ** -30, i / 20_001);
  return out;
}

function expInputs(): number[] {
  const out: number[] = [];
  for (let i = 0; i <= 40_000; i++) out.push(-699 + (1398 * i) / 40_000 + i * 1e-9);
  for (let i = 1; i <= 20_000; i++) out.push((i - 10_000) * 1e-4 * Math.PI, (i - 10_000) * 2 ** -40);
  return out;
}

function ulps(a: number, b: number): number {
  const buf = new Float64Array([a, b]);
  const w = new BigInt64Array(buf.buffer);
  const d = w[0] - w[1];
  return Number(d < 0n ? -d : d);
}

describe("deterministic maths (assembly/toolkit/libm.ts, src/trace/libm.ts)", () => {
  let wasm: Side;
  let js: Side;
  beforeAll(async () => {
    wasm = await wasmSide();
    js = await jsSide();
  }, 120_000);

  it("the engine's ln gives the same bits in the Wasm and JS builds", () => {
    const xs = logInputs();
    let differ = 0;
    for (const x of xs) if (!Object.is(wasm.log(x), js.log(x))) differ++;
    expect(xs.length).toBeGreaterThan(90_000);
    expect(differ).toBe(0);
  });

  it("the engine's e^x gives the same bits in the Wasm and JS builds", () => {
    const ys = expInputs();
    let differ = 0;
    for (const y of ys) if (!Object.is(wasm.exp(y), js.exp(y))) differ++;
    expect(differ).toBe(0);
  });

  it("the engine's normal draws (Yaq's estimate noise) are the same in both builds", () => {
    for (const [seed, id] of [[1, 27], [2, 27], [7, 3], [123456789, 27]]) {
      expect(wasm.normals(seed, id, 5000)).toEqual(js.normals(seed, id, 5000));
    }
    const z = js.normals(1, 27, 20_000);
    const mean = z.reduce((s, v) => s + v, 0) / z.length;
    const variance = z.reduce((s, v) => s + (v - mean) ** 2, 0) / z.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });

  it("both sides split ln 2 with the same constants", () => {
    for (const side of [wasm, js]) {
      expect(side.ln2(0)).toBe(LN2_HI);
      expect(side.ln2(1)).toBe(LN2_LO);
    }
    expect(LN2_HI + LN2_LO).toBe(Math.LN2);
  });

  it("the engine's ln and e^x stay within 4 ulps of the host's fdlibm ones", () => {
    let worst = 0;
    for (const x of logInputs()) worst = Math.max(worst, ulps(js.log(x), hostLog(x)));
    for (const y of expInputs()) worst = Math.max(worst, ulps(js.exp(y), hostExp(y)));
    expect(worst).toBeLessThanOrEqual(4);
    expect(js.log(1)).toBe(0);
    expect(js.exp(0)).toBe(1);
    expect(js.log(2)).toBe(Math.LN2);
  });
});
