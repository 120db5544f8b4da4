package backend

import (
	"os"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestStreamingMap checks which segmaps compute several points per
// work-item: light straight-line maps only.
func TestStreamingMap(t *testing.T) {
	text, err := os.ReadFile("testdata/streaming.ir")
	if err != nil {
		t.Fatal(err)
	}
	p, err := soac.ParseProgram(string(text))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		"light": true,  // 4 statements, 2 reads
		"heavy": false, // 16 statements, 1 read
		"rows":  false, // a loop over each row
		"arr":   false, // array results
	}
	seen := map[string]bool{}
	for _, f := range p.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			if e, ok := s.Exp.(*soac.SegMapExp); ok {
				seen[f.Name] = true
				if got := streamingMap(e); got != want[f.Name] {
					t.Errorf("%s: streamingMap = %v, want %v", f.Name, got, want[f.Name])
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
