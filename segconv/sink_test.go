package segconv

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// TestSinkReads checks which host reads of one element move into the
// kernels that use them: only those whose value nothing on the host uses
// and that no consuming statement separates from their uses. The program
// must mean the same after the pass, an index out of bounds included.
func TestSinkReads(t *testing.T) {
	const head = "entry \"main\"\nfun main (m: [p][q]f32, k: i64, is: [p]i64): {[p]f32} = {\n"
	const kernel = `  let {ys: [p]f32} = segmap_thread (g < p) : {f32}
  body {
    let {r: f32} = m[g, 0i64]
    let {y: f32} = add f32 r x
    in {y}
  }
`
	cases := []struct {
		name string
		body string
		sunk bool
		args []string
	}{
		{"kernel use", "  let {x: f32} = m[k, k]\n" + kernel + "  in {ys}\n}\n", true, []string{"[[1f32, 2f32], [3f32, 4f32]]", "1i64", "[0i64, 1i64]"}},
		{"out of bounds", "  let {x: f32} = m[k, k]\n" + kernel + "  in {ys}\n}\n", true, []string{"[[1f32, 2f32], [3f32, 4f32]]", "2i64", "[0i64, 1i64]"}},
		{"host use", "  let {x: f32} = m[k, k]\n" + kernel + "  let {z: [p]f32} = replicate (p) x\n  in {z}\n}\n", false, nil},
		// x is computed from the element by an operation the kernel
		// repeats; the host computes neither.
		{"chain", "  let {e: f32} = m[k, k]\n  let {x: f32} = div f32 1f32 e\n" + kernel + "  in {ys}\n}\n", true, []string{"[[1f32, 2f32], [3f32, 4f32]]", "1i64", "[0i64, 1i64]"}},
		{"consumed before", "  let {x: f32} = m[k, k]\n  let {c: [p]f32} = copy ys0\n" +
			"  let {s: [p]f32} = scatter p (is, vs) into (c/1)\n    lambda \\(i: i64, v: f32): {i64, f32} -> {\n      in {i, v}\n    }\n" + kernel + "  in {ys}\n}\n", false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := head + c.body
			if c.name == "consumed before" {
				src = strings.Replace(src, "  let {c: [p]f32} = copy ys0\n", "  let {ys0: [p]f32} = replicate (p) 0f32\n  let {vs: [p]f32} = replicate (p) 1f32\n  let {c: [p]f32} = copy ys0\n", 1)
			}
			p, err := soac.ParseProgram(src)
			if err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
			q, err := Convert(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := soac.ValidateWith(q, soac.NoHostSOACs); err != nil {
				t.Fatalf("invalid output: %v\n%s", err, soac.Print(q))
			}
			out := soac.Print(q)
			sunk := strings.Contains(out, "_k: f32} = m[k, k] inbounds (0, 1)") && !strings.Contains(out, "= m[k, k]\n")
			if sunk != c.sunk {
				t.Fatalf("sunk %v, want %v:\n%s", sunk, c.sunk, out)
			}
			if c.args != nil {
				if a, b := runOrFail(t, p, c.args), runOrFail(t, q, c.args); a != b {
					t.Errorf("results differ: before %s, after %s", a, b)
				}
			}
		})
	}
}

// runOrFail is run, giving a run-time error's message as the result.
func runOrFail(t *testing.T, p *soac.Program, args []string) string {
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
		return "error: " + err.Error()
	}
	var b strings.Builder
	for _, r := range res {
		b.WriteString(r.ToRuntime().String() + " ")
	}
	return b.String()
}
