package lift

import (
	"flag"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// randFloats returns n dyadic values in [-8, 8] (multiples of 1/4): sums of
// a few thousand of them are exact in float64, so results that differ only
// in summation order compare equal.
func randFloats(rng *rand.Rand, n int) Array {
	a := make(Array, n)
	for i := range a {
		a[i] = Float(float64(rng.Intn(65)-32) / 4)
	}
	return a
}

// asumScript is the derivation of the ICFP paper's Fig. 10, steps (1)–(8)
// (6d & 7b are two steps here: part-red-reduce then reduce-seq), followed by
// the lowering that leaves only patterns the code generator knows: the outer
// map becomes map-global (one work-item per chunk) and the final reduce a
// reduce-seq.
var asumScript = []struct {
	rule   string
	path   string
	params Params
}{
	{"reduce-part-red", "0", Params{"factor": Var("n")}}, // (1)
	{"part-red-split", "1", Params{"n": Var("n")}},       // (2)
	{"split-join", "4", Params{"n": Var("n")}},           // (3)
	{"cancel-split-join", "3", nil},                      // (4)
	{"fuse-map-map", "2", nil},                           // (5)
	{"map-seq", "2.0.1", nil},                            // (6)
	{"part-red-reduce", "2.0.0", nil},                    // (7) 6d
	{"reduce-seq", "2.0.0", nil},                         // (7) 7b
	{"fuse-reduce-seq-map-seq", "2.0.0", nil},            // (8)
	{"map-global", "2", Params{"dim": Const(0)}},         // lowering
	{"reduce-seq", "0", nil},                             // lowering
}

func asumStart() (Expr, Type) {
	return Comp(ReduceF(Fun("add"), Float(0)), MapF(Fun("abs"))),
		ArrayOf(FloatT, Var("k").Mul(Var("n")))
}

// TestAsumDerivation derives the fused asum from reduce(+, 0) ∘ map(abs),
// checks that every intermediate expression computes the same result as the
// start on random inputs of several sizes, and compares the printed
// derivation and the final expression with
// testdata/asum.golden.
func TestAsumDerivation(t *testing.T) {
	start, in := asumStart()
	d, err := NewDerivation("asum", start, in)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	type input struct {
		x     Array
		sizes Sizes
	}
	var inputs []input
	for _, nk := range [][2]int64{{1, 1}, {4, 3}, {8, 16}, {16, 5}, {3, 7}} {
		inputs = append(inputs, input{randFloats(rng, int(nk[0]*nk[1])), Sizes{"n": nk[0], "k": nk[1]}})
	}
	check := func(e Expr, what string) {
		t.Helper()
		for _, inp := range inputs {
			want, err := Eval(start, inp.x, inp.sizes)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Eval(e, inp.x, inp.sizes)
			if err != nil {
				t.Fatalf("%s: %v\n  %s", what, err, Print(e))
			}
			if !Equal(got, want) {
				t.Fatalf("%s with %v: got %s, want %s\n  %s", what, inp.sizes, FormatValue(got), FormatValue(want), Print(e))
			}
		}
	}
	for i, st := range asumScript {
		p, err := ParsePath(st.path)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Apply(st.rule, p, st.params); err != nil {
			t.Fatalf("step %d: %v\n  on %s", i+1, err, Print(d.Current()))
		}
		check(d.Current(), "after step "+st.rule)
	}

	final := d.Current()
	const fig10 = "reduce(+, 0) ∘ join ∘ map(reduce-seq(λ(acc, x). acc + abs(x), 0)) ∘ split(n)"
	if got := Print(d.Steps[8].After); got != fig10 {
		t.Errorf("Fig. 10 (8):\n got  %s\n want %s", got, fig10)
	}
	if err := LowLevel(final); err != nil {
		t.Errorf("final expression is not low-level: %v", err)
	}

	var b strings.Builder
	b.WriteString(d.String())
	b.WriteString("\nfinal:\n      ")
	b.WriteString(Print(final))
	b.WriteString("\n")
	out, err := TypeOf(final, in)
	if err != nil {
		t.Fatal(err)
	}
	b.WriteString("      : " + FormatType(in) + " → " + FormatType(out) + "\n")
	golden(t, "asum.golden", b.String())
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (go test -update rewrites it)\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}
