package lower

import (
	"slices"
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestEagerIfs checks which short-circuit ifs the rule makes eager: those
// in a kernel's loops whose other branch reads an element in a few
// statements of scalar code, and not those outside loops, of arithmetic
// alone, too long, or holding more than scalar code.
func TestEagerIfs(t *testing.T) {
	read := "let {i_9: i64} = is_3[j_7]\nlet {x_10: i32} = xs_2[i_9]\nlet {c_11: bool} = lt i32 0i32 x_10\nin {c_11}"
	long := "let {i_9: i64} = is_3[j_7]\n" + strings.Repeat("let {i_9: i64} = add i64 i_9 1i64\n", 7) +
		"let {x_10: i32} = xs_2[i_9]\nlet {c_11: bool} = lt i32 0i32 x_10\nin {c_11}"
	inner := "let {i_9: i64} = is_3[j_7]\nlet {c_12: bool} = lt i64 i_9 n_1\nlet {c_11: bool} = if c_12 : {bool}\nthen {\n" +
		"let {x_10: i32} = xs_2[i_9]\nlet {c_13: bool} = lt i32 0i32 x_10\nin {c_13}\n}\nelse {\nin {false}\n}\nin {c_11}"
	arith := "let {c_11: bool} = lt i64 j_7 n_1\nin {c_11}"
	for _, tc := range []struct {
		name, then, els string
		loop            bool
		want            []soac.VName
	}{
		{"a read in a loop", "in {true}", read, true, []soac.VName{"sc_8"}},
		{"and", read, "in {false}", true, []soac.VName{"sc_8"}},
		{"outside a loop", "in {true}", read, false, nil},
		{"arithmetic alone", "in {true}", arith, true, nil},
		{"too long", "in {true}", long, true, nil},
		{"an if inside", "in {true}", inner, true, []soac.VName{"c_11"}},
		{"no short-circuit", read, read, true, nil},
	} {
		body := "let {sc_8: bool} = if found_6 : {bool}\nthen {\n" + tc.then + "\n}\nelse {\n" + tc.els + "\n}\n"
		if tc.loop {
			body = "let {loop_5: bool} = loop {found_6: bool = false} for j_7: i64 < n_1\ndo {\n" + body + "in {sc_8}\n}\nin {loop_5}\n"
		} else {
			body = "let {found_6: bool} = eq i64 gtid_1 0i64\nlet {j_7: i64} = gtid_1\n" + body + "in {sc_8}\n"
		}
		text := `entry "main"
fun main (xs_2: [n_1]i32, is_3: [n_1]i64): {[n_1]bool} = {
  let {ys_4: [n_1]bool} = segmap_thread (gtid_1 < n_1) : {bool}
  body {
` + body + `  }
  in {ys_4}
}
`
		p, err := soac.ParseProgram(text)
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.name, err, text)
		}
		got := eagerIfs(p.Funs[0].Body.Stms[0].Exp)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: eager %v, want %v", tc.name, got, tc.want)
		}
	}
}
