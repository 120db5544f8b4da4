package flatten

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// layoutProg is a 2-D producer of p (and q) and a consumer whose
// work-items walk p's rows (and p2's, where WALK2 reads r2[k]): READS
// is the producer's body.
const layoutProg = `entry "main"
fun main (a: [n][m]f32, b: [m][n]f32): {[n]f32} = {
  let {p: [n][m]f32, p2: [n][m]f32} = segmap_thread (i < n, j < m) : {f32, f32}
  body {
READS
    in {y, y}
  }
  let {out: [n]f32} = segmap_thread (g < n) : {f32}
  body {
    let {r: [m]f32} = p[g]
    let {r2: [m]f32} = p2[g]
    let {e0: f32} = r2[0i64]
    let {s: f32} = loop {acc: f32 = 0f32} for k: i64 < m
    do {
      let {e: f32} = r[k]
      let {e2: f32} = WALK2
      let {z: f32} = add f32 acc e
      let {z2: f32} = mul f32 z e2
      in {z2}
    }
    in {s}
  }
  in {out}
}`

// TestWriteColumnMajor checks the layout decision of writeColumnMajor:
// the producer's space is swapped (no copy) when its reads do not get
// more strided and the consumer walks all its results, else the copy is
// made; either way the program computes the same.
func TestWriteColumnMajor(t *testing.T) {
	tests := []struct {
		name, reads, walk2 string
		swapped            bool
	}{
		{"reads-transposed", "    let {x: f32} = b[j, i]\n    let {y: f32} = mul f32 x 2f32", "r2[k]", true},
		{"reads-rows", "    let {x: f32} = a[i, j]\n    let {y: f32} = mul f32 x 2f32", "r2[k]", false},
		{"tie", "    let {x: f32} = a[i, j]\n    let {x2: f32} = b[j, i]\n    let {y: f32} = add f32 x x2", "r2[k]", true},
		{"offset-rows", "    let {o: i64} = add i64 j 0i64\n    let {x: f32} = a[i, o]\n    let {y: f32} = mul f32 x 2f32", "r2[k]", false},
		{"offset-transposed", "    let {o: i64} = add i64 0i64 i\n    let {x: f32} = b[j, o]\n    let {y: f32} = mul f32 x 2f32", "r2[k]", true},
		{"one-result-walked", "    let {x: f32} = b[j, i]\n    let {y: f32} = mul f32 x 2f32", "add f32 e0 1f32", false},
	}
	rng := rand.New(rand.NewSource(1))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(strings.Replace(layoutProg, "READS", tc.reads, 1), "WALK2", tc.walk2, 1)
			p, err := soac.ParseProgram(text)
			if err != nil {
				t.Fatal(err)
			}
			if err := soac.Validate(p); err != nil {
				t.Fatal(err)
			}
			out, err := Coalesce(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := soac.Validate(out); err != nil {
				t.Fatal(err)
			}
			printed := soac.Print(out)
			swapped := strings.Contains(printed, "segmap_thread (j < m, i < n)")
			copied := strings.Contains(printed, "= copy ")
			if swapped != tc.swapped || (tc.swapped && copied) {
				t.Errorf("swapped %v, copied %v; want swapped %v:\n%s", swapped, copied, tc.swapped, printed)
			}
			for _, sz := range [][2]int64{{0, 2}, {3, 1}, {5, 7}} { // m > 0: e0 reads r2[0]
				args := make([]soac.Value, 2)
				for k, shape := range [][]int64{{sz[0], sz[1]}, {sz[1], sz[0]}} {
					a := values.NewArray(values.F32, shape)
					for i := range a.Data.([]float32) {
						a.Data.([]float32)[i] = float32(rng.Intn(100)) / 8
					}
					args[k] = soac.ArrVal(a)
				}
				want, err := soac.NewInterpreter(p).RunEntry("main", args)
				if err != nil {
					t.Fatal(err)
				}
				got, err := soac.NewInterpreter(out).RunEntry("main", args)
				if err != nil {
					t.Fatal(err)
				}
				if g, w := fmt.Sprint(got[0].ToRuntime()), fmt.Sprint(want[0].ToRuntime()); g != w {
					t.Errorf("%v: got %s, want %s", sz, g, w)
				}
			}
		})
	}
}
