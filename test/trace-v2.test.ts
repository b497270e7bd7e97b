// Trace schema v2: the optional CSV columns (task_id, estimate, stage, parents, demand[...],
// class, priority, user) and `checkTraceV2` on traces built by a program.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../src/engine/node.js";
import { InputError } from "../src/errors.js";
import { parseCsv } from "../src/trace/csv.js";
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

const list = (a: ArrayLike<number> | undefined) => (a === undefined ? undefined : Array.from(a));

describe("CSV v2 reader", () => {
  const FILE =
    "job_id,task_id,submit_time,duration,estimate,stage,parents,demand[cpu; mem],class,priority,user\n" +
    "j2,m1,5,10,9,0,,1;2,batch,1,alice\n" +
    "j1,a,2,3,4,0,,0.5;1,service,5,bob\n" +
    "\n" +
    "j2,r1,5,20,18,1,\" m1 ; m2 \",2 ; 4,batch,1,alice\n" +
    "j1,b,2,1,2,1,a,1;0,service,5,bob\r\n" +
    "j2,m2,5,12,12,0,,1;2,batch,1,alice\n" +
    "j3,x,0,7,7,0,,3;3,batch,-2,bob\n";

  it("reads every column, orders jobs by submit time and maps parents to trace indices", () => {
    const t = parseCsv(FILE, "v2.csv");
    // jobs by submit time: j3 (0), j1 (2), j2 (5); tasks in file order within a job
    expect(t.jobIds).toEqual(["j3", "j1", "j2"]);
    expect(t.taskIds).toEqual(["x", "a", "b", "m1", "r1", "m2"]);
    expect(list(t.arrivals)).toEqual([0, 2, 5]);
    expect(list(t.taskOffsets)).toEqual([0, 1, 3, 6]);
    expect(list(t.durations)).toEqual([7, 3, 1, 10, 20, 12]);
    expect(list(t.taskEstimates)).toEqual([7, 4, 2, 9, 18, 12]);
    expect(list(t.estimates)).toEqual([7, 3, 13]); // mean of the estimate column, not of durations
    expect(list(t.stages)).toEqual([0, 0, 1, 0, 1, 0]);
    expect(list(t.parentOffsets)).toEqual([0, 0, 0, 1, 1, 3, 3]);
    expect(list(t.parents)).toEqual([1, 3, 5]); // b <- a; r1 <- m1, m2 (m2 comes later in the file)
    expect(t.demandNames).toEqual(["cpu", "mem"]);
    expect(list(t.demands)).toEqual([3, 3, 0.5, 1, 1, 0, 1, 2, 2, 4, 1, 2]);
    expect(t.classNames).toEqual(["batch", "service"]); // order of first appearance in the file
    expect(list(t.jobClasses)).toEqual([0, 1, 0]);
    expect(list(t.priorities)).toEqual([-2, 5, 1]);
    expect(t.userNames).toEqual(["alice", "bob"]);
    expect(list(t.users)).toEqual([1, 1, 0]);
    expect(t.taskEstimates).toBeInstanceOf(Float64Array);
    expect(t.stages).toBeInstanceOf(Int32Array);
    expect(t.parents).toBeInstanceOf(Int32Array);
    expect(t.demands).toBeInstanceOf(Float64Array);
    expect(() => checkTraceV2(t)).not.toThrow();
  });

  it("reads the example of docs/trace-formats.md as documented there", () => {
    const doc = readFileSync(join(packageRoot(), "docs/trace-formats.md"), "utf8");
    const example = /### Example\n\n```csv\n([^`]*)```/.exec(doc)![1];
    const t = parseCsv(example, "example.csv");
    expect(list(t.arrivals)).toEqual([2.5, 10]);
    expect(list(t.taskOffsets)).toEqual([0, 1, 4]);
    expect(list(t.durations)).toEqual([0.05, 4.2, 3.9, 7.5]);
    expect(list(t.estimates)).toEqual([0.1, 16 / 3]);
    expect(list(t.taskEstimates)).toEqual([0.1, 4, 4, 8]);
    expect(list(t.stages)).toEqual([0, 0, 0, 1]);
    expect(list(t.parentOffsets)).toEqual([0, 0, 0, 0, 2]);
    expect(list(t.parents)).toEqual([1, 2]);
    expect(t.demandNames).toEqual(["cpu", "mem"]);
    expect(list(t.demands)).toEqual([0.5, 256, 1, 2048, 1, 2048, 2, 4096]);
    expect(t.classNames).toEqual(["batch", "interactive"]);
    expect(list(t.jobClasses)).toEqual([1, 0]);
    expect(list(t.priorities)).toEqual([10, 0]);
    expect(t.userNames).toEqual(["alice", "bob"]);
    expect(list(t.users)).toEqual([1, 0]);
    expect(t.jobIds).toEqual(["web-7", "wc-1"]);
    expect(t.taskIds).toEqual(["req", "map-1", "map-2", "reduce"]);
  });

  it("sets only the columns the header names; estimates stay the mean duration without `estimate`", () => {
    const t = parseCsv("duration,submit_time,job_id,stage\n2,1,a,3\n4,1,a,0\n1,0,b,1\n", "s.csv");
    expect(list(t.arrivals)).toEqual([0, 1]);
    expect(list(t.durations)).toEqual([1, 2, 4]);
    expect(list(t.estimates)).toEqual([1, 3]);
    expect(list(t.stages)).toEqual([1, 3, 0]);
    expect(t.jobIds).toEqual(["b", "a"]);
    for (const k of ["taskEstimates", "parentOffsets", "parents", "demandNames", "demands", "jobClasses",
      "classNames", "priorities", "users", "userNames", "taskIds"] as const) {
      expect(t[k], k).toBeUndefined();
    }
  });

  it("reads v1 files exactly as before, with or without the header", () => {
    const rows = "a,5,1\nb,2,3\n\nc,5,2\na,5,2\r\n\"b\", 2 ,4\nd,0,7\n";
    for (const text of [rows, "job_id,submit_time,duration\n" + rows]) {
      const t = parseCsv(text, "w.csv");
      expect(Object.keys(t).sort()).toEqual(["arrivals", "durations", "estimates", "jobIds", "name", "taskOffsets"]);
      expect(list(t.arrivals)).toEqual([0, 2, 5, 5]);
      expect(list(t.taskOffsets)).toEqual([0, 1, 3, 5, 6]);
      expect(list(t.durations)).toEqual([7, 3, 4, 1, 2, 2]);
      expect(list(t.estimates)).toEqual([7, 3.5, 1.5, 2]);
      expect(t.jobIds).toEqual(["d", "b", "a", "c"]);
      expect(() => checkTraceV2(t)).not.toThrow();
    }
    // a first job whose id is a column name is still a v1 row
    const t = parseCsv("user,0,1\nstage,1,2\n", "w.csv");
    expect(t.jobIds).toEqual(["user", "stage"]);
    expect(list(t.durations)).toEqual([1, 2]);
  });

  it("reads a 200,000-task chain (children before parents) without deep recursion", () => {
    const n = 200_000;
    const rows = ["job_id,submit_time,duration,task_id,parents"];
    for (let k = n - 1; k >= 0; k--) rows.push(`j,0,1,t${k},${k > 0 ? `t${k - 1}` : ""}`);
    const t0 = performance.now();
    const t = parseCsv(rows.join("\n"), "chain.csv");
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(t.parents!.length).toBe(n - 1);
    expect(t.parents![0]).toBe(1); // task 0 is t199999, whose parent t199998 is task 1
    expect(t.parentOffsets![n]).toBe(n - 1);
    // closing the chain into one long cycle is reported, briefly
    rows[rows.length - 1] = `j,0,1,t0,t${n - 1}`;
    expect(errorOf(() => parseCsv(rows.join("\n"), "ring.csv"))).toBe(
      "ring.csv:2: field 5 (parents): cycle of 200000 tasks in job 'j': 't199999' has parent 't199998', " +
      "which has parent 't199997', which has parent 't199996', which has parent 199996 more tasks in turn, " +
      "the last of which has parent 't199999'");
  }, 30_000); // its own bound is 10 s of parsing (above); vitest's default 5 s cut it off on a loaded 2-core machine
});

describe("CSV v2 reader: bad input", () => {
  const HEADER = "job_id,submit_time,duration,task_id,estimate,stage,parents,demand[cpu;mem;disk;bw],class,priority,user";
  type Row = { job?: string; submit?: string; dur?: string; task?: string; est?: string; stage?: string;
    parents?: string; demand?: string; cls?: string; prio?: string; user?: string };
  const row = (r: Row) => [r.job ?? "j1", r.submit ?? "0", r.dur ?? "1", r.task ?? "a", r.est ?? "1", r.stage ?? "0",
    r.parents ?? "", r.demand ?? "1;1;1;1", r.cls ?? "c", r.prio ?? "0", r.user ?? "u"].join(",");
  const file = (...rows: Row[]) => [HEADER, ...rows.map(row)].join("\n") + "\n";

  const numeric = (field: number, name: string, key: keyof Row, prefix = "") => {
    const f = `field ${field} \\(${name.replace(/[[\]]/g, "\\$&")}\\)`;
    return [
      [`${key}: negative`, file({ [key]: "-1" }), new RegExp(`^e\\.csv:2: ${f}: ${prefix}'-1' is negative$`)],
      [`${key}: NaN`, file({ [key]: "NaN" }), new RegExp(`^e\\.csv:2: ${f}: ${prefix}'NaN' is not a number$`)],
      [`${key}: Infinity`, file({ [key]: "Infinity" }), new RegExp(`^e\\.csv:2: ${f}: ${prefix}'Infinity' is not a number$`)],
      [`${key}: overflow`, file({ [key]: "1e400" }), new RegExp(`^e\\.csv:2: ${f}: ${prefix}'1e400' is not finite$`)],
      [`${key}: non-numeric`, file({ [key]: "x1" }), new RegExp(`^e\\.csv:2: ${f}: ${prefix}'x1' is not a number$`)],
    ] as Array<[string, string, RegExp]>;
  };
  const numericValue = (v: string) => ({ demand: `1;${v};1;1` });

  const cases: Array<[string, string, RegExp | string]> = [
    ...numeric(2, "submit_time", "submit"),
    ...numeric(3, "duration", "dur"),
    ...numeric(5, "estimate", "est"),
    ...numeric(6, "stage", "stage"),
    ["demand: negative", file(numericValue("-1")), "e.csv:2: field 8 (demand[cpu;mem;disk;bw]): mem: '-1' is negative"],
    ["demand: NaN", file(numericValue("NaN")), "e.csv:2: field 8 (demand[cpu;mem;disk;bw]): mem: 'NaN' is not a number"],
    ["demand: Infinity", file(numericValue("Infinity")), "e.csv:2: field 8 (demand[cpu;mem;disk;bw]): mem: 'Infinity' is not a number"],
    ["demand: overflow", file(numericValue("1e400")), "e.csv:2: field 8 (demand[cpu;mem;disk;bw]): mem: '1e400' is not finite"],
    ["demand: non-numeric", file(numericValue("lots")), "e.csv:2: field 8 (demand[cpu;mem;disk;bw]): mem: 'lots' is not a number"],
    ["demand: empty value", file({ demand: "1;;1;1" }), "e.csv:2: field 8 (demand[cpu;mem;disk;bw]): mem: '' is not a number"],
    ["demand: too few values", file({}, { task: "b", demand: "1;2;3" }),
      "e.csv:3: field 8 (demand[cpu;mem;disk;bw]): 3 values, expected 4 (cpu;mem;disk;bw)"],
    ["demand: too many values", file({ demand: "1;2;3;4;5" }), "e.csv:2: field 8 (demand[cpu;mem;disk;bw]): 5 values, expected 4 (cpu;mem;disk;bw)"],
    ["demand: empty", file({ demand: "" }), "e.csv:2: field 8 (demand[cpu;mem;disk;bw]): 0 values, expected 4 (cpu;mem;disk;bw)"],
    ["priority: non-integer", file({ prio: "2.5" }), "e.csv:2: field 10 (priority): '2.5' is not an integer"],
    ["priority: NaN", file({ prio: "NaN" }), "e.csv:2: field 10 (priority): 'NaN' is not a number"],
    ["priority: Infinity", file({ prio: "-Infinity" }), "e.csv:2: field 10 (priority): '-Infinity' is not a number"],
    ["priority: overflow", file({ prio: "1e400" }), "e.csv:2: field 10 (priority): '1e400' is not finite"],
    ["priority: non-numeric", file({ prio: "high" }), "e.csv:2: field 10 (priority): 'high' is not a number"],
    ["priority: above 32 bits", file({ prio: "2147483648" }), "e.csv:2: field 10 (priority): '2147483648' is above 2147483647"],
    ["priority: below 32 bits", file({ prio: "-2147483649" }), "e.csv:2: field 10 (priority): '-2147483649' is below -2147483648"],
    ["stage: non-integer", file({ stage: "0.5" }), "e.csv:2: field 6 (stage): '0.5' is not an integer"],
    ["stage: above 32 bits", file({ stage: "3e9" }), "e.csv:2: field 6 (stage): '3e9' is above 2147483647"],
    ["empty task_id", file({ task: "" }), "e.csv:2: field 4 (task_id): empty"],
    ["task_id with ';'", file({ task: "a;b" }), "e.csv:2: field 4 (task_id): 'a;b' has a ';' or blanks at an end (parents could not name it)"],
    ["duplicate task_id in a job", file({}, { job: "j2" }, { stage: "1" }),
      "e.csv:4: field 4 (task_id): job 'j1' has task 'a' twice (first on line 2)"],
    ["empty class", file({ cls: "" }), "e.csv:2: field 9 (class): empty"],
    ["empty user", file({ user: "" }), "e.csv:2: field 11 (user): empty"],
    ["missing parent", file({ task: "a" }, { task: "b", parents: "a;zz" }),
      "e.csv:3: field 7 (parents): missing parent 'zz': job 'j1' has no task of that id"],
    ["parent in another job", file({ job: "j1", task: "a", parents: "x" }, { job: "j2", submit: "1", task: "x" }),
      "e.csv:2: field 7 (parents): parent 'x' is a task of job 'j2', not of job 'j1'"],
    ["duplicate parent", file({ task: "a" }, { task: "b", parents: "a; a" }), "e.csv:3: field 7 (parents): parent 'a' is listed twice"],
    ["empty parent item", file({ task: "a" }, { task: "b", parents: "a;" }), "e.csv:3: field 7 (parents): empty item in 'a;'"],
    ["self-parent", file({ task: "a" }, { task: "b", parents: "b" }),
      "e.csv:3: field 7 (parents): cycle of 1 task in job 'j1': 'b' has parent 'b'"],
    ["cycle (reported at its first task in the file)",
      file({ task: "d", parents: "b" }, { task: "c", parents: "a" }, { task: "b", parents: "c" }, { task: "a", parents: "b" }),
      "e.csv:3: field 7 (parents): cycle of 3 tasks in job 'j1': 'c' has parent 'a', which has parent 'b', which has parent 'c'"],
    ["disagreeing submit_time", file({}, { task: "b", submit: "0.5" }),
      "e.csv:3: field 2 (submit_time): job 'j1' has submit_time 0.5 here but 0 on line 2"],
    ["disagreeing class", file({ cls: "x" }, { task: "b", cls: "y" }), "e.csv:3: field 9 (class): job 'j1' has class 'y' here but 'x' on line 2"],
    ["disagreeing priority", file({ prio: "1" }, { job: "j2" }, { task: "b", prio: "2" }),
      "e.csv:4: field 10 (priority): job 'j1' has priority 2 here but 1 on line 2"],
    ["disagreeing user", file({ user: "ann" }, { task: "b", user: "bo" }), "e.csv:3: field 11 (user): job 'j1' has user 'bo' here but 'ann' on line 2"],
    ["empty job_id", file({ job: "" }), "e.csv:2: field 1 (job_id): empty"],
    ["wrong field count", file({}) + "j1,0,1,b\n", `e.csv:3: expected 11 fields (${HEADER}), found 4`],
    // header problems
    ["unknown column", "job_id,submit_time,duraton\nj,0,1\n",
      /^e\.csv:1: field 3 \(duraton\): unknown column \(the columns are job_id, submit_time, duration, task_id, estimate, stage, parents, demand\[NAME;\.\.\.\], class, priority, user\)$/],
    ["unknown column (letter case)", "Job_ID,Submit_Time,Duration\nj,0,1\n", /^e\.csv:1: field 1 \(Job_ID\): unknown column /],
    ["empty column name", "job_id,,submit_time,duration\nj,1,0,1\n", "e.csv:1: field 2 (): empty column name"],
    ["duplicate column", "job_id,submit_time,duration,stage,stage\nj,0,1,0,0\n", "e.csv:1: field 5 (stage): duplicate column (also field 4)"],
    ["duplicate demand column", "job_id,demand[cpu],submit_time,duration,demand[mem]\n",
      "e.csv:1: field 5 (demand[mem]): duplicate column (also field 2)"],
    ["missing required column", "\njob_id,duration,stage\nj,1,0\n", "e.csv:2: missing column 'submit_time' (required: job_id, submit_time, duration)"],
    ["parents without task_id", "job_id,submit_time,duration,parents\nj,0,1,\n",
      "e.csv:1: field 4 (parents): needs a task_id column (parents are named by task_id)"],
    ["demand without brackets", "job_id,submit_time,duration,demand\n",
      "e.csv:1: field 4 (demand): malformed demand column: declare its dimensions, e.g. demand[cpu;mem]"],
    ["demand with an open bracket", "job_id,submit_time,duration,demand[cpu\n", /^e\.csv:1: field 4 \(demand\[cpu\): malformed demand column/],
    ["demand with no names", "job_id,submit_time,duration,demand[]\n", "e.csv:1: field 4 (demand[]): dimension 1 has no name"],
    ["demand with an empty name", "job_id,submit_time,duration,demand[cpu;]\n", "e.csv:1: field 4 (demand[cpu;]): dimension 2 has no name"],
    ["demand with a repeated name", "job_id,submit_time,duration,demand[cpu;mem;cpu]\n",
      "e.csv:1: field 4 (demand[cpu;mem;cpu]): dimension 'cpu' is declared twice"],
    ["demand with a bad name", "job_id,submit_time,duration,demand[cpu;mem.gb]\n",
      "e.csv:1: field 4 (demand[cpu;mem.gb]): dimension name 'mem.gb' may only have letters, digits, _ and -"],
    ["header only", HEADER + "\n", "e.csv: no jobs (the file is empty or has only a header)"],
  ];
  for (const [what, text, expected] of cases) {
    it(`rejects: ${what}`, () => {
      const m = errorOf(() => parseCsv(text, "e.csv"));
      if (typeof expected === "string") expect(m).toBe(expected);
      else expect(m).toMatch(expected);
    });
  }

  it("names a long cycle by its first four tasks", () => {
    const rows: Row[] = [];
    for (let k = 0; k < 10; k++) rows.push({ task: `t${k}`, parents: `t${(k + 1) % 10}` });
    expect(errorOf(() => parseCsv(file(...rows), "e.csv"))).toBe(
      "e.csv:2: field 7 (parents): cycle of 10 tasks in job 'j1': 't0' has parent 't1', which has parent 't2', " +
      "which has parent 't3', which has parent 6 more tasks in turn, the last of which has parent 't0'");
  });
});

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
    ["bad dimension name", { demandNames: ["c p u"], demands: new Float64Array(5) }, "demandNames: 'c p u' may only have letters, digits, _ and -"],
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
