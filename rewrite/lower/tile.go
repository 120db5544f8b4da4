package lower

import "github.com/fcclang/fcc/soac"

// tileShapes2D are the (T, R) pairs a 2-D tiled map gets kernels for, by
// decreasing T and then R (the host's choice relies on the order). Every
// variant is a kernel of its own, compiled with the program, so the list
// is short: the 128x128 block for large problems, 64x64 and 32x32 for ones
// that would otherwise leave compute units idle, and a 16x16 block of 64
// work-items for small ones. T = 16, R = 8 is the standard recipe for
// SGEMM on NVIDIA GPUs (backend/tiled.go says why these sizes).
var tileShapes2D = [][2]int{{16, 8}, {16, 4}, {16, 2}, {8, 2}}

// tilePad is the elements by which the local slabs' rows are padded, so
// that the transposing stores of k-major loads hit distinct banks.
const tilePad = 4

// tileVariants are the kernels of a 2-D tiled map. A variant reads the
// local slabs min(R, 4) elements at a time (float4 at most). Each row
// array's slab of Depth x TR elements is loaded by the T x T work-items,
// R*Depth/T each, so Depth is at least T/R; and at least 8, so that a slab
// gives every work-item 2*R*Depth local reads for R*R*Depth multiply-adds.
func tileVariants() []soac.TileVariant {
	out := make([]soac.TileVariant, len(tileShapes2D))
	for i, tr := range tileShapes2D {
		t, r := tr[0], tr[1]
		out[i] = soac.TileVariant{T: t, R: r, Vector: min(r, 4), Depth: max(8, t/r), Pad: tilePad}
	}
	return out
}
