package backend

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// loweringOf is the lowering the lower pass recorded in the Seg-op bound
// by s (soac.Lowering), by which the Seg-op is compiled.
func loweringOf(s *soac.Stm) (*soac.Lowering, error) {
	l, _ := soac.LoweringOf(s.Exp)
	if l == nil {
		return nil, fmt.Errorf("internal error: the Seg-op at %s has no lowering (the lower pass records it)", s.Pos)
	}
	return l, nil
}

// versionWith is the version called name of the Seg-op bound by s, which
// must have the facts its kernels rely on; what names the kernels in the
// error.
func versionWith(s *soac.Stm, name, what string, facts ...soac.Fact) (*soac.LoweredVersion, error) {
	l, err := loweringOf(s)
	if err != nil {
		return nil, err
	}
	v := l.Version(name)
	if v == nil {
		return nil, fmt.Errorf("internal error: the Seg-op at %s has no lowered version %q", s.Pos, name)
	}
	for _, f := range facts {
		if !v.Has(f) {
			return nil, fmt.Errorf("internal error: the Seg-op at %s has no lowered form of %s (its version %q is not %s)", s.Pos, what, name, f)
		}
	}
	return v, nil
}
