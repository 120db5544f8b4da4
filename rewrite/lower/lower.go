package lower

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/rewrite/lift"
	"github.com/fcclang/fcc/soac"
)

// Program lowers every Seg-op of p that Lift's patterns state, in program
// order.
func Program(p *soac.Program) ([]*SegOp, error) {
	var out []*SegOp
	var err error
	for _, f := range p.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			if err != nil {
				return
			}
			var l *SegOp
			if l, err = Stm(s); l != nil {
				out = append(out, l)
			}
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f.Name, err)
		}
	}
	return out, nil
}

// Check is the lowering pass as a step of the pipeline: the program is
// unchanged (the backend lowers each Seg-op as it compiles it), but every
// Seg-op must lower.
func Check(p *soac.Program) (*soac.Program, error) {
	_, err := Program(p)
	return p, err
}

// Explain returns p and the derivations of its Seg-ops.
func Explain(p *soac.Program) (*soac.Program, string, error) {
	ls, err := Program(p)
	if err != nil {
		return nil, "", err
	}
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.String())
	}
	return p, b.String(), nil
}

// Forms prints the low-level form of every version of every Seg-op of p,
// one line each: what `fcc dev --print-after=lower` adds to the IR.
func Forms(p *soac.Program) (string, error) {
	ls, err := Program(p)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, l := range ls {
		for _, v := range l.Versions {
			name := stmName(l.Stm)
			if v.Name != "" {
				name += " (" + v.Name + ")"
			}
			fmt.Fprintf(&b, "-- lowered %s %s = %s\n", l.Kind, name, lift.Print(v.Final()))
		}
	}
	return b.String(), nil
}

// Strided reports whether a low-level form distributes elements over
// work-items with a reorder-stride: work-items read interleaved elements,
// which the derivation allows only when the operator is commutative.
func Strided(e lift.Expr) bool {
	return contains(e, func(x lift.Expr) bool { _, ok := x.(*lift.ReorderStride); return ok })
}

// GroupCombines reports whether a work-group combines its items' partial
// results together (reduce-local) rather than one work-item in order.
func GroupCombines(e lift.Expr) bool {
	return contains(e, func(x lift.Expr) bool { r, ok := x.(*lift.Reduce); return ok && r.Local })
}

// LooksBack reports whether a low-level form takes work-groups' carries
// from the groups before them (propagate-lookback): a single-pass scan.
func LooksBack(e lift.Expr) bool {
	return contains(e, func(x lift.Expr) bool {
		p, ok := x.(*lift.Propagate)
		return ok && p.Level == lift.PropagateLookback
	})
}

// OnePerItem reports whether a low-level form is map-global: one
// work-item per point and nothing shared.
func OnePerItem(e lift.Expr) bool {
	m, ok := e.(*lift.Map)
	return ok && m.Kind == lift.MapGlobal
}

func contains(e lift.Expr, pred func(lift.Expr) bool) bool {
	if pred(e) {
		return true
	}
	for _, c := range lift.Children(e) {
		if contains(c, pred) {
			return true
		}
	}
	return false
}
