#!/usr/bin/env bash
# Builds each CUDA baseline (bench/apps/cuda/NAME.cu) for the CPU with the
# stand-in runtime beside this script, into DIR (default .devrun/cuda-cpu):
# a check of the programs' logic where there is no nvcc. Kernel launches
# name<<<grid, block>>>(args) become cpu_launch(grid, block, [&] { name(args); }).
#
#     bench/apps/cuda/cpu/build.sh [DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-.devrun/cuda-cpu}
mkdir -p "$out"
for src in "$here"/../*.cu; do
	name=$(basename "$src" .cu)
	sed -E 's/([A-Za-z_][A-Za-z0-9_]*)<<<(.*)>>>\((.*)\);/cpu_launch(\2, [\&] { \1(\3); });/' "$src" >"$out/$name.cc"
	g++ -std=c++20 -O1 -pthread -Wall -Wno-unknown-pragmas -I"$here" -o "$out/$name" "$out/$name.cc"
	echo "$out/$name"
done
