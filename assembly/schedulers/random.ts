// `random`: every task is bound at once to a uniformly random node and queued FIFO
// there (the Sparrow paper's baseline). No probes, no round trip: the placement
// message carries the task. In a DAG trace a task is placed when it becomes ready.
import { Scheduler, Params, nNodes, jobUnlaunched, nextUnlaunchedTask, sendBegin, sendTo, sendEnd, stream } from "../policy";
import { Rng, STREAM_PLACEMENT } from "../toolkit/rng";

export class RandomPlacement extends Scheduler {
  rng: Rng = stream(STREAM_PLACEMENT);

  constructor() {
    super();
    this.dagAware = true;
  }

  onJobArrival(job: i32, now: f64): void { this.place(job, jobUnlaunched(job), now); }
  onTasksReady(job: i32, count: i32, now: f64): void { this.place(job, count, now); }

  /** Binds the job's next `count` tasks to random nodes. */
  place(job: i32, count: i32, now: f64): void {
    sendBegin();
    for (let i = 0; i < count; i++) {
      sendTo(this.rng.nextInt(nNodes), job, nextUnlaunchedTask(job));
    }
    sendEnd(now);
  }
}

export function createRandom(p: Params): Scheduler { return new RandomPlacement(); }
