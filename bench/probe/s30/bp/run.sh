#!/bin/bash
# Backprop kernel variants on the GPU: bash probe-bp/run.sh OUTDIR
# (after apps_run.py made /tmp/wa/bin/backprop and /tmp/wa/backprop-0/input.bin).
out=${1:-$OUT}
mkdir -p $out
exe=/tmp/wa/bin/backprop
in=/tmp/wa/backprop-0/input.bin
stat() { sort -n $1 | awk '{a[NR]=$1} END {printf "min %d med %d n %d", a[1], a[int((NR+1)/2)], NR}'; }
run() { # name, options...
  local name=$1; shift
  if $exe -b -r 50 -t /tmp/t -p NVIDIA "$@" < $in > /tmp/o.bin 2>/tmp/e.txt; then
    echo "$name $(stat /tmp/t) out $(md5sum < /tmp/o.bin | cut -c1-8)"
  else
    echo "$name FAILED $(tail -2 /tmp/e.txt)"
  fi
}
{
  for rep in 1 2; do
    for v in base e_all e_red e_w1 e_small e_red_w1 cols1 w1_i32 w1_v4 cols1_w1v4; do
      run $v --load-opencl probe-bp/$v.cl
    done
    run embedded
    for g in 128 512 1024; do run gs$g --default-group-size $g; done
    for n in 264 528 2112; do run ng$n --default-num-groups $n; done
  done
} | tee $out/times.txt
for v in base cols1 w1_i32 w1_v4 e_all; do
  echo "== $v" >> $out/profiles.txt
  FCC_DEBUG_CL=1 $exe -P -r 10 -p NVIDIA --load-opencl probe-bp/$v.cl < $in 2>> $out/profiles.txt > /dev/null
done
