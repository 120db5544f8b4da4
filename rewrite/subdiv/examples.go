package subdiv

// MatVec is matrix-vector multiplication y[i] = Σ_j A[i,j]·x[j] with A an
// n×m row-major matrix: map_i reduce_j(+) A[i,j] * x[j].
func MatVec(n, m int) *Nest {
	return &Nest{
		Levels: []Level{
			{Kind: Map, Index: "i", Origin: "i", Extent: n},
			{Kind: Reduce, Index: "j", Origin: "j", Extent: m, Op: Add},
		},
		Views: []View{
			{Array: "A", Dims: []Dim{{"i", n, m}, {"j", m, 1}}},
			{Array: "x", Dims: []Dim{{"j", m, 1}}},
		},
		Body:   Bin{Op: Mul, A: Read{0}, B: Read{1}},
		Out:    View{Array: "y", Dims: []Dim{{"i", n, 1}}},
		OutLen: n,
	}
}

// MatMul is matrix multiplication C[i,j] = Σ_k A[i,k]·B[k,j] with A n×p and B
// p×m, both row-major: map_i map_j reduce_k(+) A[i,k] * B[k,j]. The seed's
// mapA is map_i (over the rows of A), mapB map_j (over the columns of B) and
// rnz reduce_k.
func MatMul(n, m, p int) *Nest {
	return &Nest{
		Levels: []Level{
			{Kind: Map, Index: "i", Origin: "i", Extent: n},
			{Kind: Map, Index: "j", Origin: "j", Extent: m},
			{Kind: Reduce, Index: "k", Origin: "k", Extent: p, Op: Add},
		},
		Views: []View{
			{Array: "A", Dims: []Dim{{"i", n, p}, {"k", p, 1}}},
			{Array: "B", Dims: []Dim{{"j", m, 1}, {"k", p, m}}},
		},
		Body:   Bin{Op: Mul, A: Read{0}, B: Read{1}},
		Out:    View{Array: "C", Dims: []Dim{{"i", n, m}, {"j", m, 1}}},
		OutLen: n * m,
	}
}
