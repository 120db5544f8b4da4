package lift

import "fmt"

// Lift has no scan. fcc adds one, with the decomposition of a scan into
// scans of chunks and the propagation of the chunks' totals (scan-split,
// the scan's counterpart of part-red-split), the fusion of a sequential
// scan with a sequential map, and lowering rules that say who scans: a
// work-item sequentially (scan-seq), the work-items of a work-group
// together for the carries of their chunks (propagate-local), and the
// work-groups through their predecessors' published totals
// (propagate-lookback, the decoupled look-back of Merrill and Garland), or
// work-items that scan whole chunks alone, whose carries a pass of its
// own computes from the chunks' totals (propagate-global).

// rulesScanAlgorithmic and rulesScanLowering join Algorithmic and Lowering.
var (
	rulesScanAlgorithmic = []*Rule{ruleScanSplit, ruleFuseScanSeqMapSeq}
	rulesScanLowering    = []*Rule{ruleScanSeq, rulePropagateLocal, rulePropagateLookback, rulePropagateGlobal}
)

var ruleScanSplit = &Rule{
	Name: "scan-split", Fig: "6d′", Width: 1, Params: []string{"n"},
	Doc: "scan(f, z) → join ∘ propagate(f, z) ∘ map(scan(f, z)) ∘ split(n)",
	Match: func(s *Site) bool {
		sc, ok := s.Node.(*Scan)
		return ok && !sc.Seq
	},
	Guard: func(s *Site, p Params) error {
		// Every chunk's scan starts from z, and the carries regroup the
		// operands.
		sc := s.Node.(*Scan)
		return splittable(sc.Op, sc.Init, s, p, "n")
	},
	Rewrite: func(s *Site, p Params) []Expr {
		sc := s.Node.(*Scan)
		return []Expr{&Join{}, &Propagate{Op: sc.Op, Init: sc.Init}, MapF(sc), &Split{N: p["n"]}}
	},
}

var ruleFuseScanSeqMapSeq = &Rule{
	Name: "fuse-scan-seq-map-seq", Fig: "6f′", Width: 2,
	Doc: "scan-seq(f, z) ∘ map-seq(g) → scan-seq(λ(acc, x). f(acc, g(x)), z)",
	Match: func(s *Site) bool {
		sc, ok := s.Node.(*Scan)
		_, ok2 := isMapKind(s.Next(1), MapSeq)
		return ok && sc.Seq && ok2
	},
	Rewrite: func(s *Site, p Params) []Expr {
		sc, g := s.Node.(*Scan), s.Next(1).(*Map)
		op := Lam([]string{"acc", "x"}, func(ps []*Param) Expr {
			return applyFun(sc.Op, ps[0], applyFun(g.F, ps[1]))
		})
		return []Expr{&Scan{Seq: true, Op: op, Init: sc.Init}}
	},
}

var ruleScanSeq = &Rule{
	Name: "scan-seq", Fig: "7b′", Width: 1,
	Doc: "scan(f, z) → scan-seq(f, z)",
	Match: func(s *Site) bool {
		sc, ok := s.Node.(*Scan)
		return ok && !sc.Seq
	},
	Rewrite: func(s *Site, p Params) []Expr {
		sc := s.Node.(*Scan)
		return []Expr{&Scan{Seq: true, Op: sc.Op, Init: sc.Init}}
	},
}

// highPropagate matches a high-level propagate.
func highPropagate(s *Site) bool {
	pr, ok := s.Node.(*Propagate)
	return ok && pr.Level == PropagateHigh
}

func lowerPropagate(s *Site, level PropagateLevel) []Expr {
	pr := s.Node.(*Propagate)
	return []Expr{&Propagate{Level: level, Op: pr.Op, Init: pr.Init}}
}

var rulePropagateLocal = &Rule{
	Name: "propagate-local", Fig: "7b′", Width: 1,
	Doc:   "propagate(f, z) ∘ map-local(g) → propagate-local(f, z) ∘ map-local(g)   inside a map-workgroup",
	Match: highPropagate,
	Guard: func(s *Site, p Params) error {
		// The chunks are the work-items' of one work-group: their totals
		// are scanned by the group, in local memory.
		if err := wholeWorkgroup(s, "propagate-local"); err != nil {
			return err
		}
		if _, ok := isMapKind(s.Next(1), MapLocal); !ok {
			return fmt.Errorf("propagate-local needs chunks made by a map-local")
		}
		return nil
	},
	Rewrite: func(s *Site, p Params) []Expr { return lowerPropagate(s, PropagateLocal) },
}

var rulePropagateLookback = &Rule{
	Name: "propagate-lookback", Fig: "7b′", Width: 1,
	Doc:   "propagate(f, z) ∘ map-workgroup(g) → propagate-lookback(f, z) ∘ map-workgroup(g)",
	Match: highPropagate,
	Guard: func(s *Site, p Params) error {
		// The chunks are the work-groups' tiles: each group takes its carry
		// from the totals its predecessors publish.
		if err := allWorkgroups(s, "propagate-lookback"); err != nil {
			return err
		}
		if _, ok := isMapKind(s.Next(1), MapWorkgroup); !ok {
			return fmt.Errorf("propagate-lookback needs chunks made by a map-workgroup")
		}
		return nil
	},
	Rewrite: func(s *Site, p Params) []Expr { return lowerPropagate(s, PropagateLookback) },
}

var rulePropagateGlobal = &Rule{
	Name: "propagate-global", Fig: "7b′", Width: 1,
	Doc:   "propagate(f, z) ∘ map-global(g) → propagate-global(f, z) ∘ map-global(g)",
	Match: highPropagate,
	Guard: func(s *Site, p Params) error {
		// The chunks are single work-items': their totals are folded by a
		// pass of their own (a kernel reducing each chunk) before the
		// chunks are scanned from their carries.
		if err := allWorkgroups(s, "propagate-global"); err != nil {
			return err
		}
		if _, ok := isMapKind(s.Next(1), MapGlobal); !ok {
			return fmt.Errorf("propagate-global needs chunks made by a map-global")
		}
		return nil
	},
	Rewrite: func(s *Site, p Params) []Expr { return lowerPropagate(s, PropagateGlobal) },
}
