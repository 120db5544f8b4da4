package backend

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestLocalHistVersion checks which seghists get the version with
// sub-histograms in local memory (segHistLocal): one-dimensional ones
// whose operator is a 32-bit atomic, and not a segmented one, a 64-bit
// one or one that needs the per-bin locks.
func TestLocalHistVersion(t *testing.T) {
	const prog = `entry "main"
fun main (k: i64, is: [n]i64, vs: [n]f32, ws: [n]i64, iss: [m][n]i64): {[k]f32, [k]i64, [k]f32, [m][n]i32} = {
  let {z: [k]f32} = replicate (k) 0f32
  let {h: [k]f32} = seghist_thread (g1 < n) : {i64, f32}
    op k (z) (0f32) \(a: f32, b: f32): {f32} -> {
      let {c: f32} = add f32 a b
      in {c}
    }
  body {
    let {i: i64} = is[g1]
    let {v: f32} = vs[g1]
    in {i, v}
  }
  let {z64: [k]i64} = replicate (k) 0i64
  let {h64: [k]i64} = seghist_thread (g2 < n) : {i64, i64}
    op k (z64) (0i64) \(a2: i64, b2: i64): {i64} -> {
      let {c2: i64} = add i64 a2 b2
      in {c2}
    }
  body {
    let {i2: i64} = is[g2]
    let {w: i64} = ws[g2]
    in {i2, w}
  }
  let {zm: [k]f32} = replicate (k) 0f32
  let {hm: [k]f32} = seghist_thread (g3 < n) : {i64, f32}
    op k (zm) (0f32) \(a3: f32, b3: f32): {f32} -> {
      let {c3: f32} = mul f32 a3 b3
      in {c3}
    }
  body {
    let {i3: i64} = is[g3]
    let {v3: f32} = vs[g3]
    in {i3, v3}
  }
  let {zs: [m][n]i32} = replicate (m, n) 0i32
  let {hs: [m][n]i32} = seghist_thread (g4 < m, g5 < n) : {i64, i32}
    op n (zs) (0i32) \(a4: i32, b4: i32): {i32} -> {
      let {c4: i32} = add i32 a4 b4
      in {c4}
    }
  body {
    let {i4: i64} = iss[g4, g5]
    in {i4, 1i32}
  }
  in {h, h64, hm, hs}
}`
	p, err := soac.ParseProgram(prog)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	src := gen.OpenCL
	for name, want := range map[string]bool{"h": true, "h64": false, "hm": false, "hs": false} {
		if got := strings.Contains(src, "__kernel void seghist_local_"+name+"("); got != want {
			t.Errorf("seghist %s: local-memory version %v, want %v", name, got, want)
		}
	}
	if !strings.Contains(src, "fcc_atomic_fadd_local(") {
		t.Error("the f32 histogram does not use the local compare-and-swap addition")
	}
}
