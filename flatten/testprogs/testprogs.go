// Package testprogs holds hand-built SOAC IR programs with random input
// generators, shared by the tests of flatten and backend until the
// frontend can produce such programs from source.
package testprogs

import (
	"math/rand"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// Case is one test program: its entry point "main" and a generator of
// arguments for it.
type Case struct {
	Name  string
	Prog  *soac.Program
	Input func(r *rand.Rand) []values.Value
}

// b builds IR with short names; every name it hands out is unique.
type b struct{ ns soac.NameSource }

func (b *b) name(base string) soac.VName { return b.ns.New(base) }

func v(n soac.VName) soac.Var { return soac.Var{Name: n} }

func param(n soac.VName, t soac.Type) soac.Param { return soac.Param{Name: n, Type: t} }

func stm(p soac.Param, e soac.Exp) *soac.Stm {
	return &soac.Stm{Pat: []soac.Param{p}, Exp: e, Pos: soac.Pos{File: "test.fut", Line: 1, Col: 1}}
}

func c32(x int32) soac.SubExp { return soac.Const{Value: soac.IntValue(values.I32, int64(x))} }
func c64(x int64) soac.SubExp { return soac.I64(x) }
func cf32(x float32) soac.SubExp {
	return soac.Const{Value: soac.FloatValue(values.F32, float64(x))}
}

// binLam is the lambda \x y -> x op y on t.
func (b *b) binLam(op soac.BinOp, t soac.PrimType) *soac.Lambda {
	x, y, r := b.name("x"), b.name("y"), b.name("r")
	return &soac.Lambda{
		Params:  []soac.Param{param(x, soac.Prim(t)), param(y, soac.Prim(t))},
		Body:    &soac.Body{Stms: []*soac.Stm{stm(param(r, soac.Prim(t)), &soac.BinOpExp{Op: op, T: t, X: v(x), Y: v(y)})}, Result: []soac.SubExp{v(r)}},
		RetType: []soac.Type{soac.Prim(t)},
	}
}

func entry(params []soac.Param, ret []soac.Type, body *soac.Body) *soac.Program {
	return &soac.Program{Funs: []*soac.FunDef{{Name: "main", EntryName: "main", Params: params, RetType: ret, Body: body, Pos: soac.Pos{File: "test.fut", Line: 1, Col: 1}}}}
}

func randF32(r *rand.Rand, shape ...int64) values.Value {
	a := values.NewArray(values.F32, shape)
	for i := range a.Data.([]float32) {
		// Small integers keep float sums exact, so any reduction order
		// gives the interpreter's result.
		a.Data.([]float32)[i] = float32(r.Intn(201) - 100)
	}
	return a
}

func randI32(r *rand.Rand, lo, hi int64, shape ...int64) values.Value {
	a := values.NewArray(values.I32, shape)
	for i := range a.Data.([]int32) {
		a.Data.([]int32)[i] = int32(lo + r.Int63n(hi-lo+1))
	}
	return a
}

func randI64(r *rand.Rand, lo, hi int64, shape ...int64) values.Value {
	a := values.NewArray(values.I64, shape)
	for i := range a.Data.([]int64) {
		a.Data.([]int64)[i] = lo + r.Int63n(hi-lo+1)
	}
	return a
}

func size(r *rand.Rand) int64 { return 1 + r.Int63n(3000) }

// All returns every test case.
func All() []Case {
	return []Case{SumDoubled(), IncMatrix(), RowSums(), Dot(), InnerLoop(), IntOps(), SegRedomap()}
}

// SumDoubled is redomap (+) (*2) 0 on f32: a non-segmented segred.
func SumDoubled() Case {
	var b b
	n, xs, x, d, s := b.name("n"), b.name("xs"), b.name("x"), b.name("d"), b.name("s")
	f32 := soac.Prim(values.F32)
	mapLam := &soac.Lambda{
		Params:  []soac.Param{param(x, f32)},
		Body:    &soac.Body{Stms: []*soac.Stm{stm(param(d, f32), &soac.BinOpExp{Op: soac.Mul, T: values.F32, X: v(x), Y: cf32(2)})}, Result: []soac.SubExp{v(d)}},
		RetType: []soac.Type{f32},
	}
	body := &soac.Body{Stms: []*soac.Stm{stm(param(s, f32), &soac.ScremaExp{
		W: v(n), Inputs: []soac.VName{xs},
		Reds: []soac.Reduce{{Comm: true, Op: b.binLam(soac.Add, values.F32), Neutral: []soac.SubExp{cf32(0)}}},
		Map:  mapLam,
	})}, Result: []soac.SubExp{v(s)}}
	return Case{
		Name:  "sum_doubled",
		Prog:  entry([]soac.Param{param(xs, soac.Array(values.F32, v(n)))}, []soac.Type{f32}, body),
		Input: func(r *rand.Rand) []values.Value { return []values.Value{randF32(r, size(r))} },
	}
}

// IncMatrix is map (map (+1)) on an i32 matrix: a 2-D segmap by G2.
func IncMatrix() Case {
	var b b
	n, m, xss, row, x, y, inner, out := b.name("n"), b.name("m"), b.name("xss"), b.name("row"), b.name("x"), b.name("y"), b.name("inner"), b.name("out")
	i32 := soac.Prim(values.I32)
	innerLam := &soac.Lambda{
		Params:  []soac.Param{param(x, i32)},
		Body:    &soac.Body{Stms: []*soac.Stm{stm(param(y, i32), &soac.BinOpExp{Op: soac.Add, T: values.I32, X: v(x), Y: c32(1)})}, Result: []soac.SubExp{v(y)}},
		RetType: []soac.Type{i32},
	}
	rowT := soac.Array(values.I32, v(m))
	outerLam := &soac.Lambda{
		Params: []soac.Param{param(row, rowT)},
		Body: &soac.Body{Stms: []*soac.Stm{stm(param(inner, rowT), &soac.ScremaExp{W: v(m), Inputs: []soac.VName{row}, Map: innerLam})},
			Result: []soac.SubExp{v(inner)}},
		RetType: []soac.Type{rowT},
	}
	matT := soac.Array(values.I32, v(n), v(m))
	body := &soac.Body{Stms: []*soac.Stm{stm(param(out, matT), &soac.ScremaExp{W: v(n), Inputs: []soac.VName{xss}, Map: outerLam})}, Result: []soac.SubExp{v(out)}}
	return Case{
		Name: "inc_matrix",
		Prog: entry([]soac.Param{param(xss, matT)}, []soac.Type{matT}, body),
		Input: func(r *rand.Rand) []values.Value {
			return []values.Value{randI32(r, -1<<31, 1<<31-1, 1+r.Int63n(60), 1+r.Int63n(60))}
		},
	}
}

// RowSums is map (reduce (+) 0) on an f32 matrix: a segmented segred.
func RowSums() Case {
	var b b
	n, m, xss, row, x, s, out := b.name("n"), b.name("m"), b.name("xss"), b.name("row"), b.name("x"), b.name("s"), b.name("out")
	f32 := soac.Prim(values.F32)
	idLam := &soac.Lambda{Params: []soac.Param{param(x, f32)}, Body: &soac.Body{Result: []soac.SubExp{v(x)}}, RetType: []soac.Type{f32}}
	rowT := soac.Array(values.F32, v(m))
	outerLam := &soac.Lambda{
		Params: []soac.Param{param(row, rowT)},
		Body: &soac.Body{Stms: []*soac.Stm{stm(param(s, f32), &soac.ScremaExp{
			W: v(m), Inputs: []soac.VName{row},
			Reds: []soac.Reduce{{Comm: true, Op: b.binLam(soac.Add, values.F32), Neutral: []soac.SubExp{cf32(0)}}},
			Map:  idLam,
		})}, Result: []soac.SubExp{v(s)}},
		RetType: []soac.Type{f32},
	}
	body := &soac.Body{Stms: []*soac.Stm{stm(param(out, soac.Array(values.F32, v(n))), &soac.ScremaExp{W: v(n), Inputs: []soac.VName{xss}, Map: outerLam})}, Result: []soac.SubExp{v(out)}}
	return Case{
		Name:  "row_sums",
		Prog:  entry([]soac.Param{param(xss, soac.Array(values.F32, v(n), v(m)))}, []soac.Type{soac.Array(values.F32, v(n))}, body),
		Input: func(r *rand.Rand) []values.Value { return []values.Value{randF32(r, 1+r.Int63n(80), r.Int63n(80))} },
	}
}

// Dot is redomap (+) (*) 0 over two i32 arrays that share the size n,
// followed by host-side scalar code on the result.
func Dot() Case {
	var b b
	n, xs, ys, x, y, p, s, t := b.name("n"), b.name("xs"), b.name("ys"), b.name("x"), b.name("y"), b.name("p"), b.name("s"), b.name("t")
	i32 := soac.Prim(values.I32)
	mapLam := &soac.Lambda{
		Params:  []soac.Param{param(x, i32), param(y, i32)},
		Body:    &soac.Body{Stms: []*soac.Stm{stm(param(p, i32), &soac.BinOpExp{Op: soac.Mul, T: values.I32, X: v(x), Y: v(y)})}, Result: []soac.SubExp{v(p)}},
		RetType: []soac.Type{i32},
	}
	body := &soac.Body{Stms: []*soac.Stm{
		stm(param(s, i32), &soac.ScremaExp{
			W: v(n), Inputs: []soac.VName{xs, ys},
			Reds: []soac.Reduce{{Comm: true, Op: b.binLam(soac.Add, values.I32), Neutral: []soac.SubExp{c32(0)}}},
			Map:  mapLam,
		}),
		stm(param(t, i32), &soac.BinOpExp{Op: soac.Div, T: values.I32, X: v(s), Y: c32(-7)}),
	}, Result: []soac.SubExp{v(s), v(t)}}
	arr := soac.Array(values.I32, v(n))
	return Case{
		Name: "dot",
		Prog: entry([]soac.Param{param(xs, arr), param(ys, arr)}, []soac.Type{i32, i32}, body),
		Input: func(r *rand.Rand) []values.Value {
			k := size(r)
			return []values.Value{randI32(r, -1000, 1000, k), randI32(r, -1000, 1000, k)}
		},
	}
}

// InnerLoop is map (\x -> loop acc = 0 for i < x mod 10 do acc + i*x): a
// segmap with a sequential loop in its body.
func InnerLoop() Case {
	var b b
	n, xs, x, k, acc, i, ix, acc2, out := b.name("n"), b.name("xs"), b.name("x"), b.name("k"), b.name("acc"), b.name("i"), b.name("ix"), b.name("acc2"), b.name("out")
	i64 := soac.Prim(values.I64)
	loop := &soac.LoopExp{
		Params: []soac.Param{param(acc, i64)},
		Init:   []soac.SubExp{c64(0)},
		Form:   soac.ForLoop{Index: i, T: values.I64, Bound: v(k)},
		Body: &soac.Body{Stms: []*soac.Stm{
			stm(param(ix, i64), &soac.BinOpExp{Op: soac.Mul, T: values.I64, X: v(i), Y: v(x)}),
			stm(param(acc2, i64), &soac.BinOpExp{Op: soac.Add, T: values.I64, X: v(acc), Y: v(ix)}),
		}, Result: []soac.SubExp{v(acc2)}},
	}
	res := b.name("res")
	mapLam := &soac.Lambda{
		Params: []soac.Param{param(x, i64)},
		Body: &soac.Body{Stms: []*soac.Stm{
			stm(param(k, i64), &soac.BinOpExp{Op: soac.Mod, T: values.I64, X: v(x), Y: c64(10)}),
			stm(param(res, i64), loop),
		}, Result: []soac.SubExp{v(res)}},
		RetType: []soac.Type{i64},
	}
	arr := soac.Array(values.I64, v(n))
	body := &soac.Body{Stms: []*soac.Stm{stm(param(out, arr), &soac.ScremaExp{W: v(n), Inputs: []soac.VName{xs}, Map: mapLam})}, Result: []soac.SubExp{v(out)}}
	return Case{
		Name:  "inner_loop",
		Prog:  entry([]soac.Param{param(xs, arr)}, []soac.Type{arr}, body),
		Input: func(r *rand.Rand) []values.Value { return []values.Value{randI64(r, -1000000, 1000000, size(r))} },
	}
}
