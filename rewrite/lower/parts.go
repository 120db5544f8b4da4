package lower

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// independentParts is the rule for a map's parts (soac.PointsPlan.Parts):
// the results of a body of one point per work-item grouped so that no
// loop or SOAC of the body serves two groups, when two or more groups
// hold one each. Each part then gets a work-item of its own per point,
// which computes only what its results need (straight-line statements
// both need are computed by both). Fusion puts independent maps of the
// same width into one (LU's row and column panels, each a forward
// substitution per point); in one work-item their loops ran one after
// the other, twice the time of either where the points are too few to
// fill the device. nil where the body has no such parts, updates an
// array of the kernel's arguments in place, or the map is not one point
// per work-item.
func independentParts(e *soac.SegMapExp, plan soac.PointsPlan) [][]int {
	if e.Level != soac.LevelThread || e.Tile != nil || plan.Rule != soac.RuleOnePerItem || len(e.Body.Result) < 2 || updatesInPlace(e.Body) {
		return nil
	}
	stms := e.Body.Stms
	// The top-level statement binding each name, and each statement's
	// top-level dependencies.
	def := map[soac.VName]int{}
	for i, s := range stms {
		for _, p := range s.Pat {
			def[p.Name] = i
		}
	}
	deps := make([][]int, len(stms))
	for i, s := range stms {
		for n := range soac.FreeInExp(s.Exp) {
			if j, ok := def[n]; ok && j < i {
				deps[i] = append(deps[i], j)
			}
		}
	}
	// The statements each result needs.
	needs := func(r soac.SubExp) map[int]bool {
		seen := map[int]bool{}
		v, ok := r.(soac.Var)
		if !ok {
			return seen
		}
		j, ok := def[v.Name]
		if !ok {
			return seen
		}
		work := []int{j}
		for len(work) > 0 {
			k := work[len(work)-1]
			work = work[:len(work)-1]
			if seen[k] {
				continue
			}
			seen[k] = true
			work = append(work, deps[k]...)
		}
		return seen
	}
	// Results that share a heavy statement are in one part (union-find
	// over result positions).
	parent := make([]int, len(e.Body.Result))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	owner := map[int]int{}
	heavyPart := map[int]bool{}
	for i, r := range e.Body.Result {
		for k := range needs(r) {
			if !heavy(stms[k].Exp) {
				continue
			}
			heavyPart[i] = true
			if o, ok := owner[k]; ok {
				parent[find(i)] = find(o)
			} else {
				owner[k] = i
			}
		}
	}
	var parts [][]int
	index := map[int]int{}
	heavyParts := 0
	for i := range e.Body.Result {
		root := find(i)
		k, ok := index[root]
		if !ok {
			k = len(parts)
			index[root] = k
			parts = append(parts, nil)
		}
		parts[k] = append(parts[k], i)
	}
	for _, part := range parts {
		for _, i := range part {
			if heavyPart[i] {
				heavyParts++
				break
			}
		}
	}
	if heavyParts < 2 {
		return nil
	}
	return parts
}

// partsWhy is what a plan's reason says of its parts.
func partsWhy(parts [][]int) string {
	return fmt.Sprintf("; its results fall into %d parts that share no loop or SOAC: a work-item for each part of each point", len(parts))
}

// heavy reports whether an expression is more than straight-line work:
// a loop, a SOAC or an if holding one.
func heavy(e soac.Exp) bool {
	switch e := e.(type) {
	case *soac.SubExpExp, *soac.BinOpExp, *soac.CmpOpExp, *soac.UnOpExp, *soac.ConvOpExp,
		*soac.IndexExp, *soac.SliceExp, *soac.RearrangeExp, *soac.ReshapeExp, *soac.CallPrimExp, *soac.AssertExp:
		return false
	case *soac.IfExp:
		return !soac.StraightLine(e.Then) || !soac.StraightLine(e.Else)
	}
	return true
}

// updatesInPlace reports whether a body holds an update the inplace pass
// marked to write an array of the kernel's arguments where it lies.
func updatesInPlace(b *soac.Body) bool {
	found := false
	soac.VisitExps(b, func(e soac.Exp) {
		if u, ok := e.(*soac.UpdateExp); ok && u.InPlace != "" {
			found = true
		}
	})
	return found
}
