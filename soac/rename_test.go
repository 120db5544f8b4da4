package soac

import "testing"

// TestCopyProgram checks that a pass may mark the copy CopyProgram gives
// (a lowering recorded in a Seg-op) without changing the program copied.
func TestCopyProgram(t *testing.T) {
	const text = `entry "main"
fun main (xs_2: [n_1]f32): {[n_1]f32} = {
  let {ys_3: [n_1]f32} = segmap_thread (gtid_1 < n_1) : {f32}
  body {
    let {x_4: f32} = xs_2[gtid_1]
    in {x_4}
  }
  in {ys_3}
}
`
	p, err := ParseProgram(text)
	if err != nil {
		t.Fatal(err)
	}
	q := CopyProgram(p)
	if got := Print(q); got != text {
		t.Fatalf("the copy prints differently:\n%s", got)
	}
	SetLowering(q.Funs[0].Body.Stms[0].Exp, &Lowering{NarrowOffsets: true})
	q.Funs[0].Name = "other"
	if got := Print(p); got != text {
		t.Errorf("marking the copy changed the program:\n%s", got)
	}
}
