package difftest

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// Type is the type of a generated expression: a primitive type with zero
// or more dimensions, each named by one of the entry point's size
// parameters ("n" or "m").
type Type struct {
	Elem values.PrimType
	Dims []string
}

// Rank is the number of dimensions.
func (t Type) Rank() int { return len(t.Dims) }

// Row is the type of an element of an array of type t.
func (t Type) Row() Type { return Type{t.Elem, t.Dims[1:]} }

// Equal reports whether two types are the same.
func (t Type) Equal(u Type) bool {
	if t.Elem != u.Elem || len(t.Dims) != len(u.Dims) {
		return false
	}
	for i := range t.Dims {
		if t.Dims[i] != u.Dims[i] {
			return false
		}
	}
	return true
}

// String writes the type in Futhark syntax: "[n][m]f32".
func (t Type) String() string {
	var b strings.Builder
	for _, d := range t.Dims {
		fmt.Fprintf(&b, "[%s]", d)
	}
	b.WriteString(t.Elem.String())
	return b.String()
}

// Kind is the kind of a Node.
type Kind int

// The kinds of expression nodes. The comment gives each node's children
// and how it is written.
const (
	KLit       Kind = iota // Lit
	KVar                   // Name
	KBin                   // Op, Kids[a, b]: binary operator or min/max
	KUn                    // Op ("neg", "!", "abs"), Kids[a]
	KConv                  // Kids[a]: T.Elem.<a's type> a, guarded
	KIf                    // Kids[cond, then, else]
	KReduce                // Op, Kids[ne, arr]: reduce op ne arr
	KScan                  // Op, Kids[ne, arr]: scan op ne arr
	KMap                   // Params, Kids[body, arrs...]: mapK (\params -> body) arrs
	KIota                  // T.Dims[0]: iota d
	KReplicate             // Kids[x]: replicate d x
	KHist                  // Op, Kids[dest, ne, is, vs]: reduce_by_index (copy dest) op ne is vs
	KScatter               // Params[i], Step, Off, Kids[dest, cond, vs]: scatter with unique indices
	KLoop                  // Params[acc, i], Kids[init, bound, body]
	KIndex                 // Kids[arr, idx...]: guarded indexing
	// KMatch builds a value of the sum type #a T1 | #b T2 | #c (T1, T2
	// the types of pa and pb) and matches on it; Params[x, y] are bound
	// to the payloads in caseA and caseB. With Lit set (an integer
	// literal of type T1), a first case #a Lit gives caseLit.
	KMatch // Params[x, y], Lit, Kids[c1, c2, pa, pb, caseA, caseB, caseC, caseLit?]
)

// Node is an expression of a generated program. Nodes are trees (never
// shared), so a shrinker can replace any of them.
type Node struct {
	Kind   Kind
	T      Type
	Op     string
	Lit    string
	Name   string
	Params []string
	Step   int64 // KScatter: index i goes to i*Step+Off
	Off    int64
	Kids   []*Node
}

// Clone copies a node tree.
func (n *Node) Clone() *Node {
	c := *n
	c.Params = append([]string(nil), n.Params...)
	c.Kids = make([]*Node, len(n.Kids))
	for i, k := range n.Kids {
		c.Kids[i] = k.Clone()
	}
	return &c
}

// Size is the number of nodes in the tree.
func (n *Node) Size() int {
	s := 1
	for _, k := range n.Kids {
		s += k.Size()
	}
	return s
}

// Param is an entry point parameter.
type Param struct {
	Name string
	T    Type
}

// Stmt is one let binding of a function body.
type Stmt struct {
	Name string
	E    *Node
}

// Func is one generated entry point with its input: the function
// [n][m] (params) = let stmts in (results), and values for n, m and the
// parameters.
type Func struct {
	Name    string
	Params  []Param
	Stmts   []Stmt
	Results []string
	N, M    int64
	Inputs  []values.Value
}

// Clone copies a function deeply (inputs are copied as values; their
// data is replaced, never modified in place).
func (f *Func) Clone() *Func {
	c := *f
	c.Params = append([]Param(nil), f.Params...)
	c.Stmts = make([]Stmt, len(f.Stmts))
	for i, s := range f.Stmts {
		c.Stmts[i] = Stmt{s.Name, s.E.Clone()}
	}
	c.Results = append([]string(nil), f.Results...)
	c.Inputs = append([]values.Value(nil), f.Inputs...)
	return &c
}

// Size is the number of expression nodes of the body.
func (f *Func) Size() int {
	s := 0
	for _, st := range f.Stmts {
		s += st.E.Size()
	}
	return s
}

// Source writes the function as a Futhark entry point.
func (f *Func) Source() string {
	var b strings.Builder
	fmt.Fprintf(&b, "entry %s [n][m]", f.Name)
	for _, p := range f.Params {
		fmt.Fprintf(&b, " (%s: %s)", p.Name, p.T)
	}
	b.WriteString(" =\n")
	for _, s := range f.Stmts {
		fmt.Fprintf(&b, "  let %s = %s\n", s.Name, render(s.E))
	}
	if len(f.Results) == 1 {
		fmt.Fprintf(&b, "  in %s\n", f.Results[0])
	} else {
		fmt.Fprintf(&b, "  in (%s)\n", strings.Join(f.Results, ", "))
	}
	return b.String()
}

// InputText writes the function's arguments in Futhark's text format,
// one per line.
func (f *Func) InputText() string {
	parts := make([]string, len(f.Inputs))
	for i, v := range f.Inputs {
		parts[i] = v.String()
	}
	return strings.Join(parts, "\n")
}

// Program writes several functions as one program.
func Program(fs []*Func) string {
	var b strings.Builder
	for i, f := range fs {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(f.Source())
	}
	return b.String()
}

// lit writes a literal of primitive type t whose value is x (integers and
// booleans) or fx (floats).
func litInt(t values.PrimType, x int64) string {
	switch {
	case t == values.Bool:
		if x != 0 {
			return "true"
		}
		return "false"
	case t.IsFloat():
		if x < 0 {
			return fmt.Sprintf("(%d%s)", x, t)
		}
		return fmt.Sprintf("%d%s", x, t)
	case t.IsUnsigned():
		return fmt.Sprintf("%d%s", uint64(x)&mask(t), t)
	default:
		if x < 0 {
			return fmt.Sprintf("(%d%s)", x, t)
		}
		return fmt.Sprintf("%d%s", x, t)
	}
}

func mask(t values.PrimType) uint64 {
	if t.Size() == 8 {
		return ^uint64(0)
	}
	return 1<<(8*uint(t.Size())) - 1
}

// zero is the simplest literal of a scalar type.
func zero(t values.PrimType) string { return litInt(t, 0) }

// defaultExpr writes the simplest expression of type t: a zero, or a
// replicate of one.
func defaultExpr(t Type) string {
	s := zero(t.Elem)
	for i := len(t.Dims) - 1; i >= 0; i-- {
		s = fmt.Sprintf("(replicate %s %s)", t.Dims[i], s)
	}
	return s
}

// opFun writes a reduction or scan operator as a function.
func opFun(op string, t values.PrimType) string {
	switch op {
	case "min", "max":
		return t.String() + "." + op
	}
	return "(" + op + ")"
}

// render writes an expression in Futhark syntax. Every compound
// expression is parenthesised, so precedence never matters.
func render(n *Node) string {
	k := n.Kids
	switch n.Kind {
	case KLit:
		return n.Lit
	case KVar:
		return n.Name
	case KBin:
		a, b := render(k[0]), render(k[1])
		t := k[0].T.Elem
		switch n.Op {
		case "min", "max":
			return fmt.Sprintf("(%s.%s %s %s)", t, n.Op, a, b)
		case "/", "%", "//", "%%":
			// The divisor is 1..8: never zero, never -1.
			return fmt.Sprintf("(%s %s ((%s & %s) + %s))", a, n.Op, b, litInt(t, 7), litInt(t, 1))
		case "<<", ">>":
			return fmt.Sprintf("(%s %s (%s & %s))", a, n.Op, b, litInt(t, 7))
		}
		return fmt.Sprintf("(%s %s %s)", a, n.Op, b)
	case KUn:
		a := render(k[0])
		switch n.Op {
		case "neg":
			return fmt.Sprintf("(-%s)", a)
		case "abs":
			return fmt.Sprintf("(%s.abs %s)", n.T.Elem, a)
		}
		return fmt.Sprintf("(%s%s)", n.Op, a)
	case KConv:
		from, to := k[0].T.Elem, n.T.Elem
		a := render(k[0])
		switch {
		case from.IsFloat() && to.IsInt():
			lo := int64(-100)
			if to.IsUnsigned() {
				lo = 0
			}
			a = fmt.Sprintf("(%s.max %s (%s.min %s %s))", from, litInt(from, lo), from, litInt(from, 100), a)
		case from.IsInt() && to.IsFloat():
			a = fmt.Sprintf("(%s %% %s)", a, litInt(from, 64))
		}
		return fmt.Sprintf("(%s.%s %s)", to, from, a)
	case KIf:
		return fmt.Sprintf("(if %s then %s else %s)", render(k[0]), render(k[1]), render(k[2]))
	case KReduce:
		return fmt.Sprintf("(reduce %s %s %s)", opFun(n.Op, k[0].T.Elem), render(k[0]), render(k[1]))
	case KScan:
		return fmt.Sprintf("(scan %s %s %s)", opFun(n.Op, k[0].T.Elem), render(k[0]), render(k[1]))
	case KMap:
		arrs := make([]string, len(k)-1)
		for i, a := range k[1:] {
			arrs[i] = render(a)
		}
		name := "map"
		if len(arrs) > 1 {
			name = fmt.Sprintf("map%d", len(arrs))
		}
		return fmt.Sprintf("(%s (\\%s -> %s) %s)", name, strings.Join(n.Params, " "), render(k[0]), strings.Join(arrs, " "))
	case KIota:
		return fmt.Sprintf("(iota %s)", n.T.Dims[0])
	case KReplicate:
		return fmt.Sprintf("(replicate %s %s)", n.T.Dims[0], render(k[0]))
	case KHist:
		return fmt.Sprintf("(reduce_by_index (copy %s) %s %s %s %s)", render(k[0]), opFun(n.Op, n.T.Elem), render(k[1]), render(k[2]), render(k[3]))
	case KScatter:
		i := n.Params[0]
		d := k[2].T.Dims[0]
		idx := fmt.Sprintf("(map (\\%s -> if %s then %s * %d + %d else -1) (iota %s))", i, render(k[1]), i, n.Step, n.Off, d)
		return fmt.Sprintf("(scatter (copy %s) %s %s)", render(k[0]), idx, render(k[2]))
	case KLoop:
		loop := fmt.Sprintf("(loop %s = %s for %s < %s do %s)", n.Params[0], render(k[0]), n.Params[1], render(k[1]), render(k[2]))
		if n.T.Rank() > 0 {
			// fcc gives array-valued loops existential sizes (unlike
			// Futhark when the size is invariant); the coercion keeps
			// them regular inside maps.
			loop = fmt.Sprintf("(%s :> %s)", loop, n.T)
		}
		return loop
	case KIndex:
		arr := render(k[0])
		var conds, idxs []string
		for j, ix := range k[1:] {
			d := k[0].T.Dims[j]
			conds = append(conds, fmt.Sprintf("%s > 0", d))
			idxs = append(idxs, fmt.Sprintf("%s %% %s", render(ix), d))
		}
		e := fmt.Sprintf("(if %s then %s[%s] else %s)", strings.Join(conds, " && "), arr, strings.Join(idxs, ", "), defaultExpr(n.T))
		if n.T.Rank() > 0 {
			e = fmt.Sprintf("(%s :> %s)", e, n.T)
		}
		return e
	case KMatch:
		sum := fmt.Sprintf("(#a %s | #b %s | #c)", k[2].T, k[3].T)
		v := fmt.Sprintf("((if %s then #a %s else if %s then #b %s else #c) : %s)", render(k[0]), render(k[2]), render(k[1]), render(k[3]), sum)
		var cases string
		if n.Lit != "" {
			cases = fmt.Sprintf(" case #a %s -> %s", n.Lit, render(k[7]))
		}
		return fmt.Sprintf("(match %s%s case #a %s -> %s case #b %s -> %s case #c -> %s)", v, cases, n.Params[0], render(k[4]), n.Params[1], render(k[5]), render(k[6]))
	}
	panic(fmt.Sprintf("difftest: unknown node kind %d", n.Kind))
}
