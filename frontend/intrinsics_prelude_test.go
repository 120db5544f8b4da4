package frontend

import (
	"strings"
	"testing"
)

// TestIntrinsicsInPrelude: intrinsics.flat_index_2d and the other flat
// views and updates name the prelude's definitions, as Futhark's
// prelude wraps its intrinsics under the same names, even where a local
// definition has the unqualified name.
func TestIntrinsicsInPrelude(t *testing.T) {
	tests := []struct{ name, src, input, want string }{
		{"index 2d",
			"def main (xs: []i32) = intrinsics.flat_index_2d xs 1 2 3 2 1",
			"[0, 1, 2, 3, 4, 5, 6]", "[[1i32, 2i32], [4i32, 5i32]]"},
		{"index 3d",
			"def main (xs: []i32) = intrinsics.flat_index_3d xs 0 2 4 1 1 2 1",
			"[0, 1, 2, 3, 4, 5]", "[[[0i32, 1i32]], [[4i32, 5i32]]]"},
		{"update 2d",
			"def main (xs: *[]i32) = intrinsics.flat_update_2d xs 1 2 1 [[7], [8]]",
			"[0, 0, 0, 0]", "[0i32, 7i32, 0i32, 8i32]"},
		{"a local of the same name",
			"def main (xs: []i32) = let flat_index_2d (x: i32) = x in (intrinsics.flat_index_2d xs 0 1 1 1 1, flat_index_2d 3)",
			"[5]", "[[5i32]] 3i32"},
		{"size from a mapped element",
			"def main (xs: []i32) (ns: []i64) = map (\\n -> i32.sum (flatten (intrinsics.flat_index_2d xs 0 n 1 1 1))) ns",
			"[1, 2, 3] [1, 3]", "[1i32, 6i32]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := run(t, tc.src, tc.input); got != tc.want {
				t.Errorf("%s\ninput %s: got %s, want %s", tc.src, tc.input, got, tc.want)
			}
		})
	}
	// Other members stay unknown: only the prelude's wrappers are aliased.
	_, err := Compile("t.fut", "def main (xs: []i32) = intrinsics.flat_index_5d xs")
	if err == nil || !strings.Contains(err.Error(), `unknown name "intrinsics.flat_index_5d"`) {
		t.Errorf("intrinsics.flat_index_5d: got %v, want an unknown name error", err)
	}
}
