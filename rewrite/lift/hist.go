package lift

import "fmt"

// Lift has no histogram. fcc adds one (the generalised histogram of
// Futhark's reduce_by_index) with the decomposition into histograms of
// chunks merged bin by bin (hist-split), the reorder a commutative
// operator allows (hist-reorder), and lowering rules that say where the
// bins live: in global memory, updated by every work-item
// (hist-global), or in a work-group's local memory (hist-local), whose
// sub-histograms a kernel merges, one work-item per bin (merge-global).

// HistLevel is where a histogram's bins live while it is computed.
type HistLevel int

// The levels of hist.
const (
	HistHigh HistLevel = iota
	HistGlobal
	HistLocal
)

// Hist is the histogram of pairs (bin, value), [(i, A)]_n → [A]_Bins:
// every bin starts at Init and combines, with Op, the values whose bin
// index it is; pairs whose index is outside [0, Bins) are ignored.
type Hist struct {
	Level HistLevel
	Op    Expr
	Init  Value
	Bins  Size
}

// Merge combines histograms bin by bin, [[A]_B]_m → [A]_B, each bin the
// fold with Op from Init of that bin of every histogram in order.
type Merge struct {
	Global bool
	Op     Expr
	Init   Value
}

func (*Hist) exprNode()  {}
func (*Merge) exprNode() {}

var (
	rulesHistAlgorithmic = []*Rule{ruleHistReorder, ruleHistSplit}
	rulesHistLowering    = []*Rule{ruleHistGlobal, ruleHistLocal, ruleMergeGlobal}
)

func highHist(s *Site) bool {
	h, ok := s.Node.(*Hist)
	return ok && h.Level == HistHigh
}

func lowerHist(s *Site, level HistLevel) []Expr {
	h := s.Node.(*Hist)
	return []Expr{&Hist{Level: level, Op: h.Op, Init: h.Init, Bins: h.Bins}}
}

// commutativeHist is the guard of every rule that changes the order in
// which a bin's values meet.
func commutativeHist(s *Site) error {
	if op := s.Node.(*Hist).Op; !Commutative(op) {
		return fmt.Errorf("operator %s is not known to be commutative", Print(op))
	}
	return nil
}

var ruleHistReorder = &Rule{
	Name: "hist-reorder", Fig: "6d″", Width: 1,
	Doc:   "hist(f, z, B) → hist(f, z, B) ∘ reorder",
	Match: highHist,
	Guard: func(s *Site, p Params) error { return commutativeHist(s) },
	Rewrite: func(s *Site, p Params) []Expr {
		return []Expr{s.Node, &Reorder{}}
	},
}

var ruleHistSplit = &Rule{
	Name: "hist-split", Fig: "6d″", Width: 1, Params: []string{"n"},
	Doc:   "hist(f, z, B) → merge(f, z) ∘ map(hist(f, z, B)) ∘ split(n)",
	Match: highHist,
	Guard: func(s *Site, p Params) error {
		h := s.Node.(*Hist)
		return splittable(h.Op, h.Init, s, p, "n")
	},
	Rewrite: func(s *Site, p Params) []Expr {
		h := s.Node.(*Hist)
		return []Expr{&Merge{Op: h.Op, Init: h.Init}, MapF(h), &Split{N: p["n"]}}
	},
}

var ruleHistGlobal = &Rule{
	Name: "hist-global", Fig: "7b″", Width: 1,
	Doc:   "hist(f, z, B) → hist-global(f, z, B)   updated by every work-item, in any order",
	Match: highHist,
	Guard: func(s *Site, p Params) error {
		if err := commutativeHist(s); err != nil {
			return err
		}
		for _, f := range s.frames() {
			if f.seq || f.kind != MapGlobal {
				return fmt.Errorf("hist-global is updated by the work-items of map-globals only")
			}
		}
		return nil
	},
	Rewrite: func(s *Site, p Params) []Expr { return lowerHist(s, HistGlobal) },
}

var ruleHistLocal = &Rule{
	Name: "hist-local", Fig: "7b″", Width: 1,
	Doc:   "hist(f, z, B) → hist-local(f, z, B)   a work-group's, in local memory",
	Match: highHist,
	Guard: func(s *Site, p Params) error {
		if err := commutativeHist(s); err != nil {
			return err
		}
		return wholeWorkgroup(s, "hist-local")
	},
	Rewrite: func(s *Site, p Params) []Expr { return lowerHist(s, HistLocal) },
}

var ruleMergeGlobal = &Rule{
	Name: "merge-global", Fig: "7b″", Width: 1,
	Doc: "merge(f, z) → merge-global(f, z)   one work-item per bin",
	Match: func(s *Site) bool {
		m, ok := s.Node.(*Merge)
		return ok && !m.Global
	},
	Guard: func(s *Site, p Params) error {
		return allWorkgroups(s, "merge-global")
	},
	Rewrite: func(s *Site, p Params) []Expr {
		m := s.Node.(*Merge)
		return []Expr{&Merge{Global: true, Op: m.Op, Init: m.Init}}
	},
}

// evalHist is the meaning of hist.
func (ev *evaluator) evalHist(h *Hist, in Value) (Value, error) {
	a, err := asArray(in, "hist")
	if err != nil {
		return nil, err
	}
	b, err := ev.size(h.Bins)
	if err != nil {
		return nil, err
	}
	out := make(Array, b)
	for i := range out {
		out[i] = h.Init
	}
	for _, x := range a {
		t, ok := x.(Tuple)
		if !ok || len(t) != 2 {
			return nil, fmt.Errorf("hist: element %s is not a (bin, value) pair", FormatValue(x))
		}
		var bin int64
		switch i := t[0].(type) {
		case Int:
			bin = int64(i)
		case Float:
			bin = int64(i)
		default:
			return nil, fmt.Errorf("hist: bin %s is not a number", FormatValue(t[0]))
		}
		if bin < 0 || bin >= int64(b) {
			continue
		}
		if out[bin], err = ev.fun(h.Op, Tuple{out[bin], t[1]}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// evalMerge is the meaning of merge.
func (ev *evaluator) evalMerge(m *Merge, in Value) (Value, error) {
	rows, err := asArray(in, "merge")
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("merge of no histograms")
	}
	first, err := asArray(rows[0], "merge")
	if err != nil {
		return nil, err
	}
	out := make(Array, len(first))
	for b := range out {
		acc := m.Init
		for _, r := range rows {
			row, err := asArray(r, "merge")
			if err != nil {
				return nil, err
			}
			if len(row) != len(out) {
				return nil, fmt.Errorf("merge: histograms of %d and %d bins", len(out), len(row))
			}
			if acc, err = ev.fun(m.Op, Tuple{acc, row[b]}); err != nil {
				return nil, err
			}
		}
		out[b] = acc
	}
	return out, nil
}

// typeHist is the type rule of hist.
func (c *checker) typeHist(h *Hist, in Type, p Path) (Type, error) {
	a, err := arrayIn(in, "hist")
	if err != nil {
		return nil, err
	}
	pair, ok := a.Elem.(TupleType)
	if !ok || len(pair) != 2 {
		return nil, fmt.Errorf("hist expects (bin, value) pairs, got %s", FormatType(a.Elem))
	}
	if _, ok := pair[0].(ScalarType); !ok {
		return nil, fmt.Errorf("hist: bin of type %s", FormatType(pair[0]))
	}
	acc, err := c.fold("hist", h.Op, h.Init, pair[1], false, p)
	if err != nil {
		return nil, err
	}
	return ArrayOf(acc, h.Bins), nil
}

// typeMerge is the type rule of merge.
func (c *checker) typeMerge(m *Merge, in Type, p Path) (Type, error) {
	a, err := arrayIn(in, "merge")
	if err != nil {
		return nil, err
	}
	row, ok := a.Elem.(ArrayType)
	if !ok {
		return nil, fmt.Errorf("merge expects an array of histograms, got %s", FormatType(in))
	}
	acc, err := c.fold("merge", m.Op, m.Init, row.Elem, false, p)
	if err != nil {
		return nil, err
	}
	return ArrayOf(acc, row.Len), nil
}
