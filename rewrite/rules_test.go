package rewrite

import (
	"math"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// ruleCase is a before/after test of one rule: the rule alone is applied
// to the program (in the IR's text form); it must fire, and the program
// must compute the same results on random inputs before and after.
type ruleCase struct {
	rule *Rule
	prog string
}

var ruleCases = []ruleCase{
	{DeadCode, `entry "main"
fun main (x: i32): {i32} = {
  let {a: i32} = add i32 x 1i32
  let {b: i32} = div i32 x 0i32
  in {x}
}`},
	{CopyPropagate, `entry "main"
fun main (x: i32, xs: [n]i32): {i32, [n]i32} = {
  let {a: i32} = x
  let {ys: [n]i32} = xs
  let {b: i32} = add i32 a 1i32
  in {b, ys}
}`},
	{ConstPropagate, `entry "main"
fun main (x: i32): {i32} = {
  let {a: i32} = 3i32
  let {b: i32} = add i32 x a
  in {b}
}`},
	{ConstFold, `entry "main"
fun main (x: i32): {i32, f32, bool, i64} = {
  let {a: i32} = add i32 2147483647i32 1i32
  let {b: f32} = div f32 1f32 3f32
  let {c: bool} = lt i32 a 0i32
  let {d: i64} = convert i32 i64 a
  let {e: i32} = add i32 x a
  in {e, b, c, d}
}`},
	{Algebra, `entry "main"
fun main (x: i32, f: f32, c: bool): {i32, i32, i32, i32, f32, bool, bool, i32} = {
  let {a: i32} = add i32 x 0i32
  let {b: i32} = mul i32 1i32 x
  let {z: i32} = mul i32 x 0i32
  let {d: i32} = sub i32 x x
  let {g: f32} = mul f32 f 1f32
  let {h: bool} = logand bool c true
  let {n1: bool} = not bool c
  let {n2: bool} = not bool n1
  let {q: i32} = div i32 x 1i32
  in {a, b, z, d, g, h, n2, q}
}`},
	{CommuteConst, `entry "main"
fun main (x: i32): {i32} = {
  let {a: i32} = add i32 5i32 x
  in {a}
}`},
	{SubConst, `entry "main"
fun main (x: i32): {i32} = {
  let {a: i32} = sub i32 x -2147483648i32
  in {a}
}`},
	{Reassociate, `entry "main"
fun main (x: i64): {i64, i64} = {
  let {a: i64} = add i64 x 1i64
  let {b: i64} = add i64 2i64 a
  let {c: i64} = mul i64 x 3i64
  let {d: i64} = mul i64 c 5i64
  in {b, d}
}`},
	{IfConst, `entry "main"
fun main (x: i32): {i32} = {
  let {r: i32} = if true : {i32}
  then {
    let {t: i32} = add i32 x 1i32
    in {t}
  }
  else {
    in {x}
  }
  in {r}
}`},
	{IfSame, `entry "main"
fun main (x: i32, c: bool): {i32} = {
  let {r: i32} = if c : {i32}
  then {
    let {t: i32} = add i32 x 1i32
    in {t}
  }
  else {
    let {u: i32} = add i32 x 1i32
    in {u}
  }
  in {r}
}`},
	{IfResult, `entry "main"
fun main (x: i32): {bool, i32, bool} = {
  let {c: bool} = lt i32 x 0i32
  let {r: bool, s: i32, t: bool} = if c : {bool, i32, bool}
  then {
    in {true, x, false}
  }
  else {
    in {false, x, true}
  }
  in {r, s, t}
}`},
	{CSE, `entry "main"
fun main (x: i32, y: i32): {i32} = {
  let {a: i32} = add i32 x y
  let {b: i32} = add i32 y x
  let {c: i32} = mul i32 a b
  in {c}
}`},
	{IndexIota, `entry "main"
fun main (n: i64): {i32} = {
  let {is: [n]i32} = iota i32 n 3i32 2i32
  let {r: i32} = loop {acc: i32 = 0i32} for i: i64 < n
  do {
    let {v: i32} = is[i]
    let {acc2: i32} = add i32 acc v
    in {acc2}
  }
  in {r}
}`},
	{IndexReplicate, `entry "main"
fun main (n: i64, x: f32): {f32} = {
  let {rs: [n]f32} = replicate (n) x
  let {r: f32} = loop {acc: f32 = 0f32} for i: i64 < n
  do {
    let {v: f32} = rs[i]
    let {acc2: f32} = add f32 acc v
    in {acc2}
  }
  in {r}
}`},
	{ReshapeSameShape, `entry "main"
fun main (n: i64): {i64} = {
  let {is: [n]i64} = iota i64 n 1i64 1i64
  let {js: [n]i64} = reshape (n) is
  let {r: i64} = loop {acc: i64 = 0i64} for i: i64 < n
  do {
    let {v: i64} = js[i]
    let {acc2: i64} = add i64 acc v
    in {acc2}
  }
  in {r}
}`},
	{AssertTrue, `entry "main"
fun main (x: i32): {i32, bool} = {
  let {c: bool} = assert true "never fails"
  let {y: i32} = add i32 x 1i32
  in {y, c}
}`},
	{ScremaUnusedMap, `entry "main"
fun main (xs: [n]i32): {[n]i32} = {
  let {a: [n]i32, b: [n]i32} = screma n (xs)
    map \(x: i32): {i32, i32} -> {
      let {y: i32} = add i32 x 1i32
      let {z: i32} = mul i32 x 2i32
      in {y, z}
    }
  in {b}
}`},
	{ScremaUnusedRed, `entry "main"
fun main (xs: [n]i32): {[n]i32} = {
  let {s: i32, b: [n]i32} = screma n (xs)
    reduce (0i32) \(p: i32, q: i32): {i32} -> {
      let {r: i32} = add i32 p q
      in {r}
    }
    map \(x: i32): {i32, i32} -> {
      let {z: i32} = mul i32 x 2i32
      in {x, z}
    }
  in {b}
}`},
	{ScremaDupInput, `entry "main"
fun main (xs: [n]i32): {[n]i32} = {
  let {b: [n]i32} = screma n (xs, xs)
    map \(x: i32, y: i32): {i32} -> {
      let {z: i32} = mul i32 x y
      in {z}
    }
  in {b}
}`},
	{ScremaUnusedInput, `entry "main"
fun main (xs: [n]i32, ys: [n]i32): {[n]i32} = {
  let {b: [n]i32} = screma n (xs, ys)
    map \(x: i32, y: i32): {i32} -> {
      let {z: i32} = mul i32 x x
      in {z}
    }
  in {b}
}`},
	{LoopZeroTrip, `entry "main"
fun main (x: i32): {i32} = {
  let {r: i32} = loop {acc: i32 = x} for i: i64 < 0i64
  do {
    let {acc2: i32} = add i32 acc 1i32
    in {acc2}
  }
  in {r}
}`},
	{LoopInvariantMerge, `entry "main"
fun main (x: i32, k: i64): {i32, i32} = {
  let {a: i32, b: i32} = loop {p: i32 = x, q: i32 = 0i32} for i: i64 < k
  do {
    let {q2: i32} = add i32 q p
    in {p, q2}
  }
  in {a, b}
}`},
	{LoopUnusedMerge, `entry "main"
fun main (x: i32, k: i64): {i32} = {
  let {a: i32, b: i32} = loop {p: i32 = x, q: i32 = 0i32} for i: i64 < k
  do {
    let {p2: i32} = add i32 p 1i32
    let {q2: i32} = mul i32 q p
    in {p2, q2}
  }
  in {a}
}`},
	{HoistLoop, `entry "main"
fun main (x: i32, y: i32, k: i64): {i32} = {
  let {a: i32} = loop {p: i32 = x} for i: i64 < k
  do {
    let {t: i32} = mul i32 y y
    let {u: i32} = div i32 y x
    let {p2: i32} = add i32 p t
    let {p3: i32} = add i32 p2 u
    in {p3}
  }
  in {a}
}`},
	{HoistMap, `entry "main"
fun main (xs: [n]i32, y: i32): {[n]i32} = {
  let {b: [n]i32} = screma n (xs)
    map \(x: i32): {i32} -> {
      let {t: i32} = mul i32 y y
      let {u: i32} = div i32 x y
      let {z: i32} = add i32 x t
      let {w: i32} = add i32 z u
      in {w}
    }
  in {b}
}`},
	{FuseVertical, `entry "main"
fun main (xs: [n]i32, ys: [n]i32): {i32, [n]i32} = {
  let {a: [n]i32, c: [n]i32} = screma n (xs, ys)
    map \(x: i32, y: i32): {i32, i32} -> {
      let {z: i32} = mul i32 x y
      let {w: i32} = sub i32 x y
      in {z, w}
    }
  let {s: i32} = screma n (a)
    reduce (0i32) \(p: i32, q: i32): {i32} -> {
      let {r: i32} = add i32 p q
      in {r}
    }
    map \(v: i32): {i32} -> {
      in {v}
    }
  in {s, c}
}`},
	// The mean and the mean of squares (SRAD): a use of the first sum
	// between the two scremas, so the fused one takes the producer's place.
	{FuseVertical, `entry "main"
fun main (xs: [n]f32, ne: f32): {f32, f32} = {
  let {s: f32, sq: [n]f32} = screma n (xs)
    reduce_comm (0f32) \(a: f32, b: f32): {f32} -> {
      let {c: f32} = add f32 a b
      in {c}
    }
    map \(x: f32): {f32, f32} -> {
      let {y: f32} = mul f32 x x
      in {x, y}
    }
  let {mean: f32} = div f32 s ne
  let {t: f32} = screma n (sq)
    reduce_comm (0f32) \(a2: f32, b2: f32): {f32} -> {
      let {c2: f32} = add f32 a2 b2
      in {c2}
    }
    map \(v: f32): {f32} -> {
      in {v}
    }
  let {var: f32} = div f32 t ne
  in {mean, var}
}`},
	{FuseVerticalShared, `entry "main"
fun main (xs: [n]i32, ys: [n]i32): {[n]i32, [n]i32} = {
  let {v: [n]i32} = screma n (xs, ys)
    map \(x: i32, y: i32): {i32} -> {
      let {a: i32} = mul i32 x y
      let {b: i32} = add i32 a x
      let {z: i32} = sub i32 b y
      let {w: i32} = mul i32 z 3i32
      in {w}
    }
  let {p: [n]i32} = screma n (xs, v)
    map \(x2: i32, u: i32): {i32} -> {
      let {q: i32} = add i32 x2 u
      in {q}
    }
  in {p, v}
}`},
	{FuseConcat, `entry "main"
fun main (xs: [n]i32, ys: [m]i32, zs: [k]i32): {[d]i32, [d]i32, i32} = {
  let {one: [1i64]i32} = array i32 [7i32]
  let {d: i64} = add i64 n m
  let {e: i64} = add i64 d k
  let {f: i64} = add i64 e 1i64
  let {xy: [d]i32} = concat d (xs, ys)
  let {b: [d]i32} = screma d (xy)
    map \(x: i32): {i32} -> {
      let {z: i32} = mul i32 x 3i32
      in {z}
    }
  let {all: [f]i32} = concat f (one, xs, ys, zs)
  let {s: i32} = screma f (all)
    reduce (0i32) \(p: i32, q: i32): {i32} -> {
      let {r: i32} = sub i32 q p
      in {r}
    }
    map \(v: i32): {i32} -> {
      in {v}
    }
  in {b, xy, s}
}`},
	{FuseVerticalCheap, `entry "main"
fun main (xs: [n]i32): {[n]i32} = {
  let {a: [n]i32} = screma n (xs)
    map \(x: i32): {i32} -> {
      let {z: i32} = add i32 x 1i32
      in {z}
    }
  let {s: i32} = screma n (a)
    reduce (0i32) \(p: i32, q: i32): {i32} -> {
      let {r: i32} = add i32 p q
      in {r}
    }
    map \(v: i32): {i32} -> {
      in {v}
    }
  let {b: [n]i32} = screma n (a)
    map \(u: i32): {i32} -> {
      let {m: i32} = mul i32 u s
      in {m}
    }
  in {b}
}`},
	{FuseHorizontal, `entry "main"
fun main (xs: [n]i32, ys: [n]i32): {i32, i32, [n]i32} = {
  let {s: i32} = screma n (xs)
    reduce (0i32) \(p: i32, q: i32): {i32} -> {
      let {r: i32} = add i32 p q
      in {r}
    }
    map \(v: i32): {i32} -> {
      in {v}
    }
  let {m: i32, zs: [n]i32} = screma n (ys, xs)
    reduce (-2147483648i32) \(p2: i32, q2: i32): {i32} -> {
      let {r2: i32} = max i32 p2 q2
      in {r2}
    }
    map \(y: i32, x: i32): {i32, i32} -> {
      let {z: i32} = sub i32 y x
      in {x, z}
    }
  in {s, m, zs}
}`},
	{FuseReplicate, `entry "main"
fun main (xs: [n]i32, y: i32): {[n]i32} = {
  let {rs: [n]i32} = replicate (n) y
  let {b: [n]i32} = screma n (xs, rs)
    map \(x: i32, r: i32): {i32} -> {
      let {z: i32} = mul i32 x r
      in {z}
    }
  in {b}
}`},
	{FuseIota, `entry "main"
fun main (xs: [n]i32, a: i32): {[n]i32} = {
  let {is: [n]i32} = iota i32 n a 3i32
  let {b: [n]i32} = screma n (xs, is)
    map \(x: i32, j: i32): {i32} -> {
      let {z: i32} = mul i32 x j
      in {z}
    }
  in {b}
}`},
	{FuseHistMap, `entry "main"
fun main (xs: [n]i32, k: i64, ws: [n]f32): {[k]f32} = {
  let {is: [n]i64, vs: [n]f32} = screma n (xs, ws)
    map \(x: i32, w: f32): {i64, f32} -> {
      let {c: i64} = convert i32 i64 x
      let {b: i64} = mod i64 c 5i64
      let {v: f32} = mul f32 w 2f32
      in {b, v}
    }
  let {z: [k]f32} = replicate (k) 0f32
  let {h: [k]f32} = hist n (is, vs)
    op k (z) (0f32) \(p: f32, q: f32): {f32} -> {
      let {r: f32} = add f32 p q
      in {r}
    }
    bucket \(i: i64, v2: f32): {i64, f32} -> {
      in {i, v2}
    }
  in {h}
}`},
	{FuseScatterMap, `entry "main"
fun main (xs: [n]i32, ws: [n]f32, k: i64): {[k]f32} = {
  let {is: [n]i64, vs: [n]f32} = screma n (xs, ws)
    map \(x: i32, w: f32): {i64, f32} -> {
      let {c: i64} = convert i32 i64 x
      let {b: i64} = mod i64 c 7i64
      let {v: f32} = mul f32 w 2f32
      in {b, v}
    }
  let {z: [k]f32} = replicate (k) 1f32
  let {r: [k]f32} = scatter n (is, vs, ws) into (z/1)
    lambda \(i: i64, v2: f32, w2: f32): {i64, f32} -> {
      let {u: f32} = add f32 v2 w2
      in {i, u}
    }
  in {r}
}`},
	{FuseHistReplicate, `entry "main"
fun main (is: [n]i64, k: i64, y: i32): {[k]i32} = {
  let {ones: [n]i32} = replicate (n) y
  let {z: [k]i32} = replicate (k) 0i32
  let {h: [k]i32} = hist n (is, ones)
    op k (z) (0i32) \(p: i32, q: i32): {i32} -> {
      let {r: i32} = add i32 p q
      in {r}
    }
    bucket \(i: i64, v: i32): {i64, i32} -> {
      in {i, v}
    }
  in {h}
}`},
}

func parse(t *testing.T, txt string) *soac.Program {
	t.Helper()
	p, err := soac.ParseProgram(txt)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, txt)
	}
	return p
}

func TestRules(t *testing.T) {
	covered := map[string]bool{}
	for _, rc := range ruleCases {
		t.Run(rc.rule.Name, func(t *testing.T) {
			covered[rc.rule.Name] = true
			p := parse(t, rc.prog)
			validate(t, p, "input")
			before := soac.Print(p)
			q, log, err := Run(p, RuleSet{rc.rule}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if soac.Print(p) != before {
				t.Fatal("the input program was modified")
			}
			if log.Count(rc.rule.Name) == 0 {
				t.Fatalf("%s did not fire on\n%s", rc.rule.Name, before)
			}
			uniqueNames(t, q)
			validate(t, q, "result")
			sameResults(t, p, q, 7, 40, 6)
			if _, err := soac.ParseProgram(soac.Print(q)); err != nil {
				t.Fatalf("result does not parse back: %v\n%s", err, soac.Print(q))
			}
			t.Logf("%s\n%s", log, soac.Print(q))
		})
	}
	for _, rs := range []RuleSet{SimplifyRules(), FuseRules()} {
		for _, r := range rs {
			if !covered[r.Name] {
				t.Errorf("rule %s has no before/after test", r.Name)
			}
		}
	}
}

// TestFoldSafety checks what constant folding must leave alone: run-time
// failures and results the device might compute differently.
func TestFoldSafety(t *testing.T) {
	f32 := func(x float64) soac.SubExp { return soac.Const{Value: soac.FloatValue(values.F32, x)} }
	i32 := func(x int64) soac.SubExp { return soac.Const{Value: soac.IntValue(values.I32, x)} }
	for _, e := range []soac.Exp{
		&soac.BinOpExp{Op: soac.Div, T: values.I32, X: i32(1), Y: i32(0)},
		&soac.BinOpExp{Op: soac.Mod, T: values.I32, X: i32(1), Y: i32(0)},
		&soac.BinOpExp{Op: soac.Pow, T: values.I32, X: i32(2), Y: i32(-1)},
		&soac.BinOpExp{Op: soac.Div, T: values.F32, X: f32(0), Y: f32(0)},
		&soac.BinOpExp{Op: soac.Sub, T: values.F32, X: f32(math.Inf(1)), Y: f32(math.Inf(1))},
		&soac.BinOpExp{Op: soac.Pow, T: values.F32, X: f32(2), Y: f32(0.5)},
		&soac.BinOpExp{Op: soac.Add, T: values.F16, X: soac.Const{Value: soac.FloatValue(values.F16, 1)}, Y: soac.Const{Value: soac.FloatValue(values.F16, 1)}},
		&soac.ConvOpExp{From: values.I64, To: values.F32, X: soac.I64(1<<24 + 1)},
		&soac.ConvOpExp{From: values.F32, To: values.I8, X: f32(300)},
	} {
		if v, ok := fold(e); ok {
			t.Errorf("folded %#v to %s", e, v)
		}
	}
	if v, ok := fold(&soac.BinOpExp{Op: soac.Div, T: values.F32, X: f32(1), Y: f32(0)}); !ok || !math.IsInf(v.Float(), 1) {
		t.Errorf("1/0 f32 should fold to inf, got %v %v", v, ok)
	}
}

// TestHoistSafety checks that a statement that may fail is not hoisted
// out of a loop that may run zero times, nor out of a map over a possibly
// empty array, but is when the loop certainly runs.
func TestHoistSafety(t *testing.T) {
	p := parse(t, `entry "main"
fun main (xs: [n]i32, y: i32, k: i64): {i32, [n]i32} = {
  let {a: i32} = loop {p: i32 = y} for i: i64 < k
  do {
    let {u: i32} = div i32 100i32 y
    let {v: i32} = xs[3i64]
    let {p2: i32} = add i32 u v
    in {p2}
  }
  let {b: [n]i32} = screma n (xs)
    map \(x: i32): {i32} -> {
      let {w: i32} = div i32 100i32 y
      let {z: i32} = add i32 x w
      in {z}
    }
  in {a, b}
}`)
	q, log, _ := Run(p, RuleSet{HoistLoop, HoistMap}, Options{})
	if len(log.Steps) != 0 {
		t.Fatalf("hoisted a statement that may fail:\n%s", soac.Print(q))
	}
	p = parse(t, `entry "main"
fun main (xs: [n]i32, y: i32): {i32} = {
  let {a: i32} = loop {p: i32 = y} for i: i64 < 2i64
  do {
    let {u: i32} = div i32 100i32 y
    let {p2: i32} = add i32 p u
    in {p2}
  }
  in {a}
}`)
	q, log, _ = Run(p, RuleSet{HoistLoop}, Options{})
	if log.Count(HoistLoop.Name) != 1 {
		t.Fatalf("did not hoist out of a loop that runs:\n%s", soac.Print(q))
	}
	sameResults(t, p, q, 3, 30, 5)
}

// TestFuel checks that running out of fuel stops cleanly and is logged.
func TestFuel(t *testing.T) {
	p := parse(t, ruleCases[0].prog)
	q, log, err := Run(p, SimplifyRules(), Options{Fuel: 1})
	if err != nil || !log.OutOfFuel || len(log.Steps) != 1 {
		t.Fatalf("err %v, out of fuel %v, %d steps", err, log.OutOfFuel, len(log.Steps))
	}
	sameResults(t, p, q, 1, 10, 4)
}

// TestFuseScatterMapReadsDest checks that a map reading the scatter's
// destination, or a view of it, stays a kernel of its own: fused, its
// reads would race with the scatter's writes.
func TestFuseScatterMapReadsDest(t *testing.T) {
	for _, prog := range []string{`entry "main"
fun main (xs: *[n]i32): {[n]i32} = {
  let {is: [n]i64, vs: [n]i32} = screma n (xs)
    map \(x: i32): {i64, i32} -> {
      let {c: i64} = convert i32 i64 x
      let {b: i64} = mod i64 c 5i64
      let {y: i32} = xs[b]
      in {b, y}
    }
  let {r: [n]i32} = scatter n (is, vs) into (xs/1)
    lambda \(i: i64, v: i32): {i64, i32} -> {
      in {i, v}
    }
  in {r}
}`, `entry "main"
fun main (xs: *[n]i32, m: i64): {[m]i32} = {
  let {ys: [m]i32} = reshape (m) xs
  let {is: [n]i64, vs: [n]i32} = screma n (xs)
    map \(x: i32): {i64, i32} -> {
      let {c: i64} = convert i32 i64 x
      in {c, x}
    }
  let {r: [m]i32} = scatter n (is, vs) into (ys/1)
    lambda \(i: i64, v: i32): {i64, i32} -> {
      in {i, v}
    }
  in {r}
}`} {
		p := parse(t, prog)
		q, log, err := Run(p, RuleSet{FuseScatterMap}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if log.Count(FuseScatterMap.Name) != 0 {
			t.Errorf("fused a map reading the destination:\n%s", soac.Print(q))
		}
	}
}
