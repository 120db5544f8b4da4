package frontend

// maxComponents bounds the number of values a type flattens to: the
// internaliser, like Futhark's, turns every tuple and record into its
// components, so a type of 2^24 components (d (d (... x)) with
// d x = (x, x), 24 times) would be 2^24 IR values. Types are shared while
// checking, so such a program checks quickly, but anything that walks the
// type (and every later pass) takes time and memory in its flattened size.
// No useful program comes near this bound; one that passes it gets an
// error at the expression instead of exhausting memory.
const maxComponents = 1 << 16

// bounded returns t, or reports an error at pos when t flattens to more
// than maxComponents values. It stops counting at the bound, so checking
// costs at most the bound however large the type is.
func (c *checker) bounded(t Type, pos Pos) Type {
	switch c.resolve(t).(type) {
	case TTuple, TRecord, TArray:
	default:
		return t
	}
	if n := c.components(t, maxComponents); n > maxComponents {
		c.errorf(pos, "a value of this type cannot be represented; compute fewer values, or put them in an array",
			"this expression's type has more than %d components once its tuples and records are flattened", maxComponents)
	}
	return t
}

// components counts the values t flattens to, stopping once the count
// exceeds limit (it then returns a count above limit).
func (c *checker) components(t Type, limit int) int {
	switch t := c.resolve(t).(type) {
	case TTuple:
		n := 0
		for _, e := range t.Elems {
			n += c.components(e, limit-n)
			if n > limit {
				return n
			}
		}
		return n
	case TRecord:
		n := 0
		for _, f := range t.Fields {
			n += c.components(f.Type, limit-n)
			if n > limit {
				return n
			}
		}
		return n
	case TArray:
		return c.components(t.Elem, limit)
	}
	return 1
}
