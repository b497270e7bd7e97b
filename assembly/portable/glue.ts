// JS side of the portable glue: same exports as assembly/glue.ts, implemented with
// plain JavaScript operators. No globals are installed (ARCHITECTURE.md).

export function imul(a: i32, b: i32): i32 { return Math.imul(a, b); }
export function toI32(x: f64): i32 { return x | 0; }
export function u32ToF64(x: i32): f64 { return x >>> 0; }
export function ushr(x: i32, k: i32): i32 { return (x >>> k) | 0; }
export function toF64(x: i32): f64 { return x; }
/** High 32 bits of (a >>> 0) * (b >>> 0), exact for b < 2^24: two partial products below 2^53. */
export function mulHiU32(a: i32, b: i32): i32 {
  const ua = a >>> 0;
  if (b < 2097152) return Math.floor(ua * b / 4294967296) | 0; // the product is below 2^53
  const hi = (ua >>> 16) * b;          // < 2^40
  const lo = (ua & 0xffff) * b;        // < 2^40
  return Math.floor((hi + Math.floor(lo / 65536)) / 65536) | 0;
}
export function ctz32(x: i32): i32 { return x == 0 ? 32 : 31 - Math.clz32(x & -x); }
export function ltU32(a: i32, b: i32): bool { return (a >>> 0) < (b >>> 0); }
export function lemireThreshold(n: i32): i32 { return ((-n >>> 0) % n) | 0; }
export function sqrt64(x: f64): f64 { return Math.sqrt(x); }
export function halt(code: i32): void { throw new Error("aviary engine failure " + code); }
export function f64View(a: Int32Array): Float64Array { return new Float64Array(a.buffer, a.byteOffset, a.length >> 1); }
// Raw element access for hot loops (see assembly/glue.ts): here the "pointer" is the array.
export type F64Ptr = Float64Array;
export type I32Ptr = Int32Array;
export function f64Base(a: Float64Array): F64Ptr { return a; }
export function i32Base(a: Int32Array): I32Ptr { return a; }
export function f64Get(p: F64Ptr, i: i32): f64 { return p[i]; }
export function f64Set(p: F64Ptr, i: i32, v: f64): void { p[i] = v; }
export function i32Get(p: I32Ptr, i: i32): i32 { return p[i]; }
export function i32Set(p: I32Ptr, i: i32, v: i32): void { p[i] = v; }
export function i32PairCopy(p: I32Ptr, from: i32, to: i32): void { p[to] = p[from]; p[to + 1] = p[from + 1]; }
/** The Wasm build's note of a reused memory (see assembly/glue.ts); nothing to do here. */
export function noteReusedMemory(pages: i32): void {}
/** Wasm only (see assembly/glue.ts). */
export function heapTop(): f64 { return 0; }
/** (see assembly/glue.ts: a JS engine's arrays are its allocator's own fresh memory) */
export function onReusedMemory(): bool { return false; }
/** An Int32Array of `len` zeros (see assembly/glue.ts: here the allocator's own fresh memory). */
export function freshInt32Array(len: i32): Int32Array { return new Int32Array(len); }
/** A Float64Array of `len` zeros (see assembly/glue.ts freshFloat64Array). */
export function freshFloat64Array(len: i32): Float64Array { return new Float64Array(len); }
/** Copies elements [from, to) of `src` to the same indices of `dst`. */
export function copyInt32Range(dst: Int32Array, src: Int32Array, from: i32, to: i32): void { dst.set(src.subarray(from, to), from); }
/** JS engines give no say over addresses: a plain array (see assembly/glue.ts). */
export function alignedInt32Array(len: i32, align: i32): Int32Array { return new Int32Array(len); }
/** (see assembly/glue.ts alignedFreshInt32Array) */
export function alignedFreshInt32Array(len: i32, align: i32): Int32Array { return new Int32Array(len); }
/** Whether `a` and `b` are instances of the very same class (see assembly/glue.ts). */
export function sameClass(a: Object, b: Object): bool { return Object.getPrototypeOf(a) === Object.getPrototypeOf(b); }
