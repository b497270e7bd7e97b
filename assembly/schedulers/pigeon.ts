// `pigeon` (seed-pigeon.md §1-§2): distributors, group masters with weighted fair queues,
// reserved workers; `pigeon-central` is the same with one group (§3, §7 #14).
//  - Distributors: a job goes to one of `distributors` uniformly at random (no probing, no load
//    information). Each takes `distributorCost` s per task it sends (0 in the paper's
//    simulations, §2.6: then the choice changes nothing); a busy distributor delays its next jobs.
//  - Groups: the nodes are cut into G groups of consecutive ids, G = round(N / groupSize) (at
//    least 1) or `groups`, their sizes as even as possible (the first N mod G groups one larger;
//    §7 #5); one master per group, a separate zero-cost entity (§7 #6; `hostMasters` makes the
//    first worker of each group host it instead and run no task). The first R workers of a group
//    (after the master's) are reserved for short tasks, R = round(reserved% x size) or
//    `reservedWorkers` (§7 #4; the authors' simulator reserves the first ids too).
//  - A job's F tasks: floor(F/G) to every master plus F mod G to distinct masters (random, or the
//    next ones of a rotating pointer with leftover=rotate) (§2.1); which task goes where
//    (`taskMapping`, §7 #3): shuffle (default: the job's tasks in a random order, then paired as
//    interleaved), interleaved (the authors' simulator: the leftover masters take the first
//    tasks, the rest go round-robin in descending master order), contiguous (the paper's toy
//    example: master 0 takes the first tasks, and so on). They reach the masters one network
//    delay after the job reaches its distributor; a master handles a job's tasks one by one.
//  - A master (§2.3): a short task goes to an idle ordinary worker, else an idle reserved one,
//    else the HIGH queue; a long task to an idle ordinary worker, else the LOW queue. Workers have
//    no queue: dispatches go only to idle workers (one network delay on the way). A finished
//    task's idle notice reaches the master one network delay later (§2.4); then an ordinary
//    worker takes the head of the queue the WFQ rule picks (wfq.ts, weight W), a reserved worker
//    the HIGH head only; a worker with nothing to take joins its idle list (FIFO: longest idle
//    first, or LIFO with idleOrder=lifo, §7 #7). So a worker sits idle one round trip between
//    queued tasks (§7 #9).
//  - WFQ counting (§7 #1): wfqMode=paper counts queue dispatches to ordinary workers;
//    wfqMode=reference also those to reserved workers (the authors' simulator). Neither counts
//    the dispatches made when a task arrives.
//  - Classes (§1): a job is short when its mean task duration (the trace's estimate) <= cutoff.
//  - Workers are slots: with --slots S a node is S workers (each free slot is one entry of an
//    idle list), all of its group.
//  - Job completion: the last result reaching its distributor one network delay after the last
//    task ends (completion=result, §7 #8), added by the host (src/metrics/summary.ts).
//  - DAG traces: each set of a job's tasks that becomes ready is distributed as above, through
//    the job's distributor.
import {
  Scheduler, Params, nNodes, nJobs, nTasks, slotsPerNode, netDelay, taskJob, jobIsLong, jobUnlaunched, nextUnlaunchedTask,
  sendBegin, sendTo, sendEnd, setTimer, timerKind, stream, registerCounter, count, counterValue, setCounter,
} from "../policy";
import { Rng, STREAM_PLACEMENT, STREAM_DISTRIBUTORS, STREAM_SHUFFLE } from "../toolkit/rng";
import { ClassAwareScheduler } from "./classes";
import { NodeSampler } from "../toolkit/sampler";
import { WfqQueue } from "../toolkit/wfq";
import { toI32 } from "../toolkit/glue";

const HIGH: i32 = 0; // the masters' classes: tasks of short jobs, tasks of long jobs
const LOW: i32 = 1;

export const MAP_SHUFFLE: i32 = 0;
export const MAP_INTERLEAVED: i32 = 1;
export const MAP_CONTIGUOUS: i32 = 2;

/** One idle-worker list per group: a ring in the group's region of one array, size x slots long
 *  (every free slot is one entry). Taken longest idle first (FIFO), or most recently idle (LIFO). */
class IdleRings {
  start: Int32Array; // first node of each group (groups + 1 offsets, shared with the policy)
  ring: Int32Array = new Int32Array(nNodes * slotsPerNode);
  head: Int32Array;
  count: Int32Array;
  lifo: bool;

  constructor(start: Int32Array, lifo: bool) {
    this.start = start;
    this.head = new Int32Array(start.length - 1);
    this.count = new Int32Array(start.length - 1);
    this.lifo = lifo;
  }

  push(g: i32, n: i32): void {
    const cap = (this.start[g + 1] - this.start[g]) * slotsPerNode;
    let i = this.head[g] + this.count[g];
    if (i >= cap) i -= cap;
    this.ring[this.start[g] * slotsPerNode + i] = n;
    this.count[g] = this.count[g] + 1;
  }

  /** An idle worker of group g (its list must not be empty). */
  pop(g: i32): i32 {
    const base = this.start[g] * slotsPerNode;
    const cap = (this.start[g + 1] - this.start[g]) * slotsPerNode;
    const k = this.count[g] - 1;
    this.count[g] = k;
    const h = this.head[g];
    if (this.lifo) {
      let i = h + k;
      if (i >= cap) i -= cap;
      return this.ring[base + i];
    }
    this.head[g] = h + 1 == cap ? 0 : h + 1;
    return this.ring[base + h];
  }
}

/** Pigeon's parameters (read once by the factory; src/config/schedulers.ts `pigeon`,
 *  `pigeon-central`; seed-pigeon.md §2, §7). */
export class PigeonSettings {
  /** A job is short (HIGH queue, may use reserved workers) when its estimate is at most this. */
  cutoff: f64 = 0.0;
  /** N_g: groups of workers, one master each. */
  groups: i32 = 1;
  /** Reserved workers per group, in % of the group (used when reservedWorkers < 0). */
  reservedPercent: f64 = 0.0;
  /** Reserved workers per group as a count (-1: from reservedPercent). */
  reservedWorkers: i32 = -1;
  /** W: the WFQ weight of the LOW queue (Infinity: strict priority). */
  weight: f64 = 20.0;
  /** The WFQ count also sees dispatches to reserved workers (the authors' simulator). */
  referenceWfq: bool = false;
  /** N_s: distributors; each job goes to one at random. */
  distributors: i32 = 1;
  /** Seconds a distributor spends per task it sends. */
  distributorCost: f64 = 0.0;
  /** Which task goes to which master: MAP_SHUFFLE, MAP_INTERLEAVED or MAP_CONTIGUOUS. */
  mapping: i32 = MAP_SHUFFLE;
  /** The leftover masters come from a rotating pointer (else distinct random ones). */
  rotateLeftover: bool = false;
  /** A master takes the most recently idle worker (else the longest idle). */
  lifo: bool = false;
  /** Each group's first worker hosts its master and runs nothing. */
  hostMasters: bool = false;
  /** Reserved workers are single slots (reservedUnit=slot), not whole nodes. */
  reservedUnitSlot: bool = false;

  /** `central`: pigeon-central, one group with the interleaved mapping (§3, §7 #14). */
  static read(p: Params, central: bool): PigeonSettings {
    const s = new PigeonSettings();
    s.cutoff = p.num("cutoff");
    s.reservedPercent = p.num("reserved");
    s.reservedWorkers = p.int("reservedWorkers");
    s.weight = p.num("W");
    s.referenceWfq = p.choice("wfqMode") == "reference";
    s.distributors = p.int("distributors");
    s.distributorCost = p.num("distributorCost");
    s.lifo = p.choice("idleOrder") == "lifo";
    s.reservedUnitSlot = p.choice("reservedUnit") == "slot";
    if (central) {
      s.groups = 1;
      s.mapping = MAP_INTERLEAVED;
      return s;
    }
    const groupSize = p.int("groupSize");
    let groups = p.int("groups");
    if (groups == 0) {
      groups = toI32(Math.floor(<f64>(2 * nNodes + groupSize) / <f64>(2 * groupSize))); // round(N / groupSize), halves up
      if (groups < 1) groups = 1;
    }
    s.groups = groups;
    const m = p.choice("taskMapping");
    s.mapping = m == "contiguous" ? MAP_CONTIGUOUS : m == "interleaved" ? MAP_INTERLEAVED : MAP_SHUFFLE;
    s.rotateLeftover = p.choice("leftover") == "rotate";
    s.hostMasters = p.flag("hostMasters");
    return s;
  }
}

export class Pigeon extends ClassAwareScheduler {
  groups: i32;
  /** First node of each group (groups + 1 offsets). */
  groupStart: Int32Array;
  nodeGroup: Int32Array = new Int32Array(nNodes);
  /** 1: a reserved worker; 2: the node hosting its group's master (runs nothing). */
  nodeRole: Int32Array = new Int32Array(nNodes);
  queues: WfqQueue[] = [];
  /** Idle ordinary workers and idle reserved workers, per group. */
  low: IdleRings;
  high: IdleRings;
  referenceWfq: bool;
  /** reservedUnit=slot: the reserved workers are slots (seed-pigeon.md §1: a worker is a core),
   *  and each task remembers whether it took a reserved slot (its end frees that kind). */
  slotReserve: bool;
  onReserved: Uint8Array;
  mapping: i32;
  rotateLeftover: bool;
  rotor: i32 = 0;
  leftover: NodeSampler;
  rng: Rng = stream(STREAM_PLACEMENT);
  shuffleRng: Rng = stream(STREAM_SHUFFLE);
  distRng: Rng = stream(STREAM_DISTRIBUTORS);
  distributors: i32;
  distCost: f64;
  distBusy: Float64Array;
  /** The distributor of each job (a DAG job's later ready sets go through it too). */
  jobDist: Int32Array;
  // Scratch for one distribution (grown to the largest set of tasks seen).
  scratch: Int32Array = new Int32Array(64);
  chosen: Int32Array;
  stamp: Int32Array;
  stampNow: i32 = 0;
  /** Timer kinds: a job's tasks reach the masters (a = job, b = tasks); an idle notice (a = node). */
  reachKind: i32 = 0;
  noticeKind: i32 = 0;
  // Counters.
  cArrival: i32 = registerCounter("arrivalDispatches");
  cQueued: i32 = registerCounter("masterQueued");
  cReserved: i32 = registerCounter("reservedDispatches");
  cLowTurns: i32 = registerCounter("wfqLowTurns");
  cMaxQueue: i32 = registerCounter("maxMasterQueue");
  cDistWait: i32 = registerCounter("distributorWaitSeconds");

  constructor(s: PigeonSettings) {
    super(s.cutoff, false);
    const groups = s.groups;
    const slotReserve = s.reservedUnitSlot;
    this.slotReserve = slotReserve;
    this.onReserved = new Uint8Array(slotReserve ? nTasks : 0);
    this.taskJobs = true;
    this.dagAware = true;
    this.readsParents = false;
    this.groups = groups;
    this.referenceWfq = s.referenceWfq;
    this.mapping = s.mapping;
    this.rotateLeftover = s.rotateLeftover;
    const distributors = s.distributors;
    this.distributors = distributors;
    this.distCost = s.distributorCost;
    this.distBusy = new Float64Array(distributors);
    this.jobDist = new Int32Array(nJobs);
    this.leftover = new NodeSampler(0, groups, true);
    this.chosen = new Int32Array(groups);
    this.stamp = new Int32Array(groups);
    const starts = new Int32Array(groups + 1); // (filled below; the idle rings share it)
    this.groupStart = starts;
    this.low = new IdleRings(starts, s.lifo);
    this.high = new IdleRings(starts, s.lifo);
    // Layout (src/config/pigeon.ts checks the same arithmetic before a run).
    const base = toI32(<f64>nNodes / <f64>groups); // (integer division in both builds)
    const extra = nNodes % groups;
    for (let g = 0; g < groups; g++) this.groupStart[g + 1] = this.groupStart[g] + base + (g < extra ? 1 : 0);
    for (let g = 0; g < groups; g++) {
      const start = this.groupStart[g];
      const size = this.groupStart[g + 1] - start;
      const q = new WfqQueue(2);
      q.rule.setWeight(LOW, s.weight);
      this.queues.push(q);
      // reservedUnit=node: R whole nodes (all their slots); slot: R slots of the group's
      // size x slots workers (Fregata §7 A15/A16 with Pigeon's worker = one core).
      const units = slotReserve ? size * slotsPerNode : size;
      const reserved = s.reservedWorkers >= 0 ? s.reservedWorkers
        : toI32(Math.floor(s.reservedPercent * <f64>units / 100.0 + 0.5));
      const first = s.hostMasters ? start + 1 : start;
      for (let n = start; n < start + size; n++) {
        this.nodeGroup[n] = g;
        this.nodeRole[n] = s.hostMasters && n == start ? 2 : !slotReserve && n < first + reserved ? 1 : 0;
      }
      // Every free slot of a worker is an entry of its idle list, slot by slot across the group
      // (with reservedUnit=slot the first `reserved` entries of this order are the reserved
      // workers: one slot of each of the first nodes, then a second slot, ...).
      let entry = 0;
      for (let s = 0; s < slotsPerNode; s++) {
        for (let n = first; n < start + size; n++) {
          const isReserved = slotReserve ? entry < reserved : this.nodeRole[n] == 1;
          if (isReserved) this.high.push(g, n); else this.low.push(g, n);
          entry++;
        }
      }
    }
    this.reachKind = timerKind(this);
    this.noticeKind = timerKind(this);
  }

  // ---- distributors ----
  onJobArrival(job: i32, now: f64): void {
    const d = this.distributors > 1 ? this.distRng.nextInt(this.distributors) : 0;
    this.jobDist[job] = d;
    this.toDistributor(job, jobUnlaunched(job), now);
  }

  onTasksReady(job: i32, tasks: i32, now: f64): void { this.toDistributor(job, tasks, now); }

  /** `tasks` of `job` (its next unlaunched ones when they leave) reach its distributor at `now`. */
  toDistributor(job: i32, tasks: i32, now: f64): void {
    let at = now;
    if (this.distCost > 0.0) {
      const d = this.jobDist[job];
      const start = Math.max(now, this.distBusy[d]);
      count(this.cDistWait, start - now);
      at = start + this.distCost * <f64>tasks;
      this.distBusy[d] = at;
    }
    setTimer(at + netDelay, this.reachKind, job, tasks);
  }

  onTimer(kind: i32, a: i32, b: i32, now: f64): void {
    if (kind == this.noticeKind) this.idleNotice(a, b, now);
    else this.distribute(a, b, now);
  }

  /** `tasks` tasks of `job` reach the masters (§2.1). */
  distribute(job: i32, tasks: i32, now: f64): void {
    if (this.scratch.length < tasks) {
      let c = this.scratch.length;
      while (c < tasks) c *= 2;
      this.scratch = new Int32Array(c);
    }
    const scratch = this.scratch;
    for (let i = 0; i < tasks; i++) scratch[i] = nextUnlaunchedTask(job);
    if (this.mapping == MAP_SHUFFLE) {
      const rng = this.shuffleRng;
      for (let i = tasks - 1; i > 0; i--) {
        const j = rng.nextInt(i + 1);
        const t = scratch[i];
        scratch[i] = scratch[j];
        scratch[j] = t;
      }
    }
    const groups = this.groups;
    const each = toI32(<f64>tasks / <f64>groups);
    const left = tasks - each * groups;
    // The masters that take one task more: distinct, random or rotating.
    const chosen = this.chosen;
    if (this.rotateLeftover) {
      let m = this.rotor;
      for (let i = 0; i < left; i++) {
        chosen[i] = m;
        m = m + 1 == groups ? 0 : m + 1;
      }
      this.rotor = m;
    } else {
      this.leftover.begin();
      for (let i = 0; i < left; i++) chosen[i] = this.leftover.next(this.rng);
    }
    const high = !jobIsLong(job);
    sendBegin();
    if (this.mapping == MAP_CONTIGUOUS) {
      this.stampNow = this.stampNow + 1;
      const mark = this.stampNow;
      for (let i = 0; i < left; i++) this.stamp[chosen[i]] = mark;
      let i = 0;
      for (let g = 0; g < groups; g++) {
        const c = each + (this.stamp[g] == mark ? 1 : 0);
        for (let k = 0; k < c; k++) this.atMaster(g, scratch[i++], job, high);
      }
    } else {
      for (let i = 0; i < left; i++) this.atMaster(chosen[i], scratch[i], job, high);
      let i = left;
      for (let r = 0; r < each; r++) {
        for (let g = groups - 1; g >= 0; g--) this.atMaster(g, scratch[i++], job, high);
      }
    }
    sendEnd(now);
  }

  /** A task reaches master `g` (§2.3); dispatches join the open send batch. */
  atMaster(g: i32, task: i32, job: i32, high: bool): void {
    if (this.low.count[g] > 0) {
      count(this.cArrival, 1.0);
      sendTo(this.low.pop(g), job, task);
    } else if (high && this.high.count[g] > 0) {
      count(this.cArrival, 1.0);
      count(this.cReserved, 1.0);
      if (this.slotReserve) this.onReserved[task] = 1;
      sendTo(this.high.pop(g), job, task);
    } else {
      const q = this.queues[g];
      q.push(high ? HIGH : LOW, task);
      count(this.cQueued, 1.0);
      const n = <f64>q.total();
      if (n > counterValue(this.cMaxQueue)) setCounter(this.cMaxQueue, n);
    }
  }

  // ---- workers ----
  onTaskEnd(node: i32, task: i32, job: i32, now: f64): void {
    // b: 1 when the freed worker is a reserved slot (reservedUnit=slot; whole reserved nodes are
    // known by their role).
    const reservedSlot = this.slotReserve ? <i32>this.onReserved[task] : 0;
    setTimer(now + netDelay, this.noticeKind, node, reservedSlot);
  }

  /** A worker's idle notice reaches its master (§2.4). */
  idleNotice(node: i32, reservedSlot: i32, now: f64): void {
    const g = this.nodeGroup[node];
    const q = this.queues[g];
    if (this.nodeRole[node] == 1 || reservedSlot == 1) {
      // A reserved worker runs short tasks only.
      if (q.isEmpty(HIGH)) { this.high.push(g, node); return; }
      const task = this.referenceWfq ? q.take(HIGH) : q.pop(HIGH);
      count(this.cReserved, 1.0);
      if (this.slotReserve) this.onReserved[task] = 1;
      this.dispatch(node, task, now);
      return;
    }
    const c = q.nextClass();
    if (c < 0) { this.low.push(g, node); return; }
    if (c == LOW && !q.isEmpty(HIGH)) count(this.cLowTurns, 1.0);
    const task = q.take(c);
    if (this.slotReserve) this.onReserved[task] = 0;
    this.dispatch(node, task, now);
  }

  dispatch(node: i32, task: i32, now: f64): void {
    sendBegin();
    sendTo(node, taskJob[task], task);
    sendEnd(now);
  }
}

export function createPigeon(p: Params): Scheduler { return new Pigeon(PigeonSettings.read(p, false)); }

/** `pigeon-central`: one master over every worker (§3, §7 #14: the same reserved fraction and W). */
export function createPigeonCentral(p: Params): Scheduler { return new Pigeon(PigeonSettings.read(p, true)); }
