package backend

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// mangler maps IR names to identifiers valid in both Go and OpenCL C.
// IR names are unique in a program but may contain characters neither
// language allows; sanitising can make two names collide, so collisions get
// a numeric suffix.
type mangler struct {
	ids  map[soac.VName]string
	used map[string]bool
}

func newMangler() *mangler {
	return &mangler{ids: map[soac.VName]string{}, used: map[string]bool{}}
}

func (m *mangler) id(n soac.VName) string {
	if s, ok := m.ids[n]; ok {
		return s
	}
	var b strings.Builder
	b.WriteString("v_")
	for _, r := range string(n) {
		if r < 128 && (r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	for k := 1; m.used[s]; k++ {
		s = fmt.Sprintf("%s_%d", b.String(), k)
	}
	m.used[s] = true
	m.ids[n] = s
	return s
}

// fresh reserves an identifier, starting with base, that no IR name
// maps to: for generated objects that no IR name denotes, such as the
// kernel of a SegMap whose only effect is an assertion (it binds no
// result to name it after).
func (m *mangler) fresh(base string) string {
	s := "v_" + base
	for k := 1; m.used[s]; k++ {
		s = fmt.Sprintf("v_%s_%d", base, k)
	}
	m.used[s] = true
	return s
}

// typeEnv records the type of every name bound in a program (names are
// unique, so one map serves all scopes). Size variables of parameter
// shapes are bound implicitly, as i64.
func typeEnv(p *soac.Program) map[soac.VName]soac.Type {
	env := map[soac.VName]soac.Type{}
	i64 := soac.Prim(values.I64)
	bind := func(ps []soac.Param) {
		for _, q := range ps {
			env[q.Name] = q.Type
		}
	}
	var body func(b *soac.Body)
	lambda := func(l *soac.Lambda) { bind(l.Params); body(l.Body) }
	body = func(b *soac.Body) {
		for _, s := range b.Stms {
			bind(s.Pat)
			switch e := s.Exp.(type) {
			case *soac.IfExp:
				body(e.Then)
				body(e.Else)
			case *soac.LoopExp:
				bind(e.Params)
				if f, ok := e.Form.(soac.ForLoop); ok {
					env[f.Index] = soac.Prim(f.T)
				}
				body(e.Body)
			case *soac.ScremaExp:
				for _, sc := range e.Scans {
					lambda(sc.Op)
				}
				for _, r := range e.Reds {
					lambda(r.Op)
				}
				lambda(e.Map)
			case *soac.SegMapExp:
				for _, d := range e.Space {
					env[d.Index] = i64
				}
				body(e.Body)
			case *soac.SegRedExp:
				for _, d := range e.Space {
					env[d.Index] = i64
				}
				for _, r := range e.Reds {
					lambda(r.Op)
				}
				body(e.Body)
			}
		}
	}
	for _, f := range p.Funs {
		for _, q := range f.Params {
			for _, d := range q.Type.Shape {
				if v, ok := d.(soac.Var); ok {
					env[v.Name] = i64
				}
			}
		}
		bind(f.Params)
		body(f.Body)
	}
	return env
}

// sortedNames returns the names of a set in a deterministic order, so that
// generated code is stable.
func sortedNames(set map[soac.VName]bool) []soac.VName {
	out := make([]soac.VName, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
