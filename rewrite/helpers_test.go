package rewrite

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/fcclang/fcc/frontend"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// compile runs the frontend on a small source program.
func compile(t *testing.T, src string) *soac.Program {
	t.Helper()
	p, err := frontend.Compile("test.fut", src)
	if err != nil {
		t.Fatalf("frontend: %v\n%s", err, src)
	}
	return p
}

// randomArgs makes arguments for an entry point from its parameter types:
// every size variable gets one random size, shared by all arrays that
// mention it; scalars are small (they are often loop counts or indices).
func randomArgs(r *rand.Rand, f *soac.FunDef, maxSize int64) []values.Value {
	sizes := map[soac.VName]int64{}
	var args []values.Value
	for _, p := range f.Params {
		if p.Type.Rank() == 0 {
			continue
		}
		for _, d := range p.Type.Shape {
			if v, ok := d.(soac.Var); ok {
				if _, ok := sizes[v.Name]; !ok {
					sizes[v.Name] = r.Int63n(maxSize + 1)
				}
			}
		}
	}
	for _, p := range f.Params {
		if p.Type.Rank() == 0 {
			if n, ok := sizes[p.Name]; ok {
				args = append(args, values.Scalar(n))
				continue
			}
			args = append(args, randScalar(r, p.Type.Elem))
			continue
		}
		shape := make([]int64, p.Type.Rank())
		for i, d := range p.Type.Shape {
			switch d := d.(type) {
			case soac.Var:
				shape[i] = sizes[d.Name]
			case soac.Const:
				shape[i] = d.Value.Int()
			}
		}
		a := values.NewArray(p.Type.Elem, shape)
		n := int64(1)
		for _, d := range shape {
			n *= d
		}
		for i := int64(0); i < n; i++ {
			setRandom(r, a, i)
		}
		args = append(args, a)
	}
	return args
}

func randScalar(r *rand.Rand, t soac.PrimType) values.Value {
	a := values.NewArray(t, nil)
	setRandom(r, a, 0)
	return a
}

// setRandom sets element i of a to a small random value: small integers
// (also for floats, so that sums are exact in any order) and an
// occasional extreme one for integers.
func setRandom(r *rand.Rand, a values.Value, i int64) {
	x := r.Int63n(21) - 10
	switch d := a.Data.(type) {
	case []bool:
		d[i] = r.Intn(2) == 0
	case []int8:
		d[i] = int8(x)
	case []int16:
		d[i] = int16(x)
	case []int32:
		if r.Intn(20) == 0 {
			x = 1<<31 - 1
		}
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
		d[i] = float32(x) / 2
	case []float64:
		d[i] = float64(x) / 4
	default:
		panic(fmt.Sprintf("setRandom: %T", d))
	}
}

// run runs an entry point and returns its results as text (NaNs compare
// equal that way) or the error.
func run(p *soac.Program, entry string, args []values.Value) (string, error) {
	in := make([]soac.Value, len(args))
	for i, a := range args {
		in[i] = soac.FromRuntime(a)
	}
	var out []soac.Value
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		out, err = soac.NewInterpreter(p).RunEntry(entry, in)
	}()
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	for _, v := range out {
		if werr := values.WriteText(&b, v.ToRuntime()); werr != nil {
			return "", werr
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// sameResults runs two programs on the same random inputs and fails if
// they differ. When the original fails the rewritten program may do
// anything except panic: rules may remove a failing computation whose
// result is unused, never add one.
func sameResults(t *testing.T, before, after *soac.Program, seed int64, trials int, maxSize int64) {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	for _, f := range before.Funs {
		if f.EntryName == "" {
			continue
		}
		for i := 0; i < trials; i++ {
			args := randomArgs(r, f, maxSize)
			want, err1 := run(before, f.EntryName, args)
			got, err2 := run(after, f.EntryName, args)
			if err1 != nil {
				if err2 != nil && strings.HasPrefix(err2.Error(), "panic") {
					t.Fatalf("%s: rewritten program panics: %v\n%s", f.EntryName, err2, soac.Print(after))
				}
				var re *soac.RuntimeError
				if !errors.As(err1, &re) {
					t.Fatalf("%s: original program: %v", f.EntryName, err1)
				}
				continue
			}
			if err2 != nil {
				t.Fatalf("%s: args %v: original gives %s, rewritten fails: %v\nbefore:\n%s\nafter:\n%s", f.EntryName, args, want, err2, soac.Print(before), soac.Print(after))
			}
			if want != got {
				t.Fatalf("%s: args %v: original gives\n%s rewritten gives\n%s\nbefore:\n%s\nafter:\n%s", f.EntryName, args, want, got, soac.Print(before), soac.Print(after))
			}
		}
	}
}

// validate fails the test if a program is not well formed.
func validate(t *testing.T, p *soac.Program, what string) {
	t.Helper()
	if err := soac.Validate(p); err != nil {
		t.Fatalf("%s is not valid: %v\n%s", what, err, soac.Print(p))
	}
}

// countSoacs counts the scremas (and other SOACs) in a program, nested
// ones included.
func countSoacs(p *soac.Program) int {
	n := 0
	for _, f := range p.Funs {
		soac.VisitExps(f.Body, func(e soac.Exp) {
			switch e.(type) {
			case *soac.ScremaExp, *soac.HistExp, *soac.ScatterExp:
				n++
			}
		})
	}
	return n
}

// uniqueNames checks that no name is bound twice in a program.
func uniqueNames(t *testing.T, p *soac.Program) {
	t.Helper()
	seen := map[soac.VName]bool{}
	bind := func(n soac.VName) {
		if seen[n] {
			t.Fatalf("name %s bound twice:\n%s", n, soac.Print(p))
		}
		seen[n] = true
	}
	for _, f := range p.Funs {
		for _, q := range f.Params {
			bind(q.Name)
		}
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			for _, q := range s.Pat {
				bind(q.Name)
			}
		})
		soac.VisitExps(f.Body, func(e soac.Exp) {
			var ls []*soac.Lambda
			switch e := e.(type) {
			case *soac.ScremaExp:
				ls = append(ls, e.Map)
				for _, s := range e.Scans {
					ls = append(ls, s.Op)
				}
				for _, r := range e.Reds {
					ls = append(ls, r.Op)
				}
			case *soac.LoopExp:
				for _, q := range e.Params {
					bind(q.Name)
				}
				if fl, ok := e.Form.(soac.ForLoop); ok {
					bind(fl.Index)
				}
			}
			for _, l := range ls {
				for _, q := range l.Params {
					bind(q.Name)
				}
			}
		})
	}
}
