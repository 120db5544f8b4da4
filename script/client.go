package script

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
)

// Server is a program in server mode, as the evaluator drives it.
type Server interface {
	// Cmd sends one command and returns the lines it printed. A command
	// that the server reports as failed returns a *CmdError.
	Cmd(words ...string) ([]string, error)
}

// CmdError is a command the server reported as failed.
type CmdError struct {
	Cmd string
	Msg string
}

func (e *CmdError) Error() string { return e.Msg }

// Client speaks Futhark's server protocol to a server over a pair of
// streams (a process's standard input and output).
type Client struct {
	w    io.Writer
	r    *bufio.Reader
	proc *exec.Cmd
	// process is proc's process, set once by Start, so that Kill may be
	// called while another goroutine waits for a response.
	process *os.Process
	in      io.Closer
	stderr  *syncBuffer
	// debug receives the messages sent and received, when
	// FUTHARK_COMPILER_DEBUGGING is 1 or more (as Futhark's tools print
	// them); nil otherwise.
	debug io.Writer
}

// debugOutput is where the protocol is logged with
// FUTHARK_COMPILER_DEBUGGING; a variable so that tests can read it.
var debugOutput io.Writer = os.Stderr

// debugWriter is debugOutput when FUTHARK_COMPILER_DEBUGGING is at least
// 1, and nil otherwise.
func debugWriter() io.Writer {
	if n, err := strconv.Atoi(os.Getenv("FUTHARK_COMPILER_DEBUGGING")); err == nil && n >= 1 {
		return debugOutput
	}
	return nil
}

// NewClient reads the server's greeting from r and returns a client that
// sends commands to w.
func NewClient(w io.Writer, r io.Reader) (*Client, error) {
	c := &Client{w: w, r: bufio.NewReader(r), debug: debugWriter()}
	if _, err := c.response("startup"); err != nil {
		return nil, err
	}
	return c, nil
}

// Start runs exe --server with the extra arguments and connects to it.
func Start(exe string, args ...string) (*Client, error) {
	return StartEcho(exe, nil, args...)
}

// StartEcho is Start with the server's standard error (its -D and -L
// logging, say) copied to echo as it comes, unless echo is nil.
func StartEcho(exe string, echo io.Writer, args ...string) (*Client, error) {
	cmd := exec.Command(exe, append([]string{"--server"}, args...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	if echo != nil {
		cmd.Stderr = io.MultiWriter(stderr, echo)
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &Client{w: in, r: bufio.NewReader(out), proc: cmd, process: cmd.Process, in: in, stderr: stderr, debug: debugWriter()}
	if _, err := c.response("startup"); err != nil {
		c.Close()
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("starting %s --server: %s", exe, msg)
		}
		return nil, fmt.Errorf("starting %s --server: %w", exe, err)
	}
	return c, nil
}

// syncBuffer is a bytes.Buffer safe to write from the process's stderr
// copier while the client reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *syncBuffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Len()
}

// StderrOffset is how much the server of a client made by Start has
// written to its standard error so far: StderrSince takes it.
func (c *Client) StderrOffset() int {
	if c.stderr == nil {
		return 0
	}
	return c.stderr.Len()
}

// StderrSince returns what the server has written to its standard error
// since StderrOffset returned off.
func (c *Client) StderrSince(off int) string {
	if c.stderr == nil {
		return ""
	}
	s := c.stderr.String()
	if off > len(s) {
		return ""
	}
	return s[off:]
}

// Close ends the session (and the process, for a client made by Start).
func (c *Client) Close() error {
	if c.proc == nil {
		return nil
	}
	c.in.Close()
	err := c.proc.Wait()
	c.proc = nil
	return err
}

// Kill ends the process of a client made by Start at once: a server
// that runs past a time limit. A command in progress then returns an
// error; without one, call Close afterwards.
func (c *Client) Kill() {
	if c.process != nil {
		c.process.Kill()
	}
}

// Cmd sends a command. Words with spaces are quoted; a word holding a
// double quote or a line break cannot be sent.
func (c *Client) Cmd(words ...string) ([]string, error) {
	var b strings.Builder
	for i, w := range words {
		if strings.ContainsAny(w, "\"\n\r") {
			return nil, fmt.Errorf("cannot send %q to the server: the protocol has no way to quote it", w)
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		if w == "" || strings.ContainsAny(w, " \t") {
			w = `"` + w + `"`
		}
		b.WriteString(w)
	}
	b.WriteByte('\n')
	if c.debug != nil {
		fmt.Fprintf(c.debug, ">>> %s", b.String())
	}
	if _, err := io.WriteString(c.w, b.String()); err != nil {
		return nil, c.lost(err)
	}
	return c.response(words[0])
}

// response reads up to "%%% OK".
func (c *Client) response(cmd string) ([]string, error) {
	var lines []string
	failed := false
	for {
		l, err := c.r.ReadString('\n')
		if err != nil {
			return nil, c.lost(err)
		}
		l = strings.TrimSuffix(l, "\n")
		if c.debug != nil {
			fmt.Fprintf(c.debug, "<<< %s\n", l)
		}
		switch l {
		case "%%% OK":
			if failed {
				return nil, &CmdError{Cmd: cmd, Msg: strings.Join(lines, "\n")}
			}
			return lines, nil
		case "%%% FAILURE":
			failed, lines = true, nil
		default:
			lines = append(lines, l)
		}
	}
}

// lost is the error of a server that went away, with what it printed on
// standard error.
func (c *Client) lost(err error) error {
	if errors.Is(err, io.EOF) {
		err = errors.New("the server ended unexpectedly")
	}
	if c.proc != nil {
		// Wait for the process, so that its standard error is complete.
		c.in.Close()
		c.proc.Wait()
		c.proc = nil
	}
	if c.stderr != nil {
		if msg := strings.TrimSpace(c.stderr.String()); msg != "" {
			return fmt.Errorf("%w: %s", err, msg)
		}
	}
	return err
}
