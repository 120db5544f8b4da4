package lift

import "fmt"

// Algorithmic are the algorithmic rules of the ICFP paper's Fig. 6: they
// choose an algorithm (how a map is partitioned, how a reduction is
// decomposed, what is fused) without committing to the hardware.
var Algorithmic = []*Rule{
	ruleIterateDecompose,
	ruleMapReorder, ruleReorderMap,
	ruleSplitJoin,
	ruleReducePartRed, rulePartRedReduce, rulePartRedReorder, rulePartRedSplit, rulePartRedIterate,
	ruleCancelSplitJoin, ruleCancelJoinSplit, ruleCancelAsVectorAsScalar, ruleCancelAsScalarAsVector,
	ruleFuseMapMap, ruleFuseReduceSeqMapSeq,
}

func isMapKind(e Expr, k MapKind) (*Map, bool) {
	m, ok := e.(*Map)
	return m, ok && m.Kind == k
}

func lengthOf(t Type) (Size, bool) {
	a, ok := t.(ArrayType)
	return a.Len, ok
}

// mustDivide is the divisibility side condition of split-like rules. With
// symbolic sizes it asks for a proof (n*k is divisible by n; N by n is not
// known), as Lift's dependent types do by writing sizes as products.
func mustDivide(k Size, t Type) error {
	n, ok := lengthOf(t)
	if !ok {
		return fmt.Errorf("input is not an array (%v)", t)
	}
	if !k.Divides(n) {
		return fmt.Errorf("cannot show that %s divides the length %s", k, n)
	}
	return nil
}

// dividesInput is the guard of a rule whose size parameter param must
// divide the length of its input (mustDivide).
func dividesInput(param string) func(s *Site, p Params) error {
	return func(s *Site, p Params) error {
		n, err := p.size(param)
		if err != nil {
			return err
		}
		return mustDivide(n, s.In())
	}
}

var ruleIterateDecompose = &Rule{
	Name: "iterate-decompose", Fig: "6a", Width: 1, Params: []string{"m"},
	Doc:   "iterate(m+n, f) → iterate(m, f) ∘ iterate(n, f)",
	Match: func(s *Site) bool { it, ok := s.Node.(*Iterate); return ok && it.N >= 2 },
	Guard: func(s *Site, p Params) error {
		m, err := p.intParam("m", 0)
		if err != nil {
			return err
		}
		if n := s.Node.(*Iterate).N; m < 1 || m >= n {
			return fmt.Errorf("m = %d must be in [1, %d)", m, n)
		}
		return nil
	},
	Rewrite: func(s *Site, p Params) []Expr {
		it := s.Node.(*Iterate)
		m, _ := p.intParam("m", 0)
		return []Expr{&Iterate{N: m, F: it.F}, &Iterate{N: it.N - m, F: it.F}}
	},
}

var ruleMapReorder = &Rule{
	Name: "map-reorder", Fig: "6b", Width: 2,
	Doc: "map(f) ∘ reorder → reorder ∘ map(f)",
	Match: func(s *Site) bool {
		_, ok := isMapKind(s.Node, MapHigh)
		_, ok2 := s.Next(1).(*Reorder)
		return ok && ok2
	},
	Rewrite: func(s *Site, p Params) []Expr { return []Expr{s.Next(1), s.Node} },
}

var ruleReorderMap = &Rule{
	Name: "reorder-map", Fig: "6b", Width: 2,
	Doc: "reorder ∘ map(f) → map(f) ∘ reorder",
	Match: func(s *Site) bool {
		_, ok := s.Node.(*Reorder)
		_, ok2 := isMapKind(s.Next(1), MapHigh)
		return ok && ok2
	},
	Rewrite: func(s *Site, p Params) []Expr { return []Expr{s.Next(1), s.Node} },
}

var ruleSplitJoin = &Rule{
	Name: "split-join", Fig: "6c", Width: 1, Params: []string{"n"},
	Doc:   "map(f) → join ∘ map(map(f)) ∘ split(n)",
	Match: func(s *Site) bool { _, ok := isMapKind(s.Node, MapHigh); return ok },
	Guard: dividesInput("n"),
	Rewrite: func(s *Site, p Params) []Expr {
		return []Expr{&Join{}, MapF(s.Node), &Split{N: p["n"]}}
	},
}

// reduceSplittable is the side condition of every rule that regroups a
// reduction into partial reductions: the operator is associative and the
// initial value neutral (it is repeated once per partial result).
func reduceSplittable(op Expr, init Value) error {
	if !Associative(op) {
		return fmt.Errorf("operator %s is not known to be associative", Print(op))
	}
	if !Neutral(op, init) {
		return fmt.Errorf("%s is not the neutral element of %s", FormatValue(init), Print(op))
	}
	return nil
}

// splittable is the guard of the rules that cut a fold into folds of parts
// whose size the parameter param gives: the operator splits (see
// reduceSplittable) and the part size divides the input's length.
func splittable(op Expr, init Value, s *Site, p Params, param string) error {
	if err := reduceSplittable(op, init); err != nil {
		return err
	}
	n, err := p.size(param)
	if err != nil {
		return err
	}
	return mustDivide(n, s.In())
}

var ruleReducePartRed = &Rule{
	Name: "reduce-part-red", Fig: "6d", Width: 1, Params: []string{"factor"},
	Doc: "reduce(f, z) → reduce(f, z) ∘ part-red(f, z, factor)",
	Match: func(s *Site) bool {
		r, ok := s.Node.(*Reduce)
		return ok && !r.lowLevel()
	},
	Guard: func(s *Site, p Params) error {
		r := s.Node.(*Reduce)
		return splittable(r.Op, r.Init, s, p, "factor")
	},
	Rewrite: func(s *Site, p Params) []Expr {
		r := s.Node.(*Reduce)
		return []Expr{r, &PartRed{Op: r.Op, Init: r.Init, Factor: p["factor"]}}
	},
}

var rulePartRedReduce = &Rule{
	Name: "part-red-reduce", Fig: "6d", Width: 1,
	Doc:   "part-red(f, z, factor) → reduce(f, z)   when the result has one element",
	Match: func(s *Site) bool { _, ok := s.Node.(*PartRed); return ok },
	Guard: func(s *Site, p Params) error {
		pr := s.Node.(*PartRed)
		n, ok := lengthOf(s.In())
		if !ok || !n.Equal(pr.Factor) {
			return fmt.Errorf("the input length %s is not the factor %s: the result has more than one element", n, pr.Factor)
		}
		return nil
	},
	Rewrite: func(s *Site, p Params) []Expr {
		pr := s.Node.(*PartRed)
		return []Expr{ReduceF(pr.Op, pr.Init)}
	},
}

var rulePartRedReorder = &Rule{
	Name: "part-red-reorder", Fig: "6d", Width: 1,
	Doc:   "part-red(f, z, factor) → part-red(f, z, factor) ∘ reorder",
	Match: func(s *Site) bool { _, ok := s.Node.(*PartRed); return ok },
	Guard: func(s *Site, p Params) error {
		if op := s.Node.(*PartRed).Op; !Commutative(op) {
			return fmt.Errorf("operator %s is not known to be commutative", Print(op))
		}
		return nil
	},
	Rewrite: func(s *Site, p Params) []Expr { return []Expr{s.Node, &Reorder{}} },
}

var rulePartRedSplit = &Rule{
	Name: "part-red-split", Fig: "6d", Width: 1, Params: []string{"n"},
	Doc:   "part-red(f, z, factor) → join ∘ map(part-red(f, z, factor)) ∘ split(n)",
	Match: func(s *Site) bool { _, ok := s.Node.(*PartRed); return ok },
	Guard: func(s *Site, p Params) error {
		n, err := p.size("n")
		if err != nil {
			return err
		}
		if f := s.Node.(*PartRed).Factor; !f.Divides(n) {
			return fmt.Errorf("cannot show that the factor %s divides the chunk %s", f, n)
		}
		return mustDivide(n, s.In())
	},
	Rewrite: func(s *Site, p Params) []Expr {
		return []Expr{&Join{}, MapF(s.Node), &Split{N: p["n"]}}
	},
}

var rulePartRedIterate = &Rule{
	Name: "part-red-iterate", Fig: "6d", Width: 1, Params: []string{"k", "factor"},
	Doc:   "part-red(f, z, factor^k) → iterate(k, part-red(f, z, factor))",
	Match: func(s *Site) bool { _, ok := s.Node.(*PartRed); return ok },
	Guard: func(s *Site, p Params) error {
		pr := s.Node.(*PartRed)
		if err := reduceSplittable(pr.Op, pr.Init); err != nil {
			return err
		}
		k, err := p.intParam("k", 0)
		if err != nil {
			return err
		}
		c, err := p.size("factor")
		if err != nil {
			return err
		}
		if k < 1 || !c.Pow(k).Equal(pr.Factor) {
			return fmt.Errorf("%s^%d is not the factor %s", c, k, pr.Factor)
		}
		return nil
	},
	Rewrite: func(s *Site, p Params) []Expr {
		pr := s.Node.(*PartRed)
		k, _ := p.intParam("k", 0)
		return []Expr{&Iterate{N: k, F: &PartRed{Op: pr.Op, Init: pr.Init, Factor: p["factor"]}}}
	},
}

var ruleCancelSplitJoin = &Rule{
	Name: "cancel-split-join", Fig: "6e", Width: 2,
	Doc: "split(n) ∘ join → id   when the joined rows have length n",
	Match: func(s *Site) bool {
		_, ok := s.Node.(*Split)
		_, ok2 := s.Next(1).(*Join)
		return ok && ok2
	},
	Guard: func(s *Site, p Params) error {
		n := s.Node.(*Split).N
		if a, ok := s.InOfNext(1).(ArrayType); ok {
			if row, ok := a.Elem.(ArrayType); ok && row.Len.Equal(n) {
				return nil
			}
		}
		return fmt.Errorf("join's rows are not of length %s", n)
	},
	Rewrite: func(s *Site, p Params) []Expr { return nil },
}

var ruleCancelJoinSplit = &Rule{
	Name: "cancel-join-split", Fig: "6e", Width: 2,
	Doc: "join ∘ split(n) → id",
	Match: func(s *Site) bool {
		_, ok := s.Node.(*Join)
		_, ok2 := s.Next(1).(*Split)
		return ok && ok2
	},
	Rewrite: func(s *Site, p Params) []Expr { return nil },
}

var ruleCancelAsVectorAsScalar = &Rule{
	Name: "cancel-as-vector-as-scalar", Fig: "6e", Width: 2,
	Doc: "as-vector(n) ∘ as-scalar → id   when the vectors have width n",
	Match: func(s *Site) bool {
		_, ok := s.Node.(*AsVector)
		_, ok2 := s.Next(1).(*AsScalar)
		return ok && ok2
	},
	Guard: func(s *Site, p Params) error {
		n := s.Node.(*AsVector).N
		if a, ok := s.InOfNext(1).(ArrayType); ok {
			if v, ok := a.Elem.(VectorType); ok && v.N == n {
				return nil
			}
		}
		return fmt.Errorf("as-scalar's vectors are not of width %d", n)
	},
	Rewrite: func(s *Site, p Params) []Expr { return nil },
}

var ruleCancelAsScalarAsVector = &Rule{
	Name: "cancel-as-scalar-as-vector", Fig: "6e", Width: 2,
	Doc: "as-scalar ∘ as-vector(n) → id",
	Match: func(s *Site) bool {
		_, ok := s.Node.(*AsScalar)
		_, ok2 := s.Next(1).(*AsVector)
		return ok && ok2
	},
	Rewrite: func(s *Site, p Params) []Expr { return nil },
}

var ruleFuseMapMap = &Rule{
	Name: "fuse-map-map", Fig: "6f", Width: 2,
	Doc: "map(f) ∘ map(g) → map(f ∘ g)   (maps of one kind and dimension)",
	Match: func(s *Site) bool {
		f, ok := s.Node.(*Map)
		g, ok2 := s.Next(1).(*Map)
		return ok && ok2 && f.Kind == g.Kind && f.Dim == g.Dim
	},
	Rewrite: func(s *Site, p Params) []Expr {
		f, g := s.Node.(*Map), s.Next(1).(*Map)
		return []Expr{&Map{Kind: f.Kind, Dim: f.Dim, F: Comp(f.F, g.F)}}
	},
}

var ruleFuseReduceSeqMapSeq = &Rule{
	Name: "fuse-reduce-seq-map-seq", Fig: "6f", Width: 2,
	Doc: "reduce-seq(f, z) ∘ map-seq(g) → reduce-seq(λ(acc, x). f(acc, g(x)), z)",
	Match: func(s *Site) bool {
		r, ok := s.Node.(*Reduce)
		_, ok2 := isMapKind(s.Next(1), MapSeq)
		// Only the sequential reduce: the fused operator is not associative,
		// which only reduce-seq's fixed order tolerates.
		return ok && r.Seq && ok2
	},
	Rewrite: func(s *Site, p Params) []Expr {
		r, g := s.Node.(*Reduce), s.Next(1).(*Map)
		op := Lam([]string{"acc", "x"}, func(ps []*Param) Expr {
			return applyFun(r.Op, ps[0], applyFun(g.F, ps[1]))
		})
		return []Expr{ReduceSeqF(op, r.Init)}
	},
}

// applyFun builds f(args), β-reducing when f is a lambda of that many
// parameters so that fused operators read like the paper's.
func applyFun(f Expr, args ...Expr) Expr {
	if l, ok := f.(*Lambda); ok && len(l.Params) == len(args) {
		m := map[*Param]Expr{}
		for i, p := range l.Params {
			m[p] = args[i]
		}
		return subst(l.Body, m)
	}
	return App(f, args...)
}

func subst(e Expr, m map[*Param]Expr) Expr {
	if p, ok := e.(*Param); ok {
		if r, ok := m[p]; ok {
			return r
		}
		return p
	}
	for i, c := range children(e) {
		if nc := subst(c, m); nc != c {
			e = withChild(e, i, nc)
		}
	}
	return e
}
