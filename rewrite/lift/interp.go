package lift

import "fmt"

// Sizes binds size variables to naturals for the interpreter.
type Sizes map[string]int64

// Eval applies the function f to the input in. Low-level patterns mean what
// their high-level counterparts mean (map-workgroup = map-seq = map,
// reduce-seq = reduce, to-local = id, as-vector = split into vectors …), so
// an expression can be run before and after any rewrite and the results
// compared. Reorder is given a concrete meaning, reversal, so that a rewrite
// that lets order matter where it must not is caught.
func Eval(f Expr, in Value, sizes Sizes) (Value, error) {
	ev := &evaluator{sizes: sizes, env: map[*Param]Value{}}
	return ev.fun(f, in)
}

type evaluator struct {
	sizes Sizes
	env   map[*Param]Value
}

func (ev *evaluator) size(s Size) (int, error) {
	n, err := s.Eval(ev.sizes)
	return int(n), err
}

func asArray(v Value, what string) (Array, error) {
	a, ok := v.(Array)
	if !ok {
		return nil, fmt.Errorf("%s: input %s is not an array", what, FormatValue(v))
	}
	return a, nil
}

func (ev *evaluator) fun(f Expr, in Value) (Value, error) {
	switch f := f.(type) {
	case *Compose:
		v := in
		for i := len(f.Fs) - 1; i >= 0; i-- {
			var err error
			if v, err = ev.fun(f.Fs[i], v); err != nil {
				return nil, err
			}
		}
		return v, nil
	case *Id:
		return in, nil
	case *Map:
		var xs []Value
		if f.Kind == MapVec {
			vec, ok := in.(Vector)
			if !ok {
				return nil, fmt.Errorf("map-vec: input %s is not a vector", FormatValue(in))
			}
			xs = vec
		} else {
			a, err := asArray(in, f.Kind.String())
			if err != nil {
				return nil, err
			}
			xs = a
		}
		out := make([]Value, len(xs))
		for i, x := range xs {
			y, err := ev.fun(f.F, x)
			if err != nil {
				return nil, err
			}
			out[i] = y
		}
		if f.Kind == MapVec {
			return Vector(out), nil
		}
		return Array(out), nil
	case *Reduce:
		a, err := asArray(in, "reduce")
		if err != nil {
			return nil, err
		}
		acc, err := ev.fold(f.Op, f.Init, a)
		if err != nil {
			return nil, err
		}
		return Array{acc}, nil
	case *Scan:
		a, err := asArray(in, "scan")
		if err != nil {
			return nil, err
		}
		out := make(Array, len(a))
		acc := f.Init
		for i, x := range a {
			if acc, err = ev.fun(f.Op, Tuple{acc, x}); err != nil {
				return nil, err
			}
			out[i] = acc
		}
		return out, nil
	case *Propagate:
		a, err := asArray(in, "propagate")
		if err != nil {
			return nil, err
		}
		out := make(Array, len(a))
		carry := f.Init
		for i, x := range a {
			chunk, err := asArray(x, "propagate")
			if err != nil {
				return nil, err
			}
			o := make(Array, len(chunk))
			for k, y := range chunk {
				if o[k], err = ev.fun(f.Op, Tuple{carry, y}); err != nil {
					return nil, err
				}
			}
			out[i] = o
			if len(o) > 0 {
				carry = o[len(o)-1]
			}
		}
		return out, nil
	case *Hist:
		return ev.evalHist(f, in)
	case *Merge:
		return ev.evalMerge(f, in)
	case *PartRed:
		a, err := asArray(in, "part-red")
		if err != nil {
			return nil, err
		}
		c, err := ev.size(f.Factor)
		if err != nil {
			return nil, err
		}
		if c <= 0 || len(a)%c != 0 {
			return nil, fmt.Errorf("part-red: factor %d does not divide length %d", c, len(a))
		}
		out := make(Array, len(a)/c)
		for i := range out {
			if out[i], err = ev.fold(f.Op, f.Init, a[i*c:(i+1)*c]); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *Split:
		a, err := asArray(in, "split")
		if err != nil {
			return nil, err
		}
		n, err := ev.size(f.N)
		if err != nil {
			return nil, err
		}
		if n <= 0 || len(a)%n != 0 {
			return nil, fmt.Errorf("split(%d): length %d is not a multiple", n, len(a))
		}
		out := make(Array, len(a)/n)
		for i := range out {
			out[i] = append(Array(nil), a[i*n:(i+1)*n]...)
		}
		return out, nil
	case *Join:
		a, err := asArray(in, "join")
		if err != nil {
			return nil, err
		}
		var out Array
		for _, x := range a {
			row, err := asArray(x, "join")
			if err != nil {
				return nil, err
			}
			out = append(out, row...)
		}
		if out == nil {
			out = Array{}
		}
		return out, nil
	case *Reorder:
		a, err := asArray(in, "reorder")
		if err != nil {
			return nil, err
		}
		out := make(Array, len(a))
		for i := range a {
			out[i] = a[len(a)-1-i]
		}
		return out, nil
	case *ReorderStride:
		a, err := asArray(in, "reorder-stride")
		if err != nil {
			return nil, err
		}
		s, err := ev.size(f.S)
		if err != nil {
			return nil, err
		}
		if s <= 0 || len(a)%s != 0 {
			return nil, fmt.Errorf("reorder-stride(%d): length %d is not a multiple", s, len(a))
		}
		per := len(a) / s
		out := make(Array, len(a))
		for i := range a {
			out[i] = a[i/per+s*(i%per)]
		}
		return out, nil
	case *Iterate:
		v := in
		for i := 0; i < f.N; i++ {
			var err error
			if v, err = ev.fun(f.F, v); err != nil {
				return nil, err
			}
		}
		return v, nil
	case *Zip:
		t, ok := in.(Tuple)
		if !ok || len(t) != 2 {
			return nil, fmt.Errorf("zip: input %s is not a pair", FormatValue(in))
		}
		a, err := asArray(t[0], "zip")
		if err != nil {
			return nil, err
		}
		b, err := asArray(t[1], "zip")
		if err != nil {
			return nil, err
		}
		if len(a) != len(b) {
			return nil, fmt.Errorf("zip: lengths %d and %d", len(a), len(b))
		}
		out := make(Array, len(a))
		for i := range a {
			out[i] = Tuple{a[i], b[i]}
		}
		return out, nil
	case *Get:
		t, ok := in.(Tuple)
		if !ok || f.I >= len(t) {
			return nil, fmt.Errorf("get(%d): input %s", f.I, FormatValue(in))
		}
		return t[f.I], nil
	case *To:
		return ev.fun(f.F, in)
	case *AsVector:
		a, err := asArray(in, "as-vector")
		if err != nil {
			return nil, err
		}
		if f.N <= 0 || len(a)%f.N != 0 {
			return nil, fmt.Errorf("as-vector(%d): length %d is not a multiple", f.N, len(a))
		}
		out := make(Array, len(a)/f.N)
		for i := range out {
			out[i] = append(Vector(nil), a[i*f.N:(i+1)*f.N]...)
		}
		return out, nil
	case *AsScalar:
		a, err := asArray(in, "as-scalar")
		if err != nil {
			return nil, err
		}
		out := Array{}
		for _, x := range a {
			vec, ok := x.(Vector)
			if !ok {
				return nil, fmt.Errorf("as-scalar: element %s is not a vector", FormatValue(x))
			}
			out = append(out, vec...)
		}
		return out, nil
	case *UserFun:
		info, ok := funOf(f)
		if !ok {
			return nil, fmt.Errorf("unknown user function %s", f.Name)
		}
		args := []Value{in}
		if info.arity > 1 {
			t, ok := in.(Tuple)
			if !ok || len(t) != info.arity {
				return nil, fmt.Errorf("%s: input %s is not a %d-tuple", f.Name, FormatValue(in), info.arity)
			}
			args = t
		}
		return info.eval(args)
	case *Lambda:
		if len(f.Params) == 1 {
			ev.env[f.Params[0]] = in
		} else {
			t, ok := in.(Tuple)
			if !ok || len(t) != len(f.Params) {
				return nil, fmt.Errorf("lambda of %d parameters applied to %s", len(f.Params), FormatValue(in))
			}
			for i, p := range f.Params {
				ev.env[p] = t[i]
			}
		}
		return ev.data(f.Body)
	}
	return nil, fmt.Errorf("%s is not a function", Print(f))
}

// fold is the sequential left fold that both reduce and reduce-seq denote.
func (ev *evaluator) fold(op Expr, init Value, xs []Value) (Value, error) {
	acc := init
	for _, x := range xs {
		var err error
		if acc, err = ev.fun(op, Tuple{acc, x}); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

func (ev *evaluator) data(e Expr) (Value, error) {
	switch e := e.(type) {
	case *Param:
		v, ok := ev.env[e]
		if !ok {
			return nil, fmt.Errorf("parameter %s unbound", e.Name)
		}
		return v, nil
	case *Lit:
		return e.V, nil
	case *Apply:
		args := make([]Value, len(e.Args))
		for i, a := range e.Args {
			v, err := ev.data(a)
			if err != nil {
				return nil, err
			}
			args[i] = v
		}
		if len(args) == 1 {
			return ev.fun(e.F, args[0])
		}
		return ev.fun(e.F, Tuple(args))
	}
	return nil, fmt.Errorf("%s is not a data expression", Print(e))
}
