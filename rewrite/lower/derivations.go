package lower

import (
	"fmt"
	"strings"
	"sync"

	"github.com/fcclang/fcc/rewrite/lift"
)

// derivations remembers finished derivations by signature. A derivation
// is never changed once made; a hit is copied with its own name.
var derivations = &derivationCache{m: map[string]*lift.Derivation{}}

// maxDerivations bounds the cache of a long-running process (fcc test
// compiles many programs); when it is full it starts over.
const maxDerivations = 4096

type derivationCache struct {
	mu sync.Mutex
	m  map[string]*lift.Derivation
}

func (c *derivationCache) get(key string) (*lift.Derivation, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.m[key]
	return d, ok
}

func (c *derivationCache) put(key string, d *lift.Derivation) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= maxDerivations {
		c.m = map[string]*lift.Derivation{}
	}
	c.m[key] = d
}

// signature is everything a derivation depends on: the start expression
// and its input type, the facts of its declared functions (which the
// printed expression does not show), and the scripts.
func signature(start lift.Expr, in lift.Type, prefix string, scripts [][]step) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s|%s|%s|", lift.Print(start), lift.FormatType(in), prefix)
	var facts func(e lift.Expr)
	facts = func(e lift.Expr) {
		if u, ok := e.(*lift.UserFun); ok && u.Decl != nil {
			d := u.Decl
			fmt.Fprintf(&b, "%s:%d:%s:%s:%t:%t:", u.Name, d.Arity, lift.FormatType(d.Out), d.Sym, d.Assoc, d.Comm)
			if d.Neutral != nil {
				b.WriteString(lift.FormatValue(d.Neutral))
			}
			fmt.Fprintf(&b, ":%t;", d.Eval != nil)
		}
		for _, c := range lift.Children(e) {
			facts(c)
		}
	}
	facts(start)
	for _, s := range scripts {
		b.WriteString("|")
		for _, st := range s {
			fmt.Fprintf(&b, "%s@%s%s:%t:%s;", st.rule, st.path, st.params, st.optional, st.ifDone)
		}
	}
	return b.String()
}
