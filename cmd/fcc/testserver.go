package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/script"
	"github.com/fcclang/fcc/tests/spec"
)

// programServer runs a compiled program's test cases through one
// process in server mode, as futhark test does, instead of one process
// per case: the OpenCL context and program are set up once. Cases of the
// program take turns; a server that dies or times out is started afresh
// for the next case.
type programServer struct {
	mu     sync.Mutex
	exe    string
	args   []string
	tmp    string // a folder for the values passed through files
	client *script.Client
	types  map[string]entryTypes
	n      int
	prefix string // of the files in tmp
	// profile: the executable runs with -P and fcc bench keeps the
	// report of each data set's timed calls.
	profile bool
}

type entryTypes struct {
	ins, outs []string
	consumes  bool // some input is consumed (its type is written *t)
}

// errNeedsProcess says a case must run as its own process: its results
// include opaque values, which the server stores only as their parts.
var errNeedsProcess = errors.New("the entry point's results are opaque")

func newProgramServer(exe string, args []string, tmp string) *programServer {
	// The files of the programs' servers share the folder tmp: each name
	// holds the executable's, which fcc test and fcc bench keep unique.
	return &programServer{exe: exe, args: args, tmp: tmp, types: map[string]entryTypes{}, prefix: filepath.Base(exe)}
}

// Close stops the server.
func (s *programServer) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stop()
}

func (s *programServer) stop() {
	if s.client != nil {
		s.client.Kill()
		s.client.Close()
		s.client = nil
	}
}

// cmd sends a command, treating a lost server as gone for good (the next
// case starts another).
func (s *programServer) cmd(words ...string) ([]string, error) {
	out, err := s.client.Cmd(words...)
	var ce *script.CmdError
	if err != nil && !errors.As(err, &ce) {
		s.client = nil
	}
	return out, err
}

// run calls entry on input (values in the binary format) and returns its
// results (none unless results is set), or the error the program
// reported. timeout, when positive, bounds the call.
func (s *programServer) run(entry string, input []byte, timeout time.Duration, results bool) ([]values.Value, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.start(); err != nil {
		return nil, err
	}
	t, err := s.entry(entry)
	if err != nil {
		return nil, err
	}
	for _, o := range t.outs {
		if results && !transparent(o) {
			return nil, errNeedsProcess
		}
	}
	s.n++
	inFile := filepath.Join(s.tmp, fmt.Sprintf("%s-server-%d.in", s.prefix, s.n))
	outFile := filepath.Join(s.tmp, fmt.Sprintf("%s-server-%d.out", s.prefix, s.n))
	defer os.Remove(inFile)
	defer os.Remove(outFile)
	if err := os.WriteFile(inFile, input, 0o644); err != nil {
		return nil, err
	}
	ins := make([]string, len(t.ins))
	restore := []string{"restore", inFile}
	for i, typ := range t.ins {
		ins[i] = fmt.Sprintf("in%d", i)
		restore = append(restore, ins[i], typ)
	}
	outs := make([]string, len(t.outs))
	for i := range outs {
		outs[i] = fmt.Sprintf("out%d", i)
	}
	// Whatever happens below, the next case starts from no variables
	// (a failed restore may have made some of them).
	defer func() {
		for _, v := range append(ins, outs...) {
			if s.client != nil {
				s.cmd("free", v)
			}
		}
	}()
	if _, err := s.cmd(restore...); err != nil {
		return nil, inputError(err)
	}
	if _, err := s.callOutput(append(append([]string{"call", entry}, outs...), ins...), timeout); err != nil {
		return nil, err
	}
	if !results {
		return nil, nil
	}
	if _, err := s.cmd(append([]string{"store", outFile}, outs...)...); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(outFile)
	if err != nil {
		return nil, err
	}
	vs, err := spec.ReadValues(data)
	if err != nil {
		return nil, fmt.Errorf("unreadable output: %v", err)
	}
	return vs, nil
}

// start starts the server if it is not running.
func (s *programServer) start() error {
	if s.client == nil {
		c, err := script.Start(s.exe, s.args...)
		if err != nil {
			return err
		}
		s.client = c
	}
	return nil
}

// entry returns an entry point's input and output types.
func (s *programServer) entry(entry string) (entryTypes, error) {
	if t, ok := s.types[entry]; ok {
		return t, nil
	}
	ins, err := s.cmd("inputs", entry)
	if err != nil {
		return entryTypes{}, entryError(entry, err)
	}
	outs, err := s.cmd("outputs", entry)
	if err != nil {
		return entryTypes{}, entryError(entry, err)
	}
	t := entryTypes{ins: ins, outs: outs}
	for i := range ins {
		if strings.HasPrefix(ins[i], "*") {
			t.consumes = true
			ins[i] = ins[i][1:]
		}
	}
	for i := range outs {
		outs[i] = strings.TrimPrefix(outs[i], "*")
	}
	s.types[entry] = t
	return t, nil
}

// callOutput sends a call command and returns what it printed, killing
// the server if the call runs past the timeout (when positive).
func (s *programServer) callOutput(words []string, timeout time.Duration) ([]string, error) {
	if timeout <= 0 {
		return s.cmd(words...)
	}
	type reply struct {
		out []string
		err error
	}
	done := make(chan reply, 1)
	c := s.client
	go func() {
		out, err := c.Cmd(words...)
		done <- reply{out, err}
	}()
	select {
	case r := <-done:
		var ce *script.CmdError
		if r.err != nil && !errors.As(r.err, &ce) {
			s.client = nil
		}
		return r.out, r.err
	case <-time.After(timeout):
		c.Kill()
		<-done
		s.client = nil
		return nil, fmt.Errorf("timed out after %v", timeout)
	}
}

// transparent reports whether a server type is a primitive type or an
// array of one, which the server stores in the data format.
func transparent(t string) bool {
	_, ok := values.ParsePrimType(strings.TrimLeft(t, "[]"))
	return ok
}

func entryError(entry string, err error) error {
	var ce *script.CmdError
	if errors.As(err, &ce) {
		return fmt.Errorf("no entry point %q: %s", entry, ce.Msg)
	}
	return err
}

// inputError words a failed restore as the executable words bad input.
func inputError(err error) error {
	var ce *script.CmdError
	if errors.As(err, &ce) {
		return fmt.Errorf("invalid input: %s", ce.Msg)
	}
	return err
}

// runScript runs a case whose input is a FutharkScript expression in the
// program's server, as futhark test does: the expression's value, opaque
// values included, is passed to entry without leaving the server. An
// error of the expression is returned as inputErr, an error of the run
// as err.
func (s *programServer) runScript(entry string, c *spec.Case, prog string, timeout time.Duration, results bool) (got []values.Value, inputErr, err error) {
	e, where, perr := parseScriptInput(c, prog)
	if perr != nil {
		return nil, perr, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.start(); err != nil {
		return nil, nil, err
	}
	ev, err := script.NewEvaluator(timedServer{s, timeout}, filepath.Dir(prog))
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if s.client != nil {
			ev.Close()
		}
	}()
	ev.Builtins = []string{"loaddata", "loadbytes"}
	v, err := ev.Eval(e)
	if err != nil {
		if s.client == nil {
			return nil, nil, err // the server died or timed out
		}
		return nil, where(err), nil
	}
	out, err := ev.Apply(entry, v, e.At())
	if err != nil || !results {
		return nil, nil, err
	}
	vs, err := ev.Values(out, e.At())
	return vs, nil, err
}

// timedServer is the program's server as an evaluator drives it: calls
// are bounded by the case's time limit.
type timedServer struct {
	s       *programServer
	timeout time.Duration
}

func (t timedServer) Cmd(words ...string) ([]string, error) {
	if t.s.client == nil {
		return nil, errors.New("the server ended")
	}
	if len(words) > 0 && words[0] == "call" {
		return t.s.callOutput(words, t.timeout)
	}
	return t.s.cmd(words...)
}
