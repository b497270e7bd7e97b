// Fregata's workers as their masters see them (seed-fregata.md §2.6, A5, A6, A11, A16, A21): the
// groups (consecutive workers, one master each, a group's reserved workers first), each
// worker's free resources and slots (taken at placement, given back when the end notice
// arrives), each group's capacity and load (A5's sums), best fit (Eq. 2: the feasible worker with the smallest unused volume, ties to the
// lowest id), and per group and class the largest free amounts, a necessary condition for any
// placement that lets a scan skip a best fit that would find nothing (speed only).
import { nNodes, resourceDims, nodeSlots, capacityOf, count, taskDemands, demandIndex } from "../../policy";
import { toI32, f64Base, i32Base, f64Get, f64Set, i32Get, F64Ptr } from "../../toolkit/glue";
import { volume } from "./packing";
import { HIGH, LOW, FIT_EPS } from "./settings";

export class Workers {
  /** Resource dimensions (the trace's demands). */
  dims: i32 = 0;
  /** Groups, one per master (A6). */
  groups: i32 = 0;
  /** Group g's workers are groupStart[g] .. groupStart[g + 1) (G + 1 entries). */
  groupStart: Int32Array = new Int32Array(0);
  /** Per group: its first non-reserved worker, the first that LOW may use (its reserved
   *  workers come first, A16). */
  lowStart: Int32Array = new Int32Array(0);
  nodeGroup: Int32Array = new Int32Array(nNodes);
  reserved: Uint8Array = new Uint8Array(nNodes);
  /** C'_k (§2.6): the largest capacity per dimension (the engine's own maxima are built after
   *  the policy). */
  maxCap: Float64Array = new Float64Array(0);
  /** Free amount per worker and dimension (at n x dims + d), and free slots per worker. */
  free: Float64Array = new Float64Array(0);
  freeSlots: Int32Array = new Int32Array(nNodes);
  /** FIT_EPS x capacity per worker and dimension (the feasibility tolerance, precomputed). */
  tolerance: Float64Array = new Float64Array(0);
  /** free + tolerance per worker and dimension, kept current (the same sum the feasibility
   *  tests computed at each test: a demand fits where it is at most this). */
  room: Float64Array = new Float64Array(0);
  groupFreeSlots: Int32Array = new Int32Array(0);
  /** Free slots of each group's non-reserved workers (what LOW may use). */
  lowFreeSlots: Int32Array = new Int32Array(0);
  /** Per worker: its unused volume (Eq. 2, packing.ts volume), kept current. */
  unusedVolume: Float64Array = new Float64Array(0);
  /** Per queue q = 2 x group + class (dims + 1 values at q x (dims + 1)): the largest room per
   *  dimension and the most free slots (at most 2: the scans ask "at least 1" and "at least 2")
   *  over the workers the class may use. */
  maxFree: Float64Array = new Float64Array(0);
  /** Per queue: the state of its maxFree values: 0 stale (computed again when a fresh window
   *  entry needs them), 2 exact, 1 an upper bound (a worker holding a maximum took a task
   *  since; see takeFromMaxima). Either is a necessary condition for a placement, so the
   *  decisions are those of exact values. */
  maxFreeState: Uint8Array = new Uint8Array(0);
  /** Per group and dimension, the slots in the last column (dims + 1 values at g x (dims + 1)):
   *  the group's capacity, and its load: allocated + assigned but not placed (A5). */
  groupCap: Float64Array = new Float64Array(0);
  groupLoad: Float64Array = new Float64Array(0);
  /** The demand best fit looks for (the caller writes it: a task's, or a pair's sum). */
  demand: Float64Array = new Float64Array(0);
  /** The counter of placements on reserved workers (reservedDispatches). */
  cReserved: i32;

  constructor(groupSize: i32, reservedPercent: f64, cReserved: i32) {
    this.cReserved = cReserved;
    const D = resourceDims();
    this.dims = D;
    let G = toI32(Math.floor(<f64>(2 * nNodes + groupSize) / <f64>(2 * groupSize)));
    if (G < 1) G = 1;
    if (G > nNodes) G = nNodes;
    this.groups = G;
    this.groupStart = new Int32Array(G + 1);
    const base = toI32(<f64>nNodes / <f64>G);
    const extra = nNodes % G;
    for (let g = 0; g < G; g++) this.groupStart[g + 1] = this.groupStart[g] + base + (g < extra ? 1 : 0);
    this.maxCap = new Float64Array(D);
    for (let n = 0; n < nNodes; n++) for (let d = 0; d < D; d++) if (capacityOf(n, d) > this.maxCap[d]) this.maxCap[d] = capacityOf(n, d);
    this.free = new Float64Array(nNodes * D);
    this.tolerance = new Float64Array(nNodes * D);
    this.room = new Float64Array(nNodes * D);
    this.lowStart = new Int32Array(G);
    this.groupFreeSlots = new Int32Array(G);
    this.lowFreeSlots = new Int32Array(G);
    const W = D + 1; // dimensions, then slots
    this.groupCap = new Float64Array(G * W);
    this.groupLoad = new Float64Array(G * W);
    for (let g = 0; g < G; g++) {
      const s = this.groupStart[g];
      const size = this.groupStart[g + 1] - s;
      // Reserved workers (A16): ceil(rho x size), at least 1, leaving at least one ordinary worker.
      let r = toI32(Math.ceil(reservedPercent * <f64>size / 100.0 - 1e-9));
      if (reservedPercent > 0.0 && r < 1) r = 1;
      if (r > size - 1) r = size - 1;
      this.lowStart[g] = s + r;
      for (let n = s; n < s + size; n++) {
        this.nodeGroup[n] = g;
        this.reserved[n] = n < s + r ? 1 : 0;
        const slots = nodeSlots(n);
        this.freeSlots[n] = slots;
        this.groupFreeSlots[g] += slots;
        if (this.reserved[n] == 0) this.lowFreeSlots[g] += slots;
        this.groupCap[g * W + D] += <f64>slots;
        for (let d = 0; d < D; d++) {
          const c = capacityOf(n, d);
          this.free[n * D + d] = c;
          this.tolerance[n * D + d] = FIT_EPS * c;
          this.room[n * D + d] = c + this.tolerance[n * D + d];
          this.groupCap[g * W + d] += c;
        }
      }
    }
    this.maxFree = new Float64Array(2 * G * (D + 1));
    this.maxFreeState = new Uint8Array(2 * G);
    this.unusedVolume = new Float64Array(nNodes);
    for (let n = 0; n < nNodes; n++) this.unusedVolume[n] = volume(this.free, n * D, this.maxCap, D);
    this.demand = new Float64Array(D > 0 ? D : 1);
  }

  // ---- best fit ----
  /** The feasible worker of group g with the smallest unused volume for `demand` and `k` slots:
   *  non-reserved first, then (reservedToo) reserved; -1 if none. */
  bestFit(g: i32, reservedToo: bool, k: i32): i32 {
    const best = this.bestIn(g, 0, k);
    if (best >= 0 || !reservedToo) return best;
    const r = this.bestIn(g, 1, k);
    if (r >= 0) count(this.cReserved, 1.0);
    return r;
  }

  bestIn(g: i32, tier: u8, k: i32): i32 {
    const D = this.dims;
    let best = -1;
    let bestV = 0.0;
    // (the tier's workers: a group's reserved workers come first)
    const from = tier != 0 ? this.groupStart[g] : this.lowStart[g];
    const to = tier != 0 ? this.lowStart[g] : this.groupStart[g + 1];
    const freeSlots = i32Base(this.freeSlots);
    const room = f64Base(this.room);
    const dem = f64Base(this.demand);
    const vol = f64Base(this.unusedVolume);
    // (the tests are pure, so their order does not change which worker wins: the first
    // dimension first, where most workers fail, then the slots, the volume and the rest)
    const d0 = D > 0 ? f64Get(dem, 0) : 0.0;
    for (let n = from; n < to; n++) {
      if (D > 0 && d0 > f64Get(room, n * D)) continue;
      if (i32Get(freeSlots, n) < k) continue;
      // (a worker that cannot beat the best so far is not tested for fit)
      const v = f64Get(vol, n);
      if (best >= 0 && !(v < bestV)) continue;
      let ok = true;
      for (let d = 1; d < D; d++) {
        if (f64Get(dem, d) > f64Get(room, n * D + d)) { ok = false; break; }
      }
      if (!ok) continue;
      best = n;
      bestV = v;
    }
    return best;
  }

  /** Worker `node`'s unused volume (packing.ts volume: the same sum in the same order). */
  volumeOf(node: i32): f64 {
    const D = this.dims;
    const free = f64Base(this.free);
    const maxCap = f64Base(this.maxCap);
    let v = 0.0;
    for (let k = 0; k < D; k++) {
      const c = f64Get(maxCap, k);
      if (c > 0.0) v += f64Get(free, node * D + k) / c;
    }
    return v;
  }

  // ---- placements and releases ----
  /** Worker `node` takes a task whose demand is at `off` in `demands` (and one slot). */
  take(node: i32, demands: F64Ptr, off: i32): void {
    const D = this.dims;
    const g = this.nodeGroup[node];
    this.takeFromMaxima(node, g);
    const free = f64Base(this.free);
    const room = f64Base(this.room);
    const tol = f64Base(this.tolerance);
    const o = node * D;
    for (let d = 0; d < D; d++) {
      const x = f64Get(free, o + d) - f64Get(demands, off + d);
      f64Set(free, o + d, x);
      f64Set(room, o + d, x + f64Get(tol, o + d));
    }
    this.freeSlots[node] = this.freeSlots[node] - 1;
    this.groupFreeSlots[g] = this.groupFreeSlots[g] - 1;
    if (this.reserved[node] == 0) this.lowFreeSlots[g] = this.lowFreeSlots[g] - 1;
    this.unusedVolume[node] = this.volumeOf(node);
  }

  /** The end notice of `task` reached worker `node`'s master: the worker gets the task's demand
   *  and slot back, and the group's load drops by them. Returns the group. */
  give(task: i32, node: i32): i32 {
    const D = this.dims;
    const g = this.nodeGroup[node];
    const W = D + 1;
    const td = f64Base(taskDemands);
    const free = f64Base(this.free);
    const room = f64Base(this.room);
    const tol = f64Base(this.tolerance);
    const gl = f64Base(this.groupLoad);
    const o = node * D;
    for (let d = 0; d < D; d++) {
      const x = f64Get(td, demandIndex(task, d));
      const f = f64Get(free, o + d) + x;
      f64Set(free, o + d, f);
      f64Set(room, o + d, f + f64Get(tol, o + d));
      f64Set(gl, g * W + d, f64Get(gl, g * W + d) - x);
    }
    f64Set(gl, g * W + D, f64Get(gl, g * W + D) - 1.0);
    this.freeSlots[node] = this.freeSlots[node] + 1;
    this.groupFreeSlots[g] = this.groupFreeSlots[g] + 1;
    if (this.reserved[node] == 0) this.lowFreeSlots[g] = this.lowFreeSlots[g] + 1;
    this.unusedVolume[node] = this.volumeOf(node);
    this.giveToMaxima(node, g);
    return g;
  }

  /** A task whose demand is in `dem` is assigned to group g (not placed yet): its load grows. */
  addAssigned(g: i32, dem: F64Ptr): void {
    const D = this.dims;
    const W = D + 1;
    const gl = f64Base(this.groupLoad);
    for (let d = 0; d < D; d++) f64Set(gl, g * W + d, f64Get(gl, g * W + d) + f64Get(dem, d));
    f64Set(gl, g * W + D, f64Get(gl, g * W + D) + 1.0);
  }

  /** Group g's load (A5): max over dimensions (and slots) of (allocated + assigned) / capacity. */
  load(g: i32): f64 {
    const W = this.dims + 1;
    let m = 0.0;
    for (let d = 0; d < W; d++) {
      const c = this.groupCap[g * W + d];
      if (c > 0.0) {
        const x = this.groupLoad[g * W + d] / c;
        if (x > m) m = x;
      }
    }
    return m;
  }

  /** Whether worker `gain` (-1: none) has a free slot class `cls` may use. */
  usableGain(gain: i32, cls: i32): bool { return gain >= 0 && this.freeSlots[gain] > 0 && !(cls == LOW && this.reserved[gain] != 0); }

  /** Free slots in group g on the workers class `cls` may use (LOW: the non-reserved). */
  usableSlots(g: i32, cls: i32): i32 { return cls == HIGH ? this.groupFreeSlots[g] : this.lowFreeSlots[g]; }

  // ---- the largest free amounts (maxFree) ----
  // Kept exact across placements and releases where it is cheap: a maximum is a maximum whatever
  // the order, so these give the values computeMaxFree would compute (speed only: mightFit and
  // maxFreeMightHold read them).
  /** The largest free amount per dimension (and free slots) over the workers class `cls` may
   *  use in group g, into maxFree at q = 2 g + cls: a necessary condition for any placement there. */
  computeMaxFree(g: i32, cls: i32): void {
    const D = this.dims;
    const o = (2 * g + cls) * (D + 1);
    const mf = f64Base(this.maxFree);
    const room = f64Base(this.room);
    const freeSlots = i32Base(this.freeSlots);
    for (let d = 0; d <= D; d++) f64Set(mf, o + d, 0.0);
    // (LOW: the non-reserved workers; a group's reserved workers come first)
    const from = cls == LOW ? this.lowStart[g] : this.groupStart[g];
    const to = this.groupStart[g + 1];
    for (let n = from; n < to; n++) {
      const fs = i32Get(freeSlots, n);
      if (fs == 0) continue;
      for (let d = 0; d < D; d++) {
        const x = f64Get(room, n * D + d);
        if (x > f64Get(mf, o + d)) f64Set(mf, o + d, x);
      }
      if (<f64>fs > f64Get(mf, o + D)) f64Set(mf, o + D, <f64>fs);
    }
    // (the slots are read only as "at least 1" and "at least 2": kept at most 2, so that a
    // placement on a worker with more free slots leaves them exact)
    if (f64Get(mf, o + D) > 2.0) f64Set(mf, o + D, 2.0);
  }

  /** Worker `node` of group g is about to take a task (it has a free slot): its room and free
   *  slots can only go down (free - demand, demands >= 0: the trace check refuses negative
   *  ones), so a class's maxima stay exact unless the worker holds one of them (its slots count
   *  only at 2 or fewer: maxFree keeps at most 2); then they stay an upper bound. */
  takeFromMaxima(node: i32, g: i32): void {
    const D = this.dims;
    const mf = f64Base(this.maxFree);
    const room = f64Base(this.room);
    const fs = this.freeSlots[node];
    for (let cls = HIGH; cls <= LOW; cls++) {
      const q = 2 * g + cls;
      if (this.maxFreeState[q] != 2) continue;
      if (cls == LOW && this.reserved[node] != 0) continue; // (not among LOW's workers)
      const o = q * (D + 1);
      let top = fs <= 2 && <f64>fs == f64Get(mf, o + D);
      for (let d = 0; d < D && !top; d++) if (f64Get(room, node * D + d) == f64Get(mf, o + d)) top = true;
      if (top) this.maxFreeState[q] = 1;
    }
  }

  /** Worker `node` of group g freed a task (it has a free slot now, its room grew): its room and
   *  free slots join the maxima (or bounds) of the classes that may use it. */
  giveToMaxima(node: i32, g: i32): void {
    const D = this.dims;
    const mf = f64Base(this.maxFree);
    const room = f64Base(this.room);
    const f = this.freeSlots[node];
    const fs = <f64>(f < 2 ? f : 2);
    for (let cls = HIGH; cls <= LOW; cls++) {
      const q = 2 * g + cls;
      if (this.maxFreeState[q] == 0) continue;
      if (cls == LOW && this.reserved[node] != 0) continue;
      const o = q * (D + 1);
      for (let d = 0; d < D; d++) {
        const x = f64Get(room, node * D + d);
        if (x > f64Get(mf, o + d)) f64Set(mf, o + d, x);
      }
      if (fs > f64Get(mf, o + D)) f64Set(mf, o + D, fs);
    }
  }

  /** Whether a task whose demand is at `off` in `demands` might fit a worker of group g that
   *  class `cls` may use now (its demand within the largest free amounts, computed if stale). */
  mightFit(demands: F64Ptr, off: i32, g: i32, cls: i32): bool {
    const D = this.dims;
    const q = 2 * g + cls;
    if (this.maxFreeState[q] == 0) { this.computeMaxFree(g, cls); this.maxFreeState[q] = 2; }
    const o = q * (D + 1);
    const mf = f64Base(this.maxFree);
    if (f64Get(mf, o + D) < 1.0) return false;
    for (let d = 0; d < D; d++) if (f64Get(demands, off + d) > f64Get(mf, o + d)) return false;
    return true;
  }

  /** Whether a pair (k = 2, its summed demand in `demand`) or a task tried alone (k = 1, its
   *  demand in `demand`) might fit a worker that bestFit(g, wide, k) searches: false only when
   *  class cls's maxima (exact or an upper bound) are current and cover those workers (HIGH's
   *  are the whole group; LOW's the non-reserved, what a LOW entry that is not anyTier may use),
   *  and no worker has k free slots or the demand exceeds a maximum (bestFit would find none,
   *  and count nothing). */
  maxFreeMightHold(g: i32, cls: i32, wide: bool, k: i32): bool {
    const q = 2 * g + cls;
    if ((cls == LOW && wide) || this.maxFreeState[q] == 0) return true;
    const D = this.dims;
    const o = q * (D + 1);
    const mf = f64Base(this.maxFree);
    const dem = f64Base(this.demand);
    if (f64Get(mf, o + D) < <f64>k) return false;
    for (let d = 0; d < D; d++) if (f64Get(dem, d) > f64Get(mf, o + d)) return false;
    return true;
  }
}
