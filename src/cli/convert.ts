// placeholder (filled below)
import type { Command } from "commander";
export function addConvertCommands(program: Command): void { void program; }
