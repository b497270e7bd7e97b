// Job classes and runtime estimates shared by the hybrid policies (seed-hawk-eagle.md §1.3,
// §2.2(a), A14). Partitions: partition.ts.
import { Scheduler, jobEstimate, jobLong, stream } from "../policy";
import { Rng, STREAM_ESTIMATES } from "../toolkit/rng";

/**
 * Classifies jobs (long when the estimated task duration exceeds `cutoff`) and applies the
 * estimation error of §5.6/§5.12: each job's estimate is multiplied by U[low, high], drawn
 * once per job from its own stream (`rng`: STREAM_ESTIMATES, drawn in job order across batches). With `classifyByNoisy` the class comes from the noisy
 * estimate (Hawk §2.4.8), otherwise from the true one (Eagle §3.6.5, A14). LWL and SRPT
 * always see the noisy estimate. low = high = 1 leaves every estimate exact.
 */
export function classifyJobs(from: i32, to: i32, rng: Rng, cutoff: f64, low: f64, high: f64, classifyByNoisy: bool): void {
  const noisy = low != 1.0 || high != 1.0;
  for (let j = from; j < to; j++) {
    const exact = jobEstimate[j];
    const est = noisy ? exact * (low + (high - low) * rng.nextFloat()) : exact;
    jobLong[j] = (classifyByNoisy ? est : exact) > cutoff ? 1 : 0;
    jobEstimate[j] = est;
  }
}

/** Base of the policies that split jobs into short and long by an estimate cutoff. */
export class ClassAwareScheduler extends Scheduler {
  cutoff: f64;
  estLow: f64 = 1.0;
  estHigh: f64 = 1.0;
  classifyByNoisy: bool;
  estimates: Rng = stream(STREAM_ESTIMATES);

  constructor(cutoff: f64, classifyByNoisy: bool) {
    super();
    this.cutoff = cutoff;
    this.classifyByNoisy = classifyByNoisy;
  }

  /** Estimation error U[low, high] per job; `classifyByNoisy` as in classifyJobs. */
  estimationError(low: f64, high: f64, classifyByNoisy: bool): ClassAwareScheduler {
    this.estLow = low;
    this.estHigh = high;
    this.classifyByNoisy = classifyByNoisy;
    return this;
  }

  onJobsAdded(from: i32, to: i32): void {
    classifyJobs(from, to, this.estimates, this.cutoff, this.estLow, this.estHigh, this.classifyByNoisy);
  }
}
