package flatten

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// Flatten extracts kernels from a program: every SOAC at function-body
// level (including the bodies of host-level if and loop expressions) that a
// rule applies to becomes a Seg-op. SOACs inside lambdas stay as they are:
// they run sequentially inside the kernel that contains them.
//
// The rules implemented so far:
//   - G2 (g2_mapnest.go): a map whose body is one inner map over invariant
//     sizes extends the map-nest context, giving an n-D segmap;
//   - G1/G3 (g1_manifest.go): otherwise the context is manifested around
//     the innermost lambda body as a segmap;
//   - reductions (reduce.go): a reduce or redomap, alone or as the body of a
//     map nest, becomes a (segmented) segred.
//
// Scans and other SOACs are left unchanged; the backend reports them.
// The input program is not modified; unchanged parts are shared.
func Flatten(p *soac.Program) (*soac.Program, error) {
	f := &flattener{used: soac.AllNames(p)}
	out := &soac.Program{Funs: make([]*soac.FunDef, len(p.Funs))}
	for i, fd := range p.Funs {
		nf := *fd
		body, err := f.body(fd.Body)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", fd.Name, err)
		}
		nf.Body = body
		out.Funs[i] = &nf
	}
	return out, nil
}

// flattener holds the state of one run: the names in use, so that new
// names (segment-space indices) stay unique in the program.
type flattener struct {
	used map[soac.VName]bool
	next int
}

// fresh returns a name not used anywhere in the program.
func (f *flattener) fresh(base string) soac.VName {
	for {
		f.next++
		n := soac.VName(fmt.Sprintf("%s_%d", base, f.next))
		if !f.used[n] {
			f.used[n] = true
			return n
		}
	}
}

// body flattens the statements of a host-level body.
func (f *flattener) body(b *soac.Body) (*soac.Body, error) {
	out := &soac.Body{Stms: make([]*soac.Stm, 0, len(b.Stms)), Result: b.Result}
	for _, s := range b.Stms {
		ns, err := f.stm(s)
		if err != nil {
			return nil, err
		}
		out.Stms = append(out.Stms, ns)
	}
	return out, nil
}

func (f *flattener) stm(s *soac.Stm) (*soac.Stm, error) {
	switch e := s.Exp.(type) {
	case *soac.ScremaExp:
		ne := f.screma(e, s.Pos)
		if ne == nil {
			return s, nil
		}
		return &soac.Stm{Pat: s.Pat, Exp: ne, Pos: s.Pos}, nil
	case *soac.IfExp:
		th, err := f.body(e.Then)
		if err != nil {
			return nil, err
		}
		el, err := f.body(e.Else)
		if err != nil {
			return nil, err
		}
		return &soac.Stm{Pat: s.Pat, Exp: &soac.IfExp{Cond: e.Cond, Then: th, Else: el, Types: e.Types}, Pos: s.Pos}, nil
	case *soac.LoopExp:
		b, err := f.body(e.Body)
		if err != nil {
			return nil, err
		}
		return &soac.Stm{Pat: s.Pat, Exp: &soac.LoopExp{Params: e.Params, Init: e.Init, Form: e.Form, Body: b}, Pos: s.Pos}, nil
	}
	return s, nil
}

// screma returns the Seg-op replacing a host-level screma, or nil when no
// rule applies (scans, for now).
func (f *flattener) screma(e *soac.ScremaExp, pos soac.Pos) soac.Exp {
	switch {
	case len(e.Scans) > 0:
		return nil
	case len(e.Reds) > 0:
		return f.segRed(&nest{}, e, pos)
	default:
		return f.mapNest(&nest{}, e, pos)
	}
}
