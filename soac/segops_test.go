package soac

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

const segScanProg = `entry "main"
fun main (m: [r][c]i32): {[r][c]i32, [r][c]i32} = {
  let {s: [r][c]i32, d: [r][c]i32} = segscan_thread (i < r, j < c) : {i32, i32}
    scan (0i32) \(a: i32, b: i32): {i32} -> {
      let {x: i32} = add i32 a b
      in {x}
    }
  body {
    let {v: i32} = m[i, j]
    let {w: i32} = mul i32 v 2i32
    in {v, w}
  }
  in {s, d}
}
`

// A scan with a non-commutative operator on pairs (the last non-zero
// value seen, and a count) and a one-dimensional space.
const segScanPairProg = `entry "main"
fun main (xs: [n]i32): {[n]i32, [n]i64} = {
  let {s: [n]i32, k: [n]i64} = segscan_group (i < n) : {i32, i64}
    scan (0i32, 0i64) \(a: i32, ac: i64, b: i32, bc: i64): {i32, i64} -> {
      let {z: bool} = eq i32 b 0i32
      let {x: i32} = if z : {i32}
      then {
        in {a}
      }
      else {
        in {b}
      }
      let {y: i64} = add i64 ac bc
      in {x, y}
    }
  body {
    let {v: i32} = xs[i]
    in {v, 1i64}
  }
  in {s, k}
}
`

const segHistProg = `entry "main"
fun main (is: [r][c]i64, vs: [r][c]i32, dst: [r][k]i32, cnt: [r][k]i64): {[r][k]i32, [r][k]i64} = {
  let {h: [r][k]i32, hc: [r][k]i64} = seghist_thread (i < r, j < c) : {i64, i32, i64, i64}
    op k (dst) (0i32) \(a: i32, b: i32): {i32} -> {
      let {x: i32} = max i32 a b
      in {x}
    }
    op k (cnt) (0i64) \(a2: i64, b2: i64): {i64} -> {
      let {x2: i64} = add i64 a2 b2
      in {x2}
    }
  body {
    let {bin: i64} = is[i, j]
    let {v: i32} = vs[i, j]
    in {bin, v, bin, 1i64}
  }
  in {h, hc}
}
`

const segHist1DProg = `entry "main"
fun main (is: [n]i64, vs: [n][2i64]f32, dst: [k][2i64]f32, z: [2i64]f32): {[k][2i64]f32} = {
  let {h: [k][2i64]f32} = seghist_thread (i < n) : {i64, [2i64]f32}
    op k (dst) (z) \(a: [2i64]f32, b: [2i64]f32): {[2i64]f32} -> {
      let {x: [2i64]f32} = segmap_thread (q < 2i64) : {f32}
      body {
        let {a1: f32} = a[q]
        let {b1: f32} = b[q]
        let {s1: f32} = add f32 a1 b1
        in {s1}
      }
      in {x}
    }
  body {
    let {bin: i64} = is[i]
    let {v: [2i64]f32} = vs[i]
    in {bin, v}
  }
  in {h}
}
`

const thresholdProg = `threshold "suff_outer_par_0" 100
threshold "suff_intra_par_1" 32

entry "main"
fun main (n: i64): {bool, i32} = {
  let {c: bool} = threshold "suff_outer_par_0" n
  let {v: i32} = if c : {i32}
  then {
    in {1i32}
  }
  else {
    in {2i32}
  }
  in {c, v}
}
`

func TestInterpretSegScanHist(t *testing.T) {
	runCases(t, []nodeCase{
		{"segmented scan", segScanProg, []string{"[[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]]"},
			[]string{"[[1i32, 3i32, 6i32], [4i32, 9i32, 15i32]]", "[[2i32, 4i32, 6i32], [8i32, 10i32, 12i32]]"}, ""},
		{"segmented scan, empty segments", segScanProg, []string{"empty([2][0]i32)"},
			[]string{"empty([2][0]i32)", "empty([2][0]i32)"}, ""},
		{"scan, non-commutative pair", segScanPairProg, []string{"[0i32, 3i32, 0i32, 5i32, 0i32]"},
			[]string{"[0i32, 3i32, 3i32, 5i32, 5i32]", "[1i64, 2i64, 3i64, 4i64, 5i64]"}, ""},
		{"segmented hist, two ops, out of range ignored", segHistProg,
			[]string{"[[0i64, 1i64, 0i64], [2i64, -1i64, 3i64]]", "[[5i32, 7i32, 9i32], [1i32, 2i32, 3i32]]",
				"[[0i32, 0i32, 0i32], [10i32, 0i32, 0i32]]", "[[0i64, 0i64, 0i64], [0i64, 0i64, 0i64]]"},
			[]string{"[[9i32, 7i32, 0i32], [10i32, 0i32, 1i32]]", "[[2i64, 1i64, 0i64], [0i64, 0i64, 1i64]]"}, ""},
		{"hist with an array operator", segHist1DProg,
			[]string{"[1i64, 0i64, 1i64, 2i64]", "[[1f32, 2f32], [3f32, 4f32], [5f32, 6f32], [7f32, 8f32]]", "[[0f32, 0f32], [1f32, 1f32]]", "[0f32, 0f32]"},
			[]string{"[[3.0f32, 4.0f32], [7.0f32, 9.0f32]]"}, ""},
		{"hist destination shape", strings.Replace(segHistProg, "dst: [r][k]i32", "dst: [p][k]i32", 1),
			[]string{"[[0i64]]", "[[5i32]]", "[[0i32, 0i32], [1i32, 1i32]]", "[[0i64, 0i64]]"}, nil,
			"seghist: destination dst has shape [2][2], expected [1][2]"},
	})
}

func TestInterpretThreshold(t *testing.T) {
	p := mustParse(t, thresholdProg)
	if err := Validate(p); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		set  int64 // < 0: keep the default
		n    int64
		want string
	}{
		{-1, 100, "true 1i32"},
		{-1, 99, "false 2i32"},
		{5, 5, "true 1i32"},
		{5, 4, "false 2i32"},
		{0, 0, "true 1i32"},
	} {
		in := NewInterpreter(p)
		if c.set >= 0 {
			in.SetThreshold("suff_outer_par_0", c.set)
		}
		res, err := in.RunEntry("main", []Value{PrimVal(IntValue(values.I64, c.n))})
		if err != nil {
			t.Fatal(err)
		}
		got := res[0].ToRuntime().String() + " " + res[1].ToRuntime().String()
		if got != c.want {
			t.Errorf("threshold %d, n = %d: got %s, want %s", c.set, c.n, got, c.want)
		}
	}
	if v, ok := NewInterpreter(p).Threshold("suff_intra_par_1"); !ok || v != 32 {
		t.Errorf("default of suff_intra_par_1: %d %v", v, ok)
	}
}

func TestRoundTripSegOps(t *testing.T) {
	for _, text := range []string{segScanProg, segScanPairProg, segHistProg, segHist1DProg, thresholdProg} {
		p := mustParse(t, text)
		printed := Print(p)
		if printed != text {
			t.Errorf("print differs from the text:\n%s\nwant:\n%s", printed, text)
		}
		q := mustParse(t, printed)
		if Print(q) != printed {
			t.Errorf("round trip differs:\n%s", Print(q))
		}
		if err := Validate(q); err != nil {
			t.Errorf("validate: %v\n%s", err, printed)
		}
		// The walkers know the new nodes: every Seg-op binds its indices
		// and uses only the entry point's parameters.
		for _, f := range q.Funs {
			free := FreeInBody(f.Body)
			for n := range free {
				isParam := false
				for _, prm := range f.Params {
					isParam = isParam || prm.Name == n
					for _, d := range prm.Type.Shape {
						if v, ok := d.(Var); ok && v.Name == n {
							isParam = true
						}
					}
				}
				if !isParam {
					t.Errorf("free name %s is not a parameter", n)
				}
			}
		}
	}
}

func TestValidateSegOps(t *testing.T) {
	for _, c := range []struct{ name, text, old, new, msg string }{
		{"scan input type", segScanProg, "scan (0i32)", "scan (0i64)", "segscan operator parameter 0 has type i32"},
		{"scan result", segScanProg, "{s: [r][c]i32, d: [r][c]i32}", "{s: [r]i32, d: [r][c]i32}", "s: declared [r]i32, expression gives [r][c]i32"},
		{"hist dest shape", segHistProg, "dst: [r][k]i32", "dst: [k]i32", "dst: seghist destination of type [k]i32, expected [r][k]i32"},
		{"hist index type", segHistProg, ": {i64, i32, i64, i64}", ": {i32, i32, i64, i64}", "seghist body result 0 has type i64, declared i32"},
		{"hist body arity", segHistProg, "in {bin, v, bin, 1i64}", "in {bin, v, bin}", "seghist body result: 3 values where 4 are declared"},
		{"undeclared threshold", thresholdProg, `threshold "suff_outer_par_0" n`, `threshold "nope" n`, `threshold "nope" is not declared`},
		{"threshold twice", thresholdProg, `threshold "suff_intra_par_1" 32`, `threshold "suff_outer_par_0" 32`, "declared twice"},
		{"threshold operand", thresholdProg, `threshold "suff_outer_par_0" n`, `threshold "suff_outer_par_0" 1i32`, "threshold parallelism has type i32, expected i64"},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := strings.Replace(c.text, c.old, c.new, 1)
			if text == c.text {
				t.Fatalf("%q not in the program", c.old)
			}
			err := Validate(mustParse(t, text))
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v, want an error containing %q", err, c.msg)
			}
		})
	}
}
