package rewrite

import "testing"

// TestFuseVerticalScannedInput checks that a consumer reading one of a
// producer's scanned arrays besides its mapped-out arrays is not fused
// into it (the fused screma would read its own result), by either
// vertical fusion rule.
func TestFuseVerticalScannedInput(t *testing.T) {
	prog := `entry "main"
fun main (ys: [m]i32): {[m]i32} = {
  let {s: [m]i32, b: [m]i32} = screma m (ys)
    scan (0i32) \(a1: i32, a2: i32): {i32} -> {
      let {a3: i32} = add i32 a1 a2
      in {a3}
    }
    map \(y: i32): {i32, i32} -> {
      let {y2: i32} = mul i32 y 2i32
      let {y1: i32} = add i32 y 1i32
      in {y2, y1}
    }
  let {r: [m]i32} = screma m (s, b)
    map \(d: i32, c: i32): {i32} -> {
      let {e: i32} = mul i32 d c
      in {e}
    }
  in {r}
}`
	for _, rule := range []*Rule{FuseVertical, FuseVerticalCheap} {
		t.Run(rule.Name, func(t *testing.T) {
			p := parse(t, prog)
			validate(t, p, "input")
			q, log, err := Run(p, RuleSet{rule}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if log.Count(rule.Name) > 0 {
				t.Fatalf("%s fused a consumer of a scanned array:\n%s", rule.Name, log)
			}
			validate(t, q, "result")
		})
	}
}
