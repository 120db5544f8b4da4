#!/bin/bash
# Helper lud's probe (issue 22): lud.fut at n=2048, -r 20, best and median
# of -t: the trailing update's register tile forced (the host's choice
# shrinks it as the region shrinks), and the kernel variants of gen.py
# (the epilogue's loads of a) loaded with --load-opencl, each checked
# against the embedded program's result. Needs apps_run.py's /tmp/wa.
out=${1:-$OUT/probe}
mkdir -p "$out"
exe=/tmp/wa/bin/lud
in=/tmp/wa/lud-0/input.bin
dir=$(dirname "$0")
$exe --dump-opencl /tmp/lud-v0.cl && python3 "$dir/gen.py" /tmp/lud-v0.cl
$exe -b -p NVIDIA < $in > /tmp/lud-ref.out 2> /dev/null
timed() { # name, options...
  local name=$1; shift
  if $exe "$@" -b -t /tmp/lud-t -r 20 -p NVIDIA < $in > /tmp/lud-v.out 2> "$out/err-$name.txt"; then
    same=$(cmp -s /tmp/lud-v.out /tmp/lud-ref.out && echo same || echo DIFFERENT)
    echo "$name best $(sort -n /tmp/lud-t | head -1) median $(sort -n /tmp/lud-t | sed -n 10p) result $same" >> "$out/times.txt"
  else
    echo "$name FAILED: $(tail -2 "$out/err-$name.txt")" >> "$out/times.txt"
  fi
}
timed default
for r in 8 4 2; do timed reg$r --param main.reg_tile_size_map=$r; done
for v in rowload rowboth preload; do timed $v --load-opencl /tmp/lud-v0_$v.cl; done
timed default-again
for v in "" rowload rowboth; do
  FCC_DEBUG_CL=1 $exe ${v:+--load-opencl /tmp/lud-v0_$v.cl} -P -r 3 -p NVIDIA < $in > /dev/null 2> "$out/profile-${v:-default}.txt"
done
