package soac

// BinOp returns the operator of a lambda that applies one binary operator
// to its two parameters (in either order) and returns the result, the
// shape of the operators that have atomics, known algebraic facts or a
// fused instruction.
func (l *Lambda) BinOp() (*BinOpExp, bool) {
	if l == nil || len(l.Params) != 2 || len(l.Body.Stms) != 1 || len(l.Body.Result) != 1 {
		return nil, false
	}
	st := l.Body.Stms[0]
	b, ok := st.Exp.(*BinOpExp)
	if !ok || len(st.Pat) != 1 {
		return nil, false
	}
	r, ok := l.Body.Result[0].(Var)
	if !ok || r.Name != st.Pat[0].Name {
		return nil, false
	}
	x, ok1 := b.X.(Var)
	y, ok2 := b.Y.(Var)
	if !ok1 || !ok2 {
		return nil, false
	}
	p, q := l.Params[0].Name, l.Params[1].Name
	if x.Name == p && y.Name == q || x.Name == q && y.Name == p {
		return b, true
	}
	return nil, false
}

// ReduceValues counts the values (accumulators) of a list of reductions.
func ReduceValues(reds []Reduce) int {
	n := 0
	for _, r := range reds {
		n += len(r.Neutral)
	}
	return n
}

// ScanReduces presents scans as reductions with the same operators and
// neutral elements, for code shared by both.
func ScanReduces(scans []Scan) []Reduce {
	reds := make([]Reduce, len(scans))
	for i, sc := range scans {
		reds[i] = Reduce{Op: sc.Op, Neutral: sc.Neutral}
	}
	return reds
}

// RowBody is the body of a Seg-op over (i < w) that applies l to row i of
// the inputs: it binds each parameter to its input's row i, then runs the
// lambda's statements. The statements are shared with l, not copied.
func (l *Lambda) RowBody(i VName, inputs []VName) *Body {
	b := &Body{Result: l.Body.Result}
	for k, p := range l.Params {
		b.Stms = append(b.Stms, &Stm{Pat: []Param{p}, Exp: &IndexExp{Arr: inputs[k], Indices: []SubExp{Var{Name: i}}}})
	}
	b.Stms = append(b.Stms, l.Body.Stms...)
	return b
}
