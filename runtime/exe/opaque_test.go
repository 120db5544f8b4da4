package exe

import (
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

// opaqueProgram has entry points whose parameters or results are grouped
// into opaque values (tuples and records of the source program).
var opaqueProgram = &Program{
	Name:   "prog",
	OpenCL: testKernels,
	Entries: []EntryPoint{
		// scale's two parameters as one opaque tuple (f32, []f32).
		{Name: "tuple_param", Params: []TypeDesc{{Elem: values.F32}, f32arr}, Results: []TypeDesc{f32arr, {Elem: values.I64}, {Elem: values.F32}}, Run: entryScale,
			ParamValues: []ExtValue{{Opaque: "(f32, []f32)", N: 2}}, ResultValues: []ExtValue{{N: 1}, {N: 1}, {N: 1}}},
		// scale's first two results as one opaque record.
		{Name: "record_result", Params: []TypeDesc{{Elem: values.F32}, f32arr}, Results: []TypeDesc{f32arr, {Elem: values.I64}, {Elem: values.F32}}, Run: entryScale,
			ParamValues: []ExtValue{{N: 1}, {N: 1}}, ResultValues: []ExtValue{{Opaque: "{a: []f32, n: i64}", N: 2}, {N: 1}}},
	},
}

// TestOpaqueInput checks that an opaque parameter cannot be read, as in
// Futhark's executables (no device needed: input is read first).
func TestOpaqueInput(t *testing.T) {
	expectError(t, runProg(opaqueProgram, "2f32 [1f32]", "-e", "tuple_param"), 1,
		"cannot read input #0 of type (f32, []f32)", "opaque")
}

// TestOpaqueResult checks that an opaque result is printed by name.
func TestOpaqueResult(t *testing.T) {
	needOpenCL(t)
	r := runProg(opaqueProgram, "2 [1, 2, 3]", "-e", "record_result")
	if r.code != 0 || r.stdout != "#<opaque {a: []f32, n: i64}>\n2.0f32\n" {
		t.Fatalf("record_result: %+v", r)
	}
}
