// Package prove is the pass that proves array indices inside kernels in
// bounds, as Go's ssa prove pass does, and records each proof in the IR:
// soac.IndexExp.InBounds marks the indices whose checks code generation
// leaves out (fcc dev --print-after=prove shows them as "inbounds (k)").
// A wrong mark would turn an out-of-bounds read into silent garbage, so
// an index is marked only when the range analysis (ranges.go) proves it.
//
// What the analysis knows inside a kernel: the index variables of the
// Seg-op's space and of i64 for-loops in the kernel and on the host
// around it, with their bounds; the scalar definitions of the whole
// program (names are unique); which scalars hold elements of which
// arrays (lambda parameters of the kernel's sequential SOACs over
// one-dimensional arrays, and reads whose indices are all proved), for
// the elements of iotas; and the conditions of the ifs around the index,
// in the kernel and on the host (facts.go), which hold only inside their
// branch. Host code keeps its checks: an index there is checked once,
// not per work-item. The same analysis replaces the i64 comparisons in
// kernels whose value it fixes by that value (decide.go), and finds the
// i64 scalars that fit 32 bits (narrow.go, for the lowering).
package prove

import (
	"maps"
	"slices"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// Prove runs the pass; p is not modified.
func Prove(p *soac.Program) (*soac.Program, error) {
	out := soac.CopyProgram(p)
	pr := &pass{defs: ScalarDefs(out), types: soac.TypeEnv(out), hostBounds: map[soac.VName]soac.SubExp{}, inv: map[soac.VName][2]int64{}, mark: true}
	for _, f := range out.Funs {
		pr.host(f.Body, nil)
	}
	return out, nil
}

type pass struct {
	defs  map[soac.VName]soac.Exp
	types map[soac.VName]soac.Type
	// hostBounds are the index variables of the host's i64 for-loops
	// met so far, with their bounds; kernels inside such a loop may use
	// its index (names are unique, so those outside do not).
	hostBounds map[soac.VName]soac.SubExp
	// inv are the loops' invariant bounds found so far (invariant.go).
	inv map[soac.VName][2]int64
	// mark sets the in-bounds marks of the indices proved (Prove);
	// Narrow walks the kernels without.
	mark bool
	// narrow, when not nil, collects the i64 names of the kernels
	// walked that fit 32 bits (narrow.go); only, when not nil, says
	// which kernels to walk.
	narrow map[soac.VName]bool
	only   func(*soac.Stm) bool
}

// host walks a host-level body; every Seg-op (and scatter) in it is a
// kernel, proved with facts of its own and those of the host branches
// around it.
func (pr *pass) host(b *soac.Body, facts []fact) {
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *soac.IfExp:
			pr.host(e.Then, append(slices.Clip(facts), assume(pr.defs, e.Cond, true)...))
			pr.host(e.Else, append(slices.Clip(facts), assume(pr.defs, e.Cond, false)...))
		case *soac.LoopExp:
			if f, ok := e.Form.(soac.ForLoop); ok && f.T == values.I64 {
				pr.hostBounds[f.Index] = f.Bound
			}
			pr.invariants(pr.newEnv(facts), s, e)
			pr.host(e.Body, facts)
		case *soac.SegMapExp, *soac.SegRedExp, *soac.SegScanExp, *soac.SegHistExp:
			if pr.only == nil || pr.only(s) {
				pr.kernelStm(pr.newEnv(facts), s)
			}
		case *soac.ScatterExp:
			if pr.only != nil && !pr.only(s) {
				continue
			}
			// The backend reads each input's row i of the scatter's
			// index variable i < W: an element of the input when W is
			// its outer size.
			env := pr.newEnv(facts)
			for k, p := range e.Lambda.Params {
				if t := pr.types[e.Inputs[k]]; t.Rank() == 1 && soac.SameSubExp(e.W, t.Shape[0]) {
					env.elems[p.Name] = e.Inputs[k]
				}
			}
			pr.kernel(env, e.Lambda.Body)
		}
	}
}

func (pr *pass) newEnv(facts []fact) *rangeEnv {
	return &rangeEnv{defs: pr.defs, bounds: maps.Clone(pr.hostBounds), elems: map[soac.VName]soac.VName{}, facts: slices.Clip(facts), inv: pr.inv}
}

// kernel walks a body that runs inside a kernel, marking its indices.
func (pr *pass) kernel(env *rangeEnv, b *soac.Body) {
	for _, s := range b.Stms {
		pr.kernelStm(env, s)
	}
}

func (pr *pass) kernelStm(env *rangeEnv, s *soac.Stm) {
	pr.collectNarrow(env, s)
	pr.decideStm(env, s)
	switch e := s.Exp.(type) {
	case *soac.IndexExp:
		pr.index(env, s, e)
		return
	case *soac.LoopExp:
		if f, ok := e.Form.(soac.ForLoop); ok && f.T == values.I64 {
			env.bounds[f.Index] = f.Bound
			pr.narrowIndex(env, f.Index)
		}
		pr.invariants(env, s, e)
	case *soac.ScremaExp:
		pr.elems(env, e.Map, e.Inputs)
	case *soac.HistExp:
		pr.elems(env, e.Bucket, e.Inputs)
	case *soac.ScatterExp:
		pr.elems(env, e.Lambda, e.Inputs)
	case *soac.SegMapExp:
		pr.space(env, e.Space)
	case *soac.SegRedExp:
		pr.space(env, e.Space)
	case *soac.SegScanExp:
		pr.space(env, e.Space)
	case *soac.SegHistExp:
		pr.space(env, e.Space)
	}
	if e, ok := s.Exp.(*soac.IfExp); ok {
		pr.branch(env, e.Cond, true, e.Then)
		pr.branch(env, e.Cond, false, e.Else)
		pr.narrowIf(s, e)
		return
	}
	for _, b := range soac.ExpBodies(s.Exp) {
		pr.kernel(env, b)
	}
}

// branch walks a branch of an if whose condition c has value v there,
// with the facts that gives; they are dropped on leaving it.
func (pr *pass) branch(env *rangeEnv, c soac.SubExp, v bool, b *soac.Body) {
	n := len(env.facts)
	env.facts = append(env.facts, assume(pr.defs, c, v)...)
	pr.kernel(env, b)
	env.facts = env.facts[:n]
}

func (pr *pass) space(env *rangeEnv, sp []soac.SegDim) {
	for _, d := range sp {
		env.bounds[d.Index] = d.N
	}
	pr.narrowSpace(env, sp)
}

// elems records the parameters of a sequential SOAC's lambda that hold
// elements of one-dimensional inputs.
func (pr *pass) elems(env *rangeEnv, l *soac.Lambda, inputs []soac.VName) {
	for k, p := range l.Params {
		if k < len(inputs) && pr.types[inputs[k]].Rank() == 1 {
			env.elems[p.Name] = inputs[k]
		}
	}
}

// index marks the indices of e proved in bounds: an index variable whose
// bound is the dimension's size, or what the range analysis proves.
func (pr *pass) index(env *rangeEnv, s *soac.Stm, e *soac.IndexExp) {
	t := pr.types[e.Arr]
	marks := make([]bool, len(e.Indices))
	all, any := true, false
	for k, i := range e.Indices {
		if k < t.Rank() {
			if x, ok := i.(soac.Var); ok {
				if b, ok := env.bounds[x.Name]; ok && soac.SameSubExp(b, t.Shape[k]) {
					marks[k] = true
				}
			}
			marks[k] = marks[k] || env.inBounds(i, t.Shape[k])
		}
		all = all && marks[k]
		any = any || marks[k]
	}
	if any && pr.mark {
		e.InBounds = marks
	}
	if all && len(e.Indices) == t.Rank() && len(s.Pat) == 1 {
		// A read that cannot fail gives an element of the array.
		env.elems[s.Pat[0].Name] = e.Arr
	}
}
