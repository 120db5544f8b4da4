package lift

import (
	"fmt"
	"sort"
	"strings"
)

// Size is a symbolic array size: a rational coefficient times a product of
// size variables with integer exponents (N, n, N/n, 4*n, n^2 …). Lift's sizes
// are products and powers of variables and naturals; division appears because
// split n turns [A]_N into [[A]_n]_{N/n}. A monomial normal form is enough
// for every size the rules produce and makes equality a string comparison.
type Size struct {
	num, den int64
	vars     map[string]int // exponent per variable; no zero entries
}

// Const is the constant size c.
func Const(c int64) Size { return Size{num: c, den: 1} }

// Var is the size variable name.
func Var(name string) Size { return Size{num: 1, den: 1, vars: map[string]int{name: 1}} }

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func (s Size) norm() Size {
	if s.den == 0 {
		s.den = 1
	}
	g := gcd(s.num, s.den)
	if g > 1 {
		s.num /= g
		s.den /= g
	}
	if s.den < 0 {
		s.num, s.den = -s.num, -s.den
	}
	return s
}

// Mul is s×t.
func (s Size) Mul(t Size) Size {
	r := Size{num: s.num * t.num, den: s.den * t.den, vars: map[string]int{}}
	for v, e := range s.vars {
		r.vars[v] += e
	}
	for v, e := range t.vars {
		r.vars[v] += e
		if r.vars[v] == 0 {
			delete(r.vars, v)
		}
	}
	return r.norm()
}

// Div is s/t.
func (s Size) Div(t Size) Size {
	inv := Size{num: t.den, den: t.num, vars: map[string]int{}}
	for v, e := range t.vars {
		inv.vars[v] = -e
	}
	return s.Mul(inv)
}

// Pow is s^k for k ≥ 0.
func (s Size) Pow(k int) Size {
	r := Const(1)
	for i := 0; i < k; i++ {
		r = r.Mul(s)
	}
	return r
}

// IsConst reports whether s is a natural constant, and its value.
func (s Size) IsConst() (int64, bool) {
	if len(s.vars) == 0 && s.den == 1 {
		return s.num, true
	}
	return 0, false
}

// IsZero reports whether s is the zero value (no size given).
func (s Size) IsZero() bool { return s.num == 0 && s.den == 0 }

// Equal reports whether s and t are the same size.
func (s Size) Equal(t Size) bool { return s.String() == t.String() }

// Divides reports whether t/s is known to be a natural number: the quotient
// has integer coefficient and no negative exponents. A false answer for
// symbolic sizes means "not provable", which guards treat as a refusal.
func (s Size) Divides(t Size) bool {
	q := t.Div(s)
	if q.den != 1 || q.num <= 0 {
		return false
	}
	for _, e := range q.vars {
		if e < 0 {
			return false
		}
	}
	return true
}

// Eval gives the value of s under bindings for its variables.
func (s Size) Eval(env map[string]int64) (int64, error) {
	num, den := s.num, s.den
	for v, e := range s.vars {
		x, ok := env[v]
		if !ok {
			return 0, fmt.Errorf("size variable %s unbound", v)
		}
		for ; e > 0; e-- {
			num *= x
		}
		for ; e < 0; e++ {
			den *= x
		}
	}
	if den == 0 || num%den != 0 {
		return 0, fmt.Errorf("size %s is not a natural number here (%d/%d)", s, num, den)
	}
	return num / den, nil
}

// String prints the size in normal form: 4*N*n/m, n^2.
func (s Size) String() string {
	if s.IsZero() {
		return "?"
	}
	var names []string
	for v := range s.vars {
		names = append(names, v)
	}
	sort.Strings(names)
	var up, down []string
	if s.num != 1 || len(names) == 0 {
		up = append(up, fmt.Sprint(s.num))
	}
	if s.den != 1 {
		down = append(down, fmt.Sprint(s.den))
	}
	for _, v := range names {
		e := s.vars[v]
		f := v
		if e > 1 || e < -1 {
			a := e
			if a < 0 {
				a = -a
			}
			f = fmt.Sprintf("%s^%d", v, a)
		}
		if e > 0 {
			up = append(up, f)
		} else {
			down = append(down, f)
		}
	}
	if len(up) == 0 {
		up = []string{"1"}
	}
	r := strings.Join(up, "*")
	if len(down) > 0 {
		r += "/" + strings.Join(down, "/")
	}
	return r
}
