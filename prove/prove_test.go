package prove

import (
	"slices"
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestProve checks which indices the pass marks: inside kernels, those
// the analysis proves; never those it cannot, nor any on the host.
func TestProve(t *testing.T) {
	const prog = `entry "main"
fun main (n: i64, xs: [n]f32, ys: [n]f32, m: [n][n]f32): {[n]f32, f32, [n]f32} = {
  let {h: f32} = xs[0i64]
  let {nm1: i64} = add i64 n -1i64
  let {io: [n]i64} = iota i64 n 0i64 1i64
  let {r: [n]f32, s: [n]f32} = segmap_thread (g < n) : {f32, f32}
  body {
    let {a: f32} = xs[g]
    let {g1: i64} = add i64 g 1i64
    let {b: f32} = ys[g1]
    let {g2: i64} = min i64 g1 nm1
    let {c: f32} = m[g, g2]
    let {d: f32} = m[g1, g]
    let {row: [n]f32} = m[g]
    let {e: f32} = loop {acc: f32 = 0f32} for k: i64 < n
    do {
      let {x: f32} = row[k]
      let {acc2: f32} = add f32 acc x
      in {acc2}
    }
    let {sum: f32} = screma n (io)
      reduce (0f32) \(p: f32, q: f32): {f32} -> {
        let {pq: f32} = add f32 p q
        in {pq}
      }
      map \(j: i64): {f32} -> {
        let {y: f32} = xs[j]
        in {y}
      }
    let {t: f32} = add f32 a b
    let {u: f32} = add f32 c d
    let {v: f32} = add f32 t u
    let {w: f32} = add f32 e sum
    in {v, w}
  }
  in {r, h, s}
}
`
	p, err := soac.ParseProgram(prog)
	if err != nil {
		t.Fatal(err)
	}
	before := soac.Print(p)
	q, err := Prove(p)
	if err != nil {
		t.Fatal(err)
	}
	if soac.Print(p) != before {
		t.Error("Prove modified its input")
	}
	if err := soac.Validate(q); err != nil {
		t.Fatal(err)
	}
	marks := map[soac.VName][]bool{}
	for _, f := range q.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			if e, ok := s.Exp.(*soac.IndexExp); ok {
				marks[s.Pat[0].Name] = e.InBounds
			}
		})
	}
	for _, tc := range []struct {
		read soac.VName
		want []bool
	}{
		{"h", nil},                 // on the host
		{"a", []bool{true}},        // the space index in its own dimension
		{"b", nil},                 // g+1 may be n
		{"c", []bool{true, true}},  // min (g+1) (n-1)
		{"d", []bool{false, true}}, // g+1 in the first dimension
		{"row", []bool{true}},      // a row
		{"x", []bool{true}},        // a for-loop index
		{"y", []bool{true}},        // an element of iota n
	} {
		got := marks[tc.read]
		if len(got) != len(tc.want) {
			t.Errorf("%s: marks %v, want %v", tc.read, got, tc.want)
			continue
		}
		for k := range got {
			if got[k] != tc.want[k] {
				t.Errorf("%s: marks %v, want %v", tc.read, got, tc.want)
				break
			}
		}
	}
	// The marks are printed and read back.
	text := soac.Print(q)
	if !strings.Contains(text, "m[g1, g] inbounds (1)") {
		t.Errorf("no mark printed for d in\n%s", text)
	}
	r, err := soac.ParseProgram(text)
	if err != nil {
		t.Fatal(err)
	}
	if soac.Print(r) != text {
		t.Errorf("marks do not survive printing and parsing:\n%s", soac.Print(r))
	}
}

func TestParseInBoundsErrors(t *testing.T) {
	const prog = `entry "main"
fun main (n: i64, xs: [n]f32): {f32} = {
  let {a: f32} = xs[0i64] inbounds (1)
  in {a}
}
`
	if _, err := soac.ParseProgram(prog); err == nil || !strings.Contains(err.Error(), "inbounds: no index 1") {
		t.Fatalf("ParseProgram = %v, want an error about index 1", err)
	}
}

// TestProveHostFacts checks what the host code around a kernel tells
// it: the index of a host for-loop (t < n - 1, so t + 1 < n) and the
// condition of a host if (0 <= k < n in its then branch, nothing in its
// else branch).
func TestProveHostFacts(t *testing.T) {
	const prog = `entry "main"
fun main (n: i64, k: i64, m: [n][n]f32): {[n]f32, [n]f32, [n]f32} = {
  let {nm1: i64} = add i64 n -1i64
  let {z: [n]f32} = replicate (n) 0f32
  let {r: [n]f32} = loop {acc: [n]f32 = z} for t: i64 < nm1
  do {
    let {t1: i64} = add i64 t 1i64
    let {row: [n]f32} = segmap_thread (g < n) : {f32}
    body {
      let {a: f32} = m[t1, g]
      let {t2: i64} = add i64 t 2i64
      let {b: f32} = m[t2, g]
      let {ab: f32} = add f32 a b
      in {ab}
    }
    in {row}
  }
  let {c1: bool} = le i64 0i64 k
  let {c2: bool} = lt i64 k n
  let {c: bool} = logand bool c1 c2
  let {s: [n]f32, u: [n]f32} = if c : {[n]f32, [n]f32}
  then {
    let {s1: [n]f32} = segmap_thread (g1 < n) : {f32}
    body {
      let {x: f32} = m[k, g1]
      in {x}
    }
    in {s1, s1}
  }
  else {
    let {s2: [n]f32} = segmap_thread (g2 < n) : {f32}
    body {
      let {y: f32} = m[g2, k]
      in {y}
    }
    in {s2, s2}
  }
  in {r, s, u}
}
`
	p, err := soac.ParseProgram(prog)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Prove(p)
	if err != nil {
		t.Fatal(err)
	}
	marks := map[soac.VName][]bool{}
	for _, f := range q.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			if e, ok := s.Exp.(*soac.IndexExp); ok {
				marks[s.Pat[0].Name] = e.InBounds
			}
		})
	}
	for _, tc := range []struct {
		read soac.VName
		want []bool
	}{
		{"a", []bool{true, true}},  // t + 1 with t < n - 1
		{"b", []bool{false, true}}, // t + 2 may be n
		{"x", []bool{true, true}},  // k in the then branch of 0 <= k && k < n
		{"y", []bool{true, false}}, // k in the else branch
	} {
		if got := marks[tc.read]; !slices.Equal(got, tc.want) {
			t.Errorf("%s: marks %v, want %v", tc.read, got, tc.want)
		}
	}
}
