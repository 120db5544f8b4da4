package exe

import "fmt"

// GroupFits reports whether a work-group of group work-items using local
// bytes of local memory can be launched on the device: it guards the
// intra-group versions of multi-versioned code (group_fits in the IR;
// flatten/intra.go in the compiler). The group is checked against the
// device's maximum work-group size, the bytes against its local memory.
func (c *Context) GroupFits(group, local int64) bool {
	// Asked of the device once (a predicate in a host loop is evaluated
	// every iteration), as ScanGroupSize does.
	if c.localMem == 0 {
		c.localMem = 32 << 10
		if c.device != nil {
			if m := c.device.LocalMemSize(); m > 0 {
				c.localMem = m
			}
		}
	}
	res := group <= c.deviceMaxGroup() && local <= c.localMem
	if c.Opts.Log || c.Opts.Debug {
		fmt.Fprintf(c.log, "A work-group of %d work-items and %d bytes of local memory fits the device: %t.\n", group, local, res)
	}
	return res
}
