// Where the browser tests find Chromium: $AVIARY_CHROMIUM, else Debian's /usr/bin/chromium
// (`apt-get install chromium`; .ci/run installs it when missing). Without it the browser suites
// are skipped with a message (test/web-env.test.ts), except under CI (CI=true), where that test
// fails: CI always runs them.
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.AVIARY_CHROMIUM || "/usr/bin/chromium";

/** Chromium's path, or undefined when it is not installed. */
export function chromiumPath() {
  return existsSync(CHROMIUM) ? CHROMIUM : undefined;
}

export const MISSING_MESSAGE = `Chromium not found at ${CHROMIUM} (apt-get install chromium, or set AVIARY_CHROMIUM): `
  + "the browser suites (test/browser/, test/web-page.test.ts) are skipped";
