// Fregata's job classifier (seed-fregata.md §2.1, §7 A1/A2/A19), run by the host before a run;
// the engine reads each job's predicted class (assembly/predict.ts). Browser-safe.
//  - Label: short <=> the job's mean task duration <= T_th (the scheduler's `cutoff`).
//  - Features (Table I): the job's summed cpu, mem and storage demand (trace dimensions named
//    cpu, mem and disk; 0 when absent), its number of tasks, and the cluster's cpu, mem and
//    storage utilisation at submission. The host classifies before the run, when no
//    utilisation is known, so the three system features are 0 for every job: constant, they
//    get weight 0 and carry no information (documented in docs/models/fregata.md).
//    Every feature is log1p-transformed and z-scored with the training prefix's mean and
//    standard deviation (a constant feature's z is 0).
//  - `logreg` (default, A2): logistic regression by full-batch gradient descent from zero, rate
//    0.1, 500 iterations, L2 1e-3 (no randomness), trained on the first `trainFraction` % of
//    jobs (at least one); 10-fold cross-validation accuracy on the prefix with folds by job
//    index mod 10. `oracle`: the true label. `noisyOracle`: the true label flipped with
//    probability p by the run's seeded stream 41 (STREAM_FREGATA_NOISE).
import type { Trace } from "../trace/types.js";
import { exp, log1p } from "../trace/libm.js";

export type ClassifierMode = "logreg" | "oracle" | "noisyOracle";

/** How well the host's job classifier predicted the jobs' classes (fregata). */
export interface ClassifierReport {
  mode: ClassifierMode;
  /** Jobs predicted long. */
  predictedLong: number;
  /** Share of jobs whose predicted class equals the true label. */
  accuracy: number;
  /** logreg: training prefix size and 10-fold CV accuracy on it (null with fewer than 10 jobs). */
  trainJobs?: number;
  cvAccuracy?: number | null;
}

const FEATURES = 7;

/** The true labels: 1 = long (mean task duration > cutoff). */
export function trueLong(t: Trace, cutoff: number, from = 0, to = t.arrivals.length): Uint8Array {
  const out = new Uint8Array(to - from);
  for (let j = from; j < to; j++) {
    let s = 0;
    for (let k = t.taskOffsets[j]; k < t.taskOffsets[j + 1]; k++) s += t.durations[k];
    out[j - from] = s / (t.taskOffsets[j + 1] - t.taskOffsets[j]) > cutoff ? 1 : 0;
  }
  return out;
}

/** Table I features of jobs [from, to) (row-major, FEATURES per job, row 0 = job `from`),
 *  log1p-transformed. */
export function jobFeatures(t: Trace, from = 0, to = t.arrivals.length): Float64Array {
  const x = new Float64Array((to - from) * FEATURES);
  const names = t.demandNames ?? [];
  const D = names.length;
  const dimOf = (n: string) => names.indexOf(n);
  const c0 = dimOf("cpu");
  const c1 = dimOf("mem");
  const c2 = dimOf("disk");
  const dem = t.demands;
  const off = t.taskOffsets;
  for (let j = from; j < to; j++) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    if (dem && (c0 >= 0 || c1 >= 0 || c2 >= 0)) {
      for (let k = off[j]; k < off[j + 1]; k++) {
        if (c0 >= 0) s0 += dem[k * D + c0];
        if (c1 >= 0) s1 += dem[k * D + c1];
        if (c2 >= 0) s2 += dem[k * D + c2];
      }
    }
    const o = (j - from) * FEATURES;
    x[o] = log1p(s0);
    x[o + 1] = log1p(s1);
    x[o + 2] = log1p(s2);
    x[o + 3] = log1p(off[j + 1] - off[j]);
    // (the three system features are 0: log1p(0) = 0, the array's initial value)
  }
  return x;
}

const sigmoid = (z: number): number => 1 / (1 + exp(-z));

/** A logistic model trained on `rows` of x (log1p features) with labels y (1 = short). */
export class LogReg {
  mean = new Float64Array(FEATURES);
  sd = new Float64Array(FEATURES);
  w = new Float64Array(FEATURES);
  b = 0;

  constructor(x: Float64Array, y: Uint8Array, rows: number[], lr = 0.1, iters = 500, l2 = 1e-3) {
    const n = rows.length;
    for (const r of rows) for (let f = 0; f < FEATURES; f++) this.mean[f] += x[r * FEATURES + f] / n;
    for (const r of rows) for (let f = 0; f < FEATURES; f++) this.sd[f] += (x[r * FEATURES + f] - this.mean[f]) ** 2 / n;
    for (let f = 0; f < FEATURES; f++) this.sd[f] = Math.sqrt(this.sd[f]);
    const z = new Float64Array(n * FEATURES);
    rows.forEach((r, i) => { for (let f = 0; f < FEATURES; f++) z[i * FEATURES + f] = this.z(x, r, f); });
    // Only the features that vary in training: a constant one has z = 0 everywhere, so its
    // weight stays 0 and its terms add exact zeros (skipping them changes no bit).
    const act = Array.from({ length: FEATURES }, (_, f) => f).filter((f) => this.sd[f] > 0);
    const na = act.length;
    // Rows with equal active features share one sigmoid per iteration: s is the same sum of the
    // same products, so its value is the same bit for bit (google-like jobs differ only in their
    // task count: a few thousand distinct rows among 100,000). The gradient is still summed row
    // by row in row order, as before, so every weight is the same double.
    const za = new Float64Array(n * na);
    for (let i = 0; i < n; i++) for (let k = 0; k < na; k++) za[i * na + k] = z[i * FEATURES + act[k]];
    const uid = new Int32Array(n);
    const seen = new Map<number | string, number>();
    const firstRow: number[] = [];
    for (let i = 0; i < n; i++) {
      const key = na === 1 ? za[i] : Array.prototype.join.call(za.subarray(i * na, i * na + na), ",");
      let u = seen.get(key);
      if (u === undefined) { u = firstRow.length; seen.set(key, u); firstRow.push(i); }
      uid[i] = u;
    }
    const nu = firstRow.length;
    const uz = new Float64Array(nu * na);
    for (let u = 0; u < nu; u++) for (let k = 0; k < na; k++) uz[u * na + k] = za[firstRow[u] * na + k];
    const sig = new Float64Array(nu);
    const yr = Float64Array.from(rows, (r) => y[r]);
    // e = sigmoid - label, per distinct row and label (the same subtraction as row by row)
    const eu = new Float64Array(2 * nu);
    const uy = Int32Array.from(uid, (u, i) => 2 * u + yr[i]);
    const w = this.w;
    const g = new Float64Array(FEATURES);
    const wa = new Float64Array(na);
    const ga = new Float64Array(na);
    let b = 0;
    for (let it = 0; it < iters; it++) {
      for (let k = 0; k < na; k++) wa[k] = w[act[k]];
      for (let u = 0; u < nu; u++) {
        const o = u * na;
        let s = b;
        for (let k = 0; k < na; k++) s += wa[k] * uz[o + k];
        sig[u] = sigmoid(s);
      }
      for (let u = 0; u < nu; u++) { eu[2 * u] = sig[u] - 0; eu[2 * u + 1] = sig[u] - 1; }
      let gb = 0;
      if (na === 1) {
        let g0 = 0;
        for (let i = 0; i < n; i++) {
          const e = eu[uy[i]];
          g0 += e * za[i];
          gb += e;
        }
        ga[0] = g0;
      } else {
        ga.fill(0);
        for (let i = 0; i < n; i++) {
          const e = sig[uid[i]] - yr[i];
          const o = i * na;
          for (let k = 0; k < na; k++) ga[k] += e * za[o + k];
          gb += e;
        }
      }
      g.fill(0);
      for (let k = 0; k < na; k++) g[act[k]] = ga[k];
      for (let f = 0; f < FEATURES; f++) w[f] -= lr * (g[f] / n + l2 * w[f]);
      b -= lr * gb / n;
    }
    this.b = b;
  }

  z(x: Float64Array, r: number, f: number): number {
    return this.sd[f] > 0 ? (x[r * FEATURES + f] - this.mean[f]) / this.sd[f] : 0;
  }

  /** Probability that job r is short. */
  pShort(x: Float64Array, r: number): number {
    let s = this.b;
    for (let f = 0; f < FEATURES; f++) s += this.w[f] * this.z(x, r, f);
    return sigmoid(s);
  }
}

/**
 * A classifier that predicts job by job once its training jobs are in: `prefix(jobs)` jobs must
 * be read before `predict` (a fed run waits for them before its first jobs go to the engine; the
 * engine has run nothing before that, so fed and whole runs get the same predictions).
 */
export class JobClassifier {
  model?: LogReg;
  x?: Float64Array;
  truth?: Uint8Array;
  trainJobs = 0;
  cvAccuracy: number | null = null;

  constructor(readonly mode: ClassifierMode, readonly cutoff: number, readonly trainFraction: number,
              readonly noisyP: number, readonly flips?: Float64Array) {}

  /** Jobs needed before the first prediction (logreg: its training prefix). */
  prefix(jobs: number): number {
    return this.mode === "logreg" ? Math.max(1, Math.min(jobs, Math.ceil((this.trainFraction / 100) * jobs))) : 0;
  }

  /** Trains on the prefix (its jobs must be in `t`). */
  train(t: Trace): void {
    if (this.mode !== "logreg") return;
    const jobs = t.arrivals.length;
    const n = this.prefix(jobs);
    const x = jobFeatures(t, 0, n);
    const short = Uint8Array.from(trueLong(t, this.cutoff, 0, n), (v) => 1 - v);
    const prefix = Array.from({ length: n }, (_, i) => i);
    this.model = new LogReg(x, short, prefix);
    this.trainJobs = n;
    if (n >= 10) {
      let right = 0;
      for (let fold = 0; fold < 10; fold++) {
        const m = new LogReg(x, short, prefix.filter((j) => j % 10 !== fold));
        for (const j of prefix) if (j % 10 === fold && (m.pShort(x, j) >= 0.5 ? 1 : 0) === short[j]) right++;
      }
      this.cvAccuracy = right / n;
    }
  }

  /** Predicted classes (1 = long) of jobs [from, to) into out[from..to). */
  predict(t: Trace, from: number, to: number, out: Int32Array): void {
    const truth = trueLong(t, this.cutoff, from, to);
    if (this.mode === "oracle") for (let j = from; j < to; j++) out[j] = truth[j - from];
    else if (this.mode === "noisyOracle") for (let j = from; j < to; j++) out[j] = this.flips![j] < this.noisyP ? 1 - truth[j - from] : truth[j - from];
    else {
      const x = jobFeatures(t, from, to);
      for (let j = from; j < to; j++) out[j] = this.model!.pShort(x, j - from) >= 0.5 ? 0 : 1;
    }
  }

  report(t: Trace, predicted: Int32Array): ClassifierReport {
    const truth = trueLong(t, this.cutoff, 0, t.arrivals.length);
    const r: ClassifierReport = { mode: this.mode, predictedLong: 0, accuracy: 0 };
    let right = 0;
    for (let j = 0; j < truth.length; j++) {
      r.predictedLong += predicted[j];
      if (predicted[j] === truth[j]) right++;
    }
    r.accuracy = truth.length > 0 ? right / truth.length : 1;
    if (this.mode === "logreg") { r.trainJobs = this.trainJobs; r.cvAccuracy = this.cvAccuracy; }
    return r;
  }
}

/**
 * Each job's predicted class (1 = long / LOW priority) and a report. `flips` (noisyOracle): one
 * uniform draw in [0, 1) per job from the run's stream.
 */
export function classifyJobs(t: Trace, mode: ClassifierMode, cutoff: number, trainFraction: number, noisyP: number,
                             flips?: Float64Array): { predicted: Int32Array; report: ClassifierReport } {
  const c = new JobClassifier(mode, cutoff, trainFraction, noisyP, flips);
  const jobs = t.arrivals.length;
  c.train(t);
  const predicted = new Int32Array(jobs);
  c.predict(t, 0, jobs, predicted);
  return { predicted, report: c.report(t, predicted) };
}
