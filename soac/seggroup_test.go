package soac

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

// groupProg is an intra-group version as flatten and lower make it: per
// row, a loop of a sum and a map, the row's arrays in local memory.
const groupProg = `threshold "main.suff_intra_par_1" 32

entry "main"
fun main (xss_1: [n_2][m_3]f32): {[n_2][m_3]f32, bool} = {
  let {fits_4: bool} = group_fits m_3 1024i64
  let {ys_5: [n_2][m_3]f32} = segmap_group (gtid_6 < n_2) : {[m_3]f32}
    lowering {
      version "" "map-workgroup(f)" ()
      points "one-per-group" per_item 1 why "a group per row"
      group widths (m_3) size (m_3) multiple 32 barriers 6 why "one width"
      local xs_8 [m_3]f32 buffers 2
      local zs_13 [m_3]f32 into xs_8
    }
  body {
    let {x_7: [m_3]f32} = xss_1[gtid_6]
    let {l_9: [m_3]f32} = loop {xs_8: [m_3]f32 = x_7} for i_10: i64 < 3i64
    do {
      let {s_11: f32} = segred_thread (ltid_12 < m_3) : {f32}
        lowering {
          version "" "reduce-local(⊕) ∘ map-local(f)" ("strided", "group-combines")
        }
        reduce_comm (0f32) \(a_14: f32, b_15: f32): {f32} -> {
          let {c_16: f32} = add f32 a_14 b_15
          in {c_16}
        }
      body {
        let {y_17: f32} = xs_8[ltid_12]
        in {y_17}
      }
      let {zs_13: [m_3]f32} = segmap_thread (ltid_18 < m_3) : {f32}
        lowering {
          version "" "map-local(f)" ()
          points "group-items" per_item 1 why "strided over the group"
        }
      body {
        let {y_19: f32} = xs_8[ltid_18]
        let {z_20: f32} = sub f32 y_19 s_11
        in {z_20}
      }
      in {zs_13}
    }
    in {l_9}
  }
  in {ys_5, fits_4}
}
`

// TestGroupRoundTrip checks that a segmap_group, its inner Seg-ops, its
// group plan and group_fits print and parse back, validate with the
// Lowered invariant, and run in the interpreter.
func TestGroupRoundTrip(t *testing.T) {
	p := mustParse(t, groupProg)
	if got := Print(p); got != groupProg {
		t.Errorf("round trip differs:\n%s\nwant:\n%s", got, groupProg)
	}
	if err := ValidateWith(p, Lowered); err != nil {
		t.Fatal(err)
	}
	in := NewInterpreter(p)
	xss := `[[1f32, 2f32, 3f32], [0f32, 0f32, 4f32]]`
	v, err := values.NewReader(strings.NewReader(xss)).Read()
	if err != nil {
		t.Fatal(err)
	}
	res, err := in.RunEntry("main", []Value{FromRuntime(v)})
	if err != nil {
		t.Fatal(err)
	}
	// Each step subtracts the row's sum: [1,2,3] sums to 6 -> [-5,-4,-3]
	// sums to -12 -> [7,8,9] sums to 24 -> [-17,-16,-15]; [0,0,4] ->
	// [-4,-4,0] -> [4,4,8] -> [-12,-12,-8].
	want := "[[-17.0f32, -16.0f32, -15.0f32], [-12.0f32, -12.0f32, -8.0f32]]"
	if got := res[0].ToRuntime().String(); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := res[1].ToRuntime().String(); got != "true" {
		t.Errorf("group_fits of 3 work-items and 1 KiB: %s", got)
	}
}

// TestGroupFits checks group_fits against the interpreter's device.
func TestGroupFits(t *testing.T) {
	prog := `entry "main"
fun main (g_1: i64, l_2: i64): {bool} = {
  let {f_3: bool} = group_fits g_1 l_2
  in {f_3}
}
`
	p := mustParse(t, prog)
	if err := Validate(p); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g, l int64
		want bool
	}{
		{1, 0, true},
		{InterpMaxGroup, InterpLocalMem, true},
		{InterpMaxGroup + 1, 0, false},
		{32, InterpLocalMem + 1, false},
	} {
		res, err := NewInterpreter(p).RunEntry("main", []Value{PrimVal(IntValue(values.I64, c.g)), PrimVal(IntValue(values.I64, c.l))})
		if err != nil {
			t.Fatal(err)
		}
		if got := res[0].ToRuntime().String() == "true"; got != c.want {
			t.Errorf("group_fits %d %d = %v, want %v", c.g, c.l, got, c.want)
		}
	}
}

// TestGroupRejects checks the validator's rules for segmap_groups and
// their plans.
func TestGroupRejects(t *testing.T) {
	for _, c := range []struct {
		name, old, new, msg string
		lowered             bool
	}{
		{"inner group level", "segmap_thread (ltid_18 < m_3)", "segmap_group (ltid_18 < m_3)", "a segmap_group inside a kernel", false},
		{"inner reduction in two dimensions", "segred_thread (ltid_12 < m_3)", "segred_thread (q_99 < 2i64, ltid_12 < m_3)", "not a segmap and over several dimensions", false},
		{"group_fits operand", "group_fits m_3 1024i64", "group_fits m_3 1024i32", "group_fits local memory has type i32, expected i64", false},
		{"no group plan", "      group widths (m_3) size (m_3) multiple 32 barriers 6 why \"one width\"\n      local xs_8 [m_3]f32 buffers 2\n      local zs_13 [m_3]f32 into xs_8\n", "", "a group plan where there is no segmap_group, or none where there is", true},
		{"no widths", "group widths (m_3)", "group widths ()", "a group plan without widths", true},
		{"size not a width", "size (m_3)", "size (m_3, n_2)", "a group plan whose size is none of its widths", true},
		{"no size", "size (m_3)", "size ()", "a group plan without a size", true},
		{"fill no replicate", "      local zs_13 [m_3]f32 into xs_8\n", "      local zs_13 [m_3]f32 into xs_8\n      fill zs_13\n", "fill zs_13, which no replicate of the segmap_group's body binds", true},
		{"fused no scatter", "      local zs_13 [m_3]f32 into xs_8\n", "      local zs_13 [m_3]f32 into xs_8\n      fused zs_13\n", "fused zs_13, which no scatter of the segmap_group's body binds", true},
		{"three buffers", "local xs_8 [m_3]f32 buffers 2", "local xs_8 [m_3]f32 buffers 3", "local array xs_8 of 3 buffers", true},
		{"into a single buffer", "local xs_8 [m_3]f32 buffers 2", "local xs_8 [m_3]f32 buffers 1", "local array zs_13 into xs_8, which is not a local array of two buffers", true},
		{"into an unknown array", "local zs_13 [m_3]f32 into xs_8", "local zs_13 [m_3]f32 into ys_5", "local array zs_13 into ys_5, which is not a local array of two buffers", true},
		{"unbound local array", "local zs_13 [m_3]f32 into xs_8", "local zs_99 [m_3]f32 into xs_8", "local array zs_99, which the segmap_group's body does not bind", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := strings.Replace(groupProg, c.old, c.new, 1)
			if text == groupProg {
				t.Fatalf("%q not in the program", c.old)
			}
			inv := Invariants(0)
			if c.lowered {
				inv = Lowered
			}
			err := ValidateWith(mustParse(t, text), inv)
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v, want an error containing %q", err, c.msg)
			}
		})
	}
	if _, err := ParseProgram(strings.Replace(groupProg, "      group widths (m_3) size (m_3) multiple 32 barriers 6 why \"one width\"\n", "", 1)); err == nil || !strings.Contains(err.Error(), "before the group line") {
		t.Errorf("a local line without a group line: %v", err)
	}
}
