// The example policy of docs/adding-a-scheduler.md as the page shows it: its engine file (the ts
// block whose first line is `// assembly/schedulers/NAME.ts`) and its description (the ts block
// whose first line is `// src/config/schedulers.ts ...`, an object literal).
import type { SchedulerSpec } from "../../src/config/schedulers.js";

export interface DocExample {
  code: string;
  entry: SchedulerSpec;
}

export function docExample(markdown: string): DocExample {
  const blocks = [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  const code = blocks.find((b) => /^\/\/ assembly\/schedulers\/[\w-]+\.ts\n/.test(b));
  const desc = blocks.find((b) => b.startsWith("// src/config/schedulers.ts"));
  if (!code || !desc) throw new Error("docs/adding-a-scheduler.md: the engine file or the description block is missing");
  const literal = desc.split("\n").slice(1).join("\n").trim().replace(/,$/, "");
  const entry = new Function(`return (${literal});`)() as SchedulerSpec;
  const file = /^\/\/ assembly\/schedulers\/([\w-]+)\.ts/.exec(code)![1];
  if (entry.engine.module !== file) throw new Error(`docs/adding-a-scheduler.md: the description names module '${entry.engine.module}', the file is '${file}.ts'`);
  return { code, entry };
}
