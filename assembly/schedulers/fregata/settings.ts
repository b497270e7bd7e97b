// Fregata's parameters, read once by name (the catalogue's names and ranges are in
// src/config/schedulers.ts; the spec's symbols and choices in docs/models/fregata.md), and the
// constants its modules share.
import { Params } from "../../policy";

/** The job classes (§2.1): a queue of master g is q = 2 x g + class. */
export const HIGH: i32 = 0;
export const LOW: i32 = 1;
/** The feasibility tolerance, relative to a worker's capacity per dimension. */
export const FIT_EPS: f64 = 1e-9;

export class FregataSettings {
  /** T_th (A1): a job is HIGH (short) when its estimate is at most this; also τ, the priority's
   *  time scale (1 when the cutoff is 0). */
  cutoff: f64 = 1129.532;
  /** ω1 (§2.4, `w1`): weight of the remaining time, 1 - sat(duration / τ). */
  remainingWeight: f64 = 0.5;
  /** ω2 (`w2`): weight of the waiting time, linear ageing per τ. */
  waitingWeight: f64 = 0.3;
  /** ω3 (`w3`): weight of the allowable waiting time, 1 - sat(slack to the deadline / τ). */
  slackWeight: f64 = 0.2;
  /** γ (`gamma`): share of the children's priorities added to a task's. */
  childShare: f64 = 0.5;
  /** κ (`kappa`): the soft deadline is this times the job's critical path. */
  deadlineFactor: f64 = 2.0;
  /** A3 (`partition=wcc`): one group per weakly connected component, not the path cover. */
  componentGroups: bool = false;
  /** A4 (`masterDispatch=perTask`): tasks go to the masters one by one, not in groups. */
  perTask: bool = false;
  /** K (A8, `packWindow`): the top tasks of a class queue that a dispatch looks at. */
  windowSize: i32 = 32;
  /** Complementary pairs (`maxPack` 2); false: every task alone. */
  packPairs: bool = true;
  /** A7 (`normalizeDemands`): dominant resources and DV on demands / C'_k (false: raw units). */
  normalizeDemands: bool = true;
  /** L_th^m (A5): masters at or above this load receive no new groups. */
  loadThreshold: f64 = 0.85;
  /** A6: workers per master. */
  groupSize: i32 = 10;
  /** ρ (A16, `rho`): the share of a group's workers reserved for HIGH tasks, in %. */
  reservedPercent: f64 = 10.0;
  /** W (§2.7, A16): the masters' LOW weight; Infinity: strict priority (HIGH before LOW). */
  wfqWeight: f64 = Infinity;

  static read(p: Params): FregataSettings {
    const s = new FregataSettings();
    s.cutoff = p.num("cutoff");
    s.remainingWeight = p.num("w1");
    s.waitingWeight = p.num("w2");
    s.slackWeight = p.num("w3");
    s.childShare = p.num("gamma");
    s.deadlineFactor = p.num("kappa");
    s.componentGroups = p.choice("partition") == "wcc";
    s.perTask = p.choice("masterDispatch") == "perTask";
    s.windowSize = p.int("packWindow");
    s.packPairs = p.int("maxPack") >= 2;
    s.normalizeDemands = p.flag("normalizeDemands");
    s.loadThreshold = p.num("loadThreshold");
    s.groupSize = p.int("groupSize");
    s.reservedPercent = p.num("rho");
    s.wfqWeight = p.num("W");
    return s;
  }

  /** τ: the cutoff, or 1 when it is 0. */
  tau(): f64 { return this.cutoff > 0.0 ? this.cutoff : 1.0; }
}
