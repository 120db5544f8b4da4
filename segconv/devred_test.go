package segconv

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestKeepOnDevice checks which flat reductions keep their results on the
// device: those whose scalars (and the arithmetic on them) only kernels
// use, not those the host needs. The program must mean the same after.
func TestKeepOnDevice(t *testing.T) {
	const head = "entry \"main\"\nfun main (xs: [p]f32): {[p]f32} = {\n"
	red := func(name, arr string) string {
		n := "_" + name
		return "  let {" + name + ": f32} = segred_thread (g" + n + " < p) : {f32}\n" +
			"    reduce_comm (0f32) \\(a" + n + ": f32, b" + n + ": f32): {f32} -> {\n      let {c" + n + ": f32} = add f32 a" + n + " b" + n + "\n      in {c" + n + "}\n    }\n" +
			"  body {\n    let {x" + n + ": f32} = " + arr + "[g" + n + "]\n    let {y" + n + ": f32} = mul f32 x" + n + " x" + n + "\n    in {y" + n + "}\n  }\n"
	}
	kernel := func(x string) string {
		return "  let {ys: [p]f32} = segmap_thread (g < p) : {f32}\n  body {\n    let {e: f32} = xs[g]\n" +
			"    let {y: f32} = mul f32 e " + x + "\n    in {y}\n  }\n"
	}
	cases := []struct {
		name string
		body string
		kept int // reductions made one-segment
	}{
		{"kernel use", red("s", "xs") + "  let {m: f32} = div f32 s 3f32\n" + kernel("m") + "  in {ys}\n}\n", 1},
		// The variance of SRAD: two reductions, whose results meet in
		// arithmetic the kernel repeats.
		{"two reductions", red("s", "xs") + red("q", "xs") + "  let {m: f32} = div f32 s 3f32\n  let {v: f32} = sub f32 q m\n" + kernel("v") + "  in {ys}\n}\n", 2},
		{"host use", red("s", "xs") + kernel("s") + "  let {z: [p]f32} = replicate (p) s\n  in {z}\n}\n", 0},
		{"result", "  let {s: f32} = segred_thread (gs < p) : {f32}\n    reduce_comm (0f32) \\(a: f32, b: f32): {f32} -> {\n      let {c: f32} = add f32 a b\n      in {c}\n    }\n  body {\n    let {x: f32} = xs[gs]\n    in {x}\n  }\n  let {z: [p]f32} = replicate (p) s\n  in {z}\n}\n", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := head + c.body
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
			if got := strings.Count(out, ": [1i64]f32"); got != c.kept {
				t.Errorf("%d reductions kept on the device, want %d:\n%s", got, c.kept, out)
			}
			if c.kept > 0 && strings.Contains(out, "[0i64]\n") {
				t.Errorf("a result is still read on the host:\n%s", out)
			}
			for _, in := range []string{"[1f32, 2f32, 4f32]", "empty([0]f32)"} {
				if a, b := runOrFail(t, p, []string{in}), runOrFail(t, q, []string{in}); a != b {
					t.Errorf("%s: results differ: before %s, after %s", in, a, b)
				}
			}
		})
	}
}
