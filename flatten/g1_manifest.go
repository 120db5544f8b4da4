package flatten

import "github.com/fcclang/fcc/soac"

// manifestMap is rule G1/G3: the map-nest context becomes a segmap around
// the innermost lambda; inner SOACs stay in its body and run sequentially
// in each work-item.
func manifestMap(n *nest, lam *soac.Lambda) *soac.SegMapExp {
	return &soac.SegMapExp{
		Level: soac.LevelThread,
		Space: n.dims,
		Body:  n.manifest(lam.Body),
		Types: lam.RetType,
	}
}
