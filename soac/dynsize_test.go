package soac

import (
	"slices"
	"strings"
	"testing"
)

// dynProgram wraps body statements, which may use x_4 (a work-item's
// element), k_3 (a scalar known before the launch) and xs_2 (an array of
// d_1 elements), in a segmap whose result is r_9.
func dynProgram(stms string) string {
	return `entry "main"
fun main (xs_2: [d_1]i64, k_3: i64): {[d_1]i64} = {
  let {map_90: [d_1]i64} = segmap_thread (gtid_1 < d_1) : {i64}
  body {
    let {x_4: i64} = xs_2[gtid_1]
` + stms + `
  }
  in {map_90}
}
`
}

func TestKernelDynSizes(t *testing.T) {
	read := "let {r_9: i64} = a_6[0i64]\n    in {r_9}"
	tests := []struct {
		name, stms string
		want       []string // the size lines, without the strategy
	}{
		{"mod by a host scalar", "let {n_5: i64} = mod i64 x_4 k_3\n let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64\n" + read,
			[]string{"n_5 bound k_3 arrays (a_6)"}},
		{"min with a host scalar", "let {n_5: i64} = min i64 x_4 k_3\n let {a_6: [n_5]i64} = replicate (n_5) 1i64\n" + read,
			[]string{"n_5 bound k_3 arrays (a_6)"}},
		{"computed from an element: pre-pass", "let {u_11: i64} = mul i64 x_4 2i64\n let {n_5: i64} = add i64 x_4 1i64\n let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64\n" + read,
			[]string{"n_5 bound n_5 arrays (a_6) pre-pass slice (x_4, n_5)"}},
		{"bounded over a pre-pass name", "let {n_5: i64} = min i64 x_4 k_3\n let {m_10: i64} = add i64 n_5 x_4\n let {a_6: [m_10]i64} = iota i64 m_10 0i64 1i64\n" + read,
			[]string{"m_10 bound m_10 arrays (a_6) pre-pass slice (x_4, n_5, m_10)"}},
		{"reduction in the body: pre-pass", "let {r_12: [d_1]i64} = slice xs_2[0i64:+d_1*1i64]\n let {n_5: i64} = screma d_1 (r_12)\n reduce_comm (0i64) \\(a_10: i64, a_11: i64): {i64} -> {\n let {s_12: i64} = add i64 a_10 a_11\n in {s_12}\n }\n map \\(x_7: i64): {i64} -> {\n in {x_7}\n }\n let {a_6: [n_5]i64} = replicate (n_5) 1i64\n" + read,
			[]string{"n_5 bound n_5 arrays (a_6) pre-pass slice (r_12, n_5)"}},
		{"size read from an array the body makes", "let {b_7: [k_3]i64} = replicate (k_3) x_4\n let {n_5: i64} = b_7[0i64]\n let {a_6: [n_5]i64} = replicate (n_5) 1i64\n" + read,
			[]string{"n_5 arrays (a_6) refused"}},
		{"size from a function call", "let {n_5: i64} = apply f (x_4) : {i64}\n let {a_6: [n_5]i64} = replicate (n_5) 1i64\n" + read,
			[]string{"n_5 arrays (a_6) refused"}},
		{"checked slice", "let {n_5: i64} = add i64 x_4 1i64\n let {s_7: [n_5]i64} = slice xs_2[0i64:+n_5*1i64]\n let {a_6: [n_5]i64} = copy s_7\n" + read,
			[]string{"n_5 bound d_1 arrays (a_6)"}},
		{"slice of stride 0", "let {n_5: i64} = add i64 x_4 1i64\n let {s_7: [n_5]i64} = slice xs_2[0i64:+n_5*0i64]\n let {a_6: [n_5]i64} = copy s_7\n" + read,
			[]string{"n_5 bound n_5 arrays (a_6) pre-pass slice (x_4, n_5)"}},
		{"if branches", "let {c_8: bool} = lt i64 0i64 x_4\n let {n_5: i64} = if c_8 : {i64}\n then { in {3i64} }\n else { let {m_10: i64} = mod i64 x_4 k_3\n in {m_10} }\n let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64\n" + read,
			[]string{"n_5 bound max(3i64, k_3) arrays (a_6)"}},
		{"sum of bounded sizes", "let {m_10: i64} = mod i64 x_4 k_3\n let {n_5: i64} = add i64 m_10 m_10\n let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64\n" + read,
			[]string{"n_5 bound add(k_3, k_3) arrays (a_6)"}},
		{"minus a constant, halved", "let {m_10: i64} = mod i64 x_4 k_3\n let {m_11: i64} = sub i64 m_10 1i64\n let {n_5: i64} = div i64 m_11 2i64\n let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64\n" + read,
			[]string{"n_5 bound k_3 arrays (a_6)"}},
		{"minus a variable", "let {m_10: i64} = mod i64 x_4 k_3\n let {n_5: i64} = sub i64 m_10 x_4\n let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64\n" + read,
			[]string{"n_5 bound n_5 arrays (a_6) pre-pass slice (x_4, m_10, n_5)"}},
		{"iota read an element at a time", "let {n_5: i64} = add i64 x_4 1i64\n let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64\n let {r_9: i64} = screma n_5 (a_6)\n reduce_comm (0i64) \\(a_10: i64, a_11: i64): {i64} -> {\n let {s_12: i64} = add i64 a_10 a_11\n in {s_12}\n }\n map \\(x_7: i64): {i64} -> {\n in {x_7}\n }\n in {r_9}",
			[]string{"n_5 arrays (a_6) not-stored"}},
		{"iota read an element at a time, then stored at its size: pre-pass", "let {n_5: i64} = add i64 x_4 1i64\n let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64\n let {b_7: [n_5]i64} = screma n_5 (a_6)\n map \\(x_7: i64): {i64} -> {\n let {y_8: i64} = mul i64 x_7 2i64\n in {y_8}\n }\n let {r_9: i64} = b_7[0i64]\n in {r_9}",
			[]string{"n_5 bound n_5 arrays (a_6, b_7) pre-pass slice (x_4, n_5)"}},
		{"host-known size", "let {a_6: [k_3]i64} = iota i64 k_3 0i64 1i64\n" + read, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseProgram(dynProgram(tc.stms))
			if err != nil {
				t.Fatal(err)
			}
			s := p.Funs[0].Body.Stms[0]
			sizes := KernelDynSizes(s.Exp, SizeFacts(p))
			var got []string
			for _, d := range sizes {
				line := string(d.Size)
				if d.Bound != nil {
					line += " bound " + d.Bound.String()
				}
				line += " arrays (" + string(d.Arrays[0])
				for _, a := range d.Arrays[1:] {
					line += ", " + string(a)
				}
				line += ")"
				if d.Strategy != DynAtBound {
					line += " " + d.Strategy
				}
				if d.Slice != nil {
					names := make([]string, len(d.Slice))
					for i, n := range d.Slice {
						names[i] = string(n)
					}
					line += " slice (" + strings.Join(names, ", ") + ")"
				}
				got = append(got, line)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("sizes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			// The record survives printing and parsing.
			SetLowering(s.Exp, &Lowering{Sizes: sizes})
			text := Print(p)
			q, err := ParseProgram(text)
			if err != nil {
				t.Fatalf("parsing the printed record: %v\n%s", err, text)
			}
			if len(sizes) > 0 && !strings.Contains(text, "size "+string(sizes[0].Size)) {
				t.Errorf("the record is not printed:\n%s", text)
			}
			if again := Print(q); again != text {
				t.Errorf("printed again:\n%s\nfirst:\n%s", again, text)
			}
		})
	}
}

// TestCheckPrePass checks the validator's check of a size record's
// pre-pass slice: names of statements of the segmap's body, only for a
// pre-pass with a bound.
func TestCheckPrePass(t *testing.T) {
	p, err := ParseProgram(dynProgram("let {n_5: i64} = add i64 x_4 1i64\n let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64\n let {r_9: i64} = a_6[0i64]\n in {r_9}"))
	if err != nil {
		t.Fatal(err)
	}
	m := p.Funs[0].Body.Stms[0].Exp.(*SegMapExp)
	bound := &SizeBound{Leaf: Var{Name: "n_5"}}
	tests := []struct {
		name string
		m    *SegMapExp
		d    DynSize
		want string // a part of the message; "" when valid
	}{
		{"valid", m, DynSize{Size: "n_5", Bound: bound, Strategy: DynPrePass, Slice: []VName{"x_4", "n_5"}}, ""},
		{"empty slice", m, DynSize{Size: "n_5", Bound: bound, Strategy: DynPrePass}, ""},
		{"unknown name", m, DynSize{Size: "n_5", Bound: bound, Strategy: DynPrePass, Slice: []VName{"x_4", "y_77"}}, "names y_77"},
		{"a name only nested", m, DynSize{Size: "n_5", Bound: bound, Strategy: DynPrePass, Slice: []VName{"gtid_1"}}, "names gtid_1"},
		{"slice of another strategy", m, DynSize{Size: "n_5", Bound: bound, Strategy: DynAtBound, Slice: []VName{"x_4"}}, "with a pre-pass slice but strategy"},
		{"no bound", m, DynSize{Size: "n_5", Strategy: DynPrePass, Slice: []VName{"x_4"}}, "without a bound"},
		{"no segmap", nil, DynSize{Size: "n_5", Bound: bound, Strategy: DynPrePass, Slice: []VName{"x_4"}}, "no untiled segmap"},
		{"max body", m, DynSize{Size: "n_5", Strategy: DynPrePass, Max: maxOf(t, "let {y_6: i64} = xs_2[gtid_1]\n in {y_6}")}, ""},
		{"max body of a name of the body", m, DynSize{Size: "n_5", Strategy: DynPrePass, Max: maxOf(t, "in {x_4}")}, "uses x_4"},
		{"max body and bound", m, DynSize{Size: "n_5", Bound: bound, Strategy: DynPrePass, Max: maxOf(t, "in {k_3}")}, "with two"},
		{"max body and slice", m, DynSize{Size: "n_5", Strategy: DynPrePass, Slice: []VName{"x_4"}, Max: maxOf(t, "in {k_3}")}, "a slice as well"},
		{"max body of two results", m, DynSize{Size: "n_5", Strategy: DynPrePass, Max: maxOf(t, "in {k_3, k_3}")}, "not one result"},
		{"max body of another strategy", m, DynSize{Size: "n_5", Strategy: DynRefused, Max: maxOf(t, "in {k_3}")}, "but strategy"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var e Exp
			if tc.m != nil {
				e = tc.m
			}
			got := checkPrePass(e, tc.d)
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want one containing %q", got, tc.want)
			}
		})
	}
}

// TestMaxBody checks the pre-pass of sizes bound inside inner SOACs,
// loops and branches of a segmap's body: which sizes get one, what the
// max body keeps and drops, and that the record is valid and survives
// printing and parsing.
func TestMaxBody(t *testing.T) {
	innerMap := `let {r_12: [d_1]i64} = slice xs_2[0i64:+d_1*1i64]
    let {s_13: [d_1]i64} = screma d_1 (r_12)
      map \(y_7: i64): {i64} -> {
        let {a_6: [y_7]i64} = iota i64 y_7 0i64 1i64
        let {e_8: i64} = a_6[0i64]
        in {e_8}
      }
    let {r_9: i64} = s_13[0i64]
    in {r_9}`
	doubling := func(cond string) string {
		return `let {c_8: bool} = lt i64 1i64 x_4
    let {a_7: [1i64]i64} = array i64 [1i64]
    let {l_20: i64, l_21: bool, l_22: [l_20]i64} = loop {d_18: i64 = 1i64, c_19: bool = c_8, arr_17: [d_18]i64 = a_7} while c_19
    do {
      let {d_23: i64} = add i64 d_18 d_18
      let {cat_24: [d_23]i64} = concat d_23 (arr_17, arr_17)
      ` + cond + `
      in {d_23, c_25, cat_24}
    }
    let {r_9: i64} = l_22[0i64]
    in {r_9}`
	}
	branch := `let {c_8: bool} = lt i64 0i64 x_4
    let {r_9: i64} = if c_8 : {i64}
    then {
      let {n_5: i64} = mul i64 x_4 x_4
      let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64
      let {e_7: i64} = a_6[0i64]
      in {e_7}
    }
    else { in {0i64} }
    in {r_9}`
	call := `let {r_9: i64} = loop {acc_10: i64 = 0i64} for i_11: i64 < k_3
    do {
      let {n_5: i64} = apply f (i_11) : {i64}
      let {a_6: [n_5]i64} = iota i64 n_5 0i64 1i64
      let {e_7: i64} = a_6[0i64]
      in {e_7}
    }
    in {r_9}`
	tests := []struct {
		name, stms string
		sizes      []VName  // the sizes with a max body, in order
		refused    []VName  // the sizes still refused
		has, hasnt []string // texts the first max body has and has not
	}{
		{"element of an inner map", innerMap, []VName{"y_7"}, nil,
			[]string{"screma d_1 (r_12)", "reduce_comm (0i64)", "map \\(y_7: i64)", "max i64 0i64 y_7"}, []string{"iota", "a_6"}},
		{"loop parameter doubled", doubling("let {c_25: bool} = lt i64 d_23 x_4"), []VName{"d_18", "l_20", "d_23"}, nil,
			[]string{"while c_19", "let {d_23: i64} = add i64 d_18 d_18", "max i64 premax_1 d_18", "x_4"}, []string{"arr_17", "concat", "a_7"}},
		{"loop condition read from the array", doubling("let {h_26: i64} = arr_17[0i64]\n      let {c_25: bool} = lt i64 h_26 x_4"), nil, []VName{"d_18", "l_20", "d_23"}, nil, nil},
		{"size inside a branch", branch, []VName{"n_5"}, nil,
			[]string{"if c_8", "mul i64 x_4 x_4", "else {"}, []string{"iota"}},
		{"size from a call in a loop", call, nil, []VName{"n_5"}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseProgram(dynProgram(tc.stms))
			if err != nil {
				t.Fatal(err)
			}
			s := p.Funs[0].Body.Stms[0]
			sizes := KernelDynSizes(s.Exp, SizeFacts(p))
			var maxed, refused []VName
			for _, d := range sizes {
				switch {
				case d.Max != nil:
					maxed = append(maxed, d.Size)
					if msg := checkPrePass(s.Exp, d); msg != "" {
						t.Errorf("size %s: invalid record: %s", d.Size, msg)
					}
				case d.Strategy == DynRefused:
					refused = append(refused, d.Size)
				}
			}
			if !slices.Equal(maxed, tc.sizes) || !slices.Equal(refused, tc.refused) {
				t.Fatalf("max bodies for %v and refused %v, want %v and %v", maxed, refused, tc.sizes, tc.refused)
			}
			if len(maxed) == 0 {
				return
			}
			text := PrintBody(sizes[slices.IndexFunc(sizes, func(d DynSize) bool { return d.Max != nil })].Max)
			for _, h := range tc.has {
				if !strings.Contains(text, h) {
					t.Errorf("max body without %q:\n%s", h, text)
				}
			}
			for _, h := range tc.hasnt {
				if strings.Contains(text, h) {
					t.Errorf("max body with %q:\n%s", h, text)
				}
			}
			SetLowering(s.Exp, &Lowering{Sizes: sizes})
			printed := Print(p)
			q, err := ParseProgram(printed)
			if err != nil {
				t.Fatalf("parsing the printed record: %v\n%s", err, printed)
			}
			if again := Print(q); again != printed {
				t.Errorf("printed again:\n%s\nfirst:\n%s", again, printed)
			}
		})
	}
}

// maxOf parses a max body.
func maxOf(t *testing.T, text string) *Body {
	t.Helper()
	p, err := ParseProgram("fun f (xs_2: [d_1]i64, k_3: i64, gtid_1: i64): {i64} = {\n" + text + "\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	return p.Funs[0].Body
}
