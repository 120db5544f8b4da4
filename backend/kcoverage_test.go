package backend

import (
	"strings"
	"testing"
)

// scanRedIR is a top-level screma with a scan, a reduction (over
// vectors, with a general operator) and a mapped-out array, which no
// single Seg-op computes: scanAndReduce splits it.
const scanRedIR = `entry "main"
fun main (xs: [n]i32): {[n]i32, i32, [2i64]i32, [n]i32} = {
  let {ne: [2i64]i32} = array i32 [0i32, 1i32]
  let {s: [n]i32, r: i32, v: [2i64]i32, m: [n]i32} = screma n (xs)
    scan (0i32) \(a: i32, b: i32): {i32} -> {
      let {c: i32} = add i32 a b
      in {c}
    }
    reduce (0i32) \(p: i32, q: i32): {i32} -> {
      let {u: i32} = max i32 p q
      in {u}
    }
    reduce (ne) \(va: [2i64]i32, vb: [2i64]i32): {[2i64]i32} -> {
      let {va0: i32} = va[0i64]
      let {vb0: i32} = vb[0i64]
      let {va1: i32} = va[1i64]
      let {vb1: i32} = vb[1i64]
      let {w0: i32} = add i32 va0 vb0
      let {w1: i32} = mul i32 va1 vb1
      let {w: [2i64]i32} = array i32 [w0, w1]
      in {w}
    }
    map \(x: i32): {i32, i32, [2i64]i32, i32} -> {
      let {y: i32} = mul i32 x 2i32
      let {z: i32} = sub i32 x 1i32
      let {vx: [2i64]i32} = array i32 [x, z]
      in {x, y, vx, z}
    }
  in {s, r, v, m}
}`

// TestCoverageIR checks the constructs of kcoverage.go that source
// programs reach only through the optimiser, against the interpreter.
func TestCoverageIR(t *testing.T) {
	skipWithoutTools(t)
	p, exePath := buildIR(t, scanRedIR)
	for _, in := range []string{"empty([0]i32)", "[3]", "[3, -1, 4, 1, 5, 9, 2]"} {
		want, err := interpret(t, p, in, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, stderr, code := runExe(t, exePath, in)
		if code != 0 || got != want {
			t.Errorf("input %s: got exit %d, output\n%s\nwant\n%s\nstderr: %s", in, code, got, want, strings.TrimSpace(stderr))
		}
	}
}
