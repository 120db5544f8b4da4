package tests

import (
	"fmt"
	"regexp"
	"strings"
)

// Case is one run of a test block: input values (text format) and either
// the expected output values or a regular expression that the error
// message must match.
type Case struct {
	Line   int // line of the input in the source file
	Input  string
	Output string
	Error  *regexp.Regexp
}

// Spec is the test block of a program, in the subset of Futhark's format
// the end-to-end tests use: `entry:`, `input { }`, `output { }`, and
// `error: regex` after an input (a run-time error) or alone (the program
// must be rejected at compile time).
type Spec struct {
	Entries      []string
	Cases        []Case
	CompileError *regexp.Regexp
}

// ParseSpec reads the test block that follows a `-- ==` line.
func ParseSpec(src string) (*Spec, error) {
	lines := strings.Split(src, "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "-- ==" {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return nil, fmt.Errorf("no test block (a line '-- ==')")
	}
	// The block's text, with the line each character came from.
	var text strings.Builder
	var lineOf []int
	for i := start; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "--") {
			break
		}
		body := strings.TrimPrefix(l, "--") + "\n"
		text.WriteString(body)
		for range body {
			lineOf = append(lineOf, i+1)
		}
	}
	s := text.String()
	spec := &Spec{}
	pos := 0
	skipSpace := func() {
		for pos < len(s) && strings.ContainsRune(" \t\n\r", rune(s[pos])) {
			pos++
		}
	}
	word := func() string {
		skipSpace()
		st := pos
		for pos < len(s) && !strings.ContainsRune(" \t\n\r{", rune(s[pos])) {
			pos++
		}
		return s[st:pos]
	}
	braced := func(what string) (string, error) {
		skipSpace()
		if pos >= len(s) || s[pos] != '{' {
			return "", fmt.Errorf("line %d: expected '{' after %s", lineOf[min(pos, len(lineOf)-1)], what)
		}
		depth, st := 0, pos+1
		for ; pos < len(s); pos++ {
			switch s[pos] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					pos++
					return s[st : pos-1], nil
				}
			}
		}
		return "", fmt.Errorf("line %d: unclosed '{' after %s", lineOf[st-1], what)
	}
	restOfLine := func() string {
		st := pos
		for pos < len(s) && s[pos] != '\n' {
			pos++
		}
		return strings.TrimSpace(s[st:pos])
	}
	for {
		skipSpace()
		if pos >= len(s) {
			break
		}
		at := lineOf[pos]
		switch w := word(); w {
		case "entry:":
			spec.Entries = append(spec.Entries, strings.Fields(restOfLine())...)
		case "input":
			in, err := braced("input")
			if err != nil {
				return nil, err
			}
			spec.Cases = append(spec.Cases, Case{Line: at, Input: in})
		case "output":
			out, err := braced("output")
			if err != nil {
				return nil, err
			}
			if len(spec.Cases) == 0 {
				return nil, fmt.Errorf("line %d: output without an input", at)
			}
			spec.Cases[len(spec.Cases)-1].Output = out
		case "error:":
			re, err := regexp.Compile(restOfLine())
			if err != nil {
				return nil, fmt.Errorf("line %d: bad error regex: %v", at, err)
			}
			if len(spec.Cases) == 0 {
				spec.CompileError = re
			} else {
				spec.Cases[len(spec.Cases)-1].Error = re
			}
		default:
			return nil, fmt.Errorf("line %d: unexpected %q in test block", at, w)
		}
	}
	if len(spec.Entries) == 0 {
		spec.Entries = []string{"main"}
	}
	return spec, nil
}
