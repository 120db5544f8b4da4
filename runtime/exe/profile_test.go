package exe

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestLaunchRecordBound checks that at most maxLaunchRecords launches are
// kept between takes, that those past the bound are summed per kernel and
// entry point, and that -P's summary counts every launch once.
func TestLaunchRecordBound(t *testing.T) {
	for _, tc := range []struct {
		n        int // launches of kernel k, 1us each, for entry point e
		kept     int
		overflow int
	}{
		{0, 0, 0},
		{3, 3, 0},
		{maxLaunchRecords, maxLaunchRecords, 0},
		{maxLaunchRecords + 5, maxLaunchRecords, 5},
	} {
		c := &Context{prof: map[string]*kernelProfile{}}
		for i := 0; i < tc.n; i++ {
			c.addLaunch(launchRecord{"k", "e", uint64(10 * i), uint64(10*i + 1000)})
		}
		recs, over := c.takeLaunches()
		got := 0
		if p := over[launchKey{"k", "e"}]; p != nil {
			got = p.runs
			if p.total != time.Duration(p.runs)*time.Microsecond {
				t.Errorf("n=%d: overflow total %v for %d launches", tc.n, p.total, p.runs)
			}
		}
		if len(recs) != tc.kept || got != tc.overflow {
			t.Errorf("n=%d: %d kept, %d summed; want %d, %d", tc.n, len(recs), got, tc.kept, tc.overflow)
		}
		if len(c.launches) != 0 || len(c.launchOverflow) != 0 {
			t.Errorf("n=%d: launches left after a take", tc.n)
		}
		if tc.n == 0 {
			continue
		}
		var b bytes.Buffer
		c.WriteProfile(&b)
		if p := c.prof["k"]; p == nil || p.runs != tc.n || p.total != time.Duration(tc.n)*time.Microsecond {
			t.Errorf("n=%d: -P totals %+v", tc.n, c.prof["k"])
		}
		if !strings.Contains(b.String(), "1 kernels ran") {
			t.Errorf("n=%d: -P summary %q", tc.n, b.String())
		}
	}
}

// TestLaunchDuration checks that a launch whose end precedes its start
// (a driver's non-monotonic counters) lasts zero, not a huge time.
func TestLaunchDuration(t *testing.T) {
	for _, tc := range []struct {
		start, end uint64
		want       time.Duration
	}{{5, 5, 0}, {5, 1005, time.Microsecond}, {10, 5, 0}} {
		if got := (launchRecord{start: tc.start, end: tc.end}).duration(); got != tc.want {
			t.Errorf("duration %d..%d = %v, want %v", tc.start, tc.end, got, tc.want)
		}
	}
}
