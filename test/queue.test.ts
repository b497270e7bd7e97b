// The node-queue arena (assembly/queues.ts): each node's queue is a contiguous run of
// records inside its own region; regions grow by moving to a twice-as-large one, queues slide
// to the front of their region, removals move the shorter side. A random sequence of
// operations is checked against a plain array model of every queue.
import { describe, it, expect } from "vitest";
import { engineInternals } from "./helpers.js";

/** A small deterministic generator for the test's own choices. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s % n; };
}

describe("node queue arena", () => {
  it("matches an array model under random enqueues, removals and moves, with regions disjoint", async () => {
    const sim = await engineInternals();
    const nodes = 6, jobs = 40;
    sim.allocate(jobs, jobs, nodes, 1, 0.0005, 1, 1, false, false);
    for (let j = 0; j <= jobs; j++) sim.jobFirstTask[j] = j;
    sim.initialize(new sim.Scheduler());
    for (let j = 0; j < jobs; j++) { sim.setJobClass(j, j % 3 === 0); }
    const model: number[][] = Array.from({ length: nodes }, () => []);
    const read = (n: number) => {
      const out: number[] = [];
      for (let r = sim.queueFirst(n); r < sim.queueEnd(n); r++) out.push(sim.entryJob(r));
      return out;
    };
    const rnd = lcg(42);
    let grew = 0;
    for (let step = 0; step < 4000; step++) {
      const n = rnd(nodes);
      const op = rnd(10);
      const capBefore = 1 << sim.regionLog(n);
      if (op < 5 || model[n].length === 0) {
        const job = rnd(jobs);
        sim.enqueue(n, job, -1, 0);
        model[n].push(job);
        if ((1 << sim.regionLog(n)) > capBefore) grew++;
      } else if (op < 8) {
        const i = rnd(model[n].length);
        sim.removeAt(n, sim.queueFirst(n) + i);
        model[n].splice(i, 1);
      } else {
        const to = (n + 1 + rnd(nodes - 1)) % nodes;
        const i = rnd(model[n].length);
        const k = 1 + rnd(model[n].length - i);
        sim.moveRun(n, sim.queueFirst(n) + i, k, to);
        model[to].push(...model[n].splice(i, k));
      }
      if (step % 97 === 0 || step === 3999) {
        const spans: [number, number][] = [];
        for (let m = 0; m < nodes; m++) {
          expect(read(m)).toEqual(model[m]);
          const longs = model[m].filter((j) => j % 3 === 0).length;
          expect(sim.longQueued(m)).toBe(longs);
          expect(sim.holdsLongWork(m)).toBe(longs > 0); // (no task runs here)
          const base = sim.regionBase(m), cap = 1 << sim.regionLog(m), first = sim.queueFirst(m);
          expect(base).toBeGreaterThanOrEqual(0);
          expect(cap).toBeGreaterThanOrEqual(4);
          expect(first).toBeGreaterThanOrEqual(base);
          expect(sim.queueEnd(m)).toBeLessThanOrEqual(base + cap);
          spans.push([base, base + cap]);
        }
        spans.sort((a, b) => a[0] - b[0]);
        for (let k = 1; k < spans.length; k++) expect(spans[k][0]).toBeGreaterThanOrEqual(spans[k - 1][1]);
      }
    }
    expect(grew).toBeGreaterThan(5); // the sequence did exercise region growth
    expect(sim.counters[sim.C_MAX_QUEUE]).toBeGreaterThanOrEqual(Math.max(...model.map((q) => q.length)));
  });

  it("an emptied queue restarts near its region's start, giving a large region back", async () => {
    const sim = await engineInternals();
    sim.allocate(100, 100, 2, 1, 0.0005, 1, 1, false, false);
    for (let j = 0; j <= 100; j++) sim.jobFirstTask[j] = j;
    sim.initialize(new sim.Scheduler());
    const first = (n: number) => sim.queueFirst(n);
    const len = (n: number) => sim.queueLength(n);
    // 10 records: the region grows to 16 (not above the shrink limit) and is kept when emptied
    for (let j = 0; j < 10; j++) sim.enqueue(0, j, -1, 0);
    expect(sim.regionLog(0)).toBe(4);
    const base16 = sim.regionBase(0);
    while (len(0) > 0) sim.removeAt(0, first(0));
    expect(sim.regionLog(0)).toBe(4);
    expect(sim.regionBase(0)).toBe(base16);
    expect(first(0) - base16).toBeLessThan(8);      // in the first half,
    expect((first(0) - base16) % 4).toBe(0);        // on a record index that is a multiple of 4
    // 40 records: a 64-record region, given back when emptied for a minimal one
    for (let j = 0; j < 40; j++) sim.enqueue(1, j, -1, 0);
    expect(sim.regionLog(1)).toBe(6);
    const base64 = sim.regionBase(1);
    for (let j = 0; j < 40; j++) sim.removeAt(1, first(1));
    expect(sim.regionLog(1)).toBe(2);
    expect(first(1)).toBe(sim.regionBase(1));
    // the freed 64-record region is the next one of that size handed out
    for (let j = 0; j < 40; j++) sim.enqueue(0, j, -1, 0);
    expect(sim.regionLog(0)).toBe(6);
    expect(sim.regionBase(0)).toBe(base64);
    const out: number[] = [];
    for (let r = first(0); r < first(0) + len(0); r++) out.push(sim.entryJob(r));
    expect(out).toEqual(Array.from({ length: 40 }, (_, j) => j));
  });

  it("closeGap drops the records a compacting scan left out and keeps the rest in order", async () => {
    const sim = await engineInternals();
    sim.allocate(10, 10, 1, 1, 0.0005, 1, 1, false, false);
    for (let j = 0; j <= 10; j++) sim.jobFirstTask[j] = j;
    sim.initialize(new sim.Scheduler());
    for (let j = 0; j < 9; j++) sim.enqueue(0, j, -1, 0);
    const first = sim.queueFirst(0);
    // a scan keeps jobs 0, 2, 4 of the first six (writing them to positions 0..2), stops at 6
    sim.keepEntryAt(first + 2, first + 1);
    sim.keepEntryAt(first + 4, first + 2);
    sim.closeGap(0, first + 3, first + 6);
    const out: number[] = [];
    for (let r = first; r < sim.queueEnd(0); r++) out.push(sim.entryJob(r));
    expect(out).toEqual([0, 2, 4, 6, 7, 8]);
  });
});
