// The binary min-heap of the engine and its policies: entries (key: f64, value: i32, tie: i32)
// ordered by (key, tie) — the lower key first, the lower tie among equal keys. The one rule
// every heap here needs: the event calendar's (key = the time, tie = the event's sequence
// number; events.ts), the cancellable events' (cancellable.ts), Kairos' candidates and
// distributed LWL's idle nodes (key = a value, tie = the node). Every user's (key, tie) pairs are
// unique, so the order of pops is the one any correct heap gives: the layout and the sift
// strategy decide only the speed. Keys are never NaN.
//
// One key type serves every user, so the heap is a plain class, not a generic one: nothing
// compares through a function passed or dispatched at run time (the JS build could not take one
// from a type parameter). The order is `entryBefore`; the sifts write it out so that they read a
// tie only between equal keys, and pass the arrays' base pointers (glue.ts) along.
//
// Layout: the entry at position p (1 .. size; position 0 unused) is 16 bytes at byte 16 p —
// the key an f64, then the value and the tie — in a line-aligned array, so the two children of
// a position (2p and 2p + 1) share one cache line and a level of a sift reads one line, ties
// included. Grows by doubling (amortized, rare); nothing is allocated per operation.
import {
  alignedInt32Array, f64View, f64Base, i32Base, f64Get, f64Set, i32Get, i32Set, i32PairCopy, F64Ptr, I32Ptr,
} from "./glue";

/** Ints per entry, and the value's and the tie's ints within it (the key is f64 2p). */
export const ENTRY_INTS: i32 = 4;
export const ENTRY_VALUE: i32 = 2;
export const ENTRY_TIE: i32 = 3;

/** Whether entry (ka, ta) comes before entry (kb, tb): the heap's order. (The sifts below
 *  write it out so that they read a tie only between equal keys.) */
// @ts-ignore: decorator
@inline export function entryBefore(ka: f64, ta: i32, kb: f64, tb: i32): bool {
  return ka < kb || (ka == kb && ta < tb);
}

export class MinHeap {
  /** Entries in the heap: positions 1 .. size. */
  size: i32 = 0;
  /** Per position ENTRY_INTS ints (line-aligned); `keys` views the same memory as f64s, the key
   *  of position p at keys[2 p]. */
  ints: Int32Array;
  keys: Float64Array;
  /** Written by pop()'s look-ahead loads so that they are not optimized away. */
  touchSink: i32 = 0;
  /** pop() loads two levels ahead (on by default): for a heap whose lower levels miss. A heap
   *  kept small (the calendar's near heap: one window's entries, in the L1 cache) turns it off:
   *  there the loads are only instructions. The order of pops is the same either way. */
  lookAhead: bool = true;

  constructor(capacity: i32) {
    const c = capacity < 16 ? 16 : capacity;
    const ints = alignedInt32Array((c + 1) * ENTRY_INTS, 64);
    this.ints = ints;
    this.keys = f64View(ints);
  }

  /** Empties the heap (its memory stays). */
  clear(): void { this.size = 0; }

  /** The first entry's key, value and tie (size > 0). */
  topKey(): f64 { return this.keys[2]; }
  topValue(): i32 { return this.ints[ENTRY_INTS + ENTRY_VALUE]; }
  topTie(): i32 { return this.ints[ENTRY_INTS + ENTRY_TIE]; }

  /** The value of the entry at position p (1 .. size). */
  valueAt(p: i32): i32 { return this.ints[ENTRY_INTS * p + ENTRY_VALUE]; }

  /** Adds an entry; returns the position where it comes to rest. */
  push(key: f64, value: i32, tie: i32): i32 {
    const i = this.size + 1;
    if ((i + 1) * ENTRY_INTS > this.ints.length) this.grow();
    this.size = i;
    return this.siftUp(f64Base(this.keys), i32Base(this.ints), i, key, value, tie);
  }

  /** Adds an entry without restoring the order: heapify() must follow before any other use. */
  append(key: f64, value: i32, tie: i32): void {
    const i = this.size + 1;
    if ((i + 1) * ENTRY_INTS > this.ints.length) this.grow();
    this.size = i;
    this.place(i, key, value, tie);
  }

  /** Restores the order after append()s (Floyd's bottom-up construction, O(size)). */
  heapify(): void {
    const n = this.size;
    const hf = f64Base(this.keys);
    const h = i32Base(this.ints);
    for (let p = n >> 1; p >= 1; p--) {
      this.siftDown(hf, h, p, n, f64Get(hf, 2 * p), i32Get(h, ENTRY_INTS * p + ENTRY_VALUE), i32Get(h, ENTRY_INTS * p + ENTRY_TIE));
    }
  }

  /** Removes the first entry (size > 0). Bottom-up: the hole at the root walks down to a leaf
   *  along the smaller children (one comparison per level), then the last entry sifts up from
   *  there, which is short since it came from the bottom. */
  pop(): void {
    const n = this.size;
    this.size = n - 1;
    if (n == 1) return;
    const hf = f64Base(this.keys);
    const h = i32Base(this.ints);
    const key = f64Get(hf, 2 * n);
    const value = i32Get(h, ENTRY_INTS * n + ENTRY_VALUE);
    const tie = i32Get(h, ENTRY_INTS * n + ENTRY_TIE);
    // The last entry is held in (key, value, tie); an infinite key in its place means a right
    // child at position n is never taken, so the loop needs no test for a missing right child.
    f64Set(hf, 2 * n, Infinity);
    let i = 1;
    let c = 2;
    let acc = 0;
    const ahead = this.lookAhead;
    while (c < n) {
      // Look-ahead: the walk is one dependent load per level (which child is smaller decides
      // where the next level is), and in a large heap each is a miss below the top levels. The
      // children of the level after next lie among the great-grandchildren of i, positions
      // 8i .. 8i + 7: two cache lines, loaded here before this level's comparison, so two
      // levels of work overlap their misses. (One level ahead, one line, gained less; three
      // levels, four lines, lost to the extra loads: docs/perf-log.md.)
      if (ahead) {
        const g = c << 2;
        const g2 = g + 4;
        acc ^= i32Get(h, ENTRY_INTS * (g < n ? g : n)) ^ i32Get(h, ENTRY_INTS * (g2 < n ? g2 : n));
      }
      // Which child is smaller is a coin flip: computed as a value and applied with a
      // conditional move, not a branch that mispredicts half the time. Equal keys are rare,
      // so that branch is predictable.
      const r = c + 1;
      const kc = f64Get(hf, 2 * c);
      const kr = f64Get(hf, 2 * r);
      let right = kr < kc;
      if (kr == kc) right = i32Get(h, ENTRY_INTS * r + ENTRY_TIE) < i32Get(h, ENTRY_INTS * c + ENTRY_TIE);
      c = right ? r : c;
      f64Set(hf, 2 * i, f64Get(hf, 2 * c));
      i32PairCopy(h, ENTRY_INTS * c + ENTRY_VALUE, ENTRY_INTS * i + ENTRY_VALUE);
      i = c;
      c = 2 * i;
    }
    this.touchSink = acc;
    this.siftUp(hf, h, i, key, value, tie);
  }

  /** Removes the entry at position p (1 .. size); the last entry takes its place, sifted up or
   *  down. Returns where that entry comes to rest (0 when p was the last position): every
   *  entry that moved lies on the chain of ancestors between p and that position. */
  removeAt(p: i32): i32 {
    const n = this.size;
    this.size = n - 1;
    if (p == n) return 0;
    const hf = f64Base(this.keys);
    const h = i32Base(this.ints);
    const key = f64Get(hf, 2 * n);
    const value = i32Get(h, ENTRY_INTS * n + ENTRY_VALUE);
    const tie = i32Get(h, ENTRY_INTS * n + ENTRY_TIE);
    if (p > 1) {
      const q = p >> 1;
      if (entryBefore(key, tie, f64Get(hf, 2 * q), i32Get(h, ENTRY_INTS * q + ENTRY_TIE))) return this.siftUp(hf, h, p, key, value, tie);
    }
    return this.siftDown(hf, h, p, n - 1, key, value, tie);
  }

  /** Moves the hole at `hole` up past the entries after (key, tie) and puts the entry there;
   *  returns its position. (hf, h: the keys' and the ints' base, which the caller has.) */
  private siftUp(hf: F64Ptr, h: I32Ptr, hole: i32, key: f64, value: i32, tie: i32): i32 {
    let i = hole;
    while (i > 1) {
      const q = i >> 1;
      const kq = f64Get(hf, 2 * q);
      if (kq < key || (kq == key && i32Get(h, ENTRY_INTS * q + ENTRY_TIE) < tie)) break;
      f64Set(hf, 2 * i, kq);
      i32PairCopy(h, ENTRY_INTS * q + ENTRY_VALUE, ENTRY_INTS * i + ENTRY_VALUE);
      i = q;
    }
    f64Set(hf, 2 * i, key); i32Set(h, ENTRY_INTS * i + ENTRY_VALUE, value); i32Set(h, ENTRY_INTS * i + ENTRY_TIE, tie);
    return i;
  }

  /** Moves the hole at `hole` down (among positions 1 .. n) past the entries before (key, tie)
   *  and puts the entry there; returns its position. */
  private siftDown(hf: F64Ptr, h: I32Ptr, hole: i32, n: i32, key: f64, value: i32, tie: i32): i32 {
    let i = hole;
    for (;;) {
      let c = 2 * i;
      if (c > n) break;
      let kc = f64Get(hf, 2 * c);
      if (c < n) {
        const kr = f64Get(hf, 2 * c + 2);
        if (kr < kc || (kr == kc && i32Get(h, ENTRY_INTS * c + ENTRY_INTS + ENTRY_TIE) < i32Get(h, ENTRY_INTS * c + ENTRY_TIE))) { c++; kc = kr; }
      }
      if (key < kc || (key == kc && tie < i32Get(h, ENTRY_INTS * c + ENTRY_TIE))) break;
      f64Set(hf, 2 * i, kc);
      i32PairCopy(h, ENTRY_INTS * c + ENTRY_VALUE, ENTRY_INTS * i + ENTRY_VALUE);
      i = c;
    }
    f64Set(hf, 2 * i, key); i32Set(h, ENTRY_INTS * i + ENTRY_VALUE, value); i32Set(h, ENTRY_INTS * i + ENTRY_TIE, tie);
    return i;
  }

  private place(p: i32, key: f64, value: i32, tie: i32): void {
    this.keys[2 * p] = key;
    this.ints[ENTRY_INTS * p + ENTRY_VALUE] = value;
    this.ints[ENTRY_INTS * p + ENTRY_TIE] = tie;
  }

  /** Doubles the capacity, keeping the entries. */
  private grow(): void {
    const old = this.ints;
    const ints = alignedInt32Array(old.length * 2, 64);
    for (let i = 0; i < old.length; i++) ints[i] = old[i];
    this.ints = ints;
    this.keys = f64View(ints);
  }
}
