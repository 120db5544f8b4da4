package flatten

import (
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/flatten/testprogs"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// cases are the programs of the tests: the shared ones (testprogs.All,
// also run by the backend) and those that exercise one rule each.
func cases() []testprogs.Case { return append(testprogs.All(), testprogs.Rules()...) }

// run interprets the entry point main of p on args; thresholds, when not
// nil, overrides the value of every threshold of p.
func run(t *testing.T, p *soac.Program, args []values.Value, threshold *int64) []values.Value {
	t.Helper()
	in := make([]soac.Value, len(args))
	for i, a := range args {
		in[i] = soac.FromRuntime(a)
	}
	interp := soac.NewInterpreter(p)
	if threshold != nil {
		for _, th := range p.Thresholds {
			interp.SetThreshold(th.Name, *threshold)
		}
	}
	res, err := interp.RunEntry("main", in)
	if err != nil {
		t.Fatalf("interpreter: %v", err)
	}
	out := make([]values.Value, len(res))
	for i, r := range res {
		out[i] = r.ToRuntime()
	}
	return out
}

func flatten(t *testing.T, p *soac.Program, opts Options) *soac.Program {
	t.Helper()
	flat, err := FlattenWith(p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := soac.Validate(flat); err != nil {
		t.Fatalf("flattened program does not validate: %v\n%s", err, soac.Print(flat))
	}
	return flat
}

func coalesce(t *testing.T, p *soac.Program) *soac.Program {
	t.Helper()
	before := soac.Print(p)
	q, err := Coalesce(p)
	if err != nil {
		t.Fatal(err)
	}
	if soac.Print(p) != before {
		t.Fatal("Coalesce modified its input")
	}
	if err := soac.Validate(q); err != nil {
		t.Fatalf("coalesced program does not validate: %v\n%s", err, soac.Print(q))
	}
	return q
}

// TestFlattenPreservesSemantics runs each program before and after
// flattening on random inputs and compares the results: without
// multi-versioning, and with it under the default thresholds, with every
// threshold 0 (the outer versions everywhere) and with every threshold at
// its maximum (the inner versions everywhere).
func TestFlattenPreservesSemantics(t *testing.T) {
	zero, inf := int64(0), int64(math.MaxInt64)
	variants := []struct {
		name      string
		opts      Options
		threshold *int64
		coalesce  bool
	}{
		{"plain", Options{}, nil, false},
		{"versions", Options{MultiVersion: true}, nil, false},
		{"outer", Options{MultiVersion: true}, &zero, false},
		{"inner", Options{MultiVersion: true}, &inf, false},
		{"coalesced", Options{MultiVersion: true}, &zero, true},
	}
	for _, c := range cases() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			for _, v := range variants {
				flat := flatten(t, c.Prog, v.opts)
				if v.coalesce {
					flat = coalesce(t, flat)
				}
				r := rand.New(rand.NewSource(1))
				for range 5 {
					args := c.Input(r)
					want, got := run(t, c.Prog, args, nil), run(t, flat, args, v.threshold)
					if len(want) != len(got) {
						t.Fatalf("%s: %d results, want %d", v.name, len(got), len(want))
					}
					for i := range want {
						if !values.Equal(want[i], got[i]) {
							t.Fatalf("%s: result %d differs after flattening:\n got %v\nwant %v", v.name, i, got[i], want[i])
						}
					}
				}
			}
		})
	}
}

// TestGolden compares the printed flattened IR with testdata/*.golden
// (with multi-versioning, and without it for the seed's example, whose
// figure has no versions); go test -update rewrites them.
func TestGolden(t *testing.T) {
	type golden struct {
		name string
		prog *soac.Program
		opts Options
	}
	var gs []golden
	for _, c := range cases() {
		gs = append(gs, golden{c.Name, c.Prog, Options{MultiVersion: true}})
	}
	for _, c := range testprogs.Rules() {
		if c.Name == "seed_example" {
			gs = append(gs, golden{c.Name + "_noversions", c.Prog, Options{}})
		}
	}
	for _, g := range gs {
		t.Run(g.name, func(t *testing.T) {
			got := soac.Print(flatten(t, g.prog, g.opts))
			path := filepath.Join("testdata", g.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("flattened IR differs from %s (go test -update rewrites it):\n%s", path, got)
			}
		})
	}
}

// sketch summarises the host-level structure of a body: its Seg-ops with
// the rank of their space, the SOACs left, rearranges, thresholds, and
// the ifs and loops with what they hold. It shows which rules fired.
func sketch(b *soac.Body) string {
	var parts []string
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *soac.SegMapExp:
			if e.Level == soac.LevelGroup {
				parts = append(parts, fmt.Sprintf("group%d{%s}", len(e.Space), sketch(e.Body)))
				continue
			}
			parts = append(parts, fmt.Sprintf("segmap%d", len(e.Space)))
		case *soac.SegRedExp:
			parts = append(parts, fmt.Sprintf("segred%d", len(e.Space)))
		case *soac.SegScanExp:
			parts = append(parts, fmt.Sprintf("segscan%d", len(e.Space)))
		case *soac.SegHistExp:
			parts = append(parts, fmt.Sprintf("seghist%d", len(e.Space)))
		case *soac.ScremaExp:
			parts = append(parts, "screma")
		case *soac.ScatterExp:
			parts = append(parts, "scatter")
		case *soac.HistExp:
			parts = append(parts, "hist")
		case *soac.RearrangeExp:
			parts = append(parts, fmt.Sprintf("rearrange%v", e.Perm))
		case *soac.ThresholdExp:
			parts = append(parts, "threshold")
		case *soac.LoopExp:
			parts = append(parts, "loop{"+sketch(e.Body)+"}")
		case *soac.IfExp:
			parts = append(parts, "if{"+sketch(e.Then)+" | "+sketch(e.Else)+"}")
		}
	}
	return strings.Join(parts, " ")
}

// TestRules checks, for every program, the host-level structure after
// flattening, with and without multi-versioning: which rule produced
// which kernel.
func TestRules(t *testing.T) {
	want := map[string][2]string{ // name -> {without versions, with versions}
		"sum_doubled": {"segred1", "segred1"},
		"inc_matrix":  {"segmap2", "segmap2"}, // G2: a perfect nest, no versions
		"row_sums":    {"segred2", "threshold if{segmap1 | segred2}"},
		"dot":         {"segred1", "segred1"},
		"inner_loop":  {"segmap1", "segmap1"}, // G7 does not apply: no inner parallelism
		"int_ops":     {"segmap1", "segmap1"},
		"seg_redomap": {"segred2 loop{}", "threshold if{segmap1 | segred2} loop{}"},
		// The seed's figure: four perfect nests, the irregular scan and
		// reduce sequentialised in the first, the loop interchanged (G7)
		// around the segmented reduction and the last map-map nest.
		"seed_example": {"segmap2 segmap3 loop{segred3 segmap2}",
			"threshold if{segmap1 | threshold if{segmap2 | segmap2 segmap3} loop{threshold if{segmap2 | segred3 segmap2}}}"},
		// A scan and a scanomap with a reduction: segscan, and segscan
		// followed by segred.
		"scan_top": {"segscan1 segscan1 segred1", "segscan1 segscan1 segred1"},
		"hist_top": {"seghist1 scatter", "seghist1 scatter"},
		"seg_scan": {"segscan2", "threshold if{segmap1 | segscan2}"},
		// G5 at the top level after a map (a perfect G2 nest) and in a
		// nest.
		"g5_vectorised": {"segmap2 segred2 segred3", "segmap2 segred2 threshold if{segmap1 | segred3}"},
		// G6, then the segmented reduction over the transposed input.
		"g6_rearrange": {"rearrange[0 2 1] segred3",
			"threshold if{segmap1 | rearrange[0 2 1] threshold if{segmap2 | segred3}}"},
		// G7: the loop moves out; in it the map extends the nest and
		// the scalar code is a segmap of its own.
		"g7_loop": {"loop{segmap2 segmap1}",
			"threshold if{segmap1 | threshold if{group1{loop{segmap1}} | loop{threshold if{segmap1 | segmap2 segmap1}}}}"},
		// G4: reduce | scalar code (u floated up beside t) | map.
		"g4_distribute": {"segred2 segmap1 segmap2", "threshold if{segmap1 | threshold if{group1{segred1 segmap1} | segred2 segmap1 segmap2}}"},
		"if_seq":        {"segmap1", "segmap1"},
		"seg_hist":      {"seghist2", "threshold if{segmap1 | seghist2}"}, // the neutral histogram: a host replicate
		"coalesce_loop": {"loop{segmap1}", "loop{segmap1}"},
		// Rows of a vectorised operator: one scalar hist over n*d.
		"hist_vec": {"seghist1", "seghist1"},
		// No kernel stores an iota, a replicate or the scalar code
		// between the maps: one kernel per nest, and as that is all
		// the inner version is, no outer version (oneKernel).
		"iota_nest": {"segmap2 segmap2", "segmap2 segmap2"},
	}
	for _, c := range cases() {
		w, ok := want[c.Name]
		if !ok {
			t.Errorf("%s: no expected structure", c.Name)
			continue
		}
		for i, opts := range []Options{{}, {MultiVersion: true}} {
			flat := flatten(t, c.Prog, opts)
			if got := sketch(flat.Funs[0].Body); got != w[i] {
				t.Errorf("%s (multi-versioning %v): host structure\n got %s\nwant %s", c.Name, opts.MultiVersion, got, w[i])
			}
		}
	}
}

// TestSeedExampleSequentialised checks the inside of the seed example's
// first nest: the scan and reduce over the irregular iota stay sequential
// SOACs in the segmap's body (the figure's "first map-map nest").
func TestSeedExampleSequentialised(t *testing.T) {
	for _, c := range testprogs.Rules() {
		if c.Name != "seed_example" {
			continue
		}
		flat := flatten(t, c.Prog, Options{})
		first := flat.Funs[0].Body.Stms[0].Exp.(*soac.SegMapExp)
		var scans, reds int
		for _, s := range first.Body.Stms {
			if e, ok := s.Exp.(*soac.ScremaExp); ok {
				scans += len(e.Scans)
				reds += len(e.Reds)
			}
		}
		if scans != 1 || reds != 1 {
			t.Errorf("first nest holds %d scans and %d reductions, want 1 and 1:\n%s", scans, reds, soac.Print(flat))
		}
	}
}

// TestThresholds checks the registered thresholds: unique, readable names
// derived from the function and the result, the default, one per version
// point, and the same names on every run.
func TestThresholds(t *testing.T) {
	var first string
	for run := range 2 {
		var names []string
		for _, c := range cases() {
			flat := flatten(t, c.Prog, Options{MultiVersion: true})
			uses := map[string]bool{}
			soac.VisitExps(flat.Funs[0].Body, func(e soac.Exp) {
				if th, ok := e.(*soac.ThresholdExp); ok {
					uses[th.Name] = true
				}
			})
			seen := map[string]bool{}
			for _, th := range flat.Thresholds {
				outer := th.Default == DefaultThreshold && strings.HasSuffix(th.Name, "_outer")
				intra := th.Default == intraThreshold && strings.HasPrefix(th.Name, "main.suff_intra_par_")
				if seen[th.Name] || !uses[th.Name] || !strings.HasPrefix(th.Name, "main.") || !outer && !intra {
					t.Errorf("%s: bad threshold %+v", c.Name, th)
				}
				seen[th.Name] = true
				names = append(names, th.Name)
			}
			if len(seen) != len(uses) {
				t.Errorf("%s: %d thresholds declared, %d used", c.Name, len(seen), len(uses))
			}
		}
		got := strings.Join(names, "\n")
		if run == 0 {
			first = got
		} else if got != first {
			t.Errorf("threshold names differ between runs:\n%s\n---\n%s", first, got)
		}
	}
	// The names of the seed's example, as tuning files will see them.
	for _, c := range testprogs.Rules() {
		if c.Name == "seed_example" {
			var names []string
			for _, th := range flatten(t, c.Prog, Options{MultiVersion: true}).Thresholds {
				names = append(names, th.Name)
			}
			want := "main.dist_asss_outer main.dist_asss_2_outer main.dist_ws_next_outer"
			if got := strings.Join(names, " "); got != want {
				t.Errorf("seed example thresholds %q, want %q", got, want)
			}
		}
	}
}

// TestInputUnchanged checks that flattening leaves its input alone.
func TestInputUnchanged(t *testing.T) {
	for _, c := range cases() {
		before := soac.Print(c.Prog)
		flatten(t, c.Prog, Options{MultiVersion: true})
		if soac.Print(c.Prog) != before {
			t.Errorf("%s: Flatten modified its input", c.Name)
		}
	}
}

// TestCoalesce checks where the coalescing transformation puts the
// column-major copies: the invariant matrix's before the host loop, the
// loop-variant one's inside it, before the kernel reading them.
func TestCoalesce(t *testing.T) {
	for _, c := range testprogs.Rules() {
		if c.Name != "coalesce_loop" {
			continue
		}
		flat := coalesce(t, flatten(t, c.Prog, Options{MultiVersion: true}))
		want := "rearrange[1 0] rearrange[1 0] loop{rearrange[1 0] rearrange[1 0] segmap1}"
		if got := sketch(flat.Funs[0].Body); got != want {
			t.Errorf("host structure\n got %s\nwant %s\n%s", got, want, soac.Print(flat))
		}
		return
	}
	t.Fatal("no coalesce_loop program")
}
