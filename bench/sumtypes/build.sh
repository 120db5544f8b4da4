#!/usr/bin/env bash
# Builds the sum-type benchmark (shapes_sum.fut against shapes_tuple.fut)
# into .devrun/sumtypes (git-ignored) with its driver and gpu_run.py's
# OpenCL set-up, for the GPU machine:
#
#     python3 .devrun/sumtypes/run.py --out $OUT      carry [".devrun/sumtypes"]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
dest=.devrun/sumtypes
rm -rf "$dest"
mkdir -p "$dest/bin" "$dest/lib"
go build -o "$dest/fcc.tmp" ./cmd/fcc
for p in shapes_sum shapes_tuple; do
	"$dest/fcc.tmp" build "bench/sumtypes/$p.fut" -o "$dest/bin/$p"
	strip "$dest/bin/$p" 2>/dev/null || true
done
rm -f "$dest/fcc.tmp"
cp bench/sumtypes/run.py bench/gpu_run.py "$dest/"
mkdir -p "$dest/baselines" && cp bench/baselines/*.py "$dest/baselines/"
loader=$(ldconfig -p 2>/dev/null | awk '/libOpenCL\.so\.1 .*x86-64/ {print $NF; exit}')
if [ -n "$loader" ]; then cp -L "$loader" "$dest/lib/libOpenCL.so.1"; fi
du -sh "$dest"
echo "device run: python3 $dest/run.py --out \$OUT   carry [\"$dest\"]"
