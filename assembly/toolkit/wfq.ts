// Weighted fair queuing over class queues: Pigeon's masters (seed-pigeon.md §2.2-§2.4, §7 #1),
// next Fregata's. Classes 0..k-1 are in priority order (0 highest); each class c >= 1 has an
// integer weight W_c >= 1 or +inf. The rule, exactly:
//
//   Of the non-empty classes, serve the highest-priority class c >= 1 that is due — the last
//   W_c - 1 counted dispatches all came from other classes (since[c] >= W_c - 1) — and if none
//   is due, the highest-priority non-empty class. Serving c sets since[c] = 0 and adds one to
//   every other class's count.
//
// So while class c waits, at most W_c - 1 tasks of other classes are served in a row: out of
// every W_c dispatches at least one comes from c if it is not empty — the paper's wording for
// two classes ("out of every W tasks to be served, at least one comes from the low priority task
// queue"; an idle worker serves the high queue with probability 19/20 at W = 20). W_c = +inf
// never falls due: strict priority. W_c = 1 is always due: c goes first whenever it has work.
// The rule is work-conserving (it serves some class whenever one is non-empty), and a count keeps
// growing while its class is empty, so a task arriving in a class that is overdue is served at
// the next dispatch. Which dispatches count is the caller's (Pigeon: queue dispatches to
// non-reserved workers, or every queue dispatch in the reference simulator's mode).
import { TaskQueue } from "./taskqueue";

/** The counts saturate here (a class empty for 2^30 dispatches is overdue either way). */
const SINCE_CAP: i32 = 1 << 30;

/** The WFQ selection rule over `classes` classes (the state: one count per class). */
export class Wfq {
  classes: i32;
  /** W_c per class (index 0 unused: the highest class has no guarantee to keep). */
  weights: Float64Array;
  /** Counted dispatches since class c was last served. */
  since: Int32Array;

  constructor(classes: i32) {
    this.classes = classes;
    this.weights = new Float64Array(classes);
    this.since = new Int32Array(classes);
    for (let c = 1; c < classes; c++) this.weights[c] = Infinity;
  }

  /** Sets W_c of class c >= 1 (an integer >= 1, or Infinity for strict priority). */
  setWeight(c: i32, w: f64): Wfq { this.weights[c] = w; return this; }

  /** The class to serve next given which are non-empty (bit c of `nonEmpty`), or -1. */
  choose(nonEmpty: i32): i32 {
    if (nonEmpty == 0) return -1;
    for (let c = 1; c < this.classes; c++) {
      if ((nonEmpty & (1 << c)) != 0 && <f64>this.since[c] >= this.weights[c] - 1.0) return c;
    }
    let c = 0;
    while ((nonEmpty & (1 << c)) == 0) c++;
    return c;
  }

  /** A counted dispatch served class `c`. */
  served(c: i32): void {
    const since = this.since;
    for (let k = 0; k < this.classes; k++) {
      if (k == c) since[k] = 0;
      else if (since[k] < SINCE_CAP) since[k] = since[k] + 1;
    }
  }
}

/** Class queues (FIFO each) served by the WFQ rule: a master's HIGH/LOW queues. */
export class WfqQueue extends TaskQueue {
  rule: Wfq;
  waiting: i32 = 0;

  constructor(classes: i32) {
    super(classes);
    this.rule = new Wfq(classes);
  }

  /** Bit c set when class c has tasks. */
  nonEmptyMask(): i32 {
    let m = 0;
    for (let c = 0; c < this.counts.length; c++) if (this.counts[c] > 0) m |= 1 << c;
    return m;
  }

  /** Tasks waiting in all classes. */
  total(): i32 { return this.waiting; }

  push(c: i32, task: i32): void {
    super.push(c, task);
    this.waiting++;
  }

  pop(c: i32): i32 {
    this.waiting--;
    return super.pop(c);
  }

  /** The class the rule serves next, or -1 when every class is empty. */
  nextClass(): i32 { return this.rule.choose(this.nonEmptyMask()); }

  /** Takes the head of class `c` as a counted dispatch (the rule's counts move). */
  take(c: i32): i32 {
    this.rule.served(c);
    return this.pop(c);
  }
}
