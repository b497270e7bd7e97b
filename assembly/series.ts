// A policy's own output: one time series of rows of a fixed number of doubles that the policy
// declares (`openSeries(fields)`, once per run) and appends (`seriesValue(v)`, `fields` calls per
// row), e.g. a controller's state at each of its ticks. The host reads the rows after the run
// (index.ts seriesColumn/seriesFields) and names the fields from the scheduler's description
// (src/config/schedulers.ts `series`), so the engine knows no policy's fields. Appending grows
// the buffer by doubling: rows are rare next to events (a tick, not a task), and nothing is
// allocated once the buffer is large enough.

/** Values per row (0: the policy declared no series). */
export let seriesWidth: i32 = 0;
let values: Float64Array = new Float64Array(0);
let used: i32 = 0;
/** The host does not want the series (a run whose output leaves it out): values are dropped, so
 *  a run of very many ticks holds no memory for them. */
let dropped: bool = false;

/** Whether the run being set up keeps its series (index.ts setup, flag bit 2). */
export function keepSeries(keep: bool): void { dropped = !keep; }

/** Forgets the last run's series (a new run). */
export function resetSeries(): void {
  seriesWidth = 0;
  values = new Float64Array(0);
  used = 0;
}

/** The policy will append rows of `fields` values. */
export function openSeries(fields: i32): void {
  seriesWidth = fields;
  used = 0;
}

/** Appends one value; a row is `fields` consecutive values. */
export function seriesValue(v: f64): void {
  if (dropped) return;
  if (used == values.length) {
    const grown = new Float64Array(used < 64 ? 64 : used * 2);
    for (let i = 0; i < used; i++) grown[i] = values[i];
    values = grown;
  }
  values[used++] = v;
}

/** The values appended so far (whole rows unless the policy stopped mid-row). */
export function seriesValues(): Float64Array { return values.slice(0, used); }
