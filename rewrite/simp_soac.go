package rewrite

import (
	"github.com/fcclang/fcc/soac"
)

// Removal of unused results and inputs of scremas and loops.

// scremaLayout gives the index ranges of a screma's results: scans, then
// reductions, then mapped-out arrays (the same order as the map lambda's
// results).
func scremaLayout(e *soac.ScremaExp) (nScan, nRed int) {
	for _, s := range e.Scans {
		nScan += len(s.Neutral)
	}
	for _, r := range e.Reds {
		nRed += len(r.Neutral)
	}
	return
}

// keepResults rebuilds a screma statement keeping only the lambda results
// (and pattern entries) whose index is in keep; the scans and reductions
// must have been filtered to match already.
func keepResults(s *soac.Stm, e *soac.ScremaExp, keep func(int) bool) *soac.Stm {
	var pat []soac.Param
	var res []soac.SubExp
	var rts []soac.Type
	for i, p := range s.Pat {
		if keep(i) {
			pat = append(pat, p)
			res = append(res, e.Map.Body.Result[i])
			rts = append(rts, e.Map.RetType[i])
		}
	}
	ne := *e
	ne.Map = &soac.Lambda{Params: e.Map.Params, Body: &soac.Body{Stms: e.Map.Body.Stms, Result: res}, RetType: rts}
	return &soac.Stm{Pat: pat, Exp: &ne, Pos: s.Pos}
}

// ScremaUnusedMap removes the mapped-out arrays of a screma that nobody
// uses (the map lambda stops returning them; their computation then
// becomes dead code inside the lambda).
var ScremaUnusedMap = &Rule{
	Name: "screma-unused-map-output",
	Doc:  "remove a mapped-out array of a screma that is never used",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.ScremaExp)
		if !ok {
			return nil
		}
		nScan, nRed := scremaLayout(e)
		for i := nScan + nRed; i < len(s.Pat); i++ {
			if c.Uses(s.Pat[i].Name) == 0 {
				return i
			}
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		k := m.(int)
		return &Replacement{Stms: []*soac.Stm{keepResults(s, s.Exp.(*soac.ScremaExp), func(i int) bool { return i != k })}}
	},
}

// ScremaUnusedRed removes a reduction or scan of a screma none of whose
// results is used, with the lambda results that fed it.
var ScremaUnusedRed = &Rule{
	Name: "screma-unused-reduction",
	Doc:  "remove a reduction or scan of a screma whose results are never used",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.ScremaExp)
		if !ok {
			return nil
		}
		unused := func(from, n int) bool {
			for i := from; i < from+n; i++ {
				if c.Uses(s.Pat[i].Name) > 0 {
					return false
				}
			}
			return true
		}
		off := 0
		for k, sc := range e.Scans {
			if unused(off, len(sc.Neutral)) {
				return [3]int{0, k, off}
			}
			off += len(sc.Neutral)
		}
		for k, r := range e.Reds {
			if unused(off, len(r.Neutral)) {
				return [3]int{1, k, off}
			}
			off += len(r.Neutral)
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		e := s.Exp.(*soac.ScremaExp)
		w := m.([3]int)
		ne := *e
		var n int
		if w[0] == 0 {
			n = len(e.Scans[w[1]].Neutral)
			ne.Scans = append(append([]soac.Scan(nil), e.Scans[:w[1]]...), e.Scans[w[1]+1:]...)
		} else {
			n = len(e.Reds[w[1]].Neutral)
			ne.Reds = append(append([]soac.Reduce(nil), e.Reds[:w[1]]...), e.Reds[w[1]+1:]...)
		}
		return &Replacement{Stms: []*soac.Stm{keepResults(s, &ne, func(i int) bool { return i < w[2] || i >= w[2]+n })}}
	},
}

// ScremaDupInput merges two inputs of a screma that are the same array:
// the second parameter becomes the first.
var ScremaDupInput = &Rule{
	Name: "screma-dup-input",
	Doc:  "an array given twice to a screma is given once",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.ScremaExp)
		if !ok {
			return nil
		}
		for j := range e.Inputs {
			for i := 0; i < j; i++ {
				if e.Inputs[i] == e.Inputs[j] {
					return [2]int{i, j}
				}
			}
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		e := s.Exp.(*soac.ScremaExp)
		ij := m.([2]int)
		i, j := ij[0], ij[1]
		sub := map[soac.VName]soac.SubExp{e.Map.Params[j].Name: soac.Var{Name: e.Map.Params[i].Name}}
		cp := soac.NewCopier(sub, nil)
		body := cp.Body(e.Map.Body)
		ne := *e
		ne.Inputs = append(append([]soac.VName(nil), e.Inputs[:j]...), e.Inputs[j+1:]...)
		params := append(append([]soac.Param(nil), e.Map.Params[:j]...), e.Map.Params[j+1:]...)
		ne.Map = &soac.Lambda{Params: params, Body: body, RetType: cp.Types(e.Map.RetType)}
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: &ne, Pos: s.Pos}}}
	},
}

// ScremaUnusedInput removes an input whose lambda parameter is never
// used. Only when the input's type says its outer size is the screma's
// width, so that the run-time check that the sizes agree is not lost.
var ScremaUnusedInput = &Rule{
	Name: "screma-unused-input",
	Doc:  "remove an input of a screma whose parameter the map lambda does not use",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.ScremaExp)
		if !ok {
			return nil
		}
		free := soac.FreeInBody(e.Map.Body)
		addTypeNames(free, e.Map.RetType...)
		for _, p := range e.Map.Params {
			addTypeNames(free, p.Type)
		}
		for k, p := range e.Map.Params {
			if free[p.Name] {
				continue
			}
			t, ok := c.TypeOf(e.Inputs[k])
			if ok && t.Rank() > 0 && soac.SameSubExp(t.Shape[0], e.W) {
				return k
			}
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		e := s.Exp.(*soac.ScremaExp)
		k := m.(int)
		ne := *e
		ne.Inputs = append(append([]soac.VName(nil), e.Inputs[:k]...), e.Inputs[k+1:]...)
		params := append(append([]soac.Param(nil), e.Map.Params[:k]...), e.Map.Params[k+1:]...)
		ne.Map = &soac.Lambda{Params: params, Body: e.Map.Body, RetType: e.Map.RetType}
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: &ne, Pos: s.Pos}}}
	},
}

// removeLoopParam rebuilds a loop without merge parameter k.
func removeLoopParam(s *soac.Stm, e *soac.LoopExp, k int, body *soac.Body) *soac.Stm {
	cut := func(xs []soac.SubExp) []soac.SubExp {
		return append(append([]soac.SubExp(nil), xs[:k]...), xs[k+1:]...)
	}
	ne := &soac.LoopExp{
		Params: append(append([]soac.Param(nil), e.Params[:k]...), e.Params[k+1:]...),
		Init:   cut(e.Init),
		Form:   e.Form,
		Body:   &soac.Body{Stms: body.Stms, Result: cut(body.Result)},
	}
	pat := append(append([]soac.Param(nil), s.Pat[:k]...), s.Pat[k+1:]...)
	return &soac.Stm{Pat: pat, Exp: ne, Pos: s.Pos}
}

// loopParamMentioned reports whether a merge parameter appears in the
// type of another parameter (a size), or is the while condition.
func loopParamMentioned(e *soac.LoopExp, k int) bool {
	n := e.Params[k].Name
	if w, ok := e.Form.(soac.WhileLoop); ok && w.Cond == n {
		return true
	}
	for i, p := range e.Params {
		if i == k {
			continue
		}
		for _, d := range p.Type.Shape {
			if isVar(d, n) {
				return true
			}
		}
	}
	return false
}

// LoopUnusedMerge removes a merge parameter that nothing needs: its final
// value is not used after the loop, and inside the loop it only feeds
// itself or other unneeded parameters. Needed are the parameters whose
// results are used, the while condition and parameters mentioned in
// types, and, transitively, every parameter their next values are
// computed from. The statements that computed the removed parameter
// become dead code.
var LoopUnusedMerge = &Rule{
	Name: "loop-unused-merge",
	Doc:  "remove a loop merge parameter used neither after the loop nor by the parameters that are",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.LoopExp)
		if !ok {
			return nil
		}
		needed := make([]bool, len(e.Params))
		var liveStms []*soac.Stm
		for k := range e.Params {
			needed[k] = c.Uses(s.Pat[k].Name) > 0 || loopParamMentioned(e, k)
		}
		for {
			live := map[soac.VName]bool{}
			liveStms = nil
			for k, r := range e.Body.Result {
				if v, ok := r.(soac.Var); ok && needed[k] {
					live[v.Name] = true
				}
			}
			for i := len(e.Body.Stms) - 1; i >= 0; i-- {
				st := e.Body.Stms[i]
				if !hasEffect(st.Exp) {
					keep := false
					for _, p := range st.Pat {
						keep = keep || live[p.Name]
					}
					if !keep {
						continue
					}
				}
				liveStms = append([]*soac.Stm{st}, liveStms...)
				for n := range soac.FreeInExp(st.Exp) {
					live[n] = true
				}
				for _, p := range st.Pat {
					addTypeNames(live, p.Type)
				}
			}
			grew := false
			for k, p := range e.Params {
				if !needed[k] && live[p.Name] {
					needed[k], grew = true, true
				}
			}
			if !grew {
				break
			}
		}
		for k := range e.Params {
			if !needed[k] {
				// The statements that are not live (those computing
				// parameter k among them) go with it: they may use it.
				return &unusedMerge{k, liveStms}
			}
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		e := s.Exp.(*soac.LoopExp)
		u := m.(*unusedMerge)
		return &Replacement{Stms: []*soac.Stm{removeLoopParam(s, e, u.k, &soac.Body{Stms: u.live, Result: e.Body.Result})}}
	},
}

type unusedMerge struct {
	k    int
	live []*soac.Stm
}

// LoopInvariantMerge removes a merge parameter that every iteration
// passes on unchanged: it is its initial value throughout, and so is the
// loop's result for it.
var LoopInvariantMerge = &Rule{
	Name: "loop-invariant-merge",
	Doc:  "a merge parameter the body returns unchanged is its initial value",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.LoopExp)
		if !ok {
			return nil
		}
		for k, p := range e.Params {
			if !isVar(e.Body.Result[k], p.Name) || loopParamMentioned(e, k) {
				continue
			}
			if p.Type.Rank() > 0 {
				if v, ok := e.Init[k].(soac.Var); ok && c.Consumed(v.Name) || c.Consumed(p.Name) || c.Consumed(s.Pat[k].Name) {
					continue
				}
			}
			return k
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		e := s.Exp.(*soac.LoopExp)
		k := m.(int)
		init := e.Init[k]
		cp := soac.NewCopier(map[soac.VName]soac.SubExp{e.Params[k].Name: init}, nil)
		body := cp.Body(e.Body)
		ns := removeLoopParam(s, e, k, body)
		ns.Exp.(*soac.LoopExp).Params = cp.Params(ns.Exp.(*soac.LoopExp).Params)
		return &Replacement{Stms: []*soac.Stm{ns}, Subst: map[soac.VName]soac.SubExp{s.Pat[k].Name: init}}
	},
}

// LoopZeroTrip replaces a for-loop whose bound is a constant of at most
// zero by its initial values.
var LoopZeroTrip = &Rule{
	Name: "loop-zero-trip",
	Doc:  "a for-loop that runs zero times is its initial values",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.LoopExp)
		if !ok {
			return nil
		}
		f, ok := e.Form.(soac.ForLoop)
		if !ok {
			return nil
		}
		k, ok := c.Const(f.Bound)
		if !ok || soac.Convert(k, i64).Int() > 0 {
			return nil
		}
		return e
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		e := m.(*soac.LoopExp)
		var stms []*soac.Stm
		for i, p := range s.Pat {
			stms = append(stms, letSub(p, e.Init[i], s.Pos))
		}
		return &Replacement{Stms: stms}
	},
}
