package flatten

import "github.com/fcclang/fcc/soac"

// This file turns the SOACs other than map into Seg-ops over a context's
// space extended with the SOAC's own dimension: at the top level a
// one-dimensional Seg-op, inside a map nest a segmented one (one segment
// per point of the context). The callers (classify) have checked that
// the SOAC's width, operators and neutral elements do not vary over the
// context, so that one Seg-op computes every segment.

// segRed turns a reduce or redomap into a segred.
func (f *flattener) segRed(n *nest, e *soac.ScremaExp, pos soac.Pos) *soac.SegRedExp {
	m := f.extend(n, e.W, e.Inputs, e.Map, pos)
	return &soac.SegRedExp{
		Level: soac.LevelThread,
		Space: m.dims,
		Reds:  e.Reds,
		Body:  m.manifest(e.Map.Body),
		Types: e.Map.RetType,
	}
}

// segScan turns a scan or scanomap into a segscan.
func (f *flattener) segScan(n *nest, e *soac.ScremaExp, pos soac.Pos) *soac.SegScanExp {
	m := f.extend(n, e.W, e.Inputs, e.Map, pos)
	return &soac.SegScanExp{
		Level: soac.LevelThread,
		Space: m.dims,
		Scans: e.Scans,
		Body:  m.manifest(e.Map.Body),
		Types: e.Map.RetType,
	}
}

// segHist turns a hist into a seghist. Inside a context, the destinations
// are arrays over the space (checked by histOK), so each point of the
// context updates its own histogram: a row of the destinations.
func (f *flattener) segHist(n *nest, e *soac.HistExp, pos soac.Pos) *soac.SegHistExp {
	m := f.extend(n, e.W, e.Inputs, e.Bucket, pos)
	ops := make([]soac.HistOp, len(e.Ops))
	for i, op := range e.Ops {
		ops[i] = op
		ops[i].Dests = make([]soac.VName, len(op.Dests))
		for k, d := range op.Dests {
			ops[i].Dests[k] = d
			if arr, ok := n.fullRow(d); ok {
				ops[i].Dests[k] = arr
			}
		}
	}
	return &soac.SegHistExp{
		Level: soac.LevelThread,
		Space: m.dims,
		Ops:   ops,
		Body:  m.manifest(e.Bucket.Body),
		Types: e.Bucket.RetType,
	}
}

// histOK reports whether a hist can become a seghist in the context of v:
// its width, bin counts, operators and neutral elements are invariant, and
// inside a map nest every destination is a varying value held by an array
// over the whole space (a histogram per point, made regular by G4), or the
// seghist could not address it.
func (f *flattener) histOK(v variance, e *soac.HistExp) bool {
	if v.se(e.W) {
		return false
	}
	for _, op := range e.Ops {
		if v.se(op.Bins) || v.ops([]*soac.Lambda{op.Op}, op.Neutral) {
			return false
		}
		if len(v.n.dims) == 0 {
			continue
		}
		for _, d := range op.Dests {
			if _, ok := v.n.fullRow(d); !ok && !v.local[d] {
				return false
			}
		}
	}
	return true
}
