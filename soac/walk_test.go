package soac

import (
	"sort"
	"strings"
	"testing"
)

func nameList(m map[VName]bool) string {
	var s []string
	for n := range m {
		s = append(s, string(n))
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}

func TestFreeAndBound(t *testing.T) {
	p := mustParse(t, readFile(t, "testdata/all_nodes.ir"))
	main := p.Fun("main")
	if got := nameList(FreeInBody(main.Body)); got != "b_5 is_3 m_4 n_2 xs_1" {
		t.Errorf("FreeInBody(main) = %s", got)
	}
	var screma *ScremaExp
	var stms int
	VisitExps(main.Body, func(e Exp) {
		if s, ok := e.(*ScremaExp); ok {
			screma = s
		}
	})
	VisitStms(main.Body, func(*Stm) { stms++ })
	if stms != 40 {
		t.Errorf("VisitStms saw %d statements", stms)
	}
	if got := nameList(FreeInExp(screma)); got != "n_2 xs_1" {
		t.Errorf("FreeInExp(screma) = %s", got)
	}
	if got := nameList(BoundInExp(screma)); got != "mx_48 ra_45 rb_46 rc_47 sa_42 sb_43 sc_44" {
		t.Errorf("BoundInExp(screma) = %s", got)
	}
	if got := nameList(FreeInLambda(screma.Reds[0].Op)); got != "" {
		t.Errorf("FreeInLambda(reduce op) = %s", got)
	}
	// A size bound in the same pattern is not free; a lambda's result
	// type may name a size bound in its body.
	b, err := ParseBody("let {k: i64, ys: [k]f32} = apply f (zs) : {i64, [k]f32}\nlet {w: [k]f32} = copy ys\nin {w, q}")
	if err != nil {
		t.Fatal(err)
	}
	if got := nameList(FreeInBody(b)); got != "q zs" {
		t.Errorf("FreeInBody = %s", got)
	}
	if got := nameList(BoundInBody(b)); got != "k w ys" {
		t.Errorf("BoundInBody = %s", got)
	}
	all := AllNames(p)
	for _, n := range []VName{"n_2", "hr_69", "gi_60", "i_35"} {
		if !all[n] {
			t.Errorf("AllNames misses %s", n)
		}
	}
}
