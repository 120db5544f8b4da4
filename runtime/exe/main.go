package exe

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/fcclang/fcc/runtime/values"
)

// Main runs the executable's command line on the process's arguments and
// standard streams, and exits with Run's status.
func Main(p *Program) {
	handleSignals(os.Stderr)
	os.Exit(Run(p, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Run is Main without the process: it parses args, reads the entry point's
// arguments from stdin, runs it, and writes the results to stdout. It
// returns the exit status: 0 on success, 1 on any error, 2 for a malformed
// command line, 128 plus the signal number when interrupted by SIGINT or
// SIGTERM (see ErrInterrupted), and 141 (as for SIGPIPE), without a
// message, when stdout is a closed pipe. On error it writes one "Error: ..."
// line to stderr and nothing to stdout, because output is buffered until
// everything has succeeded.
func Run(p *Program, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := ParseArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "Error: %v\nTry '%s --help' for more information.\n", err, progName(p))
		return 2
	}
	if opts.Server && !opts.Help {
		return runServer(p, opts, stdin, stdout, stderr)
	}
	var out bytes.Buffer
	if err := runRecover(p, opts, stdin, &out, stderr); err != nil {
		if code := interruptStatus(err); code != 0 {
			reportInterrupt(stderr, err)
			return code
		}
		fmt.Fprintf(stderr, "Error: %v\n", strings.TrimRight(err.Error(), "\n"))
		var ue *UsageError
		if errors.As(err, &ue) {
			return 2
		}
		return 1
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		if isBrokenPipe(err) {
			// The reader has gone (prog | head -c1): nobody wants the
			// rest, so stop quietly, as a process killed by SIGPIPE does.
			// (On the real stdout the Go runtime raises SIGPIPE itself.)
			return brokenPipeStatus
		}
		fmt.Fprintf(stderr, "Error: writing output: %v\n", err)
		return 1
	}
	return 0
}

func progName(p *Program) string {
	if p.Name != "" {
		return p.Name
	}
	if len(os.Args) > 0 {
		return filepath.Base(os.Args[0])
	}
	return "prog"
}

// runRecover is run, with a panic (a bug in generated code, such as a
// wrong type assertion) turned into an error so that the executable still
// fails in the documented way: a message on stderr and exit status 1.
func runRecover(p *Program, opts *Options, stdin io.Reader, out io.Writer, stderr io.Writer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
			if opts.Debug {
				err = fmt.Errorf("%w\n%s", err, debug.Stack())
			}
		}
	}()
	return run(p, opts, stdin, out, stderr)
}

// run does the work of Run, writing results to out (a buffer).
func run(p *Program, opts *Options, stdin io.Reader, out io.Writer, stderr io.Writer) error {
	if opts.Help {
		WriteUsage(out, progName(p))
		return nil
	}
	if opts.DumpOpenCL != "" {
		if opts.DumpOpenCL == "-" {
			_, err := io.WriteString(out, p.OpenCL)
			return err
		}
		return os.WriteFile(opts.DumpOpenCL, []byte(p.OpenCL), 0o644)
	}
	if opts.PrintParams {
		for _, prm := range p.Params {
			fmt.Fprintf(out, "%s (%s)\n", prm.Name, prm.Class)
		}
		return nil
	}
	if opts.ListDevices {
		return listDevices(out)
	}

	// Tuning file first, so that --param overrides it.
	if err := p.resolveParams(opts); err != nil {
		return err
	}

	entry, ok := p.Entry(opts.EntryPoint)
	if !ok {
		names := make([]string, len(p.Entries))
		for i, e := range p.Entries {
			names[i] = e.Name
		}
		return fmt.Errorf("no entry point %q; available entry points: %s", opts.EntryPoint, strings.Join(names, ", "))
	}

	source := p.OpenCL
	if opts.LoadOpenCL != "" {
		b, err := os.ReadFile(opts.LoadOpenCL)
		if err != nil {
			return fmt.Errorf("--load-opencl: %w", err)
		}
		source = string(b)
	}

	// Read and check the input before touching the device, so that bad
	// input fails fast and without OpenCL.
	inputs, err := readInputs(entry, stdin)
	if err != nil {
		return err
	}
	if err := checkInterrupt(); err != nil {
		return err
	}

	log := io.Discard
	if opts.Debug || opts.Log || opts.Profile {
		log = stderr
	}
	c, err := NewContext(source, opts, log)
	if err != nil {
		return err
	}
	defer c.Close()

	// With -r, one untimed warm-up run comes first (as Futhark does), so
	// that lazy kernel compilation and first-touch allocation stay out of
	// the measurements.
	total := opts.Runs
	if opts.RunsGiven {
		total++
	}
	// Each run's time is written as the run ends, as Futhark's
	// executables do, so that a benchmark driver can show progress.
	var rt *os.File
	if opts.RuntimeFile != "" {
		if rt, err = os.Create(opts.RuntimeFile); err != nil {
			return fmt.Errorf("writing run time: %w", err)
		}
		defer rt.Close()
	}
	var results []values.Value
	in := newRunInputs(entry, inputs)
	defer in.release(c)
	for i := 0; i < total; i++ {
		if err := checkInterrupt(); err != nil {
			return err
		}
		last := i == total-1
		us, res, err := runOnce(c, in, last)
		if err != nil {
			return err
		}
		if !opts.RunsGiven || i > 0 {
			if rt != nil {
				if _, err := fmt.Fprintf(rt, "%d\n", us); err != nil {
					return fmt.Errorf("writing run time: %w", err)
				}
			}
		} else {
			c.resetProfile() // the profile covers the timed runs only
		}
		if last {
			results = res
		}
	}
	if opts.Profile {
		c.WriteProfile(stderr)
	}
	if countCLOn {
		writeCLCalls(stderr, c.CLCalls(), opts.Runs) // the warm-up run is not counted
	}
	if opts.Log || opts.Debug {
		_, peak := c.MemoryUsage()
		fmt.Fprintf(stderr, "Peak device memory usage: %d bytes\n", peak)
	}
	if rt != nil {
		if err := rt.Close(); err != nil {
			return fmt.Errorf("writing run time: %w", err)
		}
	}
	if opts.NoPrintResult {
		return nil
	}
	w := bufio.NewWriter(out)
	for i, v := range results {
		// An opaque result (a tuple or record) is several values;
		// it is printed once, by name, as Futhark's executables do.
		if name, first, ok := entry.opaqueResult(i); ok {
			if first {
				if _, err := fmt.Fprintf(w, "#<opaque %s>\n", name); err != nil {
					return fmt.Errorf("writing result: %w", err)
				}
			}
			continue
		}
		if opts.BinaryOutput {
			err = values.WriteBinary(w, v)
		} else {
			err = values.WriteText(w, v)
			if err == nil {
				err = w.WriteByte('\n')
			}
		}
		if err != nil {
			return fmt.Errorf("writing result: %w", err)
		}
	}
	return w.Flush()
}

// readInputs reads exactly one value per parameter of entry, with the
// same reader and messages as the interpreter (values.ReadArgs).
func readInputs(entry *EntryPoint, stdin io.Reader) ([]values.Value, error) {
	// As in Futhark, an opaque value (a tuple or record parameter) cannot
	// be read; such an entry point is for library use.
	for i, v := range entry.ParamValues {
		if v.Opaque != "" {
			return nil, fmt.Errorf("cannot read input #%d of type %s: it is an opaque value (a tuple or record), which an executable cannot read", i, v.Opaque)
		}
	}
	params := make([]values.ArgType, len(entry.Params))
	for i, t := range entry.Params {
		params[i] = values.ArgType{Elem: t.Elem, Rank: t.Rank}
	}
	return values.ReadArgs(stdin, entry.Name, params)
}

// runInputs are an entry point's arguments on the device, uploaded once
// for all of its runs: like Futhark's executables (and the frameworks
// that fcc is compared with), repeated runs reuse the arrays already on
// the device. Only arguments the entry point consumes (unique
// parameters, which it may overwrite or release) are uploaded again
// before each run after the first, untimed.
type runInputs struct {
	entry  *EntryPoint
	inputs []values.Value
	args   []any
	arrays []*DeviceArray // the uploaded arrays, by parameter (nil for scalars)
	used   bool           // a run has had the arguments
}

func newRunInputs(entry *EntryPoint, inputs []values.Value) *runInputs {
	return &runInputs{entry: entry, inputs: inputs, args: make([]any, len(inputs)), arrays: make([]*DeviceArray, len(inputs))}
}

// prepare uploads what the next run needs: everything the first time,
// consumed arguments again after that.
func (in *runInputs) prepare(c *Context) error {
	for i, v := range in.inputs {
		p := in.entry.Params[i]
		if p.Rank == 0 {
			in.args[i] = hostScalar(v)
			continue
		}
		if in.arrays[i] != nil && !(in.used && p.Unique) {
			continue
		}
		c.ReleaseArray(in.arrays[i])
		in.arrays[i] = nil
		a, err := c.Upload(v)
		if err != nil {
			return fmt.Errorf("uploading entry point argument %d: %w", i+1, err)
		}
		in.arrays[i], in.args[i] = a, a
	}
	in.used = false
	return c.Finish()
}

// holds reports whether b is the buffer of one of the uploaded arguments.
func (in *runInputs) holds(b *Buffer) bool {
	for _, a := range in.arrays {
		if a != nil && a.Buf == b {
			return true
		}
	}
	return false
}

// release frees the uploaded arguments.
func (in *runInputs) release(c *Context) {
	for i, a := range in.arrays {
		c.ReleaseArray(a)
		in.arrays[i] = nil
	}
}

// runOnce runs the entry point on in's arguments (prepared, untimed)
// between two Finish calls (timed), and, when download is set, copies the
// results back (untimed). Everything the run allocated is released; the
// arguments stay for the next run.
func runOnce(c *Context, in *runInputs, download bool) (int64, []values.Value, error) {
	entry := in.entry
	if err := in.prepare(c); err != nil {
		return 0, nil, err
	}
	var owned []*DeviceArray
	mark := c.AllocMark()
	defer func() {
		for _, a := range owned {
			if !in.holds(a.Buf) { // a result may be an argument itself
				c.ReleaseArray(a)
			}
		}
		// Whatever the entry point allocated and did not release (arrays
		// of host loops, of branches not taken further) goes too.
		c.ReleaseSince(mark, in.arrays...)
	}()
	// The timed region is the entry point's launches and this one final
	// Finish, which also completes the entry point's non-blocking read of
	// the kernels' error buffer (Context.DeferKernelErrorCheck) and
	// reports a failure found there.
	start := time.Now()
	c.traceStart()
	in.used = true
	res, err := entry.Run(c, in.args)
	for _, r := range res {
		if a, ok := r.(*DeviceArray); ok {
			owned = append(owned, a)
		}
	}
	if err != nil {
		// A kernel that failed before the host code did came first in
		// program order: its (pending) failure wins.
		var kf *kernelFailure
		if ferr := c.Finish(); errors.As(ferr, &kf) {
			return 0, nil, ferr
		}
		return 0, nil, err
	}
	if err := c.Finish(); err != nil {
		return 0, nil, err
	}
	us := time.Since(start).Microseconds()
	if len(res) != len(entry.Results) {
		return 0, nil, fmt.Errorf("internal error: entry point %s returned %d values, declared %d", entry.Name, len(res), len(entry.Results))
	}
	if !download {
		return us, nil, nil
	}
	out := make([]values.Value, len(res))
	for i, r := range res {
		v, err := toValue(c, r)
		if err != nil {
			return 0, nil, fmt.Errorf("result %d: %w", i+1, err)
		}
		if t := entry.Results[i]; !t.Matches(v) {
			return 0, nil, fmt.Errorf("internal error: result %d of entry point %s has type %s, declared %s", i+1, entry.Name, v.TypeString(), t)
		}
		out[i] = v
	}
	return us, out, nil
}

// hostScalar turns a scalar value into the Go value entry points receive.
func hostScalar(v values.Value) any {
	switch d := v.Data.(type) {
	case []bool:
		return d[0]
	case []int8:
		return d[0]
	case []int16:
		return d[0]
	case []int32:
		return d[0]
	case []int64:
		return d[0]
	case []uint8:
		return d[0]
	case []uint16:
		if v.Type == values.F16 {
			return F16(d[0])
		}
		return d[0]
	case []uint32:
		return d[0]
	case []uint64:
		return d[0]
	case []float32:
		return d[0]
	case []float64:
		return d[0]
	}
	return nil
}

// toValue turns an entry point's result into a host value.
func toValue(c *Context, r any) (values.Value, error) {
	switch x := r.(type) {
	case *DeviceArray:
		return c.Download(x)
	case F16:
		return values.F16Scalar(uint16(x)), nil
	case bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64:
		return values.Scalar(x), nil
	}
	return values.Value{}, fmt.Errorf("internal error: unsupported result %T", r)
}

// listDevices prints the platforms and their devices (--list-devices).
func listDevices(out io.Writer) error {
	devs, err := ListDevices()
	if err != nil {
		return err
	}
	lastPlatform := -1
	for _, d := range devs {
		if d.PlatformIndex != lastPlatform {
			fmt.Fprintf(out, "Platform #%d: %s\n", d.PlatformIndex, d.Platform.Name())
			lastPlatform = d.PlatformIndex
		}
		fmt.Fprintf(out, "  Device #%d: %s (%s)\n", d.DeviceIndex, d.Device.Name(), d.Device.Type())
	}
	return nil
}
