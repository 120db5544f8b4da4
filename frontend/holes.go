package frontend

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// HoleExp is `???`, a placeholder for an expression not written yet: it
// has any type, and reaching it at run time is an error located at the
// hole, as in Futhark ("Reached hole of type: t").
type HoleExp struct{ Pos Pos }

func (e *HoleExp) expPos() Pos { return e.Pos }

// hole internalises ???: a failing assertion, then blank values of the
// hole's type (zeros, empty arrays where a size is not known), which are
// never used since the assertion stops the program first.
func (ic *internaliser) hole(e *HoleExp) ival {
	return ic.holeOf(ic.typeOfExp(e), e)
}

// holeOf is a hole of type t. A hole of function type is a function whose
// application is a hole of its result type, as Futhark's FunctionHole.
func (ic *internaliser) holeOf(t Type, e *HoleExp) ival {
	if f, ok := t.(TFun); ok {
		arity := 0
		res := Type(f)
		for {
			g, ok := res.(TFun)
			if !ok {
				break
			}
			arity++
			res = g.Result
		}
		return ival{fn: &funVal{arity: arity, call: func(ic *internaliser, _ []ival, _ Pos) ival {
			return ic.holeOf(res, e)
		}}}
	}
	if containsFun(t) {
		panic(&Diagnostic{Pos: e.Pos, Msg: fmt.Sprintf("a hole of function type %s cannot be compiled", typeString(t)),
			Hint: "write the function, or give the hole the function's result type"})
	}
	no := soac.Const{Value: soac.BoolValue(false)}
	msg := "Reached hole of type: " + typeString(t)
	ic.let("hole_c", soac.Prim(values.Bool), &soac.AssertExp{Cond: no, Msg: soac.EscapeFormat(msg), Pos: e.Pos}, e.Pos)
	resolve := ic.sizeResolver(&ienv{vars: map[string]ival{}}, nil)
	var ses []soac.SubExp
	dims := leafDims(t)
	for i, l := range leaves(t) {
		if l.rank == 0 {
			ses = append(ses, ic.blank(l, e.Pos))
			continue
		}
		shape := make([]soac.SubExp, l.rank)
		for d := range shape {
			shape[d] = soac.I64(0)
			if i < len(dims) && d < len(dims[i]) {
				if se := resolve(dims[i][d]); se != nil {
					shape[d] = se
				}
			}
		}
		zero := ic.blank(leaf{l.elem, 0}, e.Pos)
		ses = append(ses, ic.let("hole", soac.Array(l.elem, shape...), &soac.ReplicateExp{Shape: shape, X: zero}, e.Pos))
	}
	return ival{ses: ses}
}
