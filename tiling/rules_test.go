package tiling

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// segmapOf parses a program and returns its first SegMap and the types
// of its names.
func segmapOf(t *testing.T, text string) (*soac.SegMapExp, map[soac.VName]soac.Type) {
	t.Helper()
	p, err := soac.ParseProgram(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := soac.Validate(p); err != nil {
		t.Fatal(err)
	}
	var sm *soac.SegMapExp
	soac.VisitExps(p.Funs[0].Body, func(e soac.Exp) {
		if s, ok := e.(*soac.SegMapExp); ok && sm == nil {
			sm = s
		}
	})
	return sm, soac.TypeEnv(p)
}

const ruleProg = `entry "main"
fun main (a: [n][k]f32, b: [m][k]f32, c: [q][k]f32, s: f32): {[n][m]f32} = {
  let {out: [n][m]f32} = segmap_thread (i < n, j < m) : {f32}
  body {
    let {ar: [k]f32} = a[i]
    let {br: [k]f32} = ROWB
    let {r: f32} = screma k (ar, br)
      reduce_comm (0f32) \(x: f32, y: f32): {f32} -> {
        let {z: f32} = add f32 x y
        in {z}
      }
      map \(p: f32, o: f32): {f32} -> {
        let {t: f32} = mul f32 p o
        let {u: f32} = MAPX
        in {u}
      }
    let {w: f32} = add f32 r s
    in {w}
  }
  in {out}
}
`

// TestTwoD checks the 2-D rule on variations of one SegMap: free scalars
// in the map and code after the reduction are fine; a row of an array
// whose outer size is not the space's (c has q rows, so c[j] could be out
// of bounds), or rows of only one dimension, are not.
func TestTwoD(t *testing.T) {
	cases := []struct {
		rowB, mapX, why string
	}{
		{"b[j]", "mul f32 t s", ""},
		{"b[j]", "add f32 t 1f32", ""},
		{"c[j]", "mul f32 t s", "outer size is not the space's"},
		{"a[i]", "mul f32 t s", "does not read rows of both dimensions"},
	}
	for _, c := range cases {
		text := strings.NewReplacer("ROWB", c.rowB, "MAPX", c.mapX).Replace(ruleProg)
		sm, types := segmapOf(t, text)
		m, err := TwoD(sm, types)
		switch {
		case c.why == "" && err != nil:
			t.Errorf("%s, %s: not matched: %v", c.rowB, c.mapX, err)
		case c.why == "" && (len(m.Rows) != 2 || len(m.Epilogue) != 1):
			t.Errorf("%s, %s: rows %v, epilogue %d", c.rowB, c.mapX, m.Rows, len(m.Epilogue))
		case c.why != "" && (err == nil || !strings.Contains(err.Error(), c.why)):
			t.Errorf("%s, %s: error %v, want one about %q", c.rowB, c.mapX, err, c.why)
		}
	}
}
