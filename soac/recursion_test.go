package soac

import (
	"maps"
	"slices"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

func TestRecursiveFuns(t *testing.T) {
	call := func(f string) *Stm {
		return &Stm{Pat: []Param{{Name: "r", Type: Prim(values.I64)}}, Exp: &ApplyExp{Fun: f, RetType: []Type{Prim(values.I64)}}}
	}
	fun := func(name string, callees ...string) *FunDef {
		b := &Body{Result: []SubExp{I64(0)}}
		for _, c := range callees {
			b.Stms = append(b.Stms, call(c))
		}
		return &FunDef{Name: name, RetType: []Type{Prim(values.I64)}, Body: b}
	}
	tests := []struct {
		name string
		funs []*FunDef
		want []string
	}{
		{"none", []*FunDef{fun("main", "f"), fun("f")}, nil},
		{"self", []*FunDef{fun("main", "f"), fun("f", "f")}, []string{"f"}},
		{"through another", []*FunDef{fun("main", "f"), fun("f", "g"), fun("g", "f")}, []string{"f", "g"}},
		{"caller of a recursive function", []*FunDef{fun("main", "f"), fun("f", "g"), fun("g", "g")}, []string{"g"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := slices.Sorted(maps.Keys(RecursiveFuns(&Program{Funs: tc.funs})))
			if !slices.Equal(got, tc.want) {
				t.Errorf("RecursiveFuns = %v, want %v", got, tc.want)
			}
		})
	}
}
