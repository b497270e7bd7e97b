#!/usr/bin/env node
// Entry point of the `aviary` command (compiled sources live in dist/).
import { startEarlyFeed } from "../dist/src/trace/feed-start.js";

// `aviary run --trace FILE` with a large `.tr` file: its reader thread starts now, counting the
// file while the program's modules load (the run takes the thread over, or stops it).
startEarlyFeed(process.argv);
const { main } = await import("../dist/src/cli/main.js");

main(process.argv).then((code) => {
  process.exitCode = code;
  // `aviary run` leaves nothing behind that must finish (its trace reader's thread is stopped):
  // once its output is flushed the process ends, without tearing down the engine and its memory
  // first. (Other commands may keep running: `aviary serve` serves until stopped.)
  if (process.argv[2] === "run") {
    process.stderr.write("", () => process.stdout.write("", () => process.exit(code)));
  }
});
