// Trace schema v2: `checkTraceV2` on traces built by a program.
import { describe, it, expect } from "vitest";
import { InputError } from "../src/errors.js";
import { checkTraceV2, findCycle } from "../src/trace/check.js";
import type { Trace } from "../src/trace/types.js";

function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).not.toContain("\n");
    return (e as Error).message;
  }
  throw new Error("expected an InputError");
}

describe("checkTraceV2", () => {
  /** Two jobs: tasks 0-1 and 2-4. */
  const base = (extra: Partial<Trace> = {}): Trace => ({
    name: "T", arrivals: Float64Array.of(0, 1), taskOffsets: Int32Array.of(0, 2, 5),
    durations: Float64Array.of(1, 2, 3, 4, 5), estimates: Float64Array.of(1.5, 4), ...extra,
  });
  const dag = (lists: number[][]) => {
    const parentOffsets = new Int32Array(lists.length + 1);
    lists.forEach((l, k) => { parentOffsets[k + 1] = parentOffsets[k] + l.length; });
    return { parentOffsets, parents: Int32Array.from(lists.flat()) };
  };
  const full = (): Partial<Trace> => ({
    taskEstimates: Float64Array.of(1, 1, 2, 2, 2), stages: Int32Array.of(0, 1, 0, 0, 1),
    ...dag([[], [0], [], [], [2, 3]]),
    demandNames: ["cpu", "mem"], demands: Float64Array.of(1, 1, 2, 2, 0, 0, 1, 0.5, 3, 3),
    jobClasses: Int32Array.of(1, 0), classNames: ["short", "long"], priorities: Int32Array.of(-5, 7),
    users: Int32Array.of(0, 0), userNames: ["u"], jobIds: ["a", "b"], taskIds: ["1", "2", "3", "4", "5"],
  });

  it("accepts traces without optional columns and well-formed ones with all of them", () => {
    expect(() => checkTraceV2(base())).not.toThrow();
    expect(() => checkTraceV2(base(full()))).not.toThrow();
  });

  const cases: Array<[string, Partial<Trace>, string]> = [
    ["parent out of range", dag([[], [9], [], [], []]), "task 1: parent 9 is not a task index (5 tasks)"],
    ["negative parent", dag([[], [-1], [], [], []]), "task 1: parent -1 is not a task index (5 tasks)"],
    ["parent in another job", dag([[], [], [], [0], []]), "task 3: parent 0 belongs to job 0, not job 1"],
    ["duplicate parent", dag([[], [], [], [], [2, 3, 2]]), "task 4: parent 2 is listed twice"],
    ["self-edge", dag([[], [1], [], [], []]), "task 1: cycle of 1 task: 1 has parent 1"],
    ["cycle", dag([[], [], [4], [2], [3]]), "task 2: cycle of 3 tasks: 2 has parent 4, which has parent 3, which has parent 2"],
    ["parents without parentOffsets", { parents: Int32Array.of() }, "parents without parentOffsets: give both or neither"],
    ["parentOffsets without parents", { parentOffsets: new Int32Array(6) }, "parentOffsets without parents: give both or neither"],
    ["parentOffsets of the wrong length", { parentOffsets: new Int32Array(5), parents: Int32Array.of() },
      "parentOffsets has 5 entries, expected 6 (tasks + 1)"],
    ["parentOffsets not covering parents", { parentOffsets: new Int32Array(6), parents: Int32Array.of(0) },
      "parentOffsets must start at 0 and end at parents.length (1)"],
    ["decreasing parentOffsets", { parentOffsets: Int32Array.of(0, 2, 1, 2, 2, 2), parents: Int32Array.of(0, 1) },
      "task 1: parentOffsets decrease (2 then 1)"],
    ["demands without demandNames", { demands: new Float64Array(5) }, "demands without demandNames: give both or neither"],
    ["demand of the wrong length", { demandNames: ["cpu", "mem"], demands: new Float64Array(9) },
      "demands has 9 entries, expected 10 (tasks x 2 dimensions)"],
    ["negative demand", { demandNames: ["cpu", "mem"], demands: Float64Array.of(1, 1, 1, 1, 1, 1, 1, -0.5, 1, 1) },
      "task 3: demand mem = -0.5 is not a finite number >= 0"],
    ["NaN demand", { demandNames: ["cpu"], demands: Float64Array.of(1, NaN, 1, 1, 1) }, "task 1: demand cpu = NaN is not a finite number >= 0"],
    ["infinite demand", { demandNames: ["cpu"], demands: Float64Array.of(1, 1, 1, 1, Infinity) },
      "task 4: demand cpu = Infinity is not a finite number >= 0"],
    ["no demand dimensions", { demandNames: [], demands: new Float64Array(0) }, "demandNames is empty: name at least one dimension"],
    ["repeated dimension", { demandNames: ["cpu", "cpu"], demands: new Float64Array(10) }, "demandNames: 'cpu' appears twice"],
    ["bad dimension name", { demandNames: ["c p u"], demands: new Float64Array(5) }, "demandNames: 'c p u' is not made of letters, digits, _ and -"],
    ["classNames without jobClasses", { classNames: ["a"] }, "classNames without jobClasses: give both or neither"],
    ["class out of range", { jobClasses: Int32Array.of(0, 2), classNames: ["a", "b"] },
      "job 1: jobClasses 2 is not an index into classNames (2 names)"],
    ["negative class", { jobClasses: Int32Array.of(-1, 0), classNames: ["a"] }, "job 0: jobClasses -1 is not an index into classNames (1 names)"],
    ["repeated class name", { jobClasses: Int32Array.of(0, 0), classNames: ["a", "a"] }, "classNames: 'a' appears twice"],
    ["empty class name", { jobClasses: Int32Array.of(0, 0), classNames: [""] }, "classNames[0] is not a non-empty string"],
    ["users without userNames", { users: Int32Array.of(0, 0) }, "users without userNames: give both or neither"],
    ["user out of range", { users: Int32Array.of(0, 1), userNames: ["u"] }, "job 1: users 1 is not an index into userNames (1 names)"],
    ["negative task estimate", { taskEstimates: Float64Array.of(1, 1, -1, 1, 1) }, "task 2: estimate -1 is not a finite number >= 0"],
    ["NaN task estimate", { taskEstimates: Float64Array.of(NaN, 1, 1, 1, 1) }, "task 0: estimate NaN is not a finite number >= 0"],
    ["infinite task estimate", { taskEstimates: Float64Array.of(1, Infinity, 1, 1, 1) }, "task 1: estimate Infinity is not a finite number >= 0"],
    ["taskEstimates of the wrong length", { taskEstimates: new Float64Array(4) }, "taskEstimates has 4 entries, expected 5 (one per task)"],
    ["negative stage", { stages: Int32Array.of(0, 0, 0, -2, 0) }, "task 3: stage -2 is negative"],
    ["stages of the wrong length", { stages: new Int32Array(6) }, "stages has 6 entries, expected 5 (one per task)"],
    ["priorities of the wrong length", { priorities: new Int32Array(3) }, "priorities has 3 entries, expected 2 (one per job)"],
    ["jobClasses of the wrong length", { jobClasses: new Int32Array(1), classNames: ["a"] }, "jobClasses has 1 entries, expected 2 (one per job)"],
    ["jobIds of the wrong length", { jobIds: ["a"] }, "jobIds has 1 entries, expected 2 (one per job)"],
    ["taskIds of the wrong length", { taskIds: [] }, "taskIds has 0 entries, expected 5 (one per task)"],
  ];
  for (const [what, extra, message] of cases) {
    it(`rejects: ${what}`, () => {
      expect(errorOf(() => checkTraceV2(base(extra)))).toBe(`trace 'T': ${message}`);
    });
  }

  it("walks a 1,000,000-task chain and a 1,000,000-task cycle without recursion, in linear time", () => {
    const n = 1_000_000;
    const parentOffsets = new Int32Array(n + 1);
    const parents = new Int32Array(n - 1);
    for (let k = 0; k < n - 1; k++) { parents[k] = k + 1; parentOffsets[k + 1] = k + 1; } // task k's parent is k + 1
    parentOffsets[n] = n - 1;
    const chain: Trace = {
      name: "chain", arrivals: Float64Array.of(0), taskOffsets: Int32Array.of(0, n),
      durations: new Float64Array(n), estimates: Float64Array.of(0), parentOffsets, parents,
    };
    const t0 = performance.now();
    checkTraceV2(chain);
    const ringParents = new Int32Array(n);
    ringParents.set(parents);
    ringParents[n - 1] = 0;
    const ringOffsets = Int32Array.from({ length: n + 1 }, (_, k) => k);
    expect(errorOf(() => checkTraceV2({ ...chain, name: "ring", parentOffsets: ringOffsets, parents: ringParents }))).toBe(
      "trace 'ring': task 0: cycle of 1000000 tasks: 0 has parent 1, which has parent 2, which has parent 3, " +
      "which has parent 999996 more tasks in turn, the last of which has parent 0");
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it("findCycle returns the cycle behind an acyclic tail", () => {
    // 0 -> 1 -> 2 -> 3 -> 1 (each arrow: has parent)
    expect(findCycle(Int32Array.of(0, 1, 2, 3, 4), Int32Array.of(1, 2, 3, 1))).toEqual([1, 2, 3]);
    expect(findCycle(Int32Array.of(0, 0, 1, 3), Int32Array.of(0, 0, 1))).toBeNull();
  });
});
