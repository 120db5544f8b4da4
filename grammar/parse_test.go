package grammar

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// validExps are expressions that must parse (start rule expEOF).
var validExps = []string{
	// literals
	`42`, `0x1F`, `0b1010_1010`, `1_000_000`, `42i8`, `7u64`, `0xffu8`, `0b1i16`,
	`3.14`, `1e10`, `1.5e-3f32`, `2f64`, `0x1.fp3`, `0x1.8p-2f32`, `1.0f16`,
	`'a'`, `'\n'`, `'\''`, `"hello"`, `"esc \"q\" \\ \t"`, `true`, `false`, `???`,
	// names and projections
	`x`, `x'`, `_y`, `i32.max`, `f32.sqrt 2.0`, `M.N.x`, `t.0`, `x.0.1`, `r.x.y`,
	`M.(x + y)`,
	// tuples, records, arrays
	`()`, `(1, 2)`, `(1, 2,)`, `(a, (b, c))`, `{x = 1, y}`, `{}`, `{0 = a, 1 = b,}`,
	`[1, 2, 3]`, `[1, 2, 3,]`, `[]`, `[[1, 2], [3, 4]]`,
	// ranges
	`0..<n`, `a..b...c`, `10..>0`, `0..2..<n`,
	// indexing and slicing
	`a[i]`, `a[i, j]`, `a[i:j]`, `a[i:j:s]`, `a[:, j]`, `a[:]`, `a[::-1]`, `a[1:]`,
	`(f x)[0]`, `a[i][j]`, `xs[i].0`,
	// operators
	`a + b * c`, `a - -b`, `!x`, `-x`, `a ** b`, `a // b %% c`, `a << 2 >> 1`,
	`a & b ^ c | d`, `a == b && c != d || e`, `a <= b`, `a >= b`, `x >>= y`,
	`a +^ b`, `xs |> map f |> reduce (+) 0`, `f <| g <| x`, `f >-> g`, `f <-<  g`,
	"x `max` y", "x `M.f` y", `a M.+ b`,
	// sections
	`(+)`, `(+1)`, `(1+)`, `(x -)`, `(-)`, `(.x)`, `(.x.y)`, `(.0)`, `(.[i])`,
	`(.[1:])`, "(`f` x)", `(*2)`, `(==)`, `(f32.+)`,
	// lambdas and application
	`\x -> x + 1`, `\x y -> x * y`, `\(x: i32) : i32 -> x`, `\(a, b) -> a`,
	`map (\x -> x + 1) xs`, `f x y z`, `f (g x) [1, 2]`, `#foo`, `#foo 1 x`,
	// let
	`let x = 1 in x`, `let (a, b) = p in a + b`, `let {x, y = z} = r in x`,
	`let f x = x + 1 in f 2`, `let a[i] = v in a`, `let x: i32 = 1 in x`,
	"let x = 1\nlet y = 2\nin x + y", `let [n] (xs: [n]i32) = ys in xs`,
	`let f 't (x: t) : t = x in f`, `let f [n] (xs: [n]i32) = xs in f`,
	`let _ = 1 in 2`, `let #[unroll] x = 1 in x`,
	// control flow
	`if c then a else b`, `if a then b else if c then d else e`,
	`loop acc = 0 for i < n do acc + i`, `loop (a, b) = (0, 1) for x in xs do (b, a + b)`,
	`loop x while x < 10 do x * 2`, `loop x = 1 while x < 10 do x * 2`, `loop xs for i < 3 do xs`,
	`match x case 0 -> 1 case n -> n`, `match o case #some x -> x case #none -> 0`,
	`match (a, b) case (1, _) -> true case _ -> false`, `match c case 'a' -> 1 case _ -> 2`,
	`match x case -1 -> 0 case (y: i32) -> y`,
	// updates and types
	`a with [0] = 1`, `a with [i:j] = vs`, `r with x = 1`, `r with x.y = 2`,
	`a with [0] = 1 with [1] = 2`, `x : i32`, `xs :> [n]i32`, `assert (n > 0) xs`,
	// update paths mixing fields and indices
	`r with x[0] = 1`, `r with x.y[i] = v`, `a with [i].f = v`, `x with 0[0] = 0`,
	`a with [i][j].f.0[k:l] = vs`, `r with xs[i, j] = v`, `let r.x[0] = 1 in r`,
	`let a[i].f = v in a`, `let r.x = u in r`, `let t.0[0] = 0 in t`, `let a[i][j] = v in a`,
	"let r.x[0] = 1\nlet r.y = 2\nin r",
	`#[unsafe] a[i]`, `#[unroll(3)] loop x = 0 for i < 3 do x`, `#[trace(foo)] x`,
	"x -- a comment\n+ y",
}

// validTypes must parse with typeEOF.
var validTypes = []string{
	`i32`, `[]f32`, `[n]f32`, `[n][m]i32`, `[n+1]t`, `[n*m]u8`, `(i32, f64)`, `()`,
	`{x: f32, y: f32}`, `i32 -> i32`, `(x: i64) -> [x]f32`, `*[]i32`, `vec f32`,
	`two_vecs [2] i32`, `?[n][m].[n][m]t`, `#a i32 | #b`, `M.t`, `(a -> b) -> [n]a -> [n]b`,
	`#some ([]i32) | #none`, `opt [n]i32`, `{}`,
}

// validProgs are whole programs.
var validProgs = []string{
	`def main (xs: []f32) : f32 = reduce (+) 0 (map (*2) xs)`,
	`def main (m: [][]i32) : [][]i32 = map (map (+1)) m`,
	`entry sum [n] (xs: [n]f32): f32 = loop acc = 0f32 for x in xs do acc + x`,
	`let f 't (x: t) = x`,
	`module M = { def x = 1 }`,
	`def g (a: *[]i32) = a with [0] = 1`,
	`def reverse [n] 't (xs: [n]t): [n]t = xs[::-1]`,
	`def (a:i32,b:i32) +^ (c:i32,d:i32) = (a+c, b+d)`,
	`def (+^) (a:i32,b:i32) (c:i32,d:i32) = (a+c, b+d)`,
	`type vec 't = [3]t`, `type^ fn = i32 -> i32`, `type~ arr = ?[n].[n]i32`,
	`type two_intvecs [n] = ([n]i32, [n]i32)`, `type t '~a '^b = (a, b)`,
	`def x: two_intvecs [2] = (iota 2, replicate 2 0)`,
	`local def helper = 1`, `open M`, `import "lib/github.com/foo/bar"`,
	`module type S = { type t val x: t val f: t -> t }`,
	`module type S2 = { type~ t [n] 'a  module M: S  include S  type u = i32 }`,
	`module F (X: S) = { def y = X.x }`, `module N = F M`, `module P: S = { type t = i32 def x = 0 def f = id }`,
	`module Q = F (M) : S with t = i32`, `module L = import "foo"`, `module R = \(X: S) -> { open X }`,
	`module type T = (X: S) -> S with t = X.t`, `module type U = S -> S`,
	`#[noinline] def f x = x`, `#[inline] local def f x = x`,
	"-- | Documented.\n-- More doc.\ndef documented = 1",
	"def main =\n  let a = 1\n  let b = 2\n  in a + b\ndef other = 2",
	"def f x = x\nlet g = 2\nentry h = f g",
	`def v = val'`, `def x = 1 def y = 2`, ``,
	`def f (x: i32) (y: i32) : (i32, i32) = (x, y)`,
	`def p {x, y}: f32 = x + y`, `def q ({x, y}: {x: f32, y: f32}) = x`,
	`def u (#a) = 0`,
	`def main [n][m] (a: [n][m]f32) : [m][n]f32 = transpose a`,
	`def f [n] (a: [n]i32) : ?[k].[k]i32 = filter (>0) a`,
	`module M : S with t = (?[k].[k]bool) = { type~ t = ?[k].[k]bool }`,
	`def h = M.x + M.N.y`, `def s = "abc"[0]`,
	`module type mt = { val (+): i32 -> i32 -> i32 val + : i32 -> i32 -> i32 }`,
	`def main = scatter (copy dest) is vs`,
	`def main (xs: []i32) = xs |> map (+1) |> filter (\x -> x % 2 == 0) |> reduce (+) 0`,
}

func TestValidExps(t *testing.T) {
	for _, src := range validExps {
		if _, errs := ParseExp("t.fut", src); len(errs) > 0 {
			t.Errorf("%q: %v", src, errs)
		}
	}
}

func TestValidTypes(t *testing.T) {
	for _, src := range validTypes {
		if _, errs := ParseType("t.fut", src); len(errs) > 0 {
			t.Errorf("%q: %v", src, errs)
		}
	}
}

func TestValidProgs(t *testing.T) {
	for _, src := range validProgs {
		if _, errs := Parse("t.fut", src); len(errs) > 0 {
			t.Errorf("%q: %v", src, errs)
		}
	}
}

func TestShapes(t *testing.T) {
	tests := []struct{ src, want string }{
		{`a + b * c`, `(+ a (* b c))`},
		{`a * b + c`, `(+ (* a b) c)`},
		{`a - b - c`, `(- (- a b) c)`},
		{`a |> f |> g`, `(|> (|> a f) g)`},
		{`f <| g <| x`, `(<| f (<| g x))`},
		{`f [x]`, `(app f ArrayAtom{[x]})`},
		{`f[x]`, `(idx f x)`},
		{`f [x] [y]`, `(app f ArrayAtom{[x]} ArrayAtom{[y]})`},
		{`-x`, `(neg x)`},
		{`a - x`, `(- a x)`},
		{`a -x`, `(- a x)`},
		{`-x ** 2`, `(** (neg x) 2)`},
		{`-f x`, `(neg (app f x))`},
		{`x.0.1`, `(. (. x 0) 1)`},
		{`a[i].x`, `(. (idx a i) x)`},
		{`r.x[i]`, `(idx (. r x) i)`},
		{`(+1)`, `(rsec + 1)`},
		{`(1+)`, `(lsec 1 +)`},
		{`(+)`, `(sec +)`},
		{`(-x)`, `(neg x)`},
		{`(.x)`, `(psec (.x))`},
		{`a +=+ b * c`, `(+=+ a (* b c))`},
		{`a * b +=+ c`, `(+=+ (* a b) c)`},
		{`a == b + c`, `(== a (+ b c))`},
		{`a & b == c`, `(== (& a b) c)`},
		{`a || b && c`, `(|| a (&& b c))`},
		{`a << b + c`, `(<< a (+ b c))`},
		{`a >>= b << c`, `(<< (>>= a b) c)`},
		{`a ** b ** c`, `(** (** a b) c)`},
		{`a |> b <| c`, `(|> a (<| b c))`},
		{`a || b |> f`, `(|> (|| a b) f)`},
		{`f >-> g == h`, `(== (>-> f g) h)`},
		{"x `f` y |> g", "(`f` x (|> y g))"},
		{`a..<b+1`, `(range a ..< (+ b 1))`},
		{`1..2...n`, `(range 1 2 ... n)`},
		{`1..n`, `(range 1 .. n)`},
		{`1..3..<n+1`, `(range 1 3 ..< (+ n 1))`},
		{`a with [i] = v + 1`, `(update a i (+ v 1))`},
		{`a + b with [i] = v`, `(update (+ a b) i v)`},
		{`a with [i].f[j] = v + 1`, `(update a i.f[j] (+ v 1))`},
		{`r with x.0[i] = v |> f`, `(rupdate r x.0[i] (|> v f))`},
		{`r with x[i] = v with y = w`, `(rupdate (rupdate r x[i] v) y w)`},
		{`x + y : i32`, `(: (+ x y) i32)`},
		{`f x.y`, `(app f (. x y))`},
		{`i32.max`, `(. i32 max)`},
		{`!a && b`, `(&& (not a) b)`},
	}
	for _, tc := range tests {
		tree, errs := ParseExp("t.fut", tc.src)
		if len(errs) > 0 {
			t.Errorf("%q: %v", tc.src, errs)
			continue
		}
		if got := shape(tree); got != tc.want {
			t.Errorf("%q: got %s, want %s", tc.src, got, tc.want)
		}
	}
}

func TestInvalid(t *testing.T) {
	tests := []struct {
		src       string
		line, col int
		msg       string // substring of the first error
	}{
		{"def main = 1 +", 1, 14, "unexpected '+'"},
		{"def main =\n  let x = 1 in", 2, 15, "expected an expression"},
		{"def f x = in", 1, 11, "unexpected 'in'"},
		{"def f = (1, 2", 1, 14, "end of file"},
		{"def f = \"abc", 1, 9, "unterminated string"},
		{"def f = 1\ndef g = 2 $ 3", 2, 11, "invalid character"},
		{"def f = if x then y", 1, 20, "'else'"},
		{"def = 1", 1, 5, "unexpected '='"},
		{"type t = ", 1, 10, "expected a type"},
		{"def f = loop x for i < n x", 1, 27, "expected 'do'"},
		{"def f = [1, 2", 1, 14, "end of file"},
		{"module M = {\ndef x = 1\n", 3, 1, "end of file"},
		{"def f = a[1", 1, 12, "end of file"},
		{"let", 1, 4, "end of file"},
		{"module M : S with t = ?[k].[k]bool = {}", 1, 23, "an existential type after `with` is written in parentheses"},
	}
	for _, tc := range tests {
		_, errs := Parse("bad.fut", tc.src)
		if len(errs) == 0 {
			t.Errorf("%q: no error", tc.src)
			continue
		}
		e := errs[0]
		if e.File != "bad.fut" || e.Line != tc.line || e.Col != tc.col || !strings.Contains(e.Msg, tc.msg) {
			t.Errorf("%q: got %v, want bad.fut:%d:%d containing %q", tc.src, e, tc.line, tc.col, tc.msg)
		}
		if !strings.HasPrefix(e.Error(), fmt.Sprintf("bad.fut:%d:%d: ", e.Line, e.Col)) {
			t.Errorf("Error() = %q", e.Error())
		}
	}
}

// TestInvalidExps checks that Parse rejects things Futhark rejects.
func TestInvalidExps(t *testing.T) {
	for _, src := range []string{`(1,`, `a[`, `\ -> x`, `let x = 1`, `if a then b`, `f (`, `1 +* `, `x with`, `{x = }`,
		`a with [i] [j] = v`, `r with x [i] = v`, `r with x.[i] = v`, `let r.x[0] in r`, `let r. = 1 in r`} {
		if _, errs := ParseExp("t.fut", src); len(errs) == 0 {
			t.Errorf("%q: expected an error", src)
		}
	}
}

func TestNoPanicOnGarbage(t *testing.T) {
	inputs := []string{"", "(((((", ")))))", "[[[[", "\\\\\\", "#[", "#[a(", "'", "\"", "0x", "1e", "let let let",
		"def f = " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300), "\x00\xff\xfe", "module type", "case ->"}
	for _, src := range inputs {
		Parse("g.fut", src)
		ParseExp("g.fut", src)
		ParseType("g.fut", src)
	}
}

// bigProgram generates a program of about n lines using most constructs.
func bigProgram(n int) string {
	var b strings.Builder
	for i := 0; b.Len() == 0 || strings.Count(b.String(), "\n") < n; i++ {
		fmt.Fprintf(&b, `-- | Function %d.
def f%d [n] (xs: [n]f32) (ys: [n]f32) : f32 =
  let zs = map2 (\x y -> x * y + f32.sqrt (x - y)) xs ys
  let (a, b) = (reduce (+) 0 zs, i64.sum (map (\i -> i * 2) (iota n)))
  let m = loop acc = 0f32 for i < n do acc + xs[i] * ys[(i + 1) %% n]
  let r = {x = a, y = m}
  in if a > 0 && r.y < 10 then r.x + m else (zs |> map (+1) |> reduce (*) 1) + f32.i64 b

entry e%d (xs: []i32) : []i32 =
  let ys = copy xs with [0] = 1
  in match ys[0] case 0 -> xs case _ -> map (\x -> x + %d) ys[1:]
`, i, i, i, i)
	}
	return b.String()
}

func TestBigProgram(t *testing.T) {
	src := bigProgram(2000)
	start := time.Now()
	_, errs := Parse("big.fut", src)
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	// Generous bound; the benchmark measures the real cost.
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("parsing 2000 lines took %v", d)
	}
}

func BenchmarkParse(b *testing.B) {
	src := bigProgram(2000)
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		if _, errs := Parse("big.fut", src); len(errs) > 0 {
			b.Fatal(errs[0])
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range validExps {
		f.Add(s)
	}
	for _, s := range validProgs {
		f.Add(s)
	}
	for _, s := range validTypes {
		f.Add(s)
	}
	// The project's test programs are realistic seeds.
	files, _ := filepath.Glob("../tests/programs/*.fut")
	examples, _ := filepath.Glob("../examples/*.fut")
	for _, path := range append(files, examples...) {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(string(src))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 16384 {
			return
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			Parse("fuzz.fut", src)
			ParseExp("fuzz.fut", src)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("parse did not return within 10s")
		}
	})
}
