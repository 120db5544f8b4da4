package exe

import "fmt"

// Threshold evaluates a multi-versioning predicate: it reports whether the
// parallelism par reaches the threshold name, whose value comes from
// --param or the tuning file, else from --default-threshold, else def (the
// default the compiler gave it).
//
// With -L (or -D) it logs the comparison in the words of Futhark's
// executables, "Compared NAME <= PAR: true.", because that line is what
// an autotuner reads (fcc autotune and futhark autotune alike): the
// parallelism values a threshold is compared against are the candidate
// values that flip the comparison.
func (c *Context) Threshold(name string, par, def int64) bool {
	t, ok := c.params[name]
	if !ok {
		t = def
		if c.Opts.DefaultThreshold > 0 {
			t = c.Opts.DefaultThreshold
		}
	}
	res := t <= par
	if c.Opts.Log || c.Opts.Debug {
		fmt.Fprintf(c.log, "Compared %s <= %d: %t.\n", name, par, res)
	}
	return res
}

// resolveParams merges the tuning file (opts.TuningFile) into opts.Params,
// below the settings of --param, and checks that every parameter set is
// one of the program's, so that a misspelt or stale name fails loudly
// instead of being ignored.
func (p *Program) resolveParams(opts *Options) error {
	if opts.TuningFile != "" {
		tun, order, err := ReadTuningFile(opts.TuningFile)
		if err != nil {
			return fmt.Errorf("reading tuning file: %w", err)
		}
		cmdline, cmdOrder := opts.Params, opts.ParamOrder
		opts.Params, opts.ParamOrder = map[string]int64{}, nil
		for _, n := range order {
			opts.setParam(n, tun[n])
		}
		for _, n := range cmdOrder {
			opts.setParam(n, cmdline[n])
		}
	}
	if len(p.Params) > 0 {
		known := map[string]bool{cpuVersionsParam: true}
		for _, prm := range p.Params {
			known[prm.Name] = true
		}
		for _, n := range opts.ParamOrder {
			if !known[n] {
				return fmt.Errorf("unknown tuning parameter %q (--print-params lists them)", n)
			}
		}
	}
	return nil
}
