package script

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// Value is the value of an expression: a HostValue, a VarValue, a
// TupleValue or a RecordValue.
type Value interface{ isValue() }

// HostValue is a primitive value or array held by the evaluator: a
// literal or a value read from a file. Lit is a literal's text, read
// again with the type of the parameter it is passed to.
type HostValue struct {
	V   values.Value
	Lit string
}

// VarValue is a value held by the server in a variable.
type VarValue struct{ Name, Type string }

// TupleValue is a tuple of values (also what an entry point with several
// results returns).
type TupleValue []Value

// RecordValue is a record of values; no fields is the unit value.
type RecordValue struct {
	Names  []string
	Fields []Value
}

func (HostValue) isValue()   {}
func (VarValue) isValue()    {}
func (TupleValue) isValue()  {}
func (RecordValue) isValue() {}

// Evaluator evaluates expressions against a server.
type Evaluator struct {
	srv Server
	// Dir is the folder against which the files that builtins name are
	// found (unless absolute).
	Dir string
	// Builtins, when not nil, are the only builtins allowed (test
	// blocks' script inputs allow $loaddata and $loadbytes).
	Builtins []string

	tmp     string
	n       int
	entries map[string]*entryPoint
	names   []string // the program's entry points, in order
	owned   []string // server variables this evaluator made and has not freed
	fields  map[string][]field
}

type entryPoint struct {
	ins, outs []string // types, without the * of consumption
}

type field struct{ name, typ string }

// NewEvaluator returns an evaluator that runs entry points on srv; it
// reads the program's entry points from it.
func NewEvaluator(srv Server, dir string) (*Evaluator, error) {
	ev := &Evaluator{srv: srv, Dir: dir, entries: map[string]*entryPoint{}, fields: map[string][]field{}}
	names, err := srv.Cmd("entry_points")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		ins, err := srv.Cmd("inputs", n)
		if err != nil {
			return nil, err
		}
		outs, err := srv.Cmd("outputs", n)
		if err != nil {
			return nil, err
		}
		for i := range ins {
			ins[i] = strings.TrimPrefix(ins[i], "*")
		}
		for i := range outs {
			outs[i] = strings.TrimPrefix(outs[i], "*")
		}
		ev.entries[n] = &entryPoint{ins: ins, outs: outs}
	}
	ev.names = names
	return ev, nil
}

// Close frees the server variables the evaluator made and removes its
// temporary files.
func (ev *Evaluator) Close() error {
	var err error
	if len(ev.owned) > 0 {
		_, err = ev.srv.Cmd(append([]string{"free"}, ev.owned...)...)
		ev.owned = nil
	}
	if ev.tmp != "" {
		os.RemoveAll(ev.tmp)
		ev.tmp = ""
	}
	return err
}

// Eval evaluates e.
func (ev *Evaluator) Eval(e Exp) (Value, error) {
	return ev.eval(e, nil)
}

type env struct {
	name string
	v    Value
	next *env
}

func (en *env) lookup(name string) (Value, bool) {
	for ; en != nil; en = en.next {
		if en.name == name {
			return en.v, true
		}
	}
	return nil, false
}

func (ev *Evaluator) eval(e Exp, en *env) (Value, error) {
	switch e := e.(type) {
	case *Literal:
		v, err := values.NewReader(strings.NewReader(e.Text)).Read()
		if err != nil {
			return nil, errorf(e.Pos, "malformed literal %s: %v", e.Text, err)
		}
		return HostValue{V: v, Lit: e.Text}, nil
	case *StringLit:
		return nil, errorf(e.Pos, "a string can only be the argument of a builtin such as $loaddata")
	case *Var:
		if v, ok := en.lookup(e.Name); ok {
			return v, nil
		}
		return ev.call(&Call{Pos: e.Pos, Name: e.Name}, en)
	case *Call:
		if e.Builtin {
			return ev.builtin(e, en)
		}
		return ev.call(e, en)
	case *Tuple:
		t := make(TupleValue, len(e.Elems))
		for i, x := range e.Elems {
			v, err := ev.eval(x, en)
			if err != nil {
				return nil, err
			}
			t[i] = v
		}
		return t, nil
	case *Record:
		r := RecordValue{Names: e.Names, Fields: make([]Value, len(e.Fields))}
		for i, x := range e.Fields {
			v, err := ev.eval(x, en)
			if err != nil {
				return nil, err
			}
			r.Fields[i] = v
		}
		return r, nil
	case *Array:
		return ev.array(e, en)
	case *Empty:
		return HostValue{V: values.NewArray(e.Elem, e.Shape)}, nil
	case *Let:
		v, err := ev.eval(e.Bound, en)
		if err != nil {
			return nil, err
		}
		if !e.Tuple {
			return ev.eval(e.Body, &env{e.Names[0], v, en})
		}
		t, ok := v.(TupleValue)
		if !ok || len(t) != len(e.Names) {
			return nil, errorf(e.Pos, "the pattern (%s) needs a tuple of %d values, but the bound expression is %s", strings.Join(e.Names, ", "), len(e.Names), describe(v))
		}
		for i, n := range e.Names {
			en = &env{n, t[i], en}
		}
		return ev.eval(e.Body, en)
	}
	return nil, fmt.Errorf("script: unknown expression %T", e)
}

// describe names a value's kind for messages.
func describe(v Value) string {
	switch v := v.(type) {
	case HostValue:
		return "a value of type " + typeName(v.V)
	case VarValue:
		return "a value of type " + v.Type
	case TupleValue:
		return fmt.Sprintf("a tuple of %d values", len(v))
	case RecordValue:
		if len(v.Names) == 0 {
			return "the unit value ()"
		}
		return "a record with fields " + strings.Join(v.Names, ", ")
	}
	return "a value"
}

// typeName is a host value's type without sizes, as the server names it.
func typeName(v values.Value) string {
	return strings.Repeat("[]", v.Rank()) + v.Type.String()
}

// array evaluates an array whose elements are not all literals: every
// element must be a primitive value or array of the same type and shape.
func (ev *Evaluator) array(e *Array, en *env) (Value, error) {
	var elems []values.Value
	for i, x := range e.Elems {
		v, err := ev.eval(x, en)
		if err != nil {
			return nil, err
		}
		hv, err := ev.hostValues(v, x.At())
		if err != nil {
			return nil, err
		}
		if len(hv) != 1 {
			return nil, errorf(x.At(), "element %d of the array is %s; elements must be primitive values or arrays", i+1, describe(v))
		}
		if i > 0 && (hv[0].Type != elems[0].Type || fmt.Sprint(hv[0].Shape) != fmt.Sprint(elems[0].Shape)) {
			return nil, errorf(x.At(), "element %d of the array is a %s, but element 1 is a %s", i+1, hv[0].TypeString(), elems[0].TypeString())
		}
		elems = append(elems, hv[0])
	}
	shape := append([]int64{int64(len(elems))}, elems[0].Shape...)
	out := values.NewArray(elems[0].Type, shape)
	dst := reflect.ValueOf(out.Data)
	off := 0
	for _, x := range elems {
		src := reflect.ValueOf(x.Data)
		reflect.Copy(dst.Slice(off, off+src.Len()), src)
		off += src.Len()
	}
	return HostValue{V: out}, nil
}

func readAll(data []byte) ([]values.Value, error) {
	rd := values.NewReader(bytes.NewReader(data))
	var vs []values.Value
	for {
		v, err := rd.Read()
		if err == io.EOF {
			return vs, nil
		}
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
}

// call applies an entry point.
func (ev *Evaluator) call(c *Call, en *env) (Value, error) {
	ep, ok := ev.entries[c.Name]
	if !ok {
		return nil, errorf(c.Pos, "unknown name %s: not a variable nor an entry point of the program (entry points: %s)", c.Name, strings.Join(ev.names, ", "))
	}
	args := make([]Value, len(c.Args))
	for i, a := range c.Args {
		v, err := ev.eval(a, en)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	argPos := make([]Pos, len(c.Args))
	for i, a := range c.Args {
		argPos[i] = a.At()
	}
	return ev.apply(c.Name, c.Pos, ep, args, argPos)
}

// Apply calls entry point name on v, as a test's script input is passed
// to the entry point under test: a tuple of as many values as the entry
// point has parameters is spread over them. at places errors.
func (ev *Evaluator) Apply(name string, v Value, at Pos) (Value, error) {
	ep, ok := ev.entries[name]
	if !ok {
		return nil, errorf(at, "no entry point %s (entry points: %s)", name, strings.Join(ev.names, ", "))
	}
	return ev.apply(name, at, ep, []Value{v}, []Pos{at})
}

func (ev *Evaluator) apply(name string, pos Pos, ep *entryPoint, args []Value, argPos []Pos) (Value, error) {
	c := &Call{Pos: pos, Name: name}
	// Automatic uncurrying: a tuple of n values applies a function of n
	// parameters.
	if t, ok := single(args); ok && len(ep.ins) > 1 && len(t) == len(ep.ins) {
		args = t
		at := argPos[0]
		argPos = make([]Pos, len(t))
		for i := range argPos {
			argPos[i] = at
		}
	}
	if len(args) != len(ep.ins) {
		return nil, errorf(c.Pos, "entry point %s takes %d argument(s) (%s), but is given %d", c.Name, len(ep.ins), strings.Join(ep.ins, ", "), len(args))
	}
	var temps []string
	defer func() { ev.free(temps) }()
	ins := make([]string, len(args))
	for i, a := range args {
		name, temp, err := ev.toVar(a, ep.ins[i], argPos[i], fmt.Sprintf("argument %d of %s", i+1, c.Name))
		if err != nil {
			return nil, err
		}
		if temp {
			temps = append(temps, name)
		}
		ins[i] = name
	}
	outs := make([]string, len(ep.outs))
	for i := range outs {
		outs[i] = ev.fresh()
	}
	if _, err := ev.srv.Cmd(append(append([]string{"call", c.Name}, outs...), ins...)...); err != nil {
		return nil, errorf(c.Pos, "%s: %v", c.Name, err)
	}
	ev.owned = append(ev.owned, outs...)
	if len(outs) == 1 {
		return VarValue{Name: outs[0], Type: ep.outs[0]}, nil
	}
	t := make(TupleValue, len(outs))
	for i, o := range outs {
		t[i] = VarValue{Name: o, Type: ep.outs[i]}
	}
	return t, nil
}

func single(args []Value) (TupleValue, bool) {
	if len(args) != 1 {
		return nil, false
	}
	t, ok := args[0].(TupleValue)
	return t, ok
}

func (ev *Evaluator) fresh() string {
	ev.n++
	return fmt.Sprintf("fccscript%d", ev.n)
}

// free frees server variables the evaluator no longer needs.
func (ev *Evaluator) free(names []string) {
	if len(names) == 0 {
		return
	}
	ev.srv.Cmd(append([]string{"free"}, names...)...)
	drop := map[string]bool{}
	for _, n := range names {
		drop[n] = true
	}
	kept := ev.owned[:0]
	for _, n := range ev.owned {
		if !drop[n] {
			kept = append(kept, n)
		}
	}
	ev.owned = kept
}

// transparentType parses a primitive type or array of primitives.
func transparentType(t string) (values.PrimType, int, bool) {
	rank := 0
	for strings.HasPrefix(t, "[]") {
		t, rank = t[2:], rank+1
	}
	p, ok := values.ParsePrimType(t)
	return p, rank, ok
}

// toVar puts v in a server variable of type typ: an existing variable,
// or (temp) a new one.
func (ev *Evaluator) toVar(v Value, typ string, at Pos, what string) (name string, temp bool, err error) {
	switch v := v.(type) {
	case VarValue:
		if v.Type != typ {
			return "", false, errorf(at, "%s has type %s, but %s is expected", what, v.Type, typ)
		}
		return v.Name, false, nil
	case HostValue:
		elem, rank, ok := transparentType(typ)
		if !ok {
			return "", false, errorf(at, "%s is %s, but a value of type %s is expected", what, describe(v), typ)
		}
		x := v.V
		if v.Lit != "" {
			// A literal takes the parameter's type where it can
			// ([1, 2] is a []f32 for a []f32 parameter).
			if y, err := values.NewReader(strings.NewReader(v.Lit)).ReadAs(elem, rank); err == nil {
				x = y
			}
		}
		if x.Type != elem || x.Rank() != rank {
			return "", false, errorf(at, "%s has type %s, but %s is expected", what, typeName(x), typ)
		}
		name, err := ev.restore(x, typ)
		if err != nil {
			return "", false, errorf(at, "%s: %v", what, err)
		}
		return name, true, nil
	case TupleValue, RecordValue:
		fs, err := ev.fieldsOf(typ)
		if err != nil {
			return "", false, errorf(at, "%s is %s, but a value of type %s is expected", what, describe(v), typ)
		}
		var parts []Value
		switch v := v.(type) {
		case TupleValue:
			if len(v) != len(fs) || fs[0].name != "0" {
				return "", false, errorf(at, "%s is %s, but a value of type %s is expected", what, describe(v), typ)
			}
			parts = v
		case RecordValue:
			if len(v.Names) != len(fs) {
				return "", false, errorf(at, "%s is %s, but a value of type %s is expected", what, describe(v), typ)
			}
			for _, f := range fs {
				k := indexOf(v.Names, f.name)
				if k < 0 {
					return "", false, errorf(at, "%s lacks field %s of type %s", what, f.name, typ)
				}
				parts = append(parts, v.Fields[k])
			}
		}
		var temps []string
		defer func() { ev.free(temps) }()
		names := make([]string, len(fs))
		for i, f := range fs {
			n, t, err := ev.toVar(parts[i], f.typ, at, fmt.Sprintf("field %s of %s", f.name, what))
			if err != nil {
				return "", false, err
			}
			if t {
				temps = append(temps, n)
			}
			names[i] = n
		}
		name := ev.fresh()
		if _, err := ev.srv.Cmd(append([]string{"new", name, typ}, names...)...); err != nil {
			return "", false, errorf(at, "%s: %v", what, err)
		}
		ev.owned = append(ev.owned, name)
		return name, true, nil
	}
	return "", false, errorf(at, "%s cannot be passed to an entry point", what)
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// fieldsOf returns the fields of a record or tuple type.
func (ev *Evaluator) fieldsOf(typ string) ([]field, error) {
	if fs, ok := ev.fields[typ]; ok {
		return fs, nil
	}
	lines, err := ev.srv.Cmd("fields", typ)
	if err != nil {
		return nil, err
	}
	var fs []field
	for _, l := range lines {
		name, t, ok := strings.Cut(l, " ")
		if !ok {
			return nil, fmt.Errorf("malformed fields line %q from the server", l)
		}
		fs = append(fs, field{name, t})
	}
	if len(fs) == 0 {
		return nil, fmt.Errorf("type %s has no fields", typ)
	}
	ev.fields[typ] = fs
	return fs, nil
}

// tempFile returns a fresh file name in the evaluator's folder.
func (ev *Evaluator) tempFile() (string, error) {
	if ev.tmp == "" {
		d, err := os.MkdirTemp("", "fcc-script-")
		if err != nil {
			return "", err
		}
		ev.tmp = d
	}
	ev.n++
	return filepath.Join(ev.tmp, fmt.Sprintf("v%d", ev.n)), nil
}

// restore puts a host value in a new server variable.
func (ev *Evaluator) restore(v values.Value, typ string) (string, error) {
	f, err := ev.tempFile()
	if err != nil {
		return "", err
	}
	defer os.Remove(f)
	var b bytes.Buffer
	if err := values.WriteBinary(&b, v); err != nil {
		return "", err
	}
	if err := os.WriteFile(f, b.Bytes(), 0o600); err != nil {
		return "", err
	}
	name := ev.fresh()
	if _, err := ev.srv.Cmd("restore", f, name, typ); err != nil {
		return "", err
	}
	ev.owned = append(ev.owned, name)
	return name, nil
}

// fetch reads a server variable's value (a transparent one's).
func (ev *Evaluator) fetch(name string) (values.Value, error) {
	f, err := ev.tempFile()
	if err != nil {
		return values.Value{}, err
	}
	defer os.Remove(f)
	if _, err := ev.srv.Cmd("store", f, name); err != nil {
		return values.Value{}, err
	}
	data, err := os.ReadFile(f)
	if err != nil {
		return values.Value{}, err
	}
	vs, err := readAll(data)
	if err != nil {
		return values.Value{}, err
	}
	if len(vs) != 1 {
		return values.Value{}, fmt.Errorf("the server stored %d values for variable %s", len(vs), name)
	}
	return vs[0], nil
}

// hostValues returns the primitive values and arrays that v is made of:
// one for a primitive value or array, one per component of a tuple.
func (ev *Evaluator) hostValues(v Value, at Pos) ([]values.Value, error) {
	switch v := v.(type) {
	case HostValue:
		return []values.Value{v.V}, nil
	case VarValue:
		if _, _, ok := transparentType(v.Type); !ok {
			return nil, errorf(at, "the value is of the opaque type %s, which has no external representation", v.Type)
		}
		x, err := ev.fetch(v.Name)
		if err != nil {
			return nil, errorf(at, "%v", err)
		}
		return []values.Value{x}, nil
	case TupleValue:
		var out []values.Value
		for _, x := range v {
			if _, ok := x.(TupleValue); ok {
				return nil, errorf(at, "a nested tuple has no external representation")
			}
			xs, err := ev.hostValues(x, at)
			if err != nil {
				return nil, err
			}
			out = append(out, xs...)
		}
		return out, nil
	}
	return nil, errorf(at, "%s has no external representation as values", describe(v))
}

// Values returns the primitive values and arrays v is made of: a
// tuple's components, or v itself.
func (ev *Evaluator) Values(v Value, at Pos) ([]values.Value, error) {
	return ev.hostValues(v, at)
}

// Args returns v as the arguments of entry point entry, as a test's
// script input gives them: a tuple's components are the arguments, and
// literals take the parameters' types.
func (ev *Evaluator) Args(v Value, entry string, at Pos) ([]values.Value, error) {
	ep, ok := ev.entries[entry]
	if !ok {
		return nil, errorf(at, "no entry point %s (entry points: %s)", entry, strings.Join(ev.names, ", "))
	}
	args := []Value{v}
	if t, ok := v.(TupleValue); ok && len(ep.ins) != 1 {
		args = t
	}
	if len(args) != len(ep.ins) {
		return nil, errorf(at, "the value is %s, but entry point %s takes %d argument(s) (%s)", describe(v), entry, len(ep.ins), strings.Join(ep.ins, ", "))
	}
	out := make([]values.Value, len(args))
	for i, a := range args {
		elem, rank, ok := transparentType(ep.ins[i])
		if !ok {
			return nil, errorf(at, "argument %d of %s has the opaque type %s, which a test cannot pass", i+1, entry, ep.ins[i])
		}
		if h, ok := a.(HostValue); ok && h.Lit != "" {
			if y, err := values.NewReader(strings.NewReader(h.Lit)).ReadAs(elem, rank); err == nil {
				a = HostValue{V: y}
			}
		}
		vs, err := ev.hostValues(a, at)
		if err != nil {
			return nil, err
		}
		if len(vs) != 1 || vs[0].Type != elem || vs[0].Rank() != rank {
			return nil, errorf(at, "argument %d of %s is %s, but %s is expected", i+1, entry, describe(a), ep.ins[i])
		}
		out[i] = vs[0]
	}
	return out, nil
}

// Text writes v in Futhark's notation: values as in the data format,
// tuples as (a, b), records as {a = x, b = y}; an opaque value that is
// not a record prints as #<opaque TYPE>.
func (ev *Evaluator) Text(v Value) (string, error) {
	var b strings.Builder
	if err := ev.text(&b, v); err != nil {
		return "", err
	}
	return b.String(), nil
}

func (ev *Evaluator) text(b *strings.Builder, v Value) error {
	switch v := v.(type) {
	case HostValue:
		return values.WriteText(b, v.V)
	case VarValue:
		if _, _, ok := transparentType(v.Type); ok {
			x, err := ev.fetch(v.Name)
			if err != nil {
				return err
			}
			return values.WriteText(b, x)
		}
		fs, err := ev.fieldsOf(v.Type)
		if err != nil {
			fmt.Fprintf(b, "#<opaque %s>", v.Type)
			return nil
		}
		parts := make([]Value, len(fs))
		var temps []string
		defer func() { ev.free(temps) }()
		for i, f := range fs {
			n := ev.fresh()
			if _, err := ev.srv.Cmd("project", n, v.Name, f.name); err != nil {
				return err
			}
			ev.owned = append(ev.owned, n)
			temps = append(temps, n)
			parts[i] = VarValue{Name: n, Type: f.typ}
		}
		if fs[0].name == "0" {
			return ev.text(b, TupleValue(parts))
		}
		names := make([]string, len(fs))
		for i, f := range fs {
			names[i] = f.name
		}
		return ev.text(b, RecordValue{Names: names, Fields: parts})
	case TupleValue:
		b.WriteByte('(')
		for i, x := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := ev.text(b, x); err != nil {
				return err
			}
		}
		b.WriteByte(')')
		return nil
	case RecordValue:
		if len(v.Names) == 0 {
			b.WriteString("()")
			return nil
		}
		idx := make([]int, len(v.Names))
		for i := range idx {
			idx[i] = i
		}
		// Fields in name order, as Futhark prints records.
		sort.Slice(idx, func(i, j int) bool { return v.Names[idx[i]] < v.Names[idx[j]] })
		b.WriteByte('{')
		for k, i := range idx {
			if k > 0 {
				b.WriteString(", ")
			}
			b.WriteString(v.Names[i] + " = ")
			if err := ev.text(b, v.Fields[i]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
		return nil
	}
	return errors.New("script: unknown value")
}

// path resolves a file named in an expression.
func (ev *Evaluator) path(f string) string {
	if filepath.IsAbs(f) || ev.Dir == "" {
		return f
	}
	return filepath.Join(ev.Dir, f)
}

// stringArgs checks that a builtin's arguments are n strings.
func stringArgs(c *Call, n int, usage string) ([]string, error) {
	if len(c.Args) != n {
		return nil, errorf(c.Pos, "$%s takes %d argument(s): %s", c.Name, n, usage)
	}
	out := make([]string, n)
	for i, a := range c.Args {
		s, ok := a.(*StringLit)
		if !ok {
			return nil, errorf(a.At(), "argument %d of $%s must be a string: %s", i+1, c.Name, usage)
		}
		out[i] = s.Value
	}
	return out, nil
}

var builtins = []string{"loaddata", "loadbytes", "restore", "store", "loadimg", "loadaudio"}

func (ev *Evaluator) builtin(c *Call, en *env) (Value, error) {
	if indexOf(builtins, c.Name) < 0 {
		return nil, errorf(c.Pos, "unknown builtin $%s (builtins: $%s)", c.Name, strings.Join(builtins, ", $"))
	}
	if ev.Builtins != nil && indexOf(ev.Builtins, c.Name) < 0 {
		return nil, errorf(c.Pos, "builtin $%s cannot be used here (only $%s)", c.Name, strings.Join(ev.Builtins, ", $"))
	}
	switch c.Name {
	case "loaddata":
		a, err := stringArgs(c, 1, `$loaddata "file"`)
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(ev.path(a[0]))
		if err != nil {
			return nil, errorf(c.Pos, "$loaddata: %v", err)
		}
		vs, err := readAll(data)
		if err != nil {
			return nil, errorf(c.Pos, "$loaddata %s: %v", a[0], err)
		}
		switch len(vs) {
		case 0:
			return nil, errorf(c.Pos, "$loaddata: %s holds no values", a[0])
		case 1:
			return HostValue{V: vs[0]}, nil
		}
		t := make(TupleValue, len(vs))
		for i, v := range vs {
			t[i] = HostValue{V: v}
		}
		return t, nil
	case "loadbytes":
		a, err := stringArgs(c, 1, `$loadbytes "file"`)
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(ev.path(a[0]))
		if err != nil {
			return nil, errorf(c.Pos, "$loadbytes: %v", err)
		}
		return HostValue{V: values.Value{Type: values.U8, Shape: []int64{int64(len(data))}, Data: data}}, nil
	case "restore":
		a, err := stringArgs(c, 2, `$restore "type" "file"`)
		if err != nil {
			return nil, err
		}
		name := ev.fresh()
		if _, err := ev.srv.Cmd("restore", ev.path(a[1]), name, a[0]); err != nil {
			return nil, errorf(c.Pos, "$restore: %v", err)
		}
		ev.owned = append(ev.owned, name)
		return VarValue{Name: name, Type: a[0]}, nil
	case "store":
		if len(c.Args) != 2 {
			return nil, errorf(c.Pos, `$store takes 2 arguments: $store "file" value`)
		}
		s, ok := c.Args[0].(*StringLit)
		if !ok {
			return nil, errorf(c.Args[0].At(), `argument 1 of $store must be a string: $store "file" value`)
		}
		v, err := ev.eval(c.Args[1], en)
		if err != nil {
			return nil, err
		}
		return RecordValue{}, ev.store(ev.path(s.Value), v, c.Args[1].At())
	case "loadimg":
		a, err := stringArgs(c, 1, `$loadimg "file"`)
		if err != nil {
			return nil, err
		}
		v, err := loadImage(ev.path(a[0]))
		if err != nil {
			return nil, errorf(c.Pos, "$loadimg: %v", err)
		}
		return HostValue{V: v}, nil
	case "loadaudio":
		a, err := stringArgs(c, 1, `$loadaudio "file"`)
		if err != nil {
			return nil, err
		}
		v, err := loadAudio(ev.path(a[0]))
		if err != nil {
			return nil, errorf(c.Pos, "$loadaudio: %v", err)
		}
		return HostValue{V: v}, nil
	}
	return nil, errorf(c.Pos, "unknown builtin $%s", c.Name)
}

// store writes v to file: a server variable as the server stores it (an
// opaque value too), anything else as its values in the binary format.
func (ev *Evaluator) store(file string, v Value, at Pos) error {
	if x, ok := v.(VarValue); ok {
		if _, err := ev.srv.Cmd("store", file, x.Name); err != nil {
			return errorf(at, "$store: %v", err)
		}
		return nil
	}
	vs, err := ev.hostValues(v, at)
	if err != nil {
		return err
	}
	f, err := os.Create(file)
	if err != nil {
		return errorf(at, "$store: %v", err)
	}
	w := bufio.NewWriter(f)
	for _, x := range vs {
		values.WriteBinary(w, x)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return errorf(at, "$store: %v", err)
	}
	return f.Close()
}
