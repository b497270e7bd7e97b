// `hawk` (seed-hawk-eagle.md §2.2) and the `split` cluster baseline (§2.4).
//  (a) jobs are long when their estimated task duration exceeds `cutoff`;
//  (b) nodes [0, floor(p * N)) form the short partition (short tasks only), the rest the
//      general partition (A2);
//  (c) short jobs: Sparrow batch probing over the whole cluster, late binding, FIFO;
//  (d) randomized stealing: a node left with a free slot and an empty queue tries up to
//      `stealAttempts` victims drawn uniformly from the general partition (a self-pick simply
//      fails, A6) and takes the first run of short probes queued behind long work (A7, A8);
//  (e) long jobs: centralized LWL over the general partition, blind to short work.
// Ablations: no stealing, no partition (every node general), no central scheduler (long jobs
// probe the general partition like Sparrow).
// `split` is the static split: short jobs probe only the short partition, long jobs go through
// the central LWL on the rest, no stealing.
import {
  Scheduler, Params, nNodes, jobLong, jobTaskCount, jobUnlaunched, queueFirst, queueLength, longRunning, longQueued, entryIsLong, entryIsProbe, moveRun, serve, count,
  longWork, stream, C_STEAL_ATTEMPTS, C_STEALS, C_RESCHEDULED,
} from "../policy";
import { Rng, STREAM_PLACEMENT, STREAM_STEALING } from "../toolkit/rng";
import { NodeSampler } from "../toolkit/sampler";
import { shortPartitionSize } from "../toolkit/partition";
import { sendProbes } from "./sparrow";
import { HybridLwl, HybridSettings } from "./hybrid";

/** Hawk's parameters (read once by the factory; src/config/schedulers.ts `hawk`, `split`). */
export class HawkSettings extends HybridSettings {
  /** d: probes per task of a short job (and of a long one without the central scheduler). */
  probeRatio: f64 = 2.0;
  /** Victims a node left idle tries (0: no stealing). */
  stealAttempts: i32 = 0;
  /** Long jobs by the central LWL (false: they probe the general partition, an ablation). */
  centralLong: bool = true;
  /** The short partition exists (false: every node is general, an ablation). */
  partition: bool = true;
  /** Short jobs probe only the short partition (`split`, the static split of §2.4). */
  shortOnlyInShortPartition: bool = false;

  static read(p: Params): HawkSettings {
    const s = new HawkSettings();
    s.readHybrid(p);
    s.probeRatio = p.num("probeRatio");
    s.stealAttempts = p.flag("stealing") ? p.int("stealAttempts") : 0;
    s.centralLong = p.flag("centralLong");
    s.partition = p.flag("partition");
    return s;
  }

  /** `split`: Hawk's classes and placement of long jobs, short jobs on the short partition
   *  only, no stealing; its class is the noisy estimate's (Hawk's), without estimation error. */
  static readSplit(p: Params): HawkSettings {
    const s = new HawkSettings();
    s.cutoff = p.num("cutoff");
    s.shortPercent = p.num("shortPartition");
    s.probeRatio = p.num("probeRatio");
    s.classifyByNoisy = true;
    s.shortOnlyInShortPartition = true;
    return s;
  }
}

export class Hawk extends HybridLwl {
  probeRng: Rng = stream(STREAM_PLACEMENT);
  stealRng: Rng = stream(STREAM_STEALING);
  probeRatio: f64;
  stealAttempts: i32;
  shortSampler: NodeSampler;
  generalSampler: NodeSampler;

  constructor(s: HawkSettings) {
    const shortPercent = s.partition ? s.shortPercent : 0.0;
    super(s.cutoff, s.classifyByNoisy, shortPercent);
    this.probeRatio = s.probeRatio;
    this.stealAttempts = s.stealAttempts;
    const g = shortPartitionSize(shortPercent); // (the partition's first general node)
    this.shortSampler = new NodeSampler(0, s.shortOnlyInShortPartition ? g : nNodes, false);
    this.generalSampler = new NodeSampler(g, nNodes, false);
    this.useCentral = s.centralLong;
  }

  onJobArrival(job: i32, now: f64): void {
    if (jobLong[job] == 0) {
      sendProbes(job, jobTaskCount(job), this.probeRatio, 1, this.shortSampler, this.probeRng, now);
    } else if (this.useCentral) {
      this.central.place(job, jobUnlaunched(job), this.partition.generalStart(), nNodes, now);
    } else {
      sendProbes(job, jobTaskCount(job), this.probeRatio, 1, this.generalSampler, this.probeRng, now);
    }
  }

  onNodeIdle(node: i32, now: f64): void {
    const g = this.partition.generalStart();
    const general = nNodes - g;
    if (general <= 0) return;
    // Each attempt draws a victim of the general partition; one that is the thief itself or
    // holds no long work (nothing sits behind long work there) fails without a look at its
    // queue, so the draws run in one loop until a victim worth trying (Rng.nextIntWithBit).
    const rng = this.stealRng;
    let left = this.stealAttempts;
    while (left > 0) {
      const victim = rng.nextIntWithBit(general, g, longWork, node, left);
      const used = rng.draws;
      count(C_STEAL_ATTEMPTS, <f64>used);
      left -= used;
      if (victim < 0) return;
      if (stealFrom(victim, node)) {
        count(C_STEALS, 1.0);
        serve(node, now);
        return;
      }
    }
  }
}

/**
 * Moves the victim's first run of short probes that sits behind long work to the thief
 * (§2.2(d)): unless the victim is running a long task, skip its leading short entries; then
 * skip consecutive long entries; then take the maximal run of short probes that follows.
 * Returns false when there is nothing to steal.
 */
export function stealFrom(victim: i32, thief: i32): bool {
  // The victim holds long work (onNodeIdle draws only such victims: nothing sits behind long
  // work on a node without any). Nor is there anything when every queued entry is long: the
  // queue length and the long count answer that without the victim's queue (nearly every
  // attempt that reaches here, and each read of a random victim's queue is a cache miss).
  const len = queueLength(victim);
  if (len == longQueued(victim)) return false;
  let r = queueFirst(victim);
  const end = r + len;
  if (longRunning(victim) == 0) {
    while (r < end && !entryIsLong(r)) r++;
  }
  while (r < end && entryIsLong(r)) r++;
  if (r >= end || !entryIsProbe(r)) return false;
  let n = 1;
  while (r + n < end && !entryIsLong(r + n) && entryIsProbe(r + n)) n++;
  moveRun(victim, r, n, thief);
  count(C_RESCHEDULED, <f64>n);
  return true;
}

export function createHawk(p: Params): Scheduler {
  const s = HawkSettings.read(p);
  const h = new Hawk(s);
  h.configure(s);
  return h;
}

export function createSplit(p: Params): Scheduler { return new Hawk(HawkSettings.readSplit(p)); }
