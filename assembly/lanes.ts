// The fixed-delay lanes of the event queue (events.ts): events created in non-decreasing time
// order (one constant delay after their creation: deliveries, get-task replies) wait in a FIFO
// instead of the calendar, O(1) instead of a sift; nextEvent() (events.ts) merges the lanes' heads
// with the calendar's by (time, sequence) and reads the head it takes.
//
// A lane is a ring of 24-byte records — the time (an f64), the sequence number, the kind, a and
// b — so that a push writes one record through one base pointer, and a take reads one.
import { alignedInt32Array, f64View, f64Base, i32Base, f64Get, f64Set, i32Get, i32Set, F64Ptr, I32Ptr } from "./glue";

/** Ints per record, and the sequence number's, the kind's, a's and b's int within it (the time
 *  of record i is the f64 at 3 i: ints 0 and 1). */
export const LANE_INTS: i32 = 6;
export const LANE_SEQ: i32 = 2;
export const LANE_KIND: i32 = 3;
export const LANE_A: i32 = 4;
export const LANE_B: i32 = 5;

/** A FIFO of events created in non-decreasing time order (one constant delay). */
export class Lane {
  /** The records (capacity a power of two), and their base pointers as f64s and as ints
   *  (replaced when the lane grows). */
  ints: Int32Array;
  fp: F64Ptr;
  ip: I32Ptr;
  /** Capacity - 1. */
  mask: i32;
  head: i32 = 0;
  count: i32 = 0;

  /** `capacity`: a power of two. */
  constructor(capacity: i32) {
    const ints = alignedInt32Array(LANE_INTS * capacity, 64);
    this.ints = ints;
    this.fp = f64Base(f64View(ints));
    this.ip = i32Base(ints);
    this.mask = capacity - 1;
  }

  /** The head record's time and sequence number (count > 0; its kind, a and b: the ints
   *  LANE_INTS head + LANE_KIND, LANE_A, LANE_B through ip). */
  headTime(): f64 { return f64Get(this.fp, 3 * this.head); }
  headSeq(): i32 { return i32Get(this.ip, LANE_INTS * this.head + LANE_SEQ); }

  /** Removes the head event (count > 0; its record stays readable until the next push). */
  shift(): void {
    this.head = (this.head + 1) & this.mask;
    this.count--;
  }

  /** Doubles the capacity (the lane is full: count = capacity), its records moved to positions
   *  0 .. count - 1. */
  grow(): void {
    const cap = this.mask + 1;
    const old = this.ints;
    const ints = alignedInt32Array(LANE_INTS * cap * 2, 64);
    for (let k = 0; k < cap; k++) {
      const from = LANE_INTS * ((this.head + k) & this.mask);
      for (let j = 0; j < LANE_INTS; j++) ints[LANE_INTS * k + j] = old[from + j];
    }
    this.ints = ints;
    this.fp = f64Base(f64View(ints));
    this.ip = i32Base(ints);
    this.mask = 2 * cap - 1;
    this.head = 0;
  }
}

/** Appends an event to lane `l`: the lane always has room for one more (it grows when a push
 *  fills it, after the record is written: the hot path then holds nothing across the call). */
// @ts-ignore: decorator
@inline export function lanePush(l: Lane, t: f64, s: i32, kind: i32, a: i32, b: i32): void {
  const i = (l.head + l.count) & l.mask;
  const ip = l.ip;
  f64Set(l.fp, 3 * i, t);
  i32Set(ip, LANE_INTS * i + LANE_SEQ, s);
  i32Set(ip, LANE_INTS * i + LANE_KIND, kind);
  i32Set(ip, LANE_INTS * i + LANE_A, a);
  i32Set(ip, LANE_INTS * i + LANE_B, b);
  const n = l.count + 1;
  l.count = n;
  if (n > l.mask) l.grow();
}
