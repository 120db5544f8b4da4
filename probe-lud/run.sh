#!/bin/bash
# Helper lud's probe (issue 22): lud.fut at n=2048 with the trailing
# update's register tile forced (the host's choice shrinks it as the
# region shrinks), -r 20, best and median of -t. Needs apps_run.py's
# /tmp/wa (executables and inputs).
out=${1:-$OUT/probe}
mkdir -p "$out"
exe=/tmp/wa/bin/lud
in=/tmp/wa/lud-0/input.bin
for p in "" "--param main.reg_tile_size_map=8" "--param main.reg_tile_size_map=4" "--param main.reg_tile_size_map=2"; do
  if $exe $p -t /tmp/lud-t -r 20 -p NVIDIA < $in > /dev/null 2> "$out/err.txt"; then
    echo "[$p] best $(sort -n /tmp/lud-t | head -1) median $(sort -n /tmp/lud-t | sed -n 10p)" >> "$out/times.txt"
  else
    echo "[$p] FAILED: $(tail -2 "$out/err.txt")" >> "$out/times.txt"
  fi
done
FCC_DEBUG_CL=1 $exe -P -r 3 -p NVIDIA < $in > /dev/null 2> "$out/profile-default.txt"
