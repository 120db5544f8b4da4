package lower

import (
	"os"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestScratchPlan checks which segmaps get a private-scratch version: a
// map of one point per work-item that makes arrays of its own (a loop's
// array parameter, an array literal), and not maps that only read views
// of their inputs, straight-line streaming maps or row reductions.
func TestScratchPlan(t *testing.T) {
	want := map[string]bool{
		// testdata/scratch.ir
		"subst": true,
		"view":  false,
		// testdata/streaming.ir
		"light": false,
		"heavy": false,
		"rows":  false,
		"arr":   true,
	}
	seen := map[string]bool{}
	for _, file := range []string{"testdata/scratch.ir", "testdata/streaming.ir"} {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		p, err := soac.ParseProgram(string(text))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, f := range p.Funs {
			soac.VisitStms(f.Body, func(s *soac.Stm) {
				e, ok := s.Exp.(*soac.SegMapExp)
				if !ok || e.Level != soac.LevelThread {
					return
				}
				seen[f.Name] = true
				got := scratchPlan(e, planPoints(e))
				if (got != nil) != want[f.Name] {
					t.Errorf("%s: scratch plan %+v, want one: %v", f.Name, got, want[f.Name])
				}
				if got != nil && (got.Rule != soac.ScratchPrivate || got.Cap != privateScratchCap || got.Bytes != privateScratchBytes || got.Why == "") {
					t.Errorf("%s: scratch plan %+v", f.Name, got)
				}
			})
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no segmap in %s", name)
		}
	}
}
