package pipeline

import (
	"strings"
	"testing"
	"time"
)

// TestPathologicalCompileTime compiles issue 20's four programs at the
// sizes the issue gives, with a generous bound on the CPU time each may
// take (they take about a second or less): before, the first took
// minutes, the second ran out of memory, the other two were quadratic.
func TestPathologicalCompileTime(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles large programs")
	}
	tests := []struct {
		name, src, err string
	}{
		{"call tree of 14 levels", callTree(14), ""},
		{"2^24 nested pairs", nestedPairs(24), "more than 65536 components"},
		{"literal of 100,000 elements", longLiteral(100000), ""},
		{"20,000 lets", letChain(20000), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := cpuTime()
			_, err := Compile("gen.fut", tt.src, nil)
			switch {
			case tt.err == "" && err != nil:
				t.Fatal(err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("got error %v, want %q", err, tt.err)
			}
			if d := cpuTime() - before; d > 20*time.Second {
				t.Errorf("took %v of CPU time", d)
			}
		})
	}
}
