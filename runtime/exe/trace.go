package exe

import (
	"fmt"
	"os"
	"time"
)

// Tracing the host side of a run.
//
// With FCC_TRACE set in the environment, an executable writes one line to
// standard error for each runtime call of a timed run (launches, reads,
// allocations, synchronisations) with the microseconds since the run
// began. It answers "where does the time outside the kernels go", which
// -D cannot (it synchronises after every kernel) and -P does not (it
// sums the kernels' own times).

var traceOn = os.Getenv("FCC_TRACE") != ""

// traceStart marks the start of a run for the trace.
func (c *Context) traceStart() {
	if traceOn {
		c.traceT0 = time.Now()
		fmt.Fprintf(os.Stderr, "trace %9.1f us  run starts\n", 0.0)
	}
}

// tracef writes a trace line when tracing is on.
func (c *Context) tracef(format string, args ...any) {
	if traceOn {
		us := float64(time.Since(c.traceT0).Nanoseconds()) / 1e3
		fmt.Fprintf(os.Stderr, "trace %9.1f us  %s\n", us, fmt.Sprintf(format, args...))
	}
}
