package lower

import (
	"os"
	"reflect"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestPointsRules checks which rule spreads each segmap's points over
// work-items: light straight-line maps compute several points per
// work-item, reductions of one row per point interchange tiny rows' loops
// with the points, and the others take one work-item per point.
func TestPointsRules(t *testing.T) {
	text, err := os.ReadFile("testdata/streaming.ir")
	if err != nil {
		t.Fatal(err)
	}
	p, err := soac.ParseProgram(string(text))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]soac.PointsPlan{
		"light": {Rule: soac.RuleStreaming, PerItem: 4, StridedFrom: 1 << 22},                      // 4 statements, 2 reads
		"heavy": {Rule: soac.RuleOnePerItem, PerItem: 1},                                           // 16 statements, 1 read
		"rows":  {Rule: soac.RuleRows, PerItem: 4, StridedFrom: 1 << 22, TinyRow: 4, Reduction: 1}, // a reduction of each row
		"arr":   {Rule: soac.RuleOnePerItem, PerItem: 1},                                           // array results
	}
	seen := map[string]bool{}
	for _, f := range p.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			e, ok := s.Exp.(*soac.SegMapExp)
			if !ok {
				return
			}
			seen[f.Name] = true
			got := planPoints(e)
			if got.Why == "" {
				t.Errorf("%s: rule %s gives no reason", f.Name, got.Rule)
			}
			got.Why = ""
			if !reflect.DeepEqual(got, want[f.Name]) {
				t.Errorf("%s: plan %+v, want %+v", f.Name, got, want[f.Name])
			}
		})
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no segmap in %s", name)
		}
	}
}
