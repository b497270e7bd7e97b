// Fregata's per-master class queues (fregata.ts): tasks by key, highest first, ties to the lower
// task index. A queue holds up to hundreds of thousands of tasks, and its keys age linearly
// (P(T) - w2 x t_ready / tau), so most pushes land far below the top and most pops take one of
// the oldest: in one heap of every task each pop's descent missed the cache on its lower levels
// (a fifth of a 2,500 x 2,000-task run). Here only the top of the queue is a heap (`front`,
// about a thousand entries, in the cache); the rest waits unsorted in bands of disjoint key
// ranges, in chunks of a pool shared by the queues. A push goes to the front when its key is at
// least the front's bound, else it is appended to the band whose range holds its key. When the
// front runs empty, the top band is split by sampled keys until it is small, and poured into the
// front. Every task in the front ranks before every task in a band, and bands' ranges are ordered,
// so the pops are exactly those of one heap over all the tasks (the order is total: tasks are
// distinct); how the bands are cut decides only the speed.
import { toI32, alignedInt32Array, f64View, f64Base, i32Base, f64Get, f64Set, i32Get, i32Set, F64Ptr, I32Ptr } from "../toolkit/glue";

/** `a` ranks before `b`: higher key, then the lower task index. */
// @ts-ignore: decorator
@inline export function ranksBefore(ka: f64, ta: i32, kb: f64, tb: i32): bool { return ka > kb || (ka == kb && ta < tb); }

/** TaskHeap touches the next level ahead only below the first TOUCH_FROM entries (16 KB: they
 *  stay in the cache). */
const TOUCH_FROM: i32 = 1024;

/** Writes entry `i` of a TaskHeap's records (key, task, job) through its raw pointers. */
// @ts-ignore: decorator
@inline function putEntry(kp: F64Ptr, tp: I32Ptr, i: i32, key: f64, task: i32, job: i32): void {
  f64Set(kp, 2 * (i + 3), key);
  i32Set(tp, 4 * (i + 3) + 2, task);
  i32Set(tp, 4 * (i + 3) + 3, job);
}

/** Puts (key, task, job) at position i or above it, moving the parents it ranks before down
 *  (a push's sift-up, and a pop's after the hole reached the bottom). */
// @ts-ignore: decorator
@inline function siftUp(kp: F64Ptr, tp: I32Ptr, i: i32, key: f64, task: i32, job: i32): void {
  while (i > 0) {
    const p = (i - 1) >> 2;
    const kq = f64Get(kp, 2 * (p + 3));
    const tq = i32Get(tp, 4 * (p + 3) + 2);
    if (!ranksBefore(key, task, kq, tq)) break;
    putEntry(kp, tp, i, kq, tq, i32Get(tp, 4 * (p + 3) + 3));
    i = p;
  }
  putEntry(kp, tp, i, key, task, job);
}

/** A max-heap of tasks by key (ties: the lower task index first). The heap is 4-ary, each entry
 *  one 16-byte record (key f64, task i32, job i32) and the four children of a node on one 64-byte
 *  line (entry i at record i + 3, the buffer line-aligned): one miss per level. */
export class TaskHeap {
  /** Records: key at f64 index 2 (i + 3), task at i32 index 4 (i + 3) + 2. */
  rec: Int32Array = alignedInt32Array(4 * (16 + 3), 64);
  keys: Float64Array = f64View(this.rec);
  cap: i32 = 16;
  size: i32 = 0;
  /** Written by pop so that its touching loads are not optimized away. */
  sink: i32 = 0;
  /** The key and job of the entry pop removed. */
  lastKey: f64 = 0.0;
  lastJob: i32 = 0;

  push(task: i32, key: f64, job: i32): void {
    if (this.size == this.cap) {
      const c = this.cap * 2;
      const rec = alignedInt32Array(4 * (c + 3), 64);
      for (let i = 0; i < 4 * (this.size + 3); i++) rec[i] = this.rec[i];
      this.rec = rec;
      this.keys = f64View(rec);
      this.cap = c;
    }
    const kp = f64Base(this.keys);
    const tp = i32Base(this.rec);
    siftUp(kp, tp, this.size++, key, task, job);
  }

  /** The top task (the heap must not be empty). */
  top(): i32 { return this.rec[4 * 3 + 2]; }
  /** The top key (the heap must not be empty). */
  topKey(): f64 { return this.keys[2 * 3]; }

  /** Removes the top (the heap must not be empty); its key and job are left in `lastKey` and
   *  `lastJob`. */
  pop(): i32 {
    const kp = f64Base(this.keys);
    const tp = i32Base(this.rec);
    const top = i32Get(tp, 4 * 3 + 2);
    this.lastKey = f64Get(kp, 2 * 3);
    this.lastJob = i32Get(tp, 4 * 3 + 3);
    const n = --this.size;
    if (n > 0) {
      // Bottom-up: the hole at the root moves down to a leaf, each level's best child moving up
      // into it (no comparison with the last entry on the way: that entry, one of the lowest,
      // nearly always belongs at the bottom), then the last entry sifts up from there. Any
      // arrangement that keeps the heap order gives the same pops (the order is total).
      const key = f64Get(kp, 2 * (n + 3));
      const task = i32Get(tp, 4 * (n + 3) + 2);
      const job = i32Get(tp, 4 * (n + 3) + 3);
      let i = 0;
      let sink = 0;
      for (;;) {
        const c = 4 * i + 1;
        if (c >= n) break;
        // (the first entry of each child's children: the next level's line is one of these
        // four, whose misses then overlap instead of coming one level at a time)
        const g = 4 * c + 1;
        if (g >= TOUCH_FROM && g < n) {
          sink ^= i32Get(tp, 4 * (g + 3) + 2);
          if (g + 4 < n) sink ^= i32Get(tp, 4 * (g + 7) + 2);
          if (g + 8 < n) sink ^= i32Get(tp, 4 * (g + 11) + 2);
          if (g + 12 < n) sink ^= i32Get(tp, 4 * (g + 15) + 2);
        }
        let b = c;
        let kb = f64Get(kp, 2 * (c + 3));
        let tb = i32Get(tp, 4 * (c + 3) + 2);
        const e = c + 4 < n ? c + 4 : n;
        for (let j = c + 1; j < e; j++) {
          // (ranksBefore(kj, tj, kb, tb) as branches: the keys nearly always differ, so the task
          // is read only for a tie or a new best)
          const kj = f64Get(kp, 2 * (j + 3));
          if (kj > kb) { b = j; kb = kj; tb = i32Get(tp, 4 * (j + 3) + 2); }
          else if (kj == kb) {
            const tj = i32Get(tp, 4 * (j + 3) + 2);
            if (tj < tb) { b = j; tb = tj; }
          }
        }
        putEntry(kp, tp, i, kb, tb, i32Get(tp, 4 * (b + 3) + 3));
        i = b;
      }
      siftUp(kp, tp, i, key, task, job);
      this.sink = sink;
    }
    return top;
  }
}

/** Entries per chunk (a power of two; 16 bytes each: key f64, task i32, job i32), and chunks
 *  per slab. */
const CH_LOG: i32 = 7;
const CH: i32 = 1 << CH_LOG;
const SLAB_LOG: i32 = 6;
const SLAB: i32 = 1 << SLAB_LOG;

/** Chunks of band entries, shared by a scheduler's queues: a free list linked through `next`,
 *  slabs of SLAB chunks added as needed (never copied: on this VM a fresh page costs more than a
 *  hundred cache misses, and a doubling copy touched twice the pages). Chunk c's entry k is
 *  record ((c & (SLAB - 1)) << CH_LOG) + k of slab c >> SLAB_LOG. */
export class ChunkPool {
  recs: Int32Array[] = [];
  keys: Float64Array[] = [];
  next: Int32Array = new Int32Array(SLAB);
  /** Chunks below this have been handed out at least once; the free list holds returned ones. */
  fresh: i32 = 0;
  freeHead: i32 = -1;

  take(): i32 {
    let c = this.freeHead;
    if (c >= 0) {
      this.freeHead = this.next[c];
    } else {
      c = this.fresh++;
      if (c == this.recs.length << SLAB_LOG) {
        const rec = alignedInt32Array(4 * CH * SLAB, 64);
        this.recs.push(rec);
        this.keys.push(f64View(rec));
        if (this.next.length < (this.recs.length << SLAB_LOG)) {
          const next = new Int32Array(2 * this.next.length);
          for (let i = 0; i < c; i++) next[i] = this.next[i];
          this.next = next;
        }
      }
    }
    this.next[c] = -1;
    return c;
  }

  give(c: i32): void {
    this.next[c] = this.freeHead;
    this.freeHead = c;
  }
}

/** The front's size at which it is spilled into a band. */
const FRONT_MAX: i32 = 8192;
/** A band at most this large is poured into the front; a larger one is split first. */
const POUR_MAX: i32 = 2048;
/** Keys sampled to split a band, and the most sub-bands a split makes. */
const SAMPLES: i32 = 256;
const MAX_PARTS: i32 = 64;
/** Splits of one refill before the top band is poured whatever its size (the sampled keys
 *  failed to cut it: e.g. equal keys). */
const MAX_SPLITS: i32 = 8;

/** A queue of tasks by key (highest first, ties to the lower task): the front heap and bands. */
export class TaskQueue {
  pool: ChunkPool;
  front: TaskHeap = new TaskHeap();
  /** Tasks in the queue (front and bands). */
  size: i32 = 0;
  /** The front holds every key >= frontLo; the bands hold the keys below it. */
  frontLo: f64 = -Infinity;
  /** Bands, bottom (lowest keys) first: band b holds keys in [lo[b], lo[b + 1]) (the top band's
   *  upper bound is frontLo; lo[0] is -Infinity), in the chunk list head[b] .. tail[b]. */
  nb: i32 = 0;
  lo: Float64Array = new Float64Array(8);
  head: Int32Array = new Int32Array(8);
  tail: Int32Array = new Int32Array(8);
  count: Int32Array = new Int32Array(8);
  /** The key and job of the entry pop removed. */
  lastKey: f64 = 0.0;
  lastJob: i32 = 0;
  /** Split scratch: sampled keys, then the splitters (descending). */
  sample: Float64Array = new Float64Array(SAMPLES);
  cut: Float64Array = new Float64Array(MAX_PARTS);

  constructor(pool: ChunkPool) { this.pool = pool; }

  push(task: i32, key: f64, job: i32): void {
    this.size++;
    if (key >= this.frontLo) {
      const f = this.front;
      f.push(task, key, job);
      // (a front holding an infinite key stays whole: a band's range ends below +Infinity)
      if (f.size > FRONT_MAX && f.topKey() < Infinity) this.spill();
      return;
    }
    if (this.nb == 0) this.addBand(-Infinity);
    // The last band whose lower bound is at most the key (band 0's is -Infinity).
    // (most pushes, the youngest tasks, go to the bottom band)
    let a = 0;
    let b = this.nb - 1;
    const lo = f64Base(this.lo);
    if (b > 0 && f64Get(lo, 1) <= key) {
      if (f64Get(lo, b) <= key) a = b;
      else {
        a = 1;
        // lo[a] <= key < lo[b]
        while (b - a > 1) {
          const m = (a + b) >> 1;
          if (f64Get(lo, m) <= key) a = m; else b = m;
        }
      }
    }
    this.append(a, key, task, job);
  }

  /** The top task (the queue must not be empty). */
  top(): i32 {
    if (this.front.size == 0) this.refill();
    return this.front.top();
  }

  /** Removes the top task (the queue must not be empty); its key and job in lastKey, lastJob. */
  pop(): i32 {
    const f = this.front;
    if (f.size == 0) this.refill();
    const t = f.pop();
    this.lastKey = f.lastKey;
    this.lastJob = f.lastJob;
    this.size--;
    return t;
  }

  /** A new top band with lower bound `lo` (empty). */
  addBand(lo: f64): void {
    const b = this.nb;
    if (b == this.head.length) {
      const n = 2 * b;
      const l = new Float64Array(n);
      const h = new Int32Array(n);
      const t = new Int32Array(n);
      const c = new Int32Array(n);
      for (let i = 0; i < b; i++) { l[i] = this.lo[i]; h[i] = this.head[i]; t[i] = this.tail[i]; c[i] = this.count[i]; }
      this.lo = l; this.head = h; this.tail = t; this.count = c;
    }
    this.lo[b] = lo;
    this.head[b] = -1;
    this.tail[b] = -1;
    this.count[b] = 0;
    this.nb = b + 1;
  }

  append(b: i32, key: f64, task: i32, job: i32): void {
    const n = this.count[b];
    const off = n & (CH - 1);
    const pool = this.pool;
    let c = this.tail[b];
    if (off == 0) {
      const d = pool.take();
      if (n == 0) this.head[b] = d; else pool.next[c] = d;
      this.tail[b] = d;
      c = d;
    }
    const r = ((c & (SLAB - 1)) << CH_LOG) + off;
    f64Set(f64Base(pool.keys[c >> SLAB_LOG]), 2 * r, key);
    const tp = i32Base(pool.recs[c >> SLAB_LOG]);
    i32Set(tp, 4 * r + 2, task);
    i32Set(tp, 4 * r + 3, job);
    this.count[b] = n + 1;
  }

  /** The front grew past FRONT_MAX (without an infinite key): its entries become the top band
   *  (keys >= frontLo) and the front takes only keys from +Infinity on; the next refill cuts them. */
  spill(): void {
    const f = this.front;
    this.addBand(this.nb == 0 ? -Infinity : this.frontLo);
    const b = this.nb - 1;
    const kp = f64Base(f.keys);
    const tp = i32Base(f.rec);
    for (let i = 0; i < f.size; i++) this.append(b, f64Get(kp, 2 * (i + 3)), i32Get(tp, 4 * (i + 3) + 2), i32Get(tp, 4 * (i + 3) + 3));
    f.size = 0;
    this.frontLo = Infinity;
  }

  /** The front is empty and the bands are not: the top non-empty band, cut small, goes to the front. */
  refill(): void {
    let splits = 0;
    for (;;) {
      const b = this.nb - 1;
      const n = this.count[b];
      if (n > POUR_MAX && splits < MAX_SPLITS) {
        splits++;
        if (this.split(b)) continue;
      }
      // Pour band b: the front then holds the keys >= its lower bound.
      this.frontLo = b == 0 ? -Infinity : this.lo[b];
      const pool = this.pool;
      const f = this.front;
      let c = this.head[b];
      let k = 0;
      while (k < n) {
        const m = n - k < CH ? n - k : CH;
        const kp = f64Base(pool.keys[c >> SLAB_LOG]);
        const tp = i32Base(pool.recs[c >> SLAB_LOG]);
        const r0 = (c & (SLAB - 1)) << CH_LOG;
        for (let i = 0; i < m; i++) {
          const r = r0 + i;
          f.push(i32Get(tp, 4 * r + 2), f64Get(kp, 2 * r), i32Get(tp, 4 * r + 3));
        }
        k += m;
        const nx = pool.next[c];
        pool.give(c);
        c = nx;
      }
      this.nb = b;
      if (n > 0) return;
    }
  }

  /** Cuts band b (the top one) into up to MAX_PARTS bands at sampled keys; false when the
   *  samples give no cut (the band is left as it was). */
  split(b: i32): bool {
    const n = this.count[b];
    const pool = this.pool;
    // Sample keys at evenly spaced positions.
    const sp = f64Base(this.sample);
    let c = this.head[b];
    let ci = 0; // chunk index of c in the band
    for (let s = 0; s < SAMPLES; s++) {
      const pos = toI32((<f64>s + 0.5) * <f64>n / <f64>SAMPLES);
      const want = pos >> CH_LOG;
      while (ci < want) { c = pool.next[c]; ci++; }
      f64Set(sp, s, f64Get(f64Base(pool.keys[c >> SLAB_LOG]), 2 * (((c & (SLAB - 1)) << CH_LOG) + (pos & (CH - 1)))));
    }
    // Descending insertion sort.
    for (let i = 1; i < SAMPLES; i++) {
      const x = f64Get(sp, i);
      let j = i - 1;
      while (j >= 0 && f64Get(sp, j) < x) { f64Set(sp, j + 1, f64Get(sp, j)); j--; }
      f64Set(sp, j + 1, x);
    }
    // Splitters at even ranks, strictly decreasing and above the band's lower bound.
    // (integer quotients through toI32: the JS build's `/` is a float division)
    let parts = toI32(<f64>(n + (POUR_MAX >> 1) - 1) / <f64>(POUR_MAX >> 1));
    if (parts > MAX_PARTS) parts = MAX_PARTS;
    const lo = this.lo[b];
    const cut = f64Base(this.cut);
    let nc = 0;
    for (let j = 1; j < parts; j++) {
      const x = f64Get(sp, toI32(<f64>(j * SAMPLES) / <f64>parts));
      if (!(x > lo)) break; // (b = 0: lo is -Infinity; NaN keys never cut)
      if (nc > 0 && !(x < f64Get(cut, nc - 1))) continue;
      f64Set(cut, nc++, x);
    }
    if (nc == 0) return false;
    // Band b's entries go to nc + 1 new bands: band b keeps [lo, cut[nc - 1]), then up to the
    // top one, [cut[0], frontLo). Its chunks are given back as they are read.
    let h = this.head[b];
    this.nb = b; // (band b is rebuilt from scratch)
    this.addBand(lo);
    for (let j = nc - 1; j >= 0; j--) this.addBand(f64Get(cut, j));
    const top = this.nb - 1; // band of cut[0]
    let k = 0;
    while (k < n) {
      const m = n - k < CH ? n - k : CH;
      const r0 = (h & (SLAB - 1)) << CH_LOG;
      const kp = f64Base(pool.keys[h >> SLAB_LOG]);
      const tp = i32Base(pool.recs[h >> SLAB_LOG]);
      for (let i = 0; i < m; i++) {
        // (chunk h stays put, and is given back only once read)
        const r = r0 + i;
        const key = f64Get(kp, 2 * r);
        // The first cut at most the key (cuts descend): band top - j.
        let j = 0;
        let e = nc;
        while (j < e) {
          const mid = (j + e) >> 1;
          if (f64Get(cut, mid) > key) j = mid + 1; else e = mid;
        }
        this.append(top - j, key, i32Get(tp, 4 * r + 2), i32Get(tp, 4 * r + 3));
      }
      k += m;
      const nx = pool.next[h];
      pool.give(h);
      h = nx;
    }
    return true;
  }
}
