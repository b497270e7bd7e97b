// Bitsets over node ids for indexes whose keys are small integers: the lowest key, then the
// lowest id, in O(1) per update and O(levels + words / 32) per query (a segment tree over the
// same keys climbs log2(n) levels per update, and with many equal keys most updates reach the
// root: it was a quarter of yarn-fifo's time at 15,000 nodes).
import { ctz32 } from "./glue";
import { MinTree } from "./mintree";
import { fail, E_KEY_RANGE } from "../policy";

/** A bitset over positions with "next set position at or after p" (two levels). */
export class NextSet {
  n: i32;
  words: Int32Array;
  summary: Int32Array;

  constructor(n: i32) {
    this.n = n;
    const w = (n + 31) >> 5;
    this.words = new Int32Array(w);
    this.summary = new Int32Array((w + 31) >> 5);
  }

  set(p: i32, on: bool): void {
    const w = p >> 5;
    const old = this.words[w];
    const v = on ? old | (1 << (p & 31)) : old & ~(1 << (p & 31));
    if (v == old) return;
    this.words[w] = v;
    const sw = w >> 5;
    if (v != 0) this.summary[sw] |= 1 << (w & 31); else this.summary[sw] &= ~(1 << (w & 31));
  }

  /** The first set position >= p, or -1. */
  next(p: i32): i32 {
    if (p >= this.n) return -1;
    let w = p >> 5;
    let bits = this.words[w] & (-1 << (p & 31));
    if (bits != 0) return (w << 5) + ctz32(bits);
    w++;
    const nw = this.words.length;
    if (w >= nw) return -1;
    let sw = w >> 5;
    let sb = this.summary[sw] & (-1 << (w & 31));
    const ns = this.summary.length;
    while (sb == 0) {
      sw++;
      if (sw >= ns) return -1;
      sb = this.summary[sw];
    }
    w = (sw << 5) + ctz32(sb);
    return (w << 5) + ctz32(this.words[w]);
  }
}

/** Nodes keyed by a level in [0, levels) or absent (-1): the node at the lowest level, lowest id
 *  first — what a MinTree over the same integer keys answers. */
export class LevelIndex {
  sets: NextSet[] = [];
  sizes: Int32Array;
  levelOf: Int32Array;

  /** `n` nodes, all at level `initial` (-1: absent). */
  constructor(n: i32, levels: i32, initial: i32) {
    this.sizes = new Int32Array(levels);
    this.levelOf = new Int32Array(n);
    this.levelOf.fill(-1);
    for (let l = 0; l < levels; l++) this.sets.push(new NextSet(n));
    if (initial >= 0) for (let x = 0; x < n; x++) this.set(x, initial);
  }

  /** Puts node `x` at level `l` (-1: absent). */
  set(x: i32, l: i32): void {
    const old = this.levelOf[x];
    if (old == l) return;
    if (old >= 0) { this.sets[old].set(x, false); this.sizes[old] = this.sizes[old] - 1; }
    if (l >= 0) { this.sets[l].set(x, true); this.sizes[l] = this.sizes[l] + 1; }
    this.levelOf[x] = l;
  }

  /** The lowest level holding a node, or -1. */
  minLevel(): i32 {
    const sizes = this.sizes;
    for (let l = 0; l < sizes.length; l++) if (sizes[l] > 0) return l;
    return -1;
  }

  /** The lowest id at the lowest level, or -1. */
  minIndex(): i32 {
    const l = this.minLevel();
    return l < 0 ? -1 : this.sets[l].next(0);
  }
}

/** The MinTree answers (lowest key, then lowest id) for keys lo + step x level, level in
 *  [0, levels), or +Infinity: a LevelIndex when there are at most MAX_LEVELS levels, else the
 *  segment tree itself. */
export const MAX_LEVELS: i32 = 64;

export class IntKeyMin {
  lo: f64;
  step: f64;
  useBins: bool;
  bins: LevelIndex;
  tree: MinTree;

  /** `n` ids, every one at key `initial`. */
  constructor(n: i32, lo: f64, step: f64, levels: i32, initial: f64) {
    const bins = levels <= MAX_LEVELS;
    this.lo = lo;
    this.step = step;
    this.useBins = bins;
    this.bins = new LevelIndex(bins ? n : 0, bins ? levels : 0, -1);
    this.tree = new MinTree(bins ? 0 : n);
    for (let x = 0; x < n; x++) this.set(x, initial);
  }

  set(x: i32, key: f64): void {
    if (!this.useBins) { this.tree.set(x, key); return; }
    if (key == Infinity) { this.bins.set(x, -1); return; }
    const l = <i32>((key - this.lo) / this.step);
    if (l < 0 || l >= this.bins.sizes.length) fail(E_KEY_RANGE, l);
    this.bins.set(x, l);
  }

  /** The lowest key (+Infinity when every id is at +Infinity). */
  minValue(): f64 {
    if (!this.useBins) return this.tree.minValue();
    const l = this.bins.minLevel();
    return l < 0 ? Infinity : this.lo + this.step * <f64>l;
  }

  /** The lowest id at the lowest key (every id at +Infinity: the segment tree's 0, or -1). */
  minIndex(): i32 { return this.useBins ? this.bins.minIndex() : this.tree.minIndex(); }
}
