// Package lower is the lowering pass: it maps each Seg-op onto the OpenCL
// hierarchy (work-groups, work-items, sequential loops, local memory) by
// deriving its low-level Lift form with the rewrite rules of package lift,
// the algorithmic rules of the ICFP paper's Fig. 6 and the lowering rules of
// its Fig. 7, as the paper derives asum (Fig. 10). The backend compiles each
// Seg-op by its low-level form: the patterns say how elements are split
// among work-items (strided after a reorder-stride, contiguous without),
// where partial results live (to-local) and who combines them
// (reduce-local by the work-group, reduce-seq by one work-item).
//
// A Seg-op is presented to Lift as a function of its index space: its body
// is a user function from an index to its results, its operator a user
// function with the facts the compiler knows of it (associative, as the
// language requires of a reduction operator; commutative when declared so
// or evident). Array sizes are symbolic: a reduction over n elements is
// derived on c·l·g elements (c per work-item, l work-items per group, g
// groups); the generated code covers the remainder of n with the neutral
// element, which the derivation's guards make harmless since every rule
// that splits a reduction checks that its initial value is neutral.
//
// Each derivation is a script of rule applications (scripts.go), one per
// kind of Seg-op and kernel version. Steps marked optional are the choices
// a guard makes: a reorder (and so a coalesced, strided distribution) only
// for a commutative operator. The scripts are tested through Lift's
// interpreter with concrete operators on random inputs.
//
// Lift has no scan or histogram; package lift adds both, with their
// decompositions and lowering rules, so that every kind of Seg-op is
// lowered here. The exception is the tiled maps, which the tiling pass
// plans by the subdivide/exchange derivation (package tiling) and records in
// their TilePlan; the backend compiles those by the plan.
package lower
