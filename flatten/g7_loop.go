package flatten

import "github.com/fcclang/fcc/soac"

// This file is rule G7, map-loop interchange:
//
//	Σ' = Σ, M (x, y) (xs, ys)    ({n} ∪ q) ∩ (x, y) = ∅
//	m = outer size of each of xs and ys
//	f contains exploitable (regular) inner parallelism
//	Σ ⊢ loop (zs' = replicate m z, ys' = ys) for i < n do map (f i q) xs ys ys' zs' ⇒ e
//	──────────────────────────────────────────────
//	Σ' ⊢ loop (z' = z, y' = y) for i < n do f i q x y y' z ⇒ e
//
// map (\x -> loop (x' = x) for i < n do f x') xs is
// loop (xs' = xs) for i < n do map f xs': the loop moves out to the host,
// each merge parameter becomes an array over the context's space (a
// replicate of an invariant initial value, the array holding a varying
// one), and the loop body is flattened in the context with the merge
// parameters as varying values. The rule applies only when the loop body
// holds inner parallelism (otherwise it would turn a compute-bound kernel
// into a memory-bound loop of kernels, as the seed notes for Mandelbrot),
// only to for-loops whose bound is invariant (every point must run the
// same number of iterations), and only when the merge parameters' types
// are regular.

// interchangeable reports whether rule G7 applies to loop e in the
// context of v.
func (f *flattener) interchangeable(v variance, e *soac.LoopExp) bool {
	fl, ok := e.Form.(soac.ForLoop)
	if !ok || v.se(fl.Bound) {
		return false
	}
	merge := map[soac.VName]bool{}
	for _, p := range e.Params {
		merge[p.Name] = true
	}
	for _, p := range e.Params {
		loopVariant := variance{n: &nest{}, local: merge}
		if v.irregular(p.Type) || loopVariant.irregular(p.Type) {
			return false // the size changes from one iteration to the next
		}
	}
	// Inner parallelism: some statement of the body that a rule other than
	// G1 takes, with the merge parameters varying.
	m := v.n.clone()
	for _, p := range e.Params {
		m.bind(p, elem{})
	}
	local := soac.BoundInBody(e.Body)
	for x := range v.local {
		local[x] = true
	}
	for _, s := range f.normalise(e.Body.Stms) {
		if f.classify(m, local, s) != kSeq {
			return true
		}
	}
	return false
}

// interchangeLoop applies rule G7 to the loop bound by s in context n;
// arrays receive the loop's results over the space.
func (f *flattener) interchangeLoop(n *nest, s *soac.Stm, arrays []soac.Param) []*soac.Stm {
	e := s.Exp.(*soac.LoopExp)
	var out []*soac.Stm
	m := n.clone()
	params := make([]soac.Param, len(e.Params))
	inits := make([]soac.SubExp, len(e.Params))
	for i, p := range e.Params {
		params[i] = f.freshParam(p.Name, n.arrayType(p.Type))
		init, stms := f.materialiseSE(n, e.Init[i], suffixed(p.Name, "init"), p.Type)
		inits[i] = init
		out = append(out, stms...)
		m.bindArray(p, params[i].Name)
	}
	// The loop body's results at every point, the next values of the
	// merge parameters.
	next := make([]soac.Param, len(e.Params))
	res := make([]soac.SubExp, len(e.Params))
	for i, p := range e.Params {
		next[i] = f.freshParam(suffixed(p.Name, "next"), n.arrayType(p.Type))
		res[i] = soac.Var{Name: next[i].Name}
	}
	m.pos = s.Pos
	body := &soac.Body{Stms: f.distBody(m, e.Body, next), Result: res}
	loop := &soac.LoopExp{Params: params, Init: inits, Form: e.Form, Body: body}
	return append(out, &soac.Stm{Pat: arrays, Exp: loop, Pos: s.Pos})
}
