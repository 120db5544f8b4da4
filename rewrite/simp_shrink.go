package rewrite

import "github.com/fcclang/fcc/soac"

// Shrinking (the seed's restriction of β-reduction to bindings used zero
// times or once). In A-normal form an operand is a variable or a
// constant, so the only single-use bindings that can be inlined without
// duplicating work or breaking the form are copies: a binding of another
// variable (copy propagation) or of a constant (constant propagation).
// Dead-code removal is the zero-use case.

// DeadCode removes a statement none of whose results is used and that has
// no effect. An assertion is an effect; a computation that might fail is
// not (as in Futhark, an unused index out of bounds may be removed).
var DeadCode = &Rule{
	Name: "dead-code",
	Doc:  "remove a statement whose results are unused and that has no effect",
	Match: func(c *Ctx, s *soac.Stm) any {
		for _, p := range s.Pat {
			if c.Uses(p.Name) > 0 {
				return nil
			}
		}
		if hasEffect(s.Exp) {
			return nil
		}
		return s
	},
	Apply: func(c *Ctx, s *soac.Stm, _ any) *Replacement { return &Replacement{} },
}

// CopyPropagate replaces the uses of x by y after let x = y. For arrays
// only when neither is consumed: an in-place update of one must not become
// an update of the other.
var CopyPropagate = &Rule{
	Name: "copy-propagate",
	Doc:  "let x = y: replace x by y",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.SubExpExp)
		if !ok || len(s.Pat) != 1 {
			return nil
		}
		v, ok := e.X.(soac.Var)
		if !ok {
			return nil
		}
		return v
	},
	Guard: func(c *Ctx, s *soac.Stm, m any) bool {
		v := m.(soac.Var)
		if s.Pat[0].Type.Rank() == 0 {
			return true
		}
		return !c.Consumed(v.Name) && !c.Consumed(s.Pat[0].Name)
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		return &Replacement{Subst: map[soac.VName]soac.SubExp{s.Pat[0].Name: m.(soac.Var)}}
	},
}

// ConstPropagate replaces the uses of x by the constant k after let x = k,
// so that constant folding sees constants as operands.
var ConstPropagate = &Rule{
	Name: "const-propagate",
	Doc:  "let x = k (a constant): replace x by k",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.SubExpExp)
		if !ok || len(s.Pat) != 1 {
			return nil
		}
		k, ok := e.X.(soac.Const)
		if !ok {
			return nil
		}
		return k
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		return &Replacement{Subst: map[soac.VName]soac.SubExp{s.Pat[0].Name: m.(soac.Const)}}
	},
}

// AssertTrue replaces an assertion of a condition known to hold by its
// result, true: it can no longer fail, and dead-code then removes it when
// the result is unused (as the checks of coercions the checker proved are).
var AssertTrue = &Rule{
	Name: "assert-true",
	Doc:  "assert true msg → true",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.AssertExp)
		if !ok {
			return nil
		}
		if k, ok := c.Const(e.Cond); ok && k.Bool() {
			return e
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, _ any) *Replacement {
		return &Replacement{Stms: []*soac.Stm{letSub(s.Pat[0], soac.Const{Value: soac.BoolValue(true)}, s.Pos)}}
	},
}
