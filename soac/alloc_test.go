package soac

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

func TestAllocError(t *testing.T) {
	const huge = 1<<63 - 1
	for _, tc := range []struct {
		shape []int64
		msg   string // "" when the allocation is fine
	}{
		{shape: []int64{0, huge}},
		{shape: []int64{huge, 0}},
		{shape: []int64{huge, huge, 0}},
		{shape: []int64{3, 4}},
		{shape: []int64{huge, 2}, msg: "allocating more than 9223372036854775807 bytes for an array of type [9223372036854775807][2]i32"},
		{shape: []int64{1 << 62}, msg: "out of memory: allocating"},
	} {
		err := allocError(values.I32, tc.shape)
		if tc.msg == "" && err != nil || tc.msg != "" && (err == nil || !strings.Contains(err.Error(), tc.msg)) {
			t.Errorf("allocError(i32, %v) = %v, want %q", tc.shape, err, tc.msg)
		}
	}
}
