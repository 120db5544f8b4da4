package backend

import (
	"reflect"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

func TestLibraryNames(t *testing.T) {
	for in, want := range map[string]string{"prog": "prog", "my-lib": "my_lib", "fmt": "fmt_", "strings": "strings_", "C": "c", "9x": "fut9x", "Foo.Bar": "foo_bar", "func": "func_", "main": "main_"} {
		if got := PackageNameFor(in); got != want {
			t.Errorf("PackageNameFor(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"main": "Main", "foo_bar": "Foo_bar", "x'": "X_", "_f": "E_f"} {
		if got := exportName(in); got != want {
			t.Errorf("exportName(%q) = %q, want %q", in, got, want)
		}
	}
	i32 := soac.Prim(values.I32)
	ps := []soac.Param{{Name: "xs_3", Type: i32}, {Name: "xs_7", Type: i32}, {Name: "type_1", Type: i32}, {Name: "c_2", Type: i32}, {Name: "d₁_4", Type: i32},
		{Name: "len_5", Type: i32}, {Name: "nil_6", Type: i32}, {Name: "int64_7", Type: i32}, {Name: "Array_8", Type: i32}, {Name: "len__9", Type: i32}}
	if got := strings.Join(paramNames(ps), " "); got != "xs xs2 type_ c_ d len_ nil_ int64_ Array_ len_2" {
		t.Errorf("paramNames: %s", got)
	}
	for _, tc := range []struct {
		entries []string
		want    map[string]string
	}{
		{[]string{"close", "Close", "main"}, map[string]string{"close": "Eclose", "Close": "EClose", "main": "Main"}},
		{[]string{"f'", "f_", "f_27_", "g'"}, map[string]string{"f'": "Ef_27_", "f_": "Ef__", "f_27_": "F_27_", "g'": "G_"}},
		{[]string{"f_27_", "f'"}, map[string]string{"f_27_": "F_27_", "f'": "F_"}},
		{[]string{"f", "F", "ef", "Ef"}, map[string]string{"f": "Ef", "F": "EF", "ef": "Eef", "Ef": "EEf"}},
	} {
		p := &soac.Program{}
		for _, e := range tc.entries {
			p.Funs = append(p.Funs, &soac.FunDef{Name: e, EntryName: e})
		}
		if m := methodNames(p); !reflect.DeepEqual(m, tc.want) {
			t.Errorf("methodNames(%q) = %v, want %v", tc.entries, m, tc.want)
		}
	}
}

func TestGoPrinted(t *testing.T) {
	vs := []values.Value{
		{Type: values.F32, Shape: []int64{2}, Data: []float32{6, 14}},
		{Type: values.I64, Data: []int64{-3}},
		{Type: values.Bool, Shape: []int64{2, 1}, Data: []bool{true, false}},
	}
	got, ok := goPrinted(vs)
	if !ok || strings.Join(got, "|") != "[6 14]|-3|[2][1]bool[true false]" {
		t.Errorf("goPrinted: %q %v", got, ok)
	}
	if _, ok := goPrinted([]values.Value{{Type: values.F32, Data: []float32{0.5}}}); ok {
		t.Error("a fraction printed as certain")
	}
	if s := goLiteral(values.Value{Type: values.F64, Shape: []int64{1, 2}, Data: []float64{1.5, -2}}, "p"); s != "p.Array[float64]{Shape: []int64{1, 2}, Data: []float64{1.5, -2}}" {
		t.Errorf("goLiteral: %s", s)
	}
}
