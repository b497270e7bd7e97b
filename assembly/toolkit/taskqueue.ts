// A central queue of tasks waiting for a scheduler to place them (Kairos, YARN, Big-C; next
// Pigeon's masters, Yaq-c, Fregata): one FIFO per class (e.g. short and long), each a growable
// ring of task indices. Placement policies take from the class they choose.
export class TaskQueue {
  rings: Int32Array[] = [];
  heads: Int32Array;
  counts: Int32Array;

  constructor(classes: i32) {
    this.heads = new Int32Array(classes);
    this.counts = new Int32Array(classes);
    for (let c = 0; c < classes; c++) this.rings.push(new Int32Array(64));
  }

  /** Tasks waiting in class `c`. */
  size(c: i32): i32 { return this.counts[c]; }
  isEmpty(c: i32): bool { return this.counts[c] == 0; }

  /** Appends `task` to class `c`. */
  push(c: i32, task: i32): void {
    let ring = this.rings[c];
    const n = this.counts[c];
    if (n == ring.length) {
      const grown = new Int32Array(n * 2);
      const h = this.heads[c];
      for (let i = 0; i < n; i++) grown[i] = ring[(h + i) % n];
      this.rings[c] = grown;
      this.heads[c] = 0;
      ring = grown;
    }
    ring[(this.heads[c] + n) % ring.length] = task;
    this.counts[c] = n + 1;
  }

  /** The first task of class `c` (it must not be empty). */
  peek(c: i32): i32 { return this.rings[c][this.heads[c]]; }

  /** Removes and returns the first task of class `c` (it must not be empty). */
  pop(c: i32): i32 {
    const ring = this.rings[c];
    const h = this.heads[c];
    const task = ring[h];
    this.heads[c] = h + 1 == ring.length ? 0 : h + 1;
    this.counts[c] = this.counts[c] - 1;
    return task;
  }
}
