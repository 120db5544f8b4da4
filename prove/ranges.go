package prove

import (
	"math"
	"slices"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file is the analysis that proves array indices inside kernels in
// bounds (prove.go marks them; code generation leaves their checks out). It is a small symbolic
// range analysis over i64 scalars: a value lies above lower bounds and
// below upper bounds of the form sym + k, where sym is a name (or none,
// for the constant k), compared in mathematical integers. Facts come from
// index variables (0 <= i < N), i64 constants, copies, sums and
// differences that provably do not wrap (of constants, and of names with
// their constant bounds, their bounds on a common name cancelling),
// products, quotients and remainders of bounded values, blocked indices
// (s * b + q for s < n / b, q < b), min and max, elements of iota
// arrays, the conditions of the branches around the index (facts.go),
// and the definitions of names anywhere in the program, the host code
// that computes a kernel's free names included; bounds on names chain
// (x <= s + k, s <= t + k').
// Anything else is unknown, and an unknown index keeps its check: a wrong
// proof would turn an out-of-bounds read into silent garbage.
//
// Every name the analysis looks at while proving an index is in scope
// where the index is used (it is the index, an operand of a definition it
// depends on, or the bound of an index variable it depends on), so its
// value exists there and its bounds are not empty. The analysis uses that:
// i in [0, N-1] shows N >= 1, which max(i-1, 0) <= N-1 needs.

// rangeEnv is what the analysis knows about names.
type rangeEnv struct {
	// defs are the program's scalar definitions (let x = e with one name).
	// Names are unique in a program, so one map serves every scope.
	defs map[soac.VName]soac.Exp
	// bounds are index variables (Seg-op spaces, i64 for-loops) with
	// their exclusive upper bounds: where i is in scope, 0 <= i < N.
	bounds map[soac.VName]soac.SubExp
	// elems are scalars read from an array (the elements that the
	// lambda parameters of sequential SOACs are bound to), by the array.
	elems map[soac.VName]soac.VName
	// facts are the bounds that the conditions of the branches around
	// the index give (facts.go); they hold only there.
	facts []fact
	// inv are constant bounds [lo, hi] of loops' i64 merge parameters
	// and results that every iteration keeps (invariant.go).
	inv map[soac.VName][2]int64
}

// ScalarDefs maps the names that one-name statements bind anywhere in p
// to their expressions. A name bound twice (which a valid program does
// not do) gets no entry, so that nothing is concluded from it.
func ScalarDefs(p *soac.Program) map[soac.VName]soac.Exp {
	defs := map[soac.VName]soac.Exp{}
	twice := map[soac.VName]bool{}
	for _, f := range p.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			for _, q := range s.Pat {
				if _, ok := defs[q.Name]; ok || twice[q.Name] {
					twice[q.Name] = true
				}
			}
			if len(s.Pat) == 1 && !twice[s.Pat[0].Name] {
				defs[s.Pat[0].Name] = s.Exp
			}
		})
	}
	for n := range twice {
		delete(defs, n)
	}
	return defs
}

// inBounds reports whether index i provably lies in [0, dim) wherever it
// is used to index a dimension of size dim.
func (env *rangeEnv) inBounds(i, dim soac.SubExp) bool {
	p := &prover{env: env, atLeast: map[soac.VName]int64{}, atMost: map[soac.VName]int64{}}
	if d, ok := dim.(soac.Var); ok {
		// The dimension of an existing array.
		p.learnLo(d.Name, 0)
	}
	// Facts learnt late in one round (N >= 1 from an index variable met
	// after a sum that needed it) can prove more in the next.
	for round := 0; round < 4; round++ {
		p.memo = map[soac.VName]rng{}
		p.cLo = map[soac.VName]optInt{}
		p.cHi = map[soac.VName]optInt{}
		p.grew = false
		r := p.rangeOf(i)
		if p.nonNegative(r.lo) && p.belowDim(r.hi, dim) {
			return true
		}
		if !p.grew {
			return false
		}
	}
	return false
}

// terms are bounds sym + k of one side, by sym ("" for constants). Only
// the tightest k per sym is kept.
type terms map[soac.VName]int64

// rng bounds a value: it is >= every lo term and <= every hi term.
type rng struct{ lo, hi terms }

func newRng() rng { return rng{lo: terms{}, hi: terms{}} }

// sorted returns t's syms in order: where a bound is looked at first
// matters (it can learn facts, or meet the depth limit), so go in a
// fixed order, for the same code on every run.
func (t terms) sorted() []soac.VName {
	ks := make([]soac.VName, 0, len(t))
	for s := range t {
		ks = append(ks, s)
	}
	slices.Sort(ks)
	return ks
}

// addLo adds lower bound s + k, keeping the larger k for s.
func (t terms) addLo(s soac.VName, k int64) {
	if old, ok := t[s]; !ok || k > old {
		t[s] = k
	}
}

// addHi adds upper bound s + k, keeping the smaller k for s.
func (t terms) addHi(s soac.VName, k int64) {
	if old, ok := t[s]; !ok || k < old {
		t[s] = k
	}
}

// meet adds o's bounds to r's: both hold of the same value.
func (r rng) meet(o rng) {
	for s, k := range o.lo {
		r.lo.addLo(s, k)
	}
	for s, k := range o.hi {
		r.hi.addHi(s, k)
	}
}

type optInt struct {
	v  int64
	ok bool
}

// prover proves one index in bounds. The memo tables hold for one round.
type prover struct {
	env *rangeEnv
	// atLeast and atMost are constant bounds learnt on names: from the
	// dimension indexed, and from the non-empty ranges of values that
	// exist where the index is used.
	atLeast, atMost map[soac.VName]int64
	grew            bool
	memo            map[soac.VName]rng
	cLo, cHi        map[soac.VName]optInt
	depth           int
}

// maxDepth bounds the recursion on definitions; deeper chains are unknown.
const maxDepth = 48

func (p *prover) learnLo(s soac.VName, v int64) {
	if old, ok := p.atLeast[s]; !ok || v > old {
		p.atLeast[s] = v
		p.grew = true
	}
}

func (p *prover) learnHi(s soac.VName, v int64) {
	if old, ok := p.atMost[s]; !ok || v < old {
		p.atMost[s] = v
		p.grew = true
	}
}

// i64Const returns the value of an i64 constant operand.
func i64Const(se soac.SubExp) (int64, bool) {
	c, ok := se.(soac.Const)
	if !ok || c.Value.T != values.I64 {
		return 0, false
	}
	return c.Value.Int(), true
}

// addK adds without wrapping; false on overflow.
func addK(a, b int64) (int64, bool) {
	s := a + b
	if (b > 0 && s < a) || (b < 0 && s > a) {
		return 0, false
	}
	return s, true
}

// rangeOf returns the bounds of an i64 operand.
func (p *prover) rangeOf(se soac.SubExp) rng {
	if v, ok := se.(soac.Var); ok {
		return p.nameRange(v.Name)
	}
	r := newRng()
	if c, ok := i64Const(se); ok {
		r.lo[""], r.hi[""] = c, c
	}
	return r
}

// indexRange adds to r the bounds 0 <= x <= n - 1 of an index below n,
// and x <= h - 1 for the upper bounds h of n (in mathematical integers,
// so no wrap-around to fear).
func (p *prover) indexRange(r rng, n soac.SubExp) {
	r.lo.addLo("", 0)
	for s, k := range p.rangeOf(n).hi {
		if v, ok := addK(k, -1); ok {
			r.hi.addHi(s, v)
		}
	}
}

func (p *prover) nameRange(x soac.VName) rng {
	if r, ok := p.memo[x]; ok {
		return r
	}
	// A name is always within itself; that is all there is to know
	// past the depth limit or on a cycle (which valid programs lack).
	r := newRng()
	r.lo[x], r.hi[x] = 0, 0
	p.memo[x] = r
	if p.depth >= maxDepth {
		return r
	}
	p.depth++
	defer func() { p.depth-- }()
	if n, ok := p.env.bounds[x]; ok {
		p.indexRange(r, n)
	}
	if arr, ok := p.env.elems[x]; ok {
		// The elements of iota n 0 1 (i64) are 0 .. n-1: no wrap-around.
		if io, ok := p.env.defs[arr].(*soac.IotaExp); ok && io.T == values.I64 {
			start, ok1 := i64Const(io.Start)
			step, ok2 := i64Const(io.Step)
			if ok1 && ok2 && start == 0 && step == 1 {
				p.indexRange(r, io.N)
			}
		}
	}
	if iv, ok := p.env.inv[x]; ok {
		r.lo.addLo("", iv[0])
		r.hi.addHi("", iv[1])
	}
	switch e := p.env.defs[x].(type) {
	case *soac.SubExpExp:
		r.meet(p.rangeOf(e.X))
	case *soac.BinOpExp:
		if e.T == values.I64 {
			r.meet(p.binOp(e))
		}
	}
	var nes []int64
	for _, f := range p.env.facts {
		switch {
		case f.x != x:
		case f.kind == factLo:
			r.lo.addLo(f.s, f.k)
		case f.kind == factHi:
			r.hi.addHi(f.s, f.k)
		default:
			nes = append(nes, f.k)
		}
	}
	p.excludeEnds(x, r, nes)
	p.chain(x, r)
	p.learn(r)
	return r
}

// chain adds to r, the range of x, the bounds of the names in its
// bounds: x <= s + k and s <= t + k' give x <= t + k + k' (u == i with
// i < r gives u < r). Branch facts bound names by names that way.
func (p *prover) chain(x soac.VName, r rng) {
	for _, s := range r.lo.sorted() {
		if s == "" || s == x {
			continue
		}
		k := r.lo[s]
		for t, k2 := range p.nameRange(s).lo {
			if v, ok := addK(k, k2); ok && t != s {
				r.lo.addLo(t, v)
			}
		}
	}
	for _, s := range r.hi.sorted() {
		if s == "" || s == x {
			continue
		}
		k := r.hi[s]
		for t, k2 := range p.nameRange(s).hi {
			if v, ok := addK(k, k2); ok && t != s {
				r.hi.addHi(t, v)
			}
		}
	}
}

// excludeEnds narrows r, the range of x, by the constants x is known to
// differ from: x != c with x >= c gives x >= c + 1 (and the other way
// round), repeated while an end moves (x != 0, x != 1 with x >= 0).
func (p *prover) excludeEnds(x soac.VName, r rng, nes []int64) {
	for moved := len(nes) > 0; moved; {
		moved = false
		lo, okLo := p.constSide(x, r.lo, p.constLo, max64)
		hi, okHi := p.constSide(x, r.hi, p.constHi, min64)
		for _, c := range nes {
			if okLo && lo == c && c != math.MaxInt64 {
				r.lo.addLo("", c+1)
				lo, moved = c+1, true
			}
			if okHi && hi == c && c != math.MinInt64 {
				r.hi.addHi("", c-1)
				hi, moved = c-1, true
			}
		}
	}
}

// constSide returns the tightest constant bound of one side t of x's
// range (pick is max for lower bounds, min for upper ones), its terms
// made constant through bound.
func (p *prover) constSide(x soac.VName, t terms, bound func(soac.VName) (int64, bool), pick func(int64, int64) int64) (int64, bool) {
	var best int64
	found := false
	for _, s := range t.sorted() {
		if s == x {
			continue
		}
		if v, ok := p.constTerm(s, t[s], bound); ok {
			if !found {
				best, found = v, true
			} else {
				best = pick(best, v)
			}
		}
	}
	return best, found
}

// learn records what the non-emptiness of an existing value's range says
// about the names in its bounds: lo <= s + k shows s >= lo - k.
func (p *prover) learn(r rng) {
	for sl, kl := range r.lo {
		for sh, kh := range r.hi {
			switch {
			case sl == "" && sh != "":
				if v, ok := addK(kl, -kh); ok && kh != math.MinInt64 {
					p.learnLo(sh, v)
				}
			case sl != "" && sh == "":
				if v, ok := addK(kh, -kl); ok && kl != math.MinInt64 {
					p.learnHi(sl, v)
				}
			}
		}
	}
}

// binOp returns the bounds of a signed i64 operation.
func (p *prover) binOp(e *soac.BinOpExp) rng {
	r := newRng()
	cx, xConst := i64Const(e.X)
	cy, yConst := i64Const(e.Y)
	switch e.Op {
	case soac.Add, soac.Sub:
		if xConst && yConst {
			// Exactly what the kernel computes, wrap-around included.
			v := int64(uint64(cx) + uint64(cy))
			if e.Op == soac.Sub {
				v = int64(uint64(cx) - uint64(cy))
			}
			r.lo[""], r.hi[""] = v, v
			return r
		}
		switch {
		case yConst && e.Op == soac.Add:
			return p.addConst(p.rangeOf(e.X), cy)
		case yConst && cy != math.MinInt64:
			return p.addConst(p.rangeOf(e.X), -cy)
		case xConst && e.Op == soac.Add:
			return p.addConst(p.rangeOf(e.Y), cx)
		case e.Op == soac.Add:
			return p.addVars(e.X, e.Y)
		default:
			return p.subVars(e.X, e.Y)
		}
	case soac.Mul:
		return p.mul(e.X, e.Y)
	case soac.Div, soac.Quot:
		return p.div(e.Op, e.X, e.Y)
	case soac.Mod, soac.Rem:
		return p.mod(e.Op, e.X, e.Y)
	case soac.Max, soac.Min:
		// max(a, b) is at least each of them, and at most any bound
		// above both; min(a, b) the other way round.
		a, b := p.rangeOf(e.X), p.rangeOf(e.Y)
		keep, ka, kb := r.lo.addLo, a.lo, b.lo
		join, ja, jb := p.hiSide(r.hi), a.hi, b.hi
		if e.Op == soac.Min {
			keep, ka, kb = r.hi.addHi, a.hi, b.hi
			join, ja, jb = p.loSide(r.lo), a.lo, b.lo
		}
		for _, t := range []terms{ka, kb} {
			for s, k := range t {
				keep(s, k)
			}
		}
		for _, sa := range ja.sorted() {
			for _, sb := range jb.sorted() {
				p.join(join, sa, ja[sa], sb, jb[sb])
			}
		}
	}
	return r
}

// addConst returns the bounds of x + c for x in r, where the kernel adds
// modulo 2^64: shifting the bounds is right only when x + c provably
// stays within the i64 range; otherwise nothing is known.
func (p *prover) addConst(r rng, c int64) rng {
	out := newRng()
	if !p.noWrap(r, c) {
		return out
	}
	for s, k := range r.lo {
		if v, ok := addK(k, c); ok {
			out.lo[s] = v
		}
	}
	for s, k := range r.hi {
		if v, ok := addK(k, c); ok {
			out.hi[s] = v
		}
	}
	return out
}

// noWrap reports whether x + c cannot overflow for x in r. A name's value
// is an i64, so x <= s + k with k + c <= 0 keeps x + c <= MaxInt64.
func (p *prover) noWrap(r rng, c int64) bool {
	switch {
	case c == 0:
		return true
	case c > 0:
		for _, s := range r.hi.sorted() {
			k := r.hi[s]
			if s != "" && k <= -c {
				return true
			}
			h := k
			if s != "" {
				ch, ok := p.constHi(s)
				if !ok {
					continue
				}
				if h, ok = addK(ch, k); !ok {
					continue
				}
			}
			if h <= math.MaxInt64-c {
				return true
			}
		}
	default:
		for _, s := range r.lo.sorted() {
			k := r.lo[s]
			if s != "" && k >= -c {
				return true
			}
			l := k
			if s != "" {
				cl, ok := p.constLo(s)
				if !ok {
					continue
				}
				if l, ok = addK(cl, k); !ok {
					continue
				}
			}
			if l >= math.MinInt64-c {
				return true
			}
		}
	}
	return false
}

// hiSide is the side of hi bounds, for join: bounds above both values.
func (p *prover) hiSide(hi terms) bound {
	return bound{side: hi.addHi, pick: max64, same: p.constHi, other: p.constLo}
}

// loSide is the side of lo bounds, for join: bounds below both values.
func (p *prover) loSide(lo terms) bound {
	return bound{side: lo.addLo, pick: min64, same: p.constLo, other: p.constHi}
}

func max64(a, b int64) int64 { return max(a, b) }
func min64(a, b int64) int64 { return min(a, b) }

// bound is one side of a range for join: how to add a bound to it, which
// of two constants bounds both (max above, min below), the constant bound
// of a name on this side and on the other one.
type bound struct {
	side        func(soac.VName, int64)
	pick        func(int64, int64) int64
	same, other func(soac.VName) (int64, bool)
}

// join adds to b's side bounds that hold for both sa + ka and sb + kb.
func (p *prover) join(b bound, sa soac.VName, ka int64, sb soac.VName, kb int64) {
	if sa == sb {
		b.side(sa, b.pick(ka, kb))
		return
	}
	if sa == "" {
		sa, ka, sb, kb = sb, kb, sa, ka
	}
	if sb == "" {
		// Above: s + k' >= kb for every s >= L when k' >= kb - L; below:
		// s + k' <= kb for every s <= H when k' <= kb - H.
		if l, ok := b.other(sa); ok {
			if d, ok := addK(kb, -l); ok && l != math.MinInt64 {
				b.side(sa, b.pick(ka, d))
			}
		}
	}
	// Both as constants.
	ca, ok1 := p.constTerm(sa, ka, b.same)
	cb, ok2 := p.constTerm(sb, kb, b.same)
	if ok1 && ok2 {
		b.side("", b.pick(ca, cb))
	}
}

// constTerm turns s + k into a constant through bound (constLo or
// constHi) of s.
func (p *prover) constTerm(s soac.VName, k int64, bound func(soac.VName) (int64, bool)) (int64, bool) {
	if s == "" {
		return k, true
	}
	b, ok := bound(s)
	if !ok {
		return 0, false
	}
	return addK(b, k)
}

// constLo returns a constant lower bound of name s.
func (p *prover) constLo(s soac.VName) (int64, bool) {
	return p.constBound(s, true)
}

// constHi returns a constant upper bound of name s.
func (p *prover) constHi(s soac.VName) (int64, bool) {
	return p.constBound(s, false)
}

func (p *prover) constBound(s soac.VName, lower bool) (int64, bool) {
	memo, learnt := p.cHi, p.atMost
	if lower {
		memo, learnt = p.cLo, p.atLeast
	}
	best, ok := learnt[s]
	better := func(v int64) {
		if !ok || (lower && v > best) || (!lower && v < best) {
			best, ok = v, true
		}
	}
	if m, seen := memo[s]; seen {
		if m.ok {
			better(m.v)
		}
		return best, ok
	}
	// In progress until done, so that cycles end.
	memo[s] = optInt{}
	if p.depth >= maxDepth {
		return best, ok
	}
	p.depth++
	defer func() { p.depth-- }()
	r := p.nameRange(s)
	side := r.hi
	if lower {
		side = r.lo
	}
	var derived optInt
	for _, t := range side.sorted() {
		k := side[t]
		var v int64
		switch t {
		case "":
			v = k
		case s:
			continue
		default:
			b, ok := p.constBound(t, lower)
			if !ok {
				continue
			}
			if v, ok = addK(b, k); !ok {
				continue
			}
		}
		if !derived.ok || (lower && v > derived.v) || (!lower && v < derived.v) {
			derived = optInt{v, true}
		}
	}
	memo[s] = derived
	if derived.ok {
		better(derived.v)
	}
	// Facts learnt while deriving count too.
	if v, ok2 := learnt[s]; ok2 {
		better(v)
	}
	return best, ok
}

// nonNegative reports whether some lower bound is at least 0.
func (p *prover) nonNegative(lo terms) bool {
	for _, s := range lo.sorted() {
		k := lo[s]
		if v, ok := p.constTerm(s, k, p.constLo); ok && v >= 0 {
			return true
		}
	}
	return false
}

// belowDim reports whether some upper bound is at most dim - 1.
func (p *prover) belowDim(hi terms, dim soac.SubExp) bool {
	dc, dimConst := i64Const(dim)
	dv, dimVar := dim.(soac.Var)
	for _, s := range hi.sorted() {
		k := hi[s]
		switch {
		case dimVar && s == dv.Name:
			if k <= -1 {
				return true
			}
		case dimConst:
			if v, ok := p.constTerm(s, k, p.constHi); ok && v < dc {
				return true
			}
		case dimVar:
			// A constant (or a name with a constant bound) below
			// the dimension's lower bound.
			v, ok1 := p.constTerm(s, k, p.constHi)
			l, ok2 := p.constLo(dv.Name)
			if ok1 && ok2 && v < l {
				return true
			}
		}
	}
	return false
}

// consts returns the constant bounds of an i64 operand, and whether each
// is known; an unknown one is the type's limit, which every value obeys.
func (p *prover) consts(se soac.SubExp) (lo, hi int64, okLo, okHi bool) {
	if c, ok := i64Const(se); ok {
		return c, c, true, true
	}
	v, ok := se.(soac.Var)
	if !ok {
		return math.MinInt64, math.MaxInt64, false, false
	}
	lo, okLo = p.constLo(v.Name)
	hi, okHi = p.constHi(v.Name)
	if !okLo {
		lo = math.MinInt64
	}
	if !okHi {
		hi = math.MaxInt64
	}
	return lo, hi, okLo, okHi
}

// subK subtracts without wrapping; false on overflow.
func subK(a, b int64) (int64, bool) {
	if b == math.MinInt64 {
		if a >= 0 {
			return 0, false
		}
		return a - b, true
	}
	return addK(a, -b)
}

// mulK multiplies without wrapping; false on overflow.
func mulK(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if c/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	return c, true
}

// addVars returns the bounds of x + y, two names: the sums of their
// constant bounds, and each one's symbolic bounds shifted by the other's
// constant bounds. The kernel adds modulo 2^64, so nothing is known
// unless the constant bounds show the sum cannot wrap.
func (p *prover) addVars(x, y soac.SubExp) rng {
	r := newRng()
	// A blocked index needs no constant bounds to exclude wrap-around.
	p.blocked(r, x, y)
	p.blocked(r, y, x)
	lx, hx, okLx, okHx := p.consts(x)
	ly, hy, okLy, okHy := p.consts(y)
	if !p.sumFits(x, y, false) {
		return r
	}
	if lo, ok := addK(lx, ly); ok && okLx && okLy {
		r.lo.addLo("", lo)
	}
	if hi, ok := addK(hx, hy); ok && okHx && okHy {
		r.hi.addHi("", hi)
	}
	for _, side := range [][2]soac.SubExp{{x, y}, {y, x}} {
		a := p.rangeOf(side[0])
		l, h, okL, okH := p.consts(side[1])
		p.shift(r, a, l, h, okL, okH)
	}
	return r
}

// blocked adds to r, the range of s * b + q, the bounds of a blocked
// index, as in `for s < n / b` over blocks of b and 0 <= q < b in the
// block: 0 <= s <= n / b - 1 and 0 <= q <= b - 1 (so b >= 1) give
// s * b + q <= (n / b) * b - 1 <= n - 1, every step within [0, n], so
// that nothing wraps.
func (p *prover) blocked(r rng, sb, q soac.SubExp) {
	v, ok := sb.(soac.Var)
	if !ok {
		return
	}
	m, ok := p.env.defs[v.Name].(*soac.BinOpExp)
	if !ok || m.Op != soac.Mul || m.T != values.I64 {
		return
	}
	for _, f := range [][2]soac.SubExp{{m.X, m.Y}, {m.Y, m.X}} {
		s, b := f[0], f[1]
		bv, ok := b.(soac.Var)
		if !ok || !p.nonNegative(p.rangeOf(s).lo) || !p.nonNegative(p.rangeOf(q).lo) {
			continue
		}
		if k, ok := p.rangeOf(q).hi[bv.Name]; !ok || k > -1 {
			continue
		}
		sr := p.rangeOf(s)
		for _, t := range sr.hi.sorted() {
			d, ok := p.env.defs[t].(*soac.BinOpExp)
			if t == "" || sr.hi[t] > -1 || !ok || d.Op != soac.Div || d.T != values.I64 || !soac.SameSubExp(d.Y, b) {
				continue
			}
			n, ok := d.X.(soac.Var)
			if !ok {
				continue
			}
			r.lo.addLo("", 0)
			r.hi.addHi(n.Name, -1)
			return
		}
	}
}

// sumFits reports whether x + y (x - y when sub) provably stays within
// the i64 range, so that the kernel's wrapping arithmetic computes it.
// Besides constant bounds, a bound s + k on a name s says as much: s is
// an i64, so x <= s + k <= MaxInt64 + k (i - 7 <= MaxInt64 - 8).
func (p *prover) sumFits(x, y soac.SubExp, sub bool) bool {
	lx, hx := p.wrapBounds(x)
	ly, hy := p.wrapBounds(y)
	if sub {
		var ok1, ok2 bool
		if _, ok1 = subK(lx, hy); !ok1 {
			return false
		}
		_, ok2 = subK(hx, ly)
		return ok2
	}
	_, ok1 := addK(lx, ly)
	_, ok2 := addK(hx, hy)
	return ok1 && ok2
}

// wrapBounds returns constant bounds of an i64 operand for sumFits: its
// constant bounds, tightened by its symbolic ones.
func (p *prover) wrapBounds(se soac.SubExp) (lo, hi int64) {
	lo, hi, _, _ = p.consts(se)
	v, ok := se.(soac.Var)
	if !ok {
		return lo, hi
	}
	r := p.nameRange(v.Name)
	for s, k := range r.lo {
		if s != "" && s != v.Name && k >= 0 {
			lo = max(lo, math.MinInt64+k)
		}
	}
	for s, k := range r.hi {
		if s != "" && s != v.Name && k <= 0 {
			hi = min(hi, math.MaxInt64+k)
		}
	}
	return lo, hi
}

// shift adds to r the symbolic bounds of a shifted by [l, h]: s + k + l
// below, s + k + h above.
func (p *prover) shift(r, a rng, l, h int64, okL, okH bool) {
	for s, k := range a.lo {
		if v, ok := addK(k, l); ok && okL && s != "" {
			r.lo.addLo(s, v)
		}
	}
	for s, k := range a.hi {
		if v, ok := addK(k, h); ok && okH && s != "" {
			r.hi.addHi(s, v)
		}
	}
}

// subVars returns the bounds of x - y, two names: as addVars with y's
// constant bounds negated, and where x and y have bounds on the same
// name s (x >= s + a, y <= s + b), the constant bound it gives (x - y >=
// a - b), as r-1-i with i < r.
func (p *prover) subVars(x, y soac.SubExp) rng {
	r := newRng()
	p.belowSum(r, x, y)
	lx, hx, okLx, okHx := p.consts(x)
	ly, hy, okLy, okHy := p.consts(y)
	if !p.sumFits(x, y, true) {
		return r
	}
	if lo, ok := subK(lx, hy); ok && okLx && okHy {
		r.lo.addLo("", lo)
	}
	if hi, ok := subK(hx, ly); ok && okHx && okLy {
		r.hi.addHi("", hi)
	}
	a, b := p.rangeOf(x), p.rangeOf(y)
	if hy != math.MinInt64 && ly != math.MinInt64 {
		p.shift(r, a, -hy, -ly, okHy, okLy)
	}
	for s, ka := range a.lo {
		if kb, ok := b.hi[s]; ok && s != "" {
			if v, ok := subK(ka, kb); ok {
				r.lo.addLo("", v)
			}
		}
	}
	for s, ka := range a.hi {
		if kb, ok := b.lo[s]; ok && s != "" {
			if v, ok := subK(ka, kb); ok {
				r.hi.addHi("", v)
			}
		}
	}
	return r
}

// belowSum adds to r, the range of x - y, the bounds that x between y
// and a sum y + w gives, as `k <= i && i < k + b` does for i - k (in
// [0, b - 1]): x >= y + a and x <= t + c with t = y + w and c <= -1 give
// a <= x - y <= w + c. The sum t is exact: had it wrapped upwards, t
// would be negative and so would x, which is not, and it cannot wrap
// downwards while y or w is not negative. So is x - y, within [a, w - 1].
func (p *prover) belowSum(r rng, x, y soac.SubExp) {
	xv, ok1 := x.(soac.Var)
	yv, ok2 := y.(soac.Var)
	if !ok1 || !ok2 {
		return
	}
	a := p.rangeOf(x)
	lo, ok := a.lo[yv.Name]
	if !ok || !p.nonNegative(a.lo) {
		return
	}
	for _, t := range a.hi.sorted() {
		c := a.hi[t]
		d, ok := p.env.defs[t].(*soac.BinOpExp)
		if t == "" || t == xv.Name || c > -1 || !ok || d.Op != soac.Add || d.T != values.I64 {
			continue
		}
		var w soac.SubExp
		switch {
		case soac.SameSubExp(d.X, y):
			w = d.Y
		case soac.SameSubExp(d.Y, y):
			w = d.X
		default:
			continue
		}
		wlo, _, okW, _ := p.consts(w)
		ylo, _, okY, _ := p.consts(y)
		if !(okW && wlo >= 0) && !(okY && ylo >= 0) {
			continue
		}
		r.lo.addLo("", lo)
		if wv, ok := w.(soac.Var); ok {
			r.hi.addHi(wv.Name, c)
		} else if wc, ok := i64Const(w); ok {
			if v, ok := addK(wc, c); ok {
				r.hi.addHi("", v)
			}
		}
	}
}

// mul returns the constant bounds of x * y: the extremes of the products
// of their bounds, when none of those overflows (then no product of
// values within them does either).
func (p *prover) mul(x, y soac.SubExp) rng {
	r := newRng()
	lx, hx, okLx, okHx := p.consts(x)
	ly, hy, okLy, okHy := p.consts(y)
	if !okLx || !okHx || !okLy || !okHy {
		return r
	}
	var lo, hi int64
	for k, pair := range [][2]int64{{lx, ly}, {lx, hy}, {hx, ly}, {hx, hy}} {
		v, ok := mulK(pair[0], pair[1])
		if !ok {
			return r
		}
		if k == 0 {
			lo, hi = v, v
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	r.lo[""], r.hi[""] = lo, hi
	return r
}

// div returns the bounds of x / y (rounding down) or x quot y (towards
// zero) for y >= 1: both are monotone in x, so the quotients of x's
// bounds by y's least value bound it; 0 <= x gives x / y <= x too.
func (p *prover) div(op soac.BinOp, x, y soac.SubExp) rng {
	r := newRng()
	lx, hx, okLx, okHx := p.consts(x)
	ly, _, okLy, _ := p.consts(y)
	if !okLy || ly < 1 {
		return r
	}
	floor := func(a int64) int64 {
		q := a / ly
		if op == soac.Div && a%ly != 0 && a < 0 {
			q--
		}
		return q
	}
	if okLx {
		// The quotient is at least the one by y's least value when x
		// is not negative, and at least x's by 1 otherwise.
		if lx >= 0 {
			r.lo.addLo("", 0)
		} else {
			r.lo.addLo("", lx)
		}
	}
	if okHx {
		if hx >= 0 {
			r.hi.addHi("", floor(hx))
		} else {
			r.hi.addHi("", 0)
		}
	}
	return r
}

// mod returns the bounds of x mod y (the sign of y) and x rem y (the sign
// of x, needing 0 <= x) for y >= 1: 0 <= x mod y <= y - 1, and x mod y
// <= x when 0 <= x.
func (p *prover) mod(op soac.BinOp, x, y soac.SubExp) rng {
	r := newRng()
	lx, _, okLx, _ := p.consts(x)
	ly, hy, okLy, okHy := p.consts(y)
	if !okLy || ly < 1 {
		return r
	}
	xNonNeg := okLx && lx >= 0
	if op == soac.Rem && !xNonNeg {
		return r
	}
	r.lo.addLo("", 0)
	if okHy {
		r.hi.addHi("", hy-1)
	}
	if v, ok := y.(soac.Var); ok {
		r.hi.addHi(v.Name, -1)
	}
	if xNonNeg {
		for s, k := range p.rangeOf(x).hi {
			r.hi.addHi(s, k)
		}
	}
	return r
}
