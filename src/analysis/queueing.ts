// Closed-form queueing results: Erlang C for M/M/c and the Pigeon paper's analysis (SoCC 2019,
// spec seed-pigeon.md §5.2 Eqs. (1)-(6), §7 #15), with Sparrow's 2F-probe zero-queuing
// probability for comparison, and the exact job zero-queuing probability that Eq. (6)
// approximates when a job's masters are independent ([D], not in the paper). Browser-safe (no
// Node imports).
//
// Pigeon's model [spec §5.2]: each of the N_g masters is an M/M/N_w queue fed by
// λ_t = λF/N_g task arrivals per second, with exponential task times of mean T_e, so the
// per-worker utilisation is ρ = λ_t·T_e/N_w (equal to the cluster load λF·T_e/N_c).
//
// Numerics: Erlang C comes from the Erlang-B recursion (no factorials or powers), which is
// stable for any number of servers; the binomial tail of Eq. (4) is summed in log space.

function checkServers(servers: number, what = "servers"): void {
  if (!Number.isInteger(servers) || servers < 1) {
    throw new RangeError(`${what} must be an integer >= 1 (got ${servers})`);
  }
}

function checkRho(rho: number): void {
  if (!(rho >= 0) || !(rho < 1)) {
    throw new RangeError(`utilisation rho must be in [0, 1) for a stable queue (got ${rho})`);
  }
}

function checkPositive(x: number, what: string): void {
  if (!(x > 0) || !Number.isFinite(x)) throw new RangeError(`${what} must be a finite number > 0 (got ${x})`);
}

function checkFanout(fanout: number): void {
  if (!Number.isInteger(fanout) || fanout < 1) {
    throw new RangeError(`fanout F must be an integer >= 1 (got ${fanout})`);
  }
}

/**
 * Erlang C: the probability that an arrival waits in an M/M/c queue with `servers` = c servers
 * and offered load `offeredLoad` = a = λ/μ (utilisation ρ = a/c, which must be < 1).
 *
 * Computed as C = B / (1 − ρ(1 − B)) from the Erlang-B recursion
 * B(0) = 1, B(k) = a·B(k−1) / (k + a·B(k−1)); stable for any c (spec §5.2 Eq. (1) is 1 − C).
 */
export function erlangC(servers: number, offeredLoad: number): number {
  checkServers(servers);
  if (!(offeredLoad >= 0) || !Number.isFinite(offeredLoad)) {
    throw new RangeError(`offered load a must be a finite number >= 0 (got ${offeredLoad})`);
  }
  const rho = offeredLoad / servers;
  if (!(rho < 1)) {
    throw new RangeError(`utilisation a/c = ${offeredLoad}/${servers} = ${rho} must be < 1 for a stable M/M/c queue`);
  }
  if (offeredLoad === 0) return 0;
  let b = 1;
  for (let k = 1; k <= servers; k++) b = (offeredLoad * b) / (k + offeredLoad * b);
  return b / (1 - rho * (1 - b));
}

/**
 * Mean queueing delay (time from arrival to the start of service) in M/M/c:
 * W_q = C(c, λ/μ) / (c·μ − λ), with μ = 1/meanService.
 */
export function mmcMeanWait(servers: number, arrivalRate: number, meanService: number): number {
  checkServers(servers);
  checkPositive(meanService, "mean service time");
  if (!(arrivalRate >= 0) || !Number.isFinite(arrivalRate)) {
    throw new RangeError(`arrival rate must be a finite number >= 0 (got ${arrivalRate})`);
  }
  const mu = 1 / meanService;
  const c = erlangC(servers, arrivalRate * meanService);
  return c / (servers * mu - arrivalRate);
}

/**
 * Pigeon Eq. (1) [spec §5.2]: the probability that a task is dispatched at once (zero queuing)
 * at a master of `groupSize` = N_w workers at utilisation ρ: P_task(0) = 1 − ErlangC(N_w, N_w·ρ).
 */
export function pigeonTaskZeroQueue(groupSize: number, rho: number): number {
  checkServers(groupSize, "group size N_w");
  checkRho(rho);
  return 1 - erlangC(groupSize, groupSize * rho);
}

/**
 * Pigeon Eq. (2) [spec §5.2]: a task's mean queueing delay at its master, in the unit of
 * `meanTask` = T_e: T_q = (1 − P_task(0)) / (N_w/T_e − λ_t), with λ_t = ρ·N_w/T_e.
 */
export function pigeonMeanTaskWait(groupSize: number, rho: number, meanTask: number): number {
  checkPositive(meanTask, "mean task time T_e");
  const p0 = pigeonTaskZeroQueue(groupSize, rho);
  const lambdaT = (rho * groupSize) / meanTask;
  return (1 - p0) / (groupSize / meanTask - lambdaT);
}

/**
 * Pigeon Eq. (3) [spec §5.2]: the job zero-queuing probability when all F tasks of a job have
 * the same execution time (every task must be dispatched at once): P_task(0)^F.
 */
export function pigeonJobZeroQueueEqual(groupSize: number, rho: number, fanout: number): number {
  checkFanout(fanout);
  return Math.pow(pigeonTaskZeroQueue(groupSize, rho), fanout);
}

/**
 * Sparrow Eq. (4) [spec §5.2]: the job zero-queuing probability with 2F probes to random
 * workers each idle with probability 1 − ρ: at least F of the 2F probes find an idle worker,
 * Σ_{i=F}^{2F} C(2F,i)(1−ρ)^i ρ^{2F−i}. Summed in log space (no overflow for large F).
 */
export function sparrowJobZeroQueue(rho: number, fanout: number): number {
  checkFanout(fanout);
  if (!(rho >= 0) || !(rho <= 1)) throw new RangeError(`utilisation rho must be in [0, 1] (got ${rho})`);
  if (rho === 0) return 1;
  if (rho === 1) return 0;
  const n = 2 * fanout;
  const logIdle = Math.log1p(-rho);
  const logBusy = Math.log(rho);
  // log C(n, i) built incrementally from log C(n, 0) = 0.
  let logBinom = 0;
  for (let i = 1; i < fanout; i++) logBinom += Math.log(n - i + 1) - Math.log(i);
  let sum = 0;
  for (let i = fanout; i <= n; i++) {
    if (i > 0) logBinom += Math.log(n - i + 1) - Math.log(i);
    sum += Math.exp(logBinom + i * logIdle + (n - i) * logBusy);
  }
  return Math.min(1, sum);
}

/**
 * Pigeon Eq. (6) [spec §5.2]: the job zero-queuing probability with exponential task times,
 * P_job^dt(0) ≈ P_task(0)·exp(−T_q/T_e), with T_q from Eq. (2) (Eq. (5): a queued task of a
 * job is hidden when the job's longest task outlasts it by more than T_q).
 */
export function pigeonJobZeroQueueExp(groupSize: number, rho: number, meanTask: number): number {
  const p0 = pigeonTaskZeroQueue(groupSize, rho);
  const tq = pigeonMeanTaskWait(groupSize, rho, meanTask);
  return p0 * Math.exp(-tq / meanTask);
}

/**
 * The exact job zero-queuing probability behind Eq. (6) when the masters a job's F tasks reach
 * are independent M/M/N_w queues (a good model when F ≪ N_g; not in the paper, [D] from the
 * setting of spec §5.2 Eqs. (5)-(6)). Each task waits 0 with probability p0 = P_task(0) and
 * otherwise Exp(θ), θ = N_w(1 − ρ)/T_e, and runs Exp(1/T_e). The job has zero queuing exactly
 * when the task that finishes last did not wait, so
 *   P = F·p0·∫_0^∞ μe^{−μx} G(x)^{F−1} dx,  μ = 1/T_e,
 * with G the distribution of a task's wait + run time. Composite Simpson over x ∈ [0, 40 T_e]
 * (the integrand is below μe^{−μx}, so the rest is < e^{−40}), in two panels so that the waits'
 * scale 1/θ is resolved when it is shorter than T_e; `steps` intervals per panel. F = 1 gives p0;
 * F = 2 gives p0² + p0(1 − p0)·θ/(θ + μ). Eq. (6) approximates this by p0·e^{−T_q/T_e} for
 * every F.
 */
export function pigeonJobZeroQueueIndependent(groupSize: number, rho: number, meanTask: number, fanout: number,
                                              steps = 4096): number {
  checkFanout(fanout);
  checkPositive(meanTask, "mean task time T_e");
  if (!Number.isInteger(steps) || steps < 2) throw new RangeError(`steps must be an integer >= 2 (got ${steps})`);
  const p0 = pigeonTaskZeroQueue(groupSize, rho);
  if (fanout === 1 || p0 === 1) return p0;
  const mu = 1 / meanTask;
  const theta = (groupSize * (1 - rho)) / meanTask;
  const k = theta / mu;
  // P(wait + run <= x) for a task that waits: hypoexponential(θ, μ); Erlang-2 when θ = μ.
  const waited = (x: number): number => {
    const v = Math.exp(-mu * x);
    if (Math.abs(k - 1) < 1e-6) return 1 - v * (1 + mu * x);
    return 1 - (k * v - Math.exp(-theta * x)) / (k - 1);
  };
  const f = (x: number): number => mu * Math.exp(-mu * x) * Math.pow(p0 * (1 - Math.exp(-mu * x)) + (1 - p0) * waited(x), fanout - 1);
  const simpson = (a: number, b: number): number => {
    const n = 2 * Math.ceil(steps / 2);
    const h = (b - a) / n;
    let sum = f(a) + f(b);
    for (let i = 1; i < n; i++) sum += (i % 2 === 1 ? 4 : 2) * f(a + i * h);
    return (sum * h) / 3;
  };
  const end = 40 * meanTask;
  const split = Math.min(end, 40 / theta);
  const integral = simpson(0, split) + (split < end ? simpson(split, end) : 0);
  return Math.min(1, fanout * p0 * integral);
}

/**
 * The job arrival rate (jobs/s) of the analysis-validation workload [spec §7 #15]:
 * λ = ρ·N_c / (F·T_e), for `clusterSize` = N_c workers, fanout F and mean task time T_e.
 */
export function pigeonValidationRate(clusterSize: number, fanout: number, meanTask: number, rho: number): number {
  checkServers(clusterSize, "cluster size N_c");
  checkFanout(fanout);
  checkPositive(meanTask, "mean task time T_e");
  if (!(rho >= 0) || !Number.isFinite(rho)) throw new RangeError(`load rho must be a finite number >= 0 (got ${rho})`);
  return (rho * clusterSize) / (fanout * meanTask);
}
