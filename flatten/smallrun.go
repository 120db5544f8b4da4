package flatten

import (
	"fmt"
	"slices"
	"sort"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file is the small-run version of a host body: a run of
// consecutive host statements that would each launch kernels of their
// own runs, when all of them are small at run time, as one work-group:
// the intra-group version (intra.go) of a map of one point whose body is
// the run. Back-propagation's output layer, its error, the hidden
// layer's errors and the new output weights (1, 16 and 17 points of a
// few operations each) were three launches of a few microseconds' work
// each, between the two large kernels over the inputs; hand-written CUDA
// computes them in one block. Such statements fill no device in any
// version, so their time is the launches'.
//
// A run is found statically: kernel statements (a screma the flattener
// would distribute) with the scalar and index code between them, the
// code that only reads what was bound before the run hoisted above it.
// Whether it is small is known only at run time, and the first and last
// statements of a run are often the large ones (back-propagation's run
// starts with the hidden layer's sums over 65537 inputs and ends with
// their new weights), so a run of K kernel statements gets two versions
// beside the flat code:
//
//	if small(1..K) { one group: 1..K }
//	else { flat 1; if small(2..K-1) { one group: 2..K-1 } else { flat 2..K-1 }; flat K }
//
// (the inner one for K >= 4, so that it still saves a launch). A
// version is taken when the threshold FUN.small_run_N is on (the
// default on GPUs; gpu_only: a CPU device runs a work-group's work-items
// in turn), the run's work (the product of each nest's widths, summed)
// is at most smallWork, and its work-group fits the device
// (group_fits). The decision is recorded in the IR as the if and its
// condition's statements.

// smallRunThreshold is the name that the thresholds of small-run
// versions carry after their function's: FUN.small_run_N.
const smallRunThreshold = "small_run"

// runUnit is one kernel statement of a run, last, with the code between
// it and the previous one that stays in the run.
type runUnit []*soac.Stm

// hostStms flattens the statements of a host body, whose result is
// result, with small-run versions where runs qualify.
func (f *flattener) hostStms(stms []*soac.Stm, result []soac.SubExp) []*soac.Stm {
	var out []*soac.Stm
	for i := 0; i < len(stms); {
		if f.opts.MultiVersion && f.runKernel(stms[i]) {
			if vs, end := f.smallRunAt(stms, i, result); vs != nil {
				out = append(out, vs...)
				i = end
				continue
			}
		}
		out = append(out, f.hostStm(stms[i])...)
		i++
	}
	return out
}

// runKernel reports whether s is a kernel statement of a run: a screma
// of the host that the flattener distributes into kernels.
func (f *flattener) runKernel(s *soac.Stm) bool {
	if _, ok := s.Exp.(*soac.ScremaExp); !ok {
		return false
	}
	top := &nest{rows: map[soac.VName]elem{}, pos: s.Pos, fresh: f.fresh}
	switch f.classify(top, nil, s) {
	case kMap, kRed, kG5, kScan:
		return true
	}
	return false
}

// runGlue reports whether s may sit between a run's kernel statements in
// the group's body: scalar code, indexing, iotas, reshapes.
func runGlue(s *soac.Stm) bool {
	switch s.Exp.(type) {
	case *soac.SubExpExp, *soac.BinOpExp, *soac.CmpOpExp, *soac.UnOpExp, *soac.ConvOpExp, *soac.CallPrimExp, *soac.AssertExp:
		return scalarParams(s.Pat)
	case *soac.IndexExp, *soac.IotaExp, *soac.ReshapeExp:
		return true
	}
	return false
}

// hoistable reports whether s may move above the statements of a run
// it does not depend on: scalar code, views, replicates and literals,
// which consume nothing (an iota stays in the run, whose kernels
// compute its elements).
func hoistable(s *soac.Stm) bool {
	switch s.Exp.(type) {
	case *soac.SubExpExp, *soac.BinOpExp, *soac.CmpOpExp, *soac.UnOpExp, *soac.ConvOpExp, *soac.CallPrimExp, *soac.AssertExp:
		return scalarParams(s.Pat)
	case *soac.IndexExp, *soac.RearrangeExp, *soac.ReshapeExp, *soac.SliceExp, *soac.ReplicateExp, *soac.ArrayLitExp:
		return true
	}
	return false
}

// smallRunAt returns the statements that bind the run starting at
// stms[i] with its small-run versions, and the index of the first
// statement after it; nil when there is no run of two kernel statements
// there that qualifies.
func (f *flattener) smallRunAt(stms []*soac.Stm, i int, result []soac.SubExp) ([]*soac.Stm, int) {
	bound := map[soac.VName]bool{}
	bind := func(s *soac.Stm) {
		for _, p := range s.Pat {
			bound[p.Name] = true
		}
	}
	var units []runUnit
	var ends []int // after each unit's kernel statement
	var cur runUnit
	var hoisted []int
	for j := i; j < len(stms); j++ {
		s := stms[j]
		if f.runKernel(s) {
			units = append(units, append(cur, s))
			ends = append(ends, j+1)
			cur = nil
			bind(s)
			continue
		}
		if hoistable(s) && !readsAny(s, bound) {
			// Only reads what was bound before the run: computed on
			// the host before it.
			hoisted = append(hoisted, j)
			continue
		}
		if !runGlue(s) {
			break
		}
		cur = append(cur, s)
		bind(s)
	}
	// The longest run that has a group version: a unit whose work is
	// not known (a loop) ends it.
	for k := len(units); k >= 2; k-- {
		if vs := f.smallRunTo(stms, units[:k], ends[k-1], hoisted, result); vs != nil {
			return vs, ends[k-1]
		}
	}
	return nil, 0
}

// smallRunTo returns the statements that bind the run of units, which
// ends before stms[end], with the statements hoisted above it; nil
// when it has no group version.
func (f *flattener) smallRunTo(stms []*soac.Stm, units []runUnit, end int, hoisted []int, result []soac.SubExp) []*soac.Stm {
	later := map[soac.VName]bool{}
	for _, s := range stms[end:] {
		for x := range soac.FreeInExp(s.Exp) {
			later[x] = true
		}
		for _, p := range s.Pat {
			for x := range typeVars(p.Type) {
				later[x] = true
			}
		}
	}
	for _, r := range result {
		if v, ok := r.(soac.Var); ok {
			later[v.Name] = true
		}
	}
	vs := f.smallRun(units, later, true)
	if vs == nil {
		return nil
	}
	var pre []*soac.Stm
	for _, j := range hoisted {
		if j < end {
			pre = append(pre, f.hostStm(stms[j])...)
		}
	}
	return append(pre, vs...)
}

// chained reports whether every unit after the first reads what an
// earlier one binds: the dependences that keep the statements in
// kernels of their own (independent ones are horizontal fusion's).
func chained(units []runUnit) bool {
	bound := map[soac.VName]bool{}
	for i, u := range units {
		reads := false
		for _, s := range u {
			reads = reads || readsAny(s, bound)
			for _, p := range s.Pat {
				bound[p.Name] = true
			}
		}
		if i > 0 && !reads {
			return false
		}
	}
	return true
}

// readsAny reports whether s uses any of names.
func readsAny(s *soac.Stm, names map[soac.VName]bool) bool {
	for x := range soac.FreeInExp(s.Exp) {
		if names[x] {
			return true
		}
	}
	return false
}

// smallRun returns the statements that bind the names of units that
// later uses: the group version of the run if small, else the flat code
// (with, when outer is set and there are four units or more, the run
// without its first and last units as an inner small run). nil when the
// run has no group version.
func (f *flattener) smallRun(units []runUnit, later map[soac.VName]bool, outer bool) []*soac.Stm {
	if !chained(units) {
		return nil
	}
	var stms []*soac.Stm
	for _, u := range units {
		stms = append(stms, u...)
	}
	pos := stms[0].Pos
	inRun := soac.BoundInBody(&soac.Body{Stms: stms})
	// The run's results: what it binds that later uses, with shapes
	// known before it.
	var res []soac.Param
	for _, s := range stms {
		for _, p := range s.Pat {
			if !later[p.Name] {
				continue
			}
			for x := range typeVars(p.Type) {
				if inRun[x] {
					return nil
				}
			}
			res = append(res, p)
		}
	}
	if len(res) == 0 {
		return nil
	}
	// The checks take no fresh names, so that a run without a group
	// version leaves the names of the flat code as they were.
	dry := func(string, values.PrimType, soac.Exp) soac.SubExp { return soac.I64(1) }
	for _, u := range units {
		if _, ok := nestWork(u[len(u)-1].Exp, inRun, dry); !ok {
			return nil
		}
	}
	body := &soac.Body{Stms: stms}
	for _, p := range res {
		body.Result = append(body.Result, soac.Var{Name: p.Name})
	}
	n := &nest{dims: []soac.SegDim{{N: soac.I64(1)}}, rows: map[soac.VName]elem{}, pos: pos, fresh: f.fresh}
	if !f.intraQualifies(n, body, true) {
		return nil
	}
	var pred []*soac.Stm
	let := hostLet(f, &pred, pos)
	var work soac.SubExp
	for _, u := range units {
		w, _ := nestWork(u[len(u)-1].Exp, inRun, let)
		if work == nil {
			work = w
		} else {
			work = let("run_work", values.I64, &soac.BinOpExp{Op: soac.Add, T: values.I64, X: work, Y: w})
		}
	}
	n.dims[0].Index = f.fresh("gtid")
	wide := make([]soac.Param, len(res))
	types := make([]soac.Type, len(res))
	for i, p := range res {
		wide[i] = f.freshParam(p.Name, soac.Type{Elem: p.Type.Elem, Shape: append([]soac.SubExp{soac.I64(1)}, p.Type.Shape...)})
		types[i] = p.Type
	}
	st, plan := f.intraVersion(n, body, wide, true)
	if st == nil {
		return nil
	}
	_, g, bytes := plan.groupNeeds(let)
	on := let("small_run", values.Bool, &soac.ThresholdExp{Name: f.smallRunThresholdName(), Parallelism: soac.I64(int64(len(units) - 1))})
	small := let("small_run_work", values.Bool, &soac.CmpOpExp{Op: soac.Le, T: values.I64, X: work, Y: soac.I64(smallWork)})
	fits := let("group_fits", values.Bool, &soac.GroupFitsExp{Group: g, LocalBytes: bytes})
	both := let("small_run", values.Bool, &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: on, Y: small})
	cond := let("small_run", values.Bool, &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: both, Y: fits})

	groupB := &soac.Body{Stms: []*soac.Stm{st}}
	for i, p := range res {
		one := f.freshParam(p.Name, p.Type)
		groupB.Stms = append(groupB.Stms, &soac.Stm{Pat: []soac.Param{one}, Exp: &soac.IndexExp{Arr: wide[i].Name, Indices: []soac.SubExp{soac.I64(0)}, Pos: pos}, Pos: pos})
		groupB.Result = append(groupB.Result, soac.Var{Name: one.Name})
	}
	// The flat code, the run's names renamed so that the if binds them.
	flatB := &soac.Body{Stms: f.flatRun(units, later, outer)}
	for _, p := range res {
		flatB.Result = append(flatB.Result, soac.Var{Name: p.Name})
	}
	flatB = soac.NewCopier(nil, func(v soac.VName) soac.VName { return f.fresh(string(v)) }).Body(flatB)
	return append(pred, &soac.Stm{Pat: res, Exp: &soac.IfExp{Cond: cond, Then: groupB, Else: flatB, Types: types}, Pos: pos})
}

// flatRun is the flat code of a run's units: each statement flattened
// alone, but for the units between the first and the last, which form
// an inner small run when outer is set and there are at least two.
func (f *flattener) flatRun(units []runUnit, later map[soac.VName]bool, outer bool) []*soac.Stm {
	flat := func(us []runUnit) []*soac.Stm {
		var out []*soac.Stm
		for _, u := range us {
			for _, s := range u {
				out = append(out, f.hostStm(s)...)
			}
		}
		return out
	}
	if !outer || len(units) < 4 {
		return flat(units)
	}
	mid := units[1 : len(units)-1]
	// The inner run's results: what the last unit or later uses.
	inner := map[soac.VName]bool{}
	for x := range later {
		inner[x] = true
	}
	for _, s := range units[len(units)-1] {
		for x := range soac.FreeInExp(s.Exp) {
			inner[x] = true
		}
		for _, p := range s.Pat {
			for x := range typeVars(p.Type) {
				inner[x] = true
			}
		}
	}
	head := units[0]
	if a, b, ok := f.splitPost(head[len(head)-1]); ok {
		// The first statement's scalar code after its last nested
		// SOAC (a sigmoid of a sum) is small too: it joins the inner
		// run as its first unit.
		head = append(slices.Clip(head[:len(head)-1]), a)
		mid = append([]runUnit{{b}}, mid...)
	}
	out := flat([]runUnit{head})
	if vs := f.smallRun(mid, inner, false); vs != nil {
		out = append(out, vs...)
	} else {
		out = append(out, flat(mid)...)
	}
	return append(out, flat(units[len(units)-1:])...)
}

// nestWork binds, through let, the elements of work of e (a kernel
// statement's screma): its width times one plus the work of its
// lambda's nested SOACs, sequential or not. It reports false when a
// nested width is bound inside the run (inRun: not known before it) or
// a nested loop's trip count is not plain.
func nestWork(e soac.Exp, inRun map[soac.VName]bool, let func(string, values.PrimType, soac.Exp) soac.SubExp) (soac.SubExp, bool) {
	sc, ok := e.(*soac.ScremaExp)
	if !ok {
		return soac.I64(0), true
	}
	if v, isVar := sc.W.(soac.Var); isVar && inRun[v.Name] {
		return nil, false
	}
	inner, ok := bodyWork(sc.Map.Body, inRun, let)
	if !ok {
		return nil, false
	}
	one := let("run_work", values.I64, &soac.BinOpExp{Op: soac.Add, T: values.I64, X: inner, Y: soac.I64(1)})
	return let("run_work", values.I64, &soac.BinOpExp{Op: soac.Mul, T: values.I64, X: sc.W, Y: one}), true
}

// bodyWork is the work of the nested SOACs of b (see nestWork).
func bodyWork(b *soac.Body, inRun map[soac.VName]bool, let func(string, values.PrimType, soac.Exp) soac.SubExp) (soac.SubExp, bool) {
	var total soac.SubExp = soac.I64(0)
	add := func(w soac.SubExp) {
		if isZero(w) {
			return
		}
		if isZero(total) {
			total = w
			return
		}
		total = let("run_work", values.I64, &soac.BinOpExp{Op: soac.Add, T: values.I64, X: total, Y: w})
	}
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *soac.ScremaExp:
			w, ok := nestWork(e, inRun, let)
			if !ok {
				return nil, false
			}
			add(w)
		case *soac.IfExp:
			for _, br := range []*soac.Body{e.Then, e.Else} {
				w, ok := bodyWork(br, inRun, let)
				if !ok {
					return nil, false
				}
				add(w)
			}
		case *soac.LoopExp, *soac.ScatterExp, *soac.HistExp:
			return nil, false
		}
	}
	return total, true
}

// smallRunThresholdName registers the next "FUN.small_run_N" threshold:
// on by default on GPUs (its parallelism, the launches the run saves, is
// at least 1), off by default where Seg-ops run their CPU versions.
func (f *flattener) smallRunThresholdName() string {
	name := ""
	for k := 1; name == "" || f.threshUsed[name]; k++ {
		name = fmt.Sprintf("%s.%s_%d", f.fun, smallRunThreshold, k)
	}
	f.threshUsed[name] = true
	f.thresholds = append(f.thresholds, soac.Threshold{Name: name, Default: 1, GPUOnly: true})
	return name
}

// typeVars are the names in the shape of t.
func typeVars(t soac.Type) map[soac.VName]bool {
	vs := map[soac.VName]bool{}
	for _, d := range t.Shape {
		if v, ok := d.(soac.Var); ok {
			vs[v.Name] = true
		}
	}
	return vs
}

// isZero reports whether x is the constant 0.
func isZero(x soac.SubExp) bool {
	c, ok := x.(soac.Const)
	return ok && c.Value.Bits == 0
}

// splitPost splits the map s, whose lambda ends in scalar code after its
// last nested SOAC (back-propagation's hidden layer: a sum over the
// inputs, then the sigmoid), into a map up to that SOAC, whose results
// are the values the scalar code reads, and a map of the scalar code
// over them, binding s's names. false when s is not such a map.
func (f *flattener) splitPost(s *soac.Stm) (*soac.Stm, *soac.Stm, bool) {
	e, ok := s.Exp.(*soac.ScremaExp)
	if !ok || len(e.Reds) > 0 || len(e.Scans) > 0 || !scalarTypes(e.Map.RetType) {
		return nil, nil, false
	}
	body := e.Map.Body
	last := -1
	for i, st := range body.Stms {
		if _, ok := st.Exp.(*soac.ScremaExp); ok {
			last = i
		}
	}
	if last < 0 || last == len(body.Stms)-1 {
		return nil, nil, false
	}
	pre, post := body.Stms[:last+1], body.Stms[last+1:]
	for _, st := range post {
		if !scalarParams(st.Pat) || !runGlue(st) {
			return nil, nil, false
		}
	}
	// The values of the lambda (its parameters and what pre binds)
	// that post reads, in order of name.
	types := map[soac.VName]soac.Type{}
	for _, p := range e.Map.Params {
		types[p.Name] = p.Type
	}
	for _, st := range pre {
		for _, p := range st.Pat {
			types[p.Name] = p.Type
		}
	}
	postB := &soac.Body{Stms: post, Result: body.Result}
	var needed []soac.VName
	for x := range soac.FreeInBody(postB) {
		if t, ok := types[x]; ok {
			if t.Rank() > 0 {
				return nil, nil, false
			}
			needed = append(needed, x)
		}
	}
	if len(needed) == 0 {
		return nil, nil, false
	}
	sort.Slice(needed, func(i, j int) bool { return needed[i] < needed[j] })
	firstB := &soac.Body{Stms: pre}
	var mids, params []soac.Param
	var rets []soac.Type
	subst := map[soac.VName]soac.SubExp{}
	var inputs []soac.VName
	for _, x := range needed {
		firstB.Result = append(firstB.Result, soac.Var{Name: x})
		rets = append(rets, types[x])
		m := f.freshParam(x, types[x].ArrayOf(e.W))
		mids = append(mids, m)
		inputs = append(inputs, m.Name)
		p := f.freshParam(x, types[x])
		params = append(params, p)
		subst[x] = soac.Var{Name: p.Name}
	}
	first := &soac.Stm{Pat: mids, Exp: &soac.ScremaExp{W: e.W, Inputs: e.Inputs, Map: &soac.Lambda{Params: e.Map.Params, Body: firstB, RetType: rets}}, Pos: s.Pos}
	second := &soac.Stm{Pat: s.Pat, Exp: &soac.ScremaExp{W: e.W, Inputs: inputs, Map: &soac.Lambda{Params: params, Body: soac.NewCopier(subst, nil).Body(postB), RetType: e.Map.RetType}}, Pos: s.Pos}
	return first, second, true
}

// scalarTypes reports whether every type of ts is a scalar's.
func scalarTypes(ts []soac.Type) bool {
	for _, t := range ts {
		if t.Rank() > 0 {
			return false
		}
	}
	return true
}
