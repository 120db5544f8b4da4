package segconv

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestSinkIotas checks which host iotas move into the kernels that read
// them: only those that every use reads element by element inside a
// kernel's body. The program must mean the same after the pass, a
// negative size included.
func TestSinkIotas(t *testing.T) {
	const head = "entry \"main\"\nfun main (p: i64, k: i64): {[p]i64} = {\n"
	// A kernel summing the iota's elements in a sequential screma.
	const kernel = `  let {ys: [p]i64} = segmap_thread (g < p) : {i64}
  body {
    let {s: i64} = screma K (xs)
      reduce_comm (0i64) \(a: i64, b: i64): {i64} -> {
        let {c: i64} = add i64 a b
        in {c}
      }
      map \(x: i64): {i64} -> {
        let {y: i64} = add i64 x g
        in {y}
      }
    in {s}
  }
`
	cases := []struct {
		name  string
		size  string // the iota's size
		after string // statements after the kernel
		res   string
		sunk  bool
		check bool // a host check of the size is left
	}{
		{"kernel use", "k", "", "ys", true, true},
		{"constant size", "3i64", "", "ys", true, false},
		{"host use", "k", "  let {h: i64} = xs[0i64]\n", "ys", false, false},
		{"result", "p", "", "xs", false, false},
		{"in an if's kernel", "k", "", "ys", true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := strings.ReplaceAll(kernel, "K", c.size)
			if c.name == "in an if's kernel" {
				body = "  let {pos: bool} = lt i64 0i64 p\n  let {ys: [p]i64} = if pos : {[p]i64}\n  then {\n" +
					strings.ReplaceAll(strings.ReplaceAll(body, "{ys:", "{ys1:"), "in {s}\n  }\n", "in {s}\n  }\n  in {ys1}\n") +
					"  }\n  else {\n    let {z: [p]i64} = replicate (p) 0i64\n    in {z}\n  }\n"
			}
			src := head + "  let {xs: [" + c.size + "]i64} = iota i64 " + c.size + " 0i64 1i64\n" + body + c.after + "  in {" + c.res + "}\n}\n"
			if c.res == "xs" {
				src = strings.Replace(src, "{[p]i64}", "{["+c.size+"]i64}", 1)
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
			sunk := strings.Contains(out, "{xs_k: [") && !strings.Contains(out, "{xs: [")
			if sunk != c.sunk {
				t.Fatalf("sunk %v, want %v:\n%s", sunk, c.sunk, out)
			}
			if check := strings.Contains(out, `"iota: negative size %d"`); check != c.check {
				t.Errorf("size check %v, want %v:\n%s", check, c.check, out)
			}
			for _, args := range [][]string{{"3i64", "4i64"}, {"2i64", "-1i64"}, {"0i64", "2i64"}} {
				a, b := runOrFail(t, p, args), runOrFail(t, q, args)
				// The message may differ in its position; both must fail
				// or both return the same values.
				if strings.HasPrefix(a, "error") != strings.HasPrefix(b, "error") || !strings.HasPrefix(a, "error") && a != b {
					t.Errorf("%v: before %s, after %s", args, a, b)
				}
			}
		})
	}
}
