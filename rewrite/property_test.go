package rewrite

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/fcclang/fcc/flatten/testprogs"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// progGen generates random well-typed programs: scalar arithmetic,
// comparisons and ifs, maps, reductions and redomaps over i32 arrays of
// one size n, iotas and replicates, and for-loops, nested in each other.
type progGen struct {
	r  *rand.Rand
	ns soac.NameSource
	n  soac.SubExp
	k  soac.SubExp
}

type genEnv struct {
	scalars []soac.SubExp // i32
	arrays  []soac.VName  // [n]i32
	bools   []soac.SubExp
}

func (g *progGen) name(base string) soac.VName { return g.ns.New(base) }

var i32T = soac.Prim(values.I32)

func (g *progGen) scalar(env *genEnv) soac.SubExp {
	if len(env.scalars) == 0 || g.r.Intn(5) == 0 {
		return soac.Const{Value: soac.IntValue(values.I32, int64(g.r.Intn(7)-3))}
	}
	return env.scalars[g.r.Intn(len(env.scalars))]
}

func (g *progGen) lambda(env *genEnv, params []soac.Param, nres, depth int) *soac.Lambda {
	inner := &genEnv{scalars: append([]soac.SubExp(nil), env.scalars...), arrays: env.arrays, bools: env.bools}
	for _, p := range params {
		inner.scalars = append(inner.scalars, soac.Var{Name: p.Name})
	}
	stms := g.stms(inner, 1+g.r.Intn(4), depth+1, false)
	res := make([]soac.SubExp, nres)
	rts := make([]soac.Type, nres)
	for i := range res {
		res[i] = g.scalar(inner)
		rts[i] = i32T
	}
	return &soac.Lambda{Params: params, Body: &soac.Body{Stms: stms, Result: res}, RetType: rts}
}

func (g *progGen) binLam(op soac.BinOp) *soac.Lambda {
	a, b, r := g.name("a"), g.name("b"), g.name("r")
	return &soac.Lambda{
		Params:  []soac.Param{{Name: a, Type: i32T}, {Name: b, Type: i32T}},
		Body:    &soac.Body{Stms: []*soac.Stm{{Pat: []soac.Param{{Name: r, Type: i32T}}, Exp: &soac.BinOpExp{Op: op, T: values.I32, X: soac.Var{Name: a}, Y: soac.Var{Name: b}}}}, Result: []soac.SubExp{soac.Var{Name: r}}},
		RetType: []soac.Type{i32T},
	}
}

// stms generates count statements, adding what they bind to env.
// top says whether arrays may be made (the body is at function level, or
// in a loop there): lambdas compute scalars only.
func (g *progGen) stms(env *genEnv, count, depth int, top bool) []*soac.Stm {
	var out []*soac.Stm
	let := func(t soac.Type, e soac.Exp) soac.VName {
		n := g.name("v")
		out = append(out, &soac.Stm{Pat: []soac.Param{{Name: n, Type: t}}, Exp: e})
		return n
	}
	arrT := soac.Array(values.I32, g.n)
	for i := 0; i < count; i++ {
		kind := g.r.Intn(10)
		if depth >= 3 && kind >= 5 {
			kind %= 5
		}
		switch {
		case kind <= 2:
			ops := []soac.BinOp{soac.Add, soac.Sub, soac.Mul, soac.Min, soac.Max, soac.And, soac.Xor, soac.Div, soac.Mod}
			op := ops[g.r.Intn(len(ops))]
			y := g.scalar(env)
			if op == soac.Div || op == soac.Mod {
				y = soac.Const{Value: soac.IntValue(values.I32, int64(1+g.r.Intn(4)))}
			}
			x := g.scalar(env)
			if g.r.Intn(2) == 0 {
				x, y = y, x
				if op == soac.Div || op == soac.Mod {
					x, y = y, x
				}
			}
			env.scalars = append(env.scalars, soac.Var{Name: let(i32T, &soac.BinOpExp{Op: op, T: values.I32, X: x, Y: y})})
		case kind == 3:
			ops := []soac.CmpOp{soac.Eq, soac.Lt, soac.Le}
			env.bools = append(env.bools, soac.Var{Name: let(soac.Prim(values.Bool), &soac.CmpOpExp{Op: ops[g.r.Intn(3)], T: values.I32, X: g.scalar(env), Y: g.scalar(env)})})
		case kind == 4:
			var c soac.SubExp = soac.Const{Value: soac.BoolValue(g.r.Intn(2) == 0)}
			if len(env.bools) > 0 && g.r.Intn(4) != 0 {
				c = env.bools[g.r.Intn(len(env.bools))]
			}
			branch := func() *soac.Body {
				inner := &genEnv{scalars: append([]soac.SubExp(nil), env.scalars...), arrays: env.arrays, bools: env.bools}
				st := g.stms(inner, g.r.Intn(3), depth+1, false)
				return &soac.Body{Stms: st, Result: []soac.SubExp{g.scalar(inner)}}
			}
			env.scalars = append(env.scalars, soac.Var{Name: let(i32T, &soac.IfExp{Cond: c, Then: branch(), Else: branch(), Types: []soac.Type{i32T}})})
		case kind == 5 && top:
			// map over one or two arrays, one or two results
			if len(env.arrays) == 0 {
				continue
			}
			nin := 1 + g.r.Intn(2)
			var inputs []soac.VName
			var params []soac.Param
			for j := 0; j < nin; j++ {
				inputs = append(inputs, env.arrays[g.r.Intn(len(env.arrays))])
				params = append(params, soac.Param{Name: g.name("x"), Type: i32T})
			}
			nres := 1 + g.r.Intn(2)
			lam := g.lambda(env, params, nres, depth)
			pat := make([]soac.Param, nres)
			for j := range pat {
				pat[j] = soac.Param{Name: g.name("m"), Type: arrT}
				env.arrays = append(env.arrays, pat[j].Name)
			}
			out = append(out, &soac.Stm{Pat: pat, Exp: &soac.ScremaExp{W: g.n, Inputs: inputs, Map: lam}})
		case kind == 6:
			// reduce or redomap, inside lambdas too
			if len(env.arrays) == 0 {
				continue
			}
			in := env.arrays[g.r.Intn(len(env.arrays))]
			p := soac.Param{Name: g.name("x"), Type: i32T}
			lam := &soac.Lambda{Params: []soac.Param{p}, Body: &soac.Body{Result: []soac.SubExp{soac.Var{Name: p.Name}}}, RetType: []soac.Type{i32T}}
			if g.r.Intn(2) == 0 {
				lam = g.lambda(env, []soac.Param{p}, 1, depth)
			}
			op, ne := soac.Add, int64(0)
			if g.r.Intn(2) == 0 {
				op, ne = soac.Max, -1<<31
			}
			red := soac.Reduce{Comm: true, Op: g.binLam(op), Neutral: []soac.SubExp{soac.Const{Value: soac.IntValue(values.I32, ne)}}}
			env.scalars = append(env.scalars, soac.Var{Name: let(i32T, &soac.ScremaExp{W: g.n, Inputs: []soac.VName{in}, Reds: []soac.Reduce{red}, Map: lam})})
		case kind == 7 && top:
			if g.r.Intn(2) == 0 {
				env.arrays = append(env.arrays, let(arrT, &soac.IotaExp{N: g.n, Start: soac.Const{Value: soac.IntValue(values.I32, 0)}, Step: soac.Const{Value: soac.IntValue(values.I32, 1)}, T: values.I32}))
			} else {
				env.arrays = append(env.arrays, let(arrT, &soac.ReplicateExp{Shape: []soac.SubExp{g.n}, X: g.scalar(env)}))
			}
		case kind == 8:
			// for-loop with a scalar accumulator
			acc, idx := g.name("acc"), g.name("i")
			inner := &genEnv{scalars: append(append([]soac.SubExp(nil), env.scalars...), soac.Var{Name: acc}), arrays: env.arrays, bools: env.bools}
			var pre []*soac.Stm
			ic := g.name("ic")
			pre = append(pre, &soac.Stm{Pat: []soac.Param{{Name: ic, Type: i32T}}, Exp: &soac.ConvOpExp{From: values.I64, To: values.I32, X: soac.Var{Name: idx}}})
			inner.scalars = append(inner.scalars, soac.Var{Name: ic})
			st := g.stms(inner, 1+g.r.Intn(3), depth+1, false)
			body := &soac.Body{Stms: append(pre, st...), Result: []soac.SubExp{g.scalar(inner)}}
			loop := &soac.LoopExp{Params: []soac.Param{{Name: acc, Type: i32T}}, Init: []soac.SubExp{g.scalar(env)}, Form: soac.ForLoop{Index: idx, T: values.I64, Bound: g.k}, Body: body}
			env.scalars = append(env.scalars, soac.Var{Name: let(i32T, loop)})
		default:
			env.scalars = append(env.scalars, soac.Var{Name: let(i32T, &soac.SubExpExp{X: g.scalar(env)})})
		}
	}
	return out
}

// genProgram makes one random program.
func genProgram(seed int64) *soac.Program {
	g := &progGen{r: rand.New(rand.NewSource(seed))}
	n, k := g.name("n"), g.name("k")
	g.n, g.k = soac.Var{Name: n}, soac.Var{Name: k}
	xs, ys, x := g.name("xs"), g.name("ys"), g.name("x")
	arrT := soac.Array(values.I32, g.n)
	env := &genEnv{scalars: []soac.SubExp{soac.Var{Name: x}}, arrays: []soac.VName{xs, ys}}
	stms := g.stms(env, 4+g.r.Intn(10), 0, true)
	res := []soac.SubExp{env.scalars[len(env.scalars)-1], g.scalar(env), soac.Var{Name: env.arrays[len(env.arrays)-1]}}
	ret := []soac.Type{i32T, i32T, arrT}
	return &soac.Program{Funs: []*soac.FunDef{{
		Name: "main", EntryName: "main",
		Params:  []soac.Param{{Name: xs, Type: arrT}, {Name: ys, Type: arrT}, {Name: k, Type: soac.Prim(values.I64)}, {Name: x, Type: i32T}},
		RetType: ret,
		Body:    &soac.Body{Stms: stms, Result: res},
	}}}
}

// TestOptimiseRandom is the property test: random programs compute the
// same results before and after Optimise, and stay valid.
func TestOptimiseRandom(t *testing.T) {
	fired := map[string]int{}
	for seed := int64(0); seed < 300; seed++ {
		p := genProgram(seed)
		validate(t, p, fmt.Sprintf("generated program %d", seed))
		before := soac.Print(p)
		q, log, err := Optimise(p)
		if err != nil {
			t.Fatal(err)
		}
		if soac.Print(p) != before {
			t.Fatal("Optimise modified its input")
		}
		for _, s := range log.Steps {
			fired[s.Rule]++
		}
		validate(t, q, fmt.Sprintf("optimised program %d", seed))
		uniqueNames(t, q)
		sameResults(t, p, q, seed, 8, 6)
	}
	t.Logf("rules fired: %v", fired)
}

// canonicalProgram prints a program with every bound name replaced by a
// canonical one in order of binding, so that two programs that differ
// only in the names they chose print the same.
func canonicalProgram(p *soac.Program) string {
	out := &soac.Program{}
	for _, f := range p.Funs {
		n := 0
		c := soac.NewCopier(nil, func(soac.VName) soac.VName {
			n++
			return soac.VName(fmt.Sprintf("v%d", n))
		})
		nf := *f
		nf.Params = c.Params(f.Params)
		nf.Body = c.Body(f.Body)
		nf.RetType = c.Types(f.RetType)
		out.Funs = append(out.Funs, &nf)
	}
	return soac.Print(out)
}

// TestSimplifyConfluent runs the simplify rules in several random orders
// on the test programs and checks that the results are the same.
func TestSimplifyConfluent(t *testing.T) {
	var progs []*soac.Program
	for _, rc := range ruleCases {
		progs = append(progs, parse(t, rc.prog))
	}
	for _, c := range testprogs.All() {
		progs = append(progs, c.Prog)
	}
	for _, g := range goldenCases {
		progs = append(progs, compile(t, g.src))
	}
	for seed := int64(0); seed < 40; seed++ {
		progs = append(progs, genProgram(seed))
	}
	rules := SimplifyRules()
	for i, p := range progs {
		q, _, _ := Run(p, rules, Options{})
		want := canonicalProgram(q)
		for seed := int64(1); seed <= 4; seed++ {
			r := rand.New(rand.NewSource(seed*1000 + int64(i)))
			q2, _, _ := Run(p, rules, Options{Order: func(n int) []int { return r.Perm(n) }})
			if got := canonicalProgram(q2); got != want {
				t.Fatalf("program %d: the result depends on the order of the rules:\nin order:\n%s\nrandom order:\n%s", i, want, got)
			}
		}
	}
}
