package soac_test

import (
	"testing"

	"github.com/fcclang/fcc/flatten"
	"github.com/fcclang/fcc/flatten/testprogs"
	"github.com/fcclang/fcc/soac"
)

// TestRoundTripTestProgs prints, parses and prints again the hand-built
// programs shared by flatten and backend, before and after flattening, and
// validates them.
func TestRoundTripTestProgs(t *testing.T) {
	for _, c := range testprogs.All() {
		t.Run(c.Name, func(t *testing.T) {
			flat, err := flatten.Flatten(c.Prog)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []*soac.Program{c.Prog, flat} {
				text := soac.Print(p)
				q, err := soac.ParseProgram(text)
				if err != nil {
					t.Fatalf("parse: %v\n%s", err, text)
				}
				if got := soac.Print(q); got != text {
					t.Fatalf("round trip differs:\n%s\nwant:\n%s", got, text)
				}
				if err := soac.Validate(p); err != nil {
					t.Errorf("validate: %v\n%s", err, text)
				}
				if err := soac.Validate(q); err != nil {
					t.Errorf("validate parsed: %v", err)
				}
			}
		})
	}
}
