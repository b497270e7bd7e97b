// The node managers' heartbeats of Yaq's centralized variants (spec §1.3, §5.1 [R]): node n
// reports every τ at its own phase (drawn uniformly in [0, τ) on stream 20), at phase[n] + k τ,
// the k-th heartbeat of cycle k. Two things are kept here:
//  - the phases in order (byPhase, sortedPhase, rankOf; bucketFirst finds the first phase after a
//    time in O(1) expected), so that the RM finds the next heartbeat of a node with room from a
//    bitset over phase ranks (central.ts);
//  - yaq-c's due refreshes: the nodes whose state changed since the RM's view of them was
//    refreshed, due at their first heartbeat after the change, as bits by phase rank for cycles
//    of each parity (due cycles are always within {scanCycle, scanCycle + 1}); takePassed hands
//    out, in heartbeat order, those whose heartbeat has passed. (scanCycle, scanRank): the due
//    heartbeats before this position are processed.
import { nNodes, stream } from "../../policy";
import { MinTree } from "../../toolkit/mintree";
import { NextSet } from "../../toolkit/nextset";
import { STREAM_YAQ_PHASE } from "../../toolkit/rng";

export class NodeHeartbeats {
  /** τ, seconds. */
  period: f64;
  phase: Float64Array = new Float64Array(nNodes);
  /** The nodes in phase order (equal phases: lower id first), their phases, each node's rank. */
  byPhase: Int32Array = new Int32Array(nNodes);
  sortedPhase: Float64Array = new Float64Array(nNodes);
  rankOf: Int32Array = new Int32Array(nNodes);
  /** firstRankAfter's search: bucketFirst[b] = the ranks whose phase's bucket (phaseBucket) is
   *  below b (buckets are monotone in the phase). */
  bucketFirst: Int32Array = new Int32Array(nNodes + 1);
  bucketScale: f64 = 0.0;
  /** Per node, the time of its last heartbeat simulated. */
  lastBeat: Float64Array = new Float64Array(nNodes);

  /** Due refreshes (yaq-c; sized for one node otherwise): per cycle parity the due nodes' ranks,
   *  each due node's cycle (-1: not due), their number. */
  dueBits0: NextSet;
  dueBits1: NextSet;
  dueCycle: Float64Array = new Float64Array(nNodes);
  dueCount: i32 = 0;
  /** While due heartbeats wait: a time before which takePassed has nothing to do (no due
   *  heartbeat has passed and the scan position stays), a lower bound kept by takePassed and
   *  markDue. */
  quietUntil: f64 = -Infinity;
  scanCycle: f64 = 0.0;
  scanRank: i32 = 0;
  /** nextDue's answer's time. */
  dueAt: f64 = Infinity;

  /** Phases for heartbeats every `period`; `refreshes`: due refreshes are kept (yaq-c). */
  constructor(period: f64, refreshes: bool) {
    this.period = period;
    this.dueBits0 = new NextSet(refreshes ? nNodes : 1);
    this.dueBits1 = new NextSet(refreshes ? nNodes : 1);
    const rng = stream(STREAM_YAQ_PHASE);
    for (let n = 0; n < nNodes; n++) this.phase[n] = rng.nextFloat() * period;
    // Nodes in phase order (equal phases: lower id first), by repeated argmin on a min-tree.
    const tmp = new MinTree(nNodes);
    for (let n = 0; n < nNodes; n++) tmp.set(n, this.phase[n]);
    for (let k = 0; k < nNodes; k++) {
      const n = tmp.minIndex();
      tmp.set(n, Infinity);
      this.byPhase[k] = n;
      this.sortedPhase[k] = this.phase[n];
      this.rankOf[n] = k;
    }
    this.bucketScale = <f64>nNodes / period;
    for (let k = 0; k < nNodes; k++) this.bucketFirst[this.phaseBucket(this.sortedPhase[k]) + 1]++;
    for (let b = 0; b < nNodes; b++) this.bucketFirst[b + 1] += this.bucketFirst[b];
    this.lastBeat.fill(-Infinity);
    this.dueCycle.fill(-1.0);
  }

  /** The bucket of a phase (or of a time within a cycle) in [0, nNodes): monotone in x. */
  phaseBucket(x: f64): i32 {
    const b = Math.floor(x * this.bucketScale);
    if (!(b >= 0.0)) return 0;
    return b >= <f64>nNodes ? nNodes - 1 : <i32>b;
  }

  /** The first rank whose phase is after f (a time within a cycle), or nNodes: every rank below
   *  bucketFirst[bucket of f] has a phase in a lower bucket, so below f; the few of f's bucket
   *  are stepped over. */
  firstRankAfter(f: f64): i32 {
    let lo = this.bucketFirst[this.phaseBucket(f)];
    const sp = this.sortedPhase;
    while (lo < nNodes && sp[lo] <= f) lo++;
    return lo;
  }

  /** Time of node n's last heartbeat at or before t (rounding corrected). */
  beatAtOrBefore(n: i32, t: f64): f64 {
    const k = Math.floor((t - this.phase[n]) / this.period);
    const next = this.phase[n] + (k + 1.0) * this.period;
    return next <= t ? next : this.phase[n] + k * this.period;
  }

  /** Node n's heartbeat at or before `now` is simulated now, unless it was already. */
  takeBeat(n: i32, now: f64): bool {
    const bt = this.beatAtOrBefore(n, now);
    if (this.lastBeat[n] > bt - 0.5 * this.period) return false;
    this.lastBeat[n] = bt;
    return true;
  }

  dueBits(cycle: f64): NextSet { return cycle - 2.0 * Math.floor(0.5 * cycle) == 0.0 ? this.dueBits0 : this.dueBits1; }

  isDue(n: i32): bool { return this.dueCycle[n] >= 0.0; }

  /** Node n (not due) changed at `now`: due at its first heartbeat after now. The caller has
   *  taken the passed ones first (takePassed: every due cycle is then within {scanCycle,
   *  scanCycle + 1}). */
  markDue(n: i32, now: f64): void {
    const tau = this.period;
    const ph = this.phase[n];
    let k = Math.floor((now - ph) / tau) + 1.0;
    if (k * tau + ph <= now) k += 1.0;
    else if ((k - 1.0) * tau + ph > now) k -= 1.0;
    this.dueCycle[n] = k;
    const rank = this.rankOf[n];
    this.dueBits(k).set(rank, true);
    // takePassed's next work: this heartbeat if it is in cycle scanCycle (at a rank >= scanRank:
    // earlier ones have passed), else (the first due one) the end of cycle scanCycle; never after
    // the end of cycle scanCycle (rounding: the scan's tests are its own expressions).
    const end = (this.scanCycle + 1.0) * tau;
    let at = k == this.scanCycle ? this.scanCycle * tau + this.sortedPhase[rank] : (this.dueCount == 0 ? end : Infinity);
    if (at > end) at = end;
    if (this.dueCount == 0 || at < this.quietUntil) this.quietUntil = at;
    this.dueCount++;
  }

  clearDue(n: i32): void {
    const k = this.dueCycle[n];
    if (k < 0.0) return;
    this.dueBits(k).set(this.rankOf[n], false);
    this.dueCycle[n] = -1.0;
    this.dueCount--;
  }

  /** Whether no due heartbeat can have passed at `now` (takePassed would find none): the
   *  callers' quick test, before the scan. */
  quiet(now: f64): bool { return this.dueCount > 0 && now < this.quietUntil; }

  /** The next node, in heartbeat order, whose due heartbeat is at or before `now` (no longer
   *  due), or -1 when there is none left. (Callers test quiet(now) first: the scan would stop at
   *  once.) */
  takePassed(now: f64): i32 {
    const tau = this.period;
    while (this.dueCount > 0) {
      const r = this.dueBits(this.scanCycle).next(this.scanRank);
      if (r >= 0) {
        const at = this.scanCycle * tau + this.sortedPhase[r];
        if (at > now) {
          const end = (this.scanCycle + 1.0) * tau;
          this.quietUntil = at < end ? at : end;
          return -1;
        }
        const n = this.byPhase[r];
        this.clearDue(n);
        this.scanRank = r + 1;
        return n;
      }
      const end = (this.scanCycle + 1.0) * tau;
      if (end > now) { this.quietUntil = end; return -1; }
      this.scanCycle += 1.0;
      this.scanRank = 0;
    }
    const c = Math.floor(now / tau);
    if (c > this.scanCycle) { this.scanCycle = c; this.scanRank = 0; }
    return -1;
  }

  /** The earliest due heartbeat's node (its time in dueAt), or -1. */
  nextDue(): i32 {
    this.dueAt = Infinity;
    if (this.dueCount == 0) return -1;
    let r = this.dueBits(this.scanCycle).next(this.scanRank);
    if (r >= 0) { this.dueAt = this.scanCycle * this.period + this.sortedPhase[r]; return this.byPhase[r]; }
    r = this.dueBits(this.scanCycle + 1.0).next(0);
    if (r >= 0) { this.dueAt = (this.scanCycle + 1.0) * this.period + this.sortedPhase[r]; return this.byPhase[r]; }
    return -1;
  }
}
