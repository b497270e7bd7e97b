// Number formatting shared by the CLI's messages and reports.

/** An integer with its digits grouped by threes ("1,234,567"), as toLocaleString("en-US") writes
 *  it, without that call's first-use cost (it loads the ICU locale data, ~20 ms: paid at start-up
 *  when a module formats at load time). A number that is not an integer is left to
 *  toLocaleString. */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const s = String(Math.abs(n));
  let out = "";
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += ",";
    out += s[i];
  }
  return n < 0 || Object.is(n, -0) ? "-" + out : out;
}
