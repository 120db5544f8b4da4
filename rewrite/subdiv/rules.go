package subdiv

import (
	"fmt"
	"strings"
)

// Rule is a rewrite rule on nests, as data: a name, the rule in the seed's
// notation, the pattern (which levels it applies to), the guard (side
// conditions, including the parameter: a block size for subdivision) and the
// replacement.
type Rule struct {
	Name    string
	Doc     string
	Match   func(n *Nest, level int) bool
	Guard   func(n *Nest, level, param int) error
	Rewrite func(n *Nest, level, param int) *Nest
}

// Apply applies r at level with param; the result is validated.
func (r *Rule) Apply(n *Nest, level, param int) (*Nest, error) {
	if level < 0 || level >= len(n.Levels) || !r.Match(n, level) {
		return nil, fmt.Errorf("rule %s does not match level %d of %s", r.Name, level, n)
	}
	if r.Guard != nil {
		if err := r.Guard(n, level, param); err != nil {
			return nil, fmt.Errorf("rule %s at level %d: %v", r.Name, level, err)
		}
	}
	out := r.Rewrite(n, level, param)
	if err := out.Validate(); err != nil {
		return nil, fmt.Errorf("rule %s at level %d produced an invalid nest: %v", r.Name, level, err)
	}
	return out, nil
}

// Rules are all rules of the package.
var Rules = []*Rule{SubdivideMap, SubdivideReduce, ExchangeMapMap, ExchangeMapReduce, ExchangeReduceMap, ExchangeReduceReduce}

func kindAt(n *Nest, l int, k Kind) bool { return l >= 0 && l < len(n.Levels) && n.Levels[l].Kind == k }

func blockGuard(n *Nest, level, b int) error {
	e := n.Levels[level].Extent
	if b < 1 || e%b != 0 {
		return fmt.Errorf("block size %d does not divide the extent %d of %s", b, e, n.Levels[level].Index)
	}
	return nil
}

// subdivide splits level's index v into the block index v_b (extent e/b,
// outer) and the offset v_o (extent b, inner), v = v_b*b + v_o, and every view
// dimension (v, e, s) into (v_b, e/b, b*s), (v_o, b, s): the seed's subdiv.
func subdivide(n *Nest, level, b int) *Nest {
	c := n.clone()
	l := n.Levels[level]
	outer, inner := l, l
	outer.Index, outer.Extent = l.Index+"_b", l.Extent/b
	inner.Index, inner.Extent = l.Index+"_o", b
	c.Levels = append(append(append([]Level(nil), n.Levels[:level]...), outer, inner), n.Levels[level+1:]...)
	split := func(v View) View {
		var ds []Dim
		for _, d := range v.Dims {
			if d.Index != l.Index {
				ds = append(ds, d)
				continue
			}
			ds = append(ds, Dim{Index: outer.Index, Extent: outer.Extent, Stride: b * d.Stride},
				Dim{Index: inner.Index, Extent: b, Stride: d.Stride})
		}
		v.Dims = ds
		return v
	}
	for i := range c.Views {
		c.Views[i] = split(c.Views[i])
	}
	c.Out = split(c.Out)
	return c
}

// SubdivideMap is map_v f → map_{v_b} map_{v_o} f with the views subdivided;
// the result has one more dimension, which the output view flattens back.
var SubdivideMap = &Rule{
	Name:    "subdivide-map",
	Doc:     "map_v[e] f → map_vb[e/b] map_vo[b] f,  views subdiv v b",
	Match:   func(n *Nest, l int) bool { return kindAt(n, l, Map) },
	Guard:   blockGuard,
	Rewrite: subdivide,
}

// SubdivideReduce is reduce_v r f → reduce_{v_b} r (reduce_{v_o} r f):
// regrouping a reduction needs an associative operator.
var SubdivideReduce = &Rule{
	Name:  "subdivide-reduce",
	Doc:   "reduce_v[e](r) f → reduce_vb[e/b](r) reduce_vo[b](r) f,  views subdiv v b,  r associative",
	Match: func(n *Nest, l int) bool { return kindAt(n, l, Reduce) },
	Guard: func(n *Nest, level, b int) error {
		if op := n.Levels[level].Op; !op.Assoc {
			return fmt.Errorf("operator %s is not associative: its reduction cannot be regrouped into blocks", op.Name)
		}
		return blockGuard(n, level, b)
	},
	Rewrite: subdivide,
}

// exchange swaps levels l and l+1 and flips their dimensions in every view
// that has both (they are adjacent there, views being in nest order).
func exchange(n *Nest, l, _ int) *Nest {
	c := n.clone()
	a, b := n.Levels[l], n.Levels[l+1]
	c.Levels[l], c.Levels[l+1] = b, a
	flip := func(v View) View {
		for i := 0; i+1 < len(v.Dims); i++ {
			if v.Dims[i].Index == a.Index && v.Dims[i+1].Index == b.Index {
				v.Dims[i], v.Dims[i+1] = v.Dims[i+1], v.Dims[i]
				break
			}
		}
		return v
	}
	for i := range c.Views {
		c.Views[i] = flip(c.Views[i])
	}
	c.Out = flip(c.Out)
	return c
}

func pairAt(k1, k2 Kind) func(n *Nest, l int) bool {
	return func(n *Nest, l int) bool { return kindAt(n, l, k1) && kindAt(n, l+1, k2) }
}

// ExchangeMapMap is map_i map_j f → map_j map_i f with the views and the
// result flipped: the result is computed transposed and the output view
// transposes it back. No algebraic condition: every element is computed
// exactly as before.
var ExchangeMapMap = &Rule{
	Name:    "exchange-map-map",
	Doc:     "map_i map_j f → map_j map_i f,  flip i j in the views and the output",
	Match:   pairAt(Map, Map),
	Rewrite: exchange,
}

// ExchangeMapReduce is map_i (reduce_j r f) → reduce_j (lift r) (map_i f):
// a map of reductions becomes a reduction of arrays, with the operator
// lifted to arrays (the seed's eq. 42). Each output element is still folded
// over j in the same order, so no algebraic condition is needed.
var ExchangeMapReduce = &Rule{
	Name:    "exchange-map-reduce",
	Doc:     "map_i reduce_j(r) f → reduce_j(lift r) map_i f,  flip i j in the views",
	Match:   pairAt(Map, Reduce),
	Rewrite: exchange,
}

// ExchangeReduceMap is the reverse of ExchangeMapReduce.
var ExchangeReduceMap = &Rule{
	Name:    "exchange-reduce-map",
	Doc:     "reduce_j(lift r) map_i f → map_i reduce_j(r) f,  flip j i in the views",
	Match:   pairAt(Reduce, Map),
	Rewrite: exchange,
}

// ExchangeReduceReduce is reduce_i r (reduce_j r f) → reduce_j r (reduce_i r
// f): it visits the terms in another order, so it needs one operator that is
// associative and commutative (the seed's flip identity for rnz).
var ExchangeReduceReduce = &Rule{
	Name:  "exchange-reduce-reduce",
	Doc:   "reduce_i(r) reduce_j(r) f → reduce_j(r) reduce_i(r) f,  r associative and commutative,  flip i j",
	Match: pairAt(Reduce, Reduce),
	Guard: func(n *Nest, l, _ int) error {
		a, b := n.Levels[l].Op, n.Levels[l+1].Op
		if a != b {
			return fmt.Errorf("operators %s and %s differ", a.Name, b.Name)
		}
		if !a.Assoc || !a.Comm {
			return fmt.Errorf("operator %s is not associative and commutative", a.Name)
		}
		return nil
	},
	Rewrite: exchange,
}

// Step is one rule application of a derivation.
type Step struct {
	Rule  *Rule
	Level int
	Param int // block size of a subdivision; unused by exchanges
	After *Nest
}

// Derivation is a nest and the rule applications that led to it.
type Derivation struct {
	Start *Nest
	Steps []Step
}

// Result is the nest after the last step.
func (d Derivation) Result() *Nest {
	if len(d.Steps) == 0 {
		return d.Start
	}
	return d.Steps[len(d.Steps)-1].After
}

// String prints the derivation, one step a line.
func (d Derivation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "    %s\n", d.Start)
	for _, s := range d.Steps {
		fmt.Fprintf(&b, "→ %s at %d", s.Rule.Name, s.Level)
		if strings.HasPrefix(s.Rule.Name, "subdivide") {
			fmt.Fprintf(&b, " (b=%d)", s.Param)
		}
		fmt.Fprintf(&b, "\n    %s\n", s.After)
	}
	return b.String()
}

func (d Derivation) then(r *Rule, level, param int) (Derivation, error) {
	out, err := r.Apply(d.Result(), level, param)
	if err != nil {
		return Derivation{}, err
	}
	steps := append(append([]Step(nil), d.Steps...), Step{Rule: r, Level: level, Param: param, After: out})
	return Derivation{Start: d.Start, Steps: steps}, nil
}

// Subdivide splits the level-th level of n into blocks of blockSize (rule
// subdivide-map or subdivide-reduce).
func Subdivide(n *Nest, level, blockSize int) (*Nest, error) {
	if level < 0 || level >= len(n.Levels) {
		return nil, fmt.Errorf("no level %d", level)
	}
	r := SubdivideMap
	if n.Levels[level].Kind == Reduce {
		r = SubdivideReduce
	}
	return r.Apply(n, level, blockSize)
}

// ExchangeRule is the exchange rule for levels level and level+1 of n.
func ExchangeRule(n *Nest, level int) (*Rule, error) {
	if level < 0 || level+1 >= len(n.Levels) {
		return nil, fmt.Errorf("no levels %d and %d to exchange", level, level+1)
	}
	for _, r := range []*Rule{ExchangeMapMap, ExchangeMapReduce, ExchangeReduceMap, ExchangeReduceReduce} {
		if r.Match(n, level) {
			return r, nil
		}
	}
	panic("subdiv: a pair of levels of no known kinds")
}

// Exchange swaps levels level and level+1 of n with the matching rule.
func Exchange(n *Nest, level int) (*Nest, error) {
	r, err := ExchangeRule(n, level)
	if err != nil {
		return nil, err
	}
	return r.Apply(n, level, 0)
}

// Variants enumerates the loop orders of n: all permutations of its levels in
// Steinhaus–Johnson–Trotter order, the first being n itself. SJT moves from
// one permutation to the next by one swap of adjacent elements, so variant
// k+1 is variant k plus one exchange rule, and every variant carries the
// derivation that produced it. If some adjacent pair cannot be exchanged (two
// reductions with different or non-commutative operators), Variants fails:
// the permutations beyond that swap are not derivable by these rules.
func Variants(n *Nest) ([]Derivation, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	cur := Derivation{Start: n}
	out := []Derivation{cur}
	for _, pos := range sjtSwaps(len(n.Levels)) {
		next, err := cur.then(mustExchangeRule(cur.Result(), pos), pos, 0)
		if err != nil {
			return out, err
		}
		out = append(out, next)
		cur = next
	}
	return out, nil
}

func mustExchangeRule(n *Nest, pos int) *Rule {
	r, err := ExchangeRule(n, pos)
	if err != nil {
		panic(err)
	}
	return r
}

// sjtSwaps returns the positions p of the adjacent swaps (p, p+1) that take
// the identity permutation of k elements through all k! permutations in
// Steinhaus–Johnson–Trotter order: repeatedly move the largest mobile element
// (one whose neighbour in its direction is smaller) one step in its
// direction, then reverse the direction of every larger element.
func sjtSwaps(k int) []int {
	perm := make([]int, k)
	dir := make([]int, k) // -1 left, +1 right, by element
	for i := range perm {
		perm[i], dir[i] = i, -1
	}
	var swaps []int
	for {
		best, at := -1, -1
		for i, e := range perm {
			j := i + dir[e]
			if j >= 0 && j < k && perm[j] < e && e > best {
				best, at = e, i
			}
		}
		if best < 0 {
			return swaps
		}
		j := at + dir[best]
		perm[at], perm[j] = perm[j], perm[at]
		swaps = append(swaps, min(at, j))
		for e := best + 1; e < k; e++ {
			dir[e] = -dir[e]
		}
	}
}

// Distinct keeps the first derivation of every loop order (Nest.Order): the
// seed counts levels that come from one subdivided index as the same
// higher-order function.
func Distinct(ds []Derivation) []Derivation {
	seen := map[string]bool{}
	var out []Derivation
	for _, d := range ds {
		o := d.Result().Order()
		if !seen[o] {
			seen[o] = true
			out = append(out, d)
		}
	}
	return out
}
