package soac

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
)

// This file holds the generic traversals of the IR: free and bound names,
// and a visitor over expressions. Passes use them instead of keeping their
// own walkers, so that a new IR node needs teaching in one place.
//
// Names are unique in a program, so one set of bound names serves all
// scopes. A name counts as used when it appears as an operand, as an array
// argument, or in the shape of a type annotation (a size variable); the
// names in a pattern's or lambda's declared types count as uses only when
// they are not bound by the construct itself (existential sizes bound in
// the same pattern or inside the body whose result type mentions them).

// FreeInBody returns the names a body uses but does not bind.
func FreeInBody(b *Body) map[VName]bool {
	fv := newFreeVars()
	fv.body(b)
	return fv.free
}

// FreeInLambda returns the names a lambda uses but does not bind.
func FreeInLambda(l *Lambda) map[VName]bool {
	fv := newFreeVars()
	fv.lambda(l)
	return fv.free
}

// FreeInExp returns the names an expression uses but does not bind.
func FreeInExp(e Exp) map[VName]bool {
	fv := newFreeVars()
	fv.exp(e)
	return fv.free
}

// BoundInBody returns every name bound anywhere in a body: by its
// statements' patterns and, inside nested constructs, by lambda and loop
// parameters, loop indices and segment-space indices.
func BoundInBody(b *Body) map[VName]bool {
	fv := newFreeVars()
	fv.body(b)
	return fv.bound
}

// BoundInExp returns every name an expression binds inside itself (not
// the names of the pattern it is bound to).
func BoundInExp(e Exp) map[VName]bool {
	fv := newFreeVars()
	fv.exp(e)
	return fv.bound
}

// AllNames returns every name bound or used in a program, so that fresh
// names can avoid them.
func AllNames(p *Program) map[VName]bool {
	fv := newFreeVars()
	for _, f := range p.Funs {
		fv.bind(f.Params)
		fv.types(paramTypes(f.Params)...)
		fv.body(f.Body)
		fv.types(f.RetType...)
	}
	for n := range fv.free {
		fv.bound[n] = true
	}
	return fv.bound
}

// TypeEnv returns the type of every name bound in a program: function,
// lambda and loop parameters, statement patterns, loop and segment-space
// indices (i64), and the size variables of function parameters' shapes
// (i64, bound implicitly). Names are unique in a program, so one map
// serves all scopes.
func TypeEnv(p *Program) map[VName]Type {
	env := map[VName]Type{}
	for _, f := range p.Funs {
		for n, t := range FunTypeEnv(f) {
			env[n] = t
		}
	}
	return env
}

// FunTypeEnv is TypeEnv for one function.
func FunTypeEnv(f *FunDef) map[VName]Type {
	fv := newFreeVars()
	fv.env = map[VName]Type{}
	for _, q := range f.Params {
		for _, d := range q.Type.Shape {
			if v, ok := d.(Var); ok {
				fv.env[v.Name] = Prim(values.I64)
			}
		}
	}
	fv.bind(f.Params)
	fv.body(f.Body)
	return fv.env
}

func paramTypes(ps []Param) []Type {
	ts := make([]Type, len(ps))
	for i, p := range ps {
		ts[i] = p.Type
	}
	return ts
}

type freeVars struct {
	free, bound map[VName]bool
	// env, when not nil, records the type of every bound name.
	env map[VName]Type
}

func newFreeVars() *freeVars {
	return &freeVars{free: map[VName]bool{}, bound: map[VName]bool{}}
}

func (fv *freeVars) use(n VName) {
	if !fv.bound[n] {
		fv.free[n] = true
	}
}

func (fv *freeVars) sub(ses ...SubExp) {
	for _, se := range ses {
		if v, ok := se.(Var); ok {
			fv.use(v.Name)
		}
	}
}

func (fv *freeVars) names(ns []VName) {
	for _, n := range ns {
		fv.use(n)
	}
}

func (fv *freeVars) types(ts ...Type) {
	for _, t := range ts {
		fv.sub(t.Shape...)
	}
}

// bind binds parameters; their types are uses after the binding, so that
// a pattern may bind a size and an array of that size together.
func (fv *freeVars) bind(ps []Param) {
	for _, p := range ps {
		fv.bound[p.Name] = true
		if fv.env != nil {
			fv.env[p.Name] = p.Type
		}
	}
	for _, p := range ps {
		fv.types(p.Type)
	}
}

// bindIndex binds a loop or segment-space index of type t.
func (fv *freeVars) bindIndex(n VName, t PrimType) {
	fv.bound[n] = true
	if fv.env != nil {
		fv.env[n] = Prim(t)
	}
}

func (fv *freeVars) body(b *Body) {
	for _, s := range b.Stms {
		fv.exp(s.Exp)
		// An if's result types may name the existential sizes its own
		// pattern binds ({n, [n]t}): those are not free. Names are
		// unique, so a pattern's name is used nowhere before it.
		for _, p := range s.Pat {
			if !fv.bound[p.Name] {
				delete(fv.free, p.Name)
			}
		}
		fv.bind(s.Pat)
	}
	fv.sub(b.Result...)
}

func (fv *freeVars) lambda(l *Lambda) {
	fv.bind(l.Params)
	fv.body(l.Body)
	fv.types(l.RetType...)
}

func (fv *freeVars) slice(sl []DimIndex) {
	for _, d := range sl {
		if d.Fix != nil {
			fv.sub(d.Fix)
		} else {
			fv.sub(d.Start, d.N, d.Stride)
		}
	}
}

func (fv *freeVars) space(sp []SegDim) {
	for _, d := range sp {
		fv.sub(d.N)
		fv.bindIndex(d.Index, values.I64)
	}
}

func (fv *freeVars) exp(e Exp) {
	switch e := e.(type) {
	case *SubExpExp:
		fv.sub(e.X)
	case *BinOpExp:
		fv.sub(e.X, e.Y)
	case *CmpOpExp:
		fv.sub(e.X, e.Y)
	case *UnOpExp:
		fv.sub(e.X)
	case *ConvOpExp:
		fv.sub(e.X)
	case *IndexExp:
		fv.use(e.Arr)
		fv.sub(e.Indices...)
	case *IotaExp:
		fv.sub(e.N, e.Start, e.Step)
	case *ReplicateExp:
		fv.sub(e.Shape...)
		fv.sub(e.X)
	case *ArrayLitExp:
		fv.sub(e.Elems...)
		fv.types(e.RowType)
	case *CopyExp:
		fv.use(e.Arr)
	case *SliceExp:
		fv.use(e.Arr)
		fv.slice(e.Slice)
	case *UpdateExp:
		fv.use(e.Arr)
		fv.slice(e.Slice)
		fv.sub(e.Value)
		if e.InPlace != "" {
			fv.use(e.InPlace)
		}
	case *RearrangeExp:
		fv.use(e.Arr)
	case *ReshapeExp:
		fv.sub(e.Shape...)
		fv.use(e.Arr)
	case *ConcatExp:
		fv.names(e.Arrs)
		fv.sub(e.W)
	case *CallPrimExp:
		fv.sub(e.Args...)
	case *IfExp:
		fv.sub(e.Cond)
		fv.body(e.Then)
		fv.body(e.Else)
		fv.types(e.Types...)
	case *LoopExp:
		fv.sub(e.Init...)
		if f, ok := e.Form.(ForLoop); ok {
			fv.sub(f.Bound)
			fv.bindIndex(f.Index, f.T)
		}
		fv.bind(e.Params)
		fv.body(e.Body)
	case *ApplyExp:
		fv.sub(e.Args...)
	case *AssertExp:
		fv.sub(e.Cond)
		fv.sub(e.Args...)
	case *ScremaExp:
		fv.sub(e.W)
		fv.names(e.Inputs)
		for _, s := range e.Scans {
			fv.sub(s.Neutral...)
			fv.lambda(s.Op)
		}
		for _, r := range e.Reds {
			fv.sub(r.Neutral...)
			fv.lambda(r.Op)
		}
		fv.lambda(e.Map)
	case *HistExp:
		fv.sub(e.W)
		fv.names(e.Inputs)
		for _, op := range e.Ops {
			fv.sub(op.Bins)
			fv.names(op.Dests)
			fv.sub(op.Neutral...)
			fv.lambda(op.Op)
		}
		fv.lambda(e.Bucket)
	case *ScatterExp:
		fv.sub(e.W)
		fv.names(e.Inputs)
		for _, d := range e.Dests {
			fv.use(d.Arr)
		}
		fv.lambda(e.Lambda)
	case *SegMapExp:
		if e.Region != nil {
			fv.use(e.Region.Arr)
			fv.sub(e.Region.From...)
		}
		fv.space(e.Space)
		fv.body(e.Body)
		fv.types(e.Types...)
	case *SegRedExp:
		fv.space(e.Space)
		for _, r := range e.Reds {
			fv.sub(r.Neutral...)
			fv.lambda(r.Op)
		}
		fv.body(e.Body)
		fv.types(e.Types...)
	case *SegScanExp:
		fv.space(e.Space)
		for _, sc := range e.Scans {
			fv.sub(sc.Neutral...)
			fv.lambda(sc.Op)
		}
		fv.body(e.Body)
		fv.types(e.Types...)
	case *SegHistExp:
		fv.space(e.Space)
		for _, op := range e.Ops {
			fv.sub(op.Bins)
			fv.names(op.Dests)
			fv.sub(op.Neutral...)
			fv.lambda(op.Op)
		}
		fv.body(e.Body)
		fv.types(e.Types...)
	case *ThresholdExp:
		fv.sub(e.Parallelism)
	case *GroupFitsExp:
		fv.sub(e.Group, e.LocalBytes)
	default:
		panic(fmt.Sprintf("soac: free variables: unhandled expression %T", e))
	}
}

// VisitExps calls f on every expression in a body, in order, including
// those nested in the bodies of ifs, loops, lambdas and Seg-ops (an outer
// expression before the ones inside it).
func VisitExps(b *Body, f func(Exp)) {
	for _, s := range b.Stms {
		VisitExp(s.Exp, f)
	}
}

// VisitStms calls f on every statement in a body, in order, including
// those nested in the bodies of its expressions (an outer statement before
// the ones inside it).
func VisitStms(b *Body, f func(*Stm)) {
	for _, s := range b.Stms {
		f(s)
		for _, sub := range ExpBodies(s.Exp) {
			VisitStms(sub, f)
		}
	}
}

// VisitExp calls f on e and then on every expression nested inside it.
func VisitExp(e Exp, f func(Exp)) {
	f(e)
	for _, b := range ExpBodies(e) {
		VisitExps(b, f)
	}
}

// ExpBodies returns the bodies directly inside an expression: the
// branches of an if, a loop's body, the bodies of a SOAC's lambdas and a
// Seg-op's operators and body, in the order the printer prints them.
func ExpBodies(e Exp) []*Body {
	switch e := e.(type) {
	case *IfExp:
		return []*Body{e.Then, e.Else}
	case *LoopExp:
		return []*Body{e.Body}
	case *ScremaExp:
		var bs []*Body
		for _, s := range e.Scans {
			bs = append(bs, s.Op.Body)
		}
		for _, r := range e.Reds {
			bs = append(bs, r.Op.Body)
		}
		return append(bs, e.Map.Body)
	case *HistExp:
		var bs []*Body
		for _, op := range e.Ops {
			bs = append(bs, op.Op.Body)
		}
		return append(bs, e.Bucket.Body)
	case *ScatterExp:
		return []*Body{e.Lambda.Body}
	case *SegMapExp:
		return []*Body{e.Body}
	case *SegRedExp:
		var bs []*Body
		for _, r := range e.Reds {
			bs = append(bs, r.Op.Body)
		}
		return append(bs, e.Body)
	case *SegScanExp:
		var bs []*Body
		for _, sc := range e.Scans {
			bs = append(bs, sc.Op.Body)
		}
		return append(bs, e.Body)
	case *SegHistExp:
		var bs []*Body
		for _, op := range e.Ops {
			bs = append(bs, op.Op.Body)
		}
		return append(bs, e.Body)
	}
	return nil
}

// BodySlice is the body that computes results of b: the statements of b
// (in order) that they need, directly or through other statements.
func BodySlice(b *Body, results []SubExp) *Body {
	def := map[VName]int{}
	for i, s := range b.Stms {
		for _, p := range s.Pat {
			def[p.Name] = i
		}
	}
	need := make([]bool, len(b.Stms))
	var work []int
	use := func(n VName) {
		if i, ok := def[n]; ok && !need[i] {
			need[i] = true
			work = append(work, i)
		}
	}
	for _, r := range results {
		if v, ok := r.(Var); ok {
			use(v.Name)
		}
	}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		for n := range FreeInExp(b.Stms[i].Exp) {
			use(n)
		}
	}
	out := &Body{Result: results}
	for i, s := range b.Stms {
		if need[i] {
			out.Stms = append(out.Stms, s)
		}
	}
	return out
}
