package soac

import (
	"strings"
	"testing"
)

const tiledProg = `entry "main"
fun main (a: [n][k]f32, b: [m][k]f32, xs: [n]f32): {[n][m]f32, [n]f32} = {
  let {c: [n][m]f32} = segmap_thread tile2d("main.tile_size_c", "main.reg_tile_size_c") (i < n, j < m) : {f32}
  body {
    let {ar: [k]f32} = a[i]
    let {br: [k]f32} = b[j]
    let {r: f32} = screma k (ar, br)
      reduce_comm (0f32) \(x: f32, y: f32): {f32} -> {
        let {s: f32} = add f32 x y
        in {s}
      }
      map \(p: f32, q: f32): {f32} -> {
        let {t: f32} = mul f32 p q
        in {t}
      }
    in {r}
  }
  let {d: [n]f32} = segmap_thread tile1d("main.tile_size_d") (g < n) : {f32}
  body {
    let {v: f32} = xs[g]
    in {v}
  }
  in {c, d}
}
`

// TestTilePlanRoundTrip checks that tiling plans print, parse back and
// validate, and that Validate rejects plans that do not fit their segmap.
func TestTilePlanRoundTrip(t *testing.T) {
	p, err := ParseProgram(tiledProg)
	if err != nil {
		t.Fatal(err)
	}
	if got := Print(p); got != tiledProg {
		t.Fatalf("round trip differs:\n%s\nwant:\n%s", got, tiledProg)
	}
	if err := Validate(p); err != nil {
		t.Fatal(err)
	}
	bad := []struct{ from, to, msg string }{
		{`tile1d("main.tile_size_d") (g < n)`, `tile2d("x", "y") (g < n)`, "tile2d plan on a segmap of rank 1"},
		{`tile2d("main.tile_size_c", "main.reg_tile_size_c")`, `tile2d("main.tile_size_c", "")`, "missing or extra parameter names"},
	}
	for _, b := range bad {
		q, err := ParseProgram(strings.Replace(tiledProg, b.from, b.to, 1))
		if err != nil {
			t.Fatal(err)
		}
		if err := Validate(q); err == nil || !strings.Contains(err.Error(), b.msg) {
			t.Errorf("Validate = %v, want an error containing %q", err, b.msg)
		}
	}
}
