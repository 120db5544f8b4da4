package frontend

import "fmt"

// Sizes that depend on a function's arguments.
//
// A function such as iota : (n: i64) -> [n]i64, or a definition whose
// later parameter or result type names an earlier term parameter (def f
// (n: i64) (xs: [n]i32) = ...), has sizes given by the value of an
// argument. Passed unapplied to a higher-order function, such a size has
// no meaning outside the function's own type: if it reaches a parameter
// type of what the application returns (compose iota, uncurry f), no
// caller could ever supply an argument of that size. Futhark rejects
// this ("Existential size would appear in function parameter of return
// type"); the checker's function types do not record parameter names, so
// the dependent sizes are recognised at the argument instead.

// checkDependentArgs rejects the application e where an unapplied
// function argument with argument-dependent sizes leaks one of those
// sizes into a parameter type of the application's result, without the
// result also carrying it in a value (a witness array).
func (c *checker) checkDependentArgs(sc *scope, e *ApplyExp, params []Type, cur Type, argTs []Type) {
	for i, a := range e.Args {
		v, ok := stripParens(a).(*VarExp)
		if !ok || len(v.Qual) > 0 {
			continue
		}
		deps := c.dependentDims(sc, v, argTs[i])
		if len(deps) == 0 {
			continue
		}
		rest := cur
		for j := len(params) - 1; j > i; j-- {
			rest = TFun{Param: params[j], Result: rest}
		}
		rest = c.zonk(rest)
		param, produced := map[string]bool{}, map[string]bool{}
		c.dimUses(rest, param, produced)
		for k := range deps {
			if param[k] && !produced[k] {
				c.errorf(a.expPos(), "apply the function inside a lambda whose parameter sizes do not depend on its arguments (coerce with `:>` there), or pass it applied",
					"Cannot apply %q to %q (argument %d). Existential size would appear in function parameter of return type %s: a size in the type of %q depends on the value of one of its arguments, so no argument of that size could be given",
					fnName(e.Fn), v.Name, i+1, c.show(rest), v.Name)
			}
		}
	}
}

// dependentDims are the keys (depKey) of the sizes in t, the instantiated
// type of the unapplied function v, that are given by the value of one
// of v's arguments: the result size of iota and replicate, and the sizes
// a top-level definition's type names by its term parameters.
func (c *checker) dependentDims(sc *scope, v *VarExp, t Type) map[string]bool {
	if _, local := sc.lookup(v.Name); local {
		return nil
	}
	t = c.zonk(t)
	out := map[string]bool{}
	if g, ok := c.globals[v.Name]; ok {
		if g.prelude || g.decl == nil {
			return nil
		}
		terms := map[string]bool{}
		for _, p := range g.decl.Params {
			if n, ok := termParamName(p); ok && !c.sizeParamOf(g.decl, n) {
				terms[n] = true
			}
		}
		if len(terms) > 0 {
			c.matchDims(g.typ, t, func(decl, inst Dim) {
				if decl.Name != "" && terms[decl.Name] {
					if k := depKey(c.resolveDim(inst)); k != "" {
						out[k] = true
					}
				}
			})
		}
		return out
	}
	if v.Name != "iota" && v.Name != "replicate" {
		return nil
	}
	// The (last) result of iota : i64 -> [n]i64 or replicate : i64 -> a ->
	// [n]a: its outer size is the first argument.
	for {
		f, ok := t.(TFun)
		if !ok {
			break
		}
		t = f.Result
	}
	if a, ok := t.(TArray); ok && len(a.Dims) > 0 {
		if k := depKey(c.resolveDim(a.Dims[0])); k != "" {
			out[k] = true
		}
	}
	return out
}

// sizeParamOf says whether n is a size parameter [n] of d.
func (c *checker) sizeParamOf(d *ValDecl, n string) bool {
	for _, tp := range d.TypeParams {
		if tp.Size && tp.Name == n {
			return true
		}
	}
	return false
}

// termParamName is the name a parameter pattern binds as a whole (n or
// (n: t)), which later types of the definition may use as a size.
func termParamName(p Pat) (string, bool) {
	switch p := p.(type) {
	case *PId:
		return p.Name, true
	case *PAscript:
		return termParamName(p.Pat)
	}
	return "", false
}

// depKey identifies a size that a dependent function type introduces: an
// inferred size variable, an unknown size made at an instantiation, or a
// name. Other sizes (constants, the anonymous size) cannot be traced.
func depKey(d Dim) string {
	switch {
	case d.Var != 0:
		return fmt.Sprintf("v%d", d.Var)
	case d.Ext > 0:
		return fmt.Sprintf("x%d", d.Ext)
	case d.Name != "" && d.Add == nil:
		return "n:" + d.Name
	}
	return ""
}

// matchDims walks the declared type decl and its instance inst together,
// calling f on corresponding dimensions (up to decl's type variables,
// which the instance may have replaced by anything).
func (c *checker) matchDims(decl, inst Type, f func(decl, inst Dim)) {
	switch d := decl.(type) {
	case TArray:
		a, ok := inst.(TArray)
		if !ok {
			return
		}
		for i := 0; i < len(d.Dims) && i < len(a.Dims); i++ {
			f(d.Dims[i], a.Dims[i])
		}
	case TTuple:
		t, ok := inst.(TTuple)
		if !ok || len(t.Elems) != len(d.Elems) {
			return
		}
		for i := range d.Elems {
			c.matchDims(d.Elems[i], t.Elems[i], f)
		}
	case TRecord:
		r, ok := inst.(TRecord)
		if !ok || len(r.Fields) != len(d.Fields) {
			return
		}
		for i := range d.Fields {
			c.matchDims(d.Fields[i].Type, r.Fields[i].Type, f)
		}
	case TFun:
		g, ok := inst.(TFun)
		if !ok {
			return
		}
		c.matchDims(d.Param, g.Param, f)
		c.matchDims(d.Result, g.Result, f)
	}
}

// dimUses records the sizes of t (zonked) that occur in a parameter type
// of a function inside t (param) and those that a value of type t
// carries: outside any function type, counting the final result of t's
// own chain of arrows (produced). A size only in the results of function
// types inside t counts as neither.
func (c *checker) dimUses(t Type, param, produced map[string]bool) {
	for {
		f, ok := t.(TFun)
		if !ok {
			break
		}
		c.dimUsesAt(f.Param, param, param)
		t = f.Result
	}
	c.dimUsesAt(t, produced, param)
}

// dimUsesAt records in here the sizes of t outside function types; those
// in the parameters of function types go in param.
func (c *checker) dimUsesAt(t Type, here, param map[string]bool) {
	switch t := t.(type) {
	case TArray:
		if here != nil {
			for _, d := range t.Dims {
				if k := depKey(c.resolveDim(d)); k != "" {
					here[k] = true
				}
			}
		}
		c.dimUsesAt(t.Elem, here, param)
	case TTuple:
		for _, e := range t.Elems {
			c.dimUsesAt(e, here, param)
		}
	case TRecord:
		for _, fd := range t.Fields {
			c.dimUsesAt(fd.Type, here, param)
		}
	case TFun:
		c.dimUsesAt(t.Param, param, param)
		c.dimUsesAt(t.Result, nil, param)
	}
}

// constructiveUse says whether the existential size n is the size of an
// array in te outside function types, so that a value of the type
// carries it. A use in a size expression or in the arguments of a type
// abbreviation counts, which may accept more than Futhark does.
func constructiveUse(te TypeExp, n string) bool {
	size := func(s *SizeExp) bool {
		if s == nil {
			return false
		}
		if s.Name == n {
			return true
		}
		names := map[string]bool{}
		if s.Exp != nil {
			expNames(s.Exp, names)
		}
		return names[n]
	}
	switch t := te.(type) {
	case *TEName:
		for _, a := range t.Args {
			if a.Type != nil && constructiveUse(a.Type, n) || a.Type == nil && size(a.Size) {
				return true
			}
		}
	case *TEArray:
		return size(t.Dim) || constructiveUse(t.Elem, n)
	case *TETuple:
		for _, e := range t.Elems {
			if constructiveUse(e, n) {
				return true
			}
		}
	case *TERecord:
		for _, f := range t.Fields {
			if constructiveUse(f.Type, n) {
				return true
			}
		}
	case *TEUnique:
		return constructiveUse(t.Type, n)
	case *TEExistential:
		for _, m := range t.Sizes {
			if m == n {
				return false
			}
		}
		return constructiveUse(t.Type, n)
	}
	return false
}
