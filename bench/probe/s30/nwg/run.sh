#!/bin/bash
# Times nw_blocked's kernel variants (probe-nwg/v*.cl, from gen.py) on the
# executable and inputs apps_run.py left under $W: the embedded program
# and each variant at each group size, -r 20, best and median of -t, the
# result compared with the embedded program's. Then -P profiles of a few.
# The variants come from main's kernels (4532a4b): v0_base.cl is main's
# program, loaded into this build's executable (same kernel arguments).
#   bash probe-nwg/run.sh OUTDIR
O=${1:?outdir}; W=${W:-/tmp/wa}; X=${X:-$W/bin/nw_blocked}; P=${P:-NVIDIA}; R=${R:-20}
mkdir -p "$O"
T=$(mktemp)
stat() { sort -n "$T" | awk '{a[NR]=$1} END {printf "best %d median %d", a[1], a[int((NR+1)/2)]}'; }
for k in 0 1; do
  IN=$W/nw-$k/input.bin
  [ -f "$IN" ] || continue
  "$X" -b -p "$P" < "$IN" > "$O/ref-$k.bin"
  if [ $k = 0 ]; then gs="0 256 64 32"; else gs="0 256"; fi
  for v in embedded probe-nwg/v*.cl; do
    for g in $gs; do
      pa=(); [ $g = 0 ] || pa=(--param main.group_size_1=$g)
      [ $v = embedded ] || pa+=(--load-opencl "$v")
      if "$X" -b -p "$P" "${pa[@]}" -t "$T" -r "$R" < "$IN" > "$O/out.bin" 2> "$O/err.txt"; then
        cmp -s "$O/out.bin" "$O/ref-$k.bin" && ok=same || ok=DIFFERENT
        echo "nw-$k $(basename $v .cl) g=$g $(stat) result=$ok" | tee -a "$O/times.txt"
      else
        echo "nw-$k $(basename $v .cl) g=$g FAILED: $(head -c 600 $O/err.txt)" | tee -a "$O/times.txt"
      fi
    done
  done
done
# LU: this build's kernels against main's (probe-nwg/lud_main.cl, the same
# host code), alternating, -r 20 each.
L=$W/bin/lud; IN=$W/lud-0/input.bin
if [ -x "$L" ] && [ -f "$IN" ]; then
  "$L" -b -p "$P" < "$IN" > "$O/lud-ref.bin"
  for rep in 1 2; do
    for v in embedded probe-nwg/lud_main.cl; do
      pa=(); [ $v = embedded ] || pa=(--load-opencl "$v")
      if "$L" -b -p "$P" "${pa[@]}" -t "$T" -r "$R" < "$IN" > "$O/out.bin" 2> "$O/err.txt"; then
        cmp -s "$O/out.bin" "$O/lud-ref.bin" && ok=same || ok=DIFFERENT
        echo "lud-0 $(basename $v .cl) rep=$rep $(stat) result=$ok" | tee -a "$O/times.txt"
      else
        echo "lud-0 $(basename $v .cl) FAILED: $(head -c 600 $O/err.txt)" | tee -a "$O/times.txt"
      fi
    done
  done
  FCC_DEBUG_CL=1 "$L" -P -r 3 -p "$P" < "$IN" > /dev/null 2> "$O/profile-lud-embedded.txt"
  FCC_DEBUG_CL=1 "$L" -P -r 3 -p "$P" --load-opencl probe-nwg/lud_main.cl < "$IN" > /dev/null 2> "$O/profile-lud-main.txt"
fi
rm -f "$O/out.bin" "$T"
IN=$W/nw-0/input.bin
FCC_DEBUG_CL=1 "$X" -P -r 3 -p "$P" < "$IN" > /dev/null 2> "$O/profile-embedded-g0.txt"
for v in v0_base v3_flat_int v7_flat_int_nochecks_direct v8_all_warp v9_int_nochecks_direct_warp; do
  for g in 0 256; do
    pa=(); [ $g = 0 ] || pa=(--param main.group_size_1=$g)
    FCC_DEBUG_CL=1 "$X" -P -r 3 -p "$P" --load-opencl probe-nwg/$v.cl "${pa[@]}" < "$IN" > /dev/null 2> "$O/profile-$v-g$g.txt"
  done
done
