package rewrite

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/fcclang/fcc/soac"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenCase is a source program whose optimised IR is kept in
// testdata/NAME.golden, with the number of SOACs that must be left: the
// fewest that duplicate no work.
type goldenCase struct {
	name  string
	soacs int
	src   string
}

var goldenCases = []goldenCase{
	{"dot", 1, `def main [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)`},
	{"sum_map", 1, `def main (xs: []i32) : i32 = reduce (+) 0 (map (\x -> x * x + 1) xs)`},
	{"map_chain_zip", 1, `def main [n] (xs: [n]f32) (ys: [n]f32) : [n]f32 =
  let a = map2 (+) xs ys
  let b = map (\x -> x * 2) a
  let (c, d) = unzip (map2 (\x y -> (x + y, x - y)) b ys)
  in map2 (*) c d`},
	{"stencil_loop", 1, `def main [n] (xs: [n]f32) (k: i64) : [n]f32 =
  loop xs for _i < k do
    map (\j -> (xs[i64.max (j-1) 0] + xs[j] + xs[i64.min (j+1) (n-1)]) / 3) (iota n)`},
	{"kmeans_nearest", 2, `def main [n][k] (points: [n]f32) (centres: [k]f32) : [n]i64 =
  map (\p ->
    let (_, i) = reduce (\(d1, i1) (d2, i2) -> if d1 <= d2 then (d1, i1) else (d2, i2))
                        (f32.inf, 0)
                        (zip (map (\c -> (p - c) * (p - c)) centres) (iota k))
    in i) points`},
	{"nbody_accel", 2, `def main [n] (xs: [n]f32) (ys: [n]f32) (ms: [n]f32) : ([n]f32, [n]f32) =
  unzip (map2 (\x y ->
    let (ax, ay) = unzip (map3 (\x2 y2 m2 ->
       let dx = x2 - x
       let dy = y2 - y
       let d = dx*dx + dy*dy + 1
       in (m2 * dx / d, m2 * dy / d)) xs ys ms)
    in (reduce (+) 0 ax, reduce (+) 0 ay)) xs ys)`},
	{"shared_producer", 1, `def main (xs: []f32) : (f32, f32) =
  let ys = map (\x -> x * x - 1) xs
  in (reduce (+) 0 ys, reduce f32.max f32.lowest ys)`},
	{"normalise", 2, `def main (xs: []f32) : []f32 =
  let ys = map (\x -> x + 1) xs
  let s = reduce (+) 0 ys
  in map (\y -> y / s) ys`},
	{"replicate_consumer", 1, `def main [n] (xs: [n]i32) (y: i32) : [n]i32 = map2 (*) xs (replicate n y)`},
}

func TestGolden(t *testing.T) {
	for _, g := range goldenCases {
		t.Run(g.name, func(t *testing.T) {
			p := compile(t, g.src)
			q, log, err := Optimise(p)
			if err != nil {
				t.Fatal(err)
			}
			validate(t, q, "optimised program")
			uniqueNames(t, q)
			sameResults(t, p, q, 11, 30, 7)
			if n := countSoacs(q); n != g.soacs {
				t.Errorf("%d SOACs left, want %d:\n%s", n, g.soacs, soac.Print(q))
			}
			got := soac.Print(q)
			path := filepath.Join("testdata", g.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./rewrite -update)", err)
			}
			if string(want) != got {
				t.Errorf("optimised IR differs from %s (run go test ./rewrite -update if intended):\n%s\nderivation:\n%s", path, got, log)
			}
		})
	}
}
