package frontend

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// The causality restriction (Futhark language reference, "Causality
// restriction"; error index "causality-check"): a size must be known,
// i.e. computed, before a value whose type uses it is constructed. The
// arguments of an application are evaluated before the function, the last
// argument first, so in f a b the argument b is evaluated before a. When
// a computes a size that it does not get from a value bound before (the
// anonymous result size of a call such as filter, of a slice or a range:
// Dim.Ext, created while a is checked) and that size is needed by the
// type of a function-valued argument evaluated before a (a lambda whose
// parameter gets that size, an operator section, a polymorphic function),
// Futhark rejects the program:
//
//	def f [n] (xs: [n]i32) (g: [n]i32 -> i32) = g xs
//	def main (xs: []i32) = f (filter (>0) xs) (\ys -> ys[0])
//
// Binding the argument with let first makes the size known. Value
// arguments that need such a size are size mismatches in Futhark; fcc
// checks those at run time, as other unknown sizes.

func (c *checker) freshExt() Dim {
	c.next++
	return Dim{Ext: c.next}
}

// causality checks an application whose arguments have been checked and
// unified with the parameter types params; argument i was checked while
// the fresh-name counter went from lo[i] to hi[i].
func (c *checker) causality(e *ApplyExp, params, argTs []Type, lo, hi []int) {
	for i := range e.Args {
		if argTs[i] == nil {
			continue
		}
		// The sizes argument i computes: Ext sizes created while it was
		// checked, and the size variables of its parameter type that
		// stand for them.
		made := map[int]bool{}
		c.producedSizes(c.zonk(params[i]), c.zonk(argTs[i]), lo[i], hi[i], made)
		if len(made) == 0 {
			continue
		}
		for j := len(e.Args) - 1; j > i; j-- {
			if d, need, ok := c.needsSize(c.zonk(params[j]), made, false); ok {
				name := c.causalName(d)
				src := stripParens(e.Args[i])
				at := src.expPos()
				what := expString(src)
				if a, ok := src.(*ApplyExp); ok {
					what = "the call of " + fnName(a.Fn)
				}
				c.errorf(e.Args[j].expPos(),
					fmt.Sprintf("bind the expression producing %q with let beforehand", name),
					"Causality check: size %q needed for the type of argument %d of %s: %s; but %q is computed by argument %d (%s at %d:%d), which is evaluated after argument %d",
					name, j+1, fnName(e.Fn), c.show(need), name, i+1, what, at.Line, at.Col, j+1)
			}
		}
	}
}

// causalityFn checks that the function of an application is not a local
// value bound before the arguments were computed (a lambda bound with
// let, which is not let-polymorphic) whose type needs a size that an
// argument computes:
//
//	let f = \ys -> map (+1) ys in f (filter (>0) xs)
//
// Futhark rejects this at the lambda, whose parameter type has a size
// that is only known once filter has run.
func (c *checker) causalityFn(sc *scope, e *ApplyExp, params, argTs []Type, lo, hi []int) {
	fn := stripParens(e.Fn)
	v, ok := fn.(*VarExp)
	if !ok || len(v.Qual) > 0 {
		return
	}
	b, ok := sc.lookup(v.Name)
	if !ok || b.localFun || len(b.quant) > 0 {
		return
	}
	for i := range e.Args {
		if argTs[i] == nil {
			continue
		}
		made := map[int]bool{}
		c.producedSizes(c.zonk(params[i]), c.zonk(argTs[i]), lo[i], hi[i], made)
		if len(made) == 0 {
			continue
		}
		if d, need, ok := c.needsSize(c.zonk(b.t), made, false); ok {
			what, at := c.producer(e.Args[i])
			c.errorf(e.Args[i].expPos(),
				fmt.Sprintf("bind the result of %s with let before %s is bound", what, v.Name),
				"Causality check: %s needed for the type of %s (bound at %d:%d): %s; but it is computed by argument %d (%s at %d:%d), after %s was bound",
				c.sizeRef(d), v.Name, b.pos.Line, b.pos.Col, c.show(need), i+1, what, at.Line, at.Col, v.Name)
		}
	}
}

// causalityBinOp checks an operator application whose left operand, a
// function, is evaluated before its right operand (Futhark evaluates the
// left operand of an operator first): the left operand's type may not
// need a size the right operand computes, as in
//
//	length <| filter (>0) xs
//
// param is the type the operator's function expects of the right operand,
// rt the right operand's type (checked while the name counter went from
// lo to hi), lt the left operand's type.
func (c *checker) causalityBinOp(e *BinOpExp, left, right Exp, lt, param, rt Type, lo, hi int) {
	made := map[int]bool{}
	c.producedSizes(c.zonk(param), c.zonk(rt), lo, hi, made)
	if len(made) == 0 {
		return
	}
	if d, need, ok := c.needsSize(c.zonk(lt), made, false); ok {
		what, at := c.producer(right)
		hint := fmt.Sprintf("bind the result of %s with let beforehand", what)
		if e.Op == "<|" {
			hint += ", or write x |> f (whose left operand x is evaluated first)"
		}
		c.errorf(left.expPos(), hint,
			"Causality check: %s needed for the type of the left operand of %s: %s; but it is computed by the right operand (%s at %d:%d), which is evaluated after the left operand",
			c.sizeRef(d), e.Op, c.show(need), what, at.Line, at.Col)
	}
}

// sizeRef names a size for a message: size "n" when it stands for a
// size parameter, otherwise an anonymous size.
func (c *checker) sizeRef(d Dim) string {
	name := c.causalName(d)
	if strings.HasPrefix(name, "?") {
		return "an anonymous size"
	}
	return fmt.Sprintf("size %q", name)
}

// producer describes the expression that computes a size, for messages.
func (c *checker) producer(src Exp) (string, Pos) {
	src = stripParens(src)
	what := expString(src)
	if a, ok := src.(*ApplyExp); ok {
		what = "the call of " + fnName(a.Fn)
	}
	return what, src.expPos()
}

// producedSizes walks a parameter type and its argument's type in
// parallel and collects the sizes created in the argument (Ext in
// (lo, hi]) and the size variables of the parameter bound to them.
func (c *checker) producedSizes(p, a Type, lo, hi int, out map[int]bool) {
	a, p = c.sumView(a), c.sumView(p)
	switch at := a.(type) {
	case TArray:
		pt, _ := p.(TArray)
		for k, d := range at.Dims {
			d = c.resolveDim(d)
			if d.Ext > lo && d.Ext <= hi && c.anonExt[d.Ext] {
				out[-d.Ext] = true
				if len(pt.Dims) == len(at.Dims) {
					if pd := c.resolveDim(pt.Dims[k]); pd.Var != 0 {
						out[pd.Var] = true
					}
					// The size parameter the parameter's size was
					// instantiated from names it (the size variable may
					// now stand for the existential size itself).
					if v := c.namedVar(pt.Dims[k]); v != 0 {
						out[v] = true
						c.extName(d.Ext, v)
					}
				}
			}
		}
		c.producedSizes(pt.Elem, at.Elem, lo, hi, out)
	case TTuple:
		pt, _ := p.(TTuple)
		for k, e := range at.Elems {
			var pe Type
			if len(pt.Elems) == len(at.Elems) {
				pe = pt.Elems[k]
			}
			c.producedSizes(pe, e, lo, hi, out)
		}
	case TRecord:
		pt, _ := p.(TRecord)
		for k, f := range at.Fields {
			var pe Type
			if len(pt.Fields) == len(at.Fields) {
				pe = pt.Fields[k].Type
			}
			c.producedSizes(pe, f.Type, lo, hi, out)
		}
	case TSum:
		pt, _ := p.(TSum)
		for _, k := range at.Constrs {
			var pk SumConstr
			for _, q := range pt.Constrs {
				if q.Name == k.Name {
					pk = q
				}
			}
			for n, e := range k.Payload {
				var pe Type
				if len(pk.Payload) == len(k.Payload) {
					pe = pk.Payload[n]
				}
				c.producedSizes(pe, e, lo, hi, out)
			}
		}
	}
}

// namedVar follows the size variables d is bound to and returns the
// first that was instantiated from a named size parameter, or 0.
func (c *checker) namedVar(d Dim) int {
	for d.Var != 0 {
		if _, ok := c.dimName[d.Var]; ok {
			return d.Var
		}
		next, ok := c.dsubst[d.Var]
		if !ok {
			return 0
		}
		d = next
	}
	return 0
}

// extName remembers the size parameter name a created size is bound to,
// for messages.
func (c *checker) extName(ext, v int) {
	if _, ok := c.dimName[-ext]; !ok {
		c.dimName[-ext] = c.dimName[v]
	}
}

func (c *checker) causalName(d Dim) string {
	if d.Var != 0 {
		if n, ok := c.dimName[d.Var]; ok {
			return n
		}
		return fmt.Sprintf("?%d", d.Var)
	}
	if n, ok := c.dimName[-d.Ext]; ok {
		return n
	}
	return fmt.Sprintf("?%d", d.Ext)
}

// needsSize finds a size of made inside a function type in t (the type of
// a lambda, section or function argument); it returns the size and the
// function type.
func (c *checker) needsSize(t Type, made map[int]bool, inFun bool) (Dim, Type, bool) {
	switch t := c.sumView(t).(type) {
	case TArray:
		if inFun {
			for _, d := range t.Dims {
				d = c.resolveDim(d)
				if d.Var != 0 && made[d.Var] {
					return Dim{Var: d.Var}, nil, true
				}
				if d.Ext != 0 && made[-d.Ext] {
					return Dim{Ext: d.Ext}, nil, true
				}
			}
		}
		return c.needsSize(t.Elem, made, inFun)
	case TTuple:
		for _, e := range t.Elems {
			if d, f, ok := c.needsSize(e, made, inFun); ok {
				return d, f, ok
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if d, ft, ok := c.needsSize(f.Type, made, inFun); ok {
				return d, ft, ok
			}
		}
	case TFun:
		for _, x := range []Type{t.Param, t.Result} {
			if d, f, ok := c.needsSize(x, made, true); ok {
				if f == nil {
					f = t
				}
				return d, f, ok
			}
		}
	case TSum:
		for _, k := range t.Constrs {
			for _, p := range k.Payload {
				if d, f, ok := c.needsSize(p, made, inFun); ok {
					return d, f, ok
				}
			}
		}
	}
	return Dim{}, nil, false
}

// causalityLambda checks the sizes a lambda argument computes in its
// body and returns in its result: they exist only once the lambda is
// applied, so no other argument's type may need them, whichever is
// evaluated first (sumtype52 of Futhark's tests):
//
//	def ite b t f = if b then t () else f ()
//	entry main b : option ([]i32) = ite b (\() -> #None) (\() -> #Some (gen ()))
//
// where gen returns an array of a size it computes: the type of the
// first lambda needs that size.
func (c *checker) causalityLambda(e *ApplyExp, params, argTs []Type, lo, hi []int) {
	for i, a := range e.Args {
		if _, isLambda := stripParens(a).(*LambdaExp); !isLambda || argTs[i] == nil {
			continue
		}
		made := map[int]bool{}
		pt, at := c.zonk(params[i]), c.zonk(argTs[i])
		for {
			af, ok := at.(TFun)
			if !ok {
				break
			}
			pf, _ := pt.(TFun)
			at, pt = c.zonk(af.Result), c.zonk(pf.Result)
		}
		c.producedSizes(pt, at, lo[i], hi[i], made)
		if len(made) == 0 {
			continue
		}
		for j := range e.Args {
			if j == i {
				continue
			}
			if d, need, ok := c.needsSize(c.zonk(params[j]), made, false); ok {
				c.errorf(e.Args[j].expPos(),
					"bind the lambda's result with let in its body and return a value whose size the caller knows, or compute the size outside the lambda",
					"Causality check: %s needed for the type of argument %d of %s: %s; but it is computed inside the body of the lambda of argument %d (at %d:%d), which exists only when that lambda is applied",
					c.sizeRef(d), j+1, fnName(e.Fn), c.show(need), i+1, a.expPos().Line, a.expPos().Col)
			}
		}
	}
}

// sumView is t, or the constructors known of t when it is a type
// variable that has some (a sum type inferred from its uses), as a sum
// type.
func (c *checker) sumView(t Type) Type {
	v, ok := t.(TVar)
	if !ok {
		return t
	}
	ks := c.sums.constrs[v.ID]
	if len(ks) == 0 {
		return t
	}
	sum := TSum{}
	for _, name := range slices.Sorted(maps.Keys(ks)) {
		ps := make([]Type, len(ks[name]))
		for k, p := range ks[name] {
			ps[k] = c.zonk(p)
		}
		sum.Constrs = append(sum.Constrs, SumConstr{Name: name, Payload: ps})
	}
	return sum
}
