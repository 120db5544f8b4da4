package subdiv

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// randArrays fills the arrays a nest reads with small integers, so that any
// order of summation gives the same float64 result.
func randArrays(rng *rand.Rand, n *Nest) map[string][]float64 {
	arrays := map[string][]float64{}
	for _, v := range n.Views {
		size := v.Offset + 1
		for _, d := range v.Dims {
			size += (d.Extent - 1) * d.Stride
		}
		if len(arrays[v.Array]) < size {
			a := make([]float64, size)
			for i := range a {
				a[i] = float64(rng.Intn(19) - 9)
			}
			arrays[v.Array] = a
		}
	}
	return arrays
}

// sameResult runs both nests on several random inputs.
func sameResult(t *testing.T, before, after *Nest) {
	t.Helper()
	rng := rand.New(rand.NewSource(7))
	for trial := 0; trial < 3; trial++ {
		in := randArrays(rng, before)
		want, err := Eval(before, in)
		if err != nil {
			t.Fatalf("before: %v\n  %s", err, before)
		}
		got, err := Eval(after, in)
		if err != nil {
			t.Fatalf("after: %v\n  %s", err, after)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("results differ\n  before %s\n  after  %s\n  got  %v\n  want %v", before, after, got, want)
		}
	}
}

// TestEvalMatVec checks the interpreter against the textbook loop.
func TestEvalMatVec(t *testing.T) {
	n := MatVec(3, 4)
	A := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	x := []float64{1, 0, -1, 2}
	got, err := Eval(n, map[string][]float64{"A": A, "x": x})
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{6, 14, 22}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestRules(t *testing.T) {
	// maxOfSums is reduce_i(max) reduce_j(+) A[i,j]: two reductions with
	// different operators, which must not be exchanged.
	maxOfSums := &Nest{
		Levels: []Level{
			{Kind: Reduce, Index: "i", Origin: "i", Extent: 4, Op: Max},
			{Kind: Reduce, Index: "j", Origin: "j", Extent: 6, Op: Add},
		},
		Views:  []View{{Array: "A", Dims: []Dim{{"i", 4, 6}, {"j", 6, 1}}}},
		Body:   Read{0},
		Out:    View{Array: "r"},
		OutLen: 1,
	}
	sumOfSums := maxOfSums.clone()
	sumOfSums.Levels[0].Op = Add
	diff := MatVec(4, 6)
	diff.Levels[1].Op = Sub
	tests := []struct {
		name    string
		rule    *Rule
		nest    *Nest
		level   int
		param   int
		wantErr string // non-empty: the guard must refuse
	}{
		{"subdivide map", SubdivideMap, MatVec(6, 4), 0, 2, ""},
		{"subdivide map, block does not divide", SubdivideMap, MatVec(6, 4), 0, 4, "does not divide"},
		{"subdivide reduce", SubdivideReduce, MatVec(3, 8), 1, 4, ""},
		{"subdivide reduce, block does not divide", SubdivideReduce, MatVec(3, 8), 1, 3, "does not divide"},
		{"subdivide reduce, not associative", SubdivideReduce, diff, 1, 2, "not associative"},
		{"exchange map map", ExchangeMapMap, MatMul(3, 5, 4), 0, 0, ""},
		{"exchange map reduce", ExchangeMapReduce, MatVec(3, 5), 0, 0, ""},
		{"exchange map reduce in matmul", ExchangeMapReduce, MatMul(3, 5, 4), 1, 0, ""},
		{"exchange reduce reduce", ExchangeReduceReduce, sumOfSums, 0, 0, ""},
		{"exchange reduce reduce, different operators", ExchangeReduceReduce, maxOfSums, 0, 0, "differ"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.nest.Validate(); err != nil {
				t.Fatal(err)
			}
			out, err := tc.rule.Apply(tc.nest, tc.level, tc.param)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("want refusal containing %q, got %v", tc.wantErr, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			sameResult(t, tc.nest, out)
		})
	}

	// Exchange with the matching reverse rule gets back to the start.
	mv := MatVec(3, 5)
	ex, err := Exchange(mv, 0)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ExchangeReduceMap.Apply(ex, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if back.String() != mv.String() {
		t.Errorf("exchange twice:\n got  %s\n want %s", back, mv)
	}
}

// TestFlipIsNeeded shows that the view transposition is what makes an
// exchange correct: swapping the levels alone leaves the matrix view out of
// nest order, which both Validate and the interpreter refuse.
func TestFlipIsNeeded(t *testing.T) {
	n := MatVec(3, 5)
	bad := n.clone()
	bad.Levels[0], bad.Levels[1] = bad.Levels[1], bad.Levels[0]
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "flip") {
		t.Errorf("Validate: want a missing-flip error, got %v", err)
	}
	if _, err := Eval(bad, randArrays(rand.New(rand.NewSource(1)), n)); err == nil || !strings.Contains(err.Error(), "flip") {
		t.Errorf("Eval: want a missing-flip error, got %v", err)
	}
	good, err := Exchange(n, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := good.Views[0].String(), "A[j:5*1, i:3*5]"; got != want {
		t.Errorf("flipped view %s, want %s", got, want)
	}
}

func TestSJT(t *testing.T) {
	// The classic SJT sequence for three elements.
	perm := []int{0, 1, 2}
	var seq []string
	seq = append(seq, fmtPerm(perm))
	for _, p := range sjtSwaps(3) {
		perm[p], perm[p+1] = perm[p+1], perm[p]
		seq = append(seq, fmtPerm(perm))
	}
	want := "012 021 201 210 120 102"
	if got := strings.Join(seq, " "); got != want {
		t.Errorf("SJT order %s, want %s", got, want)
	}
	for k, fact := range []int{1, 1, 2, 6, 24, 120} {
		if got := len(sjtSwaps(k)) + 1; got != fact {
			t.Errorf("%d elements: %d permutations, want %d", k, got, fact)
		}
	}
}

func fmtPerm(p []int) string {
	var b strings.Builder
	for _, x := range p {
		b.WriteByte(byte('0' + x))
	}
	return b.String()
}

// variantsOf enumerates the variants of n, checks that each is derived by
// one more exchange than the previous one and computes what n computes, and
// returns the distinct loop orders.
func variantsOf(t *testing.T, n *Nest) []string {
	t.Helper()
	ds, err := Variants(n)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range ds {
		if len(d.Steps) != i {
			t.Errorf("variant %d has %d steps, want %d (one exchange per SJT move)", i, len(d.Steps), i)
		}
		sameResult(t, n, d.Result())
	}
	var orders []string
	for _, d := range Distinct(ds) {
		orders = append(orders, d.Result().Order())
	}
	return orders
}

// TestMatVecVariants: the seed's Fig. 3 lists six rearrangements of
// matrix-vector multiplication. Subdividing the reduction (1a, 1b, 1c) gives
// three levels map_i, reduce_j, reduce_j: 3! = 6 permutations, but the two
// reductions of one index count as one kind, so 3!/2! = 3 orders.
// Subdividing the map instead (2a, 2b, 2c) gives map_i, map_i, reduce_j: 3
// more. 3 + 3 = 6.
func TestMatVecVariants(t *testing.T) {
	mv := MatVec(4, 6)
	if got := variantsOf(t, mv); len(got) != 2 {
		t.Errorf("unsubdivided: %v, want the 2 orders", got)
	}
	byReduce, err := Subdivide(mv, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	byMap, err := Subdivide(mv, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	one := variantsOf(t, byReduce)
	two := variantsOf(t, byMap)
	wantOne := []string{ // 1a, 1b, 1c in SJT order
		"map_i reduce_j reduce_j",
		"reduce_j map_i reduce_j",
		"reduce_j reduce_j map_i",
	}
	wantTwo := []string{ // 2c, 2b, 2a in SJT order
		"map_i map_i reduce_j",
		"map_i reduce_j map_i",
		"reduce_j map_i map_i",
	}
	if !slices.Equal(one, wantOne) {
		t.Errorf("reduce subdivided: %q, want %q", one, wantOne)
	}
	if !slices.Equal(two, wantTwo) {
		t.Errorf("map subdivided: %q, want %q", two, wantTwo)
	}
	if got := len(one) + len(two); got != 6 {
		t.Errorf("%d matrix-vector variants, the seed lists 6", got)
	}
}

// TestMatMulVariants: Table 1 of the seed lists the 3! = 6 orders of mapA,
// mapB and rnz (all different). Table 2 subdivides rnz: four levels, 4! = 24
// permutations, and with the two rnz not distinguished 4!/2! = 12 orders.
func TestMatMulVariants(t *testing.T) {
	mm := MatMul(4, 6, 8)
	table1 := variantsOf(t, mm)
	if len(table1) != 6 {
		t.Errorf("matmul: %d orders, want 6: %q", len(table1), table1)
	}
	sub, err := Subdivide(mm, 2, 4)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := Variants(sub)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 24 {
		t.Errorf("%d permutations of 4 levels, want 24", len(ds))
	}
	table2 := variantsOf(t, sub)
	// The rows of the seed's Table 2 (mapA = map_i, mapB = map_j, rnz = reduce_k).
	seed := []string{
		"rnz mapA mapB rnz", "mapA rnz mapB rnz", "rnz mapA rnz mapB", "mapA rnz rnz mapB",
		"rnz rnz mapA mapB", "mapB rnz mapA rnz", "rnz mapB mapA rnz", "mapA mapB rnz rnz",
		"rnz mapB rnz mapA", "mapB mapA rnz rnz", "mapB rnz rnz mapA", "rnz rnz mapB mapA",
	}
	r := strings.NewReplacer("mapA", "map_i", "mapB", "map_j", "rnz", "reduce_k")
	var want []string
	for _, s := range seed {
		want = append(want, r.Replace(s))
	}
	slices.Sort(want)
	got := slices.Clone(table2)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("subdivided matmul orders\n got  %q\n want %q", got, want)
	}
}

// TestVariantsRefuse: a nest whose reductions cannot be exchanged has no
// derivable full set of variants.
func TestVariantsRefuse(t *testing.T) {
	n := &Nest{
		Levels: []Level{
			{Kind: Reduce, Index: "i", Origin: "i", Extent: 2, Op: Max},
			{Kind: Reduce, Index: "j", Origin: "j", Extent: 3, Op: Add},
		},
		Views:  []View{{Array: "A", Dims: []Dim{{"i", 2, 3}, {"j", 3, 1}}}},
		Body:   Read{0},
		Out:    View{Array: "r"},
		OutLen: 1,
	}
	if _, err := Variants(n); err == nil {
		t.Error("Variants exchanged max and + reductions")
	}
}

// TestDerivationPrint shows a variant's derivation: subdivision, then SJT
// exchanges.
func TestDerivationPrint(t *testing.T) {
	sub, err := Subdivide(MatVec(4, 6), 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := Variants(sub)
	if err != nil {
		t.Fatal(err)
	}
	got := ds[2].String()
	want := `    map_i[4] reduce_j_b[3](+) reduce_j_o[2](+) A[i:4*6, j_b:3*2, j_o:2*1] * x[j_b:3*2, j_o:2*1]  →  y[i:4*1]
→ exchange-reduce-reduce at 1
    map_i[4] reduce_j_o[2](+) reduce_j_b[3](+) A[i:4*6, j_o:2*1, j_b:3*2] * x[j_o:2*1, j_b:3*2]  →  y[i:4*1]
→ exchange-map-reduce at 0
    reduce_j_o[2](+) map_i[4] reduce_j_b[3](+) A[j_o:2*1, i:4*6, j_b:3*2] * x[j_o:2*1, j_b:3*2]  →  y[i:4*1]
`
	if got != want {
		t.Errorf("derivation\n%s\nwant\n%s", got, want)
	}
}
