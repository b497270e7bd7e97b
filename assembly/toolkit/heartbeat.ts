// Periodic state reports from the nodes (DLWL's load view, Kairos' and YARN's counts and
// variances; next Yaq's node managers). Heartbeats fall at t0 + k x period, t0 the first
// submission; heartbeat 0 is taken as done when the run starts. Only the heartbeats a decision
// will read are simulated: the last one at or before the next submission, or, while work waits
// for one, the next periodic one — the ones in between would change nothing (their outcome is
// identical), so a run costs O(decisions), not O(span / period). The timers are the owner's (a
// kind of its own, taken by attach() at the end of the owner's constructor): its onTimer calls
// fired() and then does what a heartbeat does.
import { TimerOwner, timerKind, setTimer, failTimeResolution, failUnlessAdvances } from "../policy";

export class Heartbeat {
  period: f64;
  kind: i32 = -1;
  t0: f64 = 0.0;
  /** Index k of the last heartbeat simulated. */
  last: f64 = 0.0;
  pending: bool = false;
  private pendingK: f64 = 0.0;

  constructor(period: f64) { this.period = period; }

  /** Heartbeats reach `owner`'s onTimer with this.kind. */
  attach(owner: TimerOwner): void { this.kind = timerKind(owner); }

  /** The run starts: heartbeats count from `t0` (the first submission). */
  begin(t0: f64): void {
    this.t0 = t0;
    this.last = 0.0;
    this.pending = false;
  }

  /** Plans the last heartbeat at or before `t` (e.g. the next submission), unless it is one
   *  already simulated or one is planned. */
  planLatestBefore(t: f64, now: f64): void {
    if (this.pending) return;
    this.planK(Math.floor((t - this.t0) / this.period), now);
  }

  /** Plans the last heartbeat strictly before `t`: the one a submission at `t` reads when a
   *  heartbeat at `t` itself comes after it (the submission's event is older). */
  planLatestStrictlyBefore(t: f64, now: f64): void {
    if (this.pending) return;
    this.planK(Math.ceil((t - this.t0) / this.period) - 1.0, now);
  }

  private planK(k: f64, now: f64): void {
    if (k <= this.last) return;
    this.plan(k, now);
  }

  /** Plans the next periodic heartbeat after `now` (work waits for one), unless one is planned. */
  planNext(now: f64): void {
    if (this.pending) return;
    let k = Math.floor((now - this.t0) / this.period) + 1.0;
    if (k <= this.last) k = this.last + 1.0;
    // At times where doubles are spaced wider than the period (1e20 s with a 1 s period) the next
    // heartbeat would fall at `now` again, and the run would repeat it for ever: stop instead.
    // (Not `t0 + k x period <= now`: rounding can put heartbeat k an ulp before now, and it then
    // fires at now, as plan() says.)
    if (!(k > this.last)) failTimeResolution(this.period);
    failUnlessAdvances(now, this.period);
    this.plan(k, now);
  }

  private plan(k: f64, now: f64): void {
    let at = this.t0 + k * this.period;
    if (at < now) at = now;
    this.pendingK = k;
    this.pending = true;
    setTimer(at, this.kind, 0, 0);
  }

  /** The owner's onTimer received this heartbeat's kind. */
  fired(): void {
    this.last = this.pendingK;
    this.pending = false;
  }
}
