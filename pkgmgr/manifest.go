package pkgmgr

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ManifestFile is the name of a package manifest.
const ManifestFile = "futhark.pkg"

// A Manifest is a futhark.pkg file with its comments, so that commands
// can change it and write it back without losing them. Comments keep
// their place relative to the package line, the require block and its
// entries, as futhark pkg keeps them; blank lines are not kept.
type Manifest struct {
	PackageComments []string // comment lines before the package line
	Package         string   // the package's own path, or ""
	RequireComments []string // comment lines before "require {"
	Require         []Entry  // the require block's lines, in order
	EndComments     []string // comment lines after the require block
}

// An Entry is one line of the require block: a requirement or, when
// Required is nil, a comment.
type Entry struct {
	Comment  string
	Required *Required
}

// Required is a requirement: a package and its minimum version, with
// the commit the version had when it was added (for verification).
type Required struct {
	Path    string
	Version Version
	Hash    string // the commit, or "" for none
}

// Requirements returns the manifest's requirements in order.
func (m *Manifest) Requirements() []Required {
	var rs []Required
	for _, e := range m.Require {
		if e.Required != nil {
			rs = append(rs, *e.Required)
		}
	}
	return rs
}

// Lookup returns the requirement on path, if any.
func (m *Manifest) Lookup(path string) (Required, bool) {
	for _, e := range m.Require {
		if e.Required != nil && e.Required.Path == path {
			return *e.Required, true
		}
	}
	return Required{}, false
}

// Set replaces the requirement on r.Path, keeping its place, or appends
// r to the require block. It returns the requirement it replaced.
func (m *Manifest) Set(r Required) (old Required, replaced bool) {
	for i, e := range m.Require {
		if e.Required != nil && e.Required.Path == r.Path {
			old = *e.Required
			m.Require[i].Required = &r
			return old, true
		}
	}
	m.Require = append(m.Require, Entry{Required: &r})
	return Required{}, false
}

// Remove deletes the requirement on path and returns it.
func (m *Manifest) Remove(path string) (Required, bool) {
	for i, e := range m.Require {
		if e.Required != nil && e.Required.Path == path {
			m.Require = append(m.Require[:i:i], m.Require[i+1:]...)
			return *e.Required, true
		}
	}
	return Required{}, false
}

// String prints the manifest in futhark pkg's layout.
func (m *Manifest) String() string {
	var b strings.Builder
	comments := func(cs []string) {
		for _, c := range cs {
			b.WriteString("--" + c + "\n")
		}
	}
	comments(m.PackageComments)
	if m.Package != "" {
		b.WriteString("package " + m.Package + "\n\n")
	}
	comments(m.RequireComments)
	b.WriteString("require {\n")
	for _, e := range m.Require {
		if e.Required == nil {
			b.WriteString("  --" + e.Comment + "\n")
			continue
		}
		r := e.Required
		b.WriteString("  " + r.Path + " " + r.Version.String())
		if r.Hash != "" {
			b.WriteString(" #" + r.Hash)
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	comments(m.EndComments)
	return b.String()
}

// ParseManifest reads a futhark.pkg; file names it in errors, which
// give the line and column of the problem.
func ParseManifest(file, src string) (*Manifest, error) {
	p := &parser{file: file, src: src, line: 1, col: 1}
	m, err := p.manifest()
	if err != nil {
		return nil, err
	}
	return m, nil
}

type parser struct {
	file      string
	src       string
	pos       int
	line, col int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d:%d: %s", p.file, p.line, p.col, fmt.Sprintf(format, args...))
}

func (p *parser) eof() bool { return p.pos >= len(p.src) }

func (p *parser) advance(n int) {
	for _, r := range p.src[p.pos : p.pos+n] {
		if r == '\n' {
			p.line++
			p.col = 1
		} else {
			p.col++
		}
	}
	p.pos += n
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// skipSpace skips white space, newlines included when lines is true.
func (p *parser) skipSpace(lines bool) {
	n := 0
	for p.pos+n < len(p.src) {
		c := p.src[p.pos+n]
		if c == ' ' || c == '\t' || lines && isSpace(c) {
			n++
			continue
		}
		break
	}
	p.advance(n)
}

func (p *parser) at(s string) bool { return strings.HasPrefix(p.src[p.pos:], s) }

// comment reads "--" and the rest of its line.
func (p *parser) comment() string {
	p.advance(2)
	rest := p.src[p.pos:]
	n := strings.IndexByte(rest, '\n')
	if n < 0 {
		n = len(rest)
	}
	text := strings.TrimRight(rest[:n], "\r")
	if n < len(rest) {
		n++
	}
	p.advance(n)
	return text
}

// comments reads comment lines and blank space.
func (p *parser) comments() []string {
	var cs []string
	for {
		p.skipSpace(true)
		if !p.at("--") {
			return cs
		}
		cs = append(cs, p.comment())
	}
}

// keyword reads word if it comes next as a whole word.
func (p *parser) keyword(word string) bool {
	if !p.at(word) {
		return false
	}
	next := p.pos + len(word)
	if next < len(p.src) && isPathByte(p.src[next:]) {
		return false
	}
	p.advance(len(word))
	return true
}

// isPathByte reports whether s starts with a character allowed in a
// package path: a letter, a digit or one of @-/.:_~.
func isPathByte(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("@-/.:_~", r)
}

func (p *parser) path(what string) (string, error) {
	n := 0
	for p.pos+n < len(p.src) && isPathByte(p.src[p.pos+n:]) {
		_, size := utf8.DecodeRuneInString(p.src[p.pos+n:])
		n += size
	}
	if n == 0 {
		return "", p.errorf("expected %s%s", what, p.found())
	}
	s := p.src[p.pos : p.pos+n]
	p.advance(n)
	return s, nil
}

// found describes what comes next, for errors.
func (p *parser) found() string {
	if p.eof() {
		return ", found the end of the file"
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return fmt.Sprintf(", found %q", r)
}

func (p *parser) manifest() (*Manifest, error) {
	m := &Manifest{}
	m.PackageComments = p.comments()
	if p.keyword("package") {
		p.skipSpace(false)
		path, err := p.path("a package path after 'package'")
		if err != nil {
			return nil, err
		}
		if err := CheckPackagePath(path); err != nil {
			return nil, p.errorf("%v", err)
		}
		m.Package = path
	}
	m.RequireComments = p.comments()
	if p.keyword("require") {
		p.skipSpace(true)
		if !p.at("{") {
			return nil, p.errorf("expected '{' after 'require'%s", p.found())
		}
		p.advance(1)
		seen := map[string]int{}
		for {
			p.skipSpace(true)
			switch {
			case p.eof():
				return nil, p.errorf("expected '}' to close the require block, found the end of the file")
			case p.at("}"):
				p.advance(1)
			case p.at("--"):
				m.Require = append(m.Require, Entry{Comment: p.comment()})
				continue
			default:
				line := p.line
				r, err := p.required()
				if err != nil {
					return nil, err
				}
				if prev, ok := seen[r.Path]; ok {
					return nil, fmt.Errorf("%s:%d: package %s is required twice (also on line %d)", p.file, line, r.Path, prev)
				}
				seen[r.Path] = line
				m.Require = append(m.Require, Entry{Required: r})
				continue
			}
			break
		}
	}
	m.EndComments = p.comments()
	if !p.eof() {
		return nil, p.errorf("expected 'package', 'require', or a comment (--)%s", p.found())
	}
	return m, nil
}

// required reads one requirement: path version [#hash], on one line.
func (p *parser) required() (*Required, error) {
	path, err := p.path("a package path, '}' or a comment")
	if err != nil {
		return nil, err
	}
	if err := CheckPackagePath(path); err != nil {
		return nil, p.errorf("%v", err)
	}
	p.skipSpace(false)
	if p.eof() || isSpace(p.src[p.pos]) {
		return nil, p.errorf("expected a version after %s on the same line", path)
	}
	vpos := p.pos
	v, rest, err := scanVersion(p.src[p.pos:])
	if err != nil {
		return nil, p.errorf("requirement on %s: %v", path, err)
	}
	p.advance(len(p.src) - vpos - len(rest))
	r := &Required{Path: path, Version: v}
	p.skipSpace(false)
	if p.at("#") {
		p.advance(1)
		n := 0
		for p.pos+n < len(p.src) {
			c, size := utf8.DecodeRuneInString(p.src[p.pos+n:])
			if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
				break
			}
			n += size
		}
		if n == 0 {
			return nil, p.errorf("expected a commit hash after '#'%s", p.found())
		}
		r.Hash = p.src[p.pos : p.pos+n]
		p.advance(n)
		p.skipSpace(false)
	}
	if !p.eof() && !isSpace(p.src[p.pos]) && !p.at("}") && !p.at("--") {
		return nil, p.errorf("requirement on %s: unexpected %q after the version", path, p.src[p.pos:p.pos+1])
	}
	return r, nil
}

// CheckPackagePath checks that a package path names a place in lib/:
// no empty, "." or ".." components, and at most one @, which begins a
// major version suffix (@N) at the end.
func CheckPackagePath(path string) error {
	if path == "" {
		return fmt.Errorf("empty package path")
	}
	for _, part := range strings.Split(path, "/") {
		if part == "" || part == "." || part == ".." {
			return fmt.Errorf("invalid package path %q: empty, '.' or '..' component", path)
		}
	}
	if i := strings.IndexByte(path, '@'); i >= 0 {
		major := path[i+1:]
		if n := digits(major); n == 0 || n != len(major) || major[0] == '0' {
			return fmt.Errorf("invalid package path %q: '@' must be followed by a major version number at the end", path)
		}
	}
	return nil
}
