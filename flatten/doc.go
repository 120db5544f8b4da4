// Package flatten performs moderate flattening: kernel extraction by the
// rules G1-G7 of the seed document on kernel extraction, and
// multi-versioning with tunable thresholds, turning SOACs into Seg-ops.
//
// One file per rule: g1_manifest.go (G1/G3), g2_mapnest.go (G2),
// g4_distribute.go (G4, with the grouping of sequential code),
// g5_interchange.go (G5), g6_rearrange.go (G6), g7_loop.go (G7);
// segops.go for reduce/scan/hist to segred/segscan/seghist, versions.go
// for multi-versioning, nest.go for the map-nest context Σ, rename.go for
// restoring the uniqueness of names after the rules copied code.
// FlattenWith in flatten.go describes the whole.
package flatten
