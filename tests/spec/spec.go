// Package spec parses the test blocks of Futhark programs, as the
// futhark-test manual defines them, and holds what running them needs:
// loading inputs (literal values, files, gzipped files, random values),
// comparing results with the tolerance futhark test uses, and generating
// random data sets (shared with fcc dataset).
//
// A test block is a comment that starts at the beginning of a line and
// contains a line consisting of just "==":
//
//	-- description
//	-- ==
//	-- tags { t1 t2 }
//	-- entry: f g
//	-- "name" compiled input { 1 2 } output { 3 }
//	-- random input { [100]f32 } auto output
//	-- nobench input @ data.in.gz error: out of bounds
//	-- structure gpu { SegMap 1 }
//
// A program may hold several blocks; each applies its cases to the entry
// points its entry: line names (main when there is none). The first block
// may instead expect a compile-time error ("error: regex"), in which case it
// must be the only one.
package spec

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/fcclang/fcc/runtime/values"
)

// Spec is everything the test blocks of one program say.
type Spec struct {
	File        string   // the program's path, as given to Parse
	Description string   // the first block's text before "=="
	Tags        []string // the first block's tags { ... }
	// CompileError is set when the program must be rejected at compile
	// time; then there are no Blocks.
	CompileError *ExpectedError
	Blocks       []*Block
	Structure    []*Structure
	Warnings     []*ExpectedError // warning: regex lines
	Properties   []string         // property: names (not supported by fcc)
	// HasBlock is false when the program has no test block at all.
	HasBlock bool
}

// HasTag reports whether the program's tags include tag.
func (s *Spec) HasTag(tag string) bool { return contains(s.Tags, tag) }

// Block is one test block's entry points and cases: every case runs on
// every entry point.
type Block struct {
	Line    int // the line of the block's "=="
	Entries []string
	Cases   []*Case
}

// Case is one data set of a block.
type Case struct {
	Index int    // position in its block, from 0
	Line  int    // line of the case's first token
	Name  string // the quoted name, or one made as futhark test makes it
	Tags  []string
	Input Input
	// Expected says how the run must end. Its Kind is ExpectNothing when
	// the case gives neither output nor error: the run must merely succeed.
	Expected Expected
}

// HasTag reports whether the case carries tag (compiled, nobench, random,
// script or any other word written before input).
func (c *Case) HasTag(tag string) bool { return contains(c.Tags, tag) }

// InputKind says where a case's input values come from.
type InputKind int

// The kinds of input.
const (
	InputValues InputKind = iota // input { values }
	InputFile                    // input @ file (possibly .gz)
	InputRandom                  // random input { types }
	InputScript                  // script input { expression } or @ file
)

// Input is a case's input.
type Input struct {
	Kind   InputKind
	Text   string     // InputValues: the values; InputScript: the expression
	File   string     // InputFile (and script input @ file): as written, relative to the program
	Random []GenValue // InputRandom
	Line   int
}

// ExpectKind says what a case expects.
type ExpectKind int

// The kinds of expected result.
const (
	ExpectNothing ExpectKind = iota // run must succeed; output is not checked
	ExpectValues                    // output { values }
	ExpectFile                      // output @ file
	ExpectAuto                      // auto output: the reference interpreter's result
	ExpectError                     // error: regex (a run-time error)
)

// Expected is a case's expected result.
type Expected struct {
	Kind  ExpectKind
	Text  string // ExpectValues
	File  string // ExpectFile
	Error *ExpectedError
	Line  int
}

// ExpectedError is an "error:" line: a regular expression that the error
// message must match somewhere, or any error when the line is empty.
type ExpectedError struct {
	Text   string
	Regexp *regexp.Regexp // nil: any error
	Line   int
}

// Matches reports whether msg is an error the test expects.
func (e *ExpectedError) Matches(msg string) bool {
	return e.Regexp == nil || e.Regexp.MatchString(msg)
}

// Structure is a structure test: after the named pipeline ("" is
// Futhark's default, the SOACS pipeline), the program must contain the
// given number of each kind of construct.
type Structure struct {
	Pipeline string
	Metrics  []Metric
	Line     int
}

// Metric is one "Name count" pair of a structure test; Name may be a path
// such as "SegMap/Screma".
type Metric struct {
	Name  string
	Count int
}

// GenValue is one item of a random input: a random scalar or array of the
// given shape, or (when Value is set) a fixed value written as a constant.
type GenValue struct {
	Shape []int64
	Type  values.PrimType
	Value *values.Value
}

// String writes the item as in a random input block: "[10][3]f32" or the
// constant's value.
func (g GenValue) String() string {
	if g.Value != nil {
		return g.Value.String()
	}
	var b strings.Builder
	for _, d := range g.Shape {
		fmt.Fprintf(&b, "[%d]", d)
	}
	b.WriteString(g.Type.String())
	return b.String()
}

// ParseGenValue parses a type with constant sizes ("[10][3]f32", "i64") or
// a scalar constant ("10i64", "3", "1.5f32"), as random input blocks and
// fcc dataset --generate accept them.
func ParseGenValue(s string) (GenValue, error) {
	rest := s
	var shape []int64
	for strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return GenValue{}, fmt.Errorf("%q: missing ']'", s)
		}
		n, err := strconv.ParseInt(strings.TrimSpace(rest[1:end]), 10, 64)
		if err != nil || n < 0 {
			return GenValue{}, fmt.Errorf("%q: array size %q is not a non-negative integer constant", s, rest[1:end])
		}
		shape = append(shape, n)
		rest = rest[end+1:]
	}
	if t, ok := values.ParsePrimType(rest); ok {
		if _, _, err := values.ShapeBytes(t, shape); err != nil {
			return GenValue{}, fmt.Errorf("%q: %v", s, err)
		}
		return GenValue{Shape: shape, Type: t}, nil
	}
	if len(shape) == 0 {
		r := values.NewReader(strings.NewReader(s))
		if v, err := r.Read(); err == nil && v.Rank() == 0 {
			if _, err := r.Read(); err != nil {
				return GenValue{Type: v.Type, Value: &v}, nil
			}
		}
	}
	return GenValue{}, fmt.Errorf("%q is neither a primitive type with constant sizes (like [10][3]f32) nor a scalar constant", s)
}

// Error is a malformed test block: the program's path, the line, and what
// is wrong.
type Error struct {
	File string
	Line int
	Msg  string
}

// Error formats the error as "file:line: message".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d: test block: %s", e.File, e.Line, e.Msg)
}

// ParseFile reads a program and parses its test blocks.
func ParseFile(path string) (*Spec, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, string(src))
}

// Parse finds and parses the test blocks of the program src; file is used
// in error messages and kept in the Spec. A program without test blocks
// gives a Spec with HasBlock false.
func Parse(file, src string) (*Spec, error) {
	s := &Spec{File: file}
	lines := strings.Split(src, "\n")
	first := true
	for i := 0; i < len(lines); i++ {
		if !isComment(lines[i]) {
			continue
		}
		// A comment: the run of lines starting with "--" at column 0.
		j := i
		for j < len(lines) && isComment(lines[j]) {
			j++
		}
		sep := -1
		for k := i; k < j; k++ {
			if strings.TrimSpace(commentText(lines[k])) == "==" {
				sep = k
				break
			}
		}
		if sep >= 0 {
			if !first && s.CompileError != nil {
				return nil, &Error{file, sep + 1, "a program whose first test block expects a compile-time error may have no other test blocks"}
			}
			var desc []string
			for k := i; k < sep; k++ {
				desc = append(desc, strings.TrimSpace(commentText(lines[k])))
			}
			if err := s.parseBlock(file, lines, sep, j, first, strings.Join(desc, "\n")); err != nil {
				return nil, err
			}
			first = false
		}
		i = j - 1
	}
	return s, nil
}

func isComment(line string) bool { return strings.HasPrefix(line, "--") }

func commentText(line string) string { return strings.TrimSuffix(line[2:], "\r") }

// parseBlock parses the lines after the "==" at index sep up to end.
func (s *Spec) parseBlock(file string, lines []string, sep, end int, first bool, desc string) error {
	s.HasBlock = true
	p := &parser{file: file}
	for k := sep + 1; k < end; k++ {
		p.starts = append(p.starts, len(p.text))
		p.lines = append(p.lines, k+1)
		p.text += commentText(lines[k]) + "\n"
	}
	p.sepLine = sep + 1
	if first {
		s.Description = desc
		if p.peekWord() == "tags" {
			p.word()
			tags, err := p.tagList()
			if err != nil {
				return err
			}
			s.Tags = tags
		}
	}
	switch p.peekWord() {
	case "tags":
		return p.errorf("tags { } may only appear at the start of a program's first test block")
	case "error:":
		if !first {
			return p.errorf("a compile-time error may only be expected by a program's first test block")
		}
		p.word()
		e, err := p.expectedError()
		if err != nil {
			return err
		}
		s.CompileError = e
		if !p.eof() {
			return p.errorf("unexpected %q after the expected compile-time error", p.peekWord())
		}
		return nil
	case "property:":
		p.word()
		s.Properties = append(s.Properties, strings.Fields(p.restOfLine())...)
		if !p.eof() {
			return p.errorf("unexpected %q after property:", p.peekWord())
		}
		return nil
	}
	b, err := p.inputOutputs()
	if err != nil {
		return err
	}
	if len(b.Cases) > 0 {
		s.Blocks = append(s.Blocks, b)
	}
	for !p.eof() {
		line := p.line()
		switch w := p.word(); w {
		case "structure":
			st, err := p.structure(line)
			if err != nil {
				return err
			}
			s.Structure = append(s.Structure, st)
		case "warning:":
			e, err := p.expectedError()
			if err != nil {
				return err
			}
			s.Warnings = append(s.Warnings, e)
		default:
			return p.errorAt(line, "unexpected %q (expected a test case, structure or warning:)", w)
		}
	}
	return nil
}

// parser reads one block's text (the comment lines after "==" without
// their "--"), remembering which source line each text line came from.
type parser struct {
	file    string
	text    string
	pos     int
	starts  []int // offset in text of each line
	lines   []int // source line number of each line
	sepLine int
}

func (p *parser) lineAt(pos int) int {
	line := p.sepLine
	for k, st := range p.starts {
		if st <= pos {
			line = p.lines[k]
		}
	}
	return line
}

func (p *parser) line() int { p.skipSpace(); return p.lineAt(p.pos) }

func (p *parser) errorAt(line int, format string, args ...any) error {
	return &Error{p.file, line, fmt.Sprintf(format, args...)}
}

func (p *parser) errorf(format string, args ...any) error {
	return p.errorAt(p.line(), format, args...)
}

func (p *parser) skipSpace() {
	for p.pos < len(p.text) && unicode.IsSpace(rune(p.text[p.pos])) {
		p.pos++
	}
}

func (p *parser) eof() bool { p.skipSpace(); return p.pos >= len(p.text) }

// word reads a maximal run of characters other than white space and
// braces; a lone brace is a word of its own.
func (p *parser) word() string {
	p.skipSpace()
	st := p.pos
	if p.pos < len(p.text) && (p.text[p.pos] == '{' || p.text[p.pos] == '}') {
		p.pos++
		return p.text[st:p.pos]
	}
	for p.pos < len(p.text) && !unicode.IsSpace(rune(p.text[p.pos])) && p.text[p.pos] != '{' && p.text[p.pos] != '}' {
		p.pos++
	}
	return p.text[st:p.pos]
}

func (p *parser) peekWord() string {
	save := p.pos
	w := p.word()
	p.pos = save
	return w
}

func (p *parser) restOfLine() string {
	st := p.pos
	for p.pos < len(p.text) && p.text[p.pos] != '\n' {
		p.pos++
	}
	return strings.TrimSpace(p.text[st:p.pos])
}

// braced reads "{ ... }" and returns the text between the braces and the
// offset where it starts.
func (p *parser) braced(what string) (string, int, error) {
	line := p.line()
	if p.pos >= len(p.text) || p.text[p.pos] != '{' {
		w := p.peekWord()
		if w == "" {
			return "", 0, p.errorAt(line, "expected '{' after %s, found the end of the test block", what)
		}
		return "", 0, p.errorAt(line, "expected '{' after %s, found %q", what, w)
	}
	depth, st := 0, p.pos+1
	for ; p.pos < len(p.text); p.pos++ {
		switch p.text[p.pos] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				p.pos++
				return p.text[st : p.pos-1], st, nil
			}
		}
	}
	return "", 0, p.errorAt(line, "'{' after %s is never closed", what)
}

func isTagWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' {
			return false
		}
	}
	return true
}

func (p *parser) tagList() ([]string, error) {
	text, st, err := p.braced("tags")
	if err != nil {
		return nil, err
	}
	tags := strings.Fields(text)
	for _, t := range tags {
		if !isTagWord(t) {
			return nil, p.errorAt(p.lineAt(st), "%q is not a tag (letters, digits, '-' and '_')", t)
		}
	}
	return tags, nil
}

func (p *parser) expectedError() (*ExpectedError, error) {
	line := p.lineAt(p.pos)
	text := p.restOfLine()
	e := &ExpectedError{Text: text, Line: line}
	if text == "" {
		return e, nil
	}
	// "." matches newlines too, as in Futhark's test tool: its expected
	// errors span the lines of a message ("Unmatched cases.*#foo ...").
	re, err := regexp.Compile("(?s)" + text)
	if err != nil {
		return nil, p.errorAt(line, "bad regular expression after error: %v", err)
	}
	e.Regexp = re
	return e, nil
}

// inputOutputs parses "[entry: names] case*".
func (p *parser) inputOutputs() (*Block, error) {
	b := &Block{Line: p.sepLine, Entries: []string{"main"}}
	if p.peekWord() == "entry:" {
		line := p.line()
		p.word()
		b.Entries = strings.Fields(p.restOfLine())
		if len(b.Entries) == 0 {
			return nil, p.errorAt(line, "entry: names no entry point")
		}
	}
	names := map[string]int{}
	for !p.eof() {
		switch p.peekWord() {
		case "structure", "warning:":
			return b, nil
		case "entry:":
			return nil, p.errorf("entry: must come before the block's first test case (use another test block for other entry points)")
		}
		c, err := p.testCase(len(b.Cases))
		if err != nil {
			return nil, err
		}
		if prev, ok := names[c.Name]; ok {
			return nil, p.errorAt(c.Line, "a second data set named %q (the first is at line %d)", c.Name, prev)
		}
		names[c.Name] = c.Line
		b.Cases = append(b.Cases, c)
	}
	return b, nil
}

// testCase parses `["name"] tag* input (values | @ file) [expected]`.
func (p *parser) testCase(index int) (*Case, error) {
	c := &Case{Index: index, Line: p.line()}
	if p.pos < len(p.text) && p.text[p.pos] == '"' {
		name, err := p.stringLit()
		if err != nil {
			return nil, err
		}
		c.Name = name
	}
	for {
		line := p.line()
		w := p.word()
		if w == "input" {
			break
		}
		switch {
		case w == "":
			return nil, p.errorAt(line, "expected 'input', found the end of the test block")
		case w == "output" || w == "auto":
			return nil, p.errorAt(line, "%s without a preceding input", w)
		case w == "error:":
			return nil, p.errorAt(line, "error: after another test case's expected result, or before any input (a compile-time error must be the first block's only content)")
		case !isTagWord(w):
			return nil, p.errorAt(line, "unexpected %q (expected a test case: [\"name\"] [tags] input { ... })", w)
		}
		c.Tags = append(c.Tags, w)
	}
	c.Input.Line = p.lineAt(p.pos)
	switch {
	case c.HasTag("random"):
		text, st, err := p.braced("random input")
		if err != nil {
			return nil, err
		}
		for _, f := range strings.Fields(text) {
			g, err := ParseGenValue(f)
			if err != nil {
				return nil, p.errorAt(p.lineAt(st), "random input: %v", err)
			}
			c.Input.Random = append(c.Input.Random, g)
		}
		c.Input.Kind = InputRandom
	default:
		kind := InputValues
		if c.HasTag("script") {
			kind = InputScript
		}
		text, file, err := p.valuesOrFile("input", kind == InputValues)
		if err != nil {
			return nil, err
		}
		c.Input.Kind, c.Input.Text, c.Input.File = kind, text, file
		if file != "" && kind == InputValues {
			c.Input.Kind = InputFile
		}
	}
	c.Expected.Line = p.line()
	switch p.peekWord() {
	case "auto":
		p.word()
		if w := p.word(); w != "output" {
			return nil, p.errorAt(c.Expected.Line, "expected 'output' after 'auto', found %q", w)
		}
		c.Expected.Kind = ExpectAuto
	case "output":
		p.word()
		text, file, err := p.valuesOrFile("output", true)
		if err != nil {
			return nil, err
		}
		c.Expected.Kind, c.Expected.Text, c.Expected.File = ExpectValues, text, file
		if file != "" {
			c.Expected.Kind = ExpectFile
		}
	case "error:":
		p.word()
		e, err := p.expectedError()
		if err != nil {
			return nil, err
		}
		c.Expected.Kind, c.Expected.Error = ExpectError, e
	}
	if c.Name == "" {
		c.Name = defaultName(c)
	}
	return c, nil
}

// valuesOrFile parses "{ values }" or "@ file". When check is set, the
// values must be well formed in Futhark's data format.
func (p *parser) valuesOrFile(what string, check bool) (text, file string, err error) {
	line := p.line()
	if p.pos < len(p.text) && p.text[p.pos] == '@' {
		p.pos++
		file = p.word()
		if file == "" || file == "{" || file == "}" {
			return "", "", p.errorAt(line, "expected a file name after %s @", what)
		}
		return "", file, nil
	}
	text, st, err := p.braced(what)
	if err != nil {
		return "", "", err
	}
	if check {
		if _, err := ReadValues([]byte(text)); err != nil {
			l := p.lineAt(st)
			if se, ok := err.(*values.SyntaxError); ok && se.Line > 0 {
				l += se.Line - 1
			}
			return "", "", p.errorAt(l, "malformed %s values: %v", what, err)
		}
	}
	return text, "", nil
}

func (p *parser) stringLit() (string, error) {
	line := p.line()
	st := p.pos
	for p.pos++; p.pos < len(p.text) && p.text[p.pos] != '\n'; p.pos++ {
		switch p.text[p.pos] {
		case '\\':
			p.pos++
		case '"':
			p.pos++
			s, err := strconv.Unquote(p.text[st:p.pos])
			if err != nil {
				return "", p.errorAt(line, "bad data set name %s: %v", p.text[st:p.pos], err)
			}
			return s, nil
		}
	}
	return "", p.errorAt(line, "data set name %s is not closed by '\"' on its line", p.text[st:p.pos])
}

func (p *parser) structure(line int) (*Structure, error) {
	st := &Structure{Line: line}
	switch w := p.peekWord(); w {
	case "gpu", "gpu-mem", "mc", "mc-mem", "seq-mem", "internalised":
		p.word()
		st.Pipeline = w
	}
	text, start, err := p.braced("structure")
	if err != nil {
		return nil, err
	}
	f := strings.Fields(text)
	if len(f)%2 != 0 {
		return nil, p.errorAt(p.lineAt(start), "structure { } must hold pairs of a name and a count")
	}
	for k := 0; k < len(f); k += 2 {
		n, err := strconv.Atoi(f[k+1])
		if err != nil || n < 0 {
			return nil, p.errorAt(p.lineAt(start), "structure: count %q of %s is not a non-negative integer", f[k+1], f[k])
		}
		st.Metrics = append(st.Metrics, Metric{f[k], n})
	}
	return st, nil
}

// defaultName names an unnamed case as futhark test does, so that
// fcc bench --json files can be compared with futhark bench's.
func defaultName(c *Case) string {
	switch c.Input.Kind {
	case InputFile:
		return strings.TrimSuffix(c.Input.File, ".gz")
	case InputRandom:
		var parts []string
		for _, g := range c.Input.Random {
			parts = append(parts, g.String())
		}
		return strings.Join(parts, " ")
	case InputScript:
		if c.Input.File != "" {
			return c.Input.File
		}
		return strings.Join(strings.Fields(c.Input.Text), " ")
	}
	text := strings.Join(strings.Fields(c.Input.Text), " ")
	if vs, err := ReadValues([]byte(c.Input.Text)); err == nil {
		parts := make([]string, len(vs))
		for i, v := range vs {
			parts[i] = v.String()
		}
		text = strings.Join(parts, " ")
	}
	if len(text) > 50 {
		text = text[:50] + "..."
	}
	return fmt.Sprintf("#%d (\"%s\")", c.Index, text)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
