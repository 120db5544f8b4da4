#!/usr/bin/env bash
# Builds the probe of per-run host overhead into .devrun/probe (see gpu.sh).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
d=.devrun/probe
rm -rf "$d" && mkdir -p "$d/bin" "$d/baselines"
go build -o "$d/fcc" ./cmd/fcc
for p in ${PROBE_PROGRAMS:-sum scan saxpy segsum}; do
	src=bench/programs/$p.fut
	[ -f "$src" ] || src=bench/probe/$p.fut
	"$d/fcc" build "$src" -o "$d/bin/$p"
	strip "$d/bin/$p" && gzip -9f "$d/bin/$p"
done
keep=$("$d/fcc" build --keep-dir bench/programs/sum.fut -o /tmp/probe-sum 2>&1 | awk '{print $NF}')
cp "$keep/kernels.cl" "$d/sum-kernels.cl"
rm -rf "$keep" "$d/fcc"
gcc -O2 -o "$d/clprobe" bench/probe/clprobe.c -lOpenCL
cp bench/probe/gen.py bench/probe/check.py "$d/" && cp bench/baselines/futdata.py "$d/baselines/"
printf '%s\n' ${PROBE_RUNS:-sum:vec.in scan:vec.in saxpy:saxpy.in segsum:seg1.in segsum:seg1000.in segsum:seg100000.in segsum:seg10000000.in} >"$d/runs.txt"
du -sh "$d"
