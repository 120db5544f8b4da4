package soac

import (
	"strings"
	"testing"
)

// callProg is a program in the form the internaliser gives kept functions:
// array parameters with sizes of their own, bound by the call, and the
// sizes of array results that are not parameter sizes returned first.
const callProg = `entry "main"
fun main (xs_1: [n_2]f32, k_3: i64): {[n_2]f32, i64, [m_6]i32} = {
  let {r_4: [n_2]f32} = apply scale_10 (xs_1, 2f32) : {[n_2]f32}
  let {r_5: [n_2]f32} = apply scale_10 (r_4, 3f32) : {[n_2]f32}
  let {m_6: i64, r_7: [m_6]i32} = apply upto_20 (k_3) : {i64, [m_6]i32}
  in {r_5, m_6, r_7}
}

fun scale_10 (p_11: [n_12]f32, p_13: f32): {[n_12]f32} = {
  let {r_14: [n_12]f32} = screma n_12 (p_11)
    map \(x_15: f32): {f32} -> {
      let {y_16: f32} = mul f32 x_15 p_13
      in {y_16}
    }
  in {r_14}
}

fun upto_20 (p_21: i64): {i64, [p_21]i32} = {
  let {r_22: [p_21]i32} = iota i32 p_21 0i32 1i32
  in {p_21, r_22}
}
`

func TestCallRoundTrip(t *testing.T) {
	p, err := ParseProgram(callProg)
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(p); err != nil {
		t.Fatal(err)
	}
	if got := Print(p); got != callProg {
		t.Errorf("printed:\n%s\nwant:\n%s", got, callProg)
	}
}

func TestCallInterpret(t *testing.T) {
	got, err := runText(t, callProg, "[1f32, 2f32]", "3i64")
	if err != nil {
		t.Fatal(err)
	}
	if want := "[6.0f32, 12.0f32] 3i64 [0i32, 1i32, 2i32]"; strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
	// A kept function's run-time errors name the place in the function.
	failing := strings.Replace(callProg, "let {r_22: [p_21]i32} = iota i32 p_21 0i32 1i32",
		"let {r_22: [p_21]i32} = iota i32 p_21 0i32 1i32\n  let {ok_23: bool} = lt i64 p_21 3i64\n  let {c_24: bool} = assert ok_23 \"too long: %d\" (p_21)", 1)
	if _, err := runText(t, failing, "[1f32]", "5i64"); err == nil || !strings.Contains(err.Error(), "too long: 5") {
		t.Errorf("failing call: got %v", err)
	}
}

func TestCallValidate(t *testing.T) {
	tests := []struct{ name, from, to, want string }{
		{"argument type", "apply scale_10 (xs_1, 2f32)", "apply scale_10 (xs_1, 2i32)", "argument 1 of scale_10 has type i32, parameter p_13 has type f32"},
		{"argument rank", "apply scale_10 (r_4, 3f32)", "apply scale_10 (k_3, 3f32)", "argument 0 of scale_10 has type i64, parameter p_11 has type [n_12]f32"},
		{"result count", "apply upto_20 (k_3) : {i64, [m_6]i32}", "apply upto_20 (k_3) : {[m_6]i32}", "call of upto_20 declares 1 results, it returns 2"},
		{"result type", "apply scale_10 (r_4, 3f32) : {[n_2]f32}", "apply scale_10 (r_4, 3f32) : {[n_2]i32}", "call of scale_10 declares result 0 as [n_2]i32, it returns [n_12]f32"},
		{"unknown", "apply upto_20 (k_3)", "apply upto_21 (k_3)", "call of unknown function upto_21"},
		{"arity", "apply upto_20 (k_3)", "apply upto_20 (k_3, k_3)", "upto_20 takes 1 arguments, given 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(callProg, tt.from, tt.to, 1)
			if src == callProg {
				t.Fatalf("%q not in the program", tt.from)
			}
			p, err := ParseProgram(src)
			if err != nil {
				t.Fatal(err)
			}
			if err := Validate(p); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
}

// recProg is a recursive function as the frontend makes one from a
// Futhark recursive definition: sum of a slice, with its size bound anew
// at each call, and a two-way recursion whose callers' values must
// survive the calls.
const recProg = `entry "main"
fun main (xs_1: [n_2]i32, k_3: i32): {i32, i32} = {
  let {s_4: i32} = apply sum_10 (xs_1) : {i32}
  let {f_5: i32} = apply fib_20 (k_3) : {i32}
  in {s_4, f_5}
}

fun sum_10 (p_11: [n_12]i32): {i32} = {
  let {c_13: bool} = eq i64 n_12 0i64
  let {r_14: i32} = if c_13 : {i32}
  then {
    in {0i32}
  }
  else {
    let {x_15: i32} = p_11[0i64]
    let {m_16: i64} = sub i64 n_12 1i64
    let {t_17: [m_16]i32} = slice p_11[1i64:+m_16*1i64]
    let {y_18: i32} = apply sum_10 (t_17) : {i32}
    let {z_19: i32} = add i32 x_15 y_18
    in {z_19}
  }
  in {r_14}
}

fun fib_20 (p_21: i32): {i32} = {
  let {c_22: bool} = lt i32 p_21 2i32
  let {r_23: i32} = if c_22 : {i32}
  then {
    in {p_21}
  }
  else {
    let {a_24: i32} = sub i32 p_21 1i32
    let {b_25: i32} = sub i32 p_21 2i32
    let {x_26: i32} = apply fib_20 (a_24) : {i32}
    let {y_27: i32} = apply fib_20 (b_25) : {i32}
    let {z_28: i32} = add i32 x_26 y_27
    in {z_28}
  }
  in {r_23}
}
`

// TestCallRecursive: recursive functions are valid IR, and the
// interpreter keeps each call's values apart.
func TestCallRecursive(t *testing.T) {
	tests := []struct{ xs, k, want string }{
		{"[1i32, 2i32, 3i32, 4i32]", "10i32", "10i32 55i32"},
		{"empty([0]i32)", "1i32", "0i32 1i32"},
	}
	for _, tt := range tests {
		got, err := runText(t, recProg, tt.xs, tt.k)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("main %s %s = %v, want %s", tt.xs, tt.k, got, tt.want)
		}
	}
}

// TestCallRecursionDepth: a recursion that does not end is a run-time
// error, not a crash of the interpreter.
func TestCallRecursionDepth(t *testing.T) {
	src := strings.Replace(recProg, "let {c_22: bool} = lt i32 p_21 2i32", "let {c_22: bool} = lt i32 p_21 p_21", 1)
	_, err := runText(t, src, "[1i32]", "3i32")
	if err == nil || !strings.Contains(err.Error(), "stack overflow") {
		t.Errorf("got %v, want a stack overflow error", err)
	}
}
