#!/usr/bin/env bash
# srad's kernel variants (variants.py) timed on the GPU machine, after
# apps_run.py left srad and its input in WORK (default /tmp/wa):
#
#     bash probe-srad/run.sh [WORK] [OUT]
#
# For each variant, 2 rounds: -t over 50 runs (min and median, us) and
# -P over 5 runs (the three loop kernels' mean us). Output checked
# against the unedited kernels' (max abs difference of the text output).
set -uo pipefail
work=${1:-/tmp/wa}
out=${2:-${OUT:-/tmp}}
here=$(cd "$(dirname "$0")" && pwd)
exe=$work/bin/srad
in=$work/srad-0/input.bin
v=$out/variants
mkdir -p "$v"
"$exe" --dump-opencl "$v/dump.cl" </dev/null || exit 1
python3 "$here/variants.py" "$v/dump.cl" "$v" || exit 1
rm -f "$v/dump.cl"
plat=${PLATFORM-NVIDIA}
runs=${RUNS:-50}
res=$out/srad-variants.txt
: >"$res"
# fcc's OpenCL calls and host time per launch (no -P), this build and
# main's (srad_main, where build_base.sh made it), 3 rounds.
# srad with one kernel object per kernel (FCC_KERNEL_COPIES=1) too, and
# the run time (-t, min of 10) beside.
for round in 1 2 3; do
	for e in srad_main srad srad-copies1; do
		x=${e%-copies1}
		[ -x "$work/bin/$x" ] || continue
		copies=2
		[ "$e" = "$x" ] || copies=1
		h=$(FCC_KERNEL_COPIES=$copies FCC_DEBUG_CL=1 "$work/bin/$x" -b -r 10 -t "$out/t" -p "$plat" <"$in" 2>&1 >/dev/null | grep -i "launches")
		echo "round $round $e: min $(sort -n "$out/t" | head -1) us; $h" >>"$res"
	done
done
# VARIANTS=0: only the host times above.
for round in $([ "${VARIANTS:-1}" = 0 ] || echo 1 2); do
	for f in "$v"/*.cl; do
		n=$(basename "$f" .cl)
		"$exe" --load-opencl "$f" -b -r "$runs" -t "$out/t" -p "$plat" <"$in" >"$out/$n.out" 2>"$out/$n.err" || { echo "$n failed: $(head -c 300 "$out/$n.err")" >>"$res"; continue; }
		t=$(sort -n "$out/t" | awk '{a[NR]=$1} END {printf "min %d median %d", a[1], a[int((NR+1)/2)]}')
		p=$("$exe" --load-opencl "$f" -b -r 5 -P -p "$plat" <"$in" 2>&1 >/dev/null | awk '/^seg/ {printf "%s %s ", $1, $4}')
		cmp -s "$out/a_base.out" "$out/$n.out" && same=same || same=differs
		echo "round $round $n: $t us; -P means: $p; output $same" >>"$res"
	done
done
rm -f "$out"/*.out "$out"/*.err "$out/t"
cat "$res"
