package exe

// ExactTileLayout decides whether a 2-D tiled SegMap of an n x m space
// reducing over k can use the exact variant of its block x block tile with
// slabs of bk (backend/tiled.go): the sizes are multiples of the block
// and of bk, and every row array, given as its view's offset and strides
// (rows, k), loads as aligned 4-wide vectors along one of its dimensions.
// The layout has bit i set when row array i is read along k.
func ExactTileLayout(n, m, k, block, bk int64, rows ...[3]int64) (layout int, ok bool) {
	if n <= 0 || m <= 0 || k <= 0 || n%block != 0 || m%block != 0 || k%bk != 0 {
		return 0, false
	}
	abs := func(x int64) int64 {
		if x < 0 {
			return -x
		}
		return x
	}
	for i, r := range rows {
		off, s0, s1 := r[0], r[1], r[2]
		if off%4 != 0 {
			return 0, false
		}
		if abs(s1) <= abs(s0) { // along k, as the kernels decide
			if s1 != 1 || s0%4 != 0 {
				return 0, false
			}
			layout |= 1 << i
		} else if s0 != 1 || s1%4 != 0 {
			return 0, false
		}
	}
	return layout, true
}
