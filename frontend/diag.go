package frontend

import (
	"fmt"
	"strings"
)

// Diagnostic is an error in a source program, with its position, what was
// expected and found, and an optional hint.
type Diagnostic struct {
	Pos  Pos
	Msg  string
	Hint string
	// Line is the offending source line, for the caret display.
	Line string
}

func (d *Diagnostic) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: error: %s", d.Pos, d.Msg)
	if d.Line != "" && d.Pos.Col > 0 {
		fmt.Fprintf(&b, "\n  %s\n  %s^", strings.ReplaceAll(d.Line, "\t", " "), strings.Repeat(" ", d.Pos.Col-1))
	}
	if d.Hint != "" {
		fmt.Fprintf(&b, "\nhint: %s", d.Hint)
	}
	return b.String()
}

// Diagnostics is a list of errors, reported together.
type Diagnostics []*Diagnostic

func (ds Diagnostics) Error() string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = d.Error()
	}
	return strings.Join(s, "\n")
}

// attachLines fills in each diagnostic's source line.
func (ds Diagnostics) attachLines(src string) {
	lines := strings.Split(src, "\n")
	for _, d := range ds {
		if d.Pos.Line >= 1 && d.Pos.Line <= len(lines) {
			d.Line = strings.TrimRight(lines[d.Pos.Line-1], "\r")
		}
	}
}
