package exe

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"
)

// Interruption (Ctrl-C, SIGTERM) and a closed standard output.
//
// Main catches SIGINT and SIGTERM. The signal is recorded, and the work in
// progress stops at its next device operation (Alloc, Launch, Finish, a
// transfer) with ErrInterrupted, so that the run unwinds normally and
// Context.Close releases the OpenCL objects; Run then reports one line on
// stderr and returns 128 plus the signal number (130 for SIGINT, 143 for
// SIGTERM). Work that does not reach a device operation soon (a long
// kernel inside clFinish, a read of stdin) is cut short after
// interruptGrace: the process exits with the same line and status, and
// the driver's resources go with the process. A second signal exits at
// once.

// ErrInterrupted is returned by device operations once the process has
// received SIGINT or SIGTERM.
var ErrInterrupted = errors.New("interrupted")

// interruptGrace is how long a run may take to reach a device operation
// and unwind after a signal before the process exits regardless.
const interruptGrace = 2 * time.Second

var (
	// interruptSig is the number of the signal received (0: none).
	interruptSig atomic.Int32
	// liveContexts counts the Contexts created and not yet closed.
	liveContexts atomic.Int32
	// interruptReported is set by whichever of Run and the signal
	// handler writes the interruption message, so that it appears once.
	interruptReported atomic.Bool
)

// interruptedError is ErrInterrupted with the signal that caused it.
type interruptedError struct{ sig syscall.Signal }

func (e *interruptedError) Error() string { return "interrupted by " + signalName(e.sig) }
func (e *interruptedError) Is(target error) bool {
	return target == ErrInterrupted
}

func signalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// checkInterrupt returns the interruption error once a signal has been
// received, nil before.
func checkInterrupt() error {
	if s := interruptSig.Load(); s != 0 {
		return &interruptedError{syscall.Signal(s)}
	}
	return nil
}

// interruptStatus is the exit status for an interruption error (128 plus
// the signal number), or 0 when err is not one.
func interruptStatus(err error) int {
	var ie *interruptedError
	if errors.As(err, &ie) {
		return 128 + int(ie.sig)
	}
	if errors.Is(err, ErrInterrupted) {
		return 128 + int(syscall.SIGINT)
	}
	return 0
}

// reportInterrupt writes the one-line message for err unless it has been
// written already.
func reportInterrupt(stderr io.Writer, err error) {
	if interruptReported.CompareAndSwap(false, true) {
		fmt.Fprintf(stderr, "Error: %v\n", err)
	}
}

// resetInterrupt forgets a recorded signal (for tests, which call Run
// repeatedly in one process).
func resetInterrupt() {
	interruptSig.Store(0)
	interruptReported.Store(false)
}

// interrupt records the signal s, as the handler Main installs does.
func interrupt(s syscall.Signal) { interruptSig.CompareAndSwap(0, int32(s)) }

// handleSignals catches SIGINT and SIGTERM for Main: the first signal is
// recorded (see above) and, unless the run unwinds first, the process
// exits after interruptGrace, or at once when no OpenCL context is open
// or a second signal comes.
func handleSignals(stderr io.Writer) {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		s := (<-sigs).(syscall.Signal)
		interrupt(s)
		if liveContexts.Load() > 0 {
			select {
			case s2 := <-sigs:
				s = s2.(syscall.Signal)
			case <-time.After(interruptGrace):
			}
		}
		reportInterrupt(stderr, &interruptedError{s})
		os.Exit(128 + int(s))
	}()
}

// isBrokenPipe reports whether err is a write to a closed pipe or socket.
func isBrokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET)
}

// brokenPipeStatus is the exit status after a write to a closed standard
// output: that of a process killed by SIGPIPE, as shells report it.
const brokenPipeStatus = 128 + int(syscall.SIGPIPE)
