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
// The reference simulator's behaviours (issue #21; each a parameter, "auto" following compat):
//  - lwlElapsed (difference 1, reference `find_workers_dlwl`): a node running a task looks
//    lighter by what it has run: max(2 x delay + view - min(elapsed, estimate), 0), the elapsed
//    time live (counted from the request, one round trip before the start) and the view stale;
//  - dlwlSelfUpdate=off (difference 2, reference `JobArrival.run`): a job decides on the last
//    heartbeat's snapshot alone — placements change only the live state, so jobs within one
//    heartbeat see the same view — with heartbeats at 0, period, 2 x period, ... from t = 0;
//  - dlwlNoise=job (difference 4): the noise is an integer drawn uniformly from 0..floor(period)
//    per node for every job (Python's randint(0, period)), not U[0, period) per node per heartbeat.
// With any of them on, each job's decision computes every candidate node's value (O(nodes) per
// job, as the reference does): compat runs of the papers' traces, not the full-scale path.
import {
  Scheduler, Params, nNodes, nJobs, netDelay, compatMode, jobArrival, jobLong, jobEstimate, jobFirstTask, nextUnlaunchedTask,
  sendBegin, sendTo, sendEnd, stream, SrptDiscipline,
} from "../policy";
import { Rng, STREAM_HEARTBEAT } from "../rng";
import { MinTree } from "../mintree";
import { ClassAwareScheduler } from "./classes";
import { Partition } from "./partition";
import { Heartbeat } from "./heartbeat";
import { elapsedOn } from "./lwl";
import { toI32 } from "../glue";

export class DistributedLwl extends ClassAwareScheduler {
  noise: Rng = stream(STREAM_HEARTBEAT);
  partition: Partition;
  live: Float64Array = new Float64Array(nNodes);     // estimated work of unfinished tasks
  assigned: Int32Array = new Int32Array(nNodes);
  advertised: Float64Array = new Float64Array(nNodes); // the last heartbeat's values
  view: MinTree = new MinTree(nNodes);
  arrived: i32 = 0;                        // jobs submitted so far
  heartbeat: Heartbeat;
  // The reference's behaviours (see the file's head).
  elapsed: bool = false;
  selfUpdate: bool = true;
  jobNoise: bool = false;
  /** Per job values computed from scratch (any reference behaviour on). */
  perJob: bool = false;
  runFrom: Float64Array = new Float64Array(0); // request time of the running task (-1: none)
  runEst: Float64Array = new Float64Array(0);
  keys: Float64Array = new Float64Array(0);

  constructor(cutoff: f64, shortPercent: f64, heartbeat: f64, bypassFactor: f64) {
    super(cutoff, false);
    this.discipline = SrptDiscipline.forTasks(bypassFactor);
    this.partition = new Partition(shortPercent);
    this.heartbeat = new Heartbeat(heartbeat);
    this.heartbeat.attach(this);
  }

  /** The reference's behaviours (issue #21 differences 1, 2 and 4). */
  reference(elapsed: bool, selfUpdate: bool, jobNoise: bool): DistributedLwl {
    this.elapsed = elapsed;
    this.selfUpdate = selfUpdate;
    this.jobNoise = jobNoise;
    this.perJob = elapsed || !selfUpdate || jobNoise;
    if (this.perJob) this.keys = new Float64Array(nNodes);
    if (elapsed) {
      this.watchesStarts = true;
      this.runFrom = new Float64Array(nNodes);
      this.runFrom.fill(-1.0);
      this.runEst = new Float64Array(nNodes);
    }
    return this;
  }

  start(): void {
    // The snapshot mode's heartbeats fall at 0, period, ... (the reference's); otherwise they
    // count from the first submission.
    this.heartbeat.begin(this.selfUpdate ? jobArrival[0] : 0.0);
    this.beat(jobArrival[0]);
  }

  /** A heartbeat: every node advertises its current work (plus noise, per heartbeat). */
  beat(now: f64): void {
    const period = this.heartbeat.period;
    if (this.jobNoise) {
      for (let n = 0; n < nNodes; n++) this.advertised[n] = this.live[n];
    } else {
      for (let n = 0; n < nNodes; n++) this.advertised[n] = this.live[n] + period * this.noise.nextFloat();
    }
    if (!this.perJob) this.view.setAll(this.advertised);
    this.planBeat(now);
  }

  /** Only the last heartbeat at or before the next submission is read by a decision. */
  planBeat(now: f64): void {
    if (this.arrived >= nJobs) return;
    // (the snapshot mode, whose view is the heartbeat's alone, reads the one strictly before a
    // submission, as a full simulation of every heartbeat would give it)
    if (this.selfUpdate) this.heartbeat.planLatestBefore(jobArrival[this.arrived], now);
    else this.heartbeat.planLatestStrictlyBefore(jobArrival[this.arrived], now);
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
    if (this.perJob) this.decide(lo, now);
    const view = this.view;
    const selfUpdate = this.selfUpdate;
    sendBegin();
    for (let t = first; t < end; t++) {
      const n = view.minIndexIn(lo, nNodes);
      view.set(n, view.get(n) + est);
      if (selfUpdate && this.perJob) this.advertised[n] = this.advertised[n] + est;
      this.live[n] = this.live[n] + est;
      this.assigned[n] = this.assigned[n] + 1;
      sendTo(n, job, nextUnlaunchedTask(job));
    }
    sendEnd(now);
    this.arrived = job + 1;
    this.planBeat(now);
  }

  /** Per-job values of nodes [lo, nNodes) (the reference's find_workers_dlwl). */
  decide(lo: i32, now: f64): void {
    const keys = this.keys;
    const adv = this.advertised;
    const top = toI32(Math.floor(this.heartbeat.period)) + 1; // randint(0, period): 0..period
    for (let n = 0; n < nNodes; n++) {
      if (n < lo) { keys[n] = Infinity; continue; }
      let v = adv[n];
      if (this.elapsed) {
        const from = this.runFrom[n];
        if (from >= 0.0) {
          v = 2.0 * netDelay + v - Math.min(now - from, this.runEst[n]);
          if (v < 0.0) v = 0.0;
        }
      }
      if (this.jobNoise) v += <f64>this.noise.nextInt(top);
      keys[n] = v;
    }
    this.view.setAll(keys);
  }

  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {
    this.runFrom[node] = now - 2.0 * netDelay; // (the reference requests a task one round trip before it starts)
    this.runEst[node] = jobEstimate[job];
  }

  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    const left = this.assigned[node] - 1;
    this.assigned[node] = left;
    this.live[node] = left == 0 ? 0.0 : this.live[node] - jobEstimate[job];
    if (this.elapsed) this.runFrom[node] = -1.0;
  }
}

export function createDlwl(p: Params): Scheduler {
  const d = new DistributedLwl(p.num("cutoff"), p.num("shortPartition"), p.num("heartbeat"), p.num("bypassFactor"));
  d.estimationError(p.num("estErrorLow"), p.num("estErrorHigh"), p.flag("classifyByNoisy"));
  const self = p.choice("dlwlSelfUpdate");
  const noise = p.choice("dlwlNoise");
  const elapsed = elapsedOn(p);
  const selfUpdate = self == "on" || self == "auto" && !compatMode;
  const jobNoise = noise == "job" || noise == "auto" && compatMode;
  return elapsed || !selfUpdate || jobNoise ? d.reference(elapsed, selfUpdate, jobNoise) : d;
}
