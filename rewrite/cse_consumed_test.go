package rewrite

import "testing"

// TestCSEConsumable checks that CSE never merges two array-producing
// statements when either array may be consumed, under its own name or
// through an if's or loop's result, a view or a unique result of the
// function, and that it still merges arrays nothing consumes and views.
func TestCSEConsumable(t *testing.T) {
	cases := []struct {
		name  string
		fires bool
		prog  string
	}{
		{"if result updated", false, `entry "main"
fun main (b: bool): {[2i64]i32} = {
  let {xs: [2i64]i32, ys: [2i64]i32} = if b : {[2i64]i32, [2i64]i32}
  then {
    let {r1: [2i64]i32} = replicate (2i64) 0i32
    let {r2: [2i64]i32} = replicate (2i64) 0i32
    in {r1, r2}
  }
  else {
    let {r3: [2i64]i32} = replicate (2i64) 1i32
    in {r3, r3}
  }
  let {u: [2i64]i32} = update xs[0i64] = 42i32
  let {s: i32} = ys[0i64]
  let {t: [2i64]i32} = update u[1i64] = s
  in {t}
}`},
		{"view of an if result updated", false, `entry "main"
fun main (b: bool, n: i64): {[n]i64} = {
  let {xs: [n]i64, ys: [n]i64} = if b : {[n]i64, [n]i64}
  then {
    let {r1: [n]i64} = iota i64 n 0i64 1i64
    let {r2: [n]i64} = iota i64 n 0i64 1i64
    in {r1, r2}
  }
  else {
    let {r3: [n]i64} = iota i64 n 1i64 1i64
    let {r4: [n]i64} = iota i64 n 2i64 1i64
    in {r3, r4}
  }
  let {v: [n]i64} = reshape (n) ys
  let {u: [n]i64} = update v[0i64] = 42i64
  let {s: i64} = xs[0i64]
  let {w: [n]i64} = update u[0i64] = s
  in {w}
}`},
		{"loop merge parameter updated", false, `entry "main"
fun main (n: i64): {[n]i32} = {
  let {z: [n]i32} = replicate (n) 1i32
  let {z2: [n]i32} = replicate (n) 2i32
  let {xs: [n]i32, ys: [n]i32} = loop {a: [n]i32 = z, c: [n]i32 = z2} for i: i64 < 3i64
  do {
    let {a2: [n]i32} = update a[0i64] = 7i32
    let {s: i32} = a2[0i64]
    let {t: i32} = c[0i64]
    let {d: i32} = add i32 s t
    let {r1: [n]i32} = replicate (n) d
    let {r2: [n]i32} = replicate (n) d
    in {r1, r2}
  }
  in {ys}
}`},
		{"unique function results", false, `entry "main"
fun main (n: i64): {*[n]i32, *[n]i32} = {
  let {r1: [n]i32} = replicate (n) 0i32
  let {r2: [n]i32} = replicate (n) 0i32
  in {r1, r2}
}`},
		{"function results not unique", true, `entry "main"
fun main (n: i64): {[n]i32, [n]i32} = {
  let {r1: [n]i32} = replicate (n) 0i32
  let {r2: [n]i32} = replicate (n) 0i32
  in {r1, r2}
}`},
		{"views of a consumed array", true, `entry "main"
fun main (xs: *[n][n]i32): {*[n][n]i32} = {
  let {t1: [n][n]i32} = rearrange (1, 0) xs
  let {t2: [n][n]i32} = rearrange (1, 0) xs
  let {k: i64} = sub i64 n 1i64
  let {s: i32} = t2[k, 0i64]
  let {c: bool} = lt i32 0i32 s
  let {r: [n][n]i32} = if c : {[n][n]i32}
  then {
    in {t1}
  }
  else {
    in {t2}
  }
  let {u: [n][n]i32} = update r[0i64, k] = s
  in {u}
}`},
		{"nothing consumed", true, `entry "main"
fun main (b: bool, n: i64): {i32} = {
  let {xs: [n]i32, ys: [n]i32} = if b : {[n]i32, [n]i32}
  then {
    let {r1: [n]i32} = replicate (n) 0i32
    let {r2: [n]i32} = replicate (n) 0i32
    in {r1, r2}
  }
  else {
    let {r3: [n]i32} = replicate (n) 1i32
    in {r3, r3}
  }
  let {k: i64} = sub i64 n 1i64
  let {s: i32} = xs[k]
  let {u: i32} = ys[k]
  let {v: i32} = add i32 s u
  in {v}
}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := parse(t, tc.prog)
			validate(t, p, "input")
			q, log, err := Run(p, RuleSet{CSE}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if fired := log.Count(CSE.Name) > 0; fired != tc.fires {
				t.Fatalf("CSE fired: %v, want %v\n%s", fired, tc.fires, log)
			}
			validate(t, q, "result")
		})
	}
}
