package frontend

import (
	"strings"
	"testing"
)

// TestHoles checks that ??? takes the type its context needs and fails,
// located at the hole, only where it is reached.
func TestHoles(t *testing.T) {
	tests := []struct{ name, src, input, want string }{
		{"not reached", "def main (x: i32) : i32 = if x > 0 then x else ???", "3", "3i32"},
		{"reached", "def main (x: i32) : i32 = if x > 0 then x else ???", "-3", "error: t.fut:1:48: Reached hole of type: i32"},
		{"array type", "def main (x: i32) : []f32 = if x > 0 then [1] else ???", "0", "error: t.fut:1:52: Reached hole of type: []f32"},
		{"tuple type", "def main (x: i32) : (i32, bool) = if x > 0 then (x, true) else ???", "1", "1i32 true"},
		{"sum type", "type t = #a i32 | #b\ndef main (x: i32) : i32 = match (if x > 0 then #a x else ??? : t) case #a y -> y case #b -> 0", "-1",
			"error: t.fut:2:58: Reached hole of type: #a i32 | #b"},
		{"function type", "def f : i32 -> i32 = ???\ndef main (x: i32) : i32 = if x > 0 then x else f x", "-2", "error: t.fut:1:22: Reached hole of type: i32"},
		{"in a map", "def main (xs: []i32) : []i32 = map (\\x -> if x > 0 then x else ???) xs", "[1, 2]", "[1i32, 2i32]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, tc.src, tc.input)
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("%s on %s:\ngot  %s\nwant %s", tc.src, tc.input, got, tc.want)
			}
		})
	}
}
