package exe

import (
	"errors"
	"strings"
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

// TestCombinedGroups checks that work-groups smaller than
// the lowering's minimum (32 here) reduce each segment alone, and that
// the debug log says so once.
func TestCombinedGroups(t *testing.T) {
	var log strings.Builder
	c := &Context{Opts: &Options{Debug: true, DefaultNumGroups: 64}, log: &log}
	for _, tc := range []struct {
		n, group, want int64
	}{
		{0, 256, 1}, {5, 256, 1}, {5, 2, 1}, {1000, 2, 1}, {1000, 31, 1},
		{1000, 32, 32}, {100000, 256, 64}, {5, 1, 1}, {70, 33, 3},
	} {
		if got := c.FlatReduceGroups(tc.n, tc.group, Launch{PerUnit: 8, MinGroup: 32}); got != tc.want {
			t.Errorf("FlatReduceGroups(%d, %d) = %d, want %d", tc.n, tc.group, got, tc.want)
		}
	}
	if got := c.SegRedGroups(2, 100000, 16, segGroups); got != 1 {
		t.Errorf("SegRedGroups(2, 100000, 16) = %d, want 1", got)
	}
	if got := c.SegRedGroups(2, 100000, 64, segGroups); got <= 1 {
		t.Errorf("SegRedGroups(2, 100000, 64) = %d, want several", got)
	}
	if n := strings.Count(log.String(), "reduce each segment alone"); n != 1 {
		t.Errorf("the debug log says %d times that small groups reduce alone:\n%s", n, log.String())
	}
}

func TestDefaultGroupSizeClamped(t *testing.T) {
	var log strings.Builder
	c := &Context{Opts: &Options{Debug: true, DefaultGroupSize: 5000}, log: &log, maxGroup: 1024}
	for range 2 {
		if g := c.DefaultGroupSize(); g != 1024 {
			t.Fatalf("DefaultGroupSize = %d, want the device's 1024", g)
		}
	}
	if n := strings.Count(log.String(), "Work-groups of 5000 work-items requested; the device's maximum of 1024 used instead"); n != 1 {
		t.Errorf("logged %d times:\n%s", n, log.String())
	}
	c = &Context{Opts: &Options{DefaultGroupSize: 3}, maxGroup: 1024}
	if g := c.DefaultGroupSize(); g != 3 {
		t.Errorf("DefaultGroupSize = %d, want 3", g)
	}
}

// TestSpreadGroup checks the work-group size of a map of one point per
// work-item (launch "spread-items"): the default size when the points
// give every compute unit a group of it, otherwise the fewest work-items,
// a multiple of the minimum, that still do.
func TestSpreadGroup(t *testing.T) {
	for _, tc := range []struct {
		units, group, n, want int64
	}{
		{132, 256, 2048, 32},     // LU's panels on an H200: 64 groups of a warp
		{132, 256, 1 << 20, 256}, // enough points: the default
		{132, 256, 132 * 256, 256},
		{132, 256, 132*256 - 1, 256},
		{132, 256, 132 * 100, 128},
		{132, 256, 0, 32},
		{132, 256, 1, 32},
		{2, 256, 2048, 256}, // a CPU of two cores
		{132, 16, 2048, 16}, // a default below the minimum stays
		{132, 48, 100000, 48},
	} {
		c := &Context{Opts: &Options{DefaultGroupSize: tc.group}, computeUnits: tc.units, maxGroup: 1024}
		if got := c.SpreadGroup(tc.n, Launch{MinGroup: 32}); got != tc.want {
			t.Errorf("SpreadGroup(%d) on %d units, default %d = %d, want %d", tc.n, tc.units, tc.group, got, tc.want)
		}
	}
}

// TestSplitParts checks when a map of independent parts runs a work-item
// per part of each point: only where its points are too few to fill the
// device with groups of the default size.
func TestSplitParts(t *testing.T) {
	for _, tc := range []struct {
		units, n, k int64
		want        bool
	}{
		{132, 2048, 2, true}, // LU's panels on an H200
		{132, 132 * 128, 2, true},
		{132, 132*128 + 1, 2, false},
		{132, 1 << 20, 2, false},
		{132, 2048, 1, false}, // one part: nothing to split
		{2, 2048, 2, false},   // a CPU of two cores
		{2, 100, 3, true},
	} {
		c := &Context{Opts: &Options{DefaultGroupSize: 256}, computeUnits: tc.units, maxGroup: 1024}
		if got := c.SplitParts(tc.n, tc.k); got != tc.want {
			t.Errorf("SplitParts(%d, %d) on %d units = %v, want %v", tc.n, tc.k, tc.units, got, tc.want)
		}
	}
}
