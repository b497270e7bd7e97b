// The library API as an embedding program uses it.
import { describe, it, expect } from "vitest";
import { simulate, summarize, parseTr, SCHEDULERS, InputError } from "../src/index.js";

describe("library API", () => {
  it("simulates a parsed trace and reports progress through a callback", async () => {
    const trace = parseTr(new TextEncoder().encode("0 2 1 1 1\n0.5 1 2 2\n1 3 1 1 1 1\n"), "api.tr");
    const seen: number[] = [];
    const r = await simulate(trace, { scheduler: "sparrow", nodes: 4 }, { engine: "js", sliceEvents: 3, onProgress: (p) => seen.push(p.jobsDone) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen[seen.length - 1]).toBe(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const s = summarize(r, 1.5);
    expect(s.short.jobs + s.long.jobs).toBe(3);
    expect(s.long.jobs).toBe(1);
    expect(SCHEDULERS.length).toBeGreaterThanOrEqual(3);
  });

  it("rejects bad configuration with InputError", async () => {
    const trace = parseTr(new TextEncoder().encode("0 1 1 1\n"), "api.tr");
    await expect(simulate(trace, { scheduler: "sparrow", nodes: 0 })).rejects.toBeInstanceOf(InputError);
    await expect(simulate(trace, { scheduler: "sparrow", nodes: 2, params: { probeRatio: 0 } })).rejects.toThrow(/probeRatio/);
  });
});
