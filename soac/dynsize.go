package soac

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// This file finds upper bounds of the sizes that a kernel computes for
// itself (a filter's result, an iota of a computed count, a branch
// returning arrays of different sizes), so that a kernel can allocate
// each work-item's array at the bound, known before the launch, and
// keep the actual size in a private variable.
//
// SizeFacts collects, for every i64 scalar of a program, the upper bounds
// that its definition (or the slices it sizes) gives, in terms of other
// names; ResolveBound turns those into a bound over the names a given
// kernel knows before its launch. Facts hold whenever the program has not
// failed: a slice's count is at most its array's dimension only when the
// slice's bounds check passes, so code using them must guard against
// sizes above their bound (the backend does, see arrayView).

// SizeBound is an upper bound of a size: Leaf when Op is "", otherwise
// the Op ("max", "min", "add") of Args.
type SizeBound struct {
	Op   string
	Leaf SubExp
	Args []SizeBound
}

// leafBound is the bound that is se itself.
func leafBound(se SubExp) SizeBound { return SizeBound{Leaf: se} }

// String writes the bound as the IR prints it: an operand, or
// max(a, b, ...), min(...), add(...).
func (b SizeBound) String() string {
	if b.Op == "" {
		return subExpString(b.Leaf)
	}
	parts := make([]string, len(b.Args))
	for i, a := range b.Args {
		parts[i] = a.String()
	}
	return b.Op + "(" + strings.Join(parts, ", ") + ")"
}

func subExpString(se SubExp) string {
	switch se := se.(type) {
	case Var:
		return string(se.Name)
	case Const:
		return se.Value.String()
	}
	return fmt.Sprint(se)
}

// Leaves calls f with every operand of the bound.
func (b SizeBound) Leaves(f func(SubExp)) {
	if b.Op == "" {
		f(b.Leaf)
		return
	}
	for _, a := range b.Args {
		a.Leaves(f)
	}
}

// SizeFacts returns the upper-bound facts of a program's i64 scalars:
// each name's bounds, any of which holds (see ResolveBound).
func SizeFacts(p *Program) map[VName][]SizeBound {
	types := TypeEnv(p)
	facts := map[VName][]SizeBound{}
	add := func(n VName, b SizeBound) { facts[n] = append(facts[n], b) }
	var walk func(b *Body)
	walk = func(b *Body) {
		for _, s := range b.Stms {
			sizeFactsOf(s, types, add)
			for _, sub := range ExpBodies(s.Exp) {
				walk(sub)
			}
		}
	}
	for _, f := range p.Funs {
		walk(f.Body)
	}
	return facts
}

// isI64 reports whether t is the type of sizes.
func isI64(t Type) bool { return t.Rank() == 0 && t.Elem == values.I64 }

// constAtLeast reports whether se is an integer constant >= min.
func constAtLeast(se SubExp, min int64) bool {
	c, ok := se.(Const)
	return ok && c.Value.T.IsInt() && c.Value.Int() >= min
}

// sizeFactsOf records the facts statement s gives.
func sizeFactsOf(s *Stm, types map[VName]Type, add func(VName, SizeBound)) {
	one := len(s.Pat) == 1 && isI64(s.Pat[0].Type)
	switch e := s.Exp.(type) {
	case *SubExpExp:
		if one {
			add(s.Pat[0].Name, leafBound(e.X))
		}
	case *ConvOpExp:
		// A signed integer widened to i64 keeps its value.
		if one && e.From.IsSigned() {
			add(s.Pat[0].Name, leafBound(e.X))
		}
	case *BinOpExp:
		if !one || e.T != values.I64 {
			return
		}
		x, y := leafBound(e.X), leafBound(e.Y)
		switch e.Op {
		case Add:
			add(s.Pat[0].Name, SizeBound{Op: "add", Args: []SizeBound{x, y}})
		case Max:
			add(s.Pat[0].Name, SizeBound{Op: "max", Args: []SizeBound{x, y}})
		case Min:
			add(s.Pat[0].Name, SizeBound{Op: "min", Args: []SizeBound{x, y}})
		case Sub:
			if constAtLeast(e.Y, 0) {
				add(s.Pat[0].Name, x)
			}
		case Mod:
			// Futhark's mod takes the divisor's sign: below y when y is
			// positive, at most 0 otherwise (and bounds are taken at
			// least 0).
			add(s.Pat[0].Name, y)
		case Div, Quot:
			// x/c for c >= 1 is at most max(x, 0).
			if constAtLeast(e.Y, 1) {
				add(s.Pat[0].Name, x)
			}
		}
	case *IfExp:
		for i, p := range s.Pat {
			if !isI64(p.Type) || i >= len(e.Then.Result) || i >= len(e.Else.Result) {
				continue
			}
			add(p.Name, SizeBound{Op: "max", Args: []SizeBound{leafBound(e.Then.Result[i]), leafBound(e.Else.Result[i])}})
		}
	case *SliceExp:
		// A checked slice of a dimension with a non-zero stride takes
		// distinct indices inside it: its count is at most the dimension.
		t, ok := types[e.Arr]
		if !ok {
			return
		}
		for k, d := range e.Slice {
			n, isVar := d.N.(Var)
			if d.Fix != nil || !isVar || k >= t.Rank() {
				continue
			}
			if c, ok := d.Stride.(Const); !ok || c.Value.Int() == 0 {
				continue
			}
			add(n.Name, leafBound(t.Shape[k]))
		}
	}
}

// ResolveBound returns an upper bound of size se over operands that known
// accepts (constants are always known), following facts; it reports
// false when there is none.
func ResolveBound(se SubExp, facts map[VName][]SizeBound, known func(VName) bool) (SizeBound, bool) {
	return resolveBound(se, facts, known, 0)
}

// maxBoundDepth stops the search on long chains of definitions.
const maxBoundDepth = 32

func resolveBound(se SubExp, facts map[VName][]SizeBound, known func(VName) bool, depth int) (SizeBound, bool) {
	v, ok := se.(Var)
	if !ok || known(v.Name) {
		return leafBound(se), true
	}
	if depth > maxBoundDepth {
		return SizeBound{}, false
	}
	var found []SizeBound
	for _, f := range facts[v.Name] {
		if b, ok := resolveExpr(f, facts, known, depth+1); ok {
			found = append(found, b)
		}
	}
	switch len(found) {
	case 0:
		return SizeBound{}, false
	case 1:
		return found[0], true
	}
	return SizeBound{Op: "min", Args: found}, true
}

// resolveExpr resolves the operands of fact f.
func resolveExpr(f SizeBound, facts map[VName][]SizeBound, known func(VName) bool, depth int) (SizeBound, bool) {
	if f.Op == "" {
		return resolveBound(f.Leaf, facts, known, depth)
	}
	var args []SizeBound
	for _, a := range f.Args {
		b, ok := resolveExpr(a, facts, known, depth)
		if ok {
			args = append(args, b)
			continue
		}
		if f.Op != "min" {
			return SizeBound{}, false
		}
	}
	switch {
	case len(args) == 0:
		return SizeBound{}, false
	case len(args) == 1 && f.Op == "min":
		return args[0], true
	}
	return SizeBound{Op: f.Op, Args: args}, true
}

// DynSize is the lower pass's record of a size that a Seg-op's body
// computes and sizes arrays with (see Lowering.Sizes): the arrays, and
// how the backend allocates them.
type DynSize struct {
	Size VName
	// Bound is the size's upper bound over names known before the
	// launch; nil when there is none.
	Bound    *SizeBound
	Arrays   []VName
	Strategy string
	// Slice, for DynPrePass, names the statements of the Seg-op's body
	// (each by its first bound name, in body order) that Bound's operands
	// depend on: what the pre-pass kernel runs.
	Slice []VName
	// Max, for DynPrePass of a size bound inside an inner SOAC or loop
	// of the body (then Bound and Slice are empty), computes from the
	// names free in the Seg-op and its space's indices the largest value
	// the size takes in a work-item (MaxBody): what the pre-pass kernel
	// runs. The real kernel checks each size against the host's maximum.
	Max *Body
}

// The strategies of a DynSize.
const (
	// DynAtBound: each work-item's array is allocated at the bound, its
	// actual size kept in a private variable.
	DynAtBound = "per-item-at-bound"
	// DynNotStored: an iota read an element at a time (ElemOnly), which
	// is never stored, needs no bound.
	DynNotStored = "not-stored"
	// DynPrePass: no bound is known before the launch, but one is over
	// names that cheap, pure statements of the body (Slice) compute: a
	// pre-pass kernel runs them per work-item, the host allocates at the
	// largest bound and the kernel checks its own as DynAtBound does.
	DynPrePass = "pre-pass"
	// DynRefused: no bound is known before the launch, nor one a
	// pre-pass could compute; the backend refuses the Seg-op.
	DynRefused = "refused"
)

// viewExp reports whether e makes a view of an existing array rather
// than an array of its own.
func viewExp(e Exp) bool {
	switch e.(type) {
	case *SliceExp, *RearrangeExp, *IndexExp:
		return true
	}
	return false
}

// KernelDynSizes returns the sizes that Seg-op e's bodies compute and
// size arrays of their own with, in order of first use, each with its
// bound (ResolveBound over the names free in e, or, for a pre-pass, over
// those and the names prePassable statements of the body bind) and
// strategy.
func KernelDynSizes(e Exp, facts map[VName][]SizeBound) []DynSize {
	free := FreeInExp(e)
	known := func(n VName) bool { return free[n] }
	pre := prePassable(e, free)
	var out []DynSize
	at := map[VName]int{}
	var walk func(b *Body)
	walk = func(b *Body) {
		for i, s := range b.Stms {
			_, iota := s.Exp.(*IotaExp)
			notStored := iota && len(s.Pat) == 1 && ElemOnly(s.Pat[0].Name, b.Stms[i+1:], b.Result)
			arrays := s.Pat
			if viewExp(s.Exp) {
				arrays = nil
			}
			if l, ok := s.Exp.(*LoopExp); ok {
				// A loop's array parameters are allocated at their sizes
				// on entry, which the loop may change.
				arrays = append(slices.Clone(l.Params), arrays...)
			}
			for _, p := range arrays {
				for _, d := range p.Type.Shape {
					v, ok := d.(Var)
					if !ok || known(v.Name) {
						continue
					}
					i, seen := at[v.Name]
					if !seen {
						i = len(out)
						at[v.Name] = i
						ds := DynSize{Size: v.Name, Strategy: DynRefused}
						if b, ok := ResolveBound(d, facts, known); ok {
							ds.Bound, ds.Strategy = &b, DynAtBound
						} else if notStored {
							ds.Strategy = DynNotStored
						} else if pre != nil {
							if b, ok := ResolveBound(d, facts, pre.known); ok {
								ds.Bound, ds.Strategy, ds.Slice = &b, DynPrePass, pre.slice(b)
							}
						}
						out = append(out, ds)
					}
					if out[i].Strategy == DynNotStored && !notStored {
						// An array of the size is stored after all (the
						// iota that first had it is not): a pre-pass
						// may still bound it.
						out[i].Strategy = DynRefused
						if pre != nil {
							if b, ok := ResolveBound(d, facts, pre.known); ok {
								out[i].Bound, out[i].Strategy, out[i].Slice = &b, DynPrePass, pre.slice(b)
							}
						}
					}
					if n := len(out[i].Arrays); n == 0 || out[i].Arrays[n-1] != p.Name {
						out[i].Arrays = append(out[i].Arrays, p.Name)
					}
				}
			}
			for _, sub := range ExpBodies(s.Exp) {
				walk(sub)
			}
		}
	}
	for _, b := range ExpBodies(e) {
		walk(b)
	}
	if pre != nil {
		// A size bound inside an inner SOAC or loop: the pre-pass runs
		// the slice of the body that computes its largest value.
		for i := range out {
			if out[i].Strategy != DynRefused {
				continue
			}
			if b, ok := MaxBody(e, out[i].Size); ok {
				out[i].Strategy, out[i].Max = DynPrePass, b
			}
		}
	}
	return out
}

// preBody is what a pre-pass may compute of a SegMap's body: the
// statements of its top level that are cheap and pure (prePure), whose
// free names are the Seg-op's or earlier such statements'.
type preBody struct {
	free  map[VName]bool
	space map[VName]bool
	stms  []*Stm
	// def maps each name such a statement binds to its statement.
	def map[VName]*Stm
}

// PrePassOp returns the space and body of Seg-op e when the backend can
// run a pre-pass for it: an untiled segmap or a segred, whose every
// kernel runs the body once a point.
func PrePassOp(e Exp) ([]SegDim, *Body, bool) {
	switch e := e.(type) {
	case *SegMapExp:
		if e.Tile == nil {
			return e.Space, e.Body, true
		}
	case *SegRedExp:
		return e.Space, e.Body, true
	}
	return nil, nil, false
}

// prePassable returns what a pre-pass can compute of Seg-op e's body;
// nil unless PrePassOp gives its body.
func prePassable(e Exp, free map[VName]bool) *preBody {
	space, body, ok := PrePassOp(e)
	if !ok {
		return nil
	}
	pb := &preBody{free: free, space: map[VName]bool{}, def: map[VName]*Stm{}}
	for _, d := range space {
		pb.space[d.Index] = true
	}
	for _, s := range body.Stms {
		if len(s.Pat) == 0 || !prePure(s) {
			continue
		}
		usable := true
		for n := range FreeInExp(s.Exp) {
			if !pb.known(n) {
				usable = false
				break
			}
		}
		if !usable {
			continue
		}
		pb.stms = append(pb.stms, s)
		for _, p := range s.Pat {
			pb.def[p.Name] = s
		}
	}
	return pb
}

// known reports whether the pre-pass knows n: a free name of the
// Seg-op, an index of its space, or a name its statements bind.
func (pb *preBody) known(n VName) bool {
	return pb.free[n] || pb.space[n] || pb.def[n] != nil
}

// slice returns the statements bound b's operands depend on, each named
// by its first bound name, in body order.
func (pb *preBody) slice(b SizeBound) []VName {
	need := map[*Stm]bool{}
	var add func(n VName)
	add = func(n VName) {
		s := pb.def[n]
		if s == nil || need[s] {
			return
		}
		need[s] = true
		for m := range FreeInExp(s.Exp) {
			add(m)
		}
	}
	b.Leaves(func(se SubExp) {
		if v, ok := se.(Var); ok {
			add(v.Name)
		}
	})
	var out []VName
	for _, s := range pb.stms {
		if need[s] {
			out = append(out, s.Pat[0].Name)
		}
	}
	return out
}

// prePure reports whether statement s may run in a pre-pass: it and
// every statement nested in it bind scalars, or views (which copy
// nothing), and it neither calls a function nor asserts, so a pre-pass
// allocates nothing and has no effect but its result. An inner SOAC over
// a view of an input (a reduction of a row, say) is cheap enough: it
// reads what the kernel reads.
func prePure(s *Stm) bool {
	switch s.Exp.(type) {
	case *ApplyExp, *AssertExp, *UpdateExp, *ScatterExp:
		return false
	}
	if !viewExp(s.Exp) {
		for _, p := range s.Pat {
			if p.Type.Rank() > 0 {
				return false
			}
		}
	}
	for _, b := range ExpBodies(s.Exp) {
		for _, t := range b.Stms {
			if !prePure(t) {
				return false
			}
		}
	}
	return true
}

// print writes the record as a line of a lowering block:
//
//	size NAME [bound BOUND] arrays (A, ...) strategy "STRATEGY" [slice (S, ...)] [max { BODY }]
func (d DynSize) print(pr *printer) {
	bound := ""
	if d.Bound != nil {
		bound = " bound " + d.Bound.String()
	}
	arrs := make([]string, len(d.Arrays))
	for i, a := range d.Arrays {
		arrs[i] = string(a)
	}
	slice := ""
	if d.Strategy == DynPrePass && d.Max == nil {
		names := make([]string, len(d.Slice))
		for i, n := range d.Slice {
			names[i] = string(n)
		}
		slice = " slice (" + strings.Join(names, ", ") + ")"
	}
	if d.Max == nil {
		pr.line("size %s%s arrays (%s) strategy %q%s", d.Size, bound, strings.Join(arrs, ", "), d.Strategy, slice)
		return
	}
	pr.line("size %s%s arrays (%s) strategy %q%s max {", d.Size, bound, strings.Join(arrs, ", "), d.Strategy, slice)
	pr.indent++
	pr.body(d.Max)
	pr.indent--
	pr.line("}")
}

// dynSize parses a size line of a lowering block, after "size".
func (p *parser) dynSize() DynSize {
	d := DynSize{Size: p.name()}
	if p.is("bound") {
		p.next()
		b := p.sizeBound()
		d.Bound = &b
	}
	p.expect("arrays")
	d.Arrays = p.names("(", ")")
	p.expect("strategy")
	d.Strategy = p.str()
	if p.is("slice") {
		p.next()
		d.Slice = p.names("(", ")")
	}
	if p.is("max") {
		d.Max = p.block("max")
	}
	return d
}

// sizeBound parses a SizeBound as String writes it.
func (p *parser) sizeBound() SizeBound {
	if p.tok.kind == tIdent && (p.tok.text == "max" || p.tok.text == "min" || p.tok.text == "add") && p.lookahead().text == "(" {
		b := SizeBound{Op: p.ident()}
		p.list("(", ")", func() { b.Args = append(b.Args, p.sizeBound()) })
		if len(b.Args) == 0 {
			p.fail("empty %s in a size bound", b.Op)
		}
		return b
	}
	return leafBound(p.subExp())
}

// ElemOnly reports whether the statements stms and the results res use
// name only as an input array of sequential SOACs, whose lambdas are given
// one element at a time (the backend's bindElem): an iota used so is never stored.
func ElemOnly(name VName, stms []*Stm, res []SubExp) bool {
	for _, r := range res {
		if v, ok := r.(Var); ok && v.Name == name {
			return false
		}
	}
	without := func(ins []VName) []VName {
		var out []VName
		for _, x := range ins {
			if x != name {
				out = append(out, x)
			}
		}
		return out
	}
	for _, s := range stms {
		e := s.Exp
		switch x := s.Exp.(type) {
		case *ScremaExp:
			cp := *x
			cp.Inputs = without(x.Inputs)
			e = &cp
		case *HistExp:
			cp := *x
			cp.Inputs = without(x.Inputs)
			e = &cp
		}
		if FreeInExp(e)[name] {
			return false
		}
	}
	return true
}
