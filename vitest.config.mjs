// Two projects, both run by `npm test`:
//  - node: every test/*.test.ts. The engine's JS build (build/engine-js) is loaded natively, not
//    through Vite's module transform: the transform turns every cross-module global (the
//    engine's columns) into a property read on a namespace object, which made the JS engine 6x
//    slower under test than in the CLI and pushed the differential tests past their time limits.
//  - browser: test/browser/*.test.ts inside a real Chromium (Vitest browser mode, Playwright
//    driving Debian's /usr/bin/chromium: nothing is downloaded), against values Node computes
//    in that project's global set-up. Without Chromium the project is left out and
//    test/web-env.test.ts says so (a warning and a skipped test; under CI=true, a failure).
import { defineConfig } from "vitest/config";
import { playwright } from "@vitest/browser-playwright";
import { chromiumPath } from "./test/setup/chromium.mjs";

const chromium = chromiumPath();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          sequence: { groupOrder: 0 },
          // Tests check results, not time (speed lives in bench/): Vitest's 5 s default failed
          // whole-trace and differential cases when the shared 2-core machine was loaded.
          testTimeout: 30_000,
          include: ["test/**/*.test.ts"],
          exclude: ["test/browser/**", "**/node_modules/**"],
          server: { deps: { external: [/\/build\/engine-js\//, /\/build\/test-engine\/engine-js\//] } },
          // The test engine: the project's schedulers plus test/policies/ and the example of
          // docs/adding-a-scheduler.md (rebuilt only when its sources change).
          globalSetup: ["test/setup/test-engine.ts"],
        },
      },
      ...(chromium ? [{
        test: {
          name: "browser",
          // After the node project, not beside it: Chromium would take a core from its timed tests.
          sequence: { groupOrder: 1 },
          include: ["test/browser/**/*.test.ts"],
          globalSetup: ["test/browser/expected.ts"],
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: chromium } }),
            instances: [{ browser: "chromium" }],
          },
        },
      }] : []),
    ],
  },
});
