package flatten

import (
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// nest is the map-nest context Σ of the flattening rules: the segment
// space built so far and, for every value that varies over it, the array
// element it stands for. Such values are the lambda parameters of the
// maps of the nest (rule G2), the results of statements that rule G4
// distributed into arrays of their own, and the merge parameters of loops
// interchanged outwards (rule G7).
//
// The seed writes Σ as a sequence of map contexts M x y; keeping, for each
// bound variable, the array outside the whole nest and the index into it
// is the same information flattened: a map context over an array that is
// itself a parameter of an outer map context is traced back to the outer
// array with one more index. The flat form lets a kernel body index the
// outer arrays directly, and lets rules G5 and G6 index them in another
// order without materialising a transposition.
type nest struct {
	dims []soac.SegDim
	vals []soac.Param        // the varying values in the order they were bound, for manifest
	rows map[soac.VName]elem // varying value -> element of an array outside the nest
	pos  soac.Pos
	// fresh names the temporaries that recompute elements of index-space
	// producers (read); nil in nests used only to ask about variance.
	fresh func(string) soac.VName
}

// elem is arr[idx...]: a scalar or a row of an array bound outside the nest.
//
// When gen is set, the array is not stored anywhere: it is the result of
// an index-space producer (an iota, or a replicate of a scalar) whose
// operands do not vary over the nest, and the element is recomputed from
// idx where it is read (read). Storing such an array over the space
// costs a kernel writing it and every consumer a memory read, where
// recomputing costs an addition or nothing: for Mandelbrot's
// map (\y -> map (\x -> ..) (iota w)) (iota h), distribution used to
// write an [h][w]i64 array of column indices, which took most of the run
// time, while the element is just the index of the inner dimension.
//
// When stms is set, the value is bound by those statements, cheap scalar
// code that a kernel recomputes from other values of the nest instead of
// reading an array that a kernel of its own wrote (see cheapGroup).
type elem struct {
	arr  soac.VName
	idx  []soac.SubExp
	gen  soac.Exp // *soac.IotaExp or *soac.ReplicateExp, or nil
	stms []*soac.Stm
}

// clone returns a copy of n that can be extended without changing n.
func (n *nest) clone() *nest {
	m := &nest{
		dims:  append([]soac.SegDim(nil), n.dims...),
		vals:  append([]soac.Param(nil), n.vals...),
		rows:  make(map[soac.VName]elem, len(n.rows)),
		pos:   n.pos,
		fresh: n.fresh,
	}
	for k, v := range n.rows {
		m.rows[k] = v
	}
	return m
}

// gtids returns the indices of the space, outermost first.
func (n *nest) gtids() []soac.SubExp {
	ids := make([]soac.SubExp, len(n.dims))
	for i, d := range n.dims {
		ids[i] = soac.Var{Name: d.Index}
	}
	return ids
}

// sizes returns the sizes of the space, outermost first.
func (n *nest) sizes() []soac.SubExp {
	ns := make([]soac.SubExp, len(n.dims))
	for i, d := range n.dims {
		ns[i] = d.N
	}
	return ns
}

// arrayType is the type of an array holding a value of type t at every
// point of the space.
func (n *nest) arrayType(t soac.Type) soac.Type {
	return soac.Type{Elem: t.Elem, Shape: append(n.sizes(), t.Shape...)}
}

// rowType is the inverse of arrayType: the type of one point's value in an
// array over the space.
func (n *nest) rowType(t soac.Type) soac.Type {
	if len(t.Shape) < len(n.dims) {
		panic(n.pos.String() + ": flatten: array of rank " + itoa(len(t.Shape)) + " over a space of rank " + itoa(len(n.dims)))
	}
	return soac.Type{Elem: t.Elem, Shape: t.Shape[len(n.dims):]}
}

// extend returns the context with one more dimension, of size w, whose
// index selects the elements bound to lam's parameters from inputs.
// Inputs that are themselves varying values of the nest are traced back to
// the array outside the nest, so the kernel body indexes that array
// directly.
func (f *flattener) extend(n *nest, w soac.SubExp, inputs []soac.VName, lam *soac.Lambda, pos soac.Pos) *nest {
	i := f.fresh("gtid")
	m := n.clone()
	m.dims = append(m.dims, soac.SegDim{Index: i, N: w})
	m.pos = pos
	for k, p := range lam.Params {
		src := elem{arr: inputs[k], gen: f.hostGen(inputs[k])}
		if r, ok := n.rows[inputs[k]]; ok {
			src = elem{arr: r.arr, idx: r.idx, gen: r.gen}
		}
		src.idx = append(append([]soac.SubExp(nil), src.idx...), soac.Var{Name: i})
		m.bind(p, src)
	}
	return m
}

// bind records that the value p is src at every point of the space.
func (n *nest) bind(p soac.Param, src elem) {
	n.vals = append(n.vals, p)
	n.rows[p.Name] = src
}

// bindArray records that the value p is arr[gtids...], where arr is an
// array over the whole space (the result of a distributed statement or an
// interchanged loop's merge parameter).
func (n *nest) bindArray(p soac.Param, arr soac.VName) {
	n.bind(p, elem{arr: arr, idx: n.gtids()})
}

// isVal reports whether name is a varying value of the nest.
func (n *nest) isVal(name soac.VName) bool {
	_, ok := n.rows[name]
	return ok
}

// fullRow returns the array over the whole space whose element at each
// point is the value name, when there is one: the value is indexed by all
// the space's indices in order. Rules G6 and G7 and the materialisation of
// results use it to refer to the array instead of copying it.
func (n *nest) fullRow(name soac.VName) (soac.VName, bool) {
	r, ok := n.rows[name]
	if !ok || r.gen != nil || r.stms != nil || len(r.idx) != len(n.dims) {
		return "", false
	}
	for i, d := range n.dims {
		if v, ok := r.idx[i].(soac.Var); !ok || v.Name != d.Index {
			return "", false
		}
	}
	return r.arr, true
}

// manifest builds the body of a Seg-op over the nest: the statements that
// bind the varying values that inner uses, by indexing the arrays outside
// the nest with the space indices, followed by inner. The values keep
// their names; when two kernels bind the same one, uniquify renames the
// second.
func (n *nest) manifest(inner *soac.Body) *soac.Body {
	free := soac.FreeInBody(inner)
	// Recomputed values need the values their statements use (bound
	// earlier in the nest).
	for i := len(n.vals) - 1; i >= 0; i-- {
		r := n.rows[n.vals[i].Name]
		if !free[n.vals[i].Name] || r.stms == nil {
			continue
		}
		for _, s := range r.stms {
			for x := range soac.FreeInExp(s.Exp) {
				free[x] = true
			}
		}
	}
	var stms []*soac.Stm
	done := map[*soac.Stm]bool{}
	for _, p := range n.vals {
		if !free[p.Name] {
			continue
		}
		if r := n.rows[p.Name]; r.stms != nil {
			for _, s := range r.stms {
				if !done[s] {
					done[s] = true
					stms = append(stms, s)
				}
			}
			continue
		}
		stms = append(stms, n.read(p, n.rows[p.Name])...)
	}
	return &soac.Body{Stms: append(stms, inner.Stms...), Result: inner.Result}
}

// read returns the statements binding p to the element r inside a kernel
// over the nest: an index into the array, or for an index-space producer
// the element computed from the indices (see elem).
func (n *nest) read(p soac.Param, r elem) []*soac.Stm {
	one := func(e soac.Exp) []*soac.Stm { return []*soac.Stm{{Pat: []soac.Param{p}, Exp: e, Pos: n.pos}} }
	switch g := r.gen.(type) {
	case nil:
		return one(&soac.IndexExp{Arr: r.arr, Indices: r.idx, Pos: n.pos})
	case *soac.ReplicateExp:
		if len(r.idx) == len(g.Shape) {
			return one(&soac.SubExpExp{X: g.X})
		}
		return one(&soac.ReplicateExp{Shape: g.Shape[len(r.idx):], X: g.X})
	case *soac.IotaExp:
		if len(r.idx) == 0 {
			return one(&soac.IotaExp{N: g.N, Start: g.Start, Step: g.Step, T: g.T})
		}
		// start + i*step in the iota's type, wrapping as the
		// interpreter's repeated additions do.
		i := r.idx[0]
		if g.T == values.I64 && isInt(g.Start, 0) && isInt(g.Step, 1) {
			return one(&soac.SubExpExp{X: i})
		}
		var stms []*soac.Stm
		bind := func(e soac.Exp) soac.SubExp {
			t := soac.Param{Name: n.fresh(string(p.Name)), Type: soac.Prim(g.T)}
			stms = append(stms, &soac.Stm{Pat: []soac.Param{t}, Exp: e, Pos: n.pos})
			return soac.Var{Name: t.Name}
		}
		if g.T != values.I64 {
			i = bind(&soac.ConvOpExp{From: values.I64, To: g.T, X: i})
		}
		if !isInt(g.Step, 1) {
			i = bind(&soac.BinOpExp{Op: soac.Mul, T: g.T, X: i, Y: g.Step})
		}
		if isInt(g.Start, 0) {
			return append(stms, one(&soac.SubExpExp{X: i})...)
		}
		return append(stms, one(&soac.BinOpExp{Op: soac.Add, T: g.T, X: g.Start, Y: i})...)
	}
	panic(n.pos.String() + ": flatten: element of an unknown index-space producer")
}

// isInt reports whether se is the integer constant x.
func isInt(se soac.SubExp, x int64) bool {
	c, ok := se.(soac.Const)
	return ok && c.Value.T.IsInt() && c.Value.Int() == x
}

// indexGen returns the expression of statement s when s binds an
// index-space producer that can be recomputed element by element (see
// elem): an iota, or a replicate of a scalar.
func indexGen(s *soac.Stm) soac.Exp {
	if len(s.Pat) != 1 {
		return nil
	}
	switch e := s.Exp.(type) {
	case *soac.IotaExp:
		return e
	case *soac.ReplicateExp:
		if s.Pat[0].Type.Rank() == len(e.Shape) {
			return e
		}
	}
	return nil
}

// hostGen returns the index-space producer that binds an array outside
// every nest (a host-level iota or replicate of a scalar), whose elements
// a kernel recomputes rather than reads. Its operands are in scope in the
// kernel: the statement binding the array precedes the kernel's use.
func (f *flattener) hostGen(name soac.VName) soac.Exp {
	s := f.defStm[name]
	if s == nil {
		return nil
	}
	return indexGen(s)
}

// variance answers which operands and types vary over a nest's space
// while the statements of one body inside the nest are being placed: the
// nest's varying values and every name the body binds (which, once
// distributed, become varying values too).
type variance struct {
	n     *nest
	local map[soac.VName]bool
}

func (v variance) name(x soac.VName) bool { return v.n.isVal(x) || v.local[x] }

// se reports whether an operand varies.
func (v variance) se(x soac.SubExp) bool {
	xv, ok := x.(soac.Var)
	return ok && v.name(xv.Name)
}

// ses reports whether any of the operands varies.
func (v variance) ses(xs []soac.SubExp) bool {
	for _, x := range xs {
		if v.se(x) {
			return true
		}
	}
	return false
}

// irregular reports whether a type's shape varies, so that an array of
// such values over the space would be irregular (the side condition of
// rule G4).
func (v variance) irregular(t soac.Type) bool { return v.ses(t.Shape) }

// lambda reports whether a lambda uses a varying value.
func (v variance) lambda(l *soac.Lambda) bool {
	for x := range soac.FreeInLambda(l) {
		if v.name(x) {
			return true
		}
	}
	return false
}

// ops reports whether any operator or neutral element varies: one
// Seg-op applies the same operator to every segment, so they must not.
func (v variance) ops(ops []*soac.Lambda, neutral []soac.SubExp) bool {
	for _, op := range ops {
		if v.lambda(op) {
			return true
		}
	}
	return v.ses(neutral)
}
