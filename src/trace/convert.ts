// Converters from public cluster traces with DAGs and demands to trace schema v2 (issue #20;
// field by field in docs/trace-formats.md#converters). Both read headerless CSV (no quoting:
// the tables have none) and report a malformed row by file and line, in one line.
//
// Alibaba cluster-trace-v2018 `batch_task.csv`: task_name, instance_num, job_name, task_type,
// status, start_time, end_time, plan_cpu, plan_mem (9 fields, times in seconds).
//  - A row is a task (a stage) of job `job_name`; only `Terminated` rows are kept (others are
//    counted and skipped). Its `instance_num` instances become that many tasks `NAME#i` of
//    duration end_time - start_time; the job's submission is its earliest start_time, shifted so
//    that the trace's first job is at 0.
//  - DAG from the name: `<letters><id>(_<parent id>)*`, e.g. M1, R2_1, J5_3_4 (task 5 after tasks
//    3 and 4 of the same job); every instance of a task waits for every instance of each parent
//    (a stage barrier). `task_<text>` names are independent tasks. Another name is an error. A
//    parent id the job does not have is dropped (counted); a cycle is an error.
//  - Demands: cpu = plan_cpu / 100 / 96 (cores of a 96-core machine, as a fraction), mem =
//    plan_mem / 100 (normalised to the largest machine): fractions of a machine, so the default
//    unit cluster (capacity 1) holds any task.
// Google cluster-data 2011 `task_events`: timestamp (µs), missing info, job ID, task index,
// machine ID, event type, user, scheduling class, priority, CPU request, memory request, disk
// space request, different-machine restriction (13 fields).
//  - Per (job, task index): the first SUBMIT (0) time, the first SCHEDULE (1) as start, the last
//    FINISH (4) as end; only tasks that have a SCHEDULE and a FINISH after it are kept. Requests:
//    the last non-empty value seen. Submission of a job = its earliest kept task's SUBMIT (or
//    start), shifted so that the first job is at 0; duration = end - start.
//  - DAG (§3.3): tasks in start order; a task's parent is the kept task of its job that ended at
//    or before its start and latest (ties: the lower index) among those with fewer than 5 levels
//    and 15 children; up to `maxParents` - 1 more such tasks by latest end give fan-in.
//  - Demands: cpu, mem, disk as the trace's normalised requests (fractions of the largest machine).
import { DagTraceBuilder } from "./columns.js";
import { InputError, showValue } from "../errors.js";
import type { Trace } from "./types.js";

/** The most instances one row may expand to: each instance is a task of the converted trace, so a
 *  corrupt count (2e9) would exhaust the heap before any message. */
const MAX_INSTANCES = 10_000_000;

export interface ConvertReport { trace: Trace; rows: number; skipped: number; dropped: number; note: string }

function lines(text: string): string[] {
  const ls = text.split("\n");
  if (ls.length > 0 && ls[ls.length - 1] === "") ls.pop();
  return ls.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
}

function numberAt(file: string, line: number, fields: string[], i: number, name: string, allowEmpty = false): number {
  const raw = fields[i].trim();
  if (raw === "" && allowEmpty) return NaN;
  const v = Number(raw);
  if (raw === "" || !Number.isFinite(v)) throw new InputError(`${file}:${line}: field ${i + 1} (${name}): '${showValue(raw)}' is not a number`);
  return v;
}

interface ProtoTask { id: string; dur: number; parents: string[]; demand: number[] }
interface ProtoJob { id: string; submit: number; tasks: ProtoTask[] }

/** Topological check and the columns of a trace from jobs whose tasks name their parents. */
function buildTrace(name: string, file: string, jobs: ProtoJob[], dims: string[]): Trace {
  jobs.sort((a, b) => a.submit - b.submit || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const t0 = jobs.length ? jobs[0].submit : 0;
  const out = new DagTraceBuilder(dims);
  for (const j of jobs) {
    const first = out.tasks;
    const index = new Map(j.tasks.map((t, i) => [t.id, i]));
    // Cycle check (Kahn).
    const indeg = j.tasks.map((t) => t.parents.length);
    const kids: number[][] = j.tasks.map(() => []);
    j.tasks.forEach((t, i) => { for (const p of t.parents) kids[index.get(p)!].push(i); });
    const queue = indeg.flatMap((d, i) => (d === 0 ? [i] : []));
    let seen = 0;
    while (queue.length) {
      const i = queue.pop()!;
      seen++;
      for (const c of kids[i]) if (--indeg[c] === 0) queue.push(c);
    }
    if (seen !== j.tasks.length) throw new InputError(`${file}: job '${j.id}' has a dependency cycle among its tasks`);
    for (const t of j.tasks) {
      for (const p of t.parents) out.addParent(first + index.get(p)!);
      out.addTask(t.dur, t.demand, t.id);
    }
    out.endJob(Math.round((j.submit - t0) * 1e6) / 1e6, j.id);
  }
  return out.build(name);
}

const ALIBABA_NAME = /^[A-Za-z]+(\d+)((?:_\d+)*)$/;

export function convertAlibaba2018(text: string, file: string): ConvertReport {
  const rows = lines(text);
  const jobs = new Map<string, ProtoJob>();
  const stages = new Map<string, { line: number; id: number; parents: number[]; n: number; dur: number; cpu: number; mem: number; start: number }[]>();
  let skipped = 0;
  rows.forEach((row, i) => {
    const line = i + 1;
    if (row.trim() === "") throw new InputError(`${file}:${line}: empty row (expected 9 fields: task_name,instance_num,job_name,task_type,status,start_time,end_time,plan_cpu,plan_mem)`);
    const f = row.split(",");
    if (f.length !== 9) throw new InputError(`${file}:${line}: expected 9 fields (task_name,instance_num,job_name,task_type,status,start_time,end_time,plan_cpu,plan_mem), found ${f.length}`);
    const [taskName, , jobName, , status] = f.map((x) => x.trim());
    if (jobName === "") throw new InputError(`${file}:${line}: field 3 (job_name) is empty`);
    let id: number;
    let ps: number[] = [];
    const m = ALIBABA_NAME.exec(taskName);
    if (m) {
      id = Number(m[1]);
      ps = m[2] === "" ? [] : m[2].slice(1).split("_").map(Number);
    } else if (/^task_[A-Za-z0-9+/=_-]+$/.test(taskName)) {
      id = -1; // an independent task
    } else {
      throw new InputError(`${file}:${line}: field 1 (task_name): '${showValue(taskName)}' is not a task name of the form M1, R2_1, J5_3_4 or task_<id>`);
    }
    const n = numberAt(file, line, f, 1, "instance_num");
    if (!(Number.isInteger(n) && n >= 1 && n <= MAX_INSTANCES)) {
      throw new InputError(`${file}:${line}: field 2 (instance_num): '${showValue(f[1])}' is not an integer in [1, ${MAX_INSTANCES}]`);
    }
    const start = numberAt(file, line, f, 5, "start_time");
    const end = numberAt(file, line, f, 6, "end_time");
    const cpu = numberAt(file, line, f, 7, "plan_cpu", true);
    const mem = numberAt(file, line, f, 8, "plan_mem", true);
    if (status !== "Terminated") { skipped++; return; }
    if (end < start) throw new InputError(`${file}:${line}: end_time ${end} is before start_time ${start}`);
    if (cpu < 0 || mem < 0) throw new InputError(`${file}:${line}: plan_cpu and plan_mem must be >= 0`);
    const list = stages.get(jobName) ?? [];
    if (id >= 0 && list.some((s) => s.id === id)) throw new InputError(`${file}:${line}: job '${jobName}' has task ${id} twice (line ${list.find((s) => s.id === id)!.line})`);
    list.push({ line, id: id >= 0 ? id : -line, parents: ps, n, dur: end - start, cpu: Number.isNaN(cpu) ? 0 : cpu, mem: Number.isNaN(mem) ? 0 : mem, start });
    stages.set(jobName, list);
  });
  let dropped = 0;
  for (const [jobName, list] of stages) {
    const ids = new Set(list.map((s) => s.id));
    const tasks: ProtoTask[] = [];
    const label = (s: { id: number }, i: number) => `${s.id >= 0 ? s.id : `task${-s.id}`}#${i}`;
    for (const s of list) {
      const keep = s.parents.filter((p) => ids.has(p));
      dropped += s.parents.length - keep.length;
      const pnames: string[] = [];
      for (const p of keep) {
        const ps = list.find((x) => x.id === p)!;
        for (let i = 0; i < ps.n; i++) pnames.push(label(ps, i));
      }
      for (let i = 0; i < s.n; i++) {
        tasks.push({ id: label(s, i), dur: s.dur, parents: pnames, demand: [round9(s.cpu / 100 / 96), round9(s.mem / 100)] });
      }
    }
    jobs.set(jobName, { id: jobName, submit: Math.min(...list.map((s) => s.start)), tasks });
  }
  const trace = buildTrace(file, file, [...jobs.values()], ["cpu", "mem"]);
  return { trace, rows: rows.length, skipped, dropped, note: `${skipped} rows not Terminated skipped, ${dropped} parent references to tasks not in their job dropped` };
}

const round9 = (x: number) => Math.round(x * 1e9) / 1e9;

export function convertGoogle2011(text: string, file: string, maxParents = 1): ConvertReport {
  const rows = lines(text);
  interface G { submit: number; start: number; end: number; cpu: number; mem: number; disk: number }
  const tasks = new Map<string, Map<number, G>>();
  rows.forEach((row, i) => {
    const line = i + 1;
    const f = row.split(",");
    if (f.length !== 13) throw new InputError(`${file}:${line}: expected 13 fields (timestamp,missing_info,job_id,task_index,machine_id,event_type,user,scheduling_class,priority,cpu_request,memory_request,disk_request,different_machine), found ${f.length}`);
    const time = numberAt(file, line, f, 0, "timestamp") / 1e6;
    const job = f[2].trim();
    if (job === "") throw new InputError(`${file}:${line}: field 3 (job_id) is empty`);
    const index = numberAt(file, line, f, 3, "task_index");
    const type = numberAt(file, line, f, 5, "event_type");
    if (!(Number.isInteger(type) && type >= 0 && type <= 8)) throw new InputError(`${file}:${line}: field 6 (event_type): '${showValue(f[5])}' is not an event type 0..8`);
    const cpu = numberAt(file, line, f, 9, "cpu_request", true);
    const mem = numberAt(file, line, f, 10, "memory_request", true);
    const disk = numberAt(file, line, f, 11, "disk_request", true);
    const m = tasks.get(job) ?? new Map<number, G>();
    tasks.set(job, m);
    const g = m.get(index) ?? { submit: NaN, start: NaN, end: NaN, cpu: 0, mem: 0, disk: 0 };
    m.set(index, g);
    if (type === 0 && Number.isNaN(g.submit)) g.submit = time;
    if (type === 1 && Number.isNaN(g.start)) g.start = time;
    if (type === 4) g.end = time;
    if (!Number.isNaN(cpu)) g.cpu = cpu;
    if (!Number.isNaN(mem)) g.mem = mem;
    if (!Number.isNaN(disk)) g.disk = disk;
  });
  const jobs: ProtoJob[] = [];
  let skipped = 0;
  for (const [job, m] of tasks) {
    const kept = [...m.entries()].filter(([, g]) => !Number.isNaN(g.start) && !Number.isNaN(g.end) && g.end >= g.start)
      .sort((a, b) => a[1].start - b[1].start || a[0] - b[0]);
    skipped += m.size - kept.length;
    if (kept.length === 0) continue;
    const level = new Int32Array(kept.length).fill(1);
    const kids = new Int32Array(kept.length);
    const proto: ProtoTask[] = [];
    kept.forEach(([index, g], b) => {
      const cands: number[] = [];
      for (let a = 0; a < b; a++) if (kept[a][1].end <= g.start && level[a] < 5 && kids[a] < 15) cands.push(a);
      cands.sort((x, y) => kept[y][1].end - kept[x][1].end || kept[x][0] - kept[y][0]);
      const ps = cands.slice(0, maxParents);
      for (const a of ps) { kids[a]++; level[b] = Math.max(level[b], level[a] + 1); }
      proto.push({ id: String(index), dur: Math.round((g.end - g.start) * 1e6) / 1e6, parents: ps.map((a) => String(kept[a][0])),
        demand: [g.cpu, g.mem, g.disk] });
    });
    const submit = Math.min(...kept.map(([, g]) => (Number.isNaN(g.submit) ? g.start : g.submit)));
    jobs.push({ id: job, submit, tasks: proto });
  }
  const trace = buildTrace(file, file, jobs, ["cpu", "mem", "disk"]);
  return { trace, rows: rows.length, skipped, dropped: 0, note: `${skipped} tasks without a SCHEDULE and a later FINISH skipped` };
}
