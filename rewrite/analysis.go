package rewrite

import (
	"github.com/fcclang/fcc/soac"
)

// hasEffect reports whether evaluating an expression does something
// besides computing its results that must not be removed: an assertion,
// anywhere inside it, or a call (whose callee may assert).
//
// Failures of ordinary operations (an index out of bounds, a division by
// zero) are not effects: as in Futhark, a computation whose result is
// never used may be removed even if it would have failed. Rules never add
// failures, though: see canFail.
func hasEffect(e soac.Exp) bool {
	eff := false
	soac.VisitExp(e, func(x soac.Exp) {
		switch x.(type) {
		case *soac.AssertExp, *soac.ApplyExp:
			eff = true
		}
	})
	return eff
}

// consumes reports whether an expression consumes one of its array
// operands (it then must not be duplicated, merged or moved).
func consumes(e soac.Exp) bool {
	found := false
	soac.VisitExp(e, func(x soac.Exp) {
		switch x.(type) {
		case *soac.UpdateExp, *soac.HistExp, *soac.SegHistExp, *soac.ScatterExp, *soac.ApplyExp:
			found = true
		}
	})
	return found
}

// canFail reports whether evaluating an expression may fail at run time
// or not terminate. Statements that may fail must not be moved to where
// they would run when the original program would not run them (out of a
// loop that may run zero times, out of a map over a possibly empty array).
// It is conservative: false means it certainly cannot fail.
func canFail(c *Ctx, e soac.Exp) bool {
	switch e := e.(type) {
	case *soac.SubExpExp, *soac.CmpOpExp, *soac.ConvOpExp, *soac.UnOpExp,
		*soac.CopyExp, *soac.RearrangeExp, *soac.CallPrimExp:
		return false
	case *soac.BinOpExp:
		if e.T.IsFloat() || e.T == boolean {
			return false
		}
		switch e.Op {
		case soac.Div, soac.Mod, soac.Quot, soac.Rem:
			v, ok := c.Const(e.Y)
			return !ok || v.Bits == 0
		case soac.Pow:
			if !e.T.IsSigned() {
				return false
			}
			v, ok := c.Const(e.Y)
			return !ok || v.Int() < 0
		}
		return false
	case *soac.IotaExp:
		return !c.NonNeg(e.N)
	case *soac.ReplicateExp:
		for _, d := range e.Shape {
			if !c.NonNeg(d) {
				return true
			}
		}
		return false
	case *soac.ArrayLitExp:
		return false
	case *soac.IfExp:
		return bodyCanFail(c, e.Then) || bodyCanFail(c, e.Else)
	case *soac.LoopExp:
		if _, ok := e.Form.(soac.WhileLoop); ok {
			return true // may not terminate
		}
		return bodyCanFail(c, e.Body)
	case *soac.ScremaExp:
		for _, in := range e.Inputs {
			t, ok := c.TypeOf(in)
			if !ok || t.Rank() == 0 || !soac.SameSubExp(t.Shape[0], e.W) {
				return true // the sizes might not match
			}
		}
		for _, s := range e.Scans {
			if bodyCanFail(c, s.Op.Body) {
				return true
			}
		}
		for _, r := range e.Reds {
			if bodyCanFail(c, r.Op.Body) {
				return true
			}
		}
		return bodyCanFail(c, e.Map.Body)
	}
	return true
}

func bodyCanFail(c *Ctx, b *soac.Body) bool {
	for _, s := range b.Stms {
		if canFail(c, s.Exp) {
			return true
		}
	}
	return false
}

func isVar(x soac.SubExp, n soac.VName) bool {
	v, ok := x.(soac.Var)
	return ok && v.Name == n
}

// letSub is the statement p = x.
func letSub(p soac.Param, x soac.SubExp, pos soac.Pos) *soac.Stm {
	return &soac.Stm{Pat: []soac.Param{p}, Exp: &soac.SubExpExp{X: x}, Pos: pos}
}

func constOf(v soac.PrimValue) soac.SubExp { return soac.Const{Value: v} }

func patNames(s *soac.Stm) map[soac.VName]bool {
	m := make(map[soac.VName]bool, len(s.Pat))
	for _, p := range s.Pat {
		m[p.Name] = true
	}
	return m
}

// boundIn returns the names bound by a list of statements (at their own
// level).
func boundBy(stms []*soac.Stm) map[soac.VName]bool {
	m := map[soac.VName]bool{}
	for _, s := range stms {
		for _, p := range s.Pat {
			m[p.Name] = true
		}
	}
	return m
}
