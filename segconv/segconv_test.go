package segconv

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// prog has host-level SOACs of every kind the pass converts, one inside a
// host loop, a scanomap with a reduction (which stays) and a function
// called from a kernel (whose SOAC stays sequential).
const prog = `fun rowsum (r: [c]i32): {i32} = {
  let {s: i32} = screma c (r)
    reduce (0i32) \(a0: i32, b0: i32): {i32} -> {
      let {x0: i32} = add i32 a0 b0
      in {x0}
    }
    map \(e: i32): {i32} -> {
      in {e}
    }
  in {s}
}
entry "main"
fun main (xs: [n]i32, is: [n]i64, dst: [k]i32, m: [p][q]i32): {[n]i32, i32, [n]i32, [k]i32, [n]i32, i32, [p]i32} = {
  let {ys: [n]i32} = screma n (xs)
    map \(x: i32): {i32} -> {
      let {y: i32} = mul i32 x 2i32
      in {y}
    }
  let {sum: i32} = screma n (xs)
    reduce (0i32) \(a: i32, b: i32): {i32} -> {
      let {c1: i32} = add i32 a b
      in {c1}
    }
    map \(x2: i32): {i32} -> {
      in {x2}
    }
  let {h: [k]i32} = hist n (is, xs)
    op k (dst) (0i32) \(a3: i32, b3: i32): {i32} -> {
      let {c3: i32} = add i32 a3 b3
      in {c3}
    }
    bucket \(i: i64, v: i32): {i64, i32} -> {
      in {i, v}
    }
  let {acc: [n]i32} = loop {a4: [n]i32 = xs} for j: i64 < 2i64
  do {
    let {sc: [n]i32} = screma n (a4)
      scan (0i32) \(a5: i32, b5: i32): {i32} -> {
        let {c5: i32} = add i32 a5 b5
        in {c5}
      }
      map \(x5: i32): {i32} -> {
        in {x5}
      }
    in {sc}
  }
  let {sc2: [n]i32, r2: i32} = screma n (xs)
    scan (0i32) \(a6: i32, b6: i32): {i32} -> {
      let {c6: i32} = add i32 a6 b6
      in {c6}
    }
    reduce (0i32) \(a7: i32, b7: i32): {i32} -> {
      let {c7: i32} = add i32 a7 b7
      in {c7}
    }
    map \(x6: i32): {i32, i32} -> {
      in {x6, x6}
    }
  let {rs: [p]i32} = segmap_thread (g < p) : {i32}
  body {
    let {row: [q]i32} = m[g]
    let {rsum: i32} = apply rowsum (row) : {i32}
    in {rsum}
  }
  in {ys, sum, acc, h, sc2, r2, rs}
}
`

func TestConvert(t *testing.T) {
	p, err := soac.ParseProgram(prog)
	if err != nil {
		t.Fatal(err)
	}
	if err := soac.Validate(p); err != nil {
		t.Fatal(err)
	}
	if soac.ValidateWith(p, soac.NoHostSOACs) == nil {
		t.Fatal("the validator accepts host-level SOACs under NoHostSOACs")
	}
	before := soac.Print(p)
	q, err := Convert(p)
	if err != nil {
		t.Fatal(err)
	}
	if soac.Print(p) != before {
		t.Error("Convert modified its input")
	}
	if err := soac.ValidateWith(q, soac.NoHostSOACs); err != nil {
		t.Fatalf("invalid output: %v\n%s", err, soac.Print(q))
	}
	out := soac.Print(q)
	for _, want := range []string{
		"let {ys: [n]i32} = segmap_thread (fcc_i_ys < n)",
		"let {sum: i32} = segred_thread (fcc_i_sum < n)",
		"let {h: [k]i32} = seghist_thread (fcc_i_h < n)",
		"let {sc: [n]i32} = segscan_thread (fcc_i_sc < n)",
		// Scans and reductions: a segscan that maps out the values to
		// reduce, then a segred of them.
		"let {sc2: [n]i32, fcc_tored0_sc2: [n]i32} = segscan_thread (fcc_i_sc2 < n)",
		"let {r2: i32} = segred_thread (fcc_i_r2 < n)",
		"let {s: i32} = screma c (r)", // runs inside a kernel
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// The program means the same.
	args := []string{"[1, 2, 3]", "[0, 1, 1]", "[10, 20]", "[[1, 2], [3, 4]]"}
	if a, b := run(t, p, args), run(t, q, args); a != b {
		t.Errorf("results differ: before %s, after %s", a, b)
	}
}

func run(t *testing.T, p *soac.Program, args []string) string {
	t.Helper()
	vs := make([]soac.Value, len(args))
	for i, a := range args {
		rv, err := values.NewReader(strings.NewReader(a)).Read()
		if err != nil {
			t.Fatal(err)
		}
		vs[i] = soac.FromRuntime(rv)
	}
	res, err := soac.NewInterpreter(p).RunEntry("main", vs)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, r := range res {
		b.WriteString(r.ToRuntime().String() + " ")
	}
	return b.String()
}
