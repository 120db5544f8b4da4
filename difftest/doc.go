// Package difftest is fcc's differential tester. It generates random,
// well-typed entry points in the source language (maps, reductions, scans,
// histograms, scatters, loops, conditionals, matches on values of a sum
// type and nested parallelism over every primitive type but f16, with
// inputs of sizes including 0 and 1),
// compiles each with the pipeline and compares the results of the reference
// interpreter after internalise with those of the interpreter after every
// later pass, and with executables built for the machine's OpenCL device:
// one executable per batch of functions, each function an entry point
// (named t0, t1, ...) that the executable's -e selects, so that a batch
// costs one build (see RUNS.md for what a compiled run costs).
//
// Generation is seeded and reproducible: function i of seed s is always
// the same. Programs avoid undefined and inexact behaviour by
// construction: divisors are 1..8, shift amounts 0..7, scatter indices are
// distinct, floats hold small integers and are only added, subtracted,
// compared and multiplied by small constants, so every stage must give
// exactly the reference's results (compared with spec.Compare).
//
// A failure is shrunk (statements and results dropped, subexpressions
// replaced by literals or by their children, sizes and inputs reduced)
// while the failure keeps its Key, and printed as a Futhark program with a
// test block, ready for tests/programs.
package difftest
