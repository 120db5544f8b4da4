package flatten

import (
	"github.com/fcclang/fcc/soac"
)

// The rules copy code: a varying value is bound again in every kernel
// that uses it (manifest), and multi-versioning puts the same statements
// in both versions. Rather than renaming at every copy, the rules keep the
// original names, which keeps the output readable, and uniquify restores
// the IR's invariant that every name is bound once in the program: the
// first binding of a name keeps it, every later one gets a fresh name,
// substituted in its scope (a scoped soac.Copier).

// uniquify renames, in fd (a copy the caller owns), every binding of a
// name already in seen, and adds the names fd binds to seen.
func (f *flattener) uniquify(seen map[soac.VName]bool, fd *soac.FunDef) {
	c := soac.NewScopedCopier(func(n soac.VName) soac.VName {
		m := n
		if seen[n] {
			m = f.fresh(string(n))
		}
		seen[m] = true
		return m
	})
	fd.Params = c.Params(fd.Params)
	for _, p := range fd.Params {
		for _, d := range p.Type.Shape {
			if v, ok := d.(soac.Var); ok {
				seen[v.Name] = true // a size bound by the call
			}
		}
	}
	fd.Body = c.Body(fd.Body)
	fd.RetType = c.Types(fd.RetType)
}
