// The short partition (seed-hawk-eagle.md §2.2(b), A2): nodes [0, size) run short tasks only, the
// rest form the general partition. The boundary may move at run time within [min, max] (Dice's
// elastic sizing, seed-dice.md §3.2); what is built over the general partition covers every node
// that may ever be general (from `min` on) and reads the boundary at each decision.
import { nNodes } from "../policy";
import { toI32 } from "./glue";

/** floor(percent% of the nodes), the size of a short partition given in percent (A2). */
export function shortPartitionSize(percent: f64): i32 {
  return toI32(Math.floor(percent * <f64>nNodes / 100.0));
}

export class Partition {
  /** Short nodes: [0, size). */
  size: i32;
  /** The range the size may take. */
  min: i32;
  max: i32;

  /** A partition of `percent`% of the nodes that may move between `minPercent`% and
   *  `maxPercent`% (both `percent` for a fixed one). */
  constructor(percent: f64, minPercent: f64 = -1.0, maxPercent: f64 = -1.0) {
    this.size = shortPartitionSize(percent);
    this.min = minPercent < 0.0 ? this.size : shortPartitionSize(minPercent);
    this.max = maxPercent < 0.0 ? this.size : shortPartitionSize(maxPercent);
  }

  /** The first general node. */
  generalStart(): i32 { return this.size; }
  isShort(node: i32): bool { return node < this.size; }
  /** Moves the boundary: `size` short nodes, clamped to [min, max]. Returns the new size. */
  resize(size: i32): i32 {
    this.size = size < this.min ? this.min : size > this.max ? this.max : size;
    return this.size;
  }
}
