package inplace

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// prog is a host loop over n rows whose step is a segmap updating one
// element of each row, as flattening makes of issue 22's program. The
// cases replace its placeholders to break one condition each.
const prog = `entry "main"
fun main (n: i64, xs: [n][4i64]i32): {[n][4i64]i32} = {
  let {init: [n][4i64]i32} = copy xs
  PRELOOP
  let {res: [n][4i64]i32} = loop {a: [n][4i64]i32 = INIT} for i: i64 < 4i64
  do {
    BEFORE
    let {nx: [n][4i64]i32} = segmap_thread (g < n) : {[4i64]i32}
    body {
      let {x: [4i64]i32} = ARR[g]
      let {g1: i64} = add i64 g 1i64
      let {gw: i64} = mod i64 g1 n
      let {v: i32} = READ
      let {u: [4i64]i32} = update x[i] = v
      XAFTER
      in {BODYRES}
    }
    AFTER
    in {RESULT}
  }
  LOOPAFTER
  in {res}
}
`

func TestInPlace(t *testing.T) {
	cases := []struct {
		name string
		subs map[string]string
		want bool // whether the update is marked inplace (a)
	}{
		{"owned loop state", nil, true},
		{"own element read", map[string]string{"READ": "a[g, i]"}, true},
		{"initial value is the caller's", map[string]string{"INIT": "xs"}, false},
		{"initial value used after the loop", map[string]string{"LOOPAFTER": "let {w: i32} = init[0i64, 0i64]"}, false},
		{"initial value is another name's", map[string]string{
			"PRELOOP":   "let {init2: [n][4i64]i32} = init",
			"INIT":      "init2",
			"LOOPAFTER": "let {w: i32} = init[0i64, 0i64]"}, false},
		{"array bound outside the loop", map[string]string{"ARR": "init", "INIT": "xs"}, false},
		{"another point's element read", map[string]string{"READ": "a[gw, i]"}, false},
		{"state used after the segmap", map[string]string{"AFTER": "let {z: i32} = a[0i64, 0i64]"}, false},
		{"view of the state used after", map[string]string{
			"BEFORE": "let {row: [4i64]i32} = a[0i64]",
			"AFTER":  "let {z: i32} = row[0i64]"}, false},
		{"element used after its update", map[string]string{"XAFTER": "let {y: i32} = x[0i64]"}, false},
		{"input read after the update", map[string]string{"XAFTER": "let {y: i32} = a[g, 0i64]"}, false},
		{"second view of the element used after", map[string]string{
			"READ":   "xs[g, i]\n      let {x2: [4i64]i32} = a[g]",
			"XAFTER": "let {y: i32} = x2[0i64]"}, false},
		{"chain of updates", map[string]string{
			"XAFTER":  "let {w: i32} = u[1i64]\n      let {u2: [4i64]i32} = update u[0i64] = w",
			"BODYRES": "u2"}, true},
		{"chain whose middle is used after", map[string]string{
			"XAFTER":  "let {u2: [4i64]i32} = update u[0i64] = v\n      let {w: i32} = u[1i64]",
			"BODYRES": "u2"}, false},
		{"next state may be an argument", map[string]string{
			"AFTER":  "let {c: bool} = lt i64 i 2i64\n    let {r: [n][4i64]i32} = if c : {[n][4i64]i32}\n    then {\n      in {nx}\n    }\n    else {\n      in {xs}\n    }",
			"RESULT": "r"}, false},
		{"next state made anew in both branches", map[string]string{
			"AFTER":  "let {c: bool} = lt i64 i 2i64\n    let {r: [n][4i64]i32} = if c : {[n][4i64]i32}\n    then {\n      in {nx}\n    }\n    else {\n      let {cp: [n][4i64]i32} = copy xs\n      in {cp}\n    }",
			"RESULT": "r"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			subs := map[string]string{"INIT": "init", "READ": "xs[g, i]", "BEFORE": "", "AFTER": "", "XAFTER": "", "LOOPAFTER": "", "RESULT": "nx", "BODYRES": "u", "PRELOOP": "", "ARR": "a"}
			for k, v := range c.subs {
				subs[k] = v
			}
			text := prog
			for _, k := range []string{"INIT", "READ", "BEFORE", "XAFTER", "LOOPAFTER", "AFTER", "RESULT", "BODYRES", "PRELOOP", "ARR"} {
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
			got := strings.Contains(out, "= v inplace (a)")
			if strings.Contains(out, " inplace (") && !got {
				t.Errorf("an update is marked for another array:\n%s", out)
			}
			if c.subs["BODYRES"] == "u2" && got != strings.Contains(out, "inplace (a)\n      in {u2}") {
				t.Errorf("the chain's updates are not marked alike:\n%s", out)
			}
			if got != c.want {
				t.Errorf("marked = %v, want %v:\n%s", got, c.want, out)
			}
			// The mark survives printing and parsing.
			r, err := soac.ParseProgram(out)
			if err != nil {
				t.Fatal(err)
			}
			if soac.Print(r) != out {
				t.Errorf("the marks do not survive a round trip:\n%s", soac.Print(r))
			}
		})
	}
}
