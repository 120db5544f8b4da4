package frontend

import "fmt"

// Size-lifted type parameters (Futhark language reference, "Size types",
// "Higher-order functions"): when a higher-order function takes a function
// argument whose result type is a plain (non-lifted) type parameter, as
// map's b in
//
//	val map [n] 'a 'b : (a -> b) -> [n]a -> [n]b
//
// the type that parameter is instantiated with may not contain an
// existential size: a size created inside the function argument (the
// anonymous result size of filter, a slice or a range in a lambda body, a
// size that is a parameter of the lambda, the unknown result size of a
// named function such as filter passed partially applied), since every
// application of the function could give a different size and map's
// result would be irregular. A size-lifted parameter ('~b) or a fully
// lifted one ('^b, as in |>) may be instantiated with such a type:
//
//	map (\xs -> filter (>0) xs) xss    -- error
//	xs |> filter (>0)                  -- fine: '^b
//
// The checker marks the sizes it creates as anonymous (anonExt) where
// Futhark's would be existential to the caller; apply checks, for each
// function-valued argument, whether a plain type variable in a result
// position of the parameter's function type was instantiated with a type
// that has an anonymous size created while the argument was checked.

// existentialPrelude names the prelude functions whose result size is
// existential in Futhark (?[k].[k]t): it is not known until they return.
var existentialPrelude = map[string]bool{"filter": true, "partition": true, "partition2": true}

// freshAnon is a fresh anonymous size: an unknown size that a caller
// cannot know (an existential size once it leaves the function that
// computes it).
func (c *checker) freshAnon() Dim {
	d := c.freshExt()
	c.anonExt[d.Ext] = true
	return d
}

// isPlain says whether a type variable may not be instantiated with a type
// that has an existential size: an explicit 't (not '~t or '^t) or a
// plain type parameter of an intrinsic.
func (c *checker) isPlain(id int) bool {
	if c.plain[id] {
		return true
	}
	l, ok := c.lifted[id]
	return ok && l == ""
}

// freshPlain is a fresh plain type variable of an intrinsic, named as in
// Futhark's prelude for messages.
func (c *checker) freshPlain(name string, pos Pos) TVar {
	v := c.fresh(cAny, pos)
	c.plain[v.ID] = true
	c.tvName[v.ID] = name
	return v
}

// plainResultVars lists the plain type variables in result positions of
// the function types in t (the type of a higher-order parameter).
func (c *checker) plainResultVars(t Type, inResult bool, out []int) []int {
	switch t := c.resolve(t).(type) {
	case TVar:
		if inResult && c.isPlain(t.ID) {
			out = append(out, t.ID)
		}
	case TArray:
		return c.plainResultVars(t.Elem, inResult, out)
	case TTuple:
		for _, e := range t.Elems {
			out = c.plainResultVars(e, inResult, out)
		}
	case TRecord:
		for _, f := range t.Fields {
			out = c.plainResultVars(f.Type, inResult, out)
		}
	case TFun:
		out = c.plainResultVars(t.Param, false, out)
		return c.plainResultVars(t.Result, true, out)
	}
	return out
}

// anonSize finds an anonymous size created after lo and up to hi in t.
func (c *checker) anonSize(t Type, lo, hi int) bool {
	switch t := t.(type) {
	case TArray:
		for _, d := range t.Dims {
			d = c.resolveDim(d)
			if d.Ext > lo && d.Ext <= hi && c.anonExt[d.Ext] {
				return true
			}
			if d.Exist > lo && d.Exist <= hi {
				return true
			}
		}
		return c.anonSize(t.Elem, lo, hi)
	case TTuple:
		for _, e := range t.Elems {
			if c.anonSize(e, lo, hi) {
				return true
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if c.anonSize(f.Type, lo, hi) {
				return true
			}
		}
	}
	return false
}

// checkSizeLifting reports a plain type variable of a parameter's function
// type (vars, collected before unification) that the argument, checked
// while the name counter went from lo to hi, instantiated with a type that
// has a size it created.
func (c *checker) checkSizeLifting(vars []int, a Exp, i int, fn Exp, lo, hi int) {
	for _, id := range vars {
		t := c.zonk(TVar{ID: id})
		if !c.anonSize(t, lo, hi) {
			continue
		}
		name := c.tvName[id]
		if name == "" {
			name = fmt.Sprintf("t%d", id)
		}
		c.errorf(a.expPos(),
			fmt.Sprintf("the size of an array returned by a function argument must be known to the caller: bind it outside the function, or coerce the result with :> to a size bound outside; if %s is a type parameter of your own, declare it size-lifted ('~%s)", name, name),
			"argument %d of %s: type variable '%s cannot be instantiated with type %s, which contains a size that is not known until the function is applied (an anonymous size)",
			i+1, fnName(fn), name, c.show(nonUnique(t)))
	}
}

// nonUnique is t without uniqueness marks (a type variable's instance
// is not unique).
func nonUnique(t Type) Type {
	switch t := t.(type) {
	case TArray:
		return TArray{Elem: nonUnique(t.Elem), Dims: t.Dims}
	case TTuple:
		es := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = nonUnique(e)
		}
		return TTuple{Elems: es}
	case TRecord:
		fs := make([]RecordField, len(t.Fields))
		for i, f := range t.Fields {
			fs[i] = RecordField{f.Name, nonUnique(f.Type)}
		}
		return TRecord{Fields: fs}
	}
	return t
}

// innerExp says whether e mentions a name bound inside the innermost
// enclosing lambda or local function (so a size given by e goes out of
// scope when the function returns). Forms it does not know are taken as
// outer: the internaliser still rejects an irregular result.
func (c *checker) innerExp(sc *scope, e Exp) bool {
	if c.fnDepth == 0 {
		return false
	}
	switch e := e.(type) {
	case *VarExp:
		if len(e.Qual) == 0 {
			if b, ok := sc.lookup(e.Name); ok {
				// A size parameter of a local function is instantiated
				// by each application, so it is known to the caller.
				return b.depth >= c.fnDepth && !c.sizeBinding[b]
			}
		}
	case *ParenExp:
		return c.innerExp(sc, e.X)
	case *BinOpExp:
		return c.innerExp(sc, e.L) || c.innerExp(sc, e.R)
	case *NegateExp:
		return c.innerExp(sc, e.X)
	case *ApplyExp:
		if c.innerExp(sc, e.Fn) {
			return true
		}
		for _, a := range e.Args {
			if c.innerExp(sc, a) {
				return true
			}
		}
	case *ProjectExp:
		return c.innerExp(sc, e.X)
	case *IndexExp:
		return c.innerExp(sc, e.X)
	}
	return false
}

// expSize is the size an i64 expression denotes as an array size (the
// length of iota n, of a[:n], of 0..<n): a size the checker knows, an
// unknown size when e only mentions names of the enclosing scope (Futhark
// would name the size by e), or an anonymous size when e mentions a name
// bound inside the enclosing function.
func (c *checker) expSize(sc *scope, e Exp) Dim {
	if d, ok := c.argSize(sc, e); ok {
		return d
	}
	if c.innerExp(sc, e) {
		return c.freshAnon()
	}
	return c.freshExt()
}

// inheritName names the instance v of a quantified type variable q and
// carries q's plainness.
func (c *checker) inheritName(v, q int) {
	if n, ok := c.rigid[q]; ok {
		c.tvName[v] = n
	} else if n, ok := c.tvName[q]; ok {
		c.tvName[v] = n
	}
	if c.plain[q] {
		c.plain[v] = true
	}
}

// sliceDim is the size of one slice s of a dimension d where Futhark
// refines it (a slice read, not the target of an in-place update, nor an
// index section): with stride 1, j for a[:j] and a[0:j], d-i for a[i:],
// j-i for a[i:j]; with stride -1, d for a[::-1] and i-j for a[i:j:-1];
// otherwise an anonymous size, as Futhark's existential one. A bound
// the checker cannot name as a size (see boundSize) makes the size
// unknown, anonymous if the bound mentions a name bound inside the
// enclosing function.
func (c *checker) sliceDim(sc *scope, s Slice, d Dim) Dim {
	switch {
	case isOneOrNil(s.Step) && isZeroOrNil(s.Start):
		if s.End == nil {
			return d
		}
		return c.boundSize(sc, s.End)
	case isOneOrNil(s.Step):
		j := d
		if s.End != nil {
			j = c.boundSize(sc, s.End)
		}
		return arithDim('-', j, c.boundSize(sc, s.Start))
	case isMinusOne(s.Step) && s.Start == nil && s.End == nil:
		return d
	case isMinusOne(s.Step) && s.Start != nil && s.End != nil:
		return arithDim('-', c.boundSize(sc, s.Start), c.boundSize(sc, s.End))
	}
	return c.freshAnon()
}

// sliceDimLoose is the size of one slice s of a dimension d where
// Futhark does not refine it (the target of an in-place update, an index
// section): d itself for `:`, n for `:n` and `0:n` (n a variable or
// constant, stride 1), and otherwise an unknown size.
func (c *checker) sliceDimLoose(sc *scope, s Slice, d Dim) Dim {
	if s.Start == nil && s.End == nil && s.Step == nil {
		return d
	}
	if s.End != nil && isZeroOrNil(s.Start) && isOneOrNil(s.Step) && isNameOrConst(s.End) {
		return c.expSize(sc, s.End)
	}
	return c.freshAnon()
}

// boundSize is the size a slice bound e denotes: a size the checker
// knows (argSize), an expression over the enclosing scope's variables
// (termSize), and otherwise an unknown size, anonymous when e mentions a
// name bound inside the enclosing function.
func (c *checker) boundSize(sc *scope, e Exp) Dim {
	if d, ok := c.argSize(sc, e); ok {
		return d
	}
	if c.innerExp(sc, e) {
		return c.freshAnon()
	}
	if t, ok := c.termSize(sc, e); ok {
		return Dim{Term: t}
	}
	return c.freshExt()
}

// rangeDim is the size of a range: n for 0..<n and 1..2...n (n a variable
// or constant), as in Futhark, and otherwise an anonymous size.
func (c *checker) rangeDim(sc *scope, e *RangeExp) Dim {
	if !isNameOrConst(e.End) {
		return c.freshAnon()
	}
	switch {
	case e.EndKind == "..<" && isIntLit(e.Start, 0) && (e.Second == nil || isIntLit(e.Second, 1)):
		return c.expSize(sc, e.End)
	case e.EndKind == ".." && isIntLit(e.Start, 1) && isIntLit(e.Second, 2):
		return c.expSize(sc, e.End)
	}
	return c.freshAnon()
}

func isIntLit(e Exp, v int64) bool {
	e = stripParens(e)
	l, ok := e.(*IntLit)
	return ok && int64(l.Value) == v
}

func isZeroOrNil(e Exp) bool { return e == nil || isIntLit(e, 0) }
func isOneOrNil(e Exp) bool  { return e == nil || isIntLit(e, 1) }

func isMinusOne(e Exp) bool {
	if n, ok := stripParens(e).(*NegateExp); ok {
		return isIntLit(n.X, 1)
	}
	return isIntLit(e, -1)
}

func isNameOrConst(e Exp) bool {
	switch e := e.(type) {
	case *ParenExp:
		return isNameOrConst(e.X)
	case *IntLit:
		return true
	case *VarExp:
		return len(e.Qual) == 0
	}
	return false
}
