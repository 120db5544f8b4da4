package lower

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file lowers a segmap_group, the intra-group version that flatten
// makes (flatten/intra.go), and the thread-level Seg-ops in its body. It
// states no derivation in Lift: the forms are fixed by the level. The
// segmap_group is map-workgroup, one work-group per point; its inner
// Seg-ops are map-local, reduce-local and scan-local over the group's
// work-items, the group's size being the widest of them rounded up to
// soac.GroupMultiple. Which arrays live in local memory is decided here
// and recorded (soac.GroupPlan): the inner Seg-ops' results, and the
// loops' array merge parameters, double buffered; the other arrays of
// the body are views of the kernel's inputs.

// narrowIn lists the names of narrow that Seg-op e binds, the indices
// of its space and of the Seg-ops and loops in its body included, in the
// order they are bound: the scalars its kernel holds in 32 bits.
func narrowIn(e soac.Exp, narrow map[soac.VName]bool) []soac.VName {
	var out []soac.VName
	add := func(x soac.VName) {
		if narrow[x] {
			out = append(out, x)
		}
	}
	var space []soac.SegDim
	switch e := e.(type) {
	case *soac.SegMapExp:
		space = e.Space
	case *soac.SegRedExp:
		space = e.Space
	case *soac.SegScanExp:
		space = e.Space
	case *soac.SegHistExp:
		space = e.Space
	}
	for _, d := range space {
		add(d.Index)
	}
	for _, b := range soac.ExpBodies(e) {
		narrowBody(b, add)
	}
	return out
}

// narrowBody calls add on the names body b binds, index variables
// included, in order.
func narrowBody(b *soac.Body, add func(soac.VName)) {
	soac.VisitStms(b, func(s *soac.Stm) {
		switch e := s.Exp.(type) {
		case *soac.SegMapExp:
			for _, d := range e.Space {
				add(d.Index)
			}
		case *soac.SegRedExp:
			for _, d := range e.Space {
				add(d.Index)
			}
		case *soac.SegScanExp:
			for _, d := range e.Space {
				add(d.Index)
			}
		case *soac.LoopExp:
			if f, ok := e.Form.(soac.ForLoop); ok {
				add(f.Index)
			}
		}
		for _, p := range s.Pat {
			add(p.Name)
		}
	})
}

// maxSpeculated bounds the statements of a speculated if's branches,
// nested ones included: both branches run, so the work of the one not
// taken is spent.
const maxSpeculated = 16

// speculateIn lists the scalar ifs of body b, the group plan's, that the
// kernel runs both branches of, picking the results by the condition: a
// warp's work-items that disagree on a condition run both branches one
// after the other anyway, each read of local memory waiting for the one
// before; run unconditionally, the reads issue together and nothing
// diverges (Needleman-Wunsch's step reads a cell of its block through
// `if i == 0 then north[j] else if j == 0 then west[i - 1] else
// inner[...]`, three times, each work-item of the warp taking its own
// path). An if qualifies when its branches hold at most maxSpeculated
// statements of cheap scalar operations that cannot fail (no division
// or power) and reads of the plan's local arrays at indices the prove
// pass proved
// (the backend clamps them: they may be out of bounds where the branch
// is not taken), and qualifying ifs.
func speculateIn(b *soac.Body, plan *soac.GroupPlan) []soac.VName {
	local := map[soac.VName]bool{}
	for _, a := range plan.Local {
		local[a.Name] = true
	}
	var out []soac.VName
	soac.VisitStms(b, func(s *soac.Stm) {
		if e, ok := s.Exp.(*soac.IfExp); ok && len(s.Pat) > 0 {
			if n, ok := speculable(s, e, local); ok && n <= maxSpeculated {
				out = append(out, s.Pat[0].Name)
			}
		}
	})
	return out
}

// speculable reports whether both branches of if s can run whatever its
// condition, and how many statements they hold, nested ones included.
func speculable(s *soac.Stm, e *soac.IfExp, local map[soac.VName]bool) (int, bool) {
	if !scalarStm(s) {
		return 0, false
	}
	n := 0
	for _, b := range []*soac.Body{e.Then, e.Else} {
		for _, t := range b.Stms {
			n++
			if !scalarStm(t) {
				return 0, false
			}
			switch x := t.Exp.(type) {
			case *soac.SubExpExp, *soac.CmpOpExp, *soac.UnOpExp, *soac.ConvOpExp:
			case *soac.BinOpExp:
				// An integer division may fail; a float one costs
				// a dozen of the other operations, spent where the
				// branch is not taken (LU's step divides by the pivot
				// only in the pivot's column and below it).
				switch x.Op {
				case soac.Div, soac.Mod, soac.Quot, soac.Rem, soac.Pow:
					return 0, false
				}
			case *soac.IndexExp:
				if !local[x.Arr] {
					return 0, false
				}
				for k := range x.Indices {
					if !x.Proved(k) {
						return 0, false
					}
				}
			case *soac.IfExp:
				m, ok := speculable(t, x, local)
				if !ok {
					return 0, false
				}
				n += m
			default:
				return 0, false
			}
		}
	}
	return n, true
}

// scalarStm reports whether s binds scalars only.
func scalarStm(s *soac.Stm) bool {
	for _, p := range s.Pat {
		if p.Type.Rank() > 0 {
			return false
		}
	}
	return true
}

// The forms of a segmap_group and of its inner Seg-ops.
const (
	formGroup     = "map-workgroup(f)"
	formLocalMap  = "map-local(f)"
	formLocalRed  = "reduce-local(⊕) ∘ map-local(f)"
	formLocalScan = "scan-local(⊕) ∘ map-local(f)"
)

// inGroups returns the statements of fn's body that are segmap_groups or
// inside one.
func inGroups(b *soac.Body) map[*soac.Stm]bool {
	in := map[*soac.Stm]bool{}
	soac.VisitStms(b, func(s *soac.Stm) {
		if m, ok := s.Exp.(*soac.SegMapExp); ok && m.Level == soac.LevelGroup {
			in[s] = true
			soac.VisitStms(m.Body, func(t *soac.Stm) { in[t] = true })
		}
	})
	return in
}

// recordGroups records the lowerings of the segmap_groups of b and of
// the Seg-ops in their bodies.
func recordGroups(b *soac.Body, facts map[soac.VName][]soac.SizeBound) error {
	var err error
	soac.VisitStms(b, func(s *soac.Stm) {
		m, ok := s.Exp.(*soac.SegMapExp)
		if !ok || m.Level != soac.LevelGroup || err != nil {
			return
		}
		plan, e := GroupPlanOf(m)
		if e != nil {
			err = fmt.Errorf("%s: %v", s.Pos, e)
			return
		}
		plan.Speculate = speculateIn(m.Body, plan)
		m.Lowering = &soac.Lowering{
			Versions: []soac.LoweredVersion{{Form: formGroup}},
			Points: &soac.PointsPlan{Rule: soac.RuleOnePerGroup, PerItem: 1,
				Why: "a segmap_group: one work-group per point, its work-items running the body's inner Seg-ops"},
			Sizes: soac.KernelDynSizes(m, facts),
			Group: plan,
		}
		soac.VisitStms(m.Body, func(t *soac.Stm) {
			switch e := t.Exp.(type) {
			case *soac.SegMapExp:
				e.Lowering = &soac.Lowering{
					Versions: []soac.LoweredVersion{{Form: formLocalMap}},
					Points: &soac.PointsPlan{Rule: soac.RuleGroupItems, PerItem: 1,
						Why: "a segmap in a segmap_group: work-item ltid computes points ltid, ltid+G, ... into local memory"},
				}
			case *soac.SegRedExp:
				e.Lowering = &soac.Lowering{Versions: []soac.LoweredVersion{{Form: formLocalRed, Facts: []soac.Fact{soac.Strided, soac.GroupCombines}}}}
			case *soac.SegScanExp:
				e.Lowering = &soac.Lowering{Versions: []soac.LoweredVersion{{Form: formLocalScan, Facts: []soac.Fact{soac.GroupCombines}}}}
			}
		})
	})
	return err
}

// GroupPlanOf decides how the work-group of segmap_group m runs its
// body: the widths of its inner Seg-ops, its local arrays, and the
// barriers its code holds (two around each inner Seg-op, scatter,
// replicate and update; before and
// after the copy of each loop array parameter's initial value, and after
// the copy of each iteration's result into the parameter's spare buffer).
func GroupPlanOf(m *soac.SegMapExp) (*soac.GroupPlan, error) {
	g := &soac.GroupPlan{Multiple: soac.GroupMultiple}
	add := func(ws *[][]soac.SubExp, w []soac.SubExp) {
		if !slices.ContainsFunc(*ws, func(x []soac.SubExp) bool { return slices.EqualFunc(x, w, soac.SameSubExp) }) {
			*ws = append(*ws, w)
		}
	}
	// The group operations' work, for the choice of the group's size;
	// the arrays the body does not bind are in global memory.
	var work []groupWork
	global := soac.FreeInBody(m.Body)
	var walk func(b *soac.Body, runs float64) error
	walk = func(b *soac.Body, runs float64) error {
		for k, s := range b.Stms {
			var space []soac.SegDim
			var body *soac.Body
			switch e := s.Exp.(type) {
			case *soac.SegMapExp:
				space, body = e.Space, e.Body
			case *soac.SegRedExp:
				space, body = e.Space, e.Body
			case *soac.SegScanExp:
				space, body = e.Space, e.Body
			case *soac.SegHistExp:
				return fmt.Errorf("a seghist in a segmap_group, which the group kernel does not run")
			case *soac.ReplicateExp:
				if fillsLoop(b, k) {
					// The loop fills its parameter's buffer with it
					// (the work of the loop's copy, counted there).
					g.Fills = append(g.Fills, s.Pat[0].Name)
					continue
				}
				g.Local = append(g.Local, soac.LocalArray{Name: s.Pat[0].Name, Type: s.Pat[0].Type, Buffers: 1})
				g.Barriers += 2
				work = append(work, groupWork{width: s.Pat[0].Type.Shape, runs: runs, cost: 1})
				continue
			case *soac.UpdateExp:
				g.Barriers += 2
				continue
			case *soac.ScatterExp:
				// Its work-items share the writes, in place: no array of
				// its own.
				space, body = []soac.SegDim{{N: e.W}}, e.Lambda.Body
			case *soac.LoopExp:
				trips := float64(assumedSize)
				if f, ok := e.Form.(soac.ForLoop); ok {
					trips = sizeValue(f.Bound)
				}
				for _, p := range e.Params {
					if p.Type.Rank() > 0 {
						g.Local = append(g.Local, soac.LocalArray{Name: p.Name, Type: p.Type, Buffers: 2})
						g.Barriers += 3
						// The copy of its initial value.
						work = append(work, groupWork{width: p.Type.Shape, runs: runs, cost: 1})
					}
				}
				if err := walk(e.Body, runs*trips); err != nil {
					return err
				}
				into := intoSpare(e)
				for k := range g.Local {
					if p, ok := into[g.Local[k].Name]; ok {
						g.Local[k].Buffers, g.Local[k].Into = 0, p
						// No copy at the iteration's end, nor its barrier.
						g.Barriers--
					}
				}
				spared := map[soac.VName]bool{}
				for _, p := range into {
					spared[p] = true
				}
				for i, p := range e.Params {
					if p.Type.Rank() > 0 && !spared[p.Name] && !updatedInPlace(e.Body, e.Body.Result[i], p.Name) {
						// The copy of each iteration's result.
						work = append(work, groupWork{width: p.Type.Shape, runs: runs * trips, cost: 1})
					}
				}
				continue
			case *soac.IfExp:
				if err := walk(e.Then, runs); err != nil {
					return err
				}
				if err := walk(e.Else, runs); err != nil {
					return err
				}
				continue
			default:
				continue
			}
			w := make([]soac.SubExp, len(space))
			for k, d := range space {
				w[k] = d.N
			}
			add(&g.Widths, w)
			work = append(work, groupWork{width: w, runs: runs, cost: 1 + float64(countStms(body)) + globalRead*float64(globalReads(body, global))})
			if k+1 < len(b.Stms) && fusedScatter(m.Body, b, k+1) {
				// Run by the scatter's work-items, its results theirs
				// alone (groupfuse.go).
				g.Fused = append(g.Fused, b.Stms[k+1].Pat[0].Name)
				continue
			}
			g.Barriers += 2
			if _, ok := s.Exp.(*soac.ScatterExp); ok {
				continue
			}
			for _, p := range s.Pat {
				if p.Type.Rank() > 0 {
					g.Local = append(g.Local, soac.LocalArray{Name: p.Name, Type: p.Type, Buffers: 1})
				}
			}
		}
		return nil
	}
	if err := walk(m.Body, 1); err != nil {
		return nil, err
	}
	if len(g.Widths) == 0 {
		return nil, fmt.Errorf("a segmap_group without inner Seg-ops")
	}
	// The copies of the body's array results to the group's output rows.
	for _, t := range m.Types {
		if t.Rank() > 0 {
			work = append(work, groupWork{width: t.Shape, runs: 1, cost: 1})
		}
	}
	g.Size, g.Why = chooseGroupSize(g.Widths, work, g.Multiple)
	return g, nil
}

// The group's size. A work-group runs each group operation of its body
// in rounds, one point a work-item each, the rounds one after another,
// and its work-items without a point in an operation still pass its
// loop and its barrier. A group narrower than an operation runs it in
// several rounds, each paying the loop's overhead and the latency of
// its reads of global memory (Needleman-Wunsch's block: its 32x32
// similarities read from the input, its 1024 cells written out); a
// group wider than an operation leaves warps idle in it, which wait at
// its barrier (NW's 63 anti-diagonals of 32 cells). The size is the
// width, among those of the body's Seg-ops, that makes the estimated
// time of a point least, each operation weighed by how many times it
// runs (the trip counts of the loops around it):
//
//	time(G) = Σ runs · ((round + cost) · ⌈w/G⌉ + idleWarp · max(0, G − w)/32)
//
// where w is the operation's width, cost its statements per point plus
// globalRead for each read of an array outside local memory, and G the
// width rounded up to the group's multiple. The size is tunable at run
// time (backend/seggroup.go), as the estimate is rough.
const (
	// round, globalRead and idleWarp are what a round of an operation
	// (its loop's test and index arithmetic), a read of global memory
	// and a warp without a point in an operation cost, in statements
	// of work. Fitted to NW's block on an H200 (GPU runs of this
	// branch, against main in the same run): groups of 32 took 48 µs a
	// launch (41 with the step's map fused into its scatter) where
	// main's of 1024 took 36: idle warps waiting at a barrier cost next
	// to nothing, and the 32 rounds of the block's one-off reads and
	// writes at 32 work-items more than the loop saved. With a global
	// read's latency about 0.3 µs, a statement of the step (64-bit
	// index arithmetic, checked local reads) takes about 8 ns. Checked
	// with the step fused (GPU run 3 of 99d213e, main.group_size_1):
	// 42, 34, 31, 28 and 29 µs a launch at 32, 64, 128, 256 and 1024
	// work-items; the estimate picks 1024 among the widths, 256 being
	// no width.
	round      = 8
	globalRead = 40
	idleWarp   = 0.25
	// assumedSize stands for a width or a trip count not known at
	// compile time: the smallest inner width at which the intra-group
	// version is taken by default (flatten's suff_intra_par threshold).
	assumedSize = 32
)

// groupWork is a group operation of a segmap_group's body, as the choice
// of the group's size weighs it: its width, how many times it runs per
// point, and its statements per point of its width.
type groupWork struct {
	width []soac.SubExp
	runs  float64
	cost  float64
}

// sizeValue is a size's value, or assumedSize where it is not a
// constant.
func sizeValue(x soac.SubExp) float64 {
	if c, ok := x.(soac.Const); ok && c.Value.T == values.I64 {
		return float64(c.Value.Int())
	}
	return assumedSize
}

// widthValue is the product of a width's sizes' values.
func widthValue(w []soac.SubExp) float64 {
	v := 1.0
	for _, d := range w {
		v *= sizeValue(d)
	}
	return v
}

// chooseGroupSize chooses the group's size by the time the work takes
// (see idleWarp): the size G among the widths' that takes least (a tie
// goes to the wider group), and says why. It returns the widths whose
// values, as the estimate takes them, G covers: the group's size is
// their largest at run time, rounded up, which is G where the widths
// are known and, where they are not, no narrower than any of them that
// the estimate could not tell from G (Needleman-Wunsch's block of side
// m: max(m, m + 1) and not m * m).
func chooseGroupSize(widths [][]soac.SubExp, work []groupWork, multiple int) ([][]soac.SubExp, string) {
	m := float64(multiple)
	rounded := func(w []soac.SubExp) float64 { return max(math.Ceil(widthValue(w)/m), 1) * m }
	bestG, bestT := 0.0, math.Inf(1)
	var times []string
	tried := map[float64]bool{}
	for _, w := range widths {
		g := rounded(w)
		if tried[g] {
			continue
		}
		tried[g] = true
		t := 0.0
		for _, op := range work {
			n := widthValue(op.width)
			t += op.runs * ((round+op.cost)*math.Ceil(n/g) + idleWarp*max(0, g-n)/32)
		}
		times = append(times, fmt.Sprintf("%.0f at %.0f", t, g))
		if t < bestT || t == bestT && g > bestG {
			bestG, bestT = g, t
		}
	}
	var size [][]soac.SubExp
	for _, w := range widths {
		if rounded(w) <= bestG {
			size = append(size, w)
		}
	}
	why := fmt.Sprintf("the least estimated time of a point (statements, rounds %d, global reads %d, idle warps %g, unknown sizes %d): %s",
		round, globalRead, idleWarp, assumedSize, strings.Join(times, ", "))
	return size, why
}

// globalReads is the number of reads of b, those nested included, of
// arrays in global (of the names that a segmap_group's body does not
// bind).
func globalReads(b *soac.Body, global map[soac.VName]bool) int {
	n := 0
	soac.VisitStms(b, func(s *soac.Stm) {
		if e, ok := s.Exp.(*soac.IndexExp); ok && global[e.Arr] {
			n++
		}
	})
	return n
}

// countStms is the number of statements of b, those nested included.
func countStms(b *soac.Body) int {
	n := 0
	soac.VisitStms(b, func(*soac.Stm) { n++ })
	return n
}

// intoSpare finds the array results of loop e's iterations that the
// Seg-op making them may write straight into their merge parameter's
// spare buffer, so that the iteration ends with a swap and no copy (LU's
// diagonal block, a tabulate_2d of the block each step): a result of a
// segmap or segscan at the top level of the loop's body, of the
// parameter's type, and the result of no other parameter. The spare
// holds nothing live while the body runs (the parameter is in the other
// buffer, its initial value a copy), so the Seg-op, which reads the
// parameter, does not race with its own writes. It maps each such
// result to its parameter.
func intoSpare(e *soac.LoopExp) map[soac.VName]soac.VName {
	made := map[soac.VName]bool{}
	for _, s := range e.Body.Stms {
		switch s.Exp.(type) {
		case *soac.SegMapExp, *soac.SegScanExp:
			for _, p := range s.Pat {
				made[p.Name] = true
			}
		}
	}
	uses := map[soac.VName]int{}
	for _, r := range e.Body.Result {
		if v, ok := r.(soac.Var); ok {
			uses[v.Name]++
		}
	}
	into := map[soac.VName]soac.VName{}
	for i, p := range e.Params {
		v, ok := e.Body.Result[i].(soac.Var)
		if !ok || p.Type.Rank() == 0 || !made[v.Name] || uses[v.Name] != 1 {
			continue
		}
		if t := resultType(e.Body, v.Name); t == nil || !slices.EqualFunc(t.Shape, p.Type.Shape, soac.SameSubExp) || t.Elem != p.Type.Elem {
			continue
		}
		into[v.Name] = p.Name
	}
	return into
}

// fillsLoop reports whether the replicate stmts[k] of b, of a scalar,
// is only the initial value of an array parameter of a loop of b, of
// its type: the
// group then fills the parameter's buffer with the replicated value
// rather than making the array in a local buffer of its own and copying
// it (Needleman-Wunsch's block of zeros).
func fillsLoop(b *soac.Body, k int) bool {
	s := b.Stms[k]
	name := s.Pat[0].Name
	if len(s.Exp.(*soac.ReplicateExp).Shape) != s.Pat[0].Type.Rank() {
		// Rows replicated: read where the loop starts, they might have
		// been updated since.
		return false
	}
	for _, r := range b.Result {
		if v, ok := r.(soac.Var); ok && v.Name == name {
			return false
		}
	}
	inits := 0
	for _, t := range b.Stms[k+1:] {
		l, ok := t.Exp.(*soac.LoopExp)
		if !ok {
			if soac.FreeInExp(t.Exp)[name] {
				return false
			}
			continue
		}
		if soac.FreeInBody(l.Body)[name] {
			return false
		}
		for i, x := range l.Init {
			if v, ok := x.(soac.Var); ok && v.Name == name {
				p := l.Params[i].Type
				if p.Rank() == 0 || p.Elem != s.Pat[0].Type.Elem || !slices.EqualFunc(p.Shape, s.Pat[0].Type.Shape, soac.SameSubExp) {
					return false
				}
				inits++
			}
		}
	}
	return inits == 1
}

// updatedInPlace reports whether r, a result of body b, is array p
// updated in place by scatters and updates of b's top level, which the
// backend carries to the next iteration with no copy.
func updatedInPlace(b *soac.Body, r soac.SubExp, p soac.VName) bool {
	v, ok := r.(soac.Var)
	if !ok {
		return false
	}
	name := v.Name
	for i := len(b.Stms) - 1; i >= 0 && name != p; i-- {
		s := b.Stms[i]
		k := slices.IndexFunc(s.Pat, func(q soac.Param) bool { return q.Name == name })
		if k < 0 {
			continue
		}
		switch e := s.Exp.(type) {
		case *soac.ScatterExp:
			name = e.Dests[k].Arr
		case *soac.UpdateExp:
			name = e.Arr
		default:
			return false
		}
	}
	return name == p
}

// resultType is the type a top-level statement of b binds name to.
func resultType(b *soac.Body, name soac.VName) *soac.Type {
	for _, s := range b.Stms {
		for _, p := range s.Pat {
			if p.Name == name {
				return &p.Type
			}
		}
	}
	return nil
}
