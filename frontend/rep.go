package frontend

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// rep x is Futhark's `def rep 't [n] (x: t) : *[n]t = replicate n x`: an
// array of x whose size n only the context gives (an ascription, a
// parameter type, another array it must match). Its size parameter is used
// in no parameter, which fcc's definitions do not allow, so it is an
// intrinsic whose size the internaliser reads from the type the checker
// inferred for the use, in the scope of the use.
func init() {
	intrinsics["rep"] = intrinsic{1, func(c *checker, p Pos) Type {
		a := c.fresh(cAny, p)
		t := arrD(c.freshDim(), a).(TArray)
		t.Unique = true
		return fn(a, t)
	}, func(ic *internaliser, e *VarExp, args []ival, pos Pos) ival {
		panic(fmt.Sprintf("frontend: internalise: %s: rep outside varExp", pos))
	}}
}

// repVal is the function value of a use e of rep in env.
func (ic *internaliser) repVal(env *ienv, e *VarExp) ival {
	var n soac.SubExp
	if f, ok := ic.typeOfExp(e).(TFun); ok {
		if a, ok := f.Result.(TArray); ok && len(a.Dims) > 0 {
			d := a.Dims[0]
			n = ic.sizeResolver(env, nil)(d)
			if v, ok := env.lookup(implicitKey(d.Name)); ok && n == nil && d.Name != "" {
				n = v.ses[0]
			}
		}
	}
	return ival{fn: &funVal{arity: 1, call: func(ic *internaliser, args []ival, pos Pos) ival {
		if n == nil {
			panic(&Diagnostic{Pos: e.Pos, Msg: "the size of rep's result is not known here",
				Hint: "give the result a type with its size, (rep x : [n]t), or use replicate n x"})
		}
		var out ival
		for _, x := range args[0].ses {
			xt := ic.typeOf(x)
			out.ses = append(out.ses, ic.let("rep", xt.ArrayOf(n), &soac.ReplicateExp{Shape: []soac.SubExp{n}, X: x}, pos))
		}
		return out
	}}}
}

// implicitKey is the name under which an implicit size parameter (d₁, a
// parameter's `[]`) is bound for rep (see bindImplicitSizes): a key no
// source name can be, so that nothing else sees it.
func implicitKey(name string) string { return "\x00size " + name }

// bindImplicitSizes binds the implicit size parameters of a function's
// parameters to the arguments' sizes, under implicitKey, so that rep can
// find a size that only such a parameter names (map2 (+) xs (rep 0)).
// It emits no code: the sizes are those the arguments already have.
func (ic *internaliser) bindImplicitSizes(env *ienv, params []Pat, args []ival) {
	if len(ic.chk.implicit) == 0 {
		return
	}
	for i, p := range params {
		if i >= len(args) || args[i].fn != nil {
			continue
		}
		ic.eachDimSize(ic.declType(ic.chk.patTypes[p]), args[i].ses, 0, func(d Dim, size soac.SubExp) {
			if d.Name == "" || !ic.chk.implicit[d.Name] {
				return
			}
			if _, ok := env.vars[implicitKey(d.Name)]; !ok {
				env.vars[implicitKey(d.Name)] = scalar(size)
			}
		})
	}
}
