package exe

import (
	"fmt"
	"io"
	"sort"
	"time"
)

// maxLaunchRecords bounds the profiled launches a Context keeps between
// two takeLaunches (a server's report, or the end of a -P run): about
// 48 bytes each, so at most some 6 MiB. Launches beyond it are folded into
// per-kernel totals at once (see launchOverflow), which keeps -P's summary
// exact and memory bounded however long a run is.
const maxLaunchRecords = 1 << 17

// launchRecord is one profiled kernel launch: its kernel, the entry point
// it ran for (Context.provenance) and its start and end on the device's
// clock, in nanoseconds.
type launchRecord struct {
	name, provenance string
	start, end       uint64
}

func (r launchRecord) duration() time.Duration {
	if r.end < r.start {
		return 0 // a driver whose counters are not monotonic
	}
	return time.Duration(r.end - r.start)
}

// launchKey names the launches of one kernel for one entry point.
type launchKey struct{ name, provenance string }

// recordLaunches turns the events of the launches enqueued while profiling
// into launch records, once the queue is empty (Finish). While profiling
// is paused (a server's pause_profiling) the launches are not recorded.
func (c *Context) recordLaunches() {
	for _, p := range c.pending {
		if !c.profPaused {
			if _, _, start, end, err := p.ev.Times(); err == nil {
				c.addLaunch(launchRecord{p.name, c.provenance, start, end})
			}
		}
		p.ev.Release()
	}
	c.pending = c.pending[:0]
}

// addLaunch keeps r, or folds it into the overflow totals when
// maxLaunchRecords are kept already.
func (c *Context) addLaunch(r launchRecord) {
	if len(c.launches) < maxLaunchRecords {
		c.launches = append(c.launches, r)
		return
	}
	k := launchKey{r.name, r.provenance}
	if c.launchOverflow == nil {
		c.launchOverflow = map[launchKey]*kernelProfile{}
	}
	kp := c.launchOverflow[k]
	if kp == nil {
		kp = &kernelProfile{}
		c.launchOverflow[k] = kp
	}
	kp.runs++
	kp.total += r.duration()
}

// takeLaunches returns the launches recorded since the last take, and the
// totals of those that did not fit in the bound, and forgets them, adding
// them to the per-kernel totals of -P's summary.
func (c *Context) takeLaunches() ([]launchRecord, map[launchKey]*kernelProfile) {
	recs, over := c.launches, c.launchOverflow
	c.foldLaunches()
	c.launches, c.launchOverflow = nil, nil
	return recs, over
}

// foldLaunches adds the kept launches and the overflow to c.prof.
func (c *Context) foldLaunches() {
	add := func(name string, runs int, total time.Duration) {
		kp := c.prof[name]
		if kp == nil {
			kp = &kernelProfile{}
			c.prof[name] = kp
		}
		kp.runs += runs
		kp.total += total
	}
	for _, r := range c.launches {
		add(r.name, 1, r.duration())
	}
	for k, p := range c.launchOverflow {
		add(k.name, p.runs, p.total)
	}
}

// resetProfile forgets the kernel times gathered so far.
func (c *Context) resetProfile() {
	_ = c.Finish() // record pending events, so that they are dropped too
	c.clearLaunches()
	c.calls = CLCalls{}
}

// clearLaunches forgets the launches recorded and the totals.
func (c *Context) clearLaunches() {
	c.launches, c.launchOverflow = nil, nil
	c.prof = map[string]*kernelProfile{}
}

// WriteProfile writes the per-kernel profile (-P) gathered so far: for each
// kernel the number of runs and the total, mean, and share of the time.
// It is computed from the launch records (those taken before included).
func (c *Context) WriteProfile(w io.Writer) {
	_, _ = c.takeLaunches()
	names := make([]string, 0, len(c.prof))
	var total time.Duration
	for n, p := range c.prof {
		names = append(names, n)
		total += p.total
	}
	sort.Slice(names, func(i, j int) bool { return c.prof[names[i]].total > c.prof[names[j]].total })
	fmt.Fprintf(w, "%-40s %8s %14s %14s %7s\n", "Kernel", "Runs", "Total (us)", "Mean (us)", "Share")
	for _, n := range names {
		p := c.prof[n]
		share := 0.0
		if total > 0 {
			share = 100 * float64(p.total) / float64(total)
		}
		fmt.Fprintf(w, "%-40s %8d %14d %14d %6.1f%%\n", n, p.runs, p.total.Microseconds(), p.total.Microseconds()/int64(p.runs), share)
	}
	fmt.Fprintf(w, "%d kernels ran for %dus in total; peak device memory %d bytes\n", len(names), total.Microseconds(), c.memPeak)
}
