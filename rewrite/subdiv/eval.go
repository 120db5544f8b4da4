package subdiv

import "fmt"

// tensor is the value of a sub-nest: one dimension per map level below, in
// nest order, row-major.
type tensor struct {
	shape []int
	data  []float64
}

type cursor struct {
	view   int
	offset int
	dims   []Dim // dimensions not yet consumed
}

// Eval runs a nest on flat arrays and returns the output array. It follows
// the higher-order-function semantics of the seed: a map level builds an
// array of the values of its body, a reduction folds them in index order
// with its operator lifted elementwise to arrays (zip op), and each level
// consumes the outermost remaining dimension of the views that depend on its
// index. A view whose next dimension belongs to a deeper level while a
// dimension of this level hides behind it is an error: it needs a flip.
func Eval(n *Nest, arrays map[string][]float64) ([]float64, error) {
	cs := make([]cursor, len(n.Views))
	for i, v := range n.Views {
		cs[i] = cursor{view: i, offset: v.Offset, dims: v.Dims}
	}
	t, err := evalLevel(n, 0, cs, arrays)
	if err != nil {
		return nil, err
	}
	out := make([]float64, n.OutLen)
	written := make([]bool, n.OutLen)
	// Write the result tensor through the output view, axis by axis.
	if len(n.Out.Dims) != len(t.shape) {
		return nil, fmt.Errorf("output view %s has %d dimensions, the result %d", n.Out, len(n.Out.Dims), len(t.shape))
	}
	maps := mapLevels(n)
	for a, d := range n.Out.Dims {
		if d.Index != maps[a] || d.Extent != t.shape[a] {
			return nil, fmt.Errorf("output view %s: axis %d is %s[%d], the result's is %s[%d] (a flip is missing)", n.Out, a, d.Index, d.Extent, maps[a], t.shape[a])
		}
	}
	idx := make([]int, len(t.shape))
	for k, x := range t.data {
		rem := k
		for a := len(t.shape) - 1; a >= 0; a-- {
			idx[a] = rem % t.shape[a]
			rem /= t.shape[a]
		}
		off := n.Out.Offset
		for a, d := range n.Out.Dims {
			off += idx[a] * d.Stride
		}
		if off < 0 || off >= len(out) {
			return nil, fmt.Errorf("output offset %d outside [0, %d)", off, len(out))
		}
		if written[off] {
			return nil, fmt.Errorf("output element %d written twice", off)
		}
		written[off], out[off] = true, x
	}
	return out, nil
}

func mapLevels(n *Nest) []string {
	var ms []string
	for _, l := range n.Levels {
		if l.Kind == Map {
			ms = append(ms, l.Index)
		}
	}
	return ms
}

func evalLevel(n *Nest, l int, cs []cursor, arrays map[string][]float64) (tensor, error) {
	if l == len(n.Levels) {
		for _, c := range cs {
			if len(c.dims) > 0 {
				return tensor{}, fmt.Errorf("view %s: dimension %s not consumed", n.Views[c.view], c.dims[0].Index)
			}
		}
		x, err := evalBody(n, n.Body, cs, arrays)
		return tensor{data: []float64{x}}, err
	}
	lv := n.Levels[l]
	var acc tensor
	for t := 0; t < lv.Extent; t++ {
		next := make([]cursor, len(cs))
		for i, c := range cs {
			next[i] = c
			if len(c.dims) > 0 && c.dims[0].Index == lv.Index {
				next[i].offset += t * c.dims[0].Stride
				next[i].dims = c.dims[1:]
				continue
			}
			for _, d := range c.dims {
				if d.Index == lv.Index {
					return tensor{}, fmt.Errorf("view %s: level %s reaches dimension %s behind %s (a flip is missing)", n.Views[c.view], lv.Index, d.Index, c.dims[0].Index)
				}
			}
		}
		sub, err := evalLevel(n, l+1, next, arrays)
		if err != nil {
			return tensor{}, err
		}
		switch {
		case lv.Kind == Map && t == 0:
			acc = tensor{shape: append([]int{lv.Extent}, sub.shape...), data: sub.data}
		case lv.Kind == Map:
			acc.data = append(acc.data, sub.data...)
		case t == 0:
			acc = tensor{shape: sub.shape, data: append([]float64(nil), sub.data...)}
		default:
			// The reduction operator lifted to arrays: zip op.
			for k := range acc.data {
				acc.data[k] = lv.Op.F(acc.data[k], sub.data[k])
			}
		}
	}
	return acc, nil
}

func evalBody(n *Nest, e Expr, cs []cursor, arrays map[string][]float64) (float64, error) {
	switch e := e.(type) {
	case Read:
		v := n.Views[e.V]
		a, ok := arrays[v.Array]
		if !ok {
			return 0, fmt.Errorf("array %s not given", v.Array)
		}
		off := cs[e.V].offset
		if off < 0 || off >= len(a) {
			return 0, fmt.Errorf("view %s: offset %d outside [0, %d)", v, off, len(a))
		}
		return a[off], nil
	case Bin:
		x, err := evalBody(n, e.A, cs, arrays)
		if err != nil {
			return 0, err
		}
		y, err := evalBody(n, e.B, cs, arrays)
		if err != nil {
			return 0, err
		}
		return e.Op.F(x, y), nil
	}
	return 0, fmt.Errorf("unknown body %T", e)
}
