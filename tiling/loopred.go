package tiling

import (
	"errors"
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// A Normalisation is a rewrite, as data, that brings a SegMap's body into
// the shape a tiling rule matches (rules.go). The pass applies it only to
// the tiled copy of a SegMap, never to the plain version it keeps beside
// it, so a normalisation may add work that only the tiled kernel makes
// cheap. The plan records its name (soac.TilePlan.Via).
type Normalisation struct {
	Name string
	Doc  string
	// Apply returns the host statements to bind before the SegMap and the
	// rewritten SegMap, or an error saying why it does not apply. It does
	// not modify e; fresh gives names new to the program.
	Apply func(e *soac.SegMapExp, types map[soac.VName]soac.Type, fresh func(string) soac.VName) ([]*soac.Stm, *soac.SegMapExp, error)
}

// errNoCandidate is a normalisation's answer for a body with nothing it
// could rewrite (the explanation leaves it out).
var errNoCandidate = errors.New("nothing to normalise")

// normalisations are tried in order when no rule matches a SegMap as it
// is; the first after which one does is kept.
var normalisations = []*Normalisation{loopReduction}

// loopReduction turns a sequential accumulation over q in a 2-D map,
//
//	segmap (i < n, j < m) { ... if c then { ...
//	  let acc = loop {s = ne} for q < k do { let x = X[i, q]; let y = Y[q, j]; ...; s op v } ... } }
//
// which is a reduction over rows of X and columns of Y in disguise (a
// matrix product's inner loop, LU's trailing update), into the 2-D rule's
// shape: the rows first, then the reduction, then the rest of the body
// (the loop's statement removed) as its epilogue,
//
//	let yt = rearrange (1, 0) Y                  -- on the host: a view
//	segmap (i < n, j < m) { let xr = X[i]; let yr = yt[j]
//	  let acc = screma k (xr, yr) reduce op ne map (\x y -> ...; v)
//	  ... if c then { ... acc ... } }
//
// Meaning: the loop computes ((ne op v_0) op v_1) ... op v_{k-1}; the
// reduction has the same value when op is associative with neutral ne,
// and bit for bit the same whatever op is, as the tiled kernel and the
// sequential screma both fold q in increasing order from ne. Hoisting it
// out of its branches evaluates it for every point: that cannot fail,
// because its indices are in bounds by the arrays' types (X is [n][k] or
// Y [k][m], indexed by the space index and q < k exactly) and its scalar
// code has no operator that can fail (no integer division or power), and
// it costs, in the tiled kernel, multiply-adds from local memory for
// points that discard them, where the plain kernel keeps the branch.
var loopReduction = &Normalisation{
	Name:  "loop-reduction",
	Doc:   "a sequential accumulation over rows of invariant arrays in a 2-D map, hoisted out of its branches as a reduction",
	Apply: applyLoopReduction,
}

// loopRed is a loop of a SegMap body that loopReduction can hoist.
type loopRed struct {
	stm   *soac.Stm
	loop  *soac.LoopExp
	form  soac.ForLoop
	op    soac.BinOp
	t     soac.PrimType
	other soac.SubExp // the operand combined with the accumulator
	reads []*soac.Stm // the index statements, in order
	sides []int       // the space dimension each read's row follows
	trans []bool      // whether a read is Y[q, j] (a column)
	rest  []*soac.Stm // the loop's other statements but the last
}

func applyLoopReduction(e *soac.SegMapExp, types map[soac.VName]soac.Type, fresh func(string) soac.VName) ([]*soac.Stm, *soac.SegMapExp, error) {
	if e.Level != soac.LevelThread || len(e.Space) != 2 {
		return nil, nil, fmt.Errorf("not a 2-D thread-level segmap")
	}
	bound := soac.BoundInBody(e.Body)
	var lr *loopRed
	var why error = errNoCandidate
	visitBranches(e.Body, func(s *soac.Stm) bool {
		l, ok := s.Exp.(*soac.LoopExp)
		if !ok {
			return true
		}
		m, err := matchLoopRed(e, s, l, types, bound)
		if err != nil {
			why = err
			return true
		}
		lr = m
		return false
	})
	if lr == nil {
		return nil, nil, why
	}

	// The rows: X[i] for X[i, q], and yt[j] for Y[q, j], yt a view of Y
	// transposed, bound once per array on the host.
	var pre []*soac.Stm
	views := map[soac.VName]soac.VName{}
	var stms []*soac.Stm
	params := make([]soac.Param, len(lr.reads))
	inputs := make([]soac.VName, len(lr.reads))
	for k, r := range lr.reads {
		ix := r.Exp.(*soac.IndexExp)
		arr := ix.Arr
		if lr.trans[k] {
			v, ok := views[arr]
			if !ok {
				t := types[arr]
				v = fresh(string(arr) + "_cols")
				pre = append(pre, &soac.Stm{Pat: []soac.Param{{Name: v, Type: soac.Array(t.Elem, t.Shape[1], t.Shape[0])}}, Exp: &soac.RearrangeExp{Perm: []int{1, 0}, Arr: arr}, Pos: r.Pos})
				views[arr] = v
				types[v] = soac.Array(t.Elem, t.Shape[1], t.Shape[0])
			}
			arr = v
		}
		elem := types[ix.Arr].Elem
		row := fresh(string(r.Pat[0].Name) + "_row")
		inputs[k] = row
		params[k] = soac.Param{Name: r.Pat[0].Name, Type: soac.Prim(elem)}
		stms = append(stms, &soac.Stm{Pat: []soac.Param{{Name: row, Type: soac.Array(elem, lr.form.Bound)}}, Exp: &soac.IndexExp{Arr: arr, Indices: []soac.SubExp{soac.Var{Name: e.Space[lr.sides[k]].Index}}, Pos: ix.Pos}, Pos: r.Pos})
	}
	a, b, c := fresh("red_x"), fresh("red_y"), fresh("red_z")
	t := soac.Prim(lr.t)
	op := &soac.Lambda{
		Params:  []soac.Param{{Name: a, Type: t}, {Name: b, Type: t}},
		Body:    &soac.Body{Stms: []*soac.Stm{{Pat: []soac.Param{{Name: c, Type: t}}, Exp: &soac.BinOpExp{Op: lr.op, T: lr.t, X: soac.Var{Name: a}, Y: soac.Var{Name: b}}, Pos: lr.stm.Pos}}, Result: []soac.SubExp{soac.Var{Name: c}}},
		RetType: []soac.Type{t},
	}
	f := &soac.Lambda{Params: params, Body: &soac.Body{Stms: lr.rest, Result: []soac.SubExp{lr.other}}, RetType: []soac.Type{t}}
	red := &soac.ScremaExp{W: lr.form.Bound, Inputs: inputs, Reds: []soac.Reduce{{Comm: true, Op: op, Neutral: []soac.SubExp{lr.loop.Init[0]}}}, Map: f}
	stms = append(stms, &soac.Stm{Pat: lr.stm.Pat, Exp: red, Pos: lr.stm.Pos})
	stms = append(stms, without(e.Body, lr.stm).Stms...)
	ne := *e
	ne.Body = &soac.Body{Stms: stms, Result: e.Body.Result}
	// The lambda takes over the loop body's statements and names (each
	// read's name becomes a parameter): the result is meant to be copied
	// with fresh names, as the pass does for the tiled version.
	return pre, &ne, nil
}

// visitBranches calls f on the statements of b and of the branches of
// its ifs, in order, until f returns false; it does not enter loops,
// lambdas or kernels, whose statements run more or less than once.
func visitBranches(b *soac.Body, f func(*soac.Stm) bool) bool {
	for _, s := range b.Stms {
		if !f(s) {
			return false
		}
		if e, ok := s.Exp.(*soac.IfExp); ok {
			if !visitBranches(e.Then, f) || !visitBranches(e.Else, f) {
				return false
			}
		}
	}
	return true
}

// without returns b less the statement s, wherever in b's branches it
// is; the bodies on the way to it are copied, the rest shared.
func without(b *soac.Body, s *soac.Stm) *soac.Body {
	out := &soac.Body{Result: b.Result}
	for _, x := range b.Stms {
		if x == s {
			continue
		}
		if e, ok := x.Exp.(*soac.IfExp); ok {
			ne := *e
			ne.Then, ne.Else = without(e.Then, s), without(e.Else, s)
			x = &soac.Stm{Pat: x.Pat, Exp: &ne, Pos: x.Pos}
		}
		out.Stms = append(out.Stms, x)
	}
	return out
}

// neutral reports whether op (on t) has x as its neutral element and may
// be hoisted as a reduction: the operators that cannot fail and are
// associative (up to floating-point rounding, which the in-order fold
// does not reassociate).
func neutral(op soac.BinOp, t soac.PrimType, x soac.SubExp) bool {
	c, ok := x.(soac.Const)
	if !ok || c.Value.T != t {
		return false
	}
	switch op {
	case soac.Add:
		if t.IsFloat() {
			return c.Value == soac.FloatValue(t, 0)
		}
		return t != values.Bool && c.Value == soac.IntValue(t, 0)
	case soac.Mul:
		if t.IsFloat() {
			return c.Value == soac.FloatValue(t, 1)
		}
		return t != values.Bool && c.Value == soac.IntValue(t, 1)
	}
	return false
}

// matchLoopRed checks a loop statement s of e's body against
// loopReduction's pattern.
func matchLoopRed(e *soac.SegMapExp, s *soac.Stm, l *soac.LoopExp, types map[soac.VName]soac.Type, bound map[soac.VName]bool) (*loopRed, error) {
	form, ok := l.Form.(soac.ForLoop)
	if !ok || len(l.Params) != 1 || len(s.Pat) != 1 || l.Params[0].Type.Rank() != 0 {
		return nil, fmt.Errorf("the loop %s is not a for loop with one scalar accumulator", s.Pat[0].Name)
	}
	if v, ok := form.Bound.(soac.Var); ok && bound[v.Name] {
		return nil, fmt.Errorf("the loop %s's bound is computed in the body", s.Pat[0].Name)
	}
	acc, q := l.Params[0].Name, form.Index
	stms := l.Body.Stms
	if len(stms) == 0 || len(l.Body.Result) != 1 {
		return nil, fmt.Errorf("the loop %s's body is empty", s.Pat[0].Name)
	}
	last := stms[len(stms)-1]
	fold, ok := last.Exp.(*soac.BinOpExp)
	if r, isVar := l.Body.Result[0].(soac.Var); !ok || !isVar || len(last.Pat) != 1 || r.Name != last.Pat[0].Name {
		return nil, fmt.Errorf("the loop %s does not end by combining its accumulator", s.Pat[0].Name)
	}
	m := &loopRed{stm: s, loop: l, form: form, op: fold.Op, t: fold.T}
	switch {
	case soac.SameSubExp(fold.X, soac.Var{Name: acc}):
		m.other = fold.Y
	case soac.SameSubExp(fold.Y, soac.Var{Name: acc}):
		m.other = fold.X
	default:
		return nil, fmt.Errorf("the loop %s does not end by combining its accumulator", s.Pat[0].Name)
	}
	if !neutral(fold.Op, fold.T, l.Init[0]) {
		return nil, fmt.Errorf("the loop %s's operator is not an addition or multiplication from its neutral element", s.Pat[0].Name)
	}
	// Names the loop body may use: what it binds, q, and names free in
	// the SegMap (invariant to the space) other than the space indices,
	// which only the reads may use.
	local := map[soac.VName]bool{q: true}
	space := map[soac.VName]int{}
	for d, sd := range e.Space {
		space[sd.Index] = d
	}
	usable := func(x soac.SubExp) bool {
		v, ok := x.(soac.Var)
		if !ok {
			return true
		}
		if _, isSpace := space[v.Name]; isSpace || v.Name == acc {
			return false
		}
		return local[v.Name] || !bound[v.Name]
	}
	sides := [2]bool{}
	for _, st := range stms[:len(stms)-1] {
		if len(st.Pat) != 1 || st.Pat[0].Type.Rank() != 0 {
			return nil, fmt.Errorf("the loop %s binds arrays or several values", s.Pat[0].Name)
		}
		if ix, ok := st.Exp.(*soac.IndexExp); ok {
			side, trans, err := loopRead(e, ix, q, form.Bound, types, bound)
			if err != nil {
				return nil, fmt.Errorf("the loop %s: %s: %v", s.Pat[0].Name, st.Pat[0].Name, err)
			}
			m.reads = append(m.reads, st)
			m.sides = append(m.sides, side)
			m.trans = append(m.trans, trans)
			sides[side] = true
			local[st.Pat[0].Name] = true
			continue
		}
		var ops []soac.SubExp
		switch x := st.Exp.(type) {
		case *soac.BinOpExp:
			if !x.T.IsFloat() && (x.Op == soac.Div || x.Op == soac.Mod || x.Op == soac.Quot || x.Op == soac.Rem || x.Op == soac.Pow) {
				return nil, fmt.Errorf("the loop %s divides integers, which may fail", s.Pat[0].Name)
			}
			ops = []soac.SubExp{x.X, x.Y}
		case *soac.CmpOpExp:
			ops = []soac.SubExp{x.X, x.Y}
		case *soac.UnOpExp:
			ops = []soac.SubExp{x.X}
		case *soac.ConvOpExp:
			ops = []soac.SubExp{x.X}
		default:
			return nil, fmt.Errorf("the loop %s computes more than scalar arithmetic on its reads", s.Pat[0].Name)
		}
		for _, o := range ops {
			if !usable(o) || soac.SameSubExp(o, soac.Var{Name: q}) {
				return nil, fmt.Errorf("the loop %s's arithmetic uses its index, accumulator or values that vary over the space", s.Pat[0].Name)
			}
		}
		m.rest = append(m.rest, st)
		local[st.Pat[0].Name] = true
	}
	if !usable(m.other) || soac.SameSubExp(m.other, soac.Var{Name: q}) {
		return nil, fmt.Errorf("the loop %s combines a value the reduction cannot take", s.Pat[0].Name)
	}
	if !sides[0] || !sides[1] {
		return nil, fmt.Errorf("the loop %s does not read rows of both dimensions", s.Pat[0].Name)
	}
	return m, nil
}

// loopRead checks a read X[gtid_d, q] (trans false) or X[q, gtid_d]
// (trans true) of the loop: X free in the SegMap and of a type that
// makes the read in bounds for every point and every q < k.
func loopRead(e *soac.SegMapExp, ix *soac.IndexExp, q soac.VName, k soac.SubExp, types map[soac.VName]soac.Type, bound map[soac.VName]bool) (int, bool, error) {
	t, known := types[ix.Arr]
	if bound[ix.Arr] || !known {
		return 0, false, fmt.Errorf("reads an array computed in the body or of unknown type")
	}
	if t.Rank() != 2 || len(ix.Indices) != 2 {
		return 0, false, fmt.Errorf("is not an element of a 2-D array")
	}
	for trans, qpos := range []int{1, 0} {
		v, ok := ix.Indices[1-qpos].(soac.Var)
		if !ok || !soac.SameSubExp(ix.Indices[qpos], soac.Var{Name: q}) {
			continue
		}
		for d, sd := range e.Space {
			if v.Name == sd.Index && soac.SameSubExp(t.Shape[1-qpos], sd.N) && soac.SameSubExp(t.Shape[qpos], k) {
				return d, trans == 1, nil
			}
		}
	}
	return 0, false, fmt.Errorf("is not indexed by a space index and the loop index within the array's sizes")
}
