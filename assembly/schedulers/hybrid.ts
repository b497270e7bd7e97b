// The hybrid split that Hawk and Eagle share (seed-hawk-eagle.md §2.2(a), (b), (e), §2.5): jobs
// are long when their estimated task duration exceeds a cutoff, nodes [0, floor(p x N)) form
// the short partition, and a central least-work-left scheduler places long jobs over the
// general partition, blind to short work. The subclasses decide how short jobs are placed
// (Hawk: probing and stealing; Eagle: probing with rejection, SBP and SRPT).
import { Params, jobLong } from "../policy";
import { Partition } from "../toolkit/partition";
import { ClassAwareScheduler } from "./classes";
import { CentralLwl, elapsedOn } from "./lwl";

/** The class cutoff, the estimation error and the central view's load that the hybrid policies
 *  read the same way (seed-hawk-eagle.md §2.2(a), §5.6, §5.12; issue #21 for `lwlElapsed`). */
export class HybridSettings {
  /** A job is long when its estimated task duration exceeds this (s). */
  cutoff: f64 = 0.0;
  /** The short partition, in % of the nodes. */
  shortPercent: f64 = 0.0;
  /** Estimation error: each job's estimate is multiplied by U[estErrorLow, estErrorHigh]. */
  estErrorLow: f64 = 1.0;
  estErrorHigh: f64 = 1.0;
  /** The class comes from the noisy estimate (Hawk §2.4.8) rather than the true one (Eagle). */
  classifyByNoisy: bool = false;
  /** The central view's load counts what its running tasks have run (the reference's). */
  elapsedLoad: bool = false;

  /** Reads the parameters every hybrid description has (src/config/schedulers.ts). */
  readHybrid(p: Params): void {
    this.cutoff = p.num("cutoff");
    this.shortPercent = p.num("shortPartition");
    this.estErrorLow = p.num("estErrorLow");
    this.estErrorHigh = p.num("estErrorHigh");
    this.classifyByNoisy = p.flag("classifyByNoisy");
    this.elapsedLoad = elapsedOn(p);
  }
}

/** Base of Hawk and Eagle: the classes, the partition and the central LWL for long jobs. */
export class HybridLwl extends ClassAwareScheduler {
  partition: Partition;
  /** Long jobs' placement: covers the general partition (and whatever Dice may close). */
  central: CentralLwl;
  /** Long jobs go through the central scheduler (Hawk's ablation turns it off: they probe). */
  useCentral: bool = true;

  /** `shortPercent`: the short partition; `classifyByNoisy`: as ClassAwareScheduler. */
  constructor(cutoff: f64, classifyByNoisy: bool, shortPercent: f64) {
    super(cutoff, classifyByNoisy);
    const partition = new Partition(shortPercent);
    this.partition = partition;
    this.central = new CentralLwl(partition.min); // long jobs go to the general partition only
  }

  /** Applies the settings' estimation error and load (after construction, as the factories do). */
  configure(s: HybridSettings): void {
    this.estimationError(s.estErrorLow, s.estErrorHigh, s.classifyByNoisy);
    if (s.elapsedLoad) this.useElapsedLoad();
  }

  /** The central LWL's elapsed-time load (lwlElapsed): it hears of its long tasks' starts. */
  useElapsedLoad(): void {
    this.central.useElapsed();
    this.watchesStarts = true;
  }

  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {
    if (jobLong[job] != 0) this.central.started(node, job, now);
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    if (this.useCentral && jobLong[job] != 0) this.central.finished(node, job);
  }
}
