package backend

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

func TestLibraryNames(t *testing.T) {
	for in, want := range map[string]string{"prog": "prog", "my-lib": "my_lib", "9x": "fut9x", "Foo.Bar": "foo_bar", "func": "func_", "main": "main_"} {
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
	ps := []soac.Param{{Name: "xs_3", Type: i32}, {Name: "xs_7", Type: i32}, {Name: "type_1", Type: i32}, {Name: "c_2", Type: i32}, {Name: "d₁_4", Type: i32}}
	if got := strings.Join(paramNames(ps), " "); got != "xs xs2 type_ c_ d" {
		t.Errorf("paramNames: %s", got)
	}
	p := &soac.Program{Funs: []*soac.FunDef{{Name: "a", EntryName: "close"}, {Name: "b", EntryName: "Close"}, {Name: "c", EntryName: "main"}}}
	m := methodNames(p)
	if m["close"] != "Close_" || m["Close"] != "Close_2" || m["main"] != "Main" {
		t.Errorf("methodNames: %v", m)
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
