package flatten

import (
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file is rule G4, map distribution (fission) across a let:
//
//	Σ ⊢ e1 ⇒ e1'    Σ' ⊢ e2 ⇒ e2'    size of each array in a0 invariant to Σ
//	──────────────────────────────────────────────────────────
//	Σ ⊢ let a0 = e1 in e2  ⇒  let ap = e1' in e2'
//
// where Σ' gives e2 access to the values a0 through the arrays ap, which
// hold them at every point of Σ. Here the body of the innermost map of a
// context is cut into groups: every statement that a rule other than G1
// applies to (an inner SOAC, an interchangeable loop, a rearrange) is a
// group of its own, a split point, and the sequential statements between
// them are grouped together (let-floating and tupling: a sequential
// statement floats up to the earliest sequential group after the groups it
// depends on, and a group returns all its values at once). Each group is
// then flattened in the context, the values it passes on becoming arrays
// over the space (fresh names, or the targets of the body's results).
// Where a value passed on would be an irregular array (its size varies
// over the context), the two groups around the cut are merged instead, so
// the split point runs sequentially.

// group is a run of statements flattened together: one statement with the
// rule of its kind, or sequential statements (kSeq) manifested as one
// segmap.
type group struct {
	kind stmKind
	stms []*soac.Stm
	uses map[soac.VName]bool // names the group's statements use
}

// distBody flattens body, the body of the innermost map of context n, and
// returns host statements that bind targets to its results at every point
// of the space.
func (f *flattener) distBody(n *nest, body *soac.Body, targets []soac.Param) []*soac.Stm {
	stms := f.normalise(body.Stms)
	local := soac.BoundInBody(&soac.Body{Stms: stms})
	groups := f.groups(n, local, stms, body.Result)
	flat := &soac.Body{Stms: stms, Result: body.Result}
	if len(groups) == 1 && groups[0].kind == kSeq {
		// Nothing to exploit inside: G1.
		return []*soac.Stm{f.manifest(n, flat, targets)}
	}
	if len(groups) == 1 && perfect(groups[0], body.Result) && (groups[0].kind == kMap || groups[0].kind == kRearrange) {
		// A perfect map nest costs nothing to flatten: no versions.
		return f.emit(n, groups[0].kind, groups[0].stms[0], targets)
	}
	dist := func(ts []soac.Param) []*soac.Stm { return f.distribute(n, local, flat, groups, ts) }
	if !f.opts.MultiVersion {
		return dist(targets)
	}
	if stms := f.oneKernel(groups, body.Result, func() []*soac.Stm { return dist(targets) }); stms != nil {
		return stms
	}
	return f.versions(n, flat, targets, versionKind(groups), rowWidth(n, groups), smallWidths(groups, local), dist)
}

// smallWidths returns the widths of the inner SOACs of a body whose
// parallel groups are all maps, reductions or scans with scalar lambdas
// (no loops, SOACs or calls in them) over widths the host knows before
// the nest runs; nil otherwise. When every width and the work of the
// whole nest are small, the outer version is taken whatever the
// threshold says (see versions), when the inner version has several
// groups, so several kernels.
func smallWidths(groups []*group, local map[soac.VName]bool) []soac.SubExp {
	if len(groups) < 2 {
		return nil // one Seg-op in the inner version too: no launch to save
	}
	var ws []soac.SubExp
	for _, g := range groups {
		switch g.kind {
		case kSeq:
			continue
		case kMap, kRed, kScan:
		default:
			return nil
		}
		e, ok := g.stms[0].Exp.(*soac.ScremaExp)
		if !ok || len(g.stms) != 1 {
			return nil
		}
		if v, ok := e.W.(soac.Var); ok && local[v.Name] {
			return nil
		}
		nested := false
		for _, b := range soac.ExpBodies(e) {
			soac.VisitExps(b, func(x soac.Exp) {
				switch x.(type) {
				case *soac.ScremaExp, *soac.LoopExp, *soac.HistExp, *soac.ScatterExp, *soac.ApplyExp:
					nested = true
				}
			})
		}
		if nested {
			return nil
		}
		ws = append(ws, e.W)
	}
	return ws
}

// oneKernel returns the inner version of a body whose groups are
// sequential code and, last, a map that makes the body's results, when
// that version is one segmap and nothing else: the sequential code is
// recomputed at every point of the map (cheapGroup) or only views rows
// (viewGroup). Such a body is a perfect map nest but for a few scalar
// operations, and like one it gets no versions: the outer version would
// run the map sequentially in each work-item, writing its rows with a
// stride of a row between neighbouring work-items (or column-major, then
// transposed to be returned), where the flat segmap writes every row
// coalesced and has as many work-items. (Back-propagation's update of its
// 65537x16 weights took 10 us in the outer version and 10 us more to
// transpose the result on an H200.) build makes the inner version; nil
// when it is not one segmap, with the thresholds it registered removed.
func (f *flattener) oneKernel(groups []*group, result []soac.SubExp, build func() []*soac.Stm) []*soac.Stm {
	last := groups[len(groups)-1]
	if last.kind != kMap || !perfect(last, result) {
		return nil
	}
	for _, g := range groups[:len(groups)-1] {
		if g.kind != kSeq || !lightSeq(g.stms) {
			return nil
		}
	}
	nt := len(f.thresholds)
	stms := build()
	if len(stms) == 1 {
		if _, ok := stms[0].Exp.(*soac.SegMapExp); ok {
			return stms
		}
	}
	for _, t := range f.thresholds[nt:] {
		delete(f.threshUsed, t.Name)
	}
	f.thresholds = f.thresholds[:nt]
	return nil
}

// lightSeq reports whether a sequential group may be left out of the
// kernels as oneKernel needs: views and assertions (viewGroup),
// index-space producers (recomputed where read) and cheap scalar code
// (cheapGroup). It spares oneKernel building the inner version of a body
// that cannot be one kernel (and the fresh names that would cost).
func lightSeq(stms []*soac.Stm) bool {
	budget := maxCheapGroup
	for _, s := range stms {
		switch s.Exp.(type) {
		case *soac.AssertExp, *soac.ReshapeExp, *soac.IotaExp, *soac.ReplicateExp:
		default:
			if !cheapStms([]*soac.Stm{s}, &budget) {
				return false
			}
		}
	}
	return true
}

// rowWidth is the length of the rows that the inner version reduces when
// it is one segmented reduction over rows of an array that varies with
// every dimension of the nest (each point of the nest reduces a row of
// its own), and nil otherwise (see versions). A reduction over arrays
// that are invariant to some dimension, as n-body's over all bodies or
// matrix multiplication's over a row of A and a column of B, is left
// alone: its outer version is what the tiling pass makes fast.
func rowWidth(n *nest, groups []*group) soac.SubExp {
	if len(groups) != 1 || groups[0].kind != kRed {
		return nil
	}
	for _, s := range groups[0].stms {
		e, ok := s.Exp.(*soac.ScremaExp)
		if !ok || len(e.Reds) == 0 {
			continue
		}
		for _, in := range e.Inputs {
			if r, ok := n.rows[in]; ok && r.gen == nil && r.stms == nil && indexesAll(r.idx, n.dims) {
				return e.W
			}
		}
		return nil
	}
	return nil
}

// perfect reports whether a group is one statement whose results are the
// body's results in order.
func perfect(g *group, result []soac.SubExp) bool {
	s := g.stms[0]
	if len(g.stms) != 1 || len(s.Pat) != len(result) {
		return false
	}
	for i, r := range result {
		if v, ok := r.(soac.Var); !ok || v.Name != s.Pat[i].Name {
			return false
		}
	}
	return true
}

// uses returns the names a statement uses, in its expression and in the
// sizes of its pattern's types. The neutral elements of a reduction that
// rule G5 interchanges are left out: the rule uses the replicated value,
// not the replicated array, so the array need not be distributed.
func (f *flattener) uses(s *soac.Stm, k stmKind) map[soac.VName]bool {
	u := soac.FreeInExp(s.Exp)
	for _, p := range s.Pat {
		for _, d := range p.Type.Shape {
			if v, ok := d.(soac.Var); ok {
				u[v.Name] = true
			}
		}
	}
	if k == kG5 {
		for _, r := range s.Exp.(*soac.ScremaExp).Reds {
			for _, ne := range r.Neutral {
				if v, ok := ne.(soac.Var); ok {
					delete(u, v.Name)
				}
			}
		}
		// The replicated values are used instead.
		for _, nes := range f.matchG5(s.Exp.(*soac.ScremaExp)).nes {
			for _, ne := range nes {
				if v, ok := ne.(soac.Var); ok {
					u[v.Name] = true
				}
			}
		}
	}
	return u
}

// floatable reports whether a sequential statement may move up past
// parallel statements: it must not consume (update in place) anything
// that they might still read.
func floatable(s *soac.Stm) bool {
	ok := true
	soac.VisitExp(s.Exp, func(e soac.Exp) {
		switch e.(type) {
		case *soac.UpdateExp, *soac.ScatterExp, *soac.HistExp, *soac.ApplyExp:
			ok = false
		}
	})
	return ok
}

// groups cuts the statements of a body into groups (see the top of the
// file).
func (f *flattener) groups(n *nest, local map[soac.VName]bool, stms []*soac.Stm, result []soac.SubExp) []*group {
	var gs []*group
	where := map[soac.VName]int{} // name -> index of the group binding it
	for _, s := range stms {
		k := f.classify(n, local, s)
		u := f.uses(s, k)
		dep := -1
		for x := range u {
			if g, ok := where[x]; ok && g > dep {
				dep = g
			}
		}
		gi := -1
		switch {
		case k != kSeq:
		case floatable(s):
			// Let-floating: the earliest sequential group after the
			// groups s depends on.
			for j := max(dep, 0); j < len(gs); j++ {
				if gs[j].kind == kSeq {
					gi = j
					break
				}
			}
		case len(gs) > 0 && gs[len(gs)-1].kind == kSeq:
			gi = len(gs) - 1
		}
		if gi < 0 {
			gs = append(gs, &group{kind: k, uses: map[soac.VName]bool{}})
			gi = len(gs) - 1
		}
		g := gs[gi]
		g.stms = append(g.stms, s)
		for x := range u {
			g.uses[x] = true
		}
		for _, p := range s.Pat {
			where[p.Name] = gi
		}
	}
	// The side condition of G4: no irregular array between groups. Merge
	// the two groups around every cut that some irregular value crosses,
	// until none does.
	results := resultNames(result)
	v := variance{n: n, local: local}
	for merged := true; merged; {
		merged = false
		for b := 0; b+1 < len(gs); b++ {
			if f.irregularCut(v, gs[:b+1], gs[b+1:], results) {
				gs[b] = mergeGroups(gs[b], gs[b+1])
				gs = append(gs[:b+1], gs[b+2:]...)
				merged = true
				break
			}
		}
	}
	// Sequential groups whose values nothing needs any more (a replicated
	// neutral element that G5 replaced by its scalar) are dropped: they
	// would be kernels without results.
	need := map[soac.VName]bool{}
	for x := range results {
		need[x] = true
	}
	for i := len(gs) - 1; i >= 0; i-- {
		g, live := gs[i], gs[i].kind != kSeq
		for _, s := range g.stms {
			for _, p := range s.Pat {
				live = live || need[p.Name]
			}
		}
		if !live {
			gs = append(gs[:i], gs[i+1:]...)
			continue
		}
		for x := range g.uses {
			need[x] = true
		}
	}
	if len(gs) == 0 {
		// Nothing bound is needed: the body returns values from outside.
		gs = []*group{{kind: kSeq, uses: map[soac.VName]bool{}}}
	}
	// Sequential code alone needs no cuts.
	parallel := false
	for _, g := range gs {
		parallel = parallel || g.kind != kSeq
	}
	if !parallel && len(gs) > 1 {
		all := gs[0]
		for _, g := range gs[1:] {
			all = mergeGroups(all, g)
		}
		gs = []*group{all}
	}
	return gs
}

// irregularCut reports whether a value bound before a cut and used after
// it has a type whose size varies over the context. Results of the body
// are exempt: they go to the targets, which are regular.
func (f *flattener) irregularCut(v variance, before, after []*group, results map[soac.VName]bool) bool {
	used := map[soac.VName]bool{}
	for _, g := range after {
		for x := range g.uses {
			used[x] = true
		}
	}
	for _, g := range before {
		for _, s := range g.stms {
			for _, p := range s.Pat {
				if used[p.Name] && !results[p.Name] && v.irregular(p.Type) {
					return true
				}
			}
		}
	}
	return false
}

func mergeGroups(a, b *group) *group {
	g := &group{kind: kSeq, stms: append(append([]*soac.Stm(nil), a.stms...), b.stms...), uses: map[soac.VName]bool{}}
	for x := range a.uses {
		g.uses[x] = true
	}
	for x := range b.uses {
		g.uses[x] = true
	}
	return g
}

func resultNames(result []soac.SubExp) map[soac.VName]bool {
	rs := map[soac.VName]bool{}
	for _, r := range result {
		if v, ok := r.(soac.Var); ok {
			rs[v.Name] = true
		}
	}
	return rs
}

// distribute flattens the groups of body one after the other in context
// n, each in the context extended with the arrays that the earlier groups
// produced (Σ' of rule G4), and binds targets to the body's results.
func (f *flattener) distribute(n *nest, local map[soac.VName]bool, body *soac.Body, groups []*group, targets []soac.Param) []*soac.Stm {
	m := n.clone()
	resultOf := map[soac.VName]int{}
	for i, r := range body.Result {
		if v, ok := r.(soac.Var); ok && local[v.Name] {
			if _, dup := resultOf[v.Name]; !dup {
				resultOf[v.Name] = i
			}
		}
	}
	// Index-space producers are not distributed into arrays of their
	// own: their elements are recomputed where they are read (elem.gen).
	gens := localGens(variance{n: n, local: local}, groups, resultOf)
	for _, g := range groups {
		for _, s := range g.stms {
			if len(s.Pat) == 1 && gens[s.Pat[0].Name] != nil {
				m.bind(s.Pat[0], elem{gen: gens[s.Pat[0].Name]})
			}
		}
	}
	var out []*soac.Stm
	for gi, g := range groups {
		later := map[soac.VName]bool{}
		for _, h := range groups[gi+1:] {
			for x := range h.uses {
				later[x] = true
			}
		}
		var names []soac.Param // the values the group passes on
		var arrays []soac.Param
		for _, s := range g.stms {
			for _, p := range s.Pat {
				_, isRes := resultOf[p.Name]
				if g.kind == kSeq && !isRes && (!later[p.Name] || gens[p.Name] != nil) {
					continue // dead after the group, or recomputed where used
				}
				names = append(names, p)
				if isRes {
					arrays = append(arrays, targets[resultOf[p.Name]])
				} else {
					arrays = append(arrays, f.freshParam(p.Name, m.arrayType(p.Type)))
				}
			}
		}
		if g.kind == kSeq {
			res := make([]soac.SubExp, len(names))
			for i, p := range names {
				res[i] = soac.Var{Name: p.Name}
			}
			stms := dropGens(g.stms, gens, res)
			if vs := f.viewGroup(m, local, stms, names, arrays); vs != nil {
				out = append(out, vs...)
				for i, p := range names {
					m.bindArray(soac.Param{Name: p.Name, Type: m.rowType(arrays[i].Type)}, arrays[i].Name)
				}
				continue
			}
			if cheapGroup(stms, names, resultOf) {
				// Recomputed where used instead (elem.stms).
				for _, p := range names {
					m.bind(p, elem{stms: stms})
				}
				continue
			}
			switch {
			case len(names) == 0:
			case len(stms) == 1 && f.invariantReplicate(variance{n: m, local: local}, stms[0]):
				// The same array at every point: one replicate on the
				// host instead of a kernel that builds an array per
				// work-item.
				e := stms[0].Exp.(*soac.ReplicateExp)
				out = append(out, &soac.Stm{Pat: arrays, Exp: &soac.ReplicateExp{Shape: append(m.sizes(), e.Shape...), X: e.X}, Pos: stms[0].Pos})
			default:
				out = append(out, f.manifest(m, &soac.Body{Stms: stms, Result: res}, arrays))
			}
		} else {
			out = append(out, f.emit(m, g.kind, g.stms[0], arrays)...)
		}
		for i, p := range names {
			m.bindArray(soac.Param{Name: p.Name, Type: m.rowType(arrays[i].Type)}, arrays[i].Name)
		}
	}
	for i, r := range body.Result {
		if v, ok := r.(soac.Var); ok && resultOf[v.Name] == i && local[v.Name] {
			continue
		}
		out = append(out, f.materialise(m, r, targets[i])...)
	}
	return out
}

// viewGroup returns the host statements for a sequential group that only
// views the rows of arrays outside the nest: assertions of conditions
// invariant to the nest, and reshapes of full rows (the map's parameters)
// to invariant shapes, which pass every value the group passes on
// (names, to arrays). As a kernel, such a group copies every row into an
// array of its own (back-propagation's size coercions of the columns of
// a weight matrix ran as one work-item per column, each copying 65537
// elements); a reshape of the whole array on the host copies nothing.
// The assertions run on the host where the nest is not empty, as they
// would in it. nil when the group is not of this kind.
func (f *flattener) viewGroup(m *nest, local map[soac.VName]bool, stms []*soac.Stm, names, arrays []soac.Param) []*soac.Stm {
	v := variance{n: m, local: local}
	target := map[soac.VName]soac.Param{}
	for i, p := range names {
		target[p.Name] = arrays[i]
	}
	var asserts, out []*soac.Stm
	for _, s := range stms {
		switch e := s.Exp.(type) {
		case *soac.AssertExp:
			if v.se(e.Cond) || v.ses(e.Args) || len(s.Pat) != 1 {
				return nil
			}
			asserts = append(asserts, s)
		case *soac.ReshapeExp:
			arr, ok := m.fullRow(e.Arr)
			if !ok || v.ses(e.Shape) || len(s.Pat) != 1 {
				return nil
			}
			t, ok := target[s.Pat[0].Name]
			if !ok {
				return nil
			}
			shape := append(m.sizes(), e.Shape...)
			out = append(out, &soac.Stm{Pat: []soac.Param{t}, Exp: &soac.ReshapeExp{Shape: shape, Arr: arr, Pos: e.Pos}, Pos: s.Pos})
		default:
			return nil
		}
	}
	if len(out) == 0 || len(out) != len(names) {
		return nil
	}
	if len(asserts) == 0 {
		return out
	}
	// nonempty: every dimension of the nest is positive.
	var pre []*soac.Stm
	var nonempty soac.SubExp
	for _, d := range m.sizes() {
		c := f.freshParam("nonempty", soac.Prim(values.Bool))
		pre = append(pre, &soac.Stm{Pat: []soac.Param{c}, Exp: &soac.CmpOpExp{Op: soac.Lt, T: values.I64, X: soac.I64(0), Y: d}, Pos: m.pos})
		if nonempty != nil {
			all := f.freshParam("nonempty", soac.Prim(values.Bool))
			pre = append(pre, &soac.Stm{Pat: []soac.Param{all}, Exp: &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: nonempty, Y: soac.Var{Name: c.Name}}, Pos: m.pos})
			c = all
		}
		nonempty = soac.Var{Name: c.Name}
	}
	for _, a := range asserts {
		p := a.Pat[0]
		pre = append(pre, &soac.Stm{
			Pat: []soac.Param{f.freshParam(p.Name, p.Type)},
			Exp: &soac.IfExp{
				Cond:  nonempty,
				Then:  &soac.Body{Stms: []*soac.Stm{a}, Result: []soac.SubExp{soac.Var{Name: p.Name}}},
				Else:  &soac.Body{Result: []soac.SubExp{soac.Const{Value: soac.BoolValue(true)}}},
				Types: []soac.Type{p.Type},
			},
			Pos: a.Pos,
		})
	}
	return append(pre, out...)
}

// invariantReplicate reports whether s is a replicate whose operands do
// not vary over the context.
func (f *flattener) invariantReplicate(v variance, s *soac.Stm) bool {
	e, ok := s.Exp.(*soac.ReplicateExp)
	return ok && len(s.Pat) == 1 && !v.ses(e.Shape) && !v.se(e.X)
}

// materialise binds target to the array holding the value se at every
// point of context n, for results and loop initial values that no
// statement of the body computes: a copy of the array a varying value
// comes from, a replicate of an invariant value, or a segmap otherwise.
func (f *flattener) materialise(n *nest, se soac.SubExp, target soac.Param) []*soac.Stm {
	if v, ok := se.(soac.Var); ok {
		if arr, ok := n.fullRow(v.Name); ok {
			return []*soac.Stm{{Pat: []soac.Param{target}, Exp: &soac.CopyExp{Arr: arr}, Pos: n.pos}}
		}
		if n.isVal(v.Name) {
			return []*soac.Stm{f.manifest(n, &soac.Body{Result: []soac.SubExp{se}}, []soac.Param{target})}
		}
	}
	return []*soac.Stm{{Pat: []soac.Param{target}, Exp: &soac.ReplicateExp{Shape: n.sizes(), X: se}, Pos: n.pos}}
}

// materialiseSE is materialise for an operand: the array itself when one
// holds se over the whole space, otherwise a new array bound by the
// returned statements.
func (f *flattener) materialiseSE(n *nest, se soac.SubExp, base soac.VName, t soac.Type) (soac.SubExp, []*soac.Stm) {
	if v, ok := se.(soac.Var); ok {
		if arr, ok := n.fullRow(v.Name); ok {
			return soac.Var{Name: arr}, nil
		}
	}
	p := f.freshParam(base, n.arrayType(t))
	return soac.Var{Name: p.Name}, f.materialise(n, se, p)
}

// localGens returns the statements of groups that bind index-space
// producers (indexGen) whose operands do not vary over the context, by
// the name they bind. Results of the body are left out (they go to their
// targets, which must be stored), and so are histogram destinations: a
// seghist updates its destination array over the space in place.
func localGens(v variance, groups []*group, resultOf map[soac.VName]int) map[soac.VName]soac.Exp {
	dests := map[soac.VName]bool{}
	for _, g := range groups {
		for _, s := range g.stms {
			if h, ok := s.Exp.(*soac.HistExp); ok {
				for _, op := range h.Ops {
					for _, d := range op.Dests {
						dests[d] = true
					}
				}
			}
		}
	}
	gens := map[soac.VName]soac.Exp{}
	for _, g := range groups {
		if g.kind != kSeq {
			continue
		}
		for _, s := range g.stms {
			e := indexGen(s)
			if e == nil {
				continue
			}
			name := s.Pat[0].Name
			if _, isRes := resultOf[name]; isRes || dests[name] {
				continue
			}
			var ops []soac.SubExp
			switch e := e.(type) {
			case *soac.IotaExp:
				ops = []soac.SubExp{e.N, e.Start, e.Step}
			case *soac.ReplicateExp:
				ops = append(append(ops, e.Shape...), e.X)
			}
			if !v.ses(ops) {
				gens[name] = e
			}
		}
	}
	return gens
}

// dropGens returns stms without the index-space producers of gens that
// neither the other statements nor the results res use: the kernel of a
// sequential group would compute them for nothing.
func dropGens(stms []*soac.Stm, gens map[soac.VName]soac.Exp, res []soac.SubExp) []*soac.Stm {
	live := map[soac.VName]bool{}
	for _, r := range res {
		if v, ok := r.(soac.Var); ok {
			live[v.Name] = true
		}
	}
	keep := make([]bool, len(stms))
	for i := len(stms) - 1; i >= 0; i-- {
		s := stms[i]
		if len(s.Pat) == 1 && gens[s.Pat[0].Name] != nil && !live[s.Pat[0].Name] {
			continue
		}
		keep[i] = true
		for x := range soac.FreeInExp(s.Exp) {
			live[x] = true
		}
		for _, p := range s.Pat {
			for _, d := range p.Type.Shape {
				if v, ok := d.(soac.Var); ok {
					live[v.Name] = true
				}
			}
		}
	}
	var out []*soac.Stm
	for i, s := range stms {
		if keep[i] {
			out = append(out, s)
		}
	}
	return out
}

// maxCheapGroup bounds the statements of a group of scalar code that
// kernels recompute rather than read from an array (cheapGroup).
const maxCheapGroup = 8

// cheapGroup reports whether the sequential group stms, which passes the
// values names on to later groups, is recomputed in the kernels that use
// the values rather than manifested: a few scalar operations that cannot
// fail (a failure must not move to a kernel that may not run), none of
// whose values is a result of the body (those must be stored). Writing
// the values to an array costs a kernel and a memory read per use; the
// operations cost less, even repeated for every point of an inner map
// (Mandelbrot's row coordinate, a stencil's clamped row indices). Reads
// proved in bounds and branches over such code count too: an element of
// a concatenation read in place (rewrite's fuse-concat) is one read, as
// the manifested value would be.
func cheapGroup(stms []*soac.Stm, names []soac.Param, resultOf map[soac.VName]int) bool {
	if len(stms) == 0 || len(names) == 0 {
		return false
	}
	for _, p := range names {
		if _, isRes := resultOf[p.Name]; isRes {
			return false
		}
	}
	budget := maxCheapGroup
	return cheapStms(stms, &budget)
}

// cheapStms reports whether stms are cheap scalar code (see cheapGroup),
// counting them, nested ones included, against budget.
func cheapStms(stms []*soac.Stm, budget *int) bool {
	for _, s := range stms {
		if *budget--; *budget < 0 {
			return false
		}
		for _, p := range s.Pat {
			if p.Type.Rank() > 0 {
				return false
			}
		}
		switch e := s.Exp.(type) {
		case *soac.SubExpExp, *soac.CmpOpExp, *soac.ConvOpExp, *soac.UnOpExp:
		case *soac.BinOpExp:
			switch e.Op {
			case soac.Div, soac.Mod, soac.Quot, soac.Rem, soac.Pow:
				if !e.T.IsFloat() {
					return false
				}
			}
		case *soac.IndexExp:
			for k := range e.Indices {
				if !e.Proved(k) {
					return false
				}
			}
		case *soac.IfExp:
			if !cheapStms(e.Then.Stms, budget) || !cheapStms(e.Else.Stms, budget) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// indexesAll reports whether idx uses the index of every dimension.
func indexesAll(idx []soac.SubExp, dims []soac.SegDim) bool {
	for _, d := range dims {
		found := false
		for _, x := range idx {
			if v, ok := x.(soac.Var); ok && v.Name == d.Index {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}
