package flatten

import (
	"github.com/fcclang/fcc/soac"
)

// nest is the map-nest context Σ of the flattening rules: the segment
// space built so far and, for every lambda parameter of the nest, the
// array element it stands for.
type nest struct {
	dims   []soac.SegDim
	params []soac.Param        // lambda parameters of all levels, outermost first
	rows   map[soac.VName]elem // parameter -> element of an array outside the nest
	pos    soac.Pos
}

// elem is arr[idx...]: a scalar or a row of an array bound outside the nest.
type elem struct {
	arr soac.VName
	idx []soac.SubExp
}

// extend returns the context with one more dimension, of size w, whose
// index selects the elements bound to lam's parameters from inputs.
// Inputs that are themselves parameters of the nest are traced back to the
// array outside the nest, so the kernel body indexes that array directly.
func (f *flattener) extend(n *nest, w soac.SubExp, inputs []soac.VName, lam *soac.Lambda, pos soac.Pos) *nest {
	i := f.fresh("gtid")
	m := &nest{
		dims:   append(append([]soac.SegDim(nil), n.dims...), soac.SegDim{Index: i, N: w}),
		params: append(append([]soac.Param(nil), n.params...), lam.Params...),
		rows:   make(map[soac.VName]elem, len(n.rows)+len(inputs)),
		pos:    pos,
	}
	for k, v := range n.rows {
		m.rows[k] = v
	}
	for k, p := range lam.Params {
		src := elem{arr: inputs[k]}
		if r, ok := n.rows[inputs[k]]; ok {
			src = elem{arr: r.arr, idx: r.idx}
		}
		src.idx = append(append([]soac.SubExp(nil), src.idx...), soac.Var{Name: i})
		m.rows[p.Name] = src
	}
	return m
}

// isParam reports whether name is a lambda parameter of the nest: a value
// that varies over the segment space.
func (n *nest) isParam(name soac.VName) bool {
	_, ok := n.rows[name]
	return ok
}

// variant reports whether an operand depends on the nest's parameters.
func (n *nest) variant(se soac.SubExp) bool {
	v, ok := se.(soac.Var)
	return ok && n.isParam(v.Name)
}

// manifest builds the body of a Seg-op over the nest: the statements that
// bind the nest parameters that inner uses free, by indexing the arrays
// outside the nest with the space indices, followed by inner.
func (n *nest) manifest(inner *soac.Body) *soac.Body {
	free := soac.FreeInBody(inner)
	var stms []*soac.Stm
	for _, p := range n.params {
		if !free[p.Name] {
			continue
		}
		r := n.rows[p.Name]
		stms = append(stms, &soac.Stm{
			Pat: []soac.Param{p},
			Exp: &soac.IndexExp{Arr: r.arr, Indices: r.idx, Pos: n.pos},
			Pos: n.pos,
		})
	}
	return &soac.Body{Stms: append(stms, inner.Stms...), Result: inner.Result}
}

// singleSoac returns the screma that is the whole of a lambda body: one
// statement whose results are the body's results, in order. Such a body
// is a perfect nest, the case the rules G2 and G5 look for.
func singleSoac(b *soac.Body) *soac.ScremaExp {
	if len(b.Stms) != 1 {
		return nil
	}
	s := b.Stms[0]
	e, ok := s.Exp.(*soac.ScremaExp)
	if !ok || len(s.Pat) != len(b.Result) {
		return nil
	}
	for i, r := range b.Result {
		if v, ok := r.(soac.Var); !ok || v.Name != s.Pat[i].Name {
			return nil
		}
	}
	return e
}
