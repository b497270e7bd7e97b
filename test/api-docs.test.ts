// The API reference (TypeDoc over the Node entry src/index.ts and the browser entry
// web/aviary.ts; typedoc.json): every export documented, every {@link} resolved. TypeDoc's
// validation warnings are errors here (treatValidationWarningsAsErrors), so an export without a
// doc comment fails this test, naming it. `npm run docs:api` writes the HTML to docs/api/.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("API reference", () => {
  it("documents every export of both entries (TypeDoc's notDocumented check)", () => {
    const r = spawnSync(process.execPath, [join(ROOT, "node_modules/typedoc/bin/typedoc"), "--emit", "none"],
      { cwd: ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
    const warnings = `${r.stdout}${r.stderr}`.split("\n").filter((l) => /warning|error/i.test(l) && !/Found 0 errors and 0 warnings/.test(l));
    expect(warnings, warnings.join("\n")).toEqual([]);
    expect(r.status).toBe(0);
  }, 180_000);
});
