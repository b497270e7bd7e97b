// The engine's JS build, which exists only after the build's engine step: the browser bundles
// reach it through these names, which scripts/build.mjs aliases (esbuild) to
// build/engine-js/instance.js and build/engine-js/toolkit/rng.js.
declare module "aviary-engine-js" {
  /** Evaluates the JS engine afresh: an instance with state of its own (src/engine/js.ts). */
  export function instantiate(): Record<string, any>;
}
declare module "aviary-engine-rng" {
  /** The engine's random generator (assembly/rng.ts), for the workload generators. */
  export class Rng {
    constructor(seed: number, stream: number);
    nextFloat(): number;
    nextInt(n: number): number;
  }
  export const STREAM_ARRIVALS: number;
  export const STREAM_TASKS: number;
}
