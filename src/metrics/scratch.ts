// Memory lent to a run's summary: a thread that read the trace (src/trace/tr-feed-worker.ts) can
// first-touch a block for the run's result columns and the summary's per-class arrays while the
// run goes on, so that the simulating thread does not take their page faults afterwards (the
// first touch of a page is the dear part of memory: assembly/glue.ts freshInt32Array).

/** Blocks lent for the summary of the run with this finish column. */
const lent = new WeakMap<Float64Array, Float64Array>();

/** Lends `block` (zeros or not: the summary overwrites what it uses) to the summary of the run
 *  whose result has this `finish` column. */
export function lendSummaryScratch(finish: Float64Array, block: Float64Array): void { lent.set(finish, block); }

/** The block lent for the run with this finish column, once; undefined if none. */
export function takeSummaryScratch(finish: Float64Array): Float64Array | undefined {
  const b = lent.get(finish);
  lent.delete(finish);
  return b;
}
