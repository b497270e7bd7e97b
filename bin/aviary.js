#!/usr/bin/env node
// Entry point of the `aviary` command (compiled sources live in dist/).
import { statSync } from "node:fs";
import { startEarlyFeed } from "../dist/src/trace/feed-start.js";

// `aviary run --trace FILE` with a large `.tr` file: its reader thread starts now, counting the
// file while the program's modules load (the run takes the thread over, or stops it).
startEarlyFeed(process.argv);
// The CLI as one module (`npm run build` makes it: scripts/build.mjs cliBundle), unless it is
// missing or older than the compiled modules (dist/ compiled again by tsc alone): then the
// modules one by one.
const { main } = await import(cliModule());

function cliModule() {
  const modules = new URL("../dist/src/cli/main.js", import.meta.url);
  const bundle = new URL("../dist/src/cli/main.bundle.js", import.meta.url);
  const made = (u) => statSync(u, { throwIfNoEntry: false })?.mtimeMs ?? -1;
  return made(bundle) >= made(modules) ? bundle.href : modules.href;
}

main(process.argv).then((code) => {
  process.exitCode = code;
  // `aviary run` leaves nothing behind that must finish (its trace reader's thread is stopped):
  // once its output is flushed the process ends, without tearing down the engine and its memory
  // first. (Other commands may keep running: `aviary serve` serves until stopped.)
  if (process.argv[2] === "run") {
    process.stderr.write("", () => process.stdout.write("", () => process.exit(code)));
  }
});
