package lift

import (
	"math/rand"
	"strings"
	"testing"
)

// randValue draws a random value of type t (sizes bound by sizes).
func randValue(rng *rand.Rand, t Type, sizes Sizes) Value {
	switch t := t.(type) {
	case ScalarType:
		if t == IntT {
			return Int(rng.Intn(21) - 10)
		}
		return Float(float64(rng.Intn(65)-32) / 4)
	case VectorType:
		v := make(Vector, t.N)
		for i := range v {
			v[i] = randValue(rng, t.Elem, sizes)
		}
		return v
	case TupleType:
		v := make(Tuple, len(t))
		for i, x := range t {
			v[i] = randValue(rng, x, sizes)
		}
		return v
	case ArrayType:
		n, err := t.Len.Eval(sizes)
		if err != nil {
			panic(err)
		}
		a := make(Array, n)
		for i := range a {
			a[i] = randValue(rng, t.Elem, sizes)
		}
		return a
	}
	panic("randValue: unknown type")
}

var (
	add, abs, neg, sub = Fun("add"), Fun("abs"), Fun("neg"), Fun("sub")
	f24                = ArrayOf(FloatT, Const(24))
	f16                = ArrayOf(FloatT, Const(16))
	rows4x6            = ArrayOf(ArrayOf(FloatT, Const(4)), Const(6))
	vec4x6             = ArrayOf(VectorType{Elem: FloatT, N: 4}, Const(6))
)

func sum() *Reduce { return ReduceF(add, Float(0)) }

// histogram is a 4-bin histogram of sums; pairs24 and pairRows are inputs
// of (bin, value) pairs, many of whose bins are out of range.
func histogram() *Hist { return &Hist{Op: add, Init: Float(0), Bins: Const(4)} }

var (
	pairs24  = ArrayOf(TupleType{IntT, FloatT}, Const(24))
	pairRows = ArrayOf(ArrayOf(TupleType{IntT, FloatT}, Const(4)), Const(6))
)

func prefixSum() *Scan { return &Scan{Op: add, Init: Float(0)} }

func propagate() *Propagate { return &Propagate{Op: add, Init: Float(0)} }

func partRed(c int64) *PartRed { return &PartRed{Op: add, Init: Float(0), Factor: Const(c)} }

type ruleCase struct {
	rule    string
	expr    Expr
	in      Type
	path    string
	params  Params
	wantErr string // non-empty: the rule must be refused with this in the message
}

// ruleCases has, for every rule, an example where it applies (checked on
// random inputs) and one where its pattern or guard must refuse it.
// Expressions containing reorder or part-red end in a reduction: their
// meaning is only defined up to the order of the elements, which only a
// commutative reduction makes unobservable (the interpreter's reorder
// reverses, so a rule that let order leak would fail here).
var ruleCases = []ruleCase{
	// Fig. 6a
	{"iterate-decompose", Comp(sum(), &Iterate{N: 3, F: partRed(2)}), f16, "1", Params{"m": Const(1)}, ""},
	{"iterate-decompose", Comp(sum(), &Iterate{N: 3, F: partRed(2)}), f16, "1", Params{"m": Const(3)}, "must be in"},
	// Fig. 6b
	{"map-reorder", Comp(sum(), MapF(abs), &Reorder{}), f24, "1", nil, ""},
	{"map-reorder", Comp(sum(), MapK(MapSeq, 0, abs), &Reorder{}), f24, "1", nil, "pattern does not match"},
	{"reorder-map", Comp(sum(), &Reorder{}, MapF(abs)), f24, "1", nil, ""},
	{"reorder-map", Comp(sum(), &Join{}, &Reorder{}, &Split{N: Const(4)}), f24, "2", nil, "pattern does not match"},
	// Fig. 6c
	{"split-join", MapF(abs), f24, "", Params{"n": Const(4)}, ""},
	{"split-join", MapF(abs), ArrayOf(FloatT, Var("k").Mul(Var("n"))), "", Params{"n": Var("n")}, ""},
	{"split-join", MapF(abs), f24, "", Params{"n": Const(5)}, "cannot show that 5 divides"},
	{"split-join", MapF(abs), ArrayOf(FloatT, Var("N")), "", Params{"n": Const(4)}, "cannot show that 4 divides"},
	// Fig. 6d
	{"reduce-part-red", sum(), f24, "", Params{"factor": Const(4)}, ""},
	{"reduce-part-red", ReduceF(add, Float(1)), f24, "", Params{"factor": Const(4)}, "not the neutral element"},
	{"reduce-part-red", ReduceF(sub, Float(0)), f24, "", Params{"factor": Const(4)}, "not known to be associative"},
	{"part-red-reduce", Comp(sum(), &Join{}, MapF(partRed(4)), &Split{N: Const(4)}), f24, "2.0", nil, ""},
	{"part-red-reduce", Comp(sum(), partRed(4)), f24, "1", nil, "more than one element"},
	{"part-red-reorder", Comp(sum(), partRed(4)), f24, "1", nil, ""},
	{"part-red-reorder", Comp(sum(), &PartRed{Op: sub, Init: Float(0), Factor: Const(4)}), f24, "1", nil, "not known to be commutative"},
	{"part-red-split", Comp(sum(), partRed(4)), f24, "1", Params{"n": Const(8)}, ""},
	{"part-red-split", Comp(sum(), partRed(4)), f24, "1", Params{"n": Const(6)}, "cannot show that the factor 4 divides"},
	{"part-red-iterate", Comp(sum(), partRed(8)), f16, "1", Params{"k": Const(3), "factor": Const(2)}, ""},
	{"part-red-iterate", Comp(sum(), partRed(8)), f16, "1", Params{"k": Const(2), "factor": Const(2)}, "is not the factor"},
	// Fig. 6e
	{"cancel-split-join", Comp(MapF(MapF(abs)), &Split{N: Const(4)}, &Join{}), rows4x6, "1", nil, ""},
	{"cancel-split-join", Comp(MapF(MapF(abs)), &Split{N: Const(3)}, &Join{}), rows4x6, "1", nil, "not of length 3"},
	{"cancel-join-split", Comp(MapF(abs), &Join{}, &Split{N: Const(4)}), f24, "1", nil, ""},
	{"cancel-join-split", Comp(MapF(abs), &Join{}, MapF(MapF(abs))), rows4x6, "1", nil, "pattern does not match"},
	{"cancel-as-vector-as-scalar", Comp(&AsVector{N: 4}, &AsScalar{}), vec4x6, "0", nil, ""},
	{"cancel-as-vector-as-scalar", Comp(&AsVector{N: 2}, &AsScalar{}), vec4x6, "0", nil, "not of width 2"},
	{"cancel-as-scalar-as-vector", Comp(MapF(abs), &AsScalar{}, &AsVector{N: 4}), f24, "1", nil, ""},
	{"cancel-as-scalar-as-vector", Comp(MapF(abs), &AsScalar{}, MapF(&Map{Kind: MapVec, F: abs})), vec4x6, "1", nil, "pattern does not match"},
	// Fig. 6f
	{"fuse-map-map", Comp(MapF(abs), MapF(neg)), f24, "0", nil, ""},
	{"fuse-map-map", Comp(MapK(MapSeq, 0, abs), MapF(neg)), f24, "0", nil, "pattern does not match"},
	{"fuse-reduce-seq-map-seq", Comp(ReduceSeqF(add, Float(0)), MapK(MapSeq, 0, abs)), f24, "0", nil, ""},
	{"fuse-reduce-seq-map-seq", Comp(ReduceSeqF(Fun("max"), Float(-100)), MapK(MapSeq, 0, neg)), f24, "0", nil, ""},
	// Only reduce-seq: the fused operator is not associative.
	{"fuse-reduce-seq-map-seq", Comp(sum(), MapK(MapSeq, 0, abs)), f24, "0", nil, "pattern does not match"},

	// Fig. 7c: the map's results come back in their order.
	{"map-stride", MapF(abs), f24, "", Params{"s": Const(6)}, ""},
	{"map-stride", MapF(abs), f24, "", Params{"s": Const(5)}, "cannot show that 5 divides"},
	{"map-stride", MapK(MapGlobal, 0, abs), f24, "", Params{"s": Const(6)}, "pattern does not match"},
	// Fig. 7a
	{"map-workgroup", Comp(&Join{}, MapF(MapF(abs)), &Split{N: Const(4)}), f24, "1", nil, ""},
	{"map-workgroup", MapK(MapWorkgroup, 0, MapK(MapLocal, 0, MapF(abs))), ArrayOf(rows4x6, Const(2)), "0.0", Params{"dim": Const(1)}, "cannot nest inside map-local"},
	{"map-local", MapK(MapWorkgroup, 0, MapF(abs)), rows4x6, "0", nil, ""},
	{"map-local", MapF(abs), f24, "", nil, "needs an enclosing map-workgroup"},
	{"map-global", MapF(abs), f24, "", nil, ""},
	{"map-global", MapK(MapWorkgroup, 0, MapF(abs)), rows4x6, "0", nil, "only at the top level"},
	{"map-global", MapK(MapGlobal, 0, MapF(abs)), rows4x6, "0", Params{"dim": Const(1)}, ""},
	{"map-global", MapK(MapGlobal, 0, MapF(abs)), rows4x6, "0", Params{"dim": Const(0)}, "same dimension"},
	{"map-seq", MapF(MapF(abs)), rows4x6, "0", nil, ""},
	{"map-seq", MapK(MapWorkgroup, 0, MapF(MapK(MapLocal, 0, abs))), ArrayOf(rows4x6, Const(2)), "0", nil, "inside a sequential pattern"},
	// Fig. 7b
	{"reduce-seq", sum(), f24, "", nil, ""},
	{"reduce-seq", ReduceSeqF(add, Float(0)), f24, "", nil, "pattern does not match"},
	// fcc's histogram (hist.go)
	{"hist-reorder", histogram(), pairs24, "", nil, ""},
	{"hist-reorder", &Hist{Op: sub, Init: Float(0), Bins: Const(4)}, pairs24, "", nil, "not known to be commutative"},
	{"hist-split", histogram(), pairs24, "", Params{"n": Const(4)}, ""},
	{"hist-split", histogram(), pairs24, "", Params{"n": Const(5)}, "divide"},
	{"hist-split", &Hist{Op: add, Init: Float(1), Bins: Const(4)}, pairs24, "", Params{"n": Const(4)}, "not the neutral element"},
	{"hist-global", histogram(), pairs24, "", nil, ""},
	{"hist-global", MapK(MapGlobal, 0, histogram()), pairRows, "0", nil, ""},
	{"hist-global", MapK(MapWorkgroup, 0, histogram()), pairRows, "0", nil, "map-globals only"},
	{"hist-local", MapK(MapWorkgroup, 0, histogram()), pairRows, "0", nil, ""},
	{"hist-local", histogram(), pairs24, "", nil, "must be inside a map-workgroup"},
	{"merge-global", Comp(&Merge{Op: add, Init: Float(0)}, MapF(histogram()), &Split{N: Const(6)}), pairs24, "0", nil, ""},
	{"merge-global", MapK(MapWorkgroup, 0, Comp(&Merge{Op: add, Init: Float(0)}, MapF(histogram()), &Split{N: Const(2)})), pairRows, "0.0", nil, "kernel of its own"},
	// fcc's scan (scan.go)
	{"scan-split", prefixSum(), f24, "", Params{"n": Const(4)}, ""},
	{"scan-split", &Scan{Op: add, Init: Float(1)}, f24, "", Params{"n": Const(4)}, "not the neutral element"},
	{"scan-split", prefixSum(), f24, "", Params{"n": Const(5)}, "divide"},
	{"fuse-scan-seq-map-seq", Comp(&Scan{Seq: true, Op: add, Init: Float(0)}, MapK(MapSeq, 0, abs)), f24, "0", nil, ""},
	{"fuse-scan-seq-map-seq", Comp(prefixSum(), MapK(MapSeq, 0, abs)), f24, "0", nil, "pattern does not match"},
	{"scan-seq", prefixSum(), f24, "", nil, ""},
	{"scan-seq", &Scan{Seq: true, Op: add, Init: Float(0)}, f24, "", nil, "pattern does not match"},
	{"propagate-local", MapK(MapWorkgroup, 0, Comp(&Join{}, propagate(), MapK(MapLocal, 0, &Scan{Seq: true, Op: add, Init: Float(0)}), &Split{N: Const(2)})), rows4x6, "0.1", nil, ""},
	{"propagate-local", MapK(MapWorkgroup, 0, Comp(&Join{}, propagate(), MapF(prefixSum()), &Split{N: Const(2)})), rows4x6, "0.1", nil, "made by a map-local"},
	{"propagate-local", Comp(&Join{}, propagate(), MapK(MapLocal, 0, prefixSum()), &Split{N: Const(2)}), f24, "1", nil, "inside a map-workgroup"},
	{"propagate-lookback", Comp(&Join{}, propagate(), MapK(MapWorkgroup, 0, &Scan{Seq: true, Op: add, Init: Float(0)}), &Split{N: Const(4)}), f24, "1", nil, ""},
	{"propagate-lookback", Comp(&Join{}, propagate(), MapF(prefixSum()), &Split{N: Const(4)}), f24, "1", nil, "made by a map-workgroup"},
	{"propagate-lookback", MapK(MapWorkgroup, 0, Comp(&Join{}, propagate(), MapF(prefixSum()), &Split{N: Const(2)})), rows4x6, "0.1", nil, "runs over all work-groups"},
	{"propagate-global", Comp(&Join{}, propagate(), MapK(MapGlobal, 0, &Scan{Seq: true, Op: add, Init: Float(0)}), &Split{N: Const(4)}), f24, "1", nil, ""},
	{"propagate-global", Comp(&Join{}, propagate(), MapF(prefixSum()), &Split{N: Const(4)}), f24, "1", nil, "made by a map-global"},
	{"propagate-global", MapK(MapWorkgroup, 0, Comp(&Join{}, propagate(), MapK(MapGlobal, 0, prefixSum()), &Split{N: Const(2)})), rows4x6, "0.1", nil, "runs over all work-groups"},
	{"reduce-local", MapK(MapWorkgroup, 0, Comp(sum(), &To{Space: Local, F: MapK(MapLocal, 0, abs)})), rows4x6, "0.0", nil, ""},
	{"reduce-local", Comp(sum(), MapK(MapGlobal, 0, abs)), f24, "0", nil, "must be inside a map-workgroup"},
	{"reduce-local", MapK(MapWorkgroup, 0, Comp(sum(), MapK(MapLocal, 0, abs))), rows4x6, "0.0", nil, "apply to-local first"},
	{"reduce-local", MapK(MapWorkgroup, 0, Comp(ReduceF(sub, Float(0)), &To{Space: Local, F: MapK(MapLocal, 0, abs)})), rows4x6, "0.0", nil, "not known to be associative"},
	// Fig. 7c
	{"reorder-stride", Comp(sum(), partRed(4), &Reorder{}), f24, "2", Params{"s": Const(4)}, ""},
	{"reorder-stride", Comp(sum(), partRed(4), &Reorder{}), f24, "2", Params{"s": Const(5)}, "cannot show that 5 divides"},
	{"reorder-id", Comp(sum(), partRed(4), &Reorder{}), f24, "2", nil, ""},
	{"reorder-id", Comp(sum(), partRed(4), &ReorderStride{S: Const(4)}), f24, "2", nil, "pattern does not match"},
	// Fig. 7d
	{"to-global", MapK(MapWorkgroup, 0, MapK(MapLocal, 0, abs)), rows4x6, "0", nil, ""},
	{"to-global", MapK(MapWorkgroup, 0, &To{Space: Local, F: MapK(MapLocal, 0, abs)}), rows4x6, "0.0", nil, "pattern does not match"},
	{"to-local", MapK(MapWorkgroup, 0, Comp(MapK(MapLocal, 0, abs), MapK(MapLocal, 0, neg))), rows4x6, "0.1", nil, ""},
	{"to-local", MapK(MapWorkgroup, 0, &To{Space: Global, F: MapK(MapLocal, 0, abs)}), rows4x6, "0.0", nil, "pattern does not match"},
	{"to-private", MapK(MapGlobal, 0, MapK(MapSeq, 0, abs)), rows4x6, "0", nil, ""},
	{"to-private", MapK(MapGlobal, 0, ReduceSeqF(add, Float(0))), rows4x6, "0", nil, ""},
	{"to-private", MapF(MapK(MapSeq, 0, abs)), rows4x6, "0", nil, "outside a work-item"},
	// Fig. 7e
	{"vectorise", MapF(abs), f24, "", Params{"n": Const(4)}, ""},
	{"vectorise", MapF(abs), f24, "", Params{"n": Const(5)}, "no vectors of width 5"},
	// Once per map: the map over vectors the rule leaves cannot be vectorised again.
	{"vectorise", Comp(&AsScalar{}, MapF(&Map{Kind: MapVec, F: abs}), &AsVector{N: 4}), f24, "1", Params{"n": Const(2)}, "pattern does not match"},
}

func TestRules(t *testing.T) {
	covered := map[string]bool{}
	for i, tc := range ruleCases {
		name := tc.rule
		if tc.wantErr != "" {
			name += "/refused"
		}
		t.Run(name, func(t *testing.T) {
			path, err := ParsePath(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			d, err := NewDerivation(tc.rule, tc.expr, tc.in)
			if err != nil {
				t.Fatalf("case %d: example does not type-check: %v", i, err)
			}
			err = d.Apply(tc.rule, path, tc.params)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("case %d: want refusal containing %q, got %v (%s)", i, tc.wantErr, err, Print(d.Current()))
				}
				return
			}
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			covered[tc.rule] = true
			after := d.Current()
			rng := rand.New(rand.NewSource(int64(i)))
			for _, sizes := range []Sizes{{"k": 3, "n": 4}, {"k": 1, "n": 8}, {"k": 5, "n": 2}} {
				x := randValue(rng, tc.in, sizes)
				want, err := Eval(tc.expr, x, sizes)
				if err != nil {
					t.Fatalf("before: %v", err)
				}
				got, err := Eval(after, x, sizes)
				if err != nil {
					t.Fatalf("after: %v\n  %s", err, Print(after))
				}
				if !Equal(got, want) {
					t.Fatalf("%s\n  before %s = %s\n  after  %s = %s", tc.rule, Print(tc.expr), FormatValue(want), Print(after), FormatValue(got))
				}
			}
		})
	}
	for _, r := range Rules() {
		if !covered[r.Name] {
			t.Errorf("rule %s has no passing example", r.Name)
		}
	}
}

func TestRuleNamesUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.Name] {
			t.Errorf("rule %s twice", r.Name)
		}
		seen[r.Name] = true
		if r.Doc == "" || r.Fig == "" || r.Width < 1 || r.Match == nil || r.Rewrite == nil {
			t.Errorf("rule %s is incomplete", r.Name)
		}
	}
}

// TestReorderStride checks the index function of Fig. 7c / Sect. 5.2:
// element i of the result is element i/I + s×(i%I) of the input, I = n/s.
func TestReorderStride(t *testing.T) {
	in := Array{Int(0), Int(1), Int(2), Int(3), Int(4), Int(5)}
	got, err := Eval(&ReorderStride{S: Const(2)}, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Array{Int(0), Int(2), Int(4), Int(1), Int(3), Int(5)}); !Equal(got, want) {
		t.Errorf("reorder-stride(2) = %s, want %s", FormatValue(got), FormatValue(want))
	}
}

func TestTypes(t *testing.T) {
	tests := []struct {
		f    Expr
		in   Type
		want string
	}{
		{Comp(sum(), MapF(abs)), ArrayOf(FloatT, Var("N")), "[float]_1"},
		{&Split{N: Var("n")}, ArrayOf(FloatT, Var("N")), "[[float]_n]_{N/n}"},
		{Comp(&Join{}, &Split{N: Const(4)}), f24, "[float]_24"},
		{&AsVector{N: 4}, ArrayOf(IntT, Var("N")), "[<int>_4]_{N/4}"},
		{MapK(MapWorkgroup, 0, &To{Space: Local, F: MapK(MapLocal, 0, abs)}), rows4x6, "[[float]_4@local]_6"},
		{Comp(MapF(Fun("mult")), &Zip{}), TupleType{f24, f24}, "[float]_24"},
		{&Iterate{N: 3, F: partRed(2)}, f16, "[float]_2"},
	}
	for _, tc := range tests {
		got, err := TypeOf(tc.f, tc.in)
		if err != nil {
			t.Errorf("%s: %v", Print(tc.f), err)
			continue
		}
		if FormatType(got) != tc.want {
			t.Errorf("%s : %s → %s, want %s", Print(tc.f), FormatType(tc.in), FormatType(got), tc.want)
		}
	}
	for _, bad := range []struct {
		f  Expr
		in Type
	}{
		{&Join{}, f24},
		{MapF(abs), rows4x6},
		{ReduceF(add, Int(0)), f24},
		{&Zip{}, TupleType{f24, f16}},
	} {
		if _, err := TypeOf(bad.f, bad.in); err == nil {
			t.Errorf("%s : %s type-checks", Print(bad.f), FormatType(bad.in))
		}
	}
}

// TestCandidates lists the moves a search has from the high-level asum.
func TestCandidates(t *testing.T) {
	start, in := asumStart()
	var got []string
	for _, c := range Candidates(start, in, Rules()) {
		got = append(got, c.Rule.Name+"@"+c.Path.String())
	}
	want := "reduce-part-red@0 reduce-seq@0 split-join@1 map-workgroup@1 map-global@1 map-seq@1 map-stride@1 vectorise@1"
	if strings.Join(got, " ") != want {
		t.Errorf("candidates\n got  %s\n want %s", strings.Join(got, " "), want)
	}
}
