#!/usr/bin/env bash
# HotSpot stencil probe (issue 22 item 4), on the GPU machine after
#   python3 .devrun/bench-apps/apps_run.py --out $OUT/a --work /tmp/wa --frameworks '' --only hotspot,pathfinder
# Usage: bash probe-hot/run.sh OUTDIR
# Times every kernel variant of probe-hot/gen.py on each executable
# ($wa/bin/hotspot: the 16x16 tile, 2 steps a launch; probe-hot/bin/
# hotspot_tR_C_K.gz: R x C tiles, K steps a launch), -r 10, 1024^2 x 1000.
set -u
plat=${PLATFORM:-NVIDIA}
wa=${WA:-/tmp/wa}
out=$1
mkdir -p "$out" /tmp/hp
in=$wa/hotspot-0/input.bin
here=$(cd "$(dirname "$0")" && pwd)
cp $wa/bin/hotspot /tmp/hp/hotspot_t16_16_2
for g in "$here"/bin/*.gz; do gunzip -c "$g" >/tmp/hp/$(basename "$g" .gz); chmod +x /tmp/hp/$(basename "$g" .gz); done
ref=/tmp/hp/ref.out
/tmp/hp/hotspot_t16_16_2 -b -p "$plat" <"$in" >"$ref"
# The plain loop (one launch a step) for reference.
/tmp/hp/hotspot_t16_16_2 -b -p "$plat" -t /tmp/hp/t -r 10 --param main.stencil_loop_26=1000000000000 <"$in" >/dev/null
echo "plain-loop $(sort -n /tmp/hp/t | head -1) $(sort -n /tmp/hp/t | sed -n 5p)" | tee -a "$out/times.txt"
# Executables of this branch's compiler (hotspot_c*, pathfinder_c) against
# the build's, in turns, -r 20 (pathfinder: -r 200).
for round in 1 2; do
	for e in /tmp/hp/hotspot_c* "$wa/bin/hotspot"; do
		[ -x "$e" ] || continue
		"$e" -b -p "$plat" -t /tmp/hp/t -r 20 <"$in" >/tmp/hp/v.out 2>/tmp/hp/err
		ok=$(cmp -s /tmp/hp/v.out "$ref" && echo same || echo DIFFERENT)
		echo "round$round $e min $(sort -n /tmp/hp/t | head -1) median $(sort -n /tmp/hp/t | sed -n 10p) $ok $(head -c 300 /tmp/hp/err)" | tee -a "$out/times.txt"
	done
	for e in /tmp/hp/pathfinder_c "$wa/bin/pathfinder"; do
		[ -x "$e" ] || continue
		"$e" -b -p "$plat" -t /tmp/hp/t -r 200 <"$wa/pathfinder-0/input.bin" >/tmp/hp/v.out 2>/tmp/hp/err
		echo "round$round $e min $(sort -n /tmp/hp/t | head -1) median $(sort -n /tmp/hp/t | sed -n 100p) $(md5sum </tmp/hp/v.out | head -c 8) $(head -c 300 /tmp/hp/err)" | tee -a "$out/times.txt"
	done
done
for e in /tmp/hp/hotspot_c*; do
	[ -x "$e" ] && "$e" -P -r 3 -p "$plat" <"$in" 2>"$out/profile-$(basename "$e").txt" >/dev/null
done
for e in /tmp/hp/hotspot_t*; do
	n=$(basename "$e")
	tr=${n#hotspot_t}; tr=${tr%%_*}
	rest=${n#hotspot_t*_}; tc=${rest%%_*}; k=${rest#*_}
	"$e" --dump-opencl /tmp/hp/$n.cl </dev/null
	for fl in base pp i32 hoist pp,i32 pp,i32,hoist; do
		v=/tmp/hp/$n-${fl//,/+}.cl
		python3 "$here/gen.py" /tmp/hp/$n.cl "$v" "$tr" "$tc" "$k" "$fl" || continue
		rm -f /tmp/hp/t
		"$e" -b -p "$plat" --load-opencl "$v" -t /tmp/hp/t -r 10 <"$in" >/tmp/hp/v.out 2>/tmp/hp/err
		ok=$(cmp -s /tmp/hp/v.out "$ref" && echo same || echo DIFFERENT)
		echo "$n $fl min $(sort -n /tmp/hp/t | head -1) median $(sort -n /tmp/hp/t | sed -n 5p) $ok $(head -c 300 /tmp/hp/err)" | tee -a "$out/times.txt"
	done
	# Per-kernel time and registers of the full variant.
	"$e" -P -r 3 -p "$plat" --load-opencl /tmp/hp/$n-pp+i32+hoist.cl <"$in" 2>"$out/profile-$n.txt" >/dev/null
done
