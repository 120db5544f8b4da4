package frontend

// Names: top-level definitions (global), local bindings (binding) and
// the scopes that map names to them, and qualified names such as f32.sqrt
// that parse as projections.

// global is a top-level definition.
type global struct {
	decl    *ValDecl
	typ     Type  // function type (curried) or the constant's type
	quant   []int // quantified type variables
	prelude bool
	// retUnique: the result does not alias the arguments.
	retUnique bool
	// sizes are the size parameters, instantiated afresh at each use.
	sizes []string
	// constants are the top-level constants the result may alias (a
	// function returning a global array): its calls alias them too.
	constants []*binding
	// resFresh says which components of the result are fresh (see
	// inferFresh).
	resFresh []bool
	// recursive marks the provisional global of a function whose body
	// is being checked (recursion.go).
	recursive bool
}

// binding is a local name.
type binding struct {
	name  string
	t     Type
	quant []int
	sizes []string
	// consumable bindings may be updated in place.
	consumable bool
	// localFun marks a local function (let f x = ...): each use gets
	// fresh size variables (see instantiateLocal).
	localFun bool
	// aliases are the bindings whose arrays this one may share.
	aliases []*binding
	depth   int
	pos     Pos
	// parts stand for the components of a tuple-typed binding once a
	// pattern takes it apart (let (a, b) = arrs): a aliases arrs's first
	// part only, so consuming a leaves b usable, and arrs itself is used
	// up with any of its parts.
	parts []*binding
	// whole is the binding whose part this is (see parts); param marks
	// a function's parameter, whose parts are not independent (see
	// componentSplit); partAls are the aliases of each component of a
	// tuple or record value, where fcc knows them apart (see
	// componentSplit).
	whole   *binding
	param   bool
	partAls [][]*binding
	// tree and compAls are the aliases of the components of the value
	// (tree, for a tuple or record) or of the component of a value that
	// a pattern bound (compAls), where known (see aliasTree); resFresh
	// is inferFresh's for a local function.
	tree     *aliasTree
	compAls  []*binding
	resFresh []bool
	// result marks the stand-in for the result of an application as a
	// whole (see appTree).
	result bool
	// holdsResult marks a function value made by partially applying a
	// function whose result may alias its arguments (see heldFunction).
	holdsResult bool
}

// scope maps local names to their bindings and type variable names to
// types.
type scope struct {
	vars   map[string]*binding
	tvars  map[string]Type
	parent *scope
	// found caches lookups answered by an enclosing scope (nil: bound
	// nowhere): each let opens a scope, and walking a chain of n lets for
	// every global name (+, a top-level function) would make checking
	// quadratic.
	found map[string]*binding
}

func (s *scope) lookup(name string) (*binding, bool) {
	var b *binding
	for t := s; t != nil; t = t.parent {
		var ok bool
		if b, ok = t.vars[name]; ok {
			break
		}
		if b, ok = t.found[name]; ok {
			break
		}
	}
	if _, own := s.vars[name]; !own {
		if s.found == nil {
			s.found = map[string]*binding{}
		}
		s.found[name] = b
	}
	return b, b != nil
}

func (s *scope) lookupTVar(name string) (Type, bool) {
	for ; s != nil; s = s.parent {
		if t, ok := s.tvars[name]; ok {
			return t, true
		}
	}
	return nil, false
}

func (s *scope) child() *scope {
	return &scope{vars: map[string]*binding{}, tvars: map[string]Type{}, parent: s}
}

func newScope() *scope { return (*scope)(nil).child() }

func qualName(qual []string, name string) string {
	for i := len(qual) - 1; i >= 0; i-- {
		name = qual[i] + "." + name
	}
	return name
}

// asQualified returns the qualified name a projection chain denotes when
// its root is not a variable in scope, such as f32.sqrt; otherwise nil.
func (c *checker) asQualified(sc *scope, e *ProjectExp) *VarExp {
	var path []string
	var x Exp = e
	for {
		switch y := x.(type) {
		case *ProjectExp:
			path = append([]string{y.Field}, path...)
			x = y.X
			continue
		case *VarExp:
			if len(y.Qual) > 0 {
				return nil
			}
			if _, ok := sc.lookup(y.Name); ok {
				return nil
			}
			if _, ok := c.globals[y.Name]; ok {
				return nil
			}
			path = append([]string{y.Name}, path...)
			return &VarExp{Pos: e.Pos, Qual: path[:len(path)-1], Name: path[len(path)-1]}
		}
		return nil
	}
}
