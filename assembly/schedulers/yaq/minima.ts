// Yaq's indexed minima, with the answers of toolkit/mintree.ts's MinTree (the lowest value, then
// the lowest index): Algorithm 1's candidates, the RM's pending jobs, the job managers' node loads.
//
// WideMin: an 8-ary tree in which every entry holds the lowest (value, index) pair of its 8
// children. A change climbs log8 levels instead of MinTree's log2, through 12 bytes a value (an
// f64 and an index) instead of 16, and most climbs stop after one or two comparisons (set()). A
// group's rescan takes its first minimum, the leftmost, and the children of a group cover
// increasing index ranges, so ties go to the lowest index at every level, as in MinTree.
//
// LoadMin: node loads where many nodes tie at a few small integers (free slots), below.
import { alignedInt32Array, f64View } from "../../toolkit/glue";
import { LevelIndex, MAX_LEVELS } from "../../toolkit/nextset";

const B_LOG: i32 = 3; // 8 children a group

export class WideMin {
  n: i32;
  /** Levels above the leaves (the root is level `levels`, one entry). */
  levels: i32;
  /** Values of every level, level by level (level 0: the leaves, padded with +Infinity to a
   *  multiple of 8); levelStart[l] is level l's first entry. */
  values: Float64Array;
  /** The leaf index of each entry's minimum (level 0 unused). */
  argmin: Int32Array;
  levelStart: Int32Array;

  /** `n` values, every one `initial`. */
  constructor(n: i32, initial: f64) {
    let levels = 0;
    let total = 0;
    let w = n > 1 ? n : 1;
    // Sizes: each level padded to a multiple of 8 (the root level: 1 entry).
    while (true) {
      const padded = ((w + 7) >> B_LOG) << B_LOG;
      total += padded;
      if (w == 1) break;
      w = padded >> B_LOG;
      levels++;
    }
    this.n = n;
    this.levels = levels;
    const off = new Int32Array(levels + 2);
    // Aligned to 64 bytes, with every level's offset a multiple of 8: a group is one line.
    const v = f64View(alignedInt32Array(2 * total, 64));
    const idx = new Int32Array(total);
    this.levelStart = off;
    this.values = v;
    this.argmin = idx;
    w = n > 1 ? n : 1;
    let o = 0;
    for (let l = 0; l <= levels; l++) {
      off[l] = o;
      const padded = ((w + 7) >> B_LOG) << B_LOG;
      o += padded;
      w = padded >> B_LOG;
    }
    off[levels + 1] = o;
    v.fill(Infinity);
    for (let i = 0; i < n; i++) v[i] = initial;
    // Build the levels bottom-up.
    w = n > 1 ? n : 1;
    for (let l = 1; l <= levels; l++) {
      const groups = (w + 7) >> B_LOG;
      const below = off[l - 1];
      for (let g = 0; g < groups; g++) {
        const c = below + (g << B_LOG);
        let m = v[c];
        let k = 0;
        for (let j = 1; j < 8; j++) {
          const x = v[c + j];
          if (x < m) { m = x; k = j; }
        }
        v[off[l] + g] = m;
        idx[off[l] + g] = l == 1 ? (g << B_LOG) + k : idx[c + k];
      }
      w = groups;
    }
  }

  get(i: i32): f64 { return this.values[i]; }

  /** Leaf i takes `value`. Per level, the changed child's (value, index) pair against its
   *  group's: a better pair replaces it, a worse one stops the climb, and only a group whose
   *  minimum came from the changed child and got worse is rescanned (8 values, one line). */
  set(i: i32, value: f64): void {
    const v = this.values;
    const idx = this.argmin;
    const off = this.levelStart;
    v[i] = value;
    let p = i;        // the changed entry's position in its level
    let below = 0;    // its level's offset
    let nm = value;   // its new pair (nm, ni); its old minimum's index was oi
    let ni = i;
    let oi = i;
    const levels = this.levels;
    for (let l = 1; l <= levels; l++) {
      const g = p >> B_LOG;
      const q = off[l] + g;
      const cm = v[q];
      const ci = idx[q];
      let m = nm;
      let at = ni;
      if (nm < cm || (nm == cm && ni < ci)) {
        // The new pair is the group's minimum.
      } else if (ci == oi) {
        // The group's minimum was the changed child's and it got worse: rescan the group.
        const c = below + (g << B_LOG);
        m = v[c];
        let k = 0;
        for (let j = 1; j < 8; j++) {
          const x = v[c + j];
          const lt = x < m;
          m = lt ? x : m;
          k = lt ? j : k;
        }
        at = l == 1 ? (g << B_LOG) + k : idx[c + k];
        if (m == cm && at == ci) return;
      } else {
        return; // the group's minimum is another child's and stays
      }
      v[q] = m;
      idx[q] = at;
      oi = ci;
      nm = m;
      ni = at;
      below = off[l];
      p = g;
    }
  }

  /** The index of the lowest value (the lowest index among equals). */
  minIndex(): i32 {
    const l = this.levels;
    if (l == 0) {
      // One group: scan it.
      const v = this.values;
      let m = v[0];
      let k = 0;
      for (let j = 1; j < 8; j++) if (v[j] < m) { m = v[j]; k = j; }
      return k;
    }
    return this.argmin[this.levelStart[l]];
  }

  minValue(): f64 {
    const l = this.levels;
    if (l == 0) {
      const v = this.values;
      let m = v[0];
      for (let j = 1; j < 8; j++) if (v[j] < m) m = v[j];
      return m;
    }
    return this.values[this.levelStart[l]];
  }
}

/** The answers of a MinTree over the nodes' loads (the lowest load, then the lowest id) where a
 *  load is either −(free slots), an integer in [−r, −1], or ≥ 0 (or +Infinity). The negative
 *  ones are kept in a LevelIndex by their level (O(1) per change: many nodes tie there, and a
 *  change of a tree's lowest tied id climbs to its root); every negative load is below every
 *  other, so the lowest level's lowest id, if any, is the answer. The others are in a WideMin
 *  (a node with free slots holds +Infinity there), which is read only when no node has a
 *  free slot: changes are noted (load, a list of changed nodes) and enter the tree when it is
 *  read (the tree is a function of its leaves, whatever the order of the sets). */
export class LoadMin {
  n: i32;
  /** r: slots per node. */
  slots: i32;
  split: bool;
  load: Float64Array;
  tree: WideMin;
  free: LevelIndex;
  queued: Uint8Array;
  changed: Int32Array;
  nChanged: i32 = 0;

  /** `n` nodes, every one at −r (all `r` slots free). */
  constructor(n: i32, r: i32) {
    const split = r <= MAX_LEVELS;
    this.n = n;
    this.slots = r;
    this.split = split;
    const load = new Float64Array(n);
    const tree = new WideMin(n, split ? Infinity : <f64>(-r));
    this.load = load;
    this.tree = tree;
    this.free = new LevelIndex(split ? n : 0, split ? r : 0, split ? 0 : -1);
    this.queued = new Uint8Array(n);
    this.changed = new Int32Array(n);
    load.fill(<f64>(-r));
  }

  get(i: i32): f64 { return this.load[i]; }

  /** The value node i holds in the tree. */
  private treeValue(v: f64): f64 { return this.split && v < 0.0 ? Infinity : v; }

  set(i: i32, v: f64): void {
    const old = this.load[i];
    this.load[i] = v;
    if (this.split && (v < 0.0 || old < 0.0)) this.free.set(i, v < 0.0 ? <i32>v + this.slots : -1);
    if (this.treeValue(v) != this.treeValue(old) && this.queued[i] == 0) {
      this.queued[i] = 1;
      this.changed[this.nChanged++] = i;
    }
  }

  minIndex(): i32 {
    if (this.split) {
      const m = this.free.minIndex();
      if (m >= 0) return m;
    }
    const c = this.nChanged;
    if (c > 0) {
      const tree = this.tree;
      const list = this.changed;
      for (let k = 0; k < c; k++) {
        const i = list[k];
        tree.set(i, this.treeValue(this.load[i]));
        this.queued[i] = 0;
      }
      this.nChanged = 0;
    }
    return this.tree.minIndex();
  }
}
