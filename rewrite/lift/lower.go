package lift

import "fmt"

// Lowering are the OpenCL-specific rules of the ICFP paper's Fig. 7: they
// map patterns onto the thread hierarchy (work-groups, work-items,
// sequential loops), the memory hierarchy (global, local, private) and
// vector units.
var Lowering = []*Rule{
	lowerMap("map-workgroup", MapWorkgroup),
	lowerMap("map-local", MapLocal),
	lowerMap("map-global", MapGlobal),
	lowerMap("map-seq", MapSeq),
	ruleReduceSeq, ruleReduceLocal,
	ruleReorderStride, ruleReorderID, ruleMapStride,
	ruleToGlobal, ruleToLocal, ruleToPrivate,
	ruleVectorise,
}

// lowerMap is map(f) → kind(f) (Fig. 7a). The guard is the nesting context
// the paper's implementation maintains: the new map must be legal where it
// sits, and the maps already lowered inside f must stay legal under it.
func lowerMap(name string, kind MapKind) *Rule {
	r := &Rule{
		Name: name, Fig: "7a", Width: 1,
		Doc:   fmt.Sprintf("map(f) → %s(f)", kind),
		Match: func(s *Site) bool { _, ok := isMapKind(s.Node, MapHigh); return ok },
		Guard: func(s *Site, p Params) error {
			dim, err := p.intParam("dim", 0)
			if err != nil {
				return err
			}
			ctx := s.frames()
			if err := legalIn(kind, dim, ctx); err != nil {
				return err
			}
			return checkNesting(&Map{Kind: kind, Dim: dim, F: s.Node.(*Map).F}, ctx)
		},
		Rewrite: func(s *Site, p Params) []Expr {
			dim, _ := p.intParam("dim", 0)
			return []Expr{&Map{Kind: kind, Dim: dim, F: s.Node.(*Map).F}}
		},
	}
	if kind.parallel() {
		r.Doc += "   (parameter dim, default 0)"
	}
	return r
}

var ruleReduceSeq = &Rule{
	Name: "reduce-seq", Fig: "7b", Width: 1,
	Doc: "reduce(f, z) → reduce-seq(f, z)",
	Match: func(s *Site) bool {
		r, ok := s.Node.(*Reduce)
		return ok && !r.lowLevel()
	},
	Rewrite: func(s *Site, p Params) []Expr {
		r := s.Node.(*Reduce)
		return []Expr{ReduceSeqF(r.Op, r.Init)}
	},
}

// ruleReduceLocal is fcc's addition to Fig. 7b. The paper lowers a
// work-group's reduction of its items' partial results to
// iterate(log2 l, join ∘ map-local(reduce-seq(f, z)) ∘ split(2)), which
// needs the group size l as a constant; fcc's group size is a run-time
// parameter, so the tree (or the warp shuffles) is one pattern whose code
// the generator chooses by the group size it is launched with. Like a
// reduce it reassociates, and it is legal only where the work-items of one
// work-group run it together on an array in their local memory.
var ruleReduceLocal = &Rule{
	Name: "reduce-local", Fig: "7b′", Width: 1,
	Doc: "reduce(f, z) → reduce-local(f, z)   inside a map-workgroup, on local memory",
	Match: func(s *Site) bool {
		r, ok := s.Node.(*Reduce)
		return ok && !r.lowLevel()
	},
	Guard: func(s *Site, p Params) error {
		r := s.Node.(*Reduce)
		if !Associative(r.Op) {
			return fmt.Errorf("operator %s is not known to be associative", Print(r.Op))
		}
		// The work-items below the innermost enclosing level combine: a
		// map-workgroup's, or, inside a map-local of another dimension,
		// the team of items that map-local gives each element.
		inWG := false
		for _, f := range s.frames() {
			if f.seq {
				return fmt.Errorf("reduce-local cannot run inside a sequential pattern")
			}
			inWG = inWG || f.kind == MapWorkgroup
		}
		if !inWG {
			return fmt.Errorf("reduce-local must be inside a map-workgroup")
		}
		if a, ok := s.In().(ArrayType); !ok || a.Space != Local {
			return fmt.Errorf("reduce-local reads local memory; its input is not there (apply to-local first)")
		}
		return nil
	},
	Rewrite: func(s *Site, p Params) []Expr {
		r := s.Node.(*Reduce)
		return []Expr{ReduceLocalF(r.Op, r.Init)}
	},
}

var ruleReorderStride = &Rule{
	Name: "reorder-stride", Fig: "7c", Width: 1, Params: []string{"s"},
	Doc:     "reorder → reorder-stride(s)",
	Match:   func(s *Site) bool { _, ok := s.Node.(*Reorder); return ok },
	Guard:   dividesInput("s"),
	Rewrite: func(s *Site, p Params) []Expr { return []Expr{&ReorderStride{S: p["s"]}} },
}

// ruleMapStride gives a map's elements to its consumers in a strided
// order and takes the results back: a map commutes with any permutation
// of its input, and reorder-stride(n/s) undoes reorder-stride(s) on n
// elements. Split into chunks of n/s afterwards (split-join), chunk g
// holds elements g, g+s, g+2s, …: a work-item per chunk takes points s
// apart, so that at every step consecutive work-items read consecutive
// addresses, as a streaming kernel with several points per work-item
// does.
var ruleMapStride = &Rule{
	Name: "map-stride", Fig: "7c", Width: 1, Params: []string{"s"},
	Doc:   "map(f) → reorder-stride(n/s) ∘ map(f) ∘ reorder-stride(s)   on n elements",
	Match: func(s *Site) bool { _, ok := isMapKind(s.Node, MapHigh); return ok },
	Guard: dividesInput("s"),
	Rewrite: func(s *Site, p Params) []Expr {
		n, _ := lengthOf(s.In())
		return []Expr{&ReorderStride{S: n.Div(p["s"])}, s.Node, &ReorderStride{S: p["s"]}}
	},
}

var ruleReorderID = &Rule{
	Name: "reorder-id", Fig: "7c", Width: 1,
	Doc:     "reorder → id",
	Match:   func(s *Site) bool { _, ok := s.Node.(*Reorder); return ok },
	Rewrite: func(s *Site, p Params) []Expr { return nil },
}

// notWrapped keeps the memory rules from stacking to-x(to-y(f)).
func notWrapped(s *Site) bool {
	_, ok := s.enclosing().(*To)
	return !ok
}

var ruleToGlobal = &Rule{
	Name: "to-global", Fig: "7d", Width: 1,
	Doc: "map-local(f) → to-global(map-local(f))",
	Match: func(s *Site) bool {
		_, ok := isMapKind(s.Node, MapLocal)
		return ok && notWrapped(s)
	},
	Rewrite: func(s *Site, p Params) []Expr { return []Expr{&To{Space: Global, F: s.Node}} },
}

var ruleToLocal = &Rule{
	Name: "to-local", Fig: "7d", Width: 1,
	Doc: "map-local(f) → to-local(map-local(f))",
	Match: func(s *Site) bool {
		_, ok := isMapKind(s.Node, MapLocal)
		return ok && notWrapped(s)
	},
	Guard: func(s *Site, p Params) error {
		// Local memory belongs to a work-group: the map-local must run in one.
		for _, f := range s.frames() {
			if f.kind == MapWorkgroup && !f.seq {
				return nil
			}
		}
		return fmt.Errorf("to-local outside a map-workgroup: there is no local memory")
	},
	Rewrite: func(s *Site, p Params) []Expr { return []Expr{&To{Space: Local, F: s.Node}} },
}

var ruleToPrivate = &Rule{
	Name: "to-private", Fig: "7d", Width: 1,
	Doc: "map-seq(f) | reduce-seq(f, z) → to-private(…)   inside a work-item",
	Match: func(s *Site) bool {
		_, isSeqMap := isMapKind(s.Node, MapSeq)
		r, isRed := s.Node.(*Reduce)
		return (isSeqMap || isRed && r.Seq) && notWrapped(s)
	},
	Guard: func(s *Site, p Params) error {
		// Private memory belongs to one work-item: only code that a single
		// map-local or map-global work-item runs can keep results there.
		for _, f := range s.frames() {
			if !f.seq && (f.kind == MapLocal || f.kind == MapGlobal) {
				return nil
			}
		}
		return fmt.Errorf("to-private outside a work-item (map-local or map-global)")
	},
	Rewrite: func(s *Site, p Params) []Expr { return []Expr{&To{Space: Private, F: s.Node}} },
}

// scalarFun reports whether f is a function on scalars built from user
// functions and lambdas only: what map-vec can vectorise by converting its
// operations to vector operations.
func scalarFun(f Expr) bool {
	switch f := f.(type) {
	case *UserFun, *Param, *Lit:
		return true
	case *Lambda:
		return scalarFun(f.Body)
	case *Apply:
		for _, c := range children(f) {
			if !scalarFun(c) {
				return false
			}
		}
		return true
	}
	return false
}

var ruleVectorise = &Rule{
	Name: "vectorise", Fig: "7e", Width: 1, Params: []string{"n"},
	Doc: "map(f) → as-scalar ∘ map(map-vec(f)) ∘ as-vector(n)",
	Match: func(s *Site) bool {
		m, ok := isMapKind(s.Node, MapHigh)
		return ok && scalarFun(m.F)
	},
	Guard: func(s *Site, p Params) error {
		a, ok := s.In().(ArrayType)
		if !ok {
			return fmt.Errorf("input is not an array")
		}
		// Once per map, checked on the type as the paper suggests: a map
		// over vectors has been vectorised already.
		if _, ok := a.Elem.(ScalarType); !ok {
			return fmt.Errorf("elements are %s, not scalars: vectorise applies once per map", FormatType(a.Elem))
		}
		n, err := p.intParam("n", 0)
		if err != nil {
			return err
		}
		if n != 2 && n != 3 && n != 4 && n != 8 && n != 16 {
			return fmt.Errorf("OpenCL has no vectors of width %d", n)
		}
		return mustDivide(Const(int64(n)), a)
	},
	Rewrite: func(s *Site, p Params) []Expr {
		n, _ := p.intParam("n", 0)
		return []Expr{&AsScalar{}, MapF(&Map{Kind: MapVec, F: s.Node.(*Map).F}), &AsVector{N: n}}
	},
}
