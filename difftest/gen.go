package difftest

import (
	"fmt"
	"math/rand"

	"github.com/fcclang/fcc/runtime/values"
)

// Generator makes random well-typed entry points with their inputs. The
// same seed gives the same functions.
type Generator struct {
	r     *rand.Rand
	count int // names made so far in the current function
	// MaxDepth bounds the nesting of expressions (default 3).
	MaxDepth int
	// MaxStmts bounds the let bindings of a body (default 5).
	MaxStmts int
}

// NewGenerator returns a generator seeded with seed.
func NewGenerator(seed int64) *Generator {
	return &Generator{r: rand.New(rand.NewSource(seed)), MaxDepth: 3, MaxStmts: 5}
}

// allTypes are the primitive types programs use (not f16, which the
// backend does not support yet).
var allTypes = []values.PrimType{
	values.I8, values.I16, values.I32, values.I64,
	values.U8, values.U16, values.U32, values.U64,
	values.F32, values.F64, values.Bool,
}

// numTypes are the numeric types.
var numTypes = allTypes[:10]

// intTypes are the integer types.
var intTypes = allTypes[:8]

// scope is the variables visible at a point, innermost last.
type scope []Param

func (s scope) with(ps ...Param) scope {
	return append(append(scope(nil), s...), ps...)
}

func (g *Generator) pick(n int) int { return g.r.Intn(n) }

func (g *Generator) chance(p float64) bool { return g.r.Float64() < p }

func (g *Generator) name(prefix string) string {
	g.count++
	return fmt.Sprintf("%s%d", prefix, g.count)
}

func (g *Generator) primType() values.PrimType { return allTypes[g.pick(len(allTypes))] }

// size returns an array size, biased towards the edge cases 0 and 1.
func (g *Generator) size() int64 {
	sizes := []int64{0, 1, 1, 2, 3, 4, 5, 7, 8, 11}
	return sizes[g.pick(len(sizes))]
}

// Func generates one entry point called name, with its input.
func (g *Generator) Func(name string) *Func {
	g.count = 0
	f := &Func{Name: name, N: g.size(), M: g.size()}
	add := func(prefix string, dims ...string) {
		p := Param{g.name(prefix), Type{g.primType(), dims}}
		f.Params = append(f.Params, p)
	}
	add("xs", "n")
	if g.chance(0.5) {
		add("xs", "n")
	}
	add("ys", "m")
	add("zss", "n", "m")
	add("a")
	if g.chance(0.5) {
		add("a")
	}
	for _, p := range f.Params {
		f.Inputs = append(f.Inputs, g.value(p.T, f.N, f.M))
	}
	env := scope(f.Params)
	nstmts := 1 + g.pick(g.MaxStmts)
	for i := 0; i < nstmts; i++ {
		t := g.anyType()
		v := g.name("v")
		f.Stmts = append(f.Stmts, Stmt{v, g.expr(t, g.MaxDepth, env)})
		env = env.with(Param{v, t})
	}
	// Return the last binding and, sometimes, others.
	f.Results = []string{f.Stmts[len(f.Stmts)-1].Name}
	for _, s := range f.Stmts[:len(f.Stmts)-1] {
		if g.chance(0.4) {
			f.Results = append(f.Results, s.Name)
		}
	}
	return f
}

// anyType returns a random type for a let binding.
func (g *Generator) anyType() Type {
	t := g.primType()
	switch g.pick(4) {
	case 0:
		return Type{t, nil}
	case 1:
		return Type{t, []string{"n"}}
	case 2:
		return Type{t, []string{"m"}}
	}
	return Type{t, []string{"n", "m"}}
}

// value generates an input value of type t: small integers (sometimes
// extreme ones), and floats that are small integers, so sums are exact.
func (g *Generator) value(t Type, n, m int64) values.Value {
	var shape []int64
	for _, d := range t.Dims {
		if d == "n" {
			shape = append(shape, n)
		} else {
			shape = append(shape, m)
		}
	}
	v := values.NewArray(t.Elem, shape)
	count := int64(1)
	for _, d := range shape {
		count *= d
	}
	for i := int64(0); i < count; i++ {
		setElem(v, i, g.scalar(t.Elem))
	}
	if len(shape) == 0 {
		v.Shape = nil
	}
	return v
}

// scalar returns a random scalar value of type t as an int64 (floats are
// integer-valued; booleans are 0 or 1).
func (g *Generator) scalar(t values.PrimType) int64 {
	switch {
	case t == values.Bool:
		return int64(g.pick(2))
	case t.IsFloat():
		return int64(g.pick(17) - 8)
	case g.chance(0.05):
		// An extreme: the type's highest or lowest value.
		if g.chance(0.5) {
			if t.IsUnsigned() {
				return -1 // all ones
			}
			return int64(mask(t) >> 1)
		}
		if t.IsUnsigned() {
			return 0
		}
		return -int64(mask(t)>>1) - 1
	case t.IsUnsigned():
		return int64(g.pick(40))
	}
	return int64(g.pick(41) - 20)
}

// setElem sets element i of a (any primitive type) to x.
func setElem(a values.Value, i int64, x int64) {
	switch d := a.Data.(type) {
	case []bool:
		d[i] = x != 0
	case []int8:
		d[i] = int8(x)
	case []int16:
		d[i] = int16(x)
	case []int32:
		d[i] = int32(x)
	case []int64:
		d[i] = x
	case []uint8:
		d[i] = uint8(x)
	case []uint16:
		d[i] = uint16(x)
	case []uint32:
		d[i] = uint32(x)
	case []uint64:
		d[i] = uint64(x)
	case []float32:
		d[i] = float32(x)
	case []float64:
		d[i] = float64(x)
	default:
		panic(fmt.Sprintf("difftest: unexpected data %T", a.Data))
	}
}

// literal returns a random literal of scalar type t.
func (g *Generator) literal(t values.PrimType) *Node {
	x := g.scalar(t)
	if g.chance(0.5) && t != values.Bool {
		x = int64(g.pick(5))
	}
	return &Node{Kind: KLit, T: Type{t, nil}, Lit: litInt(t, x)}
}

// vars returns the variables of type t in env.
func vars(env scope, t Type) []Param {
	var vs []Param
	for _, p := range env {
		if p.T.Equal(t) {
			vs = append(vs, p)
		}
	}
	return vs
}

// leaf returns a variable of type t (innermost ones preferred) or the
// simplest expression of that type.
func (g *Generator) leaf(t Type, env scope) *Node {
	vs := vars(env, t)
	if t.Rank() == 0 && t.Elem == values.I64 && g.chance(0.15) {
		vs = append(vs, Param{"n", t}, Param{"m", t})
	}
	if len(vs) > 0 && g.chance(0.85) {
		// Prefer the innermost: lambda parameters and loop variables.
		i := len(vs) - 1 - g.pick(min(len(vs), 3))
		if g.chance(0.3) {
			i = g.pick(len(vs))
		}
		return &Node{Kind: KVar, T: t, Name: vs[i].Name}
	}
	if t.Rank() == 0 {
		return g.literal(t.Elem)
	}
	if g.chance(0.5) {
		// A map over an array of the same size: the backend runs maps
		// on the device, while it cannot replicate yet.
		var over []Param
		for _, p := range env {
			if p.T.Rank() > 0 && p.T.Dims[0] == t.Dims[0] {
				over = append(over, p)
			}
		}
		if len(over) > 0 {
			a := over[g.pick(len(over))]
			p := Param{g.name("q"), a.T.Row()}
			body := g.leaf(t.Row(), env.with(p))
			return &Node{Kind: KMap, T: t, Params: []string{p.Name}, Kids: []*Node{body, {Kind: KVar, T: a.T, Name: a.Name}}}
		}
	}
	return &Node{Kind: KReplicate, T: t, Kids: []*Node{g.leaf(t.Row(), env)}}
}

// expr generates an expression of type t.
func (g *Generator) expr(t Type, depth int, env scope) *Node {
	if depth <= 0 || g.chance(0.15) {
		return g.leaf(t, env)
	}
	if t.Rank() == 0 {
		return g.scalarExpr(t.Elem, depth, env)
	}
	return g.arrayExpr(t, depth, env)
}

// Operators by what they apply to.
var (
	intOps   = []string{"+", "-", "*", "/", "%", "//", "%%", "&", "|", "^", "<<", ">>", "min", "max"}
	floatOps = []string{"+", "-", "*", "min", "max"}
	boolOps  = []string{"&&", "||", "==", "!="}
	cmpOps   = []string{"==", "!=", "<", "<=", ">", ">="}
	redInt   = []string{"+", "*", "min", "max"}
	redFloat = []string{"+", "min", "max"}
	redBool  = []string{"&&", "||"}
)

// redOps returns the reduction operators used for type t: for floats only
// those whose result is exact for small integers in any order.
func redOps(t values.PrimType) []string {
	switch {
	case t == values.Bool:
		return redBool
	case t.IsFloat():
		return redFloat
	}
	return redInt
}

// neutral returns the neutral element of op on t.
func neutral(op string, t values.PrimType) *Node {
	var s string
	switch op {
	case "+", "||":
		s = zero(t)
	case "*":
		s = litInt(t, 1)
	case "&&":
		s = "true"
	case "min":
		if t.IsFloat() {
			s = t.String() + ".inf"
		} else {
			s = t.String() + ".highest"
		}
	case "max":
		if t.IsFloat() {
			s = "(-" + t.String() + ".inf)"
		} else {
			s = t.String() + ".lowest"
		}
	}
	return &Node{Kind: KLit, T: Type{t, nil}, Lit: s}
}

// dim returns a random size name.
func (g *Generator) dim() string {
	if g.chance(0.5) {
		return "n"
	}
	return "m"
}

func (g *Generator) scalarExpr(t values.PrimType, depth int, env scope) *Node {
	st := Type{t, nil}
	sub := func(u Type) *Node { return g.expr(u, depth-1, env) }
	for {
		switch g.pick(11) {
		case 10: // a sum value built and matched
			return g.match(st, depth, env)
		case 0, 1: // binary operator
			if t == values.Bool {
				if g.chance(0.5) {
					op := cmpOps[g.pick(len(cmpOps))]
					u := Type{numTypes[g.pick(len(numTypes))], nil}
					return &Node{Kind: KBin, T: st, Op: op, Kids: []*Node{sub(u), sub(u)}}
				}
				op := boolOps[g.pick(len(boolOps))]
				return &Node{Kind: KBin, T: st, Op: op, Kids: []*Node{sub(st), sub(st)}}
			}
			ops := intOps
			if t.IsFloat() {
				ops = floatOps
			}
			op := ops[g.pick(len(ops))]
			if t.IsFloat() && op == "*" {
				// Multiply by a small constant only, so values stay exact.
				return &Node{Kind: KBin, T: st, Op: op, Kids: []*Node{sub(st), {Kind: KLit, T: st, Lit: litInt(t, int64(g.pick(4)-1))}}}
			}
			return &Node{Kind: KBin, T: st, Op: op, Kids: []*Node{sub(st), sub(st)}}
		case 2: // unary operator
			switch {
			case t == values.Bool:
				return &Node{Kind: KUn, T: st, Op: "!", Kids: []*Node{sub(st)}}
			case t.IsUnsigned():
				return &Node{Kind: KUn, T: st, Op: "!", Kids: []*Node{sub(st)}}
			}
			ops := []string{"neg", "abs"}
			if t.IsInt() {
				ops = append(ops, "!")
			}
			return &Node{Kind: KUn, T: st, Op: ops[g.pick(len(ops))], Kids: []*Node{sub(st)}}
		case 3: // conversion
			if t == values.Bool {
				continue
			}
			from := g.primType()
			if from == values.Bool && t.IsFloat() {
				continue
			}
			return &Node{Kind: KConv, T: st, Kids: []*Node{sub(Type{from, nil})}}
		case 4: // if
			return &Node{Kind: KIf, T: st, Kids: []*Node{sub(Type{values.Bool, nil}), sub(st), sub(st)}}
		case 5, 6: // reduction (of a map, sometimes)
			ops := redOps(t)
			op := ops[g.pick(len(ops))]
			arr := sub(Type{t, []string{g.dim()}})
			return &Node{Kind: KReduce, T: st, Op: op, Kids: []*Node{neutral(op, t), arr}}
		case 7: // indexing a variable
			var arrs []Param
			for _, p := range env {
				if p.T.Elem == t && p.T.Rank() > 0 {
					arrs = append(arrs, p)
				}
			}
			if len(arrs) == 0 {
				continue
			}
			a := arrs[g.pick(len(arrs))]
			kids := []*Node{{Kind: KVar, T: a.T, Name: a.Name}}
			for range a.T.Dims {
				kids = append(kids, sub(Type{values.I64, nil}))
			}
			return &Node{Kind: KIndex, T: st, Kids: kids}
		case 8: // loop
			return g.loop(st, depth, env)
		case 9:
			return g.leaf(st, env)
		}
	}
}

// match generates a match of type t on a value of a sum type with
// constructors #a, #b (scalar payloads) and #c.
func (g *Generator) match(t Type, depth int, env scope) *Node {
	sub := func(u Type, env scope) *Node { return g.expr(u, depth-1, env) }
	bt := Type{values.Bool, nil}
	ta, tb := Type{g.primType(), nil}, Type{g.primType(), nil}
	x, y := g.name("x"), g.name("y")
	n := &Node{Kind: KMatch, T: t, Params: []string{x, y}, Kids: []*Node{
		sub(bt, env), sub(bt, env), sub(ta, env), sub(tb, env),
		sub(t, env.with(Param{x, ta})), sub(t, env.with(Param{y, tb})), sub(t, env)}}
	if ta.Elem.IsInt() && g.chance(0.5) {
		n.Lit = litInt(ta.Elem, int64(g.pick(3)))
		n.Kids = append(n.Kids, sub(t, env))
	}
	return n
}

// loop generates a for loop of type t.
func (g *Generator) loop(t Type, depth int, env scope) *Node {
	acc, i := g.name("acc"), g.name("ix")
	var bound *Node
	switch g.pick(3) {
	case 0:
		bound = &Node{Kind: KVar, T: Type{values.I64, nil}, Name: g.dim()}
	default:
		bound = &Node{Kind: KLit, T: Type{values.I64, nil}, Lit: litInt(values.I64, int64(g.pick(5)))}
	}
	init := g.expr(t, depth-1, env)
	inner := env.with(Param{i, Type{values.I64, nil}}, Param{acc, t})
	body := g.expr(t, depth-1, inner)
	return &Node{Kind: KLoop, T: t, Params: []string{acc, i}, Kids: []*Node{init, bound, body}}
}

// arrayExpr generates an expression of array type t.
func (g *Generator) arrayExpr(t Type, depth int, env scope) *Node {
	sub := func(u Type) *Node { return g.expr(u, depth-1, env) }
	d := t.Dims[0]
	for {
		switch g.pick(11) {
		case 0, 1, 2: // map over one to three arrays
			k := 1 + g.pick(3)
			node := &Node{Kind: KMap, T: t}
			var params []Param
			for j := 0; j < k; j++ {
				u := Type{g.primType(), []string{d}}
				if d == "n" && g.chance(0.3) {
					u.Dims = []string{"n", "m"}
				}
				p := Param{g.name("p"), u.Row()}
				params = append(params, p)
				node.Params = append(node.Params, p.Name)
				node.Kids = append(node.Kids, sub(u))
			}
			body := g.expr(t.Row(), depth-1, env.with(params...))
			node.Kids = append([]*Node{body}, node.Kids...)
			return node
		case 3: // map over iota
			p := Param{g.name("ix"), Type{values.I64, nil}}
			body := g.expr(t.Row(), depth-1, env.with(p))
			iota := &Node{Kind: KIota, T: Type{values.I64, []string{d}}}
			return &Node{Kind: KMap, T: t, Params: []string{p.Name}, Kids: []*Node{body, iota}}
		case 4: // scan
			if t.Rank() != 1 {
				continue
			}
			ops := redOps(t.Elem)
			op := ops[g.pick(len(ops))]
			return &Node{Kind: KScan, T: t, Op: op, Kids: []*Node{neutral(op, t.Elem), sub(t)}}
		case 5: // histogram
			if t.Rank() != 1 || t.Elem == values.Bool {
				continue
			}
			ops := redOps(t.Elem)
			op := ops[g.pick(len(ops))]
			k := g.dim()
			return &Node{Kind: KHist, T: t, Op: op, Kids: []*Node{
				sub(t), neutral(op, t.Elem), sub(Type{values.I64, []string{k}}), sub(Type{t.Elem, []string{k}})}}
		case 6: // scatter
			if t.Rank() != 1 {
				continue
			}
			k := g.dim()
			i := Param{g.name("ix"), Type{values.I64, nil}}
			cond := g.expr(Type{values.Bool, nil}, depth-1, env.with(i))
			return &Node{Kind: KScatter, T: t, Params: []string{i.Name}, Step: int64(1 + g.pick(3)), Off: int64(g.pick(5) - 2),
				Kids: []*Node{sub(t), cond, sub(Type{t.Elem, []string{k}})}}
		case 7:
			return &Node{Kind: KReplicate, T: t, Kids: []*Node{sub(t.Row())}}
		case 8:
			return &Node{Kind: KIf, T: t, Kids: []*Node{sub(Type{values.Bool, nil}), sub(t), sub(t)}}
		case 9:
			return g.loop(t, depth, env)
		case 10: // a row of a two-dimensional variable
			if t.Rank() != 1 || d != "m" {
				continue
			}
			var arrs []Param
			for _, p := range env {
				if p.T.Elem == t.Elem && p.T.Rank() == 2 {
					arrs = append(arrs, p)
				}
			}
			if len(arrs) == 0 {
				continue
			}
			a := arrs[g.pick(len(arrs))]
			return &Node{Kind: KIndex, T: t, Kids: []*Node{{Kind: KVar, T: a.T, Name: a.Name}, sub(Type{values.I64, nil})}}
		}
	}
}
