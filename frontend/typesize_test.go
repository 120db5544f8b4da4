package frontend

import (
	"strings"
	"testing"
	"time"
)

func nestedPairs(n int) string {
	return "def d 't (x: t) : (t, t) = (x, x)\n" +
		"entry main (x: i32) = " + strings.Repeat("d (", n) + "x" + strings.Repeat(")", n) + "\n"
}

// TestTypeSizeBound checks that types whose flattened size is
// astronomically large are rejected quickly, at the expression that first
// passes the bound, and that types up to the bound are accepted.
func TestTypeSizeBound(t *testing.T) {
	tests := []struct {
		name, src, want string // want "" means it compiles
	}{
		{"pairs at the bound", nestedPairs(16), ""},
		{"pairs past the bound", nestedPairs(17), "t.fut:2:23: error: this expression's type has more than 65536 components"},
		{"pairs 2^24", nestedPairs(24), "t.fut:2:44: error: this expression's type has more than 65536 components"},
		{"pairs 2^200", nestedPairs(200), "more than 65536 components"},
		{"let-bound tuples", "entry main (x: i32) =\n  let a0 = (x, x)\n" + func() string {
			var b strings.Builder
			for i := 1; i < 40; i++ {
				b.WriteString("  let a" + itoa(i) + " = (a" + itoa(i-1) + ", a" + itoa(i-1) + ")\n")
			}
			return b.String()
		}() + "  in a39.0.0.0\n", "more than 65536 components"},
		{"arrays of records", "def r 't (x: t) = {a = x, b = x}\nentry main (xs: []i32) = map (\\x -> " + strings.Repeat("r (", 20) + "x" + strings.Repeat(")", 20) + ") xs\n", "more than 65536 components"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			if tt.want == "" {
				if _, err := Compile("t.fut", tt.src); err != nil {
					t.Fatal(err)
				}
			} else {
				expectCompileError(t, tt.src, tt.want)
			}
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
