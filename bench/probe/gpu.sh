#!/usr/bin/env bash
# Runs on the GPU machine from the repository root, after bench/probe/build.sh
# here: generates inputs, then times each probed benchmark without and with
# FCC_TRACE, and runs clprobe against the sum kernels. Output goes to $OUT.
set -u
d=.devrun/probe
out=${OUT:-/tmp/probe-out}
mkdir -p "$out" /tmp/probe
plat=${PLATFORM:-NVIDIA}
for f in "$d"/bin/*.gz; do gunzip -kf "$f"; done
chmod +x "$d"/bin/* "$d"/clprobe
python3 "$d/gen.py" /tmp/probe >>"$out/log.txt" 2>&1
timeout 60 "$d/clprobe" "$d/sum-kernels.cl" "$plat" >"$out/clprobe.txt" 2>&1
for spec in $(cat "$d/runs.txt"); do
	IFS=: read -r prog in extra <<<"$spec"
	echo "== $prog $in $extra" >>"$out/times.txt"
	timeout 60 "$d/bin/$prog" $extra -b -p "$plat" -r 10 -t /tmp/probe/t.txt </tmp/probe/"$in" >/tmp/probe/out.bin 2>>"$out/times.txt"
	python3 "$d/check.py" "$prog" /tmp/probe/"$in" /tmp/probe/out.bin >>"$out/times.txt" 2>&1
	sort -n /tmp/probe/t.txt | awk '{a[NR]=$1} END {print "median", a[int((NR+1)/2)], "min", a[1]}' >>"$out/times.txt"
	echo "== $prog $in" >>"$out/trace.txt"
	FCC_TRACE=1 timeout 60 "$d/bin/$prog" $extra -b -p "$plat" -r 3 -t /dev/null </tmp/probe/"$in" 2>&1 >/dev/null | tail -40 >>"$out/trace.txt"
	timeout 60 "$d/bin/$prog" $extra -b -p "$plat" -r 10 -P </tmp/probe/"$in" 2>&1 >/dev/null | tail -12 >>"$out/profile.txt"
done
