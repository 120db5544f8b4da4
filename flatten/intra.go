package flatten

import (
	"fmt"
	"slices"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file is the intra-group version of incremental flattening
// (Henriksen et al., PPoPP 2019), the third version between the outer
// one (a work-item per point, the inner parallelism sequential) and the
// inner one (the body flattened into kernels of its own):
//
//	if suff_outer_par then outer
//	else if suff_intra_par && group_fits G L then intra
//	else inner
//
// The intra version is a segmap_group over the context's space: one
// work-group per point, whose work-items run the body together. The
// inner SOACs of the body (a map, a reduction or a scan over a row,
// possibly inside sequential loops and ifs) become thread-level Seg-ops
// over their width, their points spread over the group's work-items;
// the arrays they make and the loops' array merge parameters live in
// local memory. It wins where the outer parallelism is too small to fill
// the device but each point's inner parallelism fits a work-group: the
// whole body runs in one kernel launch, with barriers instead of kernel
// boundaries and local memory instead of global intermediate arrays.
//
// The predicate holds when
//   - the inner parallelism W, the widest inner Seg-op, is at least the
//     threshold "FUN.suff_intra_par_N" (default intraThreshold, tunable
//     like the others), and
//   - a group of G work-items (W rounded up to soac.GroupMultiple) with
//     L bytes of local memory (the local arrays, and G times the bytes of
//     a work-item's operands of the reductions and scans, through which
//     they combine) can be launched on the device (group_fits, asked of
//     the device at run time).
//
// The bodies taken are those the backend's group kernel compiles: at the
// group level scalar code, indexing, loops, ifs with scalar results,
// inner SOACs that are a map, a reduction or a scan (not a mix) with
// scalar elements or a map of rows made by a map (a 2-D segmap),
// scatters of scalars and updates into arrays in local memory, replicates
// and iotas; inside the inner SOACs' lambdas, code that makes no array. Every width and every local array's shape must be known before
// the kernel runs (invariant to the map). Other bodies get no intra
// version; nor does a body of one inner SOAC outside any loop, whose
// inner version is one Seg-op: a segmented reduction's lowering already
// gives short rows a team of work-items and reads them coalesced, and
// an intra version would only add a launch of a group per row.

// intraThreshold is the default of the suff_intra_par thresholds, as in
// Futhark: a warp's worth of inner parallelism.
const intraThreshold = 32

// intraPlan is what building an intra version found out about the body.
type intraPlan struct {
	// widths are the inner Seg-ops' spaces.
	widths [][]soac.SubExp
	// arrays are the local arrays' types, each with its buffers.
	arrays []soac.Type
	bufs   []int
	// exchange is the bytes per work-item, for each operand position,
	// of the largest element of the combining operators (reductions and
	// scans) at that position.
	exchange []int
	// ops counts the inner Seg-ops; loops is the depth of the loops
	// being rewritten, and looped is set when an inner Seg-op is in one.
	ops    int
	loops  int
	looped bool
	// iotas are the i64 iotas of the group's body: the inner Seg-ops
	// compute their elements instead of reading them (iotaElems).
	iotas map[soac.VName]*soac.IotaExp
	// local are the arrays of the body in local memory so far (loops'
	// array merge parameters, inner Seg-ops' results and the scatters
	// into them), which a scatter may update in place.
	local map[soac.VName]bool
	// views lets the inner Seg-ops' lambdas reshape arrays (a small
	// run's rows, coerced to their declared size; see smallrun.go).
	views bool
}

// setLocal records that names live in local memory.
func (plan *intraPlan) setLocal(ps ...soac.Param) {
	if plan.local == nil {
		plan.local = map[soac.VName]bool{}
	}
	for _, p := range ps {
		if p.Type.Rank() > 0 {
			plan.local[p.Name] = true
		}
	}
}

// intraVersion returns the intra-group version of body in context n,
// binding targets, or nil when the body does not qualify.
func (f *flattener) intraVersion(n *nest, body *soac.Body, targets []soac.Param, views bool) (*soac.Stm, *intraPlan) {
	if !f.intraQualifies(n, body, views) {
		return nil, nil
	}
	st := f.manifest(n, soac.NewCopier(nil, nil).Body(body), targets)
	sm := st.Exp.(*soac.SegMapExp)
	plan := &intraPlan{views: views}
	gb, _ := f.groupBody(sm.Body, plan, true)
	sm.Level = soac.LevelGroup
	sm.Body = gb
	return st, plan
}

// intraQualifies reports whether body, in context n, has an intra
// version (views: see intraPlan.views). It is a dry run, which takes no fresh names, so that bodies
// without an intra version keep the names they had.
func (f *flattener) intraQualifies(n *nest, body *soac.Body, views bool) bool {
	plan := &intraPlan{views: views}
	// One inner Seg-op and no loop: the inner version is that one
	// Seg-op, whose own lowering already gives short rows a team of
	// work-items (segred) and reads them coalesced.
	_, ok := f.groupBody(body, plan, false)
	return ok && (plan.ops >= 2 || plan.looped) && plan.invariant(variance{n: n, local: soac.BoundInBody(body)})
}

// loopCopies finds the copies in b whose only use is as the initial
// value of a loop's array merge parameter, with what they copy: the loop
// copies its initial value into local memory, so such a copy (made for
// uniqueness, the loop updating its parameter in place) is not needed,
// where it would cost every work-item an array of its own. The result
// maps each such copy's name to the array it copies.
func loopCopies(b *soac.Body) map[soac.VName]soac.VName {
	uses := map[soac.VName]int{}
	count := func(free map[soac.VName]bool) {
		for n := range free {
			uses[n]++
		}
	}
	for _, s := range b.Stms {
		count(soac.FreeInExp(s.Exp))
	}
	for _, r := range b.Result {
		if v, ok := r.(soac.Var); ok {
			uses[v.Name]++
		}
	}
	copies := map[soac.VName]*soac.Stm{}
	for _, s := range b.Stms {
		if _, ok := s.Exp.(*soac.CopyExp); ok && len(s.Pat) == 1 && uses[s.Pat[0].Name] == 1 {
			copies[s.Pat[0].Name] = s
		}
	}
	out := map[soac.VName]soac.VName{}
	for _, s := range b.Stms {
		l, ok := s.Exp.(*soac.LoopExp)
		if !ok {
			continue
		}
		for i, x := range l.Init {
			if v, ok := x.(soac.Var); ok && copies[v.Name] != nil && l.Params[i].Type.Rank() > 0 {
				out[v.Name] = copies[v.Name].Exp.(*soac.CopyExp).Arr
			}
		}
	}
	return out
}

// invariant reports whether the widths and the local arrays' shapes are
// invariant to the map (v), so that the host knows them before the
// kernel runs.
func (plan *intraPlan) invariant(v variance) bool {
	for _, w := range plan.widths {
		if v.ses(w) {
			return false
		}
	}
	for _, t := range plan.arrays {
		if v.irregular(t) {
			return false
		}
	}
	return true
}

// groupBody rewrites a body at the group level: inner SOACs into
// thread-level Seg-ops (only checking, when build is false). It reports
// false for a body the group kernel does not take.
func (f *flattener) groupBody(b *soac.Body, plan *intraPlan, build bool) (*soac.Body, bool) {
	out := &soac.Body{Result: b.Result}
	feeds := loopCopies(b)
	for _, s := range b.Stms {
		if _, ok := s.Exp.(*soac.CopyExp); ok && feeds[s.Pat[0].Name] != "" {
			continue
		}
		ns := *s
		switch e := s.Exp.(type) {
		case *soac.SubExpExp, *soac.BinOpExp, *soac.CmpOpExp, *soac.UnOpExp, *soac.ConvOpExp, *soac.CallPrimExp, *soac.AssertExp:
		case *soac.IndexExp:
		case *soac.IotaExp:
			// Made by every work-item for itself, if anything still
			// reads it once the inner Seg-ops compute its elements.
			if e.T == values.I64 && len(s.Pat) == 1 {
				if plan.iotas == nil {
					plan.iotas = map[soac.VName]*soac.IotaExp{}
				}
				plan.iotas[s.Pat[0].Name] = e
			}
		case *soac.IfExp:
			if !scalarParams(s.Pat) {
				return nil, false
			}
			th, ok1 := f.groupBody(e.Then, plan, build)
			el, ok2 := f.groupBody(e.Else, plan, build)
			if !ok1 || !ok2 {
				return nil, false
			}
			ne := *e
			ne.Then, ne.Else = th, el
			ns.Exp = &ne
		case *soac.ReplicateExp:
			// Filled by the group's work-items into local memory.
			if len(s.Pat) != 1 {
				return nil, false
			}
			plan.arrays = append(plan.arrays, s.Pat[0].Type)
			plan.bufs = append(plan.bufs, 1)
			plan.setLocal(s.Pat...)
		case *soac.UpdateExp:
			// In place, by the group, into an array in local memory.
			if !plan.local[e.Arr] {
				return nil, false
			}
			plan.setLocal(s.Pat...)
		case *soac.ReshapeExp:
			// A view of the array it reshapes (the group kernel makes no
			// copy of a local array), so in local memory where that is.
			if plan.local[e.Arr] {
				plan.setLocal(s.Pat...)
			}
		case *soac.CopyExp:
			// Made by every work-item for itself (the loop it feeds, the
			// usual consumer, copies it to local memory).
		case *soac.ScatterExp:
			if !f.groupScatter(s, e, plan) {
				return nil, false
			}
		case *soac.LoopExp:
			plan.setLocal(e.Params...)
			plan.loops++
			bd, ok := f.groupBody(e.Body, plan, build)
			plan.loops--
			if !ok {
				return nil, false
			}
			for _, p := range e.Params {
				if p.Type.Rank() > 0 {
					plan.arrays = append(plan.arrays, p.Type)
					plan.bufs = append(plan.bufs, 2)
				}
			}
			ne := *e
			ne.Body = bd
			ne.Init = slices.Clone(e.Init)
			for i, x := range ne.Init {
				if v, ok := x.(soac.Var); ok && feeds[v.Name] != "" {
					ne.Init[i] = soac.Var{Name: feeds[v.Name]}
				}
			}
			ns.Exp = &ne
		case *soac.ScremaExp:
			if sc, sp, rows, rp, ok := splitRowMap(s, e); ok {
				// A map making rows by a map and scalars beside them (a
				// fused tabulate and tabulate_2d): a 1-D Seg-op for the
				// scalars and a 2-D one for the rows.
				for _, part := range []*soac.Stm{{Pat: sp, Exp: sc, Pos: s.Pos}, {Pat: rp, Exp: rows, Pos: s.Pos}} {
					seg, ok := f.innerSegOp(part.Exp.(*soac.ScremaExp), plan, build)
					if !ok {
						return nil, false
					}
					plan.addLocalResults(part.Pat)
					part.Exp = seg
					out.Stms = append(out.Stms, part)
				}
				continue
			}
			seg, ok := f.innerSegOp(e, plan, build)
			if !ok {
				return nil, false
			}
			plan.addLocalResults(s.Pat)
			ns.Exp = seg
		default:
			return nil, false
		}
		out.Stms = append(out.Stms, &ns)
	}
	return out, true
}

// addLocalResults records the array results of an inner Seg-op, which
// live in local memory.
func (plan *intraPlan) addLocalResults(pat []soac.Param) {
	for _, p := range pat {
		if p.Type.Rank() > 0 {
			plan.arrays = append(plan.arrays, p.Type)
			plan.bufs = append(plan.bufs, 1)
		}
	}
	plan.setLocal(pat...)
}

// splitRowMap splits a map (bound by s) whose lambda ends in a map
// making the rows of some of its results, the others scalars computed
// before that map, into a map of the scalars (sc, bound by sp) and a
// map of the rows (rows, bound by rp), each lambda keeping only the
// statements its results need. It reports false for other SOACs.
func splitRowMap(s *soac.Stm, e *soac.ScremaExp) (sc *soac.ScremaExp, sp []soac.Param, rows *soac.ScremaExp, rp []soac.Param, ok bool) {
	b := e.Map.Body
	if len(e.Scans) > 0 || len(e.Reds) > 0 || len(b.Stms) == 0 || len(s.Pat) != len(b.Result) {
		return nil, nil, nil, nil, false
	}
	last := b.Stms[len(b.Stms)-1]
	if _, isMap := last.Exp.(*soac.ScremaExp); !isMap {
		return nil, nil, nil, nil, false
	}
	byLast := map[soac.VName]bool{}
	for _, p := range last.Pat {
		byLast[p.Name] = true
	}
	var scRes, rowRes []soac.SubExp
	var scT, rowT []soac.Type
	for k, r := range b.Result {
		v, isVar := r.(soac.Var)
		switch t := e.Map.RetType[k]; {
		case t.Rank() == 0 && !(isVar && byLast[v.Name]):
			scRes, scT, sp = append(scRes, r), append(scT, t), append(sp, s.Pat[k])
		case t.Rank() > 0 && isVar && byLast[v.Name]:
			rowRes, rowT, rp = append(rowRes, r), append(rowT, t), append(rp, s.Pat[k])
		default:
			return nil, nil, nil, nil, false
		}
	}
	if len(scRes) == 0 || len(rowRes) == 0 {
		return nil, nil, nil, nil, false
	}
	part := func(stms []*soac.Stm, res []soac.SubExp, ts []soac.Type) *soac.ScremaExp {
		ne := *e
		lam := *e.Map
		lam.Body = liveStms(&soac.Body{Stms: stms, Result: res})
		lam.RetType = ts
		ne.Map = &lam
		return &ne
	}
	return part(b.Stms[:len(b.Stms)-1], scRes, scT), sp, part(b.Stms, rowRes, rowT), rp, true
}

// liveStms returns b without the statements that compute nothing its
// results need (but assertions).
func liveStms(b *soac.Body) *soac.Body {
	used := map[soac.VName]bool{}
	for _, r := range b.Result {
		if v, ok := r.(soac.Var); ok {
			used[v.Name] = true
		}
	}
	keep := make([]bool, len(b.Stms))
	for k := len(b.Stms) - 1; k >= 0; k-- {
		s := b.Stms[k]
		_, isAssert := s.Exp.(*soac.AssertExp)
		keep[k] = isAssert || slices.ContainsFunc(s.Pat, func(p soac.Param) bool { return used[p.Name] })
		if keep[k] {
			for n := range soac.FreeInExp(s.Exp) {
				used[n] = true
			}
		}
	}
	out := &soac.Body{Result: b.Result}
	for k, s := range b.Stms {
		if keep[k] {
			out.Stms = append(out.Stms, s)
		}
	}
	return out
}

// innerSegOp is the thread-level Seg-op of an inner SOAC of a group's
// body, or false when the group kernel does not take it.
func (f *flattener) innerSegOp(e *soac.ScremaExp, plan *intraPlan, build bool) (soac.Exp, bool) {
	if len(e.Scans) > 0 && len(e.Reds) > 0 {
		return nil, false
	}
	for _, t := range e.Map.RetType {
		if t.Rank() > 0 {
			return f.innerMap2D(e, plan, build)
		}
	}
	if !makesNoArray(e.Map.Body, plan.views) {
		return nil, false
	}
	nOp := soac.ReduceValues(e.Reds) + soac.ReduceValues(soac.ScanReduces(e.Scans))
	if nOp > 0 && nOp != len(e.Map.RetType) {
		return nil, false // map-out results of a reduction or scan
	}
	for _, op := range append(soac.ScanReduces(e.Scans), e.Reds...) {
		if !makesNoArray(op.Op.Body, plan.views) {
			return nil, false
		}
	}
	for k, t := range e.Map.RetType[:nOp] {
		if k == len(plan.exchange) {
			plan.exchange = append(plan.exchange, 0)
		}
		plan.exchange[k] = max(plan.exchange[k], t.Elem.Size())
	}
	plan.ops++
	plan.looped = plan.looped || plan.loops > 0
	// Recorded in the dry run too: intraQualifies checks that the widths
	// are invariant to the map (an inner width bound inside it, as
	// map (\x -> iota x |> i64.sum), is not known on the host).
	plan.addWidth(e.W)
	if !build {
		return nil, true
	}
	i := f.fresh("ltid")
	space := []soac.SegDim{{Index: i, N: e.W}}
	body := f.iotaElems(e.Map.RowBody(i, e.Inputs), plan)
	switch {
	case len(e.Scans) > 0:
		return &soac.SegScanExp{Level: soac.LevelThread, Space: space, Scans: e.Scans, Body: body, Types: e.Map.RetType}, true
	case len(e.Reds) > 0:
		return &soac.SegRedExp{Level: soac.LevelThread, Space: space, Reds: e.Reds, Body: body, Types: e.Map.RetType}, true
	}
	return &soac.SegMapExp{Level: soac.LevelThread, Space: space, Body: body, Types: e.Map.RetType}, true
}

// groupScatter reports whether the group kernel runs scatter e of the
// group's body (bound by s): its work-items share the writes, in place,
// into arrays in local memory, of scalar values.
func (f *flattener) groupScatter(s *soac.Stm, e *soac.ScatterExp, plan *intraPlan) bool {
	if !makesNoArray(e.Lambda.Body, plan.views) {
		return false
	}
	for _, d := range e.Dests {
		if !plan.local[d.Arr] {
			return false
		}
	}
	// One scalar value per index.
	off := 0
	for _, d := range e.Dests {
		off += d.Rank
		if off >= len(e.Lambda.RetType) || e.Lambda.RetType[off].Rank() > 0 {
			return false
		}
		off++
	}
	plan.ops++
	plan.looped = plan.looped || plan.loops > 0
	plan.addWidth(e.W)
	plan.setLocal(s.Pat...)
	return true
}

// addWidth records the space of an inner Seg-op.
func (plan *intraPlan) addWidth(w ...soac.SubExp) {
	if !slices.ContainsFunc(plan.widths, func(x []soac.SubExp) bool { return slices.EqualFunc(x, w, soac.SameSubExp) }) {
		plan.widths = append(plan.widths, w)
	}
}

// innerMap2D is the two-dimensional thread-level segmap of an inner map
// whose lambda makes each row by a map (tabulate_2d, a map over rows):
// the statements before the row's map are scalar code, recomputed at
// every point of the row, and the row's width is the same for every row.
func (f *flattener) innerMap2D(e *soac.ScremaExp, plan *intraPlan, build bool) (soac.Exp, bool) {
	b := e.Map.Body
	if len(e.Scans) > 0 || len(e.Reds) > 0 || len(b.Stms) == 0 {
		return nil, false
	}
	last := b.Stms[len(b.Stms)-1]
	row, ok := last.Exp.(*soac.ScremaExp)
	if !ok || len(row.Scans) > 0 || len(row.Reds) > 0 || len(last.Pat) != len(b.Result) {
		return nil, false
	}
	for k, r := range b.Result {
		if v, ok := r.(soac.Var); !ok || v.Name != last.Pat[k].Name {
			return nil, false
		}
	}
	for _, t := range row.Map.RetType {
		if t.Rank() > 0 {
			return nil, false
		}
	}
	prefix := &soac.Body{Stms: b.Stms[:len(b.Stms)-1]}
	if !makesNoArray(prefix, plan.views) || !makesNoArray(row.Map.Body, plan.views) {
		return nil, false
	}
	for _, s := range prefix.Stms {
		if !soac.StraightLine(&soac.Body{Stms: []*soac.Stm{s}}) {
			return nil, false // recomputed at every point: cheap code only
		}
	}
	// The row's width may not vary from row to row.
	if v, ok := row.W.(soac.Var); ok {
		local := soac.BoundInBody(prefix)
		for _, p := range e.Map.Params {
			local[p.Name] = true
		}
		if local[v.Name] {
			return nil, false
		}
	}
	plan.ops++
	plan.looped = plan.looped || plan.loops > 0
	plan.addWidth(e.W, row.W)
	if !build {
		return nil, true
	}
	i, j := f.fresh("ltid"), f.fresh("ltid")
	body := f.iotaElems(e.Map.RowBody(i, e.Inputs), plan)
	body.Stms = append(body.Stms, prefix.Stms...)
	inner := f.iotaElems(row.Map.RowBody(j, row.Inputs), plan)
	body.Stms = append(body.Stms, inner.Stms...)
	body.Result = inner.Result
	space := []soac.SegDim{{Index: i, N: e.W}, {Index: j, N: row.W}}
	return &soac.SegMapExp{Level: soac.LevelThread, Space: space, Body: body, Types: row.Map.RetType}, true
}

// iotaElems replaces the reads of elements of the group's iotas, and of
// the host's, in the body of an inner Seg-op by their computation,
// start + i * step.
func (f *flattener) iotaElems(b *soac.Body, plan *intraPlan) *soac.Body {
	out := &soac.Body{Result: b.Result}
	for _, s := range b.Stms {
		ix, ok := s.Exp.(*soac.IndexExp)
		var io *soac.IotaExp
		if ok {
			io = plan.iotas[ix.Arr]
			if io == nil {
				// An iota of the host (hoisted out of the loop around the
				// group, nw_blocked's iota B): reading it would cost every
				// point a load from global memory, and the host a launch
				// to make it.
				if g, isIota := f.hostGen(ix.Arr).(*soac.IotaExp); isIota && g.T == values.I64 {
					io = g
				}
			}
		}
		if io == nil || len(ix.Indices) != 1 {
			out.Stms = append(out.Stms, s)
			continue
		}
		scaled := f.freshParam("iota_elem", soac.Prim(values.I64))
		out.Stms = append(out.Stms,
			&soac.Stm{Pat: []soac.Param{scaled}, Exp: &soac.BinOpExp{Op: soac.Mul, T: values.I64, X: ix.Indices[0], Y: io.Step}, Pos: s.Pos},
			&soac.Stm{Pat: s.Pat, Exp: &soac.BinOpExp{Op: soac.Add, T: values.I64, X: io.Start, Y: soac.Var{Name: scaled.Name}}, Pos: s.Pos})
	}
	return out
}

// makesNoArray reports whether a body (of a lambda run by one work-item)
// binds only scalars, but for rows of arrays it indexes and, with views,
// their reshapes (a rank-1 row coerced to its size is a view of it in
// the kernel, see backend/karrays.go).
func makesNoArray(b *soac.Body, views bool) bool {
	ok := true
	soac.VisitStms(b, func(s *soac.Stm) {
		if _, isIndex := s.Exp.(*soac.IndexExp); isIndex {
			return
		}
		if views {
			switch e := s.Exp.(type) {
			case *soac.ReshapeExp:
				if len(e.Shape) == 1 {
					return
				}
			case *soac.IotaExp:
				return
			}
		}
		switch s.Exp.(type) {
		case *soac.SegMapExp, *soac.SegRedExp, *soac.SegScanExp, *soac.SegHistExp:
			ok = false
		}
		if !scalarParams(s.Pat) {
			ok = false
		}
	})
	return ok
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func scalarParams(ps []soac.Param) bool {
	for _, p := range ps {
		if p.Type.Rank() > 0 {
			return false
		}
	}
	return true
}

// intraPredicate returns the host statements that compute whether the
// intra version is taken, and the name of the result.
func (f *flattener) intraPredicate(plan *intraPlan, pos soac.Pos) ([]*soac.Stm, soac.VName) {
	var stms []*soac.Stm
	let := hostLet(f, &stms, pos)
	w, g, bytes := plan.groupNeeds(let)
	name := f.intraThresholdName()
	suff := let("suff_intra_par", values.Bool, &soac.ThresholdExp{Name: name, Parallelism: w})
	fits := let("group_fits", values.Bool, &soac.GroupFitsExp{Group: g, LocalBytes: bytes})
	both := f.freshParam("intra", soac.Prim(values.Bool))
	stms = append(stms, &soac.Stm{Pat: []soac.Param{both}, Exp: &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: suff, Y: fits}, Pos: pos})
	return stms, both.Name
}

// hostLet returns a function that appends to stms a host statement
// binding a fresh name (from base) of type t to e, and returns the name.
func hostLet(f *flattener, stms *[]*soac.Stm, pos soac.Pos) func(base string, t values.PrimType, e soac.Exp) soac.SubExp {
	return func(base string, t values.PrimType, e soac.Exp) soac.SubExp {
		p := f.freshParam(soac.VName(base), soac.Prim(t))
		*stms = append(*stms, &soac.Stm{Pat: []soac.Param{p}, Exp: e, Pos: pos})
		return soac.Var{Name: p.Name}
	}
}

// groupNeeds binds, through let, what the group kernel of plan needs:
// its parallelism W (the widest inner Seg-op), its group size G (W
// rounded up to soac.GroupMultiple) and its bytes of local memory.
func (plan *intraPlan) groupNeeds(let func(string, values.PrimType, soac.Exp) soac.SubExp) (w, g, bytes soac.SubExp) {
	i64 := func(op soac.BinOp, x, y soac.SubExp) *soac.BinOpExp {
		return &soac.BinOpExp{Op: op, T: values.I64, X: x, Y: y}
	}
	for _, ds := range plan.widths {
		x := ds[0]
		for _, d := range ds[1:] {
			x = let("intra_par", values.I64, i64(soac.Mul, x, d))
		}
		if w == nil {
			w = x
		} else {
			w = let("intra_par", values.I64, i64(soac.Max, w, x))
		}
	}
	// G = (W + K - 1) / K * K, at least K.
	k := soac.I64(soac.GroupMultiple)
	g = let("group_size", values.I64, i64(soac.Max, w, soac.I64(1)))
	g = let("group_size", values.I64, i64(soac.Add, g, soac.I64(soac.GroupMultiple-1)))
	g = let("group_size", values.I64, i64(soac.Quot, g, k))
	g = let("group_size", values.I64, i64(soac.Mul, g, k))
	bytes = soac.I64(0)
	if ex := sum(plan.exchange); ex > 0 {
		bytes = let("local_bytes", values.I64, i64(soac.Mul, g, soac.I64(int64(ex))))
	}
	for j, t := range plan.arrays {
		sz := soac.SubExp(soac.I64(int64(t.Elem.Size() * plan.bufs[j])))
		for _, d := range t.Shape {
			sz = let("local_bytes", values.I64, i64(soac.Mul, sz, d))
		}
		bytes = let("local_bytes", values.I64, i64(soac.Add, bytes, sz))
	}
	return w, g, bytes
}

// intraThresholdName registers the next "FUN.suff_intra_par_N" threshold.
func (f *flattener) intraThresholdName() string {
	name := ""
	for k := 1; name == "" || f.threshUsed[name]; k++ {
		name = fmt.Sprintf("%s.%s_%d", f.fun, soac.IntraThreshold, k)
	}
	f.threshUsed[name] = true
	f.thresholds = append(f.thresholds, soac.Threshold{Name: name, Default: intraThreshold, GPUOnly: true})
	return name
}

// hostLoopIntra returns the statements that bind loop s, a statement of
// the host, by an intra-group version beside flat, its flattened form
// (a loop of kernels): if the group predicate holds, the whole loop runs
// in one work-group, as a segmap_group over a space of one point, and
// its results are that point's. This is the intra version of the loop
// as the body of a map of one element, where a host loop of small
// parallel steps (LU's diagonal block) would otherwise launch kernels
// at every step. It returns nil when the loop's body does not qualify.
func (f *flattener) hostLoopIntra(s *soac.Stm, flat []*soac.Stm) []*soac.Stm {
	bound := map[soac.VName]bool{}
	for _, p := range s.Pat {
		bound[p.Name] = true
	}
	for _, p := range s.Pat {
		for _, d := range p.Type.Shape {
			if v, ok := d.(soac.Var); ok && bound[v.Name] {
				return nil // a size the loop computes
			}
		}
	}
	body := &soac.Body{Stms: []*soac.Stm{s}}
	for _, p := range s.Pat {
		body.Result = append(body.Result, soac.Var{Name: p.Name})
	}
	n := &nest{dims: []soac.SegDim{{N: soac.I64(1)}}, rows: map[soac.VName]elem{}, pos: s.Pos, fresh: f.fresh}
	if !f.intraQualifies(n, body, false) {
		return nil
	}
	n.dims[0].Index = f.fresh("gtid")
	wide := make([]soac.Param, len(s.Pat))
	types := make([]soac.Type, len(s.Pat))
	for i, p := range s.Pat {
		wide[i] = f.freshParam(p.Name, soac.Type{Elem: p.Type.Elem, Shape: append([]soac.SubExp{soac.I64(1)}, p.Type.Shape...)})
		types[i] = p.Type
	}
	st, plan := f.intraVersion(n, body, wide, false)
	if st == nil {
		return nil
	}
	stms, intra := f.intraPredicate(plan, s.Pos)
	intraB := &soac.Body{Stms: []*soac.Stm{st}}
	flatB := &soac.Body{Stms: flat}
	for i, p := range s.Pat {
		one := f.freshParam(p.Name, p.Type)
		intraB.Stms = append(intraB.Stms, &soac.Stm{Pat: []soac.Param{one}, Exp: &soac.IndexExp{Arr: wide[i].Name, Indices: []soac.SubExp{soac.I64(0)}, Pos: s.Pos}, Pos: s.Pos})
		intraB.Result = append(intraB.Result, soac.Var{Name: one.Name})
	}
	// The flattened loop binds fresh names: the if binds the loop's.
	pat := make([]soac.Param, len(s.Pat))
	for i, p := range s.Pat {
		pat[i] = f.freshParam(p.Name, p.Type)
		flatB.Result = append(flatB.Result, soac.Var{Name: pat[i].Name})
	}
	flat[len(flat)-1].Pat = pat
	return append(stms, &soac.Stm{Pat: s.Pat, Exp: &soac.IfExp{Cond: soac.Var{Name: intra}, Then: intraB, Else: flatB, Types: types}, Pos: s.Pos})
}
