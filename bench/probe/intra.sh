#!/bin/sh
# Times bench/probe/intra.fut in each of its versions: outer, intra
# (the intra-group versions, flatten/intra.go) and flat, by setting the
# thresholds through --pass-option=--param. Run from the repository root
# on the GPU machine: sh bench/probe/intra.sh [fcc bench options...]
set -e
prog=bench/probe/intra.fut
go build -o /tmp/fcc-intra ./cmd/fcc
/tmp/fcc-intra build "$prog" -o /tmp/intra-probe
params=$(/tmp/intra-probe --print-params | awk '$2 == "(threshold)" {print $1}')
big=1000000000
for version in outer intra flat; do
	opts=""
	for p in $params; do
		case "$version:$p" in
		outer:*_outer) v=1 ;;
		intra:*suff_intra_par*) v=1 ;;
		*) v=$big ;;
		esac
		opts="$opts --pass-option=--param=$p=$v"
	done
	echo "== $version"
	# shellcheck disable=SC2086
	/tmp/fcc-intra bench $opts --json "/tmp/intra-$version.json" "$@" "$prog"
done
