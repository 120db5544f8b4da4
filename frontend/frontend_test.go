package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// run compiles src and runs its entry point main on the given input text.
func run(t *testing.T, src, input string) string {
	t.Helper()
	prog, err := Compile("t.fut", src)
	if err != nil {
		t.Fatalf("%s\n%v", src, err)
	}
	return runProg(t, prog, "main", input)
}

// runProg interprets entry point entry of prog on input.
func runProg(t *testing.T, prog *soac.Program, entry, input string) string {
	t.Helper()
	f := prog.Entry(entry)
	params := make([]values.ArgType, len(f.Params))
	for i, p := range f.Params {
		params[i] = values.ArgType{Elem: p.Type.Elem, Rank: p.Type.Rank()}
	}
	args, err := values.ReadArgs(strings.NewReader(input), entry, params)
	if err != nil {
		t.Fatal(err)
	}
	vargs := make([]soac.Value, len(args))
	for i, a := range args {
		vargs[i] = soac.FromRuntime(a)
	}
	res, err := soac.NewInterpreter(prog).RunEntry(entry, vargs)
	if err != nil {
		return "error: " + err.Error()
	}
	var out []string
	for _, r := range res {
		var b strings.Builder
		if err := values.WriteText(&b, r.ToRuntime()); err != nil {
			t.Fatal(err)
		}
		out = append(out, b.String())
	}
	return strings.Join(out, " ")
}

func TestPrograms(t *testing.T) {
	tests := []struct{ src, input, want string }{
		{"def main (xs: []f32) : f32 = reduce (+) 0 (map (*2) xs)", "[1,2,3]", "12.0f32"},
		{"def main (m: [][]i32) : [][]i32 = map (map (+1)) m", "[[1,2],[3,4]]", "[[2i32, 3i32], [4i32, 5i32]]"},
		{"def main (x: i32) = x + 1", "41", "42i32"},
		{"def main (x: f64) = x * 2.0", "1.5", "3.0f64"},
		{"def main (x: i32) = let (a, b) = (x, x * 3) in a - b", "2", "-4i32"},
		{"def main (xs: []i32) = (reduce (+) 0 xs, length xs)", "[1,2,3]", "6i32 3i64"},
		{"def main (n: i64) = map (\\i -> i * i) (iota n)", "4", "[0i64, 1i64, 4i64, 9i64]"},
		{"def main (x: i32) = loop acc = 1 for i < x do acc * 2", "10", "1024i32"},
		{"def main (x: i32) = loop (a, b) = (0, x) while b > 0 do (a + b, b - 1)", "4", "10i32 0i32"},
		{"def sq (x: i32) = x * x\ndef main (xs: []i32) = map sq xs", "[1,2,3]", "[1i32, 4i32, 9i32]"},
		{"def main (xs: []i32) = xs |> map (+1) |> reduce (*) 1", "[1,2,3]", "24i32"},
		{"def main (xs: []f32) = f32.sum xs", "[0.5, 0.25]", "0.75f32"},
		{"def main (x: i32) = f64.i32 x / 2", "3", "1.5f64"},
		{"def main [n] (xs: [n]i32) (ys: [n]i32) = unzip (zip xs ys)", "[1] [2]", "[1i32] [2i32]"},
		{"def main (xs: []i32) = scan (+) 0 xs", "[1,2,3]", "[1i32, 3i32, 6i32]"},
		{"def main (x: u8) = x - 1", "0u8", "255u8"},
		{"def main (b: bool) = if b && !b then 1 else 2", "true", "2i32"},
		{"def main (xs: []i32) = xs[1]", "[1,2,3]", "2i32"},
		{"def main (xs: []i32) = xs[3]", "[1,2,3]", "error: t.fut:1:24: Index [3] out of bounds for array of shape [3]."},
		{"def main (x: i32) = assert (x > 0) x", "0", "error: t.fut:1:21: assertion is false: (x > 0)"},
		{"def main (x: i32) = !x", "0", "-1i32"},
		{"def main (x: i32) = 0x10 + 0b11 + 1_000", "0", "1019i32"},
		{"def main (x: i32) = i32.max x 3 + i32.highest", "0", "-2147483646i32"},
	}
	for _, tc := range tests {
		if got := run(t, tc.src, tc.input); got != tc.want {
			t.Errorf("%s\ninput %s: got %s, want %s", tc.src, tc.input, got, tc.want)
		}
	}
}

func TestDiagnostics(t *testing.T) {
	tests := []struct{ src, want string }{
		{"def main (x: i32) = x + 1.5f32", "t.fut:1:25: error: right operand of \"+\" has type f32, but the left operand has type i32"},
		{"def main (x: i32) = y", "t.fut:1:21: error: unknown name \"y\""},
		{"def main (x: i32) : bool = x", "t.fut:1:28: error: Function body does not have expected type: main is declared to return bool, but its body has type i32"},
		{"def main (x: i32) = if x then 1 else 2", "t.fut:1:24: error: condition of if: expected type bool, but found i32"},
		{"def main (x: i32) = x 1", "t.fut:1:21: error: i32 is not a function"},
		{"def main (x: i32) =", "t.fut:1:20: "},
		{"def f (x: i32) = x\ndef f (x: i32) = x\ndef main = 1", "t.fut:2:1: error: Duplicate definition of \"f\": it is defined more than once"},
		{"module M = {}\nmodule N = M.K\ndef main (x: i32) = x", "t.fut:2:12: error: Unknown module \"M.K\""},
	}
	for _, tc := range tests {
		expectCompileError(t, tc.src, tc.want)
	}
}

// TestNoEntryPoint checks that a program without entry points compiles,
// as in Futhark (fcc check, libraries), to a program with no entry points.
func TestNoEntryPoint(t *testing.T) {
	for _, src := range []string{
		"def f (x: i32) = x",
		"type t = #a | #b i32\ndef g (v: t) = match v case #a -> 0 case #b x -> x",
		"",
	} {
		p, err := Compile("t.fut", src)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		for _, f := range p.Funs {
			if f.EntryName != "" {
				t.Errorf("%q: unexpected entry point %s", src, f.EntryName)
			}
		}
	}
}

// expectCompileError checks that src fails to compile with an error that
// contains want.
func expectCompileError(t *testing.T, src, want string) {
	t.Helper()
	_, err := Compile("t.fut", src)
	if err == nil {
		t.Errorf("%s: compiled, want error %q", src, want)
		return
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("%s:\ngot  %v\nwant %q", src, err, want)
	}
}

// TestOneErrorPerDeclaration checks that a mistake does not cascade: each
// broken declaration gives one diagnostic.
func TestOneErrorPerDeclaration(t *testing.T) {
	_, err := Compile("t.fut", "def f (x: i32) = x + true + false + y\ndef g = z\ndef main (x: i32) = x")
	ds, ok := err.(Diagnostics)
	if !ok || len(ds) != 2 {
		t.Fatalf("got %v, want two diagnostics", err)
	}
}

// FuzzCompile checks that no source text makes the front end panic.
func FuzzCompile(f *testing.F) {
	f.Add("def main (xs: []f32) : f32 = reduce (+) 0 (map (*2) xs)")
	f.Add("def main (m: [][]i32) = map (map (+1)) m")
	f.Add("def main (x: i32) = loop (a, b) = (0, x) while b > 0 do (a + b, b - 1)")
	f.Add("def main (x: i32) = let (a, b) = (x, 1) in a[b]")
	f.Add("type t 'a = {x: a}\ndef f 'a (r: t a) = r.x\ndef main (xs: *[]i32) = let ys = xs with [0:1] = [f {x = 1}] in filter (>0) ys[1..2...5]")
	f.Add("def main [n] (xs: [n]i64) = loop acc = xs for i < n do acc with [i] = acc[i] + 1 :> [n]i64")
	// Every corpus program seeds the fuzzer.
	files, _ := filepath.Glob("../tests/programs/*.fut")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	for _, src := range fuzzCrashers {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		Compile("fuzz.fut", src)
	})
}

// fuzzCrashers are inputs that once made the front end panic or hang.
var fuzzCrashers = []string{
	"def main (x: i32) = let f = \\p -> p with a = 1i32 in 0i32",
}

// TestNoPanic compiles inputs that once crashed the front end: each must
// compile or give a diagnostic.
func TestNoPanic(t *testing.T) {
	for _, src := range fuzzCrashers {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%q: panic: %v", src, r)
				}
			}()
			Compile("t.fut", src)
		}()
	}
}
