// Package tiling applies block and register tiling to Seg-ops whose inner
// loops read arrays invariant to some of their parallel dimensions.
//
// The pass (Tile, run by the pipeline after flatten as "tile") looks at
// every thread-level SegMap on the host and applies the first rule of
// rules.go that matches:
//
//   - 2-D: a SegMap over (i < n, j < m) whose body takes rows A[i] and
//     B[j] of arrays free in the kernel (any number of them, B possibly a
//     rearranged view) and reduces over them with a screma of any scalar
//     map and any reductions, followed by scalar code: matrix
//     multiplication, min-plus products, k-means distances;
//   - 1-D: a SegMap over (i < n) whose body reduces over whole 1-D arrays
//     free in the kernel (invariant to i), with any code before and after:
//     n-body.
//
// A matching SegMap gets a soac.TilePlan and is multi-versioned against
// its plain self with a threshold on its number of results, so that tiny
// problems keep the plain kernel. The backend (backend/tiled.go) turns the
// plan into local-memory (and, in 2-D, register) tiled kernels whose tile
// sizes are tunable parameters named in the plan.
//
// Explain also reports why each SegMap that was not tiled did not match
// (fcc dev --explain shows it); testdata/*.golden records it for the test
// programs.
package tiling
