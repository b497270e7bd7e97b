// Whether the browser suites run: they need Chromium (test/setup/chromium.mjs). Without it they
// are skipped, and this says so — a warning and a skipped test — except under CI (CI=true),
// where a missing Chromium fails here (.ci/run installs it).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { CHROMIUM, MISSING_MESSAGE, chromiumPath } from "./setup/chromium.mjs";

describe("browser suites (test/browser/, test/web-page.test.ts)", () => {
  const path = chromiumPath();
  if (path === undefined && process.env.CI === "true") {
    it("have Chromium under CI", () => {
      throw new Error(`CI: ${MISSING_MESSAGE.replace("are skipped", "cannot run")}`);
    });
  } else if (path === undefined) {
    console.warn(`WARNING: ${MISSING_MESSAGE}`);
    it.skip(MISSING_MESSAGE, () => {});
  } else {
    it(`run in Chromium at ${CHROMIUM}`, () => {
      const r = spawnSync(path, ["--version"], { encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/Chrom(e|ium) \d+/);
    });
  }
});
