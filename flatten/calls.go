package flatten

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// The backend compiles a function called inside a kernel to an OpenCL C
// function only when it works on scalars alone (see backend/funcs.go).
// Calls of other functions in code that will run in kernels (SOAC lambdas
// and the functions they call) are inlined before flattening, so that
// such code stays what it was when the frontend inlined everything.

// inlineKernelCalls returns p with those calls inlined, or p itself when
// there are none.
func inlineKernelCalls(p *soac.Program) *soac.Program {
	in := &inliner{prog: p, ok: map[string]bool{}, names: soac.NewNames(p), recursive: soac.RecursiveFuns(p)}
	if !in.needed() {
		return p
	}
	inKernel := kernelFunctions(p)
	out := &soac.Program{Funs: make([]*soac.FunDef, len(p.Funs)), Thresholds: p.Thresholds}
	for i, fd := range p.Funs {
		nf := *fd
		nf.Body = soac.NewCopier(nil, nil).Body(fd.Body)
		in.types = soac.FunTypeEnv(&nf)
		in.body(nf.Body, inKernel[fd.Name])
		out.Funs[i] = &nf
	}
	return out
}

// maxInlined bounds the statements inlining may add: past it calls stay
// calls, which the backend then reports as unsupported in kernels,
// rather than let a call tree blow up the code.
const maxInlined = 100000

type inliner struct {
	prog  *soac.Program
	added int
	ok    map[string]bool // scalarOnly, memoised
	names *soac.Names
	types map[soac.VName]soac.Type
	// recursive functions are neither inlined nor OpenCL functions: a
	// call of one in a kernel stays, for the backend to report.
	recursive map[string]bool
}

// scalarOnly reports whether the backend can compile f as an OpenCL
// function: scalar parameters and results, no array inside, and only
// such functions called.
func (in *inliner) scalarOnly(name string) bool {
	if ok, done := in.ok[name]; done {
		return ok
	}
	f := in.prog.Fun(name)
	ok := f != nil && !in.recursive[name]
	if ok {
		for _, p := range f.Params {
			ok = ok && p.Type.Rank() == 0
		}
		for _, t := range f.RetType {
			ok = ok && t.Rank() == 0
		}
	}
	if ok {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			for _, p := range s.Pat {
				ok = ok && p.Type.Rank() == 0
			}
			if a, isCall := s.Exp.(*soac.ApplyExp); isCall {
				ok = ok && in.scalarOnly(a.Fun)
			}
		})
	}
	in.ok[name] = ok
	return ok
}

// needed reports whether some call inside a lambda, or in a function
// called from one, is of a function that is not scalarOnly.
func (in *inliner) needed() bool {
	inKernel := kernelFunctions(in.prog)
	found := false
	check := func(e soac.Exp) {
		if a, ok := e.(*soac.ApplyExp); ok && !in.scalarOnly(a.Fun) && !in.recursive[a.Fun] {
			found = true
		}
	}
	for _, fd := range in.prog.Funs {
		if inKernel[fd.Name] {
			soac.VisitExps(fd.Body, check)
			continue
		}
		soac.VisitExps(fd.Body, func(e soac.Exp) {
			switch e.(type) {
			case *soac.ScremaExp, *soac.HistExp, *soac.ScatterExp:
				for _, b := range soac.ExpBodies(e) {
					soac.VisitExps(b, check)
				}
			}
		})
	}
	return found
}

// body inlines, in place, the calls in b (and in the bodies nested in it)
// that run in a kernel: all of them when kernel is set, else those inside
// SOAC lambdas.
func (in *inliner) body(b *soac.Body, kernel bool) {
	var out []*soac.Stm
	for _, s := range b.Stms {
		if a, ok := s.Exp.(*soac.ApplyExp); ok && kernel && !in.scalarOnly(a.Fun) && !in.recursive[a.Fun] && in.added < maxInlined {
			// The inlined body may call further functions.
			nb := &soac.Body{Stms: in.inline(s, a)}
			in.body(nb, true)
			out = append(out, nb.Stms...)
			continue
		}
		inner := kernel
		switch s.Exp.(type) {
		case *soac.ScremaExp, *soac.HistExp, *soac.ScatterExp:
			inner = true
		}
		for _, sub := range soac.ExpBodies(s.Exp) {
			in.body(sub, inner)
		}
		out = append(out, s)
	}
	b.Stms = out
}

// inline returns the statements of the body of the function s calls, its
// names renamed apart, its parameters (and their sizes) replaced by the
// arguments, followed by the binding of s's pattern to its results.
func (in *inliner) inline(s *soac.Stm, a *soac.ApplyExp) []*soac.Stm {
	f := in.prog.Fun(a.Fun)
	subst := map[soac.VName]soac.SubExp{}
	for i, p := range f.Params {
		subst[p.Name] = a.Args[i]
		v, ok := a.Args[i].(soac.Var)
		if !ok {
			continue
		}
		at, ok := in.types[v.Name]
		if !ok {
			panic(fmt.Sprintf("flatten: %s: argument %s of %s has no known type", s.Pos, v.Name, a.Fun))
		}
		for j, d := range p.Type.Shape {
			if n, ok := d.(soac.Var); ok && j < len(at.Shape) {
				subst[n.Name] = at.Shape[j]
			}
		}
	}
	cp := soac.NewCopier(subst, in.fresh)
	body := cp.Body(f.Body)
	soac.VisitStms(body, func(*soac.Stm) { in.added++ })
	stms := body.Stms
	for i, p := range s.Pat {
		stms = append(stms, &soac.Stm{Pat: []soac.Param{p}, Exp: &soac.SubExpExp{X: body.Result[i]}, Pos: s.Pos})
	}
	for _, t := range stms {
		for _, p := range t.Pat {
			in.types[p.Name] = p.Type
		}
	}
	return stms
}

func (in *inliner) fresh(n soac.VName) soac.VName {
	base := baseName(string(n))
	return in.names.Fresh(func(k int) soac.VName { return soac.VName(fmt.Sprintf("%s_in%d", base, k)) })
}
