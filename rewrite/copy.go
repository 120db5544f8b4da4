package rewrite

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// Rewriting uses one structural traversal, soac.Copier: a deep copy of IR
// that substitutes operands for the names it uses and, optionally, gives
// the names it binds new ones. Substitution, renaming (to copy a lambda
// without breaking the uniqueness of names) and the canonical form used to
// compare expressions up to the names they bind are all instances of it,
// as renaming and substitution are in the seed's simultaneous
// substitution.

// substStm returns s with subst applied, or s itself when s uses none of
// the substituted names: unchanged statements stay shared, so that caches
// keyed by statement stay valid.
func substStm(s *soac.Stm, subst map[soac.VName]soac.SubExp) *soac.Stm {
	if len(subst) == 0 {
		return s
	}
	used := soac.FreeInExp(s.Exp)
	hit := false
	for n := range subst {
		if used[n] {
			hit = true
			break
		}
	}
	if !hit {
		for _, p := range s.Pat {
			for _, d := range p.Type.Shape {
				if v, ok := d.(soac.Var); ok && subst[v.Name] != nil {
					hit = true
				}
			}
		}
	}
	if !hit {
		return s
	}
	return soac.NewCopier(subst, nil).Stm(s)
}

// canonicalKey is the text of an expression with the names it binds
// replaced by canonical ones (%1, %2, ...) and the operands of commutative
// operators in a fixed order: two expressions with the same key compute
// the same values from the same free variables (congruence, as the seed
// defines it).
func canonicalKey(e soac.Exp) string {
	n := 0
	c := soac.NewCopier(nil, func(soac.VName) soac.VName {
		n++
		return soac.VName(fmt.Sprintf("%%%d", n))
	})
	ce := c.Exp(e)
	ce = commuteCanonical(ce)
	st := &soac.Stm{Exp: ce}
	txt := soac.PrintBody(&soac.Body{Stms: []*soac.Stm{st}})
	return txt
}

// commuteCanonical orders the operands of a commutative scalar operator.
func commuteCanonical(e soac.Exp) soac.Exp {
	switch b := e.(type) {
	case *soac.BinOpExp:
		if commutative(b.Op) && operandLess(b.Y, b.X) {
			return &soac.BinOpExp{Op: b.Op, T: b.T, X: b.Y, Y: b.X}
		}
	case *soac.CmpOpExp:
		if b.Op == soac.Eq && operandLess(b.Y, b.X) {
			return &soac.CmpOpExp{Op: b.Op, T: b.T, X: b.Y, Y: b.X}
		}
	}
	return e
}

// operandLess is a total order on operands: constants before variables,
// then by text.
func operandLess(a, b soac.SubExp) bool {
	_, ac := a.(soac.Const)
	_, bc := b.(soac.Const)
	if ac != bc {
		return ac
	}
	return seString(a) < seString(b)
}

func seString(x soac.SubExp) string {
	switch x := x.(type) {
	case soac.Var:
		return string(x.Name)
	case soac.Const:
		return x.Value.String()
	}
	return "?"
}

// commutative reports whether x op y = y op x for every type op is
// defined on (float addition and multiplication commute in IEEE
// arithmetic; min and max as fmin/fmax do too, NaNs aside, which they
// ignore symmetrically).
func commutative(op soac.BinOp) bool {
	switch op {
	case soac.Add, soac.Mul, soac.And, soac.Or, soac.Xor, soac.LogAnd, soac.LogOr, soac.Min, soac.Max:
		return true
	}
	return false
}
