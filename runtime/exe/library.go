package exe

import (
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"sync"

	"github.com/fcclang/fcc/runtime/values"
)

// Library is the run-time state behind the Context of a Go package that
// fcc build --library generated: the program and one OpenCL context,
// created once and used by every call, so that the program is built for
// the device once. Calls are serialised by a mutex, because a Context
// (its queue, buffer cache and profile) is not safe for concurrent use.
type Library struct {
	mu   sync.Mutex
	prog *Program
	ctx  *Context
}

// NewLibrary selects a device and builds p's kernels according to opts
// (nil: the defaults), as an executable with the same command-line
// options would: the tuning file and Params are merged and checked, and
// debugging, logging and profile output goes to log (nil: standard
// error).
func NewLibrary(p *Program, opts *Options, log io.Writer) (*Library, error) {
	if opts == nil {
		opts = DefaultOptions()
	}
	if opts.Params == nil {
		opts.Params = map[string]int64{}
	}
	// Params set directly in the map (not through setParam) get an order,
	// so that resolveParams checks them too.
	seen := map[string]bool{}
	for _, n := range opts.ParamOrder {
		seen[n] = true
	}
	for n := range opts.Params {
		if !seen[n] {
			opts.ParamOrder = append(opts.ParamOrder, n)
		}
	}
	if err := p.resolveParams(opts); err != nil {
		return nil, err
	}
	source := p.OpenCL
	if opts.LoadOpenCL != "" {
		b, err := os.ReadFile(opts.LoadOpenCL)
		if err != nil {
			return nil, fmt.Errorf("loading OpenCL source: %w", err)
		}
		source = string(b)
	}
	if log == nil {
		log = os.Stderr
	}
	if !opts.Debug && !opts.Log && !opts.Profile {
		log = io.Discard
	}
	c, err := NewContext(source, opts, log)
	if err != nil {
		return nil, err
	}
	return &Library{prog: p, ctx: c}, nil
}

// errClosed is the error of a call on a closed Library.
var errClosed = errors.New("fcc: the context is closed")

// errNoLibrary is the error of a call on a nil Library: that of a
// generated package's zero-value Context, which was not made by NewContext.
var errNoLibrary = errors.New("fcc: the context was not created by NewContext")

// Call runs the entry point name on args, one value per parameter of the
// parameter's element type and rank, and returns its results downloaded
// to the host. The arguments are copied to the device, so the caller's
// data is never modified, even by an entry point that consumes its
// argument.
func (l *Library) Call(name string, args ...values.Value) ([]values.Value, error) {
	if l == nil {
		return nil, errNoLibrary
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ctx == nil {
		return nil, errClosed
	}
	entry, ok := l.prog.Entry(name)
	if !ok {
		return nil, fmt.Errorf("no entry point %q", name)
	}
	if len(args) != len(entry.Params) {
		return nil, fmt.Errorf("entry point %s takes %d arguments, got %d", name, len(entry.Params), len(args))
	}
	for i, a := range args {
		if err := a.Validate(); err != nil {
			return nil, fmt.Errorf("entry point %s, argument %d: %w", name, i+1, err)
		}
		if t := entry.Params[i]; !t.Matches(a) {
			return nil, fmt.Errorf("entry point %s, argument %d: got %s, want %s", name, i+1, a.TypeString(), TypeDesc{Elem: t.Elem, Rank: t.Rank})
		}
	}
	in := newRunInputs(entry, args)
	defer in.release(l.ctx)
	_, res, err := runOnce(l.ctx, in, true)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// WriteProfile writes the per-kernel profile of the calls so far (with
// Options.Profile set), as an executable's -P does. A nil Library has
// none.
func (l *Library) WriteProfile(w io.Writer) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ctx != nil {
		_ = l.ctx.Finish()
		l.ctx.WriteProfile(w)
	}
}

// Close releases the device resources; later calls fail. Closing twice is
// harmless, and so is closing a nil Library.
func (l *Library) Close() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ctx != nil {
		l.ctx.Close()
		l.ctx = nil
	}
}

// ArrayValue wraps a Go slice of elem's Go type (for f16 the bits, as
// []uint16) and a shape as a Value, without copying. A nil slice is an
// empty one. A data length that does not match the shape is an error.
func ArrayValue(elem values.PrimType, data any, shape []int64) (values.Value, error) {
	if rv := reflect.ValueOf(data); rv.Kind() == reflect.Slice && rv.IsNil() {
		data = reflect.MakeSlice(rv.Type(), 0, 0).Interface()
	}
	v := values.Value{Type: elem, Shape: append([]int64(nil), shape...), Data: data}
	if err := v.Validate(); err != nil {
		return values.Value{}, fmt.Errorf("shape %v: %w", shape, err)
	}
	return v, nil
}
