// JS side of the portable glue: same exports as assembly/glue.ts, implemented with
// plain JavaScript operators. No globals are installed (ARCHITECTURE.md).

export function imul(a: i32, b: i32): i32 { return Math.imul(a, b); }
export function toI32(x: f64): i32 { return x | 0; }
export function u32ToF64(x: i32): f64 { return x >>> 0; }
export function ushr(x: i32, k: i32): i32 { return (x >>> k) | 0; }
export function toF64(x: i32): f64 { return x; }
export function sqrt64(x: f64): f64 { return Math.sqrt(x); }
export function fail(code: i32): void { throw new Error("aviary engine invariant " + code); }
export function f64View(a: Int32Array): Float64Array { return new Float64Array(a.buffer, a.byteOffset, a.length >> 1); }
