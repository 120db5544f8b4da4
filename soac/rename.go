package soac

import "fmt"

// This file holds the structural deep copy of IR that passes use to
// substitute, rename and uniquify names: a Copier copies a Body, Lambda,
// Stm or Exp, replacing the names it uses by operands (substitution) and,
// optionally, giving the names it binds new ones (renaming), recorded so
// that their uses in scope follow.

// Copier deep-copies IR while applying a name substitution. The zero value
// is not usable; make one with NewCopier or NewScopedCopier.
//
// A copy shares no mutable structure with its original; nil patterns,
// name lists, reductions, scans, operand lists and type lists stay nil.
type Copier struct {
	subst  map[VName]SubExp
	rename func(VName) VName
	scoped bool
	undo   []copyUndo
}

type copyUndo struct {
	name VName
	old  SubExp
	had  bool
}

// CopyProgram returns a copy of p whose function bodies are copied
// through: a pass that marks or records in the IR works on it and leaves
// its input as it was.
func CopyProgram(p *Program) *Program {
	out := *p
	out.Funs = make([]*FunDef, len(p.Funs))
	for i, f := range p.Funs {
		nf := *f
		nf.Body = NewCopier(nil, nil).Body(f.Body)
		out.Funs[i] = &nf
	}
	return &out
}

// NewCopier returns a Copier that substitutes subst (copied; the caller's
// map is not changed) for the names the copied IR uses. When rename is not
// nil, every name bound in the copied IR is given the name rename returns,
// and its later uses are renamed to follow; the substitution is not
// scoped, so a renaming lasts for the rest of the Copier's use (which is
// right when names are bound once, as the IR requires).
func NewCopier(subst map[VName]SubExp, rename func(VName) VName) *Copier {
	m := make(map[VName]SubExp, len(subst))
	for k, v := range subst {
		m[k] = v
	}
	return &Copier{subst: m, rename: rename}
}

// NewScopedCopier returns a renaming Copier whose renamings last only for
// the scope of the binding (the rest of its body, the lambda, loop or
// segment operation that binds it): rename gives the name for each binder
// (which may be the binder itself), and a name bound in two sibling scopes
// may be renamed differently in each. It is what uniquifying names needs.
func NewScopedCopier(rename func(VName) VName) *Copier {
	return &Copier{subst: map[VName]SubExp{}, rename: rename, scoped: true}
}

func (c *Copier) mark() int { return len(c.undo) }

// restore ends the scopes opened since mark m (no-op when not scoped).
func (c *Copier) restore(m int) {
	if !c.scoped {
		return
	}
	for i := len(c.undo) - 1; i >= m; i-- {
		e := c.undo[i]
		if e.had {
			c.subst[e.name] = e.old
		} else {
			delete(c.subst, e.name)
		}
	}
	c.undo = c.undo[:m]
}

// bind returns the name of a binder in the copy (itself when not
// renaming).
func (c *Copier) bind(n VName) VName {
	if c.rename == nil {
		return n
	}
	m := c.rename(n)
	if !c.scoped {
		c.subst[n] = Var{Name: m}
		return m
	}
	old, had := c.subst[n]
	if m != n || had {
		c.undo = append(c.undo, copyUndo{name: n, old: old, had: had})
		if m == n {
			delete(c.subst, n)
		} else {
			c.subst[n] = Var{Name: m}
		}
	}
	return m
}

// SubExp returns x with the substitution applied.
func (c *Copier) SubExp(x SubExp) SubExp {
	if v, ok := x.(Var); ok {
		if r, ok := c.subst[v.Name]; ok {
			return r
		}
	}
	return x
}

// SubExps applies SubExp to each of xs.
func (c *Copier) SubExps(xs []SubExp) []SubExp {
	if xs == nil {
		return nil
	}
	out := make([]SubExp, len(xs))
	for i, x := range xs {
		out[i] = c.SubExp(x)
	}
	return out
}

// Name substitutes an array name; arrays are only ever replaced by other
// names (constants are scalars), and Name panics otherwise.
func (c *Copier) Name(n VName) VName {
	if r, ok := c.subst[n]; ok {
		if v, ok := r.(Var); ok {
			return v.Name
		}
		panic(fmt.Sprintf("soac: array name %s substituted by a constant", n))
	}
	return n
}

// Names applies Name to each of ns.
func (c *Copier) Names(ns []VName) []VName {
	if ns == nil {
		return nil
	}
	out := make([]VName, len(ns))
	for i, n := range ns {
		out[i] = c.Name(n)
	}
	return out
}

// Type substitutes in the shape of t.
func (c *Copier) Type(t Type) Type {
	if len(t.Shape) == 0 {
		return t
	}
	return Type{Elem: t.Elem, Shape: c.SubExps(t.Shape), Unique: t.Unique}
}

// Types applies Type to each of ts.
func (c *Copier) Types(ts []Type) []Type {
	if ts == nil {
		return nil
	}
	out := make([]Type, len(ts))
	for i, t := range ts {
		out[i] = c.Type(t)
	}
	return out
}

// Params binds parameters (a pattern) in the current scope: all names are
// bound before the types are copied, because a pattern may bind a size
// together with an array of that size.
func (c *Copier) Params(ps []Param) []Param {
	if ps == nil {
		return nil
	}
	out := make([]Param, len(ps))
	for i, p := range ps {
		out[i].Name = c.bind(p.Name)
	}
	for i, p := range ps {
		out[i].Type = c.Type(p.Type)
	}
	return out
}

// Body copies a body; its bindings scope over the rest of it only.
func (c *Copier) Body(b *Body) *Body {
	m := c.mark()
	out := &Body{Stms: make([]*Stm, len(b.Stms))}
	for i, s := range b.Stms {
		out.Stms[i] = c.Stm(s)
	}
	out.Result = c.SubExps(b.Result)
	c.restore(m)
	return out
}

// Stm copies a statement; its pattern is bound in the current scope.
func (c *Copier) Stm(s *Stm) *Stm {
	e := c.Exp(s.Exp)
	return &Stm{Pat: c.Params(s.Pat), Exp: e, Pos: s.Pos}
}

// Lambda copies a lambda; its parameters scope over it only.
func (c *Copier) Lambda(l *Lambda) *Lambda {
	m := c.mark()
	ps := c.Params(l.Params)
	out := &Lambda{Params: ps, Body: c.Body(l.Body), RetType: c.Types(l.RetType)}
	c.restore(m)
	return out
}

func (c *Copier) slice(sl []DimIndex) []DimIndex {
	out := make([]DimIndex, len(sl))
	for i, d := range sl {
		if d.Fix != nil {
			out[i] = DimIndex{Fix: c.SubExp(d.Fix)}
		} else {
			out[i] = DimIndex{Start: c.SubExp(d.Start), N: c.SubExp(d.N), Stride: c.SubExp(d.Stride)}
		}
	}
	return out
}

func (c *Copier) reduces(rs []Reduce) []Reduce {
	if rs == nil {
		return nil
	}
	out := make([]Reduce, len(rs))
	for i, r := range rs {
		out[i] = Reduce{Comm: r.Comm, Op: c.Lambda(r.Op), Neutral: c.SubExps(r.Neutral)}
	}
	return out
}

func (c *Copier) scans(ss []Scan) []Scan {
	if ss == nil {
		return nil
	}
	out := make([]Scan, len(ss))
	for i, s := range ss {
		out[i] = Scan{Op: c.Lambda(s.Op), Neutral: c.SubExps(s.Neutral)}
	}
	return out
}

func (c *Copier) histOps(ops []HistOp) []HistOp {
	out := make([]HistOp, len(ops))
	for i, op := range ops {
		out[i] = HistOp{Bins: c.SubExp(op.Bins), Dests: c.Names(op.Dests), Neutral: c.SubExps(op.Neutral), Op: c.Lambda(op.Op)}
	}
	return out
}

// space binds the indices of a segment space (the sizes are uses outside
// it); the caller restores the scope after the Seg-op's body.
func (c *Copier) space(sp []SegDim) []SegDim {
	out := make([]SegDim, len(sp))
	for i, d := range sp {
		out[i].N = c.SubExp(d.N)
	}
	for i, d := range sp {
		out[i].Index = c.bind(d.Index)
	}
	return out
}

// Exp copies an expression. The names an expression binds (loop
// parameters and index, segment indices, lambda parameters, the
// statements of its bodies) scope over the expression only.
func (c *Copier) Exp(e Exp) Exp {
	switch e := e.(type) {
	case *SubExpExp:
		return &SubExpExp{X: c.SubExp(e.X)}
	case *BinOpExp:
		return &BinOpExp{Op: e.Op, T: e.T, X: c.SubExp(e.X), Y: c.SubExp(e.Y)}
	case *CmpOpExp:
		return &CmpOpExp{Op: e.Op, T: e.T, X: c.SubExp(e.X), Y: c.SubExp(e.Y)}
	case *UnOpExp:
		return &UnOpExp{Op: e.Op, T: e.T, X: c.SubExp(e.X)}
	case *ConvOpExp:
		return &ConvOpExp{From: e.From, To: e.To, X: c.SubExp(e.X)}
	case *IndexExp:
		return &IndexExp{Arr: c.Name(e.Arr), Indices: c.SubExps(e.Indices), Pos: e.Pos, InBounds: append([]bool(nil), e.InBounds...)}
	case *IotaExp:
		return &IotaExp{N: c.SubExp(e.N), Start: c.SubExp(e.Start), Step: c.SubExp(e.Step), T: e.T}
	case *ReplicateExp:
		return &ReplicateExp{Shape: c.SubExps(e.Shape), X: c.SubExp(e.X)}
	case *ArrayLitExp:
		return &ArrayLitExp{Elems: c.SubExps(e.Elems), RowType: c.Type(e.RowType)}
	case *CopyExp:
		return &CopyExp{Arr: c.Name(e.Arr)}
	case *SliceExp:
		return &SliceExp{Arr: c.Name(e.Arr), Slice: c.slice(e.Slice), Pos: e.Pos}
	case *UpdateExp:
		u := &UpdateExp{Arr: c.Name(e.Arr), Slice: c.slice(e.Slice), Value: c.SubExp(e.Value), Pos: e.Pos}
		if e.InPlace != "" {
			u.InPlace = c.Name(e.InPlace)
		}
		return u
	case *RearrangeExp:
		return &RearrangeExp{Perm: append([]int(nil), e.Perm...), Arr: c.Name(e.Arr)}
	case *ReshapeExp:
		return &ReshapeExp{Shape: c.SubExps(e.Shape), Arr: c.Name(e.Arr), Pos: e.Pos}
	case *ConcatExp:
		return &ConcatExp{Arrs: c.Names(e.Arrs), W: c.SubExp(e.W), Pos: e.Pos}
	case *CallPrimExp:
		return &CallPrimExp{Fn: e.Fn, ArgTypes: append([]PrimType(nil), e.ArgTypes...), T: e.T, Args: c.SubExps(e.Args)}
	case *IfExp:
		return &IfExp{Cond: c.SubExp(e.Cond), Then: c.Body(e.Then), Else: c.Body(e.Else), Types: c.Types(e.Types)}
	case *LoopExp:
		init := c.SubExps(e.Init)
		m := c.mark()
		form := e.Form
		if f, ok := e.Form.(ForLoop); ok {
			bound := c.SubExp(f.Bound)
			form = ForLoop{Index: c.bind(f.Index), T: f.T, Bound: bound}
		}
		ps := c.Params(e.Params)
		if w, ok := e.Form.(WhileLoop); ok { // after the parameters it names
			form = WhileLoop{Cond: c.Name(w.Cond)}
		}
		out := &LoopExp{Params: ps, Init: init, Form: form, Body: c.Body(e.Body), Stencil: e.Stencil}
		c.restore(m)
		return out
	case *ApplyExp:
		return &ApplyExp{Fun: e.Fun, Args: c.SubExps(e.Args), RetType: c.Types(e.RetType), Pos: e.Pos}
	case *AssertExp:
		return &AssertExp{Cond: c.SubExp(e.Cond), Msg: e.Msg, Args: c.SubExps(e.Args), Pos: e.Pos}
	case *ScremaExp:
		return &ScremaExp{W: c.SubExp(e.W), Inputs: c.Names(e.Inputs), Scans: c.scans(e.Scans), Reds: c.reduces(e.Reds), Map: c.Lambda(e.Map)}
	case *HistExp:
		return &HistExp{W: c.SubExp(e.W), Inputs: c.Names(e.Inputs), Ops: c.histOps(e.Ops), Bucket: c.Lambda(e.Bucket)}
	case *ScatterExp:
		dests := make([]ScatterDest, len(e.Dests))
		for i, d := range e.Dests {
			dests[i] = ScatterDest{Arr: c.Name(d.Arr), Rank: d.Rank}
		}
		return &ScatterExp{W: c.SubExp(e.W), Inputs: c.Names(e.Inputs), Lambda: c.Lambda(e.Lambda), Dests: dests}
	case *SegMapExp:
		var region *SegRegion
		if e.Region != nil {
			region = &SegRegion{Arr: c.Name(e.Region.Arr)}
			for _, f := range e.Region.From {
				region.From = append(region.From, c.SubExp(f))
			}
		}
		m := c.mark()
		out := &SegMapExp{Level: e.Level, Space: c.space(e.Space), Body: c.Body(e.Body), Types: c.Types(e.Types), Tile: e.Tile, Lowering: e.Lowering, Region: region}
		c.restore(m)
		return out
	case *SegRedExp:
		reds := c.reduces(e.Reds)
		m := c.mark()
		out := &SegRedExp{Level: e.Level, Space: c.space(e.Space), Reds: reds, Body: c.Body(e.Body), Types: c.Types(e.Types), Lowering: e.Lowering}
		c.restore(m)
		return out
	case *SegScanExp:
		scans := c.scans(e.Scans)
		m := c.mark()
		out := &SegScanExp{Level: e.Level, Space: c.space(e.Space), Scans: scans, Body: c.Body(e.Body), Types: c.Types(e.Types), Lowering: e.Lowering}
		c.restore(m)
		return out
	case *SegHistExp:
		ops := c.histOps(e.Ops)
		m := c.mark()
		out := &SegHistExp{Level: e.Level, Space: c.space(e.Space), Ops: ops, Body: c.Body(e.Body), Types: c.Types(e.Types), Lowering: e.Lowering}
		c.restore(m)
		return out
	case *ThresholdExp:
		return &ThresholdExp{Name: e.Name, Parallelism: c.SubExp(e.Parallelism)}
	case *GroupFitsExp:
		return &GroupFitsExp{Group: c.SubExp(e.Group), LocalBytes: c.SubExp(e.LocalBytes)}
	}
	panic(fmt.Sprintf("soac: copy: unhandled expression %T", e))
}
