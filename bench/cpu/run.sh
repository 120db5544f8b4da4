#!/usr/bin/env bash
# Builds fcc and this folder's programs (sum, scan, segsum, segscan, saxpy) into
# .devrun/cpu (git-ignored) and times them on the local OpenCL platform
# (PoCL) against numpy, side by side (bench.py). Options go to bench.py,
# e.g. --runs 10 --rounds 3. With FCC=path, that fcc is used instead of
# one built from the tree (to time another commit's).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
dest=.devrun/cpu
mkdir -p "$dest"
fcc=${FCC:-}
if [ -z "$fcc" ]; then
	fcc=$dest/fcc
	go build -o "$fcc" ./cmd/fcc
fi
for p in sum scan segsum segscan saxpy; do
	"$fcc" build "bench/cpu/$p.fut" -o "$dest/$p"
done
uptime
/usr/bin/python3 bench/cpu/bench.py "$dest" "$@"
