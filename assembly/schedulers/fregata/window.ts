// Fregata's class queues at the masters (seed-fregata.md §2.5, §2.7, A8): queue q = 2 x master +
// class holds its top `windowSize` (K) tasks in key order in a persistent window, the rest in a
// TaskQueue (taskbands.ts; the window is full whenever that queue is not). Keys rank higher
// first, ties to the lower task index. What a scan of the window reads lives in a pool of K
// entries per queue, and the window's order is an array of pool slots; bit masks over the
// window's positions let the scan (dispatch.ts) visit only the entries that can be placed
// (speed only: the decisions are those of checking every entry).
import { taskDemands, demandIndex, demandMul, demandBase } from "../../policy";
import { f64Base, i32Base, f64Get, f64Set, i32Get, i32Set, ctz32, ushr, I32Ptr } from "../../toolkit/glue";
import { validWord, clearPos, insertPos, removePos } from "./bitmask";
import { TaskQueue, ChunkPool, ranksBefore } from "./taskbands";
import { HIGH, LOW, FregataSettings } from "./settings";
import { Workers } from "./workers";
import { Masters } from "./masters";

export class Windows {
  workers: Workers;
  masters: Masters;
  dims: i32 = 0;
  /** K: entries per window. */
  windowSize: i32 = 0;
  normalizeDemands: bool = false;
  packPairs: bool = false;
  /** Per queue: the entries in its window. */
  windowLen: Int32Array = new Int32Array(0);
  /** Per queue: the tasks beyond its window, in chunks of one pool. */
  beyond: TaskQueue[] = [];
  chunks: ChunkPool = new ChunkPool();
  /** Bit masks over each queue's window positions (bit i of word i >> 5 is position i),
   *  masksPerQueue masks of maskWords = ceil(K / 32) words per queue, at
   *  (q x masksPerQueue + m) x maskWords, kept in step with the window's order (an entry's bits
   *  move with it; no bit at or beyond windowLen):
   *   - m = 0, known: the task could not be placed at its last check (the scan's result is then
   *     known until a worker of its group frees resources: see dispatch.ts);
   *   - m = 1 + b (b <= dims): the entry's bucket (poolBucket) is b;
   *   - m = dominantMask + d (d < dims): the entry's dominant resource for pairing
   *     (poolDominant) is d. With A7's normalisation that is the bucket's resource (poolBucket =
   *     1 + poolDominant), so these are the bucket masks 2 .. dims + 1 (dominantMask = 2,
   *     masksPerQueue = dims + 2); raw demands have their own (dominantMask = dims + 2,
   *     masksPerQueue = 2 dims + 2). Without packing no partner is searched.
   *  A scan visits only the entries that can be placed (fresh ones, and known ones whose bucket
   *  the released worker can hold) and the partner search only the candidates of another
   *  dominant resource, in window order, by their bits. */
  masks: Int32Array = new Int32Array(0);
  masksPerQueue: i32 = 0;
  maskWords: i32 = 0;
  dominantMask: i32 = 0;
  /** Scan scratch (maskWords words each): entries taken (placed, or taken as a partner), entries
   *  placed (to leave the window), known entries whose bucket the released worker can hold. */
  takenBits: Int32Array = new Int32Array(0);
  placedBits: Int32Array = new Int32Array(0);
  knownFitBits: Int32Array = new Int32Array(0);
  /** Per window position (q x K + i, in key order): the entry's slot in the queue's pool
   *  (below), which holds its task and key: the window's order is this array alone. */
  windowSlot: Int32Array = new Int32Array(0);
  // The window entries' data a scan reads, in a pool of K slots per queue (slot s of queue q at
  // q x K + s), filled when a task enters the window and left in place while the entry moves:
  // the scan reads these few lines instead of per-task columns all over memory.
  /** Demand per dimension, and as packing sees it (normDemand: / C'_k with A7, else raw). */
  poolDemand: Float64Array = new Float64Array(0);
  poolPackDemand: Float64Array = new Float64Array(0);
  /** The dominant resource (packing.ts dominant; -1: none, or packing off). */
  poolDominant: Int32Array = new Int32Array(0);
  /** The task may use reserved workers (anyTier: a HIGH task, or a LOW one that no group's
   *  non-reserved workers can hold; see Masters#assign). */
  poolAnyTier: Int32Array = new Int32Array(0);
  /** The task, its queue key and its job. */
  poolTask: Int32Array = new Int32Array(0);
  poolKey: Float64Array = new Float64Array(0);
  poolJob: Int32Array = new Int32Array(0);
  /** The entry's bucket for bucketMin: 1 + its dominant resource (normalised), 0 with none. */
  poolBucket: Int32Array = new Int32Array(0);
  /** Free pool slots of each queue: a stack of poolFreeCount[q] slots at q x K. */
  poolFree: Int32Array = new Int32Array(0);
  poolFreeCount: Int32Array = new Int32Array(0);
  /** Per queue and bucket (dims + 1 buckets of dims values at (q x (dims + 1) + b) x dims): a
   *  lower bound of the demand per dimension over the queue's known entries in that bucket
   *  (their minimum, or less: entries that left still count until the bounds are rebuilt, after
   *  half of the window's worth of known entries left, bucketMinLeft[q]; amortised O(dims) per
   *  entry). A released worker that cannot hold a bucket's bound in some dimension cannot hold
   *  any of its entries, so their exact checks are skipped (speed only: the decisions are the
   *  exact checks'). */
  bucketMin: Float64Array = new Float64Array(0);
  bucketMinLeft: Int32Array = new Int32Array(0);
  /** The dimensions whose demand differs between tasks (jobs.ts demandMul != 0), in order. A
   *  dimension with one value x for every task (disk and bandwidth in `aviary gen fregata`'s
   *  workloads) gives every pair the same term in DV (0) and in the guard (x + x against C'),
   *  every bucket with known entries the bound x (bucketMin: set once, at start), and so a
   *  known entry in knownFitBits fits the released worker there: the scan's loops run over
   *  these dimensions only (speed only: the same doubles decide). */
  varying: Int32Array = new Int32Array(0);
  nVarying: i32 = 0;
  /** With two varying dimensions (`aviary gen fregata`'s cpu and memory): them and their C'
   *  (the scan's unrolled loops). */
  pairDim0: i32 = 0;
  pairDim1: i32 = 0;
  pairCap0: f64 = 0.0;
  pairCap1: f64 = 0.0;
  /** Every constant dimension holds two tasks (x + x <= C'): the guard's answer there. */
  pairConst: bool = true;
  /** Per queue: window entries not known to be unplaceable (known bit clear: LOW anyTier
   *  entries always), kept current. */
  freshCount: Int32Array = new Int32Array(0);

  constructor(workers: Workers, masters: Masters, s: FregataSettings) {
    this.workers = workers;
    this.masters = masters;
    const D = workers.dims;
    const G = workers.groups;
    const K = s.windowSize;
    this.dims = D;
    this.windowSize = K;
    this.normalizeDemands = s.normalizeDemands;
    this.packPairs = s.packPairs;
    for (let q = 0; q < 2 * G; q++) this.beyond.push(new TaskQueue(this.chunks));
    this.windowLen = new Int32Array(2 * G);
    this.dominantMask = s.normalizeDemands ? 2 : D + 2;
    this.masksPerQueue = s.normalizeDemands ? D + 2 : 2 * D + 2;
    this.maskWords = (K + 31) >> 5;
    this.masks = new Int32Array(2 * G * this.masksPerQueue * this.maskWords);
    this.takenBits = new Int32Array(this.maskWords);
    this.placedBits = new Int32Array(this.maskWords);
    this.knownFitBits = new Int32Array(this.maskWords);
    this.windowSlot = new Int32Array(2 * G * K);
    this.poolDemand = new Float64Array(2 * G * K * D);
    this.poolPackDemand = new Float64Array(2 * G * K * D);
    this.poolDominant = new Int32Array(2 * G * K);
    this.poolAnyTier = new Int32Array(2 * G * K);
    this.poolTask = new Int32Array(2 * G * K);
    this.poolKey = new Float64Array(2 * G * K);
    this.poolJob = new Int32Array(2 * G * K);
    this.poolBucket = new Int32Array(2 * G * K);
    this.bucketMin = new Float64Array(2 * G * (D + 1) * D);
    this.bucketMin.fill(Infinity);
    this.varying = new Int32Array(D);
    for (let d = 0; d < D; d++) if (demandMul[d] != 0) this.varying[this.nVarying++] = d;
    if (this.nVarying == 2) {
      this.pairDim0 = this.varying[0];
      this.pairDim1 = this.varying[1];
      this.pairCap0 = workers.maxCap[this.pairDim0];
      this.pairCap1 = workers.maxCap[this.pairDim1];
    }
    this.bucketMinLeft = new Int32Array(2 * G);
    this.poolFree = new Int32Array(2 * G * K);
    this.poolFreeCount = new Int32Array(2 * G);
    for (let q = 0; q < 2 * G; q++) {
      for (let k = 0; k < K; k++) this.poolFree[q * K + k] = K - 1 - k;
      this.poolFreeCount[q] = K;
    }
    this.freshCount = new Int32Array(2 * G);
  }

  /** The constant dimensions' values are in (from the first batch of jobs on: jobs.ts
   *  packDemandStage): their guard answer and their buckets' bounds (a bucket without known
   *  entries is never read, computeKnownFit). */
  start(): void {
    const D = this.dims;
    const maxCap = this.workers.maxCap;
    for (let d = 0; d < D; d++) {
      if (demandMul[d] != 0) continue;
      const x = taskDemands[demandBase[d]];
      if (x + x > maxCap[d]) this.pairConst = false;
      for (let k = d; k < this.bucketMin.length; k += D) this.bucketMin[k] = x;
    }
  }

  /** Tasks queued at master g (both classes, windows and beyond). */
  queuedAt(g: i32): i32 {
    return this.beyond[2 * g].size + this.beyond[2 * g + 1].size + this.windowLen[2 * g] + this.windowLen[2 * g + 1];
  }

  /** `task` of `job` enters queue q with `key`: into the window if it ranks before the window's
   *  last entry (which then leaves for the queue beyond) or the window is not full, else beyond. */
  insert(q: i32, task: i32, key: f64, job: i32): void {
    const K = this.windowSize;
    const base = q * K;
    let n = this.windowLen[q];
    if (n == K) {
      // Full: the task enters the window only if it ranks before the window's last.
      const ls = q * K + this.windowSlot[base + K - 1];
      const lt = this.poolTask[ls];
      const lk = this.poolKey[ls];
      if (!ranksBefore(key, task, lk, lt)) {
        this.beyond[q].push(task, key, job);
        return;
      }
      this.beyond[q].push(lt, lk, this.poolJob[ls]);
      if (this.isFresh(q, base + K - 1)) this.freshCount[q]--;
      else this.bucketMinLeft[q]++;
      this.freeSlot(q, this.windowSlot[base + K - 1]);
      clearPos(i32Base(this.masks), q * this.masksPerQueue * this.maskWords, this.masksPerQueue, this.maskWords, K - 1);
      n = K - 1;
    }
    let i = n;
    while (i > 0) {
      const s = this.windowSlot[base + i - 1];
      if (!ranksBefore(key, task, this.poolKey[base + s], this.poolTask[base + s])) break;
      this.windowSlot[base + i] = s;
      i--;
    }
    if (i < n) insertPos(i32Base(this.masks), q * this.masksPerQueue * this.maskWords, this.masksPerQueue, this.maskWords, i);
    this.windowSlot[base + i] = this.takeSlot(q, task, key, job, i);
    this.freshCount[q]++;
    this.windowLen[q] = n + 1;
  }

  /** A pool slot of queue q for `task` entering the window at position `pos` (its mask bits
   *  there are clear), filled with the task's data; sets the entry's bits. */
  takeSlot(q: i32, task: i32, key: f64, job: i32, pos: i32): i32 {
    const K = this.windowSize;
    const n = this.poolFreeCount[q] - 1;
    this.poolFreeCount[q] = n;
    const s = this.poolFree[q * K + n];
    const e = q * K + s;
    const D = this.dims;
    // One pass: the demands, as packing sees them, and both dominant resources (packing.ts
    // dominant: argmax, ties to the lowest dimension, -1 when all are 0) — of the normalised
    // demands (normDemand with A7) and of the raw ones — from the same quotients.
    const dem = f64Base(taskDemands);
    const maxCap = f64Base(this.workers.maxCap);
    const pd = f64Base(this.poolDemand);
    const pn = f64Base(this.poolPackDemand);
    let domN = -1;
    let bestN = 0.0;
    let domR = -1;
    let bestR = 0.0;
    for (let d = 0; d < D; d++) {
      const x = f64Get(dem, demandIndex(task, d));
      const c = f64Get(maxCap, d);
      const v = c > 0.0 ? x / c : 0.0;
      f64Set(pd, e * D + d, x);
      f64Set(pn, e * D + d, this.normalizeDemands ? v : x);
      if (v > bestN) { bestN = v; domN = d; }
      if (x > bestR) { bestR = x; domR = d; }
    }
    // (A7: each task's dominant resource, as packList computes it)
    const pdom = this.packPairs && D > 0 ? (this.normalizeDemands ? domN : domR) : -1;
    this.poolDominant[e] = pdom;
    this.poolAnyTier[e] = (q & 1) == HIGH || !this.masters.lowFitsSomewhere(pd, e * D) ? 1 : 0;
    this.poolTask[e] = task;
    this.poolKey[e] = key;
    this.poolJob[e] = job;
    const bkt = D > 0 ? 1 + domN : 0;
    this.poolBucket[e] = bkt;
    // (its bits: not known; its bucket; its dominant resource for pairing, unless that is the
    // bucket's)
    const masks = i32Base(this.masks);
    const words = this.maskWords;
    const o = q * this.masksPerQueue * words + (pos >> 5);
    const bit = 1 << (pos & 31);
    const y = o + (1 + bkt) * words;
    i32Set(masks, y, i32Get(masks, y) | bit);
    if (pdom >= 0 && !this.normalizeDemands) { const x = o + (this.dominantMask + pdom) * words; i32Set(masks, x, i32Get(masks, x) | bit); }
    return s;
  }

  freeSlot(q: i32, s: i32): void {
    const n = this.poolFreeCount[q];
    this.poolFree[q * this.windowSize + n] = s;
    this.poolFreeCount[q] = n + 1;
  }

  /** Queue q's known entries that `gain` might hold, into knownFitBits: those of the buckets
   *  whose bound (bucketMin) fits gain's room in every dimension (a known entry of another
   *  bucket cannot fit it: its demand is at least the bound); every known entry with no
   *  dimensions. Returns whether there is any. */
  computeKnownFit(q: i32, gain: i32): bool {
    const words = this.maskWords;
    const D = this.dims;
    const masks = i32Base(this.masks);
    const ok = i32Base(this.knownFitBits);
    const ko = q * this.masksPerQueue * words;
    if (words == 1) {
      // (K <= 32, the default: one word per mask)
      const known = i32Get(masks, ko);
      let okm = D == 0 ? known : 0;
      if (known != 0 && D > 0) {
        const bound = f64Base(this.bucketMin);
        const room = f64Base(this.workers.room);
        const o = q * (D + 1) * D;
        const go = gain * D;
        for (let b = 0; b <= D; b++) {
          const m = known & i32Get(masks, ko + 1 + b);
          if (m == 0) continue;
          let fits = true;
          for (let d = 0; d < D; d++) {
            if (f64Get(bound, o + b * D + d) > f64Get(room, go + d)) { fits = false; break; }
          }
          if (fits) okm |= m;
        }
      }
      i32Set(ok, 0, okm);
      return okm != 0;
    }
    let any = 0;
    if (D == 0) {
      for (let k = 0; k < words; k++) { const x = i32Get(masks, ko + k); i32Set(ok, k, x); any |= x; }
      return any != 0;
    }
    for (let k = 0; k < words; k++) i32Set(ok, k, 0);
    const bound = f64Base(this.bucketMin);
    const room = f64Base(this.workers.room);
    const o = q * (D + 1) * D;
    const go = gain * D;
    for (let b = 0; b <= D; b++) {
      const bo = ko + (1 + b) * words;
      let present = 0;
      for (let k = 0; k < words; k++) present |= i32Get(masks, ko + k) & i32Get(masks, bo + k);
      if (present == 0) continue;
      let fits = true;
      for (let d = 0; d < D; d++) {
        if (f64Get(bound, o + b * D + d) > f64Get(room, go + d)) { fits = false; break; }
      }
      if (!fits) continue;
      for (let k = 0; k < words; k++) i32Set(ok, k, i32Get(ok, k) | (i32Get(masks, ko + k) & i32Get(masks, bo + k)));
      any = 1;
    }
    return any != 0;
  }

  /** The scan's next entry of queue q at or after `from` (below w) that is not taken and is
   *  fresh, or known with its bucket in knownFitBits (unless skipKnown); w when none. */
  nextCandidate(q: i32, from: i32, w: i32, skipKnown: bool): i32 {
    const words = this.maskWords;
    const masks = i32Base(this.masks);
    const taken = i32Base(this.takenBits);
    const ok = i32Base(this.knownFitBits);
    const ko = q * this.masksPerQueue * words;
    if (words == 1) {
      if (from >= w) return w;
      const known = i32Get(masks, ko);
      let sel = ~known;
      if (!skipKnown) sel |= known & i32Get(ok, 0);
      const bits = sel & ~i32Get(taken, 0) & validWord(0, w) & (-1 << from);
      return bits != 0 ? ctz32(bits) : w;
    }
    for (let k = from >> 5; (k << 5) < w; k++) {
      const known = i32Get(masks, ko + k);
      let sel = ~known;
      if (!skipKnown) sel |= known & i32Get(ok, k);
      let bits = sel & ~i32Get(taken, k) & validWord(k, w);
      if (k == from >> 5) bits &= -1 << (from & 31);
      if (bits != 0) return (k << 5) + ctz32(bits);
    }
    return w;
  }

  /** Whether an entry before position i was not taken (it was checked and could not be placed:
   *  the scan's "a task before failed", for the backfill count). */
  failedBefore(i: i32): bool {
    const taken = i32Base(this.takenBits);
    const k0 = i >> 5;
    if (this.maskWords == 1) return (~i32Get(taken, 0) & ~(-1 << i)) != 0;
    for (let k = 0; k < k0; k++) if (~i32Get(taken, k) != 0) return true;
    return (~i32Get(taken, k0) & ~(-1 << (i & 31))) != 0;
  }

  /** Window entry at x (q x K + index) of queue q is fresh: its task was not found unplaceable
   *  at its last check, or it is a LOW task that may use reserved workers (always checked: its
   *  known bit stays clear). */
  isFresh(q: i32, x: i32): bool { return !this.knownAt(q, x - q * this.windowSize); }

  /** Window position i of queue q is known (its bit in the known mask). */
  knownAt(q: i32, i: i32): bool { return (ushr(this.masks[q * this.masksPerQueue * this.maskWords + (i >> 5)], i & 31) & 1) != 0; }

  /** Marks entry x of queue q known to be unplaceable (until a release in its group). */
  markKnown(q: i32, x: i32): void {
    const i = x - q * this.windowSize;
    if (this.knownAt(q, i)) return;
    const e = q * this.windowSize + this.windowSlot[x];
    if ((q & 1) == LOW && this.poolAnyTier[e] != 0) return; // (stays fresh: never takes the known path)
    this.masks[q * this.masksPerQueue * this.maskWords + (i >> 5)] |= 1 << (i & 31);
    this.freshCount[q]--;
    // (into its bucket's bound)
    const D = this.dims;
    const o = (q * (D + 1) + this.poolBucket[e]) * D;
    // (a constant dimension's bound stays its value: start)
    const nv = this.nVarying;
    const varying = i32Base(this.varying);
    const bound = f64Base(this.bucketMin);
    const pd = f64Base(this.poolDemand);
    for (let k = 0; k < nv; k++) {
      const d = i32Get(varying, k);
      const x = f64Get(pd, e * D + d);
      if (x < f64Get(bound, o + d)) f64Set(bound, o + d, x);
    }
  }

  /** Recomputes queue q's bounds from its known entries (after known entries left). */
  rebuildBucketMin(q: i32): void {
    const D = this.dims;
    const K = this.windowSize;
    const base = q * K;
    const o = q * (D + 1) * D;
    // (the varying dimensions: a constant one's bound stays its value, start)
    const nv = this.nVarying;
    const varying = i32Base(this.varying);
    const bound = f64Base(this.bucketMin);
    const pd = f64Base(this.poolDemand);
    for (let b = 0; b <= D; b++) for (let k = 0; k < nv; k++) f64Set(bound, o + b * D + i32Get(varying, k), Infinity);
    // (the known entries, by their bits; none at or beyond windowLen)
    const words = this.maskWords;
    const ko = q * this.masksPerQueue * words;
    for (let k = 0; k < words; k++) for (let bits = this.masks[ko + k]; bits != 0; bits &= bits - 1) {
      const i = (k << 5) + ctz32(bits);
      const e = base + this.windowSlot[base + i];
      if ((q & 1) == LOW && this.poolAnyTier[e] != 0) continue;
      const ob = o + this.poolBucket[e] * D;
      for (let v = 0; v < nv; v++) {
        const d = i32Get(varying, v);
        const x = f64Get(pd, e * D + d);
        if (x < f64Get(bound, ob + d)) f64Set(bound, ob + d, x);
      }
    }
    this.bucketMinLeft[q] = 0;
  }
}

/** After a scan of queue q's window of w entries (positions at base, masks at mo): the window
 *  without the entries in placedBits (in order), refilled from the queue beyond. The runs of
 *  entries between placed ones move down over them (the placed positions by their bits, in
 *  order), and the masks lose the placed positions. (Inlined into the scan, dispatch.ts: its
 *  locals are the arguments.) */
// @ts-ignore: decorator
@inline export function removePlaced(win: Windows, q: i32, w: i32, base: i32, slot: I32Ptr, masks: I32Ptr, mo: i32,
                                     placed: I32Ptr): void {
  const K = win.windowSize;
  const words = win.maskWords;
  const count = win.masksPerQueue;
  let fresh = win.freshCount[q];
  let left = win.bucketMinLeft[q];
  let k = -1; // (where the next run goes: the first placed position, then after each run)
  let src = 0;
  let removed = 0;
  for (let x = 0; x < words; x++) {
    for (let bits = i32Get(placed, x); bits != 0; bits &= bits - 1) {
      const p = (x << 5) + ctz32(bits);
      if (k < 0) k = p;
      else for (let j = src; j < p; j++) { i32Set(slot, base + k, i32Get(slot, base + j)); k++; }
      const pm = p - removed; // (its position in the masks, the earlier placed ones removed)
      if ((ushr(i32Get(masks, mo + (pm >> 5)), pm & 31) & 1) == 0) fresh--;
      else left++;
      win.freeSlot(q, i32Get(slot, base + p));
      removePos(masks, mo, count, words, pm);
      removed++;
      src = p + 1;
    }
  }
  for (let j = src; j < w; j++) { i32Set(slot, base + k, i32Get(slot, base + j)); k++; }
  win.bucketMinLeft[q] = left;
  const beyond = win.beyond[q];
  while (k < K && beyond.size > 0) {
    const t = beyond.pop();
    i32Set(slot, base + k, win.takeSlot(q, t, beyond.lastKey, beyond.lastJob, k));
    fresh++;
    k++;
  }
  win.freshCount[q] = fresh;
  win.windowLen[q] = k;
}
