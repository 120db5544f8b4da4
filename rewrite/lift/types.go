package lift

import (
	"fmt"
	"strings"
)

// Type is a type of the pattern language: scalars, arrays with a symbolic
// length and an address space, OpenCL vectors and tuples.
type Type interface{ typeNode() }

// ScalarType is float or int.
type ScalarType struct{ Name string }

// ArrayType is [Elem]_Len, stored in Space.
type ArrayType struct {
	Elem  Type
	Len   Size
	Space AddrSpace
}

// VectorType is <Elem>_N, an OpenCL vector such as float4.
type VectorType struct {
	Elem ScalarType
	N    int
}

// TupleType is (T1, …, Tk).
type TupleType []Type

func (ScalarType) typeNode()        {}
func (ArrayType) typeNode()         {}
func (VectorType) typeNode()        {}
func (TupleType) typeNode()         {}
func (s ScalarType) String() string { return s.Name }

// The scalar types.
var (
	FloatT = ScalarType{"float"}
	IntT   = ScalarType{"int"}
)

// ArrayOf is [elem]_n in global memory.
func ArrayOf(elem Type, n Size) ArrayType { return ArrayType{Elem: elem, Len: n} }

// FormatType prints a type: [[float]_n]_{N/n}, <float>_4, (int, float);
// arrays outside global memory carry their space: [float]_n@local.
func FormatType(t Type) string {
	switch t := t.(type) {
	case ScalarType:
		return t.Name
	case ArrayType:
		n := t.Len.String()
		if strings.ContainsAny(n, "*/^") {
			n = "{" + n + "}"
		}
		s := fmt.Sprintf("[%s]_%s", FormatType(t.Elem), n)
		if t.Space != Global {
			s += "@" + t.Space.String()
		}
		return s
	case VectorType:
		return fmt.Sprintf("<%s>_%d", t.Elem.Name, t.N)
	case TupleType:
		parts := make([]string, len(t))
		for i, x := range t {
			parts[i] = FormatType(x)
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	return fmt.Sprintf("<%T>", t)
}

// sameType compares types ignoring address spaces: where a value lives does
// not change what it is.
func sameType(a, b Type) bool {
	return FormatType(withSpace(a, Global)) == FormatType(withSpace(b, Global))
}

func withSpace(t Type, s AddrSpace) Type {
	switch t := t.(type) {
	case ArrayType:
		return ArrayType{Elem: withSpace(t.Elem, s), Len: t.Len, Space: s}
	case TupleType:
		r := make(TupleType, len(t))
		for i, x := range t {
			r[i] = withSpace(x, s)
		}
		return r
	}
	return t
}

// TypeOfValue is the type of a value (arrays of unknown element type are
// typed from their first element).
func TypeOfValue(v Value) Type {
	switch v := v.(type) {
	case Float:
		return FloatT
	case Int:
		return IntT
	case Vector:
		return VectorType{Elem: TypeOfValue(v[0]).(ScalarType), N: len(v)}
	case Sym:
		return v.T
	case Tuple:
		r := make(TupleType, len(v))
		for i, x := range v {
			r[i] = TypeOfValue(x)
		}
		return r
	case Array:
		var elem Type = FloatT
		if len(v) > 0 {
			elem = TypeOfValue(v[0])
		}
		return ArrayOf(elem, Const(int64(len(v))))
	}
	return nil
}

// TypeOf checks the function f applied to an input of type in and returns
// the type of its result.
func TypeOf(f Expr, in Type) (Type, error) {
	c := &checker{env: map[*Param]Type{}}
	return c.fun(f, in, nil)
}

// inputTypes records, for every function node, the type of its input, keyed
// by the node's path; the engine uses it to evaluate guards that depend on
// types (part-red-reduce needs "the output has one element").
func inputTypes(f Expr, in Type) (map[string]Type, error) {
	c := &checker{env: map[*Param]Type{}, rec: map[string]Type{}}
	_, err := c.fun(f, in, Path{})
	return c.rec, err
}

type checker struct {
	env map[*Param]Type
	rec map[string]Type
}

func child(p Path, i int) Path {
	if p == nil {
		return nil
	}
	q := make(Path, len(p)+1)
	copy(q, p)
	q[len(p)] = i
	return q
}

// fold checks op as the operator of a fold (reduce, scan, part-red …)
// called what, over elements of type elem from init: op takes the
// accumulator and an element and returns an accumulator, and, unless seq
// (a sequential fold may change the type), the accumulator is an element.
// It returns the accumulator's type.
func (c *checker) fold(what string, op Expr, init Value, elem Type, seq bool, p Path) (Type, error) {
	acc := TypeOfValue(init)
	t, err := c.fun(op, TupleType{acc, elem}, child(p, 0))
	if err != nil {
		return nil, err
	}
	if !sameType(t, acc) {
		return nil, fmt.Errorf("%s: operator returns %s, accumulator is %s", what, FormatType(t), FormatType(acc))
	}
	if !seq && !sameType(acc, elem) {
		return nil, fmt.Errorf("%s: element %s differs from accumulator %s (only a sequential fold may change the type)", what, FormatType(elem), FormatType(acc))
	}
	return acc, nil
}

func arrayIn(in Type, what string) (ArrayType, error) {
	a, ok := in.(ArrayType)
	if !ok {
		return ArrayType{}, fmt.Errorf("%s expects an array, got %s", what, FormatType(in))
	}
	return a, nil
}

func (c *checker) fun(f Expr, in Type, p Path) (Type, error) {
	if c.rec != nil && p != nil {
		c.rec[p.String()] = in
	}
	switch f := f.(type) {
	case *Compose:
		t := in
		for i := len(f.Fs) - 1; i >= 0; i-- {
			var err error
			if t, err = c.fun(f.Fs[i], t, child(p, i)); err != nil {
				return nil, err
			}
		}
		return t, nil
	case *Id:
		return in, nil
	case *Map:
		if f.Kind == MapVec {
			v, ok := in.(VectorType)
			if !ok {
				return nil, fmt.Errorf("map-vec expects a vector, got %s", FormatType(in))
			}
			t, err := c.fun(f.F, v.Elem, child(p, 0))
			if err != nil {
				return nil, err
			}
			s, ok := t.(ScalarType)
			if !ok {
				return nil, fmt.Errorf("map-vec: function must return a scalar, returns %s", FormatType(t))
			}
			return VectorType{Elem: s, N: v.N}, nil
		}
		a, err := arrayIn(in, f.Kind.String())
		if err != nil {
			return nil, err
		}
		t, err := c.fun(f.F, a.Elem, child(p, 0))
		if err != nil {
			return nil, err
		}
		return ArrayType{Elem: t, Len: a.Len}, nil
	case *Reduce:
		a, err := arrayIn(in, "reduce")
		if err != nil {
			return nil, err
		}
		acc, err := c.fold("reduce", f.Op, f.Init, a.Elem, f.Seq, p)
		if err != nil {
			return nil, err
		}
		return ArrayOf(acc, Const(1)), nil
	case *Scan:
		a, err := arrayIn(in, "scan")
		if err != nil {
			return nil, err
		}
		acc, err := c.fold("scan", f.Op, f.Init, a.Elem, f.Seq, p)
		if err != nil {
			return nil, err
		}
		return ArrayType{Elem: acc, Len: a.Len, Space: a.Space}, nil
	case *Propagate:
		a, err := arrayIn(in, "propagate")
		if err != nil {
			return nil, err
		}
		row, ok := a.Elem.(ArrayType)
		if !ok {
			return nil, fmt.Errorf("propagate expects an array of chunks, got %s", FormatType(in))
		}
		if _, err := c.fold("propagate", f.Op, f.Init, row.Elem, false, p); err != nil {
			return nil, err
		}
		return in, nil
	case *Hist:
		return c.typeHist(f, in, p)
	case *Merge:
		return c.typeMerge(f, in, p)
	case *PartRed:
		a, err := arrayIn(in, "part-red")
		if err != nil {
			return nil, err
		}
		if _, err := c.fold("part-red", f.Op, f.Init, a.Elem, false, p); err != nil {
			return nil, err
		}
		return ArrayOf(a.Elem, a.Len.Div(f.Factor)), nil
	case *Split:
		a, err := arrayIn(in, "split")
		if err != nil {
			return nil, err
		}
		return ArrayOf(ArrayType{Elem: a.Elem, Len: f.N, Space: a.Space}, a.Len.Div(f.N)), nil
	case *Join:
		a, err := arrayIn(in, "join")
		if err != nil {
			return nil, err
		}
		inner, err := arrayIn(a.Elem, "join (element)")
		if err != nil {
			return nil, err
		}
		return ArrayType{Elem: inner.Elem, Len: inner.Len.Mul(a.Len), Space: a.Space}, nil
	case *Reorder, *ReorderStride:
		if _, err := arrayIn(in, "reorder"); err != nil {
			return nil, err
		}
		return in, nil
	case *Iterate:
		t := in
		for i := 0; i < f.N; i++ {
			q := child(p, 0)
			if i > 0 {
				q = nil // record the first iteration's input only
			}
			var err error
			if t, err = c.fun(f.F, t, q); err != nil {
				return nil, err
			}
		}
		return t, nil
	case *Zip:
		tt, ok := in.(TupleType)
		if !ok || len(tt) != 2 {
			return nil, fmt.Errorf("zip expects a pair of arrays, got %s", FormatType(in))
		}
		a, err := arrayIn(tt[0], "zip")
		if err != nil {
			return nil, err
		}
		b, err := arrayIn(tt[1], "zip")
		if err != nil {
			return nil, err
		}
		if !a.Len.Equal(b.Len) {
			return nil, fmt.Errorf("zip: lengths %s and %s differ", a.Len, b.Len)
		}
		return ArrayOf(TupleType{a.Elem, b.Elem}, a.Len), nil
	case *Get:
		tt, ok := in.(TupleType)
		if !ok || f.I >= len(tt) {
			return nil, fmt.Errorf("get(%d) of %s", f.I, FormatType(in))
		}
		return tt[f.I], nil
	case *To:
		t, err := c.fun(f.F, in, child(p, 0))
		if err != nil {
			return nil, err
		}
		return withSpace(t, f.Space), nil
	case *AsVector:
		a, err := arrayIn(in, "as-vector")
		if err != nil {
			return nil, err
		}
		s, ok := a.Elem.(ScalarType)
		if !ok {
			return nil, fmt.Errorf("as-vector expects an array of scalars, got %s", FormatType(in))
		}
		return ArrayType{Elem: VectorType{Elem: s, N: f.N}, Len: a.Len.Div(Const(int64(f.N))), Space: a.Space}, nil
	case *AsScalar:
		a, err := arrayIn(in, "as-scalar")
		if err != nil {
			return nil, err
		}
		v, ok := a.Elem.(VectorType)
		if !ok {
			return nil, fmt.Errorf("as-scalar expects an array of vectors, got %s", FormatType(in))
		}
		return ArrayType{Elem: v.Elem, Len: a.Len.Mul(Const(int64(v.N))), Space: a.Space}, nil
	case *UserFun:
		info, ok := funOf(f)
		if !ok {
			return nil, fmt.Errorf("unknown user function %s", f.Name)
		}
		if info.arity == 1 {
			if info.out != nil {
				return info.out, nil // a declared function: its input is the caller's business
			}
			s, ok := in.(ScalarType)
			if !ok {
				return nil, fmt.Errorf("%s expects a scalar, got %s", f.Name, FormatType(in))
			}
			return s, nil
		}
		tt, ok := in.(TupleType)
		if !ok || len(tt) != info.arity {
			return nil, fmt.Errorf("%s expects a %d-tuple, got %s", f.Name, info.arity, FormatType(in))
		}
		if info.out != nil {
			for _, x := range tt {
				if !sameType(x, info.out) {
					return nil, fmt.Errorf("%s expects operands of type %s, got %s", f.Name, FormatType(info.out), FormatType(in))
				}
			}
			return info.out, nil
		}
		s, ok := tt[0].(ScalarType)
		for _, x := range tt[1:] {
			if x != tt[0] {
				ok = false
			}
		}
		if !ok {
			return nil, fmt.Errorf("%s expects scalars of one type, got %s", f.Name, FormatType(in))
		}
		return s, nil
	case *Lambda:
		if len(f.Params) == 1 {
			c.env[f.Params[0]] = in
		} else {
			tt, ok := in.(TupleType)
			if !ok || len(tt) != len(f.Params) {
				return nil, fmt.Errorf("lambda of %d parameters applied to %s", len(f.Params), FormatType(in))
			}
			for i, q := range f.Params {
				c.env[q] = tt[i]
			}
		}
		return c.data(f.Body, child(p, 0))
	}
	return nil, fmt.Errorf("%s is not a function", Print(f))
}

func (c *checker) data(e Expr, p Path) (Type, error) {
	switch e := e.(type) {
	case *Param:
		t, ok := c.env[e]
		if !ok {
			return nil, fmt.Errorf("parameter %s unbound", e.Name)
		}
		return t, nil
	case *Lit:
		return TypeOfValue(e.V), nil
	case *Apply:
		ts := make([]Type, len(e.Args))
		for i, a := range e.Args {
			t, err := c.data(a, child(p, i+1))
			if err != nil {
				return nil, err
			}
			ts[i] = t
		}
		if len(ts) == 1 {
			return c.fun(e.F, ts[0], child(p, 0))
		}
		return c.fun(e.F, TupleType(ts), child(p, 0))
	}
	return nil, fmt.Errorf("%s is not a data expression", Print(e))
}
