package lower

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/fcclang/fcc/rewrite/lift"
)

// lastNonZero is associative, not commutative, with neutral element 0:
// the last non-zero element of the sequence. A derivation that reordered
// its elements would change the result.
var lastNonZero = &lift.UserFun{Name: "lastnz", Decl: &lift.FunDecl{
	Arity: 2, Out: lift.FloatT, Assoc: true, Neutral: lift.Float(0),
	Eval: func(a []lift.Value) (lift.Value, error) {
		if a[1].(lift.Float) != 0 {
			return a[1], nil
		}
		return a[0], nil
	},
}}

// pairOf makes a (bin, value) pair of x: bin |x| mod 7 (some out of the
// histograms' range), value x.
var pairOf = &lift.UserFun{Name: "pair", Decl: &lift.FunDecl{
	Arity: 1, Out: lift.TupleType{lift.IntT, lift.FloatT},
	Eval: func(a []lift.Value) (lift.Value, error) {
		x := float64(a[0].(lift.Float))
		if x < 0 {
			x = -x
		}
		return lift.Tuple{lift.Int(int64(x*4) % 7), a[0]}, nil
	},
}}

// scriptCases run each script on concrete operators: the derivation
// must reach a low-level form, and every step must compute what the start
// did on random inputs of several sizes.
var scriptCases = []struct {
	name     string
	start    lift.Expr
	in       lift.Type
	prefix   string
	scripts  [][]step
	want     string // the final form
	segments bool
}{
	{
		name:    "commutative",
		start:   lift.Comp(lift.ReduceF(lift.Fun("add"), lift.Float(0)), lift.MapF(lift.Fun("abs"))),
		in:      lift.ArrayOf(lift.FloatT, perItem.Mul(groupSize).Mul(groups)),
		scripts: [][]step{reduceOntoGroups},
		want:    "reduce-seq(+, 0) ∘ join ∘ map-workgroup(reduce-local(+, 0) ∘ join ∘ to-local(map-local(reduce-seq(λ(acc, x). acc + abs(x), 0))) ∘ split(c)) ∘ split(c*l) ∘ reorder-stride(g*l)",
	},
	{
		name:    "ordered",
		start:   lift.Comp(lift.ReduceF(lastNonZero, lift.Float(0)), lift.MapF(lift.Fun("neg"))),
		in:      lift.ArrayOf(lift.FloatT, perItem.Mul(groupSize).Mul(groups)),
		scripts: [][]step{reduceOntoGroups},
		want:    "reduce-seq(lastnz, 0) ∘ join ∘ map-workgroup(reduce-local(lastnz, 0) ∘ join ∘ to-local(map-local(reduce-seq(λ(acc, x). lastnz(acc, neg(x)), 0))) ∘ split(c)) ∘ split(c*l)",
	},
	{
		name:    "scan",
		start:   lift.Comp(&lift.Scan{Op: lift.Fun("add"), Init: lift.Float(0)}, lift.MapF(lift.Fun("abs"))),
		in:      lift.ArrayOf(lift.FloatT, perItem.Mul(groupSize).Mul(groups)),
		scripts: [][]step{scanOntoGroups},
		want:    "join ∘ propagate-lookback(+, 0) ∘ map-workgroup(join ∘ propagate-local(+, 0) ∘ map-local(scan-seq(λ(acc, x). acc + abs(x), 0)) ∘ split(c)) ∘ split(c*l)",
	},
	{
		// A map of 4 points per work-item: the results come back in the
		// points' order, which the interpreter checks.
		name:    "strided map",
		start:   lift.MapF(lift.Fun("neg")),
		in:      lift.ArrayOf(lift.FloatT, lift.Const(4).Mul(items)),
		scripts: [][]step{stridedOntoItems(4)},
		want:    "reorder-stride(4) ∘ join ∘ map-global(map-seq(neg)) ∘ split(4) ∘ reorder-stride(t)",
	},
	{
		name:    "ordered scan",
		start:   lift.Comp(&lift.Scan{Op: lastNonZero, Init: lift.Float(0)}, lift.MapF(lift.Fun("neg"))),
		in:      lift.ArrayOf(lift.FloatT, perItem.Mul(groupSize).Mul(groups)),
		scripts: [][]step{scanOntoGroups},
	},
	{
		name:    "histogram",
		start:   lift.Comp(&lift.Hist{Op: lift.Fun("add"), Init: lift.Float(0), Bins: lift.Const(5)}, lift.MapF(pairOf)),
		in:      lift.ArrayOf(lift.FloatT, perItem.Mul(groupSize).Mul(groups)),
		scripts: [][]step{histOntoGroups},
		want:    "merge-global(+, 0) ∘ map-workgroup(hist-local(+, 0, 5) ∘ join ∘ map-local(map-seq(pair)) ∘ split(c)) ∘ split(c*l) ∘ reorder-stride(g*l)",
	},
	{
		name:    "global histogram",
		start:   lift.Comp(&lift.Hist{Op: lift.Fun("add"), Init: lift.Float(0), Bins: lift.Const(5)}, lift.MapF(pairOf)),
		in:      lift.ArrayOf(lift.FloatT, perItem.Mul(groupSize).Mul(groups)),
		scripts: [][]step{histOntoItems},
		want:    "hist-global(+, 0, 5) ∘ map-global(pair)",
	},
	{
		name:     "segmented histograms",
		start:    lift.MapF(lift.Comp(&lift.Hist{Op: lift.Fun("add"), Init: lift.Float(0), Bins: lift.Const(3)}, lift.MapF(pairOf))),
		in:       lift.ArrayOf(lift.ArrayOf(lift.FloatT, perItem), lift.Var("s")),
		prefix:   "0",
		scripts:  [][]step{histOntoItems, segmentsOntoItems},
		want:     "map-global[1](hist-global(+, 0, 3) ∘ map-global(pair))",
		segments: true,
	},
	{
		name:    "chunks",
		start:   lift.Comp(lift.ReduceF(lastNonZero, lift.Float(0)), lift.MapF(lift.Fun("abs"))),
		in:      lift.ArrayOf(lift.FloatT, perItem.Mul(lift.Var("t"))),
		scripts: [][]step{chunksOntoItems},
		want:    "reduce-seq(lastnz, 0) ∘ join ∘ map-global(reduce-seq(λ(acc, x). lastnz(acc, abs(x)), 0)) ∘ split(c)",
	},
	{
		name:    "segments in chunks",
		start:   lift.MapF(lift.Comp(lift.ReduceF(lastNonZero, lift.Float(0)), lift.MapF(lift.Fun("abs")))),
		in:      lift.ArrayOf(lift.ArrayOf(lift.FloatT, perItem.Mul(items)), lift.Var("s")),
		prefix:  "0",
		scripts: [][]step{chunksOntoItems, segmentsOntoItems},
		want:    "map-global[1](reduce-seq(lastnz, 0) ∘ join ∘ map-global(reduce-seq(λ(acc, x). lastnz(acc, abs(x)), 0)) ∘ split(c))",
	},
	{
		name:    "scan in chunks",
		start:   lift.Comp(&lift.Scan{Op: lastNonZero, Init: lift.Float(0)}, lift.MapF(lift.Fun("neg"))),
		in:      lift.ArrayOf(lift.FloatT, perItem.Mul(items)),
		scripts: [][]step{scanOntoItems},
		want:    "join ∘ propagate-global(lastnz, 0) ∘ map-global(scan-seq(λ(acc, x). lastnz(acc, neg(x)), 0)) ∘ split(c)",
	},
	{
		name:    "reduce per segment",
		start:   lift.MapF(lift.Comp(lift.ReduceF(lastNonZero, lift.Float(0)), lift.MapF(lift.Fun("neg")))),
		in:      lift.ArrayOf(lift.ArrayOf(lift.FloatT, perItem), lift.Var("s")),
		scripts: [][]step{segmentsOntoItemsSeq("reduce")},
		want:    "map-global(reduce-seq(λ(acc, x). lastnz(acc, neg(x)), 0))",
	},
	{
		name:    "scan per segment",
		start:   lift.MapF(lift.Comp(&lift.Scan{Op: lastNonZero, Init: lift.Float(0)}, lift.MapF(lift.Fun("neg")))),
		in:      lift.ArrayOf(lift.ArrayOf(lift.FloatT, perItem), lift.Var("s")),
		scripts: [][]step{segmentsOntoItemsSeq("scan")},
		want:    "map-global(scan-seq(λ(acc, x). lastnz(acc, neg(x)), 0))",
	},
	{
		name:     "segments",
		start:    lift.MapF(lift.Comp(lift.ReduceF(lift.Fun("add"), lift.Float(0)), lift.MapF(lift.Fun("abs")))),
		in:       lift.ArrayOf(lift.ArrayOf(lift.FloatT, perItem.Mul(groupSize).Mul(groups)), lift.Var("s")),
		prefix:   "0",
		scripts:  [][]step{reduceOntoGroups, segmentsOntoGroups},
		segments: true,
	},
	{
		name:     "teams",
		start:    lift.MapF(lift.Comp(lift.ReduceF(lift.Fun("add"), lift.Float(0)), lift.MapF(lift.Fun("neg")))),
		in:       lift.ArrayOf(lift.ArrayOf(lift.FloatT, perItem.Mul(teamSize)), teams.Mul(groups)),
		prefix:   "0",
		scripts:  [][]step{reduceInTeam, teamsOntoGroups},
		want:     "join ∘ map-workgroup(map-local[1](reduce-seq(+, 0) ∘ join ∘ to-local(map-local(reduce-seq(λ(acc, x). acc + neg(x), 0))) ∘ split(c) ∘ reorder-stride(m))) ∘ split(k)",
		segments: true,
	},
	{
		name:     "ordered teams",
		start:    lift.MapF(lift.Comp(lift.ReduceF(lastNonZero, lift.Float(0)), lift.MapF(lift.Fun("abs")))),
		in:       lift.ArrayOf(lift.ArrayOf(lift.FloatT, perItem.Mul(teamSize)), teams.Mul(groups)),
		prefix:   "0",
		scripts:  [][]step{reduceInTeam, teamsOntoGroups},
		segments: true,
	},
}

func TestScripts(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, tc := range scriptCases {
		t.Run(tc.name, func(t *testing.T) {
			d, err := lift.NewDerivation(tc.name, tc.start, tc.in)
			if err != nil {
				t.Fatal(err)
			}
			// The first script runs inside the segments' map; the later
			// ones at the root.
			done := map[string]bool{}
			for i, s := range tc.scripts {
				prefix := tc.prefix
				if i > 0 {
					prefix = ""
				}
				if err := run(d, prefix, s, done); err != nil {
					t.Fatalf("%v\n%s", err, d)
				}
			}
			final := d.Current()
			if err := lift.LowLevel(final); err != nil {
				t.Errorf("not low-level: %v\n%s", err, d)
			}
			if tc.want != "" && lift.Print(final) != tc.want {
				t.Errorf("final form\n got  %s\n want %s", lift.Print(final), tc.want)
			}
			for trial := 0; trial < 20; trial++ {
				sizes := lift.Sizes{"c": int64(1 + rng.Intn(4)), "l": int64(1 + rng.Intn(4)), "g": int64(1 + rng.Intn(3)),
					"m": int64(1 + rng.Intn(4)), "k": int64(1 + rng.Intn(3)), "s": int64(1 + rng.Intn(3)), "t": int64(1 + rng.Intn(5))}
				x := randomInput(rng, tc.in, sizes)
				want, err := lift.Eval(tc.start, x, sizes)
				if err != nil {
					t.Fatal(err)
				}
				for i, st := range d.Steps {
					if st.Refused != nil {
						continue
					}
					got, err := lift.Eval(st.After, x, sizes)
					if err != nil {
						t.Fatalf("step %d (%s): %v", i+1, st.Rule.Name, err)
					}
					if !lift.Equal(got, want) {
						t.Fatalf("step %d (%s) with %v: got %s, want %s\n  %s", i+1, st.Rule.Name, sizes,
							lift.FormatValue(got), lift.FormatValue(want), lift.Print(st.After))
					}
				}
			}
		})
	}
}

// TestOrderedRefusesReorder checks that the ordered derivation says why it
// has no reorder: the guard's refusal is part of the printed derivation.
func TestOrderedRefusesReorder(t *testing.T) {
	tc := scriptCases[1]
	d, err := lift.NewDerivation(tc.name, tc.start, tc.in)
	if err != nil {
		t.Fatal(err)
	}
	if err := run(d, "", reduceOntoGroups, map[string]bool{}); err != nil {
		t.Fatal(err)
	}
	if s := d.String(); !strings.Contains(s, "(not part-red-reorder: ") || !strings.Contains(s, "not known to be commutative") {
		t.Errorf("the refusal of the reorder is not explained:\n%s", s)
	}
}

// randomInput draws dyadic floats (sums are exact in any order) of type t.
func randomInput(rng *rand.Rand, t lift.Type, sizes lift.Sizes) lift.Value {
	switch t := t.(type) {
	case lift.ArrayType:
		n, err := t.Len.Eval(sizes)
		if err != nil {
			panic(err)
		}
		a := make(lift.Array, n)
		for i := range a {
			a[i] = randomInput(rng, t.Elem, sizes)
		}
		return a
	}
	if rng.Intn(3) == 0 {
		return lift.Float(0) // zeros exercise lastnz
	}
	return lift.Float(float64(rng.Intn(65)-32) / 4)
}

// TestDerivationsRemembered checks that a remembered derivation is reused
// under its new name and that different facts give different derivations.
func TestDerivationsRemembered(t *testing.T) {
	op := func(comm bool) *lift.UserFun {
		return &lift.UserFun{Name: "op", Decl: &lift.FunDecl{Arity: 2, Out: lift.FloatT, Assoc: true, Comm: comm, Neutral: lift.Float(0)}}
	}
	in := lift.ArrayOf(lift.FloatT, perItem.Mul(groupSize).Mul(groups))
	body := &lift.UserFun{Name: "f", Decl: &lift.FunDecl{Arity: 1, Out: lift.FloatT}}
	start := func(comm bool) lift.Expr { return lift.Comp(lift.ReduceF(op(comm), lift.Float(0)), lift.MapF(body)) }
	a, err := derive("a", start(true), in, "", reduceOntoGroups)
	if err != nil {
		t.Fatal(err)
	}
	b, err := derive("b", start(true), in, "", reduceOntoGroups)
	if err != nil {
		t.Fatal(err)
	}
	c, err := derive("c", start(false), in, "", reduceOntoGroups)
	if err != nil {
		t.Fatal(err)
	}
	if a.Deriv.Name != "a" || b.Deriv.Name != "b" || !strings.HasPrefix(b.Deriv.String(), "b : ") {
		t.Errorf("names: %q, %q", a.Deriv.Name, b.Deriv.Name)
	}
	if lift.Print(a.Final()) != lift.Print(b.Final()) {
		t.Errorf("the same derivation differs:\n%s\n%s", lift.Print(a.Final()), lift.Print(b.Final()))
	}
	// Steps added to remembered copies stay theirs.
	n := len(a.Deriv.Steps)
	if _, err := b.Deriv.Try("reduce-seq", lift.Path{}, nil); err != nil {
		t.Fatal(err)
	}
	d, err := derive("d", start(true), in, "", reduceOntoGroups)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Deriv.Try("map-seq", lift.Path{}, nil); err != nil {
		t.Fatal(err)
	}
	if len(a.Deriv.Steps) != n || b.Deriv.Steps[n].Rule.Name != "reduce-seq" || d.Deriv.Steps[n].Rule.Name != "map-seq" {
		t.Errorf("copies of a remembered derivation share their added steps")
	}
	if lift.Print(a.Final()) == lift.Print(c.Final()) {
		t.Errorf("a commutative and a non-commutative operator share a derivation: %s", lift.Print(c.Final()))
	}
}
