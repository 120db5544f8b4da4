#!/usr/bin/env bash
# The floor under fcc's host time per launch (issue 22 item 3).
#
#   bash bench/probe/launch_floor.sh build   # here: fcc builds launches.fut
#   BASE=COMMIT bash bench/probe/launch_floor.sh build   # and at COMMIT too
#   bash bench/probe/launch_floor.sh run     # on the GPU machine, after build
#
# run compiles launch_floor.c (gcc -lOpenCL) and launch_floor_cuda.cu (nvcc,
# when there is one), runs them, then runs the launches probe (a host loop
# of 10000 maps) with FCC_DEBUG_CL=1, which prints fcc's host time per
# launch. Results go to $OUT (default /tmp/launch-floor-out).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
d=.devrun/launch-floor
plat=${PLATFORM:-NVIDIA}
n=${LAUNCHES:-10000}
case "${1:-}" in
build)
	set -e
	rm -rf "$d" && mkdir -p "$d"
	go build -o "$d/fcc" ./cmd/fcc
	"$d/fcc" build bench/probe/launches.fut -o "$d/launches"
	rm -f "$d/fcc"
	if [ -n "${BASE:-}" ]; then
		# The same probe built by fcc at BASE, to compare on one machine.
		tmp=$(mktemp -d)
		git worktree add -q --detach "$tmp/src" "$BASE"
		(cd "$tmp/src" && go build -o "$tmp/fcc" ./cmd/fcc && "$tmp/fcc" build bench/probe/launches.fut -o "$root/$d/launches-base")
		git worktree remove --force "$tmp/src" && rm -rf "$tmp"
	fi
	du -sh "$d"
	;;
run)
	out=${OUT:-/tmp/launch-floor-out}
	mkdir -p "$out" "$d"
	gcc -O2 -o "$d/launch_floor" bench/probe/launch_floor.c -lOpenCL &&
		timeout 120 "$d/launch_floor" "$plat" "$n" >"$out/launch_floor.txt" 2>&1
	if command -v nvcc >/dev/null; then
		nvcc -O2 -o "$d/launch_floor_cuda" bench/probe/launch_floor_cuda.cu &&
			timeout 120 "$d/launch_floor_cuda" "$n" >"$out/launch_floor_cuda.txt" 2>&1
	fi
	for exe in launches-base launches; do
		[ -x "$d/$exe" ] || continue
		# The flat version, one launch per iteration: where the loop fits
		# a work-group (n=1024 on a GPU) fcc would run it as one kernel
		# of the intra-group version instead.
		params=$("$d/$exe" --print-params | awk '/suff_intra_par/ {printf "--param %s=9223372036854775807 ", $1}')
		for i in 1 2 3; do
			echo "== $exe $i" >>"$out/launches.txt"
			echo "1024i64 ${n}i64" | FCC_DEBUG_CL=1 timeout 120 "$d/$exe" -p "$plat" -r 10 -t "$out/times.txt" $params >/dev/null 2>>"$out/launches.txt"
			sort -n "$out/times.txt" | awk -v n="$n" '{a[NR]=$1} END {printf "run time per iteration: median %.2f us, min %.2f us\n", a[int((NR+1)/2)]/n, a[1]/n}' >>"$out/launches.txt"
		done
	done
	rm -f "$out/times.txt"
	cat "$out/launch_floor.txt" "$out/launches.txt"; [ -f "$out/launch_floor_cuda.txt" ] && cat "$out/launch_floor_cuda.txt"
	;;
*)
	echo "usage: launch_floor.sh build|run" >&2
	exit 2
	;;
esac
