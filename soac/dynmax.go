package soac

import (
	"fmt"
	"maps"
	"slices"

	"github.com/fcclang/fcc/runtime/values"
)

// This file builds the pre-pass of a size that a segmap's work-item binds
// inside an inner SOAC or loop: an element of a row that sizes an iota
// inside an inner map, a loop parameter that a concat doubles. No bound
// over names before the body's loop or SOAC exists, so the pre-pass runs
// the part of the body that computes the size (the backward slice of
// every binding of it, which keeps scalars and views only) and keeps the
// largest value the size takes: an inner map becomes a reduction by max
// of the sizes of its elements, a loop carries the largest so far in a
// parameter of its own, an if returns the largest of its branch. The
// host allocates every work-item's arrays of the size at the maximum over
// work-items, as for the other pre-passes.

// maxSlicer builds the slice of one size t (see MaxBody).
type maxSlicer struct {
	t     VName
	names *Names
}

var i64Type = Prim(values.I64)

func (ms *maxSlicer) fresh() VName {
	return ms.names.Fresh(func(k int) VName { return VName(fmt.Sprintf("premax_%d", k)) })
}

// MaxBody returns a body computing, from the names free in Seg-op e (an
// untiled segmap or a segred, PrePassOp) and its space's indices, the
// largest value (at least 0) that the size t, bound somewhere in e's
// body, takes at a point; false when it cannot be computed without the
// arrays of the body, or calls, assertions or effects. The names the
// body binds beside those of e's body are fresh in e.
func MaxBody(e Exp, t VName) (*Body, bool) {
	_, body, ok := PrePassOp(e)
	if !ok {
		return nil, false
	}
	used := FreeInExp(e)
	maps.Copy(used, BoundInExp(e))
	ms := &maxSlicer{t: t, names: &Names{used: used}}
	stms, cs, ok := ms.body(body, map[VName]bool{})
	if !ok || len(cs) == 0 {
		return nil, false
	}
	r, tail := ms.maxChain(I64(0), cs)
	return &Body{Stms: append(stms, tail...), Result: []SubExp{r}}, true
}

// maxChain returns statements taking the maximum of from and cs, and
// the name of the result.
func (ms *maxSlicer) maxChain(from SubExp, cs []SubExp) (SubExp, []*Stm) {
	var stms []*Stm
	acc := from
	for _, c := range cs {
		n := ms.fresh()
		stms = append(stms, &Stm{Pat: []Param{{Name: n, Type: i64Type}}, Exp: &BinOpExp{Op: Max, T: values.I64, X: acc, Y: c}})
		acc = Var{Name: n}
	}
	return acc, stms
}

// body slices b: it returns the statements of b (or slices of them)
// that compute the names of need that b binds, and operands whose
// maximum is the largest value t takes while b runs (none when b binds
// no t).
func (ms *maxSlicer) body(b *Body, need map[VName]bool) ([]*Stm, []SubExp, bool) {
	needed := maps.Clone(need)
	var rev [][]*Stm
	var cs []SubExp
	for i := len(b.Stms) - 1; i >= 0; i-- {
		s := b.Stms[i]
		keep := make([]bool, len(s.Pat))
		any := false
		for k, p := range s.Pat {
			keep[k] = needed[p.Name] || p.Name == ms.t
			any = any || keep[k]
			if p.Name == ms.t {
				cs = append(cs, Var{Name: ms.t})
			}
		}
		inside := BoundInExp(s.Exp)[ms.t]
		if !any && !inside {
			continue
		}
		ss, c, ok := ms.stm(s, keep, inside)
		if !ok {
			return nil, nil, false
		}
		cs = append(cs, c...)
		for _, x := range ss {
			for n := range FreeInExp(x.Exp) {
				needed[n] = true
			}
			for _, p := range x.Pat {
				for _, d := range p.Type.Shape {
					if v, ok := d.(Var); ok {
						needed[v.Name] = true
					}
				}
			}
		}
		rev = append(rev, ss)
	}
	var stms []*Stm
	for i := len(rev) - 1; i >= 0; i-- {
		stms = append(stms, rev[i]...)
	}
	return stms, cs, true
}

// stm slices statement s, whose pattern elements marked in keep are
// needed, and which binds t inside itself when inside is set.
func (ms *maxSlicer) stm(s *Stm, keep []bool, inside bool) ([]*Stm, []SubExp, bool) {
	switch e := s.Exp.(type) {
	case *LoopExp:
		return ms.loop(s, e, keep)
	case *IfExp:
		return ms.ifExp(s, e, keep)
	case *ScremaExp:
		if inside {
			return ms.screma(s, e, keep)
		}
	}
	if inside || !prePure(s) {
		return nil, nil, false
	}
	return []*Stm{s}, nil, true
}

// screma slices a screma whose map function binds t: a screma of the
// same inputs reducing by max what the sliced map function computes,
// after the screma itself where its results are needed.
func (ms *maxSlicer) screma(s *Stm, e *ScremaExp, keep []bool) ([]*Stm, []SubExp, bool) {
	if !slices.ContainsFunc(e.Map.Params, func(p Param) bool { return p.Name == ms.t }) && !BoundInBody(e.Map.Body)[ms.t] {
		return nil, nil, false // t is bound in an operator
	}
	var out []*Stm
	if slices.Contains(keep, true) {
		if !prePure(s) {
			return nil, nil, false
		}
		out = append(out, s)
	}
	stms, cs, ok := ms.body(e.Map.Body, map[VName]bool{})
	if !ok {
		return nil, nil, false
	}
	for _, p := range e.Map.Params {
		if p.Name == ms.t {
			cs = append(cs, Var{Name: ms.t})
		}
	}
	r, tail := ms.maxChain(I64(0), cs)
	body := &Body{Stms: append(stms, tail...), Result: []SubExp{r}}
	used := FreeInBody(body)
	var params []Param
	var inputs []VName
	for i, p := range e.Map.Params {
		if used[p.Name] {
			params = append(params, p)
			inputs = append(inputs, e.Inputs[i])
		}
	}
	if len(params) == 0 && len(e.Inputs) > 0 {
		// A screma reads at least one input.
		params, inputs = e.Map.Params[:1], e.Inputs[:1]
	}
	a, b, c := ms.fresh(), ms.fresh(), ms.fresh()
	op := &Lambda{
		Params:  []Param{{Name: a, Type: i64Type}, {Name: b, Type: i64Type}},
		Body:    &Body{Stms: []*Stm{{Pat: []Param{{Name: c, Type: i64Type}}, Exp: &BinOpExp{Op: Max, T: values.I64, X: Var{Name: a}, Y: Var{Name: b}}}}, Result: []SubExp{Var{Name: c}}},
		RetType: []Type{i64Type},
	}
	n := ms.fresh()
	out = append(out, &Stm{
		Pat: []Param{{Name: n, Type: i64Type}},
		Exp: &ScremaExp{W: e.W, Inputs: inputs,
			Reds: []Reduce{{Comm: true, Op: op, Neutral: []SubExp{I64(0)}}},
			Map:  &Lambda{Params: params, Body: body, RetType: []Type{i64Type}}},
		Pos: s.Pos,
	})
	return out, []SubExp{Var{Name: n}}, true
}

// loop slices a loop: it keeps the merge parameters whose results are
// needed, that the condition of a while loop is, or that the kept part
// of the body uses (none may be an array), and carries the largest t so
// far in a parameter of its own when t is bound in the loop.
func (ms *maxSlicer) loop(s *Stm, e *LoopExp, keep []bool) ([]*Stm, []SubExp, bool) {
	kept := slices.Clone(keep)
	var outer []SubExp // t's values the loop's results give
	for j, p := range e.Params {
		if p.Name == ms.t {
			kept[j] = true
			// The last value of the parameter is the loop's result.
			outer = append(outer, Var{Name: s.Pat[j].Name})
		}
		if w, ok := e.Form.(WhileLoop); ok && w.Cond == p.Name {
			kept[j] = true
		}
	}
	var stms []*Stm
	var cs []SubExp
	for {
		need := map[VName]bool{}
		for j, r := range e.Body.Result {
			if v, ok := r.(Var); ok && kept[j] {
				need[v.Name] = true
			}
		}
		var ok bool
		stms, cs, ok = ms.body(e.Body, need)
		if !ok {
			return nil, nil, false
		}
		for _, p := range e.Params {
			if p.Name == ms.t {
				cs = append(cs, Var{Name: ms.t})
			}
		}
		if f, ok := e.Form.(ForLoop); ok && f.Index == ms.t {
			cs = append(cs, Var{Name: ms.t})
		}
		// A parameter the kept statements, t's values or the kept
		// results use is kept too, until none is added.
		used := FreeInBody(&Body{Stms: stms, Result: cs})
		grew := false
		for j, p := range e.Params {
			if !kept[j] && (used[p.Name] || resultUses(e.Body.Result, kept, p.Name)) {
				kept[j], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	var params []Param
	var pat []Param
	var init, res []SubExp
	for j, p := range e.Params {
		if !kept[j] {
			continue
		}
		if p.Type.Rank() > 0 {
			return nil, nil, false
		}
		params, pat = append(params, p), append(pat, s.Pat[j])
		init, res = append(init, e.Init[j]), append(res, e.Body.Result[j])
	}
	if len(cs) > 0 {
		acc := ms.fresh()
		r, tail := ms.maxChain(Var{Name: acc}, cs)
		stms = append(stms, tail...)
		params, init, res = append(params, Param{Name: acc, Type: i64Type}), append(init, I64(0)), append(res, r)
		n := ms.fresh()
		pat = append(pat, Param{Name: n, Type: i64Type})
		outer = append(outer, Var{Name: n})
	}
	if len(params) == 0 {
		return nil, nil, true
	}
	loop := &LoopExp{Params: params, Init: init, Form: e.Form, Body: &Body{Stms: stms, Result: res}}
	return []*Stm{{Pat: pat, Exp: loop, Pos: s.Pos}}, outer, true
}

// resultUses reports whether a kept result of a loop's body is n.
func resultUses(res []SubExp, kept []bool, n VName) bool {
	for j, r := range res {
		if v, ok := r.(Var); ok && kept[j] && v.Name == n {
			return true
		}
	}
	return false
}

// ifExp slices an if: its needed results (none an array), and the
// largest t its branch binds when it binds t.
func (ms *maxSlicer) ifExp(s *Stm, e *IfExp, keep []bool) ([]*Stm, []SubExp, bool) {
	var pat []Param
	var types []Type
	for k, p := range s.Pat {
		if keep[k] {
			if p.Type.Rank() > 0 {
				return nil, nil, false
			}
			pat, types = append(pat, p), append(types, e.Types[k])
		}
	}
	branch := func(b *Body) (*Body, []SubExp, bool) {
		need := map[VName]bool{}
		var res []SubExp
		for k, r := range b.Result {
			if keep[k] {
				if v, ok := r.(Var); ok {
					need[v.Name] = true
				}
				res = append(res, r)
			}
		}
		stms, cs, ok := ms.body(b, need)
		return &Body{Stms: stms, Result: res}, cs, ok
	}
	th, tcs, ok1 := branch(e.Then)
	el, ecs, ok2 := branch(e.Else)
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	var outer []SubExp
	if len(tcs) > 0 || len(ecs) > 0 {
		for _, x := range []struct {
			b  *Body
			cs []SubExp
		}{{th, tcs}, {el, ecs}} {
			r, tail := ms.maxChain(I64(0), x.cs)
			x.b.Stms = append(x.b.Stms, tail...)
			x.b.Result = append(x.b.Result, r)
		}
		n := ms.fresh()
		pat, types = append(pat, Param{Name: n, Type: i64Type}), append(types, i64Type)
		outer = append(outer, Var{Name: n})
	}
	if len(pat) == 0 {
		return nil, nil, true
	}
	return []*Stm{{Pat: pat, Exp: &IfExp{Cond: e.Cond, Then: th, Else: el, Types: types}, Pos: s.Pos}}, outer, true
}
