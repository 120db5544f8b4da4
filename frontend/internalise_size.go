package frontend

// Sizes: resolving the dimensions of declared types to IR operands,
// coercing a value to the shape its type declares (with a run-time check
// where they may differ), binding size parameters from arguments' shapes
// and solving size expressions ([n+m]t) against them. Size types are
// checked dynamically where the checker cannot tell statically, as
// Futhark does; this bookkeeping is separate from the lowering of
// expressions that asks for it.

import (
	"fmt"
	"maps"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// sizeResolver gives the IR operand of a dimension of a declared type in
// env, or nil where the dimension is not known there (an existential or
// unknown size, a size parameter that no argument bound, a size expression
// of an unsupported form). sizes are the size parameters of the function
// whose environment env is.
func (ic *internaliser) sizeResolver(env *ienv, sizes map[string]bool) func(Dim) soac.SubExp {
	var ok func(e Exp) bool
	name := func(n string) (soac.SubExp, bool) {
		var v ival
		var found bool
		if sizes[n] {
			v, found = env.vars[n]
		} else {
			v, found = env.lookup(n)
		}
		if !found || v.fn != nil || len(v.ses) != 1 {
			return nil, false
		}
		if t := ic.typeOf(v.ses[0]); t.Rank() != 0 || t.Elem != values.I64 {
			return nil, false
		}
		return v.ses[0], true
	}
	ok = func(e Exp) bool {
		switch e := e.(type) {
		case *ParenExp:
			return ok(e.X)
		case *IntLit:
			return true
		case *VarExp:
			if len(e.Qual) != 0 {
				return false
			}
			if _, found := name(e.Name); found {
				return true
			}
			_, global := ic.chk.globalRef[e]
			return global && !sizes[e.Name]
		case *BinOpExp:
			switch e.Op {
			case "+", "-", "*":
				return !e.Backtick && len(e.Qual) == 0 && ok(e.L) && ok(e.R)
			}
		case *ProjectExp:
			// A field of a parameter or local (unit [s.0] [s.1] for a
			// parameter s of a tuple type).
			x := e.X
			for {
				if p, isProj := x.(*ProjectExp); isProj {
					x = p.X
					continue
				}
				if p, isParen := x.(*ParenExp); isParen {
					x = p.X
					continue
				}
				break
			}
			v, isVar := x.(*VarExp)
			if !isVar || len(v.Qual) != 0 {
				return false
			}
			b, found := env.lookup(v.Name)
			return found && b.fn == nil
		}
		return false
	}
	return func(d Dim) soac.SubExp {
		switch {
		case d.Known:
			return i64c(d.Const)
		case d.Name != "":
			se, _ := name(d.Name)
			return se
		case d.Exp != nil:
			if !ok(d.Exp) {
				return nil
			}
			return ic.toI64(ic.exp(ic.globalsInSize(env, d.Exp), d.Exp).ses[0], d.Exp.expPos())
		}
		return nil
	}
}

// coerceShape gives the components ses of a value of type t the
// dimensions resolve gives for t's dimensions (nil: left as they are),
// with a run-time check (msg at pos) for each dimension that is not the
// same operand already, and a reshape for each component whose shape
// changes.
func (ic *internaliser) coerceShape(ses []soac.SubExp, t Type, resolve func(Dim) soac.SubExp, msg string, pos Pos) []soac.SubExp {
	return ic.coerceShapeTo(ses, ic.wantShapes(ses, t, resolve), msg, pos)
}

// wantShapes is the wanted shape (nil: unknown dimension) of each
// component ses of a value of the declared type t.
func (ic *internaliser) wantShapes(ses []soac.SubExp, t Type, resolve func(Dim) soac.SubExp) [][]soac.SubExp {
	want := make([][]soac.SubExp, len(ses))
	for i, se := range ses {
		want[i] = make([]soac.SubExp, ic.typeOf(se).Rank())
	}
	ic.wantDims(t, want, 0, resolve)
	return want
}

// coerceShapeTo is coerceShape with the wanted shapes computed.
func (ic *internaliser) coerceShapeTo(ses []soac.SubExp, want [][]soac.SubExp, msg string, pos Pos) []soac.SubExp {
	out := make([]soac.SubExp, len(ses))
	for i, se := range ses {
		at := ic.typeOf(se)
		shape := append([]soac.SubExp(nil), at.Shape...)
		changed := false
		for k, d := range want[i] {
			if d == nil || ic.sameSize(d, shape[k], 0) {
				continue
			}
			// An array with an outer dimension of constant size zero
			// has no elements: its inner dimensions may be any (the
			// rows of an empty literal [] are given zeros).
			if !emptyOuter(shape[:k]) {
				ic.assertEq(shape[k], d, msg, pos)
			}
			shape[k] = d
			changed = true
		}
		out[i] = se
		if v, isVar := se.(soac.Var); changed && isVar {
			out[i] = ic.let("coerced", soac.Type{Elem: at.Elem, Shape: shape, Unique: at.Unique}, &soac.ReshapeExp{Shape: shape, Arr: v.Name, Pos: pos}, pos)
		}
	}
	return out
}

// globalsInSize is env where the names of the size expression e that
// the checker resolved to top-level definitions mean them, though a
// parameter of the same name is bound (def size (s: [s k n]t), where
// the type is checked before s is bound).
func (ic *internaliser) globalsInSize(env *ienv, e Exp) *ienv {
	var out *ienv
	var walk func(Exp)
	walk = func(e Exp) {
		switch e := e.(type) {
		case *VarExp:
			d, global := ic.chk.globalRef[e]
			if _, shadowed := env.lookup(e.Name); global && shadowed && len(e.Qual) == 0 {
				if out == nil {
					out = env.child()
				}
				out.vars[e.Name] = ic.globalVal(d, ic.chk.inst[e])
			}
		case *ApplyExp:
			walk(e.Fn)
			for _, a := range e.Args {
				walk(a)
			}
		case *BinOpExp:
			walk(e.L)
			walk(e.R)
		case *ParenExp:
			walk(e.X)
		}
	}
	walk(e)
	if out == nil {
		return env
	}
	return out
}

// emptyOuter says whether one of the dimensions is the constant zero.
func emptyOuter(dims []soac.SubExp) bool {
	for _, d := range dims {
		if c, ok := d.(soac.Const); ok && c.Value.T.IsInt() && c.Value.Int() == 0 {
			return true
		}
	}
	return false
}

// sameSize says whether two i64 operands are provably equal: the same
// operand, or variables computed by the same operations from provably
// equal operands (the n+m of a declared type [n+m]t and the size of a
// concatenation), so that no check is needed.
func (ic *internaliser) sameSize(a, b soac.SubExp, depth int) bool {
	if soac.SameSubExp(a, b) {
		return true
	}
	if ca, ok := a.(soac.Const); ok {
		if cb, ok := b.(soac.Const); ok {
			return ca.Value.T.IsInt() && cb.Value.T.IsInt() && ca.Value.Int() == cb.Value.Int()
		}
	}
	if depth > 32 {
		return false
	}
	da, db := ic.defOf(a), ic.defOf(b)
	if x, ok := da.(*soac.SubExpExp); ok {
		return ic.sameSize(x.X, b, depth+1)
	}
	if y, ok := db.(*soac.SubExpExp); ok {
		return ic.sameSize(a, y.X, depth+1)
	}
	switch x := da.(type) {
	case *soac.BinOpExp:
		y, ok := db.(*soac.BinOpExp)
		if !ok || x.Op != y.Op || x.T != y.T {
			return false
		}
		if ic.sameSize(x.X, y.X, depth+1) && ic.sameSize(x.Y, y.Y, depth+1) {
			return true
		}
		switch x.Op {
		case soac.Add, soac.Mul, soac.Min, soac.Max:
			return ic.sameSize(x.X, y.Y, depth+1) && ic.sameSize(x.Y, y.X, depth+1)
		}
	case *soac.ConvOpExp:
		y, ok := db.(*soac.ConvOpExp)
		return ok && x.From == y.From && x.To == y.To && ic.sameSize(x.X, y.X, depth+1)
	}
	return false
}

// defOf returns the expression that computed the operand x, or nil for a
// constant or a variable not computed by a statement of this program
// (a parameter).
func (ic *internaliser) defOf(x soac.SubExp) soac.Exp {
	if v, ok := x.(soac.Var); ok {
		return ic.defs[v.Name]
	}
	return nil
}

// wantDims fills want (the wanted shapes of the components of a value of
// type t, from dimension strip on) with the resolved dimensions of t.
func (ic *internaliser) wantDims(t Type, want [][]soac.SubExp, strip int, resolve func(Dim) soac.SubExp) {
	switch t := t.(type) {
	case TArray:
		for i, d := range t.Dims {
			r := resolve(d)
			if r == nil {
				continue
			}
			for c := range want {
				if strip+i < len(want[c]) {
					want[c][strip+i] = r
				}
			}
		}
		ic.wantDims(t.Elem, want, strip+len(t.Dims), resolve)
	case TTuple:
		off := 0
		for _, e := range t.Elems {
			n := ic.components(e)
			ic.wantDims(e, want[off:off+n], strip, resolve)
			off += n
		}
	case TRecord:
		off := 0
		for _, f := range t.Fields {
			n := ic.components(f.Type)
			ic.wantDims(f.Type, want[off:off+n], strip, resolve)
			off += n
		}
	}
}

// eachDimSize calls visit with every dimension of the arrays in t and
// the size the value ses (t's components) has there; strip is the number
// of outer dimensions of the components that t does not describe.
func (ic *internaliser) eachDimSize(t Type, ses []soac.SubExp, strip int, visit func(d Dim, size soac.SubExp)) {
	switch t := t.(type) {
	case TArray:
		if len(ses) == 0 {
			return
		}
		shape := ic.typeOf(ses[0]).Shape[strip:]
		for i, d := range t.Dims {
			if i < len(shape) {
				visit(d, shape[i])
			}
		}
		ic.eachDimSize(t.Elem, ses, strip+len(t.Dims), visit)
	case TTuple:
		off := 0
		for _, e := range t.Elems {
			n := ic.components(e)
			ic.eachDimSize(e, ses[off:off+n], strip, visit)
			off += n
		}
	case TRecord:
		off := 0
		for _, f := range t.Fields {
			n := ic.components(f.Type)
			ic.eachDimSize(f.Type, ses[off:off+n], strip, visit)
			off += n
		}
	}
}

// bindSizes binds the size parameters that appear in the dimensions of t
// to the shape of the value; a size seen twice must be equal (a dynamic
// check, as Futhark inserts where it cannot tell statically).
func (ic *internaliser) bindSizes(env *ienv, t Type, ses []soac.SubExp, strip int, sizes map[string]bool, pos Pos) {
	ic.eachDimSize(t, ses, strip, func(d Dim, size soac.SubExp) {
		if d.Name == "" || !sizes[d.Name] {
			return
		}
		if prev, ok := env.vars[d.Name]; ok {
			ic.assertEq(prev.ses[0], size, fmt.Sprintf("size mismatch: size %s is bound to two different values", d.Name), pos)
			return
		}
		env.vars[d.Name] = scalar(size)
	})
}

// solveSizeExps binds the size parameters that are still unbound and
// occur in a size expression of t ([n+m]t, [inc n]t, [2**k]t) by matching
// the expression with the value's size, as Futhark unifies the size
// expressions of a parameter type with those of the argument's type: the
// argument's size must have been computed by the same operations
// (concatenation gives n+m, a declared or coerced type [inc n]t computes
// inc n), and the operands it was computed from bind the size
// parameters. A size that cannot be matched so is a compile error, as in
// Futhark.
func (ic *internaliser) solveSizeExps(env *ienv, t Type, ses []soac.SubExp, strip int, sizes map[string]bool, fname string, pos Pos) {
	ic.eachDimSize(t, ses, strip, func(d Dim, size soac.SubExp) {
		if d.Exp == nil || d.Name != "" {
			return
		}
		// The unbound size parameters, in order of appearance.
		var unbound []string
		seen := map[string]bool{}
		for _, n := range expNameList(d.Exp, nil) {
			if _, ok := env.vars[n]; sizes[n] && !ok && !seen[n] {
				seen[n] = true
				unbound = append(unbound, n)
			}
		}
		if len(unbound) == 0 {
			return
		}
		if !ic.solveSizeExp(env, d.Exp, unbound, size) {
			panic(&Diagnostic{Pos: pos,
				Msg:  fmt.Sprintf("cannot determine size parameter [%s] of %s: the argument's size is not written as %s", strings.Join(unbound, "] ["), fname, expString(d.Exp)),
				Hint: fmt.Sprintf("coerce the argument to the parameter's type (e :> [%s]t) with the size parameters given by names in scope", expString(d.Exp))})
		}
	})
}

// solveSizeExp matches the size expression e with the size se, binding
// the size parameters unbound in env, and says whether it succeeded. The
// expression is internalised with a placeholder for each unbound
// parameter into a body that is thrown away; its IR is then matched
// operation by operation with the IR that computed se.
func (ic *internaliser) solveSizeExp(env *ienv, e Exp, unbound []string, se soac.SubExp) bool {
	holes := map[soac.VName]soac.SubExp{}
	probe := ic.globalsInSize(env, e).child()
	for _, n := range unbound {
		v := ic.sizeVar(n)
		holes[v.Name] = nil
		probe.vars[n] = scalar(v)
	}
	var pat soac.SubExp
	ic.subBody(func() []soac.SubExp {
		pat = ic.toI64(ic.exp(probe, e).ses[0], e.expPos())
		return nil
	})
	if !ic.matchSize(pat, se, holes, 0) {
		return false
	}
	for _, n := range unbound {
		v := probe.vars[n].ses[0].(soac.Var)
		if holes[v.Name] == nil {
			return false
		}
		env.vars[n] = scalar(holes[v.Name])
	}
	return true
}

// matchSize matches pat, an i64 operand computed from the placeholders
// in holes, with se: a placeholder matches anything (once bound, only an
// operand provably equal to what it is bound to), and an operand computed
// by an operation matches one computed by the same operation from
// matching operands (in either order where the operation commutes).
func (ic *internaliser) matchSize(pat, se soac.SubExp, holes map[soac.VName]soac.SubExp, depth int) bool {
	if depth > 32 {
		return false
	}
	if v, ok := pat.(soac.Var); ok {
		if b, isHole := holes[v.Name]; isHole {
			if b == nil {
				holes[v.Name] = se
				return true
			}
			return ic.sameSize(b, se, 0)
		}
	}
	if !ic.mentionsHole(pat, holes, 0) {
		return ic.sameSize(pat, se, 0)
	}
	dp, ds := ic.defOf(pat), ic.defOf(se)
	if x, ok := dp.(*soac.SubExpExp); ok {
		return ic.matchSize(x.X, se, holes, depth+1)
	}
	if y, ok := ds.(*soac.SubExpExp); ok {
		return ic.matchSize(pat, y.X, holes, depth+1)
	}
	switch x := dp.(type) {
	case *soac.BinOpExp:
		y, ok := ds.(*soac.BinOpExp)
		if !ok || x.Op != y.Op || x.T != y.T {
			return false
		}
		saved := maps.Clone(holes)
		if ic.matchSize(x.X, y.X, holes, depth+1) && ic.matchSize(x.Y, y.Y, holes, depth+1) {
			return true
		}
		switch x.Op {
		case soac.Add, soac.Mul, soac.Min, soac.Max:
			maps.Copy(holes, saved)
			return ic.matchSize(x.X, y.Y, holes, depth+1) && ic.matchSize(x.Y, y.X, holes, depth+1)
		}
	case *soac.ConvOpExp:
		y, ok := ds.(*soac.ConvOpExp)
		return ok && x.From == y.From && x.To == y.To && ic.matchSize(x.X, y.X, holes, depth+1)
	}
	return false
}

// mentionsHole says whether the operand x is computed from a placeholder
// of holes.
func (ic *internaliser) mentionsHole(x soac.SubExp, holes map[soac.VName]soac.SubExp, depth int) bool {
	v, ok := x.(soac.Var)
	if !ok {
		return false
	}
	if _, isHole := holes[v.Name]; isHole {
		return true
	}
	if depth > 32 {
		return true
	}
	switch d := ic.defs[v.Name].(type) {
	case *soac.SubExpExp:
		return ic.mentionsHole(d.X, holes, depth+1)
	case *soac.ConvOpExp:
		return ic.mentionsHole(d.X, holes, depth+1)
	case *soac.BinOpExp:
		return ic.mentionsHole(d.X, holes, depth+1) || ic.mentionsHole(d.Y, holes, depth+1)
	case nil:
		return false
	}
	// Anything else computed from a placeholder cannot be matched; one
	// not computed from any is compared as a whole (sameSize).
	return false
}

// assertEq emits a run-time check that two i64 operands are equal.
func (ic *internaliser) assertEq(a, b soac.SubExp, msg string, pos Pos) {
	if soac.SameSubExp(a, b) {
		return
	}
	if ca, ok := a.(soac.Const); ok {
		if cb, ok := b.(soac.Const); ok && ca.Value.Int() == cb.Value.Int() {
			return
		}
	}
	c := ic.let("eq", soac.Prim(values.Bool), &soac.CmpOpExp{Op: soac.Eq, T: values.I64, X: a, Y: b}, pos)
	ic.let("check", soac.Prim(values.Bool), &soac.AssertExp{Cond: c, Msg: soac.EscapeFormat(msg), Pos: pos}, pos)
}
