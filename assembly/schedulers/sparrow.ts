// `sparrow`: batch sampling with late binding (seed-hawk-eagle.md §2.0, §2.1).
// A job with t tasks sends ceil(d * t) probes to nodes drawn uniformly at random;
// each probe reaching a queue head asks for a task, and the job's tasks go to the
// first t probes to ask. Later probes get a cancel after one round trip (A4).
import { Scheduler, nNodes, params, jobFirstTask, sendBegin, sendTo, sendEnd, stream } from "../sim";
import { Rng, STREAM_PLACEMENT } from "../rng";
import { toI32 } from "../glue";
import { NodeSampler } from "./sampler";

export const P_PROBE_RATIO: i32 = 0;
export const P_WITHOUT_REPLACEMENT: i32 = 1;

export class Sparrow extends Scheduler {
  rng: Rng = stream(STREAM_PLACEMENT);
  probeRatio: f64 = params[P_PROBE_RATIO];
  sampler: NodeSampler = new NodeSampler(0, nNodes, params[P_WITHOUT_REPLACEMENT] != 0.0);

  onJobArrival(job: i32, now: f64): void {
    const tasks = jobFirstTask[job + 1] - jobFirstTask[job];
    const probes = toI32(Math.ceil(this.probeRatio * <f64>tasks));
    this.sampler.begin();
    sendBegin();
    for (let i = 0; i < probes; i++) sendTo(this.sampler.next(this.rng), job, -1);
    sendEnd(now);
  }
}
