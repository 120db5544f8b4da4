package rewrite

import (
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestVerticalFusionBlocked checks the dependences and costs that must
// keep a producer and its consumer apart, for the vertical rules and the
// concatenation rule.
func TestVerticalFusionBlocked(t *testing.T) {
	for _, tc := range []struct {
		name string
		rule *Rule
		prog string
	}{
		{"consumer-needs-a-reduction", FuseVertical, `entry "main"
fun main (xs: [n]f32, ne: f32): {f32} = {
  let {s: f32, ys: [n]f32} = screma n (xs)
    reduce_comm (0f32) \(a: f32, b: f32): {f32} -> {
      let {c: f32} = add f32 a b
      in {c}
    }
    map \(x: f32): {f32, f32} -> {
      let {y: f32} = mul f32 x 2f32
      in {x, y}
    }
  let {mean: f32} = div f32 s ne
  let {t: f32} = screma n (ys)
    reduce_comm (0f32) \(a2: f32, b2: f32): {f32} -> {
      let {c2: f32} = add f32 a2 b2
      in {c2}
    }
    map \(v: f32): {f32} -> {
      let {d: f32} = sub f32 v mean
      let {e: f32} = mul f32 d d
      in {e}
    }
  in {t}
}`},
		{"shared-consumer-needs-the-array", FuseVerticalShared, `entry "main"
fun main (xs: [n]i32, ys: [n]i32): {[n]i32, [n]i32} = {
  let {v: [n]i32} = screma n (xs, ys)
    map \(x: i32, y: i32): {i32} -> {
      let {a: i32} = mul i32 x y
      let {b: i32} = add i32 a x
      let {z: i32} = sub i32 b y
      let {w: i32} = mul i32 z 3i32
      in {w}
    }
  let {m: i32} = v[0i64]
  let {p: [n]i32} = screma n (xs, v)
    map \(x2: i32, u: i32): {i32} -> {
      let {q: i32} = add i32 x2 u
      let {r: i32} = add i32 q m
      in {r}
    }
  in {p, v}
}`},
		{"shared-consumer-indexes-the-array", FuseVerticalShared, `entry "main"
fun main (xs: [n]i32, ys: [n]i32): {[n]i32, [n]i32} = {
  let {v: [n]i32} = screma n (xs, ys)
    map \(x: i32, y: i32): {i32} -> {
      let {a: i32} = mul i32 x y
      let {b: i32} = add i32 a x
      let {z: i32} = sub i32 b y
      let {w: i32} = mul i32 z 3i32
      in {w}
    }
  let {p: [n]i32} = screma n (xs, v)
    map \(x2: i32, u: i32): {i32} -> {
      let {m: i32} = v[0i64]
      let {q: i32} = add i32 x2 u
      let {r: i32} = add i32 q m
      in {r}
    }
  in {p, v}
}`},
		{"shared-cheap-producer", FuseVerticalShared, `entry "main"
fun main (xs: [n]i32): {[n]i32, [n]i32} = {
  let {v: [n]i32} = screma n (xs)
    map \(x: i32): {i32} -> {
      let {w: i32} = mul i32 x 3i32
      in {w}
    }
  let {p: [n]i32} = screma n (v)
    map \(u: i32): {i32} -> {
      let {q: i32} = add i32 u 1i32
      in {q}
    }
  in {p, v}
}`},
		{"shared-other-width", FuseVerticalShared, `entry "main"
fun main (xs: [n]i32, ys: [m]i32): {[m]i32, [n]i32} = {
  let {v: [n]i32} = screma n (xs)
    map \(x: i32): {i32} -> {
      let {a: i32} = mul i32 x x
      let {b: i32} = add i32 a x
      let {z: i32} = sub i32 b 1i32
      let {w: i32} = mul i32 z 3i32
      in {w}
    }
  let {p: [m]i32} = screma m (ys)
    map \(y: i32): {i32} -> {
      let {u: i32} = v[0i64]
      let {q: i32} = add i32 u y
      in {q}
    }
  in {p, v}
}`},
		{"shared-inside-a-lambda", FuseVerticalShared, `entry "main"
fun main (xss: [k][n]i32): {[k][n]i32} = {
  let {r: [k][n]i32} = screma k (xss)
    map \(xs: [n]i32): {[n]i32} -> {
      let {v: [n]i32} = screma n (xs)
        map \(x: i32): {i32} -> {
          let {a: i32} = mul i32 x x
          let {b: i32} = add i32 a x
          let {z: i32} = sub i32 b 1i32
          let {w: i32} = mul i32 z 3i32
          in {w}
        }
      let {s: i32} = screma n (v)
        reduce (0i32) \(p: i32, q: i32): {i32} -> {
          let {o: i32} = add i32 p q
          in {o}
        }
        map \(u: i32): {i32} -> {
          in {u}
        }
      let {y: [n]i32} = screma n (v)
        map \(u2: i32): {i32} -> {
          let {t: i32} = add i32 u2 s
          in {t}
        }
      in {y}
    }
  in {r}
}`},
		{"shared-inner-parallelism", FuseVerticalShared, `entry "main"
fun main (xss: [n][k]i32): {i32, [n]i32} = {
  let {v: [n]i32} = screma n (xss)
    map \(xs: [k]i32): {i32} -> {
      let {t: i32} = screma k (xs)
        reduce (0i32) \(p: i32, q: i32): {i32} -> {
          let {o: i32} = add i32 p q
          in {o}
        }
        map \(x: i32): {i32} -> {
          in {x}
        }
      in {t}
    }
  let {s: i32} = screma n (v)
    reduce (0i32) \(p2: i32, q2: i32): {i32} -> {
      let {o2: i32} = add i32 p2 q2
      in {o2}
    }
    map \(u: i32): {i32} -> {
      let {u2: i32} = mul i32 u u
      in {u2}
    }
  in {s, v}
}`},
		{"concat-of-rows", FuseConcat, `entry "main"
fun main (xs: [n][k]i32, ys: [m][k]i32): {[d]i32} = {
  let {d: i64} = add i64 n m
  let {xy: [d][k]i32} = concat d (xs, ys)
  let {b: [d]i32} = screma d (xy)
    map \(x: [k]i32): {i32} -> {
      let {z: i32} = x[0i64]
      in {z}
    }
  in {b}
}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parse(t, tc.prog)
			validate(t, p, "input")
			q, log, err := Run(p, RuleSet{tc.rule}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if n := log.Count(tc.rule.Name); n != 0 {
				t.Fatalf("%s fired %d times:\n%s", tc.rule.Name, n, soac.Print(q))
			}
		})
	}
}
