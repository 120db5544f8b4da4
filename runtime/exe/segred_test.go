package exe

import "testing"

// The constants the lowering records for a segmented reduction's launches
// (rewrite/lower: launchRules).
var (
	segGroups = Launch{PerUnit: 8, MinGroup: 32, TeamMax: 1024, MinPerItem: 4, MaxGroups: 1024}
	team      = Launch{MaxTeam: 32, MinPerItem: 8}
)

func TestSegRedGroups(t *testing.T) {
	const group, fill = 256, 132 * 8
	for _, c := range []struct{ segs, segLen, want int64 }{
		{1e6, 10, 0},   // many small segments: a team each
		{1e5, 1000, 0}, // up to 1024 elements: a team each
		{10, 0, 0},     // empty segments
		{1e4, 1e4, 1},  // many medium segments: a group each
		{1e4, 1025, 1}, //
		{1000, 1e5, 1}, // almost enough segments to fill the device: one wave
		{2000, 1e5, 1}, // enough segments to fill the device
		{1, 1e8, 1024}, // one huge segment: split, capped
		{10, 1e7, 105}, // few large segments: fill the device, in one wave
		{100, 1e6, 10}, //
		{2, 300, 0},    // few short segments: not worth splitting
		{3, 5000, 5},   // at least 4 elements per work-item
		{0, 1e6, 1},    // no segments
	} {
		if got := segRedGroups(c.segs, c.segLen, group, fill, segGroups); got != c.want {
			t.Errorf("segRedGroups(%d, %d) = %d, want %d", c.segs, c.segLen, got, c.want)
		}
	}
}

// TestSegRedGroupsTeamMax checks that the lowering's team_max, not a
// constant of the runtime, decides which segments go to the team version.
func TestSegRedGroupsTeamMax(t *testing.T) {
	for _, c := range []struct{ segLen, teamMax, want int64 }{
		{2000, 1024, 1}, {2000, 4096, 0}, {100, 64, 1}, {64, 64, 0},
	} {
		l := segGroups
		l.TeamMax = c.teamMax
		if got := segRedGroups(1e4, c.segLen, 256, 132*8, l); got != c.want {
			t.Errorf("segRedGroups(1e4, %d, team_max %d) = %d, want %d", c.segLen, c.teamMax, got, c.want)
		}
	}
}

func TestSegRedTeam(t *testing.T) {
	for _, c := range []struct{ segLen, group, want int64 }{
		{0, 256, 1}, {1, 256, 1}, {15, 256, 1}, {16, 256, 2}, {100, 256, 8},
		{1000, 256, 32}, {1e6, 256, 32}, {1000, 96, 32}, {1000, 100, 4}, {1000, 1, 1},
	} {
		if got := segRedTeam(c.segLen, c.group, team); got != c.want {
			t.Errorf("segRedTeam(%d, %d) = %d, want %d", c.segLen, c.group, got, c.want)
		}
	}
	// Other constants: teams of at most 8, 32 elements each.
	small := Launch{MaxTeam: 8, MinPerItem: 32}
	for _, c := range []struct{ segLen, want int64 }{{63, 1}, {64, 2}, {1000, 8}} {
		if got := segRedTeam(c.segLen, 256, small); got != c.want {
			t.Errorf("segRedTeam(%d, 256, %+v) = %d, want %d", c.segLen, small, got, c.want)
		}
	}
	// At most MaxGroups groups a segment, MinPerItem elements a work-item.
	for _, c := range []struct {
		l    Launch
		want int64
	}{
		{Launch{TeamMax: 1024, MinPerItem: 4, MaxGroups: 1024}, 1024},
		{Launch{TeamMax: 1024, MinPerItem: 4, MaxGroups: 100}, 100},
		{Launch{TeamMax: 1024, MinPerItem: 1e5, MaxGroups: 1024}, 4},
	} {
		if got := segRedGroups(1, 1e8, 256, 132*8, c.l); got != c.want {
			t.Errorf("segRedGroups(1, 1e8) with %+v = %d, want %d", c.l, got, c.want)
		}
	}
}

func TestCPUSplit(t *testing.T) {
	const items, minChunk = 8, 4096
	for _, c := range []struct{ segs, segLen, chunks, rows int64 }{
		{1, 1e7, 8, 1},       // one long segment: a chunk per work-item
		{1, 0, 1, 1},         // empty
		{1, 100, 1, 1},       // too short to split
		{1, 3 * 4096, 3, 1},  // at least minChunk elements a chunk
		{3, 1e6, 3, 1},       // few long segments: 9 work-items
		{8, 1e6, 1, 1},       // a segment per work-item
		{1e6, 10, 1, 125000}, // many short segments: rows per work-item
		{1e6 + 1, 10, 1, 125001},
		{5, 10, 1, 1}, // few short segments
		{0, 10, 1, 1}, // no segments
	} {
		chunks, rows := cpuSplit(c.segs, c.segLen, items, minChunk)
		if chunks != c.chunks || rows != c.rows {
			t.Errorf("cpuSplit(%d, %d) = %d, %d, want %d, %d", c.segs, c.segLen, chunks, rows, c.chunks, c.rows)
		}
	}
}
