#!/usr/bin/env bash
# HotSpot stencil probe, batch 2 (issue 22 item 4), on the GPU machine after
#   python3 .devrun/bench-apps/apps_run.py --out $OUT/a --work /tmp/wa --frameworks '' --profile --only hotspot,pathfinder
# Usage: bash probe-hot/run2.sh OUTDIR
# /tmp/wa/bin/{hotspot,pathfinder}: this branch (HotSpot's wide version,
# 32 x 32 tiles of 4 steps, taken first). probe-hot/bin2/*.gz: main's
# executables (*_main), single-version tile/steps variants (hotspot_tR_C_K)
# and the suite's hotspot (bench/programs, 4096^2 x 100) of main and of
# this branch without the blocked versions' max_cells (suite_nomax).
set -u
plat=${PLATFORM:-NVIDIA}
wa=${WA:-/tmp/wa}
out=$1
mkdir -p "$out" /tmp/hp2
here=$(cd "$(dirname "$0")" && pwd)
in=$wa/hotspot-0/input.bin
pin=$wa/pathfinder-0/input.bin
for g in "$here"/bin2/*.gz; do
	n=$(basename "$g" .gz)
	gunzip -c "$g" >/tmp/hp2/$n
	chmod +x /tmp/hp2/$n
done
ref=/tmp/hp2/ref.out
/tmp/hp2/hotspot_main -b -p "$plat" <"$in" >"$ref"
t() { # t LABEL RUNS EXE ARGS... <INPUT: one line of min and median us
	local label=$1 runs=$2
	shift 2
	rm -f /tmp/hp2/t
	"$@" -b -p "$plat" -t /tmp/hp2/t -r "$runs" >/tmp/hp2/v.out 2>/tmp/hp2/err
	echo "$label min $(sort -n /tmp/hp2/t | head -1) median $(sort -n /tmp/hp2/t | sed -n "$((runs / 2))p") out $(md5sum </tmp/hp2/v.out | head -c 8) $(head -c 300 /tmp/hp2/err)" | tee -a "$out/times.txt"
}
echo "reference (main) hotspot output $(md5sum <"$ref" | head -c 8)" | tee -a "$out/times.txt"
# 1. This branch against main, in turns.
for round in 1 2 3; do
	t "r$round hotspot-branch" 20 "$wa/bin/hotspot" <"$in"
	t "r$round hotspot-main" 20 /tmp/hp2/hotspot_main <"$in"
	t "r$round pathfinder-branch" 200 "$wa/bin/pathfinder" <"$pin"
	t "r$round pathfinder-main" 200 /tmp/hp2/pathfinder_main <"$pin"
done
# The branch's other versions: the 16 x 16 one, the plain loop.
t "hotspot-branch 16x16 K=2" 10 "$wa/bin/hotspot" --param main.stencil_loop_26_wide=1000000000000 <"$in"
t "hotspot-branch plain" 10 "$wa/bin/hotspot" --param main.stencil_loop_26_wide=1000000000000 --param main.stencil_loop_26=1000000000000 <"$in"
# 2. Tiles and steps a launch (one version each).
for e in /tmp/hp2/hotspot_t*; do
	t "$(basename "$e")" 10 "$e" <"$in"
done
# Pathfinder's 1-D tiles and steps a launch (pathfinder_tW_K), in turns
# with the branch's default (256 cells, 16 steps).
for round in 1 2; do
	for e in /tmp/hp2/pathfinder_t* "$wa/bin/pathfinder"; do
		t "p$round $(basename "$e")" 200 "$e" <"$pin"
	done
done
# 3. The wide kernel with 32-bit index arithmetic throughout (hand-written).
"$wa/bin/hotspot" --dump-opencl /tmp/hp2/branch.cl </dev/null
python3 "$here/gen.py" /tmp/hp2/branch.cl /tmp/hp2/wide-i32.cl 32 32 4 pp,i32,hoist stencil_loop_26_wide &&
	t "hotspot-branch wide, hand i32" 10 "$wa/bin/hotspot" --load-opencl /tmp/hp2/wide-i32.cl <"$in"
# 4. The suite's hotspot, 4096^2 x 100: main (plain loop), this branch's
# versions without max_cells.
SUITE_N=${SUITE_N:-4096} PYTHONPATH="$(dirname "$here")/.devrun/bench-apps/baselines:$(dirname "$here")/bench/baselines" python3 - <<'EOF'
import os, numpy as np, futdata
n = int(os.environ["SUITE_N"])
rng = np.random.default_rng(7)
t = (300 + 20 * rng.random((n, n))).astype(np.float32)
p = (1e-3 * rng.random((n, n))).astype(np.float32)
futdata.write_values("/tmp/hp2/suite.in", [np.int32(100), t, p])
EOF
s=/tmp/hp2/suite.in
t "suite-main" 5 /tmp/hp2/suite_main <"$s"
t "suite-nomax wide" 5 /tmp/hp2/suite_nomax <"$s"
t "suite-nomax 16x16" 5 /tmp/hp2/suite_nomax --param main.stencil_loop_28_wide=1000000000000 <"$s"
t "suite-nomax plain" 5 /tmp/hp2/suite_nomax --param main.stencil_loop_28_wide=1000000000000 --param main.stencil_loop_28=1000000000000 <"$s"
# 5. Profiles of this branch.
"$wa/bin/hotspot" -P -r 3 -p "$plat" <"$in" 2>"$out/profile-hotspot-branch.txt" >/dev/null
FCC_DEBUG_CL=1 "$wa/bin/pathfinder" -P -r 3 -p "$plat" <"$pin" 2>"$out/profile-pathfinder-branch.txt" >/dev/null
