package testprogs

import (
	"math/rand"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// lamBuilder accumulates the statements of a lambda body.
type lamBuilder struct {
	b    *b
	stms []*soac.Stm
}

func (l *lamBuilder) let(t soac.PrimType, e soac.Exp) soac.SubExp {
	n := l.b.name("t")
	l.stms = append(l.stms, stm(param(n, soac.Prim(t)), e))
	return v(n)
}

func (l *lamBuilder) bin(op soac.BinOp, t soac.PrimType, x, y soac.SubExp) soac.SubExp {
	return l.let(t, &soac.BinOpExp{Op: op, T: t, X: x, Y: y})
}

func (l *lamBuilder) conv(from, to soac.PrimType, x soac.SubExp) soac.SubExp {
	return l.let(to, &soac.ConvOpExp{From: from, To: to, X: x})
}

// IntOps is a map over two i32 arrays computing every binary operator on
// several integer types, comparisons, unary operators and conversions: it
// checks that kernels follow the interpreter's scalar semantics exactly.
func IntOps() Case {
	var bb b
	n, xs, ys, x, y := bb.name("n"), bb.name("xs"), bb.name("ys"), bb.name("x"), bb.name("y")
	l := &lamBuilder{b: &bb}
	var res []soac.SubExp
	var rts []soac.PrimType
	out := func(t soac.PrimType, se soac.SubExp) { res = append(res, se); rts = append(rts, t) }
	yz := l.bin(soac.Or, values.I32, v(y), c32(1)) // odd, hence non-zero
	for _, t := range []soac.PrimType{values.I32, values.I8, values.U16, values.I64, values.U64} {
		xt, yt, yzt := l.conv(values.I32, t, v(x)), l.conv(values.I32, t, v(y)), l.conv(values.I32, t, yz)
		for _, op := range []soac.BinOp{soac.Div, soac.Mod, soac.Quot, soac.Rem} {
			out(t, l.bin(op, t, xt, yzt))
		}
		for _, op := range []soac.BinOp{soac.Add, soac.Sub, soac.Mul, soac.Shl, soac.Shr, soac.LShr, soac.And, soac.Xor, soac.Min, soac.Max} {
			out(t, l.bin(op, t, xt, yt))
		}
		e := l.conv(values.I32, t, l.bin(soac.And, values.I32, v(y), c32(7)))
		out(t, l.bin(soac.Pow, t, xt, e))
		for _, op := range []soac.UnOp{soac.Neg, soac.Complement, soac.Abs, soac.Signum} {
			out(t, l.let(t, &soac.UnOpExp{Op: op, T: t, X: xt}))
		}
		out(values.Bool, l.let(values.Bool, &soac.CmpOpExp{Op: soac.Lt, T: t, X: xt, Y: yt}))
		out(values.Bool, l.let(values.Bool, &soac.CmpOpExp{Op: soac.Le, T: t, X: xt, Y: yt}))
	}
	// Floats: division, min/max, and conversions back to integers, some of
	// them out of range.
	xf := l.conv(values.I32, values.F64, v(x))
	yf := l.conv(values.I32, values.F64, v(y))
	q := l.bin(soac.Div, values.F64, xf, yf)
	out(values.F64, q)
	out(values.F64, l.bin(soac.Max, values.F64, xf, yf))
	out(values.F64, l.bin(soac.Mod, values.F64, xf, yf))
	big := l.bin(soac.Mul, values.F64, xf, soac.Const{Value: soac.FloatValue(values.F64, 1e10)})
	out(values.I32, l.conv(values.F64, values.I32, big))
	out(values.I64, l.conv(values.F64, values.I64, big))
	out(values.U8, l.conv(values.F64, values.U8, q))
	out(values.U64, l.conv(values.F64, values.U64, big))
	xs32 := l.conv(values.I32, values.F32, v(x))
	out(values.F32, l.bin(soac.Div, values.F32, xs32, l.conv(values.I32, values.F32, yz)))
	out(values.I16, l.conv(values.F32, values.I16, xs32))
	out(values.Bool, l.conv(values.F32, values.Bool, xs32))
	out(values.F32, l.let(values.F32, &soac.UnOpExp{Op: soac.Signum, T: values.F32, X: xs32}))
	bl := l.let(values.Bool, &soac.CmpOpExp{Op: soac.Eq, T: values.I32, X: v(x), Y: v(y)})
	out(values.Bool, l.let(values.Bool, &soac.UnOpExp{Op: soac.Not, T: values.Bool, X: bl}))
	out(values.I32, l.conv(values.Bool, values.I32, bl))

	rets := make([]soac.Type, len(rts))
	arrs := make([]soac.Type, len(rts))
	pat := make([]soac.Param, len(rts))
	for i, t := range rts {
		rets[i] = soac.Prim(t)
		arrs[i] = soac.Array(t, v(n))
		pat[i] = param(bb.name("o"), arrs[i])
	}
	results := make([]soac.SubExp, len(pat))
	for i, p := range pat {
		results[i] = v(p.Name)
	}
	i32 := soac.Prim(values.I32)
	mapLam := &soac.Lambda{Params: []soac.Param{param(x, i32), param(y, i32)}, Body: &soac.Body{Stms: l.stms, Result: res}, RetType: rets}
	body := &soac.Body{Stms: []*soac.Stm{{Pat: pat, Exp: &soac.ScremaExp{W: v(n), Inputs: []soac.VName{xs, ys}, Map: mapLam}}}, Result: results}
	arr := soac.Array(values.I32, v(n))
	return Case{
		Name: "int_ops",
		Prog: entry([]soac.Param{param(xs, arr), param(ys, arr)}, arrs, body),
		Input: func(r *rand.Rand) []values.Value {
			k := 1 + r.Int63n(500)
			xv, yv := randI32(r, -1<<31, 1<<31-1, k), randI32(r, -100, 100, k)
			// Mix in extreme values.
			xd := xv.Data.([]int32)
			xd[0] = -1 << 31
			if k > 1 {
				xd[1] = 1<<31 - 1
			}
			return []values.Value{xv, yv}
		},
	}
}

// SegRedomap is map (\row -> redomap max (*3) i32.min row) with the
// mapped row also returned: a segmented segred with a map-out result,
// followed by a host-side loop over a scalar argument.
func SegRedomap() Case {
	var bb b
	n, m, xss, row, x, x3, s, xs3, outS, outM := bb.name("n"), bb.name("m"), bb.name("xss"), bb.name("row"), bb.name("x"), bb.name("x3"), bb.name("s"), bb.name("xs3"), bb.name("outs"), bb.name("outm")
	k, acc, it, acc2, res := bb.name("k"), bb.name("acc"), bb.name("it"), bb.name("acc2"), bb.name("res")
	i32 := soac.Prim(values.I32)
	mapLam := &soac.Lambda{
		Params:  []soac.Param{param(x, i32)},
		Body:    &soac.Body{Stms: []*soac.Stm{stm(param(x3, i32), &soac.BinOpExp{Op: soac.Mul, T: values.I32, X: v(x), Y: c32(3)})}, Result: []soac.SubExp{v(x3), v(x3)}},
		RetType: []soac.Type{i32, i32},
	}
	rowT := soac.Array(values.I32, v(m))
	outerLam := &soac.Lambda{
		Params: []soac.Param{param(row, rowT)},
		Body: &soac.Body{Stms: []*soac.Stm{{Pat: []soac.Param{param(s, i32), param(xs3, rowT)}, Exp: &soac.ScremaExp{
			W: v(m), Inputs: []soac.VName{row},
			Reds: []soac.Reduce{{Comm: true, Op: bb.binLam(soac.Max, values.I32), Neutral: []soac.SubExp{c32(-1 << 31)}}},
			Map:  mapLam,
		}}}, Result: []soac.SubExp{v(s), v(xs3)}},
		RetType: []soac.Type{i32, rowT},
	}
	sT, mT := soac.Array(values.I32, v(n)), soac.Array(values.I32, v(n), v(m))
	i64 := soac.Prim(values.I64)
	loop := &soac.LoopExp{
		Params: []soac.Param{param(acc, i64)},
		Init:   []soac.SubExp{v(k)},
		Form:   soac.ForLoop{Index: it, T: values.I64, Bound: v(k)},
		Body:   &soac.Body{Stms: []*soac.Stm{stm(param(acc2, i64), &soac.BinOpExp{Op: soac.Mul, T: values.I64, X: v(acc), Y: v(it)})}, Result: []soac.SubExp{v(acc2)}},
	}
	body := &soac.Body{Stms: []*soac.Stm{
		{Pat: []soac.Param{param(outS, sT), param(outM, mT)}, Exp: &soac.ScremaExp{W: v(n), Inputs: []soac.VName{xss}, Map: outerLam}},
		stm(param(res, i64), loop),
	}, Result: []soac.SubExp{v(outS), v(outM), v(res)}}
	return Case{
		Name: "seg_redomap",
		Prog: entry([]soac.Param{param(xss, mT), param(k, i64)}, []soac.Type{sT, mT, i64}, body),
		Input: func(r *rand.Rand) []values.Value {
			return []values.Value{randI32(r, -1000, 1000, 1+r.Int63n(50), r.Int63n(50)), values.Scalar(r.Int63n(20))}
		},
	}
}
