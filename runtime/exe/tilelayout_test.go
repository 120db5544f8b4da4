package exe

import "testing"

func TestExactTileLayout(t *testing.T) {
	rowMajor := func(rows, cols int64) [3]int64 { return [3]int64{0, cols, 1} }
	colMajor := func(rows, cols int64) [3]int64 { return [3]int64{0, 1, rows} }
	for _, c := range []struct {
		name    string
		n, m, k int64
		rows    [][3]int64
		layout  int
		ok      bool
	}{
		{"both along k", 256, 128, 16, [][3]int64{rowMajor(256, 16), rowMajor(128, 16)}, 3, true},
		{"b transposed", 256, 128, 16, [][3]int64{rowMajor(256, 16), colMajor(128, 16)}, 1, true},
		{"a transposed", 256, 128, 16, [][3]int64{colMajor(256, 16), rowMajor(128, 16)}, 2, true},
		{"n off the block", 250, 128, 16, [][3]int64{rowMajor(250, 16), rowMajor(128, 16)}, 0, false},
		{"m off the block", 256, 130, 16, [][3]int64{rowMajor(256, 16), rowMajor(130, 16)}, 0, false},
		{"k off the slab", 256, 128, 12, [][3]int64{rowMajor(256, 12), rowMajor(128, 12)}, 0, false},
		{"empty", 0, 128, 16, [][3]int64{rowMajor(0, 16), rowMajor(128, 16)}, 0, false},
		{"misaligned offset", 256, 128, 16, [][3]int64{{2, 16, 1}, rowMajor(128, 16)}, 0, false},
		{"row stride not a multiple of 4", 256, 128, 16, [][3]int64{{0, 18, 1}, rowMajor(128, 16)}, 0, false},
		{"strided along k", 256, 128, 16, [][3]int64{{0, 32, 2}, rowMajor(128, 16)}, 0, false},
		{"reversed rows", 256, 128, 16, [][3]int64{{0, -1, 256}, rowMajor(128, 16)}, 0, false},
	} {
		layout, ok := ExactTileLayout(c.n, c.m, c.k, 128, 8, c.rows...)
		if ok != c.ok || (ok && layout != c.layout) {
			t.Errorf("%s: got layout %d, ok %v; want %d, %v", c.name, layout, ok, c.layout, c.ok)
		}
	}
}
