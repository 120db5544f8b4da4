package rewrite

import (
	"slices"
	"sort"

	"github.com/fcclang/fcc/soac"
)

// scope is a body being rewritten, with the context it sits in.
//
// The indexes over its statements (definitions, use counts, users of each
// name, expression keys and an order key per statement) are kept up to
// date as rules replace statements, so that one rule application costs
// time in the size of what it changes, not in the size of the body: a
// body of n statements is rewritten in time linear in n, not quadratic.
type scope struct {
	parent   *scope
	ownerPos int       // index of the statement holding this body in parent
	owner    *soac.Stm // that statement
	params   []soac.Param
	loopIdx  *soac.ForLoop // the loop form when this is a for-loop's body
	stms     []*soac.Stm
	result   []soac.SubExp
	ext      map[soac.VName]bool // names used by the types around the body

	e *engine
	// order gives every statement of stms a key increasing along stms, so
	// that positions and "before" tests need no scan.
	order map[*soac.Stm]int64
	defs  map[soac.VName]*soac.Stm
	uses  map[soac.VName]int
	// users lists the statements using a name; entries may be stale (a
	// statement since replaced, or no longer using the name): readers
	// check.
	users map[soac.VName][]*soac.Stm
	// byKey lists the statements with a given expression key (stale
	// entries as for users); built when first needed.
	byKey map[string][]*soac.Stm
}

// orderGap is the spacing of fresh order keys: room for many insertions
// between two statements before the keys must be renumbered.
const orderGap = 1 << 20

// init indexes the statements of the body.
func (sc *scope) init(e *engine, stms []*soac.Stm, result []soac.SubExp) {
	sc.e = e
	sc.stms = stms
	sc.result = result
	sc.order = make(map[*soac.Stm]int64, len(stms))
	sc.defs = map[soac.VName]*soac.Stm{}
	sc.uses = map[soac.VName]int{}
	sc.users = map[soac.VName][]*soac.Stm{}
	for i, s := range stms {
		sc.order[s] = int64(i+1) * orderGap
		sc.add(s)
	}
	sc.countResult(result, 1)
	for n := range sc.ext {
		sc.uses[n]++
	}
}

// names calls f with each name a statement uses, as countUses counts
// them: once per free name of the expression, and once per occurrence in
// the pattern's types.
func (sc *scope) names(s *soac.Stm, f func(soac.VName)) {
	for n := range sc.e.free(s) {
		f(n)
	}
	for _, p := range s.Pat {
		for _, d := range p.Type.Shape {
			if v, ok := d.(soac.Var); ok {
				f(v.Name)
			}
		}
	}
}

// add indexes a statement entering the body (its order key is set by the
// caller).
func (sc *scope) add(s *soac.Stm) {
	for _, p := range s.Pat {
		sc.defs[p.Name] = s
	}
	sc.names(s, func(n soac.VName) {
		sc.uses[n]++
		sc.users[n] = append(sc.users[n], s)
	})
	if sc.byKey != nil {
		k := sc.e.key(s)
		sc.byKey[k] = append(sc.byKey[k], s)
	}
}

// remove unindexes a statement leaving the body.
func (sc *scope) remove(s *soac.Stm) {
	for _, p := range s.Pat {
		if sc.defs[p.Name] == s {
			delete(sc.defs, p.Name)
		}
	}
	sc.names(s, func(n soac.VName) { sc.uses[n]-- })
	delete(sc.order, s)
}

func (sc *scope) countResult(r []soac.SubExp, d int) {
	for _, x := range r {
		if v, ok := x.(soac.Var); ok {
			sc.uses[v.Name] += d
		}
	}
}

func (sc *scope) live(s *soac.Stm) bool {
	_, ok := sc.order[s]
	return ok
}

// pos returns the index of a statement of the body in stms, or -1.
func (sc *scope) pos(s *soac.Stm) int {
	k, ok := sc.order[s]
	if !ok {
		return -1
	}
	i := sort.Search(len(sc.stms), func(i int) bool { return sc.order[sc.stms[i]] >= k })
	if i < len(sc.stms) && sc.stms[i] == s {
		return i
	}
	return -1
}

// before reports whether statement s comes before index limit of stms.
func (sc *scope) before(s *soac.Stm, limit int) bool {
	if limit >= len(sc.stms) {
		return true
	}
	return sc.order[s] < sc.order[sc.stms[limit]]
}

// splice replaces the statements stms[i:j] by new ones, keeping every
// index up to date.
func (sc *scope) splice(i, j int, repl []*soac.Stm) {
	for _, s := range sc.stms[i:j] {
		sc.remove(s)
	}
	lo, hi := int64(0), int64(0)
	if i > 0 {
		lo = sc.order[sc.stms[i-1]]
	}
	if j < len(sc.stms) {
		hi = sc.order[sc.stms[j]]
	} else {
		hi = lo + int64(len(repl)+1)*orderGap
	}
	// In place: the scope owns its slice, and rules keep no statement
	// list across applications. Removing a statement moves the pointers
	// after it (a memmove), but allocates nothing.
	sc.stms = slices.Replace(sc.stms, i, j, repl...)
	step := (hi - lo) / int64(len(repl)+1)
	if step == 0 && len(repl) > 0 {
		// No room left between the neighbours: renumber everything.
		for k, s := range sc.stms {
			sc.order[s] = int64(k+1) * orderGap
		}
		for _, s := range repl {
			sc.add(s)
		}
		return
	}
	for k, s := range repl {
		sc.order[s] = lo + int64(k+1)*step
		sc.add(s)
	}
}

// replace puts t in the place of statement s at index i.
func (sc *scope) replace(i int, t *soac.Stm) {
	if sc.stms[i] != t {
		sc.splice(i, i+1, []*soac.Stm{t})
	}
}

// substitute replaces every use of the names of subst in the body's
// statements and result.
func (sc *scope) substitute(subst map[soac.VName]soac.SubExp) {
	for n := range subst {
		users := sc.users[n]
		delete(sc.users, n)
		for _, u := range users {
			if !sc.live(u) {
				continue
			}
			if t := substStm(u, subst); t != u {
				sc.replace(sc.pos(u), t)
			}
		}
	}
	cp := soac.NewCopier(subst, nil)
	sc.countResult(sc.result, -1)
	sc.result = cp.SubExps(sc.result)
	sc.countResult(sc.result, 1)
}

// sameKey returns the live statements with the same expression key as s,
// in no particular order.
func (sc *scope) sameKey(s *soac.Stm) []*soac.Stm {
	if sc.byKey == nil {
		sc.byKey = map[string][]*soac.Stm{}
		for _, t := range sc.stms {
			k := sc.e.key(t)
			sc.byKey[k] = append(sc.byKey[k], t)
		}
	}
	return sc.byKey[sc.e.key(s)]
}
