// The slot-end table of the event queue (events.ts): the end of a task that cannot be preempted,
// the commonest event, is stored against its slot rather than in a payload of its own. The
// calendar's entry for it carries only the slot (and the end's sequence number); the slot's
// line holds the task, its job, that sequence number and the caller's tag, so an end's pop reads
// them together. An end taken back (cancel) only forgets its sequence number here: its entry
// stays in the calendar, and the queue drops it when it reaches the heap's top (`isLive` is
// false), so taking an end back is O(1) and never searches the calendar.
import { alignedInt32Array, I32Ptr, i32Base, i32Set } from "./glue";
import { fail, E_SLOT_OVERSUBSCRIBED, E_EVENT_NOT_PENDING } from "./errors";

/** Ints per slot, on one 16-byte line: the task whose end is pending (-1: none), its job, the
 *  sequence number of that end (-1: none) and the caller's int that rides with it (the tag). */
export const SLOT_INTS: i32 = 4;
export const SLOT_TASK: i32 = 0;
export const SLOT_JOB: i32 = 1;
export const SLOT_SEQ: i32 = 2;
export const SLOT_TAG: i32 = 3;

export class SlotEnds {
  /** Per slot SLOT_INTS ints (line-aligned). */
  table: Int32Array = new Int32Array(0);
  /** table's elements (glue.ts i32Base): set() writes through it without reloading the array's
   *  data pointer after each store. */
  tp: I32Ptr = i32Base(this.table);
  /** Slots per node: node n's slots are n x perNode .. n x perNode + perNode - 1. */
  perNode: i32 = 1;
  /** Ends taken back whose entries are still in the calendar. */
  dead: i32 = 0;

  /** `slots` slots, `perNode` per node, none with a pending end. */
  use(slots: i32, perNode: i32): void {
    this.table = alignedInt32Array(SLOT_INTS * slots, 64);
    this.table.fill(-1);
    this.tp = i32Base(this.table);
    this.dead = 0;
    this.perNode = perNode;
  }

  /** A slot of `node` without a pending end (the first one). */
  freeSlot(node: i32): i32 {
    const per = this.perNode;
    if (per == 1) return node;
    let slot = node * per;
    const last = slot + per - 1;
    while (this.table[SLOT_INTS * slot + SLOT_TASK] >= 0) { if (slot == last) fail(E_SLOT_OVERSUBSCRIBED, node); slot++; }
    return slot;
  }

  /** Records the end (sequence number `seq`) of `task` of `job` as pending on `slot`. */
  set(slot: i32, task: i32, job: i32, seq: i32, tag: i32): void {
    const p = this.tp;
    const b = SLOT_INTS * slot;
    i32Set(p, b + SLOT_TASK, task);
    i32Set(p, b + SLOT_JOB, job);
    i32Set(p, b + SLOT_SEQ, seq);
    i32Set(p, b + SLOT_TAG, tag);
  }

  /** Takes back the pending end of `slot`; returns its job. Its calendar entry is dead from now
   *  on (its sequence number is no longer the slot's). */
  cancel(slot: i32): i32 {
    const sl = this.table;
    const b = SLOT_INTS * slot;
    if (sl[b + SLOT_TASK] < 0) fail(E_EVENT_NOT_PENDING, slot);
    sl[b + SLOT_TASK] = -1;
    sl[b + SLOT_SEQ] = -1;
    this.dead++;
    return sl[b + SLOT_JOB];
  }

  /** The task whose end is pending on `slot`, or -1. */
  task(slot: i32): i32 { return this.table[SLOT_INTS * slot + SLOT_TASK]; }

  /** The job of the end last recorded on `slot` (-1: none yet). */
  job(slot: i32): i32 { return this.table[SLOT_INTS * slot + SLOT_JOB]; }
}
