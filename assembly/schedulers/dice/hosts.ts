// The two hosts of Dice (seed-dice.md §3 on seed-hawk-eagle.md §2.2, §2.5): `hawk-dice` and
// `eagle-dice`, Hawk and Eagle with the mechanism of dice.ts attached — the host's node
// discipline gated by Dice's node side, its arrivals, starts and freed slots forwarded.
import {
  Scheduler, Params, NodeDiscipline, FifoDiscipline, firstReadyEntry, SrptDiscipline, nNodes, jobLong, jobUnlaunched,
} from "../../policy";
import { Partition } from "../../toolkit/partition";
import { CentralLwl } from "../lwl";
import { Hawk, HawkSettings } from "../hawk";
import { Eagle, EagleSettings } from "../eagle";
import { DiceSettings } from "./settings";
import { Dice } from "./dice";

/** The host's node discipline, gated by Dice: a node suspending its long task serves nothing, a
 *  node in its window short probes only; otherwise the host's own choice. */
export class DiceDiscipline extends NodeDiscipline {
  inner: NodeDiscipline;
  dice: Dice;
  /** The host's discipline is FIFO (Hawk's): its choice is firstReadyEntry, taken here without
   *  a second virtual call (one per serve at every node). */
  fifo: bool;

  constructor(inner: NodeDiscipline, dice: Dice) {
    super();
    this.inner = inner;
    this.dice = dice;
    this.fifo = inner instanceof FifoDiscipline;
    this.usesValue = inner.usesValue;
    this.preemptive = inner.preemptive;
    this.notesSelection = inner.notesSelection;
  }

  select(node: i32, t: f64): i32 {
    const dice = this.dice;
    if (!dice.isHeld(node)) return this.fifo ? firstReadyEntry(node) : this.inner.select(node, t);
    return dice.isInWindow(node) ? dice.selectShort(node, t) : -1; // (else suspending: nothing)
  }
  selected(node: i32, e: i32, t: f64): void { this.inner.selected(node, e, t); }
  stickyTask(node: i32, e: i32, task: i32, job: i32, t: f64): void { this.inner.stickyTask(node, e, task, job, t); }
  evict(node: i32): i32 { return this.inner.evict(node); }
}

/** Attaches Dice to a host: its discipline gated, the hooks it needs turned on. */
export function attachDice(host: Scheduler, s: DiceSettings, partition: Partition, central: CentralLwl, srpt: bool): Dice {
  const d = new Dice(s, partition, central);
  host.watchesStarts = true;
  if (s.op) {
    host.preemptsRuns = true;
    host.preemptsLongOnly = true; // (tasks keep the cheaper slot-stored end until one is suspended)
    host.claimsFreedSlots = false; // (turned on while a node holds a suspended task: claimFreedSlots)
    if (srpt) d.srpt = <SrptDiscipline>host.discipline;
    d.recordsMayFetch = host.sticky;
    host.discipline = new DiceDiscipline(host.discipline, d);
  }
  return d;
}

// ---- the two hosts ----------------------------------------------------------------------------

/** `hawk-dice`: Hawk (hawk.ts) with Dice. Stealing victims are the current general partition
 *  (the boundary moved by ES, §8 #7); a node suspending or in its window does not steal (§8 #11). */
export class HawkDice extends Hawk {
  dice!: Dice;

  constructor(host: HawkSettings, s: DiceSettings) {
    super(host);
    this.dice = attachDice(this, s, this.partition, this.central, false);
    if (this.useCentral && !s.randomBlacklist) {
      this.dice.closesBlock = true;
      const central = this.central;
      central.blocked = new Uint8Array(nNodes - central.base); // (block() would allocate it in a tick)
    }
  }

  onJobArrival(job: i32, now: f64): void {
    const dice = this.dice;
    dice.arrived(job, now);
    if (dice.closesBlock && jobLong[job] != 0) {
      // Over every node the central view covers: the converted block is closed there (Dice.convert).
      this.central.place(job, jobUnlaunched(job), this.partition.min, nNodes, now);
      return;
    }
    super.onJobArrival(job, now);
  }

  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {
    this.dice.taskStarted(job, now);
    // (the central view hears of starts in its elapsed mode only; a resumption is no start, §8 #13)
    if (this.central.elapsed && !this.dice.resuming) super.onTaskStart(node, task, job, now);
  }

  onNodeIdle(node: i32, now: f64): void {
    if (!this.dice.isHeld(node)) super.onNodeIdle(node, now);
  }

  claimFreedSlot(node: i32, now: f64): void { this.dice.claim(node, now); }
}

/** `eagle-dice`: Eagle (eagle.ts) with Dice. Its nodes in a window choose by SRPT among the short
 *  probes only (§8 #16); the short-only fallback list stays the static partition (§8 #7). */
export class EagleDice extends Eagle {
  dice!: Dice;

  constructor(host: EagleSettings, s: DiceSettings) {
    super(host);
    this.dice = attachDice(this, s, this.partition, this.central, this.sticky);
  }

  onJobArrival(job: i32, now: f64): void {
    this.dice.arrived(job, now);
    super.onJobArrival(job, now);
  }

  onTaskStart(node: i32, task: i32, job: i32, now: f64): void {
    this.dice.taskStarted(job, now);
    if (this.central.elapsed && !this.dice.resuming) super.onTaskStart(node, task, job, now);
  }

  claimFreedSlot(node: i32, now: f64): void { this.dice.claim(node, now); }
}

export function createHawkDice(p: Params): Scheduler {
  const host = HawkSettings.read(p);
  host.partition = true; // (Dice moves the short partition's boundary: Hawk's partition ablation does not apply)
  return new HawkDice(host, DiceSettings.read(p));
}

export function createEagleDice(p: Params): Scheduler { return new EagleDice(EagleSettings.read(p), DiceSettings.read(p)); }
