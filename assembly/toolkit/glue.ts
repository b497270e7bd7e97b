// The build-specific integer and memory helpers a policy may use: assembly/glue.ts in the Wasm
// build, assembly/portable/glue.ts in the JS build (scripts/build.mjs swaps them), with the same
// integer semantics in both. Policies and the toolkit take them from here; the engine's own
// bookkeeping (halt, a reused memory, the heap top) stays behind the wall.
export {
  imul, toI32, u32ToF64, ushr, mulHiU32, ltU32, lemireThreshold, ctz32, toF64, sqrt64,
  f64View, f64Base, i32Base, f64Get, f64Set, i32Get, i32Set, i32PairCopy,
  freshInt32Array, copyInt32Range, alignedInt32Array,
} from "../glue";
// (The type aliases in a statement of their own: asc 0.28 did not finish compiling with them in
// the list above.)
export { F64Ptr, I32Ptr } from "../glue";
