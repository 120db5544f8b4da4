package backend

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// freeInBody returns the names a body uses but does not bind.
func freeInBody(b *soac.Body) map[soac.VName]bool {
	fv := &freeVars{free: map[soac.VName]bool{}, bound: map[soac.VName]bool{}}
	fv.body(b)
	return fv.free
}

// freeInLambda returns the names a lambda uses but does not bind.
func freeInLambda(l *soac.Lambda) map[soac.VName]bool {
	fv := &freeVars{free: map[soac.VName]bool{}, bound: map[soac.VName]bool{}}
	fv.lambda(l)
	return fv.free
}

// freeVars collects free names. Names are unique in a program, so one set
// of bound names serves all scopes.
type freeVars struct{ free, bound map[soac.VName]bool }

func (fv *freeVars) use(n soac.VName) {
	if !fv.bound[n] {
		fv.free[n] = true
	}
}

func (fv *freeVars) sub(ses ...soac.SubExp) {
	for _, se := range ses {
		if v, ok := se.(soac.Var); ok {
			fv.use(v.Name)
		}
	}
}

func (fv *freeVars) bind(ps []soac.Param) {
	for _, p := range ps {
		fv.bound[p.Name] = true
	}
}

func (fv *freeVars) body(b *soac.Body) {
	for _, s := range b.Stms {
		fv.exp(s.Exp)
		fv.bind(s.Pat)
	}
	fv.sub(b.Result...)
}

func (fv *freeVars) lambda(l *soac.Lambda) {
	fv.bind(l.Params)
	fv.body(l.Body)
}

func (fv *freeVars) exp(e soac.Exp) {
	switch e := e.(type) {
	case *soac.SubExpExp:
		fv.sub(e.X)
	case *soac.BinOpExp:
		fv.sub(e.X, e.Y)
	case *soac.CmpOpExp:
		fv.sub(e.X, e.Y)
	case *soac.UnOpExp:
		fv.sub(e.X)
	case *soac.ConvOpExp:
		fv.sub(e.X)
	case *soac.IndexExp:
		fv.use(e.Arr)
		fv.sub(e.Indices...)
	case *soac.IotaExp:
		fv.sub(e.N, e.Start, e.Step)
	case *soac.ReplicateExp:
		fv.sub(e.Shape...)
		fv.sub(e.X)
	case *soac.ArrayLitExp:
		fv.sub(e.Elems...)
	case *soac.CopyExp:
		fv.use(e.Arr)
	case *soac.IfExp:
		fv.sub(e.Cond)
		fv.body(e.Then)
		fv.body(e.Else)
	case *soac.LoopExp:
		fv.sub(e.Init...)
		if f, ok := e.Form.(soac.ForLoop); ok {
			fv.sub(f.Bound)
			fv.bound[f.Index] = true
		}
		fv.bind(e.Params)
		fv.body(e.Body)
	case *soac.ApplyExp:
		fv.sub(e.Args...)
	case *soac.AssertExp:
		fv.sub(e.Cond)
	case *soac.ScremaExp:
		fv.sub(e.W)
		for _, in := range e.Inputs {
			fv.use(in)
		}
		for _, s := range e.Scans {
			fv.sub(s.Neutral...)
			fv.lambda(s.Op)
		}
		for _, r := range e.Reds {
			fv.sub(r.Neutral...)
			fv.lambda(r.Op)
		}
		fv.lambda(e.Map)
	case *soac.SegMapExp:
		for _, d := range e.Space {
			fv.sub(d.N)
			fv.bound[d.Index] = true
		}
		fv.body(e.Body)
	case *soac.SegRedExp:
		for _, d := range e.Space {
			fv.sub(d.N)
			fv.bound[d.Index] = true
		}
		for _, r := range e.Reds {
			fv.sub(r.Neutral...)
			fv.lambda(r.Op)
		}
		fv.body(e.Body)
	default:
		panic(fmt.Sprintf("backend: free variables: unhandled expression %T", e))
	}
}
