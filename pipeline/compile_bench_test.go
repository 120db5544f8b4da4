package pipeline

import (
	"fmt"
	"strings"
	"testing"
)

// bigProgram generates a program of about 11n lines: n entry points, each
// with maps, a scan, reductions (one not commutative), a loop, a
// histogram and a transposition, so that every pass has work.
func bigProgram(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `-- entry %[1]d
entry e%[1]d [n] (xs: [n]f32) (ys: [n]f32) (is: [n]i64) (m: [n][n]f32) : (f32, [n]f32, []i32) =
  let a = map2 (\x y -> x * %[1]d.0 + y) xs ys
  let b = scan (+) 0f32 (map (\x -> x * 2.0) a)
  let c = reduce (+) 0f32 (map2 (*) b ys)
  let d = map (\r -> f32.sum (map2 (*) r xs)) m
  let e = loop acc = d for j < %[2]d do map2 (+) acc a
  let h = hist (+) 0i32 %[3]d (map (\i -> i %% %[3]d) is) (map (\x -> i32.f32 x) e)
  let t = reduce (\p q -> if q != 0 then q else p) 0f32 (map (\r -> r[0]) (transpose m))
  in (c + t, e, h)

`, i, i%5+1, 16+i)
	}
	return b.String()
}

// BenchmarkCompile2000 runs the frontend and every pass (through lowering)
// on a generated program of 2,200 lines: issue 5 asks for under 2 seconds.
//
//	go test ./pipeline -run '^$' -bench Compile2000 -benchtime 3x
func BenchmarkCompile2000(b *testing.B) {
	src := bigProgram(200)
	for b.Loop() {
		if _, err := Compile("big.fut", src, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(strings.Count(src, "\n")), "lines")
}
