package soac

import (
	"strings"
	"testing"
)

func TestValidateAccepts(t *testing.T) {
	for _, p := range []*Program{sumDoubled(), mustParse(t, readFile(t, "testdata/all_nodes.ir"))} {
		if err := Validate(p); err != nil {
			t.Errorf("%v\n%s", err, Print(p))
		}
	}
}

func mustParse(t *testing.T, text string) *Program {
	t.Helper()
	p, err := ParseProgram(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fn wraps statements into a function main (xs: [n]f32, i: i64, b: bool).
func fn(ret, stms, result string) string {
	return "entry \"main\"\nfun main (xs: [n]f32, i: i64, b: bool): {" + ret + "} = {\n" + stms + "\nin {" + result + "}\n}\n"
}

const addLam = `\(a: f32, b2: f32): {f32} -> {
  let {c: f32} = add f32 a b2
  in {c}
}`

func TestValidateRejects(t *testing.T) {
	for _, c := range []struct{ name, text, msg string }{
		{"unbound", fn("f32", "let {y: f32} = add f32 z 1f32", "y"), "function main: <ir>:3:1: z: not in scope"},
		{"bound twice", fn("f32", "let {y: f32} = add f32 1f32 1f32\nlet {y: f32} = add f32 1f32 1f32", "y"), "<ir>:4:1: y: bound more than once"},
		{"shadows param", fn("i64", "let {i: i64} = add i64 1i64 1i64", "i"), "i: bound more than once"},
		{"out of scope", fn("f32", "let {y: f32} = if b : {f32}\nthen {\nlet {z: f32} = add f32 1f32 1f32\nin {z}\n}\nelse {\nin {1f32}\n}\nlet {w: f32} = add f32 z 1f32", "w"), "<ir>:11:1: z: not in scope"},
		{"binop operand", fn("f32", "let {y: f32} = add f32 i 1f32", "y"), "i: add operand has type i64, expected f32"},
		{"binop undefined", fn("f32", "let {y: f32} = shl f32 1f32 1f32", "y"), "operator shl not defined on f32"},
		{"cmp result", fn("f32", "let {y: f32} = lt f32 1f32 1f32", "y"), "y: declared f32, expression gives bool"},
		{"unop", fn("bool", "let {y: bool} = neg bool b", "y"), "operator neg not defined on bool"},
		{"conv operand", fn("f32", "let {y: f32} = convert i32 f32 i", "y"), "conversion operand has type i64, expected i32"},
		{"callprim types", fn("f32", "let {y: f32} = callprim sqrt (i64 i) : f32", "y"), "primitive function sqrt not defined on (i64)"},
		{"callprim result", fn("f64", "let {y: f64} = callprim sqrt (f32 1f32) : f64", "y"), "sqrt(f32) gives f32, declared f64"},
		{"too many indices", fn("f32", "let {y: f32} = xs[i, i]", "y"), "xs: 2 indices for an array of type [n]f32"},
		{"index type", fn("f32", "let {y: f32} = xs[1i32]", "y"), "index has type i32, expected i64"},
		{"pattern arity", fn("f32", "let {y: f32, z: f32} = add f32 1f32 1f32", "y"), "y: pattern binds 2 names, expression gives 1 values"},
		{"constant shapes", fn("[3i64]f32", "let {y: [3i64]f32} = replicate (4i64) 1f32", "y"), "y: declared [3i64]f32, expression gives [4i64]f32"},
		{"function result", fn("f64", "", "1f32"), "function result 0 has type f32, declared f64"},
		{"if branches", fn("f32", "let {y: f32} = if b : {f32}\nthen {\nin {1f32}\n}\nelse {\nin {1f64}\n}", "y"), "else branch 0 has type f64, declared f32"},
		{"if cond", fn("f32", "let {y: f32} = if i : {f32}\nthen {\nin {1f32}\n}\nelse {\nin {1f32}\n}", "y"), "i: if condition has type i64, expected bool"},
		{"loop init", fn("f32", "let {y: f32} = loop {acc: f32 = 0i32} for j: i64 < i\ndo {\nin {acc}\n}", "y"), "acc: merge parameter of type f32, initial value has type i32"},
		{"loop body", fn("f32", "let {y: f32} = loop {acc: f32 = 0f32} for j: i64 < i\ndo {\nin {j}\n}", "y"), "loop body result 0 has type i64, declared f32"},
		{"loop bound", fn("f32", "let {y: f32} = loop {acc: f32 = 0f32} for j: i32 < i\ndo {\nin {acc}\n}", "y"), "i: loop bound has type i64, expected i32"},
		{"while cond", fn("f32", "let {y: f32} = loop {acc: f32 = 0f32} while b\ndo {\nin {acc}\n}", "y"), "b: while condition must be a bool merge parameter"},
		{"map arity", fn("[n]f32", "let {y: [n]f32} = screma n (xs)\nmap \\(x: f32, x2: f32): {f32} -> {\nin {x}\n}", "y"), "map lambda takes 2 parameters, expected 1"},
		{"map row type", fn("[n]f32", "let {y: [n]f32} = screma n (xs)\nmap \\(x: i32): {i32} -> {\nin {x}\n}", "y"), "x: map lambda parameter 0 has type i32, argument has f32"},
		{"map result", fn("[n]f32", "let {y: [n]f32} = screma n (xs)\nmap \\(x: f32): {f32} -> {\nin {i}\n}", "y"), "map lambda result 0 has type i64, declared f32"},
		{"screma width", fn("[3i64]f32", "let {y: [3i64]f32} = screma 3i64 (i)\nmap \\(x: f32): {f32} -> {\nin {x}\n}", "y"), "i: has scalar type i64, expected an array"},
		{"reduce operator", fn("f32", "let {y: f32} = screma n (xs)\nreduce (0f32) \\(a: f32): {f32} -> {\nin {a}\n}\nmap \\(x: f32): {f32} -> {\nin {x}\n}", "y"), "reduce operator takes 1 parameters, expected 2"},
		{"reduce neutral", fn("f32", "let {y: f32} = screma n (xs)\nreduce (0i32) "+addLam+"\nmap \\(x: f32): {f32} -> {\nin {x}\n}", "y"), "reduce operator parameter 0 has type f32, argument has i32"},
		{"scan input", fn("[n]f32", "let {y: [n]f32} = screma n (xs)\nscan (0f32) "+addLam+"\nmap \\(x: f32): {i64} -> {\nin {i}\n}", "y"), "scan input 0 has type i64, declared f32"},
		{"hist layout", fn("[4i64]f32", "let {d: [4i64]f32} = replicate (4i64) 0f32\nlet {y: [4i64]f32} = hist n (xs)\nop 4i64 (d) (0f32) "+addLam+"\nbucket \\(x: f32): {f32} -> {\nin {x}\n}", "y"), "bucket lambda returns 1 values, too few for its operators"},
		{"hist index", fn("[4i64]f32", "let {d: [4i64]f32} = replicate (4i64) 0f32\nlet {y: [4i64]f32} = hist n (xs)\nop 4i64 (d) (0f32) "+addLam+"\nbucket \\(x: f32): {f32, f32} -> {\nin {x, x}\n}", "y"), "bucket lambda result 0 (a bin index) has type f32, expected i64"},
		{"hist dest", fn("[4i64]f32", "let {d: [5i64]f32} = replicate (5i64) 0f32\nlet {y: [4i64]f32} = hist n (xs)\nop 4i64 (d) (0f32) "+addLam+"\nbucket \\(x: f32): {i64, f32} -> {\nin {i, x}\n}", "y"), "d: hist destination of type [5i64]f32, expected [4i64]f32"},
		{"scatter value", fn("[n]f32", "let {y: [n]f32} = scatter n (xs) into (xs/1)\nlambda \\(x: f32): {i64, i64} -> {\nin {i, i}\n}", "y"), "xs: scatter value has type i64, expected f32"},
		{"scatter layout", fn("[n]f32", "let {y: [n]f32} = scatter n (xs) into (xs/1)\nlambda \\(x: f32): {i64, f32, f32} -> {\nin {i, x, x}\n}", "y"), "scatter lambda returns 3 values, its destinations take 2"},
		{"scatter rank", fn("[n]f32", "let {y: [n]f32} = scatter n (xs) into (xs/2)\nlambda \\(x: f32): {i64, i64, f32} -> {\nin {i, i, x}\n}", "y"), "xs: scatter of rank 2 into an array of type [n]f32"},
		{"segmap types", fn("[n]f32", "let {y: [n]f32} = segmap_thread (g < n) : {f32}\nbody {\nin {g}\n}", "y"), "segmap body result 0 has type i64, declared f32"},
		{"segred types", fn("f32", "let {y: f32} = segred_thread (g < n) : {i64}\nreduce (0f32) "+addLam+"\nbody {\nin {g}\n}", "y"), "segred reduction input 0 has type i64, declared f32"},
		{"segred arity", fn("f32", "let {y: f32} = segred_thread (g < n) : {f32}\nreduce (0f32) "+addLam+"\nbody {\nin {1f32, 2f32}\n}", "y"), "segred body result: 2 values where 1 are declared"},
		{"slice rank", fn("f32", "let {y: f32} = slice xs[0i64, 0i64]", "y"), "xs: 2 indices for an array of type [n]f32"},
		{"update value", fn("[n]f32", "let {y: [n]f32} = update xs[0i64] = 1i32", "y"), "update value has type i32, the slice of xs has type f32"},
		{"rearrange", fn("[n]f32", "let {y: [n]f32} = rearrange (0, 0) xs", "y"), "xs: permutation of 2 dimensions for an array of type [n]f32"},
		{"concat", fn("[n]f32", "let {z: [n]i32} = replicate (n) 0i32\nlet {y: [n]f32} = concat n (xs, z)", "y"), "z: concat of [n]f32 and [n]i32"},
		{"iota", fn("[n]i32", "let {y: [n]i32} = iota i32 n 0i64 1i32", "y"), "iota start has type i64, expected i32"},
		{"array literal", fn("[2i64]f32", "let {y: [2i64]f32} = array f32 [1f32, i]", "y"), "i: array element 1 has type i64, expected f32"},
		{"assert", fn("bool", "let {y: bool} = assert i \"x\"", "y"), "i: assertion has type i64, expected bool"},
		{"assert operand type", fn("bool", "let {y: bool} = assert b \"x %d\" (b)", "y"), "b: assertion message operand has type bool, expected i64"},
		{"assert operand count", fn("bool", "let {y: bool} = assert b \"x %d %d %%\" (i)", "y"), "has 2 verbs for 1 operands"},
		{"apply unknown", fn("f32", "let {y: f32} = apply nope (i) : {f32}", "y"), "call of unknown function nope"},
		{"apply arity", fn("f32", "let {y: f32} = apply main (i) : {f32}", "y"), "main takes 3 arguments, given 1"},
		{"type size scope", fn("[m]f32", "let {y: [m]f32} = copy xs", "y"), "y: size m in type [m]f32 is not in scope"},
		{"type size type", fn("[b]f32", "let {y: [b]f32} = copy xs", "y"), "y: size b in type [b]f32 has type bool, not i64"},
		{"duplicate function", "fun f (): {} = {\nin {}\n}\nfun f (): {} = {\nin {}\n}\n", "function f: <ir>:4:1: function defined twice"},
		{"duplicate entry", "entry \"e\"\nfun f (): {} = {\nin {}\n}\nentry \"e\"\nfun g (): {} = {\nin {}\n}\n", "entry point \"e\" defined twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.text)
			err := Validate(p)
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("error %v, want one containing %q\n%s", err, c.msg, c.text)
			}
		})
	}
}
