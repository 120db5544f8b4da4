package exe

// GroupFits reports whether the device runs work-groups of items
// work-items: the blocked version of a stencil loop (backend/stencil.go)
// needs one work-group per tile of that many cells.
func (c *Context) GroupFits(items int64) bool {
	return c.deviceMaxGroup() >= items
}
