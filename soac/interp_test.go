package soac

import (
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

// sumDoubled builds: entry main (xs: [n]f32): f32 = reduce (+) 0 (map (*2) xs),
// as a redomap screma.
func sumDoubled() *Program {
	ns := &NameSource{}
	n, xs := ns.New("n"), ns.New("xs")
	x, y := ns.New("x"), ns.New("y")
	a, b, c := ns.New("a"), ns.New("b"), ns.New("c")
	r := ns.New("r")
	f32 := values.F32
	mapLam := &Lambda{
		Params:  []Param{{x, Prim(f32)}},
		Body:    &Body{Stms: []*Stm{{Pat: []Param{{y, Prim(f32)}}, Exp: &BinOpExp{Op: Mul, T: f32, X: Var{x}, Y: Const{FloatValue(f32, 2)}}}}, Result: []SubExp{Var{y}}},
		RetType: []Type{Prim(f32)},
	}
	add := &Lambda{
		Params:  []Param{{a, Prim(f32)}, {b, Prim(f32)}},
		Body:    &Body{Stms: []*Stm{{Pat: []Param{{c, Prim(f32)}}, Exp: &BinOpExp{Op: Add, T: f32, X: Var{a}, Y: Var{b}}}}, Result: []SubExp{Var{c}}},
		RetType: []Type{Prim(f32)},
	}
	body := &Body{
		Stms: []*Stm{{Pat: []Param{{r, Prim(f32)}}, Exp: &ScremaExp{W: Var{n}, Inputs: []VName{xs},
			Reds: []Reduce{{Comm: true, Op: add, Neutral: []SubExp{Const{FloatValue(f32, 0)}}}}, Map: mapLam}}},
		Result: []SubExp{Var{r}},
	}
	return &Program{Funs: []*FunDef{{Name: "main", EntryName: "main", Params: []Param{{xs, Array(f32, Var{n})}}, RetType: []Type{Prim(f32)}, Body: body}}}
}

func TestInterpretRedomap(t *testing.T) {
	prog := sumDoubled()
	for _, n := range []int64{0, 1, 1000} {
		arr := values.NewArray(values.F32, []int64{n})
		var want float32
		for i := range arr.Data.([]float32) {
			arr.Data.([]float32)[i] = float32(i)
			want += 2 * float32(i)
		}
		res, err := NewInterpreter(prog).RunEntry("main", []Value{ArrVal(arr)})
		if err != nil {
			t.Fatal(err)
		}
		if got := float32(res[0].Prim.Float()); got != want {
			t.Errorf("n=%d: got %v, want %v", n, got, want)
		}
	}
}

func TestPrintIsStable(t *testing.T) {
	got := Print(sumDoubled())
	want := `entry "main"
fun main (xs_2: [n_1]f32): {f32} = {
  let {r_8: f32} = screma n_1 (xs_2)
    reduce_comm (0f32) \(a_5: f32, b_6: f32): {f32} -> {
      let {c_7: f32} = add f32 a_5 b_6
      in {c_7}
    }
    map \(x_3: f32): {f32} -> {
      let {y_4: f32} = mul f32 x_3 2f32
      in {y_4}
    }
  in {r_8}
}
`
	if got != want {
		t.Errorf("printed IR:\n%s\nwant:\n%s", got, want)
	}
}

// BenchmarkInterpretSumMap measures the interpreter on
// reduce (+) 0 (map (*2) xs) over 10^6 elements.
func BenchmarkInterpretSumMap(b *testing.B) {
	prog := sumDoubled()
	arr := values.NewArray(values.F32, []int64{1_000_000})
	for i := 0; i < b.N; i++ {
		if _, err := NewInterpreter(prog).RunEntry("main", []Value{ArrVal(arr)}); err != nil {
			b.Fatal(err)
		}
	}
}
