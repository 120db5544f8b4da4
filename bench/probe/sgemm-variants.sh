#!/usr/bin/env bash
# Times the SGEMM variants of sgemm.cl with sgemmprobe, built beside this
# script in a git-ignored folder that is carried to the GPU machine:
#   mkdir -p .devrun/sgemm && cp bench/probe/sgemm.cl bench/probe/sgemm-variants.sh .devrun/sgemm/
#   gcc -O2 -o .devrun/sgemm/sgemmprobe bench/probe/sgemmprobe.c -lOpenCL -lm
# and there: bash .devrun/sgemm/sgemm-variants.sh.
# N (4096) sets the square size; PLATFORM (NVIDIA) picks the platform; NVOPTS
# (-cl-nv-verbose, so each line shows ptxas registers/spills/smem) is appended
# to every variant; set NVOPTS= and NVONLY=0 on other platforms (NVONLY=0
# drops the variants that use -cl-nv-* options). RUNS overrides the 20 runs.
cd "$(dirname "$0")" || exit 1
NVOPTS=${NVOPTS--cl-nv-verbose}
W="-DWTX=8" # 8x4 work-items per warp (warp tile 32 rows x 64 columns at 8x8)
V=(
	"-DFCC=1"                                   # fcc's emitted tiled2d_map_1_t16r8, verbatim (calibration)
	"-DBM=128 -DBN=128 -DTX=16 -DTY=16 -DBK=8"  # the same design rebuilt from macros (should match FCC)
	"$W"                                        # warp = 8 cols x 4 rows of items: B reads 8 distinct float4 per warp, not 16
	"-DWTX=4"                                   # warp = 4 cols x 8 rows of items
	"$W -DFMA=1"                                # fma() instead of mad()
	"$W -DIDX64=0"                              # int index arithmetic (fewer registers)
	"$W -DBK=16"                                # 16-deep k-slabs: half the barriers, 2 float4 loads per operand
	"$W -DBK=16 -DLDMAP=1"                      # ... with rows-inner copy mapping: conflict-free local stores at BK=16
	"$W -DBK=32 -DDB=0"                         # 32-deep k-slabs, one buffer (34 KB; double-buffered would pass 48 KB)
	"$W -DUNR2=1"                               # slab loop unrolled by 2: constant buffer indices
	"$W -DDB=0"                                 # single local buffer, two barriers per slab
	"$W -DVSTORE=1"                             # float4 stores of C
	"$W -DSWZ=8"                                # L2 grouping: 8 row-blocks walked together
	"$W -DEXACT=1"                              # no clamps/masks (needs BM|n, BN|m, BK|k)
	"$W -DREQD=0"                               # no reqd_work_group_size
	"$W -DPAD=0"                                # unpadded slabs (2-way conflicts on the transposing stores)
	"$W -DPAD=8"                                # 8 floats of padding
	"$W -DSTRIDE=0"                             # contiguous 8 rows/cols per item (4-way-ish conflicts on B reads)
	"-DLDMAP=1"                                 # fcc mapping, rows-inner copy
	"-cl-nv-maxrregcount=128"                   # fcc design capped at 128 registers (2 work-groups of 256 per SM)
	"$W -cl-nv-maxrregcount=128"                # same with 8x4 warps
	"$W -DBN=64"                                # 128x64 tile, 8x4 per item
	"$W -DBM=64"                                # 64x128 tile, 4x8 per item
	"-DBM=64 -DBN=64"                           # 64x64 tile, 4x4 per item (fcc's t16r4 shape)
	"$W -DTX=16 -DTY=8"                         # 128x128 tile, 128 items of 16x8
	"$W -DTX=8 -DTY=16"                         # 128x128 tile, 128 items of 8x16
	"$W -DBM=64 -DTX=16 -DTY=8"                 # 64x128 tile, 128 items of 8x8 (smaller groups, more per SM)
	"$W -DBN=64 -DTX=8 -DTY=16"                 # 128x64 tile, 128 items of 8x8
	"$W -DBM=256"                               # 256x128 tile, 256 items of 16x8
	"$W -DBN=256"                               # 128x256 tile, 256 items of 8x16
	"$W -DTX=16 -DTY=8 -DBK=16 -DIDX64=0"       # 128 items of 16x8, deeper slabs, int indices
	"$W -DBK=16 -DFMA=1 -DIDX64=0 -DVSTORE=1 -DSWZ=8"           # combined guesses
	"$W -DBK=16 -DFMA=1 -DIDX64=0 -DVSTORE=1 -DSWZ=8 -DUNR2=1"  # ... with the slab loop unrolled by 2
	"$W -DBK=16 -DFMA=1 -DIDX64=0 -DVSTORE=1 -DSWZ=8 -DEXACT=1" # ... without clamps/masks
	"$W -DBK=16 -DIDX64=0 -DVSTORE=1 -cl-nv-maxrregcount=128"   # ... capped at 128 registers
	"-DWTX=4 -DBK=16 -DFMA=1 -DIDX64=0 -DVSTORE=1 -DSWZ=8"      # combined, 4x8 warps
	"$W -DBM=64 -DTX=16 -DTY=8 -DBK=16 -DIDX64=0 -DVSTORE=1"    # combined, 64x128 tile of 128 items
)
# Tall-skinny: n=262144, m=128, k=128 (one column of tiles).
T=(
	"-DFCC=1"
	"-DBM=128 -DBN=128 -DTX=16 -DTY=16 -DBK=8"
	"$W"
	"$W -DIDX64=0 -DVSTORE=1"
	"$W -DBK=16 -DIDX64=0 -DVSTORE=1"
	"$W -DBM=64 -DIDX64=0 -DVSTORE=1"           # 4x8 per item, 4096 groups
	"$W -DBM=64 -DTX=16 -DTY=8 -DIDX64=0 -DVSTORE=1"
	"$W -DTX=16 -DTY=8 -DIDX64=0 -DVSTORE=1"
)
add() { # appends NVOPTS; drops -cl-nv-* variants when NVONLY=0
	local out=() v
	for v in "$@"; do
		[[ ${NVONLY:-1} == 0 && $v == *-cl-nv-* ]] && continue
		out+=("$v${NVOPTS:+ $NVOPTS}")
	done
	printf '%s\0' "${out[@]}"
}
mapfile -d '' VV < <(add "${V[@]}")
mapfile -d '' TT < <(add "${T[@]}")
rc=0
./sgemmprobe sgemm.cl "${PLATFORM:-NVIDIA}" ${N:-4096} ${N:-4096} ${N:-4096} "${VV[@]}" || rc=1
./sgemmprobe sgemm.cl "${PLATFORM:-NVIDIA}" ${TSN:-262144} 128 128 "${TT[@]}" || rc=1
exit $rc
