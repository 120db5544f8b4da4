package soac

// RecursiveFuns returns the functions of p that can call themselves,
// directly or through other functions. The frontend makes such functions
// from Futhark's recursive definitions; they run on the host, and passes
// that inline calls must leave their calls alone.
func RecursiveFuns(p *Program) map[string]bool {
	calls := map[string][]string{}
	for _, f := range p.Funs {
		VisitExps(f.Body, func(e Exp) {
			if a, ok := e.(*ApplyExp); ok {
				calls[f.Name] = append(calls[f.Name], a.Fun)
			}
		})
	}
	out := map[string]bool{}
	for _, f := range p.Funs {
		seen := map[string]bool{}
		stack := append([]string(nil), calls[f.Name]...)
		for len(stack) > 0 && !out[f.Name] {
			g := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if g == f.Name {
				out[f.Name] = true
			} else if !seen[g] {
				seen[g] = true
				stack = append(stack, calls[g]...)
			}
		}
	}
	return out
}
