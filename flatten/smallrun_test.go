package flatten

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// chainIR is a chain of four host scremas, each reading the scalar the
// previous one reduces (a sum, a maximum of the scaled elements, a sum
// of those minus it, a map adding it): four kernel statements in a run.
const chainIR = `entry "main"
fun main (xs_2: [n_1]i32): {[n_1]i32} = {
  let {reduce_comm_7: i32} = screma n_1 (xs_2)
    reduce_comm (0i32) \(a_3: i32, a_4: i32): {i32} -> {
      let {sum_5: i32} = add i32 a_3 a_4
      in {sum_5}
    }
    map \(x_6: i32): {i32} -> {
      in {x_6}
    }
  let {reduce_comm_15: i32} = screma n_1 (xs_2)
    reduce_comm (-2147483648i32) \(a_11: i32, a_12: i32): {i32} -> {
      let {maximum_13: i32} = max i32 a_11 a_12
      in {maximum_13}
    }
    map \(x_r1: i32): {i32} -> {
      let {x_r2: i32} = mul i32 x_r1 reduce_comm_7
      in {x_r2}
    }
  let {reduce_comm_26: i32} = screma n_1 (xs_2)
    reduce_comm (0i32) \(a_22: i32, a_23: i32): {i32} -> {
      let {sum_24: i32} = add i32 a_22 a_23
      in {sum_24}
    }
    map \(x_8: i32): {i32} -> {
      let {x_9: i32} = mul i32 x_8 reduce_comm_7
      let {x_17: i32} = sub i32 x_9 reduce_comm_15
      let {x_20: i32} = mul i32 x_17 3i32
      in {x_20}
    }
  let {map_29: [n_1]i32} = screma n_1 (xs_2)
    map \(x_27: i32): {i32} -> {
      let {x_28: i32} = add i32 x_27 reduce_comm_26
      in {x_28}
    }
  in {map_29}
}
`

// headIR is a run whose first statement (a map of row sums) ends in
// scalar code (doubling the sum), which splitPost moves into the inner
// run: sums, then a maximum, a map, a sum and a map over them.
const headIR = `entry "main"
fun main (xss_2: [n_1][m_3]i32): {[n_1]i32} = {
  let {map_9: [n_1]i32} = screma n_1 (xss_2)
    map \(xs_4: [m_3]i32): {i32} -> {
      let {s_8: i32} = screma m_3 (xs_4)
        reduce_comm (0i32) \(a_5: i32, b_6: i32): {i32} -> {
          let {c_7: i32} = add i32 a_5 b_6
          in {c_7}
        }
        map \(x_10: i32): {i32} -> {
          in {x_10}
        }
      let {t_11: i32} = mul i32 s_8 2i32
      in {t_11}
    }
  let {r_16: i32} = screma n_1 (map_9)
    reduce_comm (-2147483648i32) \(a_12: i32, b_13: i32): {i32} -> {
      let {c_14: i32} = max i32 a_12 b_13
      in {c_14}
    }
    map \(x_15: i32): {i32} -> {
      in {x_15}
    }
  let {map_20: [n_1]i32} = screma n_1 (map_9)
    map \(x_17: i32): {i32} -> {
      let {y_18: i32} = sub i32 x_17 r_16
      in {y_18}
    }
  let {r_25: i32} = screma n_1 (map_20)
    reduce_comm (0i32) \(a_21: i32, b_22: i32): {i32} -> {
      let {c_23: i32} = add i32 a_21 b_22
      in {c_23}
    }
    map \(x_24: i32): {i32} -> {
      in {x_24}
    }
  let {map_30: [n_1]i32} = screma n_1 (map_9)
    map \(x_27: i32): {i32} -> {
      let {y_28: i32} = add i32 x_27 r_25
      in {y_28}
    }
  in {map_30}
}
`

var smallRunProgs = []struct {
	name, ir string
	// runs is the number of small-run versions (thresholds) wanted.
	runs int
	// sketch is flatten's host structure, "" when not checked.
	sketch string
	shapes [][]int
}{
	// The run of four, and inside its flat code the run of the middle
	// two (its first and last statements are where large inputs are
	// read and written).
	{"chain", chainIR, 2,
		"threshold if{group1{segred1 segred1 segred1 segmap1} | segred1 threshold if{group1{segred1 segred1} | segred1 segred1} segmap1}",
		[][]int{{1}, {7}, {300}, {5000}}},
	// The first statement's doubling joins the inner run (a segmap
	// first in its group), its sums stay a segred of their own.
	{"head_post", headIR, 2,
		"threshold if{group1{segmap1 segred1 segmap1 segred1 segmap1} | threshold if{segmap1 | segred2} threshold if{group1{segmap1 segred1 segmap1 segred1} | segmap1 segred1 segmap1 segred1} segmap1}",
		[][]int{{3, 4}, {1, 1}, {40, 200}, {1100, 3}}},
	// The same statements, independent of one another: no run (that is
	// horizontal fusion's).
	{"independent", strings.NewReplacer(" reduce_comm_7\n", " 2i32\n", "x_8 reduce_comm_7", "x_8 2i32", "x_9 reduce_comm_15", "x_9 5i32", "x_27 reduce_comm_26", "x_27 1i32").Replace(chainIR), 0, "",
		[][]int{{3}}},
	// A loop in a lambda: its work is not known before the run.
	{"loop_in_lambda", strings.Replace(chainIR, `      let {x_28: i32} = add i32 x_27 reduce_comm_26
      in {x_28}`, `      let {x_28: i32} = loop {acc_30: i32 = x_27} for i_31: i64 < n_1
      do {
        let {x_32: i32} = add i32 acc_30 reduce_comm_26
        in {x_32}
      }
      in {x_28}`, 1), 1, "",
		[][]int{{4}, {9}}},
}

func TestSmallRun(t *testing.T) {
	for _, c := range smallRunProgs {
		t.Run(c.name, func(t *testing.T) {
			p, err := soac.ParseProgram(c.ir)
			if err != nil {
				t.Fatal(err)
			}
			flat := flatten(t, p, Options{MultiVersion: true})
			runs := 0
			for _, th := range flat.Thresholds {
				if strings.Contains(th.Name, "."+smallRunThreshold+"_") {
					runs++
					if th.Default != 1 || !th.GPUOnly {
						t.Errorf("threshold %s: default %d, gpu_only %v", th.Name, th.Default, th.GPUOnly)
					}
				}
			}
			if runs != c.runs {
				t.Errorf("%d small-run versions, want %d:\n%s", runs, c.runs, soac.Print(flat))
			}
			if c.sketch != "" {
				if got := sketch(flat.Funs[0].Body); got != c.sketch {
					t.Errorf("host structure\n got %s\nwant %s\n%s", got, c.sketch, soac.Print(flat))
				}
			}
			rng := rand.New(rand.NewSource(2))
			for _, shape := range c.shapes {
				arg := randomArray(rng, p.Funs[0].Params[0].Type.Elem, shape)
				want := fmt.Sprint(run(t, p, []values.Value{arg}, nil))
				for _, on := range []bool{true, false} {
					if got := fmt.Sprint(runSmallRuns(t, flat, []values.Value{arg}, on)); got != want {
						t.Errorf("%v, small runs %v: got %s, want %s", shape, on, got, want)
					}
				}
			}
		})
	}
}

// TestNestWork checks the work a run's predicate bounds: a nest's width
// times one plus its lambda's nested work, unknown with a loop inside.
func TestNestWork(t *testing.T) {
	nested := `entry "main"
fun main (xss_2: [n_1][m_3]i32): {[n_1]i32} = {
  let {map_9: [n_1]i32} = screma n_1 (xss_2)
    map \(xs_4: [m_3]i32): {i32} -> {
      let {s_8: i32} = screma m_3 (xs_4)
        reduce_comm (0i32) \(a_5: i32, b_6: i32): {i32} -> {
          let {c_7: i32} = add i32 a_5 b_6
          in {c_7}
        }
        map \(x_10: i32): {i32} -> {
          in {x_10}
        }
      in {s_8}
    }
  in {map_9}
}
`
	env := map[soac.VName]int64{"n_1": 7, "m_3": 5}
	val := func(x soac.SubExp) int64 {
		if v, ok := x.(soac.Var); ok {
			return env[v.Name]
		}
		return int64(x.(soac.Const).Value.Bits)
	}
	fold := func(_ string, _ values.PrimType, e soac.Exp) soac.SubExp {
		b := e.(*soac.BinOpExp)
		switch b.Op {
		case soac.Add:
			return soac.I64(val(b.X) + val(b.Y))
		case soac.Mul:
			return soac.I64(val(b.X) * val(b.Y))
		}
		t.Fatalf("unexpected operator in %v", b)
		return nil
	}
	for _, c := range []struct {
		name, ir string
		stm      int
		want     int64 // -1: unknown
	}{
		{"map of sums", nested, 0, 7 + 7*5},
		{"flat map", chainIR, 3, 7},
		{"loop inside", progIR("loop_in_lambda"), 3, -1},
	} {
		p, err := soac.ParseProgram(c.ir)
		if err != nil {
			t.Fatal(err)
		}
		w, ok := nestWork(p.Funs[0].Body.Stms[c.stm].Exp, map[soac.VName]bool{}, fold)
		switch {
		case c.want < 0 && ok:
			t.Errorf("%s: work %v, want unknown", c.name, w)
		case c.want >= 0 && (!ok || val(w) != c.want):
			t.Errorf("%s: work %v (%v), want %d", c.name, w, ok, c.want)
		}
	}
	// A width bound inside the run is not known before it.
	p, _ := soac.ParseProgram(chainIR)
	if _, ok := nestWork(p.Funs[0].Body.Stms[0].Exp, map[soac.VName]bool{"n_1": true}, fold); ok {
		t.Errorf("a width bound in the run gave a work")
	}
}

// progIR is the IR of the smallRunProgs case named name.
func progIR(name string) string {
	for _, c := range smallRunProgs {
		if c.name == name {
			return c.ir
		}
	}
	panic("no small-run program " + name)
}

// runSmallRuns runs main of p with the small-run thresholds on or off
// (the others at their defaults).
func runSmallRuns(t *testing.T, p *soac.Program, args []values.Value, on bool) []values.Value {
	t.Helper()
	in := soac.NewInterpreter(p)
	for _, th := range p.Thresholds {
		if strings.Contains(th.Name, smallRunThreshold) {
			v := int64(math.MaxInt64)
			if on {
				v = 0
			}
			in.SetThreshold(th.Name, v)
		}
	}
	vs := make([]soac.Value, len(args))
	for i, a := range args {
		vs[i] = soac.FromRuntime(a)
	}
	res, err := in.RunEntry("main", vs)
	if err != nil {
		t.Fatalf("interpreter: %v", err)
	}
	out := make([]values.Value, len(res))
	for i, r := range res {
		out[i] = r.ToRuntime()
	}
	return out
}
