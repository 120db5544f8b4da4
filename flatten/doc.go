// Package flatten performs moderate flattening (kernel extraction by rules
// G1-G7) and multi-versioning, turning SOACs into Seg-ops.
package flatten
