package soac

import (
	"strings"
	"testing"
)

// TestLoweringRoundTrip checks that every field of a lowering prints and
// parses back, and that malformed lowerings are rejected.
func TestLoweringRoundTrip(t *testing.T) {
	prog := func(head, lowering string) string {
		return `entry "main"
fun main (xs_2: [n_1]f32): {[n_1]f32} = {
  let {ys_3: [n_1]f32} = ` + head + ` (gtid_1 < n_1) : {f32}
` + lowering + `  body {
    let {x_4: f32} = xs_2[gtid_1]
    in {x_4}
  }
  in {ys_3}
}
`
	}
	good := []string{
		`    lowering {
      version "" "map-global(f)" ("one-per-item", "items-alone")
      points "streaming" per_item 4 why "light"
    }
`,
		`    lowering {
      version "" "map-global(f)" ("one-per-item", "items-alone")
      points "one-per-item" per_item 1 why "loops"
      scratch "private" cap 64 bytes 1024 why "small"
    }
`,
		`    lowering {
      version "" "map-global(f)" ("one-per-item", "items-alone")
      points "one-per-item" per_item 1 parts [0, 2] [1] why "parts"
    }
`,
		`    lowering {
      version "cpu" "map-global(f)" () lanes 4 launch "cpu-split" min_chunk 4096 per_unit 4
      version "groups" "map-global(f)" () launch "seg-groups" per_unit 8 min_group 32 team_max 1024 min_per_item 4 max_groups 1024
      version "team" "map-global(f)" () launch "team" min_per_item 8 max_team 32
      version "scan" "map-global(f)" () launch "scan-tiles" per_unit 8 chunk 16 local_budget 32768
      points "rows" per_item 4 from 4194304 tiny_row 4 reduction 1 why "rows"
      offsets "narrow"
    }
`,
		`    lowering {
      tile sides (0, 1) reduction 2
      variant 16 8 vector 4 depth 8 pad 4
      variant 8 2 vector 2 depth 8 pad 4
    }
`,
		`    lowering {
    }
`,
	}
	for _, l := range good {
		text := prog("segmap_thread", l)
		p, err := ParseProgram(text)
		if err != nil {
			t.Fatalf("parse: %v\n%s", err, text)
		}
		if got := Print(p); got != text {
			t.Errorf("round trip differs:\n%s\nwant:\n%s", got, text)
		}
		e := p.Funs[0].Body.Stms[0].Exp
		if l, seg := LoweringOf(e); !seg || l == nil {
			t.Errorf("no lowering recorded in\n%s", text)
		}
	}
	bad := map[string]string{
		"unknown line":   "    lowering {\n      speed 3\n    }\n",
		"no per_item":    "    lowering {\n      points \"rows\" 4 why \"x\"\n    }\n",
		"negative":       "    lowering {\n      tile sides (-1) reduction 0\n    }\n",
		"variant short":  "    lowering {\n      variant 16 8 vector 4\n    }\n",
		"offsets wide":   "    lowering {\n      offsets \"wide\"\n    }\n",
		"scratch no cap": "    lowering {\n      scratch \"private\" why \"x\"\n    }\n",
	}
	for name, l := range bad {
		if _, err := ParseProgram(prog("segmap_thread", l)); err == nil {
			t.Errorf("%s: parsed", name)
		} else if !strings.Contains(err.Error(), ":") {
			t.Errorf("%s: error without a position: %v", name, err)
		}
	}
}

// TestLoweredInvariant checks that the validator's Lowered invariant
// rejects a Seg-op without its lowering and lowerings that do not fit it.
func TestLoweredInvariant(t *testing.T) {
	prog := func(lowering string) string {
		return `entry "main"
fun main (xs_2: [n_1]f32): {[n_1]f32} = {
  let {ys_3: [n_1]f32} = segmap_thread (gtid_1 < n_1) : {f32}
` + lowering + `  body {
    let {x_4: f32} = xs_2[gtid_1]
    in {x_4}
  }
  in {ys_3}
}
`
	}
	version := "      version \"\" \"map-global(f)\" (\"one-per-item\", \"items-alone\")\n"
	strided := "      version \"\" \"reorder-stride(4) ∘ join ∘ map-global(map-seq(f)) ∘ split(4) ∘ reorder-stride(t)\" (\"items-alone\", \"strided\")\n"
	for _, tc := range []struct {
		name, lowering string
		ok             bool
	}{
		{"fits", "    lowering {\n" + version + "      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", true},
		{"missing", "", false},
		{"no versions", "    lowering {\n      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", false},
		{"no points", "    lowering {\n" + version + "    }\n", false},
		{"zero points", "    lowering {\n" + version + "      points \"one-per-item\" per_item 0 why \"x\"\n    }\n", false},
		{"rows without a screma", "    lowering {\n" + version + "      points \"rows\" per_item 4 tiny_row 4 reduction 0 why \"x\"\n    }\n", false},
		{"a chunked launch", "    lowering {\n" + strings.TrimSuffix(version, "\n") + " launch \"cpu-chunks\" min_chunk 4096 per_unit 4\n      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", true},
		{"an unknown launch", "    lowering {\n" + strings.TrimSuffix(version, "\n") + " launch \"fast\"\n      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", false},
		{"a chunked launch without min_chunk", "    lowering {\n" + strings.TrimSuffix(version, "\n") + " launch \"cpu-split\"\n      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", false},
		{"a chunked launch without per_unit", "    lowering {\n" + strings.TrimSuffix(version, "\n") + " launch \"cpu-chunks\" min_chunk 4096\n      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", false},
		{"seg-groups with its constants", "    lowering {\n" + strings.TrimSuffix(version, "\n") + " launch \"seg-groups\" per_unit 8 min_group 32 team_max 1024 min_per_item 4 max_groups 1024\n      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", true},
		{"seg-groups without team_max", "    lowering {\n" + strings.TrimSuffix(version, "\n") + " launch \"seg-groups\" per_unit 8 min_group 32\n      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", false},
		{"a scan's chunk on flat-groups", "    lowering {\n" + strings.TrimSuffix(version, "\n") + " launch \"flat-groups\" per_unit 8 min_group 32 chunk 16\n      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", false},
		{"narrow offsets of a segmap", "    lowering {\n" + version + "      points \"one-per-item\" per_item 1 why \"x\"\n      offsets \"narrow\"\n    }\n", true},
		{"min_chunk of a launch without chunks", "    lowering {\n" + strings.TrimSuffix(version, "\n") + " launch \"team\" min_chunk 8 min_per_item 8 max_team 32\n      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", false},
		{"strided points", "    lowering {\n" + strided + "      points \"streaming\" per_item 4 from 4194304 why \"x\"\n    }\n", true},
		{"strided points without from", "    lowering {\n" + strided + "      points \"streaming\" per_item 4 why \"x\"\n    }\n", false},
		{"several points, a form of one", "    lowering {\n" + version + "      points \"streaming\" per_item 4 from 4194304 why \"x\"\n    }\n", false},
		{"one point, a strided form", "    lowering {\n" + strided + "      points \"one-per-item\" per_item 1 why \"x\"\n    }\n", false},
		{"private scratch", "    lowering {\n" + version + "      points \"one-per-item\" per_item 1 why \"x\"\n      scratch \"private\" cap 64 bytes 1024 why \"x\"\n    }\n", true},
		{"private scratch of no elements", "    lowering {\n" + version + "      points \"one-per-item\" per_item 1 why \"x\"\n      scratch \"private\" cap 0 bytes 1024 why \"x\"\n    }\n", false},
		{"private scratch of fewer bytes than elements", "    lowering {\n" + version + "      points \"one-per-item\" per_item 1 why \"x\"\n      scratch \"private\" cap 64 bytes 32 why \"x\"\n    }\n", false},
		{"an unknown scratch rule", "    lowering {\n" + version + "      points \"one-per-item\" per_item 1 why \"x\"\n      scratch \"local\" cap 64 bytes 1024 why \"x\"\n    }\n", false},
		{"private scratch of strided points", "    lowering {\n" + strided + "      points \"streaming\" per_item 4 from 4194304 why \"x\"\n      scratch \"private\" cap 64 bytes 1024 why \"x\"\n    }\n", false},
		{"parts of a map of one result", "    lowering {\n" + version + "      points \"one-per-item\" per_item 1 parts [0] [1] why \"x\"\n    }\n", false},
		{"tile roles of an untiled map", "    lowering {\n" + version + "      points \"one-per-item\" per_item 1 why \"x\"\n      tile sides () reduction 0\n    }\n", false},
	} {
		p, err := ParseProgram(prog(tc.lowering))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		err = ValidateWith(p, Lowered)
		if (err == nil) != tc.ok {
			t.Errorf("%s: ValidateWith = %v, want ok %v", tc.name, err, tc.ok)
		}
		if err := ValidateWith(p, 0); err != nil {
			t.Errorf("%s: without the invariant: %v", tc.name, err)
		}
	}
}

// TestLoweredStreamingStraightLine checks that the Lowered invariant
// refuses a streaming points plan for a body with a loop: the backend
// computes a streaming map's points together, with no bounds test for
// all but the last, which only straight-line code allows.
func TestLoweredStreamingStraightLine(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		ok         bool
	}{
		{"straight-line", "    let {x_4: f32} = xs_2[gtid_1]\n    in {x_4}\n", true},
		{"a loop", "    let {x_4: f32} = xs_2[gtid_1]\n    let {y_5: f32} = loop {acc_6: f32 = x_4} for j_7: i64 < n_1\n    do {\n      in {acc_6}\n    }\n    in {y_5}\n", false},
	} {
		text := `entry "main"
fun main (xs_2: [n_1]f32): {[n_1]f32} = {
  let {ys_3: [n_1]f32} = segmap_thread (gtid_1 < n_1) : {f32}
    lowering {
      version "" "reorder-stride(4) ∘ join ∘ map-global(map-seq(f)) ∘ split(4) ∘ reorder-stride(t)" ("items-alone", "strided")
      points "streaming" per_item 4 from 4194304 why "x"
    }
  body {
` + tc.body + `  }
  in {ys_3}
}
`
		p, err := ParseProgram(text)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		err = ValidateWith(p, Lowered)
		if !tc.ok && err != nil && !strings.Contains(err.Error(), "not straight-line") {
			t.Errorf("%s: refused for another reason: %v", tc.name, err)
		}
		if (err == nil) != tc.ok {
			t.Errorf("%s: ValidateWith = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

// TestPartitions checks which parts of a points plan partition a map's
// results.
func TestPartitions(t *testing.T) {
	for _, tc := range []struct {
		parts [][]int
		n     int
		ok    bool
	}{
		{[][]int{{0}, {1}}, 2, true},
		{[][]int{{0, 2}, {1}}, 3, true},
		{[][]int{{1}, {0}}, 2, true},
		{[][]int{{0, 1}}, 2, false},      // one part
		{[][]int{{0}, {1}}, 3, false},    // result 2 in none
		{[][]int{{0}, {0, 1}}, 2, false}, // result 0 twice
		{[][]int{{0}, {2}}, 2, false},    // no result 2
		{[][]int{{0, 1}, {}}, 2, false},  // an empty part
		{nil, 0, false},
	} {
		if got := partitions(tc.parts, tc.n); got != tc.ok {
			t.Errorf("partitions(%v, %d) = %v, want %v", tc.parts, tc.n, got, tc.ok)
		}
	}
}
