// Uniform node sampling over a range of nodes [lo, hi), with replacement (the
// reference simulator's choice, seed-hawk-eagle.md A3) or without replacement within
// one job's batch (Sparrow proper). Without replacement uses a partial Fisher-Yates
// shuffle over a persistent permutation; when a batch needs more nodes than the range
// holds, a new round over the whole range starts.
import { Rng } from "./rng";

export class NodeSampler {
  lo: i32;
  n: i32;
  distinct: bool;
  perm: Int32Array;
  used: i32 = 0;

  constructor(lo: i32, hi: i32, distinct: bool) {
    const n = hi - lo;
    this.lo = lo;
    this.n = n;
    this.distinct = distinct;
    this.perm = new Int32Array(distinct ? n : 0);
    for (let i = 0; i < this.perm.length; i++) this.perm[i] = lo + i;
  }

  /** Starts a new batch (the next draws are distinct until the range is exhausted). */
  begin(): void { this.used = 0; }

  next(rng: Rng): i32 {
    if (!this.distinct) return this.lo + rng.nextInt(this.n);
    if (this.used == this.n) this.used = 0;
    const i = this.used;
    const j = i + rng.nextInt(this.n - i);
    const perm = this.perm;
    const v = perm[j];
    perm[j] = perm[i];
    perm[i] = v;
    this.used = i + 1;
    return v;
  }
}
