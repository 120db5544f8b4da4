#!/bin/bash
# GPU batch 2 (under 80 s): this build's nw_blocked and lud against
# main's kernels loaded into the same executables (probe-nwg/v0_base.cl,
# probe-nwg/lud_main.cl: same host code), and the hand-edited
# v11_select_int.cl (main's kernel, reads if-converted, 32-bit indices),
# alternating; -r 20, best and median of -t; results compared with the
# embedded program's. Then -P profiles.
#   bash probe-nwg/run2.sh OUTDIR
O=${1:?outdir}; W=${W:-/tmp/wa}; P=${P:-NVIDIA}; R=${R:-20}
mkdir -p "$O"
T=$(mktemp)
stat() { sort -n "$T" | awk '{a[NR]=$1} END {printf "best %d median %d", a[1], a[int((NR+1)/2)]}'; }
run() { # tag exe input ref extra...
  local tag=$1 x=$2 in=$3 ref=$4; shift 4
  if "$x" -b -p "$P" "$@" -t "$T" -r "$R" < "$in" > "$O/out.bin" 2> "$O/err.txt"; then
    cmp -s "$O/out.bin" "$ref" && ok=same || ok=DIFFERENT
    echo "$tag $(stat) result=$ok" | tee -a "$O/times.txt"
  else
    echo "$tag FAILED: $(head -c 400 $O/err.txt)" | tee -a "$O/times.txt"
  fi
}
X=$W/bin/nw_blocked
for k in 0 1; do
  IN=$W/nw-$k/input.bin
  [ -f "$IN" ] || continue
  "$X" -b -p "$P" < "$IN" > "$O/ref-$k.bin"
  if [ $k = 0 ]; then gs="0 256"; else gs="0"; fi
  for g in $gs; do
    pa=(); [ $g = 0 ] || pa=(--param main.group_size_1=$g)
    run "nw-$k embedded g=$g" "$X" "$IN" "$O/ref-$k.bin" "${pa[@]}"
    run "nw-$k v0_base(main) g=$g" "$X" "$IN" "$O/ref-$k.bin" "${pa[@]}" --load-opencl probe-nwg/v0_base.cl
    run "nw-$k v11_select_int g=$g" "$X" "$IN" "$O/ref-$k.bin" "${pa[@]}" --load-opencl probe-nwg/v11_select_int.cl
  done
done
L=$W/bin/lud; IN=$W/lud-0/input.bin
if [ -x "$L" ] && [ -f "$IN" ]; then
  "$L" -b -p "$P" < "$IN" > "$O/lud-ref.bin"
  for rep in 1 2; do
    run "lud-0 embedded rep=$rep" "$L" "$IN" "$O/lud-ref.bin"
    run "lud-0 lud_main rep=$rep" "$L" "$IN" "$O/lud-ref.bin" --load-opencl probe-nwg/lud_main.cl
  done
  FCC_DEBUG_CL=1 "$L" -P -r 3 -p "$P" < "$IN" > /dev/null 2> "$O/profile-lud-embedded.txt"
  FCC_DEBUG_CL=1 "$L" -P -r 3 -p "$P" --load-opencl probe-nwg/lud_main.cl < "$IN" > /dev/null 2> "$O/profile-lud-main.txt"
fi
IN=$W/nw-0/input.bin
FCC_DEBUG_CL=1 "$X" -P -r 3 -p "$P" < "$IN" > /dev/null 2> "$O/profile-nw-embedded.txt"
FCC_DEBUG_CL=1 "$X" -P -r 3 -p "$P" --load-opencl probe-nwg/v0_base.cl < "$IN" > /dev/null 2> "$O/profile-nw-main.txt"
rm -f "$O/out.bin" "$T"
