package inplace

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// regionProg is a host loop whose step recomputes the trailing part of its
// matrix, as LU's trailing update does after flattening. The cases
// replace its placeholders to break one condition each.
const regionProg = `entry "main"
fun main (n: i64, m: i64, xs: [n][m]f32, ys: [n][m]f32): {[n][m]f32} = {
  let {res: [n][m]f32} = loop {a: [n][m]f32 = INIT} for k: i64 < n
  do {
    BEFORE
    let {nx: [n][m]f32} = segmap_thread (g0 < n, g1 < m) : {f32}
    body {
      let {c0: bool} = COND0
      let {c: bool} = if c0 : {bool}
      then {
        in {true}
      }
      else {
        let {c1: bool} = COND1
        in {c1}
      }
      let {r: f32} = if c : {f32}
      then {
        let {x: f32} = KEEP
        in {x}
      }
      else {
        let {y: f32} = READ
        let {z: f32} = mul f32 y 0.5f32
        in {z}
      }
      in {r}
    }
    AFTER
    in {nx}
  }
  in {res}
}
`

func TestRegion(t *testing.T) {
	cases := []struct {
		name string
		subs map[string]string
		want string // the region printed, "" for none
	}{
		{"trailing part", nil, "region(a, k, k)"},
		{"one index with two bounds", map[string]string{"COND1": "lt i64 g0 1i64"}, ""},
		{"same bound twice", map[string]string{"COND1": "lt i64 g0 k"}, "region(a, k, 0i64)"},
		{"constant bound", map[string]string{"COND1": "lt i64 g1 2i64"}, "region(a, k, 2i64)"},
		{"bound computed in the body", map[string]string{
			"COND0": "lt i64 g0 k\n      let {k2: i64} = add i64 k 1i64",
			"COND1": "lt i64 g1 k2"}, ""},
		{"index above its bound", map[string]string{"COND0": "lt i64 k g0"}, ""},
		{"bound on an index", map[string]string{"COND1": "lt i64 g1 g0"}, ""},
		{"kept value from another point", map[string]string{"KEEP": "a[g1, g0]"}, ""},
		{"kept value of another array", map[string]string{"KEEP": "ys[g0, g1]"}, ""},
		{"read of another point", map[string]string{"READ": "a[0i64, g1]"}, ""},
		{"read of another array", map[string]string{"READ": "xs[g0, g1]"}, "region(a, k, k)"},
		{"state used after", map[string]string{"AFTER": "let {w: f32} = a[0i64, 0i64]"}, ""},
		{"view of the state read", map[string]string{
			"BEFORE": "let {row: [m]f32} = a[0i64]",
			"READ":   "row[g1]"}, ""},
		{"state made by a kernel read", map[string]string{
			"BEFORE": "let {cp: [n][m]f32} = copy a",
			"READ":   "cp[g1, g0]"}, "region(a, k, k)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			subs := map[string]string{"INIT": "xs", "COND0": "lt i64 g0 k", "COND1": "lt i64 g1 k", "KEEP": "a[g0, g1]", "READ": "a[g0, g1]", "BEFORE": "", "AFTER": ""}
			for k, v := range c.subs {
				subs[k] = v
			}
			text := regionProg
			for _, k := range []string{"INIT", "COND0", "COND1", "KEEP", "READ", "BEFORE", "AFTER"} {
				text = strings.ReplaceAll(text, k, subs[k])
			}
			p, err := soac.ParseProgram(text)
			if err != nil {
				t.Fatal(err)
			}
			if err := soac.Validate(p); err != nil {
				t.Fatal(err)
			}
			before := soac.Print(p)
			q, err := InPlace(p)
			if err != nil {
				t.Fatal(err)
			}
			if soac.Print(p) != before {
				t.Fatal("the pass modified its input")
			}
			if err := soac.Validate(q); err != nil {
				t.Fatal(err)
			}
			out := soac.Print(q)
			got := ""
			if i := strings.Index(out, " region("); i >= 0 {
				got = out[i+1 : i+strings.Index(out[i:], ")")+1]
			}
			if got != c.want {
				t.Errorf("region %q, want %q:\n%s", got, c.want, out)
			}
			// The loop starts from a copy of the argument exactly when
			// its step has a region.
			if copied := strings.Contains(out, "= copy xs"); copied != (got != "") {
				t.Errorf("copy of the argument = %v with region %q:\n%s", copied, got, out)
			}
			r, err := soac.ParseProgram(out)
			if err != nil {
				t.Fatal(err)
			}
			if soac.Print(r) != out {
				t.Errorf("the region does not survive a round trip:\n%s", soac.Print(r))
			}
		})
	}
}
