package soac

import "testing"

func TestLambdaBinOp(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       BinOp
		ok         bool
	}{
		{"add", "let {r: i32} = add i32 a b\n in {r}", Add, true},
		{"swapped", "let {r: i32} = mul i32 b a\n in {r}", Mul, true},
		{"same operand", "let {r: i32} = add i32 a a\n in {r}", 0, false},
		{"constant", "let {r: i32} = add i32 a 1i32\n in {r}", 0, false},
		{"two statements", "let {r: i32} = add i32 a b\n let {s: i32} = add i32 r b\n in {s}", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseProgram(`entry "main"
fun main (xs: [n]i32): {i32} = {
  let {y: i32} = screma n (xs)
    reduce (0i32) \(a: i32, b: i32): {i32} -> {
      ` + tc.body + `
    }
    map \(x: i32): {i32} -> {
      in {x}
    }
  in {y}
}`)
			if err != nil {
				t.Fatal(err)
			}
			l := p.Funs[0].Body.Stms[0].Exp.(*ScremaExp).Reds[0].Op
			b, ok := l.BinOp()
			if ok != tc.ok || ok && b.Op != tc.want {
				t.Errorf("BinOp() = %v, %v; want %v, %v", b, ok, tc.want, tc.ok)
			}
		})
	}
	if ReduceValues(ScanReduces([]Scan{{Neutral: []SubExp{I64(0), I64(1)}}, {Neutral: []SubExp{I64(0)}}})) != 3 {
		t.Error("ReduceValues(ScanReduces(…)) != 3")
	}
}
