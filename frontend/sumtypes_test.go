package frontend

import (
	"reflect"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

func TestSumDiagnostics(t *testing.T) {
	shape := "type shape = #circle f32 | #rect f32 f32\n"
	tests := []struct{ name, src, want string }{
		{"unmatched constructor", shape + "def main (s: shape) : f32 =\n  match s\n  case #circle r -> r",
			"t.fut:3:3: error: Unmatched cases in match expression:\n  #rect _ _"},
		{"unmatched nested", "type t = #a (#x | #y i32) | #b\ndef main (v: t) : i32 =\n  match v\n  case #a #x -> 0\n  case #b -> 1",
			"t.fut:3:3: error: Unmatched cases in match expression:\n  #a (#y _)"},
		{"unmatched bools", "def main (a: bool) (b: bool) : i32 =\n  match (a, b)\n  case (true, _) -> 0\n  case (false, true) -> 1",
			"t.fut:2:3: error: Unmatched cases in match expression:\n  (false, false)"},
		{"unmatched record", "def main (a: bool) : i32 =\n  match {x = a, y = 1i32}\n  case {x = true, y = _} -> 0",
			"Unmatched cases in match expression:\n  {x = false, y = _}"},
		{"unmatched integer", "def main (x: i32) : i32 =\n  match x\n  case 0 -> 1",
			"t.fut:2:3: error: Unmatched cases in match expression:\n  _"},
		{"arity", shape + "def main (x: f32) : shape = #rect x",
			"t.fut:2:29: error: Function body does not have expected type: main is declared to return #circle f32 | #rect f32 f32, but its body has type"},
		{"arity note", shape + "def main (x: f32) : shape = #rect x", "(constructor #rect of #circle f32 | #rect f32 f32 takes 2 argument(s), but is used with 1)"},
		{"arity with expected type", shape + "def main (x: f32) = (#rect x : shape)",
			"t.fut:2:22: error: Constructor #rect of type #circle f32 | #rect f32 f32 takes 2 argument(s), but is given 1"},
		{"unknown constructor", shape + "def main (x: f32) = (#square x : shape)",
			"t.fut:2:22: error: Constructor #square is not a constructor of the expected type #circle f32 | #rect f32 f32"},
		{"unknown constructor pattern", shape + "def main (s: shape) : f32 =\n  match s\n  case #square x -> x\n  case _ -> 0",
			"t.fut:4:8: error: Constructor #square is not a constructor of the matched type #circle f32 | #rect f32 f32"},
		{"pattern arity", shape + "def main (s: shape) : f32 =\n  match s\n  case #rect x -> x\n  case _ -> 0",
			"t.fut:4:8: error: Pattern #rect cannot match a value of type #circle f32 | #rect f32 f32: the pattern has 1 constructor arguments, but the type provides 2"},
		{"unshared constructors", "def f (v: #a i32 | #b i32 | #c i32) : #a i32 | #b i32 | #d i32 = v\ndef main (x: i32) = x", "(Unshared constructors: #d, #c.)"},
		{"refutable parameter", "type t = #a i32 | #b\ndef f ((#a x): t) = x\ndef main (x: i32) = f (#a x)", "t.fut:2:9: error: Refutable pattern not allowed here: #a matches only some values of type #a i32 | #b"},
		{"two payload types", "def main (b: bool) : i32 =\n  let v = if b then #foo 1i32 else #foo true\n  in 0",
			"t.fut:2:36: error: else branch (must have the type of the then branch)"},
		{"constructor pattern on a number", "def main (x: i32) : i32 =\n  match x\n  case #foo -> 1\n  case _ -> 2",
			"t.fut:3:8: error: Constructor pattern #foo, but the matched value has type i32, not a sum type"},
		{"ambiguous", "def main (x: i32) : i32 =\n  match (#bar x)\n  case #foo _ -> 1\n  case #bar _ -> 2",
			"error: Type is ambiguous (must be a sum type with constructors: #bar i32 | #foo "},
		{"duplicate constructor", "type t = #a | #a i32\ndef main (x: i32) = x", "t.fut:1:15: error: Duplicate constructor #a in the sum type"},
		{"refutable let", "type t = #a | #b\ndef main (v: t) : i32 = let #a = v in 1", "Refutable pattern not allowed here"},
		{"literal parameter", "def f 1 = 2\ndef main (x: i32) = f x", "Refutable pattern not allowed here"},
		{"case types differ", "def main (x: i32) =\n  match x\n  case 0 -> 1i32\n  case _ -> true",
			"t.fut:4:13: error: case of match (must have the type of the first case): expected type i32, but found bool"},
		{"literal type", "def main (x: i32) : i32 =\n  match x\n  case 1.5 -> 1\n  case _ -> 2", "t.fut:3:8: error: literal pattern of type"},
		{"function payload from if", "type^ t = #f (i32 -> i32) | #g\ndef main (b: bool) (x: i32) : i32 =\n  let v : t = if b then #f (+1) else #g\n  in match v case #f f -> f x case #g -> x",
			"t.fut:3:15: error: a function cannot be returned from branches of an if"},
		{"inferred function payload from if", "def main (b: bool) (x: i32) : i32 =\n  let v = if b then #f (+1) else #g\n  in match v case #f f -> f x case #g -> x",
			"t.fut:2:11: error: a function cannot be returned from branches of an if"},
		{"array of function payloads", "type^ t = #f (i32 -> i32) | #g\ndef main (x: i32) : i32 =\n  let vs : []t = [#f (+1), #g]\n  in x",
			"arrays of functions are not allowed"},
		{"function payload from match", "type^ t = #f (i32 -> i32) | #g\ndef main (x: i32) : i32 =\n  let v : t = match x case 0 -> #g case _ -> #f (+1)\n  in x",
			"a function cannot be returned from the cases of a match"},
		{"constructor not in sum type", shape + "def area (s: shape) : f32 = 0\ndef main (x: f32) = area (#tri x)", "(Unshared constructors: #tri. #tri is not a constructor of #circle f32 | #rect f32 f32)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { expectCompileError(t, tc.src, tc.want) })
	}
}

// TestSumLayout checks that constructors share payload slots of the same
// type, as Futhark's internalisation does.
func TestSumLayout(t *testing.T) {
	f32 := TPrim{values.F32}
	i32 := TPrim{values.I32}
	b := TPrim{values.Bool}
	tests := []struct {
		name   string
		t      TSum
		slots  []leaf
		assign [][]int
	}{
		{"shapes", TSum{[]SumConstr{{"circle", []Type{f32}}, {"point", nil}, {"rect", []Type{f32, f32}}}},
			[]leaf{{values.F32, 0}, {values.F32, 0}}, [][]int{{0}, nil, {0, 1}}},
		{"mixed", TSum{[]SumConstr{{"a", []Type{f32, i32}}, {"b", []Type{i32, f32, b}}, {"c", []Type{b}}, {"d", []Type{i32, i32}}}},
			[]leaf{{values.F32, 0}, {values.I32, 0}, {values.Bool, 0}, {values.I32, 0}}, [][]int{{0, 1}, {1, 0, 2}, {2}, {1, 3}}},
		{"arrays by rank", TSum{[]SumConstr{{"m", []Type{TArray{Elem: i32, Dims: make([]Dim, 2)}}}, {"v", []Type{TArray{Elem: i32, Dims: make([]Dim, 1)}, i32}}}},
			[]leaf{{values.I32, 2}, {values.I32, 1}, {values.I32, 0}}, [][]int{{0}, {1, 2}}},
		{"nested sum", TSum{[]SumConstr{{"n", []Type{TSum{[]SumConstr{{"x", nil}, {"y", []Type{i32}}}}}}, {"o", []Type{i32}}}},
			[]leaf{{values.U8, 0}, {values.I32, 0}}, [][]int{{0, 1}, {1}}},
	}
	for _, tc := range tests {
		slots, assign := sumLayout(tc.t)
		if !reflect.DeepEqual(slots, tc.slots) || !reflect.DeepEqual(assign, tc.assign) {
			t.Errorf("%s: got slots %v, assignment %v; want %v, %v", tc.name, slots, assign, tc.slots, tc.assign)
		}
	}
}

// TestSumInternalised checks the IR of an array of a sum type: one u8 tag
// array and one array per payload slot, the slots shared.
func TestSumInternalised(t *testing.T) {
	src := "type shape = #circle f32 | #rect f32 f32 | #point\n" +
		"entry shapes (xs: []f32) : []shape = map (\\x : shape -> if x > 1 then #rect x x else if x > 0 then #circle x else #point) xs\n" +
		"entry area (xs: []f32) : []f32 = map (\\s -> match s case #circle r -> r * r case #rect w h -> w * h case #point -> 0) (shapes xs)"
	p, err := Compile("t.fut", src)
	if err != nil {
		t.Fatal(err)
	}
	f := p.Entry("shapes")
	var got []soac.Type
	for _, r := range f.RetType {
		got = append(got, soac.Type{Elem: r.Elem, Shape: make([]soac.SubExp, len(r.Shape))})
	}
	want := []soac.Type{{Elem: values.U8, Shape: make([]soac.SubExp, 1)}, {Elem: values.F32, Shape: make([]soac.SubExp, 1)}, {Elem: values.F32, Shape: make([]soac.SubExp, 1)}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("shapes returns %v, want a u8 tag array and two f32 slot arrays", f.RetType)
	}
	if len(f.EntryResults) != 1 || f.EntryResults[0].Opaque == "" || f.EntryResults[0].N != 3 {
		t.Errorf("shapes' result is %+v, want one opaque value of 3 components", f.EntryResults)
	}
	if out := runProg(t, p, "area", "[2f32, 0.5f32, -1f32]"); out != "[4.0f32, 0.25f32, 0.0f32]" {
		t.Errorf("area gave %s", out)
	}
}

func TestMatchRuns(t *testing.T) {
	tests := []struct{ name, src, input, want string }{
		{"nested tuple in payload", "type t = #foo ((i32, (i32, i32)), i32) | #bar i32\ndef main (x: i32) : i32 =\n  match (#foo ((3, (1, x)), 2)) : t\n  case #foo (_, 3) -> 1\n  case #foo ((4, _), 2) -> 2\n  case #bar 5 -> 3\n  case #foo ((3, (_, 10)), _) -> 4\n  case _ -> 5", "10", "4i32"},
		{"nested tuple fallthrough", "type t = #foo ((i32, (i32, i32)), i32) | #bar i32\ndef main (x: i32) : i32 =\n  match (#foo ((3, (1, x)), 2)) : t\n  case #foo ((3, (_, 10)), _) -> 4\n  case _ -> 5", "11", "5i32"},
		{"negative float", "def main (x: f32) : i32 = match x case -1.5 -> 1 case _ -> 0", "-1.5f32", "1i32"},
		{"char", "def main (c: u8) : i32 = match c case 'a' -> 1 case 'b' -> 2 case _ -> 0", "98u8", "2i32"},
		{"bool pair", "def main (a: bool) (b: bool) : i32 = match (a, b) case (true, true) -> 3 case (true, false) -> 2 case (false, true) -> 1 case (false, false) -> 0", "false true", "1i32"},
		{"irrefutable let", "type t = #x i32\ndef main (x: i32) = let #x y = #x x : t in y + 1", "2", "3i32"},
		{"irrefutable parameter", "type t = #x i32 i32\ndef f ((#x a b): t) = a - b\ndef main (x: i32) = f (#x x 1)", "5", "4i32"},
		{"equality", "type t = #a i32 | #b f32\ndef main (x: i32) = ((#a x : t) == #a 1, (#a x : t) != #b 1)", "1", "true true"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := run(t, tc.src, tc.input); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
