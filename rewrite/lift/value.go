package lift

import (
	"fmt"
	"math"
	"strings"
)

// Value is a run-time value of the interpreter: a scalar (Float, Int), an
// Array, a Vector (an OpenCL vector such as float4) or a Tuple.
type Value interface{ valueNode() }

// Float is a float scalar.
type Float float64

// Int is an int scalar.
type Int int64

// Array is an array value. Address spaces are a property of types only: the
// interpreter gives to-local and friends the meaning of the identity.
type Array []Value

// Vector is an OpenCL vector value.
type Vector []Value

// Tuple is a tuple value.
type Tuple []Value

// Sym is a value known by name and type only, such as the neutral element
// of a compiled program's reduction: it can be type-checked and printed but
// not computed with.
type Sym struct {
	Name string
	T    Type
}

func (Sym) valueNode()    {}
func (Float) valueNode()  {}
func (Int) valueNode()    {}
func (Array) valueNode()  {}
func (Vector) valueNode() {}
func (Tuple) valueNode()  {}

// FormatValue prints a value: 1.5, 3, [1, 2], <1, 2>, (1, [2]).
func FormatValue(v Value) string {
	var b strings.Builder
	var rec func(Value)
	list := func(open, close string, vs []Value) {
		b.WriteString(open)
		for i, x := range vs {
			if i > 0 {
				b.WriteString(", ")
			}
			rec(x)
		}
		b.WriteString(close)
	}
	rec = func(v Value) {
		switch v := v.(type) {
		case Float:
			fmt.Fprint(&b, float64(v))
		case Int:
			fmt.Fprint(&b, int64(v))
		case Array:
			list("[", "]", v)
		case Vector:
			list("<", ">", v)
		case Tuple:
			list("(", ")", v)
		case Sym:
			b.WriteString(v.Name)
		default:
			fmt.Fprintf(&b, "%v", v)
		}
	}
	rec(v)
	return b.String()
}

// Equal reports whether two values are identical. Floats are compared
// exactly: tests use dyadic values so that reassociation is exact.
func Equal(a, b Value) bool {
	switch a := a.(type) {
	case Float:
		b, ok := b.(Float)
		return ok && (a == b || math.IsNaN(float64(a)) && math.IsNaN(float64(b)))
	case Int:
		b, ok := b.(Int)
		return ok && a == b
	case Array:
		b, ok := b.(Array)
		return ok && equalSlices(a, b)
	case Vector:
		b, ok := b.(Vector)
		return ok && equalSlices(a, b)
	case Tuple:
		b, ok := b.(Tuple)
		return ok && equalSlices(a, b)
	case Sym:
		b, ok := b.(Sym)
		return ok && a.Name == b.Name && sameType(a.T, b.T)
	}
	return false
}

func equalSlices(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// funInfo describes a user function: its arity, how it prints (an infix
// symbol for binary operators), the algebraic facts the guards rely on, its
// meaning, and its OpenCL C form.
type funInfo struct {
	arity       int
	sym         string // infix symbol, "" for prefix
	assoc, comm bool
	neutral     func(Value) bool // is v the neutral element? nil: none known
	eval        func(args []Value) (Value, error)
	out         Type   // result type; nil: the type of the (first) argument
	cl          string // OpenCL C expression with %[1]s, %[2]s for the arguments
}

func arith(name string, f func(a, b float64) float64, g func(a, b int64) int64) func([]Value) (Value, error) {
	return func(args []Value) (Value, error) {
		switch a := args[0].(type) {
		case Float:
			if b, ok := args[1].(Float); ok {
				return Float(f(float64(a), float64(b))), nil
			}
		case Int:
			if b, ok := args[1].(Int); ok {
				return Int(g(int64(a), int64(b))), nil
			}
		}
		return nil, fmt.Errorf("%s: operands %s and %s", name, FormatValue(args[0]), FormatValue(args[1]))
	}
}

func unary(name string, f func(float64) float64, g func(int64) int64) func([]Value) (Value, error) {
	return func(args []Value) (Value, error) {
		switch a := args[0].(type) {
		case Float:
			return Float(f(float64(a))), nil
		case Int:
			return Int(g(int64(a))), nil
		}
		return nil, fmt.Errorf("%s: operand %s", name, FormatValue(args[0]))
	}
}

// FunDecl describes a function that userFuns does not hold: its arity, its
// result type, the algebraic facts the compiler established for it, and,
// when it can be run, its meaning.
type FunDecl struct {
	Arity       int
	Out         Type
	Sym         string // infix symbol for a binary operator, "" for prefix
	Assoc, Comm bool
	Neutral     Value                             // its neutral element; nil: none known
	Eval        func(args []Value) (Value, error) // nil: it cannot be interpreted
}

// funOf returns what is known of the user function u.
func funOf(u *UserFun) (funInfo, bool) {
	d := u.Decl
	if d == nil {
		info, ok := userFuns[u.Name]
		return info, ok
	}
	info := funInfo{arity: d.Arity, sym: d.Sym, assoc: d.Assoc, comm: d.Comm, out: d.Out, eval: d.Eval}
	if d.Neutral != nil {
		info.neutral = func(v Value) bool { return Equal(v, d.Neutral) }
	}
	if info.eval == nil {
		info.eval = func([]Value) (Value, error) {
			return nil, fmt.Errorf("%s is known by its type only and cannot be interpreted", u.Name)
		}
	}
	return info, true
}

// userFuns are the named scalar functions the language knows. They are
// polymorphic over float and int.
var userFuns = map[string]funInfo{
	"add": {arity: 2, sym: "+", assoc: true, comm: true, neutral: isNum(0), cl: "(%[1]s + %[2]s)",
		eval: arith("add", func(a, b float64) float64 { return a + b }, func(a, b int64) int64 { return a + b })},
	"mult": {arity: 2, sym: "*", assoc: true, comm: true, neutral: isNum(1), cl: "(%[1]s * %[2]s)",
		eval: arith("mult", func(a, b float64) float64 { return a * b }, func(a, b int64) int64 { return a * b })},
	"sub": {arity: 2, sym: "-", cl: "(%[1]s - %[2]s)",
		eval: arith("sub", func(a, b float64) float64 { return a - b }, func(a, b int64) int64 { return a - b })},
	"max": {arity: 2, assoc: true, comm: true, cl: "max(%[1]s, %[2]s)",
		eval: arith("max", math.Max, func(a, b int64) int64 { return max(a, b) })},
	"min": {arity: 2, assoc: true, comm: true, cl: "min(%[1]s, %[2]s)",
		eval: arith("min", math.Min, func(a, b int64) int64 { return min(a, b) })},
	"abs": {arity: 1, cl: "fabs(%[1]s)",
		eval: unary("abs", math.Abs, func(a int64) int64 {
			if a < 0 {
				return -a
			}
			return a
		})},
	"neg": {arity: 1, cl: "(-%[1]s)",
		eval: unary("neg", func(a float64) float64 { return -a }, func(a int64) int64 { return -a })},
	"id": {arity: 1, cl: "%[1]s",
		eval: func(args []Value) (Value, error) { return args[0], nil }},
}

func isNum(c float64) func(Value) bool {
	return func(v Value) bool {
		switch v := v.(type) {
		case Float:
			return float64(v) == c
		case Int:
			return float64(v) == c
		}
		return false
	}
}

// Neutral reports whether init is known to be the neutral element of op.
// Splitting a reduction into partial reductions repeats init once per part,
// which is only harmless when init is neutral.
func Neutral(op Expr, init Value) bool {
	u, ok := op.(*UserFun)
	if !ok {
		return false
	}
	info, _ := funOf(u)
	return info.neutral != nil && info.neutral(init)
}

// Associative reports whether op is known to be associative: a user function
// marked so. Lambdas are not analysed; guards refuse them.
func Associative(op Expr) bool {
	u, ok := op.(*UserFun)
	if !ok {
		return false
	}
	info, _ := funOf(u)
	return info.assoc
}

// Commutative reports whether op is known to be commutative.
func Commutative(op Expr) bool {
	u, ok := op.(*UserFun)
	if !ok {
		return false
	}
	info, _ := funOf(u)
	return info.comm
}
