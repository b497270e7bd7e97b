// Named workloads that `aviary run --workload NAME` generates in memory (no file needed).
// Each is a Poisson workload sized against the run's cluster so that `load` means the
// offered fraction of slot capacity.
import { InputError } from "./errors.js";

export interface WorkloadSpec {
  name: string;
  description: string;
  jobs: number;
  tasks: number;
  duration: string;
  load: number;
}

export const WORKLOADS: WorkloadSpec[] = [
  {
    name: "default", jobs: 20_000, tasks: 20, duration: "exp:1", load: 0.85,
    description: "the embedded main job: 20,000 Poisson jobs of 20 exp(1 s) tasks at 85% load",
  },
  {
    name: "mm1", jobs: 200_000, tasks: 1, duration: "exp:1", load: 0.8,
    description: "single-task jobs, exp(1 s) service, 80% load (each node under `random` is an M/M/1 queue)",
  },
  {
    name: "heavy-tail", jobs: 20_000, tasks: 20, duration: "pareto:1.5:1", load: 0.8,
    description: "20-task jobs with Pareto(alpha 1.5, mean 1 s) task durations at 80% load",
  },
];

export function findWorkload(name: string): WorkloadSpec {
  const w = WORKLOADS.find((x) => x.name === name);
  if (!w) throw new InputError(`unknown workload '${name}' (known: ${WORKLOADS.map((x) => x.name).join(", ")})`);
  return w;
}
