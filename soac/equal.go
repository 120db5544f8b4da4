package soac

// SameSubExp reports whether two operands are syntactically equal: the
// same variable, or constants of the same type and bits.
func SameSubExp(a, b SubExp) bool {
	switch a := a.(type) {
	case Var:
		bv, ok := b.(Var)
		return ok && a.Name == bv.Name
	case Const:
		bc, ok := b.(Const)
		return ok && a.Value == bc.Value
	}
	return false
}
