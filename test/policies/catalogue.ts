// Descriptions of the test-only policies of ./mechanisms.ts (see src/config/schedulers.ts for the
// fields). test/setup/test-engine.ts builds them, with the example of docs/adding-a-scheduler.md,
// into an engine beside the project's.
import type { SchedulerSpec } from "../../src/config/schedulers.js";

const file = "mechanisms.ts";
const test = (name: string, factory: string, extra: Partial<SchedulerSpec>): SchedulerSpec => ({
  name, engine: { module: "mechanisms", factory, file }, binding: "early", doc: "test/policies/mechanisms.ts",
  source: "test policy", summary: `test policy ${name}`, params: [], ...extra,
});

export const TEST_POLICIES: SchedulerSpec[] = [
  test("test-preempt", "createPreemptByPriority", {
    preemptive: true,
    params: [{ name: "resumeCost", kind: "number", default: 0, unit: "s", min: 0, max: 1e6, description: "resume latency" }],
  }),
  test("test-watch", "createWatchStarts", {
    dag: true,
    params: [{ name: "deadline", kind: "number", default: 1, unit: "s", min: 0, max: 1e9, description: "deadline after submission" }],
  }),
  test("test-probe-las", "createProbeToLas", {}),
  test("test-newest-first", "createBindNewestFirst", {}),
];
