package lower

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/rewrite/lift"
	"github.com/fcclang/fcc/soac"
)

// Version is one kernel version of a Seg-op: the derivation of its
// low-level Lift form.
type Version struct {
	// Name is "" for a Seg-op's only version; a segmented reduction has a
	// "groups" version (one or more work-groups per segment) and a "team"
	// version (several segments per work-group), which the host chooses
	// between by the segments' size; a reduction also has a "cpu" version
	// (contiguous chunks folded sequentially by t work-items, their
	// results combined in order by one), which the host runs on a device
	// of type CPU; a histogram has a "global" version
	// and, over a flat space, a "local" one.
	Name  string
	Deriv *lift.Derivation
}

// CPU names the version of a Seg-op that the host runs on a device of
// type CPU (exe.Context.CPUVersions), and its others on any other device.
const CPU = "cpu"

// Final is the version's low-level form.
func (v *Version) Final() lift.Expr { return v.Deriv.Current() }

// SegOp is the lowering of one Seg-op.
type SegOp struct {
	Stm      *soac.Stm
	Kind     string // segmap, segred, segscan, seghist
	Note     string // how the Seg-op's sizes map onto the derivation's
	Versions []*Version
}

// Version returns the version called name, or nil.
func (s *SegOp) Version(name string) *Version {
	for _, v := range s.Versions {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// String prints the derivations.
func (s *SegOp) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "-- %s %s: %s\n", s.Kind, stmName(s.Stm), s.Note)
	for _, v := range s.Versions {
		b.WriteString(v.Deriv.String())
	}
	return b.String()
}

// index is the type of a point of a Seg-op's space, the input of its body.
var index = lift.ScalarType{Name: "i64"}

// Stm lowers the Seg-op bound by s. It returns nil for statements that are
// not Seg-ops and for the Seg-ops this pass does not state in Lift (see
// the package comment).
func Stm(s *soac.Stm) (*SegOp, error) {
	switch e := s.Exp.(type) {
	case *soac.SegMapExp:
		if e.Tile != nil {
			return nil, nil
		}
		return segMap(s, e)
	case *soac.SegRedExp:
		if arrayValues(e.Types[:soac.ReduceValues(e.Reds)]) {
			return foldArrays(s, "segred", e.Space, e.Reds, e.Types, "reduce")
		}
		return segRed(s, e)
	case *soac.SegScanExp:
		reds := soac.ScanReduces(e.Scans)
		if arrayValues(e.Types[:soac.ReduceValues(reds)]) {
			return foldArrays(s, "segscan", e.Space, reds, e.Types, "scan")
		}
		return segScan(s, e, reds)
	case *soac.SegHistExp:
		return segHist(s, e)
	}
	return nil, nil
}

// segHist lowers a histogram: a "global" version whose work-items update
// the bins in global memory, and for a histogram over a flat space whose
// operators have local atomics (localBinsOK) a "local" version with a
// histogram per work-group in local memory, merged by a second kernel; the
// host chooses between them by the histogram's size. The body's results are, per operator, a bin and its values.
// Several operators are updated together and share the form: they are
// presented as one operator on tuples over B bins.
func segHist(s *soac.Stm, e *soac.SegHistExp) (*SegOp, error) {
	var vals []soac.Type
	var reds []soac.Reduce
	var bins []string
	off := 0
	for _, op := range e.Ops {
		nv := len(op.Neutral)
		vals = append(vals, e.Types[off+1:off+1+nv]...)
		off += 1 + nv
		// The language requires a histogram's operator to be commutative.
		reds = append(reds, soac.Reduce{Comm: true, Op: op.Op, Neutral: op.Neutral})
		bins = append(bins, soac.FormatSubExp(op.Bins))
	}
	acc := elemType(vals)
	neutral := neutralOf(reds, acc)
	op := operator(reds, acc, neutral)
	b := lift.Var("B")
	note := "B = " + strings.Join(bins, ", ")
	if len(e.Ops) == 1 {
		if c, ok := e.Ops[0].Bins.(soac.Const); ok {
			b, note = lift.Const(c.Value.Int()), ""
		} else {
			b, note = lift.Var(bins[0]), ""
		}
	}
	h := &lift.Hist{Op: op, Init: neutral, Bins: b}
	body := &lift.UserFun{Name: "f", Decl: &lift.FunDecl{Arity: 1, Out: lift.TupleType{index, acc}}}
	start := lift.Comp(h, lift.MapF(body))
	name := stmName(s)
	r := len(e.Space) - 1
	if note != "" {
		note += "; "
	}
	if r > 0 {
		note += fmt.Sprintf("a histogram for each of %s segments of %s points", spaceSize(e.Space[:r]), soac.FormatSubExp(e.Space[r].N))
		g, err := derive(name, lift.MapF(start), lift.ArrayOf(lift.ArrayOf(index, lift.Var("n")), lift.Var("s")), "0", histOntoItems, segmentsOntoItems)
		if err != nil {
			return nil, err
		}
		g.Name = "global"
		return &SegOp{Stm: s, Kind: "seghist", Note: note, Versions: []*Version{g}}, nil
	}
	g, err := derive(name+" (global)", start, lift.ArrayOf(index, lift.Var("n")), "", histOntoItems)
	if err != nil {
		return nil, err
	}
	g.Name = "global"
	note += fmt.Sprintf("n = %s points", spaceSize(e.Space))
	if !localBinsOK(e) {
		note += "; no local version: an operator has no 32-bit atomic for local memory"
		return &SegOp{Stm: s, Kind: "seghist", Note: note, Versions: []*Version{g}}, nil
	}
	l, err := derive(name+" (local)", start, lift.ArrayOf(index, perItem.Mul(groupSize).Mul(groups)), "", histOntoGroups)
	if err != nil {
		return nil, err
	}
	l.Name = "local"
	note += " (c·l·g in the local version)"
	return &SegOp{Stm: s, Kind: "seghist", Note: note, Versions: []*Version{g, l}}, nil
}

// arrayValues reports whether some of the values are arrays.
func arrayValues(ts []soac.Type) bool {
	for _, t := range ts {
		if t.Rank() > 0 {
			return true
		}
	}
	return false
}

// foldArrays lowers a reduction or scan some of whose values are arrays:
// its accumulators live in a work-item's scratch memory, so work-items
// fold sequentially and never combine through local memory. A flat
// reduction is split in chunks, one per work-item, whose results one
// work-item combines in order; otherwise one work-item takes each
// segment (a flat scan is one segment).
func foldArrays(s *soac.Stm, kind string, space []soac.SegDim, reds []soac.Reduce, types []soac.Type, fold string) (*SegOp, error) {
	acc := elemType(types[:soac.ReduceValues(reds)])
	neutral := neutralOf(reds, acc)
	op := operator(reds, acc, neutral)
	body := &lift.UserFun{Name: "f", Decl: &lift.FunDecl{Arity: 1, Out: acc}}
	var folded lift.Expr = lift.ReduceF(op, neutral)
	if fold == "scan" {
		folded = &lift.Scan{Op: op, Init: neutral}
	}
	start := lift.Comp(folded, lift.MapF(body))
	r := len(space) - 1
	note := "values that are arrays, folded by single work-items; "
	if fold == "reduce" && r == 0 {
		v, err := derive(stmName(s), start, lift.ArrayOf(index, perItem.Mul(items)), "", chunksOntoItems)
		if err != nil {
			return nil, err
		}
		note += soac.FormatSubExp(space[0].N) + " elements = c·t"
		return &SegOp{Stm: s, Kind: kind, Note: note, Versions: []*Version{v}}, nil
	}
	segs := lift.Var("s")
	if r == 0 {
		segs = lift.Const(1)
	}
	v, err := derive(stmName(s), lift.MapF(start), lift.ArrayOf(lift.ArrayOf(index, lift.Var("n")), segs), "", segmentsOntoItemsSeq(fold))
	if err != nil {
		return nil, err
	}
	if r > 0 {
		note += fmt.Sprintf("s = %s segments", spaceSize(space[:r]))
	} else {
		note += "one segment"
	}
	note += " of n = " + soac.FormatSubExp(space[r].N) + " elements"
	return &SegOp{Stm: s, Kind: kind, Note: note, Versions: []*Version{v}}, nil
}

// segScan lowers a scan. A segmented scan is presented as the scan of the
// whole flattened space with the operator lifted to (flag, value) pairs,
// (fa, a) ⊕ₛ (fb, b) = (fa || fb, fb ? b : a ⊕ b), associative whenever ⊕
// is, where an element's flag says that it starts a segment: one kernel
// serves every shape of segments.
func segScan(s *soac.Stm, e *soac.SegScanExp, reds []soac.Reduce) (*SegOp, error) {
	nAcc := soac.ReduceValues(reds)
	acc := elemType(e.Types[:nAcc])
	neutral := neutralOf(reds, acc)
	op := operator(reds, acc, neutral)
	note := spaceSize(e.Space) + " elements = c·l·g, the last tile cut short"
	if len(e.Space) > 1 {
		lifted := lift.TupleType{lift.ScalarType{Name: "bool"}, acc}
		liftedNeutral := lift.Sym{Name: "(false, " + neutral.Name + ")", T: lifted}
		name := op.Name
		if op.Decl.Sym != "" {
			name = op.Decl.Sym
		}
		op = &lift.UserFun{Name: "seg(" + name + ")", Decl: &lift.FunDecl{
			Arity: 2, Out: lifted, Assoc: true, Neutral: liftedNeutral,
		}}
		acc, neutral = lifted, liftedNeutral
		r := len(e.Space) - 1
		note = fmt.Sprintf("%s segments of %s elements, scanned as one with the operator lifted to (flag, value) pairs; %s",
			spaceSize(e.Space[:r]), soac.FormatSubExp(e.Space[r].N), note)
	}
	body := &lift.UserFun{Name: "f", Decl: &lift.FunDecl{Arity: 1, Out: acc}}
	start := lift.Comp(&lift.Scan{Op: op, Init: neutral}, lift.MapF(body))
	v, err := derive(stmName(s), start, lift.ArrayOf(index, perItem.Mul(groupSize).Mul(groups)), "", scanOntoGroups)
	if err != nil {
		return nil, err
	}
	cpu, err := derive(stmName(s)+" (cpu)", start, lift.ArrayOf(index, perItem.Mul(items)), "", scanOntoItems)
	if err != nil {
		return nil, err
	}
	cpu.Name = CPU
	note += "; c·t in the cpu version, which the host runs on a CL_DEVICE_TYPE_CPU device"
	return &SegOp{Stm: s, Kind: "segscan", Note: note, Versions: []*Version{v, cpu}}, nil
}

func segMap(s *soac.Stm, e *soac.SegMapExp) (*SegOp, error) {
	out := elemType(e.Types)
	body := &lift.UserFun{Name: "f", Decl: &lift.FunDecl{Arity: 1, Out: out}}
	// The points rule decides how many points a work-item computes; the
	// form says it.
	if plan := planPoints(e); plan.PerItem > 1 {
		k := int64(plan.PerItem)
		v, err := derive(stmName(s), lift.MapF(body), lift.ArrayOf(index, lift.Const(k).Mul(items)), "", stridedOntoItems(plan.PerItem))
		if err != nil {
			return nil, err
		}
		note := fmt.Sprintf("n = %s = %d·t points (rule %s): t work-items of %d points t apart, from %d points; fewer get a work-item each",
			spaceSize(e.Space), k, plan.Rule, k, plan.StridedFrom)
		return &SegOp{Stm: s, Kind: "segmap", Note: note, Versions: []*Version{v}}, nil
	}
	n := lift.Var("n")
	v, err := derive(stmName(s), lift.MapF(body), lift.ArrayOf(index, n), "", mapOntoItems)
	if err != nil {
		return nil, err
	}
	return &SegOp{Stm: s, Kind: "segmap", Note: "n = " + spaceSize(e.Space), Versions: []*Version{v}}, nil
}

func segRed(s *soac.Stm, e *soac.SegRedExp) (*SegOp, error) {
	nAcc := soac.ReduceValues(e.Reds)
	acc := elemType(e.Types[:nAcc])
	neutral := neutralOf(e.Reds, acc)
	op := operator(e.Reds, acc, neutral)
	body := &lift.UserFun{Name: "f", Decl: &lift.FunDecl{Arity: 1, Out: acc}}
	start := lift.Comp(lift.ReduceF(op, neutral), lift.MapF(body))
	name := stmName(s)
	r := len(e.Space) - 1
	segLen := soac.FormatSubExp(e.Space[r].N)
	if r == 0 {
		v, err := derive(name, start, lift.ArrayOf(index, perItem.Mul(groupSize).Mul(groups)), "", reduceOntoGroups)
		if err != nil {
			return nil, err
		}
		cpu, err := derive(name+" (cpu)", start, lift.ArrayOf(index, perItem.Mul(items)), "", chunksOntoItems)
		if err != nil {
			return nil, err
		}
		cpu.Name = CPU
		note := segLen + " elements = c·l·g, the rest filled with the neutral element; " +
			"c·t in the cpu version, which the host runs on a CL_DEVICE_TYPE_CPU device"
		return &SegOp{Stm: s, Kind: "segred", Note: note, Versions: []*Version{v, cpu}}, nil
	}
	segs := spaceSize(e.Space[:r])
	grp, err := derive(name+" (groups)", lift.MapF(start),
		lift.ArrayOf(lift.ArrayOf(index, perItem.Mul(groupSize).Mul(groups)), lift.Var("s")), "0", reduceOntoGroups, segmentsOntoGroups)
	if err != nil {
		return nil, err
	}
	grp.Name = "groups"
	team, err := derive(name+" (team)", lift.MapF(start),
		lift.ArrayOf(lift.ArrayOf(index, perItem.Mul(teamSize)), teams.Mul(groups)), "0", reduceInTeam, teamsOntoGroups)
	if err != nil {
		return nil, err
	}
	team.Name = "team"
	cpu, err := derive(name+" (cpu)", lift.MapF(start),
		lift.ArrayOf(lift.ArrayOf(index, perItem.Mul(items)), lift.Var("s")), "0", chunksOntoItems, segmentsOntoItems)
	if err != nil {
		return nil, err
	}
	cpu.Name = CPU
	note := fmt.Sprintf("s = %s segments of %s elements (c·l·g in the groups version, c·m in the team version, "+
		"c·t in the cpu version, which the host runs on a CL_DEVICE_TYPE_CPU device, t = 1 when the segments outnumber the work-items)", segs, segLen)
	return &SegOp{Stm: s, Kind: "segred", Note: note, Versions: []*Version{grp, team, cpu}}, nil
}

// neutralOf is the reductions' neutral elements as one value of type acc.
func neutralOf(reds []soac.Reduce, acc lift.Type) lift.Sym {
	var ne []string
	for _, r := range reds {
		for _, x := range r.Neutral {
			ne = append(ne, soac.FormatSubExp(x))
		}
	}
	neutral := lift.Sym{Name: strings.Join(ne, ", "), T: acc}
	if len(ne) > 1 {
		neutral.Name = "(" + neutral.Name + ")"
	}
	return neutral
}

// derive runs scripts on start: the first with its paths under prefix,
// the others at the root. Derivations are remembered by what determines
// them (derivations.go): programs repeat the same shapes of Seg-op, and
// each step type-checks the whole expression.
func derive(name string, start lift.Expr, in lift.Type, prefix string, scripts ...[]step) (*Version, error) {
	key := signature(start, in, prefix, scripts)
	if d, ok := derivations.get(key); ok {
		named := *d
		named.Name = name
		// Full slice: a step appended to the copy must not write into the
		// remembered derivation.
		named.Steps = d.Steps[:len(d.Steps):len(d.Steps)]
		return &Version{Deriv: &named}, nil
	}
	v, err := deriveAfresh(name, start, in, prefix, scripts)
	if err != nil {
		return nil, err
	}
	derivations.put(key, v.Deriv)
	return v, nil
}

func deriveAfresh(name string, start lift.Expr, in lift.Type, prefix string, scripts [][]step) (*Version, error) {
	d, err := lift.NewDerivation(name, start, in)
	if err != nil {
		return nil, fmt.Errorf("lowering %s: %v", name, err)
	}
	done := map[string]bool{}
	for i, s := range scripts {
		if i > 0 {
			prefix = ""
		}
		if err := run(d, prefix, s, done); err != nil {
			return nil, fmt.Errorf("lowering %s: %v", name, err)
		}
	}
	if err := lift.LowLevel(d.Current()); err != nil {
		return nil, fmt.Errorf("lowering %s: the derivation ends in %v", name, err)
	}
	return &Version{Deriv: d}, nil
}

// operator presents the reductions' combined operator to Lift: associative,
// as the language requires; commutative when Commutative says so; named by
// its symbol when it is a single binary operator.
func operator(reds []soac.Reduce, acc lift.Type, neutral lift.Value) *lift.UserFun {
	name, sym := "⊕", ""
	if len(reds) == 1 {
		if b, ok := reds[0].Op.BinOp(); ok {
			name = strings.ToLower(b.Op.String())
			if s, ok := infix[b.Op]; ok {
				sym = s
			}
		}
	}
	return &lift.UserFun{Name: name, Decl: &lift.FunDecl{
		Arity: 2, Out: acc, Sym: sym, Assoc: true, Comm: Commutative(reds), Neutral: neutral,
	}}
}

var infix = map[soac.BinOp]string{
	soac.Add: "+", soac.Mul: "*", soac.And: "&", soac.Or: "|", soac.Xor: "^",
	soac.LogAnd: "&&", soac.LogOr: "||",
}

// Commutative reports whether every reduction's operator is known to be
// commutative: declared so (reduce_comm), or a single commutative binary
// operator applied to its two parameters.
func Commutative(reds []soac.Reduce) bool {
	for _, r := range reds {
		b, ok := r.Op.BinOp()
		if !r.Comm && !(ok && commutativeOps[b.Op]) {
			return false
		}
	}
	return true
}

var commutativeOps = map[soac.BinOp]bool{
	soac.Add: true, soac.Mul: true, soac.And: true, soac.Or: true, soac.Xor: true,
	soac.LogAnd: true, soac.LogOr: true, soac.Min: true, soac.Max: true,
}

// stmName names a statement by its first result; a Seg-op run for its
// assertions alone has none.
func stmName(s *soac.Stm) string {
	if len(s.Pat) == 0 {
		return "{}"
	}
	return string(s.Pat[0].Name)
}

// elemType is the Lift type of one point's values: the scalar, or the
// tuple of several.
func elemType(ts []soac.Type) lift.Type {
	if len(ts) == 1 {
		return lift.ScalarType{Name: ts[0].String()}
	}
	tt := make(lift.TupleType, len(ts))
	for i, t := range ts {
		tt[i] = lift.ScalarType{Name: t.String()}
	}
	return tt
}

// spaceSize prints the number of points of a space, n_1*n_2.
func spaceSize(space []soac.SegDim) string {
	parts := make([]string, len(space))
	for i, d := range space {
		parts[i] = soac.FormatSubExp(d.N)
	}
	return strings.Join(parts, "*")
}
