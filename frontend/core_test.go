package frontend

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestCore runs programs that use the core language through the
// interpreter.
func TestCore(t *testing.T) {
	tests := []struct{ name, src, input, want string }{
		{"record", "def main (x: f32) = let r = {a = x, b = 2i32} in (r.b, r.a)", "1.5", "2i32 1.5f32"},
		{"record update", "def main (x: i32) = let r = {a = {b = x, c = 1i32}, d = true} in (r with a.b = 7).a.b + r.a.b", "1", "8i32"},
		{"record pattern", "def f ({x, y}: {x: i32, y: i32}) = x - y\ndef main (a: i32) = f {y = 1, x = a}", "5", "4i32"},
		{"array of records", "def main (xs: []i32) = let ps = map (\\x -> {v = x, w = x * 2}) xs in map (.w) ps", "[1,2]", "[2i32, 4i32]"},
		{"polymorphic explicit", "def swap 'a 'b (x: a, y: b) : (b, a) = (y, x)\ndef main (x: i32) = (swap (x, true)).0", "1", "true"},
		{"polymorphic inferred", "def app f x = f x\ndef main (x: i32) = app (\\y -> y + 1) x + i32.f64 (app (\\y -> y * 2) 1.5)", "1", "5i32"},
		{"polymorphic arrays", "def first 't (xs: []t) : t = xs[0]\ndef main (xs: [][]i32) = (first xs, first (first xs))", "[[7,8]]", "[7i32, 8i32] 7i32"},
		{"poly tuple instance", "def dup 't (x: t) = (x, x)\ndef main (x: i32) = let ((a, b), (c, d)) = dup (x, x + 1) in a + b + c + d", "1", "6i32"},
		{"type abbreviation", "type vec 't = [3]t\ntype pair = (i32, i32)\ndef main (v: vec i32) : pair = (v[0], v[2])", "[1,2,3]", "1i32 3i32"},
		{"local function", "def main (x: i32) = let f y = y * x in f 2 + f 3", "2", "10i32"},
		{"local poly function", "def main (x: i32) = let id 't (y: t) : t = y in (id x, id true)", "2", "2i32 true"},
		{"size params", "def f [n] (xs: [n]i32) : i64 = n\ndef main (xs: []i32) = f xs", "[1,2,3]", "3i64"},
		{"size param mismatch", "def f [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys\ndef main [n] (xs: [n]i32) (ys: [n]i32) = f (filter (>0) xs :> [n]i32) ys", "[1,-1] [1,2]", "error: t.fut:2:45: size mismatch: value cannot be coerced to type [n]i32"},
		{"map2 mismatch", "def main [n][m] (xs: [n]i32) (ys: [m]i32) = map2 (+) xs (ys :> [n]i32)", "[1] [1,2]", "error: t.fut:1:58: size mismatch: value cannot be coerced to type [n]i32"},
		{"coerce", "def main [n] (xs: [n]i32) (ys: []i32) = map2 (+) xs (ys :> [n]i32)", "[1,2] [3,4]", "[4i32, 6i32]"},
		{"coerce fail", "def main [n] (xs: [n]i32) (ys: []i32) = map2 (+) xs (ys :> [n]i32)", "[1,2] [3]", "error: t.fut:1:54: size mismatch: value cannot be coerced to type [n]i32"},
		{"slices", "def main (xs: []i32) = (xs[1:3], xs[::2], xs[::-1], xs[2:])", "[1,2,3,4]", "[2i32, 3i32] [1i32, 3i32] [4i32, 3i32, 2i32, 1i32] [3i32, 4i32]"},
		{"2d slice", "def main (m: [][]i32) = (m[:, 1], m[1])", "[[1,2],[3,4]]", "[2i32, 4i32] [3i32, 4i32]"},
		{"update", "def main (xs: *[]i32) = xs with [1] = 9", "[1,2,3]", "[1i32, 9i32, 3i32]"},
		{"let update", "def main (n: i64) = let a = replicate n 0i32 let a[1] = 5 in a", "3", "[0i32, 5i32, 0i32]"},
		{"slice update", "def main (xs: *[]i32) = xs with [1:3] = [7, 8]", "[1,2,3,4]", "[1i32, 7i32, 8i32, 4i32]"},
		{"ranges", "def main (x: i32) = (1..x, 0..2...8, x..>0, 1..<x)", "4", "[1i32, 2i32, 3i32, 4i32] [0i32, 2i32, 4i32, 6i32, 8i32] [4i32, 3i32, 2i32, 1i32] [1i32, 2i32, 3i32]"},
		{"string", "def main (x: i32) = (\"ab\\n\", 'a')", "0", "[97u8, 98u8, 10u8] 97i32"},
		{"loop no init", "def main (n: i32) = let x = 1 in loop x for i < n do x * 2", "5", "32i32"},
		{"for in", "def main (xs: []i32) = loop s = 0 for x in xs do s + x", "[1,2,3]", "6i32"},
		{"loop changes size", "def main (n: i32) = loop xs = [0i32] for i < n do concat xs xs", "2", "[0i32, 0i32, 0i32, 0i32]"},
		{"loop record", "def main (n: i32) = (loop {a, b} = {a = 0i32, b = 1i32} for _i < n do {a = b, b = a + b}).a", "10", "55i32"},
		{"sections", "def main (xs: []i32) = (map (2-) xs, map (`i32.max` 2) xs, map (.[0]) [xs])", "[1,5]", "[1i32, -3i32] [2i32, 5i32] [1i32]"},
		{"compose", "def main (xs: []i32) = map ((+1) >-> (*2)) xs", "[1,2]", "[4i32, 6i32]"},
		{"backtick", "def add (x: i32) (y: i32) = x + y\ndef main (x: i32) = x `add` 2", "1", "3i32"},
		{"user operator", "def (+^) (x: i32) (y: i32) = x * 10 + y\ndef main (x: i32) = x +^ 2", "1", "12i32"},
		{"filter partition", "def main (xs: []i32) = let (a, b) = partition (>2) xs in (filter (<3) xs, a, b)", "[1,5,2,4]", "[1i32, 2i32] [5i32, 4i32] [1i32, 2i32]"},
		{"hist", "def main (is: []i64) = hist (+) 0i32 3 is (map (\\_ -> 1) is)", "[0,1,1,2,2,2,7]", "[1i32, 2i32, 3i32]"},
		{"scatter", "def main (n: i64) = scatter (replicate n 0i32) [0, 2] [5, 6]", "3", "[5i32, 0i32, 6i32]"},
		{"transpose flatten", "def main (m: [][]i32) = let (a, b) = split (flatten m :> [1+3]i32) in (transpose m, flatten m, unflatten (flatten m :> [2*2]i32), a, b)", "[[1,2],[3,4]]", "[[1i32, 3i32], [2i32, 4i32]] [1i32, 2i32, 3i32, 4i32] [[1i32, 2i32], [3i32, 4i32]] [1i32] [2i32, 3i32, 4i32]"},
		{"prelude misc", "def main (xs: []i32) = (head xs, last xs, tail xs, take 2 xs, drop 2 xs, rotate 1 xs, all (>0) xs, any (>2) xs, foldl (-) 0 xs, foldr (-) 0 xs)", "[1,2,3]", "1i32 3i32 [2i32, 3i32] [1i32, 2i32] [3i32] [2i32, 3i32, 1i32] true true -6i32 2i32"},
		{"tabulate iterate", "def main (n: i64) = (tabulate n (\\i -> i * i), iterate 3 (*2) 1i32, iterate_while (<100) (*3) 1i32, tabulate_2d 2 2 (+))", "3", "[0i64, 1i64, 4i64] 8i32 243i32 [[0i64, 1i64], [1i64, 2i64]]"},
		{"math", "def main (x: f64) = (f64.sqrt x, f32.floor 2.5, i32.popc 7, f64.isnan (f64.sqrt (-1)), u8.i32 300)", "4", "2.0f64 2.0f32 3i32 true 44u8"},
		{"zip records", "def main (xs: []i32) = unzip (map (\\(a, b) -> (b, a)) (zip xs (map (+1) xs)))", "[1,2]", "[2i32, 3i32] [1i32, 2i32]"},
		{"irregular ok", "def main (n: i64) = map (\\i -> iota n |> map (+i)) (iota 2)", "2", "[[0i64, 1i64], [1i64, 2i64]]"},
		{"short circuit", "def main (xs: []i32) = length xs > 0 && xs[0] == 1", "[]", "false"},
		{"assert", "def main (x: i32) = assert (x > 0) (x + 1)", "1", "2i32"},
		{"attr", "def main (xs: []i32) = #[unsafe] xs[0]", "[4]", "4i32"},
		{"existential if", "def main (b: bool) (xs: []i32) = if b then xs else xs ++ xs", "false [1]", "[1i32, 1i32]"},
		{"const", "def k = 3i32\ndef main (x: i32) = x + k", "1", "4i32"},
		{"curry uncurry", "def main (x: i32) = (uncurry (+) (x, 2), curry (\\(a, b) -> a - b) x 2, flip (-) x 10)", "5", "7i32 3i32 5i32"},
		{"let sizes", "def main (xs: []i32) = let [n] (ys: [n]i32) = xs in n", "[1,2]", "2i64"},
		{"reduce tuple", "def main (xs: []i32) = reduce (\\(a, b) (c, d) -> (a + c, b * d)) (0, 1) (zip xs xs)", "[2,3]", "5i32 6i32"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := run(t, tc.src, tc.input); got != tc.want {
				t.Errorf("%s\ninput %s:\ngot  %s\nwant %s", tc.src, tc.input, got, tc.want)
			}
		})
	}
}

func TestCoreDiagnostics(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"rigid", "def f 't (x: t) : t = x + 1\ndef main (x: i32) = f x", "t.fut:1:23: error: left operand of \"+\" must have a numeric type, but has type t"},
		{"size mismatch", "def f [n][m] (xs: [n]i32) (ys: [m]i32) : [n]i32 = ys\ndef main (x: i32) = x", "Sizes \"n\" and \"m\" do not match"},
		{"consumed", "def main (xs: *[]i32) = let ys = xs with [0] = 1 in xs[0] + ys[0]", "t.fut:1:53: error: Using variable \"xs\", but this was consumed at 1:34"},
		{"not consumable", "def main (xs: []i32) = xs with [0] = 1", "t.fut:1:24: error: Consuming \"xs\", which is not consumable"},
		{"alias consumed", "def main (xs: *[]i32) = let ys = xs let zs = ys with [0] = 1 in xs[0] + zs[0]", "Using variable \"xs\", but this was consumed at 1:46"},
		{"free consumed", "def main (xs: *[]i32) = map (\\i -> (xs with [i] = 1)[0]) (iota 2)", "not consumable here: it is bound outside the enclosing function or loop body"},
		{"function in if", "def main (b: bool) = let f = if b then (+1) else (+2) in f 1i32", "a function cannot be returned from branches of an if"},
		{"array of functions", "def main (x: i32) = let fs = [(+1), (+2)] in fs[0] x", "arrays of functions are not allowed: the elements are functional"},
		{"no field", "def main (x: i32) = {a = x}.b", "record of type {a: i32} has no field b"},
		{"unknown field type", "def main (xs: []i32) = let f = \\p -> p.x in 1i32", "cannot access field x of a value whose type is not yet known"},
		{"unknown field type of a function", "def f p = p.0 + 1i32\ndef main (x: i32) = f (x, x)", "cannot access field 0 of a value whose type is not yet known"},
		// A local name shadowing a global with a unique parameter does
		// not consume: the call's result aliases its argument.
		{"shadowed consuming global", "def f (xs: *[]i32) : []i32 = [1]\ndef main (a: *[]i32) = let f = \\(ys: []i32) -> ys in let x = f a in let a[0] = 1 in x", "Using variable \"a\", but this was consumed at 2:69 (\"x\", used here, aliases it"},
		{"field found missing", "def main (xs: [](i32, i32)) = let g = \\p -> p.z in map g xs", "Cannot apply \"map\" to \"xs\" (argument 2): a value of type (i32, i32) has no field z (accessed at t.fut:1:45)"},
		{"field of a non-record", "def main (xs: []i32) = let g = \\p -> p.x in map g xs", "a value of type i32 has no field x"},
		{"field type mismatch", "def main (x: i32) = let g = \\p -> p.x && true in g {x = x}", "Cannot apply \"g\" to argument 1: field x of a value of type {x: i32} has type i32, but its use at t.fut:1:35 needs bool"},
		{"field of a number", "def main (x: i32) = let g = \\p -> p.x in g (x + 1)", "has no field x"},
		{"too many args", "def f (x: i32) = x\ndef main (x: i32) = f x x", "t.fut:2:25: error: f is applied to 2 argument(s), but takes only 1"},
		{"arg type", "def f (x: i32) = x\ndef main (x: f32) = f x", "t.fut:2:23: error: Cannot apply \"f\" to \"x\" (argument 1): expected type i32, but found f32"},
		{"irregular", "def main (xs: []i64) = map (\\n -> iota n) xs", "t.fut:1:28: error: argument 1 of map: type variable 'b cannot be instantiated with type []i64, which contains a size that is not known until the function is applied"},
		{"polymorphic entry", "entry f 't (x: t) = x", "Entry point functions may not be polymorphic: f has type"},
		{"index type", "def main (xs: []i32) (i: f32) = xs[i]", "array index: expected type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { expectCompileError(t, tc.src, tc.want) })
	}
}

// TestFrontendFixes covers the fixes of the size/crash work: records of
// functions, bit operations, unique results, record update inference.
func TestFrontendFixes(t *testing.T) {
	runs := []struct{ name, src, input, want string }{
		{"record of functions", "def main (x: i32) =\n  let ops = {inc = \\y -> y + 1, dbl = \\y -> y * 2}\n  let t = (\\y -> y - 1, 0)\n  let (f, _) = t\n  let {inc, dbl = _} = ops\n  let ops2 = ops with inc = (\\y -> y + 100)\n  in (ops.inc x, ops.dbl x, t.0 x, f x, inc x, ops2.inc x, ops2.dbl x)", "6", "7i32 12i32 5i32 5i32 7i32 106i32 12i32"},
		{"record of functions arg", "def app (r: {f: i32 -> i32, k: i32}) = r.f r.k\ndef main (x: i32) = app {f = (*x), k = 3}", "2", "6i32"},
		{"get set bit", "def main (x: i32) = (i32.get_bit 0 x, i32.get_bit 1 x, i32.set_bit 1 x 1, i32.set_bit 0 x 0, u8.get_bit 7 200, i64.set_bit 40 0 1, i8.set_bit 7 0 1)", "5", "1i32 0i32 7i32 4i32 1i32 1099511627776i64 -128i8"},
		{"lifted type param function", "def app '^t (f: t) (x: i32) = x\ndef main (x: i32) = app (\\y -> y + 1i32) x + id (+1) x", "2", "5i32"},
		{"unique result of copy", "def f (xs: []i32) : *[]i32 = copy xs\ndef main (xs: []i32) = f xs", "[1]", "[1i32]"},
		{"unique result of unique param", "def f (xs: *[]i32) : *[]i32 = xs with [0] = 2\ndef main (xs: *[]i32) = f xs", "[1]", "[2i32]"},
		// copy and replicate do not consume their (unique) argument.
		{"copy of unique", "def main [n] (xs: [n]i32) = let v = scatter (copy xs) (iota n) xs in (copy v, v)", "[1,2]", "[1i32, 2i32] [1i32, 2i32]"},
		{"replicate of unique", "def main [n] (xs: [n]i32) = let v = reduce_by_index (copy xs) (+) 0 (iota n) (replicate n 0) in (replicate 2 v, v)", "[1,2]", "[[1i32, 2i32], [1i32, 2i32]] [1i32, 2i32]"},
		{"copy of unique pipe", "def main [n] (xs: [n]i32) = let v = scatter (copy xs) (iota n) xs in (v |> copy, v)", "[1,2]", "[1i32, 2i32] [1i32, 2i32]"},
		{"copy of row", "def main [n] (xs: [n]i32) = map (\\p -> reduce_by_index (copy p) (+) 0 [0] [1]) (map (\\_ -> replicate n 0i32) xs)", "[1,2]", "[[1i32, 0i32], [1i32, 0i32]]"},
		{"copy of outer unique in loop", "def main (n: i64) = let a = scatter (replicate n 0i32) [0] [1] in loop acc = replicate n 0i32 for _i < 2 do scatter (copy a) [1] [acc[0] + 2]", "2", "[1i32, 3i32]"},
		// A lambda's parameter sees the rows of an array made by a map.
		{"index row of map result", "def main [n] (xs: [n]i32) = map (\\r -> r[0]) (map (\\x -> replicate 2 x) xs)", "[1,2]", "[1i32, 2i32]"},
		// A lambda applied to unique arrays (fresh rows of a map) does
		// not consume them unless its parameter says so.
		{"lambda on unique rows", "def main (xs: []i32) = map2 (\\p q -> p[0] + q) (map (\\x -> reduce_by_index (replicate 2 x) (+) 0 [0] [1]) xs) xs", "[1,2]", "[3i32, 5i32]"},
		// Fields of values whose type is found out later (Futhark's
		// "has field" constraints).
		{"field before type", "def main (xs: []i32) = let g = \\p -> p.1 + p.0 in map g (zip xs xs)", "[1,2]", "[2i32, 4i32]"},
		{"fields before record type", "def main (x: i32) = let g = \\p -> (p.x + 1, p.y) in g {x = x, y = true}", "5", "6i32 true"},
		{"field through two lambdas", "def main (x: i32) = let g = \\p -> p.x + 1 in let k = \\r -> g r in k {x = x, y = true}", "5", "6i32"},
		{"nested field before type", "def main (x: i32) = let g = \\p -> p.a.b * 2 in g {a = {b = x}}", "5", "10i32"},
		{"field of map result", "def main (xs: []i32) = map (\\p -> p.a) (map (\\x -> {a = x, b = x}) xs)", "[1,2]", "[1i32, 2i32]"},
		// An annotated loop parameter keeps its declared size.
		{"annotated loop in map", "def main [n] (xs: [n]i32) (m: i64) = map (\\x -> loop (acc: [m]i32) = replicate m x for _i < 2 do (acc ++ acc)[0:m]) xs", "[1,2] 2", "[[1i32, 1i32], [2i32, 2i32]]"},
		{"annotated loop size check", "def main (m: i64) = loop (acc: [m]i32) = replicate 2 0i32 for _i < 1 do acc", "3", "error: t.fut:1:21: size mismatch: the loop state does not have the sizes of the loop parameter's declared type"},
	}
	for _, tc := range runs {
		t.Run(tc.name, func(t *testing.T) {
			if got := run(t, tc.src, tc.input); got != tc.want {
				t.Errorf("%s\ninput %s:\ngot  %s\nwant %s", tc.src, tc.input, got, tc.want)
			}
		})
	}
	diags := []struct{ name, src, want string }{
		{"record update unknown", "def main (x: i32) = let f = \\p -> p with a = 1i32 in 0i32", "t.fut:1:35: error: cannot infer the type of the record being updated"},
		{"unique result alias", "def f (xs: []i32) : *[]i32 = xs\ndef main (xs: []i32) = f xs", "t.fut:1:30: error: Unique-typed return value of f is aliased to \"xs\""},
		{"nesting", "def main (x: i32) = " + strings.Repeat("(", 600) + "x" + strings.Repeat(")", 600), "brackets nested more than 500 deep"},
		{"plain type param function", "def twice 't (f: t) (x: i32) = x\ndef main (x: i32) = twice (\\y -> y + 1i32) x", "t.fut:2:27: error: a plain type parameter ('t) cannot be instantiated with the functional type i32 -> i32"},
		{"map returning functions", "def g (xs: []i32) = map (\\x -> \\y -> x + y) xs\ndef main (xs: []i32) = let fs = g xs in fs[0] 1", "t.fut:1:25: error: the built-in function's type parameter 'b cannot be instantiated with the functional type i32 -> i32 (arrays of functions are not allowed)"},
		{"plain type param record of function", "def k 't (x: t) = 1i32\ndef main (x: i32) = k {f = (+x)}", "cannot be instantiated with the functional type"},
		{"consume after copy", "def main [n] (xs: [n]i32) = let v = scatter (copy xs) (iota n) xs let w = scatter v [0] [1] in (copy v, w)", "Using variable \"v\", but this was consumed"},
		{"consume row of unique", "def main [n] (xs: [n]i32) = let v = scatter (copy xs) (iota n) xs in map (\\i -> (scatter v [i] [1])[0]) (iota n)", "not consumable here: it is bound outside the enclosing function or loop body"},
		{"consume non-unique via copy type", "def main (xs: []i32) = let ys = xs in scatter ys [0] [1]", "Consuming \"xs\", which is not consumable: it is a parameter that is not unique or a top-level constant (\"ys\", consumed here, aliases it)"},
		{"record of functions in if", "def main (b: bool) = let r = if b then {f = (+1i32)} else {f = (+2)} in r.f 1", "a function cannot be returned from branches of an if"},
	}
	for _, tc := range diags {
		t.Run(tc.name, func(t *testing.T) { expectCompileError(t, tc.src, tc.want) })
	}
}

// TestIfExistentialSizesFirst: an if whose branches differ in size binds
// its existential sizes before the arrays whose types name them, as loops
// and Futhark's IR do.
func TestIfExistentialSizesFirst(t *testing.T) {
	src := "def main [n] (xs: [n]i8) (c: bool) = let ys = if c then replicate 3 0i8 else xs in (length ys, ys)"
	p, err := Compile("t.fut", src)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	var walk func(b *soac.Body)
	walk = func(b *soac.Body) {
		for _, s := range b.Stms {
			if _, ok := s.Exp.(*soac.IfExp); !ok {
				continue
			}
			seen := map[soac.VName]bool{}
			for _, pp := range s.Pat {
				for _, d := range pp.Type.Shape {
					if v, ok := d.(soac.Var); ok && patBinds(s.Pat, v.Name) && !seen[v.Name] {
						t.Errorf("%s: size %s is bound after the array %s of type %s", soac.Print(p), v.Name, pp.Name, pp.Type)
					}
					if _, ok := d.(soac.Var); ok && patBinds(s.Pat, d.(soac.Var).Name) {
						found = true
					}
				}
				seen[pp.Name] = true
			}
		}
	}
	for _, f := range p.Funs {
		walk(f.Body)
	}
	if !found {
		t.Fatalf("no if with an existential size in\n%s", soac.Print(p))
	}
}

func patBinds(pat []soac.Param, n soac.VName) bool {
	for _, p := range pat {
		if p.Name == n {
			return true
		}
	}
	return false
}

// TestFutharkWording checks messages that also carry the phrase
// Futhark's own messages have for the same mistake, which test blocks
// written for Futhark match.
func TestFutharkWording(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"array of functions in a type", "def f (fs: [](i32 -> i32)) = fs\ndef main (x: i32) = x",
			"t.fut:1:12: error: Cannot create array with elements of lifted type \"i32 -> i32\": arrays of functions are not allowed"},
		{"operator in quotes", "def main (x: f32) = x ^ 2f32",
			"t.fut:1:21: error: left operand of \"^\" must have an integral type, but has type f32\n  def main (x: f32) = x ^ 2f32\n                      ^\nhint: ^ is bitwise exclusive or; for a power use **"},
		{"equality on a type parameter", "def f 't (x: t) = x == x\ndef main (x: i32) = x",
			"t.fut:1:19: error: left operand of \"==\" has type t, which does not support equality"},
		{"equality on a function", "def main (x: i32) = let f = (+1i32) in f == f",
			"left operand of \"==\" has type i32 -> i32, which does not support equality"},
		{"compared, then applied", "def f x = (x == x, x 2i32)\ndef main (x: i32) = x",
			"is compared with an equality or ordering operator at 1:14, so it must be a primitive type; the function type"},
		{"numeric, then bool", "def f x = (x + x, x && true)\ndef main (x: i32) = x",
			"must be a numeric type due to its use at 1:14, so it cannot be bool)"},
		{"rank", "def f [n][m] (a: [m][n]i32) = a\ndef main (x: []i32) = f x",
			"Cannot apply \"f\" to \"x\" (argument 1): expected type [][]i32, but found []i32 (Couldn't match a 2-dimensional array with a 1-dimensional one)"},
		{"missing field in an ascription", "def f r = let y = r.l2 in (r : {l1: i32})\ndef main (x: i32) = x",
			"t.fut:1:28: error: expression with type ascription: expected type {l1: i32}, but a value of type {l1: i32} has no field l2 (accessed at t.fut:1:19)"},
		{"size of another type", "def main (n: f64, a: [n]i32) = a",
			"t.fut:1:23: error: size \"n\": expected type i64, but found f64"},
		{"consuming function argument", "def apply 'a 'b (f: a -> b) (x: a) = f x\ndef consume (xs: *[]i32) = 0i32\ndef main (arr: *[]i32) = apply consume arr",
			"t.fut:3:32: error: argument 1 of apply is a function that consumes its parameter 1, but apply passes it values of type *[]i32, which it may not consume (the function type of apply's parameter 1 is not declared consuming)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { expectCompileError(t, tc.src, tc.want) })
	}
}
