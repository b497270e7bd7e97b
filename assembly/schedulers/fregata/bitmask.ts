// Bit masks over a window's positions (window.ts `masks`): bit i of word i >> 5 is position i.
// A queue's masks are `count` masks of `words` words each, from word `o` of the array at
// `masks`; they move with the window's entries when one is inserted or removed.
import { i32Get, i32Set, ushr, I32Ptr } from "../../toolkit/glue";

/** Sets bit i of the word array at p. */
export function setBit(p: I32Ptr, i: i32): void { i32Set(p, i >> 5, i32Get(p, i >> 5) | (1 << (i & 31))); }

/** Positions below `w` in word k of a mask. */
// @ts-ignore: decorator
@inline export function validWord(k: i32, w: i32): i32 {
  const r = w - (k << 5);
  return r >= 32 ? -1 : r <= 0 ? 0 : ~(-1 << r);
}

/** Clears every mask's bit at position `pos` (the window's last entry leaves). */
export function clearPos(masks: I32Ptr, o: i32, count: i32, words: i32, pos: i32): void {
  const keep = ~(1 << (pos & 31));
  let x = o + (pos >> 5);
  for (let m = 0; m < count; m++) { i32Set(masks, x, i32Get(masks, x) & keep); x += words; }
}

/** Moves every mask's bits at positions >= `pos` up by one (an entry is inserted at pos: its
 *  bits are left clear). The top position is free (no bit beyond the window). */
export function insertPos(masks: I32Ptr, o: i32, count: i32, words: i32, pos: i32): void {
  const w0 = pos >> 5;
  const low = ~(-1 << (pos & 31));
  if (words == 1) {
    // (K <= 32, the default: one word per mask)
    for (let m = 0; m < count; m++) { const x = i32Get(masks, o + m); i32Set(masks, o + m, (x & low) | ((x & ~low) << 1)); }
    return;
  }
  for (let m = 0; m < count; m++) {
    for (let k = words - 1; k > w0; k--) i32Set(masks, o + k, (i32Get(masks, o + k) << 1) | ushr(i32Get(masks, o + k - 1), 31));
    const x = i32Get(masks, o + w0);
    i32Set(masks, o + w0, (x & low) | ((x & ~low) << 1));
    o += words;
  }
}

/** Removes position `pos` from every mask: the bits above move down by one. */
export function removePos(masks: I32Ptr, o: i32, count: i32, words: i32, pos: i32): void {
  const w0 = pos >> 5;
  const low = ~(-1 << (pos & 31));
  if (words == 1) {
    for (let m = 0; m < count; m++) { const x = i32Get(masks, o + m); i32Set(masks, o + m, (x & low) | (ushr(x, 1) & ~low)); }
    return;
  }
  for (let m = 0; m < count; m++) {
    const x = i32Get(masks, o + w0);
    let y = (x & low) | (ushr(x, 1) & ~low);
    for (let k = w0 + 1; k < words; k++) {
      const z = i32Get(masks, o + k);
      i32Set(masks, o + k - 1, y | (z << 31));
      y = ushr(z, 1);
    }
    i32Set(masks, o + words - 1, y);
    o += words;
  }
}
