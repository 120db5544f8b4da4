package lower

import (
	"fmt"
	"slices"

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
	var walk func(b *soac.Body) error
	walk = func(b *soac.Body) error {
		for _, s := range b.Stms {
			var space []soac.SegDim
			switch e := s.Exp.(type) {
			case *soac.SegMapExp:
				space = e.Space
			case *soac.SegRedExp:
				space = e.Space
			case *soac.SegScanExp:
				space = e.Space
			case *soac.SegHistExp:
				return fmt.Errorf("a seghist in a segmap_group, which the group kernel does not run")
			case *soac.ReplicateExp:
				g.Local = append(g.Local, soac.LocalArray{Name: s.Pat[0].Name, Type: s.Pat[0].Type, Buffers: 1})
				g.Barriers += 2
				continue
			case *soac.UpdateExp:
				g.Barriers += 2
				continue
			case *soac.ScatterExp:
				// Its work-items share the writes, in place: no array of
				// its own.
				space = []soac.SegDim{{N: e.W}}
			case *soac.LoopExp:
				for _, p := range e.Params {
					if p.Type.Rank() > 0 {
						g.Local = append(g.Local, soac.LocalArray{Name: p.Name, Type: p.Type, Buffers: 2})
						g.Barriers += 3
					}
				}
				if err := walk(e.Body); err != nil {
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
				continue
			case *soac.IfExp:
				if err := walk(e.Then); err != nil {
					return err
				}
				if err := walk(e.Else); err != nil {
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
	if err := walk(m.Body); err != nil {
		return nil, err
	}
	if len(g.Widths) == 0 {
		return nil, fmt.Errorf("a segmap_group without inner Seg-ops")
	}
	return g, nil
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
