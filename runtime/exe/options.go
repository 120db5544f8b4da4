package exe

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Options are the settings from an executable's command line.
type Options struct {
	EntryPoint    string // -e, --entry-point (default "main")
	RuntimeFile   string // -t, --write-runtime-to
	Runs          int    // -r, --runs (default 1)
	RunsGiven     bool   // -r was given: one untimed warm-up run precedes the timed ones
	BinaryOutput  bool   // -b, --binary-output
	NoPrintResult bool   // -n, --no-print-result
	Debug         bool   // -D, --debugging
	Log           bool   // -L, --log
	Profile       bool   // -P, --profile
	Help          bool   // -h, --help
	Server        bool   // --server: serve Futhark's server protocol on stdin/stdout (server.go)

	Platform     string   // -p, --platform
	Device       string   // -d, --device
	ListDevices  bool     // --list-devices
	DumpOpenCL   string   // --dump-opencl
	LoadOpenCL   string   // --load-opencl
	BuildOptions []string // --build-option (repeatable)

	DefaultGroupSize   int64 // --default-group-size
	DefaultNumGroups   int64 // --default-num-groups
	DefaultTileSize    int64 // --default-tile-size
	DefaultRegTileSize int64 // --default-reg-tile-size
	DefaultThreshold   int64 // --default-threshold

	Params      map[string]int64 // --param NAME=VALUE, and the tuning file's settings
	ParamOrder  []string         // names in Params in the order they were set
	TuningFile  string           // --tuning
	PrintParams bool             // --print-params
	CacheFile   string           // --cache-file: the OpenCL binary cache file (see cache.go)
}

// DefaultOptions are the options of a command line without arguments.
func DefaultOptions() *Options {
	return &Options{EntryPoint: "main", Runs: 1, Params: map[string]int64{}}
}

// setParam records a tunable parameter setting.
func (o *Options) setParam(name string, v int64) {
	if _, ok := o.Params[name]; !ok {
		o.ParamOrder = append(o.ParamOrder, name)
	}
	o.Params[name] = v
}

// UsageError is a malformed command line (exit status 2).
type UsageError struct{ Msg string }

// Error returns the message.
func (e *UsageError) Error() string { return e.Msg }

func usageErrorf(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// option is one command-line option: its names, whether it takes an
// argument, what it sets, and its help line.
type option struct {
	short   byte
	long    string
	arg     string // name of the argument in the help text; "" for a switch
	help    string
	set     func(o *Options, v string) error
	setFlag func(o *Options)
}

func intArg(name string, dst func(o *Options) *int64, minimum int64) func(*Options, string) error {
	return func(o *Options, v string) error {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil || n < minimum {
			return usageErrorf("option %s: %q is not an integer >= %d", name, v, minimum)
		}
		*dst(o) = n
		return nil
	}
}

var options = []option{
	{short: 'h', long: "help", help: "Print help information and exit.", setFlag: func(o *Options) { o.Help = true }},
	{short: 'D', long: "debugging", help: "Perform possibly expensive internal correctness checks and verbose logging.", setFlag: func(o *Options) { o.Debug = true }},
	{short: 'L', long: "log", help: "Print various low-overhead logging information while running.", setFlag: func(o *Options) { o.Log = true }},
	{short: 'P', long: "profile", help: "Enable profiling: print per-kernel run times to stderr at the end.", setFlag: func(o *Options) { o.Profile = true }},
	{short: 'b', long: "binary-output", help: "Print the program result in the binary output format.", setFlag: func(o *Options) { o.BinaryOutput = true }},
	{short: 'n', long: "no-print-result", help: "Do not print the program result.", setFlag: func(o *Options) { o.NoPrintResult = true }},
	{short: 'e', long: "entry-point", arg: "NAME", help: "The entry point to run. Defaults to main.", set: func(o *Options, v string) error { o.EntryPoint = v; return nil }},
	{short: 't', long: "write-runtime-to", arg: "FILE", help: "Print the time taken to execute the program to the indicated file, an integral number of microseconds per run.", set: func(o *Options, v string) error { o.RuntimeFile = v; return nil }},
	{short: 'r', long: "runs", arg: "INT", help: "Perform NUM runs of the program (after one untimed warm-up run).", set: func(o *Options, v string) error {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 1 {
			return usageErrorf("option --runs: %q is not a positive integer", v)
		}
		o.Runs, o.RunsGiven = n, true
		return nil
	}},
	{short: 'p', long: "platform", arg: "NAME", help: "Use the first OpenCL platform whose name contains the given string.", set: func(o *Options, v string) error { o.Platform = v; return nil }},
	{short: 'd', long: "device", arg: "NAME", help: "Use the first OpenCL device whose name contains the given string (#k: the k-th device).", set: func(o *Options, v string) error { o.Device = v; return nil }},
	{long: "list-devices", help: "List all OpenCL devices and platforms available on the system, then exit.", setFlag: func(o *Options) { o.ListDevices = true }},
	{long: "dump-opencl", arg: "FILE", help: "Dump the embedded OpenCL program to the indicated file, then exit.", set: func(o *Options, v string) error { o.DumpOpenCL = v; return nil }},
	{long: "load-opencl", arg: "FILE", help: "Instead of using the embedded OpenCL program, load it from the indicated file.", set: func(o *Options, v string) error { o.LoadOpenCL = v; return nil }},
	{long: "build-option", arg: "OPT", help: "Add an additional build option to the string passed to the OpenCL compiler (repeatable).", set: func(o *Options, v string) error { o.BuildOptions = append(o.BuildOptions, v); return nil }},
	{long: "default-group-size", arg: "INT", help: "The default size of work-groups that are launched.", set: intArg("--default-group-size", func(o *Options) *int64 { return &o.DefaultGroupSize }, 1)},
	{long: "default-num-groups", arg: "INT", help: "The default number of work-groups that are launched.", set: intArg("--default-num-groups", func(o *Options) *int64 { return &o.DefaultNumGroups }, 1)},
	{long: "default-tile-size", arg: "INT", help: "The default tile size used when performing two-dimensional tiling.", set: intArg("--default-tile-size", func(o *Options) *int64 { return &o.DefaultTileSize }, 1)},
	{long: "default-reg-tile-size", arg: "INT", help: "The default register tile size used when performing two-dimensional tiling.", set: intArg("--default-reg-tile-size", func(o *Options) *int64 { return &o.DefaultRegTileSize }, 1)},
	{long: "default-threshold", arg: "INT", help: "The default parallelism threshold.", set: intArg("--default-threshold", func(o *Options) *int64 { return &o.DefaultThreshold }, 0)},
	{long: "param", arg: "NAME=VALUE", help: "Set a tunable parameter to the given value.", set: func(o *Options, v string) error {
		name, val, ok := strings.Cut(v, "=")
		n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		if !ok || name == "" || err != nil {
			return usageErrorf("option --param: %q is not of the form NAME=INT", v)
		}
		o.setParam(name, n)
		return nil
	}},
	{long: "tuning", arg: "FILE", help: "Read size=value assignments from the given file.", set: func(o *Options, v string) error { o.TuningFile = v; return nil }},
	{long: "print-params", help: "Print all tuning parameters that can be set with --param or --tuning, then exit.", setFlag: func(o *Options) { o.PrintParams = true }},
	{long: "server", help: "Run in server mode: read commands of Futhark's server protocol from standard input.", setFlag: func(o *Options) { o.Server = true }},
	{long: "cache-file", arg: "FILE", help: "Store the compiled OpenCL program in FILE and load it from there when it matches.", set: func(o *Options, v string) error { o.CacheFile = v; return nil }},
}

// ParseArgs parses an executable's command-line arguments (without the
// program name). It accepts GNU-style options: "-x V", "-xV", "--long V",
// "--long=V", bundled switches ("-bD"), and "--" ending the options. There
// are no positional arguments. Errors are *UsageError.
func ParseArgs(args []string) (*Options, error) {
	o := DefaultOptions()
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return nil, usageErrorf("unexpected argument %q", args[i+1])
			}
			return o, nil
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a[2:], "=")
			opt := findLong(name)
			if opt == nil {
				return nil, usageErrorf("unknown option --%s", name)
			}
			if opt.set == nil {
				if hasVal {
					return nil, usageErrorf("option --%s takes no argument", name)
				}
				opt.setFlag(o)
				continue
			}
			if !hasVal {
				if i+1 >= len(args) {
					return nil, usageErrorf("option --%s requires an argument", name)
				}
				i++
				val = args[i]
			}
			if err := opt.set(o, val); err != nil {
				return nil, err
			}
		case len(a) > 1 && a[0] == '-':
			// One or more short options; the first that takes an argument
			// consumes the rest of the word or the next word.
			for j := 1; j < len(a); j++ {
				opt := findShort(a[j])
				if opt == nil {
					return nil, usageErrorf("unknown option -%c", a[j])
				}
				if opt.set == nil {
					opt.setFlag(o)
					continue
				}
				val := a[j+1:]
				if val == "" {
					if i+1 >= len(args) {
						return nil, usageErrorf("option -%c requires an argument", a[j])
					}
					i++
					val = args[i]
				}
				if err := opt.set(o, val); err != nil {
					return nil, err
				}
				break
			}
		default:
			return nil, usageErrorf("unexpected argument %q (input is read from standard input)", a)
		}
	}
	return o, nil
}

func findLong(name string) *option {
	for i := range options {
		if options[i].long == name {
			return &options[i]
		}
	}
	return nil
}

func findShort(c byte) *option {
	for i := range options {
		if options[i].short != 0 && options[i].short == c {
			return &options[i]
		}
	}
	return nil
}

// WriteUsage writes the help text (-h).
func WriteUsage(w io.Writer, progName string) {
	fmt.Fprintf(w, "Usage: %s [OPTIONS]...\n\nReads the entry point's arguments from standard input (text or binary\ndata format) and writes its results to standard output.\n\nOptions:\n\n", progName)
	for _, opt := range options {
		var names string
		if opt.short != 0 {
			names = fmt.Sprintf("-%c, --%s", opt.short, opt.long)
		} else {
			names = "    --" + opt.long
		}
		if opt.arg != "" {
			names += " " + opt.arg
		}
		fmt.Fprintf(w, "  %-36s %s\n", names, opt.help)
	}
}

// ReadTuningFile reads a tuning file: one NAME=VALUE per line; blank lines
// are ignored.
func ReadTuningFile(path string) (map[string]int64, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return parseTuning(f, path)
}

func parseTuning(r io.Reader, path string) (map[string]int64, []string, error) {
	out := map[string]int64{}
	var order []string
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" {
			continue
		}
		name, val, ok := strings.Cut(s, "=")
		n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		name = strings.TrimSpace(name)
		if !ok || name == "" || err != nil {
			return nil, nil, fmt.Errorf("%s:%d: expected NAME=INT, got %q", path, line, s)
		}
		if _, dup := out[name]; !dup {
			order = append(order, name)
		}
		out[name] = n
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	return out, order, nil
}
