package flatten

import "github.com/fcclang/fcc/soac"

// distributeRearrange is rule G6:
//
//	Σ ⊢ rearrange (0, 1+k0, …, 1+k(n-1)) y ⇒ e
//	──────────────────────────────────────────
//	Σ, M x y ⊢ rearrange (k0, …, k(n-1)) x ⇒ e
//
// a rearrange of a varying value x, which is the element of an array y
// outside the nest at every point of the space, is the rearrange of y
// whose permutation keeps the space's dimensions in front and shifts the
// others past them. Applied once for all the dimensions of the context at
// once: the result is an array over the whole space, a view that later
// kernels index (and that a later pass may manifest transposed, for
// coalesced access). classify has checked that x is held by such an
// array (nest.fullRow).
func distributeRearrange(n *nest, e *soac.RearrangeExp) *soac.RearrangeExp {
	arr, ok := n.fullRow(e.Arr)
	if !ok {
		panic(n.pos.String() + ": flatten: G6 on " + string(e.Arr) + ", which no array over the space holds")
	}
	d := len(n.dims)
	perm := make([]int, 0, d+len(e.Perm))
	for i := 0; i < d; i++ {
		perm = append(perm, i)
	}
	for _, k := range e.Perm {
		perm = append(perm, d+k)
	}
	return &soac.RearrangeExp{Perm: perm, Arr: arr}
}
