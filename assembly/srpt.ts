// Shortest remaining processing time with a bypass bound: Eagle's node queues for sticky short
// probes (seed-hawk-eagle.md §2.5(f), Algorithm 1) and DLWL's for bound tasks (§2.6), one
// implementation. A record's key is its job's estimate x the job's tasks still to come; the
// record with the smallest key is served, but a record may be chosen only while every record it
// would bypass stays within its bound: the work that bypassed record P (its f64, entryValue) may
// reach at most bypassFactor x P's task estimate (A12). Eagle's probe variant looks only at the
// short probes ahead of the first long record, drops probes whose job is known to be exhausted
// (A4, A11), counts the bypass when a sticky probe obtains a task, and allows equality in the
// bound; DLWL's task variant looks at every record and keys it by the job's tasks not started.
import { NodeDiscipline } from "./discipline";
import { counters, netDelay, slotsPerNode, C_PURGED, C_MAX_BYPASS } from "./config";
import { jobEst, jobUnlaunched, jobWaitingCount, jobHandOut } from "./jobs";
import { queueFirst, queueEnd, entryWord, wordJob, wordIsLong, wordFetching, entryValue, setEntryValue,
  keepEntryAt, closeGap, firstReadyEntry, wordSticky, entryTask } from "./queues";

export class SrptDiscipline extends NodeDiscipline {
  bypassFactor: f64;
  /** Eagle's variant: short probes ahead of the first long record, keyed by unlaunched tasks,
   *  exhausted probes purged, bypass counted at sticky hand-outs, bound inclusive. */
  probes: bool;
  /** The reference's scan (issue #21 difference 3, `get_next_probe_acc_to_sbp_srpt`): the probe
   *  variant looks past long records too; a long record is taken at the head of the queue, or
   *  further back when its job's remaining work (estimate x unlaunched tasks) is the least so far
   *  and its estimate fits the slack of the short probes in front (long records have no slack
   *  of their own, and the short probes a long one jumps are not charged). */
  longJump: bool = false;
  /** Dice's suspension window (seed-dice.md §8 #16): the probe variant chooses among every short
   *  probe of the queue, skipping long records instead of stopping at the first. */
  shortOnly: bool = false;

  /** The probe variant on nodes of several slots (docs/models/eagle.md, "Several slots per
   *  node"): a probe whose get-task request is in flight holds a slot of its own, so it neither
   *  competes nor bounds nor is charged; and the bypass is charged at selection, so that the
   *  records checked are exactly the ones charged (charged a round trip later, at the hand-out,
   *  two slots selecting within that round trip could together push a record past its bound).
   *  A probe that then finds its job exhausted keeps its charge (conservative). One slot per
   *  node: the paper's rules exactly (nothing is in flight when the slot is free). */
  inFlightApart: bool;

  constructor(bypassFactor: f64, probes: bool) {
    super();
    this.usesValue = true;
    this.inFlightApart = probes && slotsPerNode > 1;
    // (the task variant, and the probe variant on several slots, count the bypass at selection)
    this.notesSelection = !probes || this.inFlightApart;
    this.bypassFactor = bypassFactor;
    this.probes = probes;
  }

  /** Eagle's sticky short probes (Algorithm 1's GetProbeFromQueue). */
  static forProbes(bypassFactor: f64): SrptDiscipline { return new SrptDiscipline(bypassFactor, true); }
  /** DLWL's bound tasks. */
  static forTasks(bypassFactor: f64): SrptDiscipline { return new SrptDiscipline(bypassFactor, false); }

  /** One pass over contiguous records: the choice, and (probe variant) the compaction that drops
   *  exhausted probes. */
  select(node: i32, t: f64): i32 {
    const probes = this.probes;
    let shortest: f64 = Infinity;
    let minSlack: f64 = Infinity;
    let chosen = -1;
    const first = queueFirst(node);
    const end = queueEnd(node);
    let w = first; // next kept position
    let r = first;
    let purged = 0;
    for (; r < end; r++) {
      const word = entryWord(r);
      const job = wordJob(word);
      const est = jobEst(job);
      let fetching = false;
      let left: i32;
      if (probes) {
        const long = wordIsLong(word);
        if (long && this.shortOnly) { // (Dice: short probes only, looking past long records)
          if (w != r) keepEntryAt(r, w);
          w++;
          continue;
        }
        if (long && !this.longJump) break; // never look past a long placeholder
        fetching = wordFetching(word);
        left = jobUnlaunched(job);
        if (!long && !fetching && left == 0 && t >= jobHandOut(job) + netDelay) {
          purged++; // known exhausted: dropped at no cost
          continue;
        }
        if (w != r) keepEntryAt(r, w);
        if (long) {
          if (!fetching && (w == first || est * <f64>left < shortest && est <= minSlack)) {
            chosen = w; // taken: the scan ends here
            w++;
            r++;
            break;
          }
          w++;
          continue;
        }
      } else {
        left = jobWaitingCount(job); // (bound tasks: nothing fetches, nothing is purged)
      }
      if (!fetching) {
        const remaining = est * <f64>left;
        if (remaining < shortest && (est < minSlack || probes && est == minSlack)) { shortest = remaining; chosen = w; }
      }
      if (!(fetching && this.inFlightApart)) {
        const slack = this.bypassFactor * est - entryValue(w);
        if (slack < minSlack) minSlack = slack;
      }
      w++;
    }
    if (purged > 0) {
      closeGap(node, w, r);
      counters[C_PURGED] += <f64>purged;
    }
    return chosen >= 0 ? chosen : firstReadyEntry(node);
  }

  selected(node: i32, e: i32, t: f64): void {
    if (!this.probes) { this.recordBypass(node, e, jobEst(wordJob(entryWord(e)))); return; }
    // (inFlightApart) The chosen sticky probe will ask for a task: charge now (a long record,
    // or a probe that is not sticky, charges nothing, as at the hand-out).
    const word = entryWord(e);
    if (entryTask(e) < 0 && wordSticky(word)) this.recordBypass(node, e, jobEst(wordJob(word)));
  }

  /** The chosen probe obtained a task: every short probe it bypassed records the work (one slot
   *  per node; with several, the charge was made at selection). */
  stickyTask(node: i32, e: i32, task: i32, job: i32, t: f64): void {
    if (this.probes && !this.inFlightApart) this.recordBypass(node, e, jobEst(job));
  }

  /** Work `est` chosen from behind the records of `node` ahead of `r` bypassed them; each records
   *  it (only short ones in the probe variant), and the largest ratio of bypassed work to its
   *  bound is kept for checking (counter maxBypassRatio, at most 1). */
  recordBypass(node: i32, r: i32, est: f64): void {
    const factor = this.bypassFactor;
    let maxRatio = counters[C_MAX_BYPASS];
    for (let x = queueFirst(node); x < r; x++) {
      const word = entryWord(x);
      if (this.probes && wordIsLong(word)) continue;
      if (this.inFlightApart && wordFetching(word)) continue; // (in flight: see inFlightApart)
      const b = entryValue(x) + est;
      setEntryValue(x, b);
      const bound = factor * jobEst(wordJob(word));
      const ratio = bound > 0.0 ? b / bound : Infinity;
      if (ratio > maxRatio) maxRatio = ratio;
    }
    counters[C_MAX_BYPASS] = maxRatio;
  }

  /** The record with the most remaining work (the latest among equals), not waiting for a reply. */
  evict(node: i32): i32 {
    let worst: f64 = -1.0;
    let chosen = -1;
    for (let r = queueFirst(node); r < queueEnd(node); r++) {
      const word = entryWord(r);
      if (wordFetching(word)) continue;
      const job = wordJob(word);
      const remaining = jobEst(job) * <f64>(this.probes ? jobUnlaunched(job) : jobWaitingCount(job));
      if (remaining >= worst) { worst = remaining; chosen = r; }
    }
    return chosen;
  }
}
