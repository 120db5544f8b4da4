package lift

// Expr is a node of the pattern language. Most nodes denote functions of one
// input value (a tuple when several values flow in); Param, Apply and Lit
// are the data expressions that appear in lambda bodies. Expressions are
// immutable: rules build new nodes and share unchanged subtrees.
type Expr interface{ exprNode() }

// MapKind says how a map is executed. Every kind means the same thing
// (apply F to every element); the low-level kinds record the decision of
// Fig. 7 that code generation follows.
type MapKind int

// The map kinds. MapHigh is the algorithmic map of Fig. 4.
const (
	MapHigh MapKind = iota
	MapWorkgroup
	MapLocal
	MapGlobal
	MapSeq
	MapVec
)

var mapKindNames = [...]string{"map", "map-workgroup", "map-local", "map-global", "map-seq", "map-vec"}

func (k MapKind) String() string { return mapKindNames[k] }

// parallel reports whether k is mapped onto the OpenCL thread hierarchy.
func (k MapKind) parallel() bool { return k == MapWorkgroup || k == MapLocal || k == MapGlobal }

// Map applies F to every element of an array (a vector for MapVec). Dim is
// the OpenCL dimension (0–2) of the parallel kinds.
type Map struct {
	Kind MapKind
	Dim  int
	F    Expr
}

// Reduce folds an array with Op from Init and returns a one-element array,
// as Lift's reduce does, so that reductions compose with array patterns. Seq
// marks the low-level reduce-seq, whose operator need not be associative;
// Local the low-level reduce-local, the work-items of a work-group
// combining an array in local memory together (see ruleReduceLocal).
type Reduce struct {
	Seq   bool
	Local bool
	Op    Expr
	Init  Value
}

// lowLevel reports whether r is one of the low-level reductions.
func (r *Reduce) lowLevel() bool { return r.Seq || r.Local }

// Scan is the inclusive scan, [A]_n → [A]_n: element i is the fold of
// elements 0 … i with Op from Init. Lift has no scan; fcc adds it with the
// decomposition of scan-split (see rulesScan). Seq marks the low-level
// scan-seq, which like reduce-seq may fold elements of another type.
type Scan struct {
	Seq  bool
	Op   Expr
	Init Value
}

// PropagateLevel is where a propagate's carries come from.
type PropagateLevel int

// The levels of propagate: the high-level pattern, a work-group's scan of
// its work-items' totals, the look-back over the work-groups before, and
// a pass of its own over the totals of chunks that single work-items
// scan (a CPU's three-phase scan).
const (
	PropagateHigh PropagateLevel = iota
	PropagateLocal
	PropagateLookback
	PropagateGlobal
)

// Propagate combines every element of each chunk of scanned chunks with the
// total of all chunks before it (the fold of their last elements with Op
// from Init): [[A]_c]_m → [[A]_c]_m. After a map of scans over a split
// array it completes the scan of the whole; see scan-split.
type Propagate struct {
	Level PropagateLevel
	Op    Expr
	Init  Value
}

// PartRed is the partial reduction: it reduces every run of Factor
// consecutive elements, [A]_{Factor×m} → [A]_m. The factor (the paper's
// subscript I) rather than the output size is the argument because it is what
// iterate repeats (rule part-red-iterate).
type PartRed struct {
	Op     Expr
	Init   Value
	Factor Size
}

// Split cuts an array into chunks of N: [A]_{N×m} → [[A]_N]_m.
type Split struct{ N Size }

// Join flattens one level: [[A]_n]_m → [A]_{n×m}.
type Join struct{}

// Reorder permutes an array in an unspecified way; only order-insensitive
// consumers (reductions with a commutative operator) may follow it. The
// interpreter reverses the array, so that tests catch order-sensitive uses.
type Reorder struct{}

// ReorderStride is the concrete reordering of Fig. 7c: element i of the
// result is element i/I + S×(i%I) of the input, I = length/S. It makes
// consecutive work-items read consecutive addresses (coalescing).
type ReorderStride struct{ S Size }

// Iterate applies F N times; F may shrink its input by a fixed factor.
type Iterate struct {
	N int
	F Expr
}

// Zip pairs two arrays of equal length: ([A]_n, [B]_n) → [(A, B)]_n.
type Zip struct{}

// Get projects component I of a tuple.
type Get struct{ I int }

// Id is the identity function.
type Id struct{}

// AddrSpace is where a result is stored.
type AddrSpace int

// Address spaces of OpenCL.
const (
	Global AddrSpace = iota
	Local
	Private
)

var spaceNames = [...]string{"global", "local", "private"}

func (s AddrSpace) String() string { return spaceNames[s] }

// To stores the result of F in address space Space (to-global, to-local,
// to-private). It means the identity on values, like a typecast.
type To struct {
	Space AddrSpace
	F     Expr
}

// AsVector groups N consecutive scalars into a vector: [S]_{N×m} → [<S>_N]_m.
type AsVector struct{ N int }

// AsScalar undoes AsVector: [<S>_N]_m → [S]_{N×m}.
type AsScalar struct{}

// UserFun is a named scalar function (add, mult, abs …); see userFuns.
// Decl, when set, describes a function the language does not know by name:
// the body or the operator of a compiled program's Seg-op, as the lowering
// pass (rewrite/lower) presents it.
type UserFun struct {
	Name string
	Decl *FunDecl
}

// Param is a lambda parameter; parameters are compared by identity.
type Param struct{ Name string }

// Lambda is λ(Params). Body. Given a tuple of len(Params) values it binds
// each; with one parameter it binds the whole input.
type Lambda struct {
	Params []*Param
	Body   Expr
}

// Apply applies the function F to Args (a tuple when there are several).
type Apply struct {
	F    Expr
	Args []Expr
}

// Lit is a constant data expression.
type Lit struct{ V Value }

// Compose is Fs[0] ∘ Fs[1] ∘ … ∘ Fs[k-1]: the last function is applied
// first. Compose is kept flat (no Compose directly inside a Compose) and has
// at least two elements; use Comp to build one.
type Compose struct{ Fs []Expr }

func (*Map) exprNode()           {}
func (*Reduce) exprNode()        {}
func (*PartRed) exprNode()       {}
func (*Scan) exprNode()          {}
func (*Propagate) exprNode()     {}
func (*Split) exprNode()         {}
func (*Join) exprNode()          {}
func (*Reorder) exprNode()       {}
func (*ReorderStride) exprNode() {}
func (*Iterate) exprNode()       {}
func (*Zip) exprNode()           {}
func (*Get) exprNode()           {}
func (*Id) exprNode()            {}
func (*To) exprNode()            {}
func (*AsVector) exprNode()      {}
func (*AsScalar) exprNode()      {}
func (*UserFun) exprNode()       {}
func (*Param) exprNode()         {}
func (*Lambda) exprNode()        {}
func (*Apply) exprNode()         {}
func (*Lit) exprNode()           {}
func (*Compose) exprNode()       {}

// Comp composes functions (leftmost applied last), flattening nested
// compositions and dropping identities, so that adjacent patterns are always
// siblings and rules that match "f ∘ g" see them.
func Comp(fs ...Expr) Expr {
	var flat []Expr
	for _, f := range fs {
		switch f := f.(type) {
		case *Compose:
			flat = append(flat, f.Fs...)
		case *Id:
		case nil:
		default:
			flat = append(flat, f)
		}
	}
	switch len(flat) {
	case 0:
		return &Id{}
	case 1:
		return flat[0]
	}
	return &Compose{Fs: flat}
}

// Constructors for the patterns, so that tests and scripts read like Lift.

// MapF is the algorithmic map(f).
func MapF(f Expr) *Map { return &Map{Kind: MapHigh, F: f} }

// MapK is a map of the given kind and dimension.
func MapK(k MapKind, dim int, f Expr) *Map { return &Map{Kind: k, Dim: dim, F: f} }

// ReduceF is the algorithmic reduce(op, init).
func ReduceF(op Expr, init Value) *Reduce { return &Reduce{Op: op, Init: init} }

// ReduceSeqF is reduce-seq(op, init).
func ReduceSeqF(op Expr, init Value) *Reduce { return &Reduce{Seq: true, Op: op, Init: init} }

// ReduceLocalF is reduce-local(op, init).
func ReduceLocalF(op Expr, init Value) *Reduce { return &Reduce{Local: true, Op: op, Init: init} }

// Fun is the user function of that name.
func Fun(name string) *UserFun { return &UserFun{Name: name} }

// Lam builds a lambda with fresh parameters named names; body receives them.
func Lam(names []string, body func(ps []*Param) Expr) *Lambda {
	ps := make([]*Param, len(names))
	for i, n := range names {
		ps[i] = &Param{Name: n}
	}
	return &Lambda{Params: ps, Body: body(ps)}
}

// App applies f to args.
func App(f Expr, args ...Expr) *Apply { return &Apply{F: f, Args: args} }
