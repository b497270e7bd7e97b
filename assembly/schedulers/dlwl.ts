// `dlwl`: distributed least-work-left with SRPT queues, the "distributed Yaq" baseline of the
// Eagle chapter (seed-hawk-eagle.md §2.6). Every job is placed by water-filling LWL over a
// stale view of the nodes' estimated work: the view is refreshed by a heartbeat every
// `heartbeat` seconds (heartbeat.ts: from the first submission; only the last heartbeat before
// each submission is computed, since no decision reads the ones in between) and each advertised
// value carries a uniform random addition in [0, heartbeat) to reduce conflicts (as in Apollo).
// Placements update the view at once (the scheduler knows what it placed, as the reference's
// water-filling on its snapshot does); completions become visible only at the next heartbeat.
// Tasks are bound at placement (early binding). Short jobs may use every node, long jobs only the
// general partition (the same short partition as Eagle). Node queues are SRPT over all queued
// tasks, long and short, keyed by estimate x the job's tasks not yet started, with the bypass
// bound checked strictly (a task may bypass entry P only while P's bypassed work stays below
// bypassFactor x P's estimate): srpt.ts (forTasks).
import {
  Scheduler, Params, nNodes, nJobs, jobArrival, jobLong, jobEstimate, jobFirstTask, nextUnlaunchedTask, sendBegin, sendTo,
  sendEnd, stream, SrptDiscipline,
} from "../policy";
import { Rng, STREAM_HEARTBEAT } from "../rng";
import { MinTree } from "../mintree";
import { ClassAwareScheduler } from "./classes";
import { Partition } from "./partition";
import { Heartbeat } from "./heartbeat";

export class DistributedLwl extends ClassAwareScheduler {
  noise: Rng = stream(STREAM_HEARTBEAT);
  partition: Partition;
  live: Float64Array = new Float64Array(nNodes);     // estimated work of unfinished tasks
  assigned: Int32Array = new Int32Array(nNodes);
  advertised: Float64Array = new Float64Array(nNodes); // the last heartbeat's values
  view: MinTree = new MinTree(nNodes);
  arrived: i32 = 0;                        // jobs submitted so far
  heartbeat: Heartbeat;

  constructor(cutoff: f64, shortPercent: f64, heartbeat: f64, bypassFactor: f64) {
    super(cutoff, false);
    this.discipline = SrptDiscipline.forTasks(bypassFactor);
    this.partition = new Partition(shortPercent);
    this.heartbeat = new Heartbeat(heartbeat);
    this.heartbeat.attach(this);
  }

  start(): void {
    this.heartbeat.begin(jobArrival[0]);
    this.beat(jobArrival[0]);
  }

  /** A heartbeat: every node advertises its current work plus noise. */
  beat(now: f64): void {
    const period = this.heartbeat.period;
    for (let n = 0; n < nNodes; n++) {
      this.advertised[n] = this.live[n] + period * this.noise.nextFloat();
    }
    this.view.setAll(this.advertised);
    this.planBeat(now);
  }

  /** Only the last heartbeat at or before the next submission is read by a decision. */
  planBeat(now: f64): void {
    if (this.arrived < nJobs) this.heartbeat.planLatestBefore(jobArrival[this.arrived], now);
  }

  onTimer(kind: i32, a: i32, b: i32, now: f64): void {
    this.heartbeat.fired();
    this.beat(now);
  }

  onJobArrival(job: i32, now: f64): void {
    const first = jobFirstTask[job];
    const end = jobFirstTask[job + 1];
    const est = jobEstimate[job];
    const lo = jobLong[job] != 0 ? this.partition.generalStart() : 0;
    const view = this.view;
    sendBegin();
    for (let t = first; t < end; t++) {
      const n = view.minIndexIn(lo, nNodes);
      view.set(n, view.get(n) + est);
      this.live[n] = this.live[n] + est;
      this.assigned[n] = this.assigned[n] + 1;
      sendTo(n, job, nextUnlaunchedTask(job));
    }
    sendEnd(now);
    this.arrived = job + 1;
    this.planBeat(now);
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    const left = this.assigned[node] - 1;
    this.assigned[node] = left;
    this.live[node] = left == 0 ? 0.0 : this.live[node] - jobEstimate[job];
  }
}

export function createDlwl(p: Params): Scheduler {
  return new DistributedLwl(p.num("cutoff"), p.num("shortPartition"), p.num("heartbeat"), p.num("bypassFactor"))
    .estimationError(p.num("estErrorLow"), p.num("estErrorHigh"), p.flag("classifyByNoisy"));
}
