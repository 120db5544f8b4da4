package rewrite_test

import (
	"testing"

	"github.com/fcclang/fcc/flatten"
	"github.com/fcclang/fcc/flatten/testprogs"
	"github.com/fcclang/fcc/rewrite"
	"github.com/fcclang/fcc/soac"
)

// TestFlattenAfterOptimise checks that flatten accepts what Optimise
// produces (redomaps, several reductions in one screma, mapped-out arrays
// beside reductions) and that the flattened program computes what the
// original did.
func TestFlattenAfterOptimise(t *testing.T) {
	var progs []*soac.Program
	for _, src := range rewrite.GoldenSrcs() {
		progs = append(progs, rewrite.Compile(t, src))
	}
	for _, c := range testprogs.All() {
		progs = append(progs, c.Prog)
	}
	for i, p := range progs {
		q, _, err := rewrite.Optimise(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := flatten.Flatten(q)
		if err != nil {
			t.Fatalf("program %d: flatten: %v\n%s", i, err, soac.Print(q))
		}
		rewrite.Validate(t, f, "flattened program")
		rewrite.SameResults(t, p, f, int64(i), 20, 7)
	}
}
