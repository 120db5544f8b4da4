package backend

import (
	"os"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestStreamingMap checks which segmaps compute several points per
// work-item: light straight-line maps (stridedPoints) and reductions of
// one row per point (rowPoints).
func TestStreamingMap(t *testing.T) {
	text, err := os.ReadFile("testdata/streaming.ir")
	if err != nil {
		t.Fatal(err)
	}
	p, err := soac.ParseProgram(string(text))
	if err != nil {
		t.Fatal(err)
	}
	type kinds struct{ streaming, row bool }
	want := map[string]kinds{
		"light": {true, false},  // 4 statements, 2 reads
		"heavy": {false, false}, // 16 statements, 1 read
		"rows":  {false, true},  // a reduction of each row
		"arr":   {false, false}, // array results
	}
	seen := map[string]bool{}
	for _, f := range p.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			if e, ok := s.Exp.(*soac.SegMapExp); ok {
				seen[f.Name] = true
				_, row := rowReduceOf(e)
				if got := (kinds{streamingMap(e), row}); got != want[f.Name] {
					t.Errorf("%s: (streamingMap, rowReduceOf) = %v, want %v", f.Name, got, want[f.Name])
				}
			}
		})
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no segmap in %s", name)
		}
	}
}
