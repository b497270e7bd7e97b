#!/usr/bin/env node
// Entry point of the `aviary` command (compiled sources live in dist/).
import { main } from "../dist/src/cli/main.js";

main(process.argv).then((code) => { process.exitCode = code; });
