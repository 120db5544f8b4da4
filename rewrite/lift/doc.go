// Package lift is a small, typed functional pattern language in the style of
// Lift (Steuwer, Fensch, Lindley, Dubach, ICFP 2015) together with the Lift
// rewrite rules: the algorithmic rules of the paper's Fig. 6 and the
// OpenCL-specific lowering rules of Fig. 7.
//
// An expression is a function built from patterns (map, reduce, part-red,
// split, join, reorder, iterate, zip, get, user functions, lambdas) glued by
// composition (∘). The low-level patterns (map-workgroup, map-local,
// map-global, map-seq, reduce-seq, reorder-stride, to-local, to-global,
// to-private, as-vector, as-scalar, map-vec) are what code generation
// follows without further decisions.
//
// Three things make derivations checkable:
//
//   - a printer in Lift's notation, e.g. join ∘ map(reduce(+, 0)) ∘ split(128);
//   - a type checker with symbolic array sizes and address spaces;
//   - an interpreter in which every low-level pattern means the same as its
//     high-level counterpart (map-workgroup = map, reduce-seq = reduce,
//     to-local = id …), so both sides of every rewrite can be run on random
//     inputs and compared.
//
// Rules are data (Rule: name, figure, pattern, guard, replacement); a
// Derivation applies named rules at paths and records every step, and prints
// the derivation as the paper prints the derivation of asum (Fig. 10).
//
// fcc extends the language where its kernels need what Lift cannot state,
// marking each addition's figure with primes: reduce-local (7b′, a
// work-group combining in local memory, whose size is a run-time
// parameter), scans (scan.go: scan-split 6d′, fuse-scan-seq-map-seq 6f′,
// and the lowerings scan-seq, propagate-local and propagate-lookback 7b′),
// and histograms (hist.go: hist-reorder and hist-split 6d″, and the
// lowerings hist-global, hist-local and merge-global 7b″). Functions the
// language does not know by name are declared with their facts (FunDecl),
// which is how package rewrite/lower presents a compiled program's
// Seg-ops.
package lift
