// What the JS build of the engine provides besides the ES2022 library: AssemblyScript's type
// names, as plain JavaScript numbers and booleans, and nothing else. The JS build is
// type-checked against this file (src/engine/build.ts compileJs) instead of AssemblyScript's
// std/portable/index.d.ts, which also declares values (i32.MAX_VALUE, unchecked, load, …) that
// exist only where its portable runtime is installed as globals — never in this engine. Such a
// name in an engine or policy file therefore fails the build, naming the file and line, instead
// of compiling and failing at run time ("i32 is not defined").
declare type i8 = number;
declare type i16 = number;
declare type i32 = number;
declare type isize = number;
declare type u8 = number;
declare type u16 = number;
declare type u32 = number;
declare type usize = number;
declare type bool = boolean;
declare type f32 = number;
declare type f64 = number;
