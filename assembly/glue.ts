// Wasm side of the portable glue (seed: ARCHITECTURE.md "Portability rules").
// The JS build swaps this file for assembly/portable/glue.ts; both export the same
// functions with the same integer semantics, so engine sources never use an
// AssemblyScript-only builtin directly.

/** 32-bit wrapping multiply. */
// @ts-ignore: decorator
@inline export function imul(a: i32, b: i32): i32 { return a * b; }

/** Truncates a finite f64 (within i32 range) toward zero. */
// @ts-ignore: decorator
@inline export function toI32(x: f64): i32 { return <i32>x; }

/** The unsigned value of a 32-bit pattern, as f64. */
// @ts-ignore: decorator
@inline export function u32ToF64(x: i32): f64 { return <f64><u32>x; }

/** Logical right shift that stays an i32 bit pattern in both builds. */
// @ts-ignore: decorator
@inline export function ushr(x: i32, k: i32): i32 { return x >>> k; }

/** i32 -> f64 (implicit in Wasm, identity in JS). */
// @ts-ignore: decorator
@inline export function toF64(x: i32): f64 { return <f64>x; }

/** Square root: a single correctly rounded IEEE operation in both builds. */
// @ts-ignore: decorator
@inline export function sqrt64(x: f64): f64 { return Math.sqrt(x); }

/** Reports a fatal engine error (an internal invariant broke); never returns normally. */
export function fail(code: i32): void { abort("aviary engine invariant " + code.toString(), null, 0, 0); }

/** A Float64Array over the same memory as `a` (which starts 8-byte aligned). */
export function f64View(a: Int32Array): Float64Array { return Float64Array.wrap(a.buffer, a.byteOffset, a.length >> 1); }
