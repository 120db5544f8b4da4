package difftest

import (
	"github.com/fcclang/fcc/runtime/values"
)

// Shrink reduces a failing function while check still reports a failure
// with the same Key: it drops statements and results, replaces
// subexpressions by literals or by their own subexpressions, shrinks the
// sizes n and m and zeroes input values. It tries at most budget
// candidates and returns the smallest failing function with its failure.
func Shrink(f *Func, fl *Failure, check func(*Func) *Failure, budget int) (*Func, *Failure) {
	key := fl.Key()
	tries := 0
	try := func(c *Func) bool {
		if c == nil || tries >= budget {
			return false
		}
		tries++
		if got := check(c); got != nil && got.Key() == key {
			f, fl = c, got
			return true
		}
		return false
	}
	for progress := true; progress && tries < budget; {
		progress = false
		for _, cand := range candidates(f) {
			if try(cand()) {
				progress = true
				break
			}
			if tries >= budget {
				break
			}
		}
	}
	return f, fl
}

// candidates lists the simplifications of f, roughly largest first; each
// makes a new function (or nil when it does not apply).
func candidates(f *Func) []func() *Func {
	var cs []func() *Func
	// Drop statements: uses of the variable become the simplest value of
	// its type.
	for i := range f.Stmts {
		cs = append(cs, func() *Func { return dropStmt(f, i) })
	}
	// Drop results.
	for i := range f.Results {
		if len(f.Results) > 1 {
			cs = append(cs, func() *Func {
				c := f.Clone()
				c.Results = append(c.Results[:i:i], c.Results[i+1:]...)
				return c
			})
		}
	}
	// Smaller sizes.
	for _, nm := range [][2]int64{{0, f.M}, {f.N, 0}, {1, f.M}, {f.N, 1}, {f.N / 2, f.M}, {f.N, f.M / 2}, {f.N - 1, f.M}, {f.N, f.M - 1}} {
		if nm[0] >= 0 && nm[1] >= 0 && (nm[0] < f.N || nm[1] < f.M) {
			cs = append(cs, func() *Func { return resize(f, nm[0], nm[1]) })
		}
	}
	// Replace subexpressions, top-down.
	total := 0
	for _, s := range f.Stmts {
		total += s.E.Size()
	}
	for k := 0; k < total; k++ {
		cs = append(cs, func() *Func { return replaceNode(f, k, -1) })
		for j := 0; j < 4; j++ {
			cs = append(cs, func() *Func { return replaceNode(f, k, j) })
		}
	}
	// Simpler inputs.
	for i := range f.Inputs {
		cs = append(cs, func() *Func { return zeroInput(f, i, -1) })
		n := f.Inputs[i].Len()
		if f.Inputs[i].Rank() == 0 {
			n = 1
		}
		for e := int64(0); e < n && e < 16; e++ {
			cs = append(cs, func() *Func { return zeroInput(f, i, e) })
		}
	}
	return cs
}

// dropStmt removes statement i, replacing the uses of its variable.
func dropStmt(f *Func, i int) *Func {
	c := f.Clone()
	s := c.Stmts[i]
	var results []string
	for _, r := range c.Results {
		if r != s.Name {
			results = append(results, r)
		}
	}
	if len(results) == 0 {
		return nil
	}
	c.Results = results
	c.Stmts = append(c.Stmts[:i:i], c.Stmts[i+1:]...)
	for j := range c.Stmts {
		c.Stmts[j].E = substVar(c.Stmts[j].E, s.Name, s.E.T)
	}
	return c
}

// substVar replaces the variable name by the simplest value of type t.
func substVar(n *Node, name string, t Type) *Node {
	if n.Kind == KVar && n.Name == name {
		return simplest(t)
	}
	for i, k := range n.Kids {
		n.Kids[i] = substVar(k, name, t)
	}
	return n
}

// simplest returns a zero of type t, replicated for arrays.
func simplest(t Type) *Node {
	if t.Rank() == 0 {
		return &Node{Kind: KLit, T: t, Lit: zero(t.Elem)}
	}
	return &Node{Kind: KReplicate, T: t, Kids: []*Node{simplest(t.Row())}}
}

// isSimplest reports whether n is already what simplest gives.
func isSimplest(n *Node) bool {
	switch n.Kind {
	case KLit:
		return n.Lit == zero(n.T.Elem)
	case KReplicate:
		return isSimplest(n.Kids[0])
	}
	return false
}

// replaceNode replaces the k-th node (pre-order over all statements) by
// the simplest value of its type (j < 0), or by its j-th child when that
// has the same type. It returns nil when the replacement does not apply.
func replaceNode(f *Func, k, j int) *Func {
	c := f.Clone()
	slot := nodeSlot(c, k)
	if slot == nil {
		return nil
	}
	n := *slot
	switch {
	case j < 0:
		if isSimplest(n) || n.Kind == KVar && n.T.Rank() > 0 {
			return nil
		}
		*slot = simplest(n.T)
	case j < len(n.Kids) && n.Kids[j].T.Equal(n.T):
		*slot = n.Kids[j]
	case j == 0 && n.Kind == KLit && n.Lit != litInt(n.T.Elem, 1) && n.T.Elem != values.Bool && !isSimplest(n):
		*slot = &Node{Kind: KLit, T: n.T, Lit: litInt(n.T.Elem, 1)}
	default:
		return nil
	}
	return c
}

// nodeSlot returns the place that holds the k-th node of f in pre-order.
func nodeSlot(f *Func, k int) **Node {
	var walk func(p **Node) **Node
	walk = func(p **Node) **Node {
		if k == 0 {
			return p
		}
		k--
		for i := range (*p).Kids {
			if r := walk(&(*p).Kids[i]); r != nil {
				return r
			}
		}
		return nil
	}
	for i := range f.Stmts {
		if r := walk(&f.Stmts[i].E); r != nil {
			return r
		}
	}
	return nil
}

// resize makes the inputs n by m, keeping the leading elements.
func resize(f *Func, n, m int64) *Func {
	c := f.Clone()
	c.N, c.M = n, m
	for i, p := range c.Params {
		old := c.Inputs[i]
		if p.T.Rank() == 0 {
			continue
		}
		var shape []int64
		for _, d := range p.T.Dims {
			if d == "n" {
				shape = append(shape, n)
			} else {
				shape = append(shape, m)
			}
		}
		v := values.NewArray(old.Type, shape)
		count := v.Len()
		if p.T.Rank() == 1 {
			for e := int64(0); e < count; e++ {
				setElem(v, e, getElem(old, e))
			}
		} else {
			for r := int64(0); r < shape[0]; r++ {
				for col := int64(0); col < shape[1]; col++ {
					setElem(v, r*shape[1]+col, getElem(old, r*old.Shape[1]+col))
				}
			}
		}
		c.Inputs[i] = v
	}
	return c
}

// zeroInput sets element e of input i (every element when e < 0) to zero.
func zeroInput(f *Func, i int, e int64) *Func {
	old := f.Inputs[i]
	count := old.Len()
	if old.Rank() == 0 {
		count = 1
	}
	if e >= count {
		return nil
	}
	v := values.NewArray(old.Type, old.Shape)
	changed := false
	for k := int64(0); k < count; k++ {
		x := getElem(old, k)
		if (e < 0 || k == e) && x != 0 {
			x = 0
			changed = true
		}
		setElem(v, k, x)
	}
	if !changed {
		return nil
	}
	c := f.Clone()
	c.Inputs[i] = v
	return c
}

// getElem returns element i of a as an int64 (floats, which are integer
// valued here, converted; unsigned values by their bits).
func getElem(a values.Value, i int64) int64 {
	switch d := a.Data.(type) {
	case []bool:
		if d[i] {
			return 1
		}
		return 0
	case []int8:
		return int64(d[i])
	case []int16:
		return int64(d[i])
	case []int32:
		return int64(d[i])
	case []int64:
		return d[i]
	case []uint8:
		return int64(d[i])
	case []uint16:
		return int64(d[i])
	case []uint32:
		return int64(d[i])
	case []uint64:
		return int64(d[i])
	case []float32:
		return int64(d[i])
	case []float64:
		return int64(d[i])
	}
	return 0
}
