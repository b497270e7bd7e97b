// A master's dispatch (seed-fregata.md §2.5-§2.7, A7, A8, A9, A16): HIGH before LOW (or WFQ(W)),
// each class's window scanned in key order, each task that can be placed alone now paired with
// its complementary partner (packing.ts packList, evaluated lazily), the pair placed on one
// worker by best fit, else the task and then its partner alone; what cannot be placed stays
// queued (bounded backfill within the window).
import { count, sendBegin, sendTo, sendEnd } from "../../policy";
import { f64Base, i32Base, f64Get, f64Set, i32Get, i32Set, ctz32, ushr, I32Ptr, F64Ptr } from "../../toolkit/glue";
import { Wfq } from "../../toolkit/wfq";
import { HIGH, LOW } from "./settings";
import { Workers } from "./workers";
import { Windows, removePlaced } from "./window";
import { setBit, validWord } from "./bitmask";

export class Dispatcher {
  workers: Workers;
  windows: Windows;
  /** Strict priority (W = inf), or WFQ(W) at each master (Pigeon's rule, wfq.ts). */
  strict: bool = true;
  wfq: Wfq[] = [];
  /** Counters: packedPairs, backfills, wfqLowTurns (registered only with WFQ). */
  cPairs: i32;
  cBackfill: i32;
  cLowTurns: i32;

  constructor(workers: Workers, windows: Windows, wfqWeight: f64, cPairs: i32, cBackfill: i32, cLowTurns: i32) {
    this.workers = workers;
    this.windows = windows;
    this.strict = wfqWeight == Infinity;
    for (let g = 0; g < workers.groups; g++) this.wfq.push(new Wfq(2).setWeight(LOW, wfqWeight));
    this.cPairs = cPairs;
    this.cBackfill = cBackfill;
    this.cLowTurns = cLowTurns;
  }

  /** Master g places what fits; `gain`: the worker whose resources were just freed (a
   *  release), or -1. */
  dispatch(g: i32, now: f64, gain: i32): void {
    const workers = this.workers;
    if (workers.groupFreeSlots[g] == 0) return;
    sendBegin();
    if (this.strict) {
      for (let cls = HIGH; cls <= LOW; cls++) {
        this.scanClass(g, cls, gain, 0);
        if (workers.groupFreeSlots[g] == 0) break;
      }
    } else {
      // WFQ(W) (A16's option; Pigeon's rule, wfq.ts): one entity per turn from the class the rule
      // picks among those with queued tasks; a class that can place nothing now sits out the rest
      // of this dispatch (work-conserving: the other class goes on, and the waiting class's count
      // keeps growing, so it is served first once something of it fits). Every task placed is a
      // counted dispatch (a pair counts two).
      const rule = this.wfq[g];
      const windowLen = this.windows.windowLen;
      let stuck = 0;
      while (workers.groupFreeSlots[g] > 0) {
        let mask = 0;
        if (windowLen[2 * g + HIGH] > 0 && (stuck & 1) == 0) mask |= 1;
        if (windowLen[2 * g + LOW] > 0 && (stuck & 2) == 0) mask |= 2;
        const c = rule.choose(mask);
        if (c < 0) break;
        const n = this.scanClass(g, c, gain, 1);
        if (n == 0) { stuck |= 1 << c; continue; }
        if (c == LOW && (mask & 1) != 0) count(this.cLowTurns, <f64>n);
        for (let k = 0; k < n; k++) rule.served(c);
      }
    }
    sendEnd(now);
  }

  /** Scans class `cls`'s window of master g and places what fits (`limit` > 0: stops after the
   *  first entity placed); returns the number of tasks placed. */
  scanClass(g: i32, cls: i32, gain: i32, limit: i32): i32 {
    const win = this.windows;
    const workers = this.workers;
    const q = 2 * g + cls;
    const w = win.windowLen[q];
    if (w == 0) return 0;
    const K = win.windowSize;
    const base = q * K;
    const D = win.dims;
    // Known entries (speed; the decisions are those of checking every entry): a window task
    // that could not be placed at its last check stays unplaceable until a worker of the group
    // frees resources, since placements only take. A release triggers this scan with `gain` =
    // that worker (every release does, and a scan that stops early stops because no worker
    // has a free slot the class may use), so a known task needs checking against `gain` only;
    // on other events it is skipped (freshCount counts the others). New and refilled entries
    // are checked in full. (The entries' demands, dominant resources and tiers are read from
    // the queue's pool.)
    if (win.freshCount[q] == 0 && gain < 0) return 0;
    // (anyTier tasks of LOW may use reserved workers: they skip the bound, mightFit)
    // No free slot the class may use: nothing to place.
    if (workers.usableSlots(g, cls) == 0) return 0;
    // packList (packing.ts) evaluated lazily over the window: entity i's partner is chosen when
    // the scan reaches i, among the later tasks not yet taken (ties to the earlier), but only for
    // a task that can be placed alone now (a quick bound — its demand within the group's largest
    // free amounts — then best fit): a task that cannot be placed now takes no partner, and the
    // partner it would have had stays free for a later task. The scan stops when the group is full.
    // (typed arrays through raw pointers: V8 reloads an array's data pointer after every
    // store, the pointers taken once here are loaded once; none of these arrays is reallocated
    // during a scan)
    const words = win.maskWords;
    const taken = i32Base(win.takenBits);
    const placed = i32Base(win.placedBits);
    for (let k = 0; k < words; k++) { i32Set(taken, k, 0); i32Set(placed, k, 0); }
    const packs = win.packPairs && D > 0 && w > 1;
    let gainUsable = workers.usableGain(gain, cls);
    // (rebuilt after half a window of known entries left: the bounds only filter, and rebuilding
    // them more often cost more instructions than it saved, docs/perf-log.md)
    if (gainUsable && D > 0 && win.bucketMinLeft[q] * 2 >= K) win.rebuildBucketMin(q);
    // Known entries all fail when `gain` cannot take any (no usable slot, or no bucket's bound
    // fits it): the scan then only looks at the fresh ones. Otherwise it looks at the known
    // entries whose bucket's bound fits `gain` (knownFitBits; the others fail the exact test).
    let skipKnown = !gainUsable || !win.computeKnownFit(q, gain);
    const pd = f64Base(win.poolDemand);
    const pAny = i32Base(win.poolAnyTier);
    const pDom = i32Base(win.poolDominant);
    const slot = i32Base(win.windowSlot);
    const masks = i32Base(win.masks);
    const mo = q * win.masksPerQueue * words; // (this queue's masks)
    const room = f64Base(workers.room);
    const dem = f64Base(workers.demand);
    const gainOff = gain * D;
    const pn = f64Base(win.poolPackDemand);
    const varying = i32Base(win.varying);
    const nv = win.nVarying;
    // (the two varying dimensions, when there are two: fitsRoom unrolled)
    const v0 = win.pairDim0;
    const v1 = win.pairDim1;
    let placedAny = false;
    let placedN = 0;
    let noSlot = false; // (usableSlots > 0 here; recomputed after each placement)
    let i = -1;
    for (;;) {
      if (limit > 0 && placedN > 0) break; // (WFQ: one entity per turn)
      if (noSlot) break; // (no free slot in the group, or none the class may use)
      // The next entry not taken that may be placeable: fresh, or known with a bucket that fits
      // `gain` (the entries passed over fail: known ones whose bound does not fit, or all known
      // ones when skipKnown).
      i = win.nextCandidate(q, i + 1, w, skipKnown);
      if (i >= w) break;
      const isKnown = (ushr(i32Get(masks, mo + (i >> 5)), i & 31) & 1) != 0;
      const ei = base + i32Get(slot, base + i);
      const anyI = i32Get(pAny, ei) != 0;
      const anyT = cls == LOW && anyI;
      const oi = ei * D;
      if (isKnown) {
        // (a LOW anyTier entry is never known: anyT is false here; `gain`'s slot and tier were
        // tested once per placement on it, the bucket's bound in knownFitBits)
        if (!fitsRoom(pd, oi, room, gainOff, varying, nv, v0, v1)) continue;
      } else {
        if (!anyT && !workers.mightFit(pd, oi, g, cls)) { win.markKnown(q, base + i); continue; }
      }
      // A task that cannot be placed alone now takes no partner (and waits).
      for (let d = 0; d < D; d++) f64Set(dem, d, f64Get(pd, oi + d));
      const alone = workers.bestFit(g, cls == HIGH || anyI, 1);
      if (alone < 0) {
        // (a bound that let it through is computed again when next needed)
        if (!isKnown && !anyT && workers.maxFreeState[q] == 1) workers.maxFreeState[q] = 0;
        win.markKnown(q, base + i);
        continue;
      }
      // (an entry before i was not taken: it was checked and failed, so this placement and
      // those of i's partner are backfills)
      const backfill = win.failedBefore(i);
      // With one free slot left in the group no worker has two, so a pair cannot be placed;
      // task i then takes that slot alone, the scan ends and the partner is never tried alone:
      // the choice of a partner changes nothing, and the search is skipped.
      // (no pair passes the guard when a constant dimension cannot hold two tasks)
      const di = packs && win.pairConst && workers.groupFreeSlots[g] > 1 ? i32Get(pDom, ei) : -1;
      const p = di >= 0 ? bestPartner(win, i, di, w, base, oi, mo, masks, taken, slot, pd, pn) : -1;
      let gainHit = false; // (a placement on `gain`: its slot and bounds are tested again)
      if (p > i) {
        // Taken as i's partner whether or not the pair is placed now (packList's `used`).
        setBit(taken, p);
        const ep = base + i32Get(slot, base + p);
        const op = ep * D;
        for (let d = 0; d < D; d++) f64Set(dem, d, f64Get(pd, oi + d) + f64Get(pd, op + d));
        const wide = cls == HIGH || (anyI && i32Get(pAny, ep) != 0);
        const node = workers.maxFreeMightHold(g, cls, wide, 2) ? workers.bestFit(g, wide, 2) : -1;
        if (node >= 0) {
          place(workers, win, node, ei, pd);
          place(workers, win, node, ep, pd);
          setBit(taken, i);
          setBit(placed, i);
          setBit(placed, p);
          noSlot = workers.groupFreeSlots[g] == 0 || workers.usableSlots(g, cls) == 0;
          placedAny = true;
          placedN += 2;
          count(this.cPairs, 1.0);
          if (backfill) count(this.cBackfill, 1.0);
          if (node == gain) {
            gainUsable = workers.usableGain(gain, cls);
            skipKnown = !gainUsable || !win.computeKnownFit(q, gain);
          }
          continue;
        }
      }
      // A single, or a pair that fits nowhere now tried as two singles (A9): task i goes to
      // `alone` (nothing has changed since it was found; the best-fit search that found it is
      // counted again, as when it was repeated here).
      if (workers.reserved[alone] != 0) count(workers.cReserved, 1.0);
      place(workers, win, alone, ei, pd);
      setBit(taken, i);
      setBit(placed, i);
      noSlot = workers.groupFreeSlots[g] == 0 || workers.usableSlots(g, cls) == 0;
      placedAny = true;
      placedN++;
      if (backfill) count(this.cBackfill, 1.0);
      if (alone == gain) gainHit = true;
      if (p > i && workers.groupFreeSlots[g] > 0) {
        // The partner alone (best fit).
        const ep = base + i32Get(slot, base + p);
        const op = ep * D;
        for (let d = 0; d < D; d++) f64Set(dem, d, f64Get(pd, op + d));
        // (most partners fit nowhere once task i is placed: the bound spares that best fit)
        const wideP = cls == HIGH || i32Get(pAny, ep) != 0;
        const node = workers.maxFreeMightHold(g, cls, wideP, 1) ? workers.bestFit(g, wideP, 1) : -1;
        if (node < 0) win.markKnown(q, base + p);
        else {
          place(workers, win, node, ep, pd);
          setBit(placed, p);
          noSlot = workers.groupFreeSlots[g] == 0 || workers.usableSlots(g, cls) == 0;
          placedN++;
          if (backfill) count(this.cBackfill, 1.0);
          if (node == gain) gainHit = true;
        }
      }
      if (gainHit) {
        // (placements elsewhere leave gain's slots and room, so these stay as they were)
        gainUsable = workers.usableGain(gain, cls);
        skipKnown = !gainUsable || !win.computeKnownFit(q, gain);
      }
    }
    if (!placedAny) return 0;
    removePlaced(win, q, w, base, slot, masks, mo, placed);
    return placedN;
  }
}

// (The scan's steps below are functions inlined into it, its locals passed as their arguments:
// as methods they would load again, at every call, what the scan holds in registers.)

/** Whether the demand at `oi` in pd fits the room at `ro` in `room` on the varying dimensions
 *  (the constant ones fit a known entry's worker: its bucket's bound there is the entry's
 *  demand); with two of them (v0, v1) the loop unrolled, the same tests. */
// @ts-ignore: decorator
@inline function fitsRoom(pd: F64Ptr, oi: i32, room: F64Ptr, ro: i32, varying: I32Ptr, nv: i32, v0: i32, v1: i32): bool {
  if (nv == 2) return !(f64Get(pd, oi + v0) > f64Get(room, ro + v0) || f64Get(pd, oi + v1) > f64Get(room, ro + v1));
  for (let k = 0; k < nv; k++) {
    const d = i32Get(varying, k);
    if (f64Get(pd, oi + d) > f64Get(room, ro + d)) return false;
  }
  return true;
}

/** Places the window task in pool entry e (its demands at pd) on worker `node` (its demands and
 *  job from the pool: the same values as the task's columns, on lines the scan just read); its
 *  load moves from assigned to allocated: the group's sum is unchanged until it ends. */
// @ts-ignore: decorator
@inline function place(workers: Workers, win: Windows, node: i32, e: i32, pd: F64Ptr): void {
  workers.take(node, pd, e * win.dims);
  sendTo(node, win.poolJob[e], win.poolTask[e]);
}

/** The complementary partner of window entry i (dominant resource di, its pool entry's demands
 *  at oi) among queue q's window of w entries (window positions at base, masks at mo): the
 *  later entry not taken, of another dominant resource, with the largest DV whose pair passes
 *  the guard (ties to the earlier); -1 if none. */
// @ts-ignore: decorator
@inline function bestPartner(win: Windows, i: i32, di: i32, w: i32, base: i32, oi: i32, mo: i32, masks: I32Ptr,
                             taken: I32Ptr, slot: I32Ptr, pd: F64Ptr, pn: F64Ptr): i32 {
  const D = win.dims;
  const words = win.maskWords;
  const dominantMask = win.dominantMask;
  const nv = win.nVarying;
  let p = -1;
  // The candidates: later entries not taken with a dominant resource other than di, in window
  // order (their bits).
  let bestDv = -1.0;
  const from = i + 1;
  for (let k = from >> 5; (k << 5) < w; k++) {
    let other = 0;
    for (let d = 0; d < D; d++) if (d != di) other |= i32Get(masks, mo + (dominantMask + d) * words + k);
    let bits = other & ~i32Get(taken, k) & validWord(k, w);
    if (k == from >> 5) bits &= -1 << (from & 31);
    if (nv == 2) {
      // (two varying dimensions, `aviary gen fregata`'s cpu and memory: the loop below with
      // task i's values and the bounds in locals, the candidates' reads alone in the loop; the
      // same doubles in the same order: (0 + y0 x y0) + y1 x y1 is y0 x y0 + y1 x y1, a square
      // being never -0)
      const v0 = win.pairDim0;
      const v1 = win.pairDim1;
      const c0 = win.pairCap0;
      const c1 = win.pairCap1;
      const ni0 = f64Get(pn, oi + v0);
      const ni1 = f64Get(pn, oi + v1);
      const di0 = f64Get(pd, oi + v0);
      const di1 = f64Get(pd, oi + v1);
      while (bits != 0) {
        const j = (k << 5) + ctz32(bits);
        bits &= bits - 1;
        const oj = (base + i32Get(slot, base + j)) * D;
        const y0 = f64Get(pn, oj + v0) - ni0;
        const y1 = f64Get(pn, oj + v1) - ni1;
        const dv = 0.5 * (y0 * y0 + y1 * y1);
        if (!(dv > bestDv)) continue;
        if (di0 + f64Get(pd, oj + v0) > c0 || di1 + f64Get(pd, oj + v1) > c1) continue;
        bestDv = dv;
        p = j;
      }
      continue;
    }
    const varying = i32Base(win.varying);
    const maxCap = f64Base(win.workers.maxCap);
    while (bits != 0) {
      const j = (k << 5) + ctz32(bits);
      bits &= bits - 1;
      const oj = (base + i32Get(slot, base + j)) * D;
      // DV (packing.ts deviation: 1/2 |d_i - d_j|^2 over the demands as packing sees them) and
      // the A9 guard (packing.ts pairFits), on the pool's copies: the same numbers. (The guard
      // is tested only for a candidate that would beat the best so far: both tests are pure,
      // so the partner is the same.)
      // (over the varying dimensions: a constant one adds +0 to DV, and its guard term passed,
      // pairConst)
      let dv = 0.0;
      for (let x = 0; x < nv; x++) {
        const d = i32Get(varying, x);
        const y = f64Get(pn, oj + d) - f64Get(pn, oi + d);
        dv += y * y;
      }
      dv = 0.5 * dv;
      if (!(dv > bestDv)) continue;
      let fitsPair = true;
      for (let x = 0; x < nv; x++) {
        const d = i32Get(varying, x);
        if (f64Get(pd, oi + d) + f64Get(pd, oj + d) > f64Get(maxCap, d)) { fitsPair = false; break; }
      }
      if (!fitsPair) continue;
      bestDv = dv;
      p = j;
    }
  }
  return p;
}
