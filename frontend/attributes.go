package frontend

import (
	"strings"

	"github.com/fcclang/fcc/soac"
)

// Expression attributes (#[attr] e). Futhark documents several that guide
// its optimiser (#[unsafe], #[sequential], #[incremental_flattening(...)],
// #[unroll], ...), which fcc accepts and does not act on, and two for its
// interpreter:
//
//   - #[trace] e and #[trace(label)] e print the value of e when the
//     interpreter evaluates it, on standard error, one line per
//     component: the label (the source location by default), a colon and
//     the value, as futhark run does. Compiled code ignores them.
//   - #[break] e stops Futhark's interactive interpreter at e; fcc has no
//     interactive interpreter, and ignores it everywhere.

// attrExp internalises #[attr] e.
func (ic *internaliser) attrExp(env *ienv, e *AttrExp) ival {
	v := ic.exp(env, e.X)
	label, ok := traceLabel(e.Attr)
	if !ok || v.fn != nil || len(v.fns) > 0 {
		return v
	}
	if label == "" {
		label = e.Pos.String()
	}
	// The values are bound again by statements marked for the
	// interpreter (soac.Stm.Trace).
	out := ival{ses: make([]soac.SubExp, len(v.ses))}
	for i, se := range v.ses {
		t := ic.typeOf(se)
		n := ic.names.New("trace")
		ic.types[n] = t
		ic.b.Add(&soac.Stm{Pat: []soac.Param{{Name: n, Type: t}}, Exp: &soac.SubExpExp{X: se}, Pos: e.Pos, Trace: label})
		out.ses[i] = soac.Var{Name: n}
	}
	return out
}

// traceLabel recognises trace and trace(label), giving the label.
func traceLabel(attr string) (string, bool) {
	if attr == "trace" {
		return "", true
	}
	if rest, ok := strings.CutPrefix(attr, "trace("); ok && strings.HasSuffix(rest, ")") {
		return strings.TrimSuffix(rest, ")"), true
	}
	return "", false
}
