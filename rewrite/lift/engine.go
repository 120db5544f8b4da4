package lift

import (
	"fmt"
	"sort"
	"strings"
)

// Params are the numeric choices a rule leaves open (split size, vector
// width, dimension, iteration count); the search or a script supplies them.
type Params map[string]Size

// size returns a required parameter.
func (p Params) size(name string) (Size, error) {
	s, ok := p[name]
	if !ok || s.IsZero() {
		return Size{}, fmt.Errorf("parameter %q missing", name)
	}
	return s, nil
}

// intParam returns an integer parameter, def when absent.
func (p Params) intParam(name string, def int) (int, error) {
	s, ok := p[name]
	if !ok {
		return def, nil
	}
	c, ok := s.IsConst()
	if !ok {
		return 0, fmt.Errorf("parameter %q must be a constant, is %s", name, s)
	}
	return int(c), nil
}

// String prints parameters in a stable order: {dim=0, n=128}.
func (p Params) String() string {
	if len(p) == 0 {
		return ""
	}
	var keys []string
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + p[k].String()
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// Site is where a rule is tried: the node at Path, the composition it is an
// element of (so rules over "f ∘ g" can see the next function), its input
// type and its context (the nodes enclosing it, outermost first).
type Site struct {
	Root    Expr
	Path    Path
	Node    Expr
	Parent  *Compose // nil when Node is not an element of a composition
	Index   int      // Node's index in Parent
	Context []Expr   // enclosing nodes from the root, excluding Node
	types   map[string]Type
}

// Next returns the k-th function after Node in its composition (k = 1 is the
// function applied just before Node), or nil.
func (s *Site) Next(k int) Expr {
	if s.Parent == nil || s.Index+k >= len(s.Parent.Fs) {
		return nil
	}
	return s.Parent.Fs[s.Index+k]
}

// In returns the input type of Node, or nil if the expression did not
// type-check there.
func (s *Site) In() Type { return s.types[s.Path.String()] }

// InOfNext returns the input type of Next(k).
func (s *Site) InOfNext(k int) Type {
	p := append(append(Path(nil), s.Path[:len(s.Path)-1]...), s.Index+k)
	return s.types[p.String()]
}

// frames is the OpenCL nesting context of Node.
func (s *Site) frames() []frame {
	var fs []frame
	for _, e := range s.Context {
		if f, ok := frameOf(e); ok {
			fs = append(fs, f)
		}
	}
	return fs
}

// enclosing is the node Node is directly the argument of, or nil at the root
// or inside a composition.
func (s *Site) enclosing() Expr {
	if len(s.Context) == 0 || s.Parent != nil {
		return nil
	}
	return s.Context[len(s.Context)-1]
}

// Rule is a rewrite rule as data: a name, the figure of the ICFP paper it
// comes from, the rule in the paper's notation, the pattern (Match: the
// shape of the node and, for rules over compositions, of the Width-1
// functions after it), the guard (side conditions on types, algebraic
// properties, context and parameters) and the replacement of the Width
// matched functions.
type Rule struct {
	Name    string
	Fig     string
	Doc     string
	Width   int
	Params  []string
	Match   func(s *Site) bool
	Guard   func(s *Site, p Params) error
	Rewrite func(s *Site, p Params) []Expr
}

// NewSite builds the site of the node at path p of root, whose input has type
// in.
func NewSite(root Expr, in Type, p Path) (*Site, error) {
	node, err := At(root, p)
	if err != nil {
		return nil, err
	}
	types, _ := inputTypes(root, in) // a partial map still serves the guards
	s := &Site{Root: root, Path: append(Path(nil), p...), Node: node, types: types}
	e := root
	for _, i := range p {
		s.Context = append(s.Context, e)
		e = children(e)[i]
	}
	if len(p) > 0 {
		if c, ok := s.Context[len(s.Context)-1].(*Compose); ok {
			s.Parent = c
			s.Index = p[len(p)-1]
			s.Context = s.Context[:len(s.Context)-1] // a composition is not a nesting level
		}
	}
	return s, nil
}

// Matches reports whether the rule's pattern and guard hold at s with p.
func (r *Rule) Matches(s *Site, p Params) error {
	if !r.Match(s) {
		return fmt.Errorf("rule %s: pattern does not match %s at %s", r.Name, Print(s.Node), s.Path)
	}
	for _, name := range r.Params {
		if _, ok := p[name]; !ok {
			return fmt.Errorf("rule %s: parameter %q missing", r.Name, name)
		}
	}
	if r.Guard != nil {
		if err := r.Guard(s, p); err != nil {
			return fmt.Errorf("rule %s at %s: %v", r.Name, s.Path, err)
		}
	}
	return nil
}

// Apply rewrites root (a function of input type in) with rule r at path. The
// result must type-check to the same type (address spaces aside) and keep
// the OpenCL nesting legal; a rule that would break either is refused.
func (r *Rule) Apply(root Expr, in Type, path Path, p Params) (Expr, error) {
	s, err := NewSite(root, in, path)
	if err != nil {
		return nil, err
	}
	if err := r.Matches(s, p); err != nil {
		return nil, err
	}
	out, err := replace(root, path, r.Width, r.Rewrite(s, p))
	if err != nil {
		return nil, err
	}
	before, err := TypeOf(root, in)
	if err != nil {
		return nil, fmt.Errorf("rule %s: expression before does not type-check: %v", r.Name, err)
	}
	after, err := TypeOf(out, in)
	if err != nil {
		return nil, fmt.Errorf("rule %s at %s: result does not type-check: %v\n  %s", r.Name, path, err, Print(out))
	}
	if !sameType(before, after) {
		return nil, fmt.Errorf("rule %s at %s: type changes from %s to %s", r.Name, path, FormatType(before), FormatType(after))
	}
	if err := CheckNesting(out); err != nil {
		return nil, fmt.Errorf("rule %s at %s: %v", r.Name, path, err)
	}
	return out, nil
}

// Lookup finds a rule of Rules by name.
func Lookup(name string) (*Rule, error) {
	for _, r := range Rules() {
		if r.Name == name {
			return r, nil
		}
	}
	return nil, fmt.Errorf("no rule %q", name)
}

// Rules lists the algorithmic rules (Fig. 6, then fcc's for scans and
// histograms) and then the lowering rules (Fig. 7, then fcc's for scans
// and histograms).
func Rules() []*Rule {
	rs := append(append(append([]*Rule(nil), Algorithmic...), rulesScanAlgorithmic...), rulesHistAlgorithmic...)
	return append(append(append(rs, Lowering...), rulesScanLowering...), rulesHistLowering...)
}

// Candidate is a rule that can fire at a path. Rules without parameters are
// checked in full (pattern and guard, default dimension 0); for rules with
// parameters only the pattern is, since the guard depends on the values a
// search will choose.
type Candidate struct {
	Rule *Rule
	Path Path
}

// Candidates lists the rules of rules that can fire somewhere in e, in
// pre-order of the paths: the moves a search can choose from.
func Candidates(e Expr, in Type, rules []*Rule) []Candidate {
	var out []Candidate
	for _, p := range Paths(e) {
		s, err := NewSite(e, in, p)
		if err != nil {
			continue
		}
		for _, r := range rules {
			if !r.Match(s) {
				continue
			}
			if len(r.Params) == 0 && r.Matches(s, Params{}) != nil {
				continue
			}
			out = append(out, Candidate{Rule: r, Path: p})
		}
	}
	return out
}

// Step is one rewrite of a derivation, or a rule the derivation tried
// and its guard or pattern refused (Refused set, After unchanged).
type Step struct {
	Rule    *Rule
	Path    Path
	Params  Params
	After   Expr
	Refused error
}

// Derivation is a scripted sequence of rewrites from a start expression.
type Derivation struct {
	Name  string
	In    Type
	Start Expr
	Steps []Step
}

// NewDerivation starts a derivation of e, a function of input type in.
func NewDerivation(name string, e Expr, in Type) (*Derivation, error) {
	if _, err := TypeOf(e, in); err != nil {
		return nil, err
	}
	return &Derivation{Name: name, In: in, Start: e}, nil
}

// Current is the expression after the last step.
func (d *Derivation) Current() Expr {
	if len(d.Steps) == 0 {
		return d.Start
	}
	return d.Steps[len(d.Steps)-1].After
}

// Apply rewrites the current expression with the named rule at path.
func (d *Derivation) Apply(rule string, path Path, p Params) error {
	r, err := Lookup(rule)
	if err != nil {
		return err
	}
	out, err := r.Apply(d.Current(), d.In, path, p)
	if err != nil {
		return err
	}
	d.Steps = append(d.Steps, Step{Rule: r, Path: path, Params: p, After: out})
	return nil
}

// Try is Apply for a step a derivation may do without: when the rule
// refuses, the refusal is recorded (it explains the derivation's shape,
// as a reorder refused for a non-commutative operator does) and Try
// reports false. An unknown rule name is still an error.
func (d *Derivation) Try(rule string, path Path, p Params) (bool, error) {
	r, err := Lookup(rule)
	if err != nil {
		return false, err
	}
	if err := d.Apply(rule, path, p); err != nil {
		d.Steps = append(d.Steps, Step{Rule: r, Path: path, Params: p, After: d.Current(), Refused: err})
		return false, nil
	}
	return true, nil
}

// String prints the derivation as the paper prints Fig. 10: the start, then
// for every step the rule (with its figure), where it applied, its
// parameters, and the expression after it.
func (d *Derivation) String() string {
	var b strings.Builder
	out, _ := TypeOf(d.Start, d.In)
	fmt.Fprintf(&b, "%s : %s → %s\n", d.Name, FormatType(d.In), FormatType(out))
	fmt.Fprintf(&b, "%s =\n      %s\n", d.Name, Print(d.Start))
	n := 0
	for _, st := range d.Steps {
		if st.Refused != nil {
			fmt.Fprintf(&b, "    (not %s: %v)\n", st.Rule.Name, st.Refused)
			continue
		}
		n++
		fmt.Fprintf(&b, "(%d) →%s %s at %s", n, st.Rule.Fig, st.Rule.Name, st.Path)
		if ps := st.Params.String(); ps != "" {
			fmt.Fprintf(&b, " %s", ps)
		}
		fmt.Fprintf(&b, "\n      %s\n", Print(st.After))
	}
	return b.String()
}

// LowLevel reports the first pattern in e that code generation does not
// know (Fig. 6 and 7 print them in roman, the others in bold): a high-level
// map or reduce, part-red, reorder, iterate of anything but low-level
// patterns, or nil when e is fully lowered.
func LowLevel(e Expr) error {
	switch n := e.(type) {
	case *Map:
		if n.Kind == MapHigh {
			return fmt.Errorf("high-level %s", Print(n))
		}
	case *Reduce:
		if !n.lowLevel() {
			return fmt.Errorf("high-level %s", Print(n))
		}
	case *Scan:
		if !n.Seq {
			return fmt.Errorf("high-level %s", Print(n))
		}
	case *Propagate:
		if n.Level == PropagateHigh {
			return fmt.Errorf("high-level %s", Print(n))
		}
	case *Hist:
		if n.Level == HistHigh {
			return fmt.Errorf("high-level %s", Print(n))
		}
	case *Merge:
		if !n.Global {
			return fmt.Errorf("high-level %s", Print(n))
		}
	case *PartRed, *Reorder:
		return fmt.Errorf("high-level %s", Print(n))
	}
	for _, c := range children(e) {
		if err := LowLevel(c); err != nil {
			return err
		}
	}
	return nil
}
