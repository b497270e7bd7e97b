// Yaq's indexed minima (assembly/schedulers/yaq/minima.ts: WideMin, LoadMin) give the answers
// of the segment tree they replace (mintree.ts MinTree: the lowest value, then the lowest index)
// under random changes with many ties, +Infinity and sizes around the 8-ary tree's group edges.
import { describe, it, expect } from "vitest";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { packageRoot } from "../src/engine/node.js";

const engineModule = async (name: string) =>
  import(pathToFileURL(join(packageRoot(), "build/engine-js", name)).href);

function lcg(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 48271) % 2147483647);
}

describe("WideMin (8-ary min index)", () => {
  it("answers like MinTree under random changes", async () => {
    const { WideMin } = await engineModule("schedulers/yaq/minima.js");
    const { MinTree } = await engineModule("toolkit/mintree.js");
    for (const n of [1, 2, 7, 8, 9, 63, 64, 65, 511, 513, 4097]) {
      for (const initial of [0, Infinity]) {
        const a = new WideMin(n, initial);
        const b = new MinTree(n);
        for (let i = 0; i < n; i++) b.set(i, initial);
        const rnd = lcg(11 + n);
        const ops = Math.max(3000, 8 * n);
        for (let k = 0; k < ops; k++) {
          const i = rnd() % n;
          const r = rnd() % 10;
          // Few distinct values (ties), +Infinity, negatives, and the current minimum rising.
          const v = r === 0 ? Infinity : r === 1 ? b.minValue() + 1 : r === 2 ? -(rnd() % 3) : (rnd() % 7) / 2;
          const j = r === 1 ? b.minIndex() : i;
          a.set(j, v); b.set(j, v);
          expect(a.get(j)).toBe(v);
          // (== : a zero's sign may differ between the two, and no reader looks at it)
          expect(a.minValue() === b.minValue()).toBe(true);
          expect(a.minIndex()).toBe(b.minIndex());
        }
      }
    }
  });
});

describe("LoadMin (free slots in bins, other loads in a lazily updated tree)", () => {
  it("answers like MinTree over the same loads", async () => {
    const { LoadMin } = await engineModule("schedulers/yaq/minima.js");
    const { MinTree } = await engineModule("toolkit/mintree.js");
    for (const [n, r] of [[1, 1], [9, 1], [70, 3], [300, 1], [129, 65]] as const) {
      const a = new LoadMin(n, r);
      const b = new MinTree(n);
      for (let i = 0; i < n; i++) b.set(i, -r);
      const rnd = lcg(5 + n + r);
      for (let k = 0; k < 6000; k++) {
        const i = rnd() % n;
        const c = rnd() % 8;
        // Loads: -(free slots) in [-r, -1], or >= 0, or +Infinity (Mercury's top-k takes nodes out).
        const v = c === 0 ? Infinity : c < 4 ? -(1 + (rnd() % r)) : (rnd() % 9) / 4;
        a.set(i, v); b.set(i, v);
        expect(a.get(i)).toBe(v);
        if (rnd() % 3 === 0) expect(a.minIndex()).toBe(b.minIndex());
      }
      expect(a.minIndex()).toBe(b.minIndex());
    }
  });
});
