package frontend

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// Type is a type of the source language as the checker sees it.
type Type interface{ isType() }

// TPrim is a primitive type.
type TPrim struct{ T values.PrimType }

// TArray is an array of a non-array element type; Dims has one entry per
// dimension, outermost first.
type TArray struct {
	Elem   Type
	Dims   []Dim
	Unique bool
}

// Dim is an array dimension: a named size, a constant, or unknown (sizes
// the checker does not track yet).
type Dim struct {
	Name  string
	Const int64
	Known bool // Const is meaningful
	// Exp is a size expression such as n+1 (checked, of type i64); the
	// checker treats it as unknown, the internaliser evaluates it for
	// dynamic size checks.
	Exp Exp
	// Var is a size variable being inferred (see sizes.go); Exist a
	// rigid size that is unknown (the join of two differently sized if
	// branches); Add a sum of sizes (the result of concatenation).
	Var   int
	Exist int
	Add   []Dim
	// Ext identifies an unknown size created where it is computed (the
	// anonymous result size of a call, a slice, a range); it is still an
	// unknown size for unification (isUnknown), and only serves the
	// causality check (causality.go).
	Ext int
	// Term is a size given by the value of an expression over ordinary
	// variables in scope (iota n, replicate (n+1) x, where n is not a
	// size parameter), as written: rigid, and equal only to the same
	// expression, as in Futhark. Only the checker compares it; the
	// internaliser treats it as unknown.
	Term string
	// Op is a difference or product of two sizes, as Futhark's size
	// expressions: m-i for a slice a[i:] of an array of size m, n*m for
	// flatten's result. Rigid when both operands are; the internaliser
	// treats it as unknown.
	Op *DimOp
}

// DimOp is the size Op.L - Op.R or Op.L * Op.R.
type DimOp struct {
	Op   byte // '-' or '*'
	L, R Dim
}

// TTuple is a tuple; the empty tuple is the unit type.
type TTuple struct{ Elems []Type }

// TRecord is a record with fields sorted by name.
type TRecord struct{ Fields []RecordField }

// RecordField is one field of a record type.
type RecordField struct {
	Name string
	Type Type
}

// TFun is a function type.
type TFun struct{ Param, Result Type }

// TVar is a type variable being inferred.
type TVar struct{ ID int }

func (TPrim) isType()   {}
func (TArray) isType()  {}
func (TTuple) isType()  {}
func (TRecord) isType() {}
func (TFun) isType()    {}
func (TVar) isType()    {}

var (
	tBool = TPrim{values.Bool}
	tI32  = TPrim{values.I32}
	tI64  = TPrim{values.I64}
	tF64  = TPrim{values.F64}
	tUnit = TTuple{}
)

// constraint restricts what a type variable may become.
type constraint int

const (
	cAny       constraint = iota
	cPrim                 // any primitive (equality and ordering)
	cNumeric              // integer or float
	cIntegral             // integer
	cFloat                // float
	cIntOrBool            // integer or bool (operands of !)
)

func (c constraint) allows(t values.PrimType) bool {
	switch c {
	case cPrim, cAny:
		return true
	case cNumeric:
		return t != values.Bool
	case cIntegral:
		return t != values.Bool && !t.IsFloat()
	case cFloat:
		return t.IsFloat()
	case cIntOrBool:
		return !t.IsFloat()
	}
	return false
}

func (c constraint) describe() string {
	return [...]string{"any type", "a primitive type", "a numeric type", "an integral type", "a floating-point type", "an integral type or bool"}[c]
}

// meet combines two constraints; ok is false when none satisfies both.
func meet(a, b constraint) (constraint, bool) {
	if a == b || b == cAny {
		return a, true
	}
	if a == cAny {
		return b, true
	}
	if a == cPrim {
		return b, true
	}
	if b == cPrim {
		return a, true
	}
	switch {
	case a == cIntOrBool && (b == cIntegral || b == cNumeric), b == cIntOrBool && (a == cIntegral || a == cNumeric):
		return cIntegral, true
	case a == cIntOrBool || b == cIntOrBool:
		return a, false // numeric or float with bool-or-integral
	case a == cNumeric:
		return b, true
	case b == cNumeric:
		return a, true
	}
	return a, false // integral vs float
}

// typeString prints a type as the source language writes it.
func typeString(t Type) string { return typeStringN(t, nil) }

// typeStringN prints t, naming the type variables in names.
func typeStringN(t Type, names map[int]string) string {
	typeString := func(t Type) string { return typeStringN(t, names) }
	switch t := t.(type) {
	case TPrim:
		return t.T.String()
	case TArray:
		var b strings.Builder
		if t.Unique {
			b.WriteString("*")
		}
		for _, d := range t.Dims {
			switch {
			case d.Exist != 0 && d.Ext == d.Exist:
				// An existential size of a function's result: anonymous,
				// as Futhark prints it in a function's type.
				b.WriteString("[]")
			case d.Name != "" || d.Add != nil || d.Exist != 0 || d.Term != "" || d.Op != nil:
				fmt.Fprintf(&b, "[%s]", dimString(d))
			case d.Known:
				fmt.Fprintf(&b, "[%d]", d.Const)
			case d.Exp != nil:
				b.WriteString("[" + expString(d.Exp) + "]")
			default:
				b.WriteString("[]")
			}
		}
		b.WriteString(typeString(t.Elem))
		return b.String()
	case TTuple:
		s := make([]string, len(t.Elems))
		for i, e := range t.Elems {
			s[i] = typeString(e)
		}
		return "(" + strings.Join(s, ", ") + ")"
	case TRecord:
		if len(t.Fields) == 1 && strings.HasSuffix(t.Fields[0].Name, opaqueMark) {
			// An abstract type seen outside its module (opaque.go).
			return strings.TrimSuffix(t.Fields[0].Name, opaqueMark)
		}
		s := make([]string, len(t.Fields))
		for i, f := range t.Fields {
			s[i] = f.Name + ": " + typeString(f.Type)
		}
		return "{" + strings.Join(s, ", ") + "}"
	case TFun:
		p := typeString(t.Param)
		if _, ok := t.Param.(TFun); ok {
			p = "(" + p + ")"
		}
		return p + " -> " + typeString(t.Result)
	case TSum:
		return sumString(t, typeString)
	case TVar:
		if n, ok := names[t.ID]; ok {
			return n
		}
		return fmt.Sprintf("'t%d", t.ID)
	}
	return fmt.Sprintf("%T", t)
}

// expString prints a (size) expression briefly.
func expString(e Exp) string {
	switch e := e.(type) {
	case *VarExp:
		return qualName(e.Qual, e.Name)
	case *IntLit:
		return fmt.Sprint(e.Value)
	case *BinOpExp:
		return expString(e.L) + e.Op + expString(e.R)
	case *ParenExp:
		return "(" + expString(e.X) + ")"
	}
	return "..."
}

// arrayOf adds an outer dimension d to t.
func arrayOf(d Dim, t Type) Type {
	if a, ok := t.(TArray); ok {
		return TArray{Elem: a.Elem, Dims: append([]Dim{d}, a.Dims...), Unique: a.Unique}
	}
	return TArray{Elem: t, Dims: []Dim{d}}
}

// rowOf strips the outer dimension of an array type.
func rowOf(a TArray) Type {
	if len(a.Dims) == 1 {
		return a.Elem
	}
	return TArray{Elem: a.Elem, Dims: a.Dims[1:]}
}

func sortFields(fs []RecordField) {
	sort.Slice(fs, func(i, j int) bool { return fieldLess(fs[i].Name, fs[j].Name) })
}

// fieldLess orders numeric field names numerically, then others
// lexically, so that tuples and records with fields 0, 1, ... agree.
func fieldLess(a, b string) bool {
	var x, y int
	_, ea := fmt.Sscanf(a, "%d", &x)
	_, eb := fmt.Sscanf(b, "%d", &y)
	if ea == nil && eb == nil {
		return x < y
	}
	return a < b
}
