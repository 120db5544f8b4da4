// Package backend turns Seg-op IR into OpenCL C kernels and the Go host
// code that launches them, and builds that code into an executable.
//
// Each Seg-op is compiled by its low-level Lift form, which package
// rewrite/lower derives with the rewrite rules: the form says how elements
// are distributed over work-items (interleaved after a reorder-stride,
// contiguous chunks without), where partial results live and who combines
// them (reduce-local by a work-group, reduce-seq by one work-item), how a
// scan's carries travel (propagate-local, propagate-lookback), and where a
// histogram's bins are (hist-global, hist-local). The kernels of this
// package are the code of those patterns; a Seg-op whose form does not
// match them is an internal error. Block-tiled maps follow their TilePlan
// (package tiling) instead.
package backend
