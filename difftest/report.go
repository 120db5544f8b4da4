package difftest

import (
	"fmt"
	"strings"
)

// TestProgram writes a failing function as a Futhark program with a test
// block: the reference interpreter's results are the expected output, and
// a comment says what went wrong and what the failing stage gave. The
// text is ready to go into tests/programs as a regression test.
func TestProgram(f *Func, fl *Failure, origin string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "-- Found by fcc difftest (%s): %s after %s.\n", origin, fl.Kind, fl.Stage)
	for _, line := range strings.Split(strings.TrimSpace(trimStack(fl.Msg)), "\n") {
		fmt.Fprintf(&b, "-- %s\n", line)
	}
	if fl.Got != nil {
		fmt.Fprintf(&b, "-- The expected output is the interpreter's after internalise; %s gave:\n", fl.Stage)
		for _, v := range fl.Got {
			fmt.Fprintf(&b, "--   %s\n", v)
		}
	}
	b.WriteString("-- ==\n")
	fmt.Fprintf(&b, "-- entry: %s\n", f.Name)
	b.WriteString("-- input {\n")
	for _, v := range f.Inputs {
		fmt.Fprintf(&b, "--   %s\n", v)
	}
	b.WriteString("-- }\n")
	if fl.Want != nil {
		b.WriteString("-- output {\n")
		for _, v := range fl.Want {
			fmt.Fprintf(&b, "--   %s\n", v)
		}
		b.WriteString("-- }\n")
	}
	b.WriteString("\n")
	b.WriteString(f.Source())
	return b.String()
}

// trimStack keeps a panic's message and the first frames of its stack
// that are in fcc, enough to locate it.
func trimStack(msg string) string {
	if !strings.HasPrefix(msg, "panic: ") {
		return msg
	}
	lines := strings.Split(msg, "\n")
	out := []string{lines[0]}
	// Frames are pairs of lines: the function, then its file and line.
	for i := 1; i+1 < len(lines) && len(out) < 9; i++ {
		fn := strings.TrimSpace(lines[i])
		if strings.HasPrefix(fn, "github.com/fcclang/fcc/") && !strings.Contains(fn, "/difftest.") {
			if j := strings.LastIndexByte(fn, '('); j > 0 {
				fn = fn[:j]
			}
			file := strings.Fields(strings.TrimSpace(lines[i+1]))
			if len(file) > 0 {
				fn += " at " + file[0]
			}
			out = append(out, "  "+fn)
			i++
		}
	}
	return strings.Join(out, "\n")
}
