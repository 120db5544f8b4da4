#!/usr/bin/env bash
# Registers of fcc's map kernels, and SRAD timed against another build.
# Below 4194304 points a streaming map kernel runs one point per
# work-item, but before the back end emitted NAME_one for that case the
# kernel launched held the four-points-per-work-item path too, and
# NVIDIA allocates a kernel the registers of its largest path. Prints
# each kernel's registers (cllog.c, -cl-nv-verbose: NAME against
# NAME_one) of every executable in WORK/bin it is given, and times
# WORK/bin/srad against WORK/bin/srad_main (main's build, where present)
# at the tier's size, alternating, 3 rounds, results compared.
#
# Run on the GPU machine after apps_run.py left its executables and
# inputs in WORK (default /tmp/wa):
#
#     bash bench/probe/srad_regs.sh [WORK] [OUT]
set -uo pipefail
work=${1:-/tmp/wa}
out=${2:-${OUT:-/tmp}}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/cllog" "$here/cllog.c" -lOpenCL || exit 1
opts="-cl-nv-verbose -DFCC_IX32 -DFCC_NVIDIA_PTX"
for app in srad srad_main bfs bfs_frontier; do
	exe=$work/bin/$app
	[ -x "$exe" ] || continue
	"$exe" --dump-opencl "$tmp/$app.cl" </dev/null
	echo "== registers: $app"
	"$tmp/cllog" "$tmp/$app.cl" NVIDIA "$tmp/$app.ptx" "$opts" | grep -E "Compiling entry|Used [0-9]+ registers" | paste - - |
		sed -E "s/.*entry function '([^']*)'.*Used ([0-9]+) registers.*/\1 \2/"
done | tee "$out/srad-regs.txt"
in=$work/srad-0/input.bin
if [ -f "$in" ] && [ -x "$work/bin/srad" ] && [ -x "$work/bin/srad_main" ]; then
	for round in 1 2 3; do
		for v in srad_main srad; do
			"$work/bin/$v" -b -r 10 -t "$tmp/t" -p NVIDIA <"$in" >"$tmp/$v.out" || echo "$v failed"
			echo "round $round $v: $(sort -n "$tmp/t" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') us (median of 10)"
		done
		cmp -s "$tmp/srad.out" "$tmp/srad_main.out" && echo "  results identical" || echo "  RESULTS DIFFER"
	done | tee -a "$out/srad-regs.txt"
fi
