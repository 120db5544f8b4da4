package lower

import "testing"

// TestScanChunk checks the elements per work-item of a look-back scan's
// tile: 16, halved until a work-item's part takes at most 80 bytes.
func TestScanChunk(t *testing.T) {
	for _, c := range []struct{ bytes, want int }{
		{1, 16}, {4, 16}, {5, 16}, {6, 8}, {8, 8}, {10, 8}, {11, 4}, {16, 4}, {20, 4}, {21, 2}, {40, 2}, {41, 1}, {1000, 1},
	} {
		if got := scanChunk(c.bytes); got != c.want {
			t.Errorf("scanChunk(%d) = %d, want %d", c.bytes, got, c.want)
		}
	}
}
