// `random`: every task is bound at once to a uniformly random node and queued FIFO
// there (the Sparrow paper's baseline). No probes, no round trip: the placement
// message carries the task.
import { Scheduler, Params, nNodes, jobFirstTask, nextUnlaunchedTask, sendBegin, sendTo, sendEnd, stream } from "../policy";
import { Rng, STREAM_PLACEMENT } from "../rng";

export class RandomPlacement extends Scheduler {
  rng: Rng = stream(STREAM_PLACEMENT);

  onJobArrival(job: i32, now: f64): void {
    const tasks = jobFirstTask[job + 1] - jobFirstTask[job];
    sendBegin();
    for (let i = 0; i < tasks; i++) {
      sendTo(this.rng.nextInt(nNodes), job, nextUnlaunchedTask(job));
    }
    sendEnd(now);
  }
}

export function createRandom(p: Params): Scheduler { return new RandomPlacement(); }
