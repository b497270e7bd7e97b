// Yaq's analytic queue sizing (spec seed-yaq.md §2.1.2-§2.1.4): Eq. (1) with its validity caveat,
// Eq. (2) exact, Proposition 2 as printed and corrected — row for row against the spec's tables
// and the paper's worked examples.
import { describe, it, expect } from "vitest";
import { sizeEq1, sizeEq2, utilizationCorrected, utilizationPrinted, erlangCdf, yaqSizing } from "../src/analysis/yaq.js";

// spec §2.1.3: rμτ | Eq.1 (δ=.05) | Eq.2 (δ=.05) | Eq.1 (δ=.01) | Eq.2 (δ=.01)
const TABLE: [number, number, number, number, number][] = [
  [0.5, 3, 2, 3, 3], [1, 4, 3, 5, 4], [1.31, 4, 3, 6, 5], [2, 6, 5, 7, 6], [3, 8, 6, 9, 8], [4, 9, 8, 11, 9],
  [5, 11, 9, 13, 11], [6, 12, 10, 14, 12], [8, 15, 13, 18, 15], [10, 18, 15, 21, 18], [15, 25, 22, 28, 25],
  [20, 31, 28, 35, 31], [30, 44, 39, 48, 43],
];

describe("Eq. (1) and Eq. (2): the spec's §2.1.3 table, row for row", () => {
  it.each(TABLE)("rμτ = %s", (a, e1a, e2a, e1b, e2b) => {
    // r = 10, τ = 3: 1/μ = 30 / a.
    const at = (target: number) => ({ slots: 10, heartbeat: 3, mean: 30 / a, target });
    expect([sizeEq1(at(0.95)), sizeEq2(at(0.95)), sizeEq1(at(0.99)), sizeEq2(at(0.99))]).toEqual([e1a, e2a, e1b, e2b]);
  });
});

describe("the paper's worked examples (r = 10, τ = 3 s, 95%)", () => {
  it("1/μ = 10 s: b = 6 by Eq. (2) (the paper's value), 8 by Eq. (1)", () => {
    const s = yaqSizing({ slots: 10, mean: 10, heartbeat: 3, target: 0.95 });
    expect(s.eq2).toBe(6);
    expect(s.eq1).toBe(8);
  });
  it("1/μ = 30 s: b >= 3 by Eq. (2), 4 by Eq. (1)", () => {
    expect(sizeEq2({ slots: 10, mean: 30, heartbeat: 3, target: 0.95 })).toBe(3);
    expect(sizeEq1({ slots: 10, mean: 30, heartbeat: 3, target: 0.95 })).toBe(4);
  });
  it("Hive-MS: 1/μ = 22.9 s gives b = 4 by Eq. (1) (the paper's Yaq-c queue size), 3 by Eq. (2)", () => {
    expect(sizeEq1({ slots: 10, mean: 22.9, heartbeat: 3, target: 0.95 })).toBe(4);
    expect(sizeEq2({ slots: 10, mean: 22.9, heartbeat: 3, target: 0.95 })).toBe(3);
  });
  it("validity caveat: with rμτ = 6 the literal Eq. (1) holds at b = 0; the caveat's b is past rμτ", () => {
    // r = 10, 1/μ = 5 s, τ = 3: the literal inequality's left side at b = 0 is 6 − 1 + ln(1/6) > ln 20.
    expect(6 - 1 + Math.log(1 / 6)).toBeGreaterThan(Math.log(20));
    const b = sizeEq1({ slots: 10, mean: 5, heartbeat: 3, target: 0.95 });
    expect(b + 1).toBeGreaterThan(6);
    expect(b).toBe(12);
  });
});

// spec §2.1.4: 1/μ | b | printed Prop. 2 | corrected (r = 10, τ = 3)
const PROP2: [number, number, number, number][] = [
  [5, 0, 0.7520, 0.7520], [5, 1, 0.6533, 0.8171], [5, 2, 0.5585, 0.8712], [5, 4, 0.4691, 0.9457], [5, 6, 0.5884, 0.9821],
  [10, 0, 0.8639, 0.8639], [10, 1, 0.6578, 0.9247], [10, 2, 0.5781, 0.9626], [10, 4, 0.7470, 0.9934], [10, 6, 0.9322, 0.9992],
  [50, 0, 0.9706, 0.9706], [50, 1, 0.7917, 0.9949], [50, 2, 0.9222, 0.9993],
];

describe("Proposition 2: printed and corrected, the spec's §2.1.4 table", () => {
  it.each(PROP2)("1/μ = %s s, b = %s", (mean, b, printed, corrected) => {
    expect(utilizationPrinted(10, mean, 3, b)).toBeCloseTo(printed, 4);
    expect(utilizationCorrected(10, mean, 3, b)).toBeCloseTo(corrected, 4);
  });
  it("b = 0 is (1 − e^{−μτ}) / (μτ) in both", () => {
    for (const mean of [1, 5, 10, 50]) {
      const mt = 3 / mean;
      expect(utilizationCorrected(10, mean, 3, 0)).toBeCloseTo((1 - Math.exp(-mt)) / mt, 12);
      expect(utilizationPrinted(10, mean, 3, 0)).toBeCloseTo((1 - Math.exp(-mt)) / mt, 12);
    }
  });
  it("the corrected u(b) rises with b towards 1; the printed one does not", () => {
    let prev = 0;
    for (let b = 0; b <= 30; b++) {
      const u = utilizationCorrected(10, 5, 3, b);
      expect(u).toBeGreaterThan(prev);
      expect(u).toBeLessThanOrEqual(1);
      prev = u;
    }
    expect(utilizationPrinted(10, 10, 3, 1)).toBeLessThan(utilizationPrinted(10, 10, 3, 0));
  });
  it("Eq. (2)'s b reaches the target under the corrected model (a lower bound on u)", () => {
    for (const [a] of TABLE) {
      const b = sizeEq2({ slots: 10, heartbeat: 3, mean: 30 / a, target: 0.95 });
      expect(utilizationCorrected(10, 30 / a, 3, b)).toBeGreaterThanOrEqual(0.95);
    }
  });
});

describe("the Erlang tail", () => {
  it("Pr[Poisson(a) >= n] against direct sums", () => {
    expect(erlangCdf(0, 3)).toBe(1);
    expect(erlangCdf(1, 3)).toBeCloseTo(1 - Math.exp(-3), 15);
    expect(erlangCdf(2, 3)).toBeCloseTo(1 - Math.exp(-3) * 4, 15);
    expect(erlangCdf(3, 0)).toBe(0);
    // a far tail, against a sum in log space: Σ_{k>=200} e^{-100} 100^k / k!
    let lf = 0;
    for (let k = 2; k < 200; k++) lf += Math.log(k);
    let tail = 0;
    for (let k = 200; k < 600; k++) { lf += Math.log(k); tail += Math.exp(-100 + k * Math.log(100) - lf); }
    expect(Math.abs(erlangCdf(200, 100) - tail) / tail).toBeLessThan(1e-9);
  });
  it("large a (e^{-a} underflows from a ≈ 745): the terms from their logarithms, no endless search", () => {
    // Pr[Poisson(a) >= a + 1] tends to 1/2 from below; the two ways agree across the switch at 700.
    for (const a of [699, 701, 746, 10_000]) {
      const p = erlangCdf(a + 1, a);
      expect(p, String(a)).toBeGreaterThan(0.48);
      expect(p, String(a)).toBeLessThan(0.5);
    }
    expect(Math.abs(erlangCdf(760, 700) - erlangCdf(761, 701))).toBeLessThan(0.01);
    // The sizes of the normal approximation (b + 1 ≈ a + 1.2816 √a for δ = 0.1), where the
    // search used to run for ever.
    expect(sizeEq2({ slots: 1, mean: 1, heartbeat: 746, target: 0.9 })).toBe(781);
    expect(sizeEq2({ slots: 10_000, mean: 1, heartbeat: 1, target: 0.9 })).toBe(10_128);
  });
  it("bad input: a range error naming the value", () => {
    expect(() => sizeEq1({ slots: 0, mean: 10, heartbeat: 3, target: 0.95 })).toThrow(/slots r must be/);
    expect(() => sizeEq2({ slots: 10, mean: 10, heartbeat: 0, target: 0.95 })).toThrow(/heartbeat/);
    expect(() => sizeEq2({ slots: 10, mean: 10, heartbeat: 3, target: 1 })).toThrow(/target utilization/);
  });
});
