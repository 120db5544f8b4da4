// Package subdiv holds the subdivision and exchange rules for linear nests
// of map and reduce over index spaces (Berényi, Leitereg, Lehel: "Towards
// scalable pattern-based optimization for dense linear algebra"), and an
// enumerator of the loop-order variants of a nest in Steinhaus–Johnson–
// Trotter order.
//
// A nest is a list of levels, outermost first, each a map or a reduction
// binding one index, around a scalar body that reads arrays through views.
// Matrix-vector multiplication is
//
//	map_i reduce_j(+) A[i,j] * x[j]
//
// A view is the seed's strided layout a^((e1,s1),…,(ek,sk)): an offset and a
// list of dimensions (index, extent, stride). Like the seed's higher-order
// functions, every level consumes the outermost remaining dimension of the
// views it iterates over, so a view's dimensions must appear in the order of
// the levels that bind them. That is why exchanging two levels must flip the
// matching dimensions of every view (the seed's flip): the interpreter
// refuses a view whose dimensions are out of nest order instead of silently
// reading the right element by name.
//
// Subdivision splits an index into a block index and an offset (the seed's
// subdiv), exchange swaps adjacent levels (map/map, map/reduce with the
// reduction operator lifted to arrays, reduce/reduce for one associative and
// commutative operator). Tiling builds on Subdivide and Exchange; Variants
// enumerates loop orders by adjacent exchanges only, so that every variant is
// derived by the rules rather than constructed.
package subdiv

import (
	"fmt"
	"strings"
)

// Kind is the kind of a level.
type Kind int

// Level kinds.
const (
	Map Kind = iota
	Reduce
)

func (k Kind) String() string {
	if k == Map {
		return "map"
	}
	return "reduce"
}

// Op is a binary scalar operator with the algebraic facts the guards need.
type Op struct {
	Name        string
	Assoc, Comm bool
	F           func(a, b float64) float64
}

// The operators.
var (
	Add = &Op{Name: "+", Assoc: true, Comm: true, F: func(a, b float64) float64 { return a + b }}
	Mul = &Op{Name: "*", Assoc: true, Comm: true, F: func(a, b float64) float64 { return a * b }}
	Max = &Op{Name: "max", Assoc: true, Comm: true, F: func(a, b float64) float64 { return max(a, b) }}
	// Sub is neither associative nor commutative: guards must refuse it.
	Sub = &Op{Name: "-", F: func(a, b float64) float64 { return a - b }}
)

// Level is one level of a nest: a map or a reduction (with its operator)
// over Index in [0, Extent). Origin is the index of the original nest the
// level descends from: subdividing k gives levels k_b and k_o of origin k.
type Level struct {
	Kind   Kind
	Index  string
	Origin string
	Extent int
	Op     *Op
}

// Dim is one dimension of a view: which index walks it, its extent and its
// stride in the flat array.
type Dim struct {
	Index  string
	Extent int
	Stride int
}

// View is a strided view of a flat array, dimensions in nest order.
type View struct {
	Array  string
	Offset int
	Dims   []Dim
}

// Expr is the scalar body of a nest.
type Expr interface{ bodyNode() }

// Read reads element of view Views[V] at the indices of the enclosing levels.
type Read struct{ V int }

// Bin is A op B.
type Bin struct {
	Op   *Op
	A, B Expr
}

func (Read) bodyNode() {}
func (Bin) bodyNode()  {}

// Nest is a linear nest of maps and reductions around Body. The result has
// one dimension per map level, in nest order, and is written through Out into
// an array of OutLen elements.
type Nest struct {
	Levels []Level
	Views  []View
	Body   Expr
	Out    View
	OutLen int
}

func (n *Nest) clone() *Nest {
	c := &Nest{Levels: append([]Level(nil), n.Levels...), Body: n.Body, OutLen: n.OutLen}
	for _, v := range n.Views {
		c.Views = append(c.Views, v.clone())
	}
	c.Out = n.Out.clone()
	return c
}

func (v View) clone() View {
	return View{Array: v.Array, Offset: v.Offset, Dims: append([]Dim(nil), v.Dims...)}
}

// Order is the loop order of a nest as the seed counts it: the kind and the
// origin of every level, outermost first (map_i reduce_k reduce_k map_j).
// Two levels from one subdivided index print alike, because the seed does
// "not differentiate between the two rnzs".
func (n *Nest) Order() string {
	parts := make([]string, len(n.Levels))
	for i, l := range n.Levels {
		parts[i] = l.Kind.String() + "_" + l.Origin
	}
	return strings.Join(parts, " ")
}

// String prints the nest: its levels, then the body with every view.
//
//	map_i[4] reduce_j[6](+) A[i:4*6, j:6*1] * x[j:6*1]  →  out[i:4*1]
func (n *Nest) String() string {
	var b strings.Builder
	for _, l := range n.Levels {
		fmt.Fprintf(&b, "%s_%s[%d]", l.Kind, l.Index, l.Extent)
		if l.Kind == Reduce {
			fmt.Fprintf(&b, "(%s)", l.Op.Name)
		}
		b.WriteString(" ")
	}
	b.WriteString(n.bodyString(n.Body, false))
	b.WriteString("  →  ")
	b.WriteString(n.Out.String())
	return b.String()
}

func (n *Nest) bodyString(e Expr, paren bool) string {
	switch e := e.(type) {
	case Read:
		return n.Views[e.V].String()
	case Bin:
		s := n.bodyString(e.A, true) + " " + e.Op.Name + " " + n.bodyString(e.B, true)
		if paren {
			s = "(" + s + ")"
		}
		return s
	}
	return "?"
}

// String prints a view as array[index:extent*stride, …] (+offset).
func (v View) String() string {
	parts := make([]string, len(v.Dims))
	for i, d := range v.Dims {
		parts[i] = fmt.Sprintf("%s:%d*%d", d.Index, d.Extent, d.Stride)
	}
	s := v.Array + "[" + strings.Join(parts, ", ") + "]"
	if v.Offset != 0 {
		s += fmt.Sprintf("+%d", v.Offset)
	}
	return s
}

// Validate checks a nest: distinct indices, positive extents, reductions
// with an operator, every view dimension bound by a level with the same
// extent, views in nest order, and the output view walking exactly the map
// levels in nest order.
func (n *Nest) Validate() error {
	pos := map[string]int{}
	for i, l := range n.Levels {
		if _, dup := pos[l.Index]; dup {
			return fmt.Errorf("index %s bound twice", l.Index)
		}
		if l.Extent <= 0 {
			return fmt.Errorf("level %s has extent %d", l.Index, l.Extent)
		}
		if l.Kind == Reduce && l.Op == nil {
			return fmt.Errorf("reduction over %s has no operator", l.Index)
		}
		pos[l.Index] = i
	}
	check := func(v View) error {
		last := -1
		for _, d := range v.Dims {
			p, ok := pos[d.Index]
			if !ok {
				return fmt.Errorf("view %s: index %s is not bound", v, d.Index)
			}
			if n.Levels[p].Extent != d.Extent {
				return fmt.Errorf("view %s: extent of %s is %d, level says %d", v, d.Index, d.Extent, n.Levels[p].Extent)
			}
			if p <= last {
				return fmt.Errorf("view %s: dimensions out of nest order (a flip is missing)", v)
			}
			last = p
		}
		return nil
	}
	for _, v := range n.Views {
		if err := check(v); err != nil {
			return err
		}
	}
	if err := check(n.Out); err != nil {
		return err
	}
	var maps []string
	for _, l := range n.Levels {
		if l.Kind == Map {
			maps = append(maps, l.Index)
		}
	}
	if len(maps) != len(n.Out.Dims) {
		return fmt.Errorf("output view %s must walk the %d map levels", n.Out, len(maps))
	}
	for i, d := range n.Out.Dims {
		if d.Index != maps[i] {
			return fmt.Errorf("output view %s: dimension %d is %s, the map level is %s", n.Out, i, d.Index, maps[i])
		}
	}
	return nil
}
