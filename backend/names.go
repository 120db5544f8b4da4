package backend

import (
	"fmt"
	"sort"
	"strings"

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
