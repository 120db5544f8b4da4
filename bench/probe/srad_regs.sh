#!/usr/bin/env bash
# Does the four-points-per-work-item path of fcc's map kernels cost SRAD
# occupancy where it never runs? Below 4194304 points a map kernel runs
# one point per work-item (its else branch), but the kernel holds the
# four-point branch too, and NVIDIA allocates registers for the larger
# one. Prints each kernel's registers (cllog.c, -cl-nv-verbose) for
# fcc's kernels as generated and with the four-point branch cut
# (`if (0)`), and times srad at the tier's size with each
# (--load-opencl; results compared).
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
for app in srad bfs bfs_frontier; do
	exe=$work/bin/$app
	[ -x "$exe" ] || continue
	"$exe" --dump-opencl "$tmp/$app.cl" </dev/null
	sed 's/if (fcc_base + 3 \* fcc_gsize < [^{]*) {/if (0) {/' "$tmp/$app.cl" >"$tmp/$app-one.cl"
	for v in "$app" "$app-one"; do
		echo "== registers: $v"
		"$tmp/cllog" "$tmp/$v.cl" NVIDIA "$tmp/$v.ptx" "$opts" | grep -E "Compiling entry|Used [0-9]+ registers" | paste - - |
			sed -E "s/.*entry function '([^']*)'.*Used ([0-9]+) registers.*/\1 \2/"
	done
done | tee "$out/srad-regs.txt"
in=$work/srad-0/input.bin
exe=$work/bin/srad
if [ -f "$in" ] && [ -x "$exe" ]; then
	for round in 1 2 3; do
		for v in srad srad-one; do
			"$exe" -b -r 10 -t "$tmp/t" -p NVIDIA --load-opencl "$tmp/$v.cl" <"$in" >"$tmp/$v.out" || echo "$v failed"
			echo "round $round $v: $(sort -n "$tmp/t" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') us (median of 10)"
		done
		cmp -s "$tmp/srad.out" "$tmp/srad-one.out" && echo "  results identical" || echo "  RESULTS DIFFER"
	done | tee -a "$out/srad-regs.txt"
fi
