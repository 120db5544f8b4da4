package rewrite

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// This file holds the one structural traversal that rewriting needs: a
// deep copy of IR that substitutes operands for the names it uses and,
// optionally, gives the names it binds new ones. Substitution, renaming
// (to copy a lambda without breaking the uniqueness of names) and the
// canonical form used to compare expressions up to the names they bind
// are all instances of it, as renaming and substitution are in the seed's
// simultaneous substitution.

// copier copies IR. subst maps used names to operands; rename, when not
// nil, gives every name bound inside the copied IR a new name (recorded in
// subst so that its uses follow).
type copier struct {
	subst  map[soac.VName]soac.SubExp
	rename func(soac.VName) soac.VName
}

func newCopier(subst map[soac.VName]soac.SubExp, rename func(soac.VName) soac.VName) *copier {
	m := make(map[soac.VName]soac.SubExp, len(subst))
	for k, v := range subst {
		m[k] = v
	}
	return &copier{subst: m, rename: rename}
}

// substStm returns s with subst applied, or s itself when s uses none of
// the substituted names: unchanged statements stay shared, so that caches
// keyed by statement stay valid.
func substStm(s *soac.Stm, subst map[soac.VName]soac.SubExp) *soac.Stm {
	if len(subst) == 0 {
		return s
	}
	used := soac.FreeInExp(s.Exp)
	hit := false
	for n := range subst {
		if used[n] {
			hit = true
			break
		}
	}
	if !hit {
		for _, p := range s.Pat {
			for _, d := range p.Type.Shape {
				if v, ok := d.(soac.Var); ok && subst[v.Name] != nil {
					hit = true
				}
			}
		}
	}
	if !hit {
		return s
	}
	c := newCopier(subst, nil)
	return c.stm(s)
}

func (c *copier) se(x soac.SubExp) soac.SubExp {
	if v, ok := x.(soac.Var); ok {
		if r, ok := c.subst[v.Name]; ok {
			return r
		}
	}
	return x
}

func (c *copier) ses(xs []soac.SubExp) []soac.SubExp {
	if xs == nil {
		return nil
	}
	out := make([]soac.SubExp, len(xs))
	for i, x := range xs {
		out[i] = c.se(x)
	}
	return out
}

// name substitutes an array name; arrays are only ever replaced by other
// names (constants are scalars).
func (c *copier) name(n soac.VName) soac.VName {
	if r, ok := c.subst[n]; ok {
		if v, ok := r.(soac.Var); ok {
			return v.Name
		}
		panic(fmt.Sprintf("rewrite: array name %s substituted by a constant", n))
	}
	return n
}

func (c *copier) names(ns []soac.VName) []soac.VName {
	if ns == nil {
		return nil
	}
	out := make([]soac.VName, len(ns))
	for i, n := range ns {
		out[i] = c.name(n)
	}
	return out
}

func (c *copier) typ(t soac.Type) soac.Type {
	if len(t.Shape) == 0 {
		return t
	}
	return soac.Type{Elem: t.Elem, Shape: c.ses(t.Shape), Unique: t.Unique}
}

func (c *copier) types(ts []soac.Type) []soac.Type {
	if ts == nil {
		return nil
	}
	out := make([]soac.Type, len(ts))
	for i, t := range ts {
		out[i] = c.typ(t)
	}
	return out
}

// bind returns the new name of a binder (itself when not renaming).
func (c *copier) bind(n soac.VName) soac.VName {
	if c.rename == nil {
		return n
	}
	m := c.rename(n)
	c.subst[n] = soac.Var{Name: m}
	return m
}

// params binds parameters; all names are bound before the types are
// copied, because a pattern may bind a size together with an array of
// that size.
func (c *copier) params(ps []soac.Param) []soac.Param {
	if ps == nil {
		return nil
	}
	out := make([]soac.Param, len(ps))
	for i, p := range ps {
		out[i].Name = c.bind(p.Name)
	}
	for i, p := range ps {
		out[i].Type = c.typ(p.Type)
	}
	return out
}

func (c *copier) body(b *soac.Body) *soac.Body {
	out := &soac.Body{Stms: make([]*soac.Stm, len(b.Stms))}
	for i, s := range b.Stms {
		out.Stms[i] = c.stm(s)
	}
	out.Result = c.ses(b.Result)
	return out
}

func (c *copier) stm(s *soac.Stm) *soac.Stm {
	e := c.exp(s.Exp)
	return &soac.Stm{Pat: c.params(s.Pat), Exp: e, Pos: s.Pos}
}

func (c *copier) lambda(l *soac.Lambda) *soac.Lambda {
	ps := c.params(l.Params)
	return &soac.Lambda{Params: ps, Body: c.body(l.Body), RetType: c.types(l.RetType)}
}

func (c *copier) slice(sl []soac.DimIndex) []soac.DimIndex {
	out := make([]soac.DimIndex, len(sl))
	for i, d := range sl {
		if d.Fix != nil {
			out[i] = soac.DimIndex{Fix: c.se(d.Fix)}
		} else {
			out[i] = soac.DimIndex{Start: c.se(d.Start), N: c.se(d.N), Stride: c.se(d.Stride)}
		}
	}
	return out
}

func (c *copier) reduces(rs []soac.Reduce) []soac.Reduce {
	if rs == nil {
		return nil
	}
	out := make([]soac.Reduce, len(rs))
	for i, r := range rs {
		out[i] = soac.Reduce{Comm: r.Comm, Op: c.lambda(r.Op), Neutral: c.ses(r.Neutral)}
	}
	return out
}

func (c *copier) space(sp []soac.SegDim) []soac.SegDim {
	out := make([]soac.SegDim, len(sp))
	for i, d := range sp {
		out[i] = soac.SegDim{N: c.se(d.N)}
	}
	for i, d := range sp {
		out[i].Index = c.bind(d.Index)
	}
	return out
}

func (c *copier) exp(e soac.Exp) soac.Exp {
	switch e := e.(type) {
	case *soac.SubExpExp:
		return &soac.SubExpExp{X: c.se(e.X)}
	case *soac.BinOpExp:
		return &soac.BinOpExp{Op: e.Op, T: e.T, X: c.se(e.X), Y: c.se(e.Y)}
	case *soac.CmpOpExp:
		return &soac.CmpOpExp{Op: e.Op, T: e.T, X: c.se(e.X), Y: c.se(e.Y)}
	case *soac.UnOpExp:
		return &soac.UnOpExp{Op: e.Op, T: e.T, X: c.se(e.X)}
	case *soac.ConvOpExp:
		return &soac.ConvOpExp{From: e.From, To: e.To, X: c.se(e.X)}
	case *soac.IndexExp:
		return &soac.IndexExp{Arr: c.name(e.Arr), Indices: c.ses(e.Indices), Pos: e.Pos}
	case *soac.IotaExp:
		return &soac.IotaExp{N: c.se(e.N), Start: c.se(e.Start), Step: c.se(e.Step), T: e.T}
	case *soac.ReplicateExp:
		return &soac.ReplicateExp{Shape: c.ses(e.Shape), X: c.se(e.X)}
	case *soac.ArrayLitExp:
		return &soac.ArrayLitExp{Elems: c.ses(e.Elems), RowType: c.typ(e.RowType)}
	case *soac.CopyExp:
		return &soac.CopyExp{Arr: c.name(e.Arr)}
	case *soac.SliceExp:
		return &soac.SliceExp{Arr: c.name(e.Arr), Slice: c.slice(e.Slice), Pos: e.Pos}
	case *soac.UpdateExp:
		return &soac.UpdateExp{Arr: c.name(e.Arr), Slice: c.slice(e.Slice), Value: c.se(e.Value), Pos: e.Pos}
	case *soac.RearrangeExp:
		return &soac.RearrangeExp{Perm: append([]int(nil), e.Perm...), Arr: c.name(e.Arr)}
	case *soac.ReshapeExp:
		return &soac.ReshapeExp{Shape: c.ses(e.Shape), Arr: c.name(e.Arr), Pos: e.Pos}
	case *soac.ConcatExp:
		return &soac.ConcatExp{Arrs: c.names(e.Arrs), W: c.se(e.W), Pos: e.Pos}
	case *soac.CallPrimExp:
		return &soac.CallPrimExp{Fn: e.Fn, ArgTypes: append([]soac.PrimType(nil), e.ArgTypes...), T: e.T, Args: c.ses(e.Args)}
	case *soac.IfExp:
		return &soac.IfExp{Cond: c.se(e.Cond), Then: c.body(e.Then), Else: c.body(e.Else), Types: c.types(e.Types)}
	case *soac.LoopExp:
		init := c.ses(e.Init)
		var form soac.LoopForm
		switch f := e.Form.(type) {
		case soac.ForLoop:
			bound := c.se(f.Bound)
			form = soac.ForLoop{Index: c.bind(f.Index), T: f.T, Bound: bound}
		case soac.WhileLoop:
			form = f // renamed below, once the parameters are bound
		}
		ps := c.params(e.Params)
		if w, ok := form.(soac.WhileLoop); ok {
			form = soac.WhileLoop{Cond: c.name(w.Cond)}
		}
		return &soac.LoopExp{Params: ps, Init: init, Form: form, Body: c.body(e.Body)}
	case *soac.ApplyExp:
		return &soac.ApplyExp{Fun: e.Fun, Args: c.ses(e.Args), RetType: c.types(e.RetType), Pos: e.Pos}
	case *soac.AssertExp:
		return &soac.AssertExp{Cond: c.se(e.Cond), Msg: e.Msg, Pos: e.Pos}
	case *soac.ScremaExp:
		out := &soac.ScremaExp{W: c.se(e.W), Inputs: c.names(e.Inputs)}
		if e.Scans != nil {
			out.Scans = make([]soac.Scan, len(e.Scans))
			for i, s := range e.Scans {
				out.Scans[i] = soac.Scan{Op: c.lambda(s.Op), Neutral: c.ses(s.Neutral)}
			}
		}
		out.Reds = c.reduces(e.Reds)
		out.Map = c.lambda(e.Map)
		return out
	case *soac.HistExp:
		out := &soac.HistExp{W: c.se(e.W), Inputs: c.names(e.Inputs), Ops: make([]soac.HistOp, len(e.Ops))}
		for i, op := range e.Ops {
			out.Ops[i] = soac.HistOp{Bins: c.se(op.Bins), Dests: c.names(op.Dests), Neutral: c.ses(op.Neutral), Op: c.lambda(op.Op)}
		}
		out.Bucket = c.lambda(e.Bucket)
		return out
	case *soac.ScatterExp:
		out := &soac.ScatterExp{W: c.se(e.W), Inputs: c.names(e.Inputs), Dests: make([]soac.ScatterDest, len(e.Dests))}
		for i, d := range e.Dests {
			out.Dests[i] = soac.ScatterDest{Arr: c.name(d.Arr), Rank: d.Rank}
		}
		out.Lambda = c.lambda(e.Lambda)
		return out
	case *soac.SegMapExp:
		sp := c.space(e.Space)
		return &soac.SegMapExp{Level: e.Level, Space: sp, Body: c.body(e.Body), Types: c.types(e.Types)}
	case *soac.SegRedExp:
		sp := c.space(e.Space)
		reds := c.reduces(e.Reds)
		return &soac.SegRedExp{Level: e.Level, Space: sp, Reds: reds, Body: c.body(e.Body), Types: c.types(e.Types)}
	}
	panic(fmt.Sprintf("rewrite: copy: unhandled expression %T", e))
}

// canonicalKey is the text of an expression with the names it binds
// replaced by canonical ones (%1, %2, ...) and the operands of commutative
// operators in a fixed order: two expressions with the same key compute
// the same values from the same free variables (congruence, as the seed
// defines it).
func canonicalKey(e soac.Exp) string {
	n := 0
	c := newCopier(nil, func(soac.VName) soac.VName {
		n++
		return soac.VName(fmt.Sprintf("%%%d", n))
	})
	ce := c.exp(e)
	ce = commuteCanonical(ce)
	st := &soac.Stm{Exp: ce}
	txt := soac.PrintBody(&soac.Body{Stms: []*soac.Stm{st}})
	return txt
}

// commuteCanonical orders the operands of a commutative scalar operator.
func commuteCanonical(e soac.Exp) soac.Exp {
	switch b := e.(type) {
	case *soac.BinOpExp:
		if commutative(b.Op) && operandLess(b.Y, b.X) {
			return &soac.BinOpExp{Op: b.Op, T: b.T, X: b.Y, Y: b.X}
		}
	case *soac.CmpOpExp:
		if b.Op == soac.Eq && operandLess(b.Y, b.X) {
			return &soac.CmpOpExp{Op: b.Op, T: b.T, X: b.Y, Y: b.X}
		}
	}
	return e
}

// operandLess is a total order on operands: constants before variables,
// then by text.
func operandLess(a, b soac.SubExp) bool {
	_, ac := a.(soac.Const)
	_, bc := b.(soac.Const)
	if ac != bc {
		return ac
	}
	return seString(a) < seString(b)
}

func seString(x soac.SubExp) string {
	switch x := x.(type) {
	case soac.Var:
		return string(x.Name)
	case soac.Const:
		return x.Value.String()
	}
	return "?"
}

// commutative reports whether x op y = y op x for every type op is
// defined on (float addition and multiplication commute in IEEE
// arithmetic; min and max as fmin/fmax do too, NaNs aside, which they
// ignore symmetrically).
func commutative(op soac.BinOp) bool {
	switch op {
	case soac.Add, soac.Mul, soac.And, soac.Or, soac.Xor, soac.LogAnd, soac.LogOr, soac.Min, soac.Max:
		return true
	}
	return false
}
