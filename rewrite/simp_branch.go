package rewrite

import (
	"github.com/fcclang/fcc/soac"
)

// Branch pruning: an if whose outcome is known at compile time, or whose
// branches do not differ, is replaced by the statements of one branch.

// inlineBranch binds the pattern of an if to the results of one branch,
// after that branch's statements (whose names stay unique: the other
// branch is dropped).
func inlineBranch(s *soac.Stm, b *soac.Body) *Replacement {
	stms := append([]*soac.Stm(nil), b.Stms...)
	for i, p := range s.Pat {
		stms = append(stms, letSub(p, b.Result[i], s.Pos))
	}
	return &Replacement{Stms: stms}
}

// IfConst replaces an if with a constant condition by the branch taken.
var IfConst = &Rule{
	Name: "if-const",
	Doc:  "if true then a else b → a; if false then a else b → b",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.IfExp)
		if !ok {
			return nil
		}
		k, ok := c.Const(e.Cond)
		if !ok {
			return nil
		}
		if k.Bool() {
			return e.Then
		}
		return e.Else
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement { return inlineBranch(s, m.(*soac.Body)) },
}

// IfSame replaces an if whose branches are the same up to the names they
// bind by one of them: the condition does not matter.
var IfSame = &Rule{
	Name: "if-same",
	Doc:  "if c then a else a → a",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.IfExp)
		if !ok || canonicalBody(e.Then) != canonicalBody(e.Else) {
			return nil
		}
		return e.Then
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement { return inlineBranch(s, m.(*soac.Body)) },
}

// canonicalBody is the text of a body with its bound names made canonical.
func canonicalBody(b *soac.Body) string {
	return canonicalKey(&soac.IfExp{Cond: soac.Const{Value: soac.BoolValue(true)}, Then: b, Else: &soac.Body{}})
}

// IfResult removes from an if the results that do not depend on the
// branch taken: the same operand (bound outside the if) in both branches
// becomes that operand, and a boolean result that is true in one branch
// and false in the other becomes the condition or its negation (so
// if c then true else false is c).
var IfResult = &Rule{
	Name: "if-result",
	Doc:  "results of an if that do not depend on the branch: same operand in both, or c / not c",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.IfExp)
		if !ok {
			return nil
		}
		inner := soac.BoundInBody(e.Then)
		for n := range soac.BoundInBody(e.Else) {
			inner[n] = true
		}
		for k := range s.Pat {
			a, b := e.Then.Result[k], e.Else.Result[k]
			if soac.SameSubExp(a, b) {
				if v, ok := a.(soac.Var); !ok || !inner[v.Name] {
					return k
				}
			}
			if isBool(a, true) && isBool(b, false) || isBool(a, false) && isBool(b, true) {
				return k
			}
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		e := s.Exp.(*soac.IfExp)
		k := m.(int)
		p := s.Pat[k]
		var bind *soac.Stm
		a := e.Then.Result[k]
		switch {
		case isBool(a, true) && isBool(e.Else.Result[k], false):
			bind = letSub(p, e.Cond, s.Pos)
		case isBool(a, false) && isBool(e.Else.Result[k], true):
			bind = &soac.Stm{Pat: []soac.Param{p}, Exp: &soac.UnOpExp{Op: soac.Not, T: boolean, X: e.Cond}, Pos: s.Pos}
		default:
			bind = letSub(p, a, s.Pos)
		}
		drop := func(xs []soac.SubExp) []soac.SubExp {
			return append(append([]soac.SubExp(nil), xs[:k]...), xs[k+1:]...)
		}
		ne := &soac.IfExp{
			Cond:  e.Cond,
			Then:  &soac.Body{Stms: e.Then.Stms, Result: drop(e.Then.Result)},
			Else:  &soac.Body{Stms: e.Else.Stms, Result: drop(e.Else.Result)},
			Types: append(append([]soac.Type(nil), e.Types[:k]...), e.Types[k+1:]...),
		}
		pat := append(append([]soac.Param(nil), s.Pat[:k]...), s.Pat[k+1:]...)
		return &Replacement{Stms: []*soac.Stm{{Pat: pat, Exp: ne, Pos: s.Pos}, bind}}
	},
}
