package soac

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

// runText parses, validates and runs the entry point main of an IR
// program on arguments in Futhark's value text format, and returns the
// results in that format.
func runText(t *testing.T, prog string, args ...string) ([]string, error) {
	t.Helper()
	p, err := ParseProgram(prog)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := Validate(p); err != nil {
		t.Fatalf("validate: %v", err)
	}
	vs := make([]Value, len(args))
	for i, a := range args {
		rv, err := values.NewReader(strings.NewReader(a)).Read()
		if err != nil {
			t.Fatalf("argument %q: %v", a, err)
		}
		vs[i] = FromRuntime(rv)
	}
	res, err := NewInterpreter(p).RunEntry("main", vs)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(res))
	for i, r := range res {
		out[i] = r.ToRuntime().String()
	}
	return out, nil
}

type nodeCase struct {
	name string
	prog string
	args []string
	want []string // results, or
	err  string   // a substring of the run-time error
}

func runCases(t *testing.T, cases []nodeCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runText(t, c.prog, c.args...)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one containing %q (results %v)", err, c.err, got)
				}
				if _, ok := err.(*RuntimeError); !ok {
					t.Fatalf("error %T, want *RuntimeError", err)
				}
				if !strings.Contains(err.Error(), "<ir>:") {
					t.Errorf("error %q carries no position", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
}

// prog1 wraps one statement (and its result type) into an entry point
// main taking xs: [n]i32 and m: [r][c]i32.
func prog1(ret, stms, result string) string {
	return "entry \"main\"\nfun main (xs: [n]i32, m: [r][c]i32): {" + ret + "} = {\n" + stms + "\nin {" + result + "}\n}\n"
}

const (
	xs10 = "[0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32]"
	m23  = "[[0i32, 1i32, 2i32], [3i32, 4i32, 5i32]]"
)

func TestInterpretSlice(t *testing.T) {
	runCases(t, []nodeCase{
		{"stride 2", prog1("[3i64]i32", "let {y: [3i64]i32} = slice xs[1i64:+3i64*2i64]", "y"), []string{xs10, m23}, []string{"[1i32, 3i32, 5i32]"}, ""},
		{"negative stride", prog1("[4i64]i32", "let {y: [4i64]i32} = slice xs[9i64:+4i64*-2i64]", "y"), []string{xs10, m23}, []string{"[9i32, 7i32, 5i32, 3i32]"}, ""},
		{"empty at end", prog1("[0i64]i32", "let {y: [0i64]i32} = slice xs[10i64:+0i64*1i64]", "y"), []string{xs10, m23}, []string{"empty([0]i32)"}, ""},
		{"empty anywhere", prog1("[0i64]i32", "let {y: [0i64]i32} = slice xs[-5i64:+0i64*-1i64]", "y"), []string{xs10, m23}, []string{"empty([0]i32)"}, ""},
		{"column", prog1("[2i64]i32", "let {y: [2i64]i32} = slice m[0i64:+2i64*1i64, 2i64]", "y"), []string{xs10, m23}, []string{"[2i32, 5i32]"}, ""},
		{"2d reversed", prog1("[2i64][2i64]i32", "let {y: [2i64][2i64]i32} = slice m[1i64:+2i64*-1i64, 0i64:+2i64*2i64]", "y"), []string{xs10, m23}, []string{"[[3i32, 5i32], [0i32, 2i32]]"}, ""},
		{"row prefix", prog1("[3i64]i32", "let {y: [3i64]i32} = slice m[1i64]", "y"), []string{xs10, m23}, []string{"[3i32, 4i32, 5i32]"}, ""},
		{"all fixed", prog1("i32", "let {y: i32} = slice m[1i64, 2i64]", "y"), []string{xs10, m23}, []string{"5i32"}, ""},
		{"past end", prog1("[3i64]i32", "let {y: [3i64]i32} = slice xs[8i64:+3i64*1i64]", "y"), []string{xs10, m23}, nil, "Index [8:11] out of bounds for array of shape [10]."},
		{"negative start", prog1("[3i64]i32", "let {y: [3i64]i32} = slice xs[1i64:+3i64*-1i64]", "y"), []string{xs10, m23}, nil, "Index [1:-2:-1] out of bounds for array of shape [10]."},
		{"fixed out of bounds", prog1("[3i64]i32", "let {y: [3i64]i32} = slice m[2i64]", "y"), []string{xs10, m23}, nil, "Index [2] out of bounds for array of shape [2][3]."},
	})
}

func TestInterpretIndex(t *testing.T) {
	runCases(t, []nodeCase{
		{"in bounds", prog1("i32", "let {y: i32} = m[1i64, 0i64]", "y"), []string{xs10, m23}, []string{"3i32"}, ""},
		{"out of bounds", prog1("i32", "let {y: i32} = xs[10i64]", "y"), []string{xs10, m23}, nil, "Index [10] out of bounds for array of shape [10]."},
		{"negative", prog1("i32", "let {y: i32} = m[0i64, -1i64]", "y"), []string{xs10, m23}, nil, "Index [0, -1] out of bounds for array of shape [2][3]."},
	})
}

func TestInterpretUpdate(t *testing.T) {
	runCases(t, []nodeCase{
		{"element, copy on write", prog1("[n]i32, [n]i32", "let {y: [n]i32} = update xs[2i64] = 100i32", "y, xs"), []string{"[1i32, 2i32, 3i32]", m23},
			[]string{"[1i32, 2i32, 100i32]", "[1i32, 2i32, 3i32]"}, ""},
		{"row", prog1("[r][c]i32", "let {row: [3i64]i32} = array i32 [7i32, 8i32, 9i32]\nlet {y: [r][c]i32} = update m[0i64] = row", "y"), []string{xs10, m23},
			[]string{"[[7i32, 8i32, 9i32], [3i32, 4i32, 5i32]]"}, ""},
		{"strided column", prog1("[r][c]i32", "let {col: [2i64]i32} = array i32 [7i32, 8i32]\nlet {y: [r][c]i32} = update m[1i64:+2i64*-1i64, 1i64] = col", "y"), []string{xs10, m23},
			[]string{"[[0i32, 8i32, 2i32], [3i32, 7i32, 5i32]]"}, ""},
		{"out of bounds", prog1("[n]i32", "let {y: [n]i32} = update xs[5i64] = 1i32", "y"), []string{"[1i32, 2i32, 3i32]", m23}, nil, "Index [5] out of bounds for array of shape [3]."},
		{"shape mismatch", prog1("[r][c]i32", "let {y: [r][c]i32} = update m[0i64, 0i64:+c*1i64] = xs", "y"), []string{xs10, m23}, nil, "update: value of shape [10] does not fit the slice [0, 0:3] of shape [3]"},
	})
}

func TestInterpretRearrangeReshapeConcat(t *testing.T) {
	cube := "[[[0i32, 1i32], [2i32, 3i32], [4i32, 5i32]], [[6i32, 7i32], [8i32, 9i32], [10i32, 11i32]]]"
	runCases(t, []nodeCase{
		{"transpose", prog1("[c][r]i32", "let {y: [c][r]i32} = rearrange (1, 0) m", "y"), []string{xs10, m23}, []string{"[[0i32, 3i32], [1i32, 4i32], [2i32, 5i32]]"}, ""},
		{"3d", "entry \"main\"\nfun main (a: [p][q][s]i32): {[s][p][q]i32} = {\nlet {y: [s][p][q]i32} = rearrange (2, 0, 1) a\nin {y}\n}\n", []string{cube},
			[]string{"[[[0i32, 2i32, 4i32], [6i32, 8i32, 10i32]], [[1i32, 3i32, 5i32], [7i32, 9i32, 11i32]]]"}, ""},
		{"identity", prog1("[r][c]i32", "let {y: [r][c]i32} = rearrange (0, 1) m", "y"), []string{xs10, m23}, []string{m23}, ""},
		{"empty", prog1("[c][r]i32", "let {y: [c][r]i32} = rearrange (1, 0) m", "y"), []string{xs10, "empty([0][3]i32)"}, []string{"empty([3][0]i32)"}, ""},
		{"flatten", prog1("[6i64]i32", "let {y: [6i64]i32} = reshape (6i64) m", "y"), []string{xs10, m23}, []string{"[0i32, 1i32, 2i32, 3i32, 4i32, 5i32]"}, ""},
		{"unflatten", prog1("[5i64][2i64]i32", "let {y: [5i64][2i64]i32} = reshape (5i64, 2i64) xs", "y"), []string{xs10, m23},
			[]string{"[[0i32, 1i32], [2i32, 3i32], [4i32, 5i32], [6i32, 7i32], [8i32, 9i32]]"}, ""},
		{"reshape mismatch", prog1("[4i64]i32", "let {y: [4i64]i32} = reshape (4i64) m", "y"), []string{xs10, m23}, nil, "cannot reshape array of shape [2][3] to shape [4]"},
	})
	runCases(t, []nodeCase{
		{"concat", "entry \"main\"\nfun main (a: [p]i32, b: [q]i32, w: i64): {[w]i32} = {\nlet {y: [w]i32} = concat w (a, b, a)\nin {y}\n}\n",
			[]string{"[1i32, 2i32]", "[3i32]", "5i64"}, []string{"[1i32, 2i32, 3i32, 1i32, 2i32]"}, ""},
		{"concat rows", "entry \"main\"\nfun main (a: [p][2i64]i32, b: [q][2i64]i32, w: i64): {[w][2i64]i32} = {\nlet {y: [w][2i64]i32} = concat w (a, b)\nin {y}\n}\n",
			[]string{"[[1i32, 2i32]]", "[[3i32, 4i32]]", "2i64"}, []string{"[[1i32, 2i32], [3i32, 4i32]]"}, ""},
		{"concat size", "entry \"main\"\nfun main (a: [p]i32, b: [q]i32, w: i64): {[w]i32} = {\nlet {y: [w]i32} = concat w (a, b)\nin {y}\n}\n",
			[]string{"[1i32, 2i32]", "[3i32]", "4i64"}, nil, "concat: result has 3 rows, expected 4"},
		{"concat inner shapes", "entry \"main\"\nfun main (a: [p][k]i32, b: [q][l]i32, w: i64): {[w][k]i32} = {\nlet {y: [w][k]i32} = concat w (a, b)\nin {y}\n}\n",
			[]string{"[[1i32, 2i32]]", "[[3i32]]", "2i64"}, nil, "concat: arrays of shapes [1][2] and [1][1]"},
	})
}

func TestInterpretHist(t *testing.T) {
	prog := `entry "main"
fun main (is: [n]i64, vs: [n]i32, dst: [k]i32): {[k]i32, [k]i32} = {
  let {h: [k]i32} = hist n (is, vs)
    op k (dst) (0i32) \(a: i32, b: i32): {i32} -> {
      let {c: i32} = add i32 a b
      in {c}
    }
    bucket \(i: i64, v: i32): {i64, i32} -> {
      in {i, v}
    }
  in {h, dst}
}
`
	prog2 := `entry "main"
fun main (is: [n]i64, vs: [n]f32, d1: [k]f32, d2: [k]i32): {[k]f32, [k]i32} = {
  let {h1: [k]f32, h2: [k]i32} = hist n (is, vs)
    op k (d1, d2) (f32.inf, 0i32) \(a: f32, ai: i32, b: f32, bi: i32): {f32, i32} -> {
      let {lt: bool} = lt f32 b a
      let {m: f32} = min f32 a b
      let {ci: i32} = convert bool i32 lt
      let {cnt: i32} = add i32 ai bi
      in {m, cnt}
    }
    bucket \(i: i64, v: f32): {i64, f32, i32} -> {
      in {i, v, 1i32}
    }
  in {h1, h2}
}
`
	runCases(t, []nodeCase{
		{"reduce_by_index", prog, []string{"[0i64, 2i64, -1i64, 2i64, 4i64, 3i64]", "[1i32, 2i32, 3i32, 4i32, 5i32, 6i32]", "[10i32, 20i32, 30i32, 40i32]"},
			[]string{"[11i32, 20i32, 36i32, 46i32]", "[10i32, 20i32, 30i32, 40i32]"}, ""},
		{"empty", prog, []string{"empty([0]i64)", "empty([0]i32)", "[1i32]"}, []string{"[1i32]", "[1i32]"}, ""},
		{"two values", prog2, []string{"[1i64, 1i64, 0i64, 7i64]", "[3f32, -1f32, 2f32, 0f32]", "[f32.inf, f32.inf]", "[0i32, 0i32]"},
			[]string{"[2.0f32, -1.0f32]", "[1i32, 2i32]"}, ""},
	})
}

func TestInterpretScatter(t *testing.T) {
	prog := `entry "main"
fun main (is: [n]i64, vs: [n]i32, dst: [k]i32): {[k]i32, [k]i32} = {
  let {s: [k]i32} = scatter n (is, vs) into (dst/1)
    lambda \(i: i64, v: i32): {i64, i32} -> {
      in {i, v}
    }
  in {s, dst}
}
`
	prog2 := `entry "main"
fun main (is: [n]i64, js: [n]i64, vs: [n]i32, dst: [p][q]i32, rows: [r][q]i32): {[p][q]i32, [r][q]i32} = {
  let {s: [p][q]i32, t: [r][q]i32} = scatter n (is, js, vs) into (dst/2, rows/1)
    lambda \(i: i64, j: i64, v: i32): {i64, i64, i32, i64, [q]i32} -> {
      let {row: [q]i32} = replicate (q) v
      in {i, j, v, i, row}
    }
  in {s, t}
}
`
	runCases(t, []nodeCase{
		{"last write wins", prog, []string{"[0i64, 2i64, 2i64, 9i64, -1i64]", "[1i32, 2i32, 3i32, 4i32, 5i32]", "[0i32, 0i32, 0i32]"},
			[]string{"[1i32, 0i32, 3i32]", "[0i32, 0i32, 0i32]"}, ""},
		{"2d and rows", prog2, []string{"[0i64, 1i64, 5i64]", "[1i64, 0i64, 0i64]", "[7i32, 8i32, 9i32]", "[[0i32, 0i32], [0i32, 0i32]]", "[[1i32, 1i32], [1i32, 1i32]]"},
			[]string{"[[0i32, 7i32], [8i32, 0i32]]", "[[7i32, 7i32], [8i32, 8i32]]"}, ""},
	})
}

func TestInterpretCallPrimProgram(t *testing.T) {
	prog := `entry "main"
fun main (x: f32, y: f32, n: u32): {f32, f32, u32, i32, bool} = {
  let {a: f32} = callprim atan2 (f32 y, f32 x) : f32
  let {b: f32} = callprim from_bits (u32 n) : f32
  let {c: u32} = callprim to_bits (f32 x) : u32
  let {d: i32} = callprim popc (u32 n) : i32
  let {e: bool} = callprim isnan (f32 b) : bool
  in {a, b, c, d, e}
}
`
	runCases(t, []nodeCase{
		{"atan2 and bits", prog, []string{"0f32", "1f32", "1065353216u32"}, []string{"1.5707964f32", "1.0f32", "0u32", "7i32", "false"}, ""},
	})
}

func TestInterpretAllNodes(t *testing.T) {
	text := readFile(t, "testdata/all_nodes.ir")
	got, err := runText(t, text, "[1f32, 2f32, 3f32]", "[0i64, 2i64, 2i64]", "[[0i32, 1i32, 2i32, 3i32], [4i32, 5i32, 6i32, 7i32], [8i32, 9i32, 10i32, 11i32]]", "true")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"3.0f32", "[1.0f32, 2.0f32, 3.0f32]", "[[0i32, 3i32, 8i32], [1i32, 7i32, 9i32], [2i32, 6i32, 10i32], [3i32, 7i32, 11i32]]"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got %v, want %v", got, want)
	}
	_, err = runText(t, text, "[1f32]", "[0i64]", "[[0i32, 1i32, 2i32, 3i32], [4i32, 5i32, 6i32, 7i32], [8i32, 9i32, 10i32, 11i32]]", "false")
	if err == nil || !strings.Contains(err.Error(), `b must "hold"`) {
		t.Errorf("assertion: got %v", err)
	}
	_, err = runText(t, text, "[1f32]", "[0i64, 1i64]", "[[0i32, 1i32, 2i32, 3i32], [4i32, 5i32, 6i32, 7i32], [8i32, 9i32, 10i32, 11i32]]", "true")
	if err == nil || !strings.Contains(err.Error(), "size mismatch for is_3: dimension 0 is 2, expected 1") {
		t.Errorf("size mismatch: got %v", err)
	}
}

// TestCallTwiceWithDifferentSizes checks that a function's size
// parameters are bound afresh by each call.
func TestCallTwiceWithDifferentSizes(t *testing.T) {
	prog := `entry "main"
fun main (a: [p]i32, b: [q]i32): {i64, i64} = {
  let {x: i64} = apply len (a) : {i64}
  let {y: i64} = apply len (b) : {i64}
  in {x, y}
}

fun len (xs: [n]i32): {i64} = {
  in {n}
}
`
	got, err := runText(t, prog, "[1i32, 2i32]", "[1i32, 2i32, 3i32]")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, " ") != "2i64 3i64" {
		t.Errorf("got %v", got)
	}
}

// TestInterpretAssertOperands checks that a failed assertion's message
// shows its operands' values, and that %% stays a percent sign.
func TestInterpretAssertOperands(t *testing.T) {
	prog := `entry "main"
fun main (a: i64, b: i64): {i64} = {
  let {ok: bool} = lt i64 a b
  let {c: bool} = assert ok "Range %d..<%d is invalid (100%% sure)." (a, b)
  in {a}
}
`
	p, err := ParseProgram(prog)
	if err != nil {
		t.Fatal(err)
	}
	if got := Print(p); got != prog {
		t.Errorf("printed:\n%s", got)
	}
	runCases(t, []nodeCase{
		{"holds", prog, []string{"1i64", "2i64"}, []string{"1i64"}, ""},
		{"fails", prog, []string{"5i64", "-1i64"}, nil, "Range 5..<-1 is invalid (100% sure)."},
	})
}
