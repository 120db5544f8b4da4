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

// intraProgs are programs as the optimiser leaves them, with the host
// structure flatten gives them (sketch) and whether they get an
// intra-group version.
var intraProgs = []struct {
	name, ir, sketch string
	// shapes are those of main's one argument, an array.
	shapes [][]int
}{
	// A loop over a row's sum and map: the intra version runs the loop
	// on a work-group (and the loop's step has none, being one of each).
	{"row_loop", `entry "main"
fun main (xss_3: [n_1][m_2]f32): {[n_1][m_2]f32} = {
  let {map_18: [n_1][m_2]f32} = screma n_1 (xss_3)
    map \(x_4: [m_2]f32): {[m_2]f32} -> {
      let {loop_17: [m_2]f32} = loop {xs_5: [m_2]f32 = x_4} for i_6: i64 < 3i64
      do {
        let {reduce_comm_11: f32} = screma m_2 (xs_5)
          reduce_comm (0f32) \(a_7: f32, a_8: f32): {f32} -> {
            let {sum_9: f32} = add f32 a_7 a_8
            in {sum_9}
          }
          map \(x_10: f32): {f32} -> {
            in {x_10}
          }
        let {conv_14: f32} = convert i64 f32 i_6
        let {map_16: [m_2]f32} = screma m_2 (xs_5)
          map \(x_12: f32): {f32} -> {
            let {x_13: f32} = sub f32 x_12 reduce_comm_11
            let {x_15: f32} = add f32 x_13 conv_14
            in {x_15}
          }
        in {map_16}
      }
      in {loop_17}
    }
  in {map_18}
}
`, "threshold if{segmap1 | threshold if{group1{loop{segred1 segmap1}} | loop{threshold if{segmap1 | threshold if{group1{segred1 segmap1} | segred2 segmap2}}}}}",
		[][]int{{3, 1}, {2, 5}, {4, 40}, {1, 1025}}},
	// LU of a block per element: a loop of tabulate_2d, a 2-D segmap in
	// the group (b*b = 1089 is past the interpreter's group limit).
	{"lu_blocks", `entry "main"
fun main (blks_3: [n_1][b_2][b_2]f32): {[n_1][b_2][b_2]f32} = {
  let {iota_8: [b_2]i64} = iota i64 b_2 0i64 1i64
  let {map_28: [n_1][b_2][b_2]f32} = screma n_1 (blks_3)
    map \(x_4: [b_2][b_2]f32): {[b_2][b_2]f32} -> {
      let {loop_27: [b_2][b_2]f32} = loop {blk_5: [b_2][b_2]f32 = x_4} for k_6: i64 < b_2
      do {
        let {elem_7: f32} = blk_5[k_6, k_6]
        let {map_26: [b_2][b_2]f32} = screma b_2 (iota_8)
          map \(x_9: i64): {[b_2]f32} -> {
            let {c_13: bool} = le i64 x_9 k_6
            let {map_25: [b_2]f32} = screma b_2 (iota_8)
              map \(x_11: i64): {f32} -> {
                let {elem_12: f32} = blk_5[x_9, x_11]
                let {sc_15: bool} = if c_13 : {bool}
                then {
                  in {true}
                }
                else {
                  let {c_14: bool} = lt i64 x_11 k_6
                  in {c_14}
                }
                let {if_24: f32} = if sc_15 : {f32}
                then {
                  in {elem_12}
                }
                else {
                  let {c_16: bool} = eq i64 x_11 k_6
                  let {if_23: f32} = if c_16 : {f32}
                  then {
                    let {x_17: f32} = div f32 elem_12 elem_7
                    in {x_17}
                  }
                  else {
                    let {elem_18: f32} = blk_5[x_9, k_6]
                    let {x_19: f32} = div f32 elem_18 elem_7
                    let {elem_20: f32} = blk_5[k_6, x_11]
                    let {x_21: f32} = mul f32 x_19 elem_20
                    let {x_22: f32} = sub f32 elem_12 x_21
                    in {x_22}
                  }
                  in {if_23}
                }
                in {if_24}
              }
            in {map_25}
          }
        in {map_26}
      }
      in {loop_27}
    }
  in {map_28}
}
`, "threshold if{segmap1 | threshold if{group1{loop{segmap2}} | loop{threshold if{segmap1 | segmap1 segmap3}}}}",
		[][]int{{2, 1, 1}, {2, 6, 6}, {1, 33, 33}}},
	// Anti-diagonals of a block scattered into it in place: two maps and
	// a scatter per step, the copy that feeds the loop dropped.
	{"nw_blocks", `entry "main"
fun main (blks_3: [n_1][m_2][m_2]f32): {[n_1][m_2][m_2]f32} = {
  let {x_4: i64} = add i64 m_2 -1i64
  let {x_7: i64} = mul i64 x_4 2i64
  let {x_8: i64} = add i64 x_7 -1i64
  let {map_41: [n_1][m_2][m_2]f32} = screma n_1 (blks_3)
    map \(x_5: [m_2][m_2]f32): {[m_2][m_2]f32} -> {
      let {copy_6: [m_2][m_2]f32} = copy x_5
      let {loop_40: [m_2][m_2]f32} = loop {blk_9: [m_2][m_2]f32 = copy_6} for d_10: i64 < x_8
      do {
        let {iota_11: [x_4]i64} = iota i64 x_4 0i64 1i64
        let {map_21: [x_4]i64, map_22: [x_4]i64} = screma x_4 (iota_11)
          map \(x_12: i64): {i64, i64} -> {
            let {x_13: i64} = sub i64 d_10 x_12
            let {x_14: i64} = add i64 x_13 1i64
            let {c_15: bool} = le i64 1i64 x_14
            let {sc_17: bool} = if c_15 : {bool}
            then {
              let {c_16: bool} = le i64 x_14 x_4
              in {c_16}
            }
            else {
              in {false}
            }
            let {if_19: i64, if_20: i64} = if sc_17 : {i64, i64}
            then {
              let {x_18: i64} = add i64 x_12 1i64
              in {x_18, x_14}
            }
            else {
              in {-1i64, -1i64}
            }
            in {if_19, if_20}
          }
        let {map_35: [x_4]f32} = screma x_4 (map_21, map_22)
          map \(x_23: i64, x_24: i64): {f32} -> {
            let {c_25: bool} = lt i64 x_23 0i64
            let {if_34: f32} = if c_25 : {f32}
            then {
              in {0f32}
            }
            else {
              let {x_26: i64} = add i64 x_23 -1i64
              let {x_27: i64} = add i64 x_24 -1i64
              let {elem_28: f32} = blk_9[x_26, x_27]
              let {elem_29: f32} = blk_9[x_23, x_24]
              let {x_30: f32} = add f32 elem_28 elem_29
              let {elem_32: f32} = blk_9[x_26, x_24]
              let {x_33: f32} = add f32 x_30 elem_32
              in {x_33}
            }
            in {if_34}
          }
        let {scatter_39: [m_2][m_2]f32} = scatter x_4 (map_21, map_22, map_35) into (blk_9/2)
          lambda \(p_36: i64, p_37: i64, p_38: f32): {i64, i64, f32} -> {
            in {p_36, p_37, p_38}
          }
        in {scatter_39}
      }
      in {loop_40}
    }
  in {map_41}
}
`, "threshold if{segmap1 | threshold if{group1{loop{segmap1 segmap1 scatter}} | segmap1 loop{threshold if{segmap1 | segmap2 segmap2 segmap1}}}}",
		[][]int{{2, 2, 2}, {1, 7, 7}, {2, 34, 34}}},
	// One segmented reduction: its inner version is one Seg-op, no
	// intra version.
	{"one_reduction", `entry "main"
fun main (xss_3: [n_1][m_2]f32): {[n_1]f32} = {
  let {map_10: [n_1]f32} = screma n_1 (xss_3)
    map \(x_4: [m_2]f32): {f32} -> {
      let {reduce_comm_9: f32} = screma m_2 (x_4)
        reduce_comm (0f32) \(a_5: f32, a_6: f32): {f32} -> {
          let {sum_7: f32} = add f32 a_5 a_6
          in {sum_7}
        }
        map \(x_8: f32): {f32} -> {
          in {x_8}
        }
      in {reduce_comm_9}
    }
  in {map_10}
}
`, "threshold if{segmap1 | segred2}", nil},
	// The inner map makes rows by a map (a 2-D map in the loop), the
	// loop starting from a replicate the group fills.
	{"inner_rows", `entry "main"
fun main (xss_3: [n_1][m_2]i64): {[n_1][m_2][m_2]i64} = {
  let {map_14: [n_1][m_2][m_2]i64} = screma n_1 (xss_3)
    map \(x_4: [m_2]i64): {[m_2][m_2]i64} -> {
      let {rep_5: [m_2][m_2]i64} = replicate (m_2) x_4
      let {loop_13: [m_2][m_2]i64} = loop {a_6: [m_2][m_2]i64 = rep_5} for i_7: i64 < 2i64
      do {
        let {map_12: [m_2][m_2]i64} = screma m_2 (a_6)
          map \(x_8: [m_2]i64): {[m_2]i64} -> {
            let {map_11: [m_2]i64} = screma m_2 (x_8)
              map \(x_9: i64): {i64} -> {
                let {x_10: i64} = add i64 x_9 i_7
                in {x_10}
              }
            in {map_11}
          }
        in {map_12}
      }
      in {loop_13}
    }
  in {map_14}
}
`, "threshold if{segmap1 | threshold if{group1{loop{segmap2}} | segmap1 loop{segmap3}}}",
		[][]int{{2, 1}, {3, 7}, {2, 40}}},
	// A tabulate and a tabulate_2d fused into a map making a scalar and
	// a row (split into a 1-D and a 2-D Seg-op), then a loop over the
	// block kept flat and reshaped at the end (a view of the loop's
	// local buffer): tests/programs/intra_rowmix.fut.
	{"rows_and_scalars", `entry "main"
fun main (xss_4: [n_1][m_2]i32): {[n_1][m_2][m_2]i32} = {
  let {iota_6: [m_2]i64} = iota i64 m_2 0i64 1i64
  let {x_25: i64} = mul i64 m_2 m_2
  let {map_50: [n_1][m_2][m_2]i32} = screma n_1 (xss_4)
    map \(x_5: [m_2]i32): {[m_2][m_2]i32} -> {
      let {map_11: [m_2]i32, map_24: [m_2][m_2]i32} = screma m_2 (iota_6)
        map \(x_7: i64): {i32, [m_2]i32} -> {
          let {elem_8: i32} = x_5[x_7]
          let {x_9: i32} = mul i32 elem_8 2i32
          let {x_10: i32} = add i32 x_9 3i32
          let {map_23: [m_2]i32} = screma m_2 (iota_6)
            map \(x_15: i64): {i32} -> {
              let {c_16: bool} = lt i64 x_7 x_15
              let {if_22: i32} = if c_16 : {i32}
              then {
                let {elem_18: i32} = x_5[x_15]
                let {x_19: i32} = sub i32 elem_8 elem_18
                in {x_19}
              }
              else {
                let {elem_20: i32} = x_5[x_15]
                let {x_21: i32} = add i32 elem_20 3i32
                in {x_21}
              }
              in {if_22}
            }
          in {x_10, map_23}
        }
      let {rep_26: [x_25]i32} = replicate (x_25) 0i32
      let {iota_29: [x_25]i64} = iota i64 x_25 0i64 1i64
      let {loop_44: [x_25]i32} = loop {a_27: [x_25]i32 = rep_26} for d_28: i64 < 3i64
      do {
        let {conv_41: i32} = convert i64 i32 d_28
        let {map_43: [x_25]i32} = screma x_25 (iota_29)
          map \(x_30: i64): {i32} -> {
            let {x_31: i64} = add i64 x_30 1i64
            let {x_32: i64} = mod i64 x_31 x_25
            let {elem_33: i32} = a_27[x_32]
            let {x_34: i64} = div i64 x_30 m_2
            let {x_35: i64} = mod i64 x_30 m_2
            let {elem_36: i32} = map_24[x_34, x_35]
            let {elem_38: i32} = map_11[x_35]
            let {x_39: i32} = mul i32 elem_36 elem_38
            let {x_40: i32} = add i32 elem_33 x_39
            let {x_42: i32} = add i32 x_40 conv_41
            in {x_42}
          }
        in {map_43}
      }
      let {unflat_49: [m_2][m_2]i32} = reshape (m_2, m_2) loop_44
      in {unflat_49}
    }
  in {map_50}
}
`, "threshold if{segmap1 | threshold if{group1{segmap1 segmap2 loop{segmap1}} | threshold if{segmap2 | segmap2 segmap3} segmap1 loop{segmap2}}}",
		[][]int{{1, 1}, {3, 5}, {2, 17}}},
	// A host loop of a map whose results swap (p, q) = (f q, p): the
	// intra version runs the whole loop on one work-group, a
	// segmap_group of one point (hostLoopIntra).
	{"host_loop", `entry "main"
fun main (xs_2: [n_1]i32): {[n_1]i32} = {
  let {map_5: [n_1]i32} = screma n_1 (xs_2)
    map \(x_3: i32): {i32} -> {
      let {x_4: i32} = mul i32 x_3 2i32
      in {x_4}
    }
  let {loop_13: [n_1]i32, loop_14: [n_1]i32} = loop {p_6: [n_1]i32 = xs_2, p_7: [n_1]i32 = map_5} for i_8: i64 < 3i64
  do {
    let {conv_9: i32} = convert i64 i32 i_8
    let {map_12: [n_1]i32} = screma n_1 (p_7)
      map \(x_10: i32): {i32} -> {
        let {x_11: i32} = add i32 x_10 conv_9
        in {x_11}
      }
    in {map_12, p_6}
  }
  let {map_18: [n_1]i32} = screma n_1 (loop_13, loop_14)
    map \(x_15: i32, x_16: i32): {i32} -> {
      let {x_17: i32} = sub i32 x_15 x_16
      in {x_17}
    }
  in {map_18}
}
`, "segmap1 threshold if{group1{loop{segmap1}} | loop{segmap1}} segmap1",
		[][]int{{1}, {5}, {40}}},
	// The rows are made by scans: not taken.
	{"inner_scans", `entry "main"
fun main (xss_3: [n_1][m_2]f32): {[n_1][m_2][m_2]f32} = {
  let {map_17: [n_1][m_2][m_2]f32} = screma n_1 (xss_3)
    map \(x_4: [m_2]f32): {[m_2][m_2]f32} -> {
      let {rep_5: [m_2][m_2]f32} = replicate (m_2) x_4
      let {loop_16: [m_2][m_2]f32} = loop {a_6: [m_2][m_2]f32 = rep_5} for i_7: i64 < 2i64
      do {
        let {conv_9: f32} = convert i64 f32 i_7
        let {map_15: [m_2][m_2]f32} = screma m_2 (a_6)
          map \(x_8: [m_2]f32): {[m_2]f32} -> {
            let {scan_14: [m_2]f32} = screma m_2 (x_8)
              scan (conv_9) \(a_10: f32, a_11: f32): {f32} -> {
                let {x_12: f32} = add f32 a_10 a_11
                in {x_12}
              }
              map \(x_13: f32): {f32} -> {
                in {x_13}
              }
            in {scan_14}
          }
        in {map_15}
      }
      in {loop_16}
    }
  in {map_17}
}
`, "", nil},
	// The rows' length varies (and an iota is made at the group level):
	// not taken.
	{"irregular", `entry "main"
fun main (ks_2: [n_1]i64): {[n_1]i64} = {
  let {map_18: [n_1]i64} = screma n_1 (ks_2)
    map \(x_3: i64): {i64} -> {
      let {iota_4: [x_3]i64} = iota i64 x_3 0i64 1i64
      let {reduce_9: i64} = screma x_3 (iota_4)
        reduce (0i64) \(a_5: i64, a_6: i64): {i64} -> {
          let {x_7: i64} = add i64 a_5 a_6
          in {x_7}
        }
        map \(x_8: i64): {i64} -> {
          in {x_8}
        }
      let {reduce_17: i64} = screma x_3 (iota_4)
        reduce (0i64) \(a_13: i64, a_14: i64): {i64} -> {
          let {x_15: i64} = add i64 a_13 a_14
          in {x_15}
        }
        map \(x_10: i64): {i64} -> {
          let {x_11: i64} = mul i64 x_10 reduce_9
          in {x_11}
        }
      in {reduce_17}
    }
  in {map_18}
}
`, "", nil},
	// A row's length varies (an iota of each element), and a regular map
	// follows its reduction (Futhark's flattening/inc0): the inner version
	// distributes, but the intra one is not taken, the group's width not
	// being known on the host.
	{"irregular_then_regular", `entry "main"
fun main (xss_3: [n_1][m_2]i64): {[n_1][m_2][m_2]i64} = {
  let {map_18: [n_1][m_2][m_2]i64} = screma n_1 (xss_3)
    map \(x_6: [m_2]i64): {[m_2][m_2]i64} -> {
      let {map_17: [m_2][m_2]i64} = screma m_2 (x_6)
        map \(x_7: i64): {[m_2]i64} -> {
          let {k_19: i64} = max i64 x_7 0i64
          let {iota_8: [k_19]i64} = iota i64 k_19 0i64 1i64
          let {reduce_comm_13: i64} = screma k_19 (iota_8)
            reduce_comm (0i64) \(a_9: i64, a_10: i64): {i64} -> {
              let {sum_11: i64} = add i64 a_9 a_10
              in {sum_11}
            }
            map \(x_12: i64): {i64} -> {
              in {x_12}
            }
          let {map_16: [m_2]i64} = screma m_2 (x_6)
            map \(x_14: i64): {i64} -> {
              let {x_15: i64} = add i64 x_14 reduce_comm_13
              in {x_15}
            }
          in {map_16}
        }
      in {map_17}
    }
  in {map_18}
}
`, "threshold if{segmap2 | segmap2 segmap3}", [][]int{{1, 1}, {3, 4}, {2, 9}}},
}

// TestIntraVersion checks which programs get an intra-group version, its
// predicate's threshold, and that it computes what the program does when
// the thresholds choose it, and when they choose the others.
func TestIntraVersion(t *testing.T) {
	for _, c := range intraProgs {
		t.Run(c.name, func(t *testing.T) {
			p, err := soac.ParseProgram(c.ir)
			if err != nil {
				t.Fatal(err)
			}
			flat := flatten(t, p, Options{MultiVersion: true})
			groups := 0
			soac.VisitExps(flat.Funs[0].Body, func(e soac.Exp) {
				if m, ok := e.(*soac.SegMapExp); ok && m.Level == soac.LevelGroup {
					groups++
				}
			})
			intra := 0
			for _, th := range flat.Thresholds {
				if strings.Contains(th.Name, "suff_intra_par") {
					intra++
					if th.Default != intraThreshold {
						t.Errorf("threshold %s has default %d", th.Name, th.Default)
					}
				}
			}
			if intra != groups {
				t.Errorf("%d suff_intra_par thresholds for %d intra versions", intra, groups)
			}
			if c.sketch != "" {
				if got := sketch(flat.Funs[0].Body); got != c.sketch {
					t.Errorf("host structure\n got %s\nwant %s\n%s", got, c.sketch, soac.Print(flat))
				}
			} else if groups > 0 {
				t.Errorf("an intra version where none is wanted:\n%s", soac.Print(flat))
			}
			rng := rand.New(rand.NewSource(1))
			for _, shape := range c.shapes {
				arg := randomArray(rng, p.Funs[0].Params[0].Type.Elem, shape)
				want := fmt.Sprint(run(t, p, []values.Value{arg}, nil))
				for _, choice := range []string{"outer", "intra", "inner"} {
					got := fmt.Sprint(runChoosing(t, flat, []values.Value{arg}, choice))
					if got != want {
						t.Errorf("%v, %s version: got %s, want %s", shape, choice, got, want)
					}
				}
			}
		})
	}
}

// runChoosing runs main of p with thresholds that take the outer, the
// intra or the inner versions.
func runChoosing(t *testing.T, p *soac.Program, args []values.Value, choice string) []values.Value {
	t.Helper()
	in := soac.NewInterpreter(p)
	for _, th := range p.Thresholds {
		isIntra := strings.Contains(th.Name, "suff_intra_par")
		v := int64(math.MaxInt64)
		if choice == "outer" && !isIntra || choice == "intra" && isIntra {
			v = 0
		}
		in.SetThreshold(th.Name, v)
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

// randomArray is an array of elem of the shape, of small integers (float
// sums exact).
func randomArray(rng *rand.Rand, elem values.PrimType, shape []int) values.Value {
	var b strings.Builder
	var elems func(shape []int)
	elems = func(shape []int) {
		if len(shape) == 0 {
			fmt.Fprintf(&b, "%d%s", rng.Intn(9)-4, elem)
			return
		}
		b.WriteString("[")
		for i := range shape[0] {
			if i > 0 {
				b.WriteString(", ")
			}
			elems(shape[1:])
		}
		b.WriteString("]")
	}
	elems(shape)
	v, err := values.NewReader(strings.NewReader(b.String())).Read()
	if err != nil {
		panic(err)
	}
	return v
}

// TestSplitRowMap checks which maps split into a map of scalars and a map
// of rows, and what each part's lambda keeps.
func TestSplitRowMap(t *testing.T) {
	const head = `entry "main"
fun main (xs_1: [n_2]i64): {[n_2]i64, [n_2][n_2]i64} = {
  let {a_3: [n_2]i64, b_4: [n_2][n_2]i64} = screma n_2 (xs_1)
    map \(x_5: i64): {i64, [n_2]i64} -> {
      let {y_6: i64} = mul i64 x_5 2i64
      let {z_7: i64} = add i64 x_5 1i64
`
	const tail = `
  in {a_3, b_4}
}
`
	row := `      let {r_8: [n_2]i64} = screma n_2 (xs_1)
        map \(x_9: i64): {i64} -> {
          let {w_10: i64} = add i64 x_9 z_7
          in {w_10}
        }
`
	cases := []struct {
		name, body string
		ok         bool
		// scalars and rows are the statements each part's lambda keeps.
		scalars, rows int
	}{
		{"scalar_and_row", row + "      in {y_6, r_8}\n    }", true, 1, 2},
		{"row_not_last", row + "      let {q_11: i64} = add i64 y_6 1i64\n      in {q_11, r_8}\n    }", false, 0, 0},
		{"row_result_not_the_map", "      let {r_8: [n_2]i64} = iota i64 n_2 0i64 1i64\n      in {y_6, r_8}\n    }", false, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := soac.ParseProgram(head + c.body + tail)
			if err != nil {
				t.Fatal(err)
			}
			s := p.Funs[0].Body.Stms[0]
			sc, sp, rows, rp, ok := splitRowMap(s, s.Exp.(*soac.ScremaExp))
			if ok != c.ok {
				t.Fatalf("split: %v, want %v", ok, c.ok)
			}
			if !ok {
				return
			}
			if len(sp) != 1 || sp[0].Name != "a_3" || len(rp) != 1 || rp[0].Name != "b_4" {
				t.Errorf("patterns %v and %v", sp, rp)
			}
			if got := len(sc.Map.Body.Stms); got != c.scalars {
				t.Errorf("the scalars' lambda keeps %d statements, want %d", got, c.scalars)
			}
			if got := len(rows.Map.Body.Stms); got != c.rows {
				t.Errorf("the rows' lambda keeps %d statements, want %d", got, c.rows)
			}
		})
	}
}
