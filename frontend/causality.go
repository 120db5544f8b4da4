package frontend

import "fmt"

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
				src := e.Args[i]
				for {
					p, ok := src.(*ParenExp)
					if !ok {
						break
					}
					src = p.X
				}
				at := src.expPos()
				what := expString(src)
				if a, ok := src.(*ApplyExp); ok {
					what = "the call of " + fnName(a.Fn)
				}
				c.errorf(e.Args[j].expPos(),
					fmt.Sprintf("bind the expression producing %q with let beforehand", name),
					"causality check: size %q needed for the type of argument %d of %s: %s; but %q is computed by argument %d (%s at %d:%d), which is evaluated after argument %d",
					name, j+1, fnName(e.Fn), c.show(need), name, i+1, what, at.Line, at.Col, j+1)
			}
		}
	}
}

// producedSizes walks a parameter type and its argument's type in
// parallel and collects the sizes created in the argument (Ext in
// (lo, hi]) and the size variables of the parameter bound to them.
func (c *checker) producedSizes(p, a Type, lo, hi int, out map[int]bool) {
	switch at := a.(type) {
	case TArray:
		pt, _ := p.(TArray)
		for k, d := range at.Dims {
			d = c.resolveDim(d)
			if d.Ext > lo && d.Ext <= hi {
				out[-d.Ext] = true
				if len(pt.Dims) == len(at.Dims) {
					if pd := c.resolveDim(pt.Dims[k]); pd.Var != 0 {
						out[pd.Var] = true
						if _, ok := c.dimName[pd.Var]; ok {
							c.extName(d.Ext, pd.Var)
						}
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
	}
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
	switch t := t.(type) {
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
	}
	return Dim{}, nil, false
}
