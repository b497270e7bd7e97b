// `aviary engine build CATALOGUE -o DIR`: the installed package's engine plus the policies of a
// catalogue of one's own, compiled into DIR (src/engine/build.ts); `aviary run/compare
// --engine-dir DIR` run them (src/engine/dir.ts).
import type { Command } from "commander";
import { buildEngine } from "../engine/build.js";
import { SCHEDULERS } from "../config/schedulers.js";

export function addEngineCommands(program: Command): void {
  const engine = program.command("engine").description("engines with schedulers of your own (docs/adding-a-scheduler.md)");
  engine.command("build")
    .description("compile aviary's engine plus the AssemblyScript policies your catalogue describes into a folder "
      + "(Wasm and JS engines); run them with aviary run --engine-dir DIR. Needs assemblyscript, typescript and esbuild installed")
    .argument("<catalogue>", "your module (.js/.mjs) exporting SCHEDULERS: descriptions as in src/config/schedulers.ts, each with engine.file, its policy file")
    .requiredOption("-o, --out <dir>", "the engine folder to write (created if missing)")
    .action(async (catalogue: string, opts: { out: string }) => {
      const t0 = Date.now();
      const log = (line: string) => process.stderr.write(`engine build: ${line}\n`);
      const m = await buildEngine({ catalogue, out: opts.out, log });
      const own = m.schedulers.slice(SCHEDULERS.length);
      process.stderr.write(`built ${opts.out} (engine build ${m.build}) in ${((Date.now() - t0) / 1000).toFixed(1)} s: `
        + `${own.join(", ")} beside aviary's schedulers; run with aviary run --engine-dir ${opts.out} --scheduler ${own[0]}\n`);
    });
}
