// Package tiling applies block and register tiling to Seg-ops whose inner
// loops read arrays invariant to some of their parallel dimensions.
package tiling
