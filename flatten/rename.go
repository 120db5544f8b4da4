package flatten

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// The rules copy code: a varying value is bound again in every kernel
// that uses it (manifest), and multi-versioning puts the same statements
// in both versions. Rather than renaming at every copy, the rules keep the
// original names, which keeps the output readable, and uniquify restores
// the IR's invariant that every name is bound once in the program: the
// first binding of a name keeps it, every later one gets a fresh name,
// substituted in its scope.

// uniquify renames, in fd (a copy the caller owns), every binding of a
// name already in seen, and adds the names fd binds to seen.
func (f *flattener) uniquify(seen map[soac.VName]bool, fd *soac.FunDef) {
	u := &uniquifier{f: f, seen: seen, subst: map[soac.VName]soac.VName{}}
	fd.Params = u.params(fd.Params)
	for _, p := range fd.Params {
		for _, d := range p.Type.Shape {
			if v, ok := d.(soac.Var); ok {
				seen[v.Name] = true // a size bound by the call
			}
		}
	}
	fd.Body = u.body(fd.Body)
	fd.RetType = u.types(fd.RetType)
}

type uniquifier struct {
	f     *flattener
	seen  map[soac.VName]bool
	subst map[soac.VName]soac.VName
	undo  []undoEntry
}

type undoEntry struct {
	name, old soac.VName
	had       bool
}

func (u *uniquifier) mark() int { return len(u.undo) }

// restore ends the scopes opened since mark m.
func (u *uniquifier) restore(m int) {
	for i := len(u.undo) - 1; i >= m; i-- {
		e := u.undo[i]
		if e.had {
			u.subst[e.name] = e.old
		} else {
			delete(u.subst, e.name)
		}
	}
	u.undo = u.undo[:m]
}

// bind returns the name under which n is bound here.
func (u *uniquifier) bind(n soac.VName) soac.VName {
	m := n
	if u.seen[n] {
		m = u.f.fresh(string(n))
	}
	u.seen[m] = true
	old, had := u.subst[n]
	if m != n || had {
		u.undo = append(u.undo, undoEntry{name: n, old: old, had: had})
		if m == n {
			delete(u.subst, n)
		} else {
			u.subst[n] = m
		}
	}
	return m
}

func (u *uniquifier) name(n soac.VName) soac.VName {
	if m, ok := u.subst[n]; ok {
		return m
	}
	return n
}

func (u *uniquifier) names(ns []soac.VName) []soac.VName {
	out := make([]soac.VName, len(ns))
	for i, n := range ns {
		out[i] = u.name(n)
	}
	return out
}

func (u *uniquifier) se(x soac.SubExp) soac.SubExp {
	if v, ok := x.(soac.Var); ok {
		return soac.Var{Name: u.name(v.Name)}
	}
	return x
}

func (u *uniquifier) ses(xs []soac.SubExp) []soac.SubExp {
	if xs == nil {
		return nil
	}
	out := make([]soac.SubExp, len(xs))
	for i, x := range xs {
		out[i] = u.se(x)
	}
	return out
}

func (u *uniquifier) typ(t soac.Type) soac.Type {
	if len(t.Shape) == 0 {
		return t
	}
	return soac.Type{Elem: t.Elem, Shape: u.ses(t.Shape), Unique: t.Unique}
}

func (u *uniquifier) types(ts []soac.Type) []soac.Type {
	if ts == nil {
		return nil
	}
	out := make([]soac.Type, len(ts))
	for i, t := range ts {
		out[i] = u.typ(t)
	}
	return out
}

// params binds parameters: all names first, then the types, because a
// pattern may bind a size together with an array of that size.
func (u *uniquifier) params(ps []soac.Param) []soac.Param {
	out := make([]soac.Param, len(ps))
	for i, p := range ps {
		out[i].Name = u.bind(p.Name)
	}
	for i, p := range ps {
		out[i].Type = u.typ(p.Type)
	}
	return out
}

// body copies a body; its bindings scope over the rest of it only.
func (u *uniquifier) body(b *soac.Body) *soac.Body {
	m := u.mark()
	out := &soac.Body{Stms: make([]*soac.Stm, len(b.Stms))}
	for i, s := range b.Stms {
		e := u.exp(s.Exp)
		out.Stms[i] = &soac.Stm{Pat: u.params(s.Pat), Exp: e, Pos: s.Pos}
	}
	out.Result = u.ses(b.Result)
	u.restore(m)
	return out
}

func (u *uniquifier) lambda(l *soac.Lambda) *soac.Lambda {
	m := u.mark()
	out := &soac.Lambda{Params: u.params(l.Params), Body: u.body(l.Body), RetType: u.types(l.RetType)}
	u.restore(m)
	return out
}

func (u *uniquifier) slice(sl []soac.DimIndex) []soac.DimIndex {
	out := make([]soac.DimIndex, len(sl))
	for i, d := range sl {
		if d.Fix != nil {
			out[i] = soac.DimIndex{Fix: u.se(d.Fix)}
		} else {
			out[i] = soac.DimIndex{Start: u.se(d.Start), N: u.se(d.N), Stride: u.se(d.Stride)}
		}
	}
	return out
}

func (u *uniquifier) reduces(rs []soac.Reduce) []soac.Reduce {
	out := make([]soac.Reduce, len(rs))
	for i, r := range rs {
		out[i] = soac.Reduce{Comm: r.Comm, Op: u.lambda(r.Op), Neutral: u.ses(r.Neutral)}
	}
	return out
}

func (u *uniquifier) scans(ss []soac.Scan) []soac.Scan {
	out := make([]soac.Scan, len(ss))
	for i, s := range ss {
		out[i] = soac.Scan{Op: u.lambda(s.Op), Neutral: u.ses(s.Neutral)}
	}
	return out
}

func (u *uniquifier) histOps(ops []soac.HistOp) []soac.HistOp {
	out := make([]soac.HistOp, len(ops))
	for i, op := range ops {
		out[i] = soac.HistOp{Bins: u.se(op.Bins), Dests: u.names(op.Dests), Neutral: u.ses(op.Neutral), Op: u.lambda(op.Op)}
	}
	return out
}

// space binds the indices of a segment space (the sizes are uses outside
// it); the caller restores the scope after the Seg-op's body.
func (u *uniquifier) space(sp []soac.SegDim) []soac.SegDim {
	out := make([]soac.SegDim, len(sp))
	for i, d := range sp {
		out[i].N = u.se(d.N)
	}
	for i, d := range sp {
		out[i].Index = u.bind(d.Index)
	}
	return out
}

func (u *uniquifier) exp(e soac.Exp) soac.Exp {
	switch e := e.(type) {
	case *soac.SubExpExp:
		return &soac.SubExpExp{X: u.se(e.X)}
	case *soac.BinOpExp:
		return &soac.BinOpExp{Op: e.Op, T: e.T, X: u.se(e.X), Y: u.se(e.Y)}
	case *soac.CmpOpExp:
		return &soac.CmpOpExp{Op: e.Op, T: e.T, X: u.se(e.X), Y: u.se(e.Y)}
	case *soac.UnOpExp:
		return &soac.UnOpExp{Op: e.Op, T: e.T, X: u.se(e.X)}
	case *soac.ConvOpExp:
		return &soac.ConvOpExp{From: e.From, To: e.To, X: u.se(e.X)}
	case *soac.IndexExp:
		return &soac.IndexExp{Arr: u.name(e.Arr), Indices: u.ses(e.Indices), Pos: e.Pos}
	case *soac.IotaExp:
		return &soac.IotaExp{N: u.se(e.N), Start: u.se(e.Start), Step: u.se(e.Step), T: e.T}
	case *soac.ReplicateExp:
		return &soac.ReplicateExp{Shape: u.ses(e.Shape), X: u.se(e.X)}
	case *soac.ArrayLitExp:
		return &soac.ArrayLitExp{Elems: u.ses(e.Elems), RowType: u.typ(e.RowType)}
	case *soac.CopyExp:
		return &soac.CopyExp{Arr: u.name(e.Arr)}
	case *soac.SliceExp:
		return &soac.SliceExp{Arr: u.name(e.Arr), Slice: u.slice(e.Slice), Pos: e.Pos}
	case *soac.UpdateExp:
		return &soac.UpdateExp{Arr: u.name(e.Arr), Slice: u.slice(e.Slice), Value: u.se(e.Value), Pos: e.Pos}
	case *soac.RearrangeExp:
		return &soac.RearrangeExp{Perm: e.Perm, Arr: u.name(e.Arr)}
	case *soac.ReshapeExp:
		return &soac.ReshapeExp{Shape: u.ses(e.Shape), Arr: u.name(e.Arr), Pos: e.Pos}
	case *soac.ConcatExp:
		return &soac.ConcatExp{Arrs: u.names(e.Arrs), W: u.se(e.W), Pos: e.Pos}
	case *soac.CallPrimExp:
		return &soac.CallPrimExp{Fn: e.Fn, ArgTypes: e.ArgTypes, T: e.T, Args: u.ses(e.Args)}
	case *soac.IfExp:
		return &soac.IfExp{Cond: u.se(e.Cond), Then: u.body(e.Then), Else: u.body(e.Else), Types: u.types(e.Types)}
	case *soac.LoopExp:
		init := u.ses(e.Init)
		m := u.mark()
		form := e.Form
		if fl, ok := e.Form.(soac.ForLoop); ok {
			bound := u.se(fl.Bound)
			form = soac.ForLoop{Index: u.bind(fl.Index), T: fl.T, Bound: bound}
		}
		params := u.params(e.Params)
		if wl, ok := e.Form.(soac.WhileLoop); ok {
			form = soac.WhileLoop{Cond: u.name(wl.Cond)}
		}
		out := &soac.LoopExp{Params: params, Init: init, Form: form, Body: u.body(e.Body)}
		u.restore(m)
		return out
	case *soac.ApplyExp:
		return &soac.ApplyExp{Fun: e.Fun, Args: u.ses(e.Args), RetType: u.types(e.RetType), Pos: e.Pos}
	case *soac.AssertExp:
		return &soac.AssertExp{Cond: u.se(e.Cond), Msg: e.Msg, Pos: e.Pos}
	case *soac.ScremaExp:
		return &soac.ScremaExp{W: u.se(e.W), Inputs: u.names(e.Inputs), Scans: u.scans(e.Scans), Reds: u.reduces(e.Reds), Map: u.lambda(e.Map)}
	case *soac.HistExp:
		return &soac.HistExp{W: u.se(e.W), Inputs: u.names(e.Inputs), Ops: u.histOps(e.Ops), Bucket: u.lambda(e.Bucket)}
	case *soac.ScatterExp:
		dests := make([]soac.ScatterDest, len(e.Dests))
		for i, d := range e.Dests {
			dests[i] = soac.ScatterDest{Arr: u.name(d.Arr), Rank: d.Rank}
		}
		return &soac.ScatterExp{W: u.se(e.W), Inputs: u.names(e.Inputs), Lambda: u.lambda(e.Lambda), Dests: dests}
	case *soac.SegMapExp:
		m := u.mark()
		out := &soac.SegMapExp{Level: e.Level, Space: u.space(e.Space), Body: u.body(e.Body), Types: u.types(e.Types)}
		u.restore(m)
		return out
	case *soac.SegRedExp:
		reds := u.reduces(e.Reds)
		m := u.mark()
		out := &soac.SegRedExp{Level: e.Level, Space: u.space(e.Space), Reds: reds, Body: u.body(e.Body), Types: u.types(e.Types)}
		u.restore(m)
		return out
	case *soac.SegScanExp:
		scans := u.scans(e.Scans)
		m := u.mark()
		out := &soac.SegScanExp{Level: e.Level, Space: u.space(e.Space), Scans: scans, Body: u.body(e.Body), Types: u.types(e.Types)}
		u.restore(m)
		return out
	case *soac.SegHistExp:
		ops := u.histOps(e.Ops)
		m := u.mark()
		out := &soac.SegHistExp{Level: e.Level, Space: u.space(e.Space), Ops: ops, Body: u.body(e.Body), Types: u.types(e.Types)}
		u.restore(m)
		return out
	case *soac.ThresholdExp:
		return &soac.ThresholdExp{Name: e.Name, Parallelism: u.se(e.Parallelism)}
	}
	panic(fmt.Sprintf("flatten: uniquify: unhandled expression %T", e))
}
