// Code blocks of a Markdown file, for the tests that run them (test/readme.test.ts in the clone,
// test/package.test.ts against the packed tarball).

export interface Block {
  lang: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The nearest `## ` heading above the block ("" before the first). */
  section: string;
}

/** Fenced code blocks (``` at the start of a line) in document order. */
export function codeBlocks(text: string, file: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  let section = "";
  for (let i = 0; i < lines.length; i++) {
    const heading = /^## (.*)$/.exec(lines[i]);
    if (heading) section = heading[1].trim();
    const open = /^```(.*)$/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    if (i >= lines.length) throw new Error(`${file}:${start + 1}: code block never closed`);
    blocks.push({ lang: open[1].trim(), body: body.join("\n"), line: start + 1, section });
  }
  return blocks;
}

/** The command lines of an sh block: comments and blank lines skipped, `\` continuations joined. */
export function commandLines(body: string): string[] {
  const out: string[] = [];
  let cur = "";
  for (const raw of body.split("\n")) {
    const line = raw.trimEnd();
    if (cur === "" && (line.trim() === "" || line.trim().startsWith("#"))) continue;
    if (line.endsWith("\\")) { cur += line.slice(0, -1) + " "; continue; }
    out.push((cur + line).trim());
    cur = "";
  }
  if (cur !== "") out.push(cur.trim());
  return out;
}

/** The README section whose blocks test/package.test.ts runs in a project that installed the
 *  packed tarball (test/readme.test.ts leaves them to it). */
export const PACKAGE_SECTION = "Use it in your project";
