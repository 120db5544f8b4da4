package frontend

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

func callTree(levels int, attr string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%sdef f0 (x: i32) : i32 = x * 3 + 1\n", attr)
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "%sdef f%d (x: i32) : i32 = f%d (f%d x)\n", attr, i, i-1, i-1)
	}
	fmt.Fprintf(&b, "def main (x: i32) : i32 = f%d x\n", levels)
	return b.String()
}

// TestKeptFunctions checks when the internaliser keeps a function and
// calls it rather than inlining it.
func TestKeptFunctions(t *testing.T) {
	tests := []struct {
		name, src string
		calls     int // statements that call a kept function
		maxLines  int // bound on the printed IR (0: none)
	}{
		{"small, applied twice", "def inc (x: i32) = x + 1\ndef main (x: i32) = inc (inc x)", 0, 0},
		{"noinline", "#[noinline]\ndef inc (x: i32) = x + 1\ndef main (x: i32) = inc (inc x)", 2, 0},
		{"noinline with arrays", "#[noinline]\ndef rev [n] (xs: [n]i32) : [n]i32 = reverse xs\ndef main (xs: []i32) = rev (rev xs)", 2, 0},
		{"noinline polymorphic, two instances", "#[noinline]\ndef pair 't (x: t) = (x, x)\ndef main (x: i32) (y: f32) = (pair x, pair y, pair x)", 3, 0},
		{"noinline higher-order", "#[noinline]\ndef app (f: i32 -> i32) (x: i32) = f x\ndef main (x: i32) = app (\\y -> y + 1) x", 0, 0},
		{"noinline consuming", "#[noinline]\ndef set (xs: *[]i32) = xs with [0] = 1\ndef main (xs: *[]i32) = set xs", 0, 0},
		{"call tree, 14 levels", callTree(14, ""), 16, 2000},
		{"call tree, all inline", callTree(8, "#[inline]\n"), 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Compile("t.fut", tt.src)
			if err != nil {
				t.Fatal(err)
			}
			if err := soac.Validate(p); err != nil {
				t.Fatal(err)
			}
			txt := soac.Print(p)
			if got := strings.Count(txt, "= apply "); got != tt.calls {
				t.Errorf("%d calls, want %d:\n%s", got, tt.calls, txt)
			}
			if n := strings.Count(txt, "\n"); tt.maxLines > 0 && n > tt.maxLines {
				t.Errorf("%d lines of IR, want at most %d", n, tt.maxLines)
			}
		})
	}
}
