package rewrite

import (
	"github.com/fcclang/fcc/soac"
)

// CSE removes a statement whose expression is congruent to that of an
// earlier statement in scope (the same operator on the same operands,
// commutative operands in a canonical order, nested lambdas and bodies
// equal up to the names they bind) and uses the earlier results instead.
// Not for expressions with effects, that consume an array, or copies
// (which exist to be consumed), nor when either array result is consumed,
// or, for an expression making a fresh array, may be consumed through
// another name (an if's or loop's result, a view, a unique result of the
// function): two consumers must not share one array. Two equal views
// already share their array, so merging them shares nothing new.
var CSE = &Rule{
	Name: "cse",
	Doc:  "common subexpression elimination by congruence",
	Match: func(c *Ctx, s *soac.Stm) any {
		if len(s.Pat) == 0 {
			return nil
		}
		switch s.Exp.(type) {
		case *soac.SubExpExp, *soac.CopyExp:
			return nil
		}
		if hasEffect(s.Exp) || consumes(s.Exp) {
			return nil
		}
		t := c.Available(s)
		if t == nil {
			return nil
		}
		return t
	},
	Guard: func(c *Ctx, s *soac.Stm, m any) bool {
		t := m.(*soac.Stm)
		for i, p := range s.Pat {
			q := t.Pat[i]
			if p.Type.String() != q.Type.String() {
				return false
			}
			if p.Type.Rank() > 0 && (c.Consumed(p.Name) || c.Consumed(q.Name)) {
				return false
			}
			if p.Type.Rank() > 0 && !isView(s.Exp) && (c.MayBeConsumed(p.Name) || c.MayBeConsumed(q.Name)) {
				return false
			}
		}
		return true
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		t := m.(*soac.Stm)
		sub := map[soac.VName]soac.SubExp{}
		for i, p := range s.Pat {
			sub[p.Name] = soac.Var{Name: t.Pat[i].Name}
		}
		return &Replacement{Subst: sub}
	},
}

// isView reports whether e names part or all of an existing array rather
// than making a fresh one.
func isView(e soac.Exp) bool {
	switch e.(type) {
	case *soac.IndexExp, *soac.SliceExp, *soac.ReshapeExp, *soac.RearrangeExp:
		return true
	}
	return false
}
