package exe

import (
	"errors"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

func TestArrayBytes(t *testing.T) {
	const huge = 1<<63 - 1
	for _, tc := range []struct {
		elem  values.PrimType
		shape []int64
		want  int64
		large bool // errTooLarge
	}{
		{values.I32, []int64{0, huge}, 0, false},
		{values.I32, []int64{huge, 0}, 0, false},
		{values.F64, []int64{huge, huge, 0, 7}, 0, false},
		{values.F64, []int64{3, 5}, 120, false},
		{values.I8, []int64{}, 1, false},
		{values.I32, []int64{huge}, 0, true},
		{values.I8, []int64{1 << 32, 1 << 32}, 0, true},
	} {
		got, err := arrayBytes(tc.elem, tc.shape)
		if tc.large != errors.Is(err, errTooLarge) || !tc.large && (err != nil || got != tc.want) {
			t.Errorf("arrayBytes(%s, %v) = %d, %v; want %d (too large: %v)", tc.elem, tc.shape, got, err, tc.want, tc.large)
		}
	}
}
