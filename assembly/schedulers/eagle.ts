// `eagle` (seed-hawk-eagle.md §2.5): Hawk's hybrid split without stealing, plus
//  (c) Succinct State Sharing: the central LWL keeps a bitvector of nodes with long work;
//      a job's long placements carry a copy of it, stamped with the send time; the node keeps
//      the newest copy it received;
//  (d) short jobs send max(K, ceil(d * t)) probes to uniformly random nodes; a node holding
//      long work (running or queued) rejects a short probe and replies with its bitvector
//      (design timing, A10: rejected on arrival, the reply reaches the scheduler after one
//      delay, the re-sent probe after another). Round 2 re-sends each rejected probe to a
//      node drawn uniformly from the short partition plus the general nodes whose bit is 0
//      in the freshest bitvector among the replies; probes rejected again fall back to a
//      uniform node of the short partition, which always accepts;
//  (e) Sticky Batch Probing: a short probe stays queued and keeps pulling tasks of its job;
//  (f) SRPT over the short probes ahead of the first long placeholder (Algorithm 1), with the
//      bypass bound: a task may bypass a probe P only while P's bypassed work stays within
//      `bypassFactor` x P's task estimate (A12). Probes whose job is known to be exhausted are
//      dropped without a round trip (A4, A11). The nodes' discipline: srpt.ts (forProbes).
// Ablations (§2.5(h), A25): sss=false accepts probes anywhere; minProbes=1 sends ceil(d*t);
// sbpSrpt=false serves one task per probe in FIFO order. withoutReplacement=true probes
// distinct nodes within a round.
// Choices where the spec is open: a job's placements all carry the bitvector as it is after
// the whole job is placed (they leave at the same instant); SRPT sees the job's current count
// of unlaunched tasks (the reference propagates it 1 ms later, A11); an exhausted probe is
// known as such one network delay after the reply that handed out the job's last task; the
// scheduler does not re-send probes of a job whose tasks are all launched; with no short
// partition the fallback goes to a uniform node.
import {
  Scheduler, Params, nNodes, nJobs, jobTaskCount, netDelay, jobLong, setJobHandOut, jobFirstTask, jobUnlaunched, nextUnlaunchedTask, sendBegin,
  sendTo, sendEnd, setTimer, timerKind, count, stream, holdsLongWork, compatMode, SrptDiscipline, C_REJECTED,
  C_RESCHEDULED,
} from "../policy";
import { Rng, STREAM_PLACEMENT } from "../toolkit/rng";
import { NodeSampler } from "../toolkit/sampler";
import { alignedInt32Array } from "../toolkit/glue";
import { sendProbes, probeCount } from "./sparrow";
import { HybridLwl, HybridSettings } from "./hybrid";

// Eagle's per-job record (jobState): JOB_STATE_INTS i32 per job, the fields at these offsets.
const JOB_STATE_INTS: i32 = 4;
const JS_SNAPSHOT: i32 = 0;
const JS_ROUND: i32 = 1;
const JS_REJECTED: i32 = 2;
const JS_FRESHEST: i32 = 3;

/** Eagle's parameters (read once by the factory; src/config/schedulers.ts `eagle`). */
export class EagleSettings extends HybridSettings {
  /** d: probes per task of a short job. */
  probeRatio: f64 = 2.0;
  /** K: a short job sends at least this many probes (1: plain ceil(d x t), an ablation). */
  minProbes: i32 = 1;
  /** Succinct State Sharing: short probes rejected where long work is (§2.5(c), (d)). */
  sss: bool = true;
  /** Sticky Batch Probing with SRPT over short probes (false: FIFO, one task per probe). */
  sbpSrpt: bool = true;
  /** SRPT's bypass bound: a probe may be bypassed by work up to this x its task estimate (A12). */
  bypassFactor: f64 = 0.0;
  /** Probes of one round go to distinct nodes. */
  withoutReplacement: bool = false;
  /** SRPT jumps over a long record as the reference does (`srptLongJump`, resolved). */
  srptLongJump: bool = false;

  static read(p: Params): EagleSettings {
    const s = new EagleSettings();
    s.readHybrid(p);
    s.probeRatio = p.num("probeRatio");
    s.minProbes = p.int("minProbes");
    s.sss = p.flag("sss");
    s.sbpSrpt = p.flag("sbpSrpt");
    s.bypassFactor = p.num("bypassFactor");
    s.withoutReplacement = p.flag("withoutReplacement");
    const jump = p.choice("srptLongJump");
    s.srptLongJump = s.sbpSrpt && (jump == "on" || jump == "auto" && compatMode);
    return s;
  }
}

export class Eagle extends HybridLwl {
  rng: Rng = stream(STREAM_PLACEMENT);
  probeRatio: f64;
  minProbes: i32;
  sss: bool;
  allSampler: NodeSampler;
  // Bitvector copies: a pool of `words`-long rows with a timestamp and a reference count
  // (one per in-flight placement and per node holding it).
  words: i32;
  snapBits: Int32Array = new Int32Array(0);
  snapTime: Float64Array = new Float64Array(0);
  snapRefs: Int32Array = new Int32Array(0);
  snapOnes: Int32Array = new Int32Array(0);
  snapNext: Int32Array = new Int32Array(0);
  snapFree: i32 = -1;
  nodeSnap: Int32Array = new Int32Array(nNodes);
  /** Timer kind: the rejections of a job's probes reach the scheduler (a = job, b = count in
   *  compat mode). */
  replies: i32;
  // Per-job state, one line-aligned 16-byte record per job (accept and onTimer read three of
  // these fields together; as separate columns that was three lines per rejected probe):
  //   JS_SNAPSHOT: a long job's bitvector copy; JS_ROUND, JS_REJECTED, JS_FRESHEST: the job's
  //   probe round, its rejections and the freshest bitvector among them, gathered until the
  //   replies reach the scheduler.
  jobState: Int32Array;

  constructor(s: EagleSettings) {
    super(s, s.shortPercent);
    const js = alignedInt32Array(nJobs * JOB_STATE_INTS, JOB_STATE_INTS * 4);
    this.jobState = js;
    for (let j = 0; j < nJobs; j++) js[j * JOB_STATE_INTS + JS_FRESHEST] = -1;
    this.probeRatio = s.probeRatio;
    this.minProbes = s.minProbes;
    this.sss = s.sss;
    this.sticky = s.sbpSrpt;
    if (s.sbpSrpt) {
      const srpt = SrptDiscipline.forProbes(s.bypassFactor);
      srpt.longJump = s.srptLongJump;
      this.discipline = srpt;
    } // (else FIFO, one task per probe)
    this.allSampler = new NodeSampler(0, nNodes, s.withoutReplacement);
    this.words = (nNodes + 31) >> 5;
    this.nodeSnap.fill(-1);
    this.growSnapshots(64);
    this.replies = timerKind(this);
  }



  // ---- arrivals -----------------------------------------------------------------------
  onJobArrival(job: i32, now: f64): void {
    if (jobLong[job] != 0) {
      const tasks = jobUnlaunched(job);
      this.central.place(job, tasks, this.partition.generalStart(), nNodes, now);
      if (this.sss) {
        const s = this.snapshot(now);
        this.snapRefs[s] = tasks;
        this.jobState[job * JOB_STATE_INTS + JS_SNAPSHOT] = s;
      }
    } else if (compatMode && this.sss) {
      this.probeDecidedAtSend(job, now);
    } else {
      this.jobState[job * JOB_STATE_INTS + JS_ROUND] = 1;
      sendProbes(job, jobTaskCount(job), this.probeRatio, this.minProbes, this.allSampler, this.rng, now);
    }
  }

  /**
   * compat=true: the reference simulator decides every rejection when it sends, from the
   * nodes' state at that instant; the freshest bitvector is taken over every contacted node;
   * accepted first-round probes arrive after one delay, re-sent and fallback probes after two
   * (seed-hawk-eagle.md §2.5(d) [CODE]).
   */
  probeDecidedAtSend(job: i32, now: f64): void {
    const probes = probeCount(jobFirstTask[job + 1] - jobFirstTask[job], this.probeRatio, this.minProbes);
    let freshest = -1;
    let rejected = 0;
    this.allSampler.begin();
    sendBegin();
    for (let i = 0; i < probes; i++) {
      const n = this.allSampler.next(this.rng);
      const s = this.nodeSnap[n];
      if (s >= 0 && (freshest < 0 || this.snapTime[s] > this.snapTime[freshest])) freshest = s;
      if (holdsLongWork(n)) rejected++; else sendTo(n, job, -1);
    }
    sendEnd(now);
    if (rejected == 0) return;
    let again = 0;
    for (let i = 0; i < rejected; i++) {
      let n = this.candidate(freshest);
      if (holdsLongWork(n)) { again++; n = this.fallback(); }
      this.pushLate(n);
    }
    count(C_REJECTED, <f64>(rejected + again));
    count(C_RESCHEDULED, <f64>(rejected + again));
    setTimer(now + netDelay, this.replies, job, rejected);
  }

  // Targets of compat-mode re-sent probes, in timer order (all timers have the same delay).
  late: Int32Array = new Int32Array(64);
  lateHead: i32 = 0;
  lateCount: i32 = 0;

  pushLate(node: i32): void {
    const cap = this.late.length;
    if (this.lateCount == cap) {
      const grown = new Int32Array(cap * 2);
      for (let i = 0; i < cap; i++) grown[i] = this.late[(this.lateHead + i) % cap];
      this.late = grown;
      this.lateHead = 0;
    }
    this.late[(this.lateHead + this.lateCount) % this.late.length] = node;
    this.lateCount++;
  }

  sendLate(job: i32, k: i32, now: f64): void {
    sendBegin();
    for (let i = 0; i < k; i++) {
      sendTo(this.late[this.lateHead], job, -1);
      this.lateHead = (this.lateHead + 1) % this.late.length;
      this.lateCount--;
    }
    sendEnd(now);
  }

  // ---- probe rejection and re-scheduling (SSS) -------------------------------------------
  accept(node: i32, job: i32, task: i32, now: f64): bool {
    if (!this.sss) return true;
    if (jobLong[job] != 0) {
      // A long placement: the node keeps the newer bitvector copy.
      const s = this.jobState[job * JOB_STATE_INTS + JS_SNAPSHOT];
      const old = this.nodeSnap[node];
      if (old < 0 || this.snapTime[s] >= this.snapTime[old]) {
        this.nodeSnap[node] = s;
        if (old >= 0) this.release(old);
      } else {
        this.release(s);
      }
      return true;
    }
    if (compatMode) return true; // decided when sent
    if (this.jobState[job * JOB_STATE_INTS + JS_ROUND] >= 3) return true; // fallback probes are always accepted
    if (!holdsLongWork(node)) return true; // a node holding long work rejects a short probe
    count(C_REJECTED, 1.0);
    const k = this.jobState[job * JOB_STATE_INTS + JS_REJECTED];
    this.jobState[job * JOB_STATE_INTS + JS_REJECTED] = k + 1;
    if (k == 0) setTimer(now + netDelay, this.replies, job, 0); // the replies reach the scheduler
    const s = this.nodeSnap[node];
    const f = this.jobState[job * JOB_STATE_INTS + JS_FRESHEST];
    if (s >= 0 && (f < 0 || this.snapTime[s] > this.snapTime[f])) {
      this.snapRefs[s] = this.snapRefs[s] + 1;
      if (f >= 0) this.release(f);
      this.jobState[job * JOB_STATE_INTS + JS_FRESHEST] = s;
    }
    return false;
  }

  onTimer(kind: i32, job: i32, b: i32, now: f64): void {
    if (compatMode) { this.sendLate(job, b, now); return; }
    const k = this.jobState[job * JOB_STATE_INTS + JS_REJECTED];
    this.jobState[job * JOB_STATE_INTS + JS_REJECTED] = 0;
    const f = this.jobState[job * JOB_STATE_INTS + JS_FRESHEST];
    this.jobState[job * JOB_STATE_INTS + JS_FRESHEST] = -1;
    const round = this.jobState[job * JOB_STATE_INTS + JS_ROUND];
    this.jobState[job * JOB_STATE_INTS + JS_ROUND] = round + 1;
    if (jobUnlaunched(job) > 0) {
      count(C_RESCHEDULED, <f64>k);
      sendBegin();
      for (let i = 0; i < k; i++) sendTo(round == 1 ? this.candidate(f) : this.fallback(), job, -1);
      sendEnd(now);
    }
    if (f >= 0) this.release(f);
  }

  /** A node drawn uniformly from the short partition and the general nodes whose bit is 0. */
  candidate(s: i32): i32 {
    const g = this.partition.min; // the static short partition (Dice's ES does not extend it, seed-dice.md §8 #7)
    if (s < 0) return this.fallback();
    if (nNodes - this.snapOnes[s] <= 0) return this.rng.nextInt(nNodes);
    return this.rng.nextIntBelowOrClear(nNodes, g, this.snapBits, s * this.words);
  }

  fallback(): i32 {
    const g = this.partition.min;
    return g > 0 ? this.rng.nextInt(g) : this.rng.nextInt(nNodes);
  }

  // ---- bitvector copies ----------------------------------------------------------------
  snapshot(now: f64): i32 {
    if (this.snapFree < 0) this.growSnapshots(this.snapTime.length * 2);
    const s = this.snapFree;
    this.snapFree = this.snapNext[s];
    const w = this.words;
    const base = s * w;
    const bits = this.central.bits;
    for (let i = 0; i < w; i++) this.snapBits[base + i] = bits[i];
    this.snapTime[s] = now;
    this.snapOnes[s] = this.central.ones;
    this.snapRefs[s] = 0;
    return s;
  }

  release(s: i32): void {
    const r = this.snapRefs[s] - 1;
    this.snapRefs[s] = r;
    if (r == 0) { this.snapNext[s] = this.snapFree; this.snapFree = s; }
  }

  growSnapshots(cap: i32): void {
    const old = this.snapTime.length;
    const w = this.words;
    const bits = new Int32Array(cap * w);
    const time = new Float64Array(cap);
    const refs = new Int32Array(cap);
    const ones = new Int32Array(cap);
    const next = new Int32Array(cap);
    for (let i = 0; i < old * w; i++) bits[i] = this.snapBits[i];
    for (let i = 0; i < old; i++) {
      time[i] = this.snapTime[i]; refs[i] = this.snapRefs[i]; ones[i] = this.snapOnes[i]; next[i] = this.snapNext[i];
    }
    this.snapBits = bits; this.snapTime = time; this.snapRefs = refs; this.snapOnes = ones; this.snapNext = next;
    for (let i = cap - 1; i >= old; i--) { next[i] = this.snapFree; this.snapFree = i; }
  }

  // ---- SBP: the hand-out time tells the nodes' SRPT when a probe's job is known exhausted ----
  handOut(job: i32, node: i32, now: f64): i32 {
    const t = nextUnlaunchedTask(job);
    if (t >= 0) setJobHandOut(job, now);
    return t;
  }
}

export function createEagle(p: Params): Scheduler { return new Eagle(EagleSettings.read(p)); }
