// Command fcc compiles Futhark programs to executables whose entry points
// run as OpenCL kernels, and runs them through the reference interpreter.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// version is fcc's version; release builds set it with -ldflags -X.
var version = "0.1.0-dev"

// command is one subcommand of fcc.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]command{
	"build":    {"compile a program to an executable that runs on OpenCL", cmdBuild},
	"run":      {"run a program's entry point in the interpreter", cmdRun},
	"check":    {"parse and type-check a program", cmdCheck},
	"dev":      {"print the IR after a compiler pass", cmdDev},
	"version":  {"print fcc's version", cmdVersion},
	"test":     {"run the test blocks of programs, compiled or interpreted", cmdTest},
	"bench":    {"time a program on its data sets", cmdBench},
	"autotune": {"tune a program's thresholds on its data sets; writes prog.fut.tuning", cmdAutotune},
	"benchcmp": {"compare two fcc bench --json files", cmdBenchcmp},
	"dataset":  {"generate random data, or convert data between text and binary", cmdDataset},
	"difftest": {"compare random programs across passes and with compiled code", cmdDifftest},
	"pkg":      {"manage packages: futhark.pkg and lib/ (as futhark pkg)", cmdPkg},
	"script":   {"compile a program and print the value of a FutharkScript expression", cmdScript},
	"literate": {"run a literate program's directives and write Markdown with its images and plots (as futhark literate)", cmdLiterate},
}

func main() {
	os.Exit(fcc(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func fcc(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	// A panic is a bug in fcc (a broken invariant); the user gets one
	// line that says so and what it was, not a Go stack trace, unless
	// FCC_DEBUG asks for one.
	defer func() {
		if r := recover(); r != nil {
			if os.Getenv("FCC_DEBUG") != "" {
				panic(r)
			}
			fmt.Fprintf(stderr, "fcc: internal compiler error: %v\nThis is a bug in fcc: please report it with the program that triggers it (FCC_DEBUG=1 shows where it happened).\n", r)
			code = 3
		}
	}()
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "--help", "help":
		usage(stdout)
		return 0
	case "-V", "--version":
		return cmdVersion(nil, stdin, stdout, stderr)
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "fcc: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "fcc compiles Futhark programs to OpenCL executables.")
	fmt.Fprintln(w, "\nUsage: fcc <command> [options] [arguments]")
	fmt.Fprintln(w, "\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'fcc <command> --help' for a command's options.")
}

func cmdVersion(_ []string, _ io.Reader, stdout, _ io.Writer) int {
	fmt.Fprintf(stdout, "fcc %s\n", version)
	return 0
}

// fail prints an error for the user: the compiler's diagnostics already
// carry positions, so only a plain prefix is added to other errors.
func fail(stderr io.Writer, err error) int {
	msg := err.Error()
	if !strings.Contains(msg, ": error: ") {
		msg = "Error: " + msg
	}
	fmt.Fprintln(stderr, msg)
	return 1
}
