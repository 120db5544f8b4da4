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

// showSourceNames replaces, in the messages and hints, each flat name
// that display maps (a definition the module elimination renamed with a
// suffix) by the name the program wrote. Only whole names are replaced:
// the characters around one may not continue an identifier or a
// qualified name.
func (ds Diagnostics) showSourceNames(display map[string]string) {
	if len(display) == 0 {
		return
	}
	for _, d := range ds {
		d.Msg = replaceNames(d.Msg, display)
		d.Hint = replaceNames(d.Hint, display)
	}
}

func replaceNames(s string, display map[string]string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if !isNameByte(s[i]) || i > 0 && (isNameByte(s[i-1]) || s[i-1] == '.') {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && (isNameByte(s[j]) || s[j] == '.' && j+1 < len(s) && isNameByte(s[j+1])) {
			j++
		}
		if src, ok := display[s[i:j]]; ok {
			b.WriteString(src)
		} else {
			b.WriteString(s[i:j])
		}
		i = j
	}
	return b.String()
}

func isNameByte(c byte) bool {
	return c == '_' || c == '\'' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
