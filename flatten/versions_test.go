package flatten

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// smallWorkProg is a map of a reduction and scalar code after it (the
// shape of back-propagation's output layer): versioned, not a lone
// segmented reduction (rowWidth), so only the threshold and smallWork
// choose.
const smallWorkProg = `entry "main"
fun main (xss: [n][m]f32): {[n]f32} = {
  let {ys: [n]f32} = screma n (xss)
    map \(xs: [m]f32): {f32} -> {
      let {s: f32} = screma m (xs)
        reduce_comm (0f32) \(a: f32, b: f32): {f32} -> {
          let {c: f32} = add f32 a b
          in {c}
        }
        map \(x: f32): {f32} -> {
          in {x}
        }
      let {t: f32} = mul f32 s s
      in {t}
    }
  in {ys}
}
`

// TestSmallWork checks which version the host takes for a nest by its
// sizes: the outer one when the work is small (rows of at most smallRow,
// at most smallWork elements in all) or the parallelism enough, the
// inner one otherwise; and that thresholds set to 0 or to the largest
// value still take one version everywhere.
func TestSmallWork(t *testing.T) {
	p, err := soac.ParseProgram(smallWorkProg)
	if err != nil {
		t.Fatal(err)
	}
	flat := flatten(t, p, Options{MultiVersion: true})
	// The host statements up to the choice, as a program that returns
	// the choice.
	body := flat.Funs[0].Body
	var cond soac.SubExp
	var stms []*soac.Stm
	for _, s := range body.Stms {
		if e, ok := s.Exp.(*soac.IfExp); ok {
			cond = e.Cond
			break
		}
		stms = append(stms, s)
	}
	if cond == nil {
		t.Fatalf("no versions:\n%s", soac.Print(flat))
	}
	choice := *flat
	fun := *flat.Funs[0]
	fun.Body = &soac.Body{Stms: stms, Result: []soac.SubExp{cond}}
	fun.RetType = []soac.Type{soac.Prim(values.Bool)}
	choice.Funs = []*soac.FunDef{&fun}

	rng := rand.New(rand.NewSource(1))
	none, zero, most := int64(-1), int64(0), int64(math.MaxInt64)
	for _, c := range []struct {
		n, m      int
		threshold int64 // -1: the default
		outer     bool
	}{
		{1, 17, none, true},     // back-propagation's output layer
		{16, 1, none, true},     // and its hidden layer's errors
		{64, 64, none, true},    // smallWork elements in rows of smallRow
		{1, 65, none, false},    // a row longer than smallRow
		{65, 64, none, false},   // more than smallWork elements
		{40000, 1, none, true},  // enough parallelism
		{1, 17, most, false},    // the threshold set takes the inner version
		{100, 100, zero, true},  // or the outer one
		{40000, 1, most, false}, //
		{2, 3, 40000, false},    // a threshold above the default: small work is not enough
		{2, 3, 30000, true},     // one below: it is
	} {
		t.Run(fmt.Sprintf("%dx%d_%d", c.n, c.m, c.threshold), func(t *testing.T) {
			var th *int64
			if c.threshold >= 0 {
				th = &c.threshold
			}
			got := run(t, &choice, []values.Value{randomArray(rng, values.F32, []int{c.n, c.m})}, th)
			if fmt.Sprint(got[0]) != fmt.Sprint(values.Scalar(c.outer)) {
				t.Errorf("outer version %v, want %v", got[0], c.outer)
			}
		})
	}
}
