package lower

import "github.com/fcclang/fcc/soac"

// eagerMaxStms is the most statements the skipped operand of a
// short-circuit may take for it to be evaluated eagerly: a few loads and
// comparisons, whose cost where the short-circuit would have skipped them
// stays small.
const eagerMaxStms = 8

// eagerIfs is the rule for short-circuit ifs (soac.Lowering.Eager): in a
// sequential loop of a kernel, `c || x` (and `c && x`) whose x reads an
// element of an array in at most eagerMaxStms statements of scalar
// arithmetic and element reads (soac.Speculable) is evaluated eagerly,
// as c | x, x's failures guarded by c. The short-circuit makes each
// iteration's reads wait for the last one's result (a branch on it), so
// a loop over a node's edges, `found || cost[edges[e]] == level` (BFS's
// pull step), did one dependent pair of reads after another; eagerly
// its iterations' reads are independent and the unrolled loop issues
// them together (BFS's level kernel on an H200: bench/RESULTS.md).
// Outside loops nothing overlaps, and the short-circuit
// saves the reads; an x of arithmetic alone the OpenCL compiler
// evaluates without a branch already. Group kernels (segmap_group) are
// left alone.
func eagerIfs(e soac.Exp) []soac.VName {
	if m, ok := e.(*soac.SegMapExp); ok && (m.Tile != nil || m.Level == soac.LevelGroup) {
		return nil
	}
	var names []soac.VName
	var walk func(b *soac.Body, inLoop bool)
	walk = func(b *soac.Body, inLoop bool) {
		for _, s := range b.Stms {
			if ie, ok := s.Exp.(*soac.IfExp); ok && inLoop && len(s.Pat) == 1 {
				if x, _ := soac.ShortCircuit(ie); x != nil && len(x.Stms) <= eagerMaxStms && soac.Speculable(x) && reads(x) {
					names = append(names, s.Pat[0].Name)
					continue
				}
			}
			_, loop := s.Exp.(*soac.LoopExp)
			for _, sub := range soac.ExpBodies(s.Exp) {
				walk(sub, inLoop || loop)
			}
		}
	}
	for _, b := range soac.ExpBodies(e) {
		walk(b, false)
	}
	return names
}

// reads reports whether b reads an element of an array.
func reads(b *soac.Body) bool {
	for _, s := range b.Stms {
		if _, ok := s.Exp.(*soac.IndexExp); ok {
			return true
		}
	}
	return false
}
