package pipeline

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

func TestPassOrder(t *testing.T) {
	if err := checkOrder(Passes, Order); err != nil {
		t.Fatal(err)
	}
	for _, c := range Order {
		if c.Reason == "" {
			t.Errorf("constraint %s before %s has no reason", c.Before, c.After)
		}
	}
}

func TestCheckOrderRejects(t *testing.T) {
	passes := []Pass{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	for _, tc := range []struct {
		name   string
		passes []Pass
		order  []Constraint
		want   string
	}{
		{"broken", passes, []Constraint{{"c", "a", "a needs c"}}, `pass "c" must run before "a": a needs c`},
		{"same", passes, []Constraint{{"b", "b", "itself"}}, `pass "b" must run before "b"`},
		{"unknown before", passes, []Constraint{{"x", "a", "?"}}, `unknown pass "x"`},
		{"unknown after", passes, []Constraint{{"a", "y", "?"}}, `unknown pass "y"`},
		{"twice", append(passes, Pass{Name: "a"}), nil, `pass "a" appears twice`},
		{"internalise is a pass name", []Pass{{Name: Internalise}}, nil, `appears twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkOrder(tc.passes, tc.order)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("checkOrder = %v, want an error containing %q", err, tc.want)
			}
		})
	}
	if err := checkOrder(passes, []Constraint{{"a", "c", "ok"}, {Internalise, "a", "ok"}}); err != nil {
		t.Fatalf("a valid order rejected: %v", err)
	}
}

// TestValidatorRunsBetweenPasses checks that Compile stops at the pass
// whose output breaks the IR's rules, naming it.
func TestValidatorRunsBetweenPasses(t *testing.T) {
	if !Validating() {
		t.Fatal("the validator must run between passes in tests")
	}
	saved := Passes
	defer func() { Passes = saved }()
	Passes = append([]Pass{{Name: "break", Run: func(p *soac.Program) (*soac.Program, error) {
		q := *p
		q.Funs = append(q.Funs, p.Funs[0]) // the same function twice
		return &q, nil
	}}}, saved...)
	_, err := Compile("t.fut", "entry main (x: i32) = x + 1\n", nil)
	if err == nil || !strings.Contains(err.Error(), "the break pass produced invalid IR") {
		t.Fatalf("Compile = %v, want the validator's error after the break pass", err)
	}
}

func TestNamesAreKnown(t *testing.T) {
	for _, n := range Names() {
		if !Known(n) {
			t.Errorf("Known(%q) = false", n)
		}
	}
	if Known("nope") || Known("all") {
		t.Error("Known accepts a name that is no pass")
	}
}
