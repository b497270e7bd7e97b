// `sparrow`: batch sampling with late binding (seed-hawk-eagle.md §2.0, §2.1).
// A job with t tasks sends ceil(d * t) probes to nodes drawn uniformly at random;
// each probe reaching a queue head asks for a task, and the job's tasks go to the
// first t probes to ask. Later probes get a cancel after one round trip (A4). In a DAG trace
// the tasks that become ready later get probes of their own then (d per task, as a new stage).
import { Scheduler, Params, nNodes, jobUnlaunched, sendBegin, sendProbesTo, sendEnd, stream } from "../policy";
import { Rng, STREAM_PLACEMENT } from "../toolkit/rng";
import { toI32 } from "../toolkit/glue";
import { NodeSampler, drawNodes } from "../toolkit/sampler";

/** Batch sampling's probe count for `tasks` tasks: ceil(ratio x tasks), at least `minProbes`
 *  (Eagle's K, §2.5(d); 1 for Sparrow and Hawk). */
export function probeCount(tasks: i32, ratio: f64, minProbes: i32): i32 {
  const probes = toI32(Math.ceil(ratio * <f64>tasks));
  return probes < minProbes ? minProbes : probes;
}

/** Sends probeCount(tasks, ratio, minProbes) probes of `job` to nodes from `sampler`. */
export function sendProbes(job: i32, tasks: i32, ratio: f64, minProbes: i32, sampler: NodeSampler, rng: Rng, now: f64): void {
  const probes = probeCount(tasks, ratio, minProbes);
  sampler.begin();
  sendBegin();
  sendProbesTo(drawNodes(sampler, rng, probes), probes, job);
  sendEnd(now);
}

export class Sparrow extends Scheduler {
  rng: Rng = stream(STREAM_PLACEMENT);
  probeRatio: f64;
  sampler: NodeSampler;

  constructor(probeRatio: f64, withoutReplacement: bool) {
    super();
    this.probeRatio = probeRatio;
    this.sampler = new NodeSampler(0, nNodes, withoutReplacement);
    this.dagAware = true;
    this.readsParents = false;
  }

  onJobArrival(job: i32, now: f64): void {
    sendProbes(job, jobUnlaunched(job), this.probeRatio, 1, this.sampler, this.rng, now);
  }

  onTasksReady(job: i32, count: i32, now: f64): void {
    sendProbes(job, count, this.probeRatio, 1, this.sampler, this.rng, now);
  }
}

export function createSparrow(p: Params): Scheduler {
  return new Sparrow(p.num("probeRatio"), p.flag("withoutReplacement"));
}
