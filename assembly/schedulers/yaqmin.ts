// An indexed minimum for Yaq's views (Algorithm 1's candidates, the job managers' node loads, the
// RM's pending jobs): the answers of mintree.ts's MinTree (the lowest value, then the lowest
// index) from an 8-ary tree in which every entry holds the lowest (value, index) pair of its 8
// children. A change climbs at most 5 levels at 15,000 nodes (MinTree: 14) in a tree of ~1.14 x
// 12 bytes per value (15,000 nodes: 205 KB against MinTree's 512 KB), and most climbs stop after
// one or two comparisons (set()). A group's rescan takes its first minimum, the leftmost, and
// the children of a group cover increasing index ranges, so ties go to the lowest index at every
// level, as in MinTree.
import { alignedInt32Array, f64View } from "../toolkit/glue";

const B_LOG: i32 = 3; // 8 children a group

export class WideMin {
  n: i32;
  /** Levels above the leaves (the root is level `levels`, one entry). */
  levels: i32;
  /** Values of every level, level by level (level 0: the leaves, padded with +Infinity to a
   *  multiple of 8); off[l] is level l's first entry. */
  v: Float64Array;
  /** The leaf index of each entry's minimum (level 0 unused). */
  idx: Int32Array;
  off: Int32Array;

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
    this.off = off;
    this.v = v;
    this.idx = idx;
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

  get(i: i32): f64 { return this.v[i]; }

  /** Leaf i takes `value`. Per level, the changed child's (value, index) pair against its
   *  group's: a better pair replaces it, a worse one stops the climb, and only a group whose
   *  minimum came from the changed child and got worse is rescanned (8 values, one line). */
  set(i: i32, value: f64): void {
    const v = this.v;
    const idx = this.idx;
    const off = this.off;
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
      const v = this.v;
      let m = v[0];
      let k = 0;
      for (let j = 1; j < 8; j++) if (v[j] < m) { m = v[j]; k = j; }
      return k;
    }
    return this.idx[this.off[l]];
  }

  minValue(): f64 {
    const l = this.levels;
    if (l == 0) {
      const v = this.v;
      let m = v[0];
      for (let j = 1; j < 8; j++) if (v[j] < m) m = v[j];
      return m;
    }
    return this.v[this.off[l]];
  }
}
