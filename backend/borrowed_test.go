package backend

import (
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestBorrowedNames checks which arrays of a function a consuming
// operation must copy: the non-unique parameters and their views, not
// the unique ones, fresh arrays or copies.
func TestBorrowedNames(t *testing.T) {
	cases := []struct {
		name, prog string
		want       []soac.VName
	}{
		{"parameters", `entry "main"
fun main (a: [n]i32, b: *[n]i32, k: i64): {[n]i32} = {
  in {b}
}
`, []soac.VName{"a"}},
		{"views", `entry "main"
fun main (m: [r][c]i32, u: *[r][c]i32): {[c][r]i32, [c]i32, [r][c]i32} = {
  let {t: [c][r]i32} = rearrange (1, 0) m
  let {row: [c]i32} = t[0i64]
  let {same: [c][r]i32} = t
  let {ut: [c][r]i32} = rearrange (1, 0) u
  let {fresh: [r][c]i32} = copy m
  in {same, row, fresh}
}
`, []soac.VName{"m", "t", "row", "same"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := soac.ParseProgram(c.prog)
			if err != nil {
				t.Fatal(err)
			}
			got := borrowedNames(p.Funs[0])
			if len(got) != len(c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
			for _, n := range c.want {
				if !got[n] {
					t.Errorf("%s is not borrowed; got %v", n, got)
				}
			}
		})
	}
}
