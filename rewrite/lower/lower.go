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
	err := each(p, func(_ *soac.Stm, l *SegOp) error {
		if l != nil {
			out = append(out, l)
		}
		return nil
	})
	return out, err
}

// each calls f on every Seg-op of p in program order with its lowering,
// nil for a tiled map, and stops at f's first error.
func each(p *soac.Program, f func(*soac.Stm, *SegOp) error) error {
	for _, fn := range p.Funs {
		var err error
		// segmap_groups and their inner Seg-ops have fixed forms
		// (group.go).
		grouped := inGroups(fn.Body)
		soac.VisitStms(fn.Body, func(s *soac.Stm) {
			if err != nil || grouped[s] {
				return
			}
			if m, ok := s.Exp.(*soac.SegMapExp); ok && m.Tile != nil {
				err = f(s, nil)
				return
			}
			var l *SegOp
			if l, err = Stm(s); l != nil {
				err = f(s, l)
			}
		})
		if err != nil {
			return fmt.Errorf("%s: %v", fn.Name, err)
		}
	}
	return nil
}

// Explain runs the pass (Run) and returns the derivations of p's Seg-ops,
// in program order; a tiled map is named with a pointer to its plan.
func Explain(p *soac.Program) (*soac.Program, string, error) {
	var b strings.Builder
	err := each(p, func(s *soac.Stm, l *SegOp) error {
		if l == nil {
			fmt.Fprintf(&b, "-- segmap %s: block-tiled by the tiling pass (its derivation is under tile)\n", stmName(s))
			return nil
		}
		b.WriteString(l.String())
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	out, err := Run(p)
	if err != nil {
		return nil, "", err
	}
	return out, b.String(), nil
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

// PassCarries reports whether a low-level form's chunks take their
// carries from a pass of their own over the chunks' totals
// (propagate-global): a three-phase scan.
func PassCarries(e lift.Expr) bool {
	return contains(e, func(x lift.Expr) bool {
		p, ok := x.(*lift.Propagate)
		return ok && p.Level == lift.PropagateGlobal
	})
}

// GlobalBins reports whether a low-level form updates a histogram's bins in
// global memory (hist-global).
func GlobalBins(e lift.Expr) bool { return hasHist(e, lift.HistGlobal) }

// LocalBins reports whether a low-level form keeps a work-group's bins in
// local memory (hist-local).
func LocalBins(e lift.Expr) bool { return hasHist(e, lift.HistLocal) }

func hasHist(e lift.Expr, level lift.HistLevel) bool {
	return contains(e, func(x lift.Expr) bool {
		h, ok := x.(*lift.Hist)
		return ok && h.Level == level
	})
}

// ItemsAlone reports whether a low-level form has work-items fold alone:
// map-global and nothing shared by a work-group.
func ItemsAlone(e lift.Expr) bool {
	shared := contains(e, func(x lift.Expr) bool {
		m, ok := x.(*lift.Map)
		return ok && (m.Kind == lift.MapWorkgroup || m.Kind == lift.MapLocal)
	})
	global := contains(e, func(x lift.Expr) bool {
		m, ok := x.(*lift.Map)
		return ok && m.Kind == lift.MapGlobal
	})
	return global && !shared
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
