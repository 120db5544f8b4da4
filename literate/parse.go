// Package literate turns a literate Futhark program into Markdown, as
// futhark literate does: top-level comments become text, definitions
// become code blocks, and directives (lines "-- > ...") are evaluated
// through FutharkScript and replaced by their results: values, images,
// plots, videos and sounds written beside the Markdown file.
package literate

import (
	"fmt"
	"strings"
)

// BlockKind says what a block of a literate program is.
type BlockKind int

const (
	TextBlock      BlockKind = iota // Markdown text, from "-- " comments
	CodeBlock                       // Futhark definitions
	DirectiveBlock                  // a "-- >" directive
)

// Block is one part of a literate program, in order.
type Block struct {
	Kind  BlockKind
	Lines []string   // Text and Code: the lines, comment markers removed from text
	Dir   *Directive // Directive
}

// Directive is a parsed "-- > ..." line with its parameter lines.
type Directive struct {
	Line    int    // 1-based line of the "-- >" line
	Source  string // the directive as written, after "> "
	Name    string // "" for a plain expression, else "img", "plot2d", "gnuplot", "video", "audio"
	Brief   bool   // :brief: parameters are not shown
	Covert  bool   // :covert: the directive itself is not shown
	Expr    string // the FutharkScript expression
	Params  []Param
	Script  []string // :gnuplot's script lines
	ParamsL []string // the parameter lines as written, for display
}

// Param is one "key: value" parameter of a directive.
type Param struct {
	Key, Value string
	Line       int
}

// Error is a mistake in a literate program, located by line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// directiveNames are the directives with a name; the plain "> e" has none.
var directiveNames = map[string]bool{"img": true, "plot2d": true, "gnuplot": true, "video": true, "audio": true}

// Parse splits a literate program into blocks. file names the program in
// errors.
func Parse(file, src string) ([]Block, error) {
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	var blocks []Block
	add := func(kind BlockKind, line string) {
		if n := len(blocks); n > 0 && blocks[n-1].Kind == kind && kind != DirectiveBlock {
			blocks[n-1].Lines = append(blocks[n-1].Lines, line)
			return
		}
		blocks = append(blocks, Block{Kind: kind, Lines: []string{line}})
	}
	prevBlank := true
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		text, isComment := commentText(line)
		switch {
		case isComment && strings.HasPrefix(text, ">") && prevBlank:
			d, next, err := parseDirective(file, lines, i)
			if err != nil {
				return nil, err
			}
			blocks = append(blocks, Block{Kind: DirectiveBlock, Dir: d})
			i = next - 1
			prevBlank = false
			continue
		case isComment && strings.TrimSpace(text) == "==":
			// A test block (futhark test's "-- ==" and the comment lines
			// after it) is for the test tools, not the reader.
			for i+1 < len(lines) {
				if _, ok := commentText(lines[i+1]); !ok {
					break
				}
				i++
			}
			prevBlank = false
			continue
		case isComment:
			add(TextBlock, text)
		case strings.TrimSpace(line) == "":
			// A blank line belongs to the block it is inside; one between
			// blocks is dropped when rendering.
			if n := len(blocks); n > 0 && blocks[n-1].Kind != DirectiveBlock {
				blocks[n-1].Lines = append(blocks[n-1].Lines, "")
			}
		default:
			add(CodeBlock, line)
		}
		prevBlank = strings.TrimSpace(line) == ""
	}
	for i := range blocks {
		blocks[i].Lines = trimBlank(blocks[i].Lines)
	}
	return blocks, nil
}

// commentText returns the text of a top-level line comment "-- text" (or
// a bare "--"), and whether the line is one.
func commentText(line string) (string, bool) {
	switch {
	case line == "--":
		return "", true
	case strings.HasPrefix(line, "-- "):
		return line[3:], true
	}
	return "", false
}

// parseDirective reads the directive starting at lines[i] and its
// parameter lines; it returns the index of the first line after it.
func parseDirective(file string, lines []string, i int) (*Directive, int, error) {
	text, _ := commentText(lines[i])
	src := strings.TrimSpace(strings.TrimPrefix(text, ">"))
	d := &Directive{Line: i + 1, Source: src}
	errf := func(line int, format string, args ...any) error {
		return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	rest := src
	for {
		switch {
		case strings.HasPrefix(rest, ":brief "):
			d.Brief = true
			rest = strings.TrimSpace(rest[len(":brief "):])
			continue
		case strings.HasPrefix(rest, ":covert "):
			d.Covert = true
			rest = strings.TrimSpace(rest[len(":covert "):])
			continue
		}
		break
	}
	if strings.HasPrefix(rest, ">") {
		return nil, 0, errf(i+1, "a :brief or :covert directive must not start with another >")
	}
	if strings.HasPrefix(rest, ":") {
		name, after, _ := strings.Cut(rest[1:], " ")
		if !directiveNames[name] {
			return nil, 0, errf(i+1, "unknown directive :%s (the directives are :img, :plot2d, :gnuplot, :video, :audio, :brief and :covert)", name)
		}
		d.Name = name
		rest = strings.TrimSpace(after)
	}
	// Parameters follow a semicolon at the end of the line, one a line.
	hasParams := strings.HasSuffix(rest, ";")
	d.Expr = strings.TrimSpace(strings.TrimSuffix(rest, ";"))
	if d.Expr == "" {
		return nil, 0, errf(i+1, "the directive has no expression")
	}
	j := i + 1
	if !hasParams {
		if d.Name == "gnuplot" {
			return nil, 0, errf(i+1, ":gnuplot needs a script: end the line with ';' and write the script on the comment lines that follow")
		}
		return d, j, nil
	}
	for ; j < len(lines); j++ {
		text, ok := commentText(lines[j])
		if !ok || strings.HasPrefix(text, ">") {
			break
		}
		d.ParamsL = append(d.ParamsL, text)
		if d.Name == "gnuplot" {
			d.Script = append(d.Script, text)
			continue
		}
		if strings.TrimSpace(text) == "" {
			break
		}
		key, value, ok := strings.Cut(text, ":")
		if !ok {
			// plot2d's size=(h,w) is written with '='.
			key, value, ok = strings.Cut(text, "=")
		}
		if !ok {
			return nil, 0, errf(j+1, "a directive parameter is written key: value, not %q", text)
		}
		d.Params = append(d.Params, Param{Key: strings.TrimSpace(key), Value: strings.TrimSpace(value), Line: j + 1})
	}
	d.ParamsL = trimBlank(d.ParamsL)
	if d.Name == "gnuplot" {
		d.Script = trimBlank(d.Script)
		if len(d.Script) == 0 {
			return nil, 0, errf(i+1, ":gnuplot needs a script on the comment lines after the directive")
		}
	}
	return d, j, nil
}

// Param returns the value of the parameter key, if given.
func (d *Directive) Param(key string) (Param, bool) {
	for _, p := range d.Params {
		if p.Key == key {
			return p, true
		}
	}
	return Param{}, false
}

func trimBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
