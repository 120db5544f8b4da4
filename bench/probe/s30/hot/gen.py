#!/usr/bin/env python3
"""Hand-written variants of HotSpot's blocked stencil kernel (issue 22
item 4 probe). Reads an executable's --dump-opencl output, replaces the
body of stencil_loop_26 by a variant and writes the result.

    gen.py IN.cl OUT.cl TR TC K FLAGS [KERNEL]

TR x TC: the tile (rows, columns) the executable was built with, K its
steps per launch. FLAGS, comma-separated, any of:
  pp     two local buffers: one barrier per step, the last step written
         straight to the output (the base has two barriers per step and
         a third pass through local memory at the end)
  i32    32-bit index arithmetic (the base: 64-bit)
  hoist  the power map read once before the steps (the base: every step)
  base   the generated kernel body, only reformatted (control)
"""
import re
import sys

src, dst, TR, TC, K, flags = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
flags = set(flags.split(","))
kname = sys.argv[7] if len(sys.argv) > 7 else "stencil_loop_26"
R = 1
H = R * K
IR, IC = TR - 2 * H, TC - 2 * H
IX = "int" if "i32" in flags else "long"
pp = "pp" in flags
hoist = "hoist" in flags

text = open(src).read()
m = re.search(r"(__kernel void " + kname + r"\(.*?\)\n)\{\n.*?\n\}\n", text, re.S)
if not m:
    sys.exit("no %s in %s" % (kname, src))

L = []
w = L.append
w("{")
nb = 2 if pp else 1
w("  __local float fcc_t[%d][%d];" % (nb, TR * TC))
w("  %s l0 = get_local_id(1), l1 = get_local_id(0);" % IX)
w("  %s b0 = (%s)get_group_id(1) * %d - %d, b1 = (%s)get_group_id(0) * %d - %d;" % (IX, IX, IR, H, IX, IC, H))
w("  %s x0 = b0 + l0, x1 = b1 + l1;" % IX)
w("  %s n0 = (%s)fcc_n0, n1 = (%s)fcc_n1;" % (IX, IX, IX))
w("  %s l = l0 * %d + l1;" % (IX, TC))
w("  bool in = x0 >= 0 && x0 < n0 && x1 >= 0 && x1 < n1;")
pidx = "(%s)v_power_5_o + x0 * (%s)v_power_5_s0 + x1 * (%s)v_power_5_s1" % (IX, IX, IX)
tidx = "(%s)v_temp_78_o + x0 * (%s)v_temp_78_s0 + x1 * (%s)v_temp_78_s1" % (IX, IX, IX)
if hoist:
    w("  float pw = 0.0f;")
    w("  if (in) pw = v_power_5[%s];" % pidx)
w("  if (in) fcc_t[0][l] = v_temp_78[%s];" % tidx)
w("  barrier(CLK_LOCAL_MEM_FENCE);")
w("  #pragma unroll")
w("  for (int k = 0; k < %d; k++) {" % K)
w("    int cur = %s, nxt = %s;" % ("k & 1" if pp else "0", "1 - (k & 1)" if pp else "0"))
w("    bool act = in && l0 >= %d * (k + 1) && l0 < %d - %d * (k + 1) && l1 >= %d * (k + 1) && l1 < %d - %d * (k + 1);" % (R, TR, R, R, TC, R))
w("    float v;")
w("    if (act) {")
w("      %s nn = max(x0 - 1, (%s)0) - b0, ss = min(x0 + 1, (%s)v_x_44) - b0;" % (IX, IX, IX))
w("      %s ww = max(x1 - 1, (%s)0) - b1, ee = min(x1 + 1, (%s)v_x_51) - b1;" % (IX, IX, IX))
w("      float t = fcc_t[cur][l];")
w("      float n = fcc_t[cur][nn * %d + l1], s = fcc_t[cur][ss * %d + l1];" % (TC, TC))
w("      float ww_ = fcc_t[cur][l0 * %d + ww], e = fcc_t[cur][l0 * %d + ee];" % (TC, TC))
w("      float p = %s;" % ("pw" if hoist else "v_power_5[%s]" % pidx))
# Same operation order as the generated body (bit-identical results).
w("      float tt = t * (2.0f);")
w("      v = (((t + v_x_29 * p) + ((s + n) - tt) * v_x_31) + ((e + ww_) - tt) * v_x_30) + ((80.0f) - t) * v_x_32;")
w("    }")
oidx = "x0 * n1 + x1"
if pp:
    w("    if (k == %d) {" % (K - 1))
    w("      if (act) out0[%s] = v;" % oidx)
    w("    } else {")
    w("      if (act) fcc_t[nxt][l] = v;")
    w("      barrier(CLK_LOCAL_MEM_FENCE);")
    w("    }")
    w("  }")
else:
    w("    barrier(CLK_LOCAL_MEM_FENCE);")
    w("    if (act) fcc_t[0][l] = v;")
    w("    barrier(CLK_LOCAL_MEM_FENCE);")
    w("  }")
    w("  if (in && l0 >= %d && l0 < %d && l1 >= %d && l1 < %d) out0[%s] = fcc_t[0][l];" % (H, TR - H, H, TC - H, oidx))
w("}")
body = "\n".join(L) + "\n"
if "base" in flags:
    out = text
else:
    out = text[:m.start()] + m.group(1) + body + text[m.end():]
open(dst, "w").write(out)
