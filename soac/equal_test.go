package soac

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

func TestSameSubExp(t *testing.T) {
	one := Const{Value: IntValue(values.I64, 1)}
	tests := []struct {
		a, b SubExp
		want bool
	}{
		{Var{Name: "x"}, Var{Name: "x"}, true},
		{Var{Name: "x"}, Var{Name: "y"}, false},
		{one, Const{Value: IntValue(values.I64, 1)}, true},
		{one, Const{Value: IntValue(values.I32, 1)}, false}, // type differs
		{one, Var{Name: "x"}, false},
		{Var{Name: "x"}, one, false},
	}
	for _, tc := range tests {
		if got := SameSubExp(tc.a, tc.b); got != tc.want {
			t.Errorf("SameSubExp(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestTypeEnv(t *testing.T) {
	env := TypeEnv(mustParse(t, readFile(t, "testdata/all_nodes.ir")))
	tests := []struct {
		name VName
		want string
	}{
		{"xs_1", "[n_2]f32"}, // function parameter
		{"n_2", "i64"},       // size variable of a parameter's shape
		{"a_6", "f32"},       // pattern
		{"z_26", "f32"},      // pattern in a branch
		{"acc_29", "f32"},    // loop parameter
		{"i_35", "i64"},      // loop index
		{"sa_42", "f32"},     // lambda parameter
		{"bi_54", "i64"},     // hist bucket parameter
		{"gi_60", "i64"},     // segment-space index
		{"qa_64", "f32"},     // Seg-op operator parameter
		{"gy_67", "f32"},     // pattern in a Seg-op body
	}
	for _, tc := range tests {
		got, ok := env[tc.name]
		if !ok || got.String() != tc.want {
			t.Errorf("TypeEnv[%s] = %v (bound: %v), want %s", tc.name, got, ok, tc.want)
		}
	}
	if _, ok := env["not_bound"]; ok {
		t.Error("TypeEnv binds a name the program does not")
	}
}

func TestNames(t *testing.T) {
	p := mustParse(t, readFile(t, "testdata/all_nodes.ir"))
	ns := NewNames(p)
	seq := func(base string) func(int) VName {
		return func(k int) VName { return VName(base + "_" + strconv.Itoa(k)) }
	}
	// Fresh counts on over all spellings and skips taken names (a_6 is
	// bound in the program).
	got := []VName{ns.Fresh(seq("a")), ns.Fresh(seq("a")), ns.Fresh(seq("b")), ns.Fresh(seq("a")), ns.Fresh(seq("a"))}
	want := []VName{"a_1", "a_2", "b_3", "a_4", "a_5"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Fresh gave %v, want %v", got, want)
	}
	if n := ns.Fresh(seq("a")); n != "a_7" {
		t.Errorf("Fresh gave %s, taken in the program's a_6, want a_7", n)
	}
	// Lowest takes the smallest free number, here the base itself first.
	plain := func(k int) VName {
		if k == 0 {
			return "xs_1"
		}
		return VName("xs_1_" + strconv.Itoa(k))
	}
	if a, b := ns.Lowest(plain), ns.Lowest(plain); a != "xs_1_1" || b != "xs_1_2" {
		t.Errorf("Lowest gave %s, %s; want xs_1_1, xs_1_2", a, b)
	}
}
