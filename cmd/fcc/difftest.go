package main

import (
	"fmt"
	"io"

	"github.com/fcclang/fcc/difftest"
)

// cmdDifftest runs the differential tester: random programs compared
// across the compiler's passes in the interpreter and, with --compiled,
// against executables on the OpenCL device.
func cmdDifftest(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("difftest", "[options]", stdout, stderr)
	n := fs.IntP("number", "n", 100, "the number of programs to generate")
	seed := fs.Int64("seed", 1, "the random seed (program i of a seed is always the same)")
	compiled := fs.Bool("compiled", false, "also compare with executables built for OpenCL")
	batch := fs.Int("batch", 50, "entry points per compiled program")
	out := fs.String("out", "", "write each failure, shrunk, as a test program into this folder")
	budget := fs.Int("shrink", 0, "candidates the shrinker may try per failure (0: default, -1: no shrinking)")
	only := fs.Int("only", -1, "check only program number N of the seed (and print it)")
	passOptions := fs.StringArray("pass-option", nil, "pass this option to the executables (repeatable), e.g. --pass-option=--build-option=-cl-opt-disable")
	verbose := fs.BoolP("verbose", "v", false, "print progress")
	if code, done := parseFlags(fs, args, 0, stderr); done {
		return code
	}
	cfg := difftest.Config{N: *n, Seed: *seed, Compiled: *compiled, BatchSize: *batch, OutDir: *out, ShrinkBudget: *budget}
	cfg.Compiler.Args = *passOptions
	if *verbose {
		cfg.Log = stderr
	}
	if *only >= 0 {
		f := cfg.GenerateFunc(*only)
		fmt.Fprintf(stdout, "%s\n-- input:\n%s\n", f.Source(), f.InputText())
		r := difftest.CheckInterpreted(f)
		if r.Status == difftest.Passed && *compiled {
			r = cfg.Compiler.CheckCompiledOne(f)
		}
		fmt.Fprintf(stdout, "-- %s", r.Status)
		if r.Failure != nil {
			fmt.Fprintf(stdout, ": %s", r.Failure.Error())
		} else if r.Msg != "" {
			fmt.Fprintf(stdout, ": %s", r.Msg)
		}
		fmt.Fprintln(stdout)
		if r.Status == difftest.Failed {
			return 1
		}
		return 0
	}
	s, err := difftest.Run(cfg)
	if err != nil {
		return fail(stderr, err)
	}
	if *verbose {
		for _, r := range s.RejectSamples {
			fmt.Fprintf(stderr, "\n-- not checked (a generator bug?): %s\n", r)
		}
	}
	s.Print(stdout, *compiled)
	passed := s.Passed
	failed := s.Failed + s.CompiledFailed
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
