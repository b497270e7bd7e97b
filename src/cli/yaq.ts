// `aviary yaq-size`: Yaq's queue length for a target utilization (spec seed-yaq.md §2.1): Eq. (1)
// (Chernoff bound, with the validity caveat of §2.1.2), Eq. (2) (exact Erlang condition), and the
// corrected Proposition 2 utilization u(b) at each (§2.1.4). src/analysis/yaq.ts has the formulas.
import { Command, Option } from "commander";
import { InputError, showValue } from "../errors.js";
import { yaqSizing } from "../analysis/yaq.js";

function number(name: string, check: (v: number) => boolean, range: string) {
  return (raw: string): number => {
    const v = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(v) || !check(v)) {
      throw new InputError(`option --${name}: '${showValue(raw)}' is out of range: allowed ${range}`);
    }
    return v;
  };
}

export function addYaqSizeCommand(program: Command): void {
  program.command("yaq-size")
    .description("Yaq's worker queue length b for a target utilization: Eq. (1) (Chernoff), Eq. (2) (exact Erlang) and the corrected Prop. 2 utilization u(b) (docs/models/yaq.md)")
    .requiredOption("--slots <r>", "run slots per node r, integer >= 1", number("slots", (v) => Number.isInteger(v) && v >= 1 && v <= 1e6, "[1, 1000000] integer"))
    .requiredOption("--mean <s>", "mean task duration 1/μ (s, > 0)", number("mean", (v) => v > 0 && v <= 1e9, "(0, 1e9] s"))
    .requiredOption("--heartbeat <s>", "heartbeat interval τ (s, > 0)", number("heartbeat", (v) => v > 0 && v <= 1e9, "(0, 1e9] s"))
    .requiredOption("--target <u>", "target utilization u = 1 − δ, in (0, 1)", number("target", (v) => v > 0 && v < 1, "(0, 1)"))
    .addOption(new Option("--format <format>", "output format").choices(["table", "json"]).default("table"))
    .action((opts) => {
      const inp = { slots: opts.slots as number, mean: opts.mean as number, heartbeat: opts.heartbeat as number, target: opts.target as number };
      if (inp.slots * inp.heartbeat / inp.mean > 1e4) {
        throw new InputError(`rμτ = ${showValue(inp.slots * inp.heartbeat / inp.mean)} is out of range: allowed (0, 10000] (slots x heartbeat / mean)`);
      }
      const s = yaqSizing(inp);
      if (opts.format === "json") {
        process.stdout.write(JSON.stringify({ ...inp, rmt: s.a, eq1: { b: s.eq1, u: s.uEq1 }, eq2: { b: s.eq2, u: s.uEq2 } }) + "\n");
        return;
      }
      process.stdout.write(
        `r = ${inp.slots}, 1/μ = ${inp.mean} s, τ = ${inp.heartbeat} s: rμτ = ${+s.a.toFixed(6)}, target u = ${inp.target}\n` +
        `Eq. (2) exact Erlang:  b = ${s.eq2}   u(b) = ${s.uEq2.toFixed(4)} (corrected Prop. 2)\n` +
        `Eq. (1) Chernoff:      b = ${s.eq1}   u(b) = ${s.uEq1.toFixed(4)} (corrected Prop. 2)\n`);
    });
}
