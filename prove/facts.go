package prove

import (
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file is what the branches of an if tell the range analysis: inside
// the then branch of `if c`, c is true, inside the else branch it is
// false, and what that says about the i64 names c compares (x < y, x <= y,
// x == y, x != y) holds there. Conditions are looked through negation,
// logical and (in its then branch), logical or (in its else branch) and
// the short-circuit ifs that && and || become (`if a then true else b`).
// Facts hold only inside their branch: prove.go adds them when it enters
// one and drops them when it leaves it.

// factKind says what a fact says of its name x.
type factKind int

const (
	factLo factKind = iota // x >= s + k
	factHi                 // x <= s + k
	factNe                 // x != k (s is "")
)

// fact is a bound on the value of i64 name x where the fact holds; s is a
// name or "" for the constant k. Bounds are in mathematical integers.
type fact struct {
	x    soac.VName
	kind factKind
	s    soac.VName
	k    int64
}

// maxCondDepth bounds how far conditions are looked through.
const maxCondDepth = 16

// assume returns the facts that hold where bool operand c has value v.
// It knows nothing of what it does not understand, which is always safe:
// facts only ever narrow ranges.
func assume(defs map[soac.VName]soac.Exp, c soac.SubExp, v bool) []fact {
	var fs []fact
	assumeInto(defs, c, v, 0, &fs)
	return fs
}

func assumeInto(defs map[soac.VName]soac.Exp, c soac.SubExp, v bool, depth int, fs *[]fact) {
	x, ok := c.(soac.Var)
	if !ok || depth >= maxCondDepth {
		return
	}
	switch e := defs[x.Name].(type) {
	case *soac.SubExpExp:
		assumeInto(defs, e.X, v, depth+1, fs)
	case *soac.UnOpExp:
		if e.Op == soac.Not && e.T == values.Bool {
			assumeInto(defs, e.X, !v, depth+1, fs)
		}
	case *soac.BinOpExp:
		if e.T != values.Bool {
			return
		}
		// a && b true: both true; a || b false: both false. The other
		// outcomes say only that one of them is, which is not kept.
		and := e.Op == soac.LogAnd || e.Op == soac.And || e.Op == soac.Min
		or := e.Op == soac.LogOr || e.Op == soac.Or || e.Op == soac.Max
		if (and && v) || (or && !v) {
			assumeInto(defs, e.X, v, depth+1, fs)
			assumeInto(defs, e.Y, v, depth+1, fs)
		}
	case *soac.IfExp:
		// if a then t else u has value v: where t is a constant other
		// than v, a was false and u is v; where u is, a was true and t
		// is v (&& and || as the frontend writes them).
		if len(e.Then.Result) != 1 || len(e.Else.Result) != 1 {
			return
		}
		t, u := e.Then.Result[0], e.Else.Result[0]
		if isBool(t, !v) {
			assumeInto(defs, e.Cond, false, depth+1, fs)
			assumeInto(defs, u, v, depth+1, fs)
		} else if isBool(u, !v) {
			assumeInto(defs, e.Cond, true, depth+1, fs)
			assumeInto(defs, t, v, depth+1, fs)
		}
	case *soac.CmpOpExp:
		// Only signed i64 comparisons: the analysis bounds i64 values.
		if e.T != values.I64 {
			return
		}
		compare(e.Op, e.X, e.Y, v, fs)
	}
}

// isBool reports whether se is the bool constant b.
func isBool(se soac.SubExp, b bool) bool {
	c, ok := se.(soac.Const)
	return ok && c.Value.T == values.Bool && c.Value.Bool() == b
}

// compare adds the facts of `x op y` having value v.
func compare(op soac.CmpOp, x, y soac.SubExp, v bool, fs *[]fact) {
	switch {
	case op == soac.Lt && v: // x <= y - 1
		le(x, y, -1, fs)
	case op == soac.Lt: // y <= x
		le(y, x, 0, fs)
	case op == soac.Le && v: // x <= y
		le(x, y, 0, fs)
	case op == soac.Le: // y <= x - 1
		le(y, x, -1, fs)
	case op == soac.Eq && v:
		le(x, y, 0, fs)
		le(y, x, 0, fs)
	case op == soac.Eq:
		ne(x, y, fs)
		ne(y, x, fs)
	}
}

// le adds the facts of x <= y + k: an upper bound on x and a lower bound
// on y. A bound that does not fit an i64 is left out.
func le(x, y soac.SubExp, k int64, fs *[]fact) {
	xs, xk, ok1 := term(x)
	ys, yk, ok2 := term(y)
	if !ok1 || !ok2 {
		return
	}
	if xs != "" {
		// x <= ys + yk + k
		if b, ok := addK(yk, k); ok {
			*fs = append(*fs, fact{x: xs, kind: factHi, s: ys, k: b})
		}
	}
	if ys != "" {
		// y >= xs + xk - k
		if b, ok := addK(xk, -k); ok {
			*fs = append(*fs, fact{x: ys, kind: factLo, s: xs, k: b})
		}
	}
}

// ne adds the fact x != y where x is a name and y a constant.
func ne(x, y soac.SubExp, fs *[]fact) {
	xv, ok1 := x.(soac.Var)
	c, ok2 := i64Const(y)
	if ok1 && ok2 {
		*fs = append(*fs, fact{x: xv.Name, kind: factNe, k: c})
	}
}

// term splits an i64 operand into name and constant (name + 0, or "" + c).
func term(se soac.SubExp) (soac.VName, int64, bool) {
	if v, ok := se.(soac.Var); ok {
		return v.Name, 0, true
	}
	c, ok := i64Const(se)
	return "", c, ok
}
