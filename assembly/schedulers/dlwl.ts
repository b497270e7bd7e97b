// `dlwl`: distributed least-work-left with SRPT queues, the "distributed Yaq" baseline of the
// Eagle chapter (seed-hawk-eagle.md §2.6). Every job is placed by water-filling LWL over a
// stale view of the nodes' estimated work: the view is refreshed by a heartbeat every
// `heartbeat` seconds (heartbeat.ts: from the first submission; only the last heartbeat before
// each submission is computed, since no decision reads the ones in between) and each advertised
// value carries a uniform random addition in [0, heartbeat) to reduce conflicts (as in Apollo).
// Placements update the view at once (the scheduler knows what it placed, as the reference's
// water-filling on its snapshot does); completions become visible only at the next heartbeat.
// The view is not rebuilt at each heartbeat: a node's value is S + noise (S: its work at the
// heartbeat plus its placements since), and since the noise is >= 0 a decision reads only the
// nodes whose S is at most the least value found so far: from one tree keyed by S until a node
// is read and by its value after, and the idle ones (S = 0, often a large share of the nodes)
// from heaps filled layer by layer of noise (toolkit/heap.ts).
// The values and the choices are the rebuilt tree's. A heartbeat still draws every node's noise,
// in node order (the draws, not the tree, are what keeps the results).
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
import { Rng, STREAM_HEARTBEAT } from "../toolkit/rng";
import { MinTree } from "../toolkit/mintree";
import { ClassAwareScheduler } from "./classes";
import { Partition } from "../toolkit/partition";
import { Heartbeat } from "../toolkit/heartbeat";
import { elapsedOn } from "./lwl";
import { toI32 } from "../toolkit/glue";
import { MinHeap } from "../toolkit/heap";

export class DistributedLwl extends ClassAwareScheduler {
  noise: Rng = stream(STREAM_HEARTBEAT);
  partition: Partition;
  live: Float64Array = new Float64Array(nNodes);     // estimated work of unfinished tasks
  assigned: Int32Array = new Int32Array(nNodes);
  // The reference behaviours' view (perJob): every node's value, rebuilt at each heartbeat.
  advertised: Float64Array = new Float64Array(0); // the last heartbeat's values
  view: MinTree = new MinTree(0);
  // The default mode's view: the same values and choices, without rebuilding (see `choose`).
  // A node's value is S + noise, S its work at the last heartbeat plus its placements since.
  noiseNow: Float64Array = new Float64Array(0); // this heartbeat's noise per node
  /** Every node but the idle ones not placed on since the heartbeat (Infinity): keyed by S
   *  until its value is read (a lower bound of the value), by the value after. */
  keyed: MinTree = new MinTree(0);
  isRead: Uint8Array = new Uint8Array(0);
  /** The idle nodes (S = 0, value = the noise alone) not yet placed on since the heartbeat,
   *  short partition and general partition: heaps of (noise, node, node), by (noise, node). */
  idleShort: MinHeap = new MinHeap(0);
  idleGeneral: MinHeap = new MinHeap(0);
  /** Nodes with S = 0 at the last heartbeat (zeroAt[n]: position, -1 if not). */
  zeroList: Int32Array = new Int32Array(0);
  zeroAt: Int32Array = new Int32Array(0);
  zeroCount: i32 = 0;
  /** Every idle node with noise below idleBound is heaped (Infinity: all are), none above. */
  idleBound: f64 = 0.0;
  idleWidth: f64 = 0.0;
  /** Nodes to refresh at the next heartbeat: read, placed on or finished a task since this one. */
  touched: Int32Array = new Int32Array(0);
  isTouched: Uint8Array = new Uint8Array(0);
  touchedCount: i32 = 0;
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

  /** The default mode's structures (made when the run starts, once the mode is known). */
  private lazyView(): void {
    const n = nNodes;
    this.noiseNow = new Float64Array(n);
    this.keyed = new MinTree(n);
    const none = new Float64Array(n);
    none.fill(Infinity);
    this.keyed.setAll(none); // every node starts idle
    this.isRead = new Uint8Array(n);
    this.idleShort = new MinHeap(n);
    this.idleGeneral = new MinHeap(n);
    this.zeroList = new Int32Array(n);
    this.zeroAt = new Int32Array(n);
    for (let i = 0; i < n; i++) { this.zeroList[i] = i; this.zeroAt[i] = i; }
    this.zeroCount = n;
    this.touched = new Int32Array(n);
    this.isTouched = new Uint8Array(n);
  }

  /** The reference's behaviours (issue #21 differences 1, 2 and 4). */
  reference(elapsed: bool, selfUpdate: bool, jobNoise: bool): DistributedLwl {
    this.elapsed = elapsed;
    this.selfUpdate = selfUpdate;
    this.jobNoise = jobNoise;
    this.perJob = elapsed || !selfUpdate || jobNoise;
    if (this.perJob) {
      this.keys = new Float64Array(nNodes);
      this.advertised = new Float64Array(nNodes);
      this.view = new MinTree(nNodes);
    }
    if (elapsed) {
      this.watchesStarts = true;
      this.runFrom = new Float64Array(nNodes);
      this.runFrom.fill(-1.0);
      this.runEst = new Float64Array(nNodes);
    }
    return this;
  }

  start(): void {
    if (!this.perJob) this.lazyView();
    // The snapshot mode's heartbeats fall at 0, period, ... (the reference's); otherwise they
    // count from the first submission.
    this.heartbeat.begin(this.selfUpdate ? jobArrival[0] : 0.0);
    this.beat(jobArrival[0]);
  }

  /** A heartbeat: every node advertises its current work (plus noise, per heartbeat). */
  beat(now: f64): void {
    const period = this.heartbeat.period;
    if (!this.perJob) {
      this.refresh(period);
      this.planBeat(now);
      return;
    }
    if (this.jobNoise) {
      for (let n = 0; n < nNodes; n++) this.advertised[n] = this.live[n];
    } else {
      for (let n = 0; n < nNodes; n++) this.advertised[n] = this.live[n] + period * this.noise.nextFloat();
    }
    this.view.setAll(this.advertised);
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
    sendBegin();
    if (this.perJob) {
      this.decide(lo, now);
      const view = this.view;
      const selfUpdate = this.selfUpdate;
      for (let t = first; t < end; t++) {
        const n = view.minIndexIn(lo, nNodes);
        view.set(n, view.get(n) + est);
        if (selfUpdate) this.advertised[n] = this.advertised[n] + est;
        this.live[n] = this.live[n] + est;
        this.assigned[n] = this.assigned[n] + 1;
        sendTo(n, job, nextUnlaunchedTask(job));
      }
    } else {
      for (let t = first; t < end; t++) {
        const n = this.choose(lo, est, end - t);
        this.live[n] = this.live[n] + est;
        this.assigned[n] = this.assigned[n] + 1;
        sendTo(n, job, nextUnlaunchedTask(job));
      }
    }
    sendEnd(now);
    this.arrived = job + 1;
    this.planBeat(now);
  }

  /** A heartbeat of the default mode: every node's noise is drawn (the same draws in the same
   *  order as a rebuilt view's), and the nodes whose work changed or whose value was read since
   *  the last one get their new S; the idle ones are heaped by noise. O(nodes) for the draws
   *  (a sequential loop), O(log nodes) per refreshed node. */
  private refresh(period: f64): void {
    this.noise.fillScaled(this.noiseNow, nNodes, period);
    const keyed = this.keyed;
    const touched = this.touched;
    for (let i = 0; i < this.touchedCount; i++) {
      const n = touched[i];
      this.isTouched[n] = 0;
      this.isRead[n] = 0;
      const s = this.live[n];
      let key = s;
      if (s == 0.0) {
        key = Infinity;
        this.zeroAdd(n);
      } else {
        this.zeroRemove(n);
      }
      if (keyed.get(n) != key) keyed.set(n, key);
    }
    this.touchedCount = 0;
    this.idleShort.clear();
    this.idleGeneral.clear();
    this.idleBound = 0.0;
    this.idleWidth = 0.0;
  }

  /** Heaps the idle nodes whose noise lies in the next layer [idleBound, new bound): about
   *  `want` of them at first, twice as many per layer after, the last layer unbounded. The
   *  layers change no choice (choose() takes a layer whenever an idle node not heaped could
   *  be the least), only how many idle nodes are looked at: a job of a few tasks looks at a few,
   *  not all. */
  private collectIdle(want: i32): void {
    const m = this.zeroCount;
    const period = this.heartbeat.period;
    let width = this.idleWidth == 0.0 ? period * <f64>want / <f64>(m > 0 ? m : 1) : 2.0 * this.idleWidth;
    const from = this.idleBound;
    let to = from + width;
    if (!(to < period)) to = Infinity;
    this.idleWidth = width;
    this.idleBound = to;
    const noise = this.noiseNow;
    const zeroList = this.zeroList;
    const lo = this.partition.generalStart();
    const hs = this.idleShort;
    const hg = this.idleGeneral;
    for (let i = 0; i < m; i++) {
      const n = zeroList[i];
      const v = noise[n];
      if (v >= from && v < to) {
        if (n < lo) hs.push(v, n, n); else hg.push(v, n, n);
      }
    }
  }

  private touch(n: i32): void {
    if (this.isTouched[n] != 0) return;
    this.isTouched[n] = 1;
    this.touched[this.touchedCount++] = n;
  }

  private zeroAdd(n: i32): void {
    if (this.zeroAt[n] >= 0) return;
    this.zeroAt[n] = this.zeroCount;
    this.zeroList[this.zeroCount++] = n;
  }

  private zeroRemove(n: i32): void {
    const at = this.zeroAt[n];
    if (at < 0) return;
    const last = this.zeroList[--this.zeroCount];
    this.zeroList[at] = last;
    this.zeroAt[last] = at;
    this.zeroAt[n] = -1;
  }

  /** The default mode's water-filling step: the node of [lo, nNodes) with the least value
   *  (lowest index among equals), whose value then grows by `est`. The same choice as a tree
   *  rebuilt at the heartbeat: a value is S plus a noise >= 0, so the tree's least key, if
   *  still an S, is read (keyed by its value from then on) until the least key is a value; the
   *  idle nodes' least noise is compared with it, their layers heaped while one not heaped could
   *  come first. `left`: the job's tasks still to place (the first layer's size). */
  private choose(lo: i32, est: f64, left: i32): i32 {
    const keyed = this.keyed;
    const noise = this.noiseNow;
    while (true) {
      const t = keyed.minIndexIn(lo, nNodes);
      const tk = keyed.get(t);
      let iv: f64 = Infinity;
      let ii = -1;
      let from = 0; // 1: the short idle heap, 2: the general one
      while (true) {
        iv = Infinity;
        ii = -1;
        from = 0;
        const hg = this.idleGeneral;
        if (hg.size > 0) { iv = hg.topKey(); ii = hg.topValue(); from = 2; }
        if (lo == 0) {
          const hs = this.idleShort;
          if (hs.size > 0) {
            const v = hs.topKey();
            const h = hs.topValue();
            if (ii < 0 || v < iv || (v == iv && h < ii)) { iv = v; ii = h; from = 1; }
          }
        }
        // an idle node not heaped has noise >= idleBound
        const bound = iv < tk ? iv : tk;
        if (!(this.idleBound <= bound) || this.idleBound == Infinity) break;
        this.collectIdle(left < 16 ? 16 : left);
      }
      if (ii >= 0 && (iv < tk || (iv == tk && ii < t))) {
        if (from == 1) this.idleShort.pop(); else this.idleGeneral.pop();
        keyed.set(ii, iv + est);
        this.isRead[ii] = 1;
        this.touch(ii);
        return ii;
      }
      if (this.isRead[t] != 0) {
        keyed.set(t, tk + est);
        return t;
      }
      if (tk == Infinity) return t; // (not reached: [lo, nNodes) is never empty, and every idle node is heaped by now)
      keyed.set(t, tk + noise[t]);
      this.isRead[t] = 1;
      this.touch(t);
    }
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
    if (!this.perJob) this.touch(node);
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
