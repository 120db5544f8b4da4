package exe

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/fcclang/fcc/runtime/values"
)

// This file implements Futhark's server protocol (the "Server Protocol"
// chapter of the Futhark User's Guide): commands, one per line, on the
// input; their output, then "%%% OK", on the output; a failed command
// prints "%%% FAILURE" and its message before the "%%% OK". Variables
// hold values between commands, arrays as device arrays, so that a
// client (futhark test and bench, FutharkScript, futhark-server clients)
// can call entry points many times without copying data each time.
//
// An opaque value (a tuple or a record) is, as fcc represents it, the
// sequence of its primitive components. store writes an opaque value as
// those components, one value each in the binary data format, and restore
// reads them back the same way.

// Serve runs the server protocol for program p on context c: it reads
// commands from r and writes responses to w until r ends. A command that
// fails is reported on w and the server goes on; Serve returns an error
// only when w cannot be written, r cannot be read, or the process is
// interrupted. Variables still held at the end are released.
func Serve(p *Program, c *Context, r io.Reader, w io.Writer) error {
	s := newServer(p, c, w)
	defer s.releaseAll()
	return s.serve(r)
}

// Serve runs the server protocol (see the package function Serve) on the
// library's context, holding it for the whole session.
func (l *Library) Serve(r io.Reader, w io.Writer) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ctx == nil {
		return errClosed
	}
	return Serve(l.prog, l.ctx, r, w)
}

// runServer is the executable's --server mode: it builds the context and
// serves the standard streams. Initialisation failing ends the process,
// as the protocol says, with the message on stderr.
func runServer(p *Program, opts *Options, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		if code := interruptStatus(err); code != 0 {
			reportInterrupt(stderr, err)
			return code
		}
		fmt.Fprintf(stderr, "Error: %v\n", strings.TrimRight(err.Error(), "\n"))
		return 1
	}
	if err := p.resolveParams(opts); err != nil {
		return fail(err)
	}
	source := p.OpenCL
	if opts.LoadOpenCL != "" {
		b, err := os.ReadFile(opts.LoadOpenCL)
		if err != nil {
			return fail(fmt.Errorf("--load-opencl: %w", err))
		}
		source = string(b)
	}
	log := io.Discard
	if opts.Debug || opts.Log || opts.Profile {
		log = stderr
	}
	c, err := NewContext(source, opts, log)
	if err != nil {
		return fail(err)
	}
	defer c.Close()
	s := newServer(p, c, stdout)
	s.debug = opts.Debug
	err = s.serve(stdin)
	s.releaseAll()
	if opts.Log || opts.Debug {
		_, peak := c.MemoryUsage()
		fmt.Fprintf(stderr, "Peak device memory usage: %d bytes\n", peak)
	}
	if err != nil {
		if isBrokenPipe(err) {
			return brokenPipeStatus
		}
		return fail(err)
	}
	return 0
}

// server is the state of one protocol session.
type server struct {
	prog    *Program
	ctx     *Context
	out     *bufio.Writer
	vars    map[string]*variable
	refs    map[*Buffer]int // how many variables' parts hold each buffer
	types   map[string]*serverType
	entries map[string]*serverEntry
	debug   bool // -D: failures caused by panics carry the stack
}

// serverType is a type the server knows: a primitive type, an array of
// primitives, or an opaque type named by an entry point.
type serverType struct {
	name  string
	expr  *typeExpr  // nil for an opaque type whose name does not parse
	comps []TypeDesc // the primitive components of a value (one for a transparent type)
}

func (t *serverType) opaque() bool { return t.expr == nil || !t.expr.transparent() }

// variable is a named value: one part per component of its type, each a
// *DeviceArray or a Go scalar as entry points take them.
type variable struct {
	typ      *serverType
	parts    []any
	consumed bool // passed to an entry point that consumes it: it may only be freed
}

// serverEntry is an entry point with its parameters and results grouped
// into external values.
type serverEntry struct {
	e         *EntryPoint
	ins, outs []extArg
}

// extArg is one external parameter or result: its type, the index of its
// first component among the entry point's Params or Results, and whether
// it is consumed (a parameter) or unique (a result).
type extArg struct {
	t      *serverType
	first  int
	unique bool
}

func newServer(p *Program, c *Context, w io.Writer) *server {
	s := &server{prog: p, ctx: c, out: bufio.NewWriter(w), vars: map[string]*variable{}, refs: map[*Buffer]int{},
		types: map[string]*serverType{}, entries: map[string]*serverEntry{}}
	for i := range p.Entries {
		e := &p.Entries[i]
		s.entries[e.Name] = &serverEntry{e: e, ins: s.extArgs(e.Params, e.ParamValues), outs: s.extArgs(e.Results, e.ResultValues)}
	}
	return s
}

// extArgs groups an entry point's component types into external values.
func (s *server) extArgs(ts []TypeDesc, groups []ExtValue) []extArg {
	if groups == nil {
		groups = make([]ExtValue, len(ts))
		for i := range groups {
			groups[i].N = 1
		}
	}
	var out []extArg
	k := 0
	for _, g := range groups {
		if g.N == 0 {
			continue
		}
		a := extArg{first: k}
		comps := make([]TypeDesc, g.N)
		for i := range comps {
			d := ts[k+i]
			a.unique = a.unique || d.Unique
			comps[i] = TypeDesc{Elem: d.Elem, Rank: d.Rank}
		}
		name := g.Opaque
		if name == "" {
			name = comps[0].String()
		}
		a.t = s.typeNamed(name, comps)
		out = append(out, a)
		k += g.N
	}
	return out
}

// typeNamed returns the server type called name whose components are
// comps, recording it (and, for a tuple or record, its fields' types).
func (s *server) typeNamed(name string, comps []TypeDesc) *serverType {
	if t, ok := s.types[name]; ok {
		return t
	}
	t := &serverType{name: name, comps: comps}
	if e, err := parseTypeName(name); err == nil && len(e.components()) == len(comps) {
		t.expr = e
		s.addParts(e)
	}
	s.types[name] = t
	return t
}

// addParts records the types that values of type e are built from: a
// record's fields, a sum type's payloads, an array's element type and,
// for an array of records, the arrays of its fields. So project, index,
// unzip and destruct can produce them, and new, set, zip and construct
// accept them.
func (s *server) addParts(e *typeExpr) {
	for _, f := range e.fields {
		s.register(f.t)
	}
	for _, c := range e.constrs {
		for _, p := range c.payload {
			s.register(p)
		}
	}
	if e.elem != nil {
		s.register(e.elem)
		for _, f := range e.elem.fields {
			s.register(arrayOf(e.rank, f.t))
		}
	}
}

func (s *server) register(e *typeExpr) { s.typeNamed(e.String(), e.components()) }

// arrayOf is the type of rank-dimensional arrays of t.
func arrayOf(rank int, t *typeExpr) *typeExpr {
	switch {
	case t.transparent():
		return &typeExpr{prim: t.prim, rank: t.rank + rank}
	case t.elem != nil:
		return &typeExpr{rank: t.rank + rank, elem: t.elem}
	}
	return &typeExpr{rank: rank, elem: t}
}

// elemType is the element type of array type t.
func elemType(t *typeExpr) *typeExpr {
	if t.elem != nil {
		return t.elem
	}
	return &typeExpr{prim: t.prim}
}

// lookupType returns the type called name: a known type, or any primitive
// type or array of primitives.
func (s *server) lookupType(name string) (*serverType, error) {
	if t, ok := s.types[name]; ok {
		return t, nil
	}
	e, err := parseTypeName(name)
	if err != nil || !e.transparent() {
		return nil, fmt.Errorf("unknown type %s (the types command lists them)", name)
	}
	// Transparent types are not recorded, so that a client cannot grow
	// the table without bound.
	return &serverType{name: e.String(), expr: e, comps: e.components()}, nil
}

// failure is a command's error, reported to the client.
type failure struct{ msg string }

func (f *failure) Error() string { return f.msg }

func failf(format string, args ...any) error { return &failure{fmt.Sprintf(format, args...)} }

// serve is the command loop.
func (s *server) serve(r io.Reader) error {
	in := bufio.NewReader(r)
	if err := s.ok(); err != nil {
		return err
	}
	for {
		line, err := in.ReadString('\n')
		if err != nil && err != io.EOF {
			return fmt.Errorf("reading a command: %w", err)
		}
		if line == "" && err == io.EOF {
			return nil
		}
		if cerr := s.command(strings.TrimRight(line, "\r\n")); cerr != nil {
			if code := interruptStatus(cerr); code != 0 {
				return cerr
			}
			s.out.WriteString("%%% FAILURE\n")
			s.out.WriteString(strings.TrimRight(cerr.Error(), "\n"))
			s.out.WriteByte('\n')
		}
		if werr := s.ok(); werr != nil {
			return werr
		}
		if err == io.EOF {
			return nil
		}
	}
}

func (s *server) ok() error {
	s.out.WriteString("%%% OK\n")
	return s.out.Flush()
}

// splitWords splits a command line into words: runs of non-space
// characters, or double-quoted strings without quotes or newlines.
func splitWords(line string) ([]string, error) {
	var words []string
	i := 0
	for {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			return words, nil
		}
		if line[i] == '"' {
			end := strings.IndexByte(line[i+1:], '"')
			if end < 0 {
				return nil, failf("malformed command: the quoted word starting at column %d has no closing quote", i+1)
			}
			words = append(words, line[i+1:i+1+end])
			i += end + 2
			if i < len(line) && line[i] != ' ' && line[i] != '\t' {
				return nil, failf("malformed command: a space must follow the quoted word ending at column %d", i)
			}
			continue
		}
		start := i
		for i < len(line) && line[i] != ' ' && line[i] != '\t' {
			if line[i] == '"' {
				return nil, failf("malformed command: quote inside the word starting at column %d", start+1)
			}
			i++
		}
		words = append(words, line[start:i])
	}
}

// serverCommand is one command: the least number of arguments, the most
// (-1: no limit), their description for messages, and what it does.
type serverCommand struct {
	min, max int
	usage    string
	run      func(s *server, args []string) error
}

var serverCommands map[string]serverCommand

func init() {
	serverCommands = map[string]serverCommand{
		"call":               {1, -1, "call ENTRY OUT... IN...", (*server).cmdCall},
		"restore":            {1, -1, "restore FILE VAR TYPE...", (*server).cmdRestore},
		"store":              {1, -1, "store FILE VAR...", (*server).cmdStore},
		"free":               {0, -1, "free VAR...", (*server).cmdFree},
		"rename":             {2, 2, "rename OLD NEW", (*server).cmdRename},
		"inputs":             {1, 1, "inputs ENTRY", (*server).cmdInputs},
		"outputs":            {1, 1, "outputs ENTRY", (*server).cmdOutputs},
		"output":             {1, 1, "output ENTRY", (*server).cmdOutputs},
		"clear":              {0, 0, "clear", (*server).cmdClear},
		"report":             {0, 0, "report", (*server).cmdReport},
		"pause_profiling":    {0, 0, "pause_profiling", func(s *server, _ []string) error { return s.pauseProfiling(true) }},
		"unpause_profiling":  {0, 0, "unpause_profiling", func(s *server, _ []string) error { return s.pauseProfiling(false) }},
		"set_tuning_param":   {2, 2, "set_tuning_param PARAM VALUE", (*server).cmdSetTuningParam},
		"tuning_params":      {1, 1, "tuning_params ENTRY", (*server).cmdTuningParams},
		"tuning_param_class": {1, 1, "tuning_param_class PARAM", (*server).cmdTuningParamClass},
		"types":              {0, 0, "types", (*server).cmdTypes},
		"entry_points":       {0, 0, "entry_points", (*server).cmdEntryPoints},
		"attributes":         {1, 1, "attributes ENTRY", (*server).cmdAttributes},
		"kind":               {1, 1, "kind TYPE", (*server).cmdKind},
		"type":               {1, 1, "type VAR", (*server).cmdType},
		"rank":               {1, 1, "rank TYPE", (*server).cmdRank},
		"elemtype":           {1, 1, "elemtype TYPE", (*server).cmdElemtype},
		"shape":              {1, 1, "shape VAR", (*server).cmdShape},
		"index":              {2, -1, "index TO FROM I...", (*server).cmdIndex},
		"new_array":          {2, -1, "new_array VAR TYPE SIZE... VALUE...", (*server).cmdNewArray},
		"fields":             {1, 1, "fields TYPE", (*server).cmdFields},
		"new":                {2, -1, "new VAR TYPE FIELD...", (*server).cmdNew},
		"project":            {3, 3, "project TO FROM FIELD", (*server).cmdProject},
		"set":                {2, -1, "set ARRAY VALUE I...", (*server).cmdSet},
		"zip":                {2, -1, "zip TO TYPE ARRAY...", (*server).cmdZip},
		"unzip":              {1, -1, "unzip FROM TO...", (*server).cmdUnzip},
		"variants":           {1, 1, "variants TYPE", (*server).cmdVariants},
		"construct":          {3, -1, "construct TO TYPE VARIANT VALUE...", (*server).cmdConstruct},
		"destruct":           {1, -1, "destruct FROM TO...", (*server).cmdDestruct},
		"variant":            {1, 1, "variant VAR", (*server).cmdVariant},
	}
}

// command runs one command line, turning a panic (a bug) into a failure
// so that the server survives it.
func (s *server) command(line string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = failf("internal error: %v", r)
			if s.debug {
				err = failf("internal error: %v\n%s", r, debug.Stack())
			}
			s.releaseUnheld()
		}
	}()
	words, err := splitWords(line)
	if err != nil {
		return err
	}
	if len(words) == 0 {
		return failf("empty command")
	}
	cmd, ok := serverCommands[words[0]]
	if !ok {
		return failf("Unknown command: %s", words[0])
	}
	args := words[1:]
	if len(args) < cmd.min || cmd.max >= 0 && len(args) > cmd.max {
		return failf("malformed command: %q; usage: %s", line, cmd.usage)
	}
	return cmd.run(s, args)
}

// entry returns the entry point called name.
func (s *server) entry(name string) (*serverEntry, error) {
	e, ok := s.entries[name]
	if !ok {
		return nil, failf("Unknown entry point: %s (entry_points lists them)", name)
	}
	return e, nil
}

// get returns the variable called name, which must not have been
// consumed.
func (s *server) get(name string) (*variable, error) {
	v, ok := s.vars[name]
	if !ok {
		return nil, failf("Unknown variable: %s", name)
	}
	if v.consumed {
		return nil, failf("variable %s was consumed by an entry point and may only be freed", name)
	}
	return v, nil
}

// checkNew checks that the names for new variables are unused and
// distinct.
func (s *server) checkNew(names ...string) error {
	seen := map[string]bool{}
	for _, n := range names {
		if _, ok := s.vars[n]; ok {
			return failf("Variable already exists: %s", n)
		}
		if seen[n] {
			return failf("variable %s is named twice in one command", n)
		}
		seen[n] = true
	}
	return nil
}

// define makes a variable of its parts, counting the buffers it holds.
func (s *server) define(name string, t *serverType, parts []any) {
	for _, p := range parts {
		if a, ok := p.(*DeviceArray); ok {
			s.refs[a.Buf]++
		}
	}
	s.vars[name] = &variable{typ: t, parts: parts}
}

// drop deletes a variable, releasing the buffers no other variable holds.
func (s *server) drop(name string) {
	v := s.vars[name]
	delete(s.vars, name)
	for _, p := range v.parts {
		if a, ok := p.(*DeviceArray); ok {
			if s.refs[a.Buf]--; s.refs[a.Buf] <= 0 {
				delete(s.refs, a.Buf)
				s.ctx.Release(a.Buf)
			}
		}
	}
}

// releaseUnheld releases every device buffer that no variable holds:
// what an entry point allocated for itself, results of a failed call,
// uploads of a failed restore.
func (s *server) releaseUnheld() {
	keep := make([]*DeviceArray, 0, len(s.refs))
	for b := range s.refs {
		keep = append(keep, &DeviceArray{Buf: b})
	}
	s.ctx.ReleaseSince(0, keep...)
}

// releaseAll frees every variable (the end of a session).
func (s *server) releaseAll() {
	for name := range s.vars {
		s.drop(name)
	}
	s.releaseUnheld()
}

func (s *server) cmdCall(args []string) error {
	se, err := s.entry(args[0])
	if err != nil {
		return err
	}
	args = args[1:]
	nOut, nIn := len(se.outs), len(se.ins)
	if len(args) != nOut+nIn {
		return failf("entry point %s has %d output(s) and %d input(s): call %s needs %d variable names, got %d",
			se.e.Name, nOut, nIn, se.e.Name, nOut+nIn, len(args))
	}
	outNames, inNames := args[:nOut], args[nOut:]
	if err := s.checkNew(outNames...); err != nil {
		return err
	}
	callArgs := make([]any, len(se.e.Params))
	var consumed []*variable
	for i, a := range se.ins {
		v, err := s.get(inNames[i])
		if err != nil {
			return err
		}
		if v.typ.name != a.t.name {
			return failf("input %d of entry point %s (variable %s) has type %s, expected %s", i+1, se.e.Name, inNames[i], v.typ.name, a.t.name)
		}
		copy(callArgs[a.first:], v.parts)
		if a.unique {
			// An entry point that consumes an array may overwrite it:
			// the same array may not be another of its arguments.
			for j, n := range inNames {
				if j != i && n == inNames[i] {
					return failf("variable %s is passed to consumed input %d of entry point %s and also as input %d", n, i+1, se.e.Name, j+1)
				}
			}
			consumed = append(consumed, v)
		}
	}
	if err := checkInterrupt(); err != nil {
		return err
	}
	// The launches of a profiled call are recorded for its entry point
	// (the report events' provenance).
	s.ctx.provenance = se.e.Name
	start := time.Now()
	res, err := se.e.Run(s.ctx, callArgs)
	if err == nil {
		err = s.ctx.Finish()
	} else {
		// A kernel that failed before the host code did came first in
		// program order: its (pending) failure wins.
		var kf *kernelFailure
		if ferr := s.ctx.Finish(); errors.As(ferr, &kf) {
			err = ferr
		}
	}
	us := time.Since(start).Microseconds()
	for _, v := range consumed {
		v.consumed = true
	}
	if err == nil && len(res) != len(se.e.Results) {
		err = fmt.Errorf("internal error: entry point %s returned %d values, declared %d", se.e.Name, len(res), len(se.e.Results))
	}
	if err != nil {
		s.releaseUnheld()
		return err
	}
	fmt.Fprintf(s.out, "runtime: %d\n", us)
	for i, o := range se.outs {
		parts := append([]any(nil), res[o.first:o.first+len(o.t.comps)]...)
		s.define(outNames[i], o.t, parts)
	}
	s.releaseUnheld()
	return nil
}

// pauseProfiling pauses or resumes the recording of kernel launches; the
// launches queued before it are recorded as they were.
func (s *server) pauseProfiling(paused bool) error {
	if err := s.ctx.Finish(); err != nil {
		return err
	}
	s.ctx.profPaused = paused
	return nil
}

func (s *server) cmdRestore(args []string) error {
	file, pairs := args[0], args[1:]
	if len(pairs)%2 != 0 {
		return failf("malformed command: restore needs a type after variable %s", pairs[len(pairs)-1])
	}
	names := make([]string, 0, len(pairs)/2)
	types := make([]*serverType, 0, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		t, err := s.lookupType(pairs[i+1])
		if err != nil {
			return failf("restore %s: %v", pairs[i], err)
		}
		names, types = append(names, pairs[i]), append(types, t)
	}
	if err := s.checkNew(names...); err != nil {
		return err
	}
	f, err := os.Open(file)
	if err != nil {
		return failf("cannot open %s: %v", file, err)
	}
	defer f.Close()
	rd := values.NewReader(f)
	// Everything is read and checked before anything is uploaded, so that
	// a bad file defines no variable.
	read := make([][]values.Value, len(names))
	count := 0
	for i, t := range types {
		for k, d := range t.comps {
			v, err := rd.ReadAs(d.Elem, d.Rank)
			what := "variable " + names[i]
			if len(t.comps) > 1 {
				what = fmt.Sprintf("component %d of variable %s", k+1, names[i])
			}
			if err == io.EOF {
				return failf("restore %s: %s ended after %d value(s), before %s of type %s", names[i], file, count, what, d)
			}
			if err != nil {
				return failf("restore %s: %s of type %s in %s: %v", names[i], what, d, file, err)
			}
			read[i] = append(read[i], v)
			count++
		}
	}
	if _, err := rd.Read(); err != io.EOF {
		if err == nil {
			return failf("restore: %s holds more than the %d value(s) asked for", file, count)
		}
		return failf("restore: after %d value(s) in %s: %v", count, file, err)
	}
	all := make([][]any, len(names))
	for i, vs := range read {
		for _, v := range vs {
			p, err := s.toPart(v)
			if err != nil {
				s.releaseUnheld()
				return failf("restore %s: %v", names[i], err)
			}
			all[i] = append(all[i], p)
		}
	}
	if err := s.ctx.Finish(); err != nil {
		s.releaseUnheld()
		return err
	}
	for i, n := range names {
		s.define(n, types[i], all[i])
	}
	return nil
}

// toPart turns a host value into a variable's part: an array is uploaded.
func (s *server) toPart(v values.Value) (any, error) {
	if v.Rank() == 0 {
		return hostScalar(v), nil
	}
	return s.ctx.Upload(v)
}

func (s *server) cmdStore(args []string) error {
	file, names := args[0], args[1:]
	var vs []*variable
	for _, n := range names {
		v, err := s.get(n)
		if err != nil {
			return err
		}
		vs = append(vs, v)
	}
	f, err := os.Create(file)
	if err != nil {
		return failf("cannot open %s for writing: %v", file, err)
	}
	w := bufio.NewWriter(f)
	for i, v := range vs {
		for _, p := range v.parts {
			hv, err := toValue(s.ctx, p)
			if err == nil {
				err = values.WriteBinary(w, hv)
			}
			if err != nil {
				f.Close()
				return failf("store %s: %v", names[i], err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return failf("writing %s: %v", file, err)
	}
	if err := f.Close(); err != nil {
		return failf("writing %s: %v", file, err)
	}
	return nil
}

func (s *server) cmdFree(args []string) error {
	for _, n := range args {
		if _, ok := s.vars[n]; !ok {
			return failf("Unknown variable: %s", n)
		}
	}
	for _, n := range args {
		if _, ok := s.vars[n]; ok { // a name may be given twice
			s.drop(n)
		}
	}
	return nil
}

func (s *server) cmdRename(args []string) error {
	v, err := s.get(args[0])
	if err != nil {
		return err
	}
	if args[0] == args[1] {
		return nil
	}
	if err := s.checkNew(args[1]); err != nil {
		return err
	}
	delete(s.vars, args[0])
	s.vars[args[1]] = v
	return nil
}

func (s *server) cmdInputs(args []string) error {
	se, err := s.entry(args[0])
	if err != nil {
		return err
	}
	writeExtArgs(s.out, se.ins)
	return nil
}

func (s *server) cmdOutputs(args []string) error {
	se, err := s.entry(args[0])
	if err != nil {
		return err
	}
	writeExtArgs(s.out, se.outs)
	return nil
}

func writeExtArgs(w *bufio.Writer, as []extArg) {
	for _, a := range as {
		if a.unique {
			w.WriteByte('*')
		}
		w.WriteString(a.t.name)
		w.WriteByte('\n')
	}
}

func (s *server) cmdClear([]string) error {
	if err := s.ctx.Finish(); err != nil {
		return err
	}
	s.ctx.releaseFree()
	s.ctx.clearLaunches()
	return nil
}

// reportEvent is one event of report's JSON, as Futhark's runtime writes
// its profiling report (the format futhark bench --profile and futhark
// profile read): one kernel launch (details.launches is 1), its entry
// point as provenance and its duration in microseconds. Launches past
// the bound of maxLaunchRecords since the last report are summed, one
// event per kernel and entry point, details.launches saying how many.
type reportEvent struct {
	Name       string         `json:"name"`
	Provenance string         `json:"provenance"`
	Duration   float64        `json:"duration"`
	Details    map[string]any `json:"details"`
}

// cmdReport prints Futhark's profiling report, a JSON object on one line:
// the events since the last report (kernel launches, with -P, of calls
// made while profiling was not paused) and the peak device memory in
// bytes. As Futhark's, a report forgets the events it prints; they are
// still counted in -P's summary.
func (s *server) cmdReport([]string) error {
	if err := s.ctx.Finish(); err != nil {
		return err
	}
	recs, over := s.ctx.takeLaunches()
	events := make([]reportEvent, 0, len(recs)+len(over))
	for _, r := range recs {
		events = append(events, reportEvent{Name: r.name, Provenance: r.provenance,
			Duration: micros(r.duration()), Details: map[string]any{"launches": 1}})
	}
	keys := make([]launchKey, 0, len(over))
	for k := range over {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].provenance != keys[j].provenance {
			return keys[i].provenance < keys[j].provenance
		}
		return keys[i].name < keys[j].name
	})
	for _, k := range keys {
		events = append(events, reportEvent{Name: k.name, Provenance: k.provenance,
			Duration: micros(over[k].total), Details: map[string]any{"launches": over[k].runs}})
	}
	_, peak := s.ctx.MemoryUsage()
	r := struct {
		Events []reportEvent    `json:"events"`
		Memory map[string]int64 `json:"memory"`
	}{Events: events, Memory: map[string]int64{"device": peak}}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	s.out.Write(b)
	s.out.WriteByte('\n')
	return nil
}

func micros(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 }

func (s *server) param(name string) (*Param, error) {
	for i := range s.prog.Params {
		if s.prog.Params[i].Name == name {
			return &s.prog.Params[i], nil
		}
	}
	return nil, failf("unknown tuning parameter: %s", name)
}

func (s *server) cmdSetTuningParam(args []string) error {
	if _, err := s.param(args[0]); err != nil {
		return err
	}
	v, err := strconv.ParseInt(args[1], 10, 64)
	if err != nil || v < 0 {
		return failf("tuning parameter %s: %q is not a non-negative integer", args[0], args[1])
	}
	s.ctx.SetParam(args[0], v)
	return nil
}

// cmdTuningParams lists the program's tuning parameters: fcc does not
// record which entry points use which, so each entry point lists all.
func (s *server) cmdTuningParams(args []string) error {
	if _, err := s.entry(args[0]); err != nil {
		return err
	}
	for _, p := range s.prog.Params {
		fmt.Fprintf(s.out, "%s %s\n", p.Name, p.Class)
	}
	return nil
}

func (s *server) cmdTuningParamClass(args []string) error {
	p, err := s.param(args[0])
	if err != nil {
		return err
	}
	fmt.Fprintln(s.out, p.Class)
	return nil
}

func (s *server) cmdTypes([]string) error {
	names := make([]string, 0, len(s.types))
	for n := range s.types {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintln(s.out, n)
	}
	return nil
}

func (s *server) cmdEntryPoints([]string) error {
	for _, e := range s.prog.Entries {
		fmt.Fprintln(s.out, e.Name)
	}
	return nil
}

// cmdAttributes prints nothing: fcc keeps no attributes of entry points.
func (s *server) cmdAttributes(args []string) error {
	_, err := s.entry(args[0])
	return err
}

func (s *server) cmdKind(args []string) error {
	t, err := s.lookupType(args[0])
	if err != nil {
		return err
	}
	kind := "opaque" // a type whose name fcc cannot take apart
	switch e := t.expr; {
	case e == nil:
	case e.rank > 0:
		kind = "array"
	case e.transparent():
		kind = "primitive"
	case e.record():
		kind = "record"
	case e.sum():
		kind = "sum"
	}
	fmt.Fprintln(s.out, kind)
	return nil
}

func (s *server) cmdType(args []string) error {
	v, ok := s.vars[args[0]]
	if !ok {
		return failf("Unknown variable: %s", args[0])
	}
	fmt.Fprintln(s.out, v.typ.name)
	return nil
}

// anyArrayType returns the array type called name, of primitives or
// not.
func (s *server) anyArrayType(name string) (*serverType, error) {
	t, err := s.lookupType(name)
	if err != nil {
		return nil, err
	}
	if t.expr == nil || t.expr.rank == 0 {
		return nil, failf("type %s is not an array type", name)
	}
	return t, nil
}

func (s *server) cmdRank(args []string) error {
	t, err := s.anyArrayType(args[0])
	if err != nil {
		return err
	}
	fmt.Fprintln(s.out, t.expr.rank)
	return nil
}

func (s *server) cmdElemtype(args []string) error {
	t, err := s.anyArrayType(args[0])
	if err != nil {
		return err
	}
	fmt.Fprintln(s.out, elemType(t.expr))
	return nil
}

// arrayVar returns variable name, which must hold an array, and its
// shape.
func (s *server) arrayVar(name string) (*variable, []int64, error) {
	v, err := s.get(name)
	if err != nil {
		return nil, nil, err
	}
	e := v.typ.expr
	if e == nil || e.rank == 0 {
		return nil, nil, failf("variable %s has type %s, which is not an array type", name, v.typ.name)
	}
	// Every component of an array holds the array's dimensions first.
	return v, v.parts[0].(*DeviceArray).Shape[:e.rank], nil
}

func (s *server) cmdShape(args []string) error {
	_, shape, err := s.arrayVar(args[0])
	if err != nil {
		return err
	}
	for _, d := range shape {
		fmt.Fprintln(s.out, d)
	}
	return nil
}

// indices parses the indices of an element of an array of the given
// shape, variable name.
func indices(name string, shape []int64, text []string) ([]int64, error) {
	if len(text) != len(shape) {
		return nil, failf("variable %s has rank %d: %d indices are needed, got %d", name, len(shape), len(shape), len(text))
	}
	idx := make([]int64, len(text))
	for k, w := range text {
		i, err := strconv.ParseInt(w, 10, 64)
		if err != nil {
			return nil, failf("index %d: %q is not an integer", k+1, w)
		}
		if i < 0 || i >= shape[k] {
			return nil, failf("index [%s] out of bounds for variable %s of shape %s", strings.Join(text, "]["), name, shapeText(shape))
		}
		idx[k] = i
	}
	return idx, nil
}

func (s *server) cmdIndex(args []string) error {
	to, from := args[0], args[1]
	v, shape, err := s.arrayVar(from)
	if err != nil {
		return err
	}
	if err := s.checkNew(to); err != nil {
		return err
	}
	idx, err := indices(from, shape, args[2:])
	if err != nil {
		return err
	}
	et := elemType(v.typ.expr)
	t, err := s.lookupType(et.String())
	if err != nil {
		return err
	}
	fixed := make([]DimIndex, len(idx))
	for k, i := range idx {
		fixed[k] = DimIndex{Fix: true, Start: i}
	}
	parts := make([]any, len(v.parts))
	for k, p := range v.parts {
		a := p.(*DeviceArray)
		if len(a.Shape) == len(idx) {
			parts[k], err = s.ctx.ReadElem(a, idx...)
		} else {
			// An element's array component is copied, so that the new
			// variable is manifest and shares nothing with the array.
			var view *DeviceArray
			if view, err = Slice(a, fixed, "index"); err == nil {
				parts[k], err = s.ctx.CopyArray(view)
			}
		}
		if err != nil {
			s.releaseUnheld()
			return err
		}
	}
	s.define(to, t, parts)
	return nil
}

// cmdSet replaces an element of an array in place. An array whose buffer
// another variable shares (through rename's absence, new, zip or an
// entry point's aliasing result) is copied first, so that only the named
// variable changes, as values in Futhark do.
func (s *server) cmdSet(args []string) error {
	to, from := args[0], args[1]
	v, shape, err := s.arrayVar(to)
	if err != nil {
		return err
	}
	x, err := s.get(from)
	if err != nil {
		return err
	}
	if want := elemType(v.typ.expr).String(); x.typ.name != want {
		return failf("set %s: variable %s has type %s, expected %s", to, from, x.typ.name, want)
	}
	idx, err := indices(to, shape, args[2:])
	if err != nil {
		return err
	}
	fixed := make([]DimIndex, len(idx))
	for k, i := range idx {
		fixed[k] = DimIndex{Fix: true, Start: i}
	}
	// The element must have the shape of the array's elements (arrays
	// are regular); check every component before writing any.
	for k, p := range v.parts {
		a := p.(*DeviceArray)
		if xa, ok := x.parts[k].(*DeviceArray); ok && !equalShapes(xa.Shape, a.Shape[len(idx):]) {
			return failf("set %s: variable %s has shape %s, but the elements of %s have shape %s", to, from, shapeText(xa.Shape), to, shapeText(a.Shape[len(idx):]))
		}
	}
	for k, p := range v.parts {
		a := p.(*DeviceArray)
		if s.refs[a.Buf] > 1 || x.holds(a.Buf) {
			c, err := s.ctx.CopyArray(a)
			if err != nil {
				s.releaseUnheld()
				return err
			}
			s.refs[c.Buf]++
			if s.refs[a.Buf]--; s.refs[a.Buf] <= 0 {
				delete(s.refs, a.Buf)
				s.ctx.Release(a.Buf)
			}
			v.parts[k], a = c, c
		}
		if xa, ok := x.parts[k].(*DeviceArray); ok {
			view, err := Slice(a, fixed, "set")
			if err == nil {
				err = s.ctx.CopyInto(view, xa)
			}
			if err != nil {
				return err
			}
		} else if err := s.ctx.WriteElem(a, x.parts[k], idx...); err != nil {
			return err
		}
	}
	return s.ctx.Finish()
}

// holds reports whether one of v's parts is in buffer b.
func (v *variable) holds(b *Buffer) bool {
	for _, p := range v.parts {
		if a, ok := p.(*DeviceArray); ok && a.Buf == b {
			return true
		}
	}
	return false
}

func equalShapes(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// recordArrayType returns the array-of-records type called name.
func (s *server) recordArrayType(name string) (*serverType, error) {
	t, err := s.anyArrayType(name)
	if err != nil {
		return nil, err
	}
	if t.expr.elem == nil || !t.expr.elem.record() {
		return nil, failf("type %s is not an array of records or tuples", name)
	}
	return t, nil
}

func (s *server) cmdZip(args []string) error {
	to, given := args[0], args[2:]
	t, err := s.recordArrayType(args[1])
	if err != nil {
		return err
	}
	fs, rank := t.expr.elem.fields, t.expr.rank
	if len(given) != len(fs) {
		return failf("zip %s: the elements of type %s have %d fields, got %d variables", to, t.name, len(fs), len(given))
	}
	if err := s.checkNew(to); err != nil {
		return err
	}
	var parts []any
	var shape []int64
	for i, f := range fs {
		v, err := s.get(given[i])
		if err != nil {
			return err
		}
		if want := arrayOf(rank, f.t).String(); v.typ.name != want {
			return failf("zip %s: field %s, variable %s, has type %s, expected %s", to, f.name, given[i], v.typ.name, want)
		}
		sh := v.parts[0].(*DeviceArray).Shape[:rank]
		if shape == nil {
			shape = sh
		} else if !equalShapes(sh, shape) {
			return failf("zip %s: variable %s has outer shape %s, but %s has %s", to, given[i], shapeText(sh), given[0], shapeText(shape))
		}
		parts = append(parts, v.parts...)
	}
	s.define(to, t, parts)
	return nil
}

func (s *server) cmdUnzip(args []string) error {
	from, names := args[0], args[1:]
	v, _, err := s.arrayVar(from)
	if err != nil {
		return err
	}
	e := v.typ.expr
	if e.elem == nil || !e.elem.record() {
		return failf("variable %s has type %s, which is not an array of records or tuples", from, v.typ.name)
	}
	if len(names) != len(e.elem.fields) {
		return failf("unzip %s: its elements have %d fields, got %d variables", from, len(e.elem.fields), len(names))
	}
	if err := s.checkNew(names...); err != nil {
		return err
	}
	k := 0
	for i, f := range e.elem.fields {
		ft, err := s.lookupType(arrayOf(e.rank, f.t).String())
		if err != nil {
			return err
		}
		n := len(ft.comps)
		s.define(names[i], ft, append([]any(nil), v.parts[k:k+n]...))
		k += n
	}
	return nil
}

// sumType returns the sum type called name.
func (s *server) sumType(name string) (*serverType, error) {
	t, err := s.lookupType(name)
	if err != nil {
		return nil, err
	}
	if t.expr == nil || t.expr.rank > 0 || !t.expr.sum() {
		return nil, failf("type %s is not a sum type", name)
	}
	return t, nil
}

func (s *server) cmdVariants(args []string) error {
	t, err := s.sumType(args[0])
	if err != nil {
		return err
	}
	for _, c := range t.expr.constrs {
		fmt.Fprintln(s.out, c.name)
		for _, p := range c.payload {
			fmt.Fprintf(s.out, "- %s\n", p)
		}
	}
	return nil
}

// sumVar returns variable name, which must hold a value of a sum type,
// and the index of its constructor.
func (s *server) sumVar(name string) (*variable, int, error) {
	v, err := s.get(name)
	if err != nil {
		return nil, 0, err
	}
	if e := v.typ.expr; e == nil || e.rank > 0 || !e.sum() {
		return nil, 0, failf("variable %s has type %s, which is not a sum type", name, v.typ.name)
	}
	tag, ok := v.parts[0].(uint8)
	if !ok || int(tag) >= len(v.typ.expr.constrs) {
		return nil, 0, failf("internal error: variable %s holds tag %v, not one of %d constructors", name, v.parts[0], len(v.typ.expr.constrs))
	}
	return v, int(tag), nil
}

func (s *server) cmdVariant(args []string) error {
	v, tag, err := s.sumVar(args[0])
	if err != nil {
		return err
	}
	fmt.Fprintln(s.out, v.typ.expr.constrs[tag].name)
	return nil
}

func (s *server) cmdConstruct(args []string) error {
	to, given := args[0], args[3:]
	t, err := s.sumType(args[1])
	if err != nil {
		return err
	}
	e := t.expr
	tag := e.constr(args[2])
	if tag < 0 {
		return failf("construct %s: type %s has no variant %s (variants lists them)", to, t.name, args[2])
	}
	c := e.constrs[tag]
	if len(given) != len(c.payload) {
		return failf("construct %s: variant %s of type %s holds %d values, got %d variables", to, c.name, t.name, len(c.payload), len(given))
	}
	if err := s.checkNew(to); err != nil {
		return err
	}
	var comps []any
	for i, p := range c.payload {
		v, err := s.get(given[i])
		if err != nil {
			return err
		}
		if want := p.String(); v.typ.name != want {
			return failf("construct %s: value %d of variant %s, variable %s, has type %s, expected %s", to, i+1, c.name, given[i], v.typ.name, want)
		}
		comps = append(comps, v.parts...)
	}
	slots, assign := e.sumLayout()
	parts := make([]any, 1+len(slots))
	parts[0] = uint8(tag)
	for i, sl := range assign[tag] {
		parts[1+sl] = comps[i]
	}
	// The slots this variant does not use hold blank values, as the
	// frontend's constructors fill them: zero, or an empty array.
	for k, d := range slots {
		if parts[1+k] != nil {
			continue
		}
		if d.Rank == 0 {
			parts[1+k] = hostScalar(values.NewArray(d.Elem, nil))
			continue
		}
		a, err := s.ctx.NewArray(d.Elem, make([]int64, d.Rank))
		if err != nil {
			s.releaseUnheld()
			return err
		}
		parts[1+k] = a
	}
	s.define(to, t, parts)
	return nil
}

func (s *server) cmdDestruct(args []string) error {
	from, names := args[0], args[1:]
	v, tag, err := s.sumVar(from)
	if err != nil {
		return err
	}
	c := v.typ.expr.constrs[tag]
	if len(names) != len(c.payload) {
		return failf("destruct %s: it holds variant %s, with %d values, got %d variables", from, c.name, len(c.payload), len(names))
	}
	if err := s.checkNew(names...); err != nil {
		return err
	}
	_, assign := v.typ.expr.sumLayout()
	k := 0
	for i, p := range c.payload {
		t, err := s.lookupType(p.String())
		if err != nil {
			return err
		}
		parts := make([]any, len(t.comps))
		for j := range parts {
			parts[j] = v.parts[1+assign[tag][k+j]]
		}
		k += len(parts)
		s.define(names[i], t, parts)
	}
	return nil
}

// cmdNewArray makes an array of the values of variables, of a primitive
// type or not: each component of the element type becomes one array
// (the elements' array components must agree in shape, as arrays are
// regular).
func (s *server) cmdNewArray(args []string) error {
	name := args[0]
	t, err := s.anyArrayType(args[1])
	if err != nil {
		return err
	}
	rank, elemName := t.expr.rank, elemType(t.expr).String()
	rest := args[2:]
	if len(rest) < rank {
		return failf("new_array %s: type %s needs %d sizes, got %d words", name, args[1], rank, len(rest))
	}
	shape := make([]int64, rank)
	n := int64(1)
	for k := range shape {
		x, err := strconv.ParseInt(rest[k], 10, 64)
		if err != nil || x < 0 {
			return failf("new_array %s: size %d, %q, is not a non-negative integer", name, k+1, rest[k])
		}
		shape[k] = x
		n *= x
	}
	elems := rest[rank:]
	if int64(len(elems)) != n {
		return failf("new_array %s: shape %s holds %d elements, got %d variables", name, shapeText(shape), n, len(elems))
	}
	if err := s.checkNew(name); err != nil {
		return err
	}
	vs := make([]*variable, len(elems))
	for i, en := range elems {
		v, err := s.get(en)
		if err != nil {
			return err
		}
		if v.typ.name != elemName {
			return failf("new_array %s: element %d, variable %s, has type %s, expected %s", name, i+1, en, v.typ.name, elemName)
		}
		vs[i] = v
	}
	parts := make([]any, len(t.comps))
	for k, d := range t.comps {
		inner := make([]int64, d.Rank-rank)
		if len(vs) > 0 {
			if a, ok := vs[0].parts[k].(*DeviceArray); ok {
				inner = a.Shape
			}
		}
		hv := values.NewArray(d.Elem, append(append([]int64(nil), shape...), inner...))
		dst := reflect.ValueOf(hv.Data)
		size := 1
		for _, x := range inner {
			size *= int(x)
		}
		for i, v := range vs {
			if a, ok := v.parts[k].(*DeviceArray); ok && !equalShapes(a.Shape, inner) {
				return failf("new_array %s: element %d, variable %s, holds an array of shape %s where element 1 holds %s", name, i+1, elems[i], shapeText(a.Shape), shapeText(inner))
			}
			x, err := toValue(s.ctx, v.parts[k])
			if err != nil {
				return err
			}
			reflect.Copy(dst.Slice(i*size, (i+1)*size), reflect.ValueOf(x.Data))
		}
		a, err := s.ctx.Upload(hv)
		if err != nil {
			s.releaseUnheld()
			return err
		}
		parts[k] = a
	}
	s.define(name, t, parts)
	return nil
}

// recordType returns the tuple or record type called name.
func (s *server) recordType(name string) (*serverType, error) {
	t, ok := s.types[name]
	if !ok {
		if _, err := s.lookupType(name); err != nil {
			return nil, err
		}
	}
	if !ok || t.expr == nil || t.expr.fields == nil {
		return nil, failf("type %s is not a record or tuple", name)
	}
	return t, nil
}

func (s *server) cmdFields(args []string) error {
	t, err := s.recordType(args[0])
	if err != nil {
		return err
	}
	for _, f := range t.expr.fields {
		fmt.Fprintf(s.out, "%s %s\n", f.name, f.t)
	}
	return nil
}

func (s *server) cmdNew(args []string) error {
	name := args[0]
	t, err := s.recordType(args[1])
	if err != nil {
		return err
	}
	fs, given := t.expr.fields, args[2:]
	if len(given) != len(fs) {
		return failf("new %s: type %s has %d fields, got %d variables", name, t.name, len(fs), len(given))
	}
	if err := s.checkNew(name); err != nil {
		return err
	}
	var parts []any
	for i, f := range fs {
		v, err := s.get(given[i])
		if err != nil {
			return err
		}
		if want := f.t.String(); v.typ.name != want {
			return failf("new %s: field %s, variable %s, has type %s, expected %s", name, f.name, given[i], v.typ.name, want)
		}
		parts = append(parts, v.parts...)
	}
	s.define(name, t, parts)
	return nil
}

func (s *server) cmdProject(args []string) error {
	to, from, field := args[0], args[1], args[2]
	v, err := s.get(from)
	if err != nil {
		return err
	}
	if v.typ.expr == nil || v.typ.expr.fields == nil {
		return failf("variable %s has type %s, which is not a record or tuple", from, v.typ.name)
	}
	if err := s.checkNew(to); err != nil {
		return err
	}
	k := 0
	for _, f := range v.typ.expr.fields {
		n := len(f.t.components())
		if f.name == field {
			t, err := s.lookupType(f.t.String())
			if err != nil {
				return err
			}
			s.define(to, t, append([]any(nil), v.parts[k:k+n]...))
			return nil
		}
		k += n
	}
	return failf("type %s has no field %s", v.typ.name, field)
}
