package lower

import (
	"os"
	"reflect"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestIndependentParts checks which maps get a work-item per part of a
// point: two loops, each serving its own result, make two parts; a loop
// serving both results, or a loop beside straight-line work, none.
func TestIndependentParts(t *testing.T) {
	text, err := os.ReadFile("testdata/parts.ir")
	if err != nil {
		t.Fatal(err)
	}
	p, err := soac.ParseProgram(string(text))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][][]int{"two": {{0}, {1}}, "shared": nil, "light": nil}
	seen := map[string]bool{}
	for _, f := range p.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			e, ok := s.Exp.(*soac.SegMapExp)
			if !ok {
				return
			}
			seen[f.Name] = true
			got := independentParts(e, planPoints(e))
			if !reflect.DeepEqual(got, want[f.Name]) {
				t.Errorf("%s: parts %v, want %v", f.Name, got, want[f.Name])
			}
			if got == nil {
				return
			}
			// Each part's slice holds its own loop and the shared index,
			// not the other part's loop.
			for _, part := range got {
				var rs []soac.SubExp
				for _, i := range part {
					rs = append(rs, e.Body.Result[i])
				}
				sl := soac.BodySlice(e.Body, rs)
				loops := 0
				for _, st := range sl.Stms {
					if _, ok := st.Exp.(*soac.LoopExp); ok {
						loops++
					}
				}
				if loops != 1 || len(sl.Stms) != 2 {
					t.Errorf("%s: part %v computes %d statements, %d loops; want the index and its loop", f.Name, part, len(sl.Stms), loops)
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
