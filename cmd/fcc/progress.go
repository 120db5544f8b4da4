package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// isTerminal reports whether w is a terminal, where fcc test and fcc bench
// draw a progress bar that they redraw in place; elsewhere (files, pipes,
// CI logs) they print plain lines instead.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progress draws "[=====>    ] done/total  note" on one terminal line.
// All output of a command that shows progress goes through Printf, which
// clears the bar first and redraws it after, so lines never mix with it.
type progress struct {
	mu          sync.Mutex
	w           io.Writer
	fancy       bool // draw the bar (a terminal)
	done, total int
	note        string
	shown       bool
}

func newProgress(w io.Writer, total int, fancy bool) *progress {
	return &progress{w: w, total: total, fancy: fancy}
}

// bar renders a bar of width cells for done out of total.
func bar(done, total, width int) string {
	filled := width
	if total > 0 {
		filled = done * width / total
	}
	s := strings.Repeat("=", filled)
	if filled < width {
		s += ">" + strings.Repeat(" ", width-filled-1)
	}
	return "[" + s + "]"
}

func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

func (p *progress) draw() {
	if !p.fancy {
		return
	}
	fmt.Fprintf(p.w, "\r\033[K%s %d/%d %s", bar(p.done, p.total, 30), p.done, p.total, p.note)
	p.shown = true
}

// Step records one finished unit of work, with a note shown after the bar.
func (p *progress) Step(note string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.note = note
	p.clear()
	p.draw()
}

// Note changes the text after the bar without counting work.
func (p *progress) Note(note string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.note = note
	p.clear()
	p.draw()
}

// Printf writes to w (which may be another stream on the same terminal,
// such as stderr) without disturbing the bar.
func (p *progress) Printf(w io.Writer, format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	fmt.Fprintf(w, format, args...)
	p.draw()
}

// Done removes the bar.
func (p *progress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}
