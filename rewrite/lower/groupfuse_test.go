package lower

import (
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestDisjoint checks the GCD test on affine forms.
func TestDisjoint(t *testing.T) {
	d := map[soac.VName]int64{"d": 1}
	for _, c := range []struct {
		name   string
		ws, rs []affine
		want   bool
	}{
		{"strides 31, offsets 1", []affine{{k: 31, inv: d}}, []affine{{k: 31, inv: d, c: -1}}, true},
		{"strides 31, offsets 31", []affine{{k: 31, inv: d}}, []affine{{k: 31, inv: d, c: -31}}, false},
		{"strides 2 and 4, odd offset", []affine{{k: 2}}, []affine{{k: 4, c: 3}}, true},
		{"constants apart", []affine{{c: 3}}, []affine{{c: 4}}, true},
		{"constants equal", []affine{{c: 3}}, []affine{{c: 3}}, false},
		{"negative constant write skipped", []affine{{c: -1}, {k: 2}}, []affine{{c: -1}, {k: 2, c: 1}}, true},
		{"other invariants", []affine{{k: 2, inv: d}}, []affine{{k: 2, c: 1}}, false},
	} {
		if got := disjoint(c.ws, c.rs); got != c.want {
			t.Errorf("%s: disjoint = %v, want %v", c.name, got, c.want)
		}
	}
}
