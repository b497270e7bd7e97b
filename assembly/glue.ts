// Wasm side of the portable glue (seed: ARCHITECTURE.md "Portability rules").
// The JS build swaps this file for assembly/portable/glue.ts; both export the same
// functions with the same integer semantics, so engine sources never use an
// AssemblyScript-only builtin directly.

import { OBJECT, TOTAL_OVERHEAD } from "~lib/rt/common";

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

/** The high 32 bits of the 64-bit product of two unsigned 32-bit values (b < 2^24). */
// @ts-ignore: decorator
@inline export function mulHiU32(a: i32, b: i32): i32 { return <i32>((<u64><u32>a * <u64><u32>b) >>> 32); }

/** Unsigned 32-bit comparison a < b. */
// @ts-ignore: decorator
@inline export function ltU32(a: i32, b: i32): bool { return <u32>a < <u32>b; }

/** (2^32 - n) mod n for 1 <= n < 2^31: the rejection threshold of Lemire's bounded draw. */
// @ts-ignore: decorator
@inline export function lemireThreshold(n: i32): i32 { return <i32>(<u32>(-n) % <u32>n); }

/** Trailing zero bits of x (32 for 0). */
// @ts-ignore: decorator
@inline export function ctz32(x: i32): i32 { return ctz<i32>(x); }

/** i32 -> f64 (implicit in Wasm, identity in JS). */
// @ts-ignore: decorator
@inline export function toF64(x: i32): f64 { return <f64>x; }

/** Square root: a single correctly rounded IEEE operation in both builds. */
// @ts-ignore: decorator
@inline export function sqrt64(x: f64): f64 { return Math.sqrt(x); }

/** Stops the run (errors.ts `fail` records the code first); never returns normally. */
export function halt(code: i32): void { abort("aviary engine failure " + code.toString(), null, 0, 0); }

/** A Float64Array over the same memory as `a` (which starts 8-byte aligned). */
export function f64View(a: Int32Array): Float64Array { return Float64Array.wrap(a.buffer, a.byteOffset, a.length >> 1); }

// Raw element access for hot loops. V8 reloads a typed array's data pointer after every store
// to memory (the store might have changed it), which puts an extra load on the dependent chain
// of each access; a loop that takes the pointer once (f64Base/i32Base) and indexes through
// these functions does not. In the JS build a "pointer" is the typed array itself.
export type F64Ptr = usize;
export type I32Ptr = usize;
// @ts-ignore: decorator
@inline export function f64Base(a: Float64Array): F64Ptr { return a.dataStart; }
// @ts-ignore: decorator
@inline export function i32Base(a: Int32Array): I32Ptr { return a.dataStart; }
// @ts-ignore: decorator
@inline export function f64Get(p: F64Ptr, i: i32): f64 { return load<f64>(p + (<usize>i << 3)); }
// @ts-ignore: decorator
@inline export function f64Set(p: F64Ptr, i: i32, v: f64): void { store<f64>(p + (<usize>i << 3), v); }
// @ts-ignore: decorator
@inline export function i32Get(p: I32Ptr, i: i32): i32 { return load<i32>(p + (<usize>i << 2)); }
// @ts-ignore: decorator
@inline export function i32Set(p: I32Ptr, i: i32, v: i32): void { store<i32>(p + (<usize>i << 2), v); }
/** Copies elements `from`, `from + 1` to `to`, `to + 1` (both even: one 8-byte move here). */
// @ts-ignore: decorator
@inline export function i32PairCopy(p: I32Ptr, from: i32, to: i32): void {
  store<i64>(p + (<usize>to << 2), load<i64>(p + (<usize>from << 2)));
}

/** Memory below this address may hold an earlier run's bytes: the host gave this instance the
 *  memory of a finished run (src/engine/wasm.ts; noteReusedMemory, called before setup). */
let dirtyTop: usize = 0;

/** This instance's memory was another (finished) run's, `pages` 64 KB pages of it possibly
 *  written. */
export function noteReusedMemory(pages: i32): void { dirtyTop = <usize><u32>pages << 16; }

/** Whether this instance runs on an earlier run's memory (noteReusedMemory): then an
 *  allocation below dirtyTop is filled, however little of it is used. */
export function onReusedMemory(): bool { return dirtyTop > 0; }

/** Bytes of linear memory the run's allocations reach (the stub's bump pointer). */
export function heapTop(): f64 { return <f64>__alloc(0); }

/** An Int32Array of `len` zeros, not zero-filled where it need not be: its buffer is memory the
 *  stub runtime never handed out before (the engine never frees: the stub's bump pointer only
 *  rises), which is zero unless an earlier run wrote it (below dirtyTop: filled). So its pages
 *  are first touched when used, and those never used are never touched, where
 *  `new Int32Array(len)` fills (touches) all of them at once. Not for module start-up code
 *  (dirtyTop is set after it).
 *
 *  The engine's memory cost model, which every "fewer fresh pages" comment refers to: the first
 *  touch of a page the process never used is a page fault — the kernel zeroes and maps the page
 *  — which costs far more than the cache misses of the bytes it holds (on a VM even more than
 *  on bare metal); at full size such faults are a visible part of a run. So a column that is
 *  allocated and not read is not written, a staging area is reused rather than a column
 *  allocated, and memory a finished run touched is reused by the next (reuseMemory).
 *  docs/perf-log.md has the measured figures. */
export function freshInt32Array(len: i32): Int32Array { return Int32Array.wrap(freshBuffer(<usize>len << 2), 0, len); }

/** A Float64Array of `len` zeros, not zero-filled where it need not be (as freshInt32Array). */
export function freshFloat64Array(len: i32): Float64Array { return Float64Array.wrap(freshBuffer(<usize>len << 3), 0, len); }

/** `bytes` zero bytes of memory the stub runtime never handed out before, filled only below
 *  dirtyTop (freshInt32Array). */
function freshBuffer(bytes: usize): ArrayBuffer {
  const buf = changetype<ArrayBuffer>(__new(bytes, idof<ArrayBuffer>()));
  const start = changetype<usize>(buf);
  if (start < dirtyTop) memory.fill(start, 0, min(bytes, dirtyTop - start));
  return buf;
}

/** Copies elements [from, to) of `src` to the same indices of `dst`. */
export function copyInt32Range(dst: Int32Array, src: Int32Array, from: i32, to: i32): void {
  memory.copy(dst.dataStart + (<usize>from << 2), src.dataStart + (<usize>from << 2), <usize>(to - from) << 2);
}

/** An Int32Array of `len` elements whose data starts on a multiple of `align` bytes (a power
 *  of two; e.g. a cache line, so that records never straddle lines). */
export function alignedInt32Array(len: i32, align: i32): Int32Array {
  const a = new Int32Array(len + (align >> 2));
  const mis = <i32>(a.dataStart & <usize>(align - 1));
  return Int32Array.wrap(a.buffer, a.byteOffset + (mis == 0 ? 0 : align - mis), len);
}

/** alignedInt32Array of zeros not zero-filled where it need not be (freshInt32Array). */
export function alignedFreshInt32Array(len: i32, align: i32): Int32Array {
  const a = freshInt32Array(len + (align >> 2));
  const mis = <i32>(a.dataStart & <usize>(align - 1));
  return Int32Array.wrap(a.buffer, a.byteOffset + (mis == 0 ? 0 : align - mis), len);
}

/** Whether `a` and `b` are instances of the very same class (a subclass is another class): the
 *  runtime type id in each object's header. */
export function sameClass(a: Object, b: Object): bool {
  return changetype<OBJECT>(changetype<usize>(a) - TOTAL_OVERHEAD).rtId == changetype<OBJECT>(changetype<usize>(b) - TOTAL_OVERHEAD).rtId;
}
