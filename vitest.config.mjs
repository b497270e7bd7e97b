// The engine's JS build (build/engine-js) is loaded natively, not through Vite's module
// transform: the transform turns every cross-module global (the engine's columns) into a
// property read on a namespace object, which made the JS engine 6x slower under test than
// in the CLI and pushed the differential tests past their time limits.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    server: { deps: { external: [/\/build\/engine-js\//, /\/build\/test-engine\/engine-js\//] } },
    // The test engine: the project's schedulers plus test/policies/ and the example of
    // docs/adding-a-scheduler.md (rebuilt only when its sources change).
    globalSetup: ["test/setup/test-engine.ts"],
  },
});
