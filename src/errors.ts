/** Shows control characters, DEL, C1 controls and U+2028/9 as escapes (`\\xHH`, `\\uHHHH`): text
 *  quoted in a message stays on one line, whatever it held. */
export function escapeControls(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (ch) => {
    const c = ch.charCodeAt(0);
    return c <= 0xff ? `\\x${c.toString(16).padStart(2, "0")}` : `\\u${c.toString(16).padStart(4, "0")}`;
  });
}

/** Any value from a user's file or option as it may appear in a message: one line, at most
 *  `max` characters, never throwing (an object whose toString throws, a cyclic one). Strings are
 *  shown as they are (escaped); other values as JSON. */
export function showValue(v: unknown, max = 80): string {
  let text: string;
  if (typeof v === "string") text = v;
  else if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint" || v === undefined || v === null) text = String(v);
  else {
    try {
      text = JSON.stringify(v) ?? typeof v;
    } catch {
      text = Array.isArray(v) ? "an array" : `a ${typeof v}`;
    }
  }
  text = escapeControls(text);
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/** An error in what the user gave us (file, parameter, option). The CLI prints its
 *  message alone (no stack trace) and exits non-zero. The message is one line: any line break
 *  or control character a quoted value brought in is shown escaped. */
export class InputError extends Error {
  constructor(message: string) {
    super(escapeControls(message));
    this.name = "InputError";
  }
}
/** A run that cannot fit in the memory it may use (the --max-memory bound, or the engine's own
 *  memory running out): reported like bad input, one line and exit 2. */
export class ResourceError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = "ResourceError";
  }
}
