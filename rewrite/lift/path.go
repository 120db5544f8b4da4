package lift

import (
	"fmt"
	"strconv"
	"strings"
)

// Path addresses a node: the child indices from the root. Children are
// numbered as children lists them: the functions of a composition from the
// left, the function argument of a pattern (map's f, reduce's operator,
// iterate's f, to-local's f, a lambda's body) as 0, and for an application the
// function as 0 and the arguments from 1.
type Path []int

// String prints a path as 2.0.1; the root is ε.
func (p Path) String() string {
	if len(p) == 0 {
		return "ε"
	}
	parts := make([]string, len(p))
	for i, x := range p {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ".")
}

// ParsePath reads the form String writes.
func ParsePath(s string) (Path, error) {
	if s == "ε" || s == "" {
		return Path{}, nil
	}
	var p Path
	for _, part := range strings.Split(s, ".") {
		x, err := strconv.Atoi(part)
		if err != nil {
			return nil, fmt.Errorf("bad path %q", s)
		}
		p = append(p, x)
	}
	return p, nil
}

// Children returns the patterns and functions directly inside e, in the
// order paths number them.
func Children(e Expr) []Expr { return children(e) }

func children(e Expr) []Expr {
	switch e := e.(type) {
	case *Compose:
		return e.Fs
	case *Map:
		return []Expr{e.F}
	case *Reduce:
		return []Expr{e.Op}
	case *PartRed:
		return []Expr{e.Op}
	case *Scan:
		return []Expr{e.Op}
	case *Propagate:
		return []Expr{e.Op}
	case *Hist:
		return []Expr{e.Op}
	case *Merge:
		return []Expr{e.Op}
	case *Iterate:
		return []Expr{e.F}
	case *To:
		return []Expr{e.F}
	case *Lambda:
		return []Expr{e.Body}
	case *Apply:
		return append([]Expr{e.F}, e.Args...)
	}
	return nil
}

// withChild returns a copy of e whose child i is c.
func withChild(e Expr, i int, c Expr) Expr {
	switch e := e.(type) {
	case *Compose:
		fs := append([]Expr(nil), e.Fs...)
		fs[i] = c
		return Comp(fs...)
	case *Map:
		return &Map{Kind: e.Kind, Dim: e.Dim, F: c}
	case *Reduce:
		return &Reduce{Seq: e.Seq, Local: e.Local, Op: c, Init: e.Init}
	case *PartRed:
		return &PartRed{Op: c, Init: e.Init, Factor: e.Factor}
	case *Scan:
		return &Scan{Seq: e.Seq, Op: c, Init: e.Init}
	case *Propagate:
		return &Propagate{Level: e.Level, Op: c, Init: e.Init}
	case *Hist:
		return &Hist{Level: e.Level, Op: c, Init: e.Init, Bins: e.Bins}
	case *Merge:
		return &Merge{Global: e.Global, Op: c, Init: e.Init}
	case *Iterate:
		return &Iterate{N: e.N, F: c}
	case *To:
		return &To{Space: e.Space, F: c}
	case *Lambda:
		return &Lambda{Params: e.Params, Body: c}
	case *Apply:
		if i == 0 {
			return &Apply{F: c, Args: e.Args}
		}
		args := append([]Expr(nil), e.Args...)
		args[i-1] = c
		return &Apply{F: e.F, Args: args}
	}
	panic(fmt.Sprintf("lift: %T has no children", e))
}

// At returns the node at path p.
func At(root Expr, p Path) (Expr, error) {
	e := root
	for k, i := range p {
		cs := children(e)
		if i < 0 || i >= len(cs) {
			return nil, fmt.Errorf("path %s: %s has no child %d (at depth %d)", p, Print(e), i, k)
		}
		e = cs[i]
	}
	return e, nil
}

// replace substitutes repl for the width functions starting at path p. When
// the node is an element of a composition, repl is spliced into it (so an
// empty repl deletes the window, the identity); elsewhere repl is composed
// into one function.
func replace(root Expr, p Path, width int, repl []Expr) (Expr, error) {
	if len(p) == 0 {
		if width != 1 {
			return nil, fmt.Errorf("a window of %d functions needs a composition", width)
		}
		return Comp(repl...), nil
	}
	parentPath := p[:len(p)-1]
	parent, err := At(root, parentPath)
	if err != nil {
		return nil, err
	}
	i := p[len(p)-1]
	var newParent Expr
	if c, ok := parent.(*Compose); ok {
		if i+width > len(c.Fs) {
			return nil, fmt.Errorf("path %s: window of %d runs past the composition", p, width)
		}
		fs := append([]Expr(nil), c.Fs[:i]...)
		fs = append(fs, repl...)
		fs = append(fs, c.Fs[i+width:]...)
		newParent = Comp(fs...)
	} else {
		if width != 1 {
			return nil, fmt.Errorf("path %s: a window of %d functions needs a composition", p, width)
		}
		if i >= len(children(parent)) {
			return nil, fmt.Errorf("path %s: no such child", p)
		}
		newParent = withChild(parent, i, Comp(repl...))
	}
	return replaceNode(root, parentPath, newParent)
}

func replaceNode(root Expr, p Path, n Expr) (Expr, error) {
	if len(p) == 0 {
		return n, nil
	}
	parent, err := At(root, p[:len(p)-1])
	if err != nil {
		return nil, err
	}
	return replaceNode(root, p[:len(p)-1], withChild(parent, p[len(p)-1], n))
}

// Paths lists the paths of all nodes of e in pre-order.
func Paths(e Expr) []Path {
	var out []Path
	var walk func(Expr, Path)
	walk = func(e Expr, p Path) {
		out = append(out, append(Path(nil), p...))
		for i, c := range children(e) {
			walk(c, append(p, i))
		}
	}
	walk(e, Path{})
	return out
}

// frame is one level of the OpenCL nesting context: a parallel map kind with
// its dimension, or a sequential context (map-seq, map-vec, the operator of
// reduce-seq) inside which a single work-item runs.
type frame struct {
	kind MapKind
	dim  int
	seq  bool
}

func frameOf(e Expr) (frame, bool) {
	switch e := e.(type) {
	case *Map:
		switch {
		case e.Kind.parallel():
			return frame{kind: e.Kind, dim: e.Dim}, true
		case e.Kind == MapSeq || e.Kind == MapVec:
			return frame{seq: true}, true
		}
	case *Reduce:
		if e.Seq {
			return frame{seq: true}, true
		}
	case *Scan:
		if e.Seq {
			return frame{seq: true}, true
		}
	}
	return frame{}, false
}

// legalIn checks the OpenCL thread hierarchy (Fig. 7a with the context the
// paper says the implementation maintains): a map-workgroup only inside
// map-workgroups of other dimensions; a map-local only inside a
// map-workgroup, and inside map-locals of other dimensions only; a
// map-global only at the top level or inside map-globals of other
// dimensions. Nothing parallel runs inside a sequential context.
func legalIn(kind MapKind, dim int, ctx []frame) error {
	if !kind.parallel() {
		return nil
	}
	if dim < 0 || dim > 2 {
		return fmt.Errorf("%s: OpenCL has dimensions 0–2, not %d", kind, dim)
	}
	inWG := false
	for _, f := range ctx {
		switch {
		case f.seq:
			return fmt.Errorf("%s cannot run inside a sequential pattern", kind)
		case f.kind == MapWorkgroup:
			inWG = true
		}
		switch kind {
		case MapWorkgroup:
			if f.kind != MapWorkgroup {
				return fmt.Errorf("map-workgroup cannot nest inside %s", f.kind)
			}
		case MapLocal:
			if f.kind != MapWorkgroup && f.kind != MapLocal {
				return fmt.Errorf("map-local cannot nest inside %s", f.kind)
			}
		case MapGlobal:
			if f.kind != MapGlobal {
				return fmt.Errorf("map-global only at the top level, not inside %s", f.kind)
			}
		}
		if f.kind == kind && f.dim == dim {
			return fmt.Errorf("%s cannot nest inside %s of the same dimension %d", kind, f.kind, dim)
		}
	}
	if kind == MapLocal && !inWG {
		return fmt.Errorf("map-local needs an enclosing map-workgroup")
	}
	return nil
}

// checkNesting checks every map of e against the hierarchy, e sitting in
// context ctx.
func checkNesting(e Expr, ctx []frame) error {
	if m, ok := e.(*Map); ok {
		if err := legalIn(m.Kind, m.Dim, ctx); err != nil {
			return err
		}
	}
	if f, ok := frameOf(e); ok {
		ctx = append(append([]frame(nil), ctx...), f)
	}
	for _, c := range children(e) {
		if err := checkNesting(c, ctx); err != nil {
			return err
		}
	}
	return nil
}

// wholeWorkgroup is the guard of the patterns that the work-items of one
// work-group run together (what names the pattern): inside a
// map-workgroup, and not inside a map-local or a sequential pattern.
func wholeWorkgroup(s *Site, what string) error {
	inWG := false
	for _, f := range s.frames() {
		switch {
		case f.seq:
			return fmt.Errorf("%s must be run by a whole work-group, not inside a sequential pattern", what)
		case f.kind == MapLocal:
			return fmt.Errorf("%s must be run by a whole work-group, not inside a map-local", what)
		}
		inWG = inWG || f.kind == MapWorkgroup
	}
	if !inWG {
		return fmt.Errorf("%s must be inside a map-workgroup: local memory is a work-group's", what)
	}
	return nil
}

// allWorkgroups is the guard of the patterns that run over all of a
// kernel's work-groups (what names the pattern): outside every map of the
// thread hierarchy and every sequential pattern.
func allWorkgroups(s *Site, what string) error {
	if len(s.frames()) > 0 {
		return fmt.Errorf("%s runs over all work-groups: it is a kernel of its own, not nested in another pattern", what)
	}
	return nil
}

// CheckNesting reports the first violation of the OpenCL thread hierarchy in
// e, or nil.
func CheckNesting(e Expr) error { return checkNesting(e, nil) }
