#!/usr/bin/env bash
# The value-dependence probe (datadep.py). Here: `datadep.sh build` puts
# fcc's scan executables into .devrun/datadep; on the GPU machine:
# `python3 .devrun/datadep/datadep.py` from the repository root.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
d=.devrun/datadep
rm -rf "$d" && mkdir -p "$d/bin" "$d/baselines"
go build -o "$d/fcc" ./cmd/fcc
"$d/fcc" build bench/programs/scan.fut -o "$d/bin/scan"
"$d/fcc" build bench/probe/iscan.fut -o "$d/bin/iscan"
strip "$d"/bin/*
rm "$d/fcc"
cp bench/probe/datadep.py "$d/" && cp bench/baselines/futdata.py "$d/baselines/"
du -sh "$d"
